//! The rules of Pousse, free of any user interface: the board, the moves
//! (`L1`, `T3`, …), the push of a marker into a row or a column, the
//! straights, and a game played move by move with the two ways it ends
//! (the manual of the original, §1.13):
//!
//! * a move that **repeats a previous configuration** of the board loses
//!   for the player who made it;
//! * a move that leaves **more straights of one colour** than of the other
//!   wins for the colour with more, whoever made the move.
//!
//! As in the original program, a configuration is the markers on the board
//! together with the player who has just moved (its board string ends in
//! the last mover's mark), so the same markers with the other player to
//! move are another configuration.
//!
//! ```
//! use pousse::rules::{Match, Player};
//! let mut game = Match::new(4).unwrap();
//! for mv in ["L1", "L1", "L1"] {
//!     game.play(mv.parse().unwrap()).unwrap();
//! }
//! // X, O and X pushed into row 1 from the left: the last one is at the edge.
//! assert_eq!(game.board().to_string(), "X O X .\n. . . .\n. . . .\n. . . .\n");
//! assert_eq!(game.to_move(), Player::O);
//! ```

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

/// The smallest board the game offers.
pub const MIN_SIZE: usize = 3;
/// The largest board the game offers: 20 by 20, as the original's.
pub const MAX_SIZE: usize = 20;

/// The 64-bit words of a [`Bits`]: enough for 20 by 20 cells.
const WORDS: usize = (MAX_SIZE * MAX_SIZE).div_ceil(64);

/// A set of the cells of a board, one bit a cell (`row * n + col`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits([u64; WORDS]);

impl Bits {
    /// Whether cell `i` is in the set.
    pub fn has(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// How many cells are in the set.
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
}
/// The size of a new game unless the player chose another: 4 by 4, as the
/// original.
pub const DEFAULT_SIZE: usize = 4;

/// One of the two players: X moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who moves first.
    X,
    /// The player who moves second.
    O,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// `'X'` or `'O'`.
    pub fn letter(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }

    /// Both players, X first.
    pub const BOTH: [Player; 2] = [Player::X, Player::O];
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The side of the board a marker is pushed in from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// From the top, into a column (`T`).
    Top,
    /// From the bottom, into a column (`B`).
    Bottom,
    /// From the left, into a row (`L`).
    Left,
    /// From the right, into a row (`R`).
    Right,
}

impl Side {
    /// The four sides, in the order the record's letters are listed: T, B,
    /// L, R.
    pub const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

    /// The move's letter: `T`, `B`, `L` or `R`.
    pub fn letter(self) -> char {
        match self {
            Side::Top => 'T',
            Side::Bottom => 'B',
            Side::Left => 'L',
            Side::Right => 'R',
        }
    }

    /// The side a letter names (either case).
    pub fn from_letter(c: char) -> Option<Side> {
        match c.to_ascii_uppercase() {
            'T' => Some(Side::Top),
            'B' => Some(Side::Bottom),
            'L' => Some(Side::Left),
            'R' => Some(Side::Right),
            _ => None,
        }
    }

    /// Whether a push from this side moves along a column (top or bottom).
    pub fn is_column(self) -> bool {
        matches!(self, Side::Top | Side::Bottom)
    }

    /// "top", "bottom", "left" or "right".
    pub fn name(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

/// A move: the side a marker is pushed in from and the row or column it
/// goes into, counted from 0 here and from 1 in its name (`L1` is row 1
/// from the left, `B4` column 4 from the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The side it comes in from.
    pub side: Side,
    /// The row (for L and R) or column (for T and B), from 0.
    pub index: usize,
}

impl Move {
    /// The move from `side` into row or column `index` (from 0).
    pub const fn new(side: Side, index: usize) -> Move {
        Move { side, index }
    }

    /// The 4·n moves of a board of side `n`: T1..Tn, B1..Bn, L1..Ln,
    /// R1..Rn.
    pub fn all(n: usize) -> impl Iterator<Item = Move> {
        Side::ALL
            .into_iter()
            .flat_map(move |side| (0..n).map(move |index| Move { side, index }))
    }

