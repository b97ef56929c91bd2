//! How many Klondike deals can be won: the solver, with the game's own
//! node budget, asked about `N` deals whose numbers are drawn from seed
//! `S` as new games draw them. The figures the manual publishes:
//!
//! `cargo run --release -p klondike --example study -- --deals 1000 --seed 1 [--options 1,unlimited] [--budget 200000]`

use cards::patience::game::{options_of, study};
use cards::patience::solver::GAME_BUDGET;
use klondike::Klondike;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let number =
        |flag: &str, default: u64| value(flag).map_or(default, |v| v.parse().expect("a number"));
    let deals = number("--deals", 1000);
    let seed = number("--seed", 1);
    let budget = number("--budget", GAME_BUDGET);
    let options = value("--options").unwrap_or_else(|| "1,unlimited".into());
    let chosen = options_of::<Klondike>(&options).expect("options such as 3,unlimited");
    let s = study::<Klondike>(&chosen, deals, seed, budget);
    let percent = |n: u64| 100.0 * n as f64 / s.deals.max(1) as f64;
    println!(
        "Klondike {options}, {} deals from seed {seed}, {budget} nodes each: {} winnable ({:.1} %), {} unwinnable ({:.1} %), {} undecided ({:.1} %); {} nodes in all",
        s.deals,
        s.winnable,
        percent(s.winnable),
        s.unwinnable,
        percent(s.unwinnable),
        s.undecided,
        percent(s.undecided),
        s.nodes
    );
}
