//! A whole game: four seats, the dice from a seeded generator, turns,
//! doubles, the doubles penalty and the record of moves, free of any
//! launcher type.
//!
//! **Turns.** A player rolls two dice (done for them at the start of the
//! turn) and plays mini-moves until [`rules::TurnTree`] allows no more.
//! Doubles give four dice (tops and bottoms) when all the player's pawns
//! are out, and another roll; a third doubles in a row sends the
//! player's pawn furthest along back to its nest and ends the turn.
//! Turns in which nothing can move pass at once, noted in the log.
//!
//! **The record.** The seed, the seats and the mini-moves in order
//! replay the game exactly: the dice come from `game_api::Rng` seeded
//! with the seed, drawn only when a turn starts. A mini-move is written
//! `<colour letter><pawn 1-4>e` for entering and `<colour letter><pawn
//! 1-4>:<distance>` for a move ("g1e g1:3 r2:20").

use game_api::Rng;

use crate::players::Seat;
use crate::rules::{self, BadMove, Board, Color, Loc, Move, Pawn, TurnState, TurnTree};

/// How many lines the log keeps.
pub const LOG_LINES: usize = 8;

/// A game in progress (or over).
#[derive(Clone, Debug)]
pub struct Match {
    seed: u64,
    seats: [Seat; 4],
    rng: Rng,
    current: Color,
    /// Which roll of the player's turn this is (1 to 3).
    roll_number: u8,
    roll: (u8, u8),
    turn_board: Board,
    state: TurnState,
    tree: TurnTree,
    turn_moves: Vec<Move>,
    record: Vec<Move>,
    winner: Option<Color>,
    turns: u32,
    log: Vec<String>,
}

impl Match {
    /// A new game dealt from `seed` with these seats; the first roll is
    /// made.
    pub fn new(seed: u64, seats: [Seat; 4]) -> Match {
        let board = Board::new();
        let mut m = Match {
            seed,
            seats,
            rng: Rng::new(seed),
            current: Color::Green,
            roll_number: 1,
            roll: (1, 1),
            turn_board: board,
            state: TurnState::new(board, &[]),
            tree: TurnTree::new(&board, Color::Green, &[]),
            turn_moves: Vec::new(),
            record: Vec::new(),
            winner: None,
            turns: 0,
            log: Vec::new(),
        };
        m.begin_turn();
        m
    }

    /// Replays a record: the game of `seed` and `seats` with `moves`
    /// played in order. Refuses a move that is not legal where it comes.
    pub fn replay(seed: u64, seats: [Seat; 4], moves: &[Move]) -> Result<Match, String> {
        let mut m = Match::new(seed, seats);
        for (i, &mv) in moves.iter().enumerate() {
            m.play(mv)
                .map_err(|e| format!("move {} ({}) is not legal: {e}", i + 1, move_text(mv)))?;
        }
        Ok(m)
    }

    fn note(&mut self, line: String) {
        self.log.push(line);
        if self.log.len() > LOG_LINES {
            self.log.remove(0);
        }
    }

    fn roll_die(&mut self) -> u8 {
        (self.rng.next_u64() % 6) as u8 + 1
    }

    fn begin_turn(&mut self) {
        loop {
            let (d1, d2) = (self.roll_die(), self.roll_die());
            self.roll = (d1, d2);
            self.turns += 1;
            let who = self.current;
            let board = self.state.board;
            if d1 == d2 && self.roll_number == 3 {
                let after = rules::doubles_penalty(&board, who);
                self.state = TurnState::new(after, &[]);
                self.note(format!(
                    "{} rolled doubles a third time: the pawn furthest along goes back",
                    who.name()
                ));
                self.next_player();
                continue;
            }
            let dice = rules::roll_dice(d1, d2, &board, who);
            self.turn_board = board;
            self.state = TurnState::new(board, &dice);
            self.tree = TurnTree::new(&board, who, &dice);
            self.turn_moves.clear();
            if self.tree.is_over(&self.state) {
                self.note(format!("{} rolled {d1} and {d2}: no move", who.name()));
                if !self.after_turn() {
                    return;
                }
                continue;
            }
            return;
        }
    }

    /// Ends the current player's turn; true when another turn should
    /// begin (false when the game is over).
    fn after_turn(&mut self) -> bool {
        if self.state.board.has_won(self.current) {
            self.winner = Some(self.current);
            self.note(format!("{} wins!", self.current.name()));
            return false;
        }
        if self.roll.0 == self.roll.1 {
            self.roll_number += 1;
        } else {
            self.next_player();
        }
        true
    }

    fn next_player(&mut self) {
        self.current = self.current.next();
        self.roll_number = 1;
    }

    /// Plays one mini-move of the player whose turn it is.
    pub fn play(&mut self, mv: Move) -> Result<(), BadMove> {
        let die = match mv {
            Move::Enter(_) => rules::enter_die(&self.state.dice).unwrap_or(5),
            _ => mv.distance(),
        };
        self.play_die(mv.pawn(), die)
    }

