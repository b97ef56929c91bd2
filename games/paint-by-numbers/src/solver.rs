//! Solving whole puzzles: the line solver run over rows and columns to a
//! fixed point ([`GridSolver::propagate`], [`line_solve`]), a backtracking
//! search on top of it with a budget of line solves ([`search`]), and an independent
//! brute force for small puzzles ([`brute_force`]) that the tests hold the
//! others to.
//!
//! A puzzle the line solver settles completely has exactly one solution:
//! every cell it settled was forced by the clues.
//!
//! ```
//! use paint_by_numbers::puzzle::Picture;
//! use paint_by_numbers::solver::{LineSolve, line_solve};
//! let picture = Picture::parse_rows(".#./###/.#.").unwrap();
//! match line_solve(&picture.clues()) {
//!     LineSolve::Solved(found) => assert_eq!(found, picture),
//!     other => panic!("{other:?}"),
//! }
//! ```

use crate::line::{Contradiction, Known, LineSolver};
use crate::puzzle::{Clues, Picture, runs};

/// The line solver applied to whole grids, with its buffers.
#[derive(Clone, Debug, Default)]
pub struct GridSolver {
    line: LineSolver,
    buf: Vec<Known>,
    row_dirty: Vec<bool>,
    col_dirty: Vec<bool>,
    /// How many lines it has solved since it was made: the unit of work the
    /// search's budget counts.
    lines_solved: u64,
}

impl GridSolver {
    /// Solves rows and columns of `grid` (row by row, `clues.width` wide)
    /// with the line solver until none changes any more. Returns whether
    /// every cell is settled.
    ///
    /// # Errors
    ///
    /// [`Contradiction`] when some line cannot hold its clue; `grid` then
    /// holds what was settled before that was found.
    pub fn propagate(&mut self, clues: &Clues, grid: &mut [Known]) -> Result<bool, Contradiction> {
        self.row_dirty.clear();
        self.row_dirty.resize(clues.height, true);
        self.col_dirty.clear();
        self.col_dirty.resize(clues.width, true);
        self.run(clues, grid)
    }

    /// [`GridSolver::propagate`] after only the cell at `row`, `col`
    /// changed in a grid that was at its fixed point: only that cell's row
    /// and column are solved first.
    ///
    /// # Errors
    ///
    /// As [`GridSolver::propagate`].
    pub fn propagate_from(
        &mut self,
        clues: &Clues,
        grid: &mut [Known],
        row: usize,
        col: usize,
    ) -> Result<bool, Contradiction> {
        self.row_dirty.clear();
        self.row_dirty.resize(clues.height, false);
        self.col_dirty.clear();
        self.col_dirty.resize(clues.width, false);
        self.row_dirty[row] = true;
        self.col_dirty[col] = true;
        self.run(clues, grid)
    }

    /// How many lines it has solved since it was made.
    pub fn lines_solved(&self) -> u64 {
        self.lines_solved
    }

    /// Solves the dirty lines until none is dirty.
    fn run(&mut self, clues: &Clues, grid: &mut [Known]) -> Result<bool, Contradiction> {
        let (w, h) = (clues.width, clues.height);
        loop {
            let mut any = false;
            for r in 0..h {
                if !std::mem::take(&mut self.row_dirty[r]) {
                    continue;
                }
                any = true;
                self.lines_solved += 1;
                self.buf.clear();
                self.buf.extend_from_slice(&grid[r * w..(r + 1) * w]);
                if self.line.solve(&clues.rows[r], &mut self.buf)? {
                    for c in 0..w {
                        if grid[r * w + c] != self.buf[c] {
                            grid[r * w + c] = self.buf[c];
                            self.col_dirty[c] = true;
                        }
                    }
                }
            }
            for c in 0..w {
                if !std::mem::take(&mut self.col_dirty[c]) {
                    continue;
                }
                any = true;
                self.lines_solved += 1;
                self.buf.clear();
                self.buf.extend((0..h).map(|r| grid[r * w + c]));
                if self.line.solve(&clues.cols[c], &mut self.buf)? {
                    for r in 0..h {
                        if grid[r * w + c] != self.buf[r] {
                            grid[r * w + c] = self.buf[r];
                            self.row_dirty[r] = true;
                        }
                    }
                }
            }
            if !any {
                break;
            }
        }
        Ok(grid.iter().all(|&k| k != Known::Unknown))
    }
}