    /// The cells the marker passes, from the edge it enters at to the far
    /// edge, as (row, column).
    pub fn line(self, n: usize) -> impl Iterator<Item = (usize, usize)> {
        let i = self.index;
        (0..n).map(move |k| match self.side {
            Side::Left => (i, k),
            Side::Right => (i, n - 1 - k),
            Side::Top => (k, i),
            Side::Bottom => (n - 1 - k, i),
        })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side.letter(), self.index + 1)
    }
}

/// Why a text is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMove(pub String);

impl fmt::Display for BadMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for Move {
    type Err = BadMove;

    /// Reads `L1`, `t3`, `B12`…: a side letter and a number from 1. Whether
    /// the number fits the board is [`Match::play`]'s business.
    fn from_str(text: &str) -> Result<Move, BadMove> {
        let mut chars = text.chars();
        let side = chars.next().and_then(Side::from_letter).ok_or_else(|| {
            BadMove(format!(
                "{text:?} is not a move: a move is T, B, L or R and a number, such as L1"
            ))
        })?;
        let number: usize = chars.as_str().parse().map_err(|_| {
            BadMove(format!(
                "{text:?} is not a move: after its side letter comes the row or column number, such as L1"
            ))
        })?;
        if number == 0 {
            return Err(BadMove(format!(
                "{text:?} is not a move: rows and columns are numbered from 1"
            )));
        }
        Ok(Move {
            side,
            index: number - 1,
        })
    }
}

/// A board of side `n` (3 to 20): each cell empty, X or O. Cells are
/// numbered row by row from the top left, bit `row * n + col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    n: u8,
    x: Bits,
    o: Bits,
}

impl Board {
    /// The empty board of side `n` (not checked: see [`Match::new`]).
    pub fn empty(n: usize) -> Board {
        debug_assert!((1..=MAX_SIZE).contains(&n));
        Board {
            n: n as u8,
            x: Bits::default(),
            o: Bits::default(),
        }
    }

    /// The board's side.
    pub fn size(&self) -> usize {
        self.n as usize
    }

    /// The marker at (`row`, `col`), if any.
    pub fn get(&self, row: usize, col: usize) -> Option<Player> {
        let bit = row * self.size() + col;
        if self.x.has(bit) {
            Some(Player::X)
        } else if self.o.has(bit) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// Puts `cell` at (`row`, `col`).
    pub fn set(&mut self, row: usize, col: usize, cell: Option<Player>) {
        let bit = row * self.size() + col;
        self.x.remove(bit);
        self.o.remove(bit);
        match cell {
            Some(Player::X) => self.x.insert(bit),
            Some(Player::O) => self.o.insert(bit),
            None => {}
        }
    }

    /// The cells holding X's markers and O's, as bit sets.
    pub fn bits(&self) -> (Bits, Bits) {
        (self.x, self.o)
    }

    /// How many markers `player` has on the board.
    pub fn count(&self, player: Player) -> u32 {
        match player {
            Player::X => self.x.count(),
            Player::O => self.o.count(),
        }
    }

    /// Pushes a marker of `player` in by `mv`: the markers from the entry
    /// cell up to the first empty cell of its line move one cell on, and
    /// when the line is full the marker at the far end falls off. Returns
    /// the board after and the marker that fell off, if one did.
    pub fn push(&self, mv: Move, player: Player) -> (Board, Option<Player>) {
        let mut board = *self;
        let mut carry = Some(player);
        for (row, col) in mv.line(self.size()) {
            let old = board.get(row, col);
            board.set(row, col, carry);
            carry = old;
            if carry.is_none() {
                break;
            }
        }
        (board, carry)
    }

    /// The number of straights of each colour, `(X's, O's)`: rows and
    /// columns whose `n` cells all hold that colour's markers.
    pub fn straights(&self) -> (u32, u32) {
        let n = self.size();
        let (mut x, mut o) = (0, 0);
        for i in 0..n {
            // Row i, then column i.
            for (start, step) in [(i * n, 1), (i, n)] {
                let full = |set: &Bits| (0..n).all(|k| set.has(start + k * step));
                x += u32::from(full(&self.x));
                o += u32::from(full(&self.o));
            }
        }
        (x, o)
    }

    /// The player with more straights, if one has more (§1.13: that player
    /// wins, whoever made the move).
    pub fn dominant(&self) -> Option<Player> {
        let (x, o) = self.straights();
        match x.cmp(&o) {
            std::cmp::Ordering::Greater => Some(Player::X),
            std::cmp::Ordering::Less => Some(Player::O),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Whether (`row`, `col`) is in a straight of the colour it holds.
    pub fn in_straight(&self, row: usize, col: usize) -> bool {
        let n = self.size();
        let Some(p) = self.get(row, col) else {
            return false;
        };
        (0..n).all(|c| self.get(row, c) == Some(p)) || (0..n).all(|r| self.get(r, col) == Some(p))
    }
}

impl fmt::Display for Board {
    /// Rows from the top, `X`, `O` or `.` a cell, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        for row in 0..n {
            for col in 0..n {
                let c = self.get(row, col).map_or('.', Player::letter);
                if col + 1 < n {
                    write!(f, "{c} ")?;
                } else {
                    writeln!(f, "{c}")?;
                }
            }
        }
        Ok(())
    }
}

/// A configuration as the repetition rule compares them: the markers and
/// the player who has just moved (`None` for the empty start).
pub type Configuration = (Bits, Bits, Option<Player>);

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The move left more straights of `winner`'s colour: `x` and `o`
    /// straights on the board.
    Straights {
        /// The colour with more straights.
        winner: Player,
        /// X's straights.
        x: u32,
        /// O's straights.
        o: u32,
    },
    /// `loser`'s move repeated a configuration seen before.
    Repetition {
        /// Who made the repeating move.
        loser: Player,
    },
}

