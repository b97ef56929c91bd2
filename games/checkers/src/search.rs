//! The computer player: a negamax alpha-beta search with iterative
//! deepening, a transposition table and a capture extension, whose work is
//! counted in **nodes** (positions visited), never in time, so that the
//! same position and budget give the same move on any machine.
//!
//! The evaluation counts, for each side: material (a man 100, a king 150),
//! the men's advancement, men kept on the back row (which stops the other
//! side crowning), pieces in the centre, and mobility (the empty squares
//! its pieces could step to). When a side is ahead, trading pieces and
//! bringing its kings near the enemy count too, so that won endings get
//! finished.
//!
//! Strengths ([`Strength`]): Easy searches 400 nodes and adds a seeded
//! wobble of up to 60 points (more than half a man) to every position it
//! judges; Medium searches 6,000 nodes; Hard 1,000,000.
//!
//! ```
//! use checkers::board::Position;
//! use checkers::search::{Strength, best_move};
//! let found = best_move(&Position::START, Strength::Medium.budget(), None, None).unwrap();
//! assert!(Position::START.legal_moves().contains(&found.best));
//! ```

use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::{Color, DRAW_PLIES, Move, Position, col_of, row_of, squares};

/// A computer player's strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strength {
    /// A small search with a wobble in its judgement.
    Easy,
    /// A modest search.
    Medium,
    /// The largest search.
    Hard,
}

impl game_api::computer::Level for Strength {
    const ALL: &'static [Strength] = &Strength::ALL;

    fn name(self) -> &'static str {
        Strength::name(self)
    }
}

impl Strength {
    /// Every strength, weakest first.
    pub const ALL: [Strength; 3] = [Strength::Easy, Strength::Medium, Strength::Hard];

    /// "Easy", "Medium" or "Hard".
    pub fn name(self) -> &'static str {
        match self {
            Strength::Easy => "Easy",
            Strength::Medium => "Medium",
            Strength::Hard => "Hard",
        }
    }

    /// The search budget in nodes, and the wobble (if any).
    pub fn budget(self) -> Budget {
        match self {
            Strength::Easy => Budget {
                nodes: 400,
                wobble: 60,
            },
            Strength::Medium => Budget {
                nodes: 6_000,
                wobble: 0,
            },
            Strength::Hard => Budget {
                nodes: 1_000_000,
                wobble: 0,
            },
        }
    }
}

/// How much a search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    /// Positions it may visit (the first iteration, one move deep, always
    /// completes).
    pub nodes: u64,
    /// Up to how many points (a man is 100) a seeded wobble adds to or
    /// takes from each position judged; 0 for none.
    pub wobble: i32,
}

impl Budget {
    /// A budget of `nodes` without wobble.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget { nodes, wobble: 0 }
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The move to play.
    pub best: Move,
    /// Its score for the side to move, in hundredths of a man; above
    /// [`WIN`] − 1000 a forced win.
    pub score: i32,
    /// The deepest iteration completed, in moves.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

/// The score of a won position (less the moves to the win).
pub const WIN: i32 = 30_000;

const MAN: i32 = 100;
const KING: i32 = 150;
const MAX_PLY: usize = 96;
const MAX_DEPTH: i32 = 60;
/// The transposition table has at most 2^18 entries (4 MiB), and no more
/// than the budget's nodes rounded up (at least 2^12).
const TT_BITS: u32 = 18;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    depth: i8,
    bound: u8,
    best: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// 64 random bits for each (square, piece kind), from SplitMix64.
fn zobrist() -> &'static [[u64; 4]; 32] {
    static TABLE: std::sync::OnceLock<[[u64; 4]; 32]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut rng = game_api::Rng::new(0xC4EC_4E25);
        let mut t = [[0; 4]; 32];
        for row in &mut t {
            for v in row.iter_mut() {
                *v = rng.next_u64();
            }
        }
        t
    })
}

/// A hash of the position (pieces and side to move).
pub fn key(pos: &Position) -> u64 {
    let z = zobrist();
    let kings = pos.kings_bits();
    let mut h = if pos.turn() == Color::White {
        0x9E37_79B9_7F4A_7C15
    } else {
        0
    };
    for (i, color) in [Color::Black, Color::White].into_iter().enumerate() {
        for sq in squares(pos.pieces_bits(color)) {
            let kind = i * 2 + usize::from(kings & (1 << sq) != 0);
            h ^= z[sq][kind];
        }
    }
    h
}

/// The evaluation of `pos` for the side to move, in hundredths of a man.
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.turn();
    side_score(pos, me) - side_score(pos, me.other()) + balance(pos, me)
}

fn material(pos: &Position, color: Color) -> i32 {
    let pieces = pos.pieces_bits(color);
    let kings = (pieces & pos.kings_bits()).count_ones() as i32;
    let men = pieces.count_ones() as i32 - kings;
    men * MAN + kings * KING
}

