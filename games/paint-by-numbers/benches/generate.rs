//! How long dealing a unique puzzle takes (the issue asks for a median of
//! at most 500 ms at 15×15 and 5 s at 25×25), how long the line solver
//! takes to solve one, and saving and loading a position (the launcher
//! saves after every stroke).
//!
//! `cargo bench -p paint-by-numbers -- --warm-up-time 1 --measurement-time 3`

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::SaveLoad;
use paint_by_numbers::PaintByNumbers;
use paint_by_numbers::generate::generate;
use paint_by_numbers::solver::line_solve;
use std::hint::black_box;

fn dealing(c: &mut Criterion) {
    for size in [15, 25] {
        // A new seed each time, so the median is over many puzzles.
        let mut seed = 0u64;
        c.bench_function(&format!("generate unique {size}x{size}"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(generate(size, size, black_box(seed)))
            })
        });
    }
    let clues = generate(25, 25, 1).clues();
    c.bench_function("line solve 25x25", |b| {
        b.iter(|| line_solve(black_box(&clues)))
    });
}

fn saving(c: &mut Criterion) {
    let mut game = PaintByNumbers::with_seed(25, 3);
    for row in 0..25 {
        game.paint((row, 0), (row, 12), row % 2 == 0);
    }
    let bytes = game.save();
    c.bench_function("save 25x25", |b| b.iter(|| black_box(&game).save()));
    c.bench_function("load 25x25 (same puzzle)", |b| {
        b.iter(|| game.load(black_box(&bytes)).unwrap())
    });
}

criterion_group!(benches, dealing, saving);
criterion_main!(benches);
