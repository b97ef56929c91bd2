//! Helpers shared by the kittest tests of the console and the game windows.
//! Each test file uses a part of them.
#![allow(dead_code)]

use egui_kittest::Harness;
use launcher::LauncherApp;
use launcher_tests::{BundledGame, GamesDir, Settle, bundled_games};

/// Every bundled game, copied into one games directory with its library.
pub fn collection() -> (GamesDir, Vec<BundledGame>) {
    let games = GamesDir::new();
    let bundled = bundled_games();
    for game in &bundled {
        games.add_bundled(&game.dir_name, &game.library);
    }
    (games, bundled)
}

/// Moves the pointer to `pos` and clicks the primary button there, as a
/// mouse would: press and release are separate frames.
pub fn click_at(harness: &mut Harness<'_, LauncherApp>, pos: egui::Pos2) {
    harness.hover_at(pos);
    harness.settle();
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        });
        harness.settle();
    }
}

/// Types `id` into the open game's Game ID field, replacing its text, and
/// clicks Go, as a player does.
pub fn enter_id(harness: &mut Harness<'_, LauncherApp>, id: &str) {
    use egui::accesskit::Role;
    use egui_kittest::kittest::Queryable;
    harness
        .get_by_role_and_label(Role::TextInput, "Game ID")
        .focus();
    harness.settle();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.settle();
    harness
        .get_by_role_and_label(Role::TextInput, "Game ID")
        .type_text(id);
    harness.settle();
    harness.get_by_label("Go").click();
    harness.settle();
}

/// The directory names of the games open now, in the order they opened.
pub fn open_dirs(harness: &Harness<'_, LauncherApp>) -> Vec<String> {
    harness
        .state()
        .open_games()
        .iter()
        .map(|g| g.dir_name.clone())
        .collect()
}

/// The text galleys drawn last frame whose text contains `needle`.
pub fn galleys_with(
    harness: &Harness<'_, LauncherApp>,
    needle: &str,
) -> Vec<std::sync::Arc<egui::Galley>> {
    fn walk(shape: &egui::Shape, needle: &str, out: &mut Vec<std::sync::Arc<egui::Galley>>) {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, needle, out)),
            egui::Shape::Text(text) if text.galley.text().contains(needle) => {
                out.push(text.galley.clone());
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &harness.output().shapes {
        walk(&clipped.shape, needle, &mut out);
    }
    out
}

/// The format of the section of `galley` where `needle` starts.
pub fn format_in(galley: &egui::Galley, needle: &str) -> egui::TextFormat {
    let at = galley.text().find(needle).expect("the needle");
    galley
        .job
        .sections
        .iter()
        .find(|s| s.byte_range.start.0 <= at && at < s.byte_range.end.0)
        .expect("a section")
        .format
        .clone()
}

/// Steps the harness (sleeping a little between frames, as time passes for
/// a player) until `done` says so, for at most 30 s: what a game process
/// answers, or how it ends, arrives in its own time.
pub fn step_until(
    harness: &mut Harness<'_, LauncherApp>,
    what: &str,
    mut done: impl FnMut(&Harness<'_, LauncherApp>) -> bool,
) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !done(harness) {
        assert!(
            std::time::Instant::now() < deadline,
            "waited 30 s for this, in vain: {what}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
        harness.step();
    }
    harness.settle();
}

/// Blocks a free circle of the open Chat Noir by a click at its region's
/// centre, and checks the game says it is blocked.
pub fn chat_noir_plays(harness: &mut Harness<'_, LauncherApp>) {
    let game = harness.state_mut().open_game_mut("chat-noir").unwrap();
    let free = game
        .regions()
        .iter()
        .find(|r| r.label.ends_with(": free"))
        .expect("a free circle")
        .clone();
    let pos = free.center();
    for event in [
        game_api::Event::PointerPress {
            pos,
            button: game_api::Button::Primary,
            modifiers: game_api::Modifiers::NONE,
        },
        game_api::Event::PointerRelease {
            pos,
            button: game_api::Button::Primary,
            modifiers: game_api::Modifiers::NONE,
        },
    ] {
        game.send(&event).unwrap();
    }
    let cell = free.label.trim_end_matches(": free");
    let now = game
        .regions()
        .iter()
        .find(|r| r.label.starts_with(&format!("{cell}:")))
        .unwrap()
        .label
        .clone();
    assert_eq!(now, format!("{cell}: blocked"));
    harness.settle();
}
