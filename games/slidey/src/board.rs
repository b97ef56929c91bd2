//! The rules of Slidey, free of the launcher: a grid of numbered tiles
//! (2 to 30 across and down, as the original's) with one gap, slides, the
//! win, solvability and the seeded shuffle.
//!
//! Tiles are numbered from 1 in reading order of their home cells (tile 1
//! belongs top-left, the last just left of the bottom-right corner);
//! the gap's home is the bottom-right corner, as in the original, whose
//! puzzle leaves that corner's piece out.
//!
//! ```
//! use slidey::board::{Board, Cell, Dir};
//! let mut board = Board::solved(3);
//! assert!(board.is_solved());
//! assert_eq!(board.gap(), Cell::new(2, 2));
//! // Clicking the top-right tile slides it and the tile below it down.
//! assert_eq!(board.slide_cell(Cell::new(0, 2)).map(|s| s.tiles.len()), Some(2));
//! assert_eq!(board.gap(), Cell::new(0, 2));
//! assert!(!board.is_solved());
//! // The arrow key Down slides the tile above the gap down: none here.
//! assert!(board.slide(Dir::Down).is_none());
//! assert!(board.slide(Dir::Up).is_some());
//! ```

use std::fmt;

use game_api::Rng;

/// The fewest tiles across, or down, a grid has (the original's 2).
pub const MIN_SIZE: usize = 2;
/// The most tiles across, or down, a grid has (the original's 30).
pub const MAX_SIZE: usize = 30;
/// The original's grid for its own picture: 6×6.
pub const DEFAULT_SIZE: Size = Size::square(6);

/// A grid's size: tiles across (columns) and down (rows), each from
/// [`MIN_SIZE`] to [`MAX_SIZE`]. A number is the square of that side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    /// Tiles across.
    pub cols: usize,
    /// Tiles down.
    pub rows: usize,
}

impl Size {
    /// `cols` across and `rows` down.
    pub const fn new(cols: usize, rows: usize) -> Size {
        Size { cols, rows }
    }

    /// `n` across and `n` down.
    pub const fn square(n: usize) -> Size {
        Size { cols: n, rows: n }
    }

    /// Cells in the grid.
    pub const fn cells(self) -> usize {
        self.cols * self.rows
    }

    /// Whether both sides are from [`MIN_SIZE`] to [`MAX_SIZE`].
    pub fn is_offered(self) -> bool {
        (MIN_SIZE..=MAX_SIZE).contains(&self.cols) && (MIN_SIZE..=MAX_SIZE).contains(&self.rows)
    }
}

impl From<usize> for Size {
    fn from(n: usize) -> Size {
        Size::square(n)
    }
}

impl fmt::Display for Size {
    /// "4×3": across, then down.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.cols, self.rows)
    }
}

/// A cell of the grid by row and column, each from 0 at the top-left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// Row, from 0 at the top.
    pub row: usize,
    /// Column, from 0 at the left.
    pub col: usize,
}

impl Cell {
    /// The cell at `row`, `col`.
    pub const fn new(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }

    /// The neighbour one step in `dir`, if it is on a grid of `size`.
    pub fn step(self, dir: Dir, size: impl Into<Size>) -> Option<Cell> {
        let size = size.into();
        let (dr, dc) = dir.delta();
        let row = self.row.checked_add_signed(dr)?;
        let col = self.col.checked_add_signed(dc)?;
        (row < size.rows && col < size.cols).then_some(Cell::new(row, col))
    }

    /// How many steps apart `self` and `other` are along rows and columns.
    pub fn distance(self, other: Cell) -> usize {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col)
    }
}

impl fmt::Display for Cell {
    /// "row 2, column 3", counting from 1 as players do.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row + 1, self.col + 1)
    }
}

/// A direction a tile slides in.
pub use game_api::grid::Dir;

/// What one slide did: the tiles that moved, each one cell in `dir`,
/// nearest the gap first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slide {
    /// The direction every tile moved in.
    pub dir: Dir,
    /// The tiles that moved, by number.
    pub tiles: Vec<u16>,
}

/// A grid of [`Size`]: a tile in every cell but one, the gap.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    size: Size,
    /// The tile in each cell in reading order; 0 is the gap.
    cells: Vec<u16>,
    /// The gap's index in `cells` (kept: every slide asks for it).
    gap: usize,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_id())
    }
}

