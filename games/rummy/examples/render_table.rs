//! Draws the table of a deal at a window size to a PNG with the game's
//! own drawing code and `game-raster`, to look at the layout:
//! `cargo run -p rummy --example render_table -- out.png 1000 700 [turns]`
//! (with `turns`, your side plays that many turns as the computer player
//! would, and the computer's turns are shown whole).
//!
//! game-raster draws no text, so the corner indices and labels are missing.

use game_api::{Game, Host};
use game_raster::window::WindowArgs;
use rummy::RummyGame;
use rummy::rules::{Move, Phase, YOU, choose_discard, wants_card};

fn main() {
    let args = WindowArgs::from_env("rummy.png", 1000.0, 700.0);
    let turns = args.number(0, 0);
    let mut game = RummyGame::with_seed(Host::detached(), 1);
    for _ in 0..turns {
        let g = game.rules().clone();
        if g.phase != Phase::Draw {
            break;
        }
        let top = g.top_discard().unwrap();
        let gone = &g.discards[..g.discards.len() - 1];
        let mv = if wants_card(&g.hands[YOU], top, gone) {
            Move::DrawDiscard
        } else {
            Move::DrawStock
        };
        game.play_move(mv);
        let g = game.rules().clone();
        game.play_move(Move::Discard(choose_discard(&g.hands[YOU], &g.discards)));
        game.skip_replay();
    }
    game.lay_out_canvas(args.size);
    args.write(|p| game.draw(p));
}
