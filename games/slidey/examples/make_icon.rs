//! Draws the game's 32×32 icon, `slidey.png`: the landscape cut into a
//! 3×3 grid of tiles, the last tile slid into the corner so that the gap
//! shows, on the game's own dark background.
//!
//! Run `cargo run -p slidey --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use slidey::game::{BACKGROUND, GAP};
use slidey::picture::{Image, Landscape, SIDE};
use std::path::PathBuf;

/// The icon's side in pixels.
const ICON: usize = 32;
/// One tile's side, the gap between tiles and the frame around them.
const TILE: usize = 8;
const SPACE: usize = 2;
const FRAME: usize = 2;

fn main() {
    let path = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("slidey.png"));

    let picture = Image::builtin(Landscape);
    let mut pixels = vec![[0u8; 4]; ICON * ICON];
    // The background, its corners cut round.
    for y in 0..ICON {
        for x in 0..ICON {
            let from_x = x.min(ICON - 1 - x);
            let from_y = y.min(ICON - 1 - y);
            if from_x + from_y >= 3 {
                pixels[y * ICON + x] = [BACKGROUND.r, BACKGROUND.g, BACKGROUND.b, 255];
            }
        }
    }
    // Where each cell's piece comes from: the gap at row 3, column 2, the
    // bottom-right piece beside it.
    let piece_at = |row: usize, col: usize| -> Option<(usize, usize)> {
        match (row, col) {
            (2, 1) => None,
            (2, 2) => Some((2, 1)),
            other => Some(other),
        }
    };
    let scale = SIDE / (3 * TILE);
    for row in 0..3 {
        for col in 0..3 {
            let (x0, y0) = (FRAME + col * (TILE + SPACE), FRAME + row * (TILE + SPACE));
            for dy in 0..TILE {
                for dx in 0..TILE {
                    let colour = match piece_at(row, col) {
                        None => [GAP.r, GAP.g, GAP.b, 255],
                        Some((pr, pc)) => {
                            // The average of the picture's pixels under this one.
                            let mut sum = [0u32; 3];
                            for sy in 0..scale {
                                for sx in 0..scale {
                                    let p = picture.pixel(
                                        (pc * TILE + dx) * scale + sx,
                                        (pr * TILE + dy) * scale + sy,
                                    );
                                    for k in 0..3 {
                                        sum[k] += u32::from(p[k]);
                                    }
                                }
                            }
                            let n = (scale * scale) as u32;
                            [
                                (sum[0] / n) as u8,
                                (sum[1] / n) as u8,
                                (sum[2] / n) as u8,
                                255,
                            ]
                        }
                    };
                    pixels[(y0 + dy) * ICON + x0 + dx] = colour;
                }
            }
        }
    }

    let bytes: Vec<u8> = pixels.concat();
    let file = std::fs::File::create(&path).expect("create the icon file");
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), ICON as u32, ICON as u32);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("write the PNG header");
    writer.write_image_data(&bytes).expect("write the pixels");
    writer.finish().expect("finish the PNG");
    println!("wrote {}", path.display());
}
