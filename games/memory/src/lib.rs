//! Memory (seed 004 §1.7): turn over two cards at a time and find every
//! pair; the clock stops when the last pair is found. After the original's
//! `games/memory/memory.rkt`.
//!
//! - [`rules`]: the deal, turning cards, matches and mismatches; no UI.
//! - [`pictures`]: the ten pictures drawn with the painter.
//! - [`save`]: the saved game and the game ID as text.
//! - [`game`]: [`MemoryGame`], the [`game_api::Game`] the launcher runs.
//!
//! The crate is a `cdylib` exporting [`MemoryGame`] through
//! [`game_api::export_game!`] with save, new game and outcome, and an
//! `rlib` for tests and tools.
#![warn(missing_docs)]

pub mod game;
pub mod pictures;
pub mod rules;
pub mod save;

pub use game::MemoryGame;

game_api::export_game!(MemoryGame, save, new_game, outcome);
