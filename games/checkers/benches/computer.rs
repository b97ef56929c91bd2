//! A computer move at the strongest level (Hard: 1,000,000 nodes), from
//! the start and from a middle game; the issue asks for at most 500 ms.
//!
//! `cargo bench -p checkers -- --warm-up-time 1 --measurement-time 3`

use checkers::board::{Position, parse_record};
use checkers::search::{Strength, best_move};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn middle_game() -> Position {
    parse_record("11-15 23-19 8-11 22-17 4-8 17-13 15-18 24-20")
        .map(|(_, pos)| pos)
        .expect("a legal record")
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("computer move, Hard");
    group.sample_size(10);
    for (name, pos) in [("start", Position::START), ("middle game", middle_game())] {
        group.bench_function(name, |b| {
            b.iter(|| best_move(black_box(&pos), Strength::Hard.budget(), Some(1), None))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
