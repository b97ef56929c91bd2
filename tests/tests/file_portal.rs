//! A file the player chooses for a game (ABI revision 5,
//! `Host::choose_file`), in the real console: the `picture-chooser`
//! fixture asks on its `O` key, the launcher shows its own file dialog, the
//! player opens a picture there, and the game (in its sandboxed process)
//! says the length and hash of the bytes it was given. A request that
//! answers no key or click is refused; a cancel is told to the game; and
//! the game still cannot read the file by its path.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use launcher::LauncherApp;
use launcher::game_host::sandbox::Sandbox;
use launcher_tests::{GamesDir, Settle};
use std::path::PathBuf;

const DIR: &str = "picture-chooser";

/// FNV-1a, 64 bits, as the fixture computes it.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, b| {
        (hash ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The console with the picture chooser open.
fn open_chooser() -> (GamesDir, Harness<'static, LauncherApp>) {
    let games = GamesDir::new();
    games.add_with_library(
        DIR,
        "game = \"picture_chooser\"\nname = \"Picture chooser\"\n",
        "picture_chooser",
    );
    let config = launcher_tests::console_config([games.path()]);
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 700.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    harness.settle();
    harness
        .get_by_role_and_label(Role::Button, "Picture chooser")
        .click();
    harness.settle();
    assert!(
        harness.state_mut().open_game_mut(DIR).is_some(),
        "it opened"
    );
    (games, harness)
}

fn status(harness: &mut Harness<'_, LauncherApp>) -> String {
    harness
        .state_mut()
        .open_game_mut(DIR)
        .expect("the game is open")
        .status()
        .to_owned()
}

/// The open game, read only (for `run_until`'s conditions).
fn game<'a>(
    harness: &'a Harness<'_, LauncherApp>,
) -> Option<&'a launcher::game_window::GameWindow> {
    harness
        .state()
        .open_games()
        .into_iter()
        .find(|g| g.dir_name == DIR)
}

fn dialog_open(harness: &Harness<'_, LauncherApp>) -> bool {
    game(harness).is_some_and(|g| g.file_dialog_open())
}

/// A folder of the player's, outside every game's folder, with a picture.
fn players_picture() -> (tempfile::TempDir, PathBuf, Vec<u8>) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend((0..5000u32).map(|i| (i * 7 % 251) as u8));
    let path = dir.path().join("holiday.png");
    std::fs::write(&path, &png).unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not a picture").unwrap();
    (dir, path, png)
}

/// Presses O over the game and waits for its dialog.
fn ask(harness: &mut Harness<'static, LauncherApp>) {
    harness.key_press(egui::Key::O);
    launcher_tests::run_until(harness, "the file dialog opening", dialog_open);
}

#[test]
fn the_player_chooses_a_picture_and_the_game_gets_its_bytes() {
    let (_games, mut harness) = open_chooser();
    let (_dir, path, png) = players_picture();
    ask(&mut harness);
    harness.get_by_label("Choose a picture");
    harness
        .get_by_role_and_label(Role::TextInput, "File:")
        .focus();
    harness.settle();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_role_and_label(Role::TextInput, "File:")
        .type_text(path.to_str().unwrap());
    harness.settle();
    harness.get_by_role_and_label(Role::Button, "Open").click();
    let expected = format!(
        "chose holiday.png: {} bytes, hash {:016x}",
        png.len(),
        fnv1a(&png)
    );
    launcher_tests::run_until(&mut harness, "the game saying what it got", |h| {
        game(h).is_some_and(|g| g.status() == expected)
    });
    assert!(!dialog_open(&harness), "the dialog closed");
}

