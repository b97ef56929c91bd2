//! # Minesweeper
//!
//! The PLT Games' Minesweeper (§1.10 of the original manual) for the
//! launcher's "Puzzle Games": uncover every tile that hides no mine. A
//! number tells how many of the tiles around hide one; a tile with none
//! around opens its neighbours by itself. Flags mark the mines you found
//! and keep their tiles from being uncovered by accident.
//!
//! Beyond the original: the first click is never a mine (the mines are
//! laid after it, from the game's seed and the tile clicked), chording,
//! the classic board sizes, a keyboard cursor, and **no guessing**: boards
//! that a deduction solver clears from the first click, as in Simon
//! Tatham's Mines.
//!
//! * [`board`] holds the rules: sizes, the grid, uncovering, flags,
//!   chords, winning and losing.
//! * [`solver`] holds the deduction solver; [`generate`] lays the mines.
//! * [`game`] holds [`Minesweeper`], the [`game_api::Game`] the launcher
//!   runs; [`save`] its game IDs, saves and outcome; [`settings`] the
//!   choices kept between sessions.
//!
//! The crate is a `cdylib` that exports [`Minesweeper`] through
//! [`game_api::export_game!`] with those optional functions, and an `rlib`
//! for tests and tools.

#![warn(missing_docs)]

pub mod board;
pub mod game;
pub mod generate;
pub mod save;
pub mod settings;
pub mod solver;

pub use board::{Board, Size, Tile};
pub use game::Minesweeper;

game_api::export_game!(Minesweeper, save, new_game, outcome);
