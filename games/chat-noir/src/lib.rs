//! The game logic of Chat Noir, ported from the literate Racket program in
//! "Games: Fun Examples" §1.18 (the specification of behaviour).
//!
//! The player blocks one circle per turn; the cat answers by stepping
//! towards the edge of the board along a shortest path. Box the cat in and
//! you win; let it reach the edge and you lose.
//!
//! The core is plain data and functions, no UI; [`render`] and [`plugin`]
//! put it on the launcher's canvas. Modules follow the specification's
//! sections:
//!
//! * [`world`] — the world (§1.18.2): [`World`], [`State`], and the moves
//!   ([`World::play`], [`World::move_cat`]);
//! * [`board`] — positions and the board (§1.18.2, §1.18.4): [`Pos`],
//!   [`Board`], [`adjacent`], [`in_bounds`], [`on_boundary`];
//! * [`graph`] — the board as a graph (§1.18.4): [`Graph`], [`Node`];
//! * [`search`] — breadth-first search (§1.18.3): [`Search`],
//!   [`DistanceMap`], [`Distance`];
//! * [`cat`] — the cat's path and move (§1.18.5, §1.18.8): [`CatsPath`],
//!   [`best_moves`], [`choose_move`], [`find_best_positions`];
//! * [`input`] — pointer and key events (§1.18.8): [`MouseEvent`], [`Key`]
//!   and the [`World`] methods that handle them, [`World::mouse_event`] and
//!   [`World::key_press`];
//! * [`geometry`] — the screen geometry (§1.18.7): [`cell_center_x`],
//!   [`cell_center_y`], [`world_width`], [`world_height`],
//!   [`cell_at_point`];
//! * [`solver`] — beyond the spec: an exact solver that decides whether the
//!   player can force a win against the classic cat ([`solver::Solver`],
//!   [`solver::Verdict`]);
//! * [`hint`] — beyond the spec: hints, the solver's winning block or a
//!   rule's ([`hint::hint`], [`hint::heuristic_move`]);
//! * [`cats`] — beyond the spec: cats of each [`Difficulty`], the classic
//!   one, a clever one that looks ahead and an expert that uses the solver
//!   ([`cats::Cat`], [`World::play_with`]);
//! * [`rng`] — the reproducible generator: [`Rng`];
//! * [`game_id`] — short text for positions: [`GameId`];
//! * [`render`] — drawing the cat and the world (§1.18.6, §1.18.7) through
//!   a [`game_api::Painter`]: [`render::render_world`], [`render::cat`];
//! * [`plugin`] — the game the launcher runs: [`ChatNoir`], exported with
//!   [`game_api::export_game!`] with saving, new games from seeds and game
//!   IDs, and outcomes (so this crate's `cdylib` is the plugin and
//!   [`GAME_TABLE`] its table);
//! * [`save`] — the saved game the launcher's undo, redo and resume keep:
//!   [`save::Saved`].
//!
//! # Where this port departs from the 2009 text, and why
//!
//! * **Clicks that are not moves.** A release over a blocked circle or over
//!   the cat's own circle is ignored, as in the later upstream program; the
//!   text would block the cell again (or block the cat's cell) and let the
//!   cat step ([`World::player_moved`]).
//! * **Help toggles.** `h` toggles help and `n` starts a new game once the
//!   game is over, as upstream ([`World::key_press`]); the text's "help
//!   while `h` is held" remains as [`World::key_hold`]. A new
//!   game keeps the board size and the help setting.
//! * **The cat ignores the pointer.** The text's `move-cat` searches the
//!   same graph as the help, in which the cell under the pointer counts as
//!   blocked. In its game that cell is the one just clicked, so nothing
//!   changes there; for programs that move without a pointer the cat
//!   should not depend on where the pointer rests ([`best_moves`]).
//! * **The pointer is never on the cat**, not only after pointer events: a
//!   world refuses it and a cat stepping onto the pointer's cell clears it.
//! * **Worlds are always well-formed:** the cat stands on a free cell of a
//!   whole board, and the pointer's cell is a cell of the board. The
//!   spec's tests that use partial boards, the removed corner (0,0) or a
//!   cat on a blocked cell are ported to equivalent whole-board positions.
//! * **Sizes:** odd, at least 3 and at most [`MAX_SIZE`](board::MAX_SIZE)
//!   (1001); others are refused with [`SizeError`] instead of a contract
//!   violation.
//! * **Randomness** is reproducible: one seeded [`Rng`] (SplitMix64) per
//!   world draws the initial blocked cells and breaks the cat's ties.
//!   Asking for more random blocked cells than there are free cells blocks
//!   them all (the text would fail).
//! * **Distances** use [`Distance::Infinite`] for the text's `'∞`; a search
//!   from a position that is not a cell finds nothing.
//!
//! # Example
//!
//! ```
//! use chat_noir::{Node, Pos, Search, State, World, best_moves};
//!
//! let mut world = World::new_game(11, 42)?;
//! let mut search = Search::new();
//! // Where would the cat go, and how far is the edge?
//! let moves = best_moves(world.board(), world.cat(), &mut search);
//! assert!(!moves.is_empty());
//! let edge = search.map().get(world.cat());
//! assert!(edge.is_finite());
//! // Play the first free cell next to the cat.
//! let target = chat_noir::adjacent(world.cat())
//!     .into_iter()
//!     .find(|&p| world.board().contains(p) && !world.is_blocked(p))
//!     .unwrap();
//! world.play(target)?;
//! assert!(world.is_blocked(target));
//! assert_eq!(world.state(), State::Playing);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

mod bitboard;
pub mod board;
pub mod cat;
pub mod cats;
pub mod game_id;
pub mod geometry;
pub mod graph;
pub mod hint;
pub mod input;
pub mod plugin;
pub mod render;
pub mod rng;
pub mod save;
pub mod search;
pub mod solver;
pub mod world;

// The names the plugin's users, examples, benches and tests reach for;
// everything else stays under its module.
pub use board::{Board, DEFAULT_SIZE, Pos, SizeError, adjacent, in_bounds, on_boundary};
pub use cat::{CatsPath, best_moves, choose_move, find_best_positions};
pub use cats::Difficulty;
pub use game_id::{GameId, GameIdError};
pub use geometry::{
    CIRCLE_RADIUS, CIRCLE_SPACING, ROW_HEIGHT, cell_at_point, cell_center_x, cell_center_y,
    circle_at_point, point_in_this_circle, world_height, world_width,
};
pub use graph::{Graph, Node};
pub use input::{Key, MouseEvent};
pub use render::Mood;
pub use rng::Rng;
pub use search::{Distance, DistanceMap, Search};
pub use world::{INITIAL_BLOCKED, State, World};

use plugin::ChatNoir;
game_api::export_game!(ChatNoir, save, new_game, outcome);
