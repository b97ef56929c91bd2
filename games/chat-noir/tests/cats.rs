//! The cats of each difficulty (`src/cats.rs`): the classic cat is the
//! specification's, step for step; the clever and expert cats only make
//! legal steps; the expert never lets a position the solver says it can
//! escape turn into a loss.

use chat_noir::cats::{Cat, Difficulty, clever_move};
use chat_noir::hint::heuristic_move;
use chat_noir::solver::{Budget, Solver, Verdict};
use chat_noir::{Board, Pos, Rng, Search, State, World, adjacent, best_moves};

/// A classic cat played through `World::play_with` gives the same worlds,
/// generator included, as `World::play`.
#[test]
fn the_classic_cat_is_the_specifications() {
    let mut rng = Rng::new(8);
    for seed in 0..60 {
        let n = [5, 7, 11, 15][seed as usize % 4];
        let mut plain = World::new_game(n, seed).unwrap();
        let mut with = plain.clone();
        let mut cat = Cat::new(Difficulty::default());
        assert_eq!(cat.difficulty(), Difficulty::Classic);
        while plain.state() == State::Playing {
            let free: Vec<Pos> = plain
                .cells()
                .filter(|&(q, b)| !b && q != plain.cat())
                .map(|(q, _)| q)
                .collect();
            let block = free[rng.below(free.len())];
            plain.play(block).unwrap();
            with.play_with(block, &mut cat).unwrap();
            assert_eq!(plain, with);
            assert_eq!(plain.rng(), with.rng());
        }
    }
}

/// Plays games on boards of several sizes, random blocks or the heuristic
/// player's, and checks every step of the cat: a free neighbour of its
/// cell, and no step exactly when the classic cat has none (boxed in).
fn check_legal(difficulty: Difficulty, games: u64) {
    let mut rng = Rng::new(difficulty as u64 + 40);
    let mut search = Search::new();
    let mut cat = Cat::new(difficulty);
    let mut steps = 0;
    for seed in 0..games {
        let n = [5, 7, 9, 11][seed as usize % 4];
        let mut world = World::new_game(n, seed).unwrap();
        while world.state() == State::Playing {
            let block = if seed % 2 == 0 {
                heuristic_move(world.board(), world.cat(), &mut search).unwrap()
            } else {
                let free: Vec<Pos> = world
                    .cells()
                    .filter(|&(q, b)| !b && q != world.cat())
                    .map(|(q, _)| q)
                    .collect();
                free[rng.below(free.len())]
            };
            world.block_cell(block).unwrap();
            let from = world.cat();
            let boxed_in = best_moves(world.board(), from, &mut search).is_empty();
            let before = world.rng().clone();
            let step = cat.choose_move(world.board(), from, &mut world.rng().clone());
            match step {
                None => assert!(boxed_in, "{difficulty} gave up on {from} with a way out"),
                Some(s) => {
                    assert!(!boxed_in, "{difficulty} stepped out of a box");
                    assert!(adjacent(from).contains(&s), "{s} is not next to {from}");
                    assert!(
                        world.board().contains(s) && !world.is_blocked(s),
                        "{s} is not free"
                    );
                    steps += 1;
                }
            }
            // Apply the same step through the world.
            world.move_cat_with(&mut cat);
            assert_eq!(world.rng(), &before, "{difficulty} drew from the generator");
            match step {
                None => assert_eq!(world.state(), State::CatLost),
                Some(s) => assert_eq!(world.cat(), s, "the same position gives the same step"),
            }
        }
    }
    assert!(steps > games as usize, "only {steps} steps");
}

#[test]
fn the_clever_cat_makes_only_legal_moves() {
    check_legal(Difficulty::Clever, 60);
}

#[test]
fn the_expert_cat_makes_only_legal_moves() {
    check_legal(Difficulty::Expert, 12);
}

/// A clever cat with a free boundary cell next to it steps out at once;
/// checked on random 7×7 and 11×11 positions.
#[test]
fn the_clever_cat_steps_out_when_it_can() {
    let mut rng = Rng::new(77);
    let mut search = Search::new();
    let mut found = 0;
    for round in 0..2000 {
        let n = if round % 2 == 0 { 7 } else { 11 };
        let mut board = Board::empty(n).unwrap();
        let cat = Pos::new(
            1 + rng.below(n as usize - 2) as i32,
            1 + rng.below(n as usize - 2) as i32,
        );
        board.add_random_blocked(round % 30, cat, &mut rng);
        let exits: Vec<Pos> = adjacent(cat)
            .into_iter()
            .filter(|&s| board.contains(s) && !board.is_blocked(s) && board.on_boundary(s))
            .collect();
        if exits.is_empty() {
            continue;
        }
        found += 1;
        let step = clever_move(&board, cat, &mut search).unwrap();
        assert!(
            exits.contains(&step),
            "{step} is not one of the exits {exits:?}"
        );
    }
    assert!(found > 300, "only {found} positions");
}

