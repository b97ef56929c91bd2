//! The rules of Gobblet (seed 004 §1.14.1), free of any launcher type.
//!
//! A [`Position`] is a board of 3×3 (Gobblet! Jr.: three sizes, two pieces
//! of each size per player) or 4×4 (Gobblet!: four sizes, three stacks of
//! four per player off the board) and the player to move. Each square holds
//! a stack of pieces, at most one of each size, larger on top; only the top
//! piece of a square is seen, can be moved, and counts for a line.
//!
//! The pieces off the board are not stored: every piece stays on the board
//! once it is there, so what is left off the board follows from what is on
//! it ([`Position::reserve`]). In 4×4 the pieces off the board wait in
//! three stacks, largest on top, so a smaller piece comes out only after
//! the larger one above it.
//!
//! A move ([`Move`]) brings a piece of the given size from off the board,
//! or moves the top piece of a square to another square. The winner is
//! decided on the board after the move ([`Position::winner`]): if the
//! opponent of the mover has a line (the move lifted a piece that covered
//! one of the opponent's and did not cover the line again), the opponent
//! wins, even when the mover made a line too; otherwise a line of the mover
//! wins.

use std::fmt;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Red, who moves first.
    Red,
    /// Yellow.
    Yellow,
}

impl Color {
    /// The other player.
    pub fn other(self) -> Color {
        match self {
            Color::Red => Color::Yellow,
            Color::Yellow => Color::Red,
        }
    }

    /// "Red" or "Yellow".
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "Red",
            Color::Yellow => "Yellow",
        }
    }

    /// The two bits a square holds for a piece of this colour.
    fn bits(self) -> u8 {
        match self {
            Color::Red => 1,
            Color::Yellow => 2,
        }
    }
}

/// A piece: its size (0 the smallest) and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// 0 (small) up to 2 (3×3) or 3 (4×4).
    pub size: u8,
    /// Whose piece it is.
    pub color: Color,
}

/// A move: a piece of `size` brought from off the board (`from` is `None`)
/// or the top piece of square `from`, to square `to`. Squares are numbered
/// row by row from the top left, `row * side + column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The size of the piece moved.
    pub size: u8,
    /// The square it comes from, or `None` from off the board.
    pub from: Option<u8>,
    /// The square it goes to.
    pub to: u8,
}

/// Why a move is refused, in words a player reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over.
    GameOver,
    /// A square number beyond the board.
    OffTheBoard,
    /// No piece of that size is left off the board (or it is under a
    /// larger one in its stack).
    NotAvailable,
    /// The square moved from has no piece on top of the mover's.
    NotYourPiece,
    /// The piece would go back where it is.
    SameSquare,
    /// The target holds a piece as large or larger.
    TooSmall,
    /// 4×4: a new piece may cover only an opponent's piece…
    NewOnOwnPiece,
    /// …and only one in a line of three of the opponent's.
    NewNotBlocking,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Illegal::GameOver => "the game is over",
            Illegal::OffTheBoard => "that square is not on the board",
            Illegal::NotAvailable => "no such piece is waiting off the board",
            Illegal::NotYourPiece => "the top piece there is not yours",
            Illegal::SameSquare => "a piece must move to another square",
            Illegal::TooSmall => "a piece can only gobble a smaller one",
            Illegal::NewOnOwnPiece => {
                "a new piece from off the board may not gobble one of your own pieces"
            }
            Illegal::NewNotBlocking => {
                "a new piece from off the board may gobble only a piece in a line of three of the opponent's"
            }
        })
    }
}

/// The board of one size: its side, its lines and the number of pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Gobblet! Jr.: 3×3, sizes 0–2, two of each per player.
    Small,
    /// Gobblet!: 4×4, sizes 0–3, three stacks of four per player.
    Large,
}

impl Variant {
    /// 3 or 4.
    pub fn side(self) -> usize {
        match self {
            Variant::Small => 3,
            Variant::Large => 4,
        }
    }

    /// The variant of side 3 or 4.
    pub fn from_side(side: usize) -> Option<Variant> {
        match side {
            3 => Some(Variant::Small),
            4 => Some(Variant::Large),
            _ => None,
        }
    }

    /// The number of squares.
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The number of sizes (3 or 4).
    pub fn sizes(self) -> u8 {
        self.side() as u8
    }

    /// How many pieces of each size a player has (2 or 3).
    pub fn per_size(self) -> u8 {
        self.side() as u8 - 1
    }

    /// The lines that win: rows, columns and both diagonals, as bit masks
    /// of squares.
    pub fn lines(self) -> &'static [u16] {
        match self {
            Variant::Small => &LINES_3,
            Variant::Large => &LINES_4,
        }
    }
}

