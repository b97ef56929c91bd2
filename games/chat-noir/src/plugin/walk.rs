//! The cat's walk: each step is drawn over [`WALK_SECONDS`], so the
//! player sees where it went. The world has moved already (the board takes
//! the next click at once); the drawing only catches up, on the
//! launcher's ticks, and asks for none once the cat stands still.

use game_api::Point;

use crate::board::Pos;
use crate::render::cell_center;

/// How long one step of the cat takes on screen.
pub const WALK_SECONDS: f32 = 0.15;

/// A step being drawn: from one cell to the next, and how far along.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Walk {
    from: Point,
    to: Pos,
    elapsed: f32,
}

impl Walk {
    /// A step that starts at `from` (a cell's centre, or where the last
    /// step was drawn when it had not ended) and ends on cell `to`.
    pub fn new(from: Point, to: Pos) -> Walk {
        Walk {
            from,
            to,
            elapsed: 0.0,
        }
    }

    /// Moves the drawing on by `dt` seconds; returns whether the step has
    /// ended (the cat then stands on its cell).
    pub fn advance(&mut self, dt: f32) -> bool {
        // A stalled frame (a huge or a nonsense `dt`) ends the step rather
        // than freezing it.
        self.elapsed += if dt.is_finite() && dt > 0.0 {
            dt
        } else {
            WALK_SECONDS
        };
        self.elapsed >= WALK_SECONDS
    }

    /// Where to draw the cat now: eased in and out between the two cells.
    ///
    /// ```
    /// use chat_noir::Pos;
    /// use chat_noir::plugin::walk::{Walk, WALK_SECONDS};
    /// use chat_noir::render::cell_center;
    /// let mut walk = Walk::new(cell_center(Pos::new(5, 5)), Pos::new(6, 5));
    /// assert_eq!(walk.position(), cell_center(Pos::new(5, 5)));
    /// walk.advance(WALK_SECONDS / 2.0);
    /// let halfway = walk.position();
    /// assert!((halfway.x - (cell_center(Pos::new(5, 5)).x + 22.0)).abs() < 0.01);
    /// assert!(walk.advance(WALK_SECONDS));
    /// assert_eq!(walk.position(), cell_center(Pos::new(6, 5)));
    /// ```
    pub fn position(&self) -> Point {
        let t = (self.elapsed / WALK_SECONDS).clamp(0.0, 1.0);
        let eased = t * t * (3.0 - 2.0 * t);
        let to = cell_center(self.to);
        Point::new(
            self.from.x + (to.x - self.from.x) * eased,
            self.from.y + (to.y - self.from.y) * eased,
        )
    }
}
