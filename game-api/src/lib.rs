//! # game-api: write a game for the launcher
//!
//! A game is a dynamic library that implements [`Game`] and exports it with
//! [`export_game!`]. The launcher finds it through an `info.toml` manifest
//! beside the library, loads it when the player clicks its button, and runs it
//! in its own window. The game never touches the windowing system: it draws
//! through a [`Painter`] in its own canvas coordinates and receives plain
//! [`Event`]s.
//!
//! ```
//! use game_api::{Event, Game, GameError, Host, Painter, Point, Response, Rgba, Style};
//!
//! /// A lamp that toggles when clicked.
//! struct Lamp {
//!     on: bool,
//! }
//!
//! impl Game for Lamp {
//!     fn new(_host: Host) -> Result<Self, GameError> {
//!         Ok(Lamp { on: false })
//!     }
//!     fn canvas_size(&self) -> Point {
//!         Point::new(100.0, 100.0)
//!     }
//!     fn title(&self) -> String {
//!         "Lamp".into()
//!     }
//!     fn status(&self) -> String {
//!         if self.on { "On".into() } else { "Off".into() }
//!     }
//!     fn draw(&self, painter: &mut dyn Painter) {
//!         let color = if self.on { Rgba::rgb(255, 220, 0) } else { Rgba::rgb(60, 60, 60) };
//!         painter.circle(Point::new(50.0, 50.0), 40.0, Style::solid(color));
//!     }
//!     fn handle_event(&mut self, event: &Event) -> Response {
//!         match event {
//!             Event::PointerRelease { .. } => {
//!                 self.on = !self.on;
//!                 Response::REDRAW
//!             }
//!             _ => Response::NONE,
//!         }
//!     }
//! }
//!
//! // In the game's crate (crate-type = ["cdylib"]):
//! game_api::export_game!(Lamp);
//! ```
//!
//! ## The boundary
//!
//! Rust has no stable ABI, so nothing of Rust's crosses the library boundary:
//! [`export_game!`] publishes a `#[repr(C)]` table of `extern "C"` functions
//! ([`abi::GameTable`]) with an ABI version and the table's size. The launcher
//! checks both before it calls anything else. Every exported function catches
//! panics; a panicking game is closed with its message and the launcher lives
//! on. The library must therefore be built with `panic = "unwind"` (the default).
//!
//! Hosts (the launcher, tests, tools) use [`host::GameInstance`], the safe
//! wrapper over a loaded table.

#![warn(missing_docs)]

pub mod abi;
pub mod guest;
pub mod host;
mod paint;

pub use abi::{ABI_VERSION, Point, Rgba};
pub use guest::Host;
pub use paint::{
    Anchor, BLACK, Painter, RecordingPainter, Shape, Stroke, Style, TRANSPARENT, WHITE,
};

/// A pointer button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Button {
    /// The primary (usually left) button.
    Primary,
    /// The secondary (usually right) button.
    Secondary,
    /// The middle button or wheel click.
    Middle,
}

impl Button {
    pub(crate) fn to_raw(self) -> u32 {
        match self {
            Button::Primary => 0,
            Button::Secondary => 1,
            Button::Middle => 2,
        }
    }

    pub(crate) fn from_raw(raw: u32) -> Button {
        match raw {
            1 => Button::Secondary,
            2 => Button::Middle,
            _ => Button::Primary,
        }
    }
}

/// An input event, with pointer positions in the game's canvas coordinates.
///
/// Key names are those of egui's `Key::name`: a letter key is its lower-case
/// letter (`"h"`, `"n"`), others are names like `"Enter"`, `"Escape"`,
/// `"Space"`, `"ArrowLeft"`.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The pointer moved to `pos` over the canvas.
    PointerMove {
        /// New position.
        pos: Point,
    },
    /// A button went down at `pos`.
    PointerPress {
        /// Position.
        pos: Point,
        /// Which button.
        button: Button,
    },
    /// A button went up at `pos`.
    PointerRelease {
        /// Position.
        pos: Point,
        /// Which button.
        button: Button,
    },
    /// The pointer entered the canvas at `pos`.
    PointerEnter {
        /// Position.
        pos: Point,
    },
    /// The pointer left the canvas.
    PointerLeave,
    /// A key went down.
    KeyPress {
        /// The key's name.
        key: String,
    },
    /// A key went up.
    KeyRelease {
        /// The key's name.
        key: String,
    },
}

/// What the host should do after the game handled something.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Response {
    /// The canvas, title, status or actions changed: draw again.
    pub redraw: bool,
}

impl Response {
    /// Nothing changed.
    pub const NONE: Response = Response { redraw: false };
    /// Something changed; draw again.
    pub const REDRAW: Response = Response { redraw: true };
}

/// The kind of a game-specific control (see [`Action`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionKind {
    /// A button.
    Button,
    /// A text field holding `value`; invoked with the edited text.
    Text {
        /// The current text.
        value: String,
    },
    /// A choice among `options`; invoked with the chosen option.
    Choice {
        /// The options, in display order.
        options: Vec<String>,
        /// The option chosen now.
        selected: String,
    },
}

/// A game-specific control the launcher shows in the game window's tool bar,
/// e.g. "New game", a board-size choice or a game-ID field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    /// Stable identifier passed to [`Game::invoke_action`].
    pub id: String,
    /// Label shown to the player.
    pub label: String,
    /// What kind of control.
    pub kind: ActionKind,
    /// Whether the control can be used now.
    pub enabled: bool,
}

impl Action {
    /// An enabled button.
    pub fn button(id: &str, label: &str) -> Action {
        Action {
            id: id.into(),
            label: label.into(),
            kind: ActionKind::Button,
            enabled: true,
        }
    }
}

/// An error a game reports to the launcher, shown to the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError(pub String);

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GameError {}

impl From<String> for GameError {
    fn from(message: String) -> Self {
        GameError(message)
    }
}

impl From<&str> for GameError {
    fn from(message: &str) -> Self {
        GameError(message.to_owned())
    }
}

/// A game, as its author writes it. Export it with [`export_game!`].
///
/// The launcher calls these one at a time, and every call to one game (from
/// [`Game::new`] to its drop) on the same thread: the UI thread when the game
/// has a window, a thread of its own when the launcher checks the game
/// without one. It checks a game (`new`, the texts and actions, one `draw`,
/// then drop) for `launcher --list`, and once per session before the game's
/// first window opens, so that a game that hangs cannot freeze the console:
/// `new` may run more often than the player starts the game. A panic in any of
/// them is caught at the boundary: the game's window closes with the message.
pub trait Game: Sized + 'static {
    /// Starts a new game. `host` offers the launcher's services (help,
    /// manual, redraw) for as long as the game runs; keep it if you need it.
    fn new(host: Host) -> Result<Self, GameError>;

    /// The size of the canvas in canvas pixels. The launcher scales the canvas
    /// to the window and maps pointer positions back.
    fn canvas_size(&self) -> Point;

    /// The window title.
    fn title(&self) -> String;

    /// A line of status text shown under the canvas ("Your move", "You won").
    fn status(&self) -> String {
        String::new()
    }

    /// Draws the whole canvas.
    fn draw(&self, painter: &mut dyn Painter);

    /// Handles one input event.
    fn handle_event(&mut self, event: &Event) -> Response;

    /// The game-specific controls to show now.
    fn actions(&self) -> Vec<Action> {
        Vec::new()
    }

    /// Runs the action `id` with `value` (the text of a text field, the chosen
    /// option of a choice, empty for a button).
    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        let _ = value;
        Err(GameError(format!("unknown action {id:?}")))
    }
}
