//! Draws the table of a deal at a window size to a PNG with the game's
//! own drawing code and `game-raster`, to look at the layout:
//! `cargo run -p aces --example render_table -- out.png 900 650 [moves]`
//! (with `moves`, the simple player makes that many moves first).
//!
//! game-raster draws no text, so the corner indices are missing.

use aces::AcesGame;
use aces::rules::simple_move;
use game_api::{Game, Host};
use game_raster::window::WindowArgs;

fn main() {
    let args = WindowArgs::from_env("aces.png", 900.0, 650.0);
    let moves = args.number(0, 0);
    let mut game = AcesGame::with_seed(Host::detached(), 1);
    for _ in 0..moves {
        let Some(mv) = simple_move(game.aces()) else {
            break;
        };
        game.play_move(mv);
    }
    game.lay_out_canvas(args.size);
    args.write(|p| game.draw(p));
}