const LINES_3: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const LINES_4: [u16; 10] = [
    0x000F, 0x00F0, 0x0F00, 0xF000, 0x1111, 0x2222, 0x4444, 0x8888, 0x8421, 0x1248,
];

/// A position: the stacks on the squares and the player to move.
///
/// Each square is a byte with two bits per size (size `s` at bits `2s` and
/// `2s + 1`): 0 for no piece of that size, 1 for red's, 2 for yellow's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    variant: Variant,
    cells: [u8; 16],
    to_move: Color,
    /// The squares whose top piece is red's, and yellow's (kept up to date
    /// from `cells`).
    seen: [u16; 2],
    /// How many pieces of each size each player has on the board.
    counts: [[u8; 4]; 2],
}

impl Position {
    /// The empty board, red to move.
    pub fn new(variant: Variant) -> Position {
        Position {
            variant,
            cells: [0; 16],
            to_move: Color::Red,
            seen: [0; 2],
            counts: [[0; 4]; 2],
        }
    }

    /// Which board.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The side of the board.
    pub fn side(&self) -> usize {
        self.variant.side()
    }

    /// The player to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The same board with `color` to move (for tests and puzzles).
    pub fn with_to_move(mut self, color: Color) -> Position {
        self.to_move = color;
        self
    }