    /// Plays `pawn` by `die` (entering, for a pawn in its nest).
    pub fn play_die(&mut self, pawn: Pawn, die: u8) -> Result<(), BadMove> {
        if self.winner.is_some() {
            return Err(BadMove::NotThere(pawn));
        }
        let mv = Move::of(&self.state.board, pawn, die).ok_or(BadMove::NotThere(pawn))?;
        let next = self.tree.check(&self.state, pawn, die)?;
        self.state = next;
        self.turn_moves.push(mv);
        self.record.push(mv);
        if self.tree.is_over(&self.state) {
            let (d1, d2) = self.roll;
            let n = self.turn_moves.len();
            self.note(format!(
                "{} rolled {d1} and {d2}: {n} move{}",
                self.current.name(),
                if n == 1 { "" } else { "s" }
            ));
            if self.after_turn() {
                self.begin_turn();
            }
        }
        Ok(())
    }

    /// Why `pawn` cannot move by `die` now, or the move it would make.
    pub fn check(&mut self, pawn: Pawn, die: u8) -> Result<Move, BadMove> {
        self.tree.check(&self.state, pawn, die)?;
        Move::of(&self.state.board, pawn, die).ok_or(BadMove::NotThere(pawn))
    }

    /// The legal mini-moves now, with the board each gives.
    pub fn legal_moves(&mut self) -> Vec<(Move, Board)> {
        if self.winner.is_some() {
            return Vec::new();
        }
        self.tree
            .legal_moves(&self.state)
            .into_iter()
            .map(|(m, s)| (m, s.board))
            .collect()
    }

    /// The legal dice for `pawn` now, each with where it would land.
    pub fn targets(&mut self, pawn: Pawn) -> Vec<(u8, Loc)> {
        let mut out: Vec<(u8, Loc)> = Vec::new();
        for (mv, b) in self.legal_moves() {
            if mv.pawn() == pawn {
                let die = match mv {
                    Move::Enter(_) => rules::enter_die(&self.state.dice).unwrap_or(5),
                    _ => mv.distance(),
                };
                if !out.iter().any(|t| t.0 == die) {
                    out.push((die, b.loc(pawn)));
                }
            }
        }
        out
    }

    /// The seed the game was dealt from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Who plays each colour.
    pub fn seats(&self) -> [Seat; 4] {
        self.seats
    }

    /// Hands `color`'s seat to `seat`.
    pub fn set_seat(&mut self, color: Color, seat: Seat) {
        self.seats[color.index()] = seat;
    }

    /// The board now.
    pub fn board(&self) -> &Board {
        &self.state.board
    }

    /// Whose turn it is.
    pub fn current(&self) -> Color {
        self.current
    }

    /// Who plays the colour whose turn it is.
    pub fn current_seat(&self) -> Seat {
        self.seats[self.current.index()]
    }

    /// The two dice of the roll being played.
    pub fn roll(&self) -> (u8, u8) {
        self.roll
    }

    /// The dice and bonuses not used yet, smallest first.
    pub fn dice_left(&self) -> &[u8] {
        &self.state.dice
    }

    /// The board and dice as the current turn began.
    pub fn turn_start(&self) -> (Board, Vec<u8>) {
        let (d1, d2) = self.roll;
        (
            self.turn_board,
            rules::roll_dice(d1, d2, &self.turn_board, self.current),
        )
    }

