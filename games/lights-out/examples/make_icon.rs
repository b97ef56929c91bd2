//! Draws the game's 32×32 icon, `lights-out.png`: a 3×3 grid of lights just
//! after a press on the middle one (a lit plus sign on dark corners), in the
//! game's own colours.
//!
//! Run `cargo run -p lights-out --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use game_api::Rgba;
use lights_out::game::{BACKGROUND, GLINT, LIT, UNLIT};
use std::path::PathBuf;

/// The icon's side in pixels.
const SIDE: usize = 32;
/// The side of one light, the gap between lights and the frame around them.
const CELL: usize = 8;
const GAP: usize = 2;
const FRAME: usize = 2;

/// Fills the square `[x0, x0 + side) × [y0, y0 + side)` with `color`, leaving
/// out `cut` pixels on each corner's diagonal to round it.
fn rounded_square(pixels: &mut [Rgba], x0: usize, y0: usize, side: usize, cut: usize, color: Rgba) {
    for dy in 0..side {
        for dx in 0..side {
            let from_x = dx.min(side - 1 - dx);
            let from_y = dy.min(side - 1 - dy);
            if from_x + from_y < cut {
                continue;
            }
            pixels[(y0 + dy) * SIDE + x0 + dx] = color;
        }
    }
}

fn main() {
    let path = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("lights-out.png"));

    let mut pixels = vec![Rgba::with_alpha(0, 0, 0, 0); SIDE * SIDE];
    rounded_square(&mut pixels, 0, 0, SIDE, 3, BACKGROUND);
    for row in 0..3 {
        for col in 0..3 {
            // The plus sign a press on the middle light toggles.
            let lit = row == 1 || col == 1;
            let x = FRAME + col * (CELL + GAP);
            let y = FRAME + row * (CELL + GAP);
            rounded_square(&mut pixels, x, y, CELL, 1, if lit { LIT } else { UNLIT });
            if lit {
                pixels[(y + 2) * SIDE + x + 2] = GLINT;
                pixels[(y + 2) * SIDE + x + 3] = GLINT;
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
