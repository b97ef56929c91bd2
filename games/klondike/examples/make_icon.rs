//! Draws the game's 32×32 icon, `klondike.png`: a tableau column, a card
//! face down under a black seven and a red six fanned down it, drawn with
//! the kit's pips, the painter and `game-raster`.
//!
//! Run `cargo run -p klondike --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path (and a magnification).

use std::path::PathBuf;

use cards::Suit;
use cards::face::draw_pip;
use game_api::{Point, Rgba, Stroke, Style};

/// The face's cream.
pub const FACE: Rgba = Rgba::rgb(252, 250, 240);
/// The back's blue.
pub const BACK: Rgba = Rgba::rgb(40, 70, 170);

fn main() {
    let path = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("klondike.png"));
    // A second argument magnifies it, to look at.
    let scale: f32 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let png = game_raster::render_png(32, 32, scale, |p| {
        let edge = |fill| Style {
            fill: Some(fill),
            stroke: Some(Stroke {
                width: 1.0,
                color: Rgba::rgb(60, 60, 60),
            }),
        };
        // The face-down card at the top of the column.
        p.rounded_rect(
            Point::new(6.5, 0.5),
            Point::new(19.0, 24.0),
            2.5,
            edge(BACK),
        );
        // The black card fanned over it, its spade showing.
        p.rounded_rect(
            Point::new(6.5, 4.5),
            Point::new(19.0, 24.0),
            2.5,
            edge(FACE),
        );
        draw_pip(
            p,
            Suit::Spades,
            Point::new(11.0, 9.0),
            5.0,
            false,
            Rgba::rgb(20, 20, 20),
        );
        // The red card on top, a large heart.
        p.rounded_rect(
            Point::new(6.5, 10.5),
            Point::new(19.0, 21.0),
            2.5,
            edge(FACE),
        );
        draw_pip(
            p,
            Suit::Hearts,
            Point::new(16.0, 21.0),
            12.0,
            false,
            Rgba::rgb(200, 20, 30),
        );
    });
    std::fs::write(&path, png).expect("write the icon");
    println!("{}", path.display());
}
