//! A control's shortcut the launcher cannot use is ignored and said, in
//! words that tell the author what to write: a text that is not a key name
//! (`"?"`, `"H"`, `"Esc"`) with the key name it most likely means, and a
//! host key (F1, F11), which no game receives, with the convention's keys.

use game_api::host::{GameLibrary, NoServices};
use game_api::{Action, Event, Game, GameError, Host, Painter, Point, Response};
use std::cell::RefCell;

thread_local! {
    /// (label, shortcut) of each control of the game this thread starts:
    /// calls come on the thread that starts the game, so tests running at
    /// once each have their own.
    static CONTROLS: RefCell<Vec<(&'static str, &'static str)>> = const { RefCell::new(Vec::new()) };
}

/// A game whose controls are given the shortcuts authors slip into.
struct Slips;

impl Game for Slips {
    fn new(_host: Host) -> Result<Self, GameError> {
        Ok(Slips)
    }
    fn canvas_size(&self) -> Point {
        Point::new(10.0, 10.0)
    }
    fn title(&self) -> String {
        "Slips".into()
    }
    fn draw(&self, _painter: &mut dyn Painter) {}
    fn handle_event(&mut self, _event: &Event) -> Response {
        Response::NONE
    }
    fn actions(&self) -> Vec<Action> {
        CONTROLS.with_borrow(|controls| {
            controls
                .iter()
                .map(|(label, key)| Action::button(&label.to_lowercase(), label).with_shortcut(key))
                .collect()
        })
    }
}

game_api::export_game!(Slips);

/// The shortcut the launcher keeps for a control `label` with the shortcut
/// `key`, the game's only one, and the note the launcher gives about it.
fn shortcut_and_note(label: &'static str, key: &'static str) -> (Option<String>, Option<String>) {
    CONTROLS.set(vec![(label, key)]);
    let mut game = GameLibrary::from_static(&GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    let actions = game.actions().unwrap();
    assert_eq!(actions.len(), 1);
    let note = game.notes().next().map(str::to_owned);
    (actions[0].shortcut.clone(), note)
}

#[test]
fn a_shortcut_that_is_not_a_key_name_says_the_name_to_write() {
    for (label, key, write) in [
        ("Hint", "?", "QuestionMark"),
        ("Help", "H", "h"),
        ("Back", "Esc", "Escape"),
        ("Next", "f2", "F2"),
    ] {
        let (shortcut, note) = shortcut_and_note(label, key);
        assert_eq!(shortcut, None, "{label}: {key:?} is ignored");
        assert_eq!(
            note,
            Some(format!(
                "the shortcut {key:?} of the control {label:?} is not a key name, so it was ignored: write {write:?}"
            ))
        );
    }
    // Nothing near: the author is pointed to the list.
    let (_, note) = shortcut_and_note("Size", "Size");
    assert_eq!(
        note.as_deref(),
        Some(
            "the shortcut \"Size\" of the control \"Size\" is not a key name, so it was ignored; see game_api::keys"
        )
    );
}

#[test]
fn a_host_key_as_a_shortcut_is_ignored_and_said() {
    for (label, key) in [("Rules", "F1"), ("Full", "F11")] {
        let (shortcut, note) = shortcut_and_note(label, key);
        assert_eq!(shortcut, None, "{key} is the launcher's");
        let note = note.unwrap_or_default();
        assert!(
            note.starts_with(&format!(
                "the shortcut {key:?} of the control {label:?} is the launcher's own key"
            )) && note.contains("give the control another key"),
            "{note}"
        );
    }
    // Any other function key is the game's.
    assert_eq!(
        shortcut_and_note("Next", "F2"),
        (Some("F2".to_owned()), None)
    );
    for key in game_api::keys::HOST_KEYS {
        assert!(game_api::keys::is_key_name(key), "{key}");
    }
}