impl fmt::Display for Board {
    /// The rows, one a line, `_` for the gap.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.size.rows {
            let line: Vec<String> = (0..self.size.cols)
                .map(|col| match self.tile(Cell::new(row, col)) {
                    0 => " _".to_owned(),
                    t => format!("{t:2}"),
                })
                .collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}

/// Why a text is not a board (see [`Board::from_id`]), in a player's words.
pub type IdError = String;

impl Board {
    /// The solved board of `size` (a number for a square). Panics unless
    /// each side is from [`MIN_SIZE`] to [`MAX_SIZE`].
    pub fn solved(size: impl Into<Size>) -> Board {
        let size = size.into();
        assert!(size.is_offered(), "no grid of {size}");
        let mut cells: Vec<u16> = (1..size.cells() as u16).collect();
        cells.push(0);
        Board {
            size,
            cells,
            gap: size.cells() - 1,
        }
    }

    /// The board of `size` whose cells, in reading order, hold `cells`
    /// (0 for the gap), if they are each tile once and one gap.
    pub fn from_cells(size: impl Into<Size>, cells: &[u16]) -> Option<Board> {
        let size = size.into();
        if !size.is_offered() || cells.len() != size.cells() {
            return None;
        }
        let mut seen = vec![false; size.cells()];
        for &t in cells {
            let slot = seen.get_mut(usize::from(t))?;
            if *slot {
                return None;
            }
            *slot = true;
        }
        Some(Board {
            size,
            cells: cells.to_vec(),
            gap: cells.iter().position(|&t| t == 0)?,
        })
    }

    /// The grid's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The cells in reading order, 0 for the gap.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// Every cell, in reading order.
    pub fn all_cells(&self) -> impl Iterator<Item = Cell> + use<> {
        let cols = self.size.cols;
        (0..self.size.cells()).map(move |i| Cell::new(i / cols, i % cols))
    }

    fn index(&self, cell: Cell) -> usize {
        cell.row * self.size.cols + cell.col
    }

    fn cell_of(&self, index: usize) -> Cell {
        Cell::new(index / self.size.cols, index % self.size.cols)
    }

    /// The tile at `cell` (0 for the gap).
    pub fn tile(&self, cell: Cell) -> u16 {
        self.cells[self.index(cell)]
    }

    /// Where tile `tile` (1 to one less than the cells; 0 for the gap)
    /// belongs.
    pub fn home(&self, tile: u16) -> Cell {
        self.cell_of(match tile {
            0 => self.size.cells() - 1,
            t => usize::from(t) - 1,
        })
    }

    /// Where tile `tile` is now.
    pub fn find(&self, tile: u16) -> Cell {
        let i = self
            .cells
            .iter()
            .position(|&t| t == tile)
            .expect("every tile is on the board");
        self.cell_of(i)
    }

    /// Where the gap is.
    pub fn gap(&self) -> Cell {
        self.cell_of(self.gap)
    }

    /// Whether every tile is home (and so the gap is in the bottom-right
    /// corner): the picture is repaired.
    pub fn is_solved(&self) -> bool {
        self.cells
            .iter()
            .take(self.cells.len() - 1)
            .enumerate()
            .all(|(i, &t)| usize::from(t) == i + 1)
    }

    /// How many tiles are not home.
    pub fn misplaced(&self) -> usize {
        self.all_cells()
            .filter(|&c| self.tile(c) != 0 && self.home(self.tile(c)) != c)
            .count()
    }

    /// The direction a click on `cell` would slide tiles in: towards the
    /// gap, when `cell` is in the gap's row or column and is not the gap.
    pub fn slide_dir_at(&self, cell: Cell) -> Option<Dir> {
        let gap = self.gap();
        if cell.row >= self.size.rows || cell.col >= self.size.cols || cell == gap {
            return None;
        }
        if cell.row == gap.row {
            Some(if cell.col < gap.col {
                Dir::Right
            } else {
                Dir::Left
            })
        } else if cell.col == gap.col {
            Some(if cell.row < gap.row {
                Dir::Down
            } else {
                Dir::Up
            })
        } else {
            None
        }
    }

