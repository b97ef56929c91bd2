//! Saving a game to a file and opening it again (issue 30), in the real
//! launcher driven by egui_kittest: Chat Noir saved with Game ▸ Save game
//! as… after three blocks, a new game started, and the file opened with
//! Game ▸ Open saved game…: the same board, and Undo goes back through the
//! three blocks. A Lights Out file, a file cut short and a file of a newer
//! format are refused with a message, and the board stays as it was.

use chat_noir::GameId;
use chat_noir::render::cell_center;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use launcher::LauncherApp;
use launcher::game_window::GameWindow;
use launcher_tests::GamesDir;
use launcher_tests::Settle;
use std::path::Path;
use support::{click_at, enter_id};

mod support;

const CHAT_NOIR: &str = "chat-noir";
const LIGHTS_OUT: &str = "lights-out";

/// An 11×11 board with the cat in the middle: three blocks on its top row
/// cannot end the game (the cat is five steps from the edge).
const BOARD: &str = "11:5,5:800002000G80020000000G";

fn games() -> GamesDir {
    let games = GamesDir::new();
    games.add_bundled(CHAT_NOIR, "chat_noir");
    games.add_bundled(LIGHTS_OUT, "lights_out");
    games
}

/// `launcher --play <dir>`: the game alone in the window.
fn player(games: &GamesDir, dir: &str) -> Harness<'static, LauncherApp> {
    let app = LauncherApp::new(launcher_tests::console_config([games.path()])).play_only(dir);
    let mut harness = Harness::builder()
        .with_size([900.0, 800.0])
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    harness.settle();
    harness
}

fn open<'h>(harness: &'h mut Harness<'_, LauncherApp>, dir: &str) -> &'h mut GameWindow {
    harness
        .state_mut()
        .open_game_mut(dir)
        .expect("the game is open")
}

/// Waits until the cat stands (its walk is drawn on ticks).
fn settle(harness: &mut Harness<'_, LauncherApp>) {
    launcher_tests::run_until(harness, "the cat standing still", |h| {
        h.state().is_settled() && !h.state().open_games().iter().any(|w| w.is_ticking())
    });
}

/// The position Chat Noir is at, from the save the launcher keeps of it.
fn position(harness: &mut Harness<'_, LauncherApp>) -> GameId {
    settle(harness);
    let game = open(harness, CHAT_NOIR);
    let state = game
        .midend()
        .history()
        .expect("it saves")
        .current()
        .state
        .clone();
    let text = String::from_utf8(state.to_vec()).unwrap();
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("position "))
        .expect("a position");
    line.parse().expect("a game ID")
}

fn click_cell(harness: &mut Harness<'_, LauncherApp>, x: i32, y: i32) {
    let t = open(harness, CHAT_NOIR).canvas_transform().unwrap();
    let at = t.to_screen(cell_center(chat_noir::Pos::new(x, y)));
    click_at(harness, at);
    settle(harness);
}

/// Game ▸ `entry`, then the file field set to `path` and `confirm` pressed.
fn through_dialog(harness: &mut Harness<'_, LauncherApp>, entry: &str, path: &Path, confirm: &str) {
    harness.get_by_label("Game").click();
    harness.settle();
    // The entry's label is followed by its shortcut (Ctrl+S, Ctrl+O).
    harness.get_by_label_contains(entry).click();
    launcher_tests::run_until(harness, "the dialog opening", |h| {
        h.state().open_games().iter().any(|g| g.file_dialog_open())
    });
    harness
        .get_by_role_and_label(Role::TextInput, "File:")
        .focus();
    harness.settle();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_role_and_label(Role::TextInput, "File:")
        .type_text(path.to_str().unwrap());
    harness.settle();
    harness.get_by_role_and_label(Role::Button, confirm).click();
    launcher_tests::run_until(harness, "the dialog closing", |h| {
        !h.state().open_games().iter().any(|g| g.file_dialog_open())
    });
    settle(harness);
}

fn blocked(id: &GameId) -> usize {
    id.board().blocked_count()
}

/// Chat Noir after three blocks on `BOARD`'s top row, saved through the
/// dialog to `typed` (which is `file` once the dialog gave it its
/// extension); returns the position saved.
fn three_blocks_saved(harness: &mut Harness<'_, LauncherApp>, typed: &Path, file: &Path) -> GameId {
    enter_id(harness, BOARD);
    let start = position(harness);
    let free: Vec<i32> = (1..10)
        .filter(|&x| !start.board().is_blocked(chat_noir::Pos::new(x, 0)))
        .take(3)
        .collect();
    for x in free {
        click_cell(harness, x, 0);
    }
    let saved = position(harness);
    assert_eq!(blocked(&saved), blocked(&start) + 3, "three blocks");
    through_dialog(harness, "Save game as…", typed, "Save");
    let note = open(harness, CHAT_NOIR).file_note().map(str::to_owned);
    assert_eq!(note, Some(format!("Saved to {}", file.display())));
    saved
}

