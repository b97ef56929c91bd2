//! What the game tells a player who asks: a hint, the answer of the
//! "winnable?" badge, the next move of Solve. All three ask the
//! [`Solver`](crate::solver::Solver) within a time budget and say plainly
//! what it found.

use std::time::Duration;

use crate::board::{Board, Pos};
use crate::cats::{Cat, Difficulty};
use crate::hint::{Hint, HintKind, hint_with};
use crate::search::Search;
use crate::solver::{Budget, MAX_SOLVER_SIZE, Solver, Verdict};

/// How long a hint may think (the issue's half second).
pub const HINT_TIME: Duration = Duration::from_millis(500);

/// How long the badge may think after each move.
pub const BADGE_TIME: Duration = Duration::from_millis(250);

/// How long Solve may think for each of its moves.
pub const SOLVE_TIME: Duration = Duration::from_millis(500);

/// "cell 3, 4": a cell as the status line and screen readers name it,
/// column then row, counted from 0 at the top left (as in game IDs).
pub fn cell_name(p: Pos) -> String {
    format!("cell {}, {}", p.x, p.y)
}

/// What the status line says of a hint.
///
/// ```
/// use chat_noir::Pos;
/// use chat_noir::hint::{Hint, HintKind};
/// use chat_noir::plugin::assist::hint_text;
/// let hint = Hint { cell: Pos::new(4, 6), kind: HintKind::Winning };
/// assert_eq!(hint_text(&hint), "Hint: block cell 4, 6, a forced win");
/// ```
pub fn hint_text(hint: &Hint) -> String {
    let cell = cell_name(hint.cell);
    match hint.kind {
        HintKind::Winning => format!("Hint: block {cell}, a forced win"),
        HintKind::Heuristic { lost: true } => format!(
            "Hint: the cat can escape whatever you do; blocking {cell} makes it work hardest"
        ),
        HintKind::Heuristic { lost: false } => {
            format!("Hint: no forced win found; {cell} is the best guess (a rule of thumb)")
        }
    }
}

/// What the badge says of a verdict.
pub fn badge_text(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Winnable { .. } => "Winnable",
        Verdict::Lost => "The cat can escape",
        Verdict::Trapped => "The cat is boxed in",
        Verdict::Undecided => "Not decided in time",
    }
}

/// The game's thinking parts: the cat of the chosen difficulty and a
/// solver whose table serves the next question about the same game.
/// Cloning one gives a fresh one of the same difficulty (tables are a
/// cache, not state).
#[derive(Debug, Default)]
pub struct Minds {
    /// The cat that answers the player's moves.
    pub cat: Cat,
    solver: Solver,
    search: Search,
}

impl Clone for Minds {
    fn clone(&self) -> Minds {
        Minds::new(self.cat.difficulty())
    }
}

impl Minds {
    /// A cat of `difficulty`, and an empty solver.
    pub fn new(difficulty: Difficulty) -> Minds {
        Minds {
            cat: Cat::new(difficulty),
            ..Minds::default()
        }
    }

    /// Forgets what the solver learnt: a new board.
    pub fn forget(&mut self) {
        self.solver.clear();
    }

    /// The hint for the player to move (see [`crate::hint::hint`]).
    pub fn hint(&mut self, board: &Board, cat: Pos) -> Option<Hint> {
        hint_with(
            board,
            cat,
            &Budget::time(HINT_TIME),
            &mut self.solver,
            &mut self.search,
        )
    }

    /// Whether the player can force a win, within `time`.
    pub fn verdict(&mut self, board: &Board, cat: Pos, time: Duration) -> Verdict {
        self.solver.solve(board, cat, &Budget::time(time))
    }
}

/// Why Solve cannot play from a position.
pub fn cannot_solve(board: &Board, verdict: Verdict) -> &'static str {
    match verdict {
        _ if board.size() > MAX_SOLVER_SIZE => {
            "Solve works on boards up to 11 by 11: this one is too large to solve"
        }
        Verdict::Lost => "Solve found no win: the cat can escape whatever you do",
        Verdict::Trapped => "The cat is already boxed in",
        _ => "Solve found no forced win in time; try a hint instead",
    }
}
