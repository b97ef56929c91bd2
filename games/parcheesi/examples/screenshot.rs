//! Draws the game as the launcher would show it, to a PNG file: a game
//! dealt from a seed, the computers playing until a person is to move,
//! optionally a pawn selected.
//!
//! `cargo run -p parcheesi --example screenshot -- out.png [seed] [rolls] [pawn]`
//! plays `rolls` rolls with computers in every seat first (0 by default),
//! then hands green to a person and selects green pawn `pawn` (1 to 4).

use game_api::{Game, Host};
use parcheesi::Parcheesi;
use parcheesi::game::CANVAS;
use parcheesi::players::Seat;
use parcheesi::rules::{Color, Pawn};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = args
        .first()
        .cloned()
        .unwrap_or_else(|| "parcheesi.png".into());
    let seed = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(7);
    let rolls: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut g = Parcheesi::with_seed(Host::detached(), seed, [Seat::Grace; 4]);
    while g.game().turns() < rolls && g.game().winner().is_none() {
        g.computer_tick(1.0);
    }
    g.set_seat(Color::Green, Seat::Person);
    g.run_computers();
    if let Some(id) = args.get(3).and_then(|s| s.parse::<u8>().ok()) {
        g.select(Pawn::new(Color::Green, id.clamp(1, 4) - 1));
    }
    println!("{}", g.status());
    let png = game_raster::render_png(CANVAS.x as u32, CANVAS.y as u32, 1.0, |p| g.draw(p));
    std::fs::write(&out, png).expect("write the picture");
    println!("wrote {out}");
}
