//! Draws the game's 32×32 icon, `paint-by-numbers.png`: a small puzzle
//! being solved, in the game's own colours: a 4×4 grid of blue, white and
//! grey cells with clue marks to its left and above it.
//!
//! Run `cargo run -p paint-by-numbers --example make_icon` to write it
//! beside the crate's `Cargo.toml`, or pass another path.

use game_api::Rgba;
use paint_by_numbers::game::{BACKGROUND, BLUE, CLUE_TEXT, GRID_THICK, UNKNOWN, WHITE_CELL};
use std::path::PathBuf;

/// The icon's side in pixels.
const SIDE: usize = 32;
/// A cell's side, and where the grid starts (after the clue margin).
const CELL: usize = 5;
const GRID: usize = 6;

/// The picture: `#` blue, `.` white, `?` still grey.
const PICTURE: [&str; 4] = [".##.", "####", "##?#", ".#?."];

fn fill(pixels: &mut [Rgba], x0: usize, y0: usize, w: usize, h: usize, color: Rgba) {
    for y in y0..y0 + h {
        for x in x0..x0 + w {
            pixels[y * SIDE + x] = color;
        }
    }
}

fn main() {
    let path = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("paint-by-numbers.png"));

    let mut pixels = vec![Rgba::with_alpha(0, 0, 0, 0); SIDE * SIDE];
    fill(&mut pixels, 0, 0, SIDE, SIDE, BACKGROUND);
    // The grid's lines, then its cells.
    let span = 4 * (CELL + 1) + 1;
    fill(&mut pixels, GRID, GRID, span, span, GRID_THICK);
    for (row, line) in PICTURE.iter().enumerate() {
        for (col, c) in line.chars().enumerate() {
            let color = match c {
                '#' => BLUE,
                '.' => WHITE_CELL,
                _ => UNKNOWN,
            };
            let x = GRID + 1 + col * (CELL + 1);
            let y = GRID + 1 + row * (CELL + 1);
            fill(&mut pixels, x, y, CELL, CELL, color);
        }
    }
    // Clue marks: a short dash per group, to the left of each row and
    // above each column.
    for i in 0..4 {
        let at = GRID + 1 + i * (CELL + 1) + 1;
        let groups = if i == 0 || i == 3 { 1 } else { 2 };
        for g in 0..groups {
            fill(&mut pixels, 4 - 3 * g, at + 1, 2, 1, CLUE_TEXT);
            fill(&mut pixels, at + 1, 4 - 3 * g, 1, 2, CLUE_TEXT);
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
