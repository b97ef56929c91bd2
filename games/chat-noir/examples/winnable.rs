//! How many random 11×11 starting boards of the classic game can be won
//! against the classic cat, and how simple players fare against each cat.
//!
//! ```text
//! cargo run --release -p chat-noir --example winnable -- --boards 1000 --seed 1
//! ```
//!
//! Board `i` (from 0) is the new game `World::new_game(11, seed + i)`, as
//! the launcher deals it from that seed (so `--boards 1 --seed S+i`
//! reproduces one board; `--list` prints each board's seed, verdict, time
//! and game ID). Each board is decided by the solver within `--time`
//! seconds (default 2) and a table of two million positions. Then two
//! scripted players play every board against each cat:
//!
//! * *heuristic*: always blocks `hint::heuristic_move` (the cell on the
//!   cat's shortest paths that raises its distance most);
//! * *hint*: blocks the solver's winning move when it finds one within
//!   `--hint-nodes` positions (default 20 000, deterministic), else the
//!   heuristic move — the hint button, pressed every move.
//!
//! The classic cat draws its ties with the game's generator, from the
//! board's seed as in the game.

use std::time::{Duration, Instant};

use chat_noir::cats::{Cat, Difficulty};
use chat_noir::hint::{heuristic_move, hint_with};
use chat_noir::solver::{Budget, Solver, Verdict};
use chat_noir::{Search, State, World};

struct Options {
    boards: u64,
    seed: u64,
    time: f64,
    hint_nodes: u64,
    list: bool,
    play: bool,
}

fn options() -> Options {
    let mut o = Options {
        boards: 100,
        seed: 1,
        time: 2.0,
        hint_nodes: 20_000,
        list: false,
        play: true,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--boards" => o.boards = value().parse().expect("--boards N"),
            "--seed" => o.seed = value().parse().expect("--seed S"),
            "--time" => o.time = value().parse().expect("--time SECONDS"),
            "--hint-nodes" => o.hint_nodes = value().parse().expect("--hint-nodes N"),
            "--list" => o.list = true,
            "--no-play" => o.play = false,
            other => panic!(
                "unknown argument {other}; use --boards N --seed S [--time SECONDS] \
                 [--hint-nodes N] [--list] [--no-play]"
            ),
        }
    }
    o
}

/// The `q`-quantile of sorted durations (nearest rank).
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Player {
    Heuristic,
    Hint,
}

/// Plays the board of `seed` to the end; true if the player wins.
fn play(seed: u64, player: Player, difficulty: Difficulty, hint_nodes: u64) -> bool {
    let mut world = World::new_default_game(seed);
    let mut cat = Cat::new(difficulty);
    let mut search = Search::new();
    let mut solver = Solver::new();
    let budget = Budget {
        table_entries: 1 << 19,
        ..Budget::nodes(hint_nodes)
    };
    while world.state() == State::Playing {
        let block = match player {
            Player::Heuristic => heuristic_move(world.board(), world.cat(), &mut search),
            Player::Hint => hint_with(
                world.board(),
                world.cat(),
                &budget,
                &mut solver,
                &mut search,
            )
            .map(|h| h.cell),
        };
        let Some(block) = block else { break };
        world
            .play_with(block, &mut cat)
            .expect("the players block free cells");
    }
    world.state() == State::CatLost
}

fn main() {
    let o = options();
    println!(
        "Chat Noir: {} random 11×11 starting boards, board i = World::new_game(11, {} + i)",
        o.boards, o.seed
    );
    let budget = Budget::time(Duration::from_secs_f64(o.time));
    let mut solver = Solver::new();
    let (mut winnable, mut lost, mut undecided) = (0u64, 0u64, 0u64);
    let mut times = Vec::new();
    let mut peak_table = 0;
    let mut undecided_seeds = Vec::new();
    for i in 0..o.boards {
        let seed = o.seed.wrapping_add(i);
        let world = World::new_default_game(seed);
        solver.clear();
        let start = Instant::now();
        let verdict = solver.solve(world.board(), world.cat(), &budget);
        let time = start.elapsed();
        times.push(time);
        peak_table = peak_table.max(solver.stats().table_bytes());
        let word = match verdict {
            Verdict::Winnable { .. } | Verdict::Trapped => {
                winnable += 1;
                "winnable"
            }
            Verdict::Lost => {
                lost += 1;
                "lost"
            }
            Verdict::Undecided => {
                undecided += 1;
                undecided_seeds.push(seed);
                "undecided"
            }
        };
        if o.list {
            let best = match verdict {
                Verdict::Winnable { best_move } => format!(" first block {best_move}"),
                _ => String::new(),
            };
            println!(
                "seed {seed}: {word}{best} in {time:.3?} ({} nodes), game ID {}",
                solver.stats().nodes,
                world.game_id()
            );
        }
    }
    times.sort();
    let total: Duration = times.iter().sum();
    println!(
        "winnable {winnable}, lost {lost}, undecided {undecided} (budget {:.1} s per board)",
        o.time
    );
    println!(
        "time per board: median {:.3?}, p95 {:.3?}, max {:.3?}, mean {:.3?}; peak table {:.0} MB",
        quantile(&times, 0.5),
        quantile(&times, 0.95),
        times.last().copied().unwrap_or_default(),
        total / o.boards.max(1) as u32,
        peak_table as f64 / 1e6
    );
    if !undecided_seeds.is_empty() {
        println!("undecided seeds: {undecided_seeds:?}");
    }
    if !o.play {
        return;
    }
    println!();
    println!("win rates of scripted players (player wins / boards):");
    println!(
        "{:<10} {:>12} {:>12} {:>12}",
        "player", "Classic", "Clever", "Expert"
    );
    for (name, player) in [("heuristic", Player::Heuristic), ("hint", Player::Hint)] {
        let mut row = format!("{name:<10}");
        for difficulty in Difficulty::ALL {
            let start = Instant::now();
            let wins = (0..o.boards)
                .filter(|&i| play(o.seed.wrapping_add(i), player, difficulty, o.hint_nodes))
                .count();
            row.push_str(&format!(
                " {:>5.1}% ({:>4})",
                100.0 * wins as f64 / o.boards.max(1) as f64,
                wins
            ));
            eprintln!("  {name} vs {difficulty}: {:.1?}", start.elapsed());
        }
        println!("{row}");
    }
}
