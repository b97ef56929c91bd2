//! Draws the game's 32×32 icon, `spider.png`, after the original's: a card
//! with a black spider on it, here a cream face over the blue back of a
//! second card, drawn with the painter and `game-raster`.
//!
//! Run `cargo run -p spider --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use cards::icon::{INK, back, face};
use game_api::{Point, Rgba, Stroke, Style};

fn main() {
    game_raster::icon::make_icon(env!("CARGO_MANIFEST_DIR"), "spider.png", |p| {
        // The second card's back, up and to the left, and the face.
        back(p, Point::new(1.5, 0.5), Point::new(20.0, 27.0), 2.5);
        face(p, Point::new(9.5, 4.5), Point::new(21.0, 27.0), 2.5);
        // The spider: eight bent legs, a body and a head.
        let (cx, cy) = (20.0, 18.0);
        let leg = Stroke {
            width: 1.3,
            color: INK,
        };
        let legs = [
            ((4.0, -4.0), (6.5, -8.5)),
            ((5.0, -1.5), (8.5, -4.0)),
            ((5.0, 1.5), (8.5, 4.0)),
            ((4.0, 4.0), (6.5, 8.5)),
        ];
        for side in [-1.0f32, 1.0] {
            for (i, (knee, foot)) in legs.into_iter().enumerate() {
                let start = Point::new(cx + side * 1.5, cy - 1.5 + i as f32);
                let k = Point::new(cx + side * knee.0, cy + knee.1);
                let f = Point::new(cx + side * foot.0, cy + foot.1);
                p.line(start, k, leg);
                p.line(k, f, leg);
            }
        }
        p.ellipse(Point::new(cx, cy + 1.5), 3.0, 3.8, Style::solid(INK));
        p.circle(Point::new(cx, cy - 3.0), 2.0, Style::solid(INK));
        let eye = Style::solid(Rgba::rgb(200, 30, 30));
        p.circle(Point::new(cx - 1.0, cy + 0.5), 0.8, eye);
    });
}
