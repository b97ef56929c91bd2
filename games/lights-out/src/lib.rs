//! # Lights Out
//!
//! A puzzle for the launcher's "Puzzle Games" set (where the original
//! files it): a square grid of lights, 5×5 as in the original or any
//! size from 3×3 to 9×9.
//! Pressing a light toggles it and its four orthogonal neighbours; the
//! puzzle is solved when every light is off. Every puzzle is dealt by
//! pressing random lights of the dark board, so it can always be solved.
//!
//! * [`board`] holds the rules: [`board::Board`], presses, the solver and
//!   the seeded puzzle generator.
//! * [`game`] holds [`LightsOut`], the [`game_api::Game`] the launcher runs.
//! * [`settings`] holds the player's settings (the size), kept between
//!   sessions.
//! * [`save`] holds what the launcher's New game, Game ID field, undo,
//!   redo, resume and statistics are built on: new puzzles from seeds,
//!   game IDs, saved games and the outcome.
//!
//! The crate is a `cdylib` that exports [`LightsOut`] through
//! [`game_api::export_game!`] with those optional functions, and an `rlib`
//! for tests and tools.

#![warn(missing_docs)]

pub mod board;
pub mod game;
pub mod save;
pub mod settings;

pub use board::{Board, Cell, PressSet};
pub use game::LightsOut;

game_api::export_game!(LightsOut, save, new_game, outcome);
