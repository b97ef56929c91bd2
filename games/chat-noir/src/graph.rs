//! The graph the cat searches (§1.18.4, "Board to Graph").
//!
//! Its nodes are the cells of the board plus one [`Node::Boundary`] node,
//! adjacent to every unblocked cell on the boundary. Two unblocked cells
//! are connected when they are [`adjacent`]; a blocked
//! cell has no edges at all, not even to the boundary.

use crate::board::{Board, Pos, adjacent, in_bounds, on_boundary};

/// A node of the graph: the boundary, or a cell (the spec's
/// `(or/c 'boundary posn?)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Node {
    /// The node adjacent to every unblocked boundary cell.
    Boundary,
    /// The cell at this position.
    Cell(Pos),
}

impl From<Pos> for Node {
    fn from(p: Pos) -> Node {
        Node::Cell(p)
    }
}

/// A board seen as a graph, with possibly one more cell counted as blocked:
/// the cell under the pointer, which is how the help shows the cat's paths
/// "assuming the cell underneath the mouse has been blocked".
///
/// ```
/// use chat_noir::{Node, Pos, World};
/// let world = World::empty(3)?;
/// assert_eq!(
///     world.graph().neighbors(Node::Cell(Pos::new(1, 0))),
///     vec![Node::Boundary, Node::Cell(Pos::new(2, 0)),
///          Node::Cell(Pos::new(0, 1)), Node::Cell(Pos::new(1, 1))],
/// );
/// # Ok::<(), chat_noir::SizeError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Graph<'a> {
    board: &'a Board,
    also_blocked: Option<Pos>,
}

impl<'a> Graph<'a> {
    /// The graph of `board` in which the cell at `also_blocked` (if any)
    /// counts as blocked too.
    pub fn new(board: &'a Board, also_blocked: Option<Pos>) -> Graph<'a> {
        Graph {
            board,
            also_blocked,
        }
    }

    /// The graph of `board` alone (§1.18.4): cells plus the boundary node,
    /// with only blocked cells cut off. [`crate::World::graph`] is the graph
    /// the help uses, where the cell under the pointer also counts as
    /// blocked.
    pub fn of(board: &'a Board) -> Graph<'a> {
        Graph::new(board, None)
    }

    /// The underlying board.
    pub fn board(&self) -> &'a Board {
        self.board
    }

    /// The extra cell that counts as blocked, if any.
    pub fn also_blocked(&self) -> Option<Pos> {
        self.also_blocked
    }

    /// Whether `p` is a cell of the board that counts as blocked in this
    /// graph (blocked on the board, or the extra blocked cell).
    pub fn is_blocked(&self, p: Pos) -> bool {
        self.board.is_blocked(p) || (self.also_blocked == Some(p) && self.board.contains(p))
    }

    /// The neighbours of `node` (the spec's `neighbors`), in the spec's
    /// order:
    ///
    /// * a blocked cell has none;
    /// * the boundary's neighbours are the unblocked boundary cells, in the
    ///   order of [`Board::cells`];
    /// * otherwise the unblocked [`adjacent`] positions that are cells of
    ///   the board, preceded by [`Node::Boundary`] when some adjacent
    ///   position lies off the board.
    ///
    /// This allocates and is meant for inspection and tests; the search in
    /// [`crate::search`] uses the flat board directly.
    pub fn neighbors(&self, node: Node) -> Vec<Node> {
        let size = self.board.size();
        match node {
            Node::Boundary => self
                .board
                .cells()
                .filter(|&(p, _)| on_boundary(p, size) && !self.is_blocked(p))
                .map(|(p, _)| Node::Cell(p))
                .collect(),
            Node::Cell(p) if self.is_blocked(p) => Vec::new(),
            Node::Cell(p) => {
                let unblocked: Vec<Pos> = adjacent(p)
                    .into_iter()
                    .filter(|&q| !self.is_blocked(q))
                    .collect();
                let mut out: Vec<Node> = Vec::with_capacity(7);
                let inside = unblocked.iter().filter(|&&q| in_bounds(q, size)).count();
                if inside != unblocked.len() {
                    out.push(Node::Boundary);
                }
                out.extend(
                    unblocked
                        .into_iter()
                        .filter(|&q| in_bounds(q, size))
                        .map(Node::Cell),
                );
                out
            }
        }
    }
}
