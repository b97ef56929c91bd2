//! A breadth-first search for a way out: the shortest list of turns that
//! takes the ball to the exit without being caught. For tests, tools and
//! the checks of which mazes can be won; the game itself gives no hints,
//! as the original gives none.
//!
//! The search is bounded by a number of positions to look at (never by
//! time), so the same question always gets the same answer.

use crate::rules::{Mazes, Position, Turn};
use std::collections::{HashMap, VecDeque};

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The shortest winning turns, in order.
    Win(Vec<Turn>),
    /// No sequence of the allowed turns wins: every position they reach
    /// was looked at.
    NoWin,
    /// The budget of positions ran out first.
    GaveUp,
}

/// Searches for the fewest of `turns` that win from `from`, looking at no
/// more than `budget` positions. With [`Turn::NextMaze`] allowed the
/// positions never run out, so such a search ends in a win or
/// [`Found::GaveUp`].
pub fn shortest_win(mazes: &mut Mazes, from: Position, turns: &[Turn], budget: usize) -> Found {
    if mazes.is_won(&from) {
        return Found::Win(Vec::new());
    }
    let mut parent: HashMap<Position, (Position, Turn)> = HashMap::new();
    let mut queue = VecDeque::from([from]);
    let mut seen = 1usize;
    while let Some(position) = queue.pop_front() {
        for &turn in turns {
            let Some(after) = mazes.apply(&position, turn) else {
                continue;
            };
            if after == from || parent.contains_key(&after) || mazes.is_caught(&after) {
                continue;
            }
            parent.insert(after, (position, turn));
            if mazes.is_won(&after) {
                let mut path = Vec::new();
                let mut at = after;
                while at != from {
                    let (before, turn) = parent[&at];
                    path.push(turn);
                    at = before;
                }
                path.reverse();
                return Found::Win(path);
            }
            seen += 1;
            if seen > budget {
                return Found::GaveUp;
            }
            queue.push_back(after);
        }
    }
    Found::NoWin
}
