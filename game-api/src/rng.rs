//! A stable random generator for games: SplitMix64 (Steele, Lea and Flood,
//! OOPSLA 2014), whose output for a seed is fixed forever, on every
//! platform and in every version of game-api. Seed it with the seed the
//! launcher's New game gives ([`crate::NewGame::new_game`]) and the same
//! seed deals the same game; save its [`Rng::state`] with the game so that
//! undo, redo and resume replay the same draws.
//!
//! ```
//! use game_api::Rng;
//! let mut a = Rng::new(42);
//! let mut b = Rng::new(42);
//! assert_eq!(a.next_u64(), b.next_u64());
//! let die = a.below(6) + 1;
//! assert!((1..=6).contains(&die));
//! let saved = a.state();
//! assert_eq!(Rng::from_state(saved).next_u64(), a.next_u64());
//! ```

/// SplitMix64: 64 bits of state, a fixed sequence for each seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The generator's state, to save with a game.
    pub const fn state(&self) -> u64 {
        self.0
    }

    /// A generator that goes on from a saved [`Rng::state`].
    pub const fn from_state(state: u64) -> Rng {
        Rng(state)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, each equally likely (no modulo bias); 0 when `n`
    /// is 0.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Reject the top values that would favour the small numbers.
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Shuffles `items` in place, every order equally likely
    /// (Fisher–Yates, from the last item down, each swap drawn with
    /// [`Rng::below`]): the same seed gives the same order forever.
    ///
    /// ```
    /// use game_api::Rng;
    /// let mut deck: Vec<u32> = (1..=52).collect();
    /// Rng::new(7).shuffle(&mut deck);
    /// let mut again: Vec<u32> = (1..=52).collect();
    /// Rng::new(7).shuffle(&mut again);
    /// assert_eq!(deck, again);
    /// deck.sort();
    /// assert_eq!(deck, (1..=52).collect::<Vec<_>>());
    /// ```
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// One of `items`, each equally likely; `None` when there are none.
    ///
    /// ```
    /// use game_api::Rng;
    /// let colours = ["red", "green", "blue"];
    /// let mut rng = Rng::new(3);
    /// assert!(colours.contains(rng.choose(&colours).unwrap()));
    /// assert_eq!(rng.choose::<u8>(&[]), None);
    /// ```
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            return None;
        }
        items.get(self.below(items.len() as u64) as usize)
    }

    /// A number in `[low, high)`, from 24 random bits.
    pub fn between(&mut self, low: f32, high: f32) -> f32 {
        let unit = (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        low + unit * (high - low)
    }
}

/// A seed nobody chose, different at every call: the clock hashed with
/// the process's random keys (std's `RandomState`). For a game a player
/// starts where the launcher does not deal it (see
/// [`crate::Host::new_game_or`]).
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    if let Ok(now) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        hasher.write_u128(now.as_nanos());
    }
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::{Rng, fresh_seed};

    #[test]
    fn fresh_seeds_differ() {
        let seeds: std::collections::HashSet<u64> = (0..50).map(|_| fresh_seed()).collect();
        assert_eq!(seeds.len(), 50);
    }

    #[test]
    fn it_matches_the_reference_splitmix64() {
        // The first output of splitmix64.c for this seed (as pinned by
        // rand_xoshiro's tests).
        let mut rng = Rng::new(1_477_776_061_723_855_037);
        assert_eq!(rng.next_u64(), 1_985_237_415_132_408_290);
    }

    #[test]
    fn shuffle_keeps_the_items_and_reaches_every_order() {
        let mut rng = Rng::new(11);
        let mut seen = std::collections::HashMap::new();
        for _ in 0..6000 {
            let mut items = [1, 2, 3];
            rng.shuffle(&mut items);
            *seen.entry(items).or_insert(0u32) += 1;
        }
        assert_eq!(seen.len(), 6, "every order of three: {seen:?}");
        assert!(seen.values().all(|&n| n > 850), "{seen:?}");
        let mut none: [u8; 0] = [];
        rng.shuffle(&mut none);
        let mut one = [9];
        rng.shuffle(&mut one);
        assert_eq!(one, [9]);
        // Pinned: the order a seed gives never changes.
        let mut deck: Vec<u32> = (0..8).collect();
        Rng::new(2024).shuffle(&mut deck);
        let mut again: Vec<u32> = (0..8).collect();
        Rng::new(2024).shuffle(&mut again);
        assert_eq!(deck, again);
    }

    #[test]
    fn choose_reaches_every_item_and_none_of_nothing() {
        let mut rng = Rng::new(5);
        let items = ['a', 'b', 'c', 'd'];
        let mut seen = [0u32; 4];
        for _ in 0..4000 {
            let c = rng.choose(&items).unwrap();
            seen[(*c as u8 - b'a') as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 850), "{seen:?}");
        assert_eq!(rng.choose::<char>(&[]), None);
    }

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[rng.below(6) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 850), "{seen:?}");
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
        let x = rng.between(2.0, 3.0);
        assert!((2.0..3.0).contains(&x));
    }
}
