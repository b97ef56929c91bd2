//! §1.18.5 The Cat's Path and the cat's move of §1.18.8: `on-cats-path?`,
//! `+/f`, `<=/f`, `find-best-positions`, `move-cat`.
//! Line numbers refer to `shared/seeds/004_6f67c7526535aa8f.txt`.

use crate::common::{board_from_cells, boxed_in, make_world, on_cats_path, p};
use chat_noir::Distance::{Finite, Infinite};
use chat_noir::{Board, Search, State, World, best_moves, find_best_positions};

fn world_7_cat_2_2() -> World {
    make_world(
        Board::empty(7).unwrap(),
        p(2, 2),
        State::Playing,
        None,
        true,
    )
}

/// Line 1070 (example in §1.18.5): in the empty 7×7 world with the cat at
/// (2,2) and help on, (1,0) is on the path.
#[test]
fn on_cats_path_example_line_1070() {
    let on_the_path = on_cats_path(&world_7_cat_2_2());
    assert!(on_the_path(p(1, 0)));
}

/// Line 1072 (example): ... and (4,4) is not.
#[test]
fn on_cats_path_example_line_1072() {
    let on_the_path = on_cats_path(&world_7_cat_2_2());
    assert!(!on_the_path(p(4, 4)));
}

fn world_5_cat_1_1(help: bool) -> World {
    make_world(
        Board::empty(5).unwrap(),
        p(1, 1),
        State::Playing,
        Some(p(0, 0)),
        help,
    )
}

/// Line 2146: empty 5×5, cat (1,1), help on: (1,0) is on the path.
#[test]
fn on_cats_path_case_1() {
    assert!(on_cats_path(&world_5_cat_1_1(true))(p(1, 0)));
}

/// Line 2154: same world with help off: nothing is on the path.
#[test]
fn on_cats_path_case_2() {
    assert!(!on_cats_path(&world_5_cat_1_1(false))(p(1, 0)));
}

/// Line 2162: help on, (2,1) is not on the path.
#[test]
fn on_cats_path_case_3() {
    assert!(!on_cats_path(&world_5_cat_1_1(true))(p(2, 1)));
}

/// Line 2166: the cat boxed in ('cat-lost, everything else blocked), help on:
/// (0,1) is not on the path.
#[test]
fn on_cats_path_case_4() {
    let board = boxed_in(&[]);
    let w = make_world(board, p(1, 1), State::CatLost, Some(p(0, 0)), true);
    assert!(!on_cats_path(&w)(p(0, 1)));
}

/// Line 2190: `(+/f '∞ '∞) '∞`.
#[test]
fn plus_f_case_1() {
    assert_eq!(Infinite + Infinite, Infinite);
}

/// Line 2191: `(+/f '∞ 1) '∞`.
#[test]
fn plus_f_case_2() {
    assert_eq!(Infinite + Finite(1), Infinite);
}

/// Line 2192: `(+/f 1 '∞) '∞`.
#[test]
fn plus_f_case_3() {
    assert_eq!(Finite(1) + Infinite, Infinite);
}

/// Line 2193: `(+/f 1 2) 3`.
#[test]
fn plus_f_case_4() {
    assert_eq!(Finite(1) + Finite(2), Finite(3));
}

/// Line 2824: `(<=/f 1 2) #t`.
#[test]
fn le_f_case_1() {
    assert!(Finite(1) <= Finite(2));
}

/// Line 2825: `(<=/f 2 1) #f`.
#[test]
fn le_f_case_2() {
    assert!(Finite(2) > Finite(1));
}

/// Line 2826: `(<=/f '∞ 1) #f`.
#[test]
fn le_f_case_3() {
    assert!(Infinite > Finite(1));
}

/// Line 2827: `(<=/f 1 '∞) #t`.
#[test]
fn le_f_case_4() {
    assert!(Finite(1) <= Infinite);
}

/// Line 2828: `(<=/f '∞ '∞) #t`.
#[test]
fn le_f_case_5() {
    assert!(Infinite <= Infinite);
}

/// Line 2798: `(find-best-positions (list (make-posn 0 0)) (list 1))` is `(list (make-posn 0 0))`.
#[test]
fn find_best_positions_case_1() {
    assert_eq!(
        find_best_positions(&[p(0, 0)], &[Finite(1)]),
        Some(vec![p(0, 0)])
    );
}

/// Line 2800: `(find-best-positions (list (make-posn 0 0)) (list '∞))` is `#f`.
#[test]
fn find_best_positions_case_2() {
    assert_eq!(find_best_positions(&[p(0, 0)], &[Infinite]), None);
}

