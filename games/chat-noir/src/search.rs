//! Breadth-first search (§1.18.3): distance maps from the boundary or from
//! any cell.
//!
//! A [`Search`] owns its queue and its [`DistanceMap`], so repeated searches
//! on boards of the same size allocate nothing. Distances live in a flat
//! array laid out like the board, with sentinel values for blocked and
//! outside slots, so the inner loop tests a neighbour with a single load.

use std::fmt;
use std::ops::Add;

use crate::board::{BLOCKED, Board, Layout, OPEN, OUTSIDE, Pos, SizeError, check_size};
use crate::graph::{Graph, Node};

/// A distance in the graph: a number of steps, or infinite when the node is
/// unreachable (the spec's `(or/c '∞ natural-number/c)`).
///
/// `Finite` orders before `Infinite`, so `<=` is the spec's `<=/f`, and `+`
/// is its `+/f` (infinite if either side is):
///
/// ```
/// use chat_noir::Distance::{Finite, Infinite};
/// assert_eq!(Finite(1) + Finite(2), Finite(3));
/// assert_eq!(Finite(1) + Infinite, Infinite);
/// assert!(Finite(7) <= Infinite);
/// assert!(!(Infinite <= Finite(7)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Distance {
    /// Reachable in this many steps.
    Finite(u32),
    /// Unreachable (`'∞` in the spec).
    Infinite,
}

impl Distance {
    /// The number of steps, or `None` if infinite.
    pub fn finite(self) -> Option<u32> {
        match self {
            Distance::Finite(n) => Some(n),
            Distance::Infinite => None,
        }
    }

    /// Whether the distance is finite.
    pub fn is_finite(self) -> bool {
        matches!(self, Distance::Finite(_))
    }
}

impl Add for Distance {
    type Output = Distance;

    /// The spec's `+/f`: the sum, or infinite if either side is infinite.
    fn add(self, other: Distance) -> Distance {
        match (self, other) {
            (Distance::Finite(a), Distance::Finite(b)) => Distance::Finite(a + b),
            _ => Distance::Infinite,
        }
    }
}

impl From<Option<u32>> for Distance {
    fn from(d: Option<u32>) -> Distance {
        d.map_or(Distance::Infinite, Distance::Finite)
    }
}

impl fmt::Display for Distance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Distance::Finite(n) => write!(f, "{n}"),
            Distance::Infinite => f.write_str("∞"),
        }
    }
}

/// Slot values in the flat distance array. Every value at or above
/// `OUTSIDE_D` means "no finite distance"; the three are `u32::MAX - slot
/// content`, so a distance array is initialised from a board with one
/// subtraction per slot.
const UNSEEN: u32 = u32::MAX - OPEN as u32;
const WALL: u32 = u32::MAX - BLOCKED as u32;
const OUTSIDE_D: u32 = u32::MAX - OUTSIDE as u32;

/// The distance of every node of a graph from one fixed node (the spec's
/// `distance-map`). Nodes absent from the spec's table are
/// [`Distance::Infinite`] here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceMap {
    layout: Layout,
    dist: Vec<u32>,
    boundary: u32,
}

impl DistanceMap {
    /// A map for boards of size `size` in which every node is unreachable
    /// (the spec's empty table).
    ///
    /// # Errors
    ///
    /// Refuses invalid sizes, like [`Board::empty`].
    pub fn new(size: u32) -> Result<DistanceMap, SizeError> {
        check_size(size)?;
        let layout = Layout::new(size);
        Ok(DistanceMap {
            layout,
            dist: vec![OUTSIDE_D; layout.len()],
            boundary: UNSEEN,
        })
    }

    /// The size of the boards this map is for.
    pub fn size(&self) -> u32 {
        self.layout.size
    }

    /// The distance recorded for `node` (the spec's `lookup-in-table`);
    /// positions that are not cells of the board are infinitely far.
    pub fn get(&self, node: impl Into<Node>) -> Distance {
        let raw = match node.into() {
            Node::Boundary => self.boundary,
            Node::Cell(p) => match self.layout.slot(p) {
                Some(s) => self.dist[s],
                None => return Distance::Infinite,
            },
        };
        finite(raw)
    }

