//! The cat (§1.18.5 and the cat's move of §1.18.8): its shortest paths to
//! the boundary, as the help shows them, and its choice of the next step.

use crate::board::{Board, Pos, adjacent};
use crate::graph::{Graph, Node};
use crate::rng::Rng;
use crate::search::{Distance, DistanceMap, Search};

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
/// The cat's move ([`best_moves`]) applies the same rule to its six
/// neighbours, without allocating.
///
/// ```
/// use chat_noir::{find_best_positions, Distance::*, Pos};
/// let ps = [Pos::new(0, 0), Pos::new(1, 1)];
/// assert_eq!(find_best_positions(&ps, &[Finite(1), Finite(1)]), Some(ps.to_vec()));
/// assert_eq!(find_best_positions(&ps, &[Infinite, Finite(2)]), Some(vec![ps[1]]));
/// assert_eq!(find_best_positions(&ps, &[Infinite, Infinite]), None);
/// ```
pub fn find_best_positions(posns: &[Pos], scores: &[Distance]) -> Option<Vec<Pos>> {
    let best: Vec<Pos> = tied_for_best(posns, scores).collect();
    (!best.is_empty()).then_some(best)
}

/// The positions of `posns` whose parallel score is the least finite one
/// of `scores`, in order; none when no score is finite.
fn tied_for_best<'a>(posns: &'a [Pos], scores: &'a [Distance]) -> impl Iterator<Item = Pos> + 'a {
    let best = scores
        .iter()
        .take(posns.len())
        .min()
        .copied()
        .filter(|d| d.is_finite());
    posns
        .iter()
        .zip(scores)
        .filter(move |&(_, &s)| Some(s) == best)
        .map(|(&p, _)| p)
}

/// The cat's candidate moves from the cat's cell `cat` on `board`: the
/// positions [`adjacent`] to it with the least finite distance to the
/// boundary, in the order of [`adjacent`]; empty when the cat cannot reach
/// the boundary.
///
/// The distances are those of the board's own graph ([`Graph::of`]). The
/// spec computes them on the world's graph, where the cell under the
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
/// let moves = best_moves(world.board(), world.cat(), &mut Search::new());
/// // From the centre of an empty 5×5 board every neighbour is one step from the edge.
/// assert_eq!(moves.len(), 6);
/// # Ok::<(), chat_noir::SizeError>(())
/// ```
pub fn best_moves(board: &Board, cat: Pos, search: &mut Search) -> Moves {
    let from_edge = search.run(&Graph::of(board), Node::Boundary);
    let around = adjacent(cat);
    let scores = around.map(|p| from_edge.get(p));
    let mut moves = Moves::default();
    for p in tied_for_best(&around, &scores) {
        moves.push(p);
    }
    moves
}

/// The cat's decision: one of [`best_moves`], drawn with `rng` (one
/// [`Rng::below`] draw whenever there is a candidate), or `None` when the
/// cat is boxed in.
pub fn choose_move(board: &Board, cat: Pos, search: &mut Search, rng: &mut Rng) -> Option<Pos> {
    let moves = best_moves(board, cat, search);
    (!moves.is_empty()).then(|| moves.as_slice()[rng.below(moves.len())])
}

/// The cells on the cat's shortest paths to the boundary, as the help shows
/// them (the spec's `on-cats-path?`).
///
/// A cell is on a shortest path iff its distance from the cat plus its
/// distance to the boundary equals the cat's distance to the boundary, all
/// measured in one graph: [`World::graph`](crate::World::graph), where the
/// cell under the pointer counts as blocked. No cell is on the path when
/// help is off or the cat cannot reach the boundary. The cat's own cell is
/// on the path whenever any cell is.
///
/// The struct keeps both distance maps; [`CatsPath::update`] recomputes
/// them in place without allocating once sized.
/// [`World::update_cats_path`](crate::World::update_cats_path) updates it
/// for a world, help setting included.
///
/// ```
/// use chat_noir::{Board, Pos, World};
/// let world = World::new(Board::empty(7)?, Pos::new(2, 2))?.with_help(true);
/// let path = world.cats_path();
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

    /// Empties the path (help is off): no cell is on it. Does no search.
    pub fn clear(&mut self) {
        self.cat_distance = None;
    }

    /// Recomputes the path of the cat on `cat` in `graph`, as the help
    /// shows it.
    pub fn update(&mut self, graph: &Graph<'_>, cat: Pos) {
        let edge = self.from_edge.run(graph, Node::Boundary);
        self.cat_distance = edge.get(cat).finite();
        if self.cat_distance.is_some() {
            self.from_cat.run(graph, Node::Cell(cat));
        }
    }

    /// Whether the cell at `p` is on one of the cat's shortest paths.
    pub fn contains(&self, p: Pos) -> bool {
        self.cat_distance.is_some_and(|d| {
            self.from_cat.map().get(p) + self.from_edge.map().get(p) == Distance::Finite(d)
        })
    }

    /// The cat's distance to the boundary, when the path is not empty
    /// (help on and the boundary reachable).
    pub fn cat_distance(&self) -> Option<u32> {
        self.cat_distance
    }

    /// The distance map from the boundary of the last [`CatsPath::update`]
    /// (all infinite before the first; [`CatsPath::clear`] keeps it).
    pub fn from_edge(&self) -> &DistanceMap {
        self.from_edge.map()
    }

    /// The distance map from the cat of the last [`CatsPath::update`] in
    /// which the cat could reach the boundary (all infinite before).
    pub fn from_cat(&self) -> &DistanceMap {
        self.from_cat.map()
    }
}