impl Ending {
    /// The player who won.
    pub fn winner(self) -> Player {
        match self {
            Ending::Straights { winner, .. } => winner,
            Ending::Repetition { loser } => loser.other(),
        }
    }
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    Over,
    /// The row or column is not on the board.
    OffBoard {
        /// The move.
        mv: Move,
        /// The board's side.
        n: usize,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Over => f.write_str("the game is over"),
            Refusal::OffBoard { mv, n } => write!(
                f,
                "{mv} is not a move on a {n} by {n} board: rows and columns go from 1 to {n}"
            ),
        }
    }
}

/// A game of Pousse: its size, the moves played, the board after each, the
/// configurations seen, and how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    n: usize,
    moves: Vec<Move>,
    /// `boards[k]` is the board after `k` moves.
    boards: Vec<Board>,
    seen: HashSet<Configuration>,
    ending: Option<Ending>,
}

impl Match {
    /// A game on an empty board of side `n` (3 to 20).
    ///
    /// # Errors
    ///
    /// A size the game does not offer, in a player's words.
    pub fn new(n: usize) -> Result<Match, String> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(format!(
                "Pousse is played on boards of {MIN_SIZE} by {MIN_SIZE} to {MAX_SIZE} by {MAX_SIZE}, not {n} by {n}."
            ));
        }
        let empty = Board::empty(n);
        Ok(Match {
            n,
            moves: Vec::new(),
            boards: vec![empty],
            seen: HashSet::from([configuration(&empty, None)]),
            ending: None,
        })
    }

    /// The game of side `n` after `moves`, played in turn.
    ///
    /// # Errors
    ///
    /// The first move that cannot be played, and why.
    pub fn replay(n: usize, moves: &[Move]) -> Result<Match, String> {
        let mut game = Match::new(n)?;
        for (k, &mv) in moves.iter().enumerate() {
            game.play(mv).map_err(|e| match e {
                Refusal::Over => format!(
                    "the game is over after move {k} ({}), so move {} ({mv}) cannot be played",
                    moves[k - 1],
                    k + 1
                ),
                other => format!("move {} is wrong: {other}", k + 1),
            })?;
        }
        Ok(game)
    }

    /// The board's side.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The moves played, first first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The board now.
    pub fn board(&self) -> Board {
        *self.boards.last().expect("there is always the start")
    }

    /// The board after `k` moves (0: the empty board).
    pub fn board_after(&self, k: usize) -> Option<Board> {
        self.boards.get(k).copied()
    }

    /// The player whose turn it is (X after an even number of moves).
    pub fn to_move(&self) -> Player {
        if self.moves.len().is_multiple_of(2) {
            Player::X
        } else {
            Player::O
        }
    }

    /// How the game ended, or `None` while it goes on.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// Whether the configuration `board` with `mover` just moved was seen
    /// in this game.
    pub fn has_seen(&self, board: &Board, mover: Player) -> bool {
        self.seen.contains(&configuration(board, Some(mover)))
    }

    /// What `mv` would do for the player to move: the board after it, and
    /// how the game would end, if it would.
    pub fn consequence(&self, mv: Move) -> (Board, Option<Ending>) {
        let mover = self.to_move();
        let (board, _) = self.board().push(mv, mover);
        (board, self.judge(&board, mover))
    }

    /// How the game ends if `mover` leaves `board` (§1.13): a repeated
    /// configuration loses for `mover`; otherwise more straights of one
    /// colour win for that colour.
    pub fn judge(&self, board: &Board, mover: Player) -> Option<Ending> {
        if self.has_seen(board, mover) {
            return Some(Ending::Repetition { loser: mover });
        }
        let (x, o) = board.straights();
        board
            .dominant()
            .map(|winner| Ending::Straights { winner, x, o })
    }

    /// Plays `mv` for the player to move; returns how the game ended if it
    /// did.
    ///
    /// # Errors
    ///
    /// The game is over, or the row or column is not on the board.
    pub fn play(&mut self, mv: Move) -> Result<Option<Ending>, Refusal> {
        if self.is_over() {
            return Err(Refusal::Over);
        }
        if mv.index >= self.n {
            return Err(Refusal::OffBoard { mv, n: self.n });
        }
        let mover = self.to_move();
        let (board, ending) = self.consequence(mv);
        self.moves.push(mv);
        self.boards.push(board);
        self.seen.insert(configuration(&board, Some(mover)));
        self.ending = ending;
        Ok(ending)
    }

    /// The configurations seen, for the computer player's repetition
    /// checks.
    pub fn seen(&self) -> &HashSet<Configuration> {
        &self.seen
    }

    /// The game's record: [`record_text`] of its size and moves.
    pub fn record(&self) -> String {
        record_text(self.n, &self.moves)
    }
}

