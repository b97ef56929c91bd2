//! The line solver: given a clue and what is known of its line, the cells
//! that every placement of the clue's runs agrees on.
//!
//! It settles a cell as blue when every placement of the runs that fits the
//! known cells covers it, and as white when none does. It looks at all
//! placements at once by dynamic programming (which prefixes of the line
//! can hold which first runs, which suffixes the last ones), so a line of
//! `n` cells and `k` runs costs `O(n·k)`, however many placements there are.
//!
//! ```
//! use paint_by_numbers::line::{Known, LineSolver};
//! let mut solver = LineSolver::default();
//! // A run of 3 in 5 cells: the middle cell is blue whatever the placement.
//! let mut line = [Known::Unknown; 5];
//! assert_eq!(solver.solve(&[3], &mut line), Ok(true));
//! assert_eq!(line, [Known::Unknown, Known::Unknown, Known::Blue, Known::Unknown, Known::Unknown]);
//! ```

/// What is known of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Known {
    /// Not known yet.
    #[default]
    Unknown,
    /// Blue (painted).
    Blue,
    /// White (not painted).
    White,
}

/// The clue cannot be placed on the line as it is known: some known cell
/// is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// The line solver, with buffers kept between lines so that solving a
/// grid allocates nothing once they have grown.
#[derive(Clone, Debug, Default)]
pub struct LineSolver {
    /// `fwd[i * (k + 1) + j]`: cells `0..i` can hold runs `0..j` (each run
    /// followed by a white cell, unless it ends the line).
    fwd: Vec<bool>,
    /// `bwd[i * (k + 1) + j]`: cells `i..n` can hold runs `j..k`.
    bwd: Vec<bool>,
    /// `whites[i]`: the known-white cells among `0..i`.
    whites: Vec<u32>,
    /// Cells that can be blue, as a difference array of covered ranges.
    blue_diff: Vec<i32>,
    /// Cells that can be white.
    can_white: Vec<bool>,
}

impl LineSolver {
    /// Settles every cell of `line` that all placements of `clue` agree on.
    /// Returns whether a cell changed.
    ///
    /// # Errors
    ///
    /// [`Contradiction`] when no placement fits the known cells; `line` is
    /// then left as it was.
    // The dynamic programme indexes its tables and the clue by the same run
    // number `j`, one past the last run included.
    #[allow(clippy::needless_range_loop)]
    pub fn solve(&mut self, clue: &[usize], line: &mut [Known]) -> Result<bool, Contradiction> {
        let n = line.len();
        let k = clue.len();
        let stride = k + 1;
        let at = |i: usize, j: usize| i * stride + j;

        self.whites.clear();
        self.whites.push(0);
        for cell in line.iter() {
            let last = *self.whites.last().unwrap_or(&0);
            self.whites.push(last + u32::from(*cell == Known::White));
        }
        let whites = &self.whites;
        // Whether cells `s..s + len` can all be blue.
        let fits = |s: usize, len: usize| s + len <= n && whites[s + len] == whites[s];
        let can_be_white = |i: usize| line[i] != Known::Blue;

        self.fwd.clear();
        self.fwd.resize((n + 1) * stride, false);
        self.fwd[at(0, 0)] = true;
        for i in 0..n {
            for j in 0..=k {
                if !self.fwd[at(i, j)] {
                    continue;
                }
                if can_be_white(i) {
                    self.fwd[at(i + 1, j)] = true;
                }
                if j < k && fits(i, clue[j]) {
                    let end = i + clue[j];
                    if end == n {
                        self.fwd[at(n, j + 1)] = true;
                    } else if can_be_white(end) {
                        self.fwd[at(end + 1, j + 1)] = true;
                    }
                }
            }
        }
        if !self.fwd[at(n, k)] {
            return Err(Contradiction);
        }

        self.bwd.clear();
        self.bwd.resize((n + 2) * stride, false);
        self.bwd[at(n, k)] = true;
        for i in (0..n).rev() {
            for j in 0..=k {
                let mut ok = can_be_white(i) && self.bwd[at(i + 1, j)];
                if !ok && j < k && fits(i, clue[j]) {
                    let end = i + clue[j];
                    ok = if end == n {
                        self.bwd[at(n, j + 1)]
                    } else {
                        can_be_white(end) && self.bwd[at(end + 1, j + 1)]
                    };
                }
                self.bwd[at(i, j)] = ok;
            }
        }

        self.blue_diff.clear();
        self.blue_diff.resize(n + 1, 0);
        self.can_white.clear();
        self.can_white.resize(n, false);
        for i in 0..n {
            for j in 0..=k {
                if !self.fwd[at(i, j)] {
                    continue;
                }
                // Cell i white, not right after a run.
                if can_be_white(i) && self.bwd[at(i + 1, j)] {
                    self.can_white[i] = true;
                }
                // Run j starting at cell i.
                if j < k && fits(i, clue[j]) {
                    let end = i + clue[j];
                    let rest = if end == n {
                        self.bwd[at(n, j + 1)]
                    } else {
                        can_be_white(end) && self.bwd[at(end + 1, j + 1)]
                    };
                    if rest {
                        self.blue_diff[i] += 1;
                        self.blue_diff[end] -= 1;
                        if end < n {
                            self.can_white[end] = true;
                        }
                    }
                }
            }
        }

        let mut changed = false;
        let mut covered = 0;
        for (i, cell) in line.iter_mut().enumerate() {
            covered += self.blue_diff[i];
            let can_blue = covered > 0;
            let settled = match (can_blue, self.can_white[i]) {
                (true, false) => Known::Blue,
                (false, true) => Known::White,
                _ => continue,
            };
            if *cell != settled {
                *cell = settled;
                changed = true;
            }
        }
        Ok(changed)
    }
}

