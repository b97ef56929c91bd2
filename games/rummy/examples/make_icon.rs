//! Draws the game's 32×32 icon, `rummy.png`: after the original's fan of
//! cards, three cream cards of a straight of diamonds fanned to the right,
//! drawn with the painter and `game-raster`.
//!
//! Run `cargo run -p rummy --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use cards::icon::face;
use game_api::{Point, Rgba, Style};

/// The diamonds' red.
pub const RED: Rgba = Rgba::rgb(205, 30, 40);

/// A diamond centred on (`x`, `y`), `r` from its centre to its points.
fn diamond(p: &mut dyn game_api::Painter, x: f32, y: f32, r: f32) {
    p.polygon(
        &[
            Point::new(x, y - r),
            Point::new(x + r * 0.75, y),
            Point::new(x, y + r),
            Point::new(x - r * 0.75, y),
        ],
        Style::solid(RED),
    );
}

fn main() {
    game_raster::icon::make_icon(env!("CARGO_MANIFEST_DIR"), "rummy.png", |p| {
        for (i, x) in [0.5f32, 5.5, 10.5].into_iter().enumerate() {
            let y = 0.5 + i as f32 * 2.0;
            face(p, Point::new(x, y), Point::new(20.0, 27.0), 2.5);
            // The corner pip each card shows.
            diamond(p, x + 3.0, y + 4.5, 2.2);
        }
        // The front card's large diamond.
        diamond(p, 20.5, 18.5, 6.5);
    });
}
