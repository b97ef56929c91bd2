//! The rules of Lights Out, with no drawing and no input: a 5×5 board of
//! lights, the press that toggles a light and its orthogonal neighbours, a
//! solver, and a generator of puzzles that are always solvable.
//!
//! A board is a 25-bit set: bit `row * 5 + col` is the light at `(row, col)`,
//! row 0 at the top, column 0 at the left.
//!
//! ```
//! use lights_out::board::{Board, Cell};
//!
//! let mut board = Board::OFF;
//! board.press(Cell::new(2, 2));
//! assert_eq!(board.lit_count(), 5);
//! let presses = board.solve().expect("every board made by presses is solvable");
//! for cell in presses.iter() {
//!     board.press(cell);
//! }
//! assert!(board.is_solved());
//! ```

use std::fmt;
use std::str::FromStr;

/// The number of rows, and of columns.
pub const SIZE: usize = 5;

/// The number of cells on the board.
pub const CELLS: usize = SIZE * SIZE;

/// The bits of a board that stand for cells.
const ALL: u32 = (1 << CELLS) - 1;

/// Two sets of presses that change nothing (each light in them is switched
/// an even number of times), from which every other such set is made:
///
/// ```text
/// .###.   #.#.#
/// #.#.#   #.#.#
/// ##.##   .....
/// #.#.#   #.#.#
/// .###.   #.#.#
/// ```
///
/// A board can be solved exactly when it has an even number of lights on
/// in each ([`Board::is_solvable`]).
pub const QUIET: [u32; 2] = [
    0b01110_10101_11011_10101_01110,
    0b10101_10101_00000_10101_10101,
];

/// The position of one light.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row, 0 (top) to 4.
    pub row: usize,
    /// Column, 0 (left) to 4.
    pub col: usize,
}

impl Cell {
    /// The cell at `(row, col)`.
    ///
    /// # Panics
    /// If `row` or `col` is not below [`SIZE`].
    pub const fn new(row: usize, col: usize) -> Cell {
        assert!(row < SIZE && col < SIZE, "cell outside the 5×5 board");
        Cell { row, col }
    }

    /// The cell's bit index, `row * 5 + col`.
    pub const fn index(self) -> usize {
        self.row * SIZE + self.col
    }

    /// The cell with bit index `index`.
    ///
    /// # Panics
    /// If `index` is not below [`CELLS`].
    pub const fn from_index(index: usize) -> Cell {
        Cell::new(index / SIZE, index % SIZE)
    }

    /// All 25 cells, row by row.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS).map(Cell::from_index)
    }

    /// The set of lights a press on this cell toggles: the cell and its
    /// orthogonal neighbours that are on the board (3 at a corner, 4 on an
    /// edge, 5 inside), as a bit mask.
    pub const fn press_mask(self) -> u32 {
        let mut mask = 1 << self.index();
        if self.row > 0 {
            mask |= 1 << (self.index() - SIZE);
        }
        if self.row + 1 < SIZE {
            mask |= 1 << (self.index() + SIZE);
        }
        if self.col > 0 {
            mask |= 1 << (self.index() - 1);
        }
        if self.col + 1 < SIZE {
            mask |= 1 << (self.index() + 1);
        }
        mask
    }
}

/// A 5×5 board of lights, stored as a bit set.
///
/// Its text form (`Display` and `FromStr`) is five lines of five characters,
/// `#` for a lit light and `.` for an unlit one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    bits: u32,
}

impl Board {
    /// The board with every light off: the solved board.
    pub const OFF: Board = Board { bits: 0 };

    /// The board with every light on.
    pub const ALL_ON: Board = Board { bits: ALL };

    /// The board whose lit lights are the set bits of `bits` (bit
    /// `row * 5 + col`); bits from 25 up are ignored.
    pub const fn from_bits(bits: u32) -> Board {
        Board { bits: bits & ALL }
    }

