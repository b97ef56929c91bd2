//! The meld finder: which cards of a hand make melds, and how many cards
//! at most can be arranged into them (the original's `gin-size`), exactly.
//!
//! A *meld* is three or more cards that are either all of one value (a
//! set: three or four of a kind) or all of one suit in sequence (a
//! straight), where the ace goes either below the two (A-2-3) or above the
//! king (Q-K-A), but not both at once (no K-A-2). Each card counts in one
//! meld only.
//!
//! [`best`] tries, for the first card not yet placed, leaving it out or
//! each meld it can be in among the cards left, remembering the answer for
//! each set of cards left: at most 2^n small steps for n cards (a hand
//! holds 10 or 11). The tests check it against a brute force over every
//! subset of random hands.
//!
//! ```
//! use rummy::melds::{best, is_meld, meld_size};
//! let hand = cards::card::read_cards("QS KS AS 7H 7D 7C 2C 9D").unwrap();
//! assert!(is_meld(&hand[..3]));
//! assert_eq!(meld_size(&hand), 6);
//! assert_eq!(best(&hand).len(), 2);
//! ```

use std::collections::HashMap;

use cards::Card;

/// The value of a card in a straight: ace 1 (or 14 above the king).
fn value(card: Card) -> u8 {
    card.rank.value()
}

/// Whether `cards` make a meld: three or more of one value, or of one
/// suit in sequence with the ace low or high.
pub fn is_meld(cards: &[Card]) -> bool {
    if cards.len() < 3 {
        return false;
    }
    if cards.iter().all(|c| c.rank == cards[0].rank) {
        return true;
    }
    if !cards.iter().all(|c| c.suit == cards[0].suit) {
        return false;
    }
    let in_sequence = |mut values: Vec<u8>| {
        values.sort_unstable();
        values.windows(2).all(|w| w[1] == w[0] + 1)
    };
    let values: Vec<u8> = cards.iter().map(|&c| value(c)).collect();
    in_sequence(values.clone())
        || (values.contains(&1)
            && in_sequence(
                values
                    .iter()
                    .map(|&v| if v == 1 { 14 } else { v })
                    .collect(),
            ))
}

/// Every meld that can be made of `hand`'s cards, as bit masks of their
/// places in `hand` (bit i: `hand[i]`).
pub fn all_melds(hand: &[Card]) -> Vec<u32> {
    let mut melds = Vec::new();
    // Sets: each group of three or more of one value.
    for rank in cards::Rank::ALL {
        let places: Vec<usize> = (0..hand.len()).filter(|&i| hand[i].rank == rank).collect();
        let n = places.len();
        for pick in 0u32..(1 << n) {
            if pick.count_ones() >= 3 {
                let mask = (0..n)
                    .filter(|&k| pick & (1 << k) != 0)
                    .fold(0, |m, k| m | 1 << places[k]);
                melds.push(mask);
            }
        }
    }
    // Straights: each run of three or more in one suit, the ace low or high.
    for suit in cards::Suit::ALL {
        let mut at: [Option<usize>; 15] = [None; 15];
        for (i, c) in hand.iter().enumerate() {
            if c.suit == suit {
                at[usize::from(value(*c))] = Some(i);
                if value(*c) == 1 {
                    at[14] = Some(i);
                }
            }
        }
        for start in 1..=12 {
            let mut mask = 0u32;
            for (len, place) in at[start..].iter().enumerate() {
                let Some(i) = place else { break };
                mask |= 1 << i;
                if len >= 2 {
                    melds.push(mask);
                }
            }
        }
    }
    melds.sort_unstable();
    melds.dedup();
    melds
}

/// The melds that cover the most cards of `hand` (the first such
/// arrangement found), each meld's cards in `hand`'s order.
pub fn best(hand: &[Card]) -> Vec<Vec<Card>> {
    assert!(hand.len() <= 32, "a hand of at most 32 cards");
    let melds = all_melds(hand);
    let full = if hand.len() == 32 {
        u32::MAX
    } else {
        (1u32 << hand.len()) - 1
    };
    let mut memo = HashMap::new();
    search(full, &melds, &mut memo);
    // Follow the choices remembered.
    let mut out = Vec::new();
    let mut left = full;
    while left != 0 {
        match memo[&left].1 {
            Some(meld) => {
                out.push(
                    (0..hand.len())
                        .filter(|&i| meld & (1 << i) != 0)
                        .map(|i| hand[i])
                        .collect(),
                );
                left &= !meld;
            }
            None => left &= left - 1,
        }
    }
    out
}

/// The most cards of `hand` that can be arranged into melds (the
/// original's `gin-size`).
pub fn meld_size(hand: &[Card]) -> usize {
    best(hand).iter().map(Vec::len).sum()
}

/// Whether every card of `hand` is in a meld: a win (the original's
/// `gin?`).
pub fn is_rummy(hand: &[Card]) -> bool {
    meld_size(hand) == hand.len()
}

