//! Draws the game's 32×32 icon, `parcheesi.png`: the cross-shaped board
//! seen from afar, a nest of each colour in the corners, the ring in light
//! blue and the four coloured triangles of home in the middle, in the
//! game's own colours.
//!
//! Run `cargo run -p parcheesi --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use game_api::Rgba;
use game_raster::icon::{Pixels, make_pixel_icon};
use parcheesi::game::{TRACK, pawn_color, tint};
use parcheesi::rules::Color;

fn main() {
    let mut icon = Pixels::new(Rgba::with_alpha(0, 0, 0, 0));
    // Nests: green bottom right, red top right, blue top left, yellow
    // bottom left; the arms between them are the ring.
    icon.paint(|x, y| {
        let (left, top) = (x < 13, y < 13);
        let (right, bottom) = (x >= 19, y >= 19);
        Some(match (left, right, top, bottom) {
            (_, true, _, true) => tint(Color::Green),
            (_, true, true, _) => tint(Color::Red),
            (true, _, true, _) => tint(Color::Blue),
            (true, _, _, true) => tint(Color::Yellow),
            _ => TRACK,
        })
    });
    // Home in the middle: four triangles.
    icon.paint(|x, y| {
        if !(13..19).contains(&x) || !(13..19).contains(&y) {
            return None;
        }
        let (dx, dy) = (x as i32 * 2 - 31, y as i32 * 2 - 31);
        let c = if dy.abs() >= dx.abs() {
            if dy > 0 { Color::Green } else { Color::Blue }
        } else if dx > 0 {
            Color::Red
        } else {
            Color::Yellow
        };
        Some(pawn_color(c))
    });
    // A pawn in each nest.
    for (c, cx, cy) in [
        (Color::Green, 25, 25),
        (Color::Red, 25, 6),
        (Color::Blue, 6, 6),
        (Color::Yellow, 6, 25),
    ] {
        icon.paint(|x, y| {
            let d = (x as i32 - cx).pow(2) + (y as i32 - cy).pow(2);
            (d <= 12).then(|| pawn_color(c))
        });
    }
    make_pixel_icon(env!("CARGO_MANIFEST_DIR"), "parcheesi.png", &icon);
}
