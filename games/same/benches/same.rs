//! What Same does per event on the original's 20×16 board of 5 colours
//! (the board of seed 2024): finding the group under the pointer (every
//! pointer move), a click (removal with gravity and column closing, and the
//! check for a move left), drawing the board, and the launcher's `save`
//! and `load` after each move; and a whole game played by clicking the
//! first group until none is left.
//!
//! Run with `cargo bench -p same -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::{Game, RecordingPainter, SaveLoad};
use same::board::{Board, Cell};
use same::deal::deal;
use same::game::Same;

fn board() -> Board {
    deal(20, 16, 5, 2024)
}

/// The first group of two or more, in reading order.
fn first_group(board: &Board) -> Option<Cell> {
    board
        .dots()
        .map(|(cell, _)| cell)
        .find(|&cell| board.removable(cell) > 0)
}

fn rules(c: &mut Criterion) {
    let mut group = c.benchmark_group("rules_20x16");
    let b = board();
    let biggest = b.groups().into_iter().max_by_key(Vec::len).expect("groups")[0];
    group.bench_function("group_under_pointer", |bench| {
        bench.iter(|| black_box(b.group(black_box(biggest))))
    });
    group.bench_function("has_move", |bench| bench.iter(|| black_box(b.has_move())));
    let cell = first_group(&b).expect("a move");
    group.bench_function("click", |bench| {
        bench.iter_batched_ref(
            || b.clone(),
            |board| {
                board.remove(black_box(cell));
                black_box(board.has_move())
            },
            criterion::BatchSize::SmallInput,
        )
    });
    group.bench_function("whole_game_first_group", |bench| {
        bench.iter_batched_ref(
            || b.clone(),
            |board| {
                while let Some(cell) = first_group(board) {
                    board.remove(cell);
                }
                black_box(board.dot_count())
            },
            criterion::BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn game(c: &mut Criterion) {
    let mut group = c.benchmark_group("game_20x16");
    let mut g = Same::with_board(board());
    g.handle_event(&game_api::Event::PointerMove {
        pos: Same::cell_center(Cell::new(3, 15)),
    });
    group.bench_function("draw", |bench| {
        bench.iter(|| {
            let mut painter = RecordingPainter::new();
            g.draw(&mut painter);
            black_box(painter.shapes.len())
        })
    });
    let bytes = g.save();
    group.bench_function("save", |bench| bench.iter(|| black_box(g.save())));
    group.bench_function("load", |bench| {
        bench.iter(|| g.load(black_box(&bytes)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, rules, game);
criterion_main!(benches);
