//! Spider's benches: a drag frame through the C ABI as the launcher's game
//! process does it (a pointer move with a sequence held, then the frame
//! drawn), and the hint's search, the nearest thing Spider has to a
//! computer player's turn, in a position well into a game.

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::{Event, Point};
use game_test::play;
use spider::hint::{Player, hint};
use spider::rules::{Move, Spider, Suits};

fn drag_frame(c: &mut Criterion) {
    let mut game = play::start_at(&spider::GAME_TABLE, Point::new(1280.0, 720.0));
    game.start_from_game_id("2:1").unwrap();
    // Deal three rows, so the columns are long, then pick a top card up.
    let deck = play::center_of(&mut game, |l| l.contains("top of deck"));
    for _ in 0..3 {
        play::click(&mut game, deck);
    }
    play::ticks(&mut game, 30);
    let top = play::center_of(&mut game, |l| l.ends_with("top of column 5"));
    play::send(&mut game, Event::press(top));
    let mut frame = play::pointer_sweep(&mut game, Point::new(top.x - 300.0, top.y + 40.0));
    c.bench_function("drag frame (move and draw)", |b| b.iter(&mut frame));
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
