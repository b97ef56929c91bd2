//! Rummy's benches: a drag frame through the C ABI as the launcher's game
//! process does it (a pointer move with the deck's top card held, then the
//! frame drawn), and the computer player's turn (its draw and its discard,
//! each weighing every card with the meld finder).

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::{Event, Point};
use game_test::play;
use rummy::rules::{Move, Rummy, YOU};

fn drag_frame(c: &mut Criterion) {
    let mut game = play::start_at(&rummy::GAME_TABLE, Point::new(1280.0, 720.0));
    let seed = (1..100).find(|&s| !Rummy::deal(s).over()).unwrap();
    game.start_from_game_id(&seed.to_string()).unwrap();
    let deck = play::center_of(&mut game, |l| l.contains("top of deck"));
    play::send(&mut game, Event::press(deck));
    let mut frame = play::pointer_sweep(&mut game, Point::new(deck.x - 300.0, deck.y + 150.0));
    c.bench_function("drag frame (move and draw)", |b| b.iter(&mut frame));
}

fn computer_turn(c: &mut Criterion) {
    let seed = (1..100).find(|&s| !Rummy::deal(s).over()).unwrap();
    let mut game = Rummy::deal(seed);
    game.play(Move::DrawStock).unwrap();
    let card = game.hands[YOU][0];
    game.play(Move::Discard(card)).unwrap();
    c.bench_function("computer player's turn (draw and discard)", |b| {
        b.iter(|| {
            let mut g = std::hint::black_box(&game).clone();
            while g.computer_to_play() {
                g.computer_step();
            }
            g.phase
        })
    });
}

criterion_group!(benches, drag_frame, computer_turn);
criterion_main!(benches);
