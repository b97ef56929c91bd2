//! The player's board: what each cell is painted, strokes of painting,
//! mistakes shown, and the win.
//!
//! Every cell starts grey (unknown). A stroke starts on one cell and runs
//! along its row or column; what it paints depends on the cell it starts
//! on, as in the original: from a grey cell it paints blue (or white, with
//! the right button or a modifier), from a painted cell it turns the cells
//! grey again.
//!
//! ```
//! use paint_by_numbers::board::{Board, Mark};
//! let mut board = Board::new(5, 5);
//! assert_eq!(board.stroke((0, 0), (0, 2), false), 3);
//! assert_eq!(board.mark(0, 1), Mark::Blue);
//! // A stroke starting on a painted cell greys them.
//! assert_eq!(board.stroke((0, 1), (0, 1), true), 1);
//! assert_eq!(board.mark(0, 1), Mark::Unknown);
//! ```

use crate::puzzle::{Clues, Picture, runs};

/// What a cell is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mark {
    /// Grey: not decided yet.
    #[default]
    Unknown,
    /// Blue: painted.
    Blue,
    /// White: marked as not painted.
    White,
}

impl Mark {
    /// The word a screen reader says.
    pub fn word(self) -> &'static str {
        match self {
            Mark::Unknown => "grey",
            Mark::Blue => "blue",
            Mark::White => "white",
        }
    }

    /// What a stroke starting on a cell painted `self` paints: blue (or
    /// white when `white`) from grey, grey from anything painted.
    pub fn stroke_paints(self, white: bool) -> Mark {
        match (self, white) {
            (Mark::Unknown, false) => Mark::Blue,
            (Mark::Unknown, true) => Mark::White,
            _ => Mark::Unknown,
        }
    }
}

/// A cell by its row and column, from 0.
pub type Pos = (usize, usize);

/// The cells from `start` to `end` along their common row or column, both
/// included; `None` when they share neither.
pub fn segment(start: Pos, end: Pos) -> Option<Vec<Pos>> {
    let (r0, c0) = start;
    let (r1, c1) = end;
    if r0 == r1 {
        Some((c0.min(c1)..=c0.max(c1)).map(|c| (r0, c)).collect())
    } else if c0 == c1 {
        Some((r0.min(r1)..=r0.max(r1)).map(|r| (r, c0)).collect())
    } else {
        None
    }
}

/// The player's marks on a grid, and the cells shown as mistakes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    height: usize,
    marks: Vec<Mark>,
    wrong: Vec<bool>,
}

impl Board {
    /// An all-grey board.
    pub fn new(width: usize, height: usize) -> Board {
        Board {
            width,
            height,
            marks: vec![Mark::Unknown; width * height],
            wrong: vec![false; width * height],
        }
    }

    /// A board from its marks and mistake flags, row by row; `None` if
    /// their number is not `width * height`.
    pub fn from_parts(
        width: usize,
        height: usize,
        marks: Vec<Mark>,
        wrong: Vec<bool>,
    ) -> Option<Board> {
        (marks.len() == width * height && wrong.len() == marks.len()).then_some(Board {
            width,
            height,
            marks,
            wrong,
        })
    }

    /// Its width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Its height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// What the cell at `row`, `col` is painted.
    pub fn mark(&self, row: usize, col: usize) -> Mark {
        self.marks[row * self.width + col]
    }

    /// Whether the cell at `row`, `col` is shown as a mistake.
    pub fn is_wrong(&self, row: usize, col: usize) -> bool {
        self.wrong[row * self.width + col]
    }

    /// Paints one cell, clearing its mistake flag if its mark changes.
    /// Returns whether it changed.
    pub fn set(&mut self, row: usize, col: usize, mark: Mark) -> bool {
        let i = row * self.width + col;
        if self.marks[i] == mark {
            return false;
        }
        self.marks[i] = mark;
        self.wrong[i] = false;
        true
    }

    /// What a stroke from `start` to `end` would paint, and where: `None`
    /// when they share no row or column.
    pub fn stroke_preview(&self, start: Pos, end: Pos, white: bool) -> Option<(Mark, Vec<Pos>)> {
        let cells = segment(start, end)?;
        Some((self.mark(start.0, start.1).stroke_paints(white), cells))
    }

    /// Paints a stroke from `start` to `end` (see [`Board::stroke_preview`]).
    /// Returns how many cells changed (0 when the cells share no line).
    pub fn stroke(&mut self, start: Pos, end: Pos, white: bool) -> usize {
        let Some((mark, cells)) = self.stroke_preview(start, end, white) else {
            return 0;
        };
        cells
            .into_iter()
            .filter(|&(r, c)| self.set(r, c, mark))
            .count()
    }