    /// The cells whose tiles a click on `cell` would slide: from `cell` to
    /// the gap, the gap left out (none when the click slides nothing).
    pub fn cells_moved_by(&self, cell: Cell) -> Vec<Cell> {
        let Some(dir) = self.slide_dir_at(cell) else {
            return Vec::new();
        };
        let gap = self.gap();
        let mut cells = Vec::new();
        let mut at = cell;
        while at != gap {
            cells.push(at);
            at = at.step(dir, self.size).expect("the gap is further on");
        }
        cells
    }

    /// Slides the tile next to the gap on its side opposite `dir` one cell
    /// in `dir`, into the gap (the arrow keys' move). `None` when there is
    /// no such tile (the gap is on that edge).
    pub fn slide(&mut self, dir: Dir) -> Option<Slide> {
        let gap = self.gap();
        let from = gap.step(dir.opposite(), self.size)?;
        let tile = self.tile(from);
        self.swap(gap, from);
        Some(Slide {
            dir,
            tiles: vec![tile],
        })
    }

    /// Slides the tile at `cell`, and the tiles between it and the gap,
    /// one cell each towards the gap (a click's move). `None` when `cell`
    /// is the gap or not in its row or column.
    pub fn slide_cell(&mut self, cell: Cell) -> Option<Slide> {
        let dir = self.slide_dir_at(cell)?;
        let mut tiles = Vec::new();
        while self.gap() != cell {
            tiles.extend(self.slide(dir).expect("a tile is beside the gap").tiles);
        }
        Some(Slide { dir, tiles })
    }

    /// Swaps the gap with the tile at `cell`.
    fn swap(&mut self, gap: Cell, cell: Cell) {
        let (i, j) = (self.index(gap), self.index(cell));
        self.cells.swap(i, j);
        self.gap = j;
    }

    /// Whether the permutation of the cells (the gap counted as tile
    /// after the last) is odd: an odd number of inversions.
    pub fn permutation_is_odd(&self) -> bool {
        let key = |t: u16| if t == 0 { u16::MAX } else { t };
        let mut inversions = 0usize;
        for i in 0..self.cells.len() {
            for j in i + 1..self.cells.len() {
                if key(self.cells[i]) > key(self.cells[j]) {
                    inversions += 1;
                }
            }
        }
        inversions % 2 == 1
    }

    /// Whether slides can solve this board. Every slide of one tile swaps
    /// it with the gap, which makes the permutation's parity flip and moves
    /// the gap one step: so the parity of the permutation (the gap counted
    /// as the last tile) always equals the parity of the gap's distance from
    /// its home corner on a board slides can solve — and every board where
    /// they are equal can be solved (Johnson and Story, 1879).
    pub fn is_solvable(&self) -> bool {
        let gap_moves = self.gap().distance(self.home(0));
        self.permutation_is_odd() == (gap_moves % 2 == 1)
    }

    /// A shuffle of the solved board of `size`, deterministic from `seed`
    /// (see [`Shuffle`]).
    pub fn shuffled(size: impl Into<Size>, seed: u64) -> Board {
        Shuffle::new(size, seed).board
    }

    /// The board as a game ID: its rows from the top with `/` between them,
    /// each row's tiles with `,` between them, `_` for the gap. The solved
    /// 3×3 board is `1,2,3/4,5,6/7,8,_`; a board 3 across and 2 down,
    /// `1,2,3/4,5,_`.
    pub fn to_id(&self) -> String {
        let rows: Vec<String> = (0..self.size.rows)
            .map(|row| {
                let tiles: Vec<String> = (0..self.size.cols)
                    .map(|col| match self.tile(Cell::new(row, col)) {
                        0 => "_".to_owned(),
                        t => t.to_string(),
                    })
                    .collect();
                tiles.join(",")
            })
            .collect();
        rows.join("/")
    }

