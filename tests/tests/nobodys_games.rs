//! A game the player did not play counts for nobody (issue 40): a record
//! typed into Pousse's Record field and played to its end by nobody was
//! counted as the player's win (won=2 with no game won by hand). Driven
//! in the real game window (egui_kittest, `--play`), the statistics read
//! from the player's files.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use launcher::LauncherApp;
use launcher::player::PlayerFiles;
use launcher_tests::{GamesDir, Settle};

mod support;

/// X wins on its fourth move, on a 4 by 4 board.
const X_WINS: &str = "T1 R2 T1 R3 T1 R4 T1";

/// The record Pousse says it has played.
fn game_record(harness: &Harness<'_, LauncherApp>) -> String {
    harness.state().open_games()[0]
        .actions()
        .iter()
        .find(|a| a.id == "record")
        .and_then(|a| match &a.kind {
            game_api::ActionKind::Text { value } => Some(value.clone()),
            _ => None,
        })
        .expect("a Record field")
}

/// The won and lost games recorded of Pousse.
fn pousse_results(harness: &Harness<'_, LauncherApp>) -> (u32, u32) {
    harness
        .state()
        .plays()
        .games
        .get("pousse")
        .map_or((0, 0), |g| (g.won, g.lost))
}

#[test]
fn a_typed_record_played_to_its_end_is_no_win_of_the_players() {
    let games = GamesDir::new();
    games.add_bundled("pousse", "pousse");
    let player = tempfile::tempdir().unwrap();
    let mut config = launcher_tests::console_config([games.path()]);
    config.player = Some(PlayerFiles::in_dir(player.path()));
    let app = LauncherApp::new(config).play_only("pousse");
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 700.0])
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    harness.settle();
    // X is the person, O the computer (the game's default seats).
    let record = harness.get_by_role_and_label(Role::TextInput, "Record");
    record.focus();
    harness.settle();
    harness
        .get_by_role_and_label(Role::TextInput, "Record")
        .type_text(X_WINS);
    harness.settle();
    harness.key_press(egui::Key::Enter);
    harness.settle();
    launcher_tests::run_until(&mut harness, "the record played", |h| {
        game_record(h) == X_WINS
    });
    // The game is over: the window has taken in its outcome.
    harness.settle();
    assert!(
        harness.query_by_label_contains("after 7 moves").is_some(),
        "the status says the game ended"
    );
    assert_eq!(
        pousse_results(&harness),
        (0, 0),
        "a record typed in is nobody's game"
    );
}

/// A game ID typed into the launcher's Game ID field that is a finished
/// game (the counter from 12: won as it starts) is nobody's, whatever the
/// game says: the midend's rule, for every game whose ID is a record.
#[test]
fn a_finished_game_typed_as_a_game_id_counts_for_nobody() {
    let games = GamesDir::new();
    games.add_with_library(
        "counter",
        "game = \"counter\"\nname = \"Counter\"\n",
        "counter",
    );
    let player = tempfile::tempdir().unwrap();
    let mut config = launcher_tests::console_config([games.path()]);
    config.player = Some(PlayerFiles::in_dir(player.path()));
    let app = LauncherApp::new(config).play_only("counter");
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 700.0])
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    harness.settle();
    support::enter_id(&mut harness, "counter-12");
    launcher_tests::run_until(&mut harness, "the counter from 12", |h| {
        h.state().open_games()[0]
            .midend()
            .game_id()
            .is_some_and(|id| id == "counter-12")
    });
    harness.settle();
    // A change after it (`l` loses, once a click on the board has the
    // keyboard): the result was counted on the first change after the ID.
    let transform = harness
        .state_mut()
        .open_game_mut("counter")
        .unwrap()
        .canvas_transform()
        .unwrap();
    support::click_at(
        &mut harness,
        transform.to_screen(game_api::Point::new(50.0, 50.0)),
    );
    harness.key_press(egui::Key::L);
    harness.settle();
    let counter = |h: &Harness<'_, LauncherApp>| {
        h.state()
            .plays()
            .games
            .get("counter")
            .map_or((0, 0), |g| (g.won, g.lost))
    };
    assert_eq!(counter(&harness), (0, 0), "typed in: nobody's game");
}
