//! The rules of Minesweeper, free of anything the launcher knows about:
//! board sizes ([`Size`]), the grid's geometry ([`Grid`]), and a board being
//! played ([`Board`]) — uncovering with the automatic opening of zeros,
//! flags, chording, and the end of the game.
//!
//! Cells are numbered in reading order, `row * width + col`, from 0.
//!
//! ```
//! use minesweeper::board::{Board, Size, Tile};
//! // A 5×5 board with one mine in the top-left corner.
//! let size = Size::new(5, 5, 1).unwrap();
//! let mut mines = vec![false; 25];
//! mines[0] = true;
//! let mut board = Board::with_mines(size, mines).unwrap();
//! // Uncovering the far corner opens everything but the mine.
//! let opened = board.uncover(24);
//! assert_eq!((opened.cells, opened.boom), (24, false));
//! assert!(board.is_won());
//! assert_eq!(board.tile(0), Tile::Flagged, "a won board flags its mines");
//! ```

use std::fmt;

/// The narrowest and lowest board: 5 tiles.
pub const MIN_SIDE: usize = 5;
/// The widest board: 40 tiles.
pub const MAX_WIDTH: usize = 40;
/// The tallest board: 30 tiles.
pub const MAX_HEIGHT: usize = 30;

/// A board's width and height in tiles, and how many mines it hides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    /// Tiles across.
    pub width: usize,
    /// Tiles down.
    pub height: usize,
    /// Mines hidden under the tiles.
    pub mines: usize,
}

impl Size {
    /// The original PLT game's board: 16×16 with 30 mines.
    pub const ORIGINAL: Size = Size {
        width: 16,
        height: 16,
        mines: 30,
    };
    /// The classic Beginner board: 9×9 with 10 mines.
    pub const BEGINNER: Size = Size {
        width: 9,
        height: 9,
        mines: 10,
    };
    /// The classic Intermediate board: 16×16 with 40 mines.
    pub const INTERMEDIATE: Size = Size {
        width: 16,
        height: 16,
        mines: 40,
    };
    /// The classic Expert board: 30×16 with 99 mines.
    pub const EXPERT: Size = Size {
        width: 30,
        height: 16,
        mines: 99,
    };

    /// A size, if the board fits: each side from [`MIN_SIDE`] to
    /// [`MAX_WIDTH`] or [`MAX_HEIGHT`], and from 1 mine to as many as leave
    /// room for the first click's opening (the tile clicked and its eight
    /// neighbours stay clear).
    ///
    /// # Errors
    ///
    /// What does not fit, in a player's words.
    pub fn new(width: usize, height: usize, mines: usize) -> Result<Size, String> {
        if !(MIN_SIDE..=MAX_WIDTH).contains(&width) {
            return Err(format!(
                "A board is {MIN_SIDE} to {MAX_WIDTH} tiles wide, not {width}."
            ));
        }
        if !(MIN_SIDE..=MAX_HEIGHT).contains(&height) {
            return Err(format!(
                "A board is {MIN_SIDE} to {MAX_HEIGHT} tiles high, not {height}."
            ));
        }
        let most = width * height - 9;
        if !(1..=most).contains(&mines) {
            return Err(format!(
                "A {width}×{height} board holds 1 to {most} mines, not {mines}."
            ));
        }
        Ok(Size {
            width,
            height,
            mines,
        })
    }

    /// The number of tiles.
    pub const fn cells(self) -> usize {
        self.width * self.height
    }

    /// The grid of this size.
    pub const fn grid(self) -> Grid {
        Grid {
            width: self.width,
            height: self.height,
        }
    }
}

impl fmt::Display for Size {
    /// "16×16, 30 mines".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}, {} mines", self.width, self.height, self.mines)
    }
}

/// The geometry of a board: which cells touch which.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    /// Cells across.
    pub width: usize,
    /// Cells down.
    pub height: usize,
}

impl Grid {
    /// The number of cells.
    pub const fn cells(self) -> usize {
        self.width * self.height
    }

    /// The cell at `row`, `col`.
    pub const fn index(self, row: usize, col: usize) -> usize {
        row * self.width + col
    }

    /// The row and column of cell `i`.
    pub const fn row_col(self, i: usize) -> (usize, usize) {
        (i / self.width, i % self.width)
    }

