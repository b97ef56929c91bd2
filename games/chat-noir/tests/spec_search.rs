//! §1.18.3 Breadth-first search: `lookup-in-table`, `build-bfs-table`, and
//! the test infrastructure's `same-sets?` (§1.18.9) used by `test/set`.
//! Line numbers refer to `shared/seeds/004_6f67c7526535aa8f.txt`.

use crate::common::{bfs_set, boxed_in, build_bfs_table, dc, dist_cells, make_world, p, same_sets};
use chat_noir::{Board, Distance, DistanceMap, Node, State, World};

/// Line 1820: `(test (same-sets? (list) (list)) #t)`.
#[test]
fn same_sets_case_1() {
    assert!(same_sets::<i32>(&[], &[]));
}

/// Line 1821: `(test (same-sets? (list) (list 1)) #f)`.
#[test]
fn same_sets_case_2() {
    assert!(!same_sets(&[], &[1]));
}

/// Line 1822: `(test (same-sets? (list 1) (list)) #f)`.
#[test]
fn same_sets_case_3() {
    assert!(!same_sets(&[1], &[]));
}

/// Line 1823: `(test (same-sets? (list 1 2) (list 2 1)) #t)`.
#[test]
fn same_sets_case_4() {
    assert!(same_sets(&[1, 2], &[2, 1]));
}

/// Line 1831: `(test (lookup-in-table empty (make-posn 1 2)) '∞)` — an empty
/// table is a map with every node unreachable.
#[test]
fn lookup_in_table_case_1() {
    let empty = DistanceMap::new(3).unwrap();
    assert_eq!(empty.get(p(1, 2)), Distance::Infinite);
}

/// Line 1832: `(test (lookup-in-table (list (make-dist-cell (make-posn 1 2) 3))
/// (make-posn 1 2)) 3)`.
#[test]
fn lookup_in_table_case_2() {
    let mut t = DistanceMap::new(3).unwrap();
    assert!(t.set(p(1, 2), Distance::Finite(3)));
    assert_eq!(t.get(p(1, 2)), Distance::Finite(3));
}

/// Line 1835: `(test (lookup-in-table (list (make-dist-cell (make-posn 2 1) 3))
/// (make-posn 1 2)) '∞)`.
#[test]
fn lookup_in_table_case_3() {
    let mut t = DistanceMap::new(3).unwrap();
    assert!(t.set(p(2, 1), Distance::Finite(3)));
    assert_eq!(t.get(p(1, 2)), Distance::Infinite);
}

/// Line 2020: `(test (lookup-in-table (build-bfs-table (make-world (empty-board 5)
/// (make-posn 2 2) 'playing 5 (make-posn 0 0) #f) (make-posn 2 2)) (make-posn 1 4)) 2)`.
#[test]
fn lookup_in_table_case_4() {
    let w = make_world(
        Board::empty(5).unwrap(),
        p(2, 2),
        State::Playing,
        Some(p(0, 0)),
        false,
    );
    let t = build_bfs_table(&w, Node::Cell(p(2, 2)));
    assert_eq!(t.get(p(1, 4)), Distance::Finite(2));
}

/// Line 749 (example in §1.18.3): `(test/set (build-bfs-table (empty-world 3)
/// 'boundary) ...)` — boundary 0, the six boundary cells 1, the centre 2.
#[test]
fn build_bfs_table_example_line_749() {
    let actual = bfs_set(&World::empty(3).unwrap(), Node::Boundary);
    let expected = dist_cells(&[
        (Node::Boundary, 0),
        dc(1, 0, 1),
        dc(2, 0, 1),
        dc(0, 1, 1),
        dc(1, 1, 2),
        dc(2, 1, 1),
        dc(1, 2, 1),
        dc(2, 2, 1),
    ]);
    assert_eq!(actual, expected);
}

/// Line 1845: `(test/set (build-bfs-table (make-world (empty-board 3) (make-posn 1 1)
/// 'playing 3 (make-posn 0 0) #f) (make-posn 1 1)) ...)`.
///
/// The mouse position (0,0) is a removed corner, so it blocks nothing; our
/// world stores it as "no cell under the pointer".
#[test]
fn build_bfs_table_case_1() {
    let w = make_world(
        Board::empty(3).unwrap(),
        p(1, 1),
        State::Playing,
        Some(p(0, 0)),
        false,
    );
    assert_eq!(w.mouse(), None);
    let expected = dist_cells(&[
        (Node::Boundary, 2),
        dc(1, 0, 1),
        dc(2, 0, 1),
        dc(0, 1, 1),
        dc(1, 1, 0),
        dc(2, 1, 1),
        dc(1, 2, 1),
        dc(2, 2, 1),
    ]);
    assert_eq!(bfs_set(&w, Node::Cell(p(1, 1))), expected);
}

