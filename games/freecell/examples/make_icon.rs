//! Draws the game's 32×32 icon, `freecell.png`: four free cells in a row
//! on the felt, a red ace in the second, and a black king below, drawn
//! with the kit's pips, the painter and `game-raster`.
//!
//! Run `cargo run -p freecell --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use cards::Suit;
use cards::face::draw_pip;
use cards::icon::face;
use cards::table::FELT;
use game_api::{Point, Rgba, Stroke, Style};

fn main() {
    game_raster::icon::make_icon(env!("CARGO_MANIFEST_DIR"), "freecell.png", |p| {
        // The felt, and four free cells along its top.
        let felt = Style::solid(FELT);
        p.rounded_rect(Point::new(0.5, 0.5), Point::new(31.0, 31.0), 4.0, felt);
        let cell = Style {
            fill: None,
            stroke: Some(Stroke {
                width: 1.0,
                color: Rgba::rgb(200, 225, 205),
            }),
        };
        for i in 0..4 {
            let x = 2.5 + i as f32 * 7.0;
            p.rounded_rect(Point::new(x, 2.5), Point::new(6.0, 9.0), 1.0, cell);
        }
        // A red ace in the second cell.
        face(p, Point::new(9.5, 2.5), Point::new(6.0, 9.0), 1.0);
        let red = Rgba::rgb(200, 20, 30);
        draw_pip(p, Suit::Diamonds, Point::new(12.5, 7.0), 4.0, false, red);
        // A black card in the column below.
        face(p, Point::new(8.5, 14.5), Point::new(15.0, 16.0), 2.0);
        let black = Rgba::rgb(20, 20, 20);
        draw_pip(p, Suit::Clubs, Point::new(16.0, 22.5), 9.0, false, black);
    });
}
