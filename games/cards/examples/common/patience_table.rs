//! A patience's table drawn at a window's size, shared by the patience
//! games' `render_table` examples (each includes this file with
//! `#[path]`): `[PATH] [WIDTH] [HEIGHT] [GAME ID] [MOVES]`, the solver's
//! first `MOVES` moves of the deal played first.

use cards::patience::game::{PatienceGame, Variant};
use cards::patience::solver::{Verdict, solve};
use game_api::{Game, Host, NewGame};
use game_raster::window::WindowArgs;

/// Draws the deal of `id` (by default) at 900 × 640 to `path` (by default).
pub fn render_table<V: Variant>(path: &str, id: &str) {
    let args = WindowArgs::from_env(path, 900.0, 640.0);
    let id = args.text(0, id);
    let moves = args.number(1, 0);
    let mut game = PatienceGame::<V>::with_seed(Host::detached(), 1);
    game.start_from_game_id(id).expect("a game ID");
    if let Verdict::Winnable(path) = solve(game.patience(), 200_000).verdict {
        for mv in path.into_iter().take(moves) {
            game.play_move(mv);
        }
    }
    game.lay_out_canvas(args.size);
    args.write(|p| game.draw(p));
}
