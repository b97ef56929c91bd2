//! Draws the game's 32×32 icon, `crazy-8s.png`, after the original's (an
//! eight of clubs): a cream card with a large 8 drawn as two rings and a
//! club in two corners, over the blue back of a second card, drawn with
//! the painter and `game-raster`.
//!
//! Run `cargo run -p crazy-8s --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use cards::Suit;
use cards::face::draw_pip;
use cards::icon::{INK, back, face};
use game_api::{Point, Stroke, Style};

fn main() {
    game_raster::icon::make_icon(env!("CARGO_MANIFEST_DIR"), "crazy-8s.png", |p| {
        back(p, Point::new(1.5, 0.5), Point::new(19.0, 26.0), 2.5);
        face(p, Point::new(10.5, 4.5), Point::new(20.0, 27.0), 2.5);
        // The 8: two rings, the upper a little smaller.
        let ring = Style {
            fill: None,
            stroke: Some(Stroke {
                width: 2.2,
                color: INK,
            }),
        };
        p.circle(Point::new(20.5, 13.0), 3.2, ring);
        p.circle(Point::new(20.5, 21.2), 4.0, ring);
        draw_pip(p, Suit::Clubs, Point::new(13.8, 8.0), 4.0, false, INK);
        draw_pip(p, Suit::Clubs, Point::new(27.2, 28.0), 4.0, true, INK);
    });
}
