//! The rules of Same, free of the launcher: a board of coloured dots, the
//! groups of touching dots of one colour (found by flood fill), removing a
//! group (the dots above fall, emptied columns close up to the left) and
//! whether any move is left.
//!
//! Cells are named by column and row, both from 0, row 0 at the top; dots
//! fall towards the last row. A colour is a number from 0 to
//! [`MAX_COLOURS`]` - 1`.
//!
//! ```
//! use same::board::{Board, Cell};
//! // Two dots of colour 0 (written 1) on a pair of colour 1 (written 2).
//! let mut board: Board = "1./1./22".parse().unwrap();
//! assert_eq!(board.group(Cell::new(0, 0)).len(), 2);
//! let removal = board.remove(Cell::new(0, 1)).unwrap();
//! assert_eq!(removal.removed.len(), 2);
//! assert_eq!(board.to_string(), "../../22");
//! assert!(board.has_move());
//! ```

use std::fmt;
use std::str::FromStr;

/// The most colours a board can have.
pub const MAX_COLOURS: usize = 6;

/// A cell of the board: its column from the left and its row from the top,
/// both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The column, from 0 at the left.
    pub col: usize,
    /// The row, from 0 at the top.
    pub row: usize,
}

impl Cell {
    /// The cell in column `col` and row `row`.
    pub const fn new(col: usize, row: usize) -> Cell {
        Cell { col, row }
    }
}

/// What one removal did: the colour and the cells of the group removed, and
/// where each dot that moved went (from its cell before the removal to its
/// cell after it: falling down, then sliding left into emptied columns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removal {
    /// The colour of the group.
    pub colour: u8,
    /// The cells the group filled, before it went.
    pub removed: Vec<Cell>,
    /// Each dot that moved: `(from, to)`.
    pub moved: Vec<(Cell, Cell)>,
}

/// A board of dots: `width` columns of `height` cells, each empty or holding
/// a dot of one colour.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    height: usize,
    /// Row by row from the top: 0 for an empty cell, `colour + 1` for a dot.
    cells: Vec<u8>,
}

impl Board {
    /// An empty board of `width` columns and `height` rows.
    ///
    /// # Panics
    ///
    /// When either side is 0.
    pub fn empty(width: usize, height: usize) -> Board {
        assert!(width > 0 && height > 0, "a board has cells");
        Board {
            width,
            height,
            cells: vec![0; width * height],
        }
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `cell` is on the board.
    pub fn contains(&self, cell: Cell) -> bool {
        cell.col < self.width && cell.row < self.height
    }

    fn index(&self, cell: Cell) -> usize {
        cell.row * self.width + cell.col
    }

    /// The colour of the dot at `cell`, or `None` when it is empty or off
    /// the board.
    pub fn get(&self, cell: Cell) -> Option<u8> {
        if !self.contains(cell) {
            return None;
        }
        self.cells[self.index(cell)].checked_sub(1)
    }

    /// Puts a dot of `colour` at `cell`, or empties it with `None`.
    ///
    /// # Panics
    ///
    /// When `cell` is off the board or the colour is not below
    /// [`MAX_COLOURS`].
    pub fn set(&mut self, cell: Cell, colour: Option<u8>) {
        assert!(self.contains(cell), "{cell:?} is off the board");
        let value = match colour {
            Some(c) => {
                assert!((c as usize) < MAX_COLOURS, "colour {c}");
                c + 1
            }
            None => 0,
        };
        let i = self.index(cell);
        self.cells[i] = value;
    }

    /// Every cell, row by row from the top.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        let (width, height) = (self.width, self.height);
        (0..height).flat_map(move |row| (0..width).map(move |col| Cell::new(col, row)))
    }

