//! A small, fully specified pseudo-random number generator.
//!
//! Reproducible games need a generator whose output is the same on every
//! platform and in every version of this crate, so the crate implements
//! SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
//! generators", OOPSLA 2014; reference code `splitmix64.c` by Sebastiano
//! Vigna) itself instead of depending on a crate whose algorithm may change.
//!
//! Everything random in a game draws from one [`Rng`]: the initial blocked
//! cells ([`crate::Board::add_random_blocked`]) and the cat's tie-breaking
//! ([`crate::World::move_cat`]).

/// The SplitMix64 generator: 64 bits of state, one 64-bit output per step.
///
/// The output sequence for a seed is part of this crate's contract (game
/// seeds must replay the same game), and is pinned by tests against the
/// reference implementation.
///
/// ```
/// use chat_noir::Rng;
/// let mut rng = Rng::new(1477776061723855037);
/// assert_eq!(rng.next_u64(), 1985237415132408290);
/// let roll = rng.below(6);
/// assert!(roll < 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// The golden-ratio increment of SplitMix64.
    const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

    /// A generator seeded with `seed` (the state is the seed itself, as in
    /// the reference code).
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The current internal state; `Rng::new(rng.state())` continues the
    /// same sequence.
    pub const fn state(&self) -> u64 {
        self.state
    }

    /// The next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(Self::GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniformly distributed number in `0..n`, without bias.
    ///
    /// Uses Lemire's multiply-and-reject method: it always draws at least
    /// one output (also when `n == 1`), and draws again only in the rare
    /// case that the first draw would introduce bias. The result depends
    /// only on the seed, never on the platform.
    ///
    /// # Panics
    ///
    /// Panics if `n` is zero (there is no number in an empty range).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "Rng::below: empty range");
        let n = n as u64;
        let mut m = u128::from(self.next_u64()) * u128::from(n);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (m >> 64) as usize
    }
}

impl Default for Rng {
    /// A generator seeded with 0.
    fn default() -> Rng {
        Rng::new(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(42);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = rng.below(7);
            seen[v] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn below_one_draws_once() {
        let mut a = Rng::new(9);
        let mut b = Rng::new(9);
        assert_eq!(a.below(1), 0);
        b.next_u64();
        assert_eq!(a, b);
    }
}
