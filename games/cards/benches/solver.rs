//! The patience solver's cost: 20,000 positions of a Klondike deal and of
//! a FreeCell deal that the budget does not settle (a fifth of what Hint
//! may look at), and one tick's worth of thinking, 2,000 positions, which
//! the game does between frames.

use cards::deal::shuffled_deck;
use cards::patience::game::NODES_PER_TICK;
use cards::patience::solver::{Search, Verdict, solve};
use cards::patience::{FREECELL_RULES, KLONDIKE_RULES, Patience, Role};
use criterion::{Criterion, criterion_group, criterion_main};

/// The first deal `deal` makes that 20,000 positions do not settle, so
/// each run looks at all of them.
fn unsettled(deal: fn(u64) -> Patience) -> Patience {
    (1..)
        .map(deal)
        .find(|g| solve(g, 20_000).verdict == Verdict::Undecided)
        .expect("an unsettled deal")
}

fn klondike(seed: u64) -> Patience {
    let mut roles = vec![Role::Stock, Role::Waste];
    roles.extend([Role::Foundation; 4]);
    roles.extend([Role::Tableau; 7]);
    let mut g = Patience::new(KLONDIKE_RULES, &roles);
    g.deal_rows(&shuffled_deck(seed), &[1, 2, 3, 4, 5, 6, 7], false);
    g
}

fn freecell(seed: u64) -> Patience {
    let mut roles = vec![Role::FreeCell; 4];
    roles.extend([Role::Foundation; 4]);
    roles.extend([Role::Tableau; 8]);
    let mut g = Patience::new(FREECELL_RULES, &roles);
    g.deal_rows(&shuffled_deck(seed), &[7, 7, 7, 7, 6, 6, 6, 6], true);
    g
}

fn bench(c: &mut Criterion) {
    let (k, f) = (unsettled(klondike), unsettled(freecell));
    c.bench_function("klondike: 20,000 positions", |b| {
        b.iter(|| solve(&k, 20_000).nodes)
    });
    c.bench_function("freecell: 20,000 positions", |b| {
        b.iter(|| solve(&f, 20_000).nodes)
    });
    c.bench_function("klondike: a tick of thinking", |b| {
        b.iter(|| {
            let mut search = Search::new(&k, 1_000_000);
            search.run(NODES_PER_TICK);
            search.nodes()
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
