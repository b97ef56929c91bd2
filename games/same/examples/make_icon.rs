//! Draws the game's 32×32 icon, `same.png`: a dark rounded square holding a
//! 3×3 board of shaded dots in the game's own colours, touching dots of one
//! colour joined by bridges as on the board (a blue group of four, a red
//! pair, a green pair and a lone purple dot).
//!
//! Run `cargo run -p same --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path.

use game_api::Rgba;
use game_raster::icon::{Pixels, make_pixel_icon};
use same::game::{BACKGROUND, COLOURS_RGB, GLINT, rim, shine};

/// The icon's side in pixels.
const SIDE: usize = game_raster::icon::SIDE as usize;
/// Samples per pixel along each axis, for smooth edges.
const SAMPLES: usize = 4;
/// The distance between dot centres, and the first centre.
const PITCH: f32 = 10.0;
const FIRST: f32 = 6.0;
const RADIUS: f32 = 4.4;
const BRIDGE: f32 = 1.8;

/// Colour indices by row: 0 blue, 1 red, 3 green, 4 purple.
const BOARD: [[usize; 3]; 3] = [[1, 1, 0], [3, 0, 0], [3, 4, 0]];

/// The colour of the icon at sample point `(x, y)`, if anything is there.
fn paint(x: f32, y: f32) -> Option<Rgba> {
    let mut colour = None;
    // The rounded square.
    let corner = 5.0;
    let (cx, cy) = (
        x.clamp(corner, SIDE as f32 - corner),
        y.clamp(corner, SIDE as f32 - corner),
    );
    if (x - cx).hypot(y - cy) <= corner {
        colour = Some(BACKGROUND);
    }
    let center = |col: usize, row: usize| (FIRST + col as f32 * PITCH, FIRST + row as f32 * PITCH);
    // Bridges between touching dots of one colour.
    for row in 0..3 {
        for col in 0..3 {
            let c = BOARD[row][col];
            let (px, py) = center(col, row);
            if col < 2
                && BOARD[row][col + 1] == c
                && y >= py - BRIDGE
                && y <= py + BRIDGE
                && x >= px
                && x <= px + PITCH
            {
                colour = Some(rim(COLOURS_RGB[c]));
            }
            if row < 2
                && BOARD[row + 1][col] == c
                && x >= px - BRIDGE
                && x <= px + BRIDGE
                && y >= py
                && y <= py + PITCH
            {
                colour = Some(rim(COLOURS_RGB[c]));
            }
        }
    }
    // The dots: rim, body, lit side and glint.
    for (row, cells) in BOARD.iter().enumerate() {
        for (col, &c) in cells.iter().enumerate() {
            let (px, py) = center(col, row);
            let fill = COLOURS_RGB[c];
            let d = (x - px).hypot(y - py);
            if d <= RADIUS {
                colour = Some(if d > RADIUS - 0.8 { rim(fill) } else { fill });
            }
            let lit = (x - (px - RADIUS * 0.22)).hypot(y - (py - RADIUS * 0.22));
            if lit <= RADIUS * 0.6 {
                colour = Some(shine(fill));
            }
            let glint = (x - (px - RADIUS * 0.38)).hypot(y - (py - RADIUS * 0.38));
            if glint <= RADIUS * 0.25 {
                colour = Some(Rgba::rgb(GLINT.r, GLINT.g, GLINT.b));
            }
        }
    }
    colour
}

fn main() {
    let mut icon = Pixels::new(Rgba::with_alpha(0, 0, 0, 0));
    icon.paint(|px, py| {
        // Average the samples that hit something; coverage is alpha.
        let (mut r, mut g, mut b, mut hits) = (0u32, 0u32, 0u32, 0u32);
        let mut seen = Vec::new();
        for sy in 0..SAMPLES {
            for sx in 0..SAMPLES {
                let x = px as f32 + (sx as f32 + 0.5) / SAMPLES as f32;
                let y = py as f32 + (sy as f32 + 0.5) / SAMPLES as f32;
                if let Some(c) = paint(x, y) {
                    r += u32::from(c.r);
                    g += u32::from(c.g);
                    b += u32::from(c.b);
                    hits += 1;
                    seen.push(c);
                }
            }
        }
        let n = (SAMPLES * SAMPLES) as u32;
        let alpha = (255 * hits / n) as u8;
        if hits == 0 {
            None
        } else if seen.iter().all(|&c| c == seen[0]) {
            // A pixel of one colour keeps it exactly.
            Some(Rgba::with_alpha(seen[0].r, seen[0].g, seen[0].b, alpha))
        } else {
            let (r, g, b) = ((r / hits) as u8, (g / hits) as u8, (b / hits) as u8);
            Some(Rgba::with_alpha(r, g, b, alpha))
        }
    });
    make_pixel_icon(env!("CARGO_MANIFEST_DIR"), "same.png", &icon);
}
