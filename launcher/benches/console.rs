//! One frame of the console (layout and tessellation, no GPU) with 1, 100
//! and 1,000 games in seven sets: the work egui does each time the console
//! repaints, for example while the pointer moves over it. The icons are
//! the fallback icon (the files are not PNGs), decoded once before timing.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use launcher::{LauncherApp, LauncherConfig};

#[path = "support/games_dir.rs"]
mod games_dir;
use games_dir::games_dir;

fn console_frame(c: &mut Criterion) {
    let mut group = c.benchmark_group("console_frame");
    group.sample_size(20);
    for count in [1usize, 100, 1000] {
        let dir = games_dir(count);
        let app = LauncherApp::new(LauncherConfig::only_games_dirs([dir.path()]));
        assert_eq!(app.catalog().games.len(), count);
        let mut harness = Harness::builder()
            .with_size([1200.0, 800.0])
            .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
        harness.run();
        group.bench_function(BenchmarkId::from_parameter(count), |b| {
            b.iter(|| harness.step())
        });
    }
    group.finish();
}

criterion_group!(benches, console_frame);
criterion_main!(benches);