/// The configuration of `board` after `mover` moved.
pub fn configuration(board: &Board, mover: Option<Player>) -> Configuration {
    let (x, o) = board.bits();
    (x, o, mover)
}

/// A game's record: its moves separated by spaces (`L1 T2 R4`), after the
/// size and a colon when the board is not 4 by 4 (`5:L1 T2`).
pub fn record_text(n: usize, moves: &[Move]) -> String {
    let moves: Vec<String> = moves.iter().map(Move::to_string).collect();
    let moves = moves.join(" ");
    if n == DEFAULT_SIZE {
        moves
    } else {
        format!("{n}:{moves}")
    }
}

/// Reads a record: an optional size and colon (4 when there is none), then
/// moves separated by spaces or commas. The moves are not played; see
/// [`Match::replay`].
///
/// # Errors
///
/// What is wrong, in a player's words.
pub fn parse_record(text: &str) -> Result<(usize, Vec<Move>), String> {
    let text = text.trim();
    let (n, moves) = match text.split_once(':') {
        Some((size, moves)) => {
            let n: usize = size.trim().parse().map_err(|_| {
                format!(
                    "{size:?} is not a board size: a record starts with the size and a colon when the board is not 4 by 4, such as 5:L1 T2"
                )
            })?;
            if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
                return Err(format!(
                    "Pousse is played on boards of {MIN_SIZE} by {MIN_SIZE} to {MAX_SIZE} by {MAX_SIZE}, not {n} by {n}."
                ));
            }
            (n, moves)
        }
        None => (DEFAULT_SIZE, text),
    };
    let moves = moves
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| w.parse::<Move>().map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(mv) = moves.iter().find(|m| m.index >= n) {
        return Err(Refusal::OffBoard { mv: *mv, n }.to_string());
    }
    Ok((n, moves))
}

