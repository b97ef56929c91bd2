//! Draws the table of a deal at a window size to a PNG with the game's
//! own drawing code and `game-raster`, to look at the layout:
//! `cargo run -p memory --example render_table -- out.png 900 600 [pairs]`
//! (with `pairs`, that many pairs are found first, and one more card is
//! left face up with a mismatch beside it).
//!
//! game-raster draws no text, so the clock's digits are missing.

use game_api::{Event, Game, Host};
use game_raster::window::WindowArgs;
use memory::MemoryGame;
use memory::rules::CARDS;

fn main() {
    let args = WindowArgs::from_env("memory.png", 900.0, 600.0);
    let pairs = args.number(0, 0);
    let mut game = MemoryGame::with_seed(Host::detached(), 1);
    let mut found = 0;
    for p in 0..CARDS {
        if found == pairs {
            break;
        }
        if !game.memory().on_table(p) {
            continue;
        }
        let t = game.memory().twin(p);
        game.turn(p);
        game.turn(t);
        game.settle();
        found += 1;
    }
    if pairs > 0 {
        let g = game.memory();
        let a = (0..CARDS).find(|&p| g.on_table(p)).unwrap();
        let b = (a + 1..CARDS)
            .find(|&p| g.on_table(p) && g.cards[p] != g.cards[a])
            .unwrap();
        game.turn(a);
        game.turn(b);
    }
    game.lay_out_canvas(args.size);
    for _ in 0..20 {
        game.handle_event(&Event::Tick { dt: 0.02 });
    }
    args.write(|p| game.draw(p));
}