    /// The raw stack byte of square `cell` (two bits per size).
    pub fn cell_bits(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// The pieces on square `cell`, from the top down.
    pub fn stack(&self, cell: usize) -> Vec<Piece> {
        let byte = self.cells[cell];
        (0..self.variant.sizes())
            .rev()
            .filter_map(|size| piece_bits(byte, size).map(|color| Piece { size, color }))
            .collect()
    }

    /// The piece seen on square `cell`, if any.
    pub fn top(&self, cell: usize) -> Option<Piece> {
        top_of(self.cells[cell])
    }

    /// Puts `piece` on top of square `cell`, whatever is there and whoever
    /// is to move (for building positions in tests; no rule is checked
    /// except that the size is free on that square).
    ///
    /// # Panics
    ///
    /// If the square already holds a piece of that size.
    pub fn place(&mut self, cell: usize, piece: Piece) {
        assert!(piece_bits(self.cells[cell], piece.size).is_none());
        self.cells[cell] |= piece.color.bits() << (2 * piece.size);
        self.counts[piece.color as usize][piece.size as usize] += 1;
        self.refresh(cell);
    }

    /// Brings the masks of seen pieces up to date for square `cell`.
    fn refresh(&mut self, cell: usize) {
        let bit = 1u16 << cell;
        self.seen[0] &= !bit;
        self.seen[1] &= !bit;
        if let Some(p) = top_of(self.cells[cell]) {
            self.seen[p.color as usize] |= bit;
        }
    }

    /// A bit mask of the squares whose top piece is `color`'s.
    pub fn visible(&self, color: Color) -> u16 {
        self.seen[color as usize]
    }

    /// Whether `color` has a whole line (three in 3×3, four in 4×4).
    pub fn has_line(&self, color: Color) -> bool {
        self.line_of(color).is_some()
    }

    /// The first whole line of `color`'s, as a bit mask of squares.
    pub fn line_of(&self, color: Color) -> Option<u16> {
        let mask = self.visible(color);
        self.variant
            .lines()
            .iter()
            .copied()
            .find(|&l| mask & l == l)
    }

    /// Whether square `cell` is in a line (its row, column or diagonal)
    /// holding exactly three of `color`'s pieces on top: the original's
    /// `3-in-a-row?`.
    pub fn in_three(&self, cell: usize, color: Color) -> bool {
        let mask = self.visible(color);
        self.variant
            .lines()
            .iter()
            .any(|&l| l & (1 << cell) != 0 && (mask & l).count_ones() == 3)
    }

    /// The winner, judged after the last move: the player to move if they
    /// have a line (the mover uncovered it, and that loses even when the
    /// mover made a line too), otherwise the mover if they have one.
    pub fn winner(&self) -> Option<Color> {
        if self.has_line(self.to_move) {
            Some(self.to_move)
        } else if self.has_line(self.to_move.other()) {
            Some(self.to_move.other())
        } else {
            None
        }
    }

    /// How many of `color`'s pieces of `size` are on the board.
    pub fn on_board(&self, color: Color, size: u8) -> u8 {
        self.counts[color as usize][size as usize]
    }

    /// The pieces `color` has off the board, as the original's
    /// `available-off-board` gives them: groups from the largest, each
    /// listed from the top down. In 3×3 a group holds the pieces of one
    /// size (any of them can be played); in 4×4 a group is one of the
    /// three stacks (only its top piece can be played).
    pub fn reserve(&self, color: Color) -> Vec<Vec<u8>> {
        let sizes = self.variant.sizes();
        let per = self.variant.per_size();
        let counts: Vec<u8> = (0..sizes).map(|s| self.on_board(color, s)).collect();
        match self.variant {
            Variant::Small => (0..sizes)
                .rev()
                .filter(|&s| counts[s as usize] < per)
                .map(|s| vec![s; (per - counts[s as usize]) as usize])
                .collect(),
            Variant::Large => {
                // A stack whose top is size `s` gave away every larger size:
                // the stacks topped by `s` number counts[s + 1] - counts[s].
                let mut groups = Vec::new();
                for s in (0..sizes).rev() {
                    let above = if s + 1 == sizes {
                        per
                    } else {
                        counts[s as usize + 1]
                    };
                    let topped = above.saturating_sub(counts[s as usize]);
                    for _ in 0..topped {
                        groups.push((0..=s).rev().collect());
                    }
                }
                groups
            }
        }
    }

    /// Whether `color` can bring a piece of `size` onto the board.
    pub fn can_enter(&self, color: Color, size: u8) -> bool {
        if size >= self.variant.sizes() {
            return false;
        }
        let per = self.variant.per_size();
        let here = self.on_board(color, size);
        match self.variant {
            Variant::Small => here < per,
            Variant::Large => {
                let above = if size + 1 == self.variant.sizes() {
                    per
                } else {
                    self.on_board(color, size + 1)
                };
                above > here
            }
        }
    }

    /// Checks `mv` for the player to move.
    ///
    /// # Errors
    ///
    /// Why the move is not allowed.
    pub fn check(&self, mv: Move) -> Result<(), Illegal> {
        if self.winner().is_some() {
            return Err(Illegal::GameOver);
        }
        if mv.from.is_none() && !self.can_enter(self.to_move, mv.size) {
            return Err(Illegal::NotAvailable);
        }
        self.check_landing(mv)
    }

    /// The rules of the original's `move`: the piece on the square moved
    /// from must be the mover's, and the target must take it (empty, or a
    /// smaller piece; in 4×4 a new piece only on an opponent's piece in a
    /// line of three). What is left off the board, and whether the game is
    /// over, are not checked.
    ///
    /// # Errors
    ///
    /// Why the piece cannot land there.
    pub fn check_landing(&self, mv: Move) -> Result<(), Illegal> {
        let cells = self.variant.cells();
        if mv.to as usize >= cells || mv.from.is_some_and(|f| f as usize >= cells) {
            return Err(Illegal::OffTheBoard);
        }
        let me = self.to_move;
        if let Some(from) = mv.from {
            if from == mv.to {
                return Err(Illegal::SameSquare);
            }
            match self.top(from as usize) {
                Some(p) if p.color == me && p.size == mv.size => {}
                _ => return Err(Illegal::NotYourPiece),
            }
        }
        if let Some(target) = self.top(mv.to as usize) {
            if target.size >= mv.size {
                return Err(Illegal::TooSmall);
            }
            if mv.from.is_none() && self.variant == Variant::Large {
                if target.color == me {
                    return Err(Illegal::NewOnOwnPiece);
                }
                if !self.in_three(mv.to as usize, target.color) {
                    return Err(Illegal::NewNotBlocking);
                }
            }
        }
        Ok(())
    }

    /// Plays `mv` without checking it (see [`Position::check`]) and passes
    /// the turn.
    pub fn apply(&mut self, mv: Move) {
        let bits = self.to_move.bits() << (2 * mv.size);
        if let Some(from) = mv.from {
            self.cells[from as usize] &= !(3 << (2 * mv.size));
            self.refresh(from as usize);
        } else {
            self.counts[self.to_move as usize][mv.size as usize] += 1;
        }
        self.cells[mv.to as usize] |= bits;
        self.refresh(mv.to as usize);
        self.to_move = self.to_move.other();
    }

    /// Checks and plays `mv`.
    ///
    /// # Errors
    ///
    /// Why the move is not allowed; the position is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    /// The position after `mv` (unchecked).
    pub fn after(&self, mv: Move) -> Position {
        let mut next = *self;
        next.apply(mv);
        next
    }

    /// Every legal move of the player to move, into `out` (cleared first):
    /// new pieces from the largest, then moves on the board. None once the
    /// game is over.
    pub fn moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.winner().is_some() {
            return;
        }
        let me = self.to_move;
        let cells = self.variant.cells() as u8;
        let mut threes: Option<u16> = None;
        for size in (0..self.variant.sizes()).rev() {
            if !self.can_enter(me, size) {
                continue;
            }
            for to in 0..cells {
                let ok = match self.top(to as usize) {
                    None => true,
                    Some(t) if t.size >= size => false,
                    Some(_) if self.variant == Variant::Small => true,
                    Some(t) if t.color == me => false,
                    Some(_) => {
                        let mask = *threes.get_or_insert_with(|| self.three_mask(me.other()));
                        mask & (1 << to) != 0
                    }
                };
                if ok {
                    out.push(Move {
                        size,
                        from: None,
                        to,
                    });
                }
            }
        }
        for from in 0..cells {
            let Some(p) = self.top(from as usize) else {
                continue;
            };
            if p.color != me {
                continue;
            }
            for to in 0..cells {
                if to != from && self.top(to as usize).is_none_or(|t| t.size < p.size) {
                    out.push(Move {
                        size: p.size,
                        from: Some(from),
                        to,
                    });
                }
            }
        }
    }