#[test]
fn a_saved_game_opens_on_the_same_board_and_undo_goes_back_through_its_blocks() {
    let games = games();
    let dir = tempfile::tempdir().unwrap();
    // Typed without its extension: the dialog adds it.
    let typed = dir.path().join("three blocks");
    let file = dir.path().join("three blocks.pltgame");
    let mut harness = player(&games, CHAT_NOIR);
    let saved = three_blocks_saved(&mut harness, &typed, &file);
    assert!(file.is_file(), "{} written", file.display());

    harness
        .get_by_role_and_label(Role::Button, "New game")
        .click();
    settle(&mut harness);
    assert_ne!(position(&mut harness), saved, "a new board");

    through_dialog(&mut harness, "Open saved game…", &file, "Open");
    assert_eq!(position(&mut harness), saved, "the board saved");
    assert_eq!(open(&mut harness, CHAT_NOIR).action_error(), None);
    assert_eq!(
        open(&mut harness, CHAT_NOIR).file_note().map(str::to_owned),
        Some(format!("Opened {}", file.display()))
    );
    for back in 1..=3 {
        harness.get_by_role_and_label(Role::Button, "Undo").click();
        settle(&mut harness);
        assert_eq!(
            blocked(&position(&mut harness)),
            blocked(&saved) - back,
            "undo {back} takes a block back"
        );
    }
    assert_eq!(
        position(&mut harness).to_string(),
        BOARD,
        "the board the game started from"
    );
}

#[test]
fn another_games_file_a_file_cut_short_and_a_newer_one_are_refused_and_the_board_stays() {
    let games = games();
    let dir = tempfile::tempdir().unwrap();

    // A Lights Out game, saved by the launcher.
    let lights = dir.path().join("lights.pltgame");
    let mut lights_out = player(&games, LIGHTS_OUT);
    open(&mut lights_out, LIGHTS_OUT).save_game_to(&lights);
    assert!(lights.is_file());
    drop(lights_out);

    let file = dir.path().join("cat.pltgame");
    let mut harness = player(&games, CHAT_NOIR);
    let saved = three_blocks_saved(&mut harness, &file, &file);
    // One more block, far from the cat (the bottom row).
    let x = (1..10)
        .find(|&x| !saved.board().is_blocked(chat_noir::Pos::new(x, 10)))
        .unwrap();
    click_cell(&mut harness, x, 10);
    let now = position(&mut harness);
    assert_ne!(now, saved);

    let refused = |harness: &mut Harness<'_, LauncherApp>, path: &Path, why: &str| {
        through_dialog(harness, "Open saved game…", path, "Open");
        let error = open(harness, CHAT_NOIR)
            .action_error()
            .unwrap_or_default()
            .to_owned();
        assert!(
            error.starts_with(&format!("The file {} cannot be opened: ", path.display()))
                && error.contains(why)
                && error.ends_with("Your game goes on as it was."),
            "{error}"
        );
        assert_eq!(position(harness), now, "the board is unchanged");
        // The shown error is taken by the next open or move.
    };
    refused(
        &mut harness,
        &lights,
        "it is a saved game of Lights Out, not of Chat Noir",
    );

    let bytes = std::fs::read(&file).unwrap();
    let cut = dir.path().join("cut.pltgame");
    std::fs::write(&cut, &bytes[..bytes.len() * 2 / 3]).unwrap();
    refused(&mut harness, &cut, "it is cut short");

    let newer = dir.path().join("newer.pltgame");
    let text = String::from_utf8_lossy(&bytes).replacen("saved game 1", "saved game 9", 1);
    std::fs::write(&newer, text.as_bytes()).unwrap();
    refused(&mut harness, &newer, "saved by a newer launcher");

    // Undo still takes back the block made before the refusals.
    harness.get_by_role_and_label(Role::Button, "Undo").click();
    assert_eq!(position(&mut harness), saved);
}

/// `plt-games --open FILE.pltgame`: the file names its game, which opens
/// alone with the file's position (as `main` does it: the game read from
/// the file, then `--play` with the file to open once the game started).
#[test]
fn a_file_given_with_open_plays_its_game_from_it() {
    let games = games();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shared.pltgame");
    let mut harness = player(&games, CHAT_NOIR);
    let saved = three_blocks_saved(&mut harness, &file, &file);
    drop(harness);

    let game = launcher::game_file::game_of(&file).unwrap();
    assert_eq!(game, CHAT_NOIR);
    let app = LauncherApp::new(launcher_tests::console_config([games.path()]))
        .play_only(&game)
        .open_saved_game_on_start(file.clone());
    let mut harness = Harness::builder()
        .with_size([900.0, 800.0])
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    launcher_tests::run_until(&mut harness, "the file opened", |h| {
        h.state()
            .open_games()
            .iter()
            .any(|g| g.file_note().is_some_and(|n| n.starts_with("Opened")))
    });
    assert_eq!(position(&mut harness), saved);
}