    /// The lights as a bit set (bit `row * 5 + col` is set when lit).
    pub const fn bits(self) -> u32 {
        self.bits
    }

    /// Whether the light at `cell` is on.
    pub const fn is_lit(self, cell: Cell) -> bool {
        self.bits & (1 << cell.index()) != 0
    }

    /// Switches the light at `cell` on or off, alone (not a move of the game).
    pub fn set(&mut self, cell: Cell, lit: bool) {
        if lit {
            self.bits |= 1 << cell.index();
        } else {
            self.bits &= !(1 << cell.index());
        }
    }

    /// Presses the button at `cell`: toggles that light and its orthogonal
    /// neighbours. Pressing the same cell twice changes nothing.
    pub fn press(&mut self, cell: Cell) {
        self.bits ^= cell.press_mask();
    }

    /// The board after pressing every cell of `presses` once (in any order:
    /// presses commute).
    pub fn pressed(self, presses: &PressSet) -> Board {
        presses.iter().fold(self, |mut board, cell| {
            board.press(cell);
            board
        })
    }

    /// Whether every light is off.
    pub const fn is_solved(self) -> bool {
        self.bits == 0
    }

    /// How many lights are on.
    pub const fn lit_count(self) -> u32 {
        self.bits.count_ones()
    }

    /// The lit cells, row by row.
    pub fn lit_cells(self) -> impl Iterator<Item = Cell> {
        Cell::all().filter(move |&cell| self.is_lit(cell))
    }

    /// A shortest set of presses that turns every light off, or `None` when
    /// no set does (some 5×5 boards cannot be solved).
    ///
    /// Works by "light chasing": for each of the 32 ways to press the top
    /// row, press under every light that is still on, row by row, which
    /// clears each row in turn; the choice is right when the bottom row ends
    /// up dark too. Every solution arises this way, since the top row's
    /// presses determine all the others, so the shortest one found is a
    /// shortest solution. Pressing a cell twice is the same as not pressing
    /// it, so a set of presses is all there is to a solution.
    pub fn solve(self) -> Option<PressSet> {
        let mut best: Option<PressSet> = None;
        for top in 0..(1u32 << SIZE) {
            let mut board = self;
            let mut presses = PressSet::EMPTY;
            for col in (0..SIZE).filter(|col| top & (1 << col) != 0) {
                let cell = Cell::new(0, col);
                board.press(cell);
                presses.insert(cell);
            }
            for row in 1..SIZE {
                for col in 0..SIZE {
                    if board.is_lit(Cell::new(row - 1, col)) {
                        let cell = Cell::new(row, col);
                        board.press(cell);
                        presses.insert(cell);
                    }
                }
            }
            if board.is_solved() && best.is_none_or(|b| presses.len() < b.len()) {
                best = Some(presses);
            }
        }
        best
    }

    /// Whether some set of presses turns every light off.
    ///
    /// Without solving: the boards presses make are exactly those with an
    /// even number of lights on in each of the two "quiet" patterns
    /// ([`QUIET`]), the press sets that change nothing, since the presses'
    /// matrix is symmetric and its kernel is spanned by them.
    pub fn is_solvable(self) -> bool {
        QUIET
            .iter()
            .all(|quiet| (self.bits & quiet).count_ones().is_multiple_of(2))
    }

