//! Draws the game's 32×32 icon, `minesweeper.png`: a corner of a board in
//! the game's own colours — a raised covered tile with a flag, uncovered
//! tiles with a 1 and a 2, and a mine.
//!
//! Run `cargo run -p minesweeper --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use game_api::Rgba;
use game_raster::icon::{Pixels, make_pixel_icon};
use minesweeper::game::{
    BACKGROUND, BEVEL_DARK, BEVEL_LIGHT, COVERED, FLAG, GLINT, MINE, NUMBER_COLORS, OPEN, POLE,
};

const SIDE: usize = 32;
const HALF: usize = 16;

/// What the icon's tiles are drawn with, on the kit's pixels.
struct Icon(Pixels);

impl Icon {
    fn set(&mut self, x: usize, y: usize, c: Rgba) {
        self.0.set(x, y, c);
    }

    fn fill(&mut self, x0: usize, y0: usize, w: usize, h: usize, c: Rgba) {
        self.0.fill(x0, y0, w, h, c);
    }

    /// A raised tile at `(x0, y0)`.
    fn covered(&mut self, x0: usize, y0: usize) {
        self.fill(x0, y0, HALF, HALF, BEVEL_DARK);
        for d in 0..HALF {
            for k in 0..2 {
                if d + k < HALF - 1 {
                    self.set(x0 + d, y0 + k, BEVEL_LIGHT);
                    self.set(x0 + k, y0 + d, BEVEL_LIGHT);
                }
            }
        }
        self.fill(x0 + 2, y0 + 2, HALF - 4, HALF - 4, COVERED);
    }

    /// An uncovered tile at `(x0, y0)`.
    fn open(&mut self, x0: usize, y0: usize) {
        self.fill(x0, y0, HALF, HALF, BACKGROUND);
        self.fill(x0 + 1, y0 + 1, HALF - 1, HALF - 1, OPEN);
    }

    /// A digit drawn from a 3×5 pattern, scaled by 2, in tile `(x0, y0)`.
    fn digit(&mut self, x0: usize, y0: usize, rows: [&str; 5], c: Rgba) {
        for (dy, row) in rows.iter().enumerate() {
            for (dx, ch) in row.chars().enumerate() {
                if ch == '#' {
                    self.fill(x0 + 5 + 2 * dx, y0 + 3 + 2 * dy, 2, 2, c);
                }
            }
        }
    }
}

fn main() {
    let mut icon = Icon(Pixels::new(Rgba::with_alpha(0, 0, 0, 0)));
    // Top left: a flag on a covered tile.
    icon.covered(0, 0);
    icon.fill(9, 3, 1, 10, POLE);
    icon.fill(5, 11, 8, 2, POLE);
    // The cloth: a triangle pointing left from the pole, widest in the middle.
    for dy in 0..7usize {
        let w = 7 - 2 * dy.abs_diff(3);
        icon.fill(9 - w, 3 + dy, w, 1, FLAG);
    }
    // Top right and bottom left: a 1 and a 2.
    icon.open(HALF, 0);
    icon.digit(
        HALF,
        0,
        [".#.", "##.", ".#.", ".#.", "###"],
        NUMBER_COLORS[0],
    );
    icon.open(0, HALF);
    icon.digit(
        0,
        HALF,
        ["##.", "..#", ".#.", "#..", "###"],
        NUMBER_COLORS[1],
    );
    // Bottom right: a mine.
    icon.open(HALF, HALF);
    let (cx, cy) = (HALF as f32 + 8.0, HALF as f32 + 8.0);
    for y in HALF..SIDE {
        for x in HALF..SIDE {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            let r = (dx * dx + dy * dy).sqrt();
            let spike =
                (dx.abs() < 1.0 || dy.abs() < 1.0 || (dx.abs() - dy.abs()).abs() < 1.0) && r < 6.5;
            if r < 4.5 || spike {
                icon.set(x, y, MINE);
            }
        }
    }
    icon.fill(HALF + 6, HALF + 6, 1, 1, GLINT);

    make_pixel_icon(env!("CARGO_MANIFEST_DIR"), "minesweeper.png", &icon.0);
}
