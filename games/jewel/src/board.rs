//! The board and its rules, without any of the launcher: an 8×8 grid of
//! jewels of seven kinds, lines of three or more, the swaps that make
//! them, gravity and refills.
//!
//! A jewel's [`Jewel::kind`] is what lines are made of. How it looks (its
//! colour and shape) depends on the difficulty ([`crate::play::Difficulty`]);
//! [`Jewel::decoy`] is the random colour or shape the two hardest
//! difficulties give it.
//!
//! Lines are found as the original's `findwins` finds them: every row from
//! the top, left to right, then every column from the left, top to bottom;
//! each run of three or more equal kinds is one [`Run`], and a jewel in a
//! row run and a column run at once (an L, a T or a cross) belongs to both.
//!
//! ```
//! use jewel::board::{Board, Cell};
//! let mut board = Board::parse(
//!     "00134560/12045601/23456012/34560123/45601234/56012345/60123456/01234560",
//! )
//! .unwrap();
//! assert!(!board.has_match());
//! // The 0 below the 1 at row 0, column 2 completes 0 0 0 in row 0.
//! assert!(board.swap_makes_line(Cell::new(0, 2), Cell::new(1, 2)));
//! assert!(!board.swap_makes_line(Cell::new(0, 2), Cell::new(0, 3)));
//! board.swap(Cell::new(0, 2), Cell::new(1, 2));
//! assert_eq!(board.runs().len(), 1);
//! assert_eq!(board.runs()[0].len, 3);
//! //! ```

use std::fmt;

use game_api::Rng;

/// Rows and columns of the board.
pub const SIZE: usize = 8;

/// The number of cells.
pub const CELLS: usize = SIZE * SIZE;

/// How many kinds of jewels there are.
pub const KINDS: u8 = 7;

/// The shortest line that vanishes.
pub const MIN_LINE: usize = 3;

/// A cell of the board: its row from the top and column from the left,
/// each from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The row, 0 at the top.
    pub row: usize,
    /// The column, 0 at the left.
    pub col: usize,
}

impl Cell {
    /// The cell at `row`, `col`.
    pub const fn new(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }

    /// The cell's index in reading order, from 0 to 63.
    pub const fn index(self) -> usize {
        self.row * SIZE + self.col
    }

    /// The cell of index `index` (reading order).
    pub const fn of_index(index: usize) -> Cell {
        Cell::new(index / SIZE, index % SIZE)
    }

    /// Every cell, in reading order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS).map(Cell::of_index)
    }

    /// The neighbour in direction `dir`, if it is on the board.
    pub fn step(self, dir: Dir) -> Option<Cell> {
        let (dr, dc) = dir.delta();
        let row = self.row.checked_add_signed(dr)?;
        let col = self.col.checked_add_signed(dc)?;
        (row < SIZE && col < SIZE).then_some(Cell::new(row, col))
    }

    /// The direction to its neighbour `other`, if it is one.
    pub fn dir_to(self, other: Cell) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| self.step(d) == Some(other))
    }

    /// Whether `other` is next to this cell, above, below, left or right.
    pub fn is_next_to(self, other: Cell) -> bool {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col) == 1
    }
}

impl fmt::Display for Cell {
    /// "row 1, column 3", counting from 1 as a player does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row + 1, self.col + 1)
    }
}

/// A direction to swap in: towards row 0, the last row, column 0 or the
/// last column.
pub use game_api::grid::Dir;

/// One jewel: the kind that makes lines, and the random look the hardest
/// difficulties give it (a colour or a shape that means nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jewel {
    /// The kind, from 0 to 6: jewels of one kind make lines.
    pub kind: u8,
    /// A random colour or shape, from 0 to 6, for difficulties 3 and 4.
    pub decoy: u8,
}

impl Jewel {
    /// A jewel of `kind` whose decoy is its kind too.
    pub const fn of_kind(kind: u8) -> Jewel {
        Jewel { kind, decoy: kind }
    }

    /// A random jewel: its kind, then its decoy, each drawn from `rng`.
    pub fn random(rng: &mut Rng) -> Jewel {
        let kind = rng.below(u64::from(KINDS)) as u8;
        let decoy = rng.below(u64::from(KINDS)) as u8;
        Jewel { kind, decoy }
    }
}

/// A set of cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mask(pub u64);

impl Mask {
    /// No cell.
    pub const EMPTY: Mask = Mask(0);

    /// Whether `cell` is in the set.
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & (1 << cell.index()) != 0
    }

    /// Adds `cell`.
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1 << cell.index();
    }

    /// How many cells are in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cells in the set, in reading order.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        Cell::all().filter(move |&c| self.contains(c))
    }
}

