//! An undo round trip through the launcher: Undo (the midend loads the
//! previous snapshot into the game, re-reads it), a frame of the console
//! with the game's window (layout and tessellation, no GPU), then Redo and
//! another frame, as a player pressing Ctrl+Z and Ctrl+Y sees it. The game
//! is the `counter` fixture, whose save and load are trivial, so this
//! measures the launcher's share.

use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use game_api::{Event, Point};
use launcher::game_window::{REDO, UNDO};
use launcher::{LauncherApp, LauncherConfig};
use launcher_tests::GamesDir;

fn undo_round_trip(c: &mut Criterion) {
    // Time the games as players run them (optimised builds).
    launcher_tests::optimised_games();
    let games = GamesDir::new();
    games.add_with_library("counter", "game = \"counter\"\n", "counter");
    let mut config = LauncherConfig::only_games_dirs([games.path()]);
    // Games run in processes of their own, hosted by the built launcher.
    config.processes = launcher::game_window::ProcessSettings::with_host(
        launcher::game_host::HostCommand::new(env!("CARGO_BIN_EXE_plt-games"), &["--game-host"]),
    );
    let app = LauncherApp::new(config);
    let mut harness = Harness::builder()
        .with_size([900.0, 700.0])
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    harness.run();
    let ctx = harness.ctx.clone();
    harness.state_mut().open_game(&ctx, "counter");
    harness.run();
    let game = harness.state_mut().open_game_mut("counter").unwrap();
    for _ in 0..3 {
        game.send(&Event::release(Point::new(50.0, 50.0))).unwrap();
    }
    harness.run();
    c.bench_function("undo_redo_with_frames", |b| {
        b.iter(|| {
            let game = harness.state_mut().open_game_mut("counter").unwrap();
            game.invoke(UNDO, "").unwrap();
            harness.step();
            let game = harness.state_mut().open_game_mut("counter").unwrap();
            game.invoke(REDO, "").unwrap();
            harness.step();
        })
    });
}

criterion_group!(benches, undo_round_trip);
criterion_main!(benches);
