//! The four directions of a board of squares and the keyboard's cursor
//! over one, as board and puzzle games share them (after `misc.c`'s
//! `move_cursor` in Simon Tatham's collection): the arrow keys move a
//! cursor one cell, stopping at the edges; the first arrow, or Enter or
//! Space with no cursor shown, shows it where the game starts it.
//!
//! Cells are `(row, col)`, each from 0 at the top left.
//!
//! ```
//! use game_api::grid::{Dir, cursor_step};
//! let dir = Dir::from_arrow("ArrowLeft");
//! assert_eq!(dir, Some(Dir::Left));
//! // No cursor yet: the first arrow shows it at the start (here the middle).
//! assert_eq!(cursor_step(None, dir, (8, 8), (4, 4)), (4, 4));
//! // At the left edge it stays there.
//! assert_eq!(cursor_step(Some((4, 0)), dir, (8, 8), (4, 4)), (4, 0));
//! ```

use crate::{Painter, Point, Rgba, Style, keys};

/// The width of the keyboard cursor's frame, [`draw_cursor`].
pub const CURSOR_WIDTH: f32 = 3.0;

/// A step to a neighbouring cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

impl Dir {
    /// The four directions, in a fixed order.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The change of row and column one step makes.
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The word for it: "up", "down", "left", "right".
    pub const fn name(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }

    /// The direction of an arrow key ([`keys::ARROW_UP`], ...), `None` for
    /// any other key.
    pub fn from_arrow(key: &str) -> Option<Dir> {
        match key {
            keys::ARROW_UP => Some(Dir::Up),
            keys::ARROW_DOWN => Some(Dir::Down),
            keys::ARROW_LEFT => Some(Dir::Left),
            keys::ARROW_RIGHT => Some(Dir::Right),
            _ => None,
        }
    }
}

/// Where the keyboard's cursor goes on a board of `(rows, cols)`: from
/// `at`, one step in `dir` (`None`: no step, as for Enter or Space),
/// staying on the board at its edges; a cursor not shown yet (`at` is
/// `None`) appears at `start`, whatever the key.
pub fn cursor_step(
    at: Option<(usize, usize)>,
    dir: Option<Dir>,
    (rows, cols): (usize, usize),
    start: (usize, usize),
) -> (usize, usize) {
    let Some((row, col)) = at else {
        return start;
    };
    let (d_row, d_col) = dir.map_or((0, 0), Dir::delta);
    let clamp = |v: usize, d: isize, n: usize| v.saturating_add_signed(d).min(n.saturating_sub(1));
    (clamp(row, d_row, rows), clamp(col, d_col, cols))
}

/// Draws the keyboard's cursor on the cell at `min` of `size`: a frame
/// [`CURSOR_WIDTH`] wide of `color`, inside the cell so that it never
/// covers a neighbour.
pub fn draw_cursor(painter: &mut dyn Painter, min: Point, size: Point, color: Rgba) {
    let inset = CURSOR_WIDTH / 2.0;
    painter.rect(
        Point::new(min.x + inset, min.y + inset),
        Point::new(size.x - CURSOR_WIDTH, size.y - CURSOR_WIDTH),
        Style::stroked(CURSOR_WIDTH, color),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursors_frame_stays_inside_its_cell() {
        let mut painter = crate::RecordingPainter::new();
        let color = Rgba::rgb(255, 140, 0);
        draw_cursor(
            &mut painter,
            Point::new(10.0, 20.0),
            Point::new(28.0, 28.0),
            color,
        );
        let [crate::Shape::Rect { min, size, style }] = painter.shapes[..] else {
            panic!("one rectangle: {:?}", painter.shapes);
        };
        let half = style.stroke.unwrap().width / 2.0;
        // The stroke's outer edge is the cell's edge.
        assert_eq!((min.x - half, min.y - half), (10.0, 20.0));
        assert_eq!((min.x + size.x + half, min.y + size.y + half), (38.0, 48.0));
        assert_eq!(style, Style::stroked(CURSOR_WIDTH, color));
    }

    #[test]
    fn arrow_keys_name_the_four_directions_and_nothing_else() {
        let arrows = [
            keys::ARROW_UP,
            keys::ARROW_DOWN,
            keys::ARROW_LEFT,
            keys::ARROW_RIGHT,
        ];
        let dirs: Vec<Option<Dir>> = arrows.into_iter().map(Dir::from_arrow).collect();
        assert_eq!(dirs, Dir::ALL.map(Some));
        assert_eq!(Dir::from_arrow(keys::ENTER), None);
        assert_eq!(Dir::from_arrow("h"), None);
    }

    #[test]
    fn opposite_directions_undo_each_other() {
        for dir in Dir::ALL {
            let (a, b) = (dir.delta(), dir.opposite().delta());
            assert_eq!((a.0 + b.0, a.1 + b.1), (0, 0), "{}", dir.name());
            assert_eq!(dir.opposite().opposite(), dir);
        }
    }

    #[test]
    fn the_cursor_appears_at_its_start_then_steps_and_stops_at_the_edges() {
        let size = (3, 5);
        // (from, key, start, to)
        let cases = [
            (None, Some(Dir::Up), (2, 0), (2, 0)),
            (None, None, (1, 2), (1, 2)),
            (Some((1, 2)), Some(Dir::Up), (0, 0), (0, 2)),
            (Some((0, 2)), Some(Dir::Up), (0, 0), (0, 2)),
            (Some((2, 4)), Some(Dir::Down), (0, 0), (2, 4)),
            (Some((2, 4)), Some(Dir::Right), (0, 0), (2, 4)),
            (Some((2, 0)), Some(Dir::Left), (0, 0), (2, 0)),
            (Some((2, 3)), None, (0, 0), (2, 3)),
        ];
        for (from, dir, start, to) in cases {
            assert_eq!(cursor_step(from, dir, size, start), to, "{from:?} {dir:?}");
        }
    }
}
