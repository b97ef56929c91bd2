//! Draws the game's 32×32 icon, `gcalc.png`, with the game's own cube
//! drawing: a cube of four colours (red and yellow on top, green and blue
//! below, as the original's icon) that is a function of green (the green
//! circle), on a transparent background.
//!
//! Run `cargo run -p gcalc --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use game_api::Point;
use gcalc::draw::draw_cube;
use gcalc::expr::parse;

/// The cube the icon shows.
pub const ICON_CUBE: &str = "\\green. (red | yellow) - (green | blue)";

/// The icon's PNG bytes.
pub fn icon() -> Vec<u8> {
    game_raster::render_png(32, 32, 1.0, |p| {
        draw_cube(p, &parse(ICON_CUBE), Point::new(0.0, 0.0), 32.0)
    })
}

#[allow(dead_code)]
fn main() {
    game_raster::icon::write_icon(env!("CARGO_MANIFEST_DIR"), "gcalc.png", &icon());
}
