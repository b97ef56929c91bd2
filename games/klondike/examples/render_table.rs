//! Draws a deal's table at a window size to a PNG with the game's own
//! drawing code and `game-raster`, for the manual's picture and to look at
//! the layout: `cargo run -p klondike --example render_table -- out.png
//! 900 640 [game ID] [moves]` (with `moves`, the solver's first moves of
//! the deal are made first).
//!
//! game-raster draws no text, so the corner indices are missing.

use cards::patience::solver::{Verdict, solve};
use game_api::{Game, Host, NewGame, Point};
use klondike::KlondikeGame;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "klondike-table.png".into());
    let w: f32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(900.0);
    let h: f32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(640.0);
    let id = args
        .get(4)
        .cloned()
        .unwrap_or_else(|| "3,unlimited:1".into());
    let moves: usize = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(0);
    let mut game = KlondikeGame::with_seed(Host::detached(), 1);
    game.start_from_game_id(&id).expect("a game ID");
    if let Verdict::Winnable(path) = solve(game.patience(), 200_000).verdict {
        for mv in path.into_iter().take(moves) {
            game.play_move(mv);
        }
    }
    game.lay_out_canvas(Point::new(w, h));
    let png = game_raster::render_png(w as u32, h as u32, 1.0, |p| game.draw(p));
    std::fs::write(&path, png).expect("write the picture");
    println!("{path}");
}
