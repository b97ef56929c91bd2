//! Draws the table of a deal at a window size to a PNG with the game's
//! own drawing code and `game-raster`, to look at the layout:
//! `cargo run -p rummy --example render_table -- out.png 1000 700 [turns]`
//! (with `turns`, your side plays that many turns as the computer player
//! would, and the computer's turns are shown whole).
//!
//! game-raster draws no text, so the corner indices and labels are missing.

use game_api::{Game, Host, Point};
use rummy::RummyGame;
use rummy::rules::{Move, Phase, YOU, choose_discard, wants_card};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).cloned().unwrap_or_else(|| "rummy.png".into());
    let w: f32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1000.0);
    let h: f32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(700.0);
    let turns: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(0);
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
    game.lay_out_canvas(Point::new(w, h));
    let png = game_raster::render_png(w as u32, h as u32, 1.0, |p| game.draw(p));
    std::fs::write(&path, png).expect("write the picture");
    println!("{path}");
}
