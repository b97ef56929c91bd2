//! Paint By Numbers (being written).
#![warn(missing_docs)]

pub mod generate;
pub mod line;
pub mod puzzle;
pub mod solver;
