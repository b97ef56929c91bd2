//! Draws a round's table at a window size to a PNG with the game's own
//! drawing code and `game-raster`, to look at the layout:
//! `cargo run -p blackjack --example render_table -- out.png 1000 600 [ID] [moves]`
//! (the round of game ID `ID`, `2-0` by default, after `moves`, letters
//! as in a save: `H` hit, `S` stand, `D` double, `P` split, `C` go on).
//!
//! game-raster draws no text, so the corner indices, the totals and the
//! buttons' labels are missing.

use blackjack::BlackjackGame;
use blackjack::rules::{Move, Round, START_MONEY};
use blackjack::save::parse_game_id;
use game_api::{Game, Host, Point};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "blackjack.png".into());
    let w: f32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1000.0);
    let h: f32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(600.0);
    let (seed, start) = parse_game_id(args.get(4).map_or("2-0", |s| s)).expect("a game ID");
    let moves: Vec<Move> = args
        .get(5)
        .map_or("", |s| s)
        .chars()
        .map(|c| Move::from_letter(c).expect("a move letter"))
        .collect();
    let round = Round::replay(seed, start, START_MONEY, &moves).expect("legal moves");
    let mut game = BlackjackGame::with_round(Host::detached(), round);
    game.lay_out_canvas(Point::new(w, h));
    println!("{}", game.status());
    let png = game_raster::render_png(w as u32, h as u32, 1.0, |p| game.draw(p));
    std::fs::write(&path, png).expect("write the picture");
    println!("{path}");
}
