//! # game-api: write a game for the launcher
//!
//! A game is a dynamic library that implements [`Game`] and exports it with
//! [`export_game!`]. The launcher finds it through an `info.toml` manifest
//! beside the library, loads it when the player clicks its button, and runs it
//! in its own window, in a sandboxed process of its own (see [`Game`]). The
//! game never touches the windowing system: it draws through a [`Painter`]
//! in its own canvas coordinates and receives plain [`Event`]s.
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
mod codec;
pub mod computer;
pub mod grid;
pub mod guest;
pub mod host;
pub mod keys;
mod paint;
pub mod rng;
pub mod saved_text;
pub mod settings;

pub use abi::{ABI_REVISION, ABI_VERSION, Point, Rgba};
pub use computer::Ticks;
pub use guest::Host;
pub use host::MAX_CHOSEN_FILE_BYTES;

pub use paint::{
    Anchor, BLACK, MeasuringRecorder, Painter, Picture, PictureSource, PictureStyle, Pixels,
    RecordingPainter, Shape, Stroke, Style, TRANSPARENT, TextStyle, WHITE, estimate_text_size,
};
pub use rng::Rng;

/// A pointer button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Button {
    /// The primary (usually left) button.
    Primary,
    /// The secondary (usually right) button.
    Secondary,
    /// The middle button or wheel click.
    Middle,
}

/// The modifier keys held during a key or button event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Modifiers {
    /// Shift.
    pub shift: bool,
    /// Ctrl.
    pub ctrl: bool,
    /// Alt (Option on a Mac).
    pub alt: bool,
    /// Command (⌘) on a Mac; the Windows / Super key elsewhere.
    pub command: bool,
}

impl Modifiers {
    /// No modifier held.
    pub const NONE: Modifiers = Modifiers {
        shift: false,
        ctrl: false,
        alt: false,
        command: false,
    };

    /// Only Shift held.
    pub const SHIFT: Modifiers = Modifiers {
        shift: true,
        ..Modifiers::NONE
    };

    /// Whether no modifier is held.
    pub fn is_none(self) -> bool {
        self == Modifiers::NONE
    }
}

/// An input event, with pointer positions in the game's canvas coordinates.
///
/// Key names are game-api's own, listed in [`keys`]: a letter is its
/// lower-case letter (`"h"`), a digit its digit (`"7"`), other keys have
/// names like `"Enter"`, `"Space"`, `"ArrowLeft"`. Shift does not change the
/// name (Shift+H is `"h"` with [`Modifiers::shift`]).
///
/// The launcher keeps some keys for itself and does not send them: Ctrl+Z,
/// Ctrl+Y and Ctrl+Shift+Z (undo and redo), Ctrl+N and Ctrl+R (new game and
/// restart) when the game offers them, and Ctrl+W, Ctrl+Q, Escape-to-close
/// shortcuts of the window. Key repeats are not sent.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// The pointer moved to `pos` over the canvas. Never sent twice in a
    /// row for one place: a move comes only where the last move did not
    /// take the pointer already, or after another pointer event.
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
        /// The modifiers held (none from a revision-1 launcher).
        modifiers: Modifiers,
    },
    /// A button went up at `pos`.
    PointerRelease {
        /// Position.
        pos: Point,
        /// Which button.
        button: Button,
        /// The modifiers held (none from a revision-1 launcher).
        modifiers: Modifiers,
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
        /// The key's name, one of [`keys`].
        key: String,
        /// The modifiers held (none from a revision-1 launcher).
        modifiers: Modifiers,
    },
    /// A key went up.
    KeyRelease {
        /// The key's name, one of [`keys`].
        key: String,
        /// The modifiers held (none from a revision-1 launcher).
        modifiers: Modifiers,
    },
    /// Time passed while the game asked for ticks ([`Host::request_ticks`]):
    /// `dt` seconds since the last tick (or since the request).
    Tick {
        /// Seconds since the previous tick.
        dt: f32,
    },
    /// The wheel or touchpad scrolled over the canvas (from a launcher of
    /// ABI revision 3 on, after [`Host::request_input`]).
    Scroll {
        /// Where the pointer is.
        pos: Point,
        /// How far the content under the pointer should move, in canvas
        /// points: `y > 0` when the wheel turns up (towards the top of the
        /// content), `x > 0` to the left.
        delta: Point,
        /// The modifiers held (Ctrl+wheel, say, to zoom).
        modifiers: Modifiers,
    },
    /// A button was clicked twice in quick succession at `pos` (from a
    /// launcher of ABI revision 3 on, after [`Host::request_input`]). Its
    /// two clicks arrive before it as presses and releases.
    DoubleClick {
        /// Position.
        pos: Point,
        /// Which button.
        button: Button,
        /// The modifiers held.
        modifiers: Modifiers,
    },
}

