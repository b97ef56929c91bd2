//! Draws the game's 32×32 icon, `lights-out.png`: a 3×3 grid of lights just
//! after a press on the middle one (a lit plus sign on dark corners), in the
//! game's own colours.
//!
//! Run `cargo run -p lights-out --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use game_api::Rgba;
use game_raster::icon::{Pixels, make_pixel_icon};
use lights_out::game::{BACKGROUND, GLINT, LIT, UNLIT};

/// The side of one light, the gap between lights and the frame around them.
const CELL: usize = 8;
const GAP: usize = 2;
const FRAME: usize = 2;

/// Fills the square `[x0, x0 + side) × [y0, y0 + side)` with `color`, leaving
/// out `cut` pixels on each corner's diagonal to round it.
fn rounded_square(icon: &mut Pixels, x0: usize, y0: usize, side: usize, cut: usize, color: Rgba) {
    icon.paint(|x, y| {
        let (dx, dy) = (x.checked_sub(x0)?, y.checked_sub(y0)?);
        let inside = dx < side && dy < side;
        (inside && dx.min(side - 1 - dx) + dy.min(side - 1 - dy) >= cut).then_some(color)
    });
}

fn main() {
    let mut icon = Pixels::new(Rgba::with_alpha(0, 0, 0, 0));
    let side = icon.side();
    rounded_square(&mut icon, 0, 0, side, 3, BACKGROUND);
    for row in 0..3 {
        for col in 0..3 {
            // The plus sign a press on the middle light toggles.
            let lit = row == 1 || col == 1;
            let x = FRAME + col * (CELL + GAP);
            let y = FRAME + row * (CELL + GAP);
            rounded_square(&mut icon, x, y, CELL, 1, if lit { LIT } else { UNLIT });
            if lit {
                icon.fill(x + 2, y + 2, 2, 1, GLINT);
            }
        }
    }
    make_pixel_icon(env!("CARGO_MANIFEST_DIR"), "lights-out.png", &icon);
}
