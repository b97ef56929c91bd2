//! The cards kit: what card games built on game-api share, after the
//! original's `games/cards` library. A library, not a game: card games
//! link it (`cards = { path = "../cards" }`).
//!
//! - [`card`]: suits, ranks, cards, decks and shoes, names for screen
//!   readers, the compact notation (`7H`, `TS`) for saves and game IDs.
//! - [`deal`]: shuffling and dealing from a game's seed.
//! - [`face`]: card faces and backs drawn with the painter at any size.
//! - [`table`]: piles, buttons and felt laid out to the canvas; hit
//!   testing; screen-reader regions.
//! - [`drag`]: drag and drop, clicks and keyboard play over a table.
//! - [`anim`]: cards sliding and turning over on ticks.
#![warn(missing_docs)]

pub mod anim;
pub mod card;
pub mod deal;
pub mod drag;
pub mod face;
pub mod table;

pub use card::{Card, Rank, Suit};
pub use drag::{Hand, Play, Rules};
pub use table::{Fan, Hit, Pile, Table, TableCard};
