//! Positions on the hexagonal grid and the board of cells (§1.18.2, §1.18.4).
//!
//! The grid is a series of rows; odd rows are shifted right by half a cell.
//! A [`Pos`] names a position by its column `x` and row `y`. A board of size
//! `n` holds the `n × n` positions with `0 ≤ x, y < n`, except the two useless
//! corners `(0, 0)` and `(0, n-1)`.
//!
//! The board is stored as one flat byte array with a one-cell frame of
//! "outside" slots around it, so
//! the breadth-first search ([`crate::search`]) can step to the six
//! neighbours of a cell with fixed index offsets and no bounds arithmetic.

use std::fmt;

use crate::rng::Rng;

/// The smallest board size the game allows.
pub const MIN_SIZE: u32 = 3;

/// The largest board size this crate accepts.
///
/// The specification only asks for an odd size of at least 3; this bound
/// keeps memory bounded (about 5 MB per distance map at the limit) when a
/// size comes from untrusted text such as a game ID, while allowing the
/// 1001 × 1001 boards used by the benchmarks.
pub const MAX_SIZE: u32 = 1001;

/// The size of a new game's board (§1.18.10).
pub const DEFAULT_SIZE: u32 = 11;

/// The board sizes the game offers in its size choice and reads in saves.
pub const SIZES: [u32; 9] = [5, 7, 9, 11, 13, 15, 17, 19, 21];

/// A position on the hexagonal grid: column `x`, row `y` (the spec's `posn`).
///
/// Positions may lie outside any board: [`adjacent`] returns them for cells
/// on the edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// The column, counted from the left.
    pub x: i32,
    /// The row, counted from the top.
    pub y: i32,
}

impl Pos {
    /// The position in column `x` of row `y`.
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

impl From<(i32, i32)> for Pos {
    fn from((x, y): (i32, i32)) -> Pos {
        Pos::new(x, y)
    }
}

/// Why a board size was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeError {
    /// The size is even; the board needs a centre cell for the cat.
    Even(u32),
    /// The size is below [`MIN_SIZE`].
    TooSmall(u32),
    /// The size is above [`MAX_SIZE`].
    TooLarge(u32),
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SizeError::Even(n) => write!(f, "board size {n} is even; it must be odd"),
            SizeError::TooSmall(n) => {
                write!(
                    f,
                    "board size {n} is too small; it must be at least {MIN_SIZE}"
                )
            }
            SizeError::TooLarge(n) => {
                write!(
                    f,
                    "board size {n} is too large; it must be at most {MAX_SIZE}"
                )
            }
        }
    }
}

impl std::error::Error for SizeError {}

/// Checks that `size` is a valid board size: odd, at least [`MIN_SIZE`] and
/// at most [`MAX_SIZE`].
///
/// ```
/// use chat_noir::board::{check_size, SizeError};
/// assert_eq!(check_size(11), Ok(()));
/// assert_eq!(check_size(4), Err(SizeError::Even(4)));
/// assert_eq!(check_size(1), Err(SizeError::TooSmall(1)));
/// ```
pub fn check_size(size: u32) -> Result<(), SizeError> {
    if size < MIN_SIZE {
        Err(SizeError::TooSmall(size))
    } else if size > MAX_SIZE {
        Err(SizeError::TooLarge(size))
    } else if size.is_multiple_of(2) {
        Err(SizeError::Even(size))
    } else {
        Ok(())
    }
}

/// The six positions adjacent to `p`, whether or not they are on a board
/// (the spec's `adjacent`), in the spec's order: the two above, left, right,
/// the two below.
///
/// ```
/// use chat_noir::{adjacent, Pos};
/// assert_eq!(
///     adjacent(Pos::new(0, 1)),
///     [(0, 0), (1, 0), (-1, 1), (1, 1), (0, 2), (1, 2)].map(Pos::from),
/// );
/// ```
pub fn adjacent(p: Pos) -> [Pos; 6] {
    let Pos { x, y } = p;
    if y % 2 == 0 {
        [
            Pos::new(x - 1, y - 1),
            Pos::new(x, y - 1),
            Pos::new(x - 1, y),
            Pos::new(x + 1, y),
            Pos::new(x - 1, y + 1),
            Pos::new(x, y + 1),
        ]
    } else {
        [
            Pos::new(x, y - 1),
            Pos::new(x + 1, y - 1),
            Pos::new(x - 1, y),
            Pos::new(x + 1, y),
            Pos::new(x, y + 1),
            Pos::new(x + 1, y + 1),
        ]
    }
}

