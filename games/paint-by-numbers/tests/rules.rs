//! The rules modules against each other and against slow, obvious answers:
//! the line solver against enumerating every placement, the generator's
//! uniqueness against an independent brute force, and property tests of
//! pictures, clues, files and saves.

use game_api::{Rng, SaveLoad};
use paint_by_numbers::PaintByNumbers;
use paint_by_numbers::board::Mark;
use paint_by_numbers::generate::{generate, generate_counted};
use paint_by_numbers::line::{Contradiction, Known, LineSolver, placements};
use paint_by_numbers::non;
use paint_by_numbers::puzzle::{Picture, runs};
use paint_by_numbers::solver::{GridSolver, LineSolve, brute_force, line_solve, search};
use proptest::prelude::*;

use Known::{Blue as B, Unknown as U, White as W};

fn line(text: &str) -> Vec<Known> {
    text.chars()
        .map(|c| match c {
            '#' => B,
            '.' => W,
            _ => U,
        })
        .collect()
}

fn solved(clue: &[usize], known: &str) -> Result<String, Contradiction> {
    let mut cells = line(known);
    LineSolver::default().solve(clue, &mut cells)?;
    Ok(cells
        .iter()
        .map(|k| match k {
            B => '#',
            W => '.',
            U => '?',
        })
        .collect())
}

#[test]
fn the_originals_first_pass_facts() {
    // solve.rkt's first-pass on ((4 3) (5 1)) in lines of 10.
    assert_eq!(solved(&[4, 3], "??????????"), Ok("??##???#??".into()));
    assert_eq!(solved(&[5, 1], "??????????"), Ok("???##?????".into()));
    // Its check-try example: (unknown off on unknown unknown unknown) with
    // a run of 3 can only be off off on on on off.
    assert_eq!(solved(&[3], "?.#???"), Ok("..###.".into()));
    // Without the known blue cell, only the white one says anything.
    assert_eq!(solved(&[3], "?.????"), Ok("..?##?".into()));
}

#[test]
fn line_solver_facts() {
    assert_eq!(solved(&[3], "?????"), Ok("??#??".into()));
    assert_eq!(solved(&[1, 1, 1], "?????"), Ok("#.#.#".into()));
    assert_eq!(solved(&[2], "?#???"), Ok("?#?..".into()));
    // Every placement of 1 2 in 5 covers a blue fourth cell: nothing new.
    assert_eq!(solved(&[1, 2], "???#?"), Ok("???#?".into()));
    assert_eq!(solved(&[2, 1], "#????"), Ok("##.??".into()));
    assert_eq!(solved(&[4], "?.???"), Err(Contradiction));
}

/// The cells every placement of `clue` that fits `known` agrees on, by
/// enumeration; `None` when no placement fits.
fn by_enumeration(clue: &[usize], known: &[Known]) -> Option<Vec<Known>> {
    let fitting: Vec<Vec<bool>> = placements(clue, known.len())
        .into_iter()
        .filter(|p| {
            p.iter().zip(known).all(|(&blue, &k)| match k {
                U => true,
                B => blue,
                W => !blue,
            })
        })
        .collect();
    if fitting.is_empty() {
        return None;
    }
    Some(
        (0..known.len())
            .map(|i| {
                if fitting.iter().all(|p| p[i]) {
                    B
                } else if fitting.iter().all(|p| !p[i]) {
                    W
                } else {
                    U
                }
            })
            .collect(),
    )
}

fn arb_known() -> impl Strategy<Value = Known> {
    prop_oneof![4 => Just(U), 1 => Just(B), 1 => Just(W)]
}

fn arb_picture(max: usize) -> impl Strategy<Value = Picture> {
    (1..=max, 1..=max).prop_flat_map(|(w, h)| {
        proptest::collection::vec(any::<bool>(), w * h)
            .prop_map(move |cells| Picture::from_cells(w, h, cells).unwrap())
    })
}

