//! Scanning a games directory of 1, 100 and 1,000 games: reading each
//! `info.toml`, applying defaults, looking for the library and icon files.
//! No library is loaded.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use launcher::catalog::{Catalog, SearchPath};
use std::hint::black_box;

#[path = "support/games_dir.rs"]
mod games_dir;
use games_dir::games_dir;

fn scan(c: &mut Criterion) {
    let mut group = c.benchmark_group("scan");
    for count in [1usize, 100, 1000] {
        let dir = games_dir(count);
        let search = SearchPath::only([dir.path()]);
        group.throughput(criterion::Throughput::Elements(count as u64));
        group.bench_with_input(BenchmarkId::from_parameter(count), &search, |b, search| {
            b.iter(|| {
                let catalog = Catalog::scan(black_box(search), &[]);
                assert_eq!(catalog.games.len(), count);
                catalog
            })
        });
    }
    group.finish();
}

criterion_group!(benches, scan);
criterion_main!(benches);
