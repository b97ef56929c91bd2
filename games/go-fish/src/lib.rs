//! Go Fish (seed 004 §1.2): you against two computer players, asking for
//! ranks and collecting matches. After the original's
//! `games/gofish/gofish.rkt`.
//!
//! - [`rules`]: the deal, asking, fishing, matches, the computer players;
//!   no UI.
//! - [`save`]: the saved game and the game ID as text.
//! - [`settings`]: pairs or books of four, kept between sessions.
//! - [`game`]: [`GoFishGame`], the [`game_api::Game`] the launcher runs.
//!
//! The crate is a `cdylib` exporting [`GoFishGame`] through
//! [`game_api::export_game!`] with save, new game and outcome, and an
//! `rlib` for tests and tools.
#![warn(missing_docs)]

pub mod game;
pub mod rules;
pub mod save;
pub mod settings;

pub use game::GoFishGame;

game_api::export_game!(GoFishGame, save, new_game, outcome);
