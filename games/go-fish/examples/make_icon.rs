//! Draws the game's 32×32 icon, `go-fish.png`: after the original's two
//! cards, here a cream face over the blue back of a second card, with a
//! fish on the face, drawn with the painter and `game-raster`.
//!
//! Run `cargo run -p go-fish --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use std::path::PathBuf;

use game_api::{Point, Rgba, Stroke, Style};

/// The face's cream.
pub const FACE: Rgba = Rgba::rgb(252, 250, 240);
/// The back's blue.
pub const BACK: Rgba = Rgba::rgb(40, 70, 170);
/// The fish's orange.
pub const FISH: Rgba = Rgba::rgb(235, 120, 30);
/// The eye's black.
pub const INK: Rgba = Rgba::rgb(20, 20, 20);

fn main() {
    let path = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("go-fish.png"));
    // A second argument magnifies it, to look at.
    let scale: f32 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let png = game_raster::render_png(32, 32, scale, |p| {
        let edge = Style {
            fill: Some(BACK),
            stroke: Some(Stroke {
                width: 1.0,
                color: Rgba::rgb(240, 240, 240),
            }),
        };
        // The second card's back, up and to the left.
        p.rounded_rect(Point::new(1.5, 0.5), Point::new(20.0, 27.0), 2.5, edge);
        // The face.
        let face = Style {
            fill: Some(FACE),
            stroke: Some(Stroke {
                width: 1.0,
                color: Rgba::rgb(60, 60, 60),
            }),
        };
        p.rounded_rect(Point::new(9.5, 4.5), Point::new(21.0, 27.0), 2.5, face);
        // The fish: a body, a tail, a fin and an eye, swimming left.
        let (cx, cy) = (18.5, 18.0);
        p.polygon(
            &[
                Point::new(cx + 4.0, cy),
                Point::new(cx + 9.5, cy - 4.5),
                Point::new(cx + 9.5, cy + 4.5),
            ],
            Style::solid(FISH),
        );
        p.polygon(
            &[
                Point::new(cx - 2.0, cy - 3.0),
                Point::new(cx + 2.5, cy - 7.0),
                Point::new(cx + 3.0, cy - 2.5),
            ],
            Style::solid(Rgba::rgb(200, 90, 20)),
        );
        p.ellipse(Point::new(cx, cy), 6.5, 4.0, Style::solid(FISH));
        p.circle(Point::new(cx - 3.5, cy - 1.0), 1.1, Style::solid(INK));
        p.line(
            Point::new(cx - 1.0, cy - 2.5),
            Point::new(cx - 1.0, cy + 2.5),
            Stroke {
                width: 0.8,
                color: Rgba::rgb(200, 90, 20),
            },
        );
    });
    std::fs::write(&path, png).expect("write the icon");
    println!("{}", path.display());
}
