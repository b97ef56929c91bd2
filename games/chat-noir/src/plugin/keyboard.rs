//! Play by keyboard: a cursor on the board that the arrow keys move and
//! Enter or Space blocks under.
//!
//! Left and Right walk along the row and stop at its ends. Up and Down go
//! to the nearest cell of the row above or below; rows are shifted by half
//! a circle, so two cells are equally near, and the cursor keeps its
//! column (Down then Up comes back to the same cell). The two removed
//! corners of the board are skipped.

use game_api::keys;

use crate::board::{Pos, in_bounds};
use crate::geometry::cell_center_x;

/// Where the cursor goes from `from` on a board of size `size` when the
/// key named `key` is pressed; `None` when the key is not an arrow. An
/// arrow that leads off the board leaves the cursor where it is.
///
/// ```
/// use chat_noir::Pos;
/// use chat_noir::plugin::keyboard::step;
/// assert_eq!(step(5, Pos::new(2, 2), "ArrowRight"), Some(Pos::new(3, 2)));
/// assert_eq!(step(5, Pos::new(4, 2), "ArrowRight"), Some(Pos::new(4, 2)));
/// assert_eq!(step(5, Pos::new(2, 2), "ArrowDown"), Some(Pos::new(2, 3)));
/// assert_eq!(step(5, Pos::new(2, 2), "Enter"), None);
/// ```
pub fn step(size: u32, from: Pos, key: &str) -> Option<Pos> {
    let next = match key {
        keys::ARROW_LEFT => along_row(size, from, -1),
        keys::ARROW_RIGHT => along_row(size, from, 1),
        keys::ARROW_UP => nearest_in_row(size, from, from.y - 1),
        keys::ARROW_DOWN => nearest_in_row(size, from, from.y + 1),
        _ => return None,
    };
    Some(next.unwrap_or(from))
}

/// The next cell of `from`'s row in direction `dx`, if there is one.
fn along_row(size: u32, from: Pos, dx: i32) -> Option<Pos> {
    let to = Pos::new(from.x + dx, from.y);
    in_bounds(to, size).then_some(to)
}

/// The cell of row `y` whose centre is nearest to `from`'s, keeping the
/// column among equals; `None` when there is no such row.
fn nearest_in_row(size: u32, from: Pos, y: i32) -> Option<Pos> {
    let x = cell_center_x(from);
    (0..size as i32)
        .map(|column| Pos::new(column, y))
        .filter(|&p| in_bounds(p, size))
        .min_by(|a, b| {
            let da = (cell_center_x(*a) - x).abs();
            let db = (cell_center_x(*b) - x).abs();
            da.total_cmp(&db)
                .then_with(|| (a.x != from.x).cmp(&(b.x != from.x)))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn up_and_down_keep_the_column_and_come_back() {
        for size in [5, 11] {
            for y in 0..size as i32 - 1 {
                for x in 1..size as i32 {
                    let p = Pos::new(x, y);
                    let down = step(size, p, keys::ARROW_DOWN).unwrap();
                    assert_eq!(down, Pos::new(x, y + 1));
                    assert_eq!(step(size, down, keys::ARROW_UP), Some(p));
                }
            }
        }
    }

    #[test]
    fn the_edges_and_removed_corners_stop_the_cursor() {
        assert_eq!(
            step(5, Pos::new(1, 0), keys::ARROW_LEFT),
            Some(Pos::new(1, 0))
        );
        assert_eq!(
            step(5, Pos::new(0, 1), keys::ARROW_UP),
            Some(Pos::new(1, 0))
        );
        assert_eq!(
            step(5, Pos::new(0, 3), keys::ARROW_DOWN),
            Some(Pos::new(1, 4))
        );
        assert_eq!(
            step(5, Pos::new(2, 4), keys::ARROW_DOWN),
            Some(Pos::new(2, 4))
        );
        assert_eq!(
            step(5, Pos::new(3, 0), keys::ARROW_UP),
            Some(Pos::new(3, 0))
        );
    }
}
