//! Spider's benches: a drag frame through the C ABI as the launcher's game
//! process does it (a pointer move with a sequence held, then the frame
//! drawn), and the hint's search, the nearest thing Spider has to a
//! computer player's turn, in a position well into a game.

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::host::{GameLibrary, NoServices};
use game_api::{Event, Point, RecordingPainter};
use spider::hint::{Player, hint};
use spider::rules::{Move, Spider, Suits};

fn drag_frame(c: &mut Criterion) {
    let mut game = GameLibrary::from_static(&spider::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    game.layout(Point::new(1280.0, 720.0)).unwrap();
    game.start_from_game_id("2:1").unwrap();
    // Deal three rows, so the columns are long, then pick a top card up.
    let deck = game
        .regions()
        .unwrap()
        .into_iter()
        .find(|r| r.label.contains("top of deck"))
        .unwrap()
        .center();
    for _ in 0..3 {
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
        .find(|r| r.label.ends_with("top of column 5"))
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

fn hint_search(c: &mut Criterion) {
    // Forty moves of the simple player into a four-suit deal.
    let mut game = Spider::deal(Suits::Four, 17);
    let mut player = Player::new();
    for _ in 0..40 {
        match player.next(&game) {
            Some(mv) => {
                game.play(mv).unwrap();
            }
            None => break,
        }
    }
    c.bench_function("hint (the player's turn)", |b| {
        b.iter(|| hint(std::hint::black_box(&game)))
    });
    c.bench_function("simple player's move (no repeats)", |b| {
        b.iter(|| {
            let mut p = Player::new();
            p.next(std::hint::black_box(&game)).unwrap_or(Move::Deal)
        })
    });
}

criterion_group!(benches, drag_frame, hint_search);
criterion_main!(benches);
