//! How many random 11×11 starting boards of the classic game can be won
//! against the classic cat, and how scripted players fare against each cat.
//! Every budget is counted in nodes, so anyone reproduces the figures
//! exactly, on any machine (only the times differ).
//!
//! ```text
//! cargo run --release -p chat-noir --example winnable -- --boards 200 --seed 1
//! ```
//!
//! Board `i` (from 0) is the new game `World::new_game(11, seed + i)`, as
//! the launcher deals it from that seed (`--list` prints each board's seed,
//! verdict, nodes, time, the table's entries at the end and game ID;
//! `--seeds 8,56,…` decides those seeds instead of a range, to re-run the
//! undecided ones with a larger budget). Each position is decided with a
//! fresh table of `--table` entries (default 2²⁰, the game's) within
//! `--nodes` positions (default 400 million, the game's background
//! budget): exactly the game's background answer. Undecided boards are
//! listed with the nodes spent.
//!
//! Then scripted players play every board:
//!
//! * *hint*: blocks the solver's proven winning move when there is one
//!   (the game's Hint once its background answer is in), else the
//!   heuristic move; the times it needed per position (the solver's,
//!   one core) are the "proof ready" figures;
//! * *heuristic*: always blocks `hint::heuristic_move`.
//!
//! against the Classic cat (ties drawn with the game's generator from the
//! board's seed, as in the game), the Clever and the Expert cats, with the
//! Expert's time per move. The hint player must win every winnable board
//! against every cat. `--no-play` (or `--verdicts-only`) stops after the
//! study; `--cats` picks the cats (`classic,clever,expert`).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use chat_noir::cats::{Cat, Difficulty};
use chat_noir::hint::{heuristic_move, hint_from};
use chat_noir::plugin::assist::{THINK_NODES, THINK_TABLE_ENTRIES};
use chat_noir::solver::{Budget, Solver, Verdict};
use chat_noir::{Board, Pos, Search, State, World};

struct Options {
    boards: u64,
    seed: u64,
    seeds: Option<Vec<u64>>,
    nodes: u64,
    table: usize,
    list: bool,
    play: bool,
    cats: Vec<Difficulty>,
}

fn options() -> Options {
    let mut o = Options {
        boards: 200,
        seed: 1,
        seeds: None,
        nodes: THINK_NODES,
        table: THINK_TABLE_ENTRIES,
        list: false,
        play: true,
        cats: Difficulty::ALL.to_vec(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--boards" => o.boards = value().parse().expect("--boards N"),
            "--seed" => o.seed = value().parse().expect("--seed S"),
            "--seeds" => {
                o.seeds = Some(
                    value()
                        .split(',')
                        .map(|s| s.trim().parse().expect("--seeds S1,S2,…"))
                        .collect(),
                );
            }
            "--nodes" => o.nodes = value().parse().expect("--nodes N"),
            "--table" => o.table = value().parse().expect("--table ENTRIES"),
            "--list" => o.list = true,
            "--no-play" | "--verdicts-only" => o.play = false,
            "--cats" => {
                o.cats = value()
                    .split(',')
                    .map(|c| match c {
                        "classic" => Difficulty::Classic,
                        "clever" => Difficulty::Clever,
                        "expert" => Difficulty::Expert,
                        other => panic!("unknown cat {other}"),
                    })
                    .collect();
            }
            other => panic!(
                "unknown argument {other}; use --boards N --seed S | --seeds S1,S2,… [--nodes N] \
                 [--table ENTRIES] [--list] [--no-play] [--cats classic,clever,expert]"
            ),
        }
    }
    o
}

impl Options {
    /// The seeds of the boards, in order.
    fn seeds(&self) -> Vec<u64> {
        match &self.seeds {
            Some(seeds) => seeds.clone(),
            None => (0..self.boards)
                .map(|i| self.seed.wrapping_add(i))
                .collect(),
        }
    }
}

/// The `q`-quantile of sorted durations (nearest rank).
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// Decided positions, each with a fresh table, kept by position (the
/// players meet the same positions against different cats).
struct Oracle {
    solver: Solver,
    budget: Budget,
    known: HashMap<(Board, Pos), (Verdict, u64, Duration)>,
}

