//! The clock in a game window's status row (issue 30): a game whose
//! `info.toml` says `clock = true` shows the time played, the host's clock
//! (`Host::play_time`, the statistics' best time), which advances as that
//! clock does and stops at the outcome; a game without the key shows none.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use launcher::LauncherApp;
use launcher::game_window::GameWindow;
use launcher_tests::{GamesDir, Settle};

const DIR: &str = "fewest-moves";

/// `plt-games --play fewest-moves`, its manifest ending with `extra`.
fn player(extra: &str) -> (GamesDir, Harness<'static, LauncherApp>) {
    let games = GamesDir::new();
    games.add_with_library(
        DIR,
        &format!("game = \"fewest_moves\"\nname = \"Fewest Moves\"\n{extra}"),
        "fewest_moves",
    );
    let app = LauncherApp::new(launcher_tests::console_config([games.path()])).play_only(DIR);
    let mut harness = Harness::builder()
        .with_size([500.0, 400.0])
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    harness.settle();
    (games, harness)
}

fn game<'h>(harness: &'h Harness<'_, LauncherApp>) -> &'h GameWindow {
    harness
        .state()
        .open_games()
        .into_iter()
        .find(|g| g.dir_name == DIR)
        .expect("the game is open")
}

/// The time played, in whole seconds, as the host counts it.
fn played_s(harness: &Harness<'_, LauncherApp>) -> u64 {
    game(harness).midend().played().as_secs()
}

#[test]
fn the_clock_shows_the_time_played_and_stops_at_the_outcome() {
    let (_games, mut harness) = player("clock = true\n");
    let shown = game(&harness).clock_shown().expect("a clock");
    assert!(shown.starts_with("Time 0:0"), "{shown}");
    harness.get_by_label_contains("Time 0:0");
    // As the host's clock passes a second, the clock on screen follows.
    launcher_tests::run_until(&mut harness, "a second played", |h| played_s(h) >= 1);
    launcher_tests::run_until(&mut harness, "the clock showing it", |h| {
        let s = played_s(h);
        h.query_by_label_contains(&format!("Time 0:{s:02}"))
            .is_some()
    });
    // Won: the clock stops where the host's stops.
    harness.key_press(egui::Key::W);
    launcher_tests::run_until(&mut harness, "the game won", |h| game(h).midend().counted());
    harness.settle();
    let stopped = game(&harness).midend().played();
    let face = game(&harness).clock_shown().unwrap();
    // A second later, frames drawn all along, it still says so.
    let since = std::time::Instant::now();
    launcher_tests::run_until(&mut harness, "a second after the win", |_| {
        since.elapsed() >= std::time::Duration::from_millis(1100)
    });
    assert_eq!(game(&harness).midend().played(), stopped);
    assert_eq!(game(&harness).clock_shown().unwrap(), face);
    harness.get_by_label(&face);
}

#[test]
fn a_game_without_the_key_shows_no_clock() {
    let (_games, harness) = player("");
    assert_eq!(game(&harness).clock_shown(), None);
    assert!(harness.query_by_label_contains("Time ").is_none());
}