    /// The up to eight cells around `i` (not `i` itself), in reading order.
    pub fn neighbours(self, i: usize) -> impl Iterator<Item = usize> {
        let (row, col) = self.row_col(i);
        let rows = row.saturating_sub(1)..=(row + 1).min(self.height - 1);
        rows.flat_map(move |r| {
            let cols = col.saturating_sub(1)..=(col + 1).min(self.width - 1);
            cols.map(move |c| self.index(r, c))
        })
        .filter(move |&j| j != i)
    }

    /// Whether cells `a` and `b` touch (are neighbours).
    pub fn touch(self, a: usize, b: usize) -> bool {
        let (ra, ca) = self.row_col(a);
        let (rb, cb) = self.row_col(b);
        a != b && ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1
    }
}

/// What a tile shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// Not uncovered yet.
    Covered,
    /// Covered, with a flag on it: it cannot be uncovered until the flag
    /// is taken off.
    Flagged,
    /// Covered, with a question mark on it (the original's "semi-flagged"
    /// tile): a note for the player, uncovered by a click as a covered
    /// tile is.
    Marked,
    /// Uncovered: its number (or, once the game is lost, its mine) shows.
    Open,
}

/// What an uncover or a chord did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Opened {
    /// How many tiles it uncovered.
    pub cells: usize,
    /// Whether one of them was a mine.
    pub boom: bool,
}

/// A board being played: where the mines are (once placed), what each
/// tile shows, and the mine that went off, if one did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    size: Size,
    /// Whether the mines were placed (they are, after the first uncover).
    placed: bool,
    mines: Vec<bool>,
    /// The mines around each cell.
    counts: Vec<u8>,
    tiles: Vec<Tile>,
    /// The mine uncovered, which lost the game.
    exploded: Option<usize>,
}

impl Tile {
    /// Whether the tile is covered without a flag (plain or marked): what
    /// a click, a chord or the flood uncovers.
    pub fn is_uncoverable(self) -> bool {
        matches!(self, Tile::Covered | Tile::Marked)
    }
}

impl Board {
    /// A covered board of `size` whose mines are not placed yet: the first
    /// uncover places them ([`Board::place`]).
    pub fn new(size: Size) -> Board {
        let n = size.cells();
        Board {
            size,
            placed: false,
            mines: vec![false; n],
            counts: vec![0; n],
            tiles: vec![Tile::Covered; n],
            exploded: None,
        }
    }

    /// A covered board of `size` with its mines at the cells where `mines`
    /// is true.
    ///
    /// # Errors
    ///
    /// `mines` is not one flag per cell, or does not hold `size.mines`
    /// mines.
    pub fn with_mines(size: Size, mines: Vec<bool>) -> Result<Board, String> {
        let mut board = Board::new(size);
        board.place(mines)?;
        Ok(board)
    }

    /// Places the mines (where `mines` is true), keeping the tiles as they
    /// are.
    ///
    /// # Errors
    ///
    /// `mines` is not one flag per cell, or does not hold `size.mines`
    /// mines.
    pub fn place(&mut self, mines: Vec<bool>) -> Result<(), String> {
        if mines.len() != self.size.cells() {
            return Err(format!(
                "{} cells of mines for a board of {} tiles",
                mines.len(),
                self.size.cells()
            ));
        }
        let n = mines.iter().filter(|&&m| m).count();
        if n != self.size.mines {
            return Err(format!("{n} mines on a board of {} mines", self.size.mines));
        }
        let grid = self.grid();
        self.counts = (0..mines.len())
            .map(|i| grid.neighbours(i).filter(|&j| mines[j]).count() as u8)
            .collect();
        self.mines = mines;
        self.placed = true;
        Ok(())
    }

    /// The board's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The board's geometry.
    pub fn grid(&self) -> Grid {
        self.size.grid()
    }

    /// Whether the mines are placed.
    pub fn is_placed(&self) -> bool {
        self.placed
    }

    /// Whether a mine is under cell `i` (never before the mines are placed).
    pub fn is_mine(&self, i: usize) -> bool {
        self.mines[i]
    }

    /// Where the mines are, one flag per cell.
    pub fn mines(&self) -> &[bool] {
        &self.mines
    }

    /// The number of mines around cell `i` (what it shows when uncovered).
    pub fn count(&self, i: usize) -> u8 {
        self.counts[i]
    }

    /// What cell `i` shows.
    pub fn tile(&self, i: usize) -> Tile {
        self.tiles[i]
    }

