//! Hints: a winning block when the solver finds one in time, else the
//! block a simple rule suggests, and which of the two it is.
//!
//! The rule ([`heuristic_move`]): among the cells on the cat's shortest
//! paths to the edge, block the one that raises the cat's distance most
//! (boxing it in is best); among equals, the one that leaves it the fewest
//! shortest paths, then the one farthest from the cat (a wall ahead of it
//! rather than a block it walks around), then the first in the
//! order of [`Board::cells`]. It works on boards of every size.
//!
//! ```
//! use std::time::Duration;
//! use chat_noir::hint::{hint, HintKind};
//! use chat_noir::solver::Budget;
//! use chat_noir::World;
//!
//! let world = World::new_default_game(1);
//! let hint = hint(world.board(), world.cat(), &Budget::time(Duration::from_secs(2))).unwrap();
//! assert_eq!(hint.kind, HintKind::Winning);
//! assert!(!world.is_blocked(hint.cell));
//! ```

use std::cmp::Reverse;
use std::collections::HashMap;

use crate::board::{Board, Pos, adjacent};
use crate::cat::CatsPath;
use crate::graph::{Graph, Node};
use crate::search::{Distance, DistanceMap, Search};
use crate::solver::{Budget, Solver, Verdict};

/// Which kind of move a [`Hint`] suggests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HintKind {
    /// A block that keeps a forced win: the solver proved it.
    Winning,
    /// No forced win was found within the budget: the block is the
    /// [`heuristic_move`]. `lost` says the solver proved there is none
    /// (the cat can escape whatever is played), rather than running out
    /// of time.
    Heuristic {
        /// Whether the solver proved the position lost.
        lost: bool,
    },
}

/// A suggested block and how it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hint {
    /// The cell to block.
    pub cell: Pos,
    /// A proved winning move, or the rule's.
    pub kind: HintKind,
}

/// The hint for the player to move on `board` with the cat on `cat`,
/// within `budget` (the game uses half a second): a winning block when the
/// solver finds one, otherwise [`heuristic_move`]. `None` when there is
/// nothing to suggest: the cat is boxed in already (the game is won) or
/// is not on a free cell of the board.
pub fn hint(board: &Board, cat: Pos, budget: &Budget) -> Option<Hint> {
    hint_with(board, cat, budget, &mut Solver::new(), &mut Search::new())
}

/// [`hint`] with a solver and search space kept by the caller (the
/// solver's table then serves the next hint of the same game).
pub fn hint_with(
    board: &Board,
    cat: Pos,
    budget: &Budget,
    solver: &mut Solver,
    search: &mut Search,
) -> Option<Hint> {
    if !board.contains(cat) || board.is_blocked(cat) {
        return None;
    }
    let verdict = solver.solve(board, cat, budget);
    hint_from(board, cat, verdict, search)
}

/// The hint for the player to move, given the solver's `verdict` of the
/// position (see [`hint`]).
pub fn hint_from(board: &Board, cat: Pos, verdict: Verdict, search: &mut Search) -> Option<Hint> {
    if !board.contains(cat) || board.is_blocked(cat) {
        return None;
    }
    let lost = match verdict {
        Verdict::Winnable { best_move } => {
            return Some(Hint {
                cell: best_move,
                kind: HintKind::Winning,
            });
        }
        Verdict::Trapped => return None,
        Verdict::Lost => true,
        Verdict::Undecided => false,
    };
    heuristic_move(board, cat, search).map(|cell| Hint {
        cell,
        kind: HintKind::Heuristic { lost },
    })
}

/// How the rule ranks a block, least first: the cat's distance after it
/// (reversed: larger first), the shortest paths it leaves, the distance
/// from the cat (reversed: farther first).
type RuleKey = (Reverse<Distance>, u64, Reverse<Distance>);

/// The rule's block (see the module's documentation), or `None` when the
/// cat cannot reach the edge (or is not on a free cell).
///
/// ```
/// use chat_noir::hint::heuristic_move;
/// use chat_noir::{Board, Pos, Search};
///
/// // The cat on (1,1) of a 5×5 board with one way out, through (1,0):
/// // blocking it boxes the cat in.
/// let board = Board::empty(5)?.with_blocked([(2, 0), (0, 1), (2, 1), (1, 2), (2, 2)]);
/// assert_eq!(heuristic_move(&board, Pos::new(1, 1), &mut Search::new()), Some(Pos::new(1, 0)));
/// # Ok::<(), chat_noir::SizeError>(())
/// ```
pub fn heuristic_move(board: &Board, cat: Pos, search: &mut Search) -> Option<Pos> {
    if !board.contains(cat) || board.is_blocked(cat) {
        return None;
    }
    let mut path = CatsPath::new();
    path.update(&Graph::of(board), cat);
    path.cat_distance()?;
    let candidates: Vec<(Pos, Distance)> = board
        .cells()
        .filter(|&(p, blocked)| !blocked && p != cat && path.contains(p))
        .map(|(p, _)| (p, path.from_cat().get(p)))
        .collect();
    let mut best: Option<(RuleKey, Pos)> = None;
    let mut memo = HashMap::new();
    for (p, from_cat) in candidates {
        let map = search.run(&Graph::new(board, Some(p)), Node::Boundary);
        let around = adjacent(cat).map(|q| {
            if q == p {
                Distance::Infinite
            } else {
                map.get(q)
            }
        });
        let nearest = around.iter().min().copied().unwrap_or(Distance::Infinite);
        memo.clear();
        let paths: u64 = adjacent(cat)
            .iter()
            .zip(&around)
            .filter(|&(_, &d)| d == nearest && d.is_finite())
            .map(|(&q, _)| count_paths(map, q, &mut memo))
            .fold(0, u64::saturating_add);
        // Larger distance first, then fewer shortest paths, then farther
        // from the cat; the first in the order of the cells among equals.
        let key = (Reverse(nearest), paths, Reverse(from_cat));
        if best.as_ref().is_none_or(|(k, _)| key < *k) {
            best = Some((key, p));
        }
    }
    best.map(|(_, p)| p)
}

/// The number of shortest paths from `p` to the edge in `map` (the
/// distances from the boundary), saturating.
fn count_paths(map: &DistanceMap, p: Pos, memo: &mut HashMap<Pos, u64>) -> u64 {
    let Distance::Finite(d) = map.get(p) else {
        return 0;
    };
    if d <= 1 {
        return 1;
    }
    if let Some(&n) = memo.get(&p) {
        return n;
    }
    let n = adjacent(p)
        .into_iter()
        .filter(|&q| map.get(q) == Distance::Finite(d - 1))
        .map(|q| count_paths(map, q, memo))
        .fold(0, u64::saturating_add);
    memo.insert(p, n);
    n
}
