//! A game's text field (Pousse's Record) in the real game window
//! (egui_kittest, `--play`): typed into as any text field, whatever the
//! game does meanwhile.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use launcher::LauncherApp;
use launcher_tests::Settle;
use support::collection;

mod support;

fn pousse() -> (launcher_tests::GamesDir, Harness<'static, LauncherApp>) {
    let (games, _) = collection();
    let app = LauncherApp::new(launcher_tests::console_config([games.path()])).play_only("pousse");
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 700.0])
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    harness.settle();
    (games, harness)
}

/// What the Record field shows now.
fn field(harness: &Harness<'_, LauncherApp>) -> String {
    harness
        .get_by_role_and_label(Role::TextInput, "Record")
        .value()
        .unwrap_or_default()
}

/// The game's own record (its status and the field's value from the game).
fn game_record(harness: &mut Harness<'_, LauncherApp>) -> String {
    game_record_of(harness)
}

fn game_record_of(harness: &Harness<'_, LauncherApp>) -> String {
    let game = &harness.state().open_games()[0];
    game.actions()
        .iter()
        .find(|a| a.id == "record")
        .and_then(|a| match &a.kind {
            game_api::ActionKind::Text { value } => Some(value.clone()),
            _ => None,
        })
        .expect("a Record field")
}

/// Types `text` as a keyboard does: each character its key's press, the
/// character, and the key's release, in one frame (a fast typist's).
fn type_keys(harness: &mut Harness<'_, LauncherApp>, text: &str) {
    for c in text.chars() {
        let key = egui::Key::from_name(&c.to_uppercase().to_string())
            .or_else(|| (c == ' ').then_some(egui::Key::Space));
        if let Some(key) = key {
            harness.event(egui::Event::Key {
                key,
                physical_key: Some(key),
                pressed: true,
                repeat: false,
                modifiers: Default::default(),
            });
        }
        harness.event(egui::Event::Text(c.to_string()));
        if let Some(key) = key {
            harness.event(egui::Event::Key {
                key,
                physical_key: Some(key),
                pressed: false,
                repeat: false,
                modifiers: Default::default(),
            });
        }
        harness.step();
    }
    harness.settle();
}

fn key(harness: &mut Harness<'_, LauncherApp>, key: egui::Key) {
    harness.key_press(key);
    harness.settle();
}

#[test]
fn the_record_field_is_edited_as_any_text_field() {
    let (_games, mut harness) = pousse();
    // Two people: every move below is typed.
    harness
        .state_mut()
        .open_game_mut("pousse")
        .unwrap()
        .invoke("o", "Person")
        .unwrap();
    harness.settle();
    let record = harness.get_by_role_and_label(Role::TextInput, "Record");
    record.focus();
    harness.settle();
    type_keys(&mut harness, "L1 T2");
    assert_eq!(field(&harness), "L1 T2");
    key(&mut harness, egui::Key::Enter);
    assert_eq!(game_record(&mut harness), "L1 T2");
    assert_eq!(field(&harness), "L1 T2");

    // Enter applied it and the field keeps the keyboard, as any text
    // field: End, more moves typed at the end, Backspace.
    key(&mut harness, egui::Key::End);
    type_keys(&mut harness, " R3");
    assert_eq!(field(&harness), "L1 T2 R3");
    key(&mut harness, egui::Key::Backspace);
    assert_eq!(field(&harness), "L1 T2 R");
    assert_eq!(
        game_record(&mut harness),
        "L1 T2",
        "no key reached the game"
    );
    type_keys(&mut harness, "4");
    key(&mut harness, egui::Key::Enter);
    assert_eq!(game_record(&mut harness), "L1 T2 R4");

    // Ctrl+A selects it all: what is typed replaces it.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.settle();
    type_keys(&mut harness, "B1 B1 L3 T4 R2 B3");
    assert_eq!(field(&harness), "B1 B1 L3 T4 R2 B3");
    key(&mut harness, egui::Key::Enter);
    assert_eq!(game_record(&mut harness), "B1 B1 L3 T4 R2 B3");

    // Escape gives the keyboard back to the game: R, 1 and Space play R1.
    key(&mut harness, egui::Key::Escape);
    type_keys(&mut harness, "r1 ");
    assert_eq!(game_record(&mut harness), "B1 B1 L3 T4 R2 B3 R1");
    assert_eq!(field(&harness), "B1 B1 L3 T4 R2 B3 R1");

    // So does a click on the board, after typing in the field again.
    harness
        .get_by_role_and_label(Role::TextInput, "Record")
        .focus();
    harness.settle();
    key(&mut harness, egui::Key::Enter);
    let board = {
        let game = harness.state_mut().open_game_mut("pousse").unwrap();
        game.canvas_transform()
            .unwrap()
            .to_screen(game_api::Point::new(5.0, 5.0))
    };
    support::click_at(&mut harness, board);
    type_keys(&mut harness, "t2 ");
    assert_eq!(game_record(&mut harness), "B1 B1 L3 T4 R2 B3 R1 T2");
}

