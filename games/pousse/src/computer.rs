//! The computer player, free of any user interface.
//!
//! It follows the original's "Smart" program player (`robot.rkt` and
//! `counter.rkt` of PLT Games' Pousse):
//!
//! * **Winning and losing moves first.** A move that leaves more straights
//!   of its own colour wins at once and is played; a move that leaves more
//!   of the other colour, or repeats a configuration of the game or of the
//!   line being searched, loses and is never chosen while another is left.
//! * **The evaluation** of a board for a player ([`evaluate`]) is the
//!   original's counting strategy: 10 a marker, 1 for each step a marker
//!   is away from the edges (the middle is better), the square of the
//!   number of a player's markers in each row and column (working towards
//!   a straight), and 2 for each pair of a player's markers side by side in
//!   a row or column; the other player's counts are subtracted.
//! * **The value of a move** is, as in the original, the evaluation of the
//!   board it leaves minus the value of the opponent's best reply, so the
//!   whole line counts, not only its last board.
//! * **Opening advice**, as the original: O's first move is not made on
//!   the same or the opposite edge as X's marker, and X's second move
//!   pushes O's marker when it is not in a corner.
//!
//! Where the original searched deeper and deeper for 25 seconds of the
//! clock, this player searches deeper and deeper (alpha-beta, the best
//! move of each depth tried first at the next) until it has visited its
//! **budget of nodes**, counted as boards made by a push. The answer for a
//! position, a budget and a seed is therefore the same on any machine.
//! Equal moves are told apart by a shuffle drawn from the seed, where the
//! original drew at random. As the original, the first two moves of a game
//! look one reply ahead only.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

use game_api::Rng;

use crate::rules::{Board, Configuration, Match, Move, Player, Side, configuration};

/// The value of a win on the move; a win `k` plies later is worth
/// `WIN - k * PLY`, so that sooner wins and later losses are preferred.
pub const WIN: i32 = 100_000_000;
/// What a ply takes off a win or a loss.
pub const PLY: i32 = 100_000;
const INFINITY: i32 = 1_000_000_000;

/// Values at least this large are won (or, negated, lost) by force.
pub const DECIDED: i32 = WIN - 100 * PLY;

/// The original's weights (`robot.rkt`): the other player's are the same,
/// negated.
const PIECE_WEIGHT: i32 = 10;
const MIDDLE_WEIGHT: i32 = 1;
const LINE_WEIGHT: i32 = 1;
const CONNECT_WEIGHT: i32 = 2;
/// The original's opening advice is worth 500.
const ADVICE: i32 = 500;

/// How strong the computer plays: its budget of nodes a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strength {
    /// A few hundred nodes: it sees its own move and little more.
    Easy,
    /// Some thousands of nodes: a few moves ahead on 4 by 4.
    Medium,
    /// A hundred thousand nodes: several moves ahead on 4 by 4.
    Hard,
}

impl game_api::computer::Level for Strength {
    const ALL: &'static [Strength] = &Strength::ALL;

    fn name(self) -> &'static str {
        Strength::name(self)
    }
}

impl Strength {
    /// The three strengths, weakest first.
    pub const ALL: [Strength; 3] = [Strength::Easy, Strength::Medium, Strength::Hard];

    /// The nodes it may visit for a move.
    pub fn budget(self) -> u64 {
        match self {
            Strength::Easy => 200,
            Strength::Medium => 5_000,
            Strength::Hard => 100_000,
        }
    }

    /// "Easy", "Medium" or "Hard".
    pub fn name(self) -> &'static str {
        match self {
            Strength::Easy => "Easy",
            Strength::Medium => "Medium",
            Strength::Hard => "Hard",
        }
    }
}

/// The move the computer chose and what it knows of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// Its value for the player moving (see [`WIN`], [`DECIDED`]).
    pub value: i32,
    /// The deepest search completed, in replies looked at after the move.
    pub depth: u32,
    /// The nodes visited.
    pub nodes: u64,
}

impl Choice {
    /// Whether the search found a forced win.
    pub fn wins(&self) -> bool {
        self.value >= DECIDED
    }

    /// Whether the search found that every move loses.
    pub fn loses(&self) -> bool {
        self.value <= -DECIDED
    }
}