fn side_score(pos: &Position, color: Color) -> i32 {
    let pieces = pos.pieces_bits(color);
    let kings = pos.kings_bits();
    let empty = !pos.occupied();
    let mut score = material(pos, color);
    for sq in squares(pieces) {
        let (row, col) = (row_of(sq), col_of(sq));
        let king = kings & (1 << sq) != 0;
        if !king {
            let advanced = match color {
                Color::Black => row,
                Color::White => 7 - row,
            };
            score += 3 * advanced as i32;
            if row == color.back_row() {
                score += 8;
            }
        }
        if (2..=5).contains(&row) && (2..=5).contains(&col) {
            score += 5;
        }
        // Mobility: the empty squares it could step to.
        let dirs: &[usize] = match (king, color) {
            (true, _) => &[0, 1, 2, 3],
            (false, Color::Black) => &[2, 3],
            (false, Color::White) => &[0, 1],
        };
        for &d in dirs {
            if let Some(n) = crate::board::neighbor(sq, d)
                && empty & (1 << n) != 0
            {
                score += 2;
            }
        }
    }
    score
}

/// When one side is ahead: trading down helps it, and so does bringing its
/// kings near the enemy.
fn balance(pos: &Position, me: Color) -> i32 {
    let (mine, theirs) = (material(pos, me), material(pos, me.other()));
    if mine == theirs {
        return 0;
    }
    let (ahead, sign) = if mine > theirs {
        (me, 1)
    } else {
        (me.other(), -1)
    };
    let total = mine + theirs;
    // Up to a man for being ahead with few pieces left.
    let trade = (mine - theirs).abs() * 600 / total.max(1);
    let enemies = pos.pieces_bits(ahead.other());
    let mut near = 0;
    for k in squares(pos.pieces_bits(ahead) & pos.kings_bits()) {
        let nearest = squares(enemies)
            .map(|e| {
                let dr = row_of(k).abs_diff(row_of(e));
                let dc = col_of(k).abs_diff(col_of(e));
                dr.max(dc) as i32
            })
            .min()
            .unwrap_or(0);
        near -= 3 * nearest;
    }
    sign * (trade.min(100) + near)
}

/// A wobble in `-w..=w` for the position `key` and `seed`.
fn wobble(key: u64, seed: u64, w: i32) -> i32 {
    if w == 0 {
        return 0;
    }
    let mut rng = game_api::Rng::new(key ^ seed);
    rng.below(2 * w as u64 + 1) as i32 - w
}

struct Searcher<'a> {
    nodes: u64,
    budget: u64,
    may_stop: bool,
    stopped: bool,
    stop: Option<&'a AtomicBool>,
    wobble: i32,
    seed: u64,
    table: Vec<Entry>,
    /// How far a key is shifted to give its slot in the table.
    shift: u32,
    lists: Vec<Vec<Move>>,
    /// Cutoffs by each (from, to), weighted by depth: the order of moves.
    history: Box<[[u32; 32]; 32]>,
}

