//! # Tally Maze
//!
//! A maze game for the launcher's "Puzzle Games" set, after Racket 8.7's
//! `games/tally-maze`: help the blue ball from the top-left corner to the
//! exit at the bottom right without being caught by the two pumpkins.
//! The mazes are numbered (the original enumerates every maze its
//! recursive division can make, and so does this crate, number for
//! number); the `n` key goes on to the next maze, which is only a little
//! different, and the pumpkins know the way in this maze and the next.
//!
//! * [`nat`]: natural numbers of any size (a 12 × 12 board has about
//!   2.5 × 10⁵⁰ mazes).
//! * [`maze`]: the enumeration, the walls, the ways through a maze.
//! * [`rules`]: the ball, the pumpkins' chase, turns, winning and losing.
//! * [`search`]: searches for a way out, for tests and tools.
//! * [`save`]: game IDs (maze numbers) and saved games.
//! * [`game`]: [`TallyMaze`], the [`game_api::Game`] the launcher runs.
//!
//! The crate is a `cdylib` that exports [`TallyMaze`] through
//! [`game_api::export_game!`] with saving, new games and outcomes, and an
//! `rlib` for tests and tools.

#![warn(missing_docs)]

pub mod game;
pub mod maze;
pub mod nat;
pub mod rules;
pub mod save;
pub mod search;

pub use game::TallyMaze;

game_api::export_game!(TallyMaze, save, new_game, outcome);
