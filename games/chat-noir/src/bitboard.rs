//! Boards of up to 11 × 11 as 128-bit sets, for the solver's inner loop.
//!
//! Cell `(x, y)` is bit `y · n + x`; the two removed corners are never set.
//! A set of cells is one `u128`, so the neighbours of a whole frontier of
//! the breadth-first search (§1.18.3) are eight shifts and masks, and a
//! position of the search is two words: the free cells and the cat.
//!
//! Everything here follows the rules of the board's own graph
//! ([`crate::Graph::of`]): a cell's distance to the edge is 1 on the
//! boundary and one more than its nearest free neighbour elsewhere, and the
//! cat's candidate steps are its neighbours with the least finite distance
//! ([`crate::best_moves`]).

use crate::board::{Board, Pos, adjacent, in_bounds};

/// The largest board size that fits in 128 bits (11² = 121).
pub(crate) const MAX_BITBOARD_SIZE: u32 = 11;

/// The fixed masks of one board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Geometry {
    n: u32,
    /// Every cell of the board.
    pub(crate) cells: u128,
    /// The cells on the boundary (distance 1 from the edge when free).
    pub(crate) boundary: u128,
    not_first_col: u128,
    not_last_col: u128,
    even_rows: u128,
    odd_rows: u128,
    neighbours: Vec<u128>,
}

/// Iterates over the indices of the set bits of `set`, lowest first.
pub(crate) fn bits(mut set: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as u8;
            set &= set - 1;
            i
        })
    })
}

/// The set holding only cell `i`.
pub(crate) const fn bit(i: u8) -> u128 {
    1u128 << i
}

/// What the cat sees from its cell: the breadth-first layers from the edge,
/// up to the layer of its nearest neighbours.
#[derive(Clone, Debug)]
pub(crate) struct CatView {
    /// The cat's candidate steps: its free neighbours with the least finite
    /// distance to the edge (empty when the cat is boxed in).
    pub(crate) ties: u128,
    /// The distance of the candidates to the edge (1 for boundary cells;
    /// 0 when there is none).
    pub(crate) tie_distance: u32,
    /// `layers[k]` holds the free cells at distance `k + 1` from the edge,
    /// for `k < tie_distance`.
    pub(crate) layers: Vec<u128>,
}

impl CatView {
    /// Whether the cat is boxed in: no neighbour can reach the edge.
    pub(crate) fn trapped(&self) -> bool {
        self.ties == 0
    }

    /// The cells on the cat's shortest paths to the edge (the help's
    /// cells, without the cat's own): the candidates and, layer by layer,
    /// the free cells one step nearer the edge next to the cells already
    /// found.
    pub(crate) fn shortest_paths(&self, geometry: &Geometry) -> u128 {
        let mut on_path = self.ties;
        let mut layer = self.ties;
        for k in (0..self.tie_distance.saturating_sub(1) as usize).rev() {
            layer = geometry.expand(layer) & self.layers[k];
            on_path |= layer;
        }
        on_path
    }

    /// One shortest path from the candidate `from` to the edge (without
    /// `from`): from each cell, the lowest neighbour one layer nearer.
    pub(crate) fn one_path(&self, geometry: &Geometry, from: u8) -> u128 {
        let mut path = 0;
        let mut at = from;
        for k in (0..self.tie_distance.saturating_sub(1) as usize).rev() {
            let next = geometry.neighbours(at) & self.layers[k];
            debug_assert!(next != 0, "a cell at distance d has a neighbour at d - 1");
            at = next.trailing_zeros() as u8;
            path |= bit(at);
        }
        path
    }
}

impl Geometry {
    /// The masks of size `n`, or `None` when `n` exceeds
    /// [`MAX_BITBOARD_SIZE`].
    pub(crate) fn new(n: u32) -> Option<Geometry> {
        if n > MAX_BITBOARD_SIZE {
            return None;
        }
        let mut g = Geometry {
            n,
            cells: 0,
            boundary: 0,
            not_first_col: 0,
            not_last_col: 0,
            even_rows: 0,
            odd_rows: 0,
            neighbours: vec![0; (n * n) as usize],
        };
        for y in 0..n as i32 {
            for x in 0..n as i32 {
                let i = (y as u32 * n + x as u32) as u8;
                let b = bit(i);
                if x != 0 {
                    g.not_first_col |= b;
                }
                if x != n as i32 - 1 {
                    g.not_last_col |= b;
                }
                if y % 2 == 0 {
                    g.even_rows |= b;
                } else {
                    g.odd_rows |= b;
                }
                let p = Pos::new(x, y);
                if in_bounds(p, n) {
                    g.cells |= b;
                    if crate::board::on_boundary(p, n) {
                        g.boundary |= b;
                    }
                }
            }
        }
        for y in 0..n as i32 {
            for x in 0..n as i32 {
                let p = Pos::new(x, y);
                if let Some(i) = g.index(p) {
                    g.neighbours[usize::from(i)] = adjacent(p)
                        .into_iter()
                        .filter_map(|q| g.index(q))
                        .map(bit)
                        .sum();
                }
            }
        }
        Some(g)
    }

    /// The board size.
    pub(crate) fn size(&self) -> u32 {
        self.n
    }

