//! What the player does in a game's window, in the game API's words: egui's
//! keys and pointer events become [`game_api::Event`]s with game-api's own
//! key names ([`game_api::keys`]) and modifiers.

use game_api::{Button, Event, Modifiers, keys};

/// The keys a game window keeps for itself whatever the modifiers, by
/// their game-api names: F1 (the game's help; Shift+F1 its manual) and F11
/// (full screen). A game's control never has one as its shortcut, and no
/// game receives them.
pub const HOST_KEYS: [&str; 2] = ["F1", "F11"];

/// The launcher's own shortcuts in a game window, which never reach the
/// game: F1 and F11 ([`HOST_KEYS`]), and Ctrl (⌘ on a Mac) with Z, Y (undo,
/// redo, also Ctrl+Shift+Z), N, R (new game, restart), W and Q (close,
/// quit), plus, equals, minus and 0 (zoom).
pub fn is_launcher_shortcut(key: egui::Key, modifiers: egui::Modifiers) -> bool {
    use egui::Key;
    matches!(key, Key::F1 | Key::F11)
        || modifiers.command
            && matches!(
                key,
                Key::Z
                    | Key::Y
                    | Key::N
                    | Key::R
                    | Key::W
                    | Key::Q
                    | Key::Plus
                    | Key::Equals
                    | Key::Minus
                    | Key::Num0
            )
}

/// The keys held down in a game window, each by the physical key that
/// pressed it, with the name the game was sent: a release is the release
/// of what its key pressed, and a press of a key held is a repeat.
///
/// egui cannot be trusted with either for a shifted symbol: Shift and `/`
/// press `?`, but with Shift let go first the key comes up as `/`, so
/// egui keeps `?` down for good and calls every later `?` a repeat (issue
/// 40: the first `?` gave Spider a hint, no later one did).
#[derive(Debug, Default)]
pub struct HeldKeys {
    /// (the key's identity: its physical key, else egui's; the game's name).
    held: Vec<(egui::Key, String)>,
}

impl HeldKeys {
    /// The game's key events among this frame's egui events: presses and
    /// releases of the keys game-api names, with their modifiers; the
    /// launcher's shortcuts ([`is_launcher_shortcut`]) and repeats left
    /// out.
    ///
    /// A symbol the player typed is the key that types it, whatever key
    /// egui names: `?` comes as egui's `Questionmark` key on most systems,
    /// but as `Slash` with Shift and the text `?` where the keyboard's
    /// layer is not applied to the key, and as text alone from an input
    /// method. Each is the game's [`keys::QUESTION_MARK`] (a press then a
    /// release, for text alone), so a control's `?` shortcut works however
    /// the `?` arrives.
    pub fn game_keys(&mut self, events: &[egui::Event]) -> Vec<Event> {
        let mut out = Vec::new();
        // The last key press whose text has not come yet: the text that
        // follows a press is that press's.
        let mut last_press: Option<Press> = None;
        for event in events {
            match event {
                egui::Event::Key {
                    key,
                    physical_key,
                    pressed,
                    modifiers,
                    ..
                } => {
                    let id = physical_key.unwrap_or(*key);
                    let at = self.held.iter().position(|(held, _)| *held == id);
                    let modifiers_now = game_modifiers(*modifiers);
                    if !*pressed {
                        // What this key pressed comes up, whatever egui
                        // names it now.
                        let name = match at {
                            Some(at) => Some(self.held.remove(at).1),
                            None => key_name(*key)
                                .filter(|_| !is_launcher_shortcut(*key, *modifiers))
                                .map(str::to_owned),
                        };
                        if let Some(key) = name {
                            out.push(Event::KeyRelease {
                                key,
                                modifiers: modifiers_now,
                            });
                        }
                        continue;
                    }
                    if at.is_some() {
                        last_press = Some(Press::Repeat);
                        continue;
                    }
                    let name = key_name(*key).filter(|_| !is_launcher_shortcut(*key, *modifiers));
                    last_press = Some(match name {
                        Some(name) => {
                            self.held.push((id, name.to_owned()));
                            out.push(Event::KeyPress {
                                key: name.to_owned(),
                                modifiers: modifiers_now,
                            });
                            Press::Sent(out.len() - 1, id)
                        }
                        None => Press::NotSent,
                    });
                }
                egui::Event::Text(text) | egui::Event::Ime(egui::ImeEvent::Commit(text)) => {
                    let Some(typed) = typed_key(text) else {
                        last_press = None;
                        continue;
                    };
                    match last_press.take() {
                        // The text of the key just pressed: that key is
                        // the one typed (a repeat's text is left alone).
                        Some(Press::Sent(at, id)) => {
                            if let Event::KeyPress { key, .. } = &mut out[at] {
                                *key = typed.to_owned();
                            }
                            if let Some((_, name)) = self.held.iter_mut().find(|(k, _)| *k == id) {
                                *name = typed.to_owned();
                            }
                        }
                        Some(Press::Repeat) => {}
                        // Text with no key the game was sent: the symbol
                        // pressed and released.
                        Some(Press::NotSent) | None => {
                            out.push(Event::key(typed));
                            out.push(Event::KeyRelease {
                                key: typed.to_owned(),
                                modifiers: Modifiers::NONE,
                            });
                        }
                    }
                }
                // No release comes for a key held as the window loses the
                // keyboard (egui forgets its keys too).
                egui::Event::WindowFocused(false) => self.held.clear(),
                _ => {}
            }
        }
        out
    }
}

