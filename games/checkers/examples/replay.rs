//! Replays a game record from the command line and prints the board after
//! it, whose turn it is, and the outcome if the game is over:
//!
//! ```text
//! cargo run --release -p checkers --example replay -- 11-15 23-19 8-11 22-17
//! ```
//!
//! The board is drawn with White at the bottom: `b` and `w` are men, `B`
//! and `W` kings, `.` an empty dark square. The moves may also come as one
//! argument (`"11-15 23-19"`), with move numbers (`1. 11-15 23-19`). An
//! unplayable move is reported with the reason, and the exit status is 1.

use checkers::board::{End, end_text, parse_record, record_text};

fn main() {
    let record = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
    match parse_record(&record) {
        Ok((moves, pos)) => {
            println!("{}", record_text(&moves));
            println!();
            print!("{}", pos.diagram());
            println!();
            match pos.end() {
                Some(end @ End::Win(_)) | Some(end @ End::Draw) => {
                    println!("Game over: {}.", end_text(end));
                }
                None => println!(
                    "{} to move after {} moves; {} legal: {}",
                    pos.turn(),
                    moves.len(),
                    pos.legal_moves().len(),
                    pos.legal_moves()
                        .iter()
                        .map(|m| m.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
            }
        }
        Err(e) => {
            eprintln!("cannot replay: {e}");
            std::process::exit(1);
        }
    }
}
