//! Draws the game's 32×32 icon, `pousse.png`: a 3 by 3 board in the game's
//! colours, an X straight (green, as a won game shows it) along its top
//! row and O markers below.
//!
//! Run `cargo run -p pousse --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use game_api::Rgba;
use pousse::game::{BACKGROUND, GRID, O_COLOR, STRAIGHT_TILE, TILE, X_COLOR};
use std::path::PathBuf;

/// The icon's side in pixels.
const SIDE: usize = 32;
/// A cell's side and where the board starts.
const CELL: usize = 9;
const ORIGIN_X: usize = 2;
const ORIGIN_Y: usize = 2;

fn fill(pixels: &mut [Rgba], x0: usize, y0: usize, w: usize, h: usize, color: Rgba) {
    for y in y0..(y0 + h).min(SIDE) {
        for x in x0..(x0 + w).min(SIDE) {
            pixels[y * SIDE + x] = color;
        }
    }
}

/// A disc of `color` centred in the cell whose top-left corner is (x0, y0).
fn disc(pixels: &mut [Rgba], x0: usize, y0: usize, color: Rgba) {
    let c = (CELL as f32 - 1.0) / 2.0;
    for dy in 0..CELL {
        for dx in 0..CELL {
            let (fx, fy) = (dx as f32 - c, dy as f32 - c);
            if fx * fx + fy * fy <= 3.4 * 3.4 {
                pixels[(y0 + dy) * SIDE + x0 + dx] = color;
            }
        }
    }
}

fn main() {
    let path = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("pousse.png"));

    let mut pixels = vec![Rgba::with_alpha(0, 0, 0, 0); SIDE * SIDE];
    fill(&mut pixels, 0, 0, SIDE, SIDE, BACKGROUND);
    // The board: 3 by 3 cells with grid lines.
    fill(
        &mut pixels,
        ORIGIN_X,
        ORIGIN_Y,
        3 * CELL + 1,
        3 * CELL + 1,
        GRID,
    );
    for row in 0..3 {
        for col in 0..3 {
            let (x, y) = (ORIGIN_X + 1 + col * CELL, ORIGIN_Y + 1 + row * CELL);
            let tile = if row == 0 { STRAIGHT_TILE } else { TILE };
            fill(&mut pixels, x, y, CELL - 1, CELL - 1, tile);
            let marker = match (row, col) {
                (0, _) => Some(X_COLOR),
                (1, 1) | (2, 0) | (2, 2) => Some(O_COLOR),
                (1, 2) => Some(X_COLOR),
                _ => None,
            };
            if let Some(color) = marker {
                disc(&mut pixels, x - 1, y - 1, color);
            }
        }
    }

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
