//! Properties of the rules, the generator and the solver, over many seeds,
//! sizes and clicks.

use game_api::{NewGame, SaveLoad};
use minesweeper::Minesweeper;
use minesweeper::board::{Board, Size, Tile};
use minesweeper::generate::{MAX_ATTEMPTS, Mode, generate, safe_zone};
use minesweeper::settings::PRESETS;
use minesweeper::solver::{Seen, deduce, solves};
use proptest::prelude::*;

/// What the player sees of `board`.
fn seen(board: &Board) -> Vec<Seen> {
    board
        .tiles()
        .iter()
        .enumerate()
        .map(|(i, t)| match t {
            Tile::Open => Seen::Open(board.count(i)),
            _ => Seen::Covered,
        })
        .collect()
}

/// Plays `board` from its first click by the solver's deductions only,
/// uncovering the cells it finds safe; returns whether it won (it never
/// uncovers a mine: that is asserted).
fn play_by_deduction(board: &mut Board, first: usize) -> bool {
    board.uncover(first);
    let size = board.size();
    while !board.is_over() {
        let found = deduce(board.grid(), size.mines, &seen(board));
        if found.safe.is_empty() {
            return false;
        }
        for cell in found.safe {
            assert!(!board.is_mine(cell), "the solver called mine {cell} safe");
            board.uncover(cell);
        }
        assert!(!board.is_lost());
    }
    board.is_won()
}

