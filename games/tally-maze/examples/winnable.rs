//! How many of the mazes New game deals can be won, and in how many turns:
//! a best-first search from the start of each (`tally_maze::search::some_win`),
//! with a budget of positions.
//!
//! `cargo run --release -p tally-maze --example winnable -- [games] [side] [budget]`
//! (defaults: 20 games on the 12 × 12 board, 200,000 positions each).

use tally_maze::maze::Enumeration;
use tally_maze::rules::{Tally, Turn};
use tally_maze::search::{Found, some_win};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let games = args.first().copied().unwrap_or(20);
    let side = args.get(1).copied().unwrap_or(12) as usize;
    let budget = args.get(2).copied().unwrap_or(200_000) as usize;
    let e = Enumeration::shared(side, side);
    let (mut won, mut unknown) = (0, 0);
    for seed in 0..games {
        let first = e.pick(&mut game_api::Rng::new(seed));
        let tally = Tally::new(e.clone(), first.clone()).expect("a maze");
        let mut mazes = tally.mazes().clone();
        match some_win(&mut mazes, tally.position(), &Turn::ALL, budget) {
            Found::Win(turns) => {
                won += 1;
                let script: String = turns.iter().map(|t| t.letter()).collect();
                println!(
                    "seed {seed}: maze {first}: won in {} turns: {script}",
                    turns.len()
                );
            }
            other => {
                unknown += 1;
                println!("seed {seed}: maze {first}: {other:?}");
            }
        }
    }
    println!("{won} of {games} won, {unknown} not found within {budget} positions");
}
