//! The rules of American checkers (English draughts), with no launcher
//! types: the board, legal moves, playing them, the end of the game, and
//! the standard notation.
//!
//! **The board.** The 32 dark squares are numbered 1 to 32 as in every
//! checkers book: with White at the bottom, square 1 is the second square
//! of the top row and 32 the seventh of the bottom row; each row holds
//! four. In code a square is its index `0..32` (its number minus one).
//! Black starts on 1 to 12 and moves down (towards 32); White starts on 21
//! to 32 and moves up. Black moves first.
//!
//! **The rules.** A man moves one square diagonally forward; a king one
//! square diagonally in any direction. A piece captures by jumping over an
//! enemy piece on a neighbouring diagonal square to the empty square just
//! beyond; men capture forward only, kings both ways. **A capture is
//! forced**: when a side can capture, it must (but may choose which
//! capture). A capturing piece keeps jumping while it can (a multi-jump);
//! no piece is jumped twice. A man that reaches the far row is crowned
//! king, and that ends its move even if it could jump on as a king. A side
//! with no legal move (no pieces, or all blocked) loses. **Draw**: after
//! 40 moves by each side (80 in all) with no capture and no man moved
//! ([`DRAW_PLIES`]).
//!
//! ```
//! use checkers::board::Position;
//! let start = Position::START;
//! let moves: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]);
//! ```

use std::fmt;

/// The number of playable (dark) squares.
pub const SQUARES: usize = 32;

/// Moves in a row (both sides counted) with no capture and no man moved
/// after which the game is drawn: 40 by each side.
pub const DRAW_PLIES: u16 = 80;

/// The most squares a move's path can hold: its start and one landing per
/// jump (no side has more than 12 pieces to jump).
pub const MAX_PATH: usize = 13;

/// No square, in the neighbour tables.
const NONE: u8 = u8::MAX;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Starts on squares 1 to 12 and moves first.
    Black,
    /// Starts on squares 21 to 32.
    White,
}

impl Color {
    /// The other side.
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// "Black" or "White".
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    /// The row (0 at the top) where this side's men are crowned.
    pub const fn crown_row(self) -> usize {
        match self {
            Color::Black => 7,
            Color::White => 0,
        }
    }

