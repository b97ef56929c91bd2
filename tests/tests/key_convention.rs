//! The collection's one key convention (issue 30; the guide's §8.6, the
//! manual's keys): every bundled game, loaded as the launcher loads it,
//! offers controls whose shortcuts follow it. No control has a host key
//! (F1 is help, F11 full screen: the window takes them, no game receives
//! them); Hint is `?` and Solve is S wherever a game has them.

use game_api::host::NoServices;
use game_api::{Action, keys};
use launcher::game_window::HOST_KEYS;
use launcher::loader::Loader;
use launcher_tests::bundled_games;

/// Every bundled game's controls as it opens, by its name, with what the
/// launcher noted about them (a shortcut on a host key is noted and
/// dropped, so it shows only there).
fn controls() -> Vec<(String, Vec<Action>, Vec<String>)> {
    let mut loader = Loader::new();
    let bundled = bundled_games();
    assert!(bundled.len() >= 2, "{bundled:?}");
    bundled
        .iter()
        .map(|game| {
            let library = loader
                .load(&launcher_tests::library(&game.library))
                .unwrap_or_else(|e| panic!("{}: {e}", game.name));
            let mut instance = library
                .start(Box::new(NoServices))
                .unwrap_or_else(|e| panic!("{}: {e}", game.name));
            let actions = instance
                .actions()
                .unwrap_or_else(|e| panic!("{}: {e}", game.name));
            let notes = instance.notes().map(str::to_owned).collect();
            (game.name.clone(), actions, notes)
        })
        .collect()
}

/// Whether `action` is the control `name` (by its id or its label, in any
/// case: Lights Out's "Stop solving" is its Solve control too).
fn is(action: &Action, name: &str, other_labels: &[&str]) -> bool {
    action.id.eq_ignore_ascii_case(name)
        || action.label.eq_ignore_ascii_case(name)
        || other_labels.contains(&action.label.as_str())
}

#[test]
fn every_games_controls_follow_the_key_convention() {
    let mut broken = Vec::new();
    let mut hints = 0;
    let mut solves = 0;
    for (game, actions, notes) in controls() {
        broken.extend(
            notes
                .iter()
                .filter(|n| n.contains("shortcut"))
                .map(|n| format!("{game}: {n}")),
        );
        for action in &actions {
            let key = action.shortcut.as_deref();
            if let Some(key) = key.filter(|k| HOST_KEYS.contains(k)) {
                broken.push(format!(
                    "{game}: {:?} has the host key {key}, which no game receives",
                    action.label
                ));
            }
            if is(action, "hint", &[]) {
                hints += 1;
                if key != Some(keys::QUESTION_MARK) {
                    broken.push(format!("{game}: Hint has {key:?}, not `?`"));
                }
            }
            if is(action, "solve", &["Stop solving"]) {
                solves += 1;
                if key != Some("s") {
                    broken.push(format!("{game}: {:?} has {key:?}, not S", action.label));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{broken:#?}");
    // The convention is about something: Chat Noir, Lights Out and Spider
    // have a Hint, Chat Noir and Lights Out a Solve.
    assert!(hints >= 3, "{hints} games with Hint");
    assert!(solves >= 2, "{solves} games with Solve");
}

#[test]
fn the_host_keys_are_keys_a_game_could_name() {
    // F1 and F11 are game-api key names, so a game could ask for one: the
    // test above is what keeps them off every control.
    for key in HOST_KEYS {
        assert!(keys::is_key_name(key), "{key}");
    }
    // game-api's list, which its host side uses to tell an author that a
    // control's F1 is never received, is the window's.
    assert_eq!(keys::HOST_KEYS, HOST_KEYS);
}
