//! Aces (seed 004 §1.1): remove cards by rank when a higher card of the
//! same suit shows, until only the four aces are left. After the
//! original's `games/aces/aces.rkt`.
//!
//! - [`rules`]: the deal, removing, moving to an empty stack, dealing,
//!   the end; a simple player for tests; no UI.
//! - [`save`]: the saved game and the game ID as text.
//! - [`game`]: [`AcesGame`], the [`game_api::Game`] the launcher runs.
//!
//! The crate is a `cdylib` exporting [`AcesGame`] through
//! [`game_api::export_game!`] with save, new game and outcome, and an
//! `rlib` for tests and tools.
#![warn(missing_docs)]

pub mod game;
pub mod rules;
pub mod save;

pub use game::AcesGame;

game_api::export_game!(AcesGame, save, new_game, outcome);