fn sizes() -> impl Strategy<Value = Size> {
    prop_oneof![
        Just(Size::BEGINNER),
        Just(Size::ORIGINAL),
        Just(Size::INTERMEDIATE),
        Just(Size::EXPERT),
        (5usize..=20, 5usize..=20, 1usize..=100).prop_filter_map("fits", |(w, h, m)| {
            Size::new(w, h, m.min(w * h - 9)).ok()
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The first click is never a mine, nor, when there is room, one of
    /// its neighbours; the board holds its mines.
    #[test]
    fn the_first_click_is_safe(size in sizes(), seed: u64, first_frac in 0.0f64..1.0) {
        let first = ((size.cells() as f64 * first_frac) as usize).min(size.cells() - 1);
        let layout = generate(size, Mode::Classic, seed, first);
        prop_assert!(!layout.mines[first]);
        prop_assert_eq!(layout.mines.iter().filter(|&&m| m).count(), size.mines);
        for i in safe_zone(size, first) {
            prop_assert!(!layout.mines[i]);
        }
        let mut board = Board::with_mines(size, layout.mines).unwrap();
        let opened = board.uncover(first);
        prop_assert!(!opened.boom && opened.cells >= 1);
    }

    /// No-guessing boards keep the first click's zone clear too, and the
    /// generator's verdict is the solver's: a board it calls free of
    /// guesses is cleared from the first click.
    #[test]
    fn no_guess_boards_are_what_they_claim(size in sizes(), seed: u64, first_frac in 0.0f64..1.0) {
        let first = ((size.cells() as f64 * first_frac) as usize).min(size.cells() - 1);
        let layout = generate(size, Mode::NoGuess, seed, first);
        prop_assert_eq!(layout.mines.iter().filter(|&&m| m).count(), size.mines);
        for i in safe_zone(size, first) {
            prop_assert!(!layout.mines[i]);
        }
        prop_assert_eq!(layout.no_guess, solves(size.grid(), &layout.mines, first));
        prop_assert_eq!(&layout, &generate(size, Mode::NoGuess, seed, first));
    }

    /// Flood fill: every uncovered zero has all its neighbours uncovered,
    /// and every uncovered tile is the click or touches an uncovered zero.
    #[test]
    fn the_flood_opens_exactly_the_zero_region(size in sizes(), seed: u64, first_frac in 0.0f64..1.0) {
        let first = ((size.cells() as f64 * first_frac) as usize).min(size.cells() - 1);
        let layout = generate(size, Mode::Classic, seed, first);
        let mut board = Board::with_mines(size, layout.mines).unwrap();
        board.uncover(first);
        let g = board.grid();
        for i in 0..size.cells() {
            if board.tile(i) != Tile::Open {
                continue;
            }
            prop_assert!(!board.is_mine(i));
            if board.count(i) == 0 {
                prop_assert!(g.neighbours(i).all(|j| board.tile(j) == Tile::Open));
            }
            prop_assert!(
                i == first || g.neighbours(i).any(|j| board.tile(j) == Tile::Open && board.count(j) == 0)
            );
        }
    }

    /// The solver never calls a mine safe nor a safe tile a mine, whatever
    /// part of a board the player has uncovered.
    #[test]
    fn the_solver_never_flags_a_non_mine(
        size in sizes(),
        seed: u64,
        first_frac in 0.0f64..1.0,
        extra in proptest::collection::vec(0.0f64..1.0, 0..12),
    ) {
        let first = ((size.cells() as f64 * first_frac) as usize).min(size.cells() - 1);
        let layout = generate(size, Mode::Classic, seed, first);
        let mut board = Board::with_mines(size, layout.mines).unwrap();
        board.uncover(first);
        // Some more safe tiles uncovered, as a player who guessed well.
        let safe: Vec<usize> = (0..size.cells()).filter(|&i| !board.is_mine(i)).collect();
        for f in extra {
            board.uncover(safe[((safe.len() as f64 * f) as usize).min(safe.len() - 1)]);
        }
        let found = deduce(board.grid(), size.mines, &seen(&board));
        for m in found.mines {
            prop_assert!(board.is_mine(m), "{} is no mine\n{}", m, board);
            prop_assert_ne!(board.tile(m), Tile::Open);
        }
        for s in found.safe {
            prop_assert!(!board.is_mine(s), "{} is a mine\n{}", s, board);
            prop_assert_ne!(board.tile(s), Tile::Open);
        }
    }

    /// A game saved and loaded into another is the same game.
    #[test]
    fn saves_load_back(seed: u64, clicks in proptest::collection::vec(0usize..81, 1..6)) {
        let mut game = Minesweeper::with_seed(Size::BEGINNER, Mode::NoGuess, seed);
        for (k, c) in clicks.iter().enumerate() {
            if k % 3 == 2 { game.toggle_flag(*c); } else { game.click(*c); }
        }
        let bytes = game.save();
        let mut other = Minesweeper::with_seed(Size::EXPERT, Mode::Classic, 1);
        other.load(&bytes).unwrap();
        prop_assert_eq!(other.board(), game.board());
        prop_assert_eq!(other.game_id(), game.game_id());
        prop_assert_eq!(other.save(), bytes);
    }
}

/// Every no-guessing board of every preset, over many seeds, is cleared by
/// the solver from its first click — by [`solves`], and by playing it with
/// [`deduce`] on what a player sees, never touching a mine.
#[test]
fn no_guess_boards_are_solved_without_guessing() {
    for preset in PRESETS {
        let size = preset.size;
        let seeds = if size.cells() > 500 { 8 } else { 30 };
        for seed in 0..seeds {
            let first = (seed as usize * 37) % size.cells();
            let layout = generate(size, Mode::NoGuess, seed, first);
            assert!(layout.no_guess, "{} seed {seed}", preset.label());
            assert!(layout.attempts < MAX_ATTEMPTS);
            assert!(solves(size.grid(), &layout.mines, first));
            let mut board = Board::with_mines(size, layout.mines).unwrap();
            assert!(
                play_by_deduction(&mut board, first),
                "{} seed {seed}:\n{board}",
                preset.label()
            );
        }
    }
}

/// Classic boards often need a guess: the generator's check is not a
/// formality.
#[test]
fn some_classic_expert_boards_need_a_guess() {
    let size = Size::EXPERT;
    let first = size.grid().index(8, 15);
    let needing_a_guess = (0..20)
        .filter(|&seed| {
            !solves(
                size.grid(),
                &generate(size, Mode::Classic, seed, first).mines,
                first,
            )
        })
        .count();
    assert!(needing_a_guess >= 5, "{needing_a_guess} of 20");
}

/// The same seed and first click lay the same board in both modes'
/// games, through the game's own first click.
#[test]
fn a_game_id_replays_the_same_board() {
    let mut game = Minesweeper::with_seed(Size::INTERMEDIATE, Mode::NoGuess, 0);
    game.new_game(77);
    game.click(100);
    let id = game.game_id();
    assert_eq!(id, "16x16:40:no-guess:77:5,7");
    let mut replay = Minesweeper::with_seed(Size::BEGINNER, Mode::Classic, 0);
    replay.start_from_game_id(&id).unwrap();
    assert_eq!(replay.board(), game.board());
    // Without the first click, the same click lays the same mines.
    let mut again = Minesweeper::with_seed(Size::BEGINNER, Mode::Classic, 0);
    again.start_from_game_id("16x16:40:no-guess:77").unwrap();
    assert!(!again.board().is_placed());
    again.click(100);
    assert_eq!(again.board(), game.board());
    assert_eq!(again.game_id(), id);
}
