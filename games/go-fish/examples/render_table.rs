//! Draws the table of a deal at a window size to a PNG with the game's
//! own drawing code and `game-raster`, to look at the layout:
//! `cargo run -p go-fish --example render_table -- out.png 1000 700 [asks]`
//! (with `asks`, you ask Opponent 1 for your first card's rank that many
//! times, drawing when told to, and the computers' turns are shown whole).
//!
//! game-raster draws no text, so the corner indices and labels are missing.

use game_api::{Game, Host};
use game_raster::window::WindowArgs;
use go_fish::GoFishGame;
use go_fish::rules::{MatchSize, Move, Phase, YOU};

fn main() {
    let args = WindowArgs::from_env("go-fish.png", 1000.0, 700.0);
    let asks = args.number(0, 0);
    let mut game = GoFishGame::with_seed(Host::detached(), MatchSize::Pairs, 1);
    for _ in 0..asks {
        let rules = game.rules().clone();
        let mv = match rules.phase {
            Phase::Turn(YOU) => Move::Ask {
                target: 1,
                card: rules.hands[YOU][0],
            },
            Phase::Fishing => Move::Draw,
            _ => break,
        };
        game.play_move(mv);
        game.skip_replay();
    }
    game.lay_out_canvas(args.size);
    args.write(|p| game.draw(p));
}
