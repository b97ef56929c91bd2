//! Memory's rules, with no UI: twenty picture cards, two of each of ten
//! pictures, dealt face down in five columns and four rows; turn over two
//! at a time; a pair that matches is removed, a pair that does not is
//! turned back. After the original's `games/memory/memory.rkt`.
//!
//! Two turned cards stay showing until [`Memory::settle`] (the game calls
//! it after a short delay on ticks, or before the next turn), so the
//! player sees the second card before the pair goes.
//!
//! ```
//! use memory::rules::{Flip, Memory};
//! let mut game = Memory::deal(7);
//! let first = game.cards[0];
//! let twin = (1..20).find(|&p| game.cards[p] == first).unwrap();
//! assert_eq!(game.flip(0), Ok(Flip::First));
//! assert_eq!(game.flip(twin), Ok(Flip::Match(0, twin)));
//! game.settle();
//! assert_eq!(game.matches, 1);
//! assert!(game.removed[0] && game.removed[twin]);
//! ```

use game_api::Rng;

/// Columns of the grid (the original's `WIDTH`).
pub const WIDTH: usize = 5;
/// Rows of the grid (the original's `HEIGHT`).
pub const HEIGHT: usize = 4;
/// Cards on the table.
pub const CARDS: usize = WIDTH * HEIGHT;
/// Pairs to find (the original's `MAX-MATCHES`).
pub const PAIRS: usize = CARDS / 2;
/// Riffle shuffles of a deal (the original's `(shuffle-list deck 7)`).
pub const SHUFFLES: usize = 7;

/// The ten pictures, in the original's order (its image files' names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Picture {
    /// A club.
    Club,
    /// A heart.
    Heart,
    /// A spade.
    Spade,
    /// A diamond.
    Diamond,
    /// A smiling face.
    Happy,
    /// A frowning face.
    Unhappy,
    /// One fish.
    Fish,
    /// Two fish.
    TwoFish,
    /// A jack (the toy: a six-pointed knob).
    Jack,
    /// A star.
    Star,
}

impl Picture {
    /// Every picture, in order.
    pub const ALL: [Picture; PAIRS] = [
        Picture::Club,
        Picture::Heart,
        Picture::Spade,
        Picture::Diamond,
        Picture::Happy,
        Picture::Unhappy,
        Picture::Fish,
        Picture::TwoFish,
        Picture::Jack,
        Picture::Star,
    ];

    /// Its name, for screen readers and the status line.
    pub fn name(self) -> &'static str {
        match self {
            Picture::Club => "club",
            Picture::Heart => "heart",
            Picture::Spade => "spade",
            Picture::Diamond => "diamond",
            Picture::Happy => "happy face",
            Picture::Unhappy => "unhappy face",
            Picture::Fish => "fish",
            Picture::TwoFish => "two fish",
            Picture::Jack => "jack",
            Picture::Star => "star",
        }
    }

    /// Its name after "a" or "an", as English wants: "an unhappy face".
    pub fn with_article(self) -> String {
        cards::card::with_article(self.name())
    }

    /// One letter for saves and game IDs: `0`–`9`.
    pub fn digit(self) -> char {
        char::from(b'0' + self.index() as u8)
    }

    /// The picture a [`Picture::digit`] stands for.
    pub fn from_digit(c: char) -> Option<Picture> {
        let d = c.to_digit(10)? as usize;
        Picture::ALL.get(d).copied()
    }

    /// Its place in [`Picture::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The column and row (from 0, top left) of place `pos`.
pub fn place(pos: usize) -> (usize, usize) {
    (pos % WIDTH, pos / WIDTH)
}

/// What a turn did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flip {
    /// The first card of a pair is face up.
    First,
    /// The first card was turned again: back face down.
    Cancelled,
    /// The second card matches the first (places first, second): both
    /// go at the next [`Memory::settle`].
    Match(usize, usize),
    /// The second card does not match: both turn back at the next
    /// [`Memory::settle`].
    Mismatch(usize, usize),
}

/// Why a turn was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// No such place.
    OffTable,
    /// The card there was already removed.
    Removed,
    /// Every pair is found.
    Over,
}

/// A game of Memory.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Memory {
    /// The picture at each place, row by row from the top left.
    pub cards: [Picture; CARDS],
    /// Whether the card at each place has been removed (matched).
    pub removed: [bool; CARDS],
    /// The first card of a pair, face up.
    pub first: Option<usize>,
    /// Two cards face up waiting for [`Memory::settle`]: the pair and
    /// whether they match.
    pub showing: Option<(usize, usize, bool)>,
    /// Pairs found (removed).
    pub matches: usize,
    /// Cards turned so far (a turn of the first card again counts).
    pub turns: u32,
}

impl Memory {
    /// The deal for `seed`: the ten pictures and their copies (the
    /// original's order) given [`SHUFFLES`] riffle shuffles from
    /// `Rng::new(seed)`, laid out row by row.
    pub fn deal(seed: u64) -> Memory {
        let sorted: Vec<Picture> = Picture::ALL
            .iter()
            .chain(Picture::ALL.iter())
            .copied()
            .collect();
        let mut rng = Rng::new(seed);
        let shuffled = cards::deal::riffle(&sorted, SHUFFLES, &mut rng);
        let mut cards = [Picture::Club; CARDS];
        cards.copy_from_slice(&shuffled);
        Memory::with_cards(cards)
    }

    /// A fresh game with these pictures, all face down.
    pub fn with_cards(cards: [Picture; CARDS]) -> Memory {
        Memory {
            cards,
            removed: [false; CARDS],
            first: None,
            showing: None,
            matches: 0,
            turns: 0,
        }
    }

