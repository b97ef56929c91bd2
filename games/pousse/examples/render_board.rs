//! Draws the manual's picture of a game, `manual/board.png`: the board of
//! a game won with a straight, as the game draws it (without its text,
//! which the launcher draws with its own fonts).
//!
//! Run `cargo run -p pousse --example render_board` to write it, or pass
//! another path.

use game_api::{Game, NewGame};
use pousse::PousseGame;
use pousse::settings::{Seat, Settings};
use std::path::PathBuf;

/// A game X wins with column 1 on its eighth move (from the tests).
pub const RECORD: &str = "T1 R2 T1 R3 L4 B4 T1";

fn main() {
    let path = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("manual/board.png"));
    let mut game = PousseGame::with_settings(
        Settings {
            size: 4,
            x: Seat::Person,
            o: Seat::Person,
        },
        1,
    );
    game.start_from_game_id(RECORD)
        .expect("a record of the manual");
    let size = game.canvas_size();
    let png = game_raster::render_png(size.x as u32, size.y as u32, 1.0, |p| game.draw(p));
    std::fs::write(&path, png).expect("write the picture");
    println!("wrote {}", path.display());
}
