//! A deduction solver, as in Simon Tatham's Mines: it finds the tiles that
//! are certainly safe and those that certainly hide a mine from what the
//! uncovered numbers say, never guessing.
//!
//! Its rules, tried in this order until none finds anything more:
//!
//! 1. **One number.** A number whose mines are all found makes its other
//!    covered neighbours safe; a number with as many covered neighbours as
//!    mines still to find makes them all mines.
//! 2. **Two numbers.** For two numbers whose covered neighbours overlap,
//!    the overlap holds at least and at most so many mines; what that
//!    leaves for the rest of each may make the rest all safe or all mines
//!    (a number whose covered neighbours are a subset of another's is the
//!    common case).
//! 3. **The mine count.** When the mines left are as many as the covered
//!    tiles left, or none, or exactly as many as some separate numbers
//!    still need, the rest is decided too.
//!
//! The same solver checks that a generated board can be solved from its
//! first click ([`solves`]) — it then uncovers the tiles it finds safe and
//! reads their numbers — and reads a board as the player sees it
//! ([`deduce`]) to tell which tiles are safe to click.

use crate::board::Grid;

/// What the player sees of a tile, for [`deduce`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seen {
    /// Covered, flagged or not (the player's flags are not trusted).
    Covered,
    /// Uncovered, showing how many mines are around it.
    Open(u8),
}

/// What the solver knows of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    Unknown,
    Mine,
    /// Safe, but its number is not known (not uncovered).
    Safe,
    /// Safe and uncovered, with its number.
    Open(u8),
}

/// What [`deduce`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deductions {
    /// Covered cells that certainly hide no mine, in reading order.
    pub safe: Vec<usize>,
    /// Covered cells that certainly hide a mine, in reading order.
    pub mines: Vec<usize>,
}

/// A constraint: `need` mines among `cells` (at most eight).
#[derive(Clone, Copy, Debug)]
struct Constraint {
    cells: [u16; 8],
    len: u8,
    need: u8,
}

impl Constraint {
    fn cells(&self) -> &[u16] {
        &self.cells[..usize::from(self.len)]
    }
}

/// The solver's state: what it knows of each cell, and counters kept up to
/// date as it learns.
struct Solver {
    grid: Grid,
    mines: usize,
    known: Vec<Known>,
    /// Unknown cells around each cell.
    unknown_around: Vec<u8>,
    /// Known mines around each cell.
    mines_around: Vec<u8>,
    unknown: usize,
    found_mines: usize,
    /// Uncovered cells whose neighbourhood changed, to look at again.
    todo: Vec<usize>,
    queued: Vec<bool>,
}

impl Solver {
    fn new(grid: Grid, mines: usize) -> Solver {
        let n = grid.cells();
        let unknown_around = (0..n).map(|i| grid.neighbours(i).count() as u8).collect();
        Solver {
            grid,
            mines,
            known: vec![Known::Unknown; n],
            unknown_around,
            mines_around: vec![0; n],
            unknown: n,
            found_mines: 0,
            todo: Vec::new(),
            queued: vec![false; n],
        }
    }

    fn queue(&mut self, i: usize) {
        if !self.queued[i] {
            self.queued[i] = true;
            self.todo.push(i);
        }
    }

    /// Cell `i`, unknown until now, becomes `what`.
    fn learn(&mut self, i: usize, what: Known) {
        debug_assert_eq!(self.known[i], Known::Unknown);
        self.known[i] = what;
        self.unknown -= 1;
        let mine = what == Known::Mine;
        if mine {
            self.found_mines += 1;
        }
        for j in self.grid.neighbours(i) {
            self.unknown_around[j] -= 1;
            if mine {
                self.mines_around[j] += 1;
            }
            if matches!(self.known[j], Known::Open(_)) {
                self.queue(j);
            }
        }
        if matches!(what, Known::Open(_)) {
            self.queue(i);
        }
    }

    /// Marks `i` safe, uncovering it when `reveal` can tell its number.
    fn mark_safe(&mut self, i: usize, reveal: &mut impl FnMut(usize) -> Option<u8>) {
        if self.known[i] != Known::Unknown {
            return;
        }
        let what = reveal(i).map_or(Known::Safe, Known::Open);
        self.learn(i, what);
    }

