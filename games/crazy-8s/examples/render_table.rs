//! Draws a deal's table at a window size to a PNG with the game's own
//! drawing code and `game-raster`, to look at the layout:
//! `cargo run -p crazy-8s --example render_table -- out.png 1000 650 [ID] [turns]`
//! (the deal of game ID `ID`, `2x7:3` by default, after `turns` of yours
//! played by a simple player: the first card that goes, else a draw).
//!
//! game-raster draws no text, so the corner indices, the names and the
//! buttons' labels are missing.

use crazy_8s::Crazy8sGame;
use crazy_8s::rules::{Action, Options, Turn};
use crazy_8s::save::parse_game_id;
use crazy_8s::settings::Settings;
use game_api::{Game, Host, NewGame};
use game_raster::window::WindowArgs;

fn main() {
    let args = WindowArgs::from_env("crazy-8s.png", 1000.0, 650.0);
    let id = args.text(0, "2x7:3");
    let turns = args.number(1, 0);
    let (options, _) = parse_game_id(id, Options::DEFAULT).expect("a game ID");
    let settings = Settings {
        options,
        drag: false,
    };
    let mut game = Crazy8sGame::with_seed(Host::detached(), settings, 0);
    game.start_from_game_id(id).expect("a game ID");
    for _ in 0..turns {
        let g = game.game();
        let a = match g.turn {
            Turn::You => g.hands[0]
                .iter()
                .copied()
                .find(|&c| g.playable(c))
                .map(Action::Discard)
                .unwrap_or(if g.deck.is_empty() {
                    Action::Pass
                } else {
                    Action::Draw
                }),
            Turn::PickSuit => Action::ChooseSuit(cards::Suit::Hearts),
            Turn::Opponent(_) => Action::Opponent,
            Turn::Over(_) => break,
        };
        game.act(a);
        if a != Action::Draw {
            game.finish_opponents();
        }
    }
    game.lay_out_canvas(args.size);
    println!("{}", game.status());
    args.write(|p| game.draw(p));
}
