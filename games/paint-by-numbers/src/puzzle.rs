//! Pictures and their clues: the rules of Paint By Numbers, without any
//! launcher types.
//!
//! A puzzle is a grid of cells, each blue or white in its solution. The
//! clue of a row (or column) lists the lengths of its runs of blue cells,
//! in order; two runs are always parted by at least one white cell. An
//! empty clue (shown as `0`) is a line with no blue cell at all.
//!
//! ```
//! use paint_by_numbers::puzzle::{Picture, runs};
//! assert_eq!(runs([true, true, false, true, true, true]), vec![2, 3]);
//! let picture = Picture::parse_rows("##.##/.....").unwrap();
//! let clues = picture.clues();
//! assert_eq!(clues.rows, vec![vec![2, 2], vec![]]);
//! assert_eq!(clues.cols, vec![vec![1], vec![1], vec![], vec![1], vec![1]]);
//! assert!(clues.is_solved_by(&picture));
//! ```

use std::fmt;

/// The clue of one row or column: the lengths of its blue runs, in order
/// (empty for a line without blue cells).
pub type Clue = Vec<usize>;

/// The largest side of a puzzle this game plays (files may be up to this
/// wide and high; generated puzzles are 5 to 25).
pub const MAX_SIDE: usize = 60;

/// The lengths of the runs of `true` in `line`, in order.
pub fn runs(line: impl IntoIterator<Item = bool>) -> Clue {
    let mut out = Vec::new();
    let mut run = 0;
    for blue in line {
        if blue {
            run += 1;
        } else if run > 0 {
            out.push(run);
            run = 0;
        }
    }
    if run > 0 {
        out.push(run);
    }
    out
}

/// The fewest cells a line needs to hold `clue`: its runs and one white
/// cell between each two.
pub fn min_length(clue: &[usize]) -> usize {
    clue.iter().sum::<usize>() + clue.len().saturating_sub(1)
}

/// A clue as the board shows it: its numbers with a space between them,
/// `0` for an empty clue.
pub fn clue_text(clue: &[usize]) -> String {
    clue_joined(clue, " ")
}

/// A clue's numbers with `separator` between them, `0` for an empty clue:
/// as the board shows it (a space), in a game ID (`.`) or a `.non` file
/// (`,`).
pub fn clue_joined(clue: &[usize], separator: &str) -> String {
    if clue.is_empty() {
        return "0".into();
    }
    let numbers: Vec<String> = clue.iter().map(usize::to_string).collect();
    numbers.join(separator)
}

/// A picture: a grid of blue (`true`) and white (`false`) cells, row by row
/// from the top.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Picture {
    width: usize,
    height: usize,
    cells: Vec<bool>,
}

impl Picture {
    /// An all-white picture of `width` × `height` cells.
    pub fn blank(width: usize, height: usize) -> Picture {
        Picture {
            width,
            height,
            cells: vec![false; width * height],
        }
    }

    /// A picture from its cells, row by row; `None` if there are not
    /// `width * height` of them.
    pub fn from_cells(width: usize, height: usize, cells: Vec<bool>) -> Option<Picture> {
        (cells.len() == width * height).then_some(Picture {
            width,
            height,
            cells,
        })
    }

    /// Reads rows of `#` (blue) and `.` (white) with `/` between them, as
    /// [`Picture::to_rows`] writes them.
    ///
    /// # Errors
    ///
    /// What is wrong, in a player's words.
    pub fn parse_rows(text: &str) -> Result<Picture, String> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        let width = rows[0].chars().count();
        let mut cells = Vec::with_capacity(width * rows.len());
        for (i, row) in rows.iter().enumerate() {
            if row.chars().count() != width {
                return Err(format!(
                    "row {} of the picture has {} cells but row 1 has {width}",
                    i + 1,
                    row.chars().count()
                ));
            }
            for c in row.chars() {
                match c {
                    '#' => cells.push(true),
                    '.' => cells.push(false),
                    other => {
                        return Err(format!(
                            "row {} of the picture has {other:?}: a cell is # (blue) or . (white)",
                            i + 1
                        ));
                    }
                }
            }
        }
        Ok(Picture {
            width,
            height: rows.len(),
            cells,
        })
    }

    /// The rows from the top, `#` for blue and `.` for white, with `/`
    /// between them.
    pub fn to_rows(&self) -> String {
        let mut text = String::with_capacity(self.cells.len() + self.height);
        for row in 0..self.height {
            if row > 0 {
                text.push('/');
            }
            text.extend(self.row(row).map(|b| if b { '#' } else { '.' }));
        }
        text
    }

    /// Its width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Its height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether the cell at `row`, `col` is blue.
    pub fn get(&self, row: usize, col: usize) -> bool {
        self.cells[row * self.width + col]
    }

    /// Makes the cell at `row`, `col` blue or white.
    pub fn set(&mut self, row: usize, col: usize, blue: bool) {
        self.cells[row * self.width + col] = blue;
    }

    /// The cells, row by row.
    pub fn cells(&self) -> &[bool] {
        &self.cells
    }

    /// The cells of row `row`, from the left.
    pub fn row(&self, row: usize) -> impl Iterator<Item = bool> + '_ {
        self.cells[row * self.width..(row + 1) * self.width]
            .iter()
            .copied()
    }

    /// The cells of column `col`, from the top.
    pub fn col(&self, col: usize) -> impl Iterator<Item = bool> + '_ {
        (0..self.height).map(move |row| self.get(row, col))
    }

    /// How many cells are blue.
    pub fn blue_count(&self) -> usize {
        self.cells.iter().filter(|&&b| b).count()
    }

    /// Its clues.
    pub fn clues(&self) -> Clues {
        Clues {
            width: self.width,
            height: self.height,
            rows: (0..self.height).map(|r| runs(self.row(r))).collect(),
            cols: (0..self.width).map(|c| runs(self.col(c))).collect(),
        }
    }
}