impl Event {
    /// A key press without modifiers, as tests and tools write it.
    pub fn key(key: &str) -> Event {
        Event::KeyPress {
            key: key.to_owned(),
            modifiers: Modifiers::NONE,
        }
    }

    /// A primary-button press at `pos`, without modifiers.
    pub fn press(pos: Point) -> Event {
        Event::PointerPress {
            pos,
            button: Button::Primary,
            modifiers: Modifiers::NONE,
        }
    }

    /// A primary-button release at `pos`, without modifiers.
    pub fn release(pos: Point) -> Event {
        Event::PointerRelease {
            pos,
            button: Button::Primary,
            modifiers: Modifiers::NONE,
        }
    }
}

/// The input events a game gets only when it asks for them
/// ([`Host::request_input`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct InputKinds {
    /// [`Event::Scroll`]: the wheel and the touchpad.
    pub scroll: bool,
    /// [`Event::DoubleClick`].
    pub double_click: bool,
}

impl InputKinds {
    /// Both kinds.
    pub const ALL: InputKinds = InputKinds {
        scroll: true,
        double_click: true,
    };
}

/// What the host should do after the game handled something.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Response {
    /// The canvas, title, status or actions changed: draw again.
    pub redraw: bool,
}

impl Response {
    /// Nothing changed.
    pub const NONE: Response = Response { redraw: false };
    /// Something changed; draw again.
    pub const REDRAW: Response = Response { redraw: true };

    /// [`Response::REDRAW`] when `changed`, else [`Response::NONE`].
    pub const fn redraw_if(changed: bool) -> Response {
        Response { redraw: changed }
    }
}

/// The kind of a game-specific control (see [`Action`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Action {
    /// Stable identifier passed to [`Game::invoke_action`].
    pub id: String,
    /// Label shown to the player.
    pub label: String,
    /// What kind of control.
    pub kind: ActionKind,
    /// Whether the control can be used now.
    pub enabled: bool,
    /// The key that invokes it (ABI revision 3), a name of [`keys`]: the
    /// launcher shows it beside the control and in the Game menu, and
    /// invokes the control when the key is pressed without Ctrl, Alt or
    /// Command; the key then does not reach [`Game::handle_event`]. A
    /// shortcut cycles a choice to its next option. Ctrl+Z, Ctrl+Y, Ctrl+N,
    /// Ctrl+R, Ctrl+W and Ctrl+Q are the launcher's own.
    pub shortcut: Option<String>,
}

impl Action {
    /// An enabled button.
    pub fn button(id: &str, label: &str) -> Action {
        Action {
            id: id.into(),
            label: label.into(),
            kind: ActionKind::Button,
            enabled: true,
            shortcut: None,
        }
    }

    /// An enabled choice among `options`, `selected` chosen now. Options
    /// may be numbers as well as words: each is shown as it prints, and
    /// [`parse_choice`] reads the one the player chose back.
    ///
    /// ```
    /// use game_api::{Action, ActionKind, parse_choice};
    /// let size = Action::choice("size", "Size", [5, 7, 9, 11], 11);
    /// assert!(matches!(&size.kind, ActionKind::Choice { selected, .. } if selected == "11"));
    /// // In `Game::invoke_action("size", value)`:
    /// let chosen: u32 = parse_choice("7").unwrap();
    /// assert_eq!(chosen, 7);
    /// ```
    pub fn choice<T: std::fmt::Display>(
        id: &str,
        label: &str,
        options: impl IntoIterator<Item = T>,
        selected: T,
    ) -> Action {
        Action {
            id: id.into(),
            label: label.into(),
            kind: ActionKind::Choice {
                options: options.into_iter().map(|o| o.to_string()).collect(),
                selected: selected.to_string(),
            },
            enabled: true,
            shortcut: None,
        }
    }

