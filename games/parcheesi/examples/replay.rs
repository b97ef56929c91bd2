//! Replays a game record and prints the position and the outcome.
//!
//! ```text
//! cargo run -p parcheesi --example replay -- <seed> <seats> [moves...]
//! cargo run -p parcheesi --example replay -- --file saved.txt
//! cargo run -p parcheesi --example replay -- --play <seed> <seats>
//! ```
//!
//! `<seats>` is four letters for green, red, blue and yellow: `p` a
//! person, `n` Reckless Renee, `l` Polite Polly, `a` Amazing Grace, `x`
//! Random Ron. The moves are the record's words (`g1e g1:3 r1e ...`), as
//! the manual and a saved game write them. `--file` reads a saved game;
//! `--play` lets the computers play the whole game (people's seats by
//! Random Ron) and prints its record.

use parcheesi::play::{self, Match};
use parcheesi::rules::{Color, Loc, Pawn};
use parcheesi::save;

fn describe(m: &Match) {
    for c in Color::ALL {
        let seat = m.seats()[c.index()];
        let places: Vec<String> = Pawn::of(c)
            .iter()
            .map(|&p| match m.board().loc(p) {
                Loc::Start => "nest".to_string(),
                Loc::Main(i) => format!("{i}"),
                Loc::HomeRow(i) => format!("row {}", i + 1),
                Loc::Home => "home".to_string(),
            })
            .collect();
        println!("{:<7} {:<15} {}", c.name(), seat.name(), places.join(", "));
    }
    println!("moves played: {}, rolls: {}", m.record().len(), m.turns());
    match m.winner() {
        Some(w) => println!("outcome: {} wins", w.name()),
        None => println!(
            "outcome: still playing; {} to move with {:?}",
            m.current().name(),
            m.dice_left()
        ),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("--file") => {
            let path = args.get(1).expect("--file needs a path");
            let bytes = std::fs::read(path).expect("read the saved game");
            save::load_text(&bytes).map_err(|e| e.0)
        }
        Some("--play") => {
            let seed = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
            let seats = args
                .get(2)
                .and_then(|s| save::parse_seats(s))
                .unwrap_or(parcheesi::game::DEFAULT_SEATS);
            let m = play::play_out(seed, seats, 5000);
            let words: Vec<String> = m.record().iter().map(|&mv| play::move_text(mv)).collect();
            println!(
                "record: {seed} {} {}",
                save::seats_text(seats),
                words.join(" ")
            );
            Ok(m)
        }
        Some(seed) => {
            let seed: u64 = seed.parse().expect("a seed is a number");
            let seats = args
                .get(1)
                .and_then(|s| save::parse_seats(s))
                .expect("four seat letters, like pnla");
            play::replay_text(seed, seats, &args[2..].join(" "))
        }
        None => Err(
            "usage: replay <seed> <seats> [moves...] | --file <save> | --play <seed> <seats>"
                .into(),
        ),
    };
    match result {
        Ok(m) => describe(&m),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
