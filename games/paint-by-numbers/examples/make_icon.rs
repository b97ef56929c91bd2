//! Draws the game's 32×32 icon, `paint-by-numbers.png`: a small puzzle
//! being solved, in the game's own colours: a 4×4 grid of blue, white and
//! grey cells with clue marks to its left and above it.
//!
//! Run `cargo run -p paint-by-numbers --example make_icon` to write it
//! beside the crate's `Cargo.toml`, or pass another path.

use game_api::Rgba;
use game_raster::icon::{Pixels, make_pixel_icon};
use paint_by_numbers::game::{BACKGROUND, BLUE, CLUE_TEXT, GRID_THICK, UNKNOWN, WHITE_CELL};

/// A cell's side, and where the grid starts (after the clue margin).
const CELL: usize = 5;
const GRID: usize = 6;

/// The picture: `#` blue, `.` white, `?` still grey.
const PICTURE: [&str; 4] = [".##.", "####", "##?#", ".#?."];

fn main() {
    let mut icon = Pixels::new(Rgba::with_alpha(0, 0, 0, 0));
    icon.fill(0, 0, icon.side(), icon.side(), BACKGROUND);
    // The grid's lines, then its cells.
    let span = 4 * (CELL + 1) + 1;
    icon.fill(GRID, GRID, span, span, GRID_THICK);
    for (row, line) in PICTURE.iter().enumerate() {
        for (col, c) in line.chars().enumerate() {
            let color = match c {
                '#' => BLUE,
                '.' => WHITE_CELL,
                _ => UNKNOWN,
            };
            let x = GRID + 1 + col * (CELL + 1);
            let y = GRID + 1 + row * (CELL + 1);
            icon.fill(x, y, CELL, CELL, color);
        }
    }
    // Clue marks: a short dash per group, to the left of each row and
    // above each column.
    for i in 0..4 {
        let at = GRID + 1 + i * (CELL + 1) + 1;
        let groups = if i == 0 || i == 3 { 1 } else { 2 };
        for g in 0..groups {
            icon.fill(4 - 3 * g, at + 1, 2, 1, CLUE_TEXT);
            icon.fill(at + 1, 4 - 3 * g, 1, 2, CLUE_TEXT);
        }
    }
    make_pixel_icon(env!("CARGO_MANIFEST_DIR"), "paint-by-numbers.png", &icon);
}
