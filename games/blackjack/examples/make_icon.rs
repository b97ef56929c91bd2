//! Draws the game's 32×32 icon, `blackjack.png`: an ace of spades over a
//! king of hearts, the blackjack hand, as two cream cards with the kit's
//! pips, drawn with the painter and `game-raster`.
//!
//! Run `cargo run -p blackjack --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use std::path::PathBuf;

use cards::Suit;
use cards::face::draw_pip;
use game_api::{Point, Rgba, Stroke, Style};

/// The faces' cream.
pub const FACE: Rgba = Rgba::rgb(252, 250, 240);
/// The spade's black.
pub const INK: Rgba = Rgba::rgb(20, 20, 20);
/// The heart's red.
pub const RED: Rgba = Rgba::rgb(200, 30, 30);

fn main() {
    let path = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("blackjack.png"));
    // A second argument magnifies it, to look at.
    let scale: f32 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let png = game_raster::render_png(32, 32, scale, |p| {
        let face = Style {
            fill: Some(FACE),
            stroke: Some(Stroke {
                width: 1.0,
                color: Rgba::rgb(60, 60, 60),
            }),
        };
        // The king of hearts behind, up and to the left: a red heart in
        // its corner over the court card's gold frame.
        p.rounded_rect(Point::new(1.5, 0.5), Point::new(19.0, 26.0), 2.5, face);
        p.rect(
            Point::new(5.0, 10.0),
            Point::new(10.0, 13.0),
            Style {
                fill: Some(Rgba::rgb(240, 210, 120)),
                stroke: Some(Stroke {
                    width: 1.0,
                    color: Rgba::rgb(200, 150, 30),
                }),
            },
        );
        draw_pip(p, Suit::Hearts, Point::new(6.0, 5.5), 5.0, false, RED);
        // The ace of spades in front: one large spade.
        p.rounded_rect(Point::new(11.5, 5.5), Point::new(19.0, 26.0), 2.5, face);
        draw_pip(p, Suit::Spades, Point::new(21.0, 18.5), 13.0, false, INK);
    });
    std::fs::write(&path, png).expect("write the icon");
    println!("{}", path.display());
}
