//! # Pousse
//!
//! The 1998 ICFP contest's game, from the original PLT Games' "Board
//! Games": X and O take turns pushing a marker onto an N by N board from
//! one of its four sides. A move that repeats an earlier configuration
//! loses; a move that leaves more straights (full rows or columns) of one
//! colour than of the other wins for that colour.
//!
//! * [`rules`] holds the rules, free of any user interface: the board,
//!   moves, pushes, straights, repetition and records.
//! * [`computer`] holds the computer player: the original's evaluation
//!   under an alpha-beta search with a budget of nodes per strength.
//! * [`game`] holds [`PousseGame`], the [`game_api::Game`] the launcher
//!   runs, with the computer thinking on a thread of its own.
//! * [`save`] holds what the launcher's New game, Game ID field, undo,
//!   redo, resume and statistics are built on.

#![warn(missing_docs)]

pub mod computer;
pub mod game;
pub mod rules;
pub mod save;
pub mod settings;

pub use game::PousseGame;
pub use rules::{Board, Ending, Match, Move, Player, Side};

game_api::export_game!(PousseGame, save, new_game, outcome);
