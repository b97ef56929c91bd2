//! Go Fish's benches: a drag frame through the C ABI as the launcher's
//! game process does it (a pointer move with a card of your hand held,
//! then the frame drawn), and the computer players' turns: all the steps
//! the rules play after your move passes the turn (what the window then
//! shows across ticks), and one computer step.

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::{Event, Point};
use game_test::play;
use go_fish::rules::{GoFish, MatchSize, Move, Phase, YOU};

fn drag_frame(c: &mut Criterion) {
    let mut game = play::start_at(&go_fish::GAME_TABLE, Point::new(1280.0, 720.0));
    game.start_from_game_id("pairs:1").unwrap();
    let card = play::center_of(&mut game, |l| l.ends_with("top of your hand"));
    play::send(&mut game, Event::press(card));
    let mut frame = play::pointer_sweep(&mut game, Point::new(card.x, card.y - 200.0));
    c.bench_function("drag frame (move and draw)", |b| b.iter(&mut frame));
}

/// A position where your move passes the turn to the computers: the ask
/// and the draw that follows it.
fn passing() -> (GoFish, Move) {
    (1..500)
        .find_map(|s| {
            let mut g = GoFish::deal(MatchSize::Pairs, s);
            let card = g.hands[YOU][0];
            g.play(Move::Ask { target: 1, card }).ok()?;
            (g.phase == Phase::Fishing).then_some(())?;
            let mut t = g.clone();
            t.play(Move::Draw).ok()?;
            t.computer_to_play().then_some((g, Move::Draw))
        })
        .unwrap()
}

fn computer_turn(c: &mut Criterion) {
    let (game, mv) = passing();
    c.bench_function("computers' turns after your move (all steps)", |b| {
        b.iter(|| {
            let mut g = std::hint::black_box(&game).clone();
            g.play(mv).unwrap();
            let mut steps = 0;
            while g.computer_to_play() {
                g.computer_step();
                steps += 1;
            }
            steps
        })
    });
    let mut after = game.clone();
    after.play(mv).unwrap();
    c.bench_function("one computer step", |b| {
        b.iter(|| {
            let mut g = std::hint::black_box(&after).clone();
            g.computer_step()
        })
    });
}

criterion_group!(benches, drag_frame, computer_turn);
criterion_main!(benches);