    /// What every cell shows.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// The mine that went off, if the game is lost.
    pub fn exploded(&self) -> Option<usize> {
        self.exploded
    }

    /// How many flags are on the board.
    pub fn flags(&self) -> usize {
        self.tiles.iter().filter(|&&t| t == Tile::Flagged).count()
    }

    /// The mine counter: the mines minus the flags (below zero when there
    /// are more flags than mines).
    pub fn mines_left(&self) -> isize {
        self.size.mines as isize - self.flags() as isize
    }

    /// How many tiles are uncovered.
    pub fn opened(&self) -> usize {
        self.tiles.iter().filter(|&&t| t == Tile::Open).count()
    }

    /// Whether a mine went off.
    pub fn is_lost(&self) -> bool {
        self.exploded.is_some()
    }

    /// Whether every tile without a mine is uncovered (and no mine went
    /// off).
    pub fn is_won(&self) -> bool {
        self.placed && !self.is_lost() && self.opened() == self.size.cells() - self.size.mines
    }

    /// Whether the game is over, won or lost.
    pub fn is_over(&self) -> bool {
        self.is_lost() || self.is_won()
    }

    /// Whether cell `i` carries a flag on a tile without a mine: shown once
    /// the game is lost.
    pub fn is_wrong_flag(&self, i: usize) -> bool {
        self.tiles[i] == Tile::Flagged && !self.mines[i]
    }

    /// Uncovers cell `i`, as a click does: a flagged or uncovered tile, or
    /// any tile once the game is over, stays as it is. Uncovering a tile
    /// with no mine around it uncovers its neighbours too, and so on
    /// (flags on them are taken off: they cannot hide mines). Uncovering a
    /// mine loses the game. Winning flags every mine.
    ///
    /// # Panics
    ///
    /// If the mines are not placed.
    pub fn uncover(&mut self, i: usize) -> Opened {
        assert!(self.placed, "the mines are placed before the first uncover");
        if self.is_over() || !self.tiles[i].is_uncoverable() {
            return Opened::default();
        }
        if self.mines[i] {
            self.tiles[i] = Tile::Open;
            self.exploded = Some(i);
            return Opened {
                cells: 1,
                boom: true,
            };
        }
        let cells = self.flood(i);
        self.finish_if_won();
        Opened { cells, boom: false }
    }

    /// Opens `i` (not a mine) and, through zeros, everything connected.
    fn flood(&mut self, i: usize) -> usize {
        let grid = self.grid();
        let mut opened = 0;
        let mut stack = vec![i];
        self.tiles[i] = Tile::Open;
        while let Some(j) = stack.pop() {
            opened += 1;
            if self.counts[j] == 0 {
                for k in grid.neighbours(j) {
                    if self.tiles[k] != Tile::Open {
                        self.tiles[k] = Tile::Open;
                        stack.push(k);
                    }
                }
            }
        }
        opened
    }

    fn finish_if_won(&mut self) {
        if self.is_won() {
            for (tile, &mine) in self.tiles.iter_mut().zip(&self.mines) {
                if mine {
                    *tile = Tile::Flagged;
                }
            }
        }
    }

    /// Puts a flag on covered cell `i` or takes it off a flagged one;
    /// returns whether the tile changed (not on an uncovered tile, nor once
    /// the game is over). A question mark is taken off.
    pub fn toggle_flag(&mut self, i: usize) -> bool {
        self.cycle_mark(i, false)
    }

    /// What a right-click does on cell `i`: a covered tile gets a flag; a
    /// flag becomes a question mark when `marks` (as in the original) or
    /// goes; a question mark goes. Returns whether the tile changed (not
    /// on an uncovered tile, nor once the game is over).
    pub fn cycle_mark(&mut self, i: usize, marks: bool) -> bool {
        if self.is_over() {
            return false;
        }
        self.tiles[i] = match self.tiles[i] {
            Tile::Covered => Tile::Flagged,
            Tile::Flagged if marks => Tile::Marked,
            Tile::Flagged | Tile::Marked => Tile::Covered,
            Tile::Open => return false,
        };
        true
    }

    /// How many flags are around cell `i`.
    pub fn flags_around(&self, i: usize) -> usize {
        self.grid()
            .neighbours(i)
            .filter(|&j| self.tiles[j] == Tile::Flagged)
            .count()
    }

