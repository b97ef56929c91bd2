//! The solver on random 11×11 starting boards, the clever and expert
//! cats' steps, and a hint from the opening position (the game's
//! background answer: a fresh table, node budget).
//!
//! Run with `cargo bench -p chat-noir --bench solver -- --warm-up-time 1
//! --measurement-time 5`.

use chat_noir::cats::{Cat, Difficulty, clever_move};
use chat_noir::hint::hint;
use chat_noir::plugin::assist::{THINK_NODES, THINK_TABLE_ENTRIES};
use chat_noir::solver::{Budget, Solver};
use chat_noir::{Pos, Rng};
use chat_noir::{Search, World};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// Starting boards of the classic game, from seeds 1, 2, 3, … (the ones the
/// winnable example calls boards 0, 1, 2 with `--seed 1`).
fn boards(count: u64) -> Vec<World> {
    (1..=count).map(World::new_default_game).collect()
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver_start_11x11");
    group.sample_size(10);
    let budget = Budget {
        table_entries: THINK_TABLE_ENTRIES,
        ..Budget::nodes(THINK_NODES)
    };
    for (i, world) in boards(4).into_iter().enumerate() {
        group.bench_with_input(BenchmarkId::from_parameter(i + 1), &world, |b, w| {
            b.iter(|| {
                // A fresh table each time: the cost of a first question.
                let mut solver = Solver::new();
                black_box(solver.solve(w.board(), w.cat(), &budget))
            });
        });
    }
    group.finish();
}

fn clever(c: &mut Criterion) {
    let mut group = c.benchmark_group("clever_move_11x11");
    for (i, world) in boards(3).into_iter().enumerate() {
        let mut search = Search::new();
        group.bench_with_input(BenchmarkId::from_parameter(i + 1), &world, |b, w| {
            b.iter(|| black_box(clever_move(w.board(), w.cat(), &mut search)));
        });
    }
    group.finish();
}

fn hint_latency(c: &mut Criterion) {
    let mut group = c.benchmark_group("hint_11x11");
    group.sample_size(10);
    // The game's background budget; seeds 84 and 85 are quick to prove.
    let budget = Budget {
        table_entries: THINK_TABLE_ENTRIES,
        ..Budget::nodes(THINK_NODES)
    };
    let worlds = [84, 85, 1].map(World::new_default_game);
    for (world, i) in worlds.into_iter().zip([84, 85, 1]) {
        group.bench_with_input(BenchmarkId::from_parameter(i), &world, |b, w| {
            b.iter(|| black_box(hint(w.board(), w.cat(), &budget)));
        });
    }
    group.finish();
}

/// The expert cat's step after a first block (the cell left of the cat):
/// a decision from a fresh table.
fn expert(c: &mut Criterion) {
    let mut group = c.benchmark_group("expert_move_11x11");
    group.sample_size(10);
    for (i, world) in boards(3).into_iter().enumerate() {
        let cat = world.cat();
        let board = world
            .board()
            .clone()
            .with_blocked([Pos::new(cat.x - 1, cat.y)]);
        let mut expert = Cat::new(Difficulty::Expert);
        group.bench_with_input(BenchmarkId::from_parameter(i + 1), &board, |b, board| {
            b.iter(|| black_box(expert.choose_move(board, cat, &mut Rng::new(0))));
        });
    }
    group.finish();
}

criterion_group!(benches, solver, clever, hint_latency, expert);
criterion_main!(benches);
