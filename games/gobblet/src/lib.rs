//! # Gobblet
//!
//! The board game of the original "PLT Games" collection's Board Games set
//! (seed 004 §1.14): tic-tac-toe with pieces of several sizes, where a
//! larger piece may gobble (cover) a smaller one.
//!
//! * [`rules`] holds the rules, free of any launcher type: positions, legal
//!   moves, the winner (with the exposed-win rule and the 4×4 off-board
//!   gobbling restriction).
//! * [`record`] holds the game record's notation, which is also the game ID.
//! * [`ai`] holds the computer players, Smart and Ok.
//! * [`game`] holds [`Gobblet`], the [`game_api::Game`] the launcher runs,
//!   and [`save`] its saved games, game IDs and outcomes.

#![warn(missing_docs)]

pub mod ai;
pub mod record;
pub mod rules;

pub use rules::{Color, Move, Piece, Position, Variant};
pub mod game;
pub mod save;

pub use game::Gobblet;

game_api::export_game!(Gobblet, save, new_game, outcome);