/// Line 1866: every cell but the cat's (1,1) blocked; from `'boundary` only
/// the boundary itself is reachable.
#[test]
fn build_bfs_table_case_2() {
    let board = boxed_in(&[]);
    let w = make_world(board, p(1, 1), State::Playing, Some(p(0, 0)), false);
    assert_eq!(
        bfs_set(&w, Node::Boundary),
        dist_cells(&[(Node::Boundary, 0)])
    );
}

fn empty_5_table() -> Vec<(Node, u32)> {
    vec![
        (Node::Boundary, 0),
        dc(1, 0, 1),
        dc(2, 0, 1),
        dc(3, 0, 1),
        dc(4, 0, 1),
        dc(0, 1, 1),
        dc(1, 1, 2),
        dc(2, 1, 2),
        dc(3, 1, 2),
        dc(4, 1, 1),
        dc(0, 2, 1),
        dc(1, 2, 2),
        dc(2, 2, 3),
        dc(3, 2, 2),
        dc(4, 2, 1),
        dc(0, 3, 1),
        dc(1, 3, 2),
        dc(2, 3, 2),
        dc(3, 3, 2),
        dc(4, 3, 1),
        dc(1, 4, 1),
        dc(2, 4, 1),
        dc(3, 4, 1),
        dc(4, 4, 1),
    ]
}

/// Line 1885: `(test/set (build-bfs-table (make-world (empty-board 5) (make-posn 2 2)
/// 'playing 5 (make-posn 0 0) #f) 'boundary) ...)`.
#[test]
fn build_bfs_table_case_3() {
    let w = make_world(
        Board::empty(5).unwrap(),
        p(2, 2),
        State::Playing,
        Some(p(0, 0)),
        false,
    );
    assert_eq!(bfs_set(&w, Node::Boundary), dist_cells(&empty_5_table()));
}

/// Line 1929: as line 1885 with (4,2) blocked: (4,2) disappears and (3,2)
/// becomes 3.
#[test]
fn build_bfs_table_case_4() {
    let board = Board::empty(5).unwrap().with_blocked([p(4, 2)]);
    let w = make_world(board, p(2, 2), State::Playing, Some(p(0, 0)), false);
    let expected: Vec<(Node, u32)> = empty_5_table()
        .into_iter()
        .filter(|&(n, _)| n != Node::Cell(p(4, 2)))
        .map(|(n, d)| {
            if n == Node::Cell(p(3, 2)) {
                (n, 3)
            } else {
                (n, d)
            }
        })
        .collect();
    assert_eq!(expected.len(), 23);
    assert!(expected.contains(&dc(3, 2, 3)));
    assert_eq!(bfs_set(&w, Node::Boundary), dist_cells(&expected));
}

/// Line 1974: `(test/set (build-bfs-table (make-world (empty-board 5) (make-posn 2 2)
/// 'playing 5 (make-posn 0 0) #f) (make-posn 2 2)) ...)`.
#[test]
fn build_bfs_table_case_5() {
    let w = make_world(
        Board::empty(5).unwrap(),
        p(2, 2),
        State::Playing,
        Some(p(0, 0)),
        false,
    );
    let expected = dist_cells(&[
        (Node::Boundary, 3),
        dc(1, 0, 2),
        dc(2, 0, 2),
        dc(3, 0, 2),
        dc(4, 0, 3),
        dc(0, 1, 2),
        dc(1, 1, 1),
        dc(2, 1, 1),
        dc(3, 1, 2),
        dc(4, 1, 3),
        dc(0, 2, 2),
        dc(1, 2, 1),
        dc(2, 2, 0),
        dc(3, 2, 1),
        dc(4, 2, 2),
        dc(0, 3, 2),
        dc(1, 3, 1),
        dc(2, 3, 1),
        dc(3, 3, 2),
        dc(4, 3, 3),
        dc(1, 4, 2),
        dc(2, 4, 2),
        dc(3, 4, 2),
        dc(4, 4, 3),
    ]);
    assert_eq!(bfs_set(&w, Node::Cell(p(2, 2))), expected);
}

// ---- Beyond the spec's cases ----

/// The cell under the pointer counts as blocked in the world's graph: with
/// the pointer on (4,2) the table is that of line 1929.
#[test]
fn pointer_cell_counts_as_blocked_in_the_search() {
    let w = make_world(
        Board::empty(5).unwrap(),
        p(2, 2),
        State::Playing,
        Some(p(4, 2)),
        false,
    );
    let blocked = Board::empty(5).unwrap().with_blocked([p(4, 2)]);
    let w2 = make_world(blocked, p(2, 2), State::Playing, None, false);
    assert_eq!(bfs_set(&w, Node::Boundary), bfs_set(&w2, Node::Boundary));
}

/// As in the spec's `bfs`, a search from a blocked cell finds only that cell.
#[test]
fn search_from_a_blocked_cell_finds_only_itself() {
    let w = make_world(
        Board::empty(5).unwrap().with_blocked([p(1, 1)]),
        p(2, 2),
        State::Playing,
        None,
        false,
    );
    assert_eq!(bfs_set(&w, Node::Cell(p(1, 1))), dist_cells(&[dc(1, 1, 0)]));
}
