//! The computer players, free of any launcher type.
//!
//! * **Smart** on 3×3 is exact: [`Solver`] proves forced wins by a
//!   depth-bounded AND/OR search with a memory of positions (reduced by
//!   the board's eight symmetries and by swapping the colours), and plays
//!   the fastest one. Red has a forced win from the empty board, so Smart
//!   never loses as red. Where it finds no forced win (as yellow against a
//!   perfect red, say) it plays the alpha-beta search below.
//! * **Smart** on 4×4 is an alpha-beta search deepened one ply at a time
//!   until a budget of positions is spent ([`SMART_BUDGET`]), with an
//!   evaluation that counts the lines each player holds alone.
//! * **Ok** searches two plies with more noise, as the original's default
//!   player looks a few moves ahead without its book of plays.
//!
//! Every budget is counted in positions, never in time, so a search gives
//! the same answer on every machine, and a move costs at most
//! [`max_nodes`] positions however busy the machine is. Ties are broken by
//! a generator seeded by the caller. A search given a stop flag ([`think`])
//! ends at its next position once the flag is set, so a search nobody
//! waits for any more frees the CPU and the shared 3×3 memory at once.

use crate::rules::{Color, Move, Position, Variant};
use game_api::Rng;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A hasher for keys that are already well spread: one multiplication.
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01B3);
        }
    }

    fn write_u64(&mut self, n: u64) {
        let x = (n ^ (n >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        self.0 = x ^ (x >> 32);
    }
}

type KnownMap = HashMap<u64, Known, BuildHasherDefault<MixHasher>>;
use std::sync::{Mutex, OnceLock};

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Looks two plies ahead, with noise.
    Ok,
    /// Plays 3×3 perfectly as red; searches deeper on 4×4.
    Smart,
}

impl Level {
    /// "Smart" or "Ok".
    pub fn name(self) -> &'static str {
        match self {
            Level::Ok => "Ok",
            Level::Smart => "Smart",
        }
    }
}

/// The positions the 4×4 Smart search may visit for one move.
pub const SMART_BUDGET: u64 = 30_000;
/// The positions the Ok search may visit for one move.
pub const OK_BUDGET: u64 = 20_000;
/// The most own moves the 3×3 solver looks for a forced win in.
pub const SOLVER_DEPTH: u8 = 12;
/// The positions the 3×3 solver may visit for one move before it gives up
/// and falls back to the alpha-beta search.
pub const SOLVER_BUDGET: u64 = 250_000;

/// A score beyond any evaluation: a win.
const WIN: i32 = 1_000_000;

/// The most positions one move of `level` on `variant` may visit: the
/// 3×3 solver's budget and then the alpha-beta search's. The slowest move
/// of each player costs about this many positions (see `benches/smart.rs`).
pub const fn max_nodes(level: Level, variant: Variant) -> u64 {
    match (level, variant) {
        (Level::Smart, Variant::Small) => SOLVER_BUDGET + SMART_BUDGET,
        (Level::Smart, Variant::Large) => SMART_BUDGET,
        (Level::Ok, _) => OK_BUDGET,
    }
}

/// What a computer player's search came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The move chosen; `None` when there is none (the game is over) or
    /// the search was stopped.
    pub mv: Option<Move>,
    /// The positions visited, at most [`max_nodes`].
    pub nodes: u64,
}

/// Chooses a move for the player to move in `position`, or `None` when
/// there is none (the game is over). `history` holds the keys
/// ([`Position::key`]) of the positions the game went through, which the
/// search treats as draws so that the computer does not go round in
/// circles. `seed` breaks ties.
pub fn choose(position: &Position, history: &[u128], level: Level, seed: u64) -> Option<Move> {
    think(position, history, level, seed, None).mv
}

/// [`choose`], telling the positions visited, and stopping at the next
/// position once `stop` is set (then no move is chosen). Smart on 3×3
/// remembers what it proved in a solver shared by the whole process.
pub fn think(
    position: &Position,
    history: &[u128],
    level: Level,
    seed: u64,
    stop: Option<Arc<AtomicBool>>,
) -> Answer {
    if level == Level::Smart && position.variant() == Variant::Small {
        let solver = shared_solver();
        let mut solver = solver.lock().unwrap_or_else(|e| e.into_inner());
        think_with(&mut solver, position, history, level, seed, stop)
    } else {
        think_with(&mut Solver::new(), position, history, level, seed, stop)
    }
}

