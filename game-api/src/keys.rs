//! game-api's key names: what [`crate::Event::KeyPress`] and
//! [`crate::Event::KeyRelease`] carry in `key`.
//!
//! * A letter key is its lower-case letter, `"a"` to `"z"`, with or without
//!   Shift (Shift is in the event's modifiers).
//! * A digit key (top row or keypad) is its digit, `"0"` to `"9"`.
//! * A function key is `"F1"` to `"F12"`.
//! * Every other key the launcher sends has a constant below, e.g.
//!   [`ENTER`] is `"Enter"`, [`ARROW_LEFT`] is `"ArrowLeft"`.
//!
//! Keys not in this list are not sent. The names are plain text so that a
//! game in any language compares them as strings; they are the same in
//! every revision of the ABI (revision 1 sent the same names).
//!
//! ```
//! use game_api::{Event, keys};
//! let event = Event::key("ArrowLeft");
//! assert!(matches!(&event, Event::KeyPress { key, .. } if key == keys::ARROW_LEFT));
//! assert!(keys::is_key_name("q") && keys::is_key_name("F12"));
//! assert!(!keys::is_key_name("Q") && !keys::is_key_name("Left"));
//! ```

/// Enter (Return).
pub const ENTER: &str = "Enter";

/// Escape.
pub const ESCAPE: &str = "Escape";

/// The space bar.
pub const SPACE: &str = "Space";

/// Tab.
pub const TAB: &str = "Tab";

/// Backspace.
pub const BACKSPACE: &str = "Backspace";

/// Delete.
pub const DELETE: &str = "Delete";

/// Insert.
pub const INSERT: &str = "Insert";

/// Home.
pub const HOME: &str = "Home";

/// End.
pub const END: &str = "End";

/// Page Up.
pub const PAGE_UP: &str = "PageUp";

/// Page Down.
pub const PAGE_DOWN: &str = "PageDown";

/// The left arrow.
pub const ARROW_LEFT: &str = "ArrowLeft";

/// The right arrow.
pub const ARROW_RIGHT: &str = "ArrowRight";

/// The up arrow.
pub const ARROW_UP: &str = "ArrowUp";

/// The down arrow.
pub const ARROW_DOWN: &str = "ArrowDown";

/// `-`.
pub const MINUS: &str = "Minus";

/// `+` (on keyboards with a key of its own, and the keypad).
pub const PLUS: &str = "Plus";

/// `=`.
pub const EQUALS: &str = "Equals";

/// `,`.
pub const COMMA: &str = "Comma";

/// `.`.
pub const PERIOD: &str = "Period";

/// `/`.
pub const SLASH: &str = "Slash";

/// `\\`.
pub const BACKSLASH: &str = "Backslash";

/// `;`.
pub const SEMICOLON: &str = "Semicolon";

/// `'`.
pub const QUOTE: &str = "Quote";

/// `` ` ``.
pub const BACKTICK: &str = "Backtick";

/// `[`.
pub const OPEN_BRACKET: &str = "OpenBracket";

/// `]`.
pub const CLOSE_BRACKET: &str = "CloseBracket";

/// `?` (Shift and `/` on many keyboards; the key that types a question
/// mark).
pub const QUESTION_MARK: &str = "QuestionMark";

/// Every named key above, for checks and key-binding screens.
pub const NAMED: [&str; 28] = [
    ENTER,
    ESCAPE,
    SPACE,
    TAB,
    BACKSPACE,
    DELETE,
    INSERT,
    HOME,
    END,
    PAGE_UP,
    PAGE_DOWN,
    ARROW_LEFT,
    ARROW_RIGHT,
    ARROW_UP,
    ARROW_DOWN,
    MINUS,
    PLUS,
    EQUALS,
    COMMA,
    PERIOD,
    SLASH,
    BACKSLASH,
    SEMICOLON,
    QUOTE,
    BACKTICK,
    OPEN_BRACKET,
    CLOSE_BRACKET,
    QUESTION_MARK,
];

/// Whether `name` is a key name the launcher sends: a lower-case letter, a
/// digit, `F1`–`F12` or one of [`NAMED`].
pub fn is_key_name(name: &str) -> bool {
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => c.is_ascii_lowercase() || c.is_ascii_digit(),
        _ => {
            NAMED.contains(&name)
                || name
                    .strip_prefix('F')
                    .and_then(|n| n.parse::<u8>().ok())
                    .is_some_and(|n| (1..=12).contains(&n) && !name.starts_with("F0"))
        }
    }
}
