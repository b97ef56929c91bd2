//! Aces' benches: a drag frame through the C ABI as the launcher's game
//! process does it (a pointer move with a card held, then the frame
//! drawn), and the simple player's move (Aces has no computer player; the
//! nearest thing is the tests' player).

use aces::rules::{Aces, Move, simple_move};
use criterion::{Criterion, criterion_group, criterion_main};
use game_api::host::{GameLibrary, NoServices};
use game_api::{Event, Point, RecordingPainter};

fn drag_frame(c: &mut Criterion) {
    let mut game = GameLibrary::from_static(&aces::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    game.layout(Point::new(1280.0, 720.0)).unwrap();
    game.start_from_game_id("1").unwrap();
    // Deal four rows, so the stacks are long, then pick a top card up.
    let deck = game
        .regions()
        .unwrap()
        .into_iter()
        .find(|r| r.label.contains("top of deck"))
        .unwrap()
        .center();
    for _ in 0..4 {
        game.handle_event(&Event::press(deck)).unwrap();
        game.handle_event(&Event::release(deck)).unwrap();
    }
    for _ in 0..30 {
        game.handle_event(&Event::Tick { dt: 0.016 }).unwrap();
    }
    let top = game
        .regions()
        .unwrap()
        .into_iter()
        .find(|r| r.label.ends_with("top of stack 2"))
        .unwrap()
        .center();
    game.handle_event(&Event::press(top)).unwrap();
    let mut x = 0.0;
    c.bench_function("drag frame (move and draw)", |b| {
        b.iter(|| {
            x = (x + 7.0) % 600.0;
            let pos = Point::new(top.x - 300.0 + x, top.y + 40.0);
            game.handle_event(&Event::PointerMove { pos }).unwrap();
            let mut p = RecordingPainter::new();
            game.draw(&mut p).unwrap();
            p.shapes.len()
        })
    });
}

fn player(c: &mut Criterion) {
    let mut game = Aces::deal(17);
    for _ in 0..20 {
        match simple_move(&game) {
            Some(mv) => game.play(mv).unwrap(),
            None => break,
        }
    }
    c.bench_function("simple player's move", |b| {
        b.iter(|| simple_move(std::hint::black_box(&game)).unwrap_or(Move::Deal))
    });
}

criterion_group!(benches, drag_frame, player);
criterion_main!(benches);