impl fmt::Debug for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Picture {}x{}", self.width, self.height)?;
        for row in self.to_rows().split('/') {
            writeln!(f, "  {row}")?;
        }
        Ok(())
    }
}

/// A puzzle as the player gets it: the clues of every row (from the top)
/// and every column (from the left).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Clues {
    /// The number of columns.
    pub width: usize,
    /// The number of rows.
    pub height: usize,
    /// The clue of each row, from the top.
    pub rows: Vec<Clue>,
    /// The clue of each column, from the left.
    pub cols: Vec<Clue>,
}

impl Clues {
    /// Checks what can be checked without solving: the sizes, every clue
    /// fits its line, no run is 0, and the rows hold as many blue cells as
    /// the columns.
    ///
    /// # Errors
    ///
    /// What is wrong, in a player's words.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=MAX_SIDE).contains(&self.width) || !(1..=MAX_SIDE).contains(&self.height) {
            return Err(format!(
                "a puzzle is 1 to {MAX_SIDE} cells wide and high, not {}x{}",
                self.width, self.height
            ));
        }
        if self.rows.len() != self.height || self.cols.len() != self.width {
            return Err(format!(
                "a {}x{} puzzle has {} row clues and {} column clues, not {} and {}",
                self.width,
                self.height,
                self.height,
                self.width,
                self.rows.len(),
                self.cols.len()
            ));
        }
        for (kind, clues, length) in [
            ("row", &self.rows, self.width),
            ("column", &self.cols, self.height),
        ] {
            for (i, clue) in clues.iter().enumerate() {
                if clue.contains(&0) {
                    return Err(format!(
                        "the clue of {kind} {} has a run of 0 cells; write 0 alone for a line without blue cells",
                        i + 1
                    ));
                }
                if min_length(clue) > length {
                    return Err(format!(
                        "the clue of {kind} {} ({}) needs {} cells but the line has {length}",
                        i + 1,
                        clue_text(clue),
                        min_length(clue)
                    ));
                }
            }
        }
        let by_rows: usize = self.rows.iter().flatten().sum();
        let by_cols: usize = self.cols.iter().flatten().sum();
        if by_rows != by_cols {
            return Err(format!(
                "the row clues paint {by_rows} blue cells but the column clues paint {by_cols}"
            ));
        }
        Ok(())
    }

    /// Whether `picture` has exactly these clues.
    pub fn is_solved_by(&self, picture: &Picture) -> bool {
        picture.width == self.width
            && picture.height == self.height
            && (0..self.height).all(|r| runs(picture.row(r)) == self.rows[r])
            && (0..self.width).all(|c| runs(picture.col(c)) == self.cols[c])
    }

    /// The longest clue of any row, in numbers (at least 1: an empty clue
    /// shows `0`).
    pub fn widest_row_clue(&self) -> usize {
        self.rows.iter().map(|c| c.len().max(1)).max().unwrap_or(1)
    }

    /// The longest clue of any column, in numbers (at least 1).
    pub fn tallest_col_clue(&self) -> usize {
        self.cols.iter().map(|c| c.len().max(1)).max().unwrap_or(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_count_blue_cells_between_white_ones() {
        assert_eq!(runs([]), Clue::new());
        assert_eq!(runs([false, false]), Clue::new());
        assert_eq!(runs([true]), vec![1]);
        assert_eq!(runs([true, false, false, true, true]), vec![1, 2]);
        assert_eq!(runs([false, true, true, true, false]), vec![3]);
    }

    #[test]
    fn clue_texts_and_lengths() {
        assert_eq!(clue_text(&[]), "0");
        assert_eq!(clue_text(&[2, 3]), "2 3");
        assert_eq!(clue_joined(&[], ","), "0");
        assert_eq!(clue_joined(&[1, 4, 1], "."), "1.4.1");
        assert_eq!(min_length(&[2, 3]), 6);
        assert_eq!(min_length(&[]), 0);
        assert_eq!(min_length(&[5]), 5);
    }

    #[test]
    fn pictures_round_trip_through_their_rows() {
        let p = Picture::parse_rows("#.#/.#./##.").unwrap();
        assert_eq!((p.width(), p.height()), (3, 3));
        assert!(p.get(0, 0) && !p.get(0, 1) && p.get(2, 1));
        assert_eq!(p.to_rows(), "#.#/.#./##.");
        assert_eq!(p.blue_count(), 5);
        assert!(Picture::parse_rows("#./#").unwrap_err().contains("row 2"));
        assert!(Picture::parse_rows("#x").unwrap_err().contains("'x'"));
    }

    #[test]
    fn checks_refuse_what_cannot_be_a_puzzle() {
        let good = Picture::parse_rows("##./..#").unwrap().clues();
        assert_eq!(good.check(), Ok(()));
        let mut long = good.clone();
        long.rows[0] = vec![2, 2];
        assert_eq!(
            long.check().unwrap_err(),
            "the clue of row 1 (2 2) needs 5 cells but the line has 3"
        );
        let mut unequal = good.clone();
        unequal.cols[0] = vec![2];
        assert!(unequal.check().unwrap_err().contains("paint 3 blue"));
        let mut zero = good;
        zero.cols[1] = vec![0];
        assert!(zero.check().unwrap_err().contains("run of 0"));
    }
}
