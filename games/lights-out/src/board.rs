//! The rules of Lights Out, with no drawing and no input: a square board of
//! lights from 3×3 to 9×9 ([`SIZES`]; 5×5, the original's, is the
//! default), the press that toggles a light and its orthogonal neighbours,
//! a solver, and a generator of puzzles that are always solvable.
//!
//! A board is a bit set of its `size × size` lights: bit `row * size + col`
//! is the light at `(row, col)`, row 0 at the top, column 0 at the left
//! (so a 5×5 board's bits are what they were when 5×5 was the only size).
//!
//! ```
//! use lights_out::board::{Board, Cell};
//!
//! let mut board = Board::off(7);
//! board.press(Cell::new(3, 3));
//! assert_eq!(board.lit_count(), 5);
//! let presses = board.solve().expect("every board made by presses is solvable");
//! for cell in presses.iter() {
//!     board.press(cell);
//! }
//! assert!(board.is_solved());
//! ```
//!
//! **Which boards can be solved.** Pressing is linear over GF(2) (two
//! presses of a light cancel, and presses commute), so the boards presses
//! make are the image of the `n² × n²` press matrix. On 3×3, 6×6, 7×7 and
//! 8×8 the matrix is invertible: every board has exactly one solution. On
//! 4×4, 5×5 and 9×9 it has a kernel (of dimension 4, 2 and 8): the "quiet"
//! press sets that change nothing. There only some boards can be solved
//! (a board must switch an even number of lights of each quiet set, since
//! the matrix is symmetric), and each has 2^k solutions, of which
//! [`Board::solve`] gives a shortest.

use std::fmt;
use std::str::FromStr;

/// The board sizes the game offers, smallest first.
pub const SIZES: [usize; 7] = [3, 4, 5, 6, 7, 8, 9];

/// The original's size, and the default: 5×5.
pub const DEFAULT_SIZE: usize = 5;

/// The largest size: its `9 × 9 = 81` lights fit a `u128`.
pub const MAX_SIZE: usize = 9;

/// The 5×5 board's size (kept for the original game's constants).
pub const SIZE: usize = DEFAULT_SIZE;

/// The number of cells on the 5×5 board.
pub const CELLS: usize = SIZE * SIZE;

/// The bits of a board of `size` that stand for cells.
const fn all(size: usize) -> u128 {
    (1u128 << (size * size)) - 1
}

/// Two sets of presses that change nothing on the 5×5 board (each light in
/// them is switched an even number of times), from which every other such
/// set is made:
///
/// ```text
/// .###.   #.#.#
/// #.#.#   #.#.#
/// ##.##   .....
/// #.#.#   #.#.#
/// .###.   #.#.#
/// ```
///
/// A 5×5 board can be solved exactly when it has an even number of lights
/// on in each ([`Board::is_solvable`]; other sizes have their own,
/// [`quiet_patterns`]).
pub const QUIET: [u32; 2] = [
    0b01110_10101_11011_10101_01110,
    0b10101_10101_00000_10101_10101,
];

/// A basis of the press sets that change nothing on a board of `size` (the
/// press matrix's kernel): empty where every board can be solved (3, 6, 7,
/// 8), 4 sets on 4×4, the two of [`QUIET`] on 5×5, 8 on 9×9.
///
/// Found by light chasing from the dark board: a top row whose chase
/// leaves the board dark is a quiet set; those top rows form a space, and
/// its basis (by Gaussian elimination on the top rows) gives the sets'.
///
/// ```
/// use lights_out::board::quiet_patterns;
/// assert_eq!(quiet_patterns(4).len(), 4);
/// assert_eq!(quiet_patterns(5).len(), 2);
/// assert_eq!(quiet_patterns(7).len(), 0);
/// assert_eq!(quiet_patterns(9).len(), 8);
/// ```
pub fn quiet_patterns(size: usize) -> Vec<PressSet> {
    assert!(SIZES.contains(&size), "no {size}×{size} board");
    // The top rows whose chase leaves the board dark, reduced to a basis.
    let mut basis: Vec<(u32, PressSet)> = Vec::new();
    for top in 1..(1u32 << size) {
        let (board, presses) = Board::off(size).chase(top);
        if !board.is_solved() {
            continue;
        }
        let mut reduced = (top, presses);
        for &(b, set) in &basis {
            if reduced.0 ^ b < reduced.0 {
                reduced = (
                    reduced.0 ^ b,
                    PressSet::with_bits(size, reduced.1.bits ^ set.bits),
                );
            }
        }
        if reduced.0 != 0 {
            basis.push(reduced);
            basis.sort_by_key(|b| std::cmp::Reverse(b.0));
        }
    }
    basis.into_iter().map(|(_, set)| set).collect()
}

