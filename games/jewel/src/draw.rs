//! Where things are on the canvas and how the jewels look: the layout (a
//! panel with the score and the clock on the left, as in the original, the
//! board on the right), the seven colours and seven shapes, and the
//! painting of one jewel and of the clock's dial.

use game_api::{Painter, Point, Rgba, Stroke, Style};

use crate::board::{Cell, SIZE};
use crate::play::Look;

/// The side of a cell, in canvas pixels.
pub const CELL: f32 = 56.0;
/// The board's left edge.
pub const BOARD_X: f32 = 216.0;
/// The board's top edge.
pub const BOARD_Y: f32 = 16.0;
/// The board's side.
pub const BOARD_SIDE: f32 = SIZE as f32 * CELL;
/// The canvas's width.
pub const WIDTH: f32 = BOARD_X + BOARD_SIDE + 16.0;
/// The canvas's height.
pub const HEIGHT: f32 = BOARD_Y + BOARD_SIDE + 16.0;
/// The left panel's left edge and width.
pub const PANEL_X: f32 = 16.0;
/// The left panel's width.
pub const PANEL_WIDTH: f32 = BOARD_X - 2.0 * PANEL_X;
/// The centre of the clock's dial.
pub const DIAL_CENTER: Point = Point::new(PANEL_X + PANEL_WIDTH / 2.0, 330.0);
/// The radius of the clock's dial.
pub const DIAL_RADIUS: f32 = 64.0;
/// How far a drag must go before it swaps, in canvas pixels (the
/// original's 20 pixels, for cells of about 45).
pub const DRAG_DISTANCE: f32 = 0.4 * CELL;

/// The canvas background.
pub const BACKGROUND: Rgba = Rgba::rgb(16, 18, 34);
/// The board's light squares.
pub const SQUARE_LIGHT: Rgba = Rgba::rgb(38, 42, 70);
/// The board's dark squares.
pub const SQUARE_DARK: Rgba = Rgba::rgb(30, 33, 58);
/// The square under the pointer, lit up.
pub const HOVER: Rgba = Rgba::rgb(64, 70, 112);
/// A board hidden (before the start, while paused): its cells.
pub const HIDDEN: Rgba = Rgba::rgb(24, 26, 44);
/// The labels of the panel (the original's red).
pub const LABEL: Rgba = Rgba::rgb(235, 70, 50);
/// The numbers of the panel.
pub const VALUE: Rgba = Rgba::rgb(240, 240, 250);
/// Softer text: hints and the lines of a notice.
pub const SOFT: Rgba = Rgba::rgb(190, 190, 205);
/// The bubble the keyboard moves (the original's violet).
pub const BUBBLE: Rgba = Rgba::rgb(200, 150, 255);
/// The bubble locked on a jewel (the original's white).
pub const BUBBLE_LOCKED: Rgba = Rgba::rgb(255, 255, 255);
/// The veil over the board once the game is over.
pub const VEIL: Rgba = Rgba::with_alpha(0, 0, 0, 150);
/// The panel behind a notice on the board.
pub const NOTICE: Rgba = Rgba::with_alpha(8, 8, 20, 225);
/// The dial's empty part.
pub const DIAL_EMPTY: Rgba = Rgba::rgb(40, 40, 60);
/// The dial's outline (the original's blue).
pub const DIAL_RIM: Rgba = Rgba::rgb(70, 90, 255);
/// The dial with plenty of time (more than 4 of its 24 sections).
pub const TIME_PLENTY: Rgba = Rgba::rgb(0, 204, 51);
/// The dial running low (2 to 4 sections).
pub const TIME_LOW: Rgba = Rgba::rgb(255, 230, 0);
/// The dial almost empty (a section or less).
pub const TIME_OUT: Rgba = Rgba::rgb(220, 30, 20);

/// The seven colours, after the original's colour map: blue, orange,
/// yellow, magenta, green, red and white.
pub const COLORS: [Rgba; 7] = [
    Rgba::rgb(70, 90, 255),
    Rgba::rgb(255, 140, 0),
    Rgba::rgb(255, 230, 0),
    Rgba::rgb(230, 40, 230),
    Rgba::rgb(0, 204, 51),
    Rgba::rgb(220, 30, 20),
    Rgba::rgb(240, 240, 240),
];

/// The colours' names, for screen readers.
pub const COLOR_NAMES: [&str; 7] = [
    "blue", "orange", "yellow", "magenta", "green", "red", "white",
];

/// The seven shapes, after the original's solids: a ball (its bucky
/// ball), a cube, a pyramid, a hexagon (its icosahedron), a cylinder, a
/// diamond and a star (its sphere; a second round shape would not tell
/// itself apart in two dimensions).
pub const SHAPE_NAMES: [&str; 7] = [
    "ball", "cube", "pyramid", "hexagon", "cylinder", "diamond", "star",
];