    /// A puzzle made from `seed` alone: the all-off board after a random set
    /// of presses, so it is always solvable, drawn again until it is not
    /// already solved. The same seed gives the same puzzle on every
    /// platform and in every version of this crate.
    pub fn random_solvable(seed: u64) -> Board {
        let mut rng = game_api::Rng::new(seed);
        loop {
            // Each cell is pressed with probability 1/2.
            let presses = PressSet::from_bits(rng.next_u64() as u32);
            let board = Board::OFF.pressed(&presses);
            // Only 4 of the 2^25 press sets leave the board dark.
            if !board.is_solved() {
                return board;
            }
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..SIZE {
            for col in 0..SIZE {
                let lit = self.is_lit(Cell::new(row, col));
                f.write_str(if lit { "#" } else { "." })?;
            }
            if row + 1 < SIZE {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(\n{self}\n)")
    }
}

/// Why a text is not a board (see [`Board`]'s text form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseBoardError(pub String);

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseBoardError {}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Reads five non-blank lines of five `#` (lit) or `.` (unlit)
    /// characters; leading and trailing whitespace on a line is ignored.
    fn from_str(text: &str) -> Result<Board, ParseBoardError> {
        let rows: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        if rows.len() != SIZE {
            return Err(ParseBoardError(format!(
                "a board has {SIZE} rows, this text has {}",
                rows.len()
            )));
        }
        let mut board = Board::OFF;
        for (row, line) in rows.iter().enumerate() {
            if line.chars().count() != SIZE {
                return Err(ParseBoardError(format!(
                    "row {} has {} characters, not {SIZE}",
                    row + 1,
                    line.chars().count()
                )));
            }
            for (col, c) in line.chars().enumerate() {
                match c {
                    '#' => board.set(Cell::new(row, col), true),
                    '.' => {}
                    other => {
                        return Err(ParseBoardError(format!(
                            "row {} has {other:?}; use '#' for lit and '.' for unlit",
                            row + 1
                        )));
                    }
                }
            }
        }
        Ok(board)
    }
}

/// A set of cells to press, e.g. a solution from [`Board::solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PressSet {
    bits: u32,
}

impl PressSet {
    /// No presses.
    pub const EMPTY: PressSet = PressSet { bits: 0 };

    /// The cells whose bits (`row * 5 + col`) are set; bits from 25 up are
    /// ignored.
    pub const fn from_bits(bits: u32) -> PressSet {
        PressSet { bits: bits & ALL }
    }

    /// The set as bits (`row * 5 + col`).
    pub const fn bits(self) -> u32 {
        self.bits
    }

    /// Adds `cell`.
    pub fn insert(&mut self, cell: Cell) {
        self.bits |= 1 << cell.index();
    }

    /// Whether `cell` is in the set.
    pub const fn contains(self, cell: Cell) -> bool {
        self.bits & (1 << cell.index()) != 0
    }

    /// The number of presses.
    pub const fn len(self) -> usize {
        self.bits.count_ones() as usize
    }