    /// The distance of the boundary node.
    pub fn boundary(&self) -> Distance {
        finite(self.boundary)
    }

    /// Records `distance` for `node`. Returns `false` (and changes nothing)
    /// if `node` is a position that is not a cell of the map's board.
    pub fn set(&mut self, node: impl Into<Node>, distance: Distance) -> bool {
        let raw = distance.finite().map_or(UNSEEN, |d| d.min(OUTSIDE_D - 1));
        match node.into() {
            Node::Boundary => self.boundary = raw,
            Node::Cell(p) => match self.layout.slot(p) {
                Some(s) => self.dist[s] = raw,
                None => return false,
            },
        }
        true
    }

    /// Every node with a finite distance: the boundary first (if
    /// reachable), then cells in the order of [`Board::cells`]. This is the
    /// spec's list of `dist-cell`s, compared as a set in its tests.
    pub fn entries(&self) -> impl Iterator<Item = (Node, u32)> + '_ {
        let boundary = (self.boundary < OUTSIDE_D).then_some((Node::Boundary, self.boundary));
        let layout = self.layout;
        boundary
            .into_iter()
            .chain(layout.positions().filter_map(move |p| {
                let d = self.dist[layout.slot_unchecked(p.x as u32, p.y as u32)];
                (d < OUTSIDE_D).then_some((Node::Cell(p), d))
            }))
    }

    /// Forgets all distances and shapes the map for `board`, with each
    /// slot's sentinel taken from the board and `also_blocked` as a wall.
    fn reset(&mut self, board: &Board, also_blocked: Option<Pos>) {
        let layout = board.layout();
        if self.layout != layout || self.dist.len() != layout.len() {
            self.layout = layout;
            self.dist.clear();
            self.dist.resize(layout.len(), OUTSIDE_D);
        }
        for (d, &s) in self.dist.iter_mut().zip(board.slots()) {
            *d = u32::MAX - u32::from(s);
        }
        if let Some(s) = also_blocked.and_then(|p| layout.slot(p)) {
            self.dist[s] = WALL;
        }
        self.boundary = UNSEEN;
    }
}

fn finite(raw: u32) -> Distance {
    if raw < OUTSIDE_D {
        Distance::Finite(raw)
    } else {
        Distance::Infinite
    }
}

/// Reusable scratch space for breadth-first searches: the frontiers and
/// the resulting [`DistanceMap`].
///
/// The search runs level by level: all nodes of the current frontier are at
/// the same distance, so it keeps only the current and the next frontier
/// (a few thousand entries on an open 1001 × 1001 board) instead of a queue
/// of every cell, and stays in cache.
///
/// ```
/// use chat_noir::{Distance, Node, Pos, Search, World};
/// let world = World::empty(5)?;
/// let mut search = Search::new();
/// let from_edge = search.run(&world.graph(), Node::Boundary);
/// assert_eq!(from_edge.get(Pos::new(2, 2)), Distance::Finite(3));
/// assert_eq!(from_edge.get(Node::Boundary), Distance::Finite(0));
/// # Ok::<(), chat_noir::SizeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Search {
    current: Vec<u32>,
    next: Vec<u32>,
    map: DistanceMap,
}

impl Default for Search {
    fn default() -> Search {
        Search::new()
    }
}

impl Search {
    /// Empty scratch space; it grows to the first board searched.
    pub fn new() -> Search {
        let layout = Layout::new(3);
        Search {
            current: Vec::new(),
            next: Vec::new(),
            map: DistanceMap {
                layout,
                dist: vec![OUTSIDE_D; layout.len()],
                boundary: UNSEEN,
            },
        }
    }

    /// The map computed by the last [`Search::run`] (all infinite before
    /// the first run).
    pub fn map(&self) -> &DistanceMap {
        &self.map
    }

    /// Takes the map computed by the last run.
    pub fn into_map(self) -> DistanceMap {
        self.map
    }