/// The position of one light.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row, 0 (top) to `size - 1`.
    pub row: usize,
    /// Column, 0 (left) to `size - 1`.
    pub col: usize,
}

impl Cell {
    /// The cell at `(row, col)`.
    ///
    /// # Panics
    /// If `row` or `col` is not below [`MAX_SIZE`].
    pub const fn new(row: usize, col: usize) -> Cell {
        assert!(
            row < MAX_SIZE && col < MAX_SIZE,
            "cell outside the largest board"
        );
        Cell { row, col }
    }

    /// Whether the cell is on a board of `size`.
    pub const fn is_on(self, size: usize) -> bool {
        self.row < size && self.col < size
    }

    /// The cell's bit index on a board of `size`, `row * size + col`.
    pub const fn index(self, size: usize) -> usize {
        self.row * size + self.col
    }

    /// The cell with bit index `index` on a board of `size`.
    ///
    /// # Panics
    /// If `index` is not below `size * size`.
    pub const fn from_index(index: usize, size: usize) -> Cell {
        assert!(index < size * size, "cell outside the board");
        Cell::new(index / size, index % size)
    }

    /// All the cells of a board of `size`, row by row.
    pub fn all(size: usize) -> impl Iterator<Item = Cell> {
        (0..size * size).map(move |i| Cell::from_index(i, size))
    }

    /// The cell's bit on a board of `size`.
    pub const fn bit(self, size: usize) -> u128 {
        1 << self.index(size)
    }

    /// The set of lights a press on this cell toggles on a board of `size`:
    /// the cell and its orthogonal neighbours that are on the board (3 at a
    /// corner, 4 on an edge, 5 inside), as a bit mask.
    pub const fn press_mask(self, size: usize) -> u128 {
        let index = self.index(size);
        let mut mask = 1 << index;
        if self.row > 0 {
            mask |= 1 << (index - size);
        }
        if self.row + 1 < size {
            mask |= 1 << (index + size);
        }
        if self.col > 0 {
            mask |= 1 << (index - 1);
        }
        if self.col + 1 < size {
            mask |= 1 << (index + 1);
        }
        mask
    }
}

/// A square board of lights, stored as a bit set, with its size.
///
/// Its text form (`Display` and `FromStr`) is `size` lines of `size`
/// characters, `#` for a lit light and `.` for an unlit one.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    bits: u128,
}

impl Default for Board {
    fn default() -> Board {
        Board::OFF
    }
}

impl Board {
    /// The 5×5 board with every light off: the solved board.
    pub const OFF: Board = Board::off(DEFAULT_SIZE);

    /// The 5×5 board with every light on.
    pub const ALL_ON: Board = Board::all_on(DEFAULT_SIZE);

    /// The board of `size` with every light off.
    ///
    /// # Panics
    /// If `size` is not one of [`SIZES`].
    pub const fn off(size: usize) -> Board {
        assert!(size >= SIZES[0] && size <= MAX_SIZE, "no such board size");
        Board {
            size: size as u8,
            bits: 0,
        }
    }

    /// The board of `size` with every light on.
    pub const fn all_on(size: usize) -> Board {
        Board::with_bits(size, u128::MAX)
    }

    /// The 5×5 board whose lit lights are the set bits of `bits` (bit
    /// `row * 5 + col`); bits from 25 up are ignored.
    pub const fn from_bits(bits: u128) -> Board {
        Board::with_bits(DEFAULT_SIZE, bits)
    }

    /// The board of `size` whose lit lights are the set bits of `bits` (bit
    /// `row * size + col`); bits from `size * size` up are ignored.
    pub const fn with_bits(size: usize, bits: u128) -> Board {
        let off = Board::off(size);
        Board {
            size: off.size,
            bits: bits & all(size),
        }
    }

