//! What Hint and each step of Solve cost: [`Board::solve`], light chasing
//! over the `2^size` top rows, on a dealt puzzle of each size (9×9, 512
//! chases, is the most), and dealing one ([`Board::random_solvable_sized`]).
//!
//! Run with `cargo bench -p lights-out --bench solve -- --warm-up-time 1
//! --measurement-time 3`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use lights_out::Board;

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    for size in [3, 5, 7, 9] {
        let board = Board::random_solvable_sized(size, 2024);
        assert!(board.solve().is_some());
        group.bench_function(format!("{size}x{size}"), |b| {
            b.iter(|| black_box(black_box(board).solve()))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("deal");
    for size in [5, 9] {
        let mut seed = 0u64;
        group.bench_function(format!("{size}x{size}"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(Board::random_solvable_sized(size, seed))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
