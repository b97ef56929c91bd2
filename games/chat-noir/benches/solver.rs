//! The solver on random 11×11 starting boards, the clever cat's step and
//! the hint's latency.
//!
//! Run with `cargo bench -p chat-noir --bench solver -- --warm-up-time 1
//! --measurement-time 5`.

use std::hint::black_box;
use std::time::Duration;

use chat_noir::cats::clever_move;
use chat_noir::hint::hint;
use chat_noir::solver::{Budget, Solver};
use chat_noir::{Search, World};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

/// Starting boards of the classic game, from seeds 1, 2, 3, … (the ones the
/// winnable example calls boards 0, 1, 2 with `--seed 1`).
fn boards(count: u64) -> Vec<World> {
    (1..=count).map(World::new_default_game).collect()
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver_start_11x11");
    group.sample_size(10);
    let budget = Budget::time(Duration::from_secs(2));
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
    // The game's budget: half a second.
    let budget = Budget::time(Duration::from_millis(500));
    for (i, world) in boards(3).into_iter().enumerate() {
        group.bench_with_input(BenchmarkId::from_parameter(i + 1), &world, |b, w| {
            b.iter(|| black_box(hint(w.board(), w.cat(), &budget)));
        });
    }
    group.finish();
}

criterion_group!(benches, solver, clever, hint_latency);
criterion_main!(benches);
