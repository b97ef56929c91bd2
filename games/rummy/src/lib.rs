//! Rummy (seed 004 §1.5): make straights and sets of your ten cards before
//! the computer player does. After the original's
//! `games/ginrummy/ginrummy.rkt`.
//!
//! - [`melds`]: the meld finder (sets, straights with the ace low or high).
//! - [`rules`]: the deal, drawing and discarding, the win, the computer
//!   player; no UI.
//! - [`save`]: the saved game and the game ID as text.
//! - [`game`]: [`RummyGame`], the [`game_api::Game`] the launcher runs.
//!
//! The crate is a `cdylib` exporting [`RummyGame`] through
//! [`game_api::export_game!`] with save, new game and outcome, and an
//! `rlib` for tests and tools.
#![warn(missing_docs)]

pub mod game;
pub mod melds;
pub mod rules;
pub mod save;

pub use game::RummyGame;

game_api::export_game!(RummyGame, save, new_game, outcome);
