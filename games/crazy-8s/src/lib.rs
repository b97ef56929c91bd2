//! Crazy 8s (seed 004 §1.3): match the suit or rank of the discard; eights
//! are wild. After the original's `games/crazy8s/crazy8s.rkt`.
//!
//! - [`rules`]: the deal, discards, draws, passes, the suit of an 8, the
//!   computer opponents, the end; no UI.
//! - [`save`]: the saved game and the game ID as text.
//! - [`settings`]: the players and the click-or-drag option, kept.
//! - [`game`]: [`Crazy8sGame`], the [`game_api::Game`] the launcher runs.
//!
//! The crate is a `cdylib` exporting [`Crazy8sGame`] through
//! [`game_api::export_game!`] with save, new game and outcome, and an
//! `rlib` for tests and tools.
#![warn(missing_docs)]

pub mod game;
pub mod rules;
pub mod save;
pub mod settings;

pub use game::Crazy8sGame;

game_api::export_game!(Crazy8sGame, save, new_game, outcome);
