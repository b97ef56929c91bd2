//! Draws the game's 32×32 icon, `aces.png`: the ace of spades over the
//! ace of hearts, drawn with the kit's faces, the painter and
//! `game-raster`.
//!
//! Run `cargo run -p aces --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use cards::Suit;
use cards::face::draw_pip;
use cards::icon::face;
use game_api::{Point, Rgba};

fn main() {
    game_raster::icon::make_icon(env!("CARGO_MANIFEST_DIR"), "aces.png", |p| {
        // The ace of hearts behind, up and to the left.
        face(p, Point::new(1.5, 0.5), Point::new(19.0, 26.0), 2.5);
        let red = Rgba::rgb(200, 20, 30);
        draw_pip(p, Suit::Hearts, Point::new(7.5, 7.0), 7.0, false, red);
        // The ace of spades in front.
        face(p, Point::new(11.5, 5.5), Point::new(19.0, 26.0), 2.5);
        let black = Rgba::rgb(20, 20, 20);
        draw_pip(p, Suit::Spades, Point::new(21.0, 18.5), 13.0, false, black);
    });
}
