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

/// Searches for some win (not always the shortest) from `from`, looking
/// first at the positions whose ball is nearest the exit through the maze
/// of the moment (weighted A*: turns taken plus three times that
/// distance), and at no more than `budget` positions.
pub fn some_win(mazes: &mut Mazes, from: Position, turns: &[Turn], budget: usize) -> Found {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    if mazes.is_won(&from) {
        return Found::Win(Vec::new());
    }
    let exit = mazes.exit();
    let mut to_exit: HashMap<u32, Vec<Option<usize>>> = HashMap::new();
    let mut estimate = |mazes: &mut Mazes, p: &Position| -> usize {
        let width = mazes.width();
        let dist = to_exit
            .entry(p.presses)
            .or_insert_with(|| mazes.get(p.presses.into()).distances_to(exit));
        dist[p.player.y * width + p.player.x].unwrap_or(usize::MAX / 8)
    };
    let mut parent: HashMap<Position, (Position, Turn, usize)> = HashMap::new();
    let mut queue = BinaryHeap::new();
    let h = estimate(mazes, &from);
    // Ties go to the position found first.
    let mut order = 0u64;
    queue.push(Reverse((3 * h, order, 0usize, from)));
    while let Some(Reverse((_, _, taken, position))) = queue.pop() {
        for &turn in turns {
            let Some(after) = mazes.apply(&position, turn) else {
                continue;
            };
            if after == from || parent.contains_key(&after) || mazes.is_caught(&after) {
                continue;
            }
            parent.insert(after, (position, turn, taken + 1));
            if mazes.is_won(&after) {
                let mut path = Vec::new();
                let mut at = after;
                while at != from {
                    let (before, turn, _) = parent[&at];
                    path.push(turn);
                    at = before;
                }
                path.reverse();
                return Found::Win(path);
            }
            if parent.len() > budget {
                return Found::GaveUp;
            }
            order += 1;
            let h = estimate(mazes, &after);
            queue.push(Reverse((taken + 1 + 3 * h, order, taken + 1, after)));
        }
    }
    Found::NoWin
}
