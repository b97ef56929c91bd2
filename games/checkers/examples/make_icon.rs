//! Draws the game's 32×32 icon, `checkers.png`: a corner of the board with
//! a black man, a white man and a white king, in the game's own colours.
//!
//! Run `cargo run -p checkers --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use checkers::game::{BLACK_PIECE, CROWN, DARK_SQUARE, LIGHT_SQUARE, WHITE_PIECE};
use game_api::Rgba;
use std::path::PathBuf;

/// The icon's side in pixels.
const SIDE: usize = 32;
/// The side of one square: a 4×4 corner of the board.
const CELL: usize = 8;

fn disc(pixels: &mut [Rgba], cx: f32, cy: f32, r: f32, color: Rgba) {
    for y in 0..SIDE {
        for x in 0..SIDE {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            if dx * dx + dy * dy <= r * r {
                pixels[y * SIDE + x] = color;
            }
        }
    }
}

fn main() {
    let path = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("checkers.png"));

    let mut pixels = vec![LIGHT_SQUARE; SIDE * SIDE];
    for row in 0..4 {
        for col in 0..4 {
            if (row + col) % 2 == 1 {
                for y in row * CELL..(row + 1) * CELL {
                    for x in col * CELL..(col + 1) * CELL {
                        pixels[y * SIDE + x] = DARK_SQUARE;
                    }
                }
            }
        }
    }
    let centre = |cell: usize| (cell * CELL) as f32 + CELL as f32 / 2.0;
    // Pieces a little larger than their squares, as on a real board.
    let edge = Rgba::rgb(90, 90, 96);
    disc(&mut pixels, centre(1), centre(0), 4.6, edge);
    disc(&mut pixels, centre(1), centre(0), 3.8, BLACK_PIECE);
    let rim = Rgba::rgb(150, 140, 120);
    for (col, row) in [(2, 1), (1, 2)] {
        disc(&mut pixels, centre(col), centre(row), 4.6, rim);
        disc(&mut pixels, centre(col), centre(row), 3.8, WHITE_PIECE);
    }
    disc(&mut pixels, centre(1), centre(2), 1.8, CROWN);
    disc(&mut pixels, centre(3), centre(0), 4.6, edge);
    disc(&mut pixels, centre(3), centre(0), 3.8, BLACK_PIECE);

    let bytes: Vec<u8> = pixels.iter().flat_map(|p| [p.r, p.g, p.b, p.a]).collect();
    let file = std::fs::File::create(&path).expect("create the icon file");
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), SIDE as u32, SIDE as u32);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("write the PNG header");
    writer.write_image_data(&bytes).expect("write the pixels");
    writer.finish().expect("finish the PNG");
    println!("wrote {}", path.display());
}
