//! Draws the game's 32×32 icon, `memory.png`: two picture cards, a star
//! face up over the blue back of a second card, drawn with the game's own
//! picture code, the painter and `game-raster`.
//!
//! Run `cargo run -p memory --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use cards::icon::{back, face};
use game_api::Point;
use memory::pictures::draw_picture;
use memory::rules::Picture;

fn main() {
    game_raster::icon::make_icon(env!("CARGO_MANIFEST_DIR"), "memory.png", |p| {
        back(p, Point::new(1.5, 0.5), Point::new(19.0, 26.0), 2.5);
        face(p, Point::new(10.5, 5.5), Point::new(20.0, 26.0), 2.5);
        draw_picture(p, Picture::Star, Point::new(20.5, 18.5), 18.0);
    });
}
