//! Draws the game's 32×32 icon, `slidey.png`: the landscape cut into a
//! 3×3 grid of tiles, the last tile slid into the corner so that the gap
//! shows, on the game's own dark background.
//!
//! Run `cargo run -p slidey --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use game_api::Rgba;
use game_raster::icon::{Pixels, make_pixel_icon};
use slidey::game::{BACKGROUND, GAP};
use slidey::picture::{Image, Landscape, SIDE};

/// One tile's side, the gap between tiles and the frame around them.
const TILE: usize = 8;
const SPACE: usize = 2;
const FRAME: usize = 2;

/// `c` without its transparency: the icon's tiles and frame are opaque.
fn opaque(c: Rgba) -> Rgba {
    Rgba::rgb(c.r, c.g, c.b)
}

fn main() {
    let picture = Image::builtin(Landscape);
    let mut icon = Pixels::new(Rgba::with_alpha(0, 0, 0, 0));
    let side = icon.side();
    // The background, its corners cut round.
    icon.paint(|x, y| {
        (x.min(side - 1 - x) + y.min(side - 1 - y) >= 3).then_some(opaque(BACKGROUND))
    });
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
                        None => opaque(GAP),
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
                            Rgba::rgb((sum[0] / n) as u8, (sum[1] / n) as u8, (sum[2] / n) as u8)
                        }
                    };
                    icon.set(x0 + dx, y0 + dy, colour);
                }
            }
        }
    }
    make_pixel_icon(env!("CARGO_MANIFEST_DIR"), "slidey.png", &icon);
}
