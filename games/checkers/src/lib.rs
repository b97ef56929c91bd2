//! # Checkers
//!
//! American checkers (English draughts) for the launcher's "Board Games"
//! set, after the PLT Games collection's checkers (a 3-D board for two
//! people): drawn here in 2-D, for two people at one board, a person
//! against the computer at three strengths, or the computer against itself.
//!
//! * [`board`] holds the rules, UI-free: positions, legal moves (forced
//!   captures, multi-jumps, crowning), the end of a game (no move loses;
//!   40 moves each without a capture or a man's move draw), and the
//!   standard notation of moves and game records.
//! * [`search`] holds the computer player: alpha-beta with iterative
//!   deepening and a transposition table, its work counted in nodes.
//! * [`game`] holds [`Checkers`], the [`game_api::Game`] the launcher runs:
//!   moves by click, drag or keyboard, the computer on a thread of its own.
//! * [`save`] holds new games, game IDs (the game record), saves and the
//!   outcome.

#![warn(missing_docs)]

pub mod board;
pub mod game;
pub mod save;
pub mod search;

pub use game::Checkers;

game_api::export_game!(Checkers, save, new_game, outcome);
