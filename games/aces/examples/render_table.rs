//! Draws the table of a deal at a window size to a PNG with the game's
//! own drawing code and `game-raster`, to look at the layout:
//! `cargo run -p aces --example render_table -- out.png 900 650 [moves]`
//! (with `moves`, the simple player makes that many moves first).
//!
//! game-raster draws no text, so the corner indices are missing.

use aces::AcesGame;
use aces::rules::simple_move;
use game_api::{Game, Host, Point};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).cloned().unwrap_or_else(|| "aces.png".into());
    let w: f32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(900.0);
    let h: f32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(650.0);
    let moves: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(0);
    let mut game = AcesGame::with_seed(Host::detached(), 1);
    for _ in 0..moves {
        let Some(mv) = simple_move(game.aces()) else {
            break;
        };
        game.play_move(mv);
    }
    game.lay_out_canvas(Point::new(w, h));
    let png = game_raster::render_png(w as u32, h as u32, 1.0, |p| game.draw(p));
    std::fs::write(&path, png).expect("write the picture");
    println!("{path}");
}
