//! Draws the game's 32×32 icon, `gobblet.png`: a large red piece seen from
//! above (a disc with two rings, as the game draws it) on a square of the
//! board, a smaller yellow one beside it, in the game's own colours.
//!
//! Run `cargo run -p gobblet --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use game_api::Rgba;
use game_raster::icon::{Pixels, make_pixel_icon};
use gobblet::game::{BACKGROUND, RED, SQUARE_DARK, SQUARE_LIGHT, YELLOW};

fn darker(c: Rgba) -> Rgba {
    Rgba::rgb(
        (c.r as f32 * 0.55) as u8,
        (c.g as f32 * 0.55) as u8,
        (c.b as f32 * 0.55) as u8,
    )
}

/// Paints a piece: a disc of `radius` with a rim, and rings inside.
fn piece(icon: &mut Pixels, cx: f32, cy: f32, radius: f32, rings: &[f32], color: Rgba) {
    icon.paint(|x, y| {
        let d = ((x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2)).sqrt();
        let on_ring = d > radius - 1.5 || rings.iter().any(|&r| (d - r).abs() < 0.6);
        (d <= radius).then(|| if on_ring { darker(color) } else { color })
    });
}

fn main() {
    let mut icon = Pixels::new(BACKGROUND);
    // Four squares of the board.
    icon.paint(|x, y| {
        Some(if (x < 16) == (y < 16) {
            SQUARE_LIGHT
        } else {
            SQUARE_DARK
        })
    });
    piece(&mut icon, 23.0, 9.0, 7.0, &[3.5], YELLOW);
    piece(&mut icon, 13.0, 18.0, 12.5, &[5.0, 8.5], RED);
    make_pixel_icon(env!("CARGO_MANIFEST_DIR"), "gobblet.png", &icon);
}
