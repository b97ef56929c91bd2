//! How many Klondike deals can be won: the solver, with the game's own
//! node budget, asked about `N` deals whose numbers are drawn from seed
//! `S` as new games draw them. The figures the manual publishes:
//!
//! `cargo run --release -p klondike --example study -- --deals 1000 --seed 1 [--options 1,unlimited] [--budget 200000]`

use klondike::Klondike;

fn main() {
    cards::patience::figures::print_study::<Klondike>("1,unlimited", "options such as 3,unlimited");
}
