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

/// The keys the launcher keeps for itself in every game window: F1 (the
/// game's help) and F11 (full screen). No game receives them, not even as
/// a control's shortcut; the launcher's Ctrl keys are the others it keeps
/// (a shortcut is a key without Ctrl, so none can be one).
pub const HOST_KEYS: [&str; 2] = ["F1", "F11"];

/// The key name a text that is not one most likely means, for a message:
/// the key that types a symbol (`"?"` is [`QUESTION_MARK`], `"+"`
/// [`PLUS`]), a letter in upper case (`"H"` is `"h"`), a name in another
/// case or a usual other name (`"enter"`, `"Esc"`, `"Left"`). `None` when
/// nothing comes close, or when `text` is a key name already.
///
/// ```
/// use game_api::keys;
/// assert_eq!(keys::key_name_for("?").as_deref(), Some("QuestionMark"));
/// assert_eq!(keys::key_name_for("H").as_deref(), Some("h"));
/// assert_eq!(keys::key_name_for("esc").as_deref(), Some("Escape"));
/// assert_eq!(keys::key_name_for("f2").as_deref(), Some("F2"));
/// assert_eq!(keys::key_name_for("h"), None);
/// assert_eq!(keys::key_name_for("Size"), None);
/// ```
pub fn key_name_for(text: &str) -> Option<String> {
    if is_key_name(text) {
        return None;
    }
    let symbol = match text {
        "?" => Some(QUESTION_MARK),
        " " => Some(SPACE),
        "-" => Some(MINUS),
        "+" => Some(PLUS),
        "=" => Some(EQUALS),
        "," => Some(COMMA),
        "." => Some(PERIOD),
        "/" => Some(SLASH),
        "\\" => Some(BACKSLASH),
        ";" => Some(SEMICOLON),
        "'" => Some(QUOTE),
        "`" => Some(BACKTICK),
        "[" => Some(OPEN_BRACKET),
        "]" => Some(CLOSE_BRACKET),
        _ => None,
    };
    if let Some(name) = symbol {
        return Some(name.to_owned());
    }
    let lower = text.trim().to_ascii_lowercase();
    if is_key_name(&lower) {
        return Some(lower);
    }
    let upper_f = lower.replacen('f', "F", 1);
    if lower.starts_with('f') && is_key_name(&upper_f) {
        return Some(upper_f);
    }
    let alias = match lower.as_str() {
        "esc" => Some(ESCAPE),
        "return" => Some(ENTER),
        "del" => Some(DELETE),
        "left" => Some(ARROW_LEFT),
        "right" => Some(ARROW_RIGHT),
        "up" => Some(ARROW_UP),
        "down" => Some(ARROW_DOWN),
        "pageup" | "page up" | "pgup" => Some(PAGE_UP),
        "pagedown" | "page down" | "pgdn" => Some(PAGE_DOWN),
        "question" | "question mark" => Some(QUESTION_MARK),
        _ => None,
    };
    alias
        .or_else(|| {
            NAMED
                .iter()
                .copied()
                .find(|n| n.eq_ignore_ascii_case(&lower))
        })
        .map(str::to_owned)
}

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