    /// Computes the distance of every node of `graph` from `from` (the
    /// spec's `build-bfs-table`) and returns the map.
    ///
    /// As in the spec, a blocked start cell is at distance 0 from itself
    /// and everything else is unreachable. A start position that is not a
    /// cell of the board gives a map in which every node is unreachable.
    pub fn run(&mut self, graph: &Graph<'_>, from: Node) -> &DistanceMap {
        let board = graph.board();
        self.map.reset(board, graph.also_blocked());
        self.current.clear();
        self.next.clear();
        match from {
            Node::Boundary => {
                self.map.boundary = 0;
                self.bfs(false, 0, true);
            }
            Node::Cell(p) => {
                if let Some(s) = board.layout().slot(p) {
                    let open = self.map.dist[s] == UNSEEN;
                    self.map.dist[s] = 0;
                    if open {
                        self.current.push(entry(s, p.y as u32));
                        self.bfs(true, 0, false);
                    }
                }
            }
        }
        &self.map
    }

    /// Neighbour slot offsets, indexed by the parity of the row, in the
    /// order of [`crate::adjacent`].
    fn offsets(layout: Layout) -> [[isize; 6]; 2] {
        let s = layout.stride() as isize;
        let even_y = [-s - 1, -s, -1, 1, s - 1, s];
        let odd_y = [-s, -s + 1, -1, 1, s, s + 1];
        [even_y, odd_y]
    }

    /// Level-synchronous BFS. `current` holds the cells at distance
    /// `level` (as [`entry`] values); `expand_boundary` says the boundary
    /// node is at `level` too and is expanded with them. `watch_edge` says
    /// the boundary node is still undiscovered, so a search from a cell
    /// must notice when a cell of the current level lies on the edge (the
    /// boundary's neighbours).
    fn bfs(&mut self, mut watch_edge: bool, mut level: u32, mut expand_boundary: bool) {
        /// Whether the neighbour at each offset lies in another row, which
        /// flips the row parity.
        const FLIP: [u32; 6] = [1, 1, 0, 0, 1, 1];
        let layout = self.map.layout;
        let offsets = Self::offsets(layout);
        let dist = &mut self.map.dist;
        loop {
            let next_level = level + 1;
            let next = &mut self.next;
            if expand_boundary {
                for (s, y) in layout.boundary_slots() {
                    if dist[s] == UNSEEN {
                        dist[s] = next_level;
                        next.push(entry(s, y));
                    }
                }
                expand_boundary = false;
            }
            let mut touched_edge = false;
            if watch_edge {
                for &e in &self.current {
                    let (i, odd) = ((e >> 1) as usize, e & 1);
                    for (k, &o) in offsets[odd as usize].iter().enumerate() {
                        let j = i.wrapping_add_signed(o);
                        let d = dist[j];
                        if d == UNSEEN {
                            dist[j] = next_level;
                            next.push(((j as u32) << 1) | (odd ^ FLIP[k]));
                        } else if d == OUTSIDE_D {
                            touched_edge = true;
                        }
                    }
                }
            } else {
                for &e in &self.current {
                    let (i, odd) = ((e >> 1) as usize, e & 1);
                    for (k, &o) in offsets[odd as usize].iter().enumerate() {
                        let j = i.wrapping_add_signed(o);
                        if dist[j] == UNSEEN {
                            dist[j] = next_level;
                            next.push(((j as u32) << 1) | (odd ^ FLIP[k]));
                        }
                    }
                }
            }
            if touched_edge {
                // The boundary node is a neighbour of this level's edge
                // cells: it sits at the next level and is expanded with it.
                self.map.boundary = next_level;
                watch_edge = false;
                expand_boundary = true;
            }
            if self.next.is_empty() && !expand_boundary {
                break;
            }
            std::mem::swap(&mut self.current, &mut self.next);
            self.next.clear();
            level = next_level;
        }
    }
}

/// A frontier entry: the slot, shifted left, with the parity of its row in
/// the low bit (so the search never divides to find a cell's row).
fn entry(slot: usize, y: u32) -> u32 {
    ((slot as u32) << 1) | (y & 1)
}
