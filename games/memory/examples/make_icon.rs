//! Draws the game's 32×32 icon, `memory.png`: two picture cards, a star
//! face up over the blue back of a second card, drawn with the game's own
//! picture code, the painter and `game-raster`.
//!
//! Run `cargo run -p memory --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use std::path::PathBuf;

use game_api::{Point, Rgba, Stroke, Style};
use memory::pictures::draw_picture;
use memory::rules::Picture;

/// The face's cream.
pub const FACE: Rgba = Rgba::rgb(252, 250, 240);
/// The back's blue.
pub const BACK: Rgba = Rgba::rgb(40, 70, 170);

fn main() {
    let path = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("memory.png"));
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
        p.rounded_rect(Point::new(10.5, 5.5), Point::new(20.0, 26.0), 2.5, face);
        draw_picture(p, Picture::Star, Point::new(20.5, 18.5), 18.0);
    });
    std::fs::write(&path, png).expect("write the icon");
    println!("{path}", path = path.display());
}
