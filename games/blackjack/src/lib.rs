//! Blackjack (seed 004 §1.4): beat the dealer to 21 with splits and
//! doubles, a bankroll kept across games. After the original's
//! `games/blackjack/blackjack.rkt`.
//!
//! - [`rules`]: card values, totals, the shoe, a round from the deal to
//!   the payouts; no UI.
//! - [`save`]: the saved round and the game ID as text.
//! - [`bank`]: the bankroll and the shoe kept between games and sessions.
//! - [`game`]: [`BlackjackGame`], the [`game_api::Game`] the launcher runs.
//!
//! The crate is a `cdylib` exporting [`BlackjackGame`] through
//! [`game_api::export_game!`] with save, new game and outcome, and an
//! `rlib` for tests and tools.
#![warn(missing_docs)]

pub mod bank;
pub mod game;
pub mod rules;
pub mod save;

pub use game::BlackjackGame;

game_api::export_game!(BlackjackGame, save, new_game, outcome);
