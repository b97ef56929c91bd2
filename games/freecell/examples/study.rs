//! How many FreeCell deals can be won: the solver, with the game's own
//! node budget, asked about `N` deals whose numbers are drawn from seed
//! `S` as new games draw them. The figures the manual publishes:
//!
//! `cargo run --release -p freecell --example study -- --deals 1000 --seed 1 [--budget 200000]`

use freecell::FreeCell;

fn main() {
    cards::patience::figures::print_study::<FreeCell>("", "FreeCell has no options");
}
