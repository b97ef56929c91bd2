//! Draws the game's 32×32 icon, `parcheesi.png`: the cross-shaped board
//! seen from afar, a nest of each colour in the corners, the ring in light
//! blue and the four coloured triangles of home in the middle, in the
//! game's own colours.
//!
//! Run `cargo run -p parcheesi --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use game_api::Rgba;
use parcheesi::game::{TRACK, pawn_color, tint};
use parcheesi::rules::Color;
use std::path::PathBuf;

/// The icon's side in pixels.
const SIDE: usize = 32;

fn main() {
    let path = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("parcheesi.png"));
    let mut pixels = vec![Rgba::with_alpha(0, 0, 0, 0); SIDE * SIDE];
    // Nests: green bottom right, red top right, blue top left, yellow
    // bottom left; the arms between them are the ring.
    for y in 0..SIDE {
        for x in 0..SIDE {
            let (left, top) = (x < 13, y < 13);
            let (right, bottom) = (x >= 19, y >= 19);
            let c = match (left, right, top, bottom) {
                (_, true, _, true) => tint(Color::Green),
                (_, true, true, _) => tint(Color::Red),
                (true, _, true, _) => tint(Color::Blue),
                (true, _, _, true) => tint(Color::Yellow),
                _ => TRACK,
            };
            pixels[y * SIDE + x] = c;
        }
    }
    // Home in the middle: four triangles.
    for y in 13..19 {
        for x in 13..19 {
            let (dx, dy) = (x as i32 * 2 - 31, y as i32 * 2 - 31);
            let c = if dy.abs() >= dx.abs() {
                if dy > 0 { Color::Green } else { Color::Blue }
            } else if dx > 0 {
                Color::Red
            } else {
                Color::Yellow
            };
            pixels[y * SIDE + x] = pawn_color(c);
        }
    }
    // A pawn in each nest.
    for (c, cx, cy) in [
        (Color::Green, 25, 25),
        (Color::Red, 25, 6),
        (Color::Blue, 6, 6),
        (Color::Yellow, 6, 25),
    ] {
        for y in 0..SIDE {
            for x in 0..SIDE {
                let d = (x as i32 - cx).pow(2) + (y as i32 - cy).pow(2);
                if d <= 12 {
                    pixels[y * SIDE + x] = pawn_color(c);
                }
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
