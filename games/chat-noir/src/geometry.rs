//! The screen geometry of the board (§1.18.7), needed to draw it and to
//! find the circle under the pointer.
//!
//! Circles have radius [`CIRCLE_RADIUS`] and are laid out as if they had
//! radius [`CIRCLE_SPACING`]; rows are `2 · 22 · 433/500` pixels apart
//! (433/500 approximates sin(π/3)), and odd rows are shifted right by
//! [`CIRCLE_SPACING`]. The origin is the top-left corner of the board's
//! image; `x` grows to the right and `y` downwards.

use crate::board::{Pos, in_bounds};

/// The radius of the drawn circles, in pixels.
pub const CIRCLE_RADIUS: u32 = 20;

/// Half the distance between the centres of neighbouring circles in a row,
/// in pixels.
pub const CIRCLE_SPACING: u32 = 22;

/// The vertical distance between rows, in pixels: `2 · 22 · 433/500`
/// = 38.104.
pub const ROW_HEIGHT: f64 = (2 * CIRCLE_SPACING * 433) as f64 / 500.0;

/// The x coordinate of the centre of the circle at `p` (the spec's
/// `cell-center-x`): `20 + 44·x`, plus 22 on odd rows.
///
/// ```
/// use chat_noir::{cell_center_x, Pos};
/// assert_eq!(cell_center_x(Pos::new(0, 2)), 20.0);
/// assert_eq!(cell_center_x(Pos::new(0, 1)), 42.0);
/// ```
pub fn cell_center_x(p: Pos) -> f64 {
    let shift = if p.y % 2 != 0 { CIRCLE_SPACING } else { 0 };
    f64::from(CIRCLE_RADIUS) + f64::from(p.x) * f64::from(2 * CIRCLE_SPACING) + f64::from(shift)
}

/// The y coordinate of the centre of the circle at `p` (the spec's
/// `cell-center-y`): `20 + y · 2 · 22 · 433/500`.
///
/// ```
/// use chat_noir::{cell_center_y, Pos};
/// assert_eq!(cell_center_y(Pos::new(1, 0)), 20.0);
/// ```
pub fn cell_center_y(p: Pos) -> f64 {
    f64::from(CIRCLE_RADIUS) + f64::from(p.y) * ROW_HEIGHT
}

/// The width in pixels of the image of a board of size `size` (the spec's
/// `world-width`): the centre of the rightmost circle plus a radius.
///
/// ```
/// assert_eq!(chat_noir::world_width(3), 150);
/// ```
pub fn world_width(size: u32) -> u32 {
    // The rightmost circle is (size-1, size-2); size-2 is odd for odd sizes.
    let shift = if size % 2 == 1 { CIRCLE_SPACING } else { 0 };
    CIRCLE_RADIUS + size.saturating_sub(1) * 2 * CIRCLE_SPACING + shift + CIRCLE_RADIUS
}

/// The height in pixels of the image of a board of size `size` (the spec's
/// `world-height`): the centre of the bottom row plus a radius, rounded up.
/// Computed in exact integer arithmetic, as the spec does with rationals.
///
/// ```
/// assert_eq!(chat_noir::world_height(3), 117);
/// ```
pub fn world_height(size: u32) -> u32 {
    let rows = u64::from(size.saturating_sub(1));
    let thousandths =
        2 * u64::from(CIRCLE_RADIUS) * 500 + rows * 2 * u64::from(CIRCLE_SPACING) * 433;
    thousandths.div_ceil(500) as u32
}

/// Whether the point `(x, y)` lies in the circle drawn at `p`, border
/// included (the spec's `point-in-this-circle?`).
///
/// ```
/// use chat_noir::{cell_center_x, cell_center_y, point_in_this_circle, Pos};
/// let p = Pos::new(1, 0);
/// assert!(point_in_this_circle(p, cell_center_x(p) + 14.0, cell_center_y(p) + 14.0));
/// assert!(!point_in_this_circle(p, cell_center_x(p) + 15.0, cell_center_y(p) + 15.0));
/// ```
pub fn point_in_this_circle(p: Pos, x: f64, y: f64) -> bool {
    let dx = cell_center_x(p) - x;
    let dy = cell_center_y(p) - y;
    let r = f64::from(CIRCLE_RADIUS);
    dx * dx + dy * dy <= r * r
}

/// The first position among `cells` whose circle contains `(x, y)` (the
/// spec's `circle-at-point` over an arbitrary list of cells). Circles never
/// overlap, so at most one matches. Linear in the number of cells; for a
/// whole board use [`cell_at_point`].
pub fn circle_at_point(cells: impl IntoIterator<Item = Pos>, x: f64, y: f64) -> Option<Pos> {
    cells.into_iter().find(|&p| point_in_this_circle(p, x, y))
}

/// The cell of a board of size `size` whose circle contains `(x, y)`, if
/// any: the same answer as [`circle_at_point`] over all the board's cells,
/// found in constant time by looking only at the two rows and the nearest
/// column in each that could contain the point.
///
/// ```
/// use chat_noir::{cell_at_point, cell_center_x, cell_center_y, Pos};
/// let p = Pos::new(3, 4);
/// assert_eq!(cell_at_point(11, cell_center_x(p), cell_center_y(p)), Some(p));
/// assert_eq!(cell_at_point(11, 0.0, 0.0), None); // between circles
/// ```
pub fn cell_at_point(size: u32, x: f64, y: f64) -> Option<Pos> {
    if !(x.is_finite() && y.is_finite()) {
        return None;
    }
    let n = f64::from(size);
    let radius = f64::from(CIRCLE_RADIUS);
    let row = ((y - radius) / ROW_HEIGHT).floor();
    if row < -1.0 || row > n {
        return None;
    }
    let row = row as i32;
    [row, row + 1].into_iter().find_map(|r| {
        if r < 0 || r >= size as i32 {
            return None;
        }
        let shift = if r % 2 != 0 { CIRCLE_SPACING } else { 0 };
        let col = ((x - radius - f64::from(shift)) / f64::from(2 * CIRCLE_SPACING)).round();
        if col < 0.0 || col >= n {
            return None;
        }
        let p = Pos::new(col as i32, r);
        (in_bounds(p, size) && point_in_this_circle(p, x, y)).then_some(p)
    })
}