impl Oracle {
    /// The verdict of a position, the nodes and time it took (the first
    /// time it was asked).
    fn ask(&mut self, board: &Board, cat: Pos) -> (Verdict, u64, Duration, bool) {
        if let Some(&(v, n, t)) = self.known.get(&(board.clone(), cat)) {
            return (v, n, t, false);
        }
        self.solver.clear();
        let start = Instant::now();
        let v = self.solver.solve(board, cat, &self.budget);
        let t = start.elapsed();
        let n = self.solver.stats().nodes;
        self.known.insert((board.clone(), cat), (v, n, t));
        (v, n, t, true)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Player {
    Heuristic,
    Hint,
}

/// Plays the board of `seed` to the end; true if the player wins. Records
/// the solver's time for each new position the hint player meets, and the
/// cat's time per move.
fn play(
    seed: u64,
    player: Player,
    difficulty: Difficulty,
    oracle: &mut Oracle,
    proof_times: &mut Vec<Duration>,
    cat_times: &mut Vec<Duration>,
) -> bool {
    let mut world = World::new_default_game(seed);
    let mut cat = Cat::new(difficulty);
    let mut search = Search::new();
    while world.state() == State::Playing {
        let block = match player {
            Player::Heuristic => heuristic_move(world.board(), world.cat(), &mut search),
            Player::Hint => {
                let (v, _, t, new) = oracle.ask(world.board(), world.cat());
                if new {
                    proof_times.push(t);
                }
                hint_from(world.board(), world.cat(), v, &mut search).map(|h| h.cell)
            }
        };
        let Some(block) = block else { break };
        let start = Instant::now();
        world
            .play_with(block, &mut cat)
            .expect("the players block free cells");
        cat_times.push(start.elapsed());
    }
    world.state() == State::CatLost
}

fn main() {
    let o = options();
    let seeds = o.seeds();
    match &o.seeds {
        Some(_) => println!(
            "Chat Noir: {} random 11×11 starting boards, World::new_game(11, seed) for the seeds given",
            seeds.len()
        ),
        None => println!(
            "Chat Noir: {} random 11×11 starting boards, board i = World::new_game(11, {} + i)",
            o.boards, o.seed
        ),
    }
    println!(
        "each position: a fresh table of {} entries, at most {} nodes",
        o.table, o.nodes
    );
    let mut oracle = Oracle {
        solver: Solver::new(),
        budget: Budget {
            nodes: o.nodes,
            time: None,
            table_entries: o.table,
        },
        known: HashMap::new(),
    };
    let (mut winnable, mut lost, mut undecided) = (0u64, 0u64, 0u64);
    let mut times = Vec::new();
    let mut nodes = Vec::new();
    let mut undecided_seeds = Vec::new();
    let mut winnable_seeds = Vec::new();
    for &seed in &seeds {
        let world = World::new_default_game(seed);
        let (verdict, n, time, _) = oracle.ask(world.board(), world.cat());
        // The entries the table held at the end (the board's own search:
        // every board gets a fresh table).
        let filled = oracle.solver.stats().table_entries;
        times.push(time);
        nodes.push(n);
        let word = match verdict {
            Verdict::Winnable { .. } | Verdict::Trapped => {
                winnable += 1;
                winnable_seeds.push(seed);
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
                "seed {seed}: {word}{best} in {n} nodes ({time:.3?}), table {filled} of {} entries, game ID {}",
                o.table,
                world.game_id()
            );
        }
    }
    times.sort();
    nodes.sort_unstable();
    println!("winnable {winnable}, lost {lost}, undecided {undecided}");
    println!(
        "nodes per board: median {}, p95 {}, max {}; time per board: median {:.3?}, p95 {:.3?}, max {:.3?}",
        nodes.get(nodes.len() / 2).copied().unwrap_or(0),
        nodes
            .get((nodes.len() * 95).div_ceil(100).saturating_sub(1))
            .copied()
            .unwrap_or(0),
        nodes.last().copied().unwrap_or(0),
        quantile(&times, 0.5),
        quantile(&times, 0.95),
        times.last().copied().unwrap_or_default(),
    );
    if !undecided_seeds.is_empty() {
        println!("undecided seeds (the node budget ran out): {undecided_seeds:?}");
    }
    if !o.play {
        return;
    }
    println!();
    println!("scripted players (player wins / boards):");
    let mut proof_times = Vec::new();
    for &difficulty in &o.cats {
        for (name, player) in [("hint", Player::Hint), ("heuristic", Player::Heuristic)] {
            let mut cat_times = Vec::new();
            let mut wins = 0;
            let mut won_winnable = 0;
            for &seed in &seeds {
                let won = play(
                    seed,
                    player,
                    difficulty,
                    &mut oracle,
                    &mut proof_times,
                    &mut cat_times,
                );
                wins += u64::from(won);
                won_winnable += u64::from(won && winnable_seeds.contains(&seed));
            }
            cat_times.sort();
            println!(
                "{name:<9} vs {difficulty:<7}: wins {wins:>4} of {} (winnable boards {winnable}, won {won_winnable}); \
                 cat's time per move: median {:.1?}, p95 {:.1?}, max {:.1?}",
                seeds.len(),
                quantile(&cat_times, 0.5),
                quantile(&cat_times, 0.95),
                cat_times.last().copied().unwrap_or_default(),
            );
        }
    }
    proof_times.sort();
    println!(
        "hint player's positions: {} solved, time to the answer median {:.3?}, p95 {:.3?}, \
         max {:.3?}; {:.1}% within 2 s",
        proof_times.len(),
        quantile(&proof_times, 0.5),
        quantile(&proof_times, 0.95),
        proof_times.last().copied().unwrap_or_default(),
        100.0
            * proof_times
                .iter()
                .filter(|t| t.as_secs_f64() <= 2.0)
                .count() as f64
            / proof_times.len().max(1) as f64
    );
}
