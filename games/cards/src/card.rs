//! Suits, ranks and cards; the 52-card deck and shoes of several decks;
//! names for screen readers and a compact notation for saves and game IDs.
//!
//! The order is the original's (Racket's `games/cards`): suits clubs (1),
//! diamonds (2), hearts (3), spades (4); ranks ace (1) to king (13); a
//! fresh deck is sorted lowest suit first, then lowest rank.

use std::fmt;
use std::str::FromStr;

/// A suit, in the original's order (`get-suit-id` 1 to 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Clubs (suit 1), black.
    Clubs,
    /// Diamonds (suit 2), red.
    Diamonds,
    /// Hearts (suit 3), red.
    Hearts,
    /// Spades (suit 4), black.
    Spades,
}

impl Suit {
    /// The four suits, lowest first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The original's suit id: clubs 1, diamonds 2, hearts 3, spades 4.
    pub fn id(self) -> u8 {
        self as u8 + 1
    }

    /// The suit of an id 1–4.
    pub fn from_id(id: u8) -> Option<Suit> {
        Suit::ALL.get(usize::from(id.checked_sub(1)?)).copied()
    }

    /// Whether the suit is red (diamonds, hearts).
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// The plural name a player reads: "hearts".
    pub fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }

    /// The singular name: "heart".
    pub fn singular(self) -> &'static str {
        match self {
            Suit::Clubs => "club",
            Suit::Diamonds => "diamond",
            Suit::Hearts => "heart",
            Suit::Spades => "spade",
        }
    }

    /// The letter of the compact notation: C, D, H, S.
    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// The suit of a notation letter (either case).
    pub fn from_letter(letter: char) -> Option<Suit> {
        Suit::ALL
            .into_iter()
            .find(|s| s.letter() == letter.to_ascii_uppercase())
    }

    /// The suit's symbol (♣ ♦ ♥ ♠), for text outside the canvas: egui's
    /// default fonts have no such glyphs, so a canvas draws a pip
    /// ([`crate::face::draw_pip`]) or the suit's name.
    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '\u{2663}',
            Suit::Diamonds => '\u{2666}',
            Suit::Hearts => '\u{2665}',
            Suit::Spades => '\u{2660}',
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rank: ace (1) to king (13), the original's `get-value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// The ace, 1.
    pub const ACE: Rank = Rank(1);
    /// The ten, 10.
    pub const TEN: Rank = Rank(10);
    /// The jack, 11.
    pub const JACK: Rank = Rank(11);
    /// The queen, 12.
    pub const QUEEN: Rank = Rank(12);
    /// The king, 13.
    pub const KING: Rank = Rank(13);

    /// The thirteen ranks, ace first.
    pub const ALL: [Rank; 13] = {
        let mut all = [Rank(1); 13];
        let mut i = 0;
        while i < 13 {
            all[i] = Rank(i as u8 + 1);
            i += 1;
        }
        all
    };

    /// The rank of value 1 (ace) to 13 (king).
    pub fn new(value: u8) -> Option<Rank> {
        (1..=13).contains(&value).then_some(Rank(value))
    }

    /// Its value: ace 1, two to ten their number, jack 11, queen 12, king 13.
    pub fn value(self) -> u8 {
        self.0
    }

    /// Whether it is a jack, queen or king.
    pub fn is_court(self) -> bool {
        self.0 >= 11
    }

    /// The name a player reads: "ace", "seven", "queen".
    pub fn name(self) -> &'static str {
        [
            "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king",
        ][usize::from(self.0 - 1)]
    }

    /// The corner index printed on the card: "A", "2" … "10", "J", "Q", "K".
    pub fn index(self) -> &'static str {
        [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ][usize::from(self.0 - 1)]
    }

    /// The letter of the compact notation: A, 2–9, T, J, Q, K.
    pub fn letter(self) -> char {
        b"A23456789TJQK"[usize::from(self.0 - 1)] as char
    }

    /// The rank of a notation letter (either case); `1` is not accepted
    /// (ten is `T`).
    pub fn from_letter(letter: char) -> Option<Rank> {
        let up = letter.to_ascii_uppercase();
        Rank::ALL.into_iter().find(|r| r.letter() == up)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A playing card: a rank of a suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    /// Its suit (compared first: the deck's order).
    pub suit: Suit,
    /// Its rank.
    pub rank: Rank,
}

impl Card {
    /// The `rank` of `suit`.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { suit, rank }
    }

    /// Whether it is red.
    pub fn is_red(self) -> bool {
        self.suit.is_red()
    }

    /// What a screen reader says: "seven of hearts".
    pub fn name(self) -> String {
        format!("{} of {}", self.rank.name(), self.suit.name())
    }

    /// Its place in a sorted deck, 0 (ace of clubs) to 51 (king of spades).
    pub fn index(self) -> usize {
        (self.suit as usize) * 13 + usize::from(self.rank.value() - 1)
    }

    /// The card at `index` of a sorted deck (0–51).
    pub fn from_index(index: usize) -> Option<Card> {
        (index < 52).then(|| Card::new(Rank::ALL[index % 13], Suit::ALL[index / 13]))
    }
}

/// The compact notation: rank letter then suit letter, `7H`, `TS`, `AD`.
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.letter(), self.suit.letter())
    }
}