    /// Whether a chord on `i` would do something: `i` is an uncovered
    /// number with as many flags around it as its number, and a covered
    /// tile without a flag around it.
    pub fn can_chord(&self, i: usize) -> bool {
        !self.is_over()
            && self.tiles[i] == Tile::Open
            && self.counts[i] > 0
            && self.flags_around(i) == usize::from(self.counts[i])
            && self
                .grid()
                .neighbours(i)
                .any(|j| self.tiles[j].is_uncoverable())
    }

    /// Chords on `i`: when it is an uncovered number with as many flags
    /// around it as its number, uncovers every other covered tile around it
    /// (which loses the game if a flag was wrong). Does nothing otherwise.
    pub fn chord(&mut self, i: usize) -> Opened {
        if !self.can_chord(i) {
            return Opened::default();
        }
        let mut result = Opened::default();
        let around: Vec<usize> = self.grid().neighbours(i).collect();
        for j in around {
            if !self.tiles[j].is_uncoverable() || self.is_lost() {
                continue;
            }
            if self.mines[j] {
                self.tiles[j] = Tile::Open;
                self.exploded = Some(j);
                result.cells += 1;
                result.boom = true;
            } else {
                result.cells += self.flood(j);
            }
        }
        self.finish_if_won();
        result
    }

    /// Puts the tiles back to `tiles` and the exploded mine to `exploded`,
    /// as a saved game had them.
    ///
    /// # Errors
    ///
    /// When they cannot come from playing this board: the wrong number of
    /// tiles, a mine uncovered that is not `exploded` (or the other way
    /// round), or an uncovered zero next to a covered tile.
    pub fn restore(&mut self, tiles: Vec<Tile>, exploded: Option<usize>) -> Result<(), String> {
        if tiles.len() != self.size.cells() {
            return Err(format!(
                "{} tiles for a board of {}",
                tiles.len(),
                self.size.cells()
            ));
        }
        if !self.placed && tiles.contains(&Tile::Open) {
            return Err("tiles uncovered before the mines were placed".into());
        }
        let grid = self.grid();
        for (i, &tile) in tiles.iter().enumerate() {
            let boom = tile == Tile::Open && self.mines[i];
            if boom != (exploded == Some(i)) {
                return Err(format!(
                    "the mine at tile {} is not the one that went off",
                    i + 1
                ));
            }
            if tile == Tile::Open
                && !self.mines[i]
                && self.counts[i] == 0
                && grid.neighbours(i).any(|j| tiles[j] != Tile::Open)
            {
                return Err(format!("the empty tile {} has covered neighbours", i + 1));
            }
        }
        if let Some(e) = exploded
            && (e >= tiles.len() || tiles[e] != Tile::Open)
        {
            return Err("the mine that went off is not uncovered".into());
        }
        self.tiles = tiles;
        self.exploded = exploded;
        Ok(())
    }
}