proptest! {
    #[test]
    fn the_line_solver_agrees_with_enumerating_placements(
        clue in proptest::collection::vec(1usize..5, 0..4),
        known in proptest::collection::vec(arb_known(), 1..14),
    ) {
        let mut cells = known.clone();
        let got = LineSolver::default().solve(&clue, &mut cells);
        match by_enumeration(&clue, &known) {
            None => {
                prop_assert_eq!(got, Err(Contradiction));
                prop_assert_eq!(cells, known);
            }
            Some(expected) => {
                prop_assert_eq!(got, Ok(expected != known));
                prop_assert_eq!(cells, expected);
            }
        }
    }

    #[test]
    fn a_picture_satisfies_its_own_clues(picture in arb_picture(12)) {
        let clues = picture.clues();
        prop_assert!(clues.check().is_ok());
        prop_assert!(clues.is_solved_by(&picture));
        for r in 0..picture.height() {
            prop_assert_eq!(runs(picture.row(r)), clues.rows[r].clone());
        }
    }

    #[test]
    fn the_line_solver_never_contradicts_the_solution(picture in arb_picture(12)) {
        let clues = picture.clues();
        let mut grid = vec![U; picture.width() * picture.height()];
        let result = GridSolver::default().propagate(&clues, &mut grid);
        prop_assert!(result.is_ok());
        for (i, k) in grid.iter().enumerate() {
            let blue = picture.cells()[i];
            prop_assert!(*k == U || (*k == B) == blue, "cell {} settled wrong", i);
        }
        // Settled completely means the picture is the only solution.
        if result == Ok(true) {
            prop_assert_eq!(brute_force(&clues, 2), vec![picture.clone()]);
        }
    }

    #[test]
    fn the_search_and_the_brute_force_find_the_same_solutions(picture in arb_picture(5)) {
        let clues = picture.clues();
        let mut brute = brute_force(&clues, 1000);
        let mut found = search(&clues, 1000, 100_000);
        prop_assert!(found.complete);
        prop_assert!(brute.contains(&picture));
        brute.sort_by_key(Picture::to_rows);
        found.solutions.sort_by_key(Picture::to_rows);
        prop_assert_eq!(found.solutions, brute);
    }

    #[test]
    fn non_files_round_trip(picture in arb_picture(20)) {
        let clues = picture.clues();
        let text = non::write(&clues, Some("A \"test\" & more"));
        let read = non::parse(&text).unwrap();
        prop_assert_eq!(read.clues, clues);
        prop_assert_eq!(read.title.as_deref(), Some("A \"test\" & more"));
    }

    #[test]
    fn saves_round_trip_any_board(
        seed in 0u64..50,
        strokes in proptest::collection::vec((0usize..5, 0usize..5, 0usize..5, any::<bool>(), any::<bool>()), 0..12),
        check in any::<bool>(),
    ) {
        let mut game = PaintByNumbers::with_seed(5, seed);
        for (r, c, to, down, white) in strokes {
            let end = if down { (to, c) } else { (r, to) };
            game.paint((r, c), end, white);
            if check {
                game.show_mistakes();
            }
        }
        let bytes = game.save();
        let mut other = PaintByNumbers::with_seed(10, seed + 1);
        other.load(&bytes).unwrap();
        prop_assert_eq!(other.board(), game.board());
        prop_assert_eq!(other.save(), bytes);
    }
}

#[test]
fn dealt_5x5_and_6x6_puzzles_have_exactly_one_solution_by_brute_force() {
    for seed in 0..200 {
        let picture = generate(5, 5, seed);
        assert_eq!(
            brute_force(&picture.clues(), 2),
            vec![picture],
            "5x5 seed {seed}"
        );
    }
    for seed in 0..60 {
        let picture = generate(6, 6, seed);
        assert_eq!(
            brute_force(&picture.clues(), 2),
            vec![picture],
            "6x6 seed {seed}"
        );
    }
}

#[test]
fn dealt_puzzles_of_every_size_are_unique_by_search_and_line_solvable() {
    for size in [5, 10, 15, 20, 25] {
        for seed in 0..4 {
            let picture = generate(size, size, seed);
            let clues = picture.clues();
            assert_eq!(line_solve(&clues), LineSolve::Solved(picture.clone()));
            let found = search(&clues, 2, 10_000);
            assert_eq!(found.unique(), Some(&picture), "{size} seed {seed}");
        }
    }
}

#[test]
fn dealt_pictures_are_a_little_over_half_blue() {
    let mut blue = 0;
    let mut cells = 0;
    for seed in 0..30 {
        let picture = generate(15, 15, seed);
        blue += picture.blue_count();
        cells += 225;
    }
    let share = blue as f64 / cells as f64;
    assert!((0.5..0.65).contains(&share), "{share}");
}

#[test]
fn the_generator_touches_up_pictures_the_line_solver_cannot_finish() {
    // Random pictures are not all line-solvable: over many seeds the
    // generator flips cells in some of them, and the result is still
    // solvable.
    let mut flipped = 0;
    for seed in 0..40 {
        let (picture, effort) = generate_counted(20, 20, seed);
        flipped += effort.flips;
        assert!(matches!(line_solve(&picture.clues()), LineSolve::Solved(_)));
    }
    assert!(flipped > 0);
}

#[test]
fn the_same_seed_gives_the_same_random_stream() {
    // The generator draws from game-api's Rng: its first output for a seed
    // is fixed, so puzzles never change between versions.
    assert_eq!(Rng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    let picture = generate(5, 5, 0);
    assert_eq!(picture, generate(5, 5, 0));
    assert!(picture.cells().iter().any(|&b| b) && picture.cells().iter().any(|&b| !b));
    // A board painted with the solution is solved.
    let mut game = PaintByNumbers::with_seed(5, 0);
    for r in 0..5 {
        for c in 0..5 {
            if picture.get(r, c) {
                game.paint((r, c), (r, c), false);
            }
        }
    }
    assert!(game.is_solved());
    assert_eq!(game.board().mark(0, 0) == Mark::Blue, picture.get(0, 0));
}