    /// The same control, invoked by `key` (a name of [`keys`], such as
    /// `"h"` or `"F2"`; see [`Action::shortcut`]).
    pub fn with_shortcut(mut self, key: &str) -> Action {
        self.shortcut = Some(key.into());
        self
    }

    /// The same control, enabled or not.
    pub fn enabled(mut self, enabled: bool) -> Action {
        self.enabled = enabled;
        self
    }
}

/// A labelled part of the canvas, for screen readers and tests (ABI
/// revision 3): the launcher makes each an accessibility node with this
/// label, and activating the node clicks the region's centre (a primary
/// press and release), as the mouse would.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Region {
    /// What a screen reader says, e.g. "cell 3, 4: free".
    pub label: String,
    /// Its top-left corner, in canvas pixels.
    pub min: Point,
    /// Its width and height.
    pub size: Point,
}

impl Region {
    /// The region of `size` at `min` labelled `label`.
    pub fn new(label: impl Into<String>, min: Point, size: Point) -> Region {
        Region {
            label: label.into(),
            min,
            size,
        }
    }

    /// Its centre, where activating it clicks.
    pub fn center(&self) -> Point {
        Point::new(
            self.min.x + self.size.x / 2.0,
            self.min.y + self.size.y / 2.0,
        )
    }
}

/// Reads the option a player chose in a choice whose options are numbers
/// (or any type that parses from its printed form): the value
/// [`Game::invoke_action`] gets. An error for the player when it is not
/// one.
pub fn parse_choice<T: std::str::FromStr>(value: &str) -> Result<T, GameError> {
    value
        .trim()
        .parse()
        .map_err(|_| GameError(format!("\"{value}\" is not one of the choices")))
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
/// Each game runs in a process of its own, never in the launcher's console:
/// for each window the launcher starts its own binary again, sandboxed where
/// the system allows it (the game's folder read-only, its data directory
/// writable, no network, no other programs), loads the library there and
/// creates the game. It calls
/// these one at a time, and every call to one game (from [`Game::new`] to
/// its drop) on the same thread; a test may call a game from any thread, so
/// assume none. The launcher also checks a game (`new`, the texts and
/// actions, one `draw`, then drop), each check in a process of its own: for
/// `plt-games --list` and `--check`, and in the background as the console
/// opens. So `new` may run more often than the player starts the game.
///
/// A panic in any of them is caught at the boundary: the game's window
/// closes with the message. A crash (a segmentation fault, an abort, a
/// stack overflow, `std::process::exit`) ends only the game's process: its
/// window stays and says what happened, with Restart; a call that takes
/// more than 2 s makes the window say the game is not responding, with Wait
/// and Stop. The console and the other games go on in every case.
pub trait Game: Sized + 'static {
    /// Starts a new game. `host` offers the launcher's services (help,
    /// manual, redraw) for as long as the game runs; keep it if you need it.
    /// A game with [`NewGame`] need not roll a seed here: the launcher
    /// deals the first game with [`NewGame::new_game`] right after (unless
    /// it resumes a saved one), so any fixed seed will do.
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

    /// The answer to [`Host::choose_file`] (ABI revision 5): the file the
    /// player chose (its name and bytes), or that they cancelled, or why
    /// the launcher refused. Keep what you need of it (in
    /// [`Host::data_dir`], say, to remember the choice). The default
    /// ignores it.
    fn file_chosen(&mut self, choice: FileChoice) -> Response {
        let _ = choice;
        Response::NONE
    }

    /// The size the canvas has in the window, in canvas pixels (ABI
    /// revision 5), after the game asked for it with
    /// [`Host::request_layout`]: now, and whenever the window's size
    /// changes (the C table's `layout`). Lay the game out to it (wider
    /// spacing in a wider window, not bigger cards) and answer it from
    /// [`Game::canvas_size`]; the launcher shows the canvas unscaled and
    /// draws it again. The default ignores it.
    ///
    /// (Not named `layout`: a game's own `self.layout()` must keep
    /// meaning its own method.)
    fn lay_out_canvas(&mut self, size: Point) -> Response {
        let _ = size;
        Response::NONE
    }

    /// The canvas's labelled regions now (ABI revision 3), asked for after
    /// every redraw: what a screen reader reads, and what tests find by
    /// label. A board game gives one per cell ("cell 3, 4: blocked").
    fn regions(&self) -> Vec<Region> {
        Vec::new()
    }
}

