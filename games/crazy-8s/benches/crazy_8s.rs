//! Crazy 8s' benches: a drag frame through the C ABI as the launcher's
//! game process does it (a pointer move with a card of your hand held in
//! drag mode, then the frame drawn), and the computer opponent's turn, at
//! the rules' level and through the ABI (the tick that plays it, and its
//! frame).

use crazy_8s::game::OPPONENT_SECONDS;
use crazy_8s::rules::{Action, Crazy8s, Options, Turn};
use criterion::{Criterion, criterion_group, criterion_main};
use game_api::host::{GameLibrary, NoServices};
use game_api::{Event, Point, RecordingPainter};

fn drag_frame(c: &mut Criterion) {
    let mut game = GameLibrary::from_static(&crazy_8s::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    game.layout(Point::new(1280.0, 720.0)).unwrap();
    game.invoke_action("mode", "Drag").unwrap();
    game.start_from_game_id("3x7:1").unwrap();
    let top = game
        .regions()
        .unwrap()
        .into_iter()
        .find(|r| r.label.contains("top of your hand"))
        .unwrap()
        .center();
    game.handle_event(&Event::press(top)).unwrap();
    let mut x = 0.0;
    c.bench_function("drag frame (move and draw)", |b| {
        b.iter(|| {
            x = (x + 7.0) % 600.0;
            let pos = Point::new(top.x + x, top.y - 200.0);
            game.handle_event(&Event::PointerMove { pos }).unwrap();
            let mut p = RecordingPainter::new();
            game.draw(&mut p).unwrap();
            p.shapes.len()
        })
    });
}

/// A game of three opponents at the first opponent's turn.
fn opponents_turn() -> Crazy8s {
    let mut g = Crazy8s::deal(Options::ALL[3], 5);
    while g.turn == Turn::You {
        let a = match g.hands[0].iter().copied().find(|&c| g.playable(c)) {
            Some(c) => Action::Discard(c),
            None => Action::Draw,
        };
        g.play(a).unwrap();
    }
    if g.turn == Turn::PickSuit {
        g.play(Action::ChooseSuit(cards::Suit::Hearts)).unwrap();
    }
    g
}

fn opponent(c: &mut Criterion) {
    let g = opponents_turn();
    c.bench_function("opponent's turn (rules)", |b| {
        b.iter(|| {
            let mut g = std::hint::black_box(&g).clone();
            g.play(Action::Opponent).unwrap();
            g.turn
        })
    });
    let mut game = GameLibrary::from_static(&crazy_8s::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    game.layout(Point::new(1280.0, 720.0)).unwrap();
    let bytes = crazy_8s::save::write(&g);
    c.bench_function("opponent's turn (tick through the ABI, frame)", |b| {
        b.iter(|| {
            game.load(&bytes).unwrap();
            game.handle_event(&Event::Tick {
                dt: OPPONENT_SECONDS,
            })
            .unwrap();
            let mut p = RecordingPainter::new();
            game.draw(&mut p).unwrap();
            p.shapes.len()
        })
    });
}

criterion_group!(benches, drag_frame, opponent);
criterion_main!(benches);
