//! The computer players of the original, and a random one for
//! comparisons.
//!
//! Each looks at every way of playing its whole turn (the boards a turn
//! can end on, as [`rules::TurnTree`] allows them) and keeps the board it
//! scores best, choosing among equals with the game's generator:
//!
//! * **Reckless Renee** maximises the chance that someone bops her
//!   ([`rules::bop_chance`]).
//! * **Polite Polly** minimises how far her pawns move (maximises
//!   [`rules::distance`]): "No, after *you*. I insist."
//! * **Amazing Grace** scores `2 × (500 − distance) + (36 − bop chance) +
//!   10 × her blockades`: far along, hard to bop, blocking.
//! * **Random Ron** (not offered in the game) scores at random.
//!
//! The search works in slices ([`Search::step`], a budget counted in
//! positions), so the game can spread it over ticks and never block its
//! window.

use std::collections::{HashMap, HashSet};

use game_api::Rng;

use crate::rules::{self, Board, Color, Move, TurnState};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A person at the computer.
    Person,
    /// Reckless Renee.
    Renee,
    /// Polite Polly.
    Polly,
    /// Amazing Grace.
    Grace,
    /// Random Ron: any way of playing, at random (for tests).
    Random,
}

impl Seat {
    /// The seats a player can choose, in the order of the choice.
    pub const CHOICES: [Seat; 4] = [Seat::Person, Seat::Renee, Seat::Polly, Seat::Grace];

    /// The name shown ("Amazing Grace").
    pub fn name(self) -> &'static str {
        match self {
            Seat::Person => "Person",
            Seat::Renee => "Reckless Renee",
            Seat::Polly => "Polite Polly",
            Seat::Grace => "Amazing Grace",
            Seat::Random => "Random Ron",
        }
    }

    /// The seat of a name.
    pub fn from_name(name: &str) -> Option<Seat> {
        [
            Seat::Person,
            Seat::Renee,
            Seat::Polly,
            Seat::Grace,
            Seat::Random,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }

    /// The letter in game records: `p`, `n` (Renee), `l` (Polly), `a`
    /// (Grace), `x` (Random).
    pub fn letter(self) -> char {
        match self {
            Seat::Person => 'p',
            Seat::Renee => 'n',
            Seat::Polly => 'l',
            Seat::Grace => 'a',
            Seat::Random => 'x',
        }
    }

    /// The seat of a record letter.
    pub fn from_letter(c: char) -> Option<Seat> {
        [
            Seat::Person,
            Seat::Renee,
            Seat::Polly,
            Seat::Grace,
            Seat::Random,
        ]
        .into_iter()
        .find(|s| s.letter() == c)
    }

    /// Whether the computer plays this seat.
    pub fn is_computer(self) -> bool {
        self != Seat::Person
    }

    /// How this player scores a board its turn ends on (higher is
    /// better). Random Ron draws from `rng`.
    pub fn score(self, board: &Board, color: Color, rng: &mut Rng) -> i64 {
        match self {
            Seat::Person => 0,
            Seat::Random => (rng.next_u64() % 10_000) as i64,
            Seat::Renee => i64::from(rules::bop_chance(board, color)),
            Seat::Polly => i64::from(rules::distance(board, color)),
            Seat::Grace => {
                let dist = 500 - i64::from(rules::distance(board, color));
                let safe = 36 - i64::from(rules::bop_chance(board, color));
                dist * 2 + safe + 10 * board.blockades_of(color).len() as i64
            }
        }
    }
}

/// A computer's search for its turn, done a slice at a time.
#[derive(Clone, Debug)]
pub struct Search {
    seat: Seat,
    color: Color,
    original: Board,
    stack: Vec<(TurnState, Vec<Move>)>,
    seen: HashSet<(u128, u64)>,
    /// Boards a turn can end on, the moves that lead there and the rolled
    /// dice left unused.
    ends: Vec<(Board, Vec<Move>, usize)>,
    end_index: HashMap<Board, usize>,
    nodes: usize,
}

impl Search {
    /// Starts the search of `seat` playing `color` on `board` with `dice`.
    pub fn new(seat: Seat, color: Color, board: &Board, dice: &[u8]) -> Search {
        Search {
            seat,
            color,
            original: *board,
            stack: vec![(TurnState::new(*board, dice), Vec::new())],
            seen: HashSet::new(),
            ends: Vec::new(),
            end_index: HashMap::new(),
            nodes: 0,
        }
    }

    /// Positions looked at so far.
    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// Looks at up to `budget` more positions; true when the search is
    /// complete.
    pub fn step(&mut self, budget: usize) -> bool {
        let mut left = budget;
        while left > 0 {
            let Some((state, moves)) = self.stack.pop() else {
                return true;
            };
            if self.nodes == 0 {
                self.seen.insert(state.key());
            }
            left -= 1;
            self.nodes += 1;
            let nexts = rules::next_states(&self.original, self.color, &state);
            if nexts.is_empty() {
                if !self.end_index.contains_key(&state.board) {
                    self.end_index.insert(state.board, self.ends.len());
                    self.ends
                        .push((state.board, moves, rules::rolled_left(&state.dice)));
                }
                continue;
            }
            for (mv, next) in nexts.into_iter().rev() {
                if !self.seen.insert(next.key()) {
                    continue;
                }
                let mut m = moves.clone();
                m.push(mv);
                self.stack.push((next, m));
            }
        }
        self.stack.is_empty()
    }

    /// The chosen turn once the search is complete: the best-scoring way
    /// among those that use as many rolled dice as any (ties broken with
    /// `rng`). Empty when nothing can move.
    pub fn choose(&self, rng: &mut Rng) -> Vec<Move> {
        let Some(fewest) = self.ends.iter().map(|e| e.2).min() else {
            return Vec::new();
        };
        let mut best: Vec<&Vec<Move>> = Vec::new();
        let mut best_score = i64::MIN;
        for (board, moves, left) in &self.ends {
            if *left != fewest {
                continue;
            }
            let s = self.seat.score(board, self.color, rng);
            if s > best_score {
                best_score = s;
                best.clear();
            }
            if s == best_score {
                best.push(moves);
            }
        }
        if best.is_empty() {
            return Vec::new();
        }
        best[(rng.next_u64() % best.len() as u64) as usize].clone()
    }

    /// The number of different boards the turn can end on.
    pub fn candidates(&self) -> usize {
        self.ends.len()
    }
}

/// Searches and chooses at once (for tests, tools and benches).
pub fn choose_turn(
    seat: Seat,
    color: Color,
    board: &Board,
    dice: &[u8],
    rng: &mut Rng,
) -> Vec<Move> {
    let mut s = Search::new(seat, color, board, dice);
    while !s.step(usize::MAX) {}
    s.choose(rng)
}