/// A line of three or more jewels of one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    /// Its first cell: the leftmost of a row run, the top of a column run.
    pub start: Cell,
    /// How many jewels it has, 3 or more.
    pub len: usize,
    /// Whether it lies along a row (otherwise along a column).
    pub horizontal: bool,
    /// The kind of its jewels.
    pub kind: u8,
}

impl Run {
    /// Its cells, from the first.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..self.len).map(move |i| {
            if self.horizontal {
                Cell::new(self.start.row, self.start.col + i)
            } else {
                Cell::new(self.start.row + i, self.start.col)
            }
        })
    }

    /// The middle of the run in cells (row and column, fractional), where
    /// its points are shown.
    pub fn middle(self) -> (f32, f32) {
        let half = (self.len as f32 - 1.0) / 2.0;
        if self.horizontal {
            (self.start.row as f32, self.start.col as f32 + half)
        } else {
            (self.start.row as f32 + half, self.start.col as f32)
        }
    }
}

/// How far each jewel of a board fell into its cell after a collapse, in
/// cells (0 for those that stayed).
pub type Falls = [u8; CELLS];

/// The board: 8 rows of 8 jewels.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    jewels: [Jewel; CELLS],
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

impl fmt::Display for Board {
    /// The kinds row by row from the top, one digit each, `/` between rows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..SIZE {
            if row > 0 {
                f.write_str("/")?;
            }
            for col in 0..SIZE {
                write!(f, "{}", self.kind(Cell::new(row, col)))?;
            }
        }
        Ok(())
    }
}

impl Board {
    /// A board of the kinds `text` gives row by row from the top, one
    /// digit from 0 to 6 each, with `/` (or white space) between the rows;
    /// each jewel's decoy is its kind.
    ///
    /// # Errors
    ///
    /// What is wrong with the text.
    pub fn parse(text: &str) -> Result<Board, String> {
        let rows: Vec<&str> = text
            .split(|c: char| c == '/' || c.is_whitespace())
            .filter(|r| !r.is_empty())
            .collect();
        if rows.len() != SIZE {
            return Err(format!("a board has {SIZE} rows, not {}", rows.len()));
        }
        let mut jewels = [Jewel::of_kind(0); CELLS];
        for (row, line) in rows.iter().enumerate() {
            let kinds: Vec<u8> = line
                .chars()
                .map(|c| match c.to_digit(10) {
                    Some(d) if d < u32::from(KINDS) => Ok(d as u8),
                    _ => Err(format!("{c:?} is not a kind of jewel (0 to 6)")),
                })
                .collect::<Result<_, _>>()?;
            if kinds.len() != SIZE {
                return Err(format!(
                    "row {} has {} jewels, not {SIZE}",
                    row + 1,
                    kinds.len()
                ));
            }
            for (col, kind) in kinds.into_iter().enumerate() {
                jewels[Cell::new(row, col).index()] = Jewel::of_kind(kind);
            }
        }
        Ok(Board { jewels })
    }

    /// A board of these jewels, in reading order.
    pub const fn from_jewels(jewels: [Jewel; CELLS]) -> Board {
        Board { jewels }
    }

    /// The jewels in reading order.
    pub const fn jewels(&self) -> &[Jewel; CELLS] {
        &self.jewels
    }

    /// The jewel at `cell`.
    pub const fn get(&self, cell: Cell) -> Jewel {
        self.jewels[cell.index()]
    }

    /// The kind of the jewel at `cell`.
    pub const fn kind(&self, cell: Cell) -> u8 {
        self.jewels[cell.index()].kind
    }

    /// Puts `jewel` at `cell`.
    pub fn set(&mut self, cell: Cell, jewel: Jewel) {
        self.jewels[cell.index()] = jewel;
    }

    /// Swaps the jewels at `a` and `b` (whatever the rules say).
    pub fn swap(&mut self, a: Cell, b: Cell) {
        self.jewels.swap(a.index(), b.index());
    }

    /// Every line of three or more: the rows' from the top, then the
    /// columns' from the left, as the original's `findwins` scores them.
    pub fn runs(&self) -> Vec<Run> {
        let mut runs = Vec::new();
        for horizontal in [true, false] {
            for line in 0..SIZE {
                let at = |i: usize| {
                    if horizontal {
                        Cell::new(line, i)
                    } else {
                        Cell::new(i, line)
                    }
                };
                let mut start = 0;
                for i in 1..=SIZE {
                    if i < SIZE && self.kind(at(i)) == self.kind(at(start)) {
                        continue;
                    }
                    let len = i - start;
                    if len >= MIN_LINE {
                        runs.push(Run {
                            start: at(start),
                            len,
                            horizontal,
                            kind: self.kind(at(start)),
                        });
                    }
                    start = i;
                }
            }
        }
        runs
    }