/// Whether `p` would be on the boundary of a board of size `size`: in the
/// first or last row or column (the spec's `on-boundary?`; it does not
/// special-case the removed corners).
pub fn on_boundary(p: Pos, size: u32) -> bool {
    let last = size as i64 - 1;
    p.x == 0 || p.y == 0 || i64::from(p.x) == last || i64::from(p.y) == last
}

/// Whether `p` is a cell of a board of size `size`: inside the square and not
/// one of the two removed corners `(0, 0)` and `(0, size-1)` (the spec's
/// `in-bounds?`).
pub fn in_bounds(p: Pos, size: u32) -> bool {
    let n = i64::from(size);
    let (x, y) = (i64::from(p.x), i64::from(p.y));
    (0..n).contains(&x) && (0..n).contains(&y) && !(x == 0 && (y == 0 || y == n - 1))
}

/// The number of cells of a board of size `size`: `size² − 2`.
pub const fn cell_count(size: u32) -> usize {
    (size as usize) * (size as usize) - 2
}

/// Slot contents of the flat board array.
pub(crate) const OPEN: u8 = 0;
pub(crate) const BLOCKED: u8 = 1;
pub(crate) const OUTSIDE: u8 = 2;

/// The padded flat layout shared by [`Board`] and
/// [`crate::search::DistanceMap`]: slot of `(x, y)` is
/// `(y + 1) · stride + (x + 1)` with `stride = size + 2`.
///
/// The stride is deliberately not a power of two: with one, the cells of a
/// column would map to the same few cache sets and large searches would
/// thrash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Layout {
    pub(crate) size: u32,
}

impl Layout {
    pub(crate) fn new(size: u32) -> Layout {
        Layout { size }
    }

    /// Slots in a row: `size + 2`.
    pub(crate) fn stride(self) -> usize {
        self.size as usize + 2
    }

    /// Total slots: `size + 2` rows.
    pub(crate) fn len(self) -> usize {
        self.stride() * self.stride()
    }

    /// The slot of an in-bounds position.
    pub(crate) fn slot_unchecked(self, x: u32, y: u32) -> usize {
        (y as usize + 1) * self.stride() + x as usize + 1
    }

    /// The slot of `p` if `p` is a cell.
    pub(crate) fn slot(self, p: Pos) -> Option<usize> {
        in_bounds(p, self.size).then(|| self.slot_unchecked(p.x as u32, p.y as u32))
    }

    /// The slots of the cells on the boundary with their rows, in no
    /// particular order (each once).
    pub(crate) fn boundary_slots(self) -> impl Iterator<Item = (usize, u32)> {
        let n = self.size;
        let rows = [0, n - 1]
            .into_iter()
            .flat_map(move |y| (0..n).map(move |x| (x, y)));
        let cols = (1..n - 1).flat_map(move |y| [(0, y), (n - 1, y)]);
        rows.chain(cols)
            .filter(move |&(x, y)| !(x == 0 && (y == 0 || y == n - 1)))
            .map(move |(x, y)| (self.slot_unchecked(x, y), y))
    }

    /// All cells in the spec's order: by column `x`, then row `y`
    /// (as `empty-board` builds them).
    pub(crate) fn positions(self) -> impl Iterator<Item = Pos> {
        let n = self.size as i32;
        let size = self.size;
        (0..n)
            .flat_map(move |x| (0..n).map(move |y| Pos::new(x, y)))
            .filter(move |&p| in_bounds(p, size))
    }
}

/// The cells of a board and which of them are blocked (the spec's list of
/// `cell`s, stored as a flat array).
///
/// ```
/// use chat_noir::{Board, Pos};
/// let mut board = Board::empty(3)?;
/// assert_eq!(board.cells().count(), 7);
/// assert!(board.block(Pos::new(1, 0)));
/// assert!(board.is_blocked(Pos::new(1, 0)));
/// assert!(!board.block(Pos::new(0, 0))); // a removed corner is no cell
/// # Ok::<(), chat_noir::SizeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    layout: Layout,
    slots: Vec<u8>,
    blocked: usize,
}

impl Board {
    /// The empty board of size `size`: every cell present and unblocked
    /// (the spec's `empty-board`).
    ///
    /// # Errors
    ///
    /// Refuses sizes that are even, below [`MIN_SIZE`] or above [`MAX_SIZE`].
    pub fn empty(size: u32) -> Result<Board, SizeError> {
        check_size(size)?;
        let layout = Layout::new(size);
        let mut slots = vec![OUTSIDE; layout.len()];
        for y in 0..size {
            let row = layout.slot_unchecked(0, y);
            slots[row..row + size as usize].fill(OPEN);
        }
        slots[layout.slot_unchecked(0, 0)] = OUTSIDE;
        slots[layout.slot_unchecked(0, size - 1)] = OUTSIDE;
        Ok(Board {
            layout,
            slots,
            blocked: 0,
        })
    }

