//! Draws a deal's table at a window size to a PNG with the game's own
//! drawing code and `game-raster`, for the manual's picture and to look at
//! the layout: `cargo run -p klondike --example render_table -- out.png
//! 900 640 [game ID] [moves]` (with `moves`, the solver's first moves of
//! the deal are made first).
//!
//! game-raster draws no text, so the corner indices are missing.

#[path = "../../cards/examples/common/patience_table.rs"]
mod patience_table;

use klondike::Klondike;

fn main() {
    patience_table::render_table::<Klondike>("klondike-table.png", "3,unlimited:1");
}
