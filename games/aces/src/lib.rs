//! Aces (seed 004 §1.1): remove cards by rank when a higher card of the
//! same suit shows, until only the four aces are left. Being built; the
//! game is listed once it has its `info.toml`.
#![warn(missing_docs)]

pub mod rules;
