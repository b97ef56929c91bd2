//! Draws a deal's table at a window size to a PNG with the game's own
//! drawing code and `game-raster`, for the manual's picture and to look at
//! the layout: `cargo run -p klondike --example render_table -- out.png
//! 900 640 [game ID] [moves]` (with `moves`, the solver's first moves of
//! the deal are made first).
//!
//! game-raster draws no text, so the corner indices are missing.

use cards::patience::solver::{Verdict, solve};
use game_api::{Game, Host, NewGame};
use game_raster::window::WindowArgs;
use klondike::KlondikeGame;

fn main() {
    let args = WindowArgs::from_env("klondike-table.png", 900.0, 640.0);
    let id = args.text(0, "3,unlimited:1");
    let moves = args.number(1, 0);
    let mut game = KlondikeGame::with_seed(Host::detached(), 1);
    game.start_from_game_id(id).expect("a game ID");
    if let Verdict::Winnable(path) = solve(game.patience(), 200_000).verdict {
        for mv in path.into_iter().take(moves) {
            game.play_move(mv);
        }
    }
    game.lay_out_canvas(args.size);
    args.write(|p| game.draw(p));
}
