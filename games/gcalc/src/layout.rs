//! Where the cells are: the original's three panels side by side, laid out
//! to the canvas.
//!
//! The original's window is 504 pixels high: the basic cubes two across and
//! nine down (56 pixels each), the working panel three by three (168 each),
//! the storage five across and eight down (63 each). Here the same
//! proportions are scaled to the canvas the window gives the game, with a
//! gap between the panels, and centred.

use game_api::Point;

use crate::expr::Colour;
use crate::ops::OpCell;
use crate::storage;

/// The gap between the panels and around them, in canvas pixels.
pub const GAP: f32 = 8.0;

/// Columns of the panel of basic cubes.
pub const COLOUR_COLUMNS: usize = 2;
/// Rows of the panel of basic cubes.
pub const COLOUR_ROWS: usize = 9;

/// The height of the panels relative to their total width (without gaps):
/// two colour cells, three operation cells and five storage cells across.
const WIDTH_PER_HEIGHT: f32 = 2.0 / 9.0 + 1.0 + 5.0 / 8.0;

/// The original's panel height, which gives the canvas's first size.
pub const ORIGINAL_HEIGHT: f32 = 504.0;

/// One cell of the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellId {
    /// A basic cube of the left panel (its index in [`Colour::ALL`]).
    Colour(usize),
    /// One of the eight operation cells.
    Op(OpCell),
    /// The main cell, in the centre of the working panel.
    Main,
    /// A storage cell (its index, row by row).
    Store(usize),
}

impl CellId {
    /// Every cell: the basic cubes, the working panel row by row, the
    /// storage.
    pub fn all() -> Vec<CellId> {
        let mut cells: Vec<CellId> = (0..Colour::ALL.len()).map(CellId::Colour).collect();
        cells.extend(WORKING.iter().copied());
        cells.extend((0..storage::CELLS).map(CellId::Store));
        cells
    }

    /// Whether a cube can be dropped on it and it can be cut, cleared,
    /// renamed (the main cell and the storage).
    pub fn holds(self) -> bool {
        matches!(self, CellId::Main | CellId::Store(_))
    }

    /// What the player calls it.
    pub fn describe(self) -> String {
        match self {
            CellId::Colour(i) => format!("the basic {} cube", Colour::ALL[i].name()),
            CellId::Op(op) => format!("the {} cell", op.label()),
            CellId::Main => "the main cell".into(),
            CellId::Store(i) => format!("storage cell {}", i + 1),
        }
    }
}

/// The working panel's cells, row by row, as the original lays them out.
pub const WORKING: [CellId; 9] = [
    CellId::Op(OpCell::Back),
    CellId::Op(OpCell::Top),
    CellId::Op(OpCell::ApplyFunction),
    CellId::Op(OpCell::Left),
    CellId::Main,
    CellId::Op(OpCell::Right),
    CellId::Op(OpCell::ApplyArgument),
    CellId::Op(OpCell::Bottom),
    CellId::Op(OpCell::Front),
];

/// A square cell on the canvas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Square {
    /// Its top-left corner.
    pub min: Point,
    /// Its side.
    pub size: f32,
}

impl Square {
    /// Whether `p` is inside.
    pub fn contains(&self, p: Point) -> bool {
        p.x >= self.min.x
            && p.y >= self.min.y
            && p.x < self.min.x + self.size
            && p.y < self.min.y + self.size
    }

    /// Its centre.
    pub fn center(&self) -> Point {
        Point::new(self.min.x + self.size / 2.0, self.min.y + self.size / 2.0)
    }
}

/// The cells' places for one canvas size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The canvas's size.
    pub canvas: Point,
    /// The top-left corner of the panels.
    pub origin: Point,
    /// The panels' height (the working panel's side).
    pub height: f32,
}

impl Layout {
    /// The canvas the game asks for before the window says its size: the
    /// original's 504-pixel panels with their gaps.
    pub fn natural_size() -> Point {
        Point::new(
            ORIGINAL_HEIGHT * WIDTH_PER_HEIGHT + 4.0 * GAP,
            ORIGINAL_HEIGHT + 2.0 * GAP,
        )
    }

    /// The panels as large as fit in `canvas`, centred.
    pub fn for_canvas(canvas: Point) -> Layout {
        let room_x = (canvas.x - 4.0 * GAP).max(1.0);
        let room_y = (canvas.y - 2.0 * GAP).max(1.0);
        let height = (room_x / WIDTH_PER_HEIGHT).min(room_y).max(1.0);
        let width = height * WIDTH_PER_HEIGHT + 2.0 * GAP;
        let origin = Point::new(
            ((canvas.x - width) / 2.0).max(0.0),
            ((canvas.y - height) / 2.0).max(0.0),
        );
        Layout {
            canvas,
            origin,
            height,
        }
    }

