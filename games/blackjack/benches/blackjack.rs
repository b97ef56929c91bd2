//! Blackjack's benches. No card is ever dragged in Blackjack (it is played
//! with its buttons), so the "drag frame" is a pointer move over the table
//! (the game answers with the pointer's shape over a button) and the frame
//! drawn, through the C ABI as the launcher's game process does it. The
//! computer's turn is the dealer's: a click on Stand through the ABI, in
//! which the dealer draws to 17 and the hand is settled, with its frame;
//! and the same turn at the rules' level.

use blackjack::rules::{Move, Round};
use criterion::{Criterion, criterion_group, criterion_main};
use game_api::Point;
use game_test::play;

/// A round the dealer must draw to (under 17 showing both cards).
fn dealer_draws() -> String {
    (1..500)
        .map(|seed| format!("{seed}-0"))
        .find(|id| {
            let (seed, start) = blackjack::save::parse_game_id(id).unwrap();
            let r = Round::deal(seed, start, 100);
            !r.is_settled() && r.dealer_total() < 17
        })
        .unwrap()
}

fn frames(c: &mut Criterion) {
    let mut game = play::start_at(&blackjack::GAME_TABLE, Point::new(1280.0, 720.0));
    game.start_from_game_id(&dealer_draws()).unwrap();
    let stand = play::center_of(&mut game, |l| l == "Stand button");
    let mut frame = play::pointer_sweep(&mut game, Point::new(stand.x - 300.0, stand.y));
    c.bench_function("pointer move and frame", |b| b.iter(&mut frame));
    drop(frame);
    let opening = game.save().unwrap();
    c.bench_function("dealer's turn (Stand clicked, settled, frame)", |b| {
        b.iter(|| {
            game.load(&opening).unwrap();
            play::click(&mut game, stand);
            play::shapes_drawn(&mut game)
        })
    });
}

fn dealer_rules(c: &mut Criterion) {
    let (seed, start) = blackjack::save::parse_game_id(&dealer_draws()).unwrap();
    let round = Round::deal(seed, start, 100);
    c.bench_function("dealer's turn (rules only)", |b| {
        b.iter(|| {
            let mut r = std::hint::black_box(&round).clone();
            r.play(Move::Stand).unwrap();
            r.money
        })
    });
}

criterion_group!(benches, frames, dealer_rules);
criterion_main!(benches);
