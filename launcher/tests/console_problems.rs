//! Issue 25: the manual promises a Problems list in the console, and a game
//! the catalog cannot judge without loading its code (a library built for a
//! future ABI version, one that aborts as it starts) must be in it, with
//! why it cannot start and what to do, as `plt-games --list` says it. The
//! console finds these with its background checks, each in a child process
//! of the real launcher binary.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use launcher::check::Checker;
use launcher::{LauncherApp, LauncherConfig};
use launcher_tests::GamesDir;
use std::path::PathBuf;
use std::time::Duration;

#[test]
fn a_game_of_a_future_abi_is_in_the_problems_list_with_why_and_what_to_do() {
    let games = GamesDir::new();
    games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
    games.add_with_library(
        "future",
        "game = \"wrong_abi\"\nname = \"Future\"\n",
        "wrong_abi",
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
    // Nothing is wrong that the files alone show: no Problems list yet.
    assert!(harness.query_by_label_contains("Problems (").is_none());
    launcher_tests::run_until(&mut harness, "the Problems list shows the game", |h| {
        h.query_by_label_contains("Future cannot start").is_some()
    });
    harness.get_by_label("Problems (1)");
    // Open, since it is an error, and saying which game, why and what to do.
    let line = {
        let node = harness.get_by_label_contains("Future cannot start");
        let node = node.accesskit_node();
        node.label().or(node.value()).unwrap_or_default()
    };
    assert!(line.starts_with("error: Future cannot start: "), "{line}");
    assert!(line.contains("libwrong_abi.so"), "{line}");
    assert!(
        line.contains("the game was built for game ABI version 999"),
        "{line}"
    );
    assert!(
        line.contains("rebuild the game against game-api with ABI version 1"),
        "{line}"
    );
    assert!(
        line.contains(&format!(
            "or remove {}",
            games.path().join("future").display()
        )),
        "{line}"
    );
    // The game that works is not in it.
    assert!(
        harness
            .query_by_label_contains("Hello Game cannot")
            .is_none()
    );
}
