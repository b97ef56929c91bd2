//! Draws the game's 32×32 icon, `checkers.png`: a corner of the board with
//! a black man, a white man and a white king, in the game's own colours.
//!
//! Run `cargo run -p checkers --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use checkers::game::{BLACK_PIECE, CROWN, DARK_SQUARE, LIGHT_SQUARE, WHITE_PIECE};
use game_api::Rgba;
use game_raster::icon::{Pixels, make_pixel_icon};

/// The side of one square: a 4×4 corner of the board.
const CELL: usize = 8;

fn main() {
    let mut icon = Pixels::new(LIGHT_SQUARE);
    for row in 0..4 {
        for col in 0..4 {
            if (row + col) % 2 == 1 {
                icon.fill(col * CELL, row * CELL, CELL, CELL, DARK_SQUARE);
            }
        }
    }
    let centre = |cell: usize| (cell * CELL) as f32 + CELL as f32 / 2.0;
    // Pieces a little larger than their squares, as on a real board.
    let edge = Rgba::rgb(90, 90, 96);
    icon.disc(centre(1), centre(0), 4.6, edge);
    icon.disc(centre(1), centre(0), 3.8, BLACK_PIECE);
    let rim = Rgba::rgb(150, 140, 120);
    for (col, row) in [(2, 1), (1, 2)] {
        icon.disc(centre(col), centre(row), 4.6, rim);
        icon.disc(centre(col), centre(row), 3.8, WHITE_PIECE);
    }
    icon.disc(centre(1), centre(2), 1.8, CROWN);
    icon.disc(centre(3), centre(0), 4.6, edge);
    icon.disc(centre(3), centre(0), 3.8, BLACK_PIECE);
    make_pixel_icon(env!("CARGO_MANIFEST_DIR"), "checkers.png", &icon);
}