    fn mark_mine(&mut self, i: usize) {
        if self.known[i] == Known::Unknown {
            self.learn(i, Known::Mine);
        }
    }

    /// The unknown cells around `i`.
    fn unknown_neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.grid
            .neighbours(i)
            .filter(|&j| self.known[j] == Known::Unknown)
    }

    /// Rule 1 on every uncovered cell whose neighbourhood changed.
    fn single_numbers(&mut self, reveal: &mut impl FnMut(usize) -> Option<u8>) -> bool {
        let mut progress = false;
        while let Some(i) = self.todo.pop() {
            self.queued[i] = false;
            let Known::Open(n) = self.known[i] else {
                continue;
            };
            let unknown = self.unknown_around[i];
            if unknown == 0 {
                continue;
            }
            let need = n.saturating_sub(self.mines_around[i]);
            if need == 0 {
                let cells: Vec<usize> = self.unknown_neighbours(i).collect();
                for j in cells {
                    self.mark_safe(j, reveal);
                }
                progress = true;
            } else if need == unknown {
                let cells: Vec<usize> = self.unknown_neighbours(i).collect();
                for j in cells {
                    self.mark_mine(j);
                }
                progress = true;
            }
        }
        progress
    }

    /// The constraints of every uncovered number with unknown neighbours,
    /// and for each cell the constraint centred on it.
    fn constraints(&self) -> (Vec<Constraint>, Vec<u32>) {
        let mut list = Vec::new();
        let mut at = vec![u32::MAX; self.known.len()];
        for (i, &k) in self.known.iter().enumerate() {
            let Known::Open(n) = k else { continue };
            if self.unknown_around[i] == 0 {
                continue;
            }
            let mut c = Constraint {
                cells: [0; 8],
                len: 0,
                need: n.saturating_sub(self.mines_around[i]),
            };
            for j in self.unknown_neighbours(i) {
                c.cells[usize::from(c.len)] = j as u16;
                c.len += 1;
            }
            at[i] = list.len() as u32;
            list.push(c);
        }
        (list, at)
    }

    /// Rule 2 on every pair of numbers whose unknown neighbours overlap.
    fn pairs(&mut self, reveal: &mut impl FnMut(usize) -> Option<u8>) -> bool {
        let (list, at) = self.constraints();
        let mut safe = Vec::new();
        let mut mines = Vec::new();
        let grid = self.grid;
        for (i, &slot) in at.iter().enumerate() {
            if slot == u32::MAX {
                continue;
            }
            let a = &list[slot as usize];
            let (row, col) = grid.row_col(i);
            // Numbers up to two cells away can share unknown neighbours.
            for r in row.saturating_sub(2)..=(row + 2).min(grid.height - 1) {
                for c in col.saturating_sub(2)..=(col + 2).min(grid.width - 1) {
                    let j = grid.index(r, c);
                    if j == i || at[j] == u32::MAX {
                        continue;
                    }
                    let b = &list[at[j] as usize];
                    pair_rule(a, b, &mut safe, &mut mines);
                }
            }
        }
        let progress = !safe.is_empty() || !mines.is_empty();
        for m in mines {
            self.mark_mine(m);
        }
        for s in safe {
            self.mark_safe(s, reveal);
        }
        progress
    }

    /// Rule 3: the mine count.
    fn global(&mut self, reveal: &mut impl FnMut(usize) -> Option<u8>) -> bool {
        if self.unknown == 0 {
            return false;
        }
        let left = self.mines - self.found_mines;
        if left == 0 || left == self.unknown {
            let cells: Vec<usize> = (0..self.known.len())
                .filter(|&i| self.known[i] == Known::Unknown)
                .collect();
            for i in cells {
                if left == 0 {
                    self.mark_safe(i, reveal);
                } else {
                    self.mark_mine(i);
                }
            }
            return true;
        }
        // Separate numbers that need all the mines left: every unknown cell
        // outside them is safe.
        let (list, _) = self.constraints();
        let mut used = vec![false; self.known.len()];
        let mut needed = 0;
        for c in &list {
            if c.cells().iter().all(|&j| !used[usize::from(j)]) {
                for &j in c.cells() {
                    used[usize::from(j)] = true;
                }
                needed += usize::from(c.need);
            }
        }
        if needed != left {
            return false;
        }
        let cells: Vec<usize> = (0..self.known.len())
            .filter(|&i| self.known[i] == Known::Unknown && !used[i])
            .collect();
        for &i in &cells {
            self.mark_safe(i, reveal);
        }
        !cells.is_empty()
    }

    /// Changes `mines` where the solver is stuck (see
    /// [`solve_perturbing`]); returns whether it could.
    fn perturb(&self, mines: &mut [bool], rng: &mut game_api::Rng) -> bool {
        let grid = self.grid;
        let stuck: Vec<usize> = (0..self.known.len())
            .filter(|&i| matches!(self.known[i], Known::Open(_)) && self.unknown_around[i] > 0)
            .collect();
        if stuck.is_empty() {
            return false;
        }
        let number = stuck[rng.below(stuck.len() as u64) as usize];
        let region: Vec<usize> = self.unknown_neighbours(number).collect();
        // Unknown cells that no uncovered number sees.
        let far: Vec<usize> = (0..self.known.len())
            .filter(|&i| {
                self.known[i] == Known::Unknown
                    && !grid
                        .neighbours(i)
                        .any(|j| matches!(self.known[j], Known::Open(_)))
            })
            .collect();
        let region_mines = region.iter().filter(|&&i| mines[i]).count();
        let mut far_safe: Vec<usize> = far.iter().copied().filter(|&i| !mines[i]).collect();
        let mut far_mines: Vec<usize> = far.iter().copied().filter(|&i| mines[i]).collect();
        let can_clear = far_safe.len() >= region_mines;
        let can_fill = far_mines.len() >= region.len() - region_mines;
        let clear = match (can_clear, can_fill) {
            (true, true) => rng.below(2) == 0,
            (true, false) => true,
            (false, true) => false,
            (false, false) => return false,
        };
        for &cell in &region {
            if mines[cell] == clear {
                // Swap with a far cell of the other kind, picked at random.
                let pool = if clear { &mut far_safe } else { &mut far_mines };
                let k = rng.below(pool.len() as u64) as usize;
                let other = pool.swap_remove(k);
                mines.swap(cell, other);
            }
        }
        true
    }

    /// Applies the rules until none finds anything more, or until `done`.
    fn run(
        &mut self,
        reveal: &mut impl FnMut(usize) -> Option<u8>,
        done: impl Fn(&Solver) -> bool,
    ) {
        loop {
            self.single_numbers(reveal);
            if done(self) {
                return;
            }
            if self.pairs(reveal) || self.global(reveal) {
                continue;
            }
            return;
        }
    }
}