    /// The side of a basic cube's cell.
    pub fn colour_side(&self) -> f32 {
        self.height / COLOUR_ROWS as f32
    }

    /// The side of a storage cell.
    pub fn store_side(&self) -> f32 {
        self.height / storage::ROWS as f32
    }

    /// The side of a working panel cell.
    pub fn working_side(&self) -> f32 {
        self.height / 3.0
    }

    fn working_x(&self) -> f32 {
        self.origin.x + COLOUR_COLUMNS as f32 * self.colour_side() + GAP
    }

    fn store_x(&self) -> f32 {
        self.working_x() + self.height + GAP
    }

    /// The rectangle of the panel of basic cubes, the working panel and
    /// the storage, as (top-left corner, size).
    pub fn panels(&self) -> [(Point, Point); 3] {
        let h = self.height;
        [
            (
                self.origin,
                Point::new(COLOUR_COLUMNS as f32 * self.colour_side(), h),
            ),
            (
                Point::new(self.working_x(), self.origin.y),
                Point::new(h, h),
            ),
            (
                Point::new(self.store_x(), self.origin.y),
                Point::new(storage::COLUMNS as f32 * self.store_side(), h),
            ),
        ]
    }

    /// Where `cell` is.
    pub fn square(&self, cell: CellId) -> Square {
        let grid = |x0: f32, side: f32, columns: usize, i: usize| Square {
            min: Point::new(
                x0 + (i % columns) as f32 * side,
                self.origin.y + (i / columns) as f32 * side,
            ),
            size: side,
        };
        match cell {
            CellId::Colour(i) => grid(self.origin.x, self.colour_side(), COLOUR_COLUMNS, i),
            CellId::Store(i) => grid(self.store_x(), self.store_side(), storage::COLUMNS, i),
            working => {
                let i = WORKING.iter().position(|c| *c == working).unwrap_or(4);
                grid(self.working_x(), self.working_side(), 3, i)
            }
        }
    }

    /// The cell at `p`, if any.
    pub fn cell_at(&self, p: Point) -> Option<CellId> {
        CellId::all()
            .into_iter()
            .find(|c| self.square(*c).contains(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_originals_proportions_at_its_size() {
        let l = Layout::for_canvas(Layout::natural_size());
        assert!((l.height - 504.0).abs() < 0.01);
        assert!((l.colour_side() - 56.0).abs() < 0.01);
        assert!((l.working_side() - 168.0).abs() < 0.01);
        assert!((l.store_side() - 63.0).abs() < 0.01);
        // Left to right: colours, working panel, storage.
        let red = l.square(CellId::Colour(7));
        let main = l.square(CellId::Main);
        let store = l.square(CellId::Store(0));
        assert!(red.min.x < main.min.x && main.min.x < store.min.x);
        // The main cell is in the middle of the working panel, Right on its
        // right, Apply (func) top right.
        let right = l.square(CellId::Op(OpCell::Right));
        assert_eq!(right.min.y, main.min.y);
        assert!(right.min.x > main.min.x);
        let apply = l.square(CellId::Op(OpCell::ApplyFunction));
        assert!(apply.min.x > main.min.x && apply.min.y < main.min.y);
        // The last storage cell is at the bottom right.
        let last = l.square(CellId::Store(39));
        assert!((last.min.x + last.size - (l.canvas.x - GAP)).abs() < 0.01);
        assert!((last.min.y + last.size - (l.canvas.y - GAP)).abs() < 0.01);
    }

    #[test]
    fn every_cell_is_found_at_its_centre_at_any_size() {
        for canvas in [
            Point::new(300.0, 200.0),
            Layout::natural_size(),
            Point::new(1900.0, 700.0),
            Point::new(700.0, 1200.0),
        ] {
            let l = Layout::for_canvas(canvas);
            for cell in CellId::all() {
                let sq = l.square(cell);
                assert_eq!(l.cell_at(sq.center()), Some(cell), "{cell:?} at {canvas:?}");
                assert!(sq.min.x >= 0.0 && sq.min.x + sq.size <= canvas.x + 0.01);
                assert!(sq.min.y >= 0.0 && sq.min.y + sq.size <= canvas.y + 0.01);
            }
            assert_eq!(l.cell_at(Point::new(1.0, 1.0)), None);
        }
    }
}
