//! # Checkers
//!
//! American checkers (English draughts) for the launcher's "Board Games"
//! set: two people at one board, or a person against the computer, or the
//! computer against itself.
//!
//! * [`board`] holds the rules, UI-free: positions, legal moves (forced
//!   captures, multi-jumps, crowning), the end of a game, and the standard
//!   notation of moves and game records.
//! * [`search`] holds the computer player: alpha-beta with iterative
//!   deepening, counted in nodes.
#![warn(missing_docs)]

pub mod board;
pub mod search;
pub mod game;
pub mod save;

pub use game::Checkers;

game_api::export_game!(Checkers, save, new_game, outcome);
