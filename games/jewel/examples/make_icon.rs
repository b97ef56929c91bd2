//! Draws the game's 32×32 icon, `jewel.png`: four jewels of the game, two
//! by two on a dark square (a blue ball, a red diamond, a yellow pyramid
//! and a green cylinder), with the game's own drawing code.
//!
//! Run `cargo run -p jewel --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use game_api::{Point, Style};
use jewel::draw::{BACKGROUND, jewel};
use jewel::play::Look;

/// The icon's jewels: (colour, shape), row by row.
pub const ICON_JEWELS: [(u8, u8); 4] = [(0, 0), (5, 5), (2, 2), (4, 4)];

fn main() {
    game_raster::icon::make_icon(env!("CARGO_MANIFEST_DIR"), "jewel.png", |p| {
        p.rounded_rect(
            Point::new(0.0, 0.0),
            Point::new(32.0, 32.0),
            5.0,
            Style::solid(BACKGROUND),
        );
        for (i, (color, shape)) in ICON_JEWELS.into_iter().enumerate() {
            let c = Point::new(8.5 + 15.0 * (i % 2) as f32, 8.5 + 15.0 * (i / 2) as f32);
            jewel(p, c, 8.0, Look { color, shape });
        }
    });
}