    /// The bit index of cell `p`, if `p` is a cell.
    pub(crate) fn index(&self, p: Pos) -> Option<u8> {
        in_bounds(p, self.n).then(|| (p.y as u32 * self.n + p.x as u32) as u8)
    }

    /// The position of bit `i`.
    pub(crate) fn pos(&self, i: u8) -> Pos {
        let i = u32::from(i);
        Pos::new((i % self.n) as i32, (i / self.n) as i32)
    }

    /// The free cells of `board` (of this size), the cat's included.
    pub(crate) fn free_cells(&self, board: &Board) -> u128 {
        board
            .cells()
            .filter(|&(_, blocked)| !blocked)
            .filter_map(|(p, _)| self.index(p))
            .map(bit)
            .sum()
    }

    /// The cells adjacent to cell `i`.
    pub(crate) fn neighbours(&self, i: u8) -> u128 {
        self.neighbours[usize::from(i)]
    }

    /// The cells adjacent to any cell of `set`.
    pub(crate) fn expand(&self, set: u128) -> u128 {
        let n = self.n;
        let left = set & self.not_first_col;
        let right = set & self.not_last_col;
        let up = (set >> n)
            | ((left & self.even_rows) >> (n + 1))
            | ((right & self.odd_rows) >> (n - 1));
        let down = (set << n)
            | ((left & self.even_rows) << (n - 1))
            | ((right & self.odd_rows) << (n + 1));
        (up | down | (left >> 1) | (right << 1)) & self.cells
    }

    /// The cat's view from cell `cat` when `free` are the free cells (the
    /// cat's included): the search from the edge stops at the first layer
    /// that touches the cat's neighbours.
    pub(crate) fn cat_view(&self, free: u128, cat: u8) -> CatView {
        let mut view = CatView {
            ties: 0,
            tie_distance: 0,
            layers: Vec::new(),
        };
        self.cat_view_into(free, cat, &mut view);
        view
    }

    /// [`Geometry::cat_view`] into an existing view, reusing its memory.
    pub(crate) fn cat_view_into(&self, free: u128, cat: u8, view: &mut CatView) {
        view.layers.clear();
        view.ties = 0;
        view.tie_distance = 0;
        let targets = self.neighbours(cat) & free;
        if targets == 0 {
            return;
        }
        let mut layer = self.boundary & free;
        let mut seen = layer;
        while layer != 0 {
            view.layers.push(layer);
            if layer & targets != 0 {
                view.ties = layer & targets;
                view.tie_distance = view.layers.len() as u32;
                return;
            }
            layer = self.expand(layer) & free & !seen;
            seen |= layer;
        }
    }

    /// Only the cat's candidate steps and their distance (see
    /// [`Geometry::cat_view`]), without keeping the layers.
    pub(crate) fn ties(&self, free: u128, cat: u8) -> (u128, u32) {
        let targets = self.neighbours(cat) & free;
        if targets == 0 {
            return (0, 0);
        }
        let mut layer = self.boundary & free;
        let mut seen = layer;
        let mut k = 1;
        while layer != 0 {
            if layer & targets != 0 {
                return (layer & targets, k);
            }
            layer = self.expand(layer) & free & !seen;
            seen |= layer;
            k += 1;
        }
        (0, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Search, best_moves};

    /// The shifts agree with [`adjacent`] for every cell of every size.
    #[test]
    fn expand_agrees_with_adjacent() {
        for n in [3, 5, 7, 9, 11] {
            let g = Geometry::new(n).unwrap();
            for i in bits(g.cells) {
                assert_eq!(
                    g.expand(bit(i)),
                    g.neighbours(i),
                    "size {n}, cell {:?}",
                    g.pos(i)
                );
            }
        }
        assert!(Geometry::new(13).is_none());
    }

    /// The candidates agree with [`best_moves`] on random boards.
    #[test]
    fn ties_agree_with_best_moves() {
        let mut rng = crate::Rng::new(5);
        let mut search = Search::new();
        for round in 0..400 {
            let n = [5, 7, 9, 11][round % 4];
            let g = Geometry::new(n).unwrap();
            let mut board = Board::empty(n).unwrap();
            let cat = Pos::new(rng.below(n as usize) as i32, rng.below(n as usize) as i32);
            if !board.contains(cat) {
                continue;
            }
            board.add_random_blocked(round % 40, cat, &mut rng);
            let free = g.free_cells(&board);
            let ci = g.index(cat).unwrap();
            let view = g.cat_view(free, ci);
            let expected: u128 = best_moves(&board, cat, &mut search)
                .as_slice()
                .iter()
                .map(|&p| bit(g.index(p).unwrap()))
                .sum();
            assert_eq!(view.ties, expected, "size {n}, round {round}");
            assert_eq!(g.ties(free, ci), (view.ties, view.tie_distance));
            if !view.trapped() {
                let d = search.map().get(g.pos(view.ties.trailing_zeros() as u8));
                assert_eq!(d, crate::Distance::Finite(view.tie_distance));
                // Every cell of a path descends one layer per step.
                let t = view.ties.trailing_zeros() as u8;
                let path = view.one_path(&g, t);
                assert_eq!(path.count_ones() + 1, view.tie_distance);
                assert_eq!(path & !view.shortest_paths(&g), 0);
            }
        }
    }
}
