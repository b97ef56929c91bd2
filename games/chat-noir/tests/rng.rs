//! The generator's output is pinned to published reference values, so game
//! seeds replay the same games everywhere.

use chat_noir::Rng;

/// The first outputs of SplitMix64 for seed 1477776061723855037, as produced
/// by the reference implementation `splitmix64.c` (Sebastiano Vigna) and
/// published in the `reference` test of the `rand_xoshiro` crate.
#[test]
fn splitmix64_matches_the_reference_implementation() {
    let mut rng = Rng::new(1477776061723855037);
    let expected: [u64; 5] = [
        1985237415132408290,
        2979275885539914483,
        13511426838097143398,
        8488337342461049707,
        15141737807933549159,
    ];
    for e in expected {
        assert_eq!(rng.next_u64(), e);
    }
}

/// `below` is pinned too: the cat's tie-breaking and the initial blocked
/// cells depend on it.
#[test]
fn below_is_stable() {
    let mut rng = Rng::new(2024);
    let draws: Vec<usize> = (0..10).map(|_| rng.below(6)).collect();
    assert_eq!(draws, PINNED_BELOW_6);
    let mut rng = Rng::new(0);
    assert_eq!(Rng::new(rng.state()), rng.clone());
    rng.next_u64();
    assert_ne!(Rng::new(0), rng);
}

/// Cross-checked with an independent Python computation of `(next * 6) >> 64`.
const PINNED_BELOW_6: [usize; 10] = [3, 0, 1, 0, 4, 3, 0, 3, 1, 2];
