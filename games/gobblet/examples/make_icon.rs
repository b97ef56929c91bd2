//! Draws the game's 32×32 icon, `gobblet.png`: a large red piece seen from
//! above (a disc with two rings, as the game draws it) on a square of the
//! board, a smaller yellow one beside it, in the game's own colours.
//!
//! Run `cargo run -p gobblet --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use game_api::Rgba;
use gobblet::game::{BACKGROUND, RED, SQUARE_DARK, SQUARE_LIGHT, YELLOW};
use std::path::PathBuf;

const SIDE: usize = 32;

fn darker(c: Rgba) -> Rgba {
    Rgba::rgb(
        (c.r as f32 * 0.55) as u8,
        (c.g as f32 * 0.55) as u8,
        (c.b as f32 * 0.55) as u8,
    )
}

/// Paints a piece: a disc of `radius` with a rim, and rings inside.
fn piece(pixels: &mut [Rgba], cx: f32, cy: f32, radius: f32, rings: &[f32], color: Rgba) {
    for y in 0..SIDE {
        for x in 0..SIDE {
            let d = ((x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2)).sqrt();
            if d <= radius {
                let on_ring = d > radius - 1.5 || rings.iter().any(|&r| (d - r).abs() < 0.6);
                pixels[y * SIDE + x] = if on_ring { darker(color) } else { color };
            }
        }
    }
}

fn main() {
    let path = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("gobblet.png"));
    let mut pixels = vec![BACKGROUND; SIDE * SIDE];
    // Four squares of the board.
    for y in 0..SIDE {
        for x in 0..SIDE {
            let light = (x < 16) == (y < 16);
            pixels[y * SIDE + x] = if light { SQUARE_LIGHT } else { SQUARE_DARK };
        }
    }
    piece(&mut pixels, 23.0, 9.0, 7.0, &[3.5], YELLOW);
    piece(&mut pixels, 13.0, 18.0, 12.5, &[5.0, 8.5], RED);
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
