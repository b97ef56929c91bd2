//! Draws the game's 32×32 icon, `spider.png`, after the original's: a card
//! with a black spider on it, here a cream face over the blue back of a
//! second card, drawn with the painter and `game-raster`.
//!
//! Run `cargo run -p spider --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use std::path::PathBuf;

use game_api::{Point, Rgba, Stroke, Style};

/// The face's cream.
pub const FACE: Rgba = Rgba::rgb(252, 250, 240);
/// The back's blue.
pub const BACK: Rgba = Rgba::rgb(40, 70, 170);
/// The spider's black.
pub const INK: Rgba = Rgba::rgb(20, 20, 20);

fn main() {
    let path = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("spider.png"));
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
        // The spider: eight bent legs, a body and a head.
        let (cx, cy) = (20.0, 18.0);
        let leg = Stroke {
            width: 1.3,
            color: INK,
        };
        for side in [-1.0f32, 1.0] {
            for (i, (knee, foot)) in [
                ((4.0, -4.0), (6.5, -8.5)),
                ((5.0, -1.5), (8.5, -4.0)),
                ((5.0, 1.5), (8.5, 4.0)),
                ((4.0, 4.0), (6.5, 8.5)),
            ]
            .into_iter()
            .enumerate()
            {
                let start = Point::new(cx + side * 1.5, cy - 1.5 + i as f32);
                let k = Point::new(cx + side * knee.0, cy + knee.1);
                let f = Point::new(cx + side * foot.0, cy + foot.1);
                p.line(start, k, leg);
                p.line(k, f, leg);
            }
        }
        p.ellipse(Point::new(cx, cy + 1.5), 3.0, 3.8, Style::solid(INK));
        p.circle(Point::new(cx, cy - 3.0), 2.0, Style::solid(INK));
        p.circle(
            Point::new(cx - 1.0, cy + 0.5),
            0.8,
            Style::solid(Rgba::rgb(200, 30, 30)),
        );
    });
    std::fs::write(&path, png).expect("write the icon");
    println!("{}", path.display());
}