    /// Every legal move of the player to move.
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.moves_into(&mut out);
        out
    }

    /// The squares lying in a line with exactly three of `color`'s pieces.
    fn three_mask(&self, color: Color) -> u16 {
        let mask = self.visible(color);
        self.variant
            .lines()
            .iter()
            .filter(|&&l| (mask & l).count_ones() == 3)
            .fold(0, |acc, &l| acc | l)
    }

    /// A number that names this position (board and player to move) among
    /// those of its variant.
    pub fn key(&self) -> u128 {
        let mut key = 0u128;
        for c in 0..self.variant.cells() {
            key |= (self.cells[c] as u128) << (8 * c);
        }
        key << 1 | (self.to_move == Color::Yellow) as u128
    }

    /// The board as text, the top row first: each square its stack from
    /// the top down, `R`/`Y` with the size (`R2Y0`), `.` when empty, in
    /// columns with a space between squares (a full stack, `R3Y2Y1R0`, is
    /// as wide as a column); then the player to move.
    pub fn to_text(&self) -> String {
        let side = self.side();
        let mut rows = Vec::new();
        for row in 0..side {
            let squares: Vec<String> = (0..side)
                .map(|col| {
                    let stack = self.stack(row * side + col);
                    if stack.is_empty() {
                        ".".to_string()
                    } else {
                        stack
                            .iter()
                            .map(|p| {
                                format!(
                                    "{}{}",
                                    if p.color == Color::Red { 'R' } else { 'Y' },
                                    p.size
                                )
                            })
                            .collect()
                    }
                })
                .map(|s| format!("{s:<8}"))
                .collect();
            rows.push(format!("{} {}", side - row, squares.join(" ").trim_end()));
        }
        let files: Vec<String> = (0..side)
            .map(|c| format!("{:<8}", (b'a' + c as u8) as char))
            .collect();
        rows.push(format!("  {}", files.join(" ").trim_end()));
        rows.push(format!("{} to move", self.to_move.name()));
        rows.join("\n")
    }
}

/// The colour of size `size` in stack byte `byte`, if that size is there.
fn piece_bits(byte: u8, size: u8) -> Option<Color> {
    match (byte >> (2 * size)) & 3 {
        1 => Some(Color::Red),
        2 => Some(Color::Yellow),
        _ => None,
    }
}

/// The top piece of stack byte `byte`.
fn top_of(byte: u8) -> Option<Piece> {
    if byte == 0 {
        return None;
    }
    let size = (7 - byte.leading_zeros() as u8) / 2;
    piece_bits(byte, size).map(|color| Piece { size, color })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn red(size: u8) -> Piece {
        Piece {
            size,
            color: Color::Red,
        }
    }

    #[test]
    fn top_is_the_largest_piece() {
        let mut p = Position::new(Variant::Large);
        p.place(5, red(1));
        p.place(
            5,
            Piece {
                size: 3,
                color: Color::Yellow,
            },
        );
        assert_eq!(p.top(5).unwrap().size, 3);
        assert_eq!(p.stack(5).len(), 2);
        assert_eq!(p.top(4), None);
    }

    #[test]
    fn the_text_keeps_a_space_between_squares_even_after_a_full_stack() {
        let mut p = Position::new(Variant::Large);
        // a4 (top-left): a full stack, red on top; b4 empty; c4 a yellow 1.
        for (size, color) in [
            (0, Color::Red),
            (1, Color::Yellow),
            (2, Color::Yellow),
            (3, Color::Red),
        ] {
            p.place(0, Piece { size, color });
        }
        p.place(
            2,
            Piece {
                size: 1,
                color: Color::Yellow,
            },
        );
        let text = p.to_text();
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows[0], "4 R3Y2Y1R0 .        Y1       .");
        assert_eq!(rows[4], "  a        b        c        d");
        assert_eq!(rows[5], "Red to move");
        // Every square a word of its own.
        assert_eq!(rows[0].split_whitespace().count(), 5);
    }

    #[test]
    fn sixteen_bits_of_lines() {
        for &l in Variant::Large.lines() {
            assert_eq!(l.count_ones(), 4);
        }
        for &l in Variant::Small.lines() {
            assert_eq!(l.count_ones(), 3);
        }
    }
}