impl Searcher<'_> {
    fn out_of_budget(&mut self) -> bool {
        if !self.may_stop {
            return false;
        }
        if self.nodes >= self.budget {
            self.stopped = true;
        } else if let Some(stop) = self.stop
            && stop.load(Ordering::Relaxed)
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn leaf(&self, pos: &Position, key: u64) -> i32 {
        evaluate(pos) + wobble(key, self.seed, self.wobble)
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if pos.quiet_plies() >= DRAW_PLIES {
            return 0;
        }
        let key = key(pos);
        let mut moves = std::mem::take(&mut self.lists[ply]);
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return -(WIN - ply as i32);
        }
        let capture = moves[0].is_capture();
        if (depth <= 0 && !capture) || ply + 1 >= MAX_PLY {
            self.lists[ply] = moves;
            return self.leaf(pos, key);
        }
        let slot = (key >> self.shift) as usize;
        let entry = self.table[slot];
        let mut first = None;
        if entry.key == key {
            if i32::from(entry.depth) >= depth {
                let s = entry.score;
                let hit = match entry.bound {
                    EXACT => true,
                    LOWER => s >= beta,
                    UPPER => s <= alpha,
                    _ => false,
                };
                if hit {
                    self.lists[ply] = moves;
                    return s;
                }
            }
            if (entry.best as usize) < moves.len() {
                first = Some(entry.best as usize);
            }
        }
        // The one move there is costs no depth; past the horizon, captures
        // are played out (a forced exchange is seen to its end).
        let next_depth = if moves.len() == 1 || (capture && depth <= 0) {
            depth
        } else {
            depth - 1
        };
        let original_alpha = alpha;
        let mut best = -WIN - 1;
        let mut best_index = 0;
        // The table's move first: swapped to the front (and its index
        // mapped back for the table).
        if let Some(f) = first {
            moves.swap(0, f);
        }
        let generated_of = |i: usize| match first {
            Some(f) if i == 0 => f,
            Some(f) if i == f => 0,
            _ => i,
        };
        // The rest by the history of cutoffs (their generated order among
        // equals).
        let mut order: [u8; 64] = [0; 64];
        let n = moves.len().min(64);
        for (i, o) in order.iter_mut().enumerate().take(n) {
            *o = i as u8;
        }
        let skip = usize::from(first.is_some());
        order[skip..n].sort_by_key(|&i| {
            let m = &moves[i as usize];
            std::cmp::Reverse(self.history[m.from()][m.to()])
        });
        let generated = |i: usize| generated_of(order[i] as usize);
        for i in 0..n {
            let child = pos.play(&moves[order[i] as usize]);
            // The first move with the full window, the rest with a null
            // window first (searched again only if they beat alpha).
            let mut score;
            if i == 0 {
                score = -self.negamax(&child, next_depth, ply + 1, -beta, -alpha);
            } else {
                score = -self.negamax(&child, next_depth, ply + 1, -alpha - 1, -alpha);
                if score > alpha && score < beta && !self.stopped {
                    score = -self.negamax(&child, next_depth, ply + 1, -beta, -alpha);
                }
            }
            if self.stopped {
                self.lists[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_index = generated(i);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                let m = &moves[order[i] as usize];
                if !m.is_capture() {
                    let bonus = (depth.max(1) * depth.max(1)) as u32;
                    let h = &mut self.history[m.from()][m.to()];
                    *h = h.saturating_add(bonus);
                }
                break;
            }
        }
        let bound = if best <= original_alpha {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.table[slot] = Entry {
            key,
            score: best,
            depth: depth.clamp(-100, 100) as i8,
            bound,
            best: best_index as u8,
        };
        self.lists[ply] = moves;
        best
    }
}

/// The move the computer plays in `pos` with `budget`: iterative deepening
/// one move deeper at a time until the budget runs out, keeping the best
/// move of the last iteration completed. `seed` seeds the wobble of an
/// Easy player. `stop`, when set from another thread, ends the search as
/// if the budget had run out. `None` when there is no legal move.
pub fn best_move(
    pos: &Position,
    budget: Budget,
    seed: Option<u64>,
    stop: Option<&AtomicBool>,
) -> Option<Found> {
    let root = pos.legal_moves();
    let first = *root.first()?;
    if root.len() == 1 {
        return Some(Found {
            best: first,
            score: 0,
            depth: 0,
            nodes: 0,
        });
    }
    // The bits of the budget rounded up to a power of two.
    let bits = (64 - budget.nodes.saturating_sub(1).leading_zeros()).clamp(12, TT_BITS);
    let mut s = Searcher {
        nodes: 0,
        budget: budget.nodes,
        may_stop: false,
        stopped: false,
        stop,
        wobble: budget.wobble,
        seed: seed.unwrap_or(0),
        table: vec![Entry::default(); 1 << bits],
        shift: 64 - bits,
        lists: (0..MAX_PLY).map(|_| Vec::with_capacity(16)).collect(),
        history: Box::new([[0; 32]; 32]),
    };
    let mut order: Vec<usize> = (0..root.len()).collect();
    let mut found = Found {
        best: first,
        score: 0,
        depth: 0,
        nodes: 0,
    };
    for depth in 1..=MAX_DEPTH {
        s.may_stop = depth > 1;
        let mut alpha = -WIN - 1;
        let mut best_index = order[0];
        let mut scores = Vec::with_capacity(root.len());
        for &i in &order {
            let child = pos.play(&root[i]);
            let score = -s.negamax(&child, depth - 1, 1, -WIN - 1, -alpha);
            if s.stopped {
                break;
            }
            scores.push((i, score));
            if score > alpha {
                alpha = score;
                best_index = i;
            }
        }
        if s.stopped {
            break;
        }
        found = Found {
            best: root[best_index],
            score: alpha,
            depth: depth as u32,
            nodes: s.nodes,
        };
        // Best first next time; the rest in the order of their scores.
        scores.sort_by_key(|&(i, score)| (std::cmp::Reverse(score), i));
        order = scores.into_iter().map(|(i, _)| i).collect();
        if alpha.abs() > WIN - 1000 {
            break;
        }
    }
    found.nodes = s.nodes;
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_move;

    #[test]
    fn the_same_budget_gives_the_same_move() {
        let a = best_move(&Position::START, Budget::nodes(20_000), None, None).unwrap();
        let b = best_move(&Position::START, Budget::nodes(20_000), None, None).unwrap();
        assert_eq!(a, b);
        assert!(a.depth >= 4, "{a:?}");
        assert!(a.nodes <= 20_000 + 200);
    }

    #[test]
    fn the_evaluation_is_symmetric_at_the_start() {
        assert_eq!(evaluate(&Position::START), 0);
        let after = Position::START.play(&parse_move(&Position::START, "11-15").unwrap());
        // White to move, material even: only small differences.
        assert!(evaluate(&after).abs() < 30);
    }

    #[test]
    fn a_stop_flag_ends_the_search_early() {
        let stop = AtomicBool::new(true);
        let found =
            best_move(&Position::START, Budget::nodes(u64::MAX), None, Some(&stop)).unwrap();
        assert_eq!(found.depth, 1);
    }
}