    /// The row this side starts on nearest its own edge (its back row).
    pub const fn back_row(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 7,
        }
    }

    /// The directions (see [`neighbor`]) this side's men move in.
    const fn forward(self) -> [usize; 2] {
        match self {
            Color::Black => [2, 3],
            Color::White => [0, 1],
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose it is.
    pub color: Color,
    /// Whether it was crowned.
    pub king: bool,
}

impl Piece {
    /// "black man", "white king".
    pub fn describe(self) -> String {
        format!(
            "{} {}",
            self.color.name().to_ascii_lowercase(),
            if self.king { "king" } else { "man" }
        )
    }
}

/// The row (0 at the top, White's side at the bottom) of square `sq`
/// (`0..32`).
pub const fn row_of(sq: usize) -> usize {
    sq / 4
}

/// The column (0 at the left) of square `sq`.
pub const fn col_of(sq: usize) -> usize {
    let row = sq / 4;
    if row.is_multiple_of(2) {
        2 * (sq % 4) + 1
    } else {
        2 * (sq % 4)
    }
}

/// The square at `row`, `col` (each 0 to 7), if it is a dark one.
pub const fn square_at(row: usize, col: usize) -> Option<usize> {
    if row >= 8 || col >= 8 || (row + col).is_multiple_of(2) {
        None
    } else {
        Some(row * 4 + col / 2)
    }
}

/// The bit of square `sq` in a set of squares.
const fn bit(sq: usize) -> u32 {
    1 << sq
}

/// Direction `d`: 0 up-left, 1 up-right, 2 down-left, 3 down-right.
const DELTAS: [(isize, isize); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

const fn step_table(distance: isize) -> [[u8; 4]; SQUARES] {
    let mut table = [[NONE; 4]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            let r = row_of(sq) as isize + DELTAS[d].0 * distance;
            let c = col_of(sq) as isize + DELTAS[d].1 * distance;
            if r >= 0
                && r < 8
                && c >= 0
                && c < 8
                && let Some(to) = square_at(r as usize, c as usize)
            {
                table[sq][d] = to as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// The neighbouring square of each square in each direction.
static NEIGHBOR: [[u8; 4]; SQUARES] = step_table(1);
/// The square two steps away in each direction: where a jump lands.
static JUMP: [[u8; 4]; SQUARES] = step_table(2);

/// The square next to `sq` in direction `d` (0 up-left, 1 up-right, 2
/// down-left, 3 down-right), if any.
pub fn neighbor(sq: usize, d: usize) -> Option<usize> {
    let n = NEIGHBOR[sq][d];
    (n != NONE).then_some(n as usize)
}

/// A move: the squares its piece passes through (its start, then each
/// square it lands on), and the pieces it captures.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    path: [u8; MAX_PATH],
    len: u8,
    captured: u32,
}

impl Move {
    fn start(from: usize) -> Move {
        let mut path = [0; MAX_PATH];
        path[0] = from as u8;
        Move {
            path,
            len: 1,
            captured: 0,
        }
    }

    fn then(mut self, to: usize) -> Move {
        self.path[self.len as usize] = to as u8;
        self.len += 1;
        self
    }

    /// The square the piece starts on.
    pub fn from(&self) -> usize {
        self.path[0] as usize
    }

    /// The square the piece ends on.
    pub fn to(&self) -> usize {
        self.path[self.len as usize - 1] as usize
    }

    /// The squares the piece passes through, its start first.
    pub fn path(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.path[..self.len as usize].iter().map(|&s| s as usize)
    }

    /// Whether the move is a capture.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The squares of the pieces it captures, as a set of bits.
    pub fn captured_bits(&self) -> u32 {
        self.captured
    }

    /// The squares of the pieces it captures.
    pub fn captured(&self) -> impl Iterator<Item = usize> {
        squares(self.captured)
    }
}

/// `11-15` for a move, `15x24` for a capture, `15x24x31` for a
/// multi-jump: squares numbered 1 to 32.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { "x" } else { "-" };
        for (i, sq) in self.path().enumerate() {
            if i > 0 {
                f.write_str(sep)?;
            }
            write!(f, "{}", sq + 1)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The squares of a set of bits, lowest first.
pub fn squares(mut bits: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(sq)
        }
    })
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// This side won: the other has no legal move.
    Win(Color),
    /// Drawn by the rule of [`DRAW_PLIES`].
    Draw,
}

/// A position: the pieces, whose turn it is, and the moves since the last
/// capture or man's move (for the draw rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    black: u32,
    white: u32,
    kings: u32,
    turn: Color,
    quiet: u16,
}

impl Position {
    /// The start: Black men on 1 to 12, White men on 21 to 32, Black to
    /// move.
    pub const START: Position = Position {
        black: 0x0000_0FFF,
        white: 0xFFF0_0000,
        kings: 0,
        turn: Color::Black,
        quiet: 0,
    };

    /// A position with `black` and `white` pieces (sets of bits of squares,
    /// `kings` marking the crowned ones) and `turn` to move. Squares held
    /// by both sides go to Black; kings on empty squares are ignored.
    pub fn from_bits(black: u32, white: u32, kings: u32, turn: Color) -> Position {
        let white = white & !black;
        Position {
            black,
            white,
            kings: kings & (black | white),
            turn,
            quiet: 0,
        }
    }

    /// A position from the square numbers (1 to 32) of each side's men
    /// and kings, with `turn` to move. For tests and tools.
    ///
    /// ```
    /// use checkers::board::{Color, Position};
    /// let p = Position::setup(&[15], &[], &[19, 26], &[], Color::Black);
    /// let moves: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(moves, ["15x24"]);
    /// ```
    pub fn setup(
        black_men: &[usize],
        black_kings: &[usize],
        white_men: &[usize],
        white_kings: &[usize],
        turn: Color,
    ) -> Position {
        let bits = |list: &[usize]| list.iter().fold(0u32, |b, &n| b | bit(n - 1));
        let (bk, wk) = (bits(black_kings), bits(white_kings));
        Position::from_bits(bits(black_men) | bk, bits(white_men) | wk, bk | wk, turn)
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Moves in a row with no capture and no man moved.
    pub fn quiet_plies(&self) -> u16 {
        self.quiet
    }

    /// The squares of `color`'s pieces, as bits.
    pub fn pieces_bits(&self, color: Color) -> u32 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The squares of kings of either side, as bits.
    pub fn kings_bits(&self) -> u32 {
        self.kings
    }

    /// The occupied squares, as bits.
    pub fn occupied(&self) -> u32 {
        self.black | self.white
    }

    /// How many pieces `color` has.
    pub fn count(&self, color: Color) -> u32 {
        self.pieces_bits(color).count_ones()
    }

    /// The piece on square `sq`, if any.
    pub fn piece(&self, sq: usize) -> Option<Piece> {
        let b = bit(sq);
        let color = if self.black & b != 0 {
            Color::Black
        } else if self.white & b != 0 {
            Color::White
        } else {
            return None;
        };
        Some(Piece {
            color,
            king: self.kings & b != 0,
        })
    }

    /// Every legal move, captures only when there is one, in a fixed
    /// order (by starting square, then direction).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(16);
        self.legal_moves_into(&mut out);
        out
    }

    /// [`Position::legal_moves`] into `out` (cleared first).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        self.captures_into(out);
        if out.is_empty() {
            self.simple_moves_into(out);
        }
    }

    /// Whether the side to move has a capture.
    pub fn has_capture(&self) -> bool {
        let mine = self.pieces_bits(self.turn);
        let theirs = self.pieces_bits(self.turn.other());
        let empty = !(self.black | self.white);
        squares(mine).any(|sq| {
            self.dirs(sq).iter().any(|&d| {
                let (mid, land) = (NEIGHBOR[sq][d], JUMP[sq][d]);
                land != NONE && theirs & bit(mid as usize) != 0 && empty & bit(land as usize) != 0
            })
        })
    }

    /// The directions the piece on `sq` (of the side to move) may go.
    fn dirs(&self, sq: usize) -> &'static [usize] {
        if self.kings & bit(sq) != 0 {
            &[0, 1, 2, 3]
        } else {
            match self.turn {
                Color::Black => &[2, 3],
                Color::White => &[0, 1],
            }
        }
    }

    fn simple_moves_into(&self, out: &mut Vec<Move>) {
        let empty = !(self.black | self.white);
        for sq in squares(self.pieces_bits(self.turn)) {
            for &d in self.dirs(sq) {
                let to = NEIGHBOR[sq][d];
                if to != NONE && empty & bit(to as usize) != 0 {
                    out.push(Move::start(sq).then(to as usize));
                }
            }
        }
    }

    fn captures_into(&self, out: &mut Vec<Move>) {
        let theirs = self.pieces_bits(self.turn.other());
        for sq in squares(self.pieces_bits(self.turn)) {
            // The jumping piece leaves its square: it may land there again.
            let empty = !(self.black | self.white) | bit(sq);
            let king = self.kings & bit(sq) != 0;
            self.extend_jumps(sq, king, empty, theirs, Move::start(sq), out);
        }
    }

    /// Every way to go on jumping from `sq` with the move so far `mv`;
    /// `enemies` are the pieces that may still be jumped.
    fn extend_jumps(
        &self,
        sq: usize,
        king: bool,
        empty: u32,
        enemies: u32,
        mv: Move,
        out: &mut Vec<Move>,
    ) {
        let dirs: &[usize] = if king {
            &[0, 1, 2, 3]
        } else {
            &self.turn.forward()
        };
        let mut any = false;
        for &d in dirs {
            let (mid, land) = (NEIGHBOR[sq][d], JUMP[sq][d]);
            if land == NONE || enemies & bit(mid as usize) == 0 || empty & bit(land as usize) == 0 {
                continue;
            }
            any = true;
            let (mid, land) = (mid as usize, land as usize);
            let mut next = mv.then(land);
            next.captured |= bit(mid);
            if !king && row_of(land) == self.turn.crown_row() {
                // Crowning ends the move.
                out.push(next);
            } else {
                self.extend_jumps(land, king, empty, enemies & !bit(mid), next, out);
            }
        }
        if !any && mv.len > 1 {
            out.push(mv);
        }
    }

    /// The position after `mv`, which must be one of
    /// [`Position::legal_moves`].
    pub fn play(&self, mv: &Move) -> Position {
        let mut next = *self;
        let (from, to) = (bit(mv.from()), bit(mv.to()));
        let was_king = self.kings & from != 0;
        let mine = match self.turn {
            Color::Black => &mut next.black,
            Color::White => &mut next.white,
        };
        *mine = (*mine & !from) | to;
        match self.turn {
            Color::Black => next.white &= !mv.captured,
            Color::White => next.black &= !mv.captured,
        }
        next.kings &= !mv.captured & !from;
        if was_king || row_of(mv.to()) == self.turn.crown_row() {
            next.kings |= to;
        }
        next.quiet = if mv.is_capture() || !was_king {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        next.turn = self.turn.other();
        next
    }

    /// How the game ended here, if it did: the side to move has no legal
    /// move (and loses), or the draw rule.
    pub fn end(&self) -> Option<End> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        if moves.is_empty() {
            Some(End::Win(self.turn.other()))
        } else if self.quiet >= DRAW_PLIES {
            Some(End::Draw)
        } else {
            None
        }
    }

    /// A picture of the board in text, White at the bottom: `b`/`w` men,
    /// `B`/`W` kings, `.` empty dark squares, spaces for light ones.
    pub fn diagram(&self) -> String {
        let mut text = String::new();
        for row in 0..8 {
            for col in 0..8 {
                let c = match square_at(row, col) {
                    None => ' ',
                    Some(sq) => match self.piece(sq) {
                        None => '.',
                        Some(Piece {
                            color: Color::Black,
                            king,
                        }) => {
                            if king {
                                'B'
                            } else {
                                'b'
                            }
                        }
                        Some(Piece {
                            color: Color::White,
                            king,
                        }) => {
                            if king {
                                'W'
                            } else {
                                'w'
                            }
                        }
                    },
                };
                text.push(c);
                text.push(' ');
            }
            let _ = text.pop();
            text.push('\n');
        }
        text
    }
}

