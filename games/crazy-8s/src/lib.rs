//! Crazy 8s (seed 004 §1.3): match the suit or rank of the discard; eights
//! are wild. After the original's `games/crazy8s/crazy8s.rkt`. Being
//! built; the game is listed once it has its `info.toml`.
//!
//! - [`rules`]: the deal, discards, draws, passes, the suit of an 8, the
//!   computer opponents, the end; no UI.
#![warn(missing_docs)]

pub mod rules;