    /// Which roll of this player's turn this is (1 to 3).
    pub fn roll_number(&self) -> u8 {
        self.roll_number
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// Every mini-move played so far.
    pub fn record(&self) -> &[Move] {
        &self.record
    }

    /// Rolls made so far (a number for the computers' choices).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// The last few things that happened, oldest first.
    pub fn log(&self) -> &[String] {
        &self.log
    }
}

/// A mini-move as a record writes it: `g1e`, `r2:20`.
pub fn move_text(mv: Move) -> String {
    let p = mv.pawn();
    match mv {
        Move::Enter(_) => format!("{}{}e", p.color().letter(), p.id() + 1),
        _ => format!("{}{}:{}", p.color().letter(), p.id() + 1, mv.distance()),
    }
}

/// Reads a record's mini-move (`g1e`, `r2:20`) with the board it is
/// played on (which says from where the pawn moves).
pub fn parse_move(text: &str, board: &Board) -> Option<Move> {
    let mut chars = text.chars();
    let color = Color::from_letter(chars.next()?)?;
    let id = chars.next()?.to_digit(10)?;
    if !(1..=4).contains(&id) {
        return None;
    }
    let pawn = Pawn::new(color, id as u8 - 1);
    let rest: String = chars.collect();
    if rest == "e" {
        return Some(Move::Enter(pawn));
    }
    let d: u8 = rest.strip_prefix(':')?.parse().ok()?;
    if d == 0 || d > 20 {
        return None;
    }
    match board.loc(pawn) {
        Loc::Main(i) => Some(Move::Main(pawn, i, d)),
        Loc::HomeRow(i) => Some(Move::Home(pawn, i, d)),
        _ => None,
    }
}

/// Replays a record written as words (`g1e g1:3 ...`).
pub fn replay_text(seed: u64, seats: [Seat; 4], moves: &str) -> Result<Match, String> {
    let mut m = Match::new(seed, seats);
    for (i, word) in moves.split_whitespace().enumerate() {
        let mv = parse_move(word, m.board())
            .ok_or_else(|| format!("move {} ({word:?}) is not a move", i + 1))?;
        m.play(mv)
            .map_err(|e| format!("move {} ({word}) is not legal: {e}", i + 1))?;
    }
    Ok(m)
}

/// Plays a whole game with computers in every seat that is not a person
/// (people's turns are played by Random Ron); gives the finished game.
/// `max_rolls` bounds the game.
pub fn play_out(seed: u64, seats: [Seat; 4], max_rolls: u32) -> Match {
    let mut m = Match::new(seed, seats);
    while m.winner().is_none() && m.turns() < max_rolls {
        let seat = match m.current_seat() {
            Seat::Person => Seat::Random,
            s => s,
        };
        let (board, dice) = (*m.board(), m.dice_left().to_vec());
        let mut rng = tie_break_rng(m.seed(), m.turns());
        let moves = crate::players::choose_turn(seat, m.current(), &board, &dice, &mut rng);
        assert!(!moves.is_empty(), "a turn at rest always has a move");
        for mv in moves {
            m.play(mv).expect("the computer's move is legal");
        }
    }
    m
}

/// The generator a computer breaks ties with on roll `turn` of the game
/// of `seed` (not the dice's: the record replays without it).
pub fn tie_break_rng(seed: u64, turn: u32) -> Rng {
    Rng::new(seed ^ (u64::from(turn).wrapping_mul(0x9E37_79B9_7F4A_7C15)) ^ 0x5EED)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first `n` rolls a seed gives, as the game draws them.
    fn rolls(seed: u64, n: usize) -> Vec<(u8, u8)> {
        let mut rng = Rng::new(seed);
        let mut die = || (rng.next_u64() % 6) as u8 + 1;
        (0..n).map(|_| (die(), die())).collect()
    }

    fn seed_where(f: impl Fn(&[(u8, u8)]) -> bool) -> u64 {
        (0..100_000u64).find(|&s| f(&rolls(s, 3))).expect("a seed")
    }

    /// Plays the current player's turn as Amazing Grace would.
    fn play_turn(m: &mut Match) {
        let (board, dice) = (*m.board(), m.dice_left().to_vec());
        let mut rng = tie_break_rng(m.seed(), m.turns());
        let turn = crate::players::choose_turn(Seat::Grace, m.current(), &board, &dice, &mut rng);
        for mv in turn {
            m.play(mv).unwrap();
        }
    }

    #[test]
    fn doubles_give_another_roll() {
        let seed =
            seed_where(|r| r[0] == (5, 5) && r[1].0 != r[1].1 && (r[1].0 == 5 || r[1].1 == 5));
        let mut m = Match::new(seed, [Seat::Person; 4]);
        assert_eq!((m.current(), m.roll_number()), (Color::Green, 1));
        assert_eq!(m.dice_left(), &[5, 5], "not all out: two dice only");
        play_turn(&mut m);
        assert_eq!(m.board().at_main(5).len(), 2, "two pawns entered");
        assert_eq!(m.current(), Color::Green, "green rolls again");
        assert_eq!(m.roll_number(), 2);
        assert_eq!(m.roll(), rolls(seed, 2)[1]);
        play_turn(&mut m);
        assert_ne!(m.current(), Color::Green, "no doubles: the turn passes");
    }

    #[test]
    fn a_third_doubles_costs_the_pawn_furthest_along_and_the_turn() {
        let seed = seed_where(|r| r[0] == (5, 5) && r.iter().all(|(a, b)| a == b));
        let mut m = Match::new(seed, [Seat::Person; 4]);
        while m.current() == Color::Green {
            play_turn(&mut m);
        }
        let penalty = "Green rolled doubles a third time: the pawn furthest along goes back";
        assert!(m.log().iter().any(|l| l == penalty), "{:?}", m.log());
        // Green entered pawns on its first two rolls; one of them is back.
        let out = Pawn::of(Color::Green)
            .iter()
            .filter(|&&p| m.board().loc(p) != Loc::Start)
            .count();
        let entered = m
            .record()
            .iter()
            .filter(|mv| matches!(mv, Move::Enter(p) if p.color() == Color::Green))
            .count();
        assert_eq!(out, entered - 1);
    }

    #[test]
    fn a_record_word_is_read_back() {
        let b = Board::with(&[(Pawn::new(Color::Red, 1), Loc::Main(30))]);
        for mv in [
            Move::Enter(Pawn::new(Color::Green, 3)),
            Move::Main(Pawn::new(Color::Red, 1), 30, 20),
        ] {
            assert_eq!(parse_move(&move_text(mv), &b), Some(mv));
        }
        assert_eq!(move_text(Move::Enter(Pawn::new(Color::Green, 3))), "g4e");
        for bad in ["", "g", "g5e", "q1e", "g1:0", "g1:21", "r2:x", "b1:3"] {
            assert_eq!(parse_move(bad, &b), None, "{bad}");
        }
    }
}