/// Why a move in notation was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Not squares 1 to 32 separated by `-` or `x`.
    Malformed(String),
    /// No legal move goes that way; the text says why, in a player's words.
    Illegal(String),
    /// Several legal captures match; the full path tells them apart.
    Ambiguous(String),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Malformed(s)
            | NotationError::Illegal(s)
            | NotationError::Ambiguous(s) => f.write_str(s),
        }
    }
}

/// The squares (`0..32`) a move in notation names: numbers 1 to 32
/// separated by `-` or `x`.
fn notation_squares(text: &str) -> Option<Vec<usize>> {
    let parts: Vec<&str> = text.split(['-', 'x', 'X']).collect();
    if parts.len() < 2 {
        return None;
    }
    parts
        .iter()
        .map(|p| match p.parse::<usize>() {
            Ok(n) if (1..=32).contains(&n) && !p.starts_with('+') => Some(n - 1),
            _ => None,
        })
        .collect()
}

/// Whether `wanted` (squares of a move as written) names `mv`: the same
/// start and end, and any squares between them on its path in order.
fn names(wanted: &[usize], mv: &Move) -> bool {
    let path: Vec<usize> = mv.path().collect();
    if wanted[0] != path[0] || wanted[wanted.len() - 1] != path[path.len() - 1] {
        return false;
    }
    let mut rest = path[1..].iter();
    wanted[1..].iter().all(|w| rest.any(|p| p == w))
}