    /// The number of rows, and of columns.
    pub const fn size(self) -> usize {
        self.size as usize
    }

    /// The lights as a bit set (bit `row * size + col` is set when lit).
    pub const fn bits(self) -> u128 {
        self.bits
    }

    /// All the cells of the board, row by row.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        Cell::all(self.size())
    }

    /// Whether the light at `cell` is on (`false` for a cell off the board).
    pub const fn is_lit(self, cell: Cell) -> bool {
        cell.is_on(self.size()) && self.bits & cell.bit(self.size()) != 0
    }

    /// Switches the light at `cell` on or off, alone (not a move of the game).
    ///
    /// # Panics
    /// If `cell` is not on the board.
    pub fn set(&mut self, cell: Cell, lit: bool) {
        assert!(cell.is_on(self.size()), "{cell:?} is off the board");
        if lit {
            self.bits |= cell.bit(self.size());
        } else {
            self.bits &= !cell.bit(self.size());
        }
    }

    /// Presses the button at `cell`: toggles that light and its orthogonal
    /// neighbours. Pressing the same cell twice changes nothing.
    ///
    /// # Panics
    /// If `cell` is not on the board.
    pub fn press(&mut self, cell: Cell) {
        assert!(cell.is_on(self.size()), "{cell:?} is off the board");
        self.bits ^= cell.press_mask(self.size());
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
        self.cells().filter(move |&cell| self.is_lit(cell))
    }

    /// Light chasing from the top row `top` (bit `col` set: press `(0,
    /// col)`): press those, then under every light still on, row by row,
    /// which clears every row but the last. Returns the board after, and the
    /// presses.
    fn chase(self, top: u32) -> (Board, PressSet) {
        let size = self.size();
        let row_mask = (1u128 << size) - 1;
        let mut board = self;
        let mut presses = PressSet::empty(size);
        for col in (0..size).filter(|col| top & (1 << col) != 0) {
            let cell = Cell::new(0, col);
            board.press(cell);
            presses.insert(cell);
        }
        for row in 1..size {
            let above = (board.bits >> ((row - 1) * size)) & row_mask;
            for col in (0..size).filter(|col| above & (1 << col) != 0) {
                let cell = Cell::new(row, col);
                board.press(cell);
                presses.insert(cell);
            }
        }
        (board, presses)
    }

    /// A shortest set of presses that turns every light off, or `None` when
    /// no set does (some 4×4, 5×5 and 9×9 boards cannot be solved).
    ///
    /// Works by "light chasing": for each of the `2^size` ways to press the
    /// top row, press under every light that is still on, row by row, which
    /// clears each row in turn; the choice is right when the bottom row ends
    /// up dark too. Every solution arises this way, since the top row's
    /// presses determine all the others, so the shortest one found is a
    /// shortest solution (where the kernel leaves a choice; of equally short
    /// ones, the first top row in counting order). Pressing a cell twice is
    /// the same as not pressing it, so a set of presses is all there is to a
    /// solution. At most 512 chases (9×9).
    pub fn solve(self) -> Option<PressSet> {
        let mut best: Option<PressSet> = None;
        for top in 0..(1u32 << self.size()) {
            let (board, presses) = self.chase(top);
            if board.is_solved() && best.is_none_or(|b| presses.len() < b.len()) {
                best = Some(presses);
            }
        }
        best
    }

    /// Whether some set of presses turns every light off.
    ///
    /// On 5×5 without solving: the boards presses make are exactly those
    /// with an even number of lights on in each of the two "quiet" patterns
    /// ([`QUIET`]), the press sets that change nothing, since the presses'
    /// matrix is symmetric and its kernel is spanned by them. Other sizes
    /// ask [`Board::solve`].
    pub fn is_solvable(self) -> bool {
        if self.size() == DEFAULT_SIZE {
            QUIET.iter().all(|&quiet| {
                (self.bits & u128::from(quiet))
                    .count_ones()
                    .is_multiple_of(2)
            })
        } else {
            self.solve().is_some()
        }
    }

    /// A 5×5 puzzle made from `seed` alone ([`Board::random_solvable_sized`]
    /// with the original's size).
    pub fn random_solvable(seed: u64) -> Board {
        Board::random_solvable_sized(DEFAULT_SIZE, seed)
    }

    /// A puzzle of `size` made from `seed` alone: the all-off board after a
    /// random set of presses (each light pressed with probability 1/2), so
    /// it is always solvable, drawn again until it is not already solved.
    /// The same size and seed give the same puzzle on every platform and in
    /// every version of this crate (the 5×5 puzzles are those of the
    /// versions that had no other size).
    ///
    /// # Panics
    /// If `size` is not one of [`SIZES`].
    pub fn random_solvable_sized(size: usize, seed: u64) -> Board {
        let mut rng = game_api::Rng::new(seed);
        loop {
            let mut bits = if size == DEFAULT_SIZE {
                // As the 5×5-only versions drew them.
                u128::from(rng.next_u64() as u32)
            } else {
                u128::from(rng.next_u64())
            };
            if size * size > 64 {
                bits |= u128::from(rng.next_u64()) << 64;
            }
            let presses = PressSet::with_bits(size, bits);
            let board = Board::off(size).pressed(&presses);
            // Only 2^k of the 2^(size²) press sets leave the board dark (k
            // the kernel's dimension: at most 8, on 9×9).
            if !board.is_solved() {
                return board;
            }
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.size();
        for row in 0..size {
            for col in 0..size {
                let lit = self.is_lit(Cell::new(row, col));
                f.write_str(if lit { "#" } else { "." })?;
            }
            if row + 1 < size {
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

    /// Reads `n` non-blank lines of `n` `#` (lit) or `.` (unlit)
    /// characters, `n` one of [`SIZES`]; leading and trailing whitespace on
    /// a line is ignored.
    fn from_str(text: &str) -> Result<Board, ParseBoardError> {
        let rows: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let size = rows.len();
        if !SIZES.contains(&size) {
            return Err(ParseBoardError(format!(
                "a board has {} to {MAX_SIZE} rows, this text has {size}",
                SIZES[0]
            )));
        }
        let mut board = Board::off(size);
        for (row, line) in rows.iter().enumerate() {
            if line.chars().count() != size {
                return Err(ParseBoardError(format!(
                    "row {} has {} characters, not {size}",
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

/// A set of cells to press on a board of some size, e.g. a solution from
/// [`Board::solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PressSet {
    size: u8,
    bits: u128,
}

impl Default for PressSet {
    fn default() -> PressSet {
        PressSet::EMPTY
    }
}

impl PressSet {
    /// No presses, on the 5×5 board.
    pub const EMPTY: PressSet = PressSet::empty(DEFAULT_SIZE);

    /// No presses on a board of `size`.
    pub const fn empty(size: usize) -> PressSet {
        PressSet::with_bits(size, 0)
    }

    /// The cells of the 5×5 board whose bits (`row * 5 + col`) are set;
    /// bits from 25 up are ignored.
    pub const fn from_bits(bits: u128) -> PressSet {
        PressSet::with_bits(DEFAULT_SIZE, bits)
    }

    /// The cells of a board of `size` whose bits (`row * size + col`) are
    /// set; bits from `size * size` up are ignored.
    pub const fn with_bits(size: usize, bits: u128) -> PressSet {
        let board = Board::with_bits(size, bits);
        PressSet {
            size: board.size,
            bits: board.bits,
        }
    }

    /// The size of the board the presses are on.
    pub const fn size(self) -> usize {
        self.size as usize
    }

    /// The set as bits (`row * size + col`).
    pub const fn bits(self) -> u128 {
        self.bits
    }

    /// Adds `cell`.
    ///
    /// # Panics
    /// If `cell` is not on the board.
    pub fn insert(&mut self, cell: Cell) {
        assert!(cell.is_on(self.size()), "{cell:?} is off the board");
        self.bits |= cell.bit(self.size());
    }

    /// Whether `cell` is in the set.
    pub const fn contains(self, cell: Cell) -> bool {
        cell.is_on(self.size()) && self.bits & cell.bit(self.size()) != 0
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
        Cell::all(self.size()).filter(move |&cell| self.contains(cell))
    }
}

/// Cells of the 5×5 board (for a set on another size, start from
/// [`PressSet::empty`] and [`PressSet::insert`]).
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
            let presses = PressSet::from_bits(quiet.into());
            assert_eq!(Board::OFF.pressed(&presses), Board::OFF);
            assert_eq!(Board::ALL_ON.pressed(&presses), Board::ALL_ON);
        }
        for i in 0..1u32 << 14 {
            let board = Board::from_bits((i.wrapping_mul(0x9E37_79B9) ^ (i << 11)).into());
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
            .filter(|i| Board::from_bits(i.wrapping_mul(0x9E37_79B9).into()).is_solvable())
            .count();
        assert!((800..1250).contains(&solvable), "{solvable}");
    }

    #[test]
    fn seeds_pin_puzzles() {
        assert_eq!(Board::random_solvable(7), Board::random_solvable(7));
        let distinct: BTreeSet<u128> = (0..100)
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

    #[test]
    fn the_5x5_quiet_patterns_are_the_kernel_found_by_chasing() {
        let mut found: Vec<u128> = quiet_patterns(5).iter().map(|q| q.bits()).collect();
        // The third quiet set is the sum of the two.
        let q = QUIET.map(u128::from);
        for f in &found {
            assert!([q[0], q[1], q[0] ^ q[1]].contains(f), "{f:b}");
        }
        found.dedup();
        assert_eq!(found.len(), 2);
    }

    #[test]
    fn each_size_has_its_kernel_and_its_quiet_sets_change_nothing() {
        for (size, dimension) in [(3, 0), (4, 4), (5, 2), (6, 0), (7, 0), (8, 0), (9, 8)] {
            let quiet = quiet_patterns(size);
            assert_eq!(quiet.len(), dimension, "{size}×{size}");
            for q in quiet {
                assert!(!q.is_empty());
                assert_eq!(Board::off(size).pressed(&q), Board::off(size));
            }
        }
    }

    #[test]
    fn boards_of_other_sizes_press_solve_and_print() {
        for size in SIZES {
            let mut board = Board::off(size);
            let corner = Cell::new(size - 1, size - 1);
            board.press(corner);
            assert_eq!(board.lit_count(), 3, "{size}");
            assert_eq!(board.solve().unwrap().iter().collect::<Vec<_>>(), [corner]);
            assert_eq!(board.to_string().parse::<Board>().unwrap(), board);
            assert_eq!(board.to_string().lines().count(), size);
            let all_on = Board::all_on(size);
            assert_eq!(all_on.lit_count() as usize, size * size);
            if let Some(presses) = all_on.solve() {
                assert!(all_on.pressed(&presses).is_solved(), "{size}");
            }
        }
        // A single lit corner is solvable exactly where there is no kernel.
        for size in SIZES {
            let mut board = Board::off(size);
            board.set(Cell::new(0, 0), true);
            assert_eq!(
                board.is_solvable(),
                quiet_patterns(size).is_empty(),
                "{size}"
            );
        }
    }

    #[test]
    fn the_solver_picks_a_shortest_of_the_solutions_the_kernel_allows() {
        for size in [4, 9] {
            let quiet = quiet_patterns(size);
            for seed in 0..20 {
                let board = Board::random_solvable_sized(size, seed);
                let best = board.solve().unwrap();
                // Every other solution is the best plus a quiet combination.
                for mask in 1..1u32 << quiet.len() {
                    let other = quiet
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| mask & (1 << i) != 0)
                        .fold(best.bits(), |bits, (_, q)| bits ^ q.bits());
                    let other = PressSet::with_bits(size, other);
                    assert!(board.pressed(&other).is_solved());
                    assert!(other.len() >= best.len(), "{size}×{size} seed {seed}");
                }
            }
        }
    }

    #[test]
    fn sizes_other_than_5_deal_their_own_puzzles() {
        for size in SIZES {
            let board = Board::random_solvable_sized(size, 1);
            assert_eq!(board.size(), size);
            assert!(!board.is_solved() && board.is_solvable(), "{board}");
        }
        assert_eq!(
            Board::random_solvable_sized(5, 77),
            Board::random_solvable(77)
        );
    }
}