/// Presses and releases the primary button at `pos` and types `text`, all
/// before the next frame: a quick player (or a script) who clicks into a
/// field and types at once.
fn click_and_type_in_one_frame(
    harness: &mut Harness<'_, LauncherApp>,
    pos: egui::Pos2,
    text: &str,
) {
    harness.hover_at(pos);
    harness.settle();
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        });
    }
    for c in text.chars() {
        let key = egui::Key::from_name(&c.to_uppercase().to_string())
            .or_else(|| (c == ' ').then_some(egui::Key::Space));
        for pressed in [true, false] {
            if let Some(key) = key {
                harness.event(egui::Event::Key {
                    key,
                    physical_key: Some(key),
                    pressed,
                    repeat: false,
                    modifiers: Default::default(),
                });
            }
            if pressed {
                harness.event(egui::Event::Text(c.to_string()));
            }
        }
    }
    harness.step();
    harness.settle();
}

#[test]
fn keys_typed_as_the_field_is_clicked_go_to_the_field_not_the_game() {
    let (_games, mut harness) = pousse();
    // A non-empty record first.
    harness
        .get_by_role_and_label(Role::TextInput, "Record")
        .focus();
    harness.settle();
    type_keys(&mut harness, "L1 T2");
    key(&mut harness, egui::Key::Enter);
    assert_eq!(game_record(&mut harness), "L1 T2");
    let rect = harness
        .get_by_role_and_label(Role::TextInput, "Record")
        .rect();
    // Clicked at its right end (after the text) and typed at once: the
    // letters, digits and spaces are the field's, not moves of the game
    // (Space plays the highlighted move).
    click_and_type_in_one_frame(
        &mut harness,
        egui::pos2(rect.max.x - 4.0, rect.center().y),
        " R3 B4",
    );
    assert_eq!(game_record(&mut harness), "L1 T2", "no move was played");
    assert_eq!(field(&harness), "L1 T2 R3 B4");
    key(&mut harness, egui::Key::Enter);
    assert_eq!(game_record(&mut harness), "L1 T2 R3 B4");
}

#[test]
fn what_the_player_types_stays_while_the_game_changes_its_record() {
    let (_games, mut harness) = pousse();
    // Both players the computer: the record grows by itself.
    for seat in ["x", "o"] {
        harness
            .state_mut()
            .open_game_mut("pousse")
            .unwrap()
            .invoke(seat, "Computer Easy")
            .unwrap();
    }
    harness.settle();
    harness
        .get_by_role_and_label(Role::TextInput, "Record")
        .focus();
    harness.settle();
    key(&mut harness, egui::Key::End);
    type_keys(&mut harness, "L1");
    let before = game_record(&mut harness);
    // The computer moves while the player types.
    launcher_tests::run_until(&mut harness, "a computer's move", |h| {
        game_record_of(h) != before
    });
    // The field still holds what the player typed, where it was typed.
    assert!(field(&harness).ends_with("L1"), "{:?}", field(&harness));
    key(&mut harness, egui::Key::Backspace);
    assert!(field(&harness).ends_with('L'), "{:?}", field(&harness));
}
