//! Blackjack's benches. No card is ever dragged in Blackjack (it is played
//! with its buttons), so the "drag frame" is a pointer move over the table
//! (the game answers with the pointer's shape over a button) and the frame
//! drawn, through the C ABI as the launcher's game process does it. The
//! computer's turn is the dealer's: a click on Stand through the ABI, in
//! which the dealer draws to 17 and the hand is settled, with its frame;
//! and the same turn at the rules' level.

use blackjack::rules::{Move, Round};
use criterion::{Criterion, criterion_group, criterion_main};
use game_api::host::{GameLibrary, NoServices};
use game_api::{Event, Point, RecordingPainter};

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
    let mut game = GameLibrary::from_static(&blackjack::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    game.layout(Point::new(1280.0, 720.0)).unwrap();
    game.start_from_game_id(&dealer_draws()).unwrap();
    let regions = game.regions().unwrap();
    let stand = regions
        .iter()
        .find(|r| r.label == "Stand button")
        .unwrap()
        .center();
    let mut x = 0.0;
    c.bench_function("pointer move and frame", |b| {
        b.iter(|| {
            x = (x + 7.0) % 600.0;
            let pos = Point::new(stand.x - 300.0 + x, stand.y);
            game.handle_event(&Event::PointerMove { pos }).unwrap();
            let mut p = RecordingPainter::new();
            game.draw(&mut p).unwrap();
            p.shapes.len()
        })
    });
    let opening = game.save().unwrap();
    c.bench_function("dealer's turn (Stand clicked, settled, frame)", |b| {
        b.iter(|| {
            game.load(&opening).unwrap();
            game.handle_event(&Event::press(stand)).unwrap();
            game.handle_event(&Event::release(stand)).unwrap();
            let mut p = RecordingPainter::new();
            game.draw(&mut p).unwrap();
            p.shapes.len()
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