    /// The blue cells of row `row`, from the left.
    fn row_blue(&self, row: usize) -> impl Iterator<Item = bool> + '_ {
        (0..self.width).map(move |c| self.mark(row, c) == Mark::Blue)
    }

    /// The blue cells of column `col`, from the top.
    fn col_blue(&self, col: usize) -> impl Iterator<Item = bool> + '_ {
        (0..self.height).map(move |r| self.mark(r, col) == Mark::Blue)
    }

    /// Whether the blue cells of row `row` are exactly its clue.
    pub fn row_done(&self, clues: &Clues, row: usize) -> bool {
        runs(self.row_blue(row)) == clues.rows[row]
    }

    /// Whether the blue cells of column `col` are exactly its clue.
    pub fn col_done(&self, clues: &Clues, col: usize) -> bool {
        runs(self.col_blue(col)) == clues.cols[col]
    }

    /// How many row and column clues the blue cells satisfy.
    pub fn done_count(&self, clues: &Clues) -> usize {
        (0..self.height)
            .filter(|&r| self.row_done(clues, r))
            .count()
            + (0..self.width).filter(|&c| self.col_done(clues, c)).count()
    }

    /// Whether the blue cells satisfy every clue: the puzzle is solved
    /// (white and grey cells do not matter).
    pub fn is_solved(&self, clues: &Clues) -> bool {
        (0..self.height).all(|r| self.row_done(clues, r))
            && (0..self.width).all(|c| self.col_done(clues, c))
    }

    /// The blue cells as a picture.
    pub fn picture(&self) -> Picture {
        Picture::from_cells(
            self.width,
            self.height,
            self.marks.iter().map(|&m| m == Mark::Blue).collect(),
        )
        .expect("the board's size")
    }

    /// Flags every painted cell that contradicts `solution` (blue where it
    /// is white, white where it is blue); grey cells are never wrong.
    /// Returns how many cells are flagged now.
    pub fn show_mistakes(&mut self, solution: &Picture) -> usize {
        for row in 0..self.height {
            for col in 0..self.width {
                let wrong = match self.mark(row, col) {
                    Mark::Unknown => false,
                    Mark::Blue => !solution.get(row, col),
                    Mark::White => solution.get(row, col),
                };
                if wrong {
                    self.wrong[row * self.width + col] = true;
                }
            }
        }
        self.wrong_count()
    }

    /// How many cells are shown as mistakes.
    pub fn wrong_count(&self) -> usize {
        self.wrong.iter().filter(|&&w| w).count()
    }

    /// How many cells are painted blue.
    pub fn blue_count(&self) -> usize {
        self.marks.iter().filter(|&&m| m == Mark::Blue).count()
    }

    /// The marks, row by row.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// The mistake flags, row by row.
    pub fn wrong_flags(&self) -> &[bool] {
        &self.wrong
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strokes_run_along_a_row_or_a_column_only() {
        assert_eq!(segment((1, 4), (1, 2)), Some(vec![(1, 2), (1, 3), (1, 4)]));
        assert_eq!(segment((3, 0), (1, 0)), Some(vec![(1, 0), (2, 0), (3, 0)]));
        assert_eq!(segment((2, 2), (2, 2)), Some(vec![(2, 2)]));
        assert_eq!(segment((0, 0), (1, 1)), None);
        let mut board = Board::new(4, 4);
        assert_eq!(board.stroke((0, 0), (1, 1), false), 0);
        assert_eq!(board.blue_count(), 0);
    }

    #[test]
    fn the_start_cell_decides_what_a_stroke_paints() {
        let mut board = Board::new(5, 1);
        board.stroke((0, 2), (0, 2), false);
        // From grey: blue over everything, the blue cell stays.
        assert_eq!(board.stroke((0, 0), (0, 4), false), 4);
        assert!((0..5).all(|c| board.mark(0, c) == Mark::Blue));
        // From blue: grey, even with the white modifier.
        assert_eq!(board.stroke((0, 1), (0, 3), true), 3);
        let marks: Vec<Mark> = (0..5).map(|c| board.mark(0, c)).collect();
        assert_eq!(
            marks,
            [
                Mark::Blue,
                Mark::Unknown,
                Mark::Unknown,
                Mark::Unknown,
                Mark::Blue
            ]
        );
        // From grey with the modifier: white.
        board.stroke((0, 2), (0, 2), true);
        assert_eq!(board.mark(0, 2), Mark::White);
    }

    #[test]
    fn clues_are_done_by_blue_cells_alone() {
        let clues = Picture::parse_rows("##./..#").unwrap().clues();
        let mut board = Board::new(3, 2);
        assert_eq!(board.done_count(&clues), 0);
        board.stroke((0, 0), (0, 1), false);
        assert!(board.row_done(&clues, 0) && !board.row_done(&clues, 1));
        assert!(board.col_done(&clues, 1));
        board.stroke((0, 2), (0, 2), true);
        assert!(!board.is_solved(&clues));
        board.stroke((1, 2), (1, 2), false);
        assert!(board.is_solved(&clues));
        assert_eq!(board.done_count(&clues), 5);
    }

    #[test]
    fn mistakes_are_painted_cells_against_the_solution() {
        let solution = Picture::parse_rows("##./..#").unwrap();
        let mut board = Board::new(3, 2);
        board.set(0, 0, Mark::Blue);
        board.set(0, 2, Mark::Blue);
        board.set(1, 2, Mark::White);
        board.set(1, 0, Mark::White);
        assert_eq!(board.show_mistakes(&solution), 2);
        assert!(board.is_wrong(0, 2) && board.is_wrong(1, 2));
        assert!(!board.is_wrong(0, 0) && !board.is_wrong(1, 0) && !board.is_wrong(0, 1));
        // Repainting a flagged cell clears its flag.
        assert_eq!(board.stroke((0, 2), (0, 2), false), 1);
        assert_eq!(board.mark(0, 2), Mark::Unknown);
        assert_eq!(board.wrong_count(), 1);
    }
}
