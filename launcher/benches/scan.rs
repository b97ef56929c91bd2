//! Scanning a games directory of 1, 100 and 1,000 games: reading each
//! `info.toml`, applying defaults, looking for the library and icon files.
//! No library is loaded.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use launcher::catalog::{Catalog, SearchPath};
use std::hint::black_box;

fn games_dir(count: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..count {
        let game = dir.path().join(format!("game-{i:04}"));
        std::fs::create_dir(&game).unwrap();
        std::fs::write(
            game.join("info.toml"),
            format!(
                "game = \"game_{i}\"\nname = \"Game {i}\"\ngame-set = \"Set {}\"\n",
                i % 7
            ),
        )
        .unwrap();
        std::fs::write(
            game.join(format!("game-{i:04}.png")),
            b"not decoded while scanning",
        )
        .unwrap();
    }
    dir
}

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