/// The original's counting evaluation of `board` for `us` (see the module
/// documentation), without the opening advice.
pub fn evaluate(board: &Board, us: Player) -> i32 {
    let n = board.size();
    let (x, o) = board.bits();
    let (mine, theirs) = match us {
        Player::X => (x, o),
        Player::O => (o, x),
    };
    let mut score = 0;
    for along_rows in [false, true] {
        for i in 0..n {
            let middle = i.min(n - 1 - i) as i32;
            let (mut count_us, mut count_them) = (0i32, 0i32);
            let mut prev = 0u8; // 0 none, 1 us, 2 them
            for j in 0..n {
                let bit = if along_rows { i * n + j } else { j * n + i };
                let cell = if mine.has(bit) {
                    1
                } else if theirs.has(bit) {
                    2
                } else {
                    0
                };
                match cell {
                    1 => {
                        count_us += 1;
                        score += middle * MIDDLE_WEIGHT;
                        if prev == 1 {
                            score += CONNECT_WEIGHT;
                        }
                    }
                    2 => {
                        count_them += 1;
                        score -= middle * MIDDLE_WEIGHT;
                        if prev == 2 {
                            score -= CONNECT_WEIGHT;
                        }
                    }
                    _ => {}
                }
                prev = cell;
            }
            score += LINE_WEIGHT * (count_us * count_us - count_them * count_them);
        }
    }
    score + PIECE_WEIGHT * (mine.count() as i32 - theirs.count() as i32)
}

/// The original's opening advice for the move `mv` of the player `us`
/// from `before` to `after`, when `turn` moves were played before it.
///
/// * Turn 1 (O's first move): with one marker each on the board, O's
///   marker on the same or the opposite edge as X's costs 500 (O pushed in
///   from the top or the bottom while X is in the top or bottom row, or
///   from the left or the right while X is in the first or last column).
/// * Turn 2 (X's second move): with two X and one O on the board and O's
///   marker not in a corner before the move, pushing O one step in from
///   the edge the move comes from, into a middle row or column, is worth
///   500, and anything else costs 500. (The original checks three corners,
///   one of them twice; this checks the four.)
pub fn opening_advice(turn: usize, before: &Board, after: &Board, mv: Move, us: Player) -> i32 {
    let n = after.size();
    let last = n - 1;
    match turn {
        1 if after.count(us) == 1 && after.count(us.other()) == 1 => {
            let on_edge = (0..n).any(|k| {
                let cells = if mv.side.is_column() {
                    [(0, k), (last, k)]
                } else {
                    [(k, 0), (k, last)]
                };
                cells
                    .iter()
                    .any(|&(r, c)| after.get(r, c) == Some(Player::X))
            });
            if on_edge { -ADVICE } else { 0 }
        }
        2 if after.count(us) == 2 && after.count(us.other()) == 1 => {
            let corner = [(0, 0), (0, last), (last, 0), (last, last)]
                .iter()
                .any(|&(r, c)| before.get(r, c) == Some(Player::O));
            if corner {
                return 0;
            }
            let pushed = (1..last).any(|k| {
                let (r, c) = match mv.side {
                    Side::Top => (1, k),
                    Side::Bottom => (last - 1, k),
                    Side::Left => (k, 1),
                    Side::Right => (k, last - 1),
                };
                after.get(r, c) == Some(Player::O)
            });
            if pushed { ADVICE } else { -ADVICE }
        }
        _ => 0,
    }
}

/// A child of a node: the move, the board after it and its evaluation for
/// the player who made it.
#[derive(Clone, Copy)]
struct Child {
    mv: Move,
    board: Board,
    eval: i32,
}

/// What a node's moves come to before any search.
enum Moves {
    /// One of them wins at once.
    Wins(Move),
    /// Every one loses at once.
    AllLose,
    /// These do neither, best evaluated first.
    Open(Vec<Child>),
}

struct Search<'a> {
    moves: Vec<Move>,
    seen: &'a HashSet<Configuration>,
    path: Vec<Configuration>,
    nodes: u64,
    budget: u64,
    aborted: bool,
    cancel: Option<&'a AtomicBool>,
}

