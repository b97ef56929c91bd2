//! A computer's whole turn: Amazing Grace's search and choice (the issue
//! asks for at most 10 ms median), on an ordinary roll in mid-game and on
//! one of the original's "problem boards" (blue with double 1s and 6s,
//! 5 seconds in the 2003 Racket program).
//!
//! The problem board is the largest turn known (6,149 positions: the
//! slowest move of every computer player, whose searches are the same
//! tree, scored differently); the positions of each case are printed
//! first.
//!
//! `cargo bench -p parcheesi -- --warm-up-time 1 --measurement-time 3`

#[path = "../tests/common/mod.rs"]
mod common;
use common::problem_board;

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::Rng;
use parcheesi::play;
use parcheesi::players::{Search, Seat, choose_turn};
use parcheesi::rules::{Board, Color};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    // Mid-game: 60 rolls of a Grace game, then whatever green rolled.
    let mut m = play::Match::new(11, [Seat::Grace; 4]);
    while m.turns() < 60 {
        let (b, d) = (*m.board(), m.dice_left().to_vec());
        for mv in choose_turn(Seat::Grace, m.current(), &b, &d, &mut Rng::new(1)) {
            m.play(mv).unwrap();
        }
    }
    let (board, dice, color) = (*m.board(), m.dice_left().to_vec(), m.current());
    print_nodes("grace_mid_game_turn", color, &board, &dice);
    c.bench_function("grace_mid_game_turn", |b| {
        b.iter(|| {
            choose_turn(
                Seat::Grace,
                color,
                black_box(&board),
                black_box(&dice),
                &mut Rng::new(3),
            )
        })
    });
    let problem = problem_board();
    print_nodes(
        "grace_problem_board_1166",
        Color::Blue,
        &problem,
        &[1, 1, 6, 6],
    );
    c.bench_function("grace_problem_board_1166", |b| {
        b.iter(|| {
            choose_turn(
                Seat::Grace,
                Color::Blue,
                black_box(&problem),
                black_box(&[1, 1, 6, 6]),
                &mut Rng::new(3),
            )
        })
    });
    // A whole game of four computers (about 120 rolls).
    c.bench_function("whole_game_four_graces", |b| {
        b.iter(|| play::play_out(black_box(11), [Seat::Grace; 4], 5000))
    });
}

/// Prints the positions the search of a turn visits.
fn print_nodes(name: &str, color: Color, board: &Board, dice: &[u8]) {
    let mut search = Search::new(Seat::Grace, color, board, dice);
    while !search.step(usize::MAX) {}
    println!("{name}: {} positions", search.nodes());
}

criterion_group!(benches, bench);
criterion_main!(benches);