    /// The cells that hold a dot, with its colour, row by row from the top.
    pub fn dots(&self) -> impl Iterator<Item = (Cell, u8)> + '_ {
        self.cells()
            .filter_map(|cell| self.get(cell).map(|colour| (cell, colour)))
    }

    /// How many dots are left.
    pub fn dot_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c != 0).count()
    }

    /// Whether every dot is gone.
    pub fn is_cleared(&self) -> bool {
        self.cells.iter().all(|&c| c == 0)
    }

    /// How many dots of each colour are left.
    pub fn colour_counts(&self) -> [usize; MAX_COLOURS] {
        let mut counts = [0; MAX_COLOURS];
        for &c in &self.cells {
            if c != 0 {
                counts[c as usize - 1] += 1;
            }
        }
        counts
    }

    /// The number of colours the board is played with: one more than the
    /// highest colour on it (0 when it is empty).
    pub fn colours(&self) -> usize {
        self.cells.iter().copied().max().unwrap_or(0) as usize
    }

    /// The cells beside `cell` (above, below, left and right) that are on
    /// the board.
    pub fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + use<> {
        let (width, height) = (self.width, self.height);
        let Cell { col, row } = cell;
        [
            (col.checked_sub(1), Some(row)),
            (Some(col + 1), Some(row)),
            (Some(col), row.checked_sub(1)),
            (Some(col), Some(row + 1)),
        ]
        .into_iter()
        .filter_map(move |(c, r)| {
            let (c, r) = (c?, r?);
            (c < width && r < height).then_some(Cell::new(c, r))
        })
    }

    /// The group of `cell`: it and every dot of its colour joined to it
    /// through dots of that colour side by side (not diagonally), found by
    /// flood fill, in the order found. Empty when `cell` is empty or off
    /// the board; one cell for a lone dot.
    pub fn group(&self, cell: Cell) -> Vec<Cell> {
        let Some(colour) = self.get(cell) else {
            return Vec::new();
        };
        let mut seen = vec![false; self.cells.len()];
        seen[self.index(cell)] = true;
        let mut group = vec![cell];
        let mut next = 0;
        while next < group.len() {
            let here = group[next];
            next += 1;
            for n in self.neighbours(here) {
                let i = self.index(n);
                if !seen[i] && self.get(n) == Some(colour) {
                    seen[i] = true;
                    group.push(n);
                }
            }
        }
        group
    }

    /// How many dots a click on `cell` would remove: the size of its group
    /// when that is two or more, otherwise 0.
    pub fn removable(&self, cell: Cell) -> usize {
        match self.group(cell).len() {
            n if n >= 2 => n,
            _ => 0,
        }
    }

    /// Whether a click somewhere would remove dots: two dots of one colour
    /// side by side.
    pub fn has_move(&self) -> bool {
        self.dots().any(|(cell, colour)| {
            // Looking right and down finds every touching pair once.
            [
                Cell::new(cell.col + 1, cell.row),
                Cell::new(cell.col, cell.row + 1),
            ]
            .into_iter()
            .any(|n| self.get(n) == Some(colour))
        })
    }

    /// Every group on the board, each in flood-fill order, in the reading
    /// order of its first cell (the group's top-left-most cell in row
    /// order). Lone dots are groups of one.
    pub fn groups(&self) -> Vec<Vec<Cell>> {
        let mut seen = vec![false; self.cells.len()];
        let mut groups = Vec::new();
        for (cell, _) in self.dots() {
            if seen[self.index(cell)] {
                continue;
            }
            let group = self.group(cell);
            for &c in &group {
                seen[self.index(c)] = true;
            }
            groups.push(group);
        }
        groups
    }

    /// The size of each cell's group, row by row from the top (0 for an
    /// empty cell): every group found once, for labelling every dot.
    pub fn group_sizes(&self) -> Vec<usize> {
        let mut sizes = vec![0; self.cells.len()];
        for group in self.groups() {
            for &c in &group {
                sizes[self.index(c)] = group.len();
            }
        }
        sizes
    }

    /// Whether the board is as gravity leaves it: no dot above an empty
    /// cell, and no empty column left of a column with dots.
    pub fn is_settled(&self) -> bool {
        let floating = self.cells().any(|c| {
            self.get(c).is_some()
                && c.row + 1 < self.height
                && self.get(Cell::new(c.col, c.row + 1)).is_none()
        });
        let column_empty = |col: usize| self.get(Cell::new(col, self.height - 1)).is_none();
        let gap = (1..self.width).any(|col| column_empty(col - 1) && !column_empty(col));
        !floating && !gap
    }

    /// Clicks `cell`: when its group has two dots or more, removes it, lets
    /// the dots above fall into the cells it leaves, and closes every
    /// column left empty by sliding the columns to its right one to the
    /// left (as the original's `make-a-move` does). Returns what happened,
    /// or `None` (and changes nothing) for a lone dot, an empty cell or a
    /// cell off the board.
    pub fn remove(&mut self, cell: Cell) -> Option<Removal> {
        let group = self.group(cell);
        if group.len() < 2 {
            return None;
        }
        let colour = self.get(cell)?;
        for &c in &group {
            self.set(c, None);
        }
        // Each column's dots from the bottom up, with the rows they were
        // in; a column without dots is closed.
        let mut columns: Vec<(usize, Vec<(usize, u8)>)> = Vec::with_capacity(self.width);
        for col in 0..self.width {
            let dots: Vec<(usize, u8)> = (0..self.height)
                .rev()
                .filter_map(|row| self.get(Cell::new(col, row)).map(|c| (row, c)))
                .collect();
            if !dots.is_empty() {
                columns.push((col, dots));
            }
        }
        self.cells.fill(0);
        let mut moved = Vec::new();
        for (new_col, (old_col, dots)) in columns.into_iter().enumerate() {
            for (k, (old_row, c)) in dots.into_iter().enumerate() {
                let to = Cell::new(new_col, self.height - 1 - k);
                let from = Cell::new(old_col, old_row);
                self.set(to, Some(c));
                if from != to {
                    moved.push((from, to));
                }
            }
        }
        Some(Removal {
            colour,
            removed: group,
            moved,
        })
    }
}

