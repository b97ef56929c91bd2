//! The cat's decision and the help's paths, on boards from 11×11 to
//! 1001×1001.
//!
//! Run with `cargo bench -p chat-noir --bench cat -- --warm-up-time 1
//! --measurement-time 3`.

use std::hint::black_box;

use chat_noir::{Board, CatsPath, Pos, Rng, Search, World, choose_move};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// A position of size `size`: the default new game for 11, and for larger
/// boards the same density of random blocked cells (6 of 119, about 5%).
fn position(size: u32) -> World {
    if size == 11 {
        return World::new_default_game(1);
    }
    let mut board = Board::empty(size).unwrap();
    let centre = board.centre();
    let n = board.cell_count() * 6 / 119;
    board.add_random_blocked(n, centre, &mut Rng::new(1));
    World::new(board, centre).unwrap()
}

fn decision(c: &mut Criterion) {
    let mut group = c.benchmark_group("cat_decision");
    for size in [11u32, 101, 1001] {
        let world = position(size);
        let mut search = Search::new();
        let mut rng = Rng::new(7);
        group.throughput(Throughput::Elements(world.board().cell_count() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(size), &world, |b, w| {
            b.iter(|| {
                let w = black_box(w);
                black_box(choose_move(w.board(), w.cat(), &mut search, &mut rng))
            });
        });
    }
    group.finish();
}

fn help_paths(c: &mut Criterion) {
    let mut group = c.benchmark_group("help_paths");
    for size in [11u32, 101] {
        let world = position(size)
            .with_help(true)
            .with_mouse(Some(Pos::new(1, 1)));
        let mut path = CatsPath::new();
        group.throughput(Throughput::Elements(world.board().cell_count() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(size), &world, |b, w| {
            b.iter(|| {
                black_box(w).update_cats_path(&mut path);
                black_box(path.contains(Pos::new(2, 2)))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, decision, help_paths);
criterion_main!(benches);