/// Rule 2 for constraint `a` against `b`: what `a`'s cells outside `b`
/// must be.
fn pair_rule(a: &Constraint, b: &Constraint, safe: &mut Vec<usize>, mines: &mut Vec<usize>) {
    let a_cells = a.cells();
    let b_cells = b.cells();
    let inter = a_cells.iter().filter(|c| b_cells.contains(c)).count();
    if inter == 0 {
        return;
    }
    let a_only = a_cells.len() - inter;
    if a_only == 0 {
        return;
    }
    let b_only = b_cells.len() - inter;
    let (na, nb) = (usize::from(a.need), usize::from(b.need));
    // Mines in the overlap: at least what each cannot fit outside it, at
    // most what fits in it and what each needs.
    let lo = na.saturating_sub(a_only).max(nb.saturating_sub(b_only));
    let hi = inter.min(na).min(nb);
    if lo > hi {
        return; // inconsistent (cannot happen on a true board)
    }
    let outside = a_cells
        .iter()
        .filter(|c| !b_cells.contains(c))
        .map(|&c| usize::from(c));
    if na.saturating_sub(hi) == a_only {
        mines.extend(outside);
    } else if na <= lo {
        safe.extend(outside);
    }
}

/// Whether the solver clears the board whose mines are `mines` (one flag
/// per cell of `grid`), starting from uncovering `first`, without
/// guessing.
pub fn solves(grid: Grid, mines: &[bool], first: usize) -> bool {
    let total = mines.iter().filter(|&&m| m).count();
    if mines[first] {
        return false;
    }
    let counts: Vec<u8> = (0..grid.cells())
        .map(|i| grid.neighbours(i).filter(|&j| mines[j]).count() as u8)
        .collect();
    let mut solver = Solver::new(grid, total);
    let mut reveal = |i: usize| {
        debug_assert!(!mines[i], "the solver uncovered a mine at {i}");
        Some(counts[i])
    };
    solver.mark_safe(first, &mut reveal);
    let safe_cells = grid.cells() - total;
    let opened = |s: &Solver| {
        s.known
            .iter()
            .filter(|k| matches!(k, Known::Open(_)))
            .count()
    };
    solver.run(&mut reveal, |s| opened(s) == safe_cells);
    opened(&solver) == safe_cells
}