/// The pointer's shape over the canvas, which a game asks for with
/// [`Host::set_cursor`] (ABI revision 5): a hand over what can be clicked,
/// an open hand over what can be dragged, a closed one while dragging.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Cursor {
    /// The default arrow.
    #[default]
    Default,
    /// A pointing hand: something to click.
    PointingHand,
    /// An open hand: something to drag.
    Grab,
    /// A closed hand: something being dragged.
    Grabbing,
    /// Not allowed: a drop refused here.
    NotAllowed,
}

impl Cursor {
    /// Every shape.
    pub const ALL: [Cursor; 5] = [
        Cursor::Default,
        Cursor::PointingHand,
        Cursor::Grab,
        Cursor::Grabbing,
        Cursor::NotAllowed,
    ];

    /// The shape's code, one of `abi::CURSOR_*`.
    pub fn to_raw(self) -> u32 {
        match self {
            Cursor::Default => abi::CURSOR_DEFAULT,
            Cursor::PointingHand => abi::CURSOR_POINTING_HAND,
            Cursor::Grab => abi::CURSOR_GRAB,
            Cursor::Grabbing => abi::CURSOR_GRABBING,
            Cursor::NotAllowed => abi::CURSOR_NOT_ALLOWED,
        }
    }

    /// The shape of a code; an unknown one is the default arrow.
    pub fn from_raw(raw: u32) -> Cursor {
        Cursor::ALL
            .into_iter()
            .find(|c| c.to_raw() == raw)
            .unwrap_or_default()
    }
}

/// A kind of file a game may ask the player for ([`Host::choose_file`],
/// ABI revision 5). The launcher's dialog shows only files of the kind.
/// Kinds are only ever added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum FileKind {
    /// A picture: PNG or JPEG.
    Picture,
}

impl FileKind {
    /// Every kind.
    pub const ALL: [FileKind; 1] = [FileKind::Picture];

    /// The file name extensions of the kind, in lower case, without the dot.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            FileKind::Picture => &["png", "jpg", "jpeg"],
        }
    }

    /// What the kind is called in the launcher's dialog: "Pictures (PNG, JPEG)".
    pub fn describe(self) -> &'static str {
        match self {
            FileKind::Picture => "Pictures (PNG, JPEG)",
        }
    }

    /// Whether a file named `name` is of this kind (by its extension, in
    /// any case).
    pub fn matches(self, name: &str) -> bool {
        name.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty()
                && self
                    .extensions()
                    .iter()
                    .any(|e| e.eq_ignore_ascii_case(ext))
        })
    }

    /// The kind's code, one of `abi::FILE_KIND_*`.
    pub fn to_raw(self) -> u32 {
        match self {
            FileKind::Picture => abi::FILE_KIND_PICTURE,
        }
    }

    /// The kind of a code; `None` for one this build does not know.
    pub fn from_raw(raw: u32) -> Option<FileKind> {
        FileKind::ALL.into_iter().find(|k| k.to_raw() == raw)
    }
}

/// A file the player chose for the game: its name (without its folder:
/// the game never learns where the player keeps it) and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChosenFile {
    /// The kind the game asked for.
    pub kind: FileKind,
    /// The file's name, such as `"holiday.png"`.
    pub name: String,
    /// Its bytes, as they are on disk (at most
    /// [`host::MAX_CHOSEN_FILE_BYTES`]).
    #[cfg_attr(feature = "serde", serde(with = "serde_bytes"))]
    pub bytes: Vec<u8>,
}

