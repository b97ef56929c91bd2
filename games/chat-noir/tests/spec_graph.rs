//! §1.18.4 Board to Graph: `neighbors`, `adjacent`, `on-boundary?`,
//! `in-bounds?`. Line numbers refer to `shared/seeds/004_6f67c7526535aa8f.txt`.

use crate::common::{board_from_cells, make_world, p};
use chat_noir::{Graph, Node, Pos, State, World, adjacent, in_bounds, on_boundary};

fn cells(ps: &[(i32, i32)]) -> Vec<Node> {
    ps.iter().map(|&(x, y)| Node::Cell(p(x, y))).collect()
}

fn with_boundary(ps: &[(i32, i32)]) -> Vec<Node> {
    let mut v = vec![Node::Boundary];
    v.extend(cells(ps));
    v
}

/// The 3×3 world of lines 2048 and 2068: centre (1,1) blocked, mouse at the
/// removed corner (0,0) (so nothing under the pointer).
fn centre_blocked_world() -> World {
    let board = board_from_cells(
        3,
        &[
            ((0, 1), false),
            ((1, 0), false),
            ((1, 1), true),
            ((1, 2), false),
            ((2, 0), false),
            ((2, 1), false),
            ((2, 2), false),
        ],
    );
    // The spec's cat stands on the blocked (1,1); our worlds refuse that, so
    // the cat is put on (2,1). The graph does not depend on the cat.
    make_world(board, p(2, 1), State::Playing, Some(p(0, 0)), false)
}

/// Line 853 (example in §1.18.4): `((neighbors (empty-world 7)) (make-posn 1 0))`
/// is `'boundary (2,0) (0,1) (1,1)`.
#[test]
fn neighbors_example_line_853() {
    let w = World::empty(7).unwrap();
    assert_eq!(
        w.graph().neighbors(Node::Cell(p(1, 0))),
        with_boundary(&[(2, 0), (0, 1), (1, 1)])
    );
}

/// Line 869 (example): `((neighbors (empty-world 7)) (make-posn 0 1))` is
/// `'boundary (1,0) (1,1) (0,2) (1,2)`.
#[test]
fn neighbors_example_line_869() {
    let w = World::empty(7).unwrap();
    assert_eq!(
        w.graph().neighbors(Node::Cell(p(0, 1))),
        with_boundary(&[(1, 0), (1, 1), (0, 2), (1, 2)])
    );
}

const BOUNDARY_OF_3: [(i32, i32); 6] = [(0, 1), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)];

/// Line 882 (example): `((neighbors (empty-world 3)) 'boundary)` — the six
/// boundary cells, in board order.
#[test]
fn neighbors_example_line_882() {
    let w = World::empty(3).unwrap();
    assert_eq!(w.graph().neighbors(Node::Boundary), cells(&BOUNDARY_OF_3));
}

/// Line 2037: `((neighbors (empty-world 11)) (make-posn 1 1))` is
/// `(adjacent (make-posn 1 1))`.
#[test]
fn neighbors_case_1() {
    let w = World::empty(11).unwrap();
    let expected: Vec<Node> = adjacent(p(1, 1)).map(Node::Cell).to_vec();
    assert_eq!(w.graph().neighbors(Node::Cell(p(1, 1))), expected);
}

/// Line 2039: `((neighbors (empty-world 11)) (make-posn 2 2))` is
/// `(adjacent (make-posn 2 2))`.
#[test]
fn neighbors_case_2() {
    let w = World::empty(11).unwrap();
    let expected: Vec<Node> = adjacent(p(2, 2)).map(Node::Cell).to_vec();
    assert_eq!(w.graph().neighbors(Node::Cell(p(2, 2))), expected);
}

/// Line 2041: `((neighbors (empty-world 3)) 'boundary)` (same as line 882).
#[test]
fn neighbors_case_3() {
    let w = World::empty(3).unwrap();
    assert_eq!(w.graph().neighbors(Node::Boundary), cells(&BOUNDARY_OF_3));
}

/// Line 2048: a blocked cell has no neighbours: `'()`.
#[test]
fn neighbors_case_4() {
    let w = centre_blocked_world();
    assert_eq!(w.graph().neighbors(Node::Cell(p(1, 1))), vec![]);
}

/// Line 2068: next to the blocked centre, (1,0) has `'boundary (2,0) (0,1)`.
#[test]
fn neighbors_case_5() {
    let w = centre_blocked_world();
    assert_eq!(
        w.graph().neighbors(Node::Cell(p(1, 0))),
        with_boundary(&[(2, 0), (0, 1)])
    );
}

/// Line 969 (example in §1.18.4): `(adjacent (make-posn 0 1))`.
#[test]
fn adjacent_example_line_969() {
    assert_eq!(
        adjacent(p(0, 1)),
        [(0, 0), (1, 0), (-1, 1), (1, 1), (0, 2), (1, 2)].map(Pos::from)
    );
}