/// Clears the board whose mines are `mines` from its first click like
/// [`solves`], but when the solver gets stuck, changes the board where it
/// is stuck, as Simon Tatham's Mines does: the covered neighbours of a
/// number chosen with `rng` are all cleared, or all filled with mines,
/// moving the difference to or from covered tiles that no number sees yet.
/// That number is then decided, and the solver goes on. Known cells are
/// never changed, so what the solver found stays true; the numbers it
/// uncovered are read again. Each change takes one from `budget`; with
/// none left it stops. Returns whether the board (as changed) was
/// cleared.
///
/// The solver's early steps may have used numbers that a later change
/// altered, so a board this returns `true` for is checked again with
/// [`solves`] by the generator.
pub fn solve_perturbing(
    grid: Grid,
    mines: &mut [bool],
    first: usize,
    rng: &mut game_api::Rng,
    budget: &mut usize,
) -> bool {
    let total = mines.iter().filter(|&&m| m).count();
    if mines[first] {
        return false;
    }
    let count_all = |mines: &[bool]| -> Vec<u8> {
        (0..grid.cells())
            .map(|i| grid.neighbours(i).filter(|&j| mines[j]).count() as u8)
            .collect()
    };
    let mut counts = count_all(mines);
    let safe_cells = grid.cells() - total;
    let mut solver = Solver::new(grid, total);
    {
        let mut reveal = |i: usize| Some(counts[i]);
        solver.mark_safe(first, &mut reveal);
    }
    loop {
        let opened = |s: &Solver| {
            s.known
                .iter()
                .filter(|k| matches!(k, Known::Open(_)))
                .count()
        };
        {
            let mut reveal = |i: usize| {
                debug_assert!(!mines[i], "the solver uncovered a mine at {i}");
                Some(counts[i])
            };
            solver.run(&mut reveal, |s| opened(s) == safe_cells);
        }
        if opened(&solver) == safe_cells {
            return true;
        }
        if *budget == 0 || !solver.perturb(mines, rng) {
            return false;
        }
        *budget -= 1;
        counts = count_all(mines);
        for (i, &n) in counts.iter().enumerate() {
            if let Known::Open(_) = solver.known[i] {
                solver.known[i] = Known::Open(n);
                solver.queue(i);
            }
        }
    }
}

