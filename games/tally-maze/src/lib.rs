//! # Tally Maze (work in progress)

#![warn(missing_docs)]