/// Every placement of `clue` on a line of `n` cells, as lines of blue
/// (`true`) and white cells, by enumeration: the slow, obvious answer the
/// tests hold [`LineSolver`] to, and the brute-force solver's rows.
pub fn placements(clue: &[usize], n: usize) -> Vec<Vec<bool>> {
    fn place(clue: &[usize], start: usize, line: &mut Vec<bool>, out: &mut Vec<Vec<bool>>) {
        let n = line.len();
        let Some((&first, rest)) = clue.split_first() else {
            out.push(line.clone());
            return;
        };
        let needed = crate::puzzle::min_length(clue);
        if start + needed > n {
            return;
        }
        for s in start..=n - needed {
            line[s..s + first].fill(true);
            place(rest, s + first + 1, line, out);
            line[s..s + first].fill(false);
        }
    }
    let mut out = Vec::new();
    place(clue, 0, &mut vec![false; n], &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Known::{Blue as B, Unknown as U, White as W};

    fn solve(clue: &[usize], line: &[Known]) -> Result<Vec<Known>, Contradiction> {
        let mut line = line.to_vec();
        LineSolver::default().solve(clue, &mut line)?;
        Ok(line)
    }

    #[test]
    fn a_run_of_three_in_five_forces_the_middle() {
        assert_eq!(solve(&[3], &[U; 5]), Ok(vec![U, U, B, U, U]));
    }

    #[test]
    fn a_clue_that_fills_the_line_settles_it() {
        assert_eq!(solve(&[2, 2], &[U; 5]), Ok(vec![B, B, W, B, B]));
        assert_eq!(solve(&[5], &[U; 5]), Ok(vec![B; 5]));
        assert_eq!(solve(&[], &[U; 4]), Ok(vec![W; 4]));
    }

    #[test]
    fn overlap_of_the_extreme_placements() {
        // Runs of 4 and 2 in 10 cells: leftmost 0..4, 5..7; rightmost 3..7, 8..10.
        assert_eq!(
            solve(&[4, 2], &[U; 10]),
            Ok(vec![U, U, U, B, U, U, U, U, U, U])
        );
        assert_eq!(solve(&[1], &[U; 3]), Ok(vec![U; 3]));
    }

    #[test]
    fn known_cells_push_the_runs() {
        // A blue cell at the edge anchors the run of 3.
        assert_eq!(solve(&[3], &[B, U, U, U, U]), Ok(vec![B, B, B, W, W]));
        // A white cell in the middle leaves room on one side only.
        assert_eq!(solve(&[3], &[U, W, U, U, U]), Ok(vec![W, W, B, B, B]));
        // Blue cells at both ends are the two runs of 1.
        assert_eq!(solve(&[1, 1], &[B, U, U, U, B]), Ok(vec![B, W, W, W, B]));
    }

    #[test]
    fn contradictions_are_found_and_leave_the_line() {
        assert_eq!(solve(&[3], &[U, W, U, W, U]), Err(Contradiction));
        assert_eq!(solve(&[], &[U, B]), Err(Contradiction));
        assert_eq!(solve(&[1], &[B, B, U]), Err(Contradiction));
        assert_eq!(solve(&[2], &[W, W]), Err(Contradiction));
    }

    #[test]
    fn placements_are_counted_right() {
        assert_eq!(placements(&[3], 5).len(), 3);
        assert_eq!(placements(&[1, 1], 4).len(), 3);
        assert_eq!(placements(&[], 4), vec![vec![false; 4]]);
        assert_eq!(
            placements(&[2, 2], 5),
            vec![vec![true, true, false, true, true]]
        );
        // n+1-sum choose k, for clue [1,1,1] in 7: C(5,3) = 10.
        assert_eq!(placements(&[1, 1, 1], 7).len(), 10);
    }
}
