//! Helpers shared by the spec tests: builders that mirror the spec's
//! constructors (`make-world`, lists of `cell`s, the boxed-in 3×3 board),
//! `same-sets?`, and the spec's pure functions (`clack`, `change`,
//! `update-world-posn`, `build-bfs-table`, `on-cats-path?`) written on top
//! of the crate's `World` methods, so each ported test keeps the spec's
//! name and shape.

use std::collections::HashSet;

use chat_noir::{
    Board, DistanceMap, Key, MouseEvent, Node, Pos, Search, State, World, cell_center_x,
    cell_center_y,
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

/// The cell of the cat on the [`boxed_in`] board: the centre.
pub const BOXED_IN_CAT: Pos = Pos::new(1, 1);

/// The spec's 3×3 board with the cat boxed in, which it spells out cell by
/// cell (lines 1866, 2166, 2253, 2563, 2589, 2625; line 2864 is ported to
/// it): every cell blocked but the cat's centre (1, 1) and the cells of
/// `free`. Each test says which cells its line leaves free.
pub fn boxed_in(free: &[(i32, i32)]) -> Board {
    let board = Board::empty(3).unwrap();
    let free: Vec<Pos> = free.iter().map(|&(x, y)| p(x, y)).collect();
    for &q in &free {
        assert!(
            board.contains(q) && q != BOXED_IN_CAT,
            "{q} is not a cell around the cat"
        );
    }
    let blocked: Vec<Pos> = board
        .cells()
        .map(|(q, _)| q)
        .filter(|q| *q != BOXED_IN_CAT && !free.contains(q))
        .collect();
    board.with_blocked(blocked)
}

/// The spec's `(make-world board cat state size mouse-posn h-down?)`.
pub fn make_world(board: Board, cat: Pos, state: State, mouse: Option<Pos>, help: bool) -> World {
    World::new(board, cat)
        .unwrap()
        .with_state(state)
        .with_mouse(mouse)
        .with_help(help)
}

/// The spec's `clack` (§1.18.8): `world` after the pointer event, as a new
/// world ([`World::mouse_event`]).
pub fn clack(world: &World, x: f64, y: f64, event: MouseEvent) -> World {
    let mut w = world.clone();
    w.mouse_event(x, y, event);
    w
}

/// The spec's `change` (§1.18.8): `world` after the key event with the
/// text's hold semantics, as a new world ([`World::key_hold`]).
pub fn change(world: &World, key: Key) -> World {
    let mut w = world.clone();
    w.key_hold(key);
    w
}

/// `world` after a key press with the chosen (upstream) toggle semantics,
/// as a new world ([`World::key_press`]).
pub fn key_press(world: &World, key: char) -> World {
    let mut w = world.clone();
    w.key_press(key);
    w
}

/// The spec's `update-world-posn` (§1.18.8), as a new world
/// ([`World::update_mouse`]).
pub fn update_world_posn(world: &World, point: Option<(f64, f64)>) -> World {
    let mut w = world.clone();
    w.update_mouse(point);
    w
}

/// The spec's `build-bfs-table` (§1.18.3): the distance map of `world`'s
/// graph ([`World::graph`], the cell under the pointer blocked) from
/// `from`.
pub fn build_bfs_table(world: &World, from: Node) -> DistanceMap {
    let mut search = Search::new();
    search.run(&world.graph(), from);
    search.into_map()
}

/// The spec's `on-cats-path?` (§1.18.5): whether a position is on the
/// cat's shortest paths in `world` ([`World::cats_path`]).
pub fn on_cats_path(world: &World) -> impl Fn(Pos) -> bool + use<> {
    let path = world.cats_path();
    move |q| path.contains(q)
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