/// [`think`] with `solver`'s memory of 3×3 positions (for measures that
/// start from a solver that knows nothing).
pub fn think_with(
    solver: &mut Solver,
    position: &Position,
    history: &[u128],
    level: Level,
    seed: u64,
    stop: Option<Arc<AtomicBool>>,
) -> Answer {
    let moves = position.moves();
    if moves.len() <= 1 {
        return Answer {
            mv: moves.first().copied(),
            nodes: 0,
        };
    }
    let mut nodes = 0;
    if level == Level::Smart && position.variant() == Variant::Small {
        solver.stop = stop.clone();
        let before = solver.nodes;
        let found = solver.fastest_win(position, SOLVER_DEPTH, SOLVER_BUDGET);
        nodes = solver.nodes - before;
        solver.stop = None;
        if let Some((mv, _)) = found {
            return Answer {
                mv: Some(mv),
                nodes,
            };
        }
    }
    let (budget, noise, max_depth) = match (level, position.variant()) {
        (Level::Smart, Variant::Small) => (SMART_BUDGET, 2, 8),
        (Level::Smart, Variant::Large) => (SMART_BUDGET, 2, 8),
        (Level::Ok, _) => (OK_BUDGET, 24, 2),
    };
    let mut search = Search::new(history, budget, noise, seed, stop.as_deref());
    let mv = search.best(position, max_depth);
    Answer {
        mv: (!search.stopped()).then_some(mv),
        nodes: nodes + search.nodes,
    }
}

fn shared_solver() -> &'static Mutex<Solver> {
    static SOLVER: OnceLock<Mutex<Solver>> = OnceLock::new();
    SOLVER.get_or_init(|| Mutex::new(Solver::new()))
}

/// What the solver knows of a position (normalised: its player to move
/// as red).
#[derive(Clone, Copy, Debug, Default)]
struct Known {
    /// The fewest own moves proven to win, 0 when none is known.
    win_in: u8,
    /// No win within this many own moves.
    no_win_within: u8,
}

/// The exact 3×3 solver: proves "the player to move wins within `k` of
/// their own moves, whatever the opponent does".
#[derive(Debug, Default)]
pub struct Solver {
    known: KnownMap,
    nodes: u64,
    budget: u64,
    /// Set by whoever no longer wants the answer: the search ends.
    stop: Option<Arc<AtomicBool>>,
}

/// The eight symmetries of the 3×3 board, as maps from a square to its
/// image.
const SYMMETRIES_3: [[u8; 9]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8],
    [2, 5, 8, 1, 4, 7, 0, 3, 6],
    [8, 7, 6, 5, 4, 3, 2, 1, 0],
    [6, 3, 0, 7, 4, 1, 8, 5, 2],
    [2, 1, 0, 5, 4, 3, 8, 7, 6],
    [6, 7, 8, 3, 4, 5, 0, 1, 2],
    [0, 3, 6, 1, 4, 7, 2, 5, 8],
    [8, 5, 2, 7, 4, 1, 6, 3, 0],
];

/// The key of a 3×3 position under the board's symmetries, with the
/// colours swapped when yellow is to move: equal for positions that play
/// the same.
pub fn canonical_key(position: &Position) -> u64 {
    let swap = position.to_move() == Color::Yellow;
    let mut cells = [0u8; 9];
    for (c, cell) in cells.iter_mut().enumerate() {
        let b = position.cell_bits(c);
        *cell = if swap {
            ((b & 0b01_0101) << 1) | ((b & 0b10_1010) >> 1)
        } else {
            b
        };
    }
    SYMMETRIES_3
        .iter()
        .map(|map| {
            let mut key = 0u64;
            for (c, &cell) in cells.iter().enumerate() {
                key |= (cell as u64) << (6 * map[c] as u64);
            }
            key
        })
        .min()
        .unwrap_or(0)
}

impl Solver {
    /// A solver that knows nothing yet, without a budget.
    pub fn new() -> Solver {
        Solver {
            budget: u64::MAX,
            ..Solver::default()
        }
    }