    /// The board's size (the number of rows, and of columns).
    pub fn size(&self) -> u32 {
        self.layout.size
    }

    /// Whether `p` is a cell of this board (see [`in_bounds`]).
    pub fn contains(&self, p: Pos) -> bool {
        in_bounds(p, self.size())
    }

    /// Whether `p` is a blocked cell of this board (`false` for positions
    /// that are not cells).
    pub fn is_blocked(&self, p: Pos) -> bool {
        self.layout
            .slot(p)
            .is_some_and(|s| self.slots[s] == BLOCKED)
    }

    /// Blocks the cell at `p` (the spec's `block-cell`). Returns `true` if
    /// the cell was unblocked before, `false` if it was already blocked or
    /// `p` is not a cell of this board (then nothing changes).
    pub fn block(&mut self, p: Pos) -> bool {
        match self.layout.slot(p) {
            Some(s) if self.slots[s] == OPEN => {
                self.slots[s] = BLOCKED;
                self.blocked += 1;
                true
            }
            _ => false,
        }
    }

    /// This board with the cells at `cells` blocked (positions that are
    /// not cells are ignored).
    pub fn with_blocked<P: Into<Pos>>(mut self, cells: impl IntoIterator<Item = P>) -> Board {
        for p in cells {
            self.block(p.into());
        }
        self
    }

    /// Every cell with whether it is blocked, in the spec's order (by
    /// column `x`, then row `y`, as `empty-board` lists them).
    pub fn cells(&self) -> impl Iterator<Item = (Pos, bool)> + '_ {
        self.layout.positions().map(move |p| {
            let s = self.layout.slot_unchecked(p.x as u32, p.y as u32);
            (p, self.slots[s] == BLOCKED)
        })
    }

    /// The number of cells: `size² − 2`.
    pub fn cell_count(&self) -> usize {
        cell_count(self.size())
    }

    /// The number of blocked cells.
    pub fn blocked_count(&self) -> usize {
        self.blocked
    }

    /// Whether every cell blocked on `other` is blocked on this board too
    /// (`false` for boards of different sizes).
    ///
    /// ```
    /// use chat_noir::Board;
    /// let some = Board::empty(5)?.with_blocked([(1, 1)]);
    /// let more = some.clone().with_blocked([(2, 3)]);
    /// assert!(more.blocks_all_of(&some) && !some.blocks_all_of(&more));
    /// # Ok::<(), chat_noir::SizeError>(())
    /// ```
    pub fn blocks_all_of(&self, other: &Board) -> bool {
        self.size() == other.size()
            && self
                .slots
                .iter()
                .zip(&other.slots)
                .all(|(&mine, &theirs)| theirs != BLOCKED || mine == BLOCKED)
    }

    /// Whether `p` is on this board's boundary (see [`on_boundary`]).
    pub fn on_boundary(&self, p: Pos) -> bool {
        on_boundary(p, self.size())
    }

    /// The position of the centre cell, where the cat starts.
    pub fn centre(&self) -> Pos {
        let c = (self.size() / 2) as i32;
        Pos::new(c, c)
    }

    /// Blocks `n` randomly chosen unblocked cells other than `avoid` (the
    /// spec's `add-n-random-blocked-cells`, with `avoid` the cat's cell).
    /// Returns how many cells were blocked: `n`, or fewer if fewer
    /// candidates exist (the spec leaves that case undefined).
    ///
    /// The draw is part of the reproducibility contract: the candidates are
    /// listed in the order of [`Board::cells`]; then `n` times, `i =
    /// rng.below(candidates)` is drawn, candidate `i` is blocked and removed
    /// by moving the last candidate into its place.
    pub fn add_random_blocked(&mut self, n: usize, avoid: Pos, rng: &mut Rng) -> usize {
        let mut candidates: Vec<Pos> = self
            .cells()
            .filter(|&(p, blocked)| !blocked && p != avoid)
            .map(|(p, _)| p)
            .collect();
        let mut done = 0;
        while done < n && !candidates.is_empty() {
            let i = rng.below(candidates.len());
            let p = candidates.swap_remove(i);
            self.block(p);
            done += 1;
        }
        done
    }

    pub(crate) fn layout(&self) -> Layout {
        self.layout
    }

    pub(crate) fn slots(&self) -> &[u8] {
        &self.slots
    }
}