/// The centre of the cell at fractional `row` and `col`.
pub fn center(row: f32, col: f32) -> Point {
    Point::new(BOARD_X + (col + 0.5) * CELL, BOARD_Y + (row + 0.5) * CELL)
}

/// The centre of `cell`.
pub fn cell_center(cell: Cell) -> Point {
    center(cell.row as f32, cell.col as f32)
}

/// The top-left corner of `cell`.
pub fn cell_min(cell: Cell) -> Point {
    Point::new(
        BOARD_X + cell.col as f32 * CELL,
        BOARD_Y + cell.row as f32 * CELL,
    )
}

/// The cell under `pos`, if it is on the board.
pub fn cell_at(pos: Point) -> Option<Cell> {
    let x = (pos.x - BOARD_X) / CELL;
    let y = (pos.y - BOARD_Y) / CELL;
    if !(x >= 0.0 && y >= 0.0 && x < SIZE as f32 && y < SIZE as f32) {
        return None;
    }
    Some(Cell::new(y as usize, x as usize))
}

/// A colour darker by `factor` (0 black, 1 the same).
pub fn darker(color: Rgba, factor: f32) -> Rgba {
    let f = |c: u8| (f32::from(c) * factor).round().clamp(0.0, 255.0) as u8;
    Rgba::with_alpha(f(color.r), f(color.g), f(color.b), color.a)
}

/// The corners of a regular polygon of `n` corners around `c`, radius
/// `r`, the first at angle `start` (degrees, 0 to the right, clockwise on
/// screen).
fn regular(c: Point, r: f32, n: usize, start: f32) -> Vec<Point> {
    (0..n)
        .map(|i| {
            let a = (start + 360.0 * i as f32 / n as f32).to_radians();
            Point::new(c.x + r * a.cos(), c.y + r * a.sin())
        })
        .collect()
}