/// The answer to [`Host::choose_file`], given to [`Game::file_chosen`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FileChoice {
    /// The player chose this file.
    Chosen(ChosenFile),
    /// The player closed the dialog without choosing a file of this kind.
    Cancelled(FileKind),
    /// The launcher refused: the request did not answer a click or a key
    /// of the player, a dialog was open already, or the chosen file could
    /// not be read (too large, not a regular file). The reason is for the
    /// player.
    Refused(String),
}

/// Whether a game is won, lost or going on, and its score if it keeps one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameResult {
    /// The game goes on.
    Playing,
    /// The player won.
    Won,
    /// The player lost.
    Lost,
}

/// How a game stands, for the launcher's statistics ([`Outcomes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// Won, lost or going on.
    pub result: GameResult,
    /// The score, higher is better, if the game keeps one.
    pub score: Option<i64>,
    /// Whether the game helped the player (hints, a solver): the launcher
    /// counts such a win apart, and it sets no record (revision 4).
    pub assisted: bool,
    /// Whether the game is nobody's (revision 6): the player did not play
    /// it (a record typed in and replayed, computers playing each other),
    /// so the launcher counts it for nobody, neither won nor lost.
    pub for_nobody: bool,
    /// What undoing the change that reached this position would mean
    /// (revision 6): a game with hidden information says which of its
    /// moves reveal what the player could not know (a card dealt or
    /// drawn, an opponent's turn), so that Undo does not show it.
    pub undo: UndoRule,
}

/// What undoing a move would mean, as a game says of each change
/// ([`Outcome::undo`], ABI revision 6). The launcher's midend asks after
/// every move it records; most games never say anything but
/// [`UndoRule::Free`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum UndoRule {
    /// The move may be undone: it showed the player nothing new.
    #[default]
    Free,
    /// The move cannot be undone: it revealed something (a card dealt or
    /// drawn, an opponent's turn). Undo stops at the position it reached,
    /// and Restart goes back no further than it.
    Barrier,
    /// The move may be undone, but undoing it is help (the player saw what
    /// it revealed): a game undone past it counts as assisted.
    Assists,
}

impl Outcome {
    /// The game goes on.
    pub const PLAYING: Outcome = Outcome {
        result: GameResult::Playing,
        score: None,
        assisted: false,
        for_nobody: false,
        undo: UndoRule::Free,
    };

    /// The player won (no score).
    pub const fn won() -> Outcome {
        Outcome {
            result: GameResult::Won,
            score: None,
            assisted: false,
            for_nobody: false,
            undo: UndoRule::Free,
        }
    }

    /// The player lost (no score).
    pub const fn lost() -> Outcome {
        Outcome {
            result: GameResult::Lost,
            score: None,
            assisted: false,
            for_nobody: false,
            undo: UndoRule::Free,
        }
    }

    /// The same outcome, marked as helped by the game when `assisted`
    /// (the player asked for a hint, or let the game play for them).
    ///
    /// ```
    /// use game_api::Outcome;
    /// let hints_used = 2;
    /// assert!(Outcome::won().with_assistance(hints_used > 0).assisted);
    /// ```
    pub const fn with_assistance(self, assisted: bool) -> Outcome {
        Outcome { assisted, ..self }
    }

    /// The same outcome, counted for nobody (revision 6): the player did
    /// not play this game. Say so of a game that ended without a move of
    /// the player's (its record typed in and replayed, or played by
    /// computers only); the launcher's statistics then count it neither as
    /// won nor as lost, and it sets no record.
    ///
    /// ```
    /// use game_api::Outcome;
    /// let people = 0;
    /// let outcome = Outcome::won();
    /// let outcome = if people == 0 { outcome.for_nobody() } else { outcome };
    /// assert!(outcome.for_nobody && outcome.is_over());
    /// ```
    pub const fn for_nobody(self) -> Outcome {
        Outcome {
            for_nobody: true,
            ..self
        }
    }

