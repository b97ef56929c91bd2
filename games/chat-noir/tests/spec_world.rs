//! §1.18.2 The World: `empty-board`, `empty-world`, `block-cell`,
//! `add-n-random-blocked-cells`, plus the board-size contract.
//! Line numbers refer to `shared/seeds/004_6f67c7526535aa8f.txt`.

use crate::common::{boxed_in, facts, p};
use chat_noir::{Board, INITIAL_BLOCKED, Pos, Rng, SizeError, State, World};

/// Line 555: `(test (empty-board 3) (list (make-cell (make-posn 0 1) #f) ...))`
/// — the same cells in the same order.
#[test]
fn empty_board_case_1() {
    let cells: Vec<(Pos, bool)> = Board::empty(3).unwrap().cells().collect();
    let expected = [(0, 1), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]
        .map(|(x, y)| (p(x, y), false))
        .to_vec();
    assert_eq!(cells, expected);
}

/// Line 604: `(test (empty-world 3) (make-world (empty-board 3) (make-posn 1 1)
/// 'playing 3 #f #f))`.
#[test]
fn empty_world_case_1() {
    let w = World::empty(3).unwrap();
    assert_eq!(w.board(), &Board::empty(3).unwrap());
    assert_eq!(w.cat(), p(1, 1));
    assert_eq!(w.state(), State::Playing);
    assert_eq!(w.size(), 3);
    assert_eq!(w.mouse(), None);
    assert!(!w.help());
}

/// Line 2852: `(test (block-cell (make-posn 1 1) (list (make-cell (make-posn 0 0) #f)
/// (make-cell (make-posn 1 1) #f) (make-cell (make-posn 2 2) #f))) ...)` — only
/// (1,1) becomes blocked. The spec's list holds (0,0), which no real board
/// has (it is a removed corner), so the same fact is checked on a whole 3×3
/// board: (1,1) blocked, every other cell unchanged.
#[test]
fn block_cell_case_1() {
    let mut board = Board::empty(3).unwrap();
    assert!(board.block(p(1, 1)));
    let expected: Vec<(Pos, bool)> = Board::empty(3)
        .unwrap()
        .cells()
        .map(|(q, _)| (q, q == p(1, 1)))
        .collect();
    assert_eq!(board.cells().collect::<Vec<_>>(), expected);
}

/// Line 2860: `(test (add-n-random-blocked-cells 0 (list (make-cell (make-posn 0 0) #t)) 3)
/// (list (make-cell (make-posn 0 0) #t)))` — blocking zero cells changes
/// nothing (checked on a 3×3 board with (1,0) blocked, since (0,0) is no cell).
#[test]
fn add_n_random_blocked_cells_case_1() {
    let mut board = Board::empty(3).unwrap().with_blocked([p(1, 0)]);
    let before = board.clone();
    let blocked = board.add_random_blocked(0, p(1, 1), &mut Rng::new(5));
    assert_eq!(blocked, 0);
    assert_eq!(board, before);
}

/// Line 2864: `(test (add-n-random-blocked-cells 1 (list (make-cell (make-posn 0 0) #f)) 3)
/// (list (make-cell (make-posn 0 0) #t)))` — with one free cell that is not
/// the cat's (1,1), blocking one cell blocks exactly that one. Checked on a
/// 3×3 board where every cell but the cat's (1,1) and (2,2) is blocked.
#[test]
fn add_n_random_blocked_cells_case_2() {
    let mut board = boxed_in(&[(2, 2)]);
    let blocked = board.add_random_blocked(1, p(1, 1), &mut Rng::new(99));
    assert_eq!(blocked, 1);
    assert!(board.is_blocked(p(2, 2)));
    assert!(!board.is_blocked(p(1, 1)));
}

// ---- Beyond the spec's test cases: the contracts of §1.18.2 and §1.18.10 ----

/// The world's contract `(and/c natural-number/c odd? (>=/c 3))`, refused
/// with an error instead of a contract violation; plus our upper bound.
#[test]
fn invalid_sizes_are_refused_with_clear_errors() {
    assert_eq!(World::empty(4).unwrap_err(), SizeError::Even(4));
    assert_eq!(World::empty(1).unwrap_err(), SizeError::TooSmall(1));
    assert_eq!(World::empty(0).unwrap_err(), SizeError::TooSmall(0));
    assert_eq!(World::empty(1003).unwrap_err(), SizeError::TooLarge(1003));
    assert!(World::empty(1001).is_ok());
    assert_eq!(
        World::empty(4).unwrap_err().to_string(),
        "board size 4 is even; it must be odd"
    );
    let e: Box<dyn std::error::Error> = Box::new(SizeError::TooSmall(1));
    assert!(e.to_string().contains("at least 3"));
}

/// §1.18.10 `<go>`: a new game is an 11×11 board with 6 random cells
/// blocked, none of them the cat's centre cell; the same seed gives the same
/// game.
#[test]
fn new_game_blocks_six_random_cells_not_the_cats() {
    for seed in 0..200 {
        let w = World::new_default_game(seed);
        assert_eq!(w.size(), 11);
        assert_eq!(w.cat(), p(5, 5));
        assert_eq!(w.state(), State::Playing);
        assert_eq!(w.board().blocked_count(), INITIAL_BLOCKED);
        assert_eq!(w.cells().filter(|c| c.1).count(), INITIAL_BLOCKED);
        assert!(!w.is_blocked(w.cat()));
        assert_eq!(facts(&w), facts(&World::new_default_game(seed)));
    }
    assert_ne!(
        World::new_default_game(1).board(),
        World::new_default_game(2).board()
    );
}

/// A game from a seed is pinned: if this changes, saved seeds replay
/// different games.
#[test]
fn new_game_from_seed_is_stable() {
    let w = World::new_default_game(7);
    assert_eq!(w.game_id().to_string(), "11:5,5:800002000G80020000000G");
}