/// A board as text: its rows from the top with `/` between them, each cell
/// a digit from 1 to 6 for a dot of colour 0 to 5, or `.` when empty.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(self.cells.len() + self.height);
        for row in 0..self.height {
            if row > 0 {
                text.push('/');
            }
            for col in 0..self.width {
                text.push(match self.cells[row * self.width + col] {
                    0 => '.',
                    c => char::from(b'0' + c),
                });
            }
        }
        f.write_str(&text)
    }
}

/// Why a text is not a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing was given.
    Empty,
    /// A row (counted from 1) has a character that is neither a digit from
    /// 1 to 6 nor `.`.
    Character {
        /// The row, from 1.
        row: usize,
        /// The character.
        found: char,
    },
    /// A row (counted from 1) is not as long as the first.
    Ragged {
        /// The row, from 1.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A row is empty.
    EmptyRow {
        /// The row, from 1.
        row: usize,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "there are no rows"),
            ParseError::Character { row, found } => write!(
                f,
                "row {row} has {found:?}, but a dot is a digit from 1 to {MAX_COLOURS} (and an empty cell a '.')"
            ),
            ParseError::Ragged { row, len, expected } => write!(
                f,
                "row {row} has {len} cells, but the first row has {expected}"
            ),
            ParseError::EmptyRow { row } => write!(f, "row {row} is empty"),
        }
    }
}

impl std::error::Error for ParseError {}

impl FromStr for Board {
    type Err = ParseError;