impl fmt::Display for Board {
    /// The board as text, a row a line: `*` a mine, `.` covered, `F` a
    /// flag, `?` a question mark, a digit or `_` (zero) uncovered.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grid = self.grid();
        for row in 0..grid.height {
            for col in 0..grid.width {
                let i = grid.index(row, col);
                let c = match self.tiles[i] {
                    Tile::Flagged => 'F',
                    Tile::Marked => '?',
                    Tile::Covered if self.mines[i] => '*',
                    Tile::Covered => '.',
                    Tile::Open if self.mines[i] => 'X',
                    Tile::Open if self.counts[i] == 0 => '_',
                    Tile::Open => char::from(b'0' + self.counts[i]),
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A board written as rows of `*` (a mine) and `.` (none), with `/` or
/// new lines between the rows; for tests and examples.
///
/// # Errors
///
/// Rows of different lengths, other characters, or a size that does not
/// fit ([`Size::new`]).
pub fn parse_mines(text: &str) -> Result<Board, String> {
    let rows: Vec<&str> = text
        .split(['/', '\n'])
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    let width = rows.first().map_or(0, |r| r.len());
    if rows.iter().any(|r| r.len() != width) {
        return Err("rows of different lengths".into());
    }
    let mut mines = Vec::new();
    for row in &rows {
        for c in row.chars() {
            match c {
                '*' => mines.push(true),
                '.' => mines.push(false),
                other => return Err(format!("{other:?} is neither * nor .")),
            }
        }
    }
    let size = Size::new(width, rows.len(), mines.iter().filter(|&&m| m).count())?;
    Board::with_mines(size, mines)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 6×5 board:
    /// ```text
    /// *.....
    /// ......
    /// ...*..
    /// ......
    /// .....*
    /// ```
    fn sample() -> Board {
        parse_mines("*...../....../...*../....../.....*").unwrap()
    }

    #[test]
    fn counts_are_the_mines_around() {
        let b = sample();
        let g = b.grid();
        let counts: Vec<u8> = (0..g.cells()).map(|i| b.count(i)).collect();
        #[rustfmt::skip]
        let expected = [
            0, 1, 0, 0, 0, 0,
            1, 1, 1, 1, 1, 0,
            0, 0, 1, 0, 1, 0,
            0, 0, 1, 1, 2, 1,
            0, 0, 0, 0, 1, 0,
        ];
        assert_eq!(counts, expected);
    }

    #[test]
    fn neighbours_stay_on_the_board() {
        let g = Grid {
            width: 6,
            height: 5,
        };
        assert_eq!(g.neighbours(0).collect::<Vec<_>>(), [1, 6, 7]);
        assert_eq!(
            g.neighbours(g.index(2, 3)).collect::<Vec<_>>(),
            [8, 9, 10, 14, 16, 20, 21, 22]
        );
        assert_eq!(g.neighbours(29).collect::<Vec<_>>(), [22, 23, 28]);
        assert!(g.touch(0, 7) && !g.touch(0, 2) && !g.touch(5, 6));
    }

    #[test]
    fn uncovering_a_zero_opens_its_whole_region_and_its_border() {
        let mut b = sample();
        let opened = b.uncover(b.grid().index(4, 0));
        // The zeros connected to the bottom-left corner, and the numbers
        // around them.
        assert_eq!(b.to_string(), "*.....\n111...\n__1*..\n__112.\n____1*\n");
        assert_eq!(
            opened,
            Opened {
                cells: 16,
                boom: false
            }
        );
        assert!(!b.is_over());
    }

    #[test]
    fn uncovering_a_number_opens_only_it() {
        let mut b = sample();
        assert_eq!(b.uncover(1).cells, 1);
        assert_eq!(b.opened(), 1);
    }

    #[test]
    fn the_flood_takes_wrong_flags_off() {
        let mut b = sample();
        let g = b.grid();
        assert!(b.toggle_flag(g.index(3, 0)));
        assert_eq!(b.mines_left(), 2);
        b.uncover(g.index(4, 0));
        assert_eq!(b.tile(g.index(3, 0)), Tile::Open);
        assert_eq!(b.mines_left(), 3);
    }

    #[test]
    fn a_flag_protects_its_tile_and_comes_off_again() {
        let mut b = sample();
        assert!(b.toggle_flag(0));
        assert_eq!(b.mines_left(), 2);
        assert_eq!(b.uncover(0), Opened::default());
        assert_eq!(b.tile(0), Tile::Flagged);
        assert!(!b.is_lost());
        assert!(b.toggle_flag(0));
        assert_eq!(b.tile(0), Tile::Covered);
        assert_eq!(b.mines_left(), 3);
        // An uncovered tile takes no flag.
        b.uncover(1);
        assert!(!b.toggle_flag(1));
    }

    #[test]
    fn question_marks_follow_flags_and_do_not_protect() {
        let mut b = sample();
        assert!(b.cycle_mark(0, true));
        assert!(b.cycle_mark(0, true));
        assert_eq!(b.tile(0), Tile::Marked);
        assert_eq!(b.mines_left(), 3, "a question mark is no flag");
        assert!(b.cycle_mark(0, true));
        assert_eq!(b.tile(0), Tile::Covered);
        // A marked tile is uncovered by a click, and by the flood.
        let g = b.grid();
        b.cycle_mark(g.index(3, 0), true);
        b.cycle_mark(g.index(3, 0), true);
        assert_eq!(b.tile(g.index(3, 0)), Tile::Marked);
        b.uncover(g.index(4, 0));
        assert_eq!(b.tile(g.index(3, 0)), Tile::Open);
        let one = g.index(1, 3);
        b.cycle_mark(one, true);
        b.cycle_mark(one, true);
        assert_eq!(b.tile(one), Tile::Marked);
        assert_eq!(b.uncover(one).cells, 1);
    }

    #[test]
    fn the_counter_goes_below_zero_with_too_many_flags() {
        let mut b = sample();
        for i in 0..5 {
            b.toggle_flag(i);
        }
        assert_eq!(b.mines_left(), -2);
    }

    #[test]
    fn uncovering_a_mine_loses_and_shows_the_wrong_flags() {
        let mut b = sample();
        let g = b.grid();
        b.toggle_flag(g.index(2, 3));
        b.toggle_flag(g.index(0, 3));
        let result = b.uncover(0);
        assert!(result.boom && b.is_lost() && !b.is_won());
        assert_eq!(b.exploded(), Some(0));
        assert!(b.is_wrong_flag(g.index(0, 3)));
        assert!(!b.is_wrong_flag(g.index(2, 3)));
        // Nothing more happens once lost.
        assert_eq!(b.uncover(5), Opened::default());
        assert!(!b.toggle_flag(5));
    }

    #[test]
    fn uncovering_every_safe_tile_wins_and_flags_the_mines() {
        let mut b = sample();
        let g = b.grid();
        let safe: Vec<usize> = (0..g.cells()).filter(|&i| !b.is_mine(i)).collect();
        let last = *safe.last().unwrap();
        for &i in &safe[..safe.len() - 1] {
            b.uncover(i);
        }
        assert!(!b.is_won() || b.tile(last) == Tile::Open);
        b.uncover(last);
        assert!(b.is_won() && b.is_over() && !b.is_lost());
        assert_eq!(b.mines_left(), 0);
        assert_eq!(b.flags(), 3);
    }

    #[test]
    fn a_chord_opens_the_unflagged_neighbours_of_a_satisfied_number() {
        let mut b = sample();
        let g = b.grid();
        let two = g.index(3, 4);
        b.uncover(two);
        // Not yet: no flags around.
        assert!(!b.can_chord(two));
        assert_eq!(b.chord(two), Opened::default());
        b.toggle_flag(g.index(2, 3));
        // One flag of two: still not.
        assert_eq!(b.chord(two), Opened::default());
        b.toggle_flag(g.index(4, 5));
        assert!(b.can_chord(two));
        let result = b.chord(two);
        assert!(!result.boom);
        // The six other neighbours are uncovered; (2, 5), a zero, opens on.
        for (r, c) in [(2, 4), (2, 5), (3, 3), (3, 5), (4, 3), (4, 4)] {
            assert_eq!(b.tile(g.index(r, c)), Tile::Open, "{r},{c}");
        }
        assert_eq!(b.tile(g.index(1, 5)), Tile::Open, "through the zero");
        assert!(result.cells >= 6);
    }

    #[test]
    fn a_chord_with_a_wrong_flag_loses() {
        let mut b = sample();
        let g = b.grid();
        let one = g.index(1, 1);
        b.uncover(one);
        b.toggle_flag(g.index(0, 1));
        let result = b.chord(one);
        assert!(result.boom && b.is_lost());
        assert_eq!(b.exploded(), Some(0));
        assert!(b.is_wrong_flag(g.index(0, 1)));
    }

    #[test]
    fn sizes_are_checked() {
        assert_eq!(Size::new(9, 9, 10), Ok(Size::BEGINNER));
        assert_eq!(Size::new(30, 16, 99), Ok(Size::EXPERT));
        assert!(Size::new(4, 9, 3).is_err());
        assert!(Size::new(41, 9, 3).is_err());
        assert!(Size::new(9, 31, 3).is_err());
        assert!(Size::new(9, 9, 0).is_err());
        assert_eq!(
            Size::new(9, 9, 73),
            Err("A 9×9 board holds 1 to 72 mines, not 73.".into())
        );
        assert_eq!(Size::ORIGINAL.to_string(), "16×16, 30 mines");
    }

    #[test]
    fn restore_refuses_what_play_cannot_make() {
        let mut b = sample();
        let mut tiles = vec![Tile::Covered; 30];
        tiles[0] = Tile::Open;
        assert!(b.clone().restore(tiles.clone(), None).is_err());
        assert!(b.clone().restore(tiles.clone(), Some(0)).is_ok());
        tiles[0] = Tile::Covered;
        tiles[24] = Tile::Open; // a zero with covered neighbours
        assert!(b.restore(tiles, None).is_err());
    }
}