/// What the line solver alone makes of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineSolve {
    /// Every cell was settled: this is the one solution.
    Solved(Picture),
    /// It stopped with these cells still unknown (row by row); the puzzle
    /// may have no solution, one that needs guessing, or several.
    Stalled(Vec<Known>),
    /// The clues contradict each other: no picture has them.
    Contradiction,
}

/// The picture of a grid whose every cell is settled.
fn settled_picture(clues: &Clues, grid: &[Known]) -> Picture {
    let cells = grid.iter().map(|&k| k == Known::Blue).collect();
    Picture::from_cells(clues.width, clues.height, cells).expect("the grid has the clues' size")
}

/// Runs the line solver over `clues` from an empty grid to its fixed point.
pub fn line_solve(clues: &Clues) -> LineSolve {
    line_solve_with(&mut GridSolver::default(), clues)
}

/// [`line_solve`] with the buffers of `solver`.
pub fn line_solve_with(solver: &mut GridSolver, clues: &Clues) -> LineSolve {
    let mut grid = vec![Known::Unknown; clues.width * clues.height];
    match solver.propagate(clues, &mut grid) {
        Ok(true) => LineSolve::Solved(settled_picture(clues, &grid)),
        Ok(false) => LineSolve::Stalled(grid),
        Err(Contradiction) => LineSolve::Contradiction,
    }
}

/// What a [`search`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    /// The solutions found, at most the number asked for.
    pub solutions: Vec<Picture>,
    /// Whether the search looked at everything it had to: `false` when it
    /// ran out of budget before it found the number of solutions asked for
    /// or proved there are no more.
    pub complete: bool,
    /// The nodes it visited (each a guess followed by the line solver).
    pub nodes: u64,
    /// The lines it solved, the work its budget counts.
    pub lines_solved: u64,
}

impl Search {
    /// The one solution, if the search proved there is exactly one.
    pub fn unique(&self) -> Option<&Picture> {
        match &self.solutions[..] {
            [one] if self.complete => Some(one),
            _ => None,
        }
    }
}

/// Finds up to `want` solutions of `clues` by backtracking: the line
/// solver settles what it can, then the search guesses the first unknown
/// cell both ways, and the line solver goes on from the guessed cell's row
/// and column. It gives up once it has solved `budget` lines, so its cost
/// is bounded without looking at a clock (a line of `n` cells and `k` runs
/// costs about `n·k` steps).
pub fn search(clues: &Clues, want: usize, budget: u64) -> Search {
    struct State<'a> {
        clues: &'a Clues,
        solver: GridSolver,
        want: usize,
        budget: u64,
        nodes: u64,
        solutions: Vec<Picture>,
        out_of_budget: bool,
    }
    /// `grid` is at the line solver's fixed point and not solved.
    fn branch(state: &mut State<'_>, grid: &[Known]) {
        let guess = grid
            .iter()
            .position(|&k| k == Known::Unknown)
            .expect("an unsettled grid has an unknown cell");
        let (row, col) = (guess / state.clues.width, guess % state.clues.width);
        for value in [Known::Blue, Known::White] {
            if state.solutions.len() >= state.want || state.out_of_budget {
                return;
            }
            if state.solver.lines_solved() >= state.budget {
                state.out_of_budget = true;
                return;
            }
            state.nodes += 1;
            let mut next = grid.to_vec();
            next[guess] = value;
            match state
                .solver
                .propagate_from(state.clues, &mut next, row, col)
            {
                Err(Contradiction) => {}
                Ok(true) => state.solutions.push(settled_picture(state.clues, &next)),
                Ok(false) => branch(state, &next),
            }
        }
    }
    let mut state = State {
        clues,
        solver: GridSolver::default(),
        want,
        budget,
        nodes: 1,
        solutions: Vec::new(),
        out_of_budget: false,
    };
    if clues.check().is_ok() && want > 0 {
        let mut grid = vec![Known::Unknown; clues.width * clues.height];
        match state.solver.propagate(clues, &mut grid) {
            Err(Contradiction) => {}
            Ok(true) => state.solutions.push(settled_picture(clues, &grid)),
            Ok(false) => branch(&mut state, &grid),
        }
    }
    Search {
        complete: !state.out_of_budget,
        nodes: state.nodes,
        lines_solved: state.solver.lines_solved(),
        solutions: state.solutions,
    }
}

