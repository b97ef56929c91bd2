//! # Slidey
//!
//! A sliding picture puzzle for the launcher's "Puzzle Games" set, after
//! the PLT Games' Slidey: a picture cut into a grid of tiles with one gap.
//! A click on a tile in the gap's row or column slides it, and the tiles
//! between, into the gap; the arrow keys slide the tile beside the gap.
//! Repair the picture to win, in as few moves as you can.
//!
//! * [`board`] holds the rules: the board, slides, the win, the parity
//!   rule that says which boards can be solved, and the seeded shuffle.
//! * [`solver`] finds shortest solutions (IDA*), for tests and tools.
//! * [`picture`] makes the game's own pictures, reads the player's from PNG
//!   bytes and cuts pictures into tiles.
//! * [`settings`] keeps the player's choices between sessions.
//! * [`game`] holds [`Slidey`], the [`game_api::Game`] the launcher runs.
//! * [`save`] holds new games from seeds, game IDs, saved games and the
//!   outcome.
//!
//! The crate is a `cdylib` that exports [`Slidey`] through
//! [`game_api::export_game!`], and an `rlib` for tests and tools.

#![warn(missing_docs)]

pub mod board;
pub mod game;
pub mod picture;
pub mod save;
pub mod settings;
pub mod solver;

pub use board::{Board, Cell, Dir, Shuffle};
pub use game::Slidey;

game_api::export_game!(Slidey, save, new_game, outcome);