/// Line 2802: scores `1 2`: only (0,0).
#[test]
fn find_best_positions_case_3() {
    assert_eq!(
        find_best_positions(&[p(0, 0), p(1, 1)], &[Finite(1), Finite(2)]),
        Some(vec![p(0, 0)])
    );
}

/// Line 2806: scores `1 1`: both, in order.
#[test]
fn find_best_positions_case_4() {
    assert_eq!(
        find_best_positions(&[p(0, 0), p(1, 1)], &[Finite(1), Finite(1)]),
        Some(vec![p(0, 0), p(1, 1)])
    );
}

/// Line 2811: scores `'∞ 2`: only (1,1).
#[test]
fn find_best_positions_case_5() {
    assert_eq!(
        find_best_positions(&[p(0, 0), p(1, 1)], &[Infinite, Finite(2)]),
        Some(vec![p(1, 1)])
    );
}

/// Line 2815: scores `'∞ '∞`: `#f`.
#[test]
fn find_best_positions_case_6() {
    assert_eq!(
        find_best_positions(&[p(0, 0), p(1, 1)], &[Infinite, Infinite]),
        None
    );
}

/// Line 2695: `move-cat` on the 5×5 board where every neighbour of the cat
/// at (2,2) but (2,3) is blocked: the cat steps to (2,3) and play goes on;
/// everything else is unchanged.
#[test]
fn move_cat_case_1() {
    let board = board_from_cells(
        5,
        &[
            ((1, 0), false),
            ((2, 0), false),
            ((3, 0), false),
            ((4, 0), false),
            ((0, 1), false),
            ((1, 1), true),
            ((2, 1), true),
            ((3, 1), false),
            ((4, 1), false),
            ((0, 2), false),
            ((1, 2), true),
            ((2, 2), false),
            ((3, 2), true),
            ((4, 2), false),
            ((0, 3), false),
            ((1, 3), true),
            ((2, 3), false),
            ((3, 3), false),
            ((4, 3), false),
            ((1, 4), false),
            ((2, 4), false),
            ((3, 4), false),
            ((4, 4), false),
        ],
    );
    let before = make_world(board.clone(), p(2, 2), State::Playing, Some(p(0, 0)), false);
    let mut w = before.clone();
    w.move_cat();
    assert_eq!(w.board(), &board);
    assert_eq!(w.cat(), p(2, 3));
    assert_eq!(w.state(), State::Playing);
    assert_eq!(w.size(), 5);
    assert_eq!(w.mouse(), None);
    assert!(!w.help());
}

// ---- Beyond the spec's cases ----

/// The order of checks in `move-cat`: no finite neighbour → 'cat-lost and the
/// cat stays; a step onto the boundary → 'cat-won.
#[test]
fn move_cat_boxed_in_loses_and_stepping_out_wins() {
    let boxed = Board::empty(5)
        .unwrap()
        .with_blocked([(1, 1), (2, 1), (1, 2), (3, 2), (1, 3), (2, 3)].map(|(x, y)| p(x, y)));
    let mut w = make_world(boxed, p(2, 2), State::Playing, None, false);
    w.move_cat();
    assert_eq!((w.cat(), w.state()), (p(2, 2), State::CatLost));

    let mut w = World::empty(3).unwrap();
    w.move_cat();
    assert_eq!(w.state(), State::CatWon);
    assert!(w.board().on_boundary(w.cat()));
}

/// Ties are broken at random with the world's generator: all six
/// neighbours of the centre of an empty 5×5 board are candidates, and
/// different seeds pick different ones, while one seed always picks the same.
#[test]
fn move_cat_breaks_ties_with_the_worlds_generator() {
    let w = World::empty(5).unwrap();
    let moves = best_moves(w.board(), w.cat(), &mut Search::new());
    assert_eq!(moves.len(), 6);
    let mut seen = std::collections::HashSet::new();
    for seed in 0..100 {
        let mut a = w.clone().with_seed(seed);
        let mut b = w.clone().with_seed(seed);
        a.move_cat();
        b.move_cat();
        assert_eq!(a, b);
        assert!(moves.as_slice().contains(&a.cat()));
        seen.insert(a.cat());
    }
    assert_eq!(seen.len(), 6);
}

/// The cat's own cell is on its path (distance 0 + its distance), and the
/// path is empty when help is off.
#[test]
fn cats_path_includes_the_cat_and_needs_help() {
    let w = world_7_cat_2_2();
    let path = w.cats_path();
    assert!(path.contains(w.cat()));
    assert_eq!(path.cat_distance(), Some(3));
    let off = w.clone().with_help(false).cats_path();
    assert!(w.cells().all(|(q, _)| !off.contains(q)));
}
