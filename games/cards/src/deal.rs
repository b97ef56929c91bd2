//! Shuffling and dealing from a game's seed with [`game_api::Rng`]: one
//! deal per seed, the same forever (a game ID replays its deal).

use game_api::Rng;

use crate::card::{Card, deck, shoe};

/// Reads a deal number (a game ID, or its part after an option): digits,
/// with spaces around them allowed.
///
/// ```
/// use cards::deal::parse_deal_number;
/// assert_eq!(parse_deal_number(" 77 "), Ok(77));
/// assert_eq!(parse_deal_number("seven"), Err("\"seven\" is not a deal number".into()));
/// ```
pub fn parse_deal_number(text: &str) -> Result<u64, String> {
    let text = text.trim();
    text.parse()
        .map_err(|_| format!("\"{text}\" is not a deal number"))
}

/// Reads a game ID of an option and a deal, `option:deal`, or a bare deal
/// number dealt with `default`; `option` reads the part before the colon
/// (trimmed), its error saying what it should be.
///
/// ```
/// use cards::deal::parse_option_id;
/// let suits = |w: &str| w.parse::<u8>().map_err(|_| format!("\"{w}\" is not a number"));
/// assert_eq!(parse_option_id("4:77", 2, suits), Ok((4, 77)));
/// assert_eq!(parse_option_id(" 77 ", 2, suits), Ok((2, 77)));
/// assert_eq!(parse_option_id("x: 77", 2, suits), Err("\"x\" is not a number".into()));
/// assert_eq!(parse_option_id("4:y", 2, suits), Err("\"y\" is not a deal number".into()));
/// ```
pub fn parse_option_id<T>(
    id: &str,
    default: T,
    option: impl FnOnce(&str) -> Result<T, String>,
) -> Result<(T, u64), String> {
    match id.trim().split_once(':') {
        Some((word, deal)) => Ok((option(word.trim())?, parse_deal_number(deal)?)),
        None => Ok((default, parse_deal_number(id)?)),
    }
}

/// The 52 cards shuffled by `seed`: a fresh sorted [`deck`] shuffled with
/// [`Rng::shuffle`] (Fisher–Yates) from `Rng::new(seed)`. The first card
/// is the top of the stock as the game deals it.
pub fn shuffled_deck(seed: u64) -> Vec<Card> {
    let mut cards = deck();
    Rng::new(seed).shuffle(&mut cards);
    cards
}

/// `decks` decks shuffled together by `seed` (Blackjack's shoe).
pub fn shuffled_shoe(decks: usize, seed: u64) -> Vec<Card> {
    let mut cards = shoe(decks);
    Rng::new(seed).shuffle(&mut cards);
    cards
}

/// The original's `shuffle-list`: `times` riffle shuffles, each cutting
/// the cards in half and merging the halves by taking the next card from
/// one half or the other at random. Seven make a good shuffle; games that
/// want a plain uniform shuffle use [`Rng::shuffle`].
pub fn riffle<T: Clone>(cards: &[T], times: usize, rng: &mut Rng) -> Vec<T> {
    let mut out = cards.to_vec();
    for _ in 0..times {
        let half = out.len() / 2;
        let (mut a, mut b) = (out[..half].iter().peekable(), out[half..].iter().peekable());
        let mut merged = Vec::with_capacity(out.len());
        while a.peek().is_some() || b.peek().is_some() {
            let from_a = match (a.peek(), b.peek()) {
                (Some(_), None) => true,
                (None, _) => false,
                _ => rng.below(2) == 0,
            };
            let next = if from_a { a.next() } else { b.next() };
            merged.extend(next.cloned());
        }
        out = merged;
    }
    out
}

/// A stock to deal from: cards taken from the top one at a time or in
/// rounds to several hands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stock {
    /// The cards left, the top (next dealt) first.
    pub cards: Vec<Card>,
}

impl Stock {
    /// A stock of one deck shuffled by `seed`.
    pub fn shuffled(seed: u64) -> Stock {
        Stock {
            cards: shuffled_deck(seed),
        }
    }

    /// A stock of `cards`, the first on top.
    pub fn of(cards: Vec<Card>) -> Stock {
        Stock { cards }
    }

