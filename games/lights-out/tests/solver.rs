//! Properties of the rules, the solver and the generator, on random boards.

use game_api::Game;
use lights_out::board::{SIZES, quiet_patterns as kernel};
use lights_out::{Board, Cell, PressSet};
use proptest::prelude::*;

fn any_board() -> impl Strategy<Value = Board> {
    any::<u32>().prop_map(|bits| Board::from_bits(bits.into()))
}

fn any_presses() -> impl Strategy<Value = PressSet> {
    any::<u32>().prop_map(|bits| PressSet::from_bits(bits.into()))
}

fn any_cell() -> impl Strategy<Value = Cell> {
    (0..25usize).prop_map(|i| Cell::from_index(i, 5))
}

proptest! {
    #[test]
    fn a_found_solution_solves_the_board(board in any_board()) {
        if let Some(presses) = board.solve() {
            prop_assert!(board.pressed(&presses).is_solved());
        }
    }

    #[test]
    fn boards_made_by_presses_are_solved_in_at_most_as_many(presses in any_presses()) {
        let board = Board::OFF.pressed(&presses);
        let solution = board.solve();
        prop_assert!(solution.is_some(), "{board}");
        let solution = solution.unwrap();
        prop_assert!(solution.len() <= presses.len());
        prop_assert!(board.pressed(&solution).is_solved());
    }

    #[test]
    fn the_solution_is_one_of_four_and_the_shortest(board in any_board()) {
        // The 5×5 presses span a space of rank 23, so a solvable board has
        // exactly 4 solutions: the solver's plus each of the 3 non-empty
        // "quiet patterns", which change no light. None may be shorter.
        if let Some(best) = board.solve() {
            for q in quiet_patterns() {
                let other = PressSet::from_bits(best.bits() ^ q.bits());
                prop_assert!(board.pressed(&other).is_solved());
                prop_assert!(other.len() >= best.len());
            }
        }
    }

    #[test]
    fn unsolvable_boards_have_no_solution_in_the_press_space(board in any_board()) {
        // Light chasing from each top row covers every candidate, so a
        // `None` means no top row works.
        if board.solve().is_none() {
            for top in 0..32u32 {
                let mut b = board;
                for col in 0..5 {
                    if top & (1 << col) != 0 {
                        b.press(Cell::new(0, col));
                    }
                }
                for row in 1..5 {
                    for col in 0..5 {
                        if b.is_lit(Cell::new(row - 1, col)) {
                            b.press(Cell::new(row, col));
                        }
                    }
                }
                prop_assert!(!b.is_solved());
            }
        }
    }

    #[test]
    fn presses_undo_themselves_and_commute(board in any_board(), a in any_cell(), b in any_cell()) {
        let mut twice = board;
        twice.press(a);
        twice.press(a);
        prop_assert_eq!(twice, board);
        let mut ab = board;
        ab.press(a);
        ab.press(b);
        let mut ba = board;
        ba.press(b);
        ba.press(a);
        prop_assert_eq!(ab, ba);
    }

    /// Every generated board of every size can be solved, and Solve's
    /// presses (the solver's, as Solve presses them one by one) solve it.
    #[test]
    fn every_size_deals_solvable_puzzles_that_solve_presses_solve(
        size in proptest::sample::select(SIZES.to_vec()),
        seed in any::<u64>(),
    ) {
        let board = Board::random_solvable_sized(size, seed);
        prop_assert_eq!(board.size(), size);
        prop_assert!(!board.is_solved());
        prop_assert!(board.is_solvable(), "{}", board);
        let mut game = lights_out::LightsOut::with_board(board);
        game.invoke_action("solve", "").unwrap();
        while game.is_solving() {
            game.handle_event(&game_api::Event::Tick { dt: lights_out::game::SOLVE_STEP });
        }
        prop_assert!(game.is_won(), "{}", board);
        prop_assert_eq!(game.moves() as usize, board.solve().unwrap().len());
    }

    /// On every size, a board made by presses is solved in at most as many,
    /// and no other solution (the solver's plus quiet sets) is shorter.
    #[test]
    fn on_every_size_the_solution_is_a_shortest(
        size in proptest::sample::select(SIZES.to_vec()),
        low in any::<u64>(),
        high in any::<u64>(),
    ) {
        let presses = PressSet::with_bits(size, u128::from(low) | u128::from(high) << 64);
        let board = Board::off(size).pressed(&presses);
        let best = board.solve().expect("made by presses");
        prop_assert!(best.len() <= presses.len());
        prop_assert!(board.pressed(&best).is_solved());
        let quiet = kernel(size);
        for mask in 1..1u32 << quiet.len() {
            let other = quiet
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .fold(best.bits(), |bits, (_, q)| bits ^ q.bits());
            prop_assert!(PressSet::with_bits(size, other).len() >= best.len());
        }
    }

    #[test]
    fn every_seed_gives_an_unsolved_solvable_puzzle(seed in any::<u64>()) {
        let board = Board::random_solvable(seed);
        prop_assert!(!board.is_solved());
        prop_assert!(board.is_solvable(), "{board}");
        prop_assert_eq!(Board::random_solvable(seed), board);
    }
}

/// The non-empty press sets that change no light, found by brute force
/// over the top row.
fn quiet_patterns() -> Vec<PressSet> {
    let mut found = Vec::new();
    for top in 1..32u32 {
        let mut board = Board::OFF;
        let mut presses = PressSet::EMPTY;
        for col in (0..5).filter(|c| top & (1 << c) != 0) {
            board.press(Cell::new(0, col));
            presses.insert(Cell::new(0, col));
        }
        for row in 1..5 {
            for col in 0..5 {
                if board.is_lit(Cell::new(row - 1, col)) {
                    board.press(Cell::new(row, col));
                    presses.insert(Cell::new(row, col));
                }
            }
        }
        if board.is_solved() {
            found.push(presses);
        }
    }
    found
}

#[test]
fn there_are_three_quiet_patterns() {
    let quiet = quiet_patterns();
    assert_eq!(quiet.len(), 3);
    for q in quiet {
        assert!(Board::OFF.pressed(&q).is_solved());
    }
}

#[test]
fn many_seeds_give_unsolved_solvable_puzzles() {
    for seed in (0..10_000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15)) {
        let board = Board::random_solvable(seed);
        assert!(!board.is_solved(), "seed {seed}");
        let solution = board
            .solve()
            .unwrap_or_else(|| panic!("seed {seed}:\n{board}"));
        assert!(board.pressed(&solution).is_solved(), "seed {seed}");
    }
}
