//! The console as the collection grows (issue 32): the original console's
//! two games beside twenty (every bundled game, copied under other names up
//! to twenty), each installed as a player would with its library.
//!
//! * `first_frame/<n>`: from a new console (its catalog scanned) to its
//!   first frame, background checks started but not waited for;
//! * `checks/<n>`: from a new console to the end of its background checks of
//!   every game (each in a confined child of the launcher binary, two at a
//!   time on this 2-core machine), frames drawn meanwhile.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use launcher::check::Checker;
use launcher::{LauncherApp, LauncherConfig};
use std::path::Path;
use std::time::Duration;

/// A games directory holding `count` games: the bundled games in turn,
/// each copied under a name of its own.
fn collection(count: usize) -> launcher_tests::GamesDir {
    // Time the games as players run them (optimised builds).
    launcher_tests::optimised_games();
    let games = launcher_tests::GamesDir::new();
    let bundled = launcher_tests::bundled_games();
    for (i, game) in bundled.iter().cycle().take(count).enumerate() {
        if i < bundled.len() {
            games.add_bundled(&game.dir_name, &game.library);
        } else {
            let from = games.path().join(&game.dir_name);
            copy_dir(&from, &games.path().join(format!("{}-{i}", game.dir_name)));
        }
    }
    games
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()));
        } else {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

fn config(games: &Path) -> LauncherConfig {
    let mut config = launcher_tests::console_config([games]);
    config.checker = Some(Checker {
        launcher: env!("CARGO_BIN_EXE_plt-games").into(),
        timeout: Duration::from_secs(5),
        memory_limit: config.processes.memory_limit,
        sandbox: true,
    });
    config
}

fn harness(games: &Path) -> Harness<'static, LauncherApp> {
    Harness::builder()
        .with_size([1200.0, 900.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config(games)),
        )
}

fn collection_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("collection");
    group.sample_size(10);
    for count in [2usize, 20] {
        let games = collection(count);
        group.bench_function(BenchmarkId::new("scan", count), |b| {
            b.iter(|| {
                launcher::catalog::Catalog::scan(
                    &launcher::catalog::SearchPath::only([games.path()]),
                    &[],
                )
            })
        });
        group.bench_function(BenchmarkId::new("first_frame", count), |b| {
            b.iter(|| {
                let mut harness = harness(games.path());
                harness.step();
                assert_eq!(harness.state().catalog().games.len(), count);
            })
        });
        group.bench_function(BenchmarkId::new("checks", count), |b| {
            b.iter(|| {
                let mut harness = harness(games.path());
                while {
                    harness.step();
                    harness.state().is_checking()
                } {
                    std::thread::sleep(Duration::from_millis(1));
                }
                let broken: Vec<&str> = harness
                    .state()
                    .catalog()
                    .games
                    .iter()
                    .filter_map(|g| harness.state().known_broken(&g.dir_name))
                    .collect();
                assert!(broken.is_empty(), "{broken:?}");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, collection_benches);
criterion_main!(benches);