/// Reads a move written in standard notation (`11-15`, `15x24`,
/// `15x24x31`; a capture may also be written with `-`, and a multi-jump by
/// its start and end when that is unambiguous) as a legal move of `pos`.
///
/// # Errors
///
/// What is wrong, for a player.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let Some(wanted) = notation_squares(text) else {
        return Err(NotationError::Malformed(format!(
            "{text:?} is not a move: a move is written with square numbers 1 to 32, such as 11-15, or 15x24 for a capture"
        )));
    };
    let moves = pos.legal_moves();
    let matching: Vec<&Move> = moves.iter().filter(|m| names(&wanted, m)).collect();
    match matching.as_slice() {
        [one] => Ok(**one),
        [] => Err(NotationError::Illegal(
            match moves.iter().find(|m| {
                m.len as usize > wanted.len()
                    && m.path().take(wanted.len()).eq(wanted.iter().copied())
            }) {
                Some(longer) => format!(
                    "{text} is not a whole move: a capture goes on while it can, here {longer}"
                ),
                None => format!(
                    "{text} is not a legal move for {}: {}",
                    pos.turn(),
                    why_not(pos, wanted[0], wanted[wanted.len() - 1])
                ),
            },
        )),
        several => Err(NotationError::Ambiguous(format!(
            "{text} could be {}: write the whole path",
            several
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" or ")
        ))),
    }
}