/// The outline of shape `shape` centred on `c` with radius `r` (about
/// half a cell), as a polygon; the ball is a circle and has none.
pub fn shape_points(shape: u8, c: Point, r: f32) -> Vec<Point> {
    let p = |x: f32, y: f32| Point::new(c.x + x * r, c.y + y * r);
    match shape {
        1 => vec![p(-0.7, -0.7), p(0.7, -0.7), p(0.7, 0.7), p(-0.7, 0.7)],
        2 => vec![p(0.0, -0.9), p(0.88, 0.68), p(-0.88, 0.68)],
        3 => regular(c, 0.86 * r, 6, -90.0),
        4 => {
            // An upright cylinder: straight sides, rounded top and bottom.
            let mut points = Vec::with_capacity(18);
            for i in 0..=8 {
                let a = (180.0 + 22.5 * i as f32).to_radians();
                points.push(p(0.48 * a.cos(), -0.66 + 0.22 * a.sin()));
            }
            for i in 0..=8 {
                let a = (22.5 * i as f32).to_radians();
                points.push(p(0.48 * a.cos(), 0.66 + 0.22 * a.sin()));
            }
            points
        }
        5 => vec![p(0.0, -0.92), p(0.7, 0.0), p(0.0, 0.92), p(-0.7, 0.0)],
        6 => (0..10)
            .map(|i| {
                let a = (-90.0 + 36.0 * i as f32).to_radians();
                let radius = if i % 2 == 0 { 0.95 } else { 0.42 };
                p(radius * a.cos(), radius * a.sin())
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Paints a jewel of `look` centred on `c`, `r` its radius: its shape
/// filled with its colour, a darker rim, and a glint.
pub fn jewel(painter: &mut dyn Painter, c: Point, r: f32, look: Look) {
    let color = COLORS[usize::from(look.color) % COLORS.len()];
    let style = Style {
        fill: Some(color),
        stroke: Some(Stroke {
            width: (r / 12.0).max(1.0),
            color: darker(color, 0.45),
        }),
    };
    match look.shape % 7 {
        0 => painter.circle(c, 0.82 * r, style),
        shape => painter.polygon(&shape_points(shape, c, r), style),
    }
    // A facet line across cylinders, for their top.
    if look.shape % 7 == 4 {
        painter.line(
            Point::new(c.x - 0.48 * r, c.y - 0.66 * r),
            Point::new(c.x + 0.48 * r, c.y - 0.66 * r),
            Stroke {
                width: (r / 14.0).max(1.0),
                color: darker(color, 0.6),
            },
        );
    }
    painter.ellipse(
        Point::new(c.x - 0.22 * r, c.y - 0.3 * r),
        0.16 * r,
        0.1 * r,
        Style::solid(Rgba::with_alpha(255, 255, 255, 150)),
    );
}

/// The colour of the dial with `life` of the visible `full`: as the
/// original's 24 sections, green above 4, yellow above 1, red below.
pub fn dial_color(life: f64, full: f64) -> Rgba {
    let sections = (life * 24.0 / full).floor();
    if sections > 4.0 {
        TIME_PLENTY
    } else if sections > 1.0 {
        TIME_LOW
    } else {
        TIME_OUT
    }
}

/// The clock's dial: a disc whose filled sector, clockwise from the top,
/// is `fraction` (0 to 1) of it, in `color`.
pub fn dial(painter: &mut dyn Painter, fraction: f32, color: Rgba) {
    let c = DIAL_CENTER;
    let r = DIAL_RADIUS;
    painter.circle(c, r, Style::solid(DIAL_EMPTY));
    let fraction = fraction.clamp(0.0, 1.0);
    if fraction >= 0.999 {
        painter.circle(c, r, Style::solid(color));
    } else if fraction > 0.0 {
        let steps = ((48.0 * fraction).ceil() as usize).max(1);
        let mut points = Vec::with_capacity(steps + 2);
        points.push(c);
        for i in 0..=steps {
            let a = (-90.0 + 360.0 * fraction * i as f32 / steps as f32).to_radians();
            points.push(Point::new(c.x + r * a.cos(), c.y + r * a.sin()));
        }
        painter.polygon(&points, Style::solid(color));
    }
    painter.circle(c, r, Style::stroked(3.0, DIAL_RIM));
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::{RecordingPainter, Shape};

    #[test]
    fn the_canvas_fits_the_panel_and_the_board() {
        assert_eq!((WIDTH, HEIGHT), (680.0, 480.0));
        for cell in Cell::all() {
            assert_eq!(cell_at(cell_center(cell)), Some(cell));
            assert_eq!(cell_at(cell_min(cell)), Some(cell));
        }
        for pos in [
            (215.0, 100.0),
            (100.0, 100.0),
            (664.0, 20.0),
            (300.0, 464.0),
        ] {
            assert_eq!(cell_at(Point::new(pos.0, pos.1)), None, "{pos:?}");
        }
        assert_eq!(cell_at(Point::new(f32::NAN, 30.0)), None);
    }

    #[test]
    fn every_shape_stays_in_its_cell_and_covers_its_centre() {
        let c = Point::new(100.0, 100.0);
        let r = CELL / 2.0;
        for shape in 1..7 {
            let points = shape_points(shape, c, r);
            assert!(points.len() >= 3);
            for p in &points {
                assert!(
                    (p.x - c.x).abs() <= r && (p.y - c.y).abs() <= r,
                    "{shape}: {p:?}"
                );
            }
        }
        // Seven shapes of different outlines: corner counts and extents.
        let mut outlines: Vec<(usize, i32, i32)> = (1..7)
            .map(|s| {
                let points = shape_points(s, c, r);
                let w = points.iter().map(|p| p.x).fold(f32::MIN, f32::max) - c.x;
                let h = points.iter().map(|p| p.y).fold(f32::MIN, f32::max) - c.y;
                (points.len(), w.round() as i32, h.round() as i32)
            })
            .collect();
        outlines.sort();
        outlines.dedup();
        assert_eq!(outlines.len(), 6);
    }

    #[test]
    fn a_jewel_is_filled_with_its_colour() {
        for color in 0..7 {
            for shape in 0..7 {
                let mut painter = RecordingPainter::new();
                jewel(
                    &mut painter,
                    Point::new(50.0, 50.0),
                    28.0,
                    Look { color, shape },
                );
                let fill = painter.shapes.iter().find_map(|s| match s {
                    Shape::Circle { style, .. } | Shape::Polygon { style, .. } => style.fill,
                    _ => None,
                });
                assert_eq!(fill, Some(COLORS[usize::from(color)]));
            }
        }
    }

    #[test]
    fn the_dial_turns_yellow_then_red_as_the_original() {
        let full = 2000.0;
        assert_eq!(dial_color(1000.0, full), TIME_PLENTY);
        // 5 sections of 24 are 416.7 units: green down to there.
        assert_eq!(dial_color(420.0, full), TIME_PLENTY);
        assert_eq!(dial_color(410.0, full), TIME_LOW);
        assert_eq!(dial_color(170.0, full), TIME_LOW);
        assert_eq!(dial_color(160.0, full), TIME_OUT);
        let mut painter = RecordingPainter::new();
        dial(&mut painter, 0.25, TIME_LOW);
        let sector = painter.shapes.iter().find_map(|s| match s {
            Shape::Polygon { points, .. } => Some(points.clone()),
            _ => None,
        });
        let sector = sector.unwrap();
        // From the top, a quarter round: it ends at three o'clock.
        let last = sector.last().unwrap();
        assert!((last.x - (DIAL_CENTER.x + DIAL_RADIUS)).abs() < 0.01);
        assert!((last.y - DIAL_CENTER.y).abs() < 0.01);
    }
}