    /// The cells of every line of three or more.
    pub fn matched(&self) -> Mask {
        let mut mask = Mask::EMPTY;
        for run in self.runs() {
            run.cells().for_each(|c| mask.insert(c));
        }
        mask
    }

    /// Whether the board has a line of three or more anywhere.
    pub fn has_match(&self) -> bool {
        Cell::all().any(|c| self.line_through(c))
    }

    /// Whether the jewel at `cell` is part of a line of three or more.
    pub fn line_through(&self, cell: Cell) -> bool {
        let kind = self.kind(cell);
        let count = |dir: Dir| {
            let mut n = 0;
            let mut at = cell;
            while let Some(next) = at.step(dir) {
                if self.kind(next) != kind {
                    break;
                }
                n += 1;
                at = next;
            }
            n
        };
        count(Dir::Left) + count(Dir::Right) + 1 >= MIN_LINE
            || count(Dir::Up) + count(Dir::Down) + 1 >= MIN_LINE
    }

    /// Whether swapping the neighbours `a` and `b` makes a line of three or
    /// more (through one of them): the only swaps the game accepts.
    /// Cells that are not neighbours never make one.
    pub fn swap_makes_line(&self, a: Cell, b: Cell) -> bool {
        if !a.is_next_to(b) || self.kind(a) == self.kind(b) {
            return false;
        }
        let mut after = *self;
        after.swap(a, b);
        after.line_through(a) || after.line_through(b)
    }

    /// Every swap that makes a line, each pair of neighbours once (the
    /// first cell is above or left of the second), in reading order.
    pub fn legal_swaps(&self) -> Vec<(Cell, Cell)> {
        let mut swaps = Vec::new();
        for cell in Cell::all() {
            for dir in [Dir::Right, Dir::Down] {
                if let Some(next) = cell.step(dir)
                    && self.swap_makes_line(cell, next)
                {
                    swaps.push((cell, next));
                }
            }
        }
        swaps
    }

    /// Whether any swap makes a line.
    pub fn has_move(&self) -> bool {
        Cell::all().any(|cell| {
            [Dir::Right, Dir::Down].into_iter().any(|dir| {
                cell.step(dir)
                    .is_some_and(|n| self.swap_makes_line(cell, n))
            })
        })
    }

    /// A board dealt from `rng` as a game starts: random jewels, none of
    /// them in a line of three, with at least one swap that makes a line.
    /// Each cell, in reading order, draws kinds until one makes no line
    /// with the two to its left or the two above it, then its decoy; a
    /// board without a move is dealt again.
    pub fn deal(rng: &mut Rng) -> Board {
        loop {
            let mut board = Board {
                jewels: [Jewel::of_kind(0); CELLS],
            };
            for cell in Cell::all() {
                let kind = loop {
                    let kind = rng.below(u64::from(KINDS)) as u8;
                    let left = cell.col >= 2
                        && board.kind(Cell::new(cell.row, cell.col - 1)) == kind
                        && board.kind(Cell::new(cell.row, cell.col - 2)) == kind;
                    let above = cell.row >= 2
                        && board.kind(Cell::new(cell.row - 1, cell.col)) == kind
                        && board.kind(Cell::new(cell.row - 2, cell.col)) == kind;
                    if !left && !above {
                        break kind;
                    }
                };
                let decoy = rng.below(u64::from(KINDS)) as u8;
                board.set(cell, Jewel { kind, decoy });
            }
            if board.has_move() {
                return board;
            }
        }
    }

