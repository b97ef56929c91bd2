//! Crazy 8s' benches: a drag frame through the C ABI as the launcher's
//! game process does it (a pointer move with a card of your hand held in
//! drag mode, then the frame drawn), and the computer opponent's turn, at
//! the rules' level and through the ABI (the tick that plays it, and its
//! frame).

use crazy_8s::game::OPPONENT_SECONDS;
use crazy_8s::rules::{Action, Crazy8s, Options, Turn};
use criterion::{Criterion, criterion_group, criterion_main};
use game_api::{Event, Point};
use game_test::play;

fn drag_frame(c: &mut Criterion) {
    let mut game = play::start_at(&crazy_8s::GAME_TABLE, Point::new(1280.0, 720.0));
    game.invoke_action("mode", "Drag").unwrap();
    game.start_from_game_id("3x7:1").unwrap();
    let top = play::center_of(&mut game, |l| l.contains("top of your hand"));
    play::send(&mut game, Event::press(top));
    let mut frame = play::pointer_sweep(&mut game, Point::new(top.x, top.y - 200.0));
    c.bench_function("drag frame (move and draw)", |b| b.iter(&mut frame));
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
    let mut game = play::start_at(&crazy_8s::GAME_TABLE, Point::new(1280.0, 720.0));
    let bytes = crazy_8s::save::write(&g);
    c.bench_function("opponent's turn (tick through the ABI, frame)", |b| {
        b.iter(|| {
            game.load(&bytes).unwrap();
            game.handle_event(&Event::Tick {
                dt: OPPONENT_SECONDS,
            })
            .unwrap();
            play::shapes_drawn(&mut game)
        })
    });
}

criterion_group!(benches, drag_frame, opponent);
criterion_main!(benches);
