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
use game_api::{Game, Host};
use game_raster::window::WindowArgs;

fn main() {
    let args = WindowArgs::from_env("blackjack.png", 1000.0, 600.0);
    let (seed, start) = parse_game_id(args.text(0, "2-0")).expect("a game ID");
    let moves: Vec<Move> = args
        .text(1, "")
        .chars()
        .map(|c| Move::from_letter(c).expect("a move letter"))
        .collect();
    let round = Round::replay(seed, start, START_MONEY, &moves).expect("legal moves");
    let mut game = BlackjackGame::with_round(Host::detached(), round);
    game.lay_out_canvas(args.size);
    println!("{}", game.status());
    args.write(|p| game.draw(p));
}
