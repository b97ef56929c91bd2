//! Cats of three difficulties: the specification's cat, a cat that looks
//! ahead, and a cat that uses the solver.
//!
//! * [`Difficulty::Classic`] — the specification's cat (§1.18.5,
//!   §1.18.8): a step along a shortest path to the edge, ties drawn with
//!   the world's generator ([`crate::choose_move`]). The default, and
//!   unchanged: [`World::move_cat_with`](crate::World::move_cat_with) with a
//!   classic cat is [`World::move_cat`](crate::World::move_cat).
//! * [`Difficulty::Clever`] — looks ahead with αβ minimax over its steps
//!   and the player's blocks ([`clever_move`]), [`CLEVER_DEPTH`] of its own
//!   steps deep, and may leave its shortest paths when a block there would
//!   trap it.
//! * [`Difficulty::Expert`] — asks the [`Solver`] from the cat's side: for
//!   each step, could the player still force a win? A step after which the
//!   solver proves the cat escapes ([`Verdict::Lost`] for the player) is
//!   taken, so whenever an escape can be forced (and the solver proves it
//!   within [`EXPERT_NODES`] positions, shared among the steps in rounds of
//!   growing budgets) the expert finds it; otherwise it steps like the
//!   clever cat, preferring the steps the player is not proven to win.
//!
//! Every cat stops, boxed in, exactly when the classic cat does: when no
//! neighbour can reach the edge. The clever and expert cats are
//! deterministic (the same position gives the same step) and never draw
//! from the world's generator.

use std::fmt;

use crate::board::{Board, Pos, adjacent};
use crate::cat::choose_move;
use crate::graph::{Graph, Node};
use crate::rng::Rng;
use crate::search::{Distance, Search};
use crate::solver::{Budget, Solver, Verdict};

/// How the cat decides its step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// The specification's cat: a random step along a shortest path.
    #[default]
    Classic,
    /// A cat that looks a few moves ahead.
    Clever,
    /// A cat that escapes whenever the solver proves it can.
    Expert,
}

impl Difficulty {
    /// The three difficulties, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Classic, Difficulty::Clever, Difficulty::Expert];

    /// The name players see: "Classic", "Clever" or "Expert".
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Classic => "Classic",
            Difficulty::Clever => "Clever",
            Difficulty::Expert => "Expert",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How many of its own steps the clever cat looks ahead (each followed by
/// the player's block).
pub const CLEVER_DEPTH: u32 = 2;

/// The positions the expert cat lets the solver visit for one step.
pub const EXPERT_NODES: u64 = 400_000;

/// The positions the expert cat first lets the solver visit for each step
/// (the budget of each next round is four times larger).
pub const EXPERT_FIRST_NODES: u64 = 2_000;

/// The expert's transposition table: at most this many positions (about
/// 25 MB), emptied before each step it decides.
pub const EXPERT_TABLE_ENTRIES: usize = 1 << 19;

/// A cat of some [`Difficulty`], with the memory it keeps between steps
/// (search space, and the expert's solver with its table).
///
/// ```
/// use chat_noir::cats::{Cat, Difficulty};
/// use chat_noir::World;
///
/// let mut world = World::new_game(11, 7)?;
/// let mut cat = Cat::new(Difficulty::Clever);
/// let free = world.board().cells().find(|&(p, b)| !b && p != world.cat()).unwrap().0;
/// world.play_with(free, &mut cat)?;
/// assert!(chat_noir::adjacent(chat_noir::Pos::new(5, 5)).contains(&world.cat()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Cat {
    difficulty: Difficulty,
    search: Search,
    solver: Solver,
}

impl Cat {
    /// A cat of `difficulty`.
    pub fn new(difficulty: Difficulty) -> Cat {
        Cat {
            difficulty,
            ..Cat::default()
        }
    }

