//! Spider (seed 004 §1.6): build eight suits from king to ace in the
//! tableau, with one, two or four suits of two decks. After the original's
//! `games/spider/spider.rkt`.
//!
//! - [`rules`]: the deal, sequence moves, dealing, finished suits; no UI.
//! - [`hint`]: a legal move worth making; a simple player for tests.
//! - [`save`]: the saved game and the game ID as text.
//! - [`settings`]: the number of suits kept between sessions.
//! - [`game`]: [`SpiderGame`], the [`game_api::Game`] the launcher runs.
//!
//! The crate is a `cdylib` exporting [`SpiderGame`] through
//! [`game_api::export_game!`] with save, new game and outcome, and an
//! `rlib` for tests and tools.
#![warn(missing_docs)]

pub mod game;
pub mod hint;
pub mod rules;
pub mod save;
pub mod settings;

pub use game::SpiderGame;

game_api::export_game!(SpiderGame, save, new_game, outcome);