    /// Whether the pictures make ten pairs (each picture exactly twice).
    pub fn valid_cards(cards: &[Picture]) -> bool {
        cards.len() == CARDS
            && Picture::ALL
                .iter()
                .all(|p| cards.iter().filter(|c| *c == p).count() == 2)
    }

    /// Whether every pair is found (and the last pair has gone).
    pub fn won(&self) -> bool {
        self.matches == PAIRS && self.showing.is_none()
    }

    /// Whether every pair is found, counting a matching pair still
    /// showing: the clock stops here.
    pub fn all_found(&self) -> bool {
        self.matches + usize::from(matches!(self.showing, Some((_, _, true)))) == PAIRS
    }

    /// Whether the card at `pos` is on the table face up.
    pub fn face_up(&self, pos: usize) -> bool {
        pos < CARDS
            && !self.removed[pos]
            && (self.first == Some(pos)
                || matches!(self.showing, Some((a, b, _)) if a == pos || b == pos))
    }

    /// Whether the card at `pos` is on the table (not yet removed).
    pub fn on_table(&self, pos: usize) -> bool {
        pos < CARDS && !self.removed[pos]
    }

    /// Places of the cards still on the table.
    pub fn left(&self) -> impl Iterator<Item = usize> + '_ {
        (0..CARDS).filter(|&p| !self.removed[p])
    }

    /// Ends a showing pair: a match is removed, a mismatch turned back.
    /// Does nothing when no pair is showing.
    pub fn settle(&mut self) -> Option<(usize, usize, bool)> {
        let shown = self.showing.take()?;
        let (a, b, matched) = shown;
        if matched {
            self.removed[a] = true;
            self.removed[b] = true;
            self.matches += 1;
        }
        Some(shown)
    }

    /// Turns the card at `pos`, first settling a showing pair. The first
    /// card turned again goes back face down (the original's cancel).
    pub fn flip(&mut self, pos: usize) -> Result<Flip, Illegal> {
        if pos >= CARDS {
            return Err(Illegal::OffTable);
        }
        self.settle();
        if self.matches == PAIRS {
            return Err(Illegal::Over);
        }
        if self.removed[pos] {
            return Err(Illegal::Removed);
        }
        self.turns += 1;
        match self.first {
            None => {
                self.first = Some(pos);
                Ok(Flip::First)
            }
            Some(f) if f == pos => {
                self.first = None;
                Ok(Flip::Cancelled)
            }
            Some(f) => {
                self.first = None;
                let matched = self.cards[f] == self.cards[pos];
                self.showing = Some((f, pos, matched));
                Ok(if matched {
                    Flip::Match(f, pos)
                } else {
                    Flip::Mismatch(f, pos)
                })
            }
        }
    }

    /// The place of the other card with the same picture as `pos`.
    pub fn twin(&self, pos: usize) -> usize {
        (0..CARDS)
            .find(|&p| p != pos && self.cards[p] == self.cards[pos])
            .expect("every picture is there twice")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_has_each_picture_twice_and_replays() {
        for seed in 0..50 {
            let g = Memory::deal(seed);
            assert!(Memory::valid_cards(&g.cards));
            assert_eq!(g, Memory::deal(seed));
        }
        assert_ne!(Memory::deal(1).cards, Memory::deal(2).cards);
    }

    #[test]
    fn the_grid_is_the_originals() {
        assert_eq!((WIDTH, HEIGHT, PAIRS), (5, 4, 10));
        assert_eq!(place(7), (2, 1));
    }

    #[test]
    fn a_mismatch_turns_back_and_a_match_goes() {
        let mut g = Memory::deal(3);
        let other = (1..CARDS).find(|&p| g.cards[p] != g.cards[0]).unwrap();
        assert_eq!(g.flip(0), Ok(Flip::First));
        assert!(g.face_up(0));
        assert_eq!(g.flip(other), Ok(Flip::Mismatch(0, other)));
        assert!(g.face_up(0) && g.face_up(other));
        g.settle();
        assert!(!g.face_up(0) && !g.face_up(other));
        assert_eq!(g.matches, 0);
        let twin = g.twin(0);
        g.flip(twin).unwrap();
        assert_eq!(g.flip(0), Ok(Flip::Match(twin, 0)));
        assert!(g.all_found() == (PAIRS == 1));
        g.settle();
        assert_eq!(g.matches, 1);
        assert_eq!(g.flip(0), Err(Illegal::Removed));
    }

    #[test]
    fn turning_the_first_card_again_cancels() {
        let mut g = Memory::deal(4);
        g.flip(5).unwrap();
        assert_eq!(g.flip(5), Ok(Flip::Cancelled));
        assert!(!g.face_up(5));
        assert_eq!(g.first, None);
    }

    #[test]
    fn a_turn_settles_a_showing_pair_first() {
        let mut g = Memory::deal(5);
        let other = (1..CARDS).find(|&p| g.cards[p] != g.cards[0]).unwrap();
        g.flip(0).unwrap();
        g.flip(other).unwrap();
        assert_eq!(g.flip(0), Ok(Flip::First));
        assert!(!g.face_up(other));
    }

    #[test]
    fn finding_every_pair_wins() {
        let mut g = Memory::deal(9);
        for p in 0..CARDS {
            if g.removed[p] || g.showing.is_some_and(|(a, b, _)| a == p || b == p) {
                continue;
            }
            let t = g.twin(p);
            g.flip(p).unwrap();
            g.flip(t).unwrap();
        }
        assert!(g.all_found() && !g.won());
        g.settle();
        assert!(g.won());
        assert_eq!(g.flip(0), Err(Illegal::Over));
        assert_eq!(g.turns, 20);
    }
}
