//! # Tally Maze (work in progress)

#![warn(missing_docs)]

pub mod maze;
pub mod nat;
pub mod rules;
pub mod search;
