//! Draws the game's 32×32 icon, `klondike.png`: a tableau column, a card
//! face down under a black seven and a red six fanned down it, drawn with
//! the kit's pips, the painter and `game-raster`.
//!
//! Run `cargo run -p klondike --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use cards::Suit;
use cards::face::draw_pip;
use cards::icon::{BACK, FACE_EDGE, card, face};
use game_api::{Point, Rgba};

fn main() {
    game_raster::icon::make_icon(env!("CARGO_MANIFEST_DIR"), "klondike.png", |p| {
        let size = Point::new(19.0, 24.0);
        // The face-down card at the top of the column.
        card(p, Point::new(6.5, 0.5), size, 2.5, BACK, FACE_EDGE);
        // The black card fanned over it, its spade showing.
        face(p, Point::new(6.5, 4.5), size, 2.5);
        let black = Rgba::rgb(20, 20, 20);
        draw_pip(p, Suit::Spades, Point::new(11.0, 9.0), 5.0, false, black);
        // The red card on top, a large heart.
        face(p, Point::new(6.5, 10.5), Point::new(19.0, 21.0), 2.5);
        let red = Rgba::rgb(200, 20, 30);
        draw_pip(p, Suit::Hearts, Point::new(16.0, 21.0), 12.0, false, red);
    });
}
