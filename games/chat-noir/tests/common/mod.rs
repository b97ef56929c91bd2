//! Helpers shared by the spec tests: builders that mirror the spec's
//! constructors (`make-world`, lists of `cell`s) and `same-sets?`.
#![allow(dead_code)]

use std::collections::HashSet;

use chat_noir::{
    Board, DistanceMap, Node, Pos, State, World, build_bfs_table, cell_center_x, cell_center_y,
};

/// `(make-posn x y)`.
pub fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y)
}

/// The spec's `same-sets?` (§1.18.9, line 1814): every element of each list
/// is a member of the other.
pub fn same_sets<T: PartialEq>(l1: &[T], l2: &[T]) -> bool {
    l1.iter().all(|e| l2.contains(e)) && l2.iter().all(|e| l1.contains(e))
}

/// A board of size `size` given as the spec's complete list of cells
/// `((x, y), blocked?)`; checks that the list names exactly the board's
/// cells, so the translation from the spec is faithful.
pub fn board_from_cells(size: u32, cells: &[((i32, i32), bool)]) -> Board {
    let board = Board::empty(size).unwrap();
    let listed: Vec<Pos> = cells.iter().map(|&((x, y), _)| p(x, y)).collect();
    let all: Vec<Pos> = board.cells().map(|(q, _)| q).collect();
    assert!(same_sets(&listed, &all), "cell list is not the whole board");
    board.with_blocked(cells.iter().filter(|c| c.1).map(|&((x, y), _)| p(x, y)))
}

/// The spec's `(make-world board cat state size mouse-posn h-down?)`.
pub fn make_world(board: Board, cat: Pos, state: State, mouse: Option<Pos>, help: bool) -> World {
    World::new(board, cat)
        .unwrap()
        .with_state(state)
        .with_mouse(mouse)
        .with_help(help)
}

/// The spec's distance map as a set of `(node, distance)`.
pub fn table_set(map: &DistanceMap) -> HashSet<(Node, u32)> {
    map.entries().collect()
}

/// `build-bfs-table`, as a set.
pub fn bfs_set(world: &World, from: Node) -> HashSet<(Node, u32)> {
    table_set(&build_bfs_table(world, from))
}

/// A list of `(make-dist-cell p n)` as a set.
pub fn dist_cells(cells: &[(Node, u32)]) -> HashSet<(Node, u32)> {
    let set: HashSet<(Node, u32)> = cells.iter().copied().collect();
    assert_eq!(
        set.len(),
        cells.len(),
        "duplicate dist-cell in expected list"
    );
    set
}

/// `(make-dist-cell (make-posn x y) n)`.
pub fn dc(x: i32, y: i32, n: u32) -> (Node, u32) {
    (Node::Cell(p(x, y)), n)
}

/// The screen centre of the circle at `q`.
pub fn centre(q: Pos) -> (f64, f64) {
    (cell_center_x(q), cell_center_y(q))
}

/// Cells with their blocked flag, cat, state, size, pointer cell, help.
pub type Facts = (Vec<(Pos, bool)>, Pos, State, u32, Option<Pos>, bool);

/// The facts of a world that the spec's `equal?` on worlds compares:
/// blocked cells, cat, state, size, cell under the pointer, help.
pub fn facts(w: &World) -> Facts {
    (
        w.cells().collect(),
        w.cat(),
        w.state(),
        w.size(),
        w.mouse(),
        w.help(),
    )
}
