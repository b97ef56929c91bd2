//! Aces' benches: a drag frame through the C ABI as the launcher's game
//! process does it (a pointer move with a card held, then the frame
//! drawn), and the simple player's move (Aces has no computer player; the
//! nearest thing is the tests' player).

use aces::rules::{Aces, Move, simple_move};
use criterion::{Criterion, criterion_group, criterion_main};
use game_api::{Event, Point};
use game_test::play;

fn drag_frame(c: &mut Criterion) {
    let mut game = play::start_at(&aces::GAME_TABLE, Point::new(1280.0, 720.0));
    game.start_from_game_id("1").unwrap();
    // Deal four rows, so the stacks are long, then pick a top card up.
    let deck = play::center_of(&mut game, |l| l.contains("top of deck"));
    for _ in 0..4 {
        play::click(&mut game, deck);
    }
    play::ticks(&mut game, 30);
    let top = play::center_of(&mut game, |l| l.ends_with("top of stack 2"));
    play::send(&mut game, Event::press(top));
    let mut frame = play::pointer_sweep(&mut game, Point::new(top.x - 300.0, top.y + 40.0));
    c.bench_function("drag frame (move and draw)", |b| b.iter(&mut frame));
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
