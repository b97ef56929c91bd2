//! # Same
//!
//! A dot-removing game for the launcher's "Puzzle Games" set, after the
//! original PLT Games' *Same* (§1.9 of its manual): a board of coloured
//! dots; clicking a group of two or more touching dots of one colour
//! removes it for the square of its size in points, the dots above fall,
//! and emptied columns close up to the left. The game is over when no group
//! of two is left; clearing the board is a win, with a 5000-point bonus.
//!
//! * [`board`] holds the rules: [`Board`], groups (flood fill), removal,
//!   gravity and column closing, and whether a move is left.
//! * [`deal`] deals a board from a seed, as the original does.
//! * [`score`] holds the original's scoring: clicks and the bonus.
//! * [`game`] holds [`Same`], the [`game_api::Game`] the launcher runs.
//! * [`save`] holds what the launcher's New game, Game ID field, undo,
//!   redo, resume and statistics are built on.
//! * [`settings`] keeps the size and colours chosen between sessions.
//!
//! The crate is a `cdylib` that exports [`Same`] through
//! [`game_api::export_game!`] with those optional functions, and an `rlib`
//! for tests and tools.

#![warn(missing_docs)]

pub mod board;
pub mod deal;
pub mod game;
pub mod save;
pub mod score;
pub mod settings;

pub use board::{Board, Cell};
pub use game::Same;

game_api::export_game!(Same, save, new_game, outcome);