    /// Removes the jewels of `vanish`: in each column the jewels above fall
    /// into the gaps, and new random jewels from `rng` fill the top (column
    /// by column from the left, each column's from the bottom up). Returns
    /// how far each jewel now on the board fell; the new ones fall from
    /// just above the board, as many cells as their column lost.
    pub fn collapse(&mut self, vanish: Mask, rng: &mut Rng) -> Falls {
        let mut falls = [0u8; CELLS];
        for col in 0..SIZE {
            let mut to = SIZE;
            for row in (0..SIZE).rev() {
                let cell = Cell::new(row, col);
                if vanish.contains(cell) {
                    continue;
                }
                to -= 1;
                let dest = Cell::new(to, col);
                self.set(dest, self.get(cell));
                falls[dest.index()] = (to - row) as u8;
            }
            let gone = to;
            for row in (0..gone).rev() {
                let dest = Cell::new(row, col);
                self.set(dest, Jewel::random(rng));
                falls[dest.index()] = gone as u8;
            }
        }
        falls
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board without lines: each row is the one above shifted by one.
    pub(crate) const CALM: &str =
        "01234560/12345601/23456012/34560123/45601234/56012345/60123456/01234560";

    #[test]
    fn a_row_of_three_is_one_run_and_longer_runs_are_one_too() {
        let board =
            Board::parse("00012345/11112222/01234560/03334444/40000156/52222261/60123456/01234560")
                .unwrap();
        let runs = board.runs();
        let row_runs: Vec<(usize, usize, usize)> = runs
            .iter()
            .filter(|r| r.horizontal)
            .map(|r| (r.start.row, r.start.col, r.len))
            .collect();
        assert_eq!(
            row_runs,
            [
                (0, 0, 3),
                (1, 0, 4),
                (1, 4, 4),
                (3, 1, 3),
                (3, 4, 4),
                (4, 1, 4),
                (5, 1, 5)
            ]
        );
        assert!(runs.iter().all(|r| r.len >= 3));
    }

    #[test]
    fn columns_are_searched_after_rows_and_a_cross_counts_twice() {
        // A T: row 2 has 5 5 5 at columns 2..4, column 3 has 5 at rows 2..4.
        let board =
            Board::parse("01234560/12340601/23555012/34650123/45651234/56012345/60123456/01234560")
                .unwrap();
        let runs = board.runs();
        assert_eq!(runs.len(), 2, "{runs:?}");
        assert!(runs[0].horizontal && !runs[1].horizontal);
        assert_eq!(
            (runs[0].start, runs[0].len, runs[0].kind),
            (Cell::new(2, 2), 3, 5)
        );
        assert_eq!((runs[1].start, runs[1].len), (Cell::new(2, 3), 3));
        // The shared jewel vanishes once.
        assert_eq!(board.matched().len(), 5);
    }

    /// The calm board with one swap that makes a line: the 0 at row 1,
    /// column 2 moved up completes 0 0 0 in row 0.
    pub(crate) const ONE_MOVE: &str =
        "00134560/12045601/23456012/34560123/45601234/56012345/60123456/01234560";

    #[test]
    fn the_calm_board_has_no_line_and_a_swap_can_make_one() {
        assert!(!Board::parse(CALM).unwrap().has_match());
        let board = Board::parse(ONE_MOVE).unwrap();
        assert!(!board.has_match());
        assert!(board.runs().is_empty());
        assert!(board.has_move());
        assert!(
            board
                .legal_swaps()
                .contains(&(Cell::new(0, 2), Cell::new(1, 2)))
        );
        // Every legal swap makes a line, every other one does not.
        let legal = board.legal_swaps();
        for cell in Cell::all() {
            for dir in Dir::ALL {
                let Some(next) = cell.step(dir) else { continue };
                let mut after = board;
                after.swap(cell, next);
                let pair = if cell < next {
                    (cell, next)
                } else {
                    (next, cell)
                };
                assert_eq!(after.has_match(), legal.contains(&pair), "{cell:?} {dir:?}");
            }
        }
    }

    #[test]
    fn a_board_of_pairs_between_other_kinds_has_no_move() {
        // Pairs in each row, other kinds in the rows around: no swap makes
        // three.
        let board =
            Board::parse("00110011/22332233/00110011/22332233/00110011/22332233/00110011/22332233")
                .unwrap();
        assert!(!board.has_match());
        assert!(!board.has_move());
        assert!(board.legal_swaps().is_empty());
        // A checkerboard of two kinds has many moves: a jewel swapped into
        // the next row or column lands between two of its kind.
        let checkers =
            Board::parse("01010101/10101010/01010101/10101010/01010101/10101010/01010101/10101010")
                .unwrap();
        assert!(!checkers.has_match());
        // Every swap but those along the edges: 6 inner lines of 7 pairs, each way.
        assert_eq!(checkers.legal_swaps().len(), 2 * 6 * 7);
    }

    #[test]
    fn swaps_with_no_neighbour_or_the_same_kind_are_refused() {
        let board = Board::parse(CALM).unwrap();
        assert!(!board.swap_makes_line(Cell::new(0, 0), Cell::new(0, 2)));
        assert!(!board.swap_makes_line(Cell::new(0, 0), Cell::new(1, 1)));
        assert!(!board.swap_makes_line(Cell::new(3, 3), Cell::new(3, 3)));
        let same =
            Board::parse("00100000/11011111/22222220/33333330/44444440/55555550/66666660/01234560")
                .unwrap();
        assert!(!same.swap_makes_line(Cell::new(0, 3), Cell::new(0, 4)));
    }

    #[test]
    fn collapse_lets_jewels_fall_and_fills_from_the_top() {
        let mut board = Board::parse(CALM).unwrap();
        let mut vanish = Mask::EMPTY;
        // Three in column 2 (rows 3..5) and one in column 7 (row 7).
        for row in 3..6 {
            vanish.insert(Cell::new(row, 2));
        }
        vanish.insert(Cell::new(7, 7));
        let before = board;
        let mut rng = Rng::new(5);
        let falls = board.collapse(vanish, &mut rng);
        // Column 2: rows 0..2 fell three cells into rows 3..5; rows 6, 7 stayed.
        for row in 0..3 {
            assert_eq!(
                board.get(Cell::new(row + 3, 2)),
                before.get(Cell::new(row, 2))
            );
            assert_eq!(falls[Cell::new(row + 3, 2).index()], 3);
        }
        for row in 6..8 {
            assert_eq!(board.get(Cell::new(row, 2)), before.get(Cell::new(row, 2)));
            assert_eq!(falls[Cell::new(row, 2).index()], 0);
        }
        // The three new ones came from above the board, three cells each.
        for row in 0..3 {
            assert_eq!(falls[Cell::new(row, 2).index()], 3);
        }
        // Column 7 fell by one, with one new jewel on top.
        for row in 1..8 {
            assert_eq!(
                board.get(Cell::new(row, 7)),
                before.get(Cell::new(row - 1, 7))
            );
            assert_eq!(falls[Cell::new(row, 7).index()], 1);
        }
        assert_eq!(falls[Cell::new(0, 7).index()], 1);
        // Other columns did not move.
        for col in [0, 1, 3, 4, 5, 6] {
            for row in 0..SIZE {
                let c = Cell::new(row, col);
                assert_eq!((board.get(c), falls[c.index()]), (before.get(c), 0));
            }
        }
        // The refills are the generator's next draws, in order.
        let mut again = Rng::new(5);
        let expected: Vec<Jewel> = (0..4).map(|_| Jewel::random(&mut again)).collect();
        let got = [
            board.get(Cell::new(2, 2)),
            board.get(Cell::new(1, 2)),
            board.get(Cell::new(0, 2)),
            board.get(Cell::new(0, 7)),
        ];
        assert_eq!(got.to_vec(), expected);
        assert_eq!(rng, again);
    }

    #[test]
    fn dealt_boards_have_no_line_but_a_move() {
        for seed in 0..200 {
            let mut rng = Rng::new(seed);
            let board = Board::deal(&mut rng);
            assert!(!board.has_match(), "seed {seed}: {board}");
            assert!(board.has_move(), "seed {seed}: {board}");
            assert!(
                board
                    .jewels()
                    .iter()
                    .all(|j| j.kind < KINDS && j.decoy < KINDS)
            );
        }
        // The same seed deals the same board, others differ.
        let deal = |seed| Board::deal(&mut Rng::new(seed));
        assert_eq!(deal(7), deal(7));
        assert_ne!(deal(7), deal(8));
    }

    #[test]
    fn the_board_prints_and_parses_back() {
        let board = Board::deal(&mut Rng::new(3));
        let text = board.to_string();
        assert_eq!(text.len(), 71);
        assert_eq!(Board::parse(&text).unwrap().to_string(), text);
        assert_eq!(
            Board::parse("0123").unwrap_err(),
            "a board has 8 rows, not 1"
        );
        assert!(Board::parse(&CALM.replace('6', "7")).is_err());
        assert!(Board::parse(&CALM.replacen("0123", "012", 1)).is_err());
    }

    #[test]
    fn cells_step_and_name_themselves() {
        let c = Cell::new(0, 7);
        assert_eq!(c.step(Dir::Up), None);
        assert_eq!(c.step(Dir::Right), None);
        assert_eq!(c.step(Dir::Left), Some(Cell::new(0, 6)));
        assert_eq!(c.step(Dir::Down), Some(Cell::new(1, 7)));
        assert_eq!(c.dir_to(Cell::new(1, 7)), Some(Dir::Down));
        assert_eq!(c.dir_to(Cell::new(1, 6)), None);
        assert_eq!(c.to_string(), "row 1, column 8");
        assert_eq!(Cell::of_index(c.index()), c);
    }
}
