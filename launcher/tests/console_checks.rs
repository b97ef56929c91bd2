//! Issue 15, bug 4: the console marks a game known to be broken before it
//! is clicked. It checks every game in the background, each in a child
//! process of the real launcher binary (as `--list` does), so a library
//! built for another ABI version, or one that aborts while loading, is
//! marked "(cannot start)" with the reason in its tooltip, and the console's
//! own process never loads it.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use launcher::check::Checker;
use launcher::{LauncherApp, LauncherConfig};
use launcher_tests::GamesDir;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[test]
fn broken_games_are_marked_before_they_are_clicked() {
    let games = GamesDir::new();
    games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
    games.add_with_library(
        "future",
        "game = \"wrong_abi\"\nname = \"Future\"\n",
        "wrong_abi",
    );
    games.add_with_library(
        "aborts",
        "game = \"abort_start\"\nname = \"Aborts\"\n",
        "abort_start",
    );
    let mut config = LauncherConfig::only_games_dirs([games.path()]);
    config.processes = launcher::game_window::ProcessSettings::with_host(
        launcher::game_host::HostCommand::new(env!("CARGO_BIN_EXE_plt-games"), &["--game-host"]),
    );
    config.checker = Some(Checker::new(
        PathBuf::from(env!("CARGO_BIN_EXE_plt-games")),
        Duration::from_secs(10),
        Some(launcher::game_host::DEFAULT_MEMORY_LIMIT),
    ));
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 700.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    // The checks run in the background; the console keeps drawing.
    let deadline = Instant::now() + Duration::from_secs(60);
    while harness.state().known_broken("future").is_none()
        || harness.state().known_broken("aborts").is_none()
    {
        assert!(Instant::now() < deadline, "the checks did not finish");
        harness.step();
        std::thread::sleep(Duration::from_millis(50));
    }
    harness.run();
    harness.get_by_role_and_label(Role::Button, "Future (cannot start)");
    harness.get_by_role_and_label(Role::Button, "Aborts (cannot start)");
    harness.get_by_role_and_label(Role::Button, "Hello Game");
    assert!(harness.state().known_broken("hello-game").is_none());
    let why = harness.state().known_broken("future").unwrap().to_owned();
    assert!(why.contains("built for game ABI version 999"), "{why}");
    // The tooltip says why, as the Problems list below the sets does.
    let why_shown = |h: &Harness<'_, LauncherApp>| {
        h.query_all_by_label_contains("built for game ABI version 999")
            .count()
    };
    assert_eq!(why_shown(&harness), 1, "the Problems list says why");
    harness
        .get_by_role_and_label(Role::Button, "Future (cannot start)")
        .hover();
    harness.run();
    assert_eq!(why_shown(&harness), 2, "the tooltip says why");
    // Nothing was opened by the checks.
    assert!(harness.state().open_games().is_empty());
}
