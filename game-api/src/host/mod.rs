//! The host's side of the boundary: a safe wrapper over a game library's table.
//!
//! [`GameLibrary::from_entry`] checks the ABI version and table size before
//! anything else is read; [`GameInstance`] calls the game and treats all it
//! returns as untrusted: strings are decoded lossily and capped, numbers that
//! are not finite are refused, and a frame's shapes are capped.
//!
//! The limits are below. The rest is split by job:
//!
//! * `library`: checking a library's table ([`GameLibrary`], [`AbiError`]);
//! * `instance`: calling a running game ([`GameInstance`], [`CallError`]);
//! * `painter`: the painter a game draws through, which drops what breaks the
//!   limits ([`DrawReport`]);
//! * `services`: what a game may ask of the host ([`HostServices`]; for
//!   tests and tools [`NoServices`] and [`Recorder`]) and the thunks that
//!   carry its requests.

mod instance;
mod library;
mod painter;
mod services;

pub use instance::{CallError, CallErrorKind, GameInstance};
pub use library::{AbiError, GameLibrary};
pub use painter::{DrawReport, picture_path_ok};
pub use services::{HostServices, NoServices, Recorder};

/// The optional functions (ABI revision 2) a game offers; the launcher
/// gives each game the services these allow and falls back for the rest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Features {
    /// `save` and `load` ([`crate::SaveLoad`]): undo, redo, restart, resume.
    pub save: bool,
    /// `new_game`, `game_id` and `from_game_id` ([`crate::NewGame`]).
    pub new_game: bool,
    /// `outcome` ([`crate::Outcomes`]): statistics.
    pub outcome: bool,
}

impl Features {
    /// What a (checked) table offers: a pair of functions counts only when
    /// both are there.
    fn of(table: &crate::abi::GameTable) -> Features {
        Features {
            save: table.save.is_some() && table.load.is_some(),
            new_game: table.new_game.is_some()
                && table.game_id.is_some()
                && table.from_game_id.is_some(),
            outcome: table.outcome.is_some(),
        }
    }
}

/// The most labelled regions a game's canvas has (a 21 × 21 board has
/// 441); the rest are dropped and noted.
pub const MAX_REGIONS: u32 = 4096;
/// The longest label of a game's control (a button, a choice, a text
/// field), in characters: a longer one is cut, ending in "…", and noted.
/// A label is a button's face, not a page: 60 buttons of 4 KiB made each
/// move of a game take half a second to lay out (issue 41).
pub const MAX_CONTROL_LABEL_CHARS: usize = 80;
/// The most bytes all the labels of a game's regions take together
/// (256 KiB): each label is cut to an equal share of it (64 bytes each of
/// [`MAX_REGIONS`], 2 KiB each of a 121-cell board's), and the cut is
/// noted. 4,096 labels of [`MAX_TEXT_BYTES`] were 16 MiB each time a game
/// was read, a move took 300 ms, and the console held them (issue 41).
pub const MAX_REGION_LABEL_BYTES: usize = 256 * 1024;
/// The longest picture path a game may give, in bytes.
pub const MAX_PICTURE_PATH_BYTES: usize = 255;
/// The largest side of a picture of pixels a game draws, in pixels.
pub const MAX_PICTURE_SIDE: u32 = 4096;
/// The most bytes of pixels a game may draw in one frame (64 MiB: a
/// 4096 × 4096 picture); past it, pictures are dropped and reported.
pub const MAX_PICTURE_BYTES_PER_FRAME: usize = 64 * 1024 * 1024;

/// The largest file a player may choose for a game (ABI revision 5,
/// `Host::choose_file`), in bytes: 32 MiB. A larger one is refused, and
/// the player is told.
pub const MAX_CHOSEN_FILE_BYTES: usize = 32 * 1024 * 1024;

/// The largest saved state the launcher keeps from a game, in bytes.
pub const MAX_SAVE_BYTES: usize = 16 * 1024 * 1024;

/// The most bytes of a position (its game's start and its state) the
/// console keeps past the moment it is current: for Undo and in the resume
/// file (4 MiB). A game process does not even send a saved state larger
/// than this: it answers only its size, so that a game saving 16 MiB a
/// move does not push them through the pipe each move for the console to
/// drop (issue 41).
pub const MAX_KEPT_POSITION_BYTES: usize = 4 * 1024 * 1024;

/// The largest canvas side a game may ask for, in canvas pixels.
pub const MAX_CANVAS_SIDE: f32 = 8192.0;
/// The most shapes drawn in one frame; the rest are dropped and reported.
pub const MAX_SHAPES_PER_FRAME: usize = 200_000;
/// The most corners of one polygon.
pub const MAX_POLYGON_POINTS: usize = 10_000;
/// The longest title, status, label or drawn text kept, in bytes.
pub const MAX_TEXT_BYTES: usize = 4096;
/// The most actions a game may offer.
pub const MAX_ACTIONS: u32 = 64;
/// The largest magnitude of a drawn coordinate, size, radius or line width,
/// in canvas pixels. A canvas is at most [`MAX_CANVAS_SIDE`] wide, so larger
/// values draw nothing useful, and a renderer may spend time or memory in
/// proportion to them (an ellipse's corners grow with its radius).
pub const MAX_COORDINATE: f32 = 1.0e6;
/// The most polygon corners drawn in one frame, all polygons together.
pub const MAX_POINTS_PER_FRAME: usize = 1_000_000;
/// The most bytes of drawn text in one frame, all texts together.
pub const MAX_TEXT_BYTES_PER_FRAME: usize = 1024 * 1024;