/// Line 2090: `(adjacent (make-posn 1 1))`.
#[test]
fn adjacent_case_1() {
    assert_eq!(
        adjacent(p(1, 1)),
        [(1, 0), (2, 0), (0, 1), (2, 1), (1, 2), (2, 2)].map(Pos::from)
    );
}

/// Line 2097: `(adjacent (make-posn 2 2))`.
#[test]
fn adjacent_case_2() {
    assert_eq!(
        adjacent(p(2, 2)),
        [(1, 1), (2, 1), (1, 2), (3, 2), (1, 3), (2, 3)].map(Pos::from)
    );
}

/// Line 2111: `(on-boundary? (make-posn 0 1) 13) #t`.
#[test]
fn on_boundary_case_1() {
    assert!(on_boundary(p(0, 1), 13));
}

/// Line 2112: `(on-boundary? (make-posn 1 0) 13) #t`.
#[test]
fn on_boundary_case_2() {
    assert!(on_boundary(p(1, 0), 13));
}

/// Line 2113: `(on-boundary? (make-posn 12 1) 13) #t`.
#[test]
fn on_boundary_case_3() {
    assert!(on_boundary(p(12, 1), 13));
}

/// Line 2114: `(on-boundary? (make-posn 1 12) 13) #t`.
#[test]
fn on_boundary_case_4() {
    assert!(on_boundary(p(1, 12), 13));
}

/// Line 2115: `(on-boundary? (make-posn 1 1) 13) #f`.
#[test]
fn on_boundary_case_5() {
    assert!(!on_boundary(p(1, 1), 13));
}

/// Line 2116: `(on-boundary? (make-posn 10 10) 13) #f`.
#[test]
fn on_boundary_case_6() {
    assert!(!on_boundary(p(10, 10), 13));
}

/// Line 2124: `(in-bounds? (make-posn 0 0) 11) #f`.
#[test]
fn in_bounds_case_1() {
    assert!(!in_bounds(p(0, 0), 11));
}

/// Line 2125: `(in-bounds? (make-posn 0 1) 11) #t`.
#[test]
fn in_bounds_case_2() {
    assert!(in_bounds(p(0, 1), 11));
}

/// Line 2126: `(in-bounds? (make-posn 1 0) 11) #t`.
#[test]
fn in_bounds_case_3() {
    assert!(in_bounds(p(1, 0), 11));
}

/// Line 2132: `(in-bounds? (make-posn 10 10) 11) #t`.
#[test]
fn in_bounds_case_4() {
    assert!(in_bounds(p(10, 10), 11));
}

/// Line 2133: `(in-bounds? (make-posn 0 -1) 11) #f`.
#[test]
fn in_bounds_case_5() {
    assert!(!in_bounds(p(0, -1), 11));
}

/// Line 2134: `(in-bounds? (make-posn -1 0) 11) #f`.
#[test]
fn in_bounds_case_6() {
    assert!(!in_bounds(p(-1, 0), 11));
}

/// Line 2135: `(in-bounds? (make-posn 0 11) 11) #f`.
#[test]
fn in_bounds_case_7() {
    assert!(!in_bounds(p(0, 11), 11));
}

/// Line 2136: `(in-bounds? (make-posn 11 0) 11) #f`.
#[test]
fn in_bounds_case_8() {
    assert!(!in_bounds(p(11, 0), 11));
}

/// Line 2137: `(in-bounds? (make-posn 10 0) 11) #t`.
#[test]
fn in_bounds_case_9() {
    assert!(in_bounds(p(10, 0), 11));
}

/// Line 2138: `(in-bounds? (make-posn 0 10) 11) #f` (the other removed corner).
#[test]
fn in_bounds_case_10() {
    assert!(!in_bounds(p(0, 10), 11));
}

// ---- Beyond the spec's cases ----

/// The pointer's cell counts as blocked in the world's graph: it has no
/// neighbours, and it is no neighbour of the boundary or of its neighbours.
#[test]
fn pointer_cell_is_cut_off_in_the_graph() {
    let w = World::empty(3).unwrap().with_mouse(Some(p(1, 0)));
    let g = w.graph();
    assert_eq!(g.neighbors(Node::Cell(p(1, 0))), vec![]);
    assert!(!g.neighbors(Node::Boundary).contains(&Node::Cell(p(1, 0))));
    assert!(
        !g.neighbors(Node::Cell(p(1, 1)))
            .contains(&Node::Cell(p(1, 0)))
    );
    // The board's own graph ignores the pointer.
    assert!(
        Graph::of(w.board())
            .neighbors(Node::Boundary)
            .contains(&Node::Cell(p(1, 0)))
    );
}
