//! # Minesweeper (work in progress)

#![warn(missing_docs)]

pub mod board;
pub mod generate;
pub mod solver;
