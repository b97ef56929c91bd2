//! Draws the game's 32×32 icon, `crazy-8s.png`, after the original's (an
//! eight of clubs): a cream card with a large 8 drawn as two rings and a
//! club in two corners, over the blue back of a second card, drawn with
//! the painter and `game-raster`.
//!
//! Run `cargo run -p crazy-8s --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use std::path::PathBuf;

use cards::Suit;
use cards::face::draw_pip;
use game_api::{Point, Rgba, Stroke, Style};

/// The face's cream.
pub const FACE: Rgba = Rgba::rgb(252, 250, 240);
/// The back's blue.
pub const BACK: Rgba = Rgba::rgb(40, 70, 170);
/// The clubs' black.
pub const INK: Rgba = Rgba::rgb(20, 20, 20);

fn main() {
    let path = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("crazy-8s.png"));
    // A second argument magnifies it, to look at.
    let scale: f32 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let png = game_raster::render_png(32, 32, scale, |p| {
        let back = Style {
            fill: Some(BACK),
            stroke: Some(Stroke {
                width: 1.0,
                color: Rgba::rgb(240, 240, 240),
            }),
        };
        p.rounded_rect(Point::new(1.5, 0.5), Point::new(19.0, 26.0), 2.5, back);
        let face = Style {
            fill: Some(FACE),
            stroke: Some(Stroke {
                width: 1.0,
                color: Rgba::rgb(60, 60, 60),
            }),
        };
        p.rounded_rect(Point::new(10.5, 4.5), Point::new(20.0, 27.0), 2.5, face);
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
    std::fs::write(&path, png).expect("write the icon");
    println!("{}", path.display());
}
