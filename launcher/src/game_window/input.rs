//! What the player does in a game's window, in the game API's words: egui's
//! keys and pointer events become [`game_api::Event`]s.

use game_api::{Button, Event};

/// The game's key events among this frame's egui events: presses and
/// releases without Ctrl/Cmd or Alt (those are the launcher's shortcuts),
/// repeats left out.
pub fn game_keys(events: &[egui::Event]) -> Vec<Event> {
    events
        .iter()
        .filter_map(|event| match event {
            egui::Event::Key {
                key,
                pressed,
                repeat: false,
                modifiers,
                ..
            } if !modifiers.command && !modifiers.alt => {
                let key = key_name(*key);
                Some(if *pressed {
                    Event::KeyPress { key }
                } else {
                    Event::KeyRelease { key }
                })
            }
            _ => None,
        })
        .collect()
}

/// The game's name for a pointer button: anything beyond the middle one
/// counts as the primary.
pub fn game_button(button: egui::PointerButton) -> Button {
    match button {
        egui::PointerButton::Secondary => Button::Secondary,
        egui::PointerButton::Middle => Button::Middle,
        _ => Button::Primary,
    }
}

/// The game API's name for a key: letters in lower case (`"h"`), other keys
/// by egui's name (`"Enter"`, `"ArrowLeft"`).
pub fn key_name(key: egui::Key) -> String {
    use egui::Key;
    // egui names the arrows "Left", "Up"…; the game API promises the
    // unambiguous web names.
    let name = match key {
        Key::ArrowLeft => "ArrowLeft",
        Key::ArrowRight => "ArrowRight",
        Key::ArrowUp => "ArrowUp",
        Key::ArrowDown => "ArrowDown",
        other => other.name(),
    };
    if name.len() == 1 {
        name.to_ascii_lowercase()
    } else {
        name.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::Key;

    fn key(key: Key, pressed: bool, modifiers: egui::Modifiers, repeat: bool) -> egui::Event {
        egui::Event::Key {
            key,
            physical_key: None,
            pressed,
            repeat,
            modifiers,
        }
    }

    #[test]
    fn shortcuts_and_repeats_are_not_the_games() {
        let none = egui::Modifiers::NONE;
        let events = [
            key(Key::H, true, none, false),
            key(Key::H, true, none, true),
            key(Key::W, true, egui::Modifiers::COMMAND, false),
            key(Key::F, true, egui::Modifiers::ALT, false),
            key(Key::ArrowUp, true, egui::Modifiers::SHIFT, false),
            key(Key::H, false, none, false),
        ];
        assert_eq!(
            game_keys(&events),
            [
                Event::KeyPress { key: "h".into() },
                Event::KeyPress {
                    key: "ArrowUp".into()
                },
                Event::KeyRelease { key: "h".into() },
            ]
        );
    }

    #[test]
    fn key_names_follow_the_game_api() {
        assert_eq!(key_name(Key::H), "h");
        assert_eq!(key_name(Key::N), "n");
        assert_eq!(key_name(Key::ArrowLeft), "ArrowLeft");
        assert_eq!(key_name(Key::ArrowDown), "ArrowDown");
        assert_eq!(key_name(Key::Enter), "Enter");
        assert_eq!(key_name(Key::Space), "Space");
        assert_eq!(key_name(Key::Escape), "Escape");
    }
}
