//! The game logic of Chat Noir, ported from the literate Racket program in
//! "Games: Fun Examples" §1.18 (the specification of behaviour).
//!
//! The player blocks one circle per turn; the cat answers by stepping
//! towards the edge of the board along a shortest path. Box the cat in and
//! you win; let it reach the edge and you lose.
//!
//! This crate is the core only: plain data and functions, no UI. Modules
//! follow the specification's sections:
//!
//! * [`world`] — the world (§1.18.2): [`World`], [`State`];
//! * [`board`] — positions and the board (§1.18.2, §1.18.4): [`Pos`],
//!   [`Board`], [`adjacent`], [`in_bounds`], [`on_boundary`];
//! * [`graph`] — the board as a graph (§1.18.4): [`Graph`], [`Node`];
//! * [`search`] — breadth-first search (§1.18.3): [`Search`],
//!   [`DistanceMap`], [`Distance`];
//! * [`cat`] — the cat's path and move (§1.18.5, §1.18.8): [`CatsPath`],
//!   [`best_moves`], [`find_best_positions`];
//! * [`input`] — pointer and key events (§1.18.8): [`World::mouse_event`],
//!   [`World::key_press`];
//! * [`geometry`] — the screen geometry (§1.18.7): [`cell_center_x`],
//!   [`cell_center_y`], [`world_width`], [`world_height`],
//!   [`cell_at_point`];
//! * [`rng`] — the reproducible generator: [`Rng`];
//! * [`game_id`] — short text for positions: [`GameId`].
//!
//! ```
//! use chat_noir::{Node, Pos, Search, State, World, best_moves};
//!
//! let mut world = World::new_game(11, 42)?;
//! let mut search = Search::new();
//! // Where would the cat go, and how far is the edge?
//! let moves = best_moves(&world, &mut search);
//! assert!(!moves.is_empty());
//! let edge = search.map().get(world.cat());
//! assert!(edge.is_finite());
//! // Play the first free cell next to the cat.
//! let target = chat_noir::adjacent(world.cat())
//!     .into_iter()
//!     .find(|&p| world.board().contains(p) && !world.is_blocked(p))
//!     .unwrap();
//! world.play_with(target, &mut search)?;
//! assert!(world.is_blocked(target));
//! assert_eq!(world.state(), State::Playing);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod board;
pub mod cat;
pub mod game_id;
pub mod geometry;
pub mod graph;
pub mod input;
pub mod rng;
pub mod search;
pub mod world;

pub use board::{
    Board, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Pos, SizeError, adjacent, cell_count, check_size,
    in_bounds, on_boundary,
};
pub use cat::{CatsPath, Moves, best_moves, choose_move, find_best_positions, on_cats_path};
pub use game_id::{GameId, GameIdError};
pub use geometry::{
    CIRCLE_RADIUS, CIRCLE_SPACING, ROW_HEIGHT, cell_at_point, cell_center_x, cell_center_y,
    circle_at_point, point_in_this_circle, world_height, world_width,
};
pub use graph::{Graph, Node};
pub use input::{Key, MouseEvent, change, clack, key_press, update_world_posn};
pub use rng::Rng;
pub use search::{Distance, DistanceMap, Search, build_bfs_table};
pub use world::{INITIAL_BLOCKED, MoveError, State, World, WorldError};