#[test]
fn the_dialog_lists_the_pictures_of_a_folder_and_a_cancel_is_told() {
    let (_games, mut harness) = open_chooser();
    let (dir, _path, png) = players_picture();
    ask(&mut harness);
    // Go to the player's folder by typing it: its picture is listed, its
    // text file is not.
    harness
        .get_by_role_and_label(Role::TextInput, "File:")
        .focus();
    harness.settle();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_role_and_label(Role::TextInput, "File:")
        .type_text(dir.path().to_str().unwrap());
    harness.get_by_role_and_label(Role::Button, "Open").click();
    launcher_tests::run_until(&mut harness, "the folder listed", |h| {
        h.query_by_label("holiday.png").is_some()
    });
    assert!(harness.query_by_label("notes.txt").is_none());
    // Choosing it in the list and opening it gives it.
    harness.get_by_label("holiday.png").click();
    harness.settle();
    harness.get_by_role_and_label(Role::Button, "Open").click();
    let expected = format!("chose holiday.png: {} bytes", png.len());
    launcher_tests::run_until(&mut harness, "the picture given", |h| {
        game(h).is_some_and(|g| g.status().starts_with(&expected))
    });
    // Asked again, and cancelled.
    ask(&mut harness);
    harness
        .get_by_role_and_label(Role::Button, "Cancel")
        .click();
    launcher_tests::run_until(&mut harness, "the game told of the cancel", |h| {
        game(h).is_some_and(|g| g.status() == "cancelled")
    });
}

#[test]
fn a_request_that_answers_no_key_or_click_is_refused() {
    let (_games, mut harness) = open_chooser();
    // T starts the game's ticks; its first tick asks for a file.
    harness.key_press(egui::Key::T);
    launcher_tests::run_until(&mut harness, "the refusal told to the game", |h| {
        game(h).is_some_and(|g| g.status().starts_with("refused: "))
    });
    let said = status(&mut harness);
    assert_eq!(
        said,
        "refused: a game may ask for a file only in answer to a click or a key of the player"
    );
    assert!(!dialog_open(&harness), "no dialog opened");
}

#[test]
fn a_picture_too_large_is_said_to_the_player_in_the_dialog() {
    let (_games, mut harness) = open_chooser();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.png");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(40 * 1024 * 1024).unwrap();
    ask(&mut harness);
    harness
        .get_by_role_and_label(Role::TextInput, "File:")
        .focus();
    harness.settle();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_role_and_label(Role::TextInput, "File:")
        .type_text(path.to_str().unwrap());
    harness.get_by_role_and_label(Role::Button, "Open").click();
    harness.settle();
    harness.get_by_label("huge.png is 40.0 MiB; a game may be given at most 32 MiB.");
    assert!(dialog_open(&harness), "the dialog stays for another choice");
    assert_eq!(status(&mut harness), "asked for a picture");
}

/// Issue 27: the picture service gives a game one file's bytes and
/// nothing more. After the player chose the picture, the game (in its
/// sandboxed process) still cannot read it by its path.
#[test]
fn the_game_still_cannot_read_the_chosen_file_by_its_path() {
    let sandbox = launcher::game_host::sandbox::on_this_system(true);
    if !matches!(
        &sandbox,
        Sandbox::Enforced(_)
            | Sandbox::Partial(launcher::game_host::sandbox::Layers {
                landlock: Ok(_),
                ..
            })
    ) {
        println!("skipped: this kernel runs games {sandbox}, so nothing is confined");
        return;
    }
    let (_games, mut harness) = open_chooser();
    let (_dir, path, png) = players_picture();
    ask(&mut harness);
    harness
        .get_by_role_and_label(Role::TextInput, "File:")
        .focus();
    harness.settle();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_role_and_label(Role::TextInput, "File:")
        .type_text(path.to_str().unwrap());
    harness.get_by_role_and_label(Role::Button, "Open").click();
    let expected = format!("chose holiday.png: {} bytes", png.len());
    launcher_tests::run_until(&mut harness, "the picture given", |h| {
        game(h).is_some_and(|g| g.status().starts_with(&expected))
    });
    let window = harness.state_mut().open_game_mut(DIR).unwrap();
    window.invoke("read", path.to_str().unwrap()).unwrap();
    launcher_tests::run_until(&mut harness, "the game's try to read", |h| {
        game(h).is_some_and(|g| g.status().starts_with("read: "))
    });
    let said = status(&mut harness);
    assert!(
        said.starts_with("read: refused ("),
        "the game read the player's file by its path: {said}"
    );
}