    /// Reads a board written as [`Board::to_id`] writes it (white space
    /// around the parts is ignored).
    ///
    /// # Errors
    ///
    /// What is wrong, in a player's words.
    pub fn from_id(text: &str) -> Result<Board, IdError> {
        const EXAMPLE: &str = "1,2,3/4,_,6/7,5,8";
        let text = text.trim();
        if text.is_empty() {
            return Err(format!(
                "Type or paste a game ID, such as {EXAMPLE}, then press Enter."
            ));
        }
        let rows: Vec<&str> = text.split('/').collect();
        let cols = rows[0].split(',').count();
        let size = Size::new(cols, rows.len());
        if !size.is_offered() {
            return Err(format!(
                "{text:?} is not a game ID of Slidey. A game ID gives the rows of tiles from the top, with / between the rows, \",\" between the tiles and _ for the gap, such as {EXAMPLE}; it has {MIN_SIZE} to {MAX_SIZE} rows of {MIN_SIZE} to {MAX_SIZE} tiles."
            ));
        }
        let mut cells = Vec::with_capacity(size.cells());
        for (r, row) in rows.iter().enumerate() {
            let tiles: Vec<&str> = row.split(',').map(str::trim).collect();
            if tiles.len() != cols {
                return Err(format!(
                    "Row {} of that game ID has {} tiles; its first row has {cols}, and every row has as many.",
                    r + 1,
                    tiles.len()
                ));
            }
            for tile in tiles {
                let value = match tile {
                    "_" => 0,
                    t => match t.parse::<usize>() {
                        Ok(v) if (1..size.cells()).contains(&v) => v as u16,
                        _ => {
                            return Err(format!(
                                "{t:?} is not a tile of a {size} board: its tiles are 1 to {}, and _ is the gap.",
                                size.cells() - 1
                            ));
                        }
                    },
                };
                cells.push(value);
            }
        }
        Board::from_cells(size, &cells).ok_or_else(|| {
            "That game ID names a tile twice (or the gap twice): each tile and the gap appear once."
                .to_owned()
        })
    }
}

/// A deal: the solved board shuffled by random slides, as the original
/// does it, and the slides that made it.
///
/// The gap takes ten random steps a cell (never straight back; a step off
/// the board is a step lost), then walks back to its corner along its row
/// and then its column. Since the board is made by slides, slides can undo
/// it: [`Shuffle::solution`] is the slides backwards. A shuffle that
/// happens to end solved takes another round of steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shuffle {
    /// The shuffled board.
    pub board: Board,
    /// The slides that made it from the solved board, in order.
    pub slides: Vec<Dir>,
}

impl Shuffle {
    /// The shuffle of the solved board of `size` for `seed`.
    pub fn new(size: impl Into<Size>, seed: u64) -> Shuffle {
        let size = size.into();
        let mut rng = Rng::new(seed);
        let mut board = Board::solved(size);
        let mut slides = Vec::new();
        let corner = board.home(0);
        loop {
            // `back` is the gap's step that would undo its last one.
            let mut back: Option<Dir> = None;
            for _ in 0..10 * size.cells() {
                let choices: Vec<Dir> = Dir::ALL.into_iter().filter(|&d| Some(d) != back).collect();
                let gap_step = choices[rng.below(choices.len() as u64) as usize];
                // The gap steps one way when the tile beside it slides the
                // other way.
                if board.gap().step(gap_step, size).is_some() {
                    let slide = gap_step.opposite();
                    board.slide(slide);
                    slides.push(slide);
                    back = Some(gap_step.opposite());
                }
            }
            // Back to the corner: along the row, then down the column.
            while board.gap().col != corner.col {
                board.slide(Dir::Left);
                slides.push(Dir::Left);
            }
            while board.gap().row != corner.row {
                board.slide(Dir::Up);
                slides.push(Dir::Up);
            }
            if !board.is_solved() {
                return Shuffle { board, slides };
            }
        }
    }

