//! Draws the game's 32×32 icon, `blackjack.png`: an ace of spades over a
//! king of hearts, the blackjack hand, as two cream cards with the kit's
//! pips, drawn with the painter and `game-raster`.
//!
//! Run `cargo run -p blackjack --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use cards::Suit;
use cards::face::draw_pip;
use cards::icon::{INK, face};
use game_api::{Point, Rgba, Stroke, Style};

/// The heart's red.
pub const RED: Rgba = Rgba::rgb(200, 30, 30);

fn main() {
    game_raster::icon::make_icon(env!("CARGO_MANIFEST_DIR"), "blackjack.png", |p| {
        // The king of hearts behind, up and to the left: a red heart in
        // its corner over the court card's gold frame.
        face(p, Point::new(1.5, 0.5), Point::new(19.0, 26.0), 2.5);
        let gold = Style {
            fill: Some(Rgba::rgb(240, 210, 120)),
            stroke: Some(Stroke {
                width: 1.0,
                color: Rgba::rgb(200, 150, 30),
            }),
        };
        p.rect(Point::new(5.0, 10.0), Point::new(10.0, 13.0), gold);
        draw_pip(p, Suit::Hearts, Point::new(6.0, 5.5), 5.0, false, RED);
        // The ace of spades in front: one large spade.
        face(p, Point::new(11.5, 5.5), Point::new(19.0, 26.0), 2.5);
        draw_pip(p, Suit::Spades, Point::new(21.0, 18.5), 13.0, false, INK);
    });
}
