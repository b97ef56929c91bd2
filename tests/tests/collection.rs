//! The whole collection as a player meets it: every game of `games/`,
//! installed as a player would, is listed in its game set without a
//! problem, opens in its own window from its console button (in a process
//! of its own), draws its opening board without a warning, and looks as its
//! snapshot (each looked at by eye before it was committed).

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use launcher::LauncherApp;
use launcher::catalog::{Catalog, SearchPath};
use launcher_tests::Settle;
use support::{collection, open_dirs};

mod support;

/// The game sets of the original console (seed 004 §1), by game: a game
/// of the original keeps its set here.
fn original_set(name: &str) -> Option<&'static str> {
    Some(match name {
        "Aces" | "Go Fish" | "Crazy 8s" | "Blackjack" | "Rummy" | "Spider" | "Memory" => {
            "Card Games"
        }
        "Slidey" | "Same" | "Minesweeper" | "Paint By Numbers" | "Lights Out" | "Jewel"
        | "Chat Noir" | "Tally Maze" => "Puzzle Games",
        "Pousse" | "Gobblet" | "Parcheesi" | "Checkers" => "Board Games",
        "GCalc" => "Other Games",
        _ => return None,
    })
}

#[test]
fn every_game_of_the_collection_is_listed_in_its_set() {
    let (games, bundled) = collection();
    assert!(bundled.len() >= 2, "{bundled:?}");
    let catalog = Catalog::scan(&SearchPath::only([games.path()]), &[]);
    let problems: Vec<String> = catalog.all_problems().map(|p| p.to_string()).collect();
    assert!(problems.is_empty(), "{problems:#?}");
    let sets = catalog.game_sets();
    for game in &bundled {
        if let Some(set) = original_set(&game.name) {
            assert_eq!(game.game_set, set, "{} is in the original's set", game.name);
        }
        let listed = sets
            .iter()
            .find(|s| s.name == game.game_set)
            .unwrap_or_else(|| panic!("no set {:?} for {}", game.game_set, game.name));
        assert!(
            listed.games.iter().any(|g| g.name == game.name),
            "{} is not listed in {}",
            game.name,
            game.game_set
        );
    }
}

#[test]
fn each_game_opens_from_its_button_and_draws_its_opening_board() {
    let (games, bundled) = collection();
    let cache = tempfile::tempdir().unwrap();
    let app = LauncherApp::new(launcher_tests::console_config([games.path()])).with_help_windows(
        launcher::help_viewer::HelpWindows::new(cache.path().to_path_buf()),
    );
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([1200.0, 1400.0])
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    harness.settle();
    for game in &bundled {
        harness
            .get_by_role_and_label(Role::Button, &game.name)
            .click();
        harness.settle();
        assert_eq!(
            open_dirs(&harness),
            [game.dir_name.as_str()],
            "{}",
            game.name
        );
        let window = harness
            .state_mut()
            .open_game_mut(&game.dir_name)
            .expect("its window is open");
        assert_eq!(window.warning(), None, "{}", game.name);
        assert!(!window.title().is_empty(), "{} has a title", game.name);
        assert!(
            window.drawing().shapes.len() > 1,
            "{} draws its board",
            game.name
        );
        harness.get_by_label("Game").click();
        harness.settle();
        harness.get_by_label("Close window").click();
        harness.settle();
        assert!(open_dirs(&harness).is_empty(), "{} closed", game.name);
    }
    assert!(
        harness.state().notices().is_empty(),
        "{:?}",
        harness.state().notices()
    );
}

/// `plt-games --play <game>` on a new game from seed 1: what a player sees
/// first, one snapshot per game (`tests/tests/snapshots/opening_<dir>.png`).
#[test]
fn snapshots_of_each_opening_board() {
    let (games, bundled) = collection();
    let mut failures = Vec::new();
    for game in &bundled {
        let app = LauncherApp::new(launcher_tests::console_config([games.path()]))
            .play_only(&game.dir_name);
        let mut harness = Harness::builder()
            .with_max_steps(launcher_tests::KITTEST_STEPS)
            .with_size([720.0, 640.0])
            .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
        harness.settle();
        let window = harness
            .state_mut()
            .open_game_mut(&game.dir_name)
            .unwrap_or_else(|| panic!("{} opens", game.name));
        window.new_game(1).expect("a new game from seed 1");
        // The tool bar's rows as this game's alone lay them out.
        window.forget_field_widths();
        harness.remove_cursor();
        // Until nothing moves: a computer that plays first (Parcheesi's
        // seats before the player's) has played, so the picture is the
        // same on any machine.
        launcher_tests::run_until(&mut harness, "the opening board at rest", |h| {
            h.state().is_settled() && !h.state().open_games().iter().any(|w| w.is_ticking())
        });
        if let Err(e) = harness.try_snapshot(format!("opening_{}", game.dir_name)) {
            failures.push(format!("{}: {e}", game.name));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
