//! The cards kit: what card games built on game-api share, after the
//! original's `games/cards` library.
//!
//! - [`card`]: suits, ranks, cards, decks and shoes, names for screen
//!   readers, the compact notation (`7H`, `TS`) for saves and game IDs.
//! - [`deal`]: shuffling and dealing from a game's seed.
#![warn(missing_docs)]

pub mod card;
pub mod deal;
pub mod drag;
pub mod face;
pub mod table;

pub use card::{Card, Rank, Suit};
