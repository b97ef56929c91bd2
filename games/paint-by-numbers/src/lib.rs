//! # Paint By Numbers
//!
//! A logic puzzle for the launcher's "Puzzle Games" set, after the
//! original PLT Games' Paint By Numbers (also known as a nonogram): find
//! which cells of a grid are blue from the clues beside each row and above
//! each column, which give the lengths of the row's or column's runs of
//! blue cells, in order.
//!
//! The rules, without any launcher types:
//!
//! * [`puzzle`]: pictures and their clues;
//! * [`line`](mod@line): the line solver (what every placement of a clue agrees on);
//! * [`solver`]: the line solver over the grid to a fixed point, a
//!   backtracking search with a node budget, and a brute force for small
//!   puzzles;
//! * [`generate`]: seeded puzzles the line solver alone solves, so each has
//!   exactly one solution;
//! * [`non`]: puzzle files in Steve Simpson's `.non` format;
//! * [`board`]: the player's marks, strokes, mistakes and the win;
//! * [`deal`]: the puzzle being played and game IDs.
//!
//! And the game the launcher runs:
//!
//! * [`game`]: [`PaintByNumbers`], the [`game_api::Game`];
//! * [`save`]: new games, game IDs, saves and the outcome;
//! * [`library`]: the settings and the puzzle folder in the game's data
//!   directory.

#![warn(missing_docs)]

pub mod board;
pub mod deal;
pub mod game;
pub mod generate;
pub mod library;
pub mod line;
pub mod non;
pub mod puzzle;
pub mod save;
pub mod solver;

pub use game::PaintByNumbers;

game_api::export_game!(PaintByNumbers, save, new_game, outcome);