    /// The cards left.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The top card, taken off; `None` when empty.
    pub fn draw(&mut self) -> Option<Card> {
        (!self.cards.is_empty()).then(|| self.cards.remove(0))
    }

    /// Up to `n` cards from the top, in the order they were taken.
    pub fn draw_n(&mut self, n: usize) -> Vec<Card> {
        let n = n.min(self.cards.len());
        self.cards.drain(..n).collect()
    }

    /// Deals `per_hand` cards to each of `hands` hands one at a time round
    /// the table (the first card to hand 0, the second to hand 1…), as a
    /// dealer does; stops early when the stock runs out.
    pub fn deal_round(&mut self, hands: usize, per_hand: usize) -> Vec<Vec<Card>> {
        let mut dealt = vec![Vec::with_capacity(per_hand); hands];
        'deal: for _ in 0..per_hand {
            for hand in dealt.iter_mut() {
                match self.draw() {
                    Some(card) => hand.push(card),
                    None => break 'deal,
                }
            }
        }
        dealt
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Rank, Suit};
    use game_api::Rng;
    use proptest::prelude::*;

    #[test]
    fn one_deal_per_seed_forever() {
        // The first cards of seed 1 and seed 2 as dealt today: a change in
        // the shuffle would change every game ID's deal.
        let one = shuffled_deck(1);
        assert_eq!(one, shuffled_deck(1));
        assert_ne!(one, shuffled_deck(2));
        assert_eq!(crate::card::write_cards(&one[..5]), FIRST_FIVE_OF_SEED_1);
    }

    /// Pinned when the kit was written.
    const FIRST_FIVE_OF_SEED_1: &str = "7D 9C 4D 8H 8D";

    #[test]
    fn dealing_round_the_table() {
        let mut stock = Stock::of(deck());
        let hands = stock.deal_round(3, 2);
        let c = |v, s| Card::new(Rank::new(v).unwrap(), s);
        assert_eq!(hands[0], [c(1, Suit::Clubs), c(4, Suit::Clubs)]);
        assert_eq!(hands[1], [c(2, Suit::Clubs), c(5, Suit::Clubs)]);
        assert_eq!(hands[2], [c(3, Suit::Clubs), c(6, Suit::Clubs)]);
        assert_eq!(stock.len(), 46);
        assert_eq!(stock.draw(), Some(c(7, Suit::Clubs)));
        let mut short = Stock::of(deck()[..5].to_vec());
        let hands = short.deal_round(2, 3);
        assert_eq!(hands[0].len() + hands[1].len(), 5);
        assert!(short.is_empty());
        assert_eq!(short.draw(), None);
        assert!(short.draw_n(3).is_empty());
    }

    #[test]
    fn a_riffle_keeps_the_cards_and_mixes_them() {
        let mut rng = Rng::new(9);
        let once = riffle(&deck(), 1, &mut rng);
        let mut sorted = once.clone();
        sorted.sort();
        assert_eq!(sorted, deck());
        assert_ne!(once, deck());
        assert_eq!(riffle(&deck(), 0, &mut rng), deck());
    }

    proptest! {
        #[test]
        fn a_deal_uses_each_card_exactly_once(seed: u64, hands in 1usize..8, per in 0usize..10) {
            let mut stock = Stock::shuffled(seed);
            let dealt = stock.deal_round(hands, per);
            let mut all: Vec<Card> = dealt.into_iter().flatten().chain(stock.cards).collect();
            all.sort();
            prop_assert_eq!(all, deck());
        }

        #[test]
        fn a_shoe_uses_each_card_once_per_deck(seed: u64, decks in 1usize..5) {
            let mut cards = shuffled_shoe(decks, seed);
            cards.sort();
            let mut expected = shoe(decks);
            expected.sort();
            prop_assert_eq!(cards, expected);
        }

        #[test]
        fn riffles_are_permutations(seed: u64, times in 0usize..8) {
            let mut out = riffle(&deck(), times, &mut Rng::new(seed));
            out.sort();
            prop_assert_eq!(out, deck());
        }
    }
}
