//! A shortest solution by IDA* (iterative-deepening A*, Korf 1985) with
//! the Manhattan distance plus linear conflicts as its estimate: exact and
//! quick for 3×3 boards, and for 4×4 boards that are near solved. The
//! search counts the boards it looks at and gives up past a budget, so it
//! never runs for long.
//!
//! ```
//! use slidey::board::{Board, Dir};
//! use slidey::solver::solve;
//! let board = Board::from_id("1,2,3/4,_,6/7,5,8").unwrap();
//! assert_eq!(solve(&board, 1_000), Some(vec![Dir::Up, Dir::Left]));
//! ```

use crate::board::{Board, Cell, Dir};

/// The estimate of the slides `board` still needs: each tile's distance
/// from home, plus two for each pair of tiles in their home row (or
/// column) that must pass each other. Never more than the real count.
pub fn estimate(board: &Board) -> usize {
    let size = board.size();
    let mut total = 0;
    for cell in board.all_cells() {
        let t = board.tile(cell);
        if t != 0 {
            total += cell.distance(board.home(t));
        }
    }
    // Linear conflicts: in each line, the tiles that belong there must
    // keep their order; each tile out of order costs two slides. Counted
    // as the line's length minus its longest run in order.
    for line in 0..size.rows {
        let row: Vec<usize> = (0..size.cols)
            .map(|col| board.tile(Cell::new(line, col)))
            .filter(|&t| t != 0 && board.home(t).row == line)
            .map(|t| board.home(t).col)
            .collect();
        total += 2 * (row.len() - longest_increasing(&row));
    }
    for line in 0..size.cols {
        let col: Vec<usize> = (0..size.rows)
            .map(|row| board.tile(Cell::new(row, line)))
            .filter(|&t| t != 0 && board.home(t).col == line)
            .map(|t| board.home(t).row)
            .collect();
        total += 2 * (col.len() - longest_increasing(&col));
    }
    total
}

/// The length of the longest increasing subsequence of `values`.
fn longest_increasing(values: &[usize]) -> usize {
    let mut best = vec![1; values.len()];
    for i in 0..values.len() {
        for j in 0..i {
            if values[j] < values[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    best.into_iter().max().unwrap_or(0)
}

/// A shortest list of slides (arrow-key moves, each one tile into the gap)
/// that solves `board`, or `None` when it cannot be solved or the search
/// looked at more than `budget` boards.
pub fn solve(board: &Board, budget: u64) -> Option<Vec<Dir>> {
    if !board.is_solvable() {
        return None;
    }
    let mut search = Search {
        board: board.clone(),
        path: Vec::new(),
        nodes: 0,
        budget,
    };
    let mut bound = estimate(board);
    loop {
        match search.dive(0, bound, None) {
            Dive::Found => return Some(search.path),
            Dive::OutOfBudget => return None,
            Dive::Over(next) => bound = next,
        }
    }
}

enum Dive {
    Found,
    OutOfBudget,
    /// Not within the bound; the smallest estimate seen beyond it.
    Over(usize),
}

struct Search {
    board: Board,
    path: Vec<Dir>,
    nodes: u64,
    budget: u64,
}

impl Search {
    fn dive(&mut self, cost: usize, bound: usize, last: Option<Dir>) -> Dive {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Dive::OutOfBudget;
        }
        let h = estimate(&self.board);
        if cost + h > bound {
            return Dive::Over(cost + h);
        }
        if h == 0 {
            return Dive::Found;
        }
        let mut least = usize::MAX;
        for dir in Dir::ALL {
            if Some(dir.opposite()) == last || self.board.slide(dir).is_none() {
                continue;
            }
            self.path.push(dir);
            match self.dive(cost + 1, bound, Some(dir)) {
                Dive::Found => return Dive::Found,
                Dive::OutOfBudget => return Dive::OutOfBudget,
                Dive::Over(next) => least = least.min(next),
            }
            self.path.pop();
            self.board.slide(dir.opposite());
        }
        Dive::Over(least)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shuffle;
    use std::collections::{HashMap, VecDeque};

    /// The distance of every 3×3 board slides reach from the solved one,
    /// by breadth-first search.
    fn all_3x3_distances() -> HashMap<Vec<u16>, u8> {
        let start = Board::solved(3);
        let mut seen = HashMap::from([(start.cells().to_vec(), 0u8)]);
        let mut queue = VecDeque::from([start]);
        while let Some(board) = queue.pop_front() {
            let d = seen[board.cells()];
            for dir in Dir::ALL {
                let mut next = board.clone();
                if next.slide(dir).is_some() && !seen.contains_key(next.cells()) {
                    seen.insert(next.cells().to_vec(), d + 1);
                    queue.push_back(next);
                }
            }
        }
        seen
    }

    #[test]
    fn slides_reach_exactly_the_half_of_3x3_boards_the_parity_rule_allows() {
        let reached = all_3x3_distances();
        // 9! / 2 boards, and the hardest needs 31 slides.
        assert_eq!(reached.len(), 181_440);
        assert_eq!(reached.values().max(), Some(&31));
        for cells in reached.keys() {
            assert!(Board::from_cells(3, cells).unwrap().is_solvable());
        }
        // And a board off that half is refused by the rule and the solver.
        let other = Board::from_id("2,1,3/4,5,6/7,8,_").unwrap();
        assert!(!reached.contains_key(other.cells()));
        assert_eq!(solve(&other, 1_000_000), None);
    }

    #[test]
    fn the_solver_finds_shortest_solutions_of_3x3_shuffles() {
        let reached = all_3x3_distances();
        for seed in 0..12 {
            let board = Board::shuffled(3, seed);
            let solution = solve(&board, 10_000_000).expect("3×3 is solved within the budget");
            assert_eq!(
                solution.len(),
                reached[board.cells()] as usize,
                "seed {seed}"
            );
            assert!(estimate(&board) <= solution.len());
            let mut b = board.clone();
            for dir in solution {
                b.slide(dir).unwrap();
            }
            assert!(b.is_solved(), "seed {seed}");
        }
    }

    #[test]
    fn the_estimate_never_overshoots_on_3x3() {
        for (cells, d) in all_3x3_distances().into_iter().step_by(97) {
            let board = Board::from_cells(3, &cells).unwrap();
            assert!(estimate(&board) <= d as usize, "{board}");
        }
    }

    #[test]
    fn the_budget_stops_the_search() {
        let board = Shuffle::new(6, 1).board;
        assert_eq!(solve(&board, 1_000), None);
        assert_eq!(solve(&Board::solved(4), 1), Some(vec![]));
    }
}