    /// The same outcome, saying what undoing the change that reached it
    /// would mean (ABI revision 6; see [`UndoRule`]).
    ///
    /// ```
    /// use game_api::{Outcome, UndoRule};
    /// let dealt_a_card = true;
    /// let rule = if dealt_a_card { UndoRule::Barrier } else { UndoRule::Free };
    /// assert_eq!(Outcome::PLAYING.with_undo(rule).undo, UndoRule::Barrier);
    /// ```
    pub const fn with_undo(self, undo: UndoRule) -> Outcome {
        Outcome { undo, ..self }
    }

    /// The same outcome with a score.
    pub const fn with_score(self, score: i64) -> Outcome {
        Outcome {
            score: Some(score),
            ..self
        }
    }

    /// Whether the game is over (won or lost).
    pub fn is_over(&self) -> bool {
        self.result != GameResult::Playing
    }
}

/// Optional: the game's whole state as bytes. With it the launcher gives
/// the game **undo and redo** (Ctrl+Z, Ctrl+Y, toolbar buttons),
/// **Restart**, and **resume** (the game comes back where the player left
/// it when the launcher starts again). Declare it in [`export_game!`] with
/// `save`.
///
/// The launcher calls [`SaveLoad::save`] after every event or action that
/// asked for a redraw, and records a move when the bytes differ from the
/// last ones: put in them what makes a position (the board, whose turn),
/// not what the pointer hovers over. Keep it fast (microseconds).
pub trait SaveLoad: Game {
    /// The game's state now.
    fn save(&self) -> Vec<u8>;

    /// Replaces the state with `bytes` from [`SaveLoad::save`] — perhaps of
    /// an older build of the game, perhaps damaged on disk. Refuse what you
    /// cannot read with an error and keep the state you had.
    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError>;
}

/// Optional: new games from seeds, and game IDs. With it the launcher
/// shows **New game** (a fresh seed), **Game ▸ Random seed…**, and the
/// **Game ID** field (copy, paste, Enter). Declare it in [`export_game!`]
/// with `new_game`.
pub trait NewGame: Game {
    /// Starts a new game from `seed`; the same seed must give the same game.
    /// The launcher calls it for the first game too, right after
    /// [`Game::new`], and for every New game, each time with a fresh seed.
    fn new_game(&mut self, seed: u64);

    /// The ID of the game being played: a text from which
    /// [`NewGame::start_from_game_id`] starts the same game again, to replay or
    /// share it.
    fn game_id(&self) -> String;

    /// Starts the game whose ID the player typed, or says what is wrong with
    /// it (shown beside the field) and keeps the game as it was.
    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError>;
}

/// Optional: whether the game is won or lost. With it the launcher keeps
/// the player's **statistics** for the game (played, won, lost, streaks,
/// best time and score). Declare it in [`export_game!`] with `outcome`.
pub trait Outcomes: Game {
    /// How the game stands now.
    fn outcome(&self) -> Outcome;

    /// How its scores compare (ABI revision 5), asked once as the game
    /// starts: higher is better (the default), or fewer is better
    /// ([`ScoreKind::fewest`]: moves, seconds), and what a score counts,
    /// which the statistics show ("10 moves" as the best).
    fn score_kind(&self) -> ScoreKind {
        ScoreKind::points()
    }
}

/// How a game's scores compare, and what they count ([`Outcomes::score_kind`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ScoreKind {
    /// Whether a lower score is better (the fewest moves wins).
    pub lower_is_better: bool,
    /// What a score counts, for the statistics ("moves"; empty for points).
    pub unit: String,
}

impl ScoreKind {
    /// Points: higher is better, no unit.
    pub fn points() -> ScoreKind {
        ScoreKind::default()
    }

    /// Fewer is better, counted in `unit` ("moves", "seconds").
    ///
    /// ```
    /// let kind = game_api::ScoreKind::fewest("moves");
    /// assert!(kind.lower_is_better);
    /// assert!(kind.is_better(9, 10));
    /// ```
    pub fn fewest(unit: &str) -> ScoreKind {
        ScoreKind {
            lower_is_better: true,
            unit: unit.to_owned(),
        }
    }

    /// Whether `score` beats `best`.
    pub fn is_better(&self, score: i64, best: i64) -> bool {
        if self.lower_is_better {
            score < best
        } else {
            score > best
        }
    }
}