    /// Whether there are no presses.
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// The cells, row by row.
    pub fn iter(self) -> impl Iterator<Item = Cell> {
        Cell::all().filter(move |&cell| self.contains(cell))
    }
}

impl FromIterator<Cell> for PressSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(cells: I) -> PressSet {
        let mut set = PressSet::EMPTY;
        for cell in cells {
            set.insert(cell);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn toggled_by(cell: Cell) -> BTreeSet<(usize, usize)> {
        let mut board = Board::OFF;
        board.press(cell);
        board.lit_cells().map(|c| (c.row, c.col)).collect()
    }

    #[test]
    fn a_corner_press_toggles_three_lights() {
        assert_eq!(
            toggled_by(Cell::new(0, 0)),
            BTreeSet::from([(0, 0), (0, 1), (1, 0)])
        );
        assert_eq!(
            toggled_by(Cell::new(4, 4)),
            BTreeSet::from([(4, 4), (3, 4), (4, 3)])
        );
    }

    #[test]
    fn an_edge_press_toggles_four_lights() {
        assert_eq!(
            toggled_by(Cell::new(0, 2)),
            BTreeSet::from([(0, 1), (0, 2), (0, 3), (1, 2)])
        );
        assert_eq!(
            toggled_by(Cell::new(3, 0)),
            BTreeSet::from([(2, 0), (3, 0), (4, 0), (3, 1)])
        );
    }

    #[test]
    fn a_centre_press_toggles_five_lights() {
        assert_eq!(
            toggled_by(Cell::new(2, 2)),
            BTreeSet::from([(1, 2), (2, 1), (2, 2), (2, 3), (3, 2)])
        );
    }

    #[test]
    fn a_press_toggles_rather_than_sets() {
        let mut board: Board = "
            #####
            #####
            #####
            #####
            #####"
            .parse()
            .unwrap();
        board.press(Cell::new(0, 0));
        assert_eq!(board.to_string(), "..###\n.####\n#####\n#####\n#####");
        board.press(Cell::new(0, 0));
        assert_eq!(board, Board::ALL_ON);
    }

    #[test]
    fn win_means_all_lights_off() {
        assert!(Board::OFF.is_solved());
        let mut board = Board::OFF;
        board.press(Cell::new(1, 3));
        assert!(!board.is_solved());
        board.press(Cell::new(1, 3));
        assert!(board.is_solved());
    }

    #[test]
    fn the_text_form_round_trips_and_rejects_junk() {
        let board = Board::from_bits(0x1AB_CDEF);
        assert_eq!(board.to_string().parse::<Board>().unwrap(), board);
        assert!("#####".parse::<Board>().is_err());
        assert!("....\n.....\n.....\n.....\n.....".parse::<Board>().is_err());
        let err = "....x\n.....\n.....\n.....\n.....".parse::<Board>();
        assert!(err.unwrap_err().0.contains("'x'"));
    }

    #[test]
    fn the_solver_finds_a_shortest_solution() {
        let mut board = Board::OFF;
        board.press(Cell::new(2, 2));
        assert_eq!(board.solve(), Some(PressSet::from_iter([Cell::new(2, 2)])));
        assert_eq!(Board::OFF.solve(), Some(PressSet::EMPTY));
        // The all-on board is solvable in 15 presses at best.
        let all_on = Board::ALL_ON.solve().unwrap();
        assert_eq!(all_on.len(), 15);
        assert!(Board::ALL_ON.pressed(&all_on).is_solved());
    }

    #[test]
    fn the_quiet_patterns_change_nothing_and_decide_solvability() {
        for quiet in QUIET {
            let presses = PressSet::from_bits(quiet);
            assert_eq!(Board::OFF.pressed(&presses), Board::OFF);
            assert_eq!(Board::ALL_ON.pressed(&presses), Board::ALL_ON);
        }
        for i in 0..1u32 << 14 {
            let board = Board::from_bits(i.wrapping_mul(0x9E37_79B9) ^ (i << 11));
            assert_eq!(board.is_solvable(), board.solve().is_some(), "{board}");
        }
    }

    #[test]
    fn some_boards_cannot_be_solved() {
        // A single lit corner is not in the span of the 23 independent
        // presses of the 5×5 game.
        let mut board = Board::OFF;
        board.set(Cell::new(0, 0), true);
        assert_eq!(board.solve(), None);
        assert!(!board.is_solvable());
        // Exactly a quarter of all boards are solvable (rank 23 of 25).
        let solvable = (0..1u32 << 12)
            .filter(|i| Board::from_bits(i.wrapping_mul(0x9E37_79B9)).is_solvable())
            .count();
        assert!((800..1250).contains(&solvable), "{solvable}");
    }

    #[test]
    fn seeds_pin_puzzles() {
        assert_eq!(Board::random_solvable(7), Board::random_solvable(7));
        let distinct: BTreeSet<u32> = (0..100)
            .map(|seed| Board::random_solvable(seed).bits())
            .collect();
        assert!(distinct.len() > 95, "{}", distinct.len());
    }

    #[test]
    fn every_generated_puzzle_is_solvable_and_unsolved() {
        for seed in 0..2_000 {
            let board = Board::random_solvable(seed);
            assert!(!board.is_solved(), "seed {seed} gave a solved board");
            let presses = board
                .solve()
                .unwrap_or_else(|| panic!("seed {seed}: {board}"));
            assert!(!presses.is_empty());
            assert!(board.pressed(&presses).is_solved());
        }
    }
}