    /// The slides that solve the board: the shuffle's, backwards.
    pub fn solution(&self) -> Vec<Dir> {
        self.slides.iter().rev().map(|d| d.opposite()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_solved_board_has_its_gap_in_the_bottom_right_corner() {
        for n in MIN_SIZE..=MAX_SIZE {
            let board = Board::solved(n);
            assert!(board.is_solved() && board.is_solvable());
            assert_eq!(board.gap(), Cell::new(n - 1, n - 1));
            assert_eq!(board.misplaced(), 0);
            assert_eq!(board.tile(Cell::new(0, 0)), 1);
            assert_eq!(board.tile(Cell::new(n - 1, n - 2)), (n * n - 1) as u16);
            for cell in board.all_cells() {
                assert_eq!(board.home(board.tile(cell)), cell);
            }
        }
        assert_eq!(Board::solved(3).to_id(), "1,2,3/4,5,6/7,8,_");
        // Not square: 3 across, 2 down.
        let wide = Board::solved(Size::new(3, 2));
        assert_eq!(wide.to_id(), "1,2,3/4,5,_");
        assert_eq!(wide.gap(), Cell::new(1, 2));
        assert_eq!(wide.home(4), Cell::new(1, 0));
        assert_eq!(Board::solved(Size::new(2, 30)).tile(Cell::new(29, 0)), 59);
    }

    #[test]
    fn a_click_in_the_gaps_row_slides_every_tile_between() {
        let mut board = Board::solved(4);
        // The gap is at (3, 3); click (3, 0): tiles 13, 14, 15 slide right.
        let slide = board.slide_cell(Cell::new(3, 0)).unwrap();
        assert_eq!(slide.dir, Dir::Right);
        assert_eq!(slide.tiles, [15, 14, 13]);
        assert_eq!(board.to_id(), "1,2,3,4/5,6,7,8/9,10,11,12/_,13,14,15");
        // Now click (0, 0), in the gap's column: 9, 5, 1 slide down.
        let slide = board.slide_cell(Cell::new(0, 0)).unwrap();
        assert_eq!((slide.dir, slide.tiles), (Dir::Down, vec![9, 5, 1]));
        assert_eq!(board.gap(), Cell::new(0, 0));
        assert_eq!(board.to_id(), "_,2,3,4/1,6,7,8/5,10,11,12/9,13,14,15");
        assert_eq!(board.misplaced(), 6);
    }

    #[test]
    fn a_click_off_the_gaps_lines_or_on_the_gap_does_nothing() {
        let mut board = Board::solved(3);
        let before = board.clone();
        for cell in [
            Cell::new(0, 0),
            Cell::new(1, 1),
            Cell::new(2, 2),
            Cell::new(5, 0),
        ] {
            assert_eq!(board.slide_cell(cell), None, "{cell:?}");
            assert!(board.cells_moved_by(cell).is_empty());
        }
        assert_eq!(board, before);
        assert_eq!(
            board.cells_moved_by(Cell::new(0, 2)),
            [Cell::new(0, 2), Cell::new(1, 2)]
        );
    }

    #[test]
    fn arrows_slide_the_tile_beside_the_gap_into_it() {
        let mut board = Board::solved(3);
        // The gap is in the corner: nothing is left of... right of it, or below.
        assert_eq!(board.slide(Dir::Left), None);
        assert_eq!(board.slide(Dir::Up), None);
        assert_eq!(board.slide(Dir::Right).unwrap().tiles, [8]);
        assert_eq!(board.gap(), Cell::new(2, 1));
        assert_eq!(board.slide(Dir::Down).unwrap().tiles, [5]);
        assert_eq!(board.gap(), Cell::new(1, 1));
        assert_eq!(board.to_id(), "1,2,3/4,_,6/7,5,8");
        // And back.
        board.slide(Dir::Up);
        board.slide(Dir::Left);
        assert!(board.is_solved());
    }

    #[test]
    fn ids_round_trip_and_bad_ids_are_refused_in_words() {
        for n in MIN_SIZE..=MAX_SIZE {
            for seed in 0..3 {
                for size in [Size::square(n), Size::new(n, 7), Size::new(3, n)] {
                    let board = Board::shuffled(size, seed);
                    assert_eq!(Board::from_id(&board.to_id()), Ok(board));
                }
            }
        }
        assert_eq!(
            Board::from_id(" 1, 2,3/4,_,6/7,5,8 ").unwrap().to_id(),
            "1,2,3/4,_,6/7,5,8"
        );
        let err = |t: &str| Board::from_id(t).unwrap_err();
        assert!(err("").starts_with("Type or paste a game ID"));
        assert!(err("hello").contains("is not a game ID of Slidey"));
        assert!(err("1/_").contains("2 to 30 rows of 2 to 30 tiles"));
        assert_eq!(Board::from_id("1,_/3,2").unwrap().size(), Size::square(2));
        assert_eq!(
            Board::from_id("1,2,3,4/5,6,_,7").unwrap().size(),
            Size::new(4, 2)
        );
        assert_eq!(
            err("1,2,3/4,5/6,7,_"),
            "Row 2 of that game ID has 2 tiles; its first row has 3, and every row has as many."
        );
        assert!(err("1,2,3/4,5,6/7,9,_").starts_with("\"9\" is not a tile of a 3×3 board"));
        assert!(err("1,2,3/4,5,6/7,7,_").contains("names a tile twice"));
        assert!(err("1,2,3/4,5,6/7,_,_").contains("names a tile twice"));
    }

    #[test]
    fn the_parity_rule_splits_the_boards_in_half() {
        // Two tiles swapped cannot be solved; the gap moved can.
        let swapped = Board::from_id("2,1,3/4,5,6/7,8,_").unwrap();
        assert!(!swapped.is_solvable());
        let mut moved = Board::solved(3);
        moved.slide(Dir::Right);
        assert!(moved.is_solvable());
        // Of all 4×4 boards with the gap in place, those with the last two
        // tiles swapped (Sam Loyd's 14-15 puzzle) are not.
        let loyd = Board::from_id("1,2,3,4/5,6,7,8/9,10,11,12/13,15,14,_").unwrap();
        assert!(!loyd.is_solvable());
    }

    #[test]
    fn shuffles_are_deterministic_and_undone_by_their_slides_backwards() {
        for n in MIN_SIZE..=MAX_SIZE {
            let a = Shuffle::new(n, 2024);
            assert_eq!(a, Shuffle::new(n, 2024));
            // (A 2×2 board has only 12 arrangements.)
            assert!(n == 2 || a.board != Shuffle::new(n, 2025).board);
            assert!(a.slides.len() >= 4 * n * n, "{}", a.slides.len());
            let mut board = a.board.clone();
            for dir in a.solution() {
                board.slide(dir).expect("a legal slide");
            }
            assert!(board.is_solved());
        }
    }

    proptest! {
        #[test]
        fn every_shuffle_is_solvable_unsolved_and_keeps_the_gap_home(
            seed in any::<u64>(), cols in MIN_SIZE..=MAX_SIZE, rows in MIN_SIZE..=MAX_SIZE
        ) {
            let n = Size::new(cols, rows);
            let shuffle = Shuffle::new(n, seed);
            let board = &shuffle.board;
            prop_assert!(!board.is_solved());
            prop_assert_eq!(board.gap(), Cell::new(rows - 1, cols - 1));
            // The gap is home, so the permutation is even.
            prop_assert!(!board.permutation_is_odd());
            prop_assert!(board.is_solvable());
            // Replaying the recorded slides from the solved board deals it.
            let mut replay = Board::solved(n);
            for &dir in &shuffle.slides {
                prop_assert!(replay.slide(dir).is_some());
            }
            prop_assert_eq!(&replay, board);
        }

        #[test]
        fn slides_keep_the_parity_invariant(
            seed in any::<u64>(), cols in MIN_SIZE..=8, rows in MIN_SIZE..=8, clicks in proptest::collection::vec((0usize..8, 0usize..8), 0..40)
        ) {
            let n = Size::new(cols, rows);
            let mut board = Board::shuffled(n, seed);
            for (row, col) in clicks {
                let before = board.clone();
                let moved = board.cells_moved_by(Cell::new(row, col));
                match board.slide_cell(Cell::new(row, col)) {
                    Some(slide) => {
                        prop_assert_eq!(slide.tiles.len(), moved.len());
                        prop_assert_eq!(board.gap(), Cell::new(row, col));
                        // The moved tiles went one cell on, the rest stayed.
                        for cell in before.all_cells() {
                            let t = before.tile(cell);
                            if slide.tiles.contains(&t) {
                                prop_assert_eq!(Some(board.find(t)), cell.step(slide.dir, n));
                            } else if t != 0 {
                                prop_assert_eq!(board.find(t), cell);
                            }
                        }
                    }
                    None => prop_assert_eq!(&board, &before),
                }
                prop_assert!(board.is_solvable());
            }
        }

        #[test]
        fn swapping_two_tiles_makes_any_board_unsolvable(
            seed in any::<u64>(), cols in MIN_SIZE..=MAX_SIZE, rows in MIN_SIZE..=MAX_SIZE, a in 1u16..900, b in 1u16..900
        ) {
            let n = Size::new(cols, rows);
            let max = (n.cells() - 1) as u16;
            let (a, b) = (1 + a % max, 1 + b % max);
            prop_assume!(a != b);
            let board = Board::shuffled(n, seed);
            let mut cells = board.cells().to_vec();
            let (i, j) = (
                cells.iter().position(|&t| t == a).unwrap(),
                cells.iter().position(|&t| t == b).unwrap(),
            );
            cells.swap(i, j);
            prop_assert!(!Board::from_cells(n, &cells).unwrap().is_solvable());
        }
    }
}
