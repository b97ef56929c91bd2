//! Draws the table of a deal at a window size to a PNG with the game's
//! own drawing code and `game-raster`, to look at the layout:
//! `cargo run -p memory --example render_table -- out.png 900 600 [pairs]`
//! (with `pairs`, that many pairs are found first, and one more card is
//! left face up with a mismatch beside it).
//!
//! game-raster draws no text, so the clock's digits are missing.

use game_api::{Event, Game, Host, Point};
use memory::MemoryGame;
use memory::rules::CARDS;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).cloned().unwrap_or_else(|| "memory.png".into());
    let w: f32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(900.0);
    let h: f32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(600.0);
    let pairs: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(0);
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
    game.lay_out_canvas(Point::new(w, h));
    for _ in 0..20 {
        game.handle_event(&Event::Tick { dt: 0.02 });
    }
    let png = game_raster::render_png(w as u32, h as u32, 1.0, |p| game.draw(p));
    std::fs::write(&path, png).expect("write the picture");
    println!("{path}");
}