/// Why the side to move cannot move from square `from` to `to` (both
/// `0..32`), in a player's words; meant for a move that is not legal.
pub fn why_not(pos: &Position, from: usize, to: usize) -> String {
    let turn = pos.turn();
    let moves = pos.legal_moves();
    match pos.piece(from) {
        None => return format!("there is no piece on {}", from + 1),
        Some(p) if p.color != turn => {
            return format!(
                "the piece on {} is {}'s, and it is {turn}'s turn",
                from + 1,
                p.color
            );
        }
        _ => {}
    }
    let forced = moves.first().is_some_and(Move::is_capture);
    if forced && !moves.iter().any(|m| m.from() == from) {
        return format!("a capture is forced ({})", capture_list(&moves));
    }
    let (dr, dc) = (
        row_of(to) as isize - row_of(from) as isize,
        col_of(to) as isize - col_of(from) as isize,
    );
    if dr.abs() != dc.abs() || dr == 0 || dr.abs() > 2 {
        return "pieces move diagonally, one square at a time, or jump".into();
    }
    let king = pos.piece(from).is_some_and(|p| p.king);
    let backward = match turn {
        Color::Black => dr < 0,
        Color::White => dr > 0,
    };
    if !king && backward {
        return "men move and capture only forward; kings go both ways".into();
    }
    if forced && dr.abs() == 1 {
        return format!("a capture is forced ({})", capture_list(&moves));
    }
    if pos.piece(to).is_some() {
        return format!("square {} is taken", to + 1);
    }
    if dr.abs() == 2 {
        return "a jump goes over an enemy piece to the empty square just beyond".into();
    }
    if !moves.iter().any(|m| m.from() == from) {
        return format!("the piece on {} cannot move", from + 1);
    }
    "pieces move one square diagonally, or jump".into()
}

/// "15x24 or 15x22": the legal captures, for messages.
pub fn capture_list(moves: &[Move]) -> String {
    let list: Vec<String> = moves.iter().take(4).map(Move::to_string).collect();
    let more = if moves.len() > 4 { " or another" } else { "" };
    format!("{}{more}", list.join(" or "))
}

