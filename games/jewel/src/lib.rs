//! # Jewel
//!
//! The skill game of the launcher's "Puzzle Games" set (the original's
//! "3-D Skill Game", drawn here in two dimensions): an 8×8 board of seven
//! kinds of jewels. Swap two neighbours to make a line of three or more of
//! one kind; lines vanish and score, the jewels above fall, new ones come
//! from the top, and the lines those make vanish in turn. A clock runs
//! down all the while and every line lengthens it; the game is over when
//! it runs out, or when no swap can make a line any more.
//!
//! * [`board`] holds the board's rules: lines, legal swaps, gravity and
//!   refills, the seeded deal.
//! * [`play`] holds a game's rules: the difficulty, scoring, levels and the
//!   clock, after the original's numbers.
//! * [`anim`] holds what is drawn while jewels move (drawing only).
//! * [`draw`] holds the layout and the look of the jewels.
//! * [`game`] holds [`JewelGame`], the [`game_api::Game`] the launcher
//!   runs: drawing, the pointer, the keyboard's bubble, ticks.
//! * [`save`] holds new games from seeds, game IDs, saved games and the
//!   outcome.
//!
//! The crate is a `cdylib` that exports [`JewelGame`] through
//! [`game_api::export_game!`] with those optional functions, and an `rlib`
//! for tests and tools.

#![warn(missing_docs)]

pub mod anim;
pub mod board;
pub mod draw;
pub mod game;
pub mod play;
pub mod save;

pub use board::{Board, Cell, Dir};
pub use game::JewelGame;
pub use play::{Difficulty, Play};

game_api::export_game!(JewelGame, save, new_game, outcome);
