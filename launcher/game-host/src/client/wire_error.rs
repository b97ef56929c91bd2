//! A game's call errors as they come over the wire, turned back into
//! game-api's [`CallError`] (whose function names are `&'static str`).

use crate::protocol::WireCallError;
use game_api::host::CallError;

/// The names of the game table's functions, for errors that come back as
/// text.
const FUNCTIONS: &[&str] = &[
    "create",
    "destroy",
    "canvas_size",
    "title",
    "status",
    "draw",
    "handle_event",
    "action_count",
    "action",
    "action_shortcut",
    "invoke_action",
    "region_count",
    "region",
    "last_error",
    "save",
    "load",
    "new_game",
    "game_id",
    "from_game_id",
    "outcome",
    "reply",
];

/// A call error from the wire, as game-api's.
pub(super) fn call_error(e: WireCallError) -> CallError {
    CallError {
        function: FUNCTIONS
            .iter()
            .find(|f| **f == e.function)
            .copied()
            .unwrap_or("a function"),
        kind: e.kind,
        message: e.message,
    }
}
