//! Draws the game's 32×32 icon, `pousse.png`: a 3 by 3 board in the game's
//! colours, an X straight (green, as a won game shows it) along its top
//! row and O markers below.
//!
//! Run `cargo run -p pousse --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use game_api::Rgba;
use game_raster::icon::{Pixels, make_pixel_icon};
use pousse::game::{BACKGROUND, GRID, O_COLOR, STRAIGHT_TILE, TILE, X_COLOR};

/// A cell's side and where the board starts.
const CELL: usize = 9;
const ORIGIN_X: usize = 2;
const ORIGIN_Y: usize = 2;

fn main() {
    let mut icon = Pixels::new(Rgba::with_alpha(0, 0, 0, 0));
    icon.fill(0, 0, icon.side(), icon.side(), BACKGROUND);
    // The board: 3 by 3 cells with grid lines.
    icon.fill(ORIGIN_X, ORIGIN_Y, 3 * CELL + 1, 3 * CELL + 1, GRID);
    for row in 0..3 {
        for col in 0..3 {
            let (x, y) = (ORIGIN_X + 1 + col * CELL, ORIGIN_Y + 1 + row * CELL);
            let tile = if row == 0 { STRAIGHT_TILE } else { TILE };
            icon.fill(x, y, CELL - 1, CELL - 1, tile);
            let marker = match (row, col) {
                (0, _) => Some(X_COLOR),
                (1, 1) | (2, 0) | (2, 2) => Some(O_COLOR),
                (1, 2) => Some(X_COLOR),
                _ => None,
            };
            if let Some(color) = marker {
                // A disc centred in the cell whose top-left corner is
                // (x - 1, y - 1).
                let c = (x - 1) as f32 + CELL as f32 / 2.0;
                let d = (y - 1) as f32 + CELL as f32 / 2.0;
                icon.disc(c, d, 3.4, color);
            }
        }
    }
    make_pixel_icon(env!("CARGO_MANIFEST_DIR"), "pousse.png", &icon);
}
