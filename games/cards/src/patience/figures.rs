//! The figures a patience's manual publishes, from the command line of its
//! `study` example: how many of `--deals N` deals drawn from `--seed S` (as
//! new games draw them) the solver wins with `--budget` nodes each (the
//! game's own by default), with the variant's `--options`.

use super::game::{Variant, options_of, study};
use super::solver::GAME_BUDGET;

/// Reads `--deals`, `--seed`, `--budget` and `--options` (`options` by
/// default; `hint` says what is wrong with bad ones), runs the study and
/// prints its figures.
///
/// # Panics
///
/// On a flag's value that is not a number, or options `V` does not have:
/// the example is a developer's tool, and the message says which.
pub fn print_study<V: Variant>(options: &str, hint: &str) {
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
    let options = value("--options").unwrap_or_else(|| options.to_owned());
    let chosen = options_of::<V>(&options).expect(hint);
    let s = study::<V>(&chosen, deals, seed, budget);
    let percent = |n: u64| 100.0 * n as f64 / s.deals.max(1) as f64;
    let name = if options.is_empty() {
        V::NAME.to_owned()
    } else {
        format!("{} {options}", V::NAME)
    };
    println!(
        "{name}, {} deals from seed {seed}, {budget} nodes each: {} winnable ({:.1} %), {} unwinnable ({:.1} %), {} undecided ({:.1} %); {} nodes in all",
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