    /// Its difficulty.
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// The cat's step from `cat` on `board`, or `None` when it is boxed in
    /// (no neighbour can reach the edge). Only the classic cat draws from
    /// `rng`, exactly as [`choose_move`] does.
    pub fn choose_move(&mut self, board: &Board, cat: Pos, rng: &mut Rng) -> Option<Pos> {
        match self.difficulty {
            Difficulty::Classic => choose_move(board, cat, &mut self.search, rng),
            Difficulty::Clever => clever_move(board, cat, &mut self.search),
            Difficulty::Expert => expert_move(board, cat, &mut self.search, &mut self.solver),
        }
    }
}

/// The free neighbours of `cat` from which the edge can be reached, with
/// their distance, nearest first (in the order of [`adjacent`] among equals).
fn steps(board: &Board, cat: Pos, search: &mut Search) -> Vec<(Pos, u32)> {
    let map = search.run(&Graph::of(board), Node::Boundary);
    let mut out: Vec<(Pos, u32)> = adjacent(cat)
        .into_iter()
        .filter_map(|p| match map.get(p) {
            Distance::Finite(d) => Some((p, d)),
            Distance::Infinite => None,
        })
        .collect();
    out.sort_by_key(|&(_, d)| d);
    out
}

/// The value of an escape, above every evaluation.
const ESCAPE: i32 = 1_000_000;

/// The clever cat's step: αβ minimax, [`CLEVER_DEPTH`] of its own steps
/// deep, each followed by one of the player's blocks.
///
/// * Its steps: every free neighbour from which the edge can still be
///   reached (not only those on shortest paths). A step onto the boundary
///   is taken at once.
/// * The player's blocks it considers: the cat's free neighbours and the
///   cells two steps away on its shortest paths — the blocks that change
///   its next steps.
/// * The evaluation, from the cat's side, with the player to move: its
///   distance to the edge (less is better, ×100), how many of its
///   neighbours are on a shortest path (more routes, ×20) and how many
///   free neighbours can still reach the edge (×5); being boxed in is the
///   worst, and two free boundary neighbours an escape.
///
/// Returns `None` when the cat is boxed in. Ties go to the nearest step,
/// then the order of [`adjacent`].
pub fn clever_move(board: &Board, cat: Pos, search: &mut Search) -> Option<Pos> {
    let moves = steps(board, cat, search);
    if let Some(&(p, _)) = moves.iter().find(|&&(p, _)| board.on_boundary(p)) {
        return Some(p);
    }
    let mut best: Option<(i32, Pos)> = None;
    let mut alpha = -ESCAPE * 2;
    for &(m, _) in &moves {
        let value = player_value(board, m, CLEVER_DEPTH, alpha, ESCAPE * 2, search);
        if best.is_none_or(|(v, _)| value > v) {
            best = Some((value, m));
            alpha = alpha.max(value);
        }
    }
    best.map(|(_, p)| p)
}

/// The value for the cat of the player's turn with the cat on `cat`, the
/// cat having `depth` more steps to look at.
fn player_value(
    board: &Board,
    cat: Pos,
    depth: u32,
    alpha: i32,
    mut beta: i32,
    search: &mut Search,
) -> i32 {
    let (value, blocks) = evaluate(board, cat, search);
    // At the horizon the block is still the player's: the evaluation
    // counts the routes that one block cannot all cut.
    if depth <= 1 || value.abs() >= ESCAPE / 2 {
        return value;
    }
    let mut worst = ESCAPE * 2;
    for b in blocks {
        let after = board.clone().with_blocked([b]);
        let v = cat_value(&after, cat, depth - 1, alpha, beta, search);
        worst = worst.min(v);
        beta = beta.min(v);
        if beta <= alpha {
            break;
        }
    }
    worst
}

/// The value for the cat of its own turn on `cat`.
fn cat_value(
    board: &Board,
    cat: Pos,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    search: &mut Search,
) -> i32 {
    let moves = steps(board, cat, search);
    if moves.is_empty() {
        return -ESCAPE - depth as i32;
    }
    if moves.iter().any(|&(p, _)| board.on_boundary(p)) {
        return ESCAPE + depth as i32;
    }
    let mut best = -ESCAPE * 2;
    for (m, _) in moves {
        let v = player_value(board, m, depth, alpha, beta, search);
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The evaluation of the player's turn with the cat on `cat`, from the
/// cat's side, and the blocks worth considering, most promising first.
fn evaluate(board: &Board, cat: Pos, search: &mut Search) -> (i32, Vec<Pos>) {
    let map = search.run(&Graph::of(board), Node::Boundary);
    let around = adjacent(cat);
    let dists: Vec<Option<u32>> = around
        .iter()
        .map(|&p| map.get(p).finite().filter(|_| board.contains(p)))
        .collect();
    let Some(best) = dists.iter().flatten().copied().min() else {
        return (-ESCAPE, Vec::new());
    };
    let routes = dists.iter().filter(|d| **d == Some(best)).count() as i32;
    let open = dists.iter().flatten().count() as i32;
    if best == 1 && routes >= 2 {
        // Two boundary cells next to the cat: one block cannot stop it.
        return (ESCAPE / 2, Vec::new());
    }
    let value = -100 * best as i32 + 20 * routes + 5 * open;
    // Blocks: the neighbours on a shortest path, then the other free
    // neighbours, then the cells two steps away on a shortest path.
    let mut blocks: Vec<Pos> = Vec::with_capacity(18);
    for (i, &p) in around.iter().enumerate() {
        if dists[i] == Some(best) {
            blocks.push(p);
        }
    }
    for (i, &p) in around.iter().enumerate() {
        if dists[i].is_some_and(|d| d != best) {
            blocks.push(p);
        }
    }
    if best > 1 {
        for (i, &p) in around.iter().enumerate() {
            if dists[i] != Some(best) {
                continue;
            }
            for q in adjacent(p) {
                if map.get(q) == Distance::Finite(best - 1) && !blocks.contains(&q) && q != cat {
                    blocks.push(q);
                }
            }
        }
    }
    (value, blocks)
}

/// The expert cat's step: a step onto the boundary if there is one; else
/// a step after which the solver proves that the player cannot stop the
/// cat ([`Verdict::Lost`]); else, among the steps not proven won for the
/// player, the clever cat's step if it is one of them, or the nearest;
/// else (every step proven won for the player) the clever cat's step.
/// `None` when boxed in.
///
/// The steps are asked in rounds with growing budgets (from
/// [`EXPERT_FIRST_NODES`] positions, four times more each round, up to
/// [`EXPERT_NODES`] positions in all), so an escape that is cheap to prove
/// is never missed because another step took the budget. Each decision
/// starts from an empty table ([`Solver::clear`]), so what the cat finds
/// depends only on the position.
pub fn expert_move(
    board: &Board,
    cat: Pos,
    search: &mut Search,
    solver: &mut Solver,
) -> Option<Pos> {
    let moves = steps(board, cat, search);
    if let Some(&(p, _)) = moves.iter().find(|&&(p, _)| board.on_boundary(p)) {
        return Some(p);
    }
    if moves.is_empty() {
        return None;
    }
    solver.clear();
    // What the solver said of each step so far.
    let mut verdicts = vec![Verdict::Undecided; moves.len()];
    let mut left = EXPERT_NODES;
    let mut round = EXPERT_FIRST_NODES;
    while left > 0 && verdicts.contains(&Verdict::Undecided) {
        for (i, &(m, _)) in moves.iter().enumerate() {
            if verdicts[i] != Verdict::Undecided || left == 0 {
                continue;
            }
            let budget = Budget {
                table_entries: EXPERT_TABLE_ENTRIES,
                ..Budget::nodes(round.min(left))
            };
            verdicts[i] = solver.solve(board, m, &budget);
            left = left.saturating_sub(solver.stats().nodes);
            if verdicts[i] == Verdict::Lost {
                return Some(m);
            }
        }
        round = round.saturating_mul(4);
    }
    let clever = clever_move(board, cat, search);
    let open: Vec<Pos> = moves
        .iter()
        .zip(&verdicts)
        .filter(|(_, v)| !v.is_won())
        .map(|(&(m, _), _)| m)
        .collect();
    match clever {
        Some(c) if open.is_empty() || open.contains(&c) => Some(c),
        _ => open.first().copied().or(clever),
    }
}
