//! Draws the opening table of a deal at a window size to a PNG with the
//! game's own drawing code and `game-raster`, to look at the layout:
//! `cargo run -p spider --example render_table -- out.png 1000 700 [moves]`
//! (with `moves`, the simple player makes that many moves first).
//!
//! game-raster draws no text, so the corner indices are missing.

use game_api::{Game, Host, Point};
use spider::SpiderGame;
use spider::hint::Player;
use spider::rules::Suits;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).cloned().unwrap_or_else(|| "spider.png".into());
    let w: f32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1000.0);
    let h: f32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(700.0);
    let moves: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(0);
    let mut game = SpiderGame::with_seed(Host::detached(), Suits::Two, 1);
    let mut player = Player::new();
    for _ in 0..moves {
        let Some(mv) = player.next(game.spider()) else {
            break;
        };
        game.play_move(mv);
    }
    game.lay_out_canvas(Point::new(w, h));
    let png = game_raster::render_png(w as u32, h as u32, 1.0, |p| game.draw(p));
    std::fs::write(&path, png).expect("write the picture");
    println!("{path}");
}