/// What can be deduced from `seen`, a board of `grid` with `mines` mines
/// as the player sees it: the covered tiles that are certainly safe, and
/// those that certainly hide a mine.
///
/// ```
/// use minesweeper::board::Grid;
/// use minesweeper::solver::{Seen, deduce};
/// // 5×5; the left two columns are uncovered: zeros, then ones beside
/// // a mine in the middle of column 3.
/// let grid = Grid { width: 5, height: 5 };
/// let mut seen = vec![Seen::Covered; 25];
/// for row in 0..5 {
///     seen[row * 5] = Seen::Open(0);
///     seen[row * 5 + 1] = Seen::Open(if (1..=3).contains(&row) { 1 } else { 0 });
/// }
/// let found = deduce(grid, 1, &seen);
/// assert_eq!(found.mines, [12]);
/// assert!(found.safe.contains(&2) && found.safe.contains(&7));
/// ```
pub fn deduce(grid: Grid, mines: usize, seen: &[Seen]) -> Deductions {
    let mut solver = Solver::new(grid, mines);
    let mut none = |_| None;
    for (i, s) in seen.iter().enumerate() {
        if let Seen::Open(n) = *s {
            solver.learn(i, Known::Open(n));
        }
    }
    solver.run(&mut none, |_| false);
    let mut found = Deductions::default();
    for (i, k) in solver.known.iter().enumerate() {
        match k {
            Known::Safe => found.safe.push(i),
            Known::Mine => found.mines.push(i),
            _ => {}
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_mines;

    fn view(board: &crate::board::Board) -> Vec<Seen> {
        board
            .tiles()
            .iter()
            .enumerate()
            .map(|(i, t)| match t {
                crate::board::Tile::Open => Seen::Open(board.count(i)),
                _ => Seen::Covered,
            })
            .collect()
    }

    #[test]
    fn a_satisfied_number_frees_its_neighbours() {
        // _____
        // _____
        // _111_
        // 12*1_   the 1s around (3, 2) make it a mine; then the 1 at
        // *..1_   (3, 3) is satisfied and (4, 2) is safe.
        let mut b = parse_mines("...../...../...../..*../*....").unwrap();
        let g = b.grid();
        b.uncover(0);
        let found = deduce(g, 2, &view(&b));
        assert_eq!(found.mines, [g.index(3, 2)], "{b}");
        assert_eq!(found.safe, [g.index(4, 2)]);
        // (4, 0) or (4, 1)? Only (4, 2)'s number tells: a 1, the mine
        // already found, so (4, 1) is safe and the corner a mine.
        b.uncover(g.index(4, 2));
        let found = deduce(g, 2, &view(&b));
        assert_eq!(found.mines, [g.index(3, 2), g.index(4, 0)]);
        assert_eq!(found.safe, [g.index(4, 1)]);
    }

    #[test]
    fn the_subset_rule_reads_one_two_one() {
        // Row 1 shows 1 1 2 1 1 under a covered row 0 with mines at
        // columns 1 and 3: no single number decides, pairs do.
        let mut b = parse_mines(".*.*./...../...../...../.....").unwrap();
        b.uncover(24);
        let seen = view(&b);
        assert_eq!(
            seen[5..10],
            [1, 1, 2, 1, 1].map(Seen::Open),
            "the pattern is in row 1\n{b}"
        );
        let found = deduce(b.grid(), 2, &seen);
        assert_eq!(found.mines, [1, 3]);
        assert_eq!(found.safe, [0, 2, 4]);
        assert!(solves(b.grid(), b.mines(), 24));
    }

    #[test]
    fn a_fifty_fifty_is_left_undecided() {
        // Five mines; one of the two top-left cells hides the fifth, and
        // no number sees either of them.
        let mut b = parse_mines("*.*../***../...../...../.....").unwrap();
        let g = b.grid();
        b.uncover(24);
        let found = deduce(g, 5, &view(&b));
        assert_eq!(found.mines, [2, 5, 6, 7]);
        assert!(found.safe.is_empty(), "{found:?}");
        assert!(!solves(g, b.mines(), 24));
    }

    #[test]
    fn the_mine_count_decides_the_last_cells() {
        // Once the only mine is found, the covered cells nobody sees are
        // safe by the count.
        let mut b = parse_mines("*..../...../...../...../.....").unwrap();
        b.uncover(24);
        let found = deduce(b.grid(), 1, &view(&b));
        assert_eq!(found.mines, [0]);
        assert!(found.safe.is_empty(), "all else is open: {found:?}");
        // With nothing open, nothing is known.
        let covered = vec![Seen::Covered; 25];
        assert_eq!(deduce(b.grid(), 1, &covered), Deductions::default());
        // Except when every covered cell must be a mine, or none.
        assert_eq!(deduce(b.grid(), 25, &covered).mines.len(), 25);
        assert_eq!(deduce(b.grid(), 0, &covered).safe.len(), 25);
    }

    #[test]
    fn solves_clears_an_easy_board() {
        let b = parse_mines("*..../...../...../...../....*").unwrap();
        assert!(solves(b.grid(), b.mines(), 12));
        assert!(!solves(b.grid(), b.mines(), 0), "a mine is not a start");
    }
}