    /// The positions visited so far (a measure of work).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The move that wins fastest for the player to move in `position`
    /// (3×3 only), with the number of own moves it takes counting this
    /// one, if a win within `max` own moves is found within `budget`
    /// positions.
    pub fn fastest_win(&mut self, position: &Position, max: u8, budget: u64) -> Option<(Move, u8)> {
        if position.variant() != Variant::Small {
            return None;
        }
        self.budget = self.nodes.saturating_add(budget);
        let found = self.fastest_win_within_budget(position, max);
        self.budget = u64::MAX;
        found
    }

    fn fastest_win_within_budget(&mut self, position: &Position, max: u8) -> Option<(Move, u8)> {
        let me = position.to_move();
        let moves = position.moves();
        for k in 1..=max {
            for &mv in &moves {
                let next = position.after(mv);
                match next.winner() {
                    Some(c) if c == me => return Some((mv, 1)),
                    Some(_) => continue,
                    None => {}
                }
                if k > 1 && self.all_replies_lose(&next, k - 1)? {
                    return Some((mv, k));
                }
            }
        }
        None
    }

    /// Whether the player to move wins within `k` own moves (3×3), or
    /// `None` when the budget ran out.
    pub fn wins_within(&mut self, position: &Position, k: u8) -> Option<bool> {
        if k == 0 {
            return Some(false);
        }
        let key = canonical_key(position);
        let known = self.known.get(&key).copied().unwrap_or_default();
        if known.win_in != 0 && known.win_in <= k {
            return Some(true);
        }
        if known.no_win_within >= k {
            return Some(false);
        }
        if self.nodes >= self.budget
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
        {
            return None;
        }
        self.nodes += 1;
        let me = position.to_move();
        let moves = position.moves();
        let mut result = false;
        let mut quiet = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let next = position.after(mv);
            match next.winner() {
                Some(c) if c == me => {
                    result = true;
                    break;
                }
                Some(_) => {}
                None => quiet.push(next),
            }
        }
        let mut win_in = 1;
        if !result && k > 1 {
            for next in &quiet {
                if self.all_replies_lose(next, k - 1)? {
                    result = true;
                    win_in = k;
                    break;
                }
            }
        }
        let entry = self.known.entry(key).or_default();
        if result {
            if entry.win_in == 0 || win_in < entry.win_in {
                entry.win_in = win_in;
            }
        } else {
            entry.no_win_within = entry.no_win_within.max(k);
        }
        Some(result)
    }

    /// Whether every reply of the player to move in `position` leaves the
    /// other player a win within `k` own moves.
    fn all_replies_lose(&mut self, position: &Position, k: u8) -> Option<bool> {
        let them = position.to_move();
        let mut rest = Vec::new();
        for mv in position.moves() {
            let next = position.after(mv);
            match next.winner() {
                Some(c) if c == them => return Some(false),
                Some(_) => {}
                None => rest.push(next),
            }
        }
        for next in &rest {
            if !self.wins_within(next, k)? {
                return Some(false);
            }
        }
        Some(true)
    }
}

/// An alpha-beta search with a budget of positions.
struct Search<'a> {
    history: HashSet<u128>,
    path: Vec<u128>,
    nodes: u64,
    budget: u64,
    noise: i32,
    rng: Rng,
    out_of_budget: bool,
    stop: Option<&'a AtomicBool>,
}