/// A game record: the moves played from the start, in standard notation,
/// separated by spaces. An empty record is written `start`.
pub fn record_text(moves: &[Move]) -> String {
    if moves.is_empty() {
        return "start".into();
    }
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a game record from the start position: moves in standard
/// notation separated by white space (or commas); move numbers such as
/// `1.` or `12...`, a result (`1-0`, `0-1`, `1/2-1/2`, `*`) and the word
/// `start` are skipped. Returns the moves and the position they lead to;
/// no move may follow the end of the game.
///
/// # Errors
///
/// The first move that cannot be played, and why.
///
/// ```
/// use checkers::board::{parse_record, record_text};
/// let (moves, pos) = parse_record("1. 11-15 23-19 2. 8-11 22-17").unwrap();
/// assert_eq!(record_text(&moves), "11-15 23-19 8-11 22-17");
/// assert!(parse_record("11-15 11-15").unwrap_err().contains("move 2"));
/// # let _ = pos;
/// ```
pub fn parse_record(text: &str) -> Result<(Vec<Move>, Position), String> {
    let mut pos = Position::START;
    let mut moves = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || c == ',') {
        let token = token.trim();
        let is_number = |t: &str| {
            let digits = t.trim_end_matches('.');
            t.ends_with('.') && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
        };
        if token.is_empty()
            || token.eq_ignore_ascii_case("start")
            || matches!(token, "*" | "1-0" | "0-1" | "1/2-1/2")
            || is_number(token)
        {
            continue;
        }
        // "1.11-15" (a number glued to its move).
        let token = match token.split_once('.') {
            Some((n, rest)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
                rest.trim_start_matches('.')
            }
            _ => token,
        };
        let n = moves.len() + 1;
        if let Some(end) = pos.end() {
            return Err(format!(
                "move {n} ({token}) comes after the end of the game: {}",
                end_text(end)
            ));
        }
        let mv = parse_move(&pos, token).map_err(|e| format!("move {n} ({}): {e}", pos.turn()))?;
        pos = pos.play(&mv);
        moves.push(mv);
    }
    Ok((moves, pos))
}