/// Every solution of `clues` (up to `want` of them), by enumerating each
/// row's placements ([`crate::line::placements`]) and checking the columns
/// as the rows go down. Independent of the line solver; exponential, so
/// for small puzzles only (the tests use it up to 6×6).
pub fn brute_force(clues: &Clues, want: usize) -> Vec<Picture> {
    let (w, h) = (clues.width, clues.height);
    let rows: Vec<Vec<Vec<bool>>> = clues
        .rows
        .iter()
        .map(|clue| crate::line::placements(clue, w))
        .collect();
    let mut chosen: Vec<&Vec<bool>> = Vec::with_capacity(h);
    let mut out = Vec::new();

    /// Whether the first rows of column `c` can still grow into its clue.
    fn column_prefix_ok(prefix: &[bool], clue: &[usize], complete: bool) -> bool {
        let found = runs(prefix.iter().copied());
        if complete {
            return found == clue;
        }
        let open = prefix.last() == Some(&true);
        let closed = if open { found.len() - 1 } else { found.len() };
        if found.len() > clue.len() || found[..closed] != clue[..closed] {
            return false;
        }
        !open || found[closed] <= clue[closed]
    }

    fn go<'a>(
        clues: &Clues,
        rows: &'a [Vec<Vec<bool>>],
        chosen: &mut Vec<&'a Vec<bool>>,
        want: usize,
        out: &mut Vec<Picture>,
    ) {
        if out.len() >= want {
            return;
        }
        let r = chosen.len();
        let (w, h) = (clues.width, clues.height);
        if r == h {
            let cells = chosen.iter().flat_map(|row| row.iter().copied()).collect();
            out.push(Picture::from_cells(w, h, cells).expect("h rows of w cells"));
            return;
        }
        for row in &rows[r] {
            chosen.push(row);
            let ok = (0..w).all(|c| {
                let prefix: Vec<bool> = chosen.iter().map(|row| row[c]).collect();
                column_prefix_ok(&prefix, &clues.cols[c], r + 1 == h)
            });
            if ok {
                go(clues, rows, chosen, want, out);
            }
            chosen.pop();
        }
    }
    go(clues, &rows, &mut chosen, want, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clues(rows: &str) -> Clues {
        Picture::parse_rows(rows).unwrap().clues()
    }

    #[test]
    fn a_cross_is_solved_by_lines_alone() {
        let c = clues(".#./###/.#.");
        assert!(matches!(line_solve(&c), LineSolve::Solved(p) if p.to_rows() == ".#./###/.#."));
        assert_eq!(brute_force(&c, 3).len(), 1);
    }

    #[test]
    fn a_diagonal_has_two_solutions_and_stalls_the_line_solver() {
        let c = clues("#./.#");
        assert_eq!(line_solve(&c), LineSolve::Stalled(vec![Known::Unknown; 4]));
        let found = search(&c, 3, 1000);
        assert_eq!(found.solutions.len(), 2);
        assert!(found.complete && found.unique().is_none());
        let mut brute: Vec<String> = brute_force(&c, 3).iter().map(Picture::to_rows).collect();
        brute.sort();
        assert_eq!(brute, ["#./.#", ".#/#."]);
    }

    #[test]
    fn impossible_clues_are_a_contradiction() {
        let mut c = clues("##/..");
        c.cols = vec![vec![2], vec![]];
        assert_eq!(line_solve(&c), LineSolve::Contradiction);
        assert!(search(&c, 2, 100).solutions.is_empty());
        assert!(brute_force(&c, 2).is_empty());
    }

    #[test]
    fn the_search_stops_at_its_budget() {
        // An empty-ish clue set with many solutions: a 6x6 permutation matrix.
        let c = clues("#...../.#..../..#.../...#../....#./.....#");
        let found = search(&c, 1000, 30);
        assert!(!found.complete);
        // It stops at the first node past its budget of lines.
        assert!((30..30 + 12).contains(&found.lines_solved), "{found:?}");
        assert!(found.solutions.len() < 720);
        // 6! permutations.
        assert_eq!(brute_force(&c, 1000).len(), 720);
    }
}
