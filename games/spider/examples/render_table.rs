//! Draws the opening table of a deal at a window size to a PNG with the
//! game's own drawing code and `game-raster`, to look at the layout:
//! `cargo run -p spider --example render_table -- out.png 1000 700 [moves]`
//! (with `moves`, the simple player makes that many moves first).
//!
//! game-raster draws no text, so the corner indices are missing.

use game_api::{Game, Host};
use game_raster::window::WindowArgs;
use spider::SpiderGame;
use spider::hint::Player;
use spider::rules::Suits;

fn main() {
    let args = WindowArgs::from_env("spider.png", 1000.0, 700.0);
    let moves = args.number(0, 0);
    let mut game = SpiderGame::with_seed(Host::detached(), Suits::Two, 1);
    let mut player = Player::new();
    for _ in 0..moves {
        let Some(mv) = player.next(game.spider()) else {
            break;
        };
        game.play_move(mv);
    }
    game.lay_out_canvas(args.size);
    args.write(|p| game.draw(p));
}