/// Positions the solver says the cat can escape (lost for the player): the
/// expert escapes against every line of blocks on 5×5 boards, explored
/// exhaustively, and against the heuristic and random players on larger
/// boards.
#[test]
fn the_expert_never_loses_a_position_the_solver_says_it_escapes() {
    /// Every block, then the expert's step, to the end: true if the cat
    /// escapes on every line.
    fn escapes_always(board: &Board, cat: Pos, expert: &mut Cat, depth: u32) -> bool {
        assert!(depth < 30);
        let free: Vec<Pos> = board
            .cells()
            .filter(|&(q, b)| !b && q != cat)
            .map(|(q, _)| q)
            .collect();
        free.into_iter().all(|b| {
            let after = board.clone().with_blocked([b]);
            match expert.choose_move(&after, cat, &mut Rng::new(0)) {
                None => false,
                Some(s) if after.on_boundary(s) => true,
                Some(s) => escapes_always(&after, s, expert, depth + 1),
            }
        })
    }
    let mut rng = Rng::new(31);
    let mut solver = Solver::new();
    let mut expert = Cat::new(Difficulty::Expert);
    let mut lost_positions = 0;
    for round in 0..400 {
        let mut board = Board::empty(5).unwrap();
        let cat = Pos::new(1 + rng.below(3) as i32, 1 + rng.below(3) as i32);
        board.add_random_blocked(4 + round % 8, cat, &mut rng);
        if solver.solve(&board, cat, &Budget::nodes(1_000_000)) == Verdict::Lost {
            lost_positions += 1;
            assert!(
                escapes_always(&board, cat, &mut expert, 0),
                "cat {cat} on {board:?}"
            );
        }
    }
    assert!(lost_positions > 30, "only {lost_positions}");
    // Larger boards: starting boards played on until the solver says the
    // cat can escape, then finished against the heuristic player.
    let mut search = Search::new();
    let mut checked = 0;
    for seed in 0..24 {
        let n = if seed % 2 == 0 { 7 } else { 11 };
        let mut world = World::new_game(n, seed).unwrap();
        let mut classic_steps = 0;
        while world.state() == State::Playing && classic_steps < 30 {
            if solver.solve(world.board(), world.cat(), &Budget::nodes(200_000)) == Verdict::Lost {
                checked += 1;
                let mut expert = Cat::new(Difficulty::Expert);
                while world.state() == State::Playing {
                    let block = heuristic_move(world.board(), world.cat(), &mut search).unwrap();
                    world.play_with(block, &mut expert).unwrap();
                }
                assert_eq!(world.state(), State::CatWon, "seed {seed}");
                break;
            }
            // Random blocks until then, so the cat gets ahead.
            let free: Vec<Pos> = world
                .cells()
                .filter(|&(q, b)| !b && q != world.cat())
                .map(|(q, _)| q)
                .collect();
            world.play(free[rng.below(free.len())]).unwrap();
            classic_steps += 1;
        }
    }
    assert!(checked > 6, "only {checked} games checked");
}

/// Difficulty names, as the status line shows them.
#[test]
fn difficulty_names() {
    let names: Vec<String> = Difficulty::ALL.iter().map(|d| d.to_string()).collect();
    assert_eq!(names, ["Classic", "Clever", "Expert"]);
}

/// Whenever one of the cat's steps leads to a position a fresh solver
/// proves lost for the player within 10,000 nodes, the expert takes such
/// a step (one the solver proves lost too), however much another step
/// would cost to decide: on 11×11 games played with random blocks, each
/// step of the expert checked.
#[test]
fn the_expert_never_misses_a_cheap_escape() {
    let mut rng = Rng::new(17);
    let cheap = Budget {
        table_entries: 1 << 16,
        ..Budget::nodes(10_000)
    };
    let mut escapes = 0;
    for seed in 1..=6 {
        let mut world = World::new_game(11, seed).unwrap();
        let mut expert = Cat::new(Difficulty::Expert);
        while world.state() == State::Playing {
            let free: Vec<Pos> = world
                .cells()
                .filter(|&(q, b)| !b && q != world.cat())
                .map(|(q, _)| q)
                .collect();
            let block = free[rng.below(free.len())];
            let board = world.board().clone().with_blocked([block]);
            let cat = world.cat();
            let proven: Vec<Pos> = adjacent(cat)
                .into_iter()
                .filter(|&s| board.contains(s) && !board.is_blocked(s))
                .filter(|&s| {
                    board.on_boundary(s) || Solver::new().solve(&board, s, &cheap) == Verdict::Lost
                })
                .collect();
            world.play_with(block, &mut expert).unwrap();
            if !proven.is_empty() {
                escapes += 1;
                let step = world.cat();
                assert!(
                    board.on_boundary(step)
                        || Solver::new().solve(&board, step, &Budget::nodes(2_000_000))
                            == Verdict::Lost,
                    "seed {seed}: {cat:?} to {step:?}, escapes {proven:?}"
                );
            }
        }
    }
    assert!(escapes > 8, "only {escapes} steps with an escape");
}
