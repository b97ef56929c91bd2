//! Draws the game's 32×32 icon, `go-fish.png`: after the original's two
//! cards, here a cream face over the blue back of a second card, with a
//! fish on the face, drawn with the painter and `game-raster`.
//!
//! Run `cargo run -p go-fish --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use cards::icon::{INK, back, face};
use game_api::{Point, Rgba, Stroke, Style};

/// The fish's orange.
pub const FISH: Rgba = Rgba::rgb(235, 120, 30);

fn main() {
    game_raster::icon::make_icon(env!("CARGO_MANIFEST_DIR"), "go-fish.png", |p| {
        // The second card's back, up and to the left, and the face.
        back(p, Point::new(1.5, 0.5), Point::new(20.0, 27.0), 2.5);
        face(p, Point::new(9.5, 4.5), Point::new(21.0, 27.0), 2.5);
        // The fish: a body, a tail, a fin and an eye, swimming left.
        let (cx, cy) = (18.5, 18.0);
        let tail = [
            Point::new(cx + 4.0, cy),
            Point::new(cx + 9.5, cy - 4.5),
            Point::new(cx + 9.5, cy + 4.5),
        ];
        p.polygon(&tail, Style::solid(FISH));
        let fin = [
            Point::new(cx - 2.0, cy - 3.0),
            Point::new(cx + 2.5, cy - 7.0),
            Point::new(cx + 3.0, cy - 2.5),
        ];
        p.polygon(&fin, Style::solid(Rgba::rgb(200, 90, 20)));
        p.ellipse(Point::new(cx, cy), 6.5, 4.0, Style::solid(FISH));
        p.circle(Point::new(cx - 3.5, cy - 1.0), 1.1, Style::solid(INK));
        let gill = Stroke {
            width: 0.8,
            color: Rgba::rgb(200, 90, 20),
        };
        p.line(
            Point::new(cx - 1.0, cy - 2.5),
            Point::new(cx - 1.0, cy + 2.5),
            gill,
        );
    });
}
