//! Draws the game's 32×32 icon, `aces.png`: the ace of spades over the
//! ace of hearts, drawn with the kit's faces, the painter and
//! `game-raster`.
//!
//! Run `cargo run -p aces --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use std::path::PathBuf;

use cards::Suit;
use cards::face::draw_pip;
use game_api::{Point, Rgba, Stroke, Style};

/// The face's cream.
pub const FACE: Rgba = Rgba::rgb(252, 250, 240);

fn main() {
    let path = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("aces.png"));
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
        // The ace of hearts behind, up and to the left.
        p.rounded_rect(Point::new(1.5, 0.5), Point::new(19.0, 26.0), 2.5, face);
        draw_pip(
            p,
            Suit::Hearts,
            Point::new(7.5, 7.0),
            7.0,
            false,
            Rgba::rgb(200, 20, 30),
        );
        // The ace of spades in front.
        p.rounded_rect(Point::new(11.5, 5.5), Point::new(19.0, 26.0), 2.5, face);
        draw_pip(
            p,
            Suit::Spades,
            Point::new(21.0, 18.5),
            13.0,
            false,
            Rgba::rgb(20, 20, 20),
        );
    });
    std::fs::write(&path, png).expect("write the icon");
    println!("{}", path.display());
}
