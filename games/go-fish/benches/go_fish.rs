//! Go Fish's benches: a drag frame through the C ABI as the launcher's
//! game process does it (a pointer move with a card of your hand held,
//! then the frame drawn), and the computer players' turns: all the steps
//! the rules play after your move passes the turn (what the window then
//! shows across ticks), and one computer step.

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::host::{GameLibrary, NoServices};
use game_api::{Event, Point, RecordingPainter};
use go_fish::rules::{GoFish, MatchSize, Move, Phase, YOU};

fn drag_frame(c: &mut Criterion) {
    let mut game = GameLibrary::from_static(&go_fish::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    game.layout(Point::new(1280.0, 720.0)).unwrap();
    game.start_from_game_id("pairs:1").unwrap();
    let card = game
        .regions()
        .unwrap()
        .into_iter()
        .find(|r| r.label.ends_with("top of your hand"))
        .unwrap()
        .center();
    game.handle_event(&Event::press(card)).unwrap();
    let mut x = 0.0;
    c.bench_function("drag frame (move and draw)", |b| {
        b.iter(|| {
            x = (x + 7.0) % 600.0;
            let pos = Point::new(card.x + x, card.y - 200.0);
            game.handle_event(&Event::PointerMove { pos }).unwrap();
            let mut p = RecordingPainter::new();
            game.draw(&mut p).unwrap();
            p.shapes.len()
        })
    });
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
