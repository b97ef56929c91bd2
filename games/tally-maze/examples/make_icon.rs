//! Draws the game's 32×32 icon, `tally-maze.png`, with the game's own
//! drawing code and the deterministic rasteriser of `game-raster`: a
//! pumpkin behind a wall corner, and the blue ball.
//!
//! Run `cargo run -p tally-maze --example make_icon` to write it beside the
//! crate's `Cargo.toml`, or pass another path. `tests/files.rs` draws it
//! again and compares it with the committed file.

/// The icon as PNG bytes (shared with the test through `#[path]`).
pub fn icon() -> Vec<u8> {
    use game_api::{Point, Style};
    use tally_maze::game::{BACKGROUND, Mood, WALL, draw_ball, draw_pumpkin};
    game_raster::render_png(32, 32, 1.0, |p| {
        p.rounded_rect(
            Point::new(0.0, 0.0),
            Point::new(32.0, 32.0),
            5.0,
            Style::solid(BACKGROUND),
        );
        // An L of wall between them.
        p.rect(
            Point::new(14.0, 2.0),
            Point::new(3.0, 17.0),
            Style::solid(WALL),
        );
        p.rect(
            Point::new(14.0, 16.0),
            Point::new(16.0, 3.0),
            Style::solid(WALL),
        );
        draw_pumpkin(p, Point::new(24.0, 8.5), 7.0);
        draw_ball(p, Point::new(8.0, 24.0), 6.5, Mood::Calm);
    })
}

#[allow(dead_code)]
fn main() {
    game_raster::icon::write_icon(env!("CARGO_MANIFEST_DIR"), "tally-maze.png", &icon());
}