impl Search<'_> {
    /// Counts a node; false when the budget is spent or the search was
    /// cancelled.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget
            || (self.nodes.is_multiple_of(256)
                && self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)))
        {
            self.aborted = true;
        }
        !self.aborted
    }

    fn repeats(&self, board: &Board, mover: Player) -> bool {
        let key = configuration(board, Some(mover));
        self.seen.contains(&key) || self.path.contains(&key)
    }

    /// The moves of `mover` from `board`, sorted out; `None` when the
    /// search ran out of nodes.
    fn expand(&mut self, board: &Board, mover: Player, order: &[Move]) -> Option<Moves> {
        let mut open = Vec::with_capacity(order.len());
        for &mv in order {
            if !self.visit() {
                return None;
            }
            let (child, _) = board.push(mv, mover);
            match child.dominant() {
                Some(p) if p == mover => return Some(Moves::Wins(mv)),
                Some(_) => continue,
                None => {}
            }
            if self.repeats(&child, mover) {
                continue;
            }
            open.push(Child {
                mv,
                board: child,
                eval: evaluate(&child, mover),
            });
        }
        if open.is_empty() {
            return Some(Moves::AllLose);
        }
        open.sort_by_key(|c| std::cmp::Reverse(c.eval));
        Some(Moves::Open(open))
    }

    /// The value for `mover` of `board` (`mover` to play), looking `depth`
    /// replies past its move, within (`alpha`, `beta`).
    fn value(
        &mut self,
        board: &Board,
        mover: Player,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        let order = std::mem::take(&mut self.moves);
        let expanded = self.expand(board, mover, &order);
        self.moves = order;
        let children = match expanded {
            None => return 0,
            Some(Moves::Wins(_)) => return WIN - ply * PLY,
            Some(Moves::AllLose) => return -(WIN - ply * PLY),
            Some(Moves::Open(children)) => children,
        };
        if depth == 0 {
            return children[0].eval;
        }
        let mut best = -INFINITY;
        for child in children {
            let v = self.line(&child, mover, depth - 1, alpha, beta, ply);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The value of `child` (made by `mover`): its evaluation minus the
    /// value of the opponent's best reply, `depth` replies deeper.
    fn line(
        &mut self,
        child: &Child,
        mover: Player,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        self.line_with(child, child.eval, mover, depth, alpha, beta, ply)
    }

    #[allow(clippy::too_many_arguments)]
    fn line_with(
        &mut self,
        child: &Child,
        eval: i32,
        mover: Player,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        self.path.push(configuration(&child.board, Some(mover)));
        let reply = self.value(
            &child.board,
            mover.other(),
            depth,
            eval.saturating_sub(beta),
            eval.saturating_sub(alpha),
            ply + 1,
        );
        self.path.pop();
        eval - reply
    }
}

/// The computer's move for the player to move in `game`, visiting at most
/// `budget` nodes (after the first look at every move, which is always
/// made), equal moves told apart by `seed`. `None` when the game is over.
pub fn choose(game: &Match, budget: u64, seed: u64) -> Option<Choice> {
    choose_cancellable(game, budget, seed, None)
}

/// As [`choose`], giving up early (with the best move found so far) once
/// `cancel` is set.
pub fn choose_cancellable(
    game: &Match,
    budget: u64,
    seed: u64,
    cancel: Option<&AtomicBool>,
) -> Option<Choice> {
    if game.is_over() {
        return None;
    }
    let n = game.size();
    let board = game.board();
    let mover = game.to_move();
    let turn = game.moves().len();
    // The order moves are tried in: shuffled by the seed, so that equal
    // moves are told apart by it; then the best of each depth first.
    let mut order: Vec<Move> = Move::all(n).collect();
    let mut rng = Rng::new(seed ^ (turn as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    for i in (1..order.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        order.swap(i, j);
    }
    let mut search = Search {
        moves: order.clone(),
        seen: game.seen(),
        path: Vec::new(),
        nodes: 0,
        budget: u64::MAX,
        aborted: false,
        cancel,
    };
    // The first look: every move once, whatever the budget.
    let children = match search.expand(&board, mover, &order) {
        Some(Moves::Wins(mv)) => {
            return Some(Choice {
                mv,
                value: WIN,
                depth: 0,
                nodes: search.nodes,
            });
        }
        Some(Moves::AllLose) | None => {
            return Some(Choice {
                mv: order[0],
                value: -WIN,
                depth: 0,
                nodes: search.nodes,
            });
        }
        Some(Moves::Open(children)) => children,
    };
    // The evaluation with the opening advice, in the shuffled order.
    let mut children: Vec<(Child, i32)> = order
        .iter()
        .filter_map(|mv| children.iter().find(|c| c.mv == *mv))
        .map(|c| {
            let advice = opening_advice(turn, &board, &c.board, c.mv, mover);
            (*c, c.eval + advice)
        })
        .collect();
    let first = children
        .iter()
        .max_by_key(|(_, e)| *e)
        .map(|(c, e)| (c.mv, *e))
        .expect("there is an open move");
    // The first of the best: max_by_key keeps the last, so look again.
    let best_eval = first.1;
    let first = children
        .iter()
        .find(|(_, e)| *e == best_eval)
        .map(|(c, e)| (c.mv, *e))
        .unwrap_or(first);
    let mut best = Choice {
        mv: first.0,
        value: first.1,
        depth: 0,
        nodes: search.nodes,
    };
    search.budget = budget;
    let max_depth = if turn < 2 { 1 } else { 64 };
    for depth in 1..=max_depth {
        let mut alpha = -INFINITY;
        let mut found = None;
        for (child, eval) in &children {
            let v = search.line_with(child, *eval, mover, depth - 1, alpha, INFINITY, 0);
            if search.aborted {
                break;
            }
            if found.is_none() || v > alpha {
                alpha = v;
                found = Some((child.mv, v));
            }
        }
        if search.aborted {
            break;
        }
        let (mv, value) = found.expect("there is an open move");
        best = Choice {
            mv,
            value,
            depth,
            nodes: search.nodes,
        };
        // The best first next time.
        if let Some(at) = children.iter().position(|(c, _)| c.mv == mv) {
            let b = children.remove(at);
            children.insert(0, b);
        }
        if value.abs() >= DECIDED {
            break;
        }
    }
    best.nodes = search.nodes;
    Some(best)
}

/// A move drawn uniformly from the 4·n moves of the board (losing ones
/// too): the random player the tests play against.
pub fn random_move(game: &Match, rng: &mut Rng) -> Move {
    let all: Vec<Move> = Move::all(game.size()).collect();
    all[rng.below(all.len() as u64) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ending;

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    fn game(n: usize, record: &str) -> Match {
        let moves: Vec<Move> = record.split_whitespace().map(mv).collect();
        Match::replay(n, &moves).unwrap()
    }

    #[test]
    fn the_evaluation_counts_as_the_original() {
        // One X in a corner of 4 by 4: 10 for the marker, 0 for the middle,
        // 1 + 1 for its row and column.
        let g = game(4, "L1");
        assert_eq!(evaluate(&g.board(), Player::X), 12);
        assert_eq!(evaluate(&g.board(), Player::O), -12);
        // X at (1,1) after T2 L2? Build directly.
        let mut b = Board::empty(4);
        b.set(1, 1, Some(Player::X));
        b.set(1, 2, Some(Player::X));
        b.set(3, 0, Some(Player::O));
        // X: 2 markers 20; middle 1+1 and 1+1 = 4; lines: row 1 has 2 → 4,
        // columns 1 and 2 one each → 2: 6; side by side in row 1: 2.
        // O: 10; middle 0; lines 1 + 1 = 2; connect 0.
        assert_eq!(evaluate(&b, Player::X), 20 + 4 + 6 + 2 - (10 + 2));
    }

    /// Whether the player to move in `g` wins at once with `m`.
    fn wins_at_once(g: &Match, m: Move) -> bool {
        let (_, ending) = g.consequence(m);
        matches!(ending, Some(Ending::Straights { winner, .. }) if winner == g.to_move())
    }

    /// Whether `m` loses at once, or lets the opponent win at once.
    fn loses_within_one(g: &Match, m: Move) -> bool {
        let mut after = g.clone();
        match after.play(m).unwrap() {
            Some(ending) => ending.winner() != g.to_move(),
            None => Move::all(g.size()).any(|r| wins_at_once(&after, r)),
        }
    }

    /// Positions from seeded random games on `n` by `n`, each still going.
    fn positions(n: usize, games: u64) -> Vec<Match> {
        let mut out = Vec::new();
        for seed in 0..games {
            let mut rng = Rng::new(seed);
            let mut g = Match::new(n).unwrap();
            while g.moves().len() < 30 {
                let m = random_move(&g, &mut rng);
                let mut next = g.clone();
                if next.play(m).unwrap().is_some() {
                    break;
                }
                g = next;
                out.push(g.clone());
            }
        }
        out
    }

    #[test]
    fn it_takes_a_win_in_one() {
        // X has three in column 1 and pushes the fourth in from the top.
        let g = game(4, "T1 R2 T1 R3 T1 R4");
        assert_eq!(g.to_move(), Player::X);
        let c = choose(&g, 0, 7).unwrap();
        assert!(wins_at_once(&g, c.mv) && c.wins(), "{}", c.mv);
        // And in every random position that has one, at every strength.
        let mut checked = 0;
        for g in positions(4, 60) {
            if Move::all(4).any(|m| wins_at_once(&g, m)) {
                for s in Strength::ALL {
                    let c = choose(&g, s.budget(), 3).unwrap();
                    assert!(
                        wins_at_once(&g, c.mv),
                        "{}: {} after {}",
                        s.name(),
                        c.mv,
                        g.record()
                    );
                }
                checked += 1;
            }
        }
        assert!(checked > 10, "{checked}");
    }

    #[test]
    fn it_avoids_a_loss_in_one() {
        let mut checked = 0;
        for g in positions(4, 30) {
            let safe: Vec<Move> = Move::all(4).filter(|&m| !loses_within_one(&g, m)).collect();
            if safe.is_empty() || safe.len() == 16 {
                continue;
            }
            if g.moves().len() < 2 {
                continue;
            }
            // Hard on every fourth position only: it takes its time in a
            // debug build.
            let strengths: &[Strength] = if checked % 4 == 0 {
                &[Strength::Medium, Strength::Hard]
            } else {
                &[Strength::Medium]
            };
            for &s in strengths {
                let c = choose(&g, s.budget(), 5).unwrap();
                assert!(
                    !loses_within_one(&g, c.mv),
                    "{}: {} after {} (safe: {safe:?})",
                    s.name(),
                    c.mv,
                    g.record()
                );
            }
            // Even Easy never loses on its own move when it need not.
            let c = choose(&g, Strength::Easy.budget(), 5).unwrap();
            let ending = g.consequence(c.mv).1;
            assert!(
                ending.is_none_or(|e| e.winner() == g.to_move()),
                "{} after {}",
                c.mv,
                g.record()
            );
            checked += 1;
        }
        assert!(checked > 10, "{checked}");
    }

    #[test]
    fn it_never_repeats_a_configuration_when_it_need_not() {
        // 3 by 3, X to move after X L1, O L1, X L1, O L1: L1 again repeats.
        let g = game(3, "L1 L1 L1 L1");
        for seed in 0..10 {
            let c = choose(&g, Strength::Easy.budget(), seed).unwrap();
            let (_, ending) = g.consequence(c.mv);
            assert!(
                !matches!(ending, Some(Ending::Repetition { .. })),
                "{}",
                c.mv
            );
        }
    }

    #[test]
    fn the_same_position_budget_and_seed_give_the_same_move() {
        let g = game(4, "L1 T2 R4 B3");
        let a = choose(&g, 3_000, 11).unwrap();
        let b = choose(&g, 3_000, 11).unwrap();
        assert_eq!(a, b);
        assert!(a.nodes <= 3_000 + 64);
    }

    #[test]
    fn the_budget_bounds_the_nodes() {
        let g = game(5, "L1 T2 R4 B3");
        for budget in [0u64, 100, 1_000, 10_000] {
            let c = choose(&g, budget, 1).unwrap();
            assert!(c.nodes <= budget.max(20) + 1, "{budget}: {}", c.nodes);
        }
    }

    #[test]
    fn the_opening_advice_is_the_originals() {
        // O's first move on the edge X is on: X at top left (L1).
        let g = game(4, "L1");
        let before = g.board();
        // O T3: O in the top row with X: same edge.
        let (after, _) = before.push(mv("T3"), Player::O);
        assert_eq!(
            opening_advice(1, &before, &after, mv("T3"), Player::O),
            -ADVICE
        );
        // O L3: pushed from the left; X is in the first column: same edge.
        let (after, _) = before.push(mv("L3"), Player::O);
        assert_eq!(
            opening_advice(1, &before, &after, mv("L3"), Player::O),
            -ADVICE
        );
        // X in the middle of the top row (T2): O from the left into row 3
        // is not on X's edges.
        let g = game(4, "T2");
        let before = g.board();
        let (after, _) = before.push(mv("L3"), Player::O);
        assert_eq!(opening_advice(1, &before, &after, mv("L3"), Player::O), 0);
        // X's second move: O at T2 (top row, not a corner); X T2 pushes it
        // down into row 2, column 2: advised.
        let g = game(4, "L4 T2");
        let before = g.board();
        let (after, _) = before.push(mv("T2"), Player::X);
        assert_eq!(
            opening_advice(2, &before, &after, mv("T2"), Player::X),
            ADVICE
        );
        let (after, _) = before.push(mv("B3"), Player::X);
        assert_eq!(
            opening_advice(2, &before, &after, mv("B3"), Player::X),
            -ADVICE
        );
        // O in a corner: no advice.
        let g = game(4, "L4 L1");
        let before = g.board();
        let (after, _) = before.push(mv("T1"), Player::X);
        assert_eq!(opening_advice(2, &before, &after, mv("T1"), Player::X), 0);
    }
}
