//! A Smart move on 4×4 (the issue asks for a median of at most 200 ms).

use criterion::{Criterion, criterion_group, criterion_main};
use gobblet::ai::{Level, choose};
use gobblet::record::parse_record;
use gobblet::rules::Position;
use std::hint::black_box;

fn smart_4x4(c: &mut Criterion) {
    let (variant, moves) = parse_record("4: Xb3 Xc2 Lb2 Xc3").unwrap();
    let mut position = Position::new(variant);
    for mv in moves {
        position.apply(mv);
    }
    c.bench_function("smart move 4x4, opening", |b| {
        b.iter(|| choose(black_box(&position), &[], Level::Smart, 7))
    });
    let empty = Position::new(variant);
    c.bench_function("smart move 4x4, empty board", |b| {
        b.iter(|| choose(black_box(&empty), &[], Level::Smart, 7))
    });
}

criterion_group!(benches, smart_4x4);
criterion_main!(benches);
