//! Replays a game record from the command line and prints the position
//! after it and the outcome, so that the rules engine can be checked
//! against other programs:
//!
//! ```text
//! cargo run -p gobblet --example replay -- "3: Lb2 La1 b2>c3"
//! cargo run -p gobblet --example replay -- 3: Lb2 La1 b2>c3
//! ```
//!
//! Each square shows its stack from the top down (`R2Y0`: red's size 2 on
//! yellow's size 0). A wrong move is reported with its number and the rule
//! it breaks, and the exit status is 1.

use gobblet::record::{parse_record, record_text, replay};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = args.join(" ");
    match parse_record(&text) {
        Ok((variant, moves)) => {
            let position = replay(variant, &moves);
            println!("{}", record_text(variant, &moves));
            println!("{}", position.to_text());
            match position.winner() {
                Some(color) => {
                    println!("Outcome: {} wins after {} moves", color.name(), moves.len())
                }
                None => println!("Outcome: still playing after {} moves", moves.len()),
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
