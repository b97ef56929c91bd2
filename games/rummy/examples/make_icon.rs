//! Draws the game's 32×32 icon, `rummy.png`: after the original's fan of
//! cards, three cream cards of a straight of diamonds fanned to the right,
//! drawn with the painter and `game-raster`.
//!
//! Run `cargo run -p rummy --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use std::path::PathBuf;

use game_api::{Point, Rgba, Stroke, Style};

/// The faces' cream.
pub const FACE: Rgba = Rgba::rgb(252, 250, 240);
/// The diamonds' red.
pub const RED: Rgba = Rgba::rgb(205, 30, 40);

/// A diamond centred on (`x`, `y`), `r` from its centre to its points.
fn diamond(p: &mut dyn game_api::Painter, x: f32, y: f32, r: f32) {
    p.polygon(
        &[
            Point::new(x, y - r),
            Point::new(x + r * 0.75, y),
            Point::new(x, y + r),
            Point::new(x - r * 0.75, y),
        ],
        Style::solid(RED),
    );
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rummy.png"));
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
        for (i, x) in [0.5f32, 5.5, 10.5].into_iter().enumerate() {
            let y = 0.5 + i as f32 * 2.0;
            p.rounded_rect(Point::new(x, y), Point::new(20.0, 27.0), 2.5, face);
            // The corner pip each card shows.
            diamond(p, x + 3.0, y + 4.5, 2.2);
        }
        // The front card's large diamond.
        diamond(p, 20.5, 18.5, 6.5);
    });
    std::fs::write(&path, png).expect("write the icon");
    println!("{}", path.display());
}