    /// Reads a board written as [`Board`]'s `Display` writes it.
    fn from_str(text: &str) -> Result<Board, ParseError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseError::Empty);
        }
        let rows: Vec<&str> = text.split('/').collect();
        let width = rows[0].chars().count();
        let mut cells = Vec::with_capacity(width * rows.len());
        for (i, line) in rows.iter().enumerate() {
            let row = i + 1;
            for found in line.chars() {
                cells.push(match found {
                    '.' => 0,
                    '1'..='6' => found as u8 - b'0',
                    _ => return Err(ParseError::Character { row, found }),
                });
            }
            let len = line.chars().count();
            if len == 0 {
                return Err(ParseError::EmptyRow { row });
            }
            if len != width {
                return Err(ParseError::Ragged {
                    row,
                    len,
                    expected: width,
                });
            }
        }
        Ok(Board {
            width,
            height: rows.len(),
            cells,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    /// The group of `cell` found without a flood fill: start from the cell
    /// and add every same-coloured dot beside one already in, until nothing
    /// changes (the transitive closure of "touching and same colour").
    fn brute_force_group(board: &Board, cell: Cell) -> BTreeSet<Cell> {
        let Some(colour) = board.get(cell) else {
            return BTreeSet::new();
        };
        let mut group = BTreeSet::from([cell]);
        loop {
            let before = group.len();
            for c in board.cells() {
                let touches = group
                    .iter()
                    .any(|g| (g.col.abs_diff(c.col) + g.row.abs_diff(c.row)) == 1);
                if board.get(c) == Some(colour) && touches {
                    group.insert(c);
                }
            }
            if group.len() == before {
                return group;
            }
        }
    }

    #[test]
    fn flood_fill_agrees_with_the_brute_force_on_every_cell() {
        for seed in 0..40 {
            let b = crate::deal::deal(9, 7, 2 + (seed as usize % 4), seed);
            for cell in b.cells() {
                let group: BTreeSet<Cell> = b.group(cell).into_iter().collect();
                assert_eq!(group, brute_force_group(&b, cell), "{b} at {cell:?}");
                assert_eq!(b.group(cell).len(), group.len(), "no cell twice");
            }
        }
    }

    #[test]
    fn groups_join_side_by_side_never_diagonally() {
        let b = board("12/21");
        for cell in b.cells() {
            assert_eq!(b.group(cell), [cell]);
        }
        assert!(!b.has_move());
        // The 1s bend down at column 2; the 2s wrap round them.
        let b = board("1112/2212/2222");
        let ones: BTreeSet<Cell> = b.group(Cell::new(0, 0)).into_iter().collect();
        assert_eq!(
            ones,
            BTreeSet::from([(0, 0), (1, 0), (2, 0), (2, 1)].map(|(c, r)| Cell::new(c, r)))
        );
        assert_eq!(b.group(Cell::new(2, 1)).len(), 4);
        assert_eq!(b.group(Cell::new(3, 0)).len(), 8);
        assert_eq!(b.removable(Cell::new(3, 0)), 8);
        assert_eq!(b.groups().len(), 2);
        assert_eq!(b.group(Cell::new(9, 9)), []);
    }

    #[test]
    fn the_dots_above_fall_into_the_cells_a_group_leaves() {
        let mut b = board("3.../1.../22../2134");
        // The two reds in column 1 and 2's corner: (0,2), (1,2), (0,3).
        let removal = b.remove(Cell::new(0, 3)).unwrap();
        assert_eq!(removal.colour, 1);
        assert_eq!(removal.removed.len(), 3);
        assert_eq!(b.to_string(), "..../..../3.../1134");
        assert_eq!(
            removal.moved.iter().copied().collect::<BTreeSet<_>>(),
            BTreeSet::from([
                (Cell::new(0, 0), Cell::new(0, 2)),
                (Cell::new(0, 1), Cell::new(0, 3)),
            ])
        );
        assert!(b.is_settled());
    }

    #[test]
    fn emptied_columns_close_up_to_the_left() {
        // Column 1 is all 2s: removing it slides columns 2 and 3 left.
        let mut b = board(".2../12.3/1214");
        let removal = b.remove(Cell::new(1, 2)).unwrap();
        assert_eq!(removal.removed.len(), 3);
        assert_eq!(b.to_string(), "..../1.3./114.");
        assert!(b.is_settled());
        assert!(removal.moved.contains(&(Cell::new(3, 1), Cell::new(2, 1))));
        // Two columns emptied at once, not side by side.
        let mut b = board("1213/1213");
        b.remove(Cell::new(1, 0)).unwrap();
        assert_eq!(b.to_string(), "113./113.");
        // The last column emptied: nothing slides.
        let mut b = board("13/12/12");
        let removal = b.remove(Cell::new(1, 2)).unwrap();
        assert_eq!(b.to_string(), "1./1./13");
        assert_eq!(removal.moved, [(Cell::new(1, 0), Cell::new(1, 2))]);
    }

    /// The rule book's example (the original's scribblings): a 6×6 board of
    /// alternating blue and red with a green column of three, a purple pair
    /// above it, and brown dots either side of the green's foot.
    #[test]
    fn the_manuals_worked_example() {
        // Colours as the original lists them: 0 blue, 1 red, 2 brown,
        // 3 green, 4 purple; the example indexes cells as (i, j) = (col, row).
        let mut b = Board::empty(6, 6);
        for cell in b.cells().collect::<Vec<_>>() {
            let (i, j) = (cell.col, cell.row);
            let colour = if i == 4 && (3..=5).contains(&j) {
                3
            } else if i == 4 && (1..=2).contains(&j) {
                4
            } else if (i == 3 || i == 5) && j == 5 {
                2
            } else {
                ((i + j) % 2) as u8
            };
            b.set(cell, Some(colour));
        }
        assert_eq!(b.to_string(), "121212/212151/121252/212141/121242/212343");
        // "There are two places where we can click, on the green blob or on
        // the purple one."
        let clickable: Vec<usize> = b
            .groups()
            .iter()
            .map(Vec::len)
            .filter(|&n| n >= 2)
            .collect();
        assert_eq!(clickable, [2, 3]);
        // Clicking the green one: a horizontal blue blob appears at the
        // blue that fell, joined to two blues beside it.
        let mut two = b.clone();
        assert_eq!(two.remove(Cell::new(4, 3)).unwrap().removed.len(), 3);
        let blue = two.group(Cell::new(4, 3));
        assert_eq!(blue.len(), 3);
        assert!(blue.iter().all(|c| c.row == 3));
        // Then the purple: the blue keeps falling, next to browns, and no
        // blob is left but what was there.
        let mut three = two.clone();
        assert_eq!(three.remove(Cell::new(4, 5)).unwrap().removed.len(), 2);
        assert_eq!(three.get(Cell::new(4, 5)), Some(0));
        assert_eq!(three.removable(Cell::new(4, 5)), 0);
        // Or the blue blob first, then the purple: the purple was alone in
        // its column, so the column closes and column 5 slides left.
        let mut four = two.clone();
        assert_eq!(four.remove(Cell::new(4, 3)).unwrap().removed.len(), 3);
        let mut five = four.clone();
        assert_eq!(five.remove(Cell::new(4, 5)).unwrap().removed.len(), 2);
        assert_eq!(five.get(Cell::new(5, 5)), None);
        assert_eq!(five.get(Cell::new(4, 5)), Some(2));
        assert!(five.is_settled());
    }

    #[test]
    fn group_sizes_are_each_cells_group() {
        for seed in 0..20 {
            let b = crate::deal::deal(8, 6, 4, seed);
            let sizes = b.group_sizes();
            for (i, cell) in b.cells().enumerate() {
                assert_eq!(sizes[i], b.group(cell).len());
            }
        }
        assert_eq!(board("1./12").group_sizes(), [2, 0, 2, 1]);
    }

    #[test]
    fn a_lone_dot_an_empty_cell_or_a_cell_off_the_board_is_no_move() {
        let mut b = board("1./21");
        let before = b.clone();
        assert_eq!(b.remove(Cell::new(0, 0)), None);
        assert_eq!(b.remove(Cell::new(1, 0)), None);
        assert_eq!(b.remove(Cell::new(5, 5)), None);
        assert_eq!(b, before);
        assert!(!b.has_move());
    }

    #[test]
    fn has_move_is_whether_any_group_has_two_dots() {
        for seed in 0..200 {
            let mut b = crate::deal::deal(5, 4, 6, seed);
            // Play the first group until none is left, checking each time.
            loop {
                let any = b.groups().iter().any(|g| g.len() >= 2);
                assert_eq!(b.has_move(), any, "{b}");
                let Some(group) = b.groups().into_iter().find(|g| g.len() >= 2) else {
                    break;
                };
                b.remove(group[0]).unwrap();
            }
        }
        assert!(!Board::empty(3, 3).has_move());
    }

    #[test]
    fn text_round_trips_and_bad_text_is_refused() {
        let b = board("12./3.6");
        assert_eq!((b.width(), b.height()), (3, 2));
        assert_eq!(b.get(Cell::new(2, 1)), Some(5));
        assert_eq!(b.colours(), 6);
        assert_eq!(b.to_string().parse::<Board>(), Ok(b));
        assert_eq!("".parse::<Board>(), Err(ParseError::Empty));
        assert_eq!(
            "12/1x".parse::<Board>(),
            Err(ParseError::Character { row: 2, found: 'x' })
        );
        assert_eq!(
            "12/7".parse::<Board>(),
            Err(ParseError::Character { row: 2, found: '7' })
        );
        assert_eq!(
            "12/123".parse::<Board>(),
            Err(ParseError::Ragged {
                row: 2,
                len: 3,
                expected: 2
            })
        );
        assert_eq!(
            "12//12".parse::<Board>(),
            Err(ParseError::EmptyRow { row: 2 })
        );
    }

    #[test]
    fn settled_means_no_floating_dot_and_no_gap_column() {
        assert!(board("../1./12").is_settled());
        assert!(!board("1./../12").is_settled(), "a dot floats");
        assert!(
            !board("../.1/.1").is_settled(),
            "an empty column left of dots"
        );
        assert!(Board::empty(2, 2).is_settled());
    }
}
