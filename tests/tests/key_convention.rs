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

/// What a game window shows: its status line and its drawing.
fn shown(harness: &egui_kittest::Harness<'_, launcher::LauncherApp>) -> String {
    let open = harness.state().open_games();
    let window = open.first().expect("the game is open");
    format!("{}\n{:?}", window.status(), window.drawing().shapes)
}

/// Issue 40: `?` gave Spider no hint. However the player's system delivers
/// a typed `?` (egui's question-mark key; Shift and `/` with the text `?`,
/// where the keyboard's layer is not applied to the key; the text alone, as
/// an input method commits it), every game with a Hint shows one.
#[test]
fn a_typed_question_mark_asks_every_game_with_a_hint_for_one() {
    use egui::{Event, Key, Modifiers};
    use launcher_tests::{GamesDir, Settle};
    let key = |key, pressed| Event::Key {
        key,
        physical_key: Some(Key::Slash),
        pressed,
        repeat: false,
        modifiers: Modifiers::SHIFT,
    };
    let text = || Event::Text("?".into());
    let ways: [(&str, Vec<Event>); 3] = [
        (
            "the question-mark key",
            vec![
                key(Key::Questionmark, true),
                text(),
                key(Key::Questionmark, false),
            ],
        ),
        (
            "Shift and / typing ?",
            vec![key(Key::Slash, true), text(), key(Key::Slash, false)],
        ),
        ("the text ? alone", vec![text()]),
    ];
    let with_hint: Vec<_> = controls()
        .into_iter()
        .filter(|(_, actions, _)| actions.iter().any(|a| is(a, "hint", &[])))
        .map(|(name, ..)| name)
        .collect();
    assert!(with_hint.contains(&"Spider".to_owned()), "{with_hint:?}");
    for game in bundled_games()
        .iter()
        .filter(|g| with_hint.contains(&g.name))
    {
        for (way, events) in &ways {
            let games = GamesDir::new();
            games.add_bundled(&game.dir_name, &game.library);
            let app = launcher::LauncherApp::new(launcher_tests::console_config([games.path()]))
                .play_only(&game.dir_name);
            let mut harness = egui_kittest::Harness::builder()
                .with_size([900.0, 800.0])
                .with_max_steps(launcher_tests::KITTEST_STEPS)
                .build_ui_state(|ui, app: &mut launcher::LauncherApp| app.frame(ui), app);
            harness.settle();
            let before = shown(&harness);
            for event in events {
                harness.event(event.clone());
            }
            launcher_tests::run_until(
                &mut harness,
                &format!("{}'s hint after {way}", game.name),
                |h| h.state().is_settled() && shown(h) != before,
            );
        }
    }
}