/// A key press, as [`HeldKeys::game_keys`] matches it with the text it
/// typed.
enum Press {
    /// Sent to the game as the event at this index, held as this key.
    Sent(usize, egui::Key),
    /// A repeat, which games are not sent.
    Repeat,
    /// A key game-api does not name.
    NotSent,
}

/// The key that types `text`, for the symbols whose key differs by layout
/// and Shift: only `?` (the convention's Hint) so far.
fn typed_key(text: &str) -> Option<&'static str> {
    (text == "?").then_some(keys::QUESTION_MARK)
}

/// The game API's modifiers for egui's: Command is the Mac's ⌘ (egui's
/// `command` is Ctrl elsewhere, which is `ctrl` here).
pub fn game_modifiers(modifiers: egui::Modifiers) -> Modifiers {
    Modifiers {
        shift: modifiers.shift,
        ctrl: modifiers.ctrl,
        alt: modifiers.alt,
        command: modifiers.mac_cmd,
    }
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

/// The game API's name for a key ([`game_api::keys`]), or `None` for a key
/// it does not name (media keys, F13 and beyond, …), which games never see.
pub fn key_name(key: egui::Key) -> Option<&'static str> {
    use egui::Key;
    const LETTERS: [&str; 26] = [
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r",
        "s", "t", "u", "v", "w", "x", "y", "z",
    ];
    const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
    const FUNCTION: [&str; 12] = [
        "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12",
    ];
    let letters = [
        Key::A,
        Key::B,
        Key::C,
        Key::D,
        Key::E,
        Key::F,
        Key::G,
        Key::H,
        Key::I,
        Key::J,
        Key::K,
        Key::L,
        Key::M,
        Key::N,
        Key::O,
        Key::P,
        Key::Q,
        Key::R,
        Key::S,
        Key::T,
        Key::U,
        Key::V,
        Key::W,
        Key::X,
        Key::Y,
        Key::Z,
    ];
    let digits = [
        Key::Num0,
        Key::Num1,
        Key::Num2,
        Key::Num3,
        Key::Num4,
        Key::Num5,
        Key::Num6,
        Key::Num7,
        Key::Num8,
        Key::Num9,
    ];
    let function = [
        Key::F1,
        Key::F2,
        Key::F3,
        Key::F4,
        Key::F5,
        Key::F6,
        Key::F7,
        Key::F8,
        Key::F9,
        Key::F10,
        Key::F11,
        Key::F12,
    ];
    if let Some(i) = letters.iter().position(|k| *k == key) {
        return Some(LETTERS[i]);
    }
    if let Some(i) = digits.iter().position(|k| *k == key) {
        return Some(DIGITS[i]);
    }
    if let Some(i) = function.iter().position(|k| *k == key) {
        return Some(FUNCTION[i]);
    }
    Some(match key {
        Key::Enter => keys::ENTER,
        Key::Escape => keys::ESCAPE,
        Key::Space => keys::SPACE,
        Key::Tab => keys::TAB,
        Key::Backspace => keys::BACKSPACE,
        Key::Delete => keys::DELETE,
        Key::Insert => keys::INSERT,
        Key::Home => keys::HOME,
        Key::End => keys::END,
        Key::PageUp => keys::PAGE_UP,
        Key::PageDown => keys::PAGE_DOWN,
        Key::ArrowLeft => keys::ARROW_LEFT,
        Key::ArrowRight => keys::ARROW_RIGHT,
        Key::ArrowUp => keys::ARROW_UP,
        Key::ArrowDown => keys::ARROW_DOWN,
        Key::Minus => keys::MINUS,
        Key::Plus => keys::PLUS,
        Key::Equals => keys::EQUALS,
        Key::Comma => keys::COMMA,
        Key::Period => keys::PERIOD,
        Key::Slash => keys::SLASH,
        Key::Backslash => keys::BACKSLASH,
        Key::Semicolon => keys::SEMICOLON,
        Key::Quote => keys::QUOTE,
        Key::Backtick => keys::BACKTICK,
        Key::OpenBracket => keys::OPEN_BRACKET,
        Key::CloseBracket => keys::CLOSE_BRACKET,
        Key::Questionmark => keys::QUESTION_MARK,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The game's keys among `events`, with no key held before.
    fn game_keys(events: &[egui::Event]) -> Vec<Event> {
        HeldKeys::default().game_keys(events)
    }
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
    fn launcher_shortcuts_and_repeats_are_not_the_games() {
        let none = egui::Modifiers::NONE;
        let ctrl = egui::Modifiers::CTRL | egui::Modifiers::COMMAND;
        let events = [
            key(Key::H, true, none, false),
            key(Key::H, true, none, true),
            key(Key::W, true, ctrl, false),
            key(Key::Z, true, ctrl, false),
            key(Key::Z, true, ctrl | egui::Modifiers::SHIFT, false),
            key(Key::F, true, egui::Modifiers::ALT, false),
            key(Key::S, true, ctrl, false),
            key(Key::F1, true, none, false),
            key(Key::F1, true, egui::Modifiers::SHIFT, false),
            key(Key::F11, true, none, false),
            key(Key::Plus, true, ctrl, false),
            key(Key::Minus, true, ctrl, false),
            key(Key::Num0, true, ctrl, false),
            key(Key::ArrowUp, true, egui::Modifiers::SHIFT, false),
            key(Key::MediaPlayPause, true, none, false),
            key(Key::H, false, none, false),
        ];
        let alt = Modifiers {
            alt: true,
            ..Modifiers::NONE
        };
        let ctrl_held = Modifiers {
            ctrl: true,
            ..Modifiers::NONE
        };
        assert_eq!(
            game_keys(&events),
            [
                Event::key("h"),
                Event::KeyPress {
                    key: "f".into(),
                    modifiers: alt
                },
                Event::KeyPress {
                    key: "s".into(),
                    modifiers: ctrl_held
                },
                Event::KeyPress {
                    key: "ArrowUp".into(),
                    modifiers: Modifiers::SHIFT
                },
                Event::KeyRelease {
                    key: "h".into(),
                    modifiers: Modifiers::NONE
                },
            ]
        );
    }

    #[test]
    fn a_typed_question_mark_is_the_question_mark_key_however_it_comes() {
        let shift = egui::Modifiers::SHIFT;
        let text = |t: &str| egui::Event::Text(t.into());
        let question = Event::KeyPress {
            key: keys::QUESTION_MARK.into(),
            modifiers: Modifiers::SHIFT,
        };
        // egui's own key, with its text: one press.
        let events = [key(Key::Questionmark, true, shift, false), text("?")];
        assert_eq!(game_keys(&events), std::slice::from_ref(&question));
        // Shift and `/` where the layer is not applied to the key: its
        // text says what was typed, and its release is the `?`'s.
        let events = [
            key(Key::Slash, true, shift, false),
            text("?"),
            key(Key::Slash, false, shift, false),
        ];
        assert_eq!(
            game_keys(&events),
            [
                question.clone(),
                Event::KeyRelease {
                    key: keys::QUESTION_MARK.into(),
                    modifiers: Modifiers::SHIFT
                }
            ]
        );
        // Text alone (an input method's commit): pressed and released.
        let pressed_and_released = [
            Event::key(keys::QUESTION_MARK),
            Event::KeyRelease {
                key: keys::QUESTION_MARK.into(),
                modifiers: Modifiers::NONE,
            },
        ];
        assert_eq!(game_keys(&[text("?")]), pressed_and_released);
        let commit = egui::Event::Ime(egui::ImeEvent::Commit("?".into()));
        assert_eq!(game_keys(&[commit]), pressed_and_released);
        // A held key's repeated text is not a new press; other text is
        // no key at all.
        let events = [
            key(Key::Questionmark, true, shift, false),
            text("?"),
            key(Key::Questionmark, true, shift, true),
            text("?"),
            text("x"),
        ];
        assert_eq!(game_keys(&events), std::slice::from_ref(&question));
        let events = [
            key(Key::Slash, true, egui::Modifiers::NONE, false),
            text("/"),
        ];
        assert_eq!(game_keys(&events), [Event::key(keys::SLASH)]);
    }

    /// Issue 40, as X delivers Shift and `/` when Shift is let go first:
    /// `?` goes down, `/` comes up (by the same physical key). The `?` is
    /// released, and the next `?` is a press, not a repeat: egui kept `?`
    /// down and called every later one a repeat.
    #[test]
    fn a_question_mark_released_as_a_slash_is_released_and_pressed_again() {
        let question = |pressed, modifiers| egui::Event::Key {
            key: Key::Questionmark,
            physical_key: Some(Key::Slash),
            pressed,
            repeat: !pressed,
            modifiers,
        };
        let slash_up = egui::Event::Key {
            key: Key::Slash,
            physical_key: Some(Key::Slash),
            pressed: false,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        };
        let mut held = HeldKeys::default();
        let press = Event::KeyPress {
            key: keys::QUESTION_MARK.into(),
            modifiers: Modifiers::SHIFT,
        };
        let release = Event::KeyRelease {
            key: keys::QUESTION_MARK.into(),
            modifiers: Modifiers::NONE,
        };
        let typed = egui::Event::Text("?".into());
        for time in 0..3 {
            // egui says the second and third are repeats: they are not.
            let mut down = question(true, egui::Modifiers::SHIFT);
            if let egui::Event::Key { repeat, .. } = &mut down {
                *repeat = time > 0;
            }
            let events = [down, typed.clone(), slash_up.clone()];
            assert_eq!(
                held.game_keys(&events),
                [press.clone(), release.clone()],
                "{time}"
            );
        }
        // Held down, the key repeats; the window losing the keyboard lets
        // go of it.
        let down = question(true, egui::Modifiers::SHIFT);
        assert_eq!(
            held.game_keys(std::slice::from_ref(&down)),
            std::slice::from_ref(&press)
        );
        assert_eq!(held.game_keys(std::slice::from_ref(&down)), []);
        assert_eq!(held.game_keys(&[egui::Event::WindowFocused(false)]), []);
        assert_eq!(held.game_keys(&[down]), [press]);
    }

    #[test]
    fn every_name_sent_is_one_game_api_documents() {
        for key in Key::ALL {
            if let Some(name) = key_name(*key) {
                assert!(keys::is_key_name(name), "{key:?} is sent as {name:?}");
            }
        }
        assert_eq!(key_name(Key::H), Some("h"));
        assert_eq!(key_name(Key::Num7), Some("7"));
        assert_eq!(key_name(Key::ArrowLeft), Some("ArrowLeft"));
        assert_eq!(key_name(Key::Enter), Some("Enter"));
        assert_eq!(key_name(Key::F12), Some("F12"));
        assert_eq!(key_name(Key::F13), None);
        // Every name game-api documents is sent for some key.
        let sent: Vec<&str> = Key::ALL.iter().filter_map(|k| key_name(*k)).collect();
        for name in keys::NAMED {
            assert!(sent.contains(&name), "no key is sent as {name:?}");
        }
        assert_eq!(sent.len(), 26 + 10 + 12 + keys::NAMED.len());
    }
}
