//! Replays a game record given on the command line and prints the board
//! after it and how the game stands, so that the rules engine can be
//! checked against other programs:
//!
//! ```text
//! cargo run --release -p pousse --example replay -- L1 T2 R4
//! cargo run --release -p pousse --example replay -- 5:L1 T2
//! ```
//!
//! The words are joined with spaces and read as a record (see the
//! manual): moves such as `L1` (row 1 from the left), `T2` (column 2 from
//! the top), `R4`, `B3`, after `N:` for a board of side N other than 4.

use pousse::rules::{Ending, Match, parse_record};
use std::process::ExitCode;

fn main() -> ExitCode {
    let record = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
    let (n, moves) = match parse_record(&record) {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let game = match Match::replay(n, &moves) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{n} by {n}, {} moves: {}", moves.len(), game.record());
    print!("{}", game.board());
    let (x, o) = game.board().straights();
    println!("straights: X {x}, O {o}");
    match game.ending() {
        None => println!("playing: {} to move", game.to_move()),
        Some(Ending::Straights { winner, x, o }) => {
            println!("over: {winner} wins with more straights (X {x}, O {o})")
        }
        Some(Ending::Repetition { loser }) => println!(
            "over: {loser} repeated a position and loses; {} wins",
            loser.other()
        ),
    }
    ExitCode::SUCCESS
}
