//! # Parcheesi
//!
//! The race game of the launcher's "Board Games" set, after the PLT
//! Games original: four players, two dice, blockades, bops and bonuses,
//! any seat a person or one of the original's three computer players.
//!
//! * [`rules`] holds the rules: the board, the mini-moves, the original's
//!   `take-turn` check and [`rules::TurnTree`], every legal way to finish
//!   a turn.
//! * [`players`] holds the computer players (Reckless Renee, Polite Polly,
//!   Amazing Grace) and their search, done in slices.
//! * [`play`] holds a whole game: seats, dice, turns and its record.
//! * [`game`] holds [`Parcheesi`], the [`game_api::Game`] the launcher runs.
//! * [`save`] holds saving, game IDs and the outcome.

#![warn(missing_docs)]

pub mod game;
pub mod play;
pub mod players;
pub mod rules;
pub mod save;

pub use game::Parcheesi;

game_api::export_game!(Parcheesi, save, new_game, outcome);