/// The most cards coverable among `left`, and the meld taken with its
/// lowest card (or `None`: that card left out).
fn search(left: u32, melds: &[u32], memo: &mut HashMap<u32, (u32, Option<u32>)>) -> u32 {
    if left == 0 {
        return 0;
    }
    if let Some(&(n, _)) = memo.get(&left) {
        return n;
    }
    let low = left & left.wrapping_neg();
    let mut best = (search(left & !low, melds, memo), None);
    for &m in melds {
        if m & low != 0 && m & !left == 0 {
            let n = m.count_ones() + search(left & !m, melds, memo);
            if n > best.0 {
                best = (n, Some(m));
            }
        }
    }
    memo.insert(left, best);
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::card::{deck, read_cards};
    use game_api::Rng;
    use proptest::prelude::*;

    fn hand(text: &str) -> Vec<Card> {
        read_cards(text).unwrap()
    }

    #[test]
    fn the_seeds_melds() {
        // Straights of one suit, the ace low or high, not round the corner.
        assert!(is_meld(&hand("AH 2H 3H")));
        assert!(is_meld(&hand("QH KH AH")));
        assert!(is_meld(&hand("JH QH KH AH")));
        assert!(!is_meld(&hand("KH AH 2H")));
        assert!(!is_meld(&hand("2H 3H 4D")));
        assert!(!is_meld(&hand("2H 3H 5H")));
        // Sets of three or four of a kind.
        assert!(is_meld(&hand("7H 7S 7D")));
        assert!(is_meld(&hand("7H 7S 7D 7C")));
        assert!(!is_meld(&hand("7H 7S")));
        assert!(!is_meld(&hand("7H 7S 8S")));
    }

    #[test]
    fn each_card_counts_in_one_meld_only() {
        // The seven of hearts could be in the set or the straight, not both.
        let h = hand("7H 7S 7D 5H 6H 8C");
        assert_eq!(meld_size(&h), 3);
        let h = hand("7H 7S 7D 7C 5H 6H");
        // The set of three spades-diamonds-clubs and the straight 5-6-7H.
        assert_eq!(meld_size(&h), 6);
        assert!(is_rummy(&h));
        let melds = best(&h);
        assert_eq!(melds.len(), 2);
        let mut all: Vec<Card> = melds.concat();
        all.sort();
        let mut sorted = h.clone();
        sorted.sort();
        assert_eq!(all, sorted);
        for m in &melds {
            assert!(is_meld(m), "{m:?}");
        }
    }

    #[test]
    fn a_winning_hand_of_ten() {
        let h = hand("AS 2S 3S 4S QD KD AD 9C 9H 9S");
        assert!(is_rummy(&h));
        let h = hand("AS 2S 3S 4S QD KD AD 9C 9H 8S");
        assert!(!is_rummy(&h));
        assert_eq!(meld_size(&h), 7);
        assert_eq!(meld_size(&[]), 0);
    }

    /// The brute force: every subset of the hand that is a meld, then every
    /// choice of disjoint ones.
    fn brute(hand: &[Card]) -> usize {
        let n = hand.len();
        let melds: Vec<u32> = (0u32..(1 << n))
            .filter(|&m| {
                let cards: Vec<Card> = (0..n)
                    .filter(|&i| m & (1 << i) != 0)
                    .map(|i| hand[i])
                    .collect();
                is_meld(&cards)
            })
            .collect();
        fn most(melds: &[u32], used: u32) -> usize {
            let mut best = used.count_ones() as usize;
            for (k, &m) in melds.iter().enumerate() {
                if m & used == 0 {
                    best = best.max(most(&melds[k + 1..], used | m));
                }
            }
            best
        }
        most(&melds, 0)
    }

    /// A hand of `n` cards: from a short run of values in two suits, so
    /// that melds are common and overlap.
    fn crowded(seed: u64, n: usize) -> Vec<Card> {
        let mut rng = Rng::new(seed);
        let lo = 1 + rng.below(9) as u8;
        let mut pool: Vec<Card> = deck()
            .into_iter()
            .filter(|c| {
                let v = c.rank.value();
                (v >= lo && v < lo + 5) || v == 1 || v >= 12
            })
            .collect();
        rng.shuffle(&mut pool);
        pool.truncate(n);
        pool
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn the_finder_agrees_with_a_brute_force(seed: u64, n in 0usize..=11, crowd: bool) {
            let h = if crowd {
                crowded(seed, n)
            } else {
                let mut d = deck();
                Rng::new(seed).shuffle(&mut d);
                d.truncate(n);
                d
            };
            let melds = best(&h);
            let size: usize = melds.iter().map(Vec::len).sum();
            prop_assert_eq!(size, brute(&h), "{:?}", h);
            // The arrangement is real: melds of the hand's cards, each once.
            let mut used: Vec<Card> = melds.concat();
            for m in &melds {
                prop_assert!(is_meld(m));
            }
            used.sort();
            let before = used.len();
            used.dedup();
            prop_assert_eq!(before, used.len());
            prop_assert!(used.iter().all(|c| h.contains(c)));
        }
    }
}
