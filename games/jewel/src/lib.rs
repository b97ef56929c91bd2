//! # Jewel
//!
//! Placeholder while the crate is written.

#![warn(missing_docs)]

pub mod board;
pub mod play;