/// "Black wins", "White wins" or "Drawn".
pub fn end_text(end: End) -> String {
    match end {
        End::Win(c) => format!("{c} wins"),
        End::Draw => format!(
            "drawn ({} moves by each side without a capture or a man's move)",
            DRAW_PLIES / 2
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(pos: &Position) -> Vec<String> {
        pos.legal_moves().iter().map(Move::to_string).collect()
    }

    #[test]
    fn squares_are_numbered_as_in_the_books() {
        // Square 1 is the second of the top row, 5 the first of the second,
        // 29 the bottom-left corner, 32 the seventh of the bottom row.
        assert_eq!((row_of(0), col_of(0)), (0, 1));
        assert_eq!((row_of(4), col_of(4)), (1, 0));
        assert_eq!((row_of(28), col_of(28)), (7, 0));
        assert_eq!((row_of(31), col_of(31)), (7, 6));
        for sq in 0..SQUARES {
            assert_eq!(square_at(row_of(sq), col_of(sq)), Some(sq));
        }
        assert_eq!(square_at(0, 0), None);
    }

    #[test]
    fn the_opening_position_has_seven_moves() {
        assert_eq!(Position::START.legal_moves().len(), 7);
        assert_eq!(Position::START.count(Color::Black), 12);
        assert_eq!(Position::START.count(Color::White), 12);
        let after = Position::START.play(&parse_move(&Position::START, "11-15").unwrap());
        assert_eq!(
            texts(&after),
            [
                "21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"
            ]
        );
    }

    #[test]
    fn a_capture_is_forced() {
        // 11-15 24-19 leaves Black only 15x24.
        let (_, pos) = parse_record("11-15 24-19").unwrap();
        assert_eq!(texts(&pos), ["15x24"]);
        assert_eq!(
            parse_move(&pos, "9-13").unwrap_err(),
            NotationError::Illegal(
                "9-13 is not a legal move for Black: a capture is forced (15x24)".into()
            )
        );
    }

    #[test]
    fn multi_jumps_go_on_to_the_end() {
        // A black man on 1 with white men on 6 and 15: 1x10x19.
        let pos = Position::setup(&[1], &[], &[6, 15], &[], Color::Black);
        assert_eq!(texts(&pos), ["1x10x19"]);
        // A fork: two paths.
        let pos = Position::setup(&[10], &[], &[14, 15, 22, 23], &[], Color::Black);
        assert_eq!(texts(&pos), ["10x17x26", "10x19x26"]);
        let after = pos.play(&parse_move(&pos, "10x19x26").unwrap());
        assert_eq!(after.count(Color::White), 2);
        assert_eq!(after.piece(25).unwrap().describe(), "black man");
        assert!(after.piece(14).is_none() && after.piece(22).is_none());
        // Written by its ends, 10x26 is ambiguous.
        assert!(matches!(
            parse_move(&pos, "10x26"),
            Err(NotationError::Ambiguous(_))
        ));
    }

    #[test]
    fn crowning_ends_the_move() {
        // A black man on 22 jumps 26 to 31, where it is crowned; a jump
        // back over 27 as a king would be possible, but the move ends.
        let pos = Position::setup(&[22], &[], &[26, 27], &[], Color::Black);
        assert_eq!(texts(&pos), ["22x31"]);
        let after = pos.play(&pos.legal_moves()[0]);
        assert_eq!(after.piece(30).unwrap().describe(), "black king");
        assert_eq!(after.turn(), Color::White);
        // A king already crowned goes on jumping.
        let pos = Position::setup(&[], &[22], &[26, 27], &[], Color::Black);
        assert_eq!(texts(&pos), ["22x31x24"]);
    }

    #[test]
    fn kings_move_and_capture_backwards() {
        let pos = Position::setup(&[], &[18], &[14], &[], Color::Black);
        assert_eq!(texts(&pos), ["18x9"]);
        let pos = Position::setup(&[], &[18], &[1], &[], Color::Black);
        assert_eq!(texts(&pos), ["18-14", "18-15", "18-22", "18-23"]);
        // A man cannot capture backwards.
        let pos = Position::setup(&[18], &[], &[14], &[], Color::Black);
        assert_eq!(texts(&pos), ["18-22", "18-23"]);
        assert_eq!(
            why_not(&pos, 17, 8),
            "men move and capture only forward; kings go both ways"
        );
    }

    #[test]
    fn no_legal_move_loses_and_quiet_king_moves_draw() {
        let pos = Position::setup(&[], &[], &[5], &[], Color::Black);
        assert_eq!(pos.end(), Some(End::Win(Color::White)));
        // Blocked: a black man on 4 against white men on 8 and 12? 4 moves
        // to 8 only (down-left); with 8 held and 11 behind it, it is stuck.
        let pos = Position::setup(&[4], &[], &[8, 11], &[], Color::Black);
        assert_eq!(pos.end(), Some(End::Win(Color::White)));
        let mut pos = Position::setup(&[], &[29], &[], &[4], Color::Black);
        for i in 0..DRAW_PLIES / 2 {
            assert_eq!(pos.end(), None);
            for text in [["29-25", "25-29"], ["4-8", "8-4"]] {
                pos = pos.play(&parse_move(&pos, text[usize::from(i % 2)]).unwrap());
            }
        }
        assert_eq!(pos.quiet_plies(), DRAW_PLIES);
        assert_eq!(pos.end(), Some(End::Draw));
        // A man's move starts the count again.
        let pos = Position::setup(&[5], &[29], &[], &[4], Color::Black);
        let pos = pos.play(&parse_move(&pos, "29-25").unwrap());
        assert_eq!(pos.quiet_plies(), 1);
        let pos = pos.play(&parse_move(&pos, "4-8").unwrap());
        let pos = pos.play(&parse_move(&pos, "5-9").unwrap());
        assert_eq!(pos.quiet_plies(), 0);
    }

    #[test]
    fn records_round_trip() {
        let text = "11-15 23-19 8-11 22-17 11-16 24-20 16x23 27x18x11 7x16";
        let (moves, _) = parse_record(text).unwrap();
        assert_eq!(record_text(&moves), text);
        assert_eq!(record_text(&[]), "start");
        assert_eq!(parse_record("start").unwrap().0, []);
        assert_eq!(
            parse_record("11-15 23-19 8-11 22-17 11-16 24-20 16x23 27x18").unwrap_err(),
            "move 8 (White): 27x18 is not a whole move: a capture goes on while it can, here 27x18x11"
        );
        assert!(
            parse_record("11-15 33-19")
                .unwrap_err()
                .starts_with("move 2 (White)")
        );
    }
}