/// Why a card's notation did not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCardError(pub String);

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseCardError {}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Reads `7H`, `TS`, `ad` (either case; `10H` too).
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let bad = || ParseCardError(format!("\"{s}\" is not a card (like 7H, TS or AD)"));
        let s2 = s.trim();
        let (rank, suit) = if let Some(rest) = s2.strip_prefix("10") {
            (Some(Rank::TEN), rest)
        } else {
            let mut chars = s2.chars();
            (chars.next().and_then(Rank::from_letter), chars.as_str())
        };
        let mut chars = suit.chars();
        match (rank, chars.next().and_then(Suit::from_letter), chars.next()) {
            (Some(rank), Some(suit), None) => Ok(Card::new(rank, suit)),
            _ => Err(bad()),
        }
    }
}

/// The 52 cards, sorted lowest suit then lowest rank (the original's
/// `make-deck`): ace of clubs first, king of spades last.
pub fn deck() -> Vec<Card> {
    (0..52).filter_map(Card::from_index).collect()
}

/// `decks` decks one after another, as a shoe holds them before shuffling.
pub fn shoe(decks: usize) -> Vec<Card> {
    (0..decks).flat_map(|_| deck()).collect()
}

/// The cards written in the compact notation, separated by spaces
/// (`"7H TS AD"`), for saves and game IDs.
pub fn write_cards(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads cards written by [`write_cards`] (any whitespace or commas
/// between them); the first bad one is an error.
pub fn read_cards(text: &str) -> Result<Vec<Card>, ParseCardError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::parse)
        .collect()
}

/// `name` after "a" or "an", as English wants it: "an ace", "an eight",
/// "an unhappy face", "a king" (by its first letter: a vowel takes "an").
///
/// ```
/// use cards::card::{Rank, with_article};
/// assert_eq!(with_article(Rank::ACE.name()), "an ace");
/// assert_eq!(with_article("unhappy face"), "an unhappy face");
/// assert_eq!(with_article("star"), "a star");
/// ```
pub fn with_article(name: &str) -> String {
    let article = match name.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']) {
        true => "an",
        false => "a",
    };
    format!("{article} {name}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_original_ids_and_values() {
        assert_eq!(Suit::Clubs.id(), 1);
        assert_eq!(Suit::Diamonds.id(), 2);
        assert_eq!(Suit::Hearts.id(), 3);
        assert_eq!(Suit::Spades.id(), 4);
        assert_eq!(Suit::from_id(3), Some(Suit::Hearts));
        assert_eq!(Suit::from_id(0), None);
        assert_eq!(Suit::from_id(5), None);
        assert_eq!(Rank::ACE.value(), 1);
        assert_eq!(Rank::KING.value(), 13);
        assert_eq!(Rank::new(0), None);
        assert_eq!(Rank::new(14), None);
    }

    #[test]
    fn a_deck_is_sorted_lowest_suit_then_lowest_value() {
        let d = deck();
        assert_eq!(d.len(), 52);
        assert_eq!(d[0], Card::new(Rank::ACE, Suit::Clubs));
        assert_eq!(d[12], Card::new(Rank::KING, Suit::Clubs));
        assert_eq!(d[13], Card::new(Rank::ACE, Suit::Diamonds));
        assert_eq!(d[51], Card::new(Rank::KING, Suit::Spades));
        assert!(d.windows(2).all(|w| w[0] < w[1]));
        for (i, c) in d.iter().enumerate() {
            assert_eq!(c.index(), i);
        }
    }

    #[test]
    fn a_shoe_holds_each_card_once_per_deck() {
        let s = shoe(4);
        assert_eq!(s.len(), 208);
        for c in deck() {
            assert_eq!(s.iter().filter(|&&x| x == c).count(), 4);
        }
    }

    #[test]
    fn names_for_screen_readers() {
        let seven = Card::new(Rank::new(7).unwrap(), Suit::Hearts);
        assert_eq!(seven.name(), "seven of hearts");
        assert_eq!(
            Card::new(Rank::QUEEN, Suit::Spades).name(),
            "queen of spades"
        );
        assert_eq!(
            Card::new(Rank::ACE, Suit::Diamonds).name(),
            "ace of diamonds"
        );
        assert_eq!(Card::new(Rank::TEN, Suit::Clubs).name(), "ten of clubs");
    }

    #[test]
    fn the_compact_notation() {
        assert_eq!(
            Card::new(Rank::new(7).unwrap(), Suit::Hearts).to_string(),
            "7H"
        );
        assert_eq!(Card::new(Rank::TEN, Suit::Spades).to_string(), "TS");
        assert_eq!(Card::new(Rank::ACE, Suit::Diamonds).to_string(), "AD");
        assert_eq!("kc".parse::<Card>(), Ok(Card::new(Rank::KING, Suit::Clubs)));
        assert_eq!(
            "10H".parse::<Card>(),
            Ok(Card::new(Rank::TEN, Suit::Hearts))
        );
        for bad in ["", "7", "H7", "1H", "7HX", "ZZ", "7X"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
        for c in deck() {
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        }
        let cards = read_cards("7H TS, AD").unwrap();
        assert_eq!(write_cards(&cards), "7H TS AD");
        assert!(read_cards("7H QQ").is_err());
    }

    #[test]
    fn colours_and_court_cards() {
        assert!(Suit::Hearts.is_red() && Suit::Diamonds.is_red());
        assert!(!Suit::Clubs.is_red() && !Suit::Spades.is_red());
        let courts: Vec<_> = Rank::ALL.into_iter().filter(|r| r.is_court()).collect();
        assert_eq!(courts, [Rank::JACK, Rank::QUEEN, Rank::KING]);
    }
}