impl<'a> Search<'a> {
    fn new(
        history: &[u128],
        budget: u64,
        noise: i32,
        seed: u64,
        stop: Option<&'a AtomicBool>,
    ) -> Search<'a> {
        Search {
            history: history.iter().copied().collect(),
            path: Vec::new(),
            nodes: 0,
            budget,
            noise,
            rng: Rng::new(seed),
            out_of_budget: false,
            stop,
        }
    }

    /// Whether the search ended because it was told to stop.
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The best move found by iterative deepening up to `max_depth`.
    fn best(&mut self, position: &Position, max_depth: u32) -> Move {
        let me = position.to_move();
        let mut moves = position.moves();
        // Noise fixed per root move for the whole search, so that deeper
        // iterations keep the same tie-breaks.
        let noise: Vec<i32> = moves
            .iter()
            .map(|_| {
                if self.noise > 0 {
                    self.rng.below(self.noise as u64 + 1) as i32
                } else {
                    0
                }
            })
            .collect();
        let mut order: Vec<usize> = (0..moves.len()).collect();
        let mut best = moves[0];
        for depth in 1..=max_depth {
            let mut alpha = -WIN - 1;
            let mut scored = Vec::with_capacity(order.len());
            let mut complete = true;
            for &i in &order {
                let mv = moves[i];
                let next = position.after(mv);
                let score = match next.winner() {
                    Some(c) if c == me => WIN,
                    Some(_) => -WIN,
                    None => {
                        if self.history.contains(&next.key()) {
                            0
                        } else {
                            self.path.push(next.key());
                            let s = -self.negamax(&next, depth - 1, -WIN - 1, -alpha + 64, 1);
                            self.path.pop();
                            s
                        }
                    }
                };
                if self.out_of_budget {
                    complete = false;
                    break;
                }
                let score = if score.abs() >= WIN - 100 {
                    score
                } else {
                    score + noise[i]
                };
                alpha = alpha.max(score);
                scored.push((score, i));
            }
            if !complete && depth > 1 {
                break;
            }
            scored.sort_by_key(|a| std::cmp::Reverse(a.0));
            if let Some(&(score, i)) = scored.first() {
                best = moves[i];
                if score >= WIN - 100 {
                    break;
                }
            }
            let mut seen: Vec<usize> = scored.iter().map(|&(_, i)| i).collect();
            for &i in &order {
                if !seen.contains(&i) {
                    seen.push(i);
                }
            }
            order = seen;
            if !complete {
                break;
            }
        }
        moves.clear();
        best
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        if self.nodes >= self.budget || self.stopped() {
            self.out_of_budget = true;
            return 0;
        }
        self.nodes += 1;
        if depth == 0 {
            return evaluate(position);
        }
        let me = position.to_move();
        let mut moves = Vec::new();
        position.moves_into(&mut moves);
        if moves.is_empty() {
            return -(WIN - ply);
        }
        // Wins first, and skip the moves that lose at once.
        let mut children = Vec::with_capacity(moves.len());
        for mv in moves {
            let next = position.after(mv);
            match next.winner() {
                Some(c) if c == me => return WIN - ply,
                Some(_) => {}
                None => children.push(next),
            }
        }
        if children.is_empty() {
            return -(WIN - ply);
        }
        if depth >= 2 {
            // Order by a shallow look: the replies' evaluation.
            let mut keyed: Vec<(i32, Position)> =
                children.into_iter().map(|c| (evaluate(&c), c)).collect();
            keyed.sort_by_key(|&(e, _)| e);
            children = keyed.into_iter().map(|(_, c)| c).collect();
        }
        let mut best = -WIN - 1;
        for next in children {
            let key = next.key();
            let score = if self.history.contains(&key) || self.path.contains(&key) {
                0
            } else {
                self.path.push(key);
                let s = -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1);
                self.path.pop();
                s
            };
            if self.out_of_budget {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The evaluation of `position` for the player to move: for each line
/// held by one player alone, a weight growing with the pieces in it; and
/// a little for the size of the pieces seen on top.
pub fn evaluate(position: &Position) -> i32 {
    let me = position.to_move();
    let mine = position.visible(me);
    let theirs = position.visible(me.other());
    let weights: &[i32] = match position.variant() {
        Variant::Small => &[0, 8, 40, 0],
        Variant::Large => &[0, 4, 24, 120, 0],
    };
    let mut score = 0;
    for &line in position.variant().lines() {
        let a = (mine & line).count_ones() as usize;
        let b = (theirs & line).count_ones() as usize;
        if b == 0 {
            score += weights[a];
        } else if a == 0 {
            // The opponent moves next after us: their lines weigh more.
            score -= weights[b] + weights[b] / 2;
        }
    }
    for cell in 0..position.variant().cells() {
        if let Some(p) = position.top(cell) {
            let v = p.size as i32 + 1;
            if p.color == me {
                score += v;
            } else {
                score -= v;
            }
        }
    }
    score
}