/// Reads a record a player typed or pasted and plays it.
///
/// # Errors
///
/// What is wrong, in a player's words.
pub fn parse_game(text: &str) -> Result<Match, String> {
    let (n, moves) = parse_record(text)?;
    Match::replay(n, &moves).map_err(|e| format!("That record cannot be played: {e}."))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    fn board(rows: &[&str]) -> Board {
        let mut b = Board::empty(rows.len());
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                b.set(
                    r,
                    c,
                    match ch {
                        'X' => Some(Player::X),
                        'O' => Some(Player::O),
                        _ => None,
                    },
                );
            }
        }
        b
    }

    fn rows(b: &Board) -> Vec<String> {
        b.to_string().lines().map(|l| l.replace(' ', "")).collect()
    }

    #[test]
    fn a_push_into_an_empty_line_lands_at_its_edge_from_every_side() {
        let empty = Board::empty(4);
        let cases = [
            ("L2", ["....", "X...", "....", "...."]),
            ("R2", ["....", "...X", "....", "...."]),
            ("T3", ["..X.", "....", "....", "...."]),
            ("B3", ["....", "....", "....", "..X."]),
        ];
        for (m, expected) in cases {
            let (after, off) = empty.push(mv(m), Player::X);
            assert_eq!(rows(&after), expected, "{m}");
            assert_eq!(off, None);
        }
    }

    #[test]
    fn a_push_moves_markers_up_to_the_first_gap_only() {
        let b = board(&["XO.O", "....", "....", "...."]);
        let (after, off) = b.push(mv("L1"), Player::O);
        assert_eq!(rows(&after)[0], "OXOO");
        assert_eq!(off, None);
        // From the right, the gap is next to the edge marker.
        let (after, _) = b.push(mv("R1"), Player::X);
        assert_eq!(rows(&after)[0], "XOOX");
        // Columns, from the top and from the bottom.
        let b = board(&["X...", "O...", "....", "X..."]);
        let (after, _) = b.push(mv("T1"), Player::O);
        assert_eq!(
            rows(&after).iter().map(|r| &r[..1]).collect::<String>(),
            "OXOX"
        );
        let (after, _) = b.push(mv("B1"), Player::O);
        assert_eq!(
            rows(&after).iter().map(|r| &r[..1]).collect::<String>(),
            "XOXO"
        );
    }

    #[test]
    fn a_full_line_pushes_its_far_marker_off() {
        let b = board(&["XOOX", "...O", "...O", "...X"]);
        let (after, off) = b.push(mv("L1"), Player::O);
        assert_eq!(rows(&after)[0], "OXOO");
        assert_eq!(off, Some(Player::X));
        let (after, off) = b.push(mv("R1"), Player::O);
        assert_eq!(rows(&after)[0], "OOXO");
        assert_eq!(off, Some(Player::X));
        let (after, off) = b.push(mv("T4"), Player::X);
        assert_eq!(
            rows(&after).iter().map(|r| &r[3..]).collect::<String>(),
            "XXOO"
        );
        assert_eq!(off, Some(Player::X));
        let (after, off) = b.push(mv("B4"), Player::O);
        assert_eq!(
            rows(&after).iter().map(|r| &r[3..]).collect::<String>(),
            "OOXO"
        );
        assert_eq!(off, Some(Player::X));
    }

    #[test]
    fn straights_are_counted_in_rows_and_columns() {
        let b = board(&["XXXX", "X.O.", "X.O.", "XOOO"]);
        assert_eq!(b.straights(), (2, 0));
        assert_eq!(b.dominant(), Some(Player::X));
        assert!(b.in_straight(0, 3) && b.in_straight(3, 0) && !b.in_straight(1, 2));
        let b = board(&["XXXO", "...O", "...O", "OOOO"]);
        assert_eq!(b.straights(), (0, 2));
        // One each: nobody dominates, the game goes on.
        let b = board(&["XXXX", "...O", "...O", "OOOO"]);
        assert_eq!(b.straights(), (1, 1));
        assert_eq!(b.dominant(), None);
    }

    #[test]
    fn moves_print_and_parse() {
        for (text, side, index) in [
            ("L1", Side::Left, 0),
            ("R4", Side::Right, 3),
            ("T2", Side::Top, 1),
            ("B8", Side::Bottom, 7),
        ] {
            let m = mv(text);
            assert_eq!(m, Move::new(side, index));
            assert_eq!(m.to_string(), text);
        }
        assert_eq!(mv("t3"), Move::new(Side::Top, 2));
        for bad in ["", "X1", "L", "L0", "Lx", "1L", "L-1"] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
        assert_eq!(Move::all(4).count(), 16);
        assert_eq!(Move::all(4).next(), Some(mv("T1")));
    }

    #[test]
    fn records_print_with_a_size_prefix_only_off_4() {
        let moves = vec![mv("L1"), mv("T2"), mv("R4")];
        assert_eq!(record_text(4, &moves), "L1 T2 R4");
        assert_eq!(record_text(5, &moves[..2]), "5:L1 T2");
        assert_eq!(parse_record("L1 T2 R4"), Ok((4, moves.clone())));
        assert_eq!(parse_record(" 4: l1, t2  r4 "), Ok((4, moves.clone())));
        assert_eq!(parse_record("5:L1 T2"), Ok((5, moves[..2].to_vec())));
        assert_eq!(parse_record(""), Ok((4, vec![])));
        assert_eq!(parse_record("6:"), Ok((6, vec![])));
        assert!(
            parse_record("21:L1")
                .unwrap_err()
                .contains("3 by 3 to 20 by 20")
        );
        assert!(
            parse_record("L5")
                .unwrap_err()
                .contains("L5 is not a move on a 4 by 4")
        );
        assert!(parse_record("L1 Q2").unwrap_err().contains("\"Q2\""));
        assert!(parse_record("x:L1").is_err());
    }

    #[test]
    fn x_moves_first_and_turns_alternate() {
        let mut g = Match::new(4).unwrap();
        assert_eq!(g.to_move(), Player::X);
        g.play(mv("L1")).unwrap();
        assert_eq!(g.to_move(), Player::O);
        g.play(mv("R1")).unwrap();
        assert_eq!(g.to_move(), Player::X);
        assert_eq!(rows(&g.board())[0], "X..O");
    }

    #[test]
    fn repeating_a_configuration_loses_for_the_mover() {
        // X and O push each other's markers around row 1 until X's push
        // brings back a board seen after X's earlier move.
        let n = 3;
        let mut g = Match::new(n).unwrap();
        // X L1: X . .   O L1: O X .   X L1: X O X   O L1: O X O (X falls off)
        // X L1: X O X (O falls off): the board after X's second move.
        for m in ["L1", "L1", "L1", "L1"] {
            assert_eq!(g.play(mv(m)), Ok(None), "{m}");
        }
        assert_eq!(
            g.play(mv("L1")),
            Ok(Some(Ending::Repetition { loser: Player::X }))
        );
        assert_eq!(g.ending().unwrap().winner(), Player::O);
        assert_eq!(g.play(mv("T1")), Err(Refusal::Over));
    }

    #[test]
    fn the_same_markers_with_the_other_player_just_moved_are_no_repetition() {
        // The original's configurations include the last mover: find, in
        // seeded random games on 3 by 3, a board that comes back after the
        // other player's move, and check that the game went on.
        let mut found = 0;
        for seed in 0..2000u64 {
            let mut rng = game_api::Rng::new(seed);
            let mut g = Match::new(3).unwrap();
            while !g.is_over() && g.moves().len() < 40 {
                let all: Vec<Move> = Move::all(3).collect();
                let m = all[rng.below(all.len() as u64) as usize];
                let mover = g.to_move();
                let (after, _) = g.board().push(m, mover);
                let earlier_other = g.has_seen(&after, mover.other());
                let earlier_same = g.has_seen(&after, mover);
                let ending = g.play(m).unwrap();
                if earlier_other && !earlier_same {
                    assert!(
                        !matches!(ending, Some(Ending::Repetition { .. })),
                        "{}",
                        g.record()
                    );
                    found += 1;
                }
            }
        }
        assert!(found > 0, "no such game in 2000 seeds");
    }

    #[test]
    fn more_straights_wins_whoever_moved() {
        // O's push from the bottom moves an X up into row 2 and completes
        // it: X wins on O's move.
        let g = Match::new(3).unwrap();
        let b = board(&["...", ".XX", "X.."]);
        let (after, _) = b.push(mv("B1"), Player::O);
        assert_eq!(rows(&after), ["...", "XXX", "O.."]);
        assert_eq!(
            g.judge(&after, Player::O),
            Some(Ending::Straights {
                winner: Player::X,
                x: 1,
                o: 0
            })
        );
        // And through whole moves: X completes column 1.
        let mut g = Match::new(3).unwrap();
        for m in ["T1", "R2", "T1", "R3"] {
            assert_eq!(g.play(mv(m)), Ok(None), "{m}");
        }
        assert_eq!(
            g.play(mv("T1")),
            Ok(Some(Ending::Straights {
                winner: Player::X,
                x: 1,
                o: 0
            }))
        );
    }

    #[test]
    fn a_move_making_straights_for_both_is_won_by_the_one_with_more() {
        let g = Match::new(3).unwrap();
        // X's push into column 1 shifts it down and completes rows 1 and 3
        // for X and row 2 for O: two against one, X wins.
        let b = board(&["OXX", "XOO", ".XX"]);
        assert_eq!(b.straights(), (0, 0));
        let (after, off) = b.push(mv("T1"), Player::X);
        assert_eq!(off, None);
        assert_eq!(rows(&after), ["XXX", "OOO", "XXX"]);
        assert_eq!(
            g.judge(&after, Player::X),
            Some(Ending::Straights {
                winner: Player::X,
                x: 2,
                o: 1
            })
        );
        // The same push with O's markers completing one row each: one
        // against one, nobody wins and the game goes on.
        let b = board(&["OXX", "XOO", "..."]);
        let (after, _) = b.push(mv("T1"), Player::X);
        assert_eq!(rows(&after), ["XXX", "OOO", "X.."]);
        assert_eq!(after.straights(), (1, 1));
        assert_eq!(g.judge(&after, Player::X), None);
        // A push that takes away the opponent's straight: O's column 3
        // loses its top marker to X's row.
        let b = board(&["XXO", "X.O", "O.O"]);
        assert_eq!(b.straights(), (0, 1));
        let (after, off) = b.push(mv("L1"), Player::X);
        assert_eq!(off, Some(Player::O));
        assert_eq!(rows(&after), ["XXX", "X.O", "O.O"]);
        assert_eq!(
            g.judge(&after, Player::X),
            Some(Ending::Straights {
                winner: Player::X,
                x: 1,
                o: 0
            })
        );
        // Two rows against one on 4 by 4, made by a move from 1 to 1.
        let b = board(&["XXXX", ".XXX", "OOOO", "...."]);
        assert_eq!(b.straights(), (1, 1));
        let (after, _) = b.push(mv("L2"), Player::X);
        assert_eq!(
            g.judge(&after, Player::X),
            Some(Ending::Straights {
                winner: Player::X,
                x: 2,
                o: 1
            })
        );
    }

    #[test]
    fn replay_refuses_moves_after_the_end_and_off_the_board() {
        let err = Match::replay(
            3,
            &[mv("L1"), mv("L1"), mv("L1"), mv("L1"), mv("L1"), mv("T1")],
        )
        .unwrap_err();
        assert!(err.contains("the game is over after move 5 (L1)"), "{err}");
        let err = Match::replay(3, &[mv("L4")]).unwrap_err();
        assert!(err.contains("move 1 is wrong"), "{err}");
        assert!(Match::new(2).is_err() && Match::new(21).is_err());
    }
}
