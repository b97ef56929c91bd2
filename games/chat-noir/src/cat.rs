//! The cat (§1.18.5 and the cat's move of §1.18.8): its shortest paths to
//! the boundary, as the help shows them, and its choice of the next step.

use crate::board::{Pos, adjacent};
use crate::graph::Node;
use crate::rng::Rng;
use crate::search::{Distance, DistanceMap, Search};
use crate::world::World;

/// Up to six positions, without allocation: the cat's candidate moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Moves {
    items: [Pos; 6],
    len: u8,
}

impl Moves {
    /// The positions, in the order of [`adjacent`].
    pub fn as_slice(&self) -> &[Pos] {
        &self.items[..usize::from(self.len)]
    }

    /// How many positions there are.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there are none (the cat is boxed in).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn push(&mut self, p: Pos) {
        self.items[usize::from(self.len)] = p;
        self.len += 1;
    }
}

/// The positions tied for the best finite score (the spec's
/// `find-best-positions`): `posns` and `scores` are parallel; the result
/// keeps the order of `posns`, and is `None` when no score is finite (or
/// the lists are empty). Extra elements of the longer list are ignored.
///
/// ```
/// use chat_noir::{find_best_positions, Distance::*, Pos};
/// let ps = [Pos::new(0, 0), Pos::new(1, 1)];
/// assert_eq!(find_best_positions(&ps, &[Finite(1), Finite(1)]), Some(ps.to_vec()));
/// assert_eq!(find_best_positions(&ps, &[Infinite, Finite(2)]), Some(vec![ps[1]]));
/// assert_eq!(find_best_positions(&ps, &[Infinite, Infinite]), None);
/// ```
pub fn find_best_positions(posns: &[Pos], scores: &[Distance]) -> Option<Vec<Pos>> {
    let best = scores.iter().take(posns.len()).min()?.finite()?;
    Some(
        posns
            .iter()
            .zip(scores)
            .filter(|&(_, &s)| s == Distance::Finite(best))
            .map(|(&p, _)| p)
            .collect(),
    )
}

/// The cat's candidate moves from `cat` given the distances `from_edge` to
/// the boundary: the [`adjacent`] positions with the least finite distance.
pub(crate) fn best_moves_in(from_edge: &DistanceMap, cat: Pos) -> Moves {
    let around = adjacent(cat);
    let scores = around.map(|p| from_edge.get(p));
    let mut moves = Moves::default();
    if let Some(Distance::Finite(best)) = scores.iter().min().copied() {
        for (p, s) in around.into_iter().zip(scores) {
            if s == Distance::Finite(best) {
                moves.push(p);
            }
        }
    }
    moves
}

/// The cat's candidate moves in `world`: the positions [`adjacent`] to the
/// cat with the least finite distance to the boundary, in the order of
/// [`adjacent`]; empty when the cat cannot reach the boundary.
///
/// The distances are those of the board's own graph ([`crate::Board::graph`]).
/// The spec computes them on the world's graph, where the cell under the
/// pointer also counts as blocked; in the spec's game that cell is the one
/// just clicked, so this only differs when a program moves for the player
/// while the pointer rests elsewhere, and then the cat should not be
/// influenced by where the pointer happens to be.
///
/// After the call, `search` holds the distance map from the boundary.
///
/// ```
/// use chat_noir::{best_moves, Pos, Search, World};
/// let world = World::empty(5)?;
/// let moves = best_moves(&world, &mut Search::new());
/// // From the centre of an empty 5×5 board every neighbour is one step from the edge.
/// assert_eq!(moves.len(), 6);
/// # Ok::<(), chat_noir::SizeError>(())
/// ```
pub fn best_moves(world: &World, search: &mut Search) -> Moves {
    let map = search.run(&world.board().graph(), Node::Boundary);
    best_moves_in(map, world.cat())
}

/// The cat's decision: one of [`best_moves`], drawn with `rng` (one
/// [`Rng::below`] draw whenever there is a candidate), or `None` when the
/// cat is boxed in.
pub fn choose_move(world: &World, search: &mut Search, rng: &mut Rng) -> Option<Pos> {
    let moves = best_moves(world, search);
    (!moves.is_empty()).then(|| moves.as_slice()[rng.below(moves.len())])
}

/// The cells on the cat's shortest paths to the boundary, as the help shows
/// them (the spec's `on-cats-path?`).
///
/// With help on, a cell is on a shortest path iff its distance from the cat
/// plus its distance to the boundary equals the cat's distance to the
/// boundary, all measured in [`World::graph`] (so the cell under the pointer
/// counts as blocked). No cell is on the path when help is off or the cat
/// cannot reach the boundary. The cat's own cell is on the path whenever
/// any cell is.
///
/// The struct keeps both distance maps; [`CatsPath::update`] recomputes
/// them in place without allocating once sized.
///
/// ```
/// use chat_noir::{Board, CatsPath, Pos, World};
/// let world = World::new(Board::empty(7)?, Pos::new(2, 2))?.with_help(true);
/// let path = CatsPath::of(&world);
/// assert!(path.contains(Pos::new(1, 0)));
/// assert!(!path.contains(Pos::new(4, 4)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct CatsPath {
    from_edge: Search,
    from_cat: Search,
    cat_distance: Option<u32>,
}

impl CatsPath {
    /// An empty path (no cell on it) with no memory reserved yet.
    pub fn new() -> CatsPath {
        CatsPath::default()
    }

    /// The path in `world`.
    pub fn of(world: &World) -> CatsPath {
        let mut path = CatsPath::new();
        path.update(world);
        path
    }

    /// Recomputes the path for `world`. With help off this does no search.
    pub fn update(&mut self, world: &World) {
        self.cat_distance = None;
        if !world.help() {
            return;
        }
        let graph = world.graph();
        let edge = self.from_edge.run(&graph, Node::Boundary);
        self.cat_distance = edge.get(world.cat()).finite();
        if self.cat_distance.is_some() {
            self.from_cat.run(&graph, Node::Cell(world.cat()));
        }
    }

    /// Whether the cell at `p` is on one of the cat's shortest paths.
    pub fn contains(&self, p: Pos) -> bool {
        self.cat_distance.is_some_and(|d| {
            self.from_cat.map().get(p) + self.from_edge.map().get(p) == Distance::Finite(d)
        })
    }

    /// The cat's distance to the boundary, when help is on and it is
    /// finite.
    pub fn cat_distance(&self) -> Option<u32> {
        self.cat_distance
    }

    /// The distance map from the boundary of the last update with help on
    /// and a reachable boundary (all infinite otherwise, or stale after an
    /// update that did no search).
    pub fn from_edge(&self) -> &DistanceMap {
        self.from_edge.map()
    }

    /// The distance map from the cat (see [`CatsPath::from_edge`]).
    pub fn from_cat(&self) -> &DistanceMap {
        self.from_cat.map()
    }
}

/// The spec's `on-cats-path?`: a predicate telling whether a position is on
/// the cat's shortest paths in `world` (see [`CatsPath`]).
pub fn on_cats_path(world: &World) -> impl Fn(Pos) -> bool + use<> {
    let path = CatsPath::of(world);
    move |p| path.contains(p)
}
