//! The rules of Rummy, free of any user interface, after the original's
//! `games/ginrummy/ginrummy.rkt`: you and the computer player are dealt ten
//! cards each from a deck given seven riffle shuffles (the computer first),
//! one card starts the discard pile and the rest is the deck.
//!
//! On each turn a player draws the deck's top card or the discard pile's,
//! then discards one card of their eleven. A player whose ten cards all fit
//! into melds after discarding wins ([`crate::melds::is_rummy`]); a deal
//! that gives either player such a hand ends the game at once. When the
//! deck is empty, the discard pile but its top card is shuffled into a new
//! deck.
//!
//! The computer player plays as the original's (the "fairly smart"
//! machine player): it takes the discard when that makes its best
//! arrangement bigger, or keeps it as big with better pairs (cards that may
//! still make a meld, counting what was discarded for good), else it draws
//! from the deck; it discards the card whose loss leaves the biggest
//! arrangement, and of those the best pairs. It plays in two steps
//! ([`Rummy::computer_step`]: the draw, then the discard) so that a window
//! can show each.
//!
//! ```
//! use rummy::rules::{Move, Phase, Rummy, YOU};
//! let mut game = Rummy::deal(3);
//! assert_eq!(game.hands[YOU].len(), 10);
//! if game.phase == Phase::Draw {
//!     game.play(Move::DrawStock).unwrap();
//!     assert_eq!(game.hands[YOU].len(), 11);
//!     let card = game.hands[YOU][0];
//!     game.play(Move::Discard(card)).unwrap();
//!     assert!(game.computer_to_play() || game.over());
//! }
//! ```

use std::fmt;

use cards::Card;
use cards::card::deck;
use cards::deal::riffle;
use game_api::Rng;

use crate::melds::{is_rummy, meld_size};

/// The cards dealt to each player (the original's `DEAL-COUNT`).
pub const DEAL_COUNT: usize = 10;
/// The riffle shuffles of a deal and of a reshuffle.
pub const SHUFFLES: usize = 7;
/// Your seat.
pub const YOU: usize = 0;
/// The computer player's seat.
pub const COMPUTER: usize = 1;

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// You.
    You,
    /// The computer player.
    Computer,
    /// Both were dealt a winning hand.
    Tie,
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Your turn: draw from the deck or the discard pile.
    Draw,
    /// You hold eleven cards: discard one.
    Discard,
    /// The computer player is to draw.
    ComputerDraw,
    /// The computer player is to discard.
    ComputerDiscard,
    /// Over; `dealt` when the deal itself gave a winning hand.
    Over {
        /// Who won.
        winner: Winner,
        /// Whether it was dealt.
        dealt: bool,
    },
}

/// What you do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Take the deck's top card.
    DrawStock,
    /// Take the discard pile's top card.
    DrawDiscard,
    /// Discard this card of your hand.
    Discard(Card),
}

/// What happened, for the status line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Report {
    /// `player` took `card` from the discard pile.
    TookDiscard {
        /// Who.
        player: usize,
        /// The card.
        card: Card,
    },
    /// `player` drew the deck's top card (`card`, known to you only when
    /// you drew it).
    DrewStock {
        /// Who.
        player: usize,
        /// The card.
        card: Card,
    },
    /// `player` discarded `card`.
    Discarded {
        /// Who.
        player: usize,
        /// The card.
        card: Card,
        /// Whether the discard pile was shuffled into a new deck after.
        reshuffled: bool,
    },
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The game is over.
    Over,
    /// It is the computer player's turn.
    NotYourTurn,
    /// Draw a card first.
    DrawFirst,
    /// You have drawn: discard now.
    DiscardNow,
    /// That card is not in your hand.
    NotInHand,
    /// There is nothing to take there.
    Empty,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::Over => "the game is over",
            Refusal::NotYourTurn => "it is the computer player's turn",
            Refusal::DrawFirst => "draw a card from the deck or the discard pile first",
            Refusal::DiscardNow => "you have drawn: discard a card of your hand now",
            Refusal::NotInHand => "that card is not in your hand",
            Refusal::Empty => "there is no card there",
        })
    }
}

/// A game of Rummy.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rummy {
    /// The deck, the top (next drawn) first.
    pub stock: Vec<Card>,
    /// The discard pile, the top last.
    pub discards: Vec<Card>,
    /// The hands: yours and the computer player's, the latest card first.
    pub hands: [Vec<Card>; 2],
    /// Where the game stands.
    pub phase: Phase,
    /// Your turns so far (each draw counts one).
    pub turns: u32,
    /// The dice of the reshuffles.
    pub rng: Rng,
}

impl Rummy {
    /// The deal for `seed`: the deck riffled seven times with
    /// `Rng::new(seed)`, ten cards to the computer player, ten to you, one
    /// face up to start the discard pile.
    pub fn deal(seed: u64) -> Rummy {
        let mut rng = Rng::new(seed);
        let mut stock = riffle(&deck(), SHUFFLES, &mut rng);
        let computer: Vec<Card> = stock.drain(..DEAL_COUNT).collect();
        let you: Vec<Card> = stock.drain(..DEAL_COUNT).collect();
        let discards = vec![stock.remove(0)];
        let mut game = Rummy {
            stock,
            discards,
            hands: [you, computer],
            phase: Phase::Draw,
            turns: 0,
            rng,
        };
        let winner = match (is_rummy(&game.hands[YOU]), is_rummy(&game.hands[COMPUTER])) {
            (true, true) => Some(Winner::Tie),
            (true, false) => Some(Winner::You),
            (false, true) => Some(Winner::Computer),
            (false, false) => None,
        };
        if let Some(winner) = winner {
            game.phase = Phase::Over {
                winner,
                dealt: true,
            };
        }
        game
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// The winner, once over.
    pub fn winner(&self) -> Option<Winner> {
        match self.phase {
            Phase::Over { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// Whether it is the computer player's turn.
    pub fn computer_to_play(&self) -> bool {
        matches!(self.phase, Phase::ComputerDraw | Phase::ComputerDiscard)
    }

    /// Every card in the game, sorted (the 52 of the deck).
    pub fn all_cards(&self) -> Vec<Card> {
        let mut all = self.stock.clone();
        all.extend(&self.discards);
        all.extend(&self.hands[YOU]);
        all.extend(&self.hands[COMPUTER]);
        all.sort();
        all
    }

    /// The discard pile's top card.
    pub fn top_discard(&self) -> Option<Card> {
        self.discards.last().copied()
    }

    /// Whether `mv` would be accepted now.
    pub fn check(&self, mv: Move) -> Result<(), Refusal> {
        match (self.phase, mv) {
            (Phase::Over { .. }, _) => Err(Refusal::Over),
            (Phase::ComputerDraw | Phase::ComputerDiscard, _) => Err(Refusal::NotYourTurn),
            (Phase::Draw, Move::Discard(_)) => Err(Refusal::DrawFirst),
            (Phase::Discard, Move::DrawStock | Move::DrawDiscard) => Err(Refusal::DiscardNow),
            (Phase::Draw, Move::DrawStock) if self.stock.is_empty() => Err(Refusal::Empty),
            (Phase::Draw, Move::DrawDiscard) if self.discards.is_empty() => Err(Refusal::Empty),
            (Phase::Discard, Move::Discard(card)) if !self.hands[YOU].contains(&card) => {
                Err(Refusal::NotInHand)
            }
            _ => Ok(()),
        }
    }

    /// Shuffles the discard pile but its top into a new deck when the deck
    /// is empty (the original's `check-empty-deck`); whether it did.
    fn check_empty_deck(&mut self) -> bool {
        if !self.stock.is_empty() || self.discards.len() < 2 {
            return false;
        }
        let top = self.discards.pop().expect("a top discard");
        // The original's pile is listed top first.
        let rest: Vec<Card> = self.discards.drain(..).rev().collect();
        self.stock = riffle(&rest, SHUFFLES, &mut self.rng);
        self.discards.push(top);
        true
    }

    /// Makes your move `mv`; what happened. A discard that does not win
    /// hands the turn to the computer player.
    pub fn play(&mut self, mv: Move) -> Result<Report, Refusal> {
        self.check(mv)?;
        Ok(match mv {
            Move::DrawStock => {
                let card = self.stock.remove(0);
                self.hands[YOU].insert(0, card);
                self.phase = Phase::Discard;
                self.turns += 1;
                Report::DrewStock { player: YOU, card }
            }
            Move::DrawDiscard => {
                let card = self.discards.pop().expect("checked");
                self.hands[YOU].insert(0, card);
                self.phase = Phase::Discard;
                self.turns += 1;
                Report::TookDiscard { player: YOU, card }
            }
            Move::Discard(card) => {
                self.hands[YOU].retain(|&c| c != card);
                self.discards.push(card);
                let reshuffled = if is_rummy(&self.hands[YOU]) {
                    self.phase = Phase::Over {
                        winner: Winner::You,
                        dealt: false,
                    };
                    false
                } else {
                    self.phase = Phase::ComputerDraw;
                    self.check_empty_deck()
                };
                Report::Discarded {
                    player: YOU,
                    card,
                    reshuffled,
                }
            }
        })
    }

    /// One step of the computer player: its draw, or its discard (which
    /// may win). `None` when it is not its turn.
    pub fn computer_step(&mut self) -> Option<Report> {
        match self.phase {
            Phase::ComputerDraw => {
                let hand = &self.hands[COMPUTER];
                let n = self.discards.len();
                let report = match self.top_discard() {
                    Some(top) if wants_card(hand, top, &self.discards[..n - 1]) => {
                        self.discards.pop();
                        Report::TookDiscard {
                            player: COMPUTER,
                            card: top,
                        }
                    }
                    _ => Report::DrewStock {
                        player: COMPUTER,
                        card: self.stock.remove(0),
                    },
                };
                let (Report::TookDiscard { card, .. } | Report::DrewStock { card, .. }) = report
                else {
                    unreachable!()
                };
                self.hands[COMPUTER].insert(0, card);
                self.phase = Phase::ComputerDiscard;
                Some(report)
            }
            Phase::ComputerDiscard => {
                let card = choose_discard(&self.hands[COMPUTER], &self.discards);
                self.hands[COMPUTER].retain(|&c| c != card);
                self.discards.push(card);
                let reshuffled = if is_rummy(&self.hands[COMPUTER]) {
                    self.phase = Phase::Over {
                        winner: Winner::Computer,
                        dealt: false,
                    };
                    false
                } else {
                    self.phase = Phase::Draw;
                    self.check_empty_deck()
                };
                Some(Report::Discarded {
                    player: COMPUTER,
                    card,
                    reshuffled,
                })
            }
            _ => None,
        }
    }
}

/// How many of `gone` have `card`'s value (the original's `count-gone`).
fn count_gone(value: u8, gone: &[Card]) -> i32 {
    gone.iter().filter(|c| c.rank.value() == value).count() as i32
}

/// 0 when the card of `value` and `suit` is gone for good, else 1 (the
/// original's `count-avail`).
fn count_avail(value: u8, suit: cards::Suit, gone: &[Card]) -> i32 {
    i32::from(
        !gone
            .iter()
            .any(|c| c.rank.value() == value && c.suit == suit),
    )
}

/// How many cards not yet gone would make a straight with two cards of a
/// suit (the original's `rate-straight`).
fn rate_straight(suit: cards::Suit, value: u8, value2: u8, gone: &[Card]) -> i32 {
    let v1 = match value {
        1 if value2 > 6 => 14,
        v => v,
    };
    let v2 = match value2 {
        1 if value > 6 => 14,
        v => v,
    };
    match v1.abs_diff(v2) {
        1 => {
            if v1 == 1 || v2 == 1 {
                count_avail(3, suit, gone)
            } else if v1 == 14 || v2 == 14 {
                count_avail(12, suit, gone)
            } else if v1 == 13 || v2 == 13 {
                count_avail(11, suit, gone) + count_avail(1, suit, gone)
            } else {
                count_avail(v1.min(v2) - 1, suit, gone) + count_avail(v1.max(v2) + 1, suit, gone)
            }
        }
        2 => count_avail(v1.midpoint(v2), suit, gone),
        _ => 0,
    }
}

/// The original's `pair-rating`: over every ordered pair of the hand's
/// cards (each card with itself too), two less the gone cards of the value
/// for the same value, the straight's chances for the same suit.
pub fn pair_rating(hand: &[Card], gone: &[Card]) -> i32 {
    let mut total = 0;
    for a in hand {
        for b in hand {
            let (v, v2) = (a.rank.value(), b.rank.value());
            total += if v == v2 {
                2 - count_gone(v, gone)
            } else if a.suit == b.suit {
                rate_straight(a.suit, v, v2, gone)
            } else {
                0
            };
        }
    }
    total
}

/// The computer player's discard (the original's `machine-discard`): the
/// card whose loss leaves the biggest arrangement into melds, and of those
/// the best pair rating; the first such in the hand's order.
pub fn choose_discard(hand: &[Card], gone: &[Card]) -> Card {
    let without =
        |card: Card| -> Vec<Card> { hand.iter().copied().filter(|&c| c != card).collect() };
    let sizes: Vec<(usize, Card)> = hand.iter().map(|&c| (meld_size(&without(c)), c)).collect();
    let most = sizes.iter().map(|&(n, _)| n).max().expect("a hand");
    let ratings: Vec<(i32, Card)> = sizes
        .iter()
        .filter(|&&(n, _)| n == most)
        .map(|&(_, c)| (pair_rating(&without(c), gone), c))
        .collect();
    let best = ratings.iter().map(|&(r, _)| r).max().expect("a card");
    ratings
        .into_iter()
        .find(|&(r, _)| r == best)
        .map(|(_, c)| c)
        .expect("a card")
}

/// Whether the computer player takes `card` from the discard pile (the
/// original's `machine-wants-card?`): when, after its discard, its best
/// arrangement grows, or stays with a better pair rating.
pub fn wants_card(hand: &[Card], card: Card, gone: &[Card]) -> bool {
    let before = meld_size(hand);
    let mut with: Vec<Card> = vec![card];
    with.extend_from_slice(hand);
    let out = choose_discard(&with, gone);
    with.retain(|&c| c != out);
    let after = meld_size(&with);
    after > before || (after == before && pair_rating(&with, gone) > pair_rating(hand, gone))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::card::read_cards;

    fn cards(text: &str) -> Vec<Card> {
        read_cards(text).unwrap()
    }

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    /// A game with these hands and top discard, the rest in the deck.
    fn with_hands(you: &str, computer: &str, top: &str) -> Rummy {
        let mut g = Rummy::deal(1);
        let (you, computer, top) = (cards(you), cards(computer), card(top));
        g.stock = deck()
            .into_iter()
            .filter(|c| !you.contains(c) && !computer.contains(c) && *c != top)
            .collect();
        g.hands = [you, computer];
        g.discards = vec![top];
        g.phase = Phase::Draw;
        g
    }

    #[test]
    fn the_deal_gives_ten_each_and_starts_the_discards() {
        for seed in 0..40 {
            let g = Rummy::deal(seed);
            assert_eq!(g.all_cards(), deck());
            assert_eq!(g.hands[YOU].len(), 10);
            assert_eq!(g.hands[COMPUTER].len(), 10);
            assert_eq!(g.discards.len(), 1);
            assert_eq!(g.stock.len(), 31);
        }
        assert_eq!(Rummy::deal(5), Rummy::deal(5));
        assert_ne!(Rummy::deal(5).hands, Rummy::deal(6).hands);
    }

    #[test]
    fn a_turn_is_a_draw_then_a_discard() {
        let mut g = with_hands(
            "2C 5D 8H JS KC 3H 6S 9D QC 4S",
            "AC AD 7H 7S 9H TS 2D 5S 8C JD",
            "KH",
        );
        assert_eq!(g.check(Move::Discard(card("2C"))), Err(Refusal::DrawFirst));
        let r = g.play(Move::DrawDiscard).unwrap();
        assert_eq!(
            r,
            Report::TookDiscard {
                player: YOU,
                card: card("KH")
            }
        );
        assert_eq!(g.check(Move::DrawStock), Err(Refusal::DiscardNow));
        assert_eq!(g.check(Move::Discard(card("AS"))), Err(Refusal::NotInHand));
        g.play(Move::Discard(card("2C"))).unwrap();
        assert_eq!(g.top_discard(), Some(card("2C")));
        assert_eq!(g.phase, Phase::ComputerDraw);
        assert_eq!(g.check(Move::DrawStock), Err(Refusal::NotYourTurn));
        assert!(g.computer_step().is_some());
        assert_eq!(g.hands[COMPUTER].len(), 11);
        let Some(Report::Discarded { player, card, .. }) = g.computer_step() else {
            panic!()
        };
        assert_eq!(player, COMPUTER);
        assert_eq!(g.top_discard(), Some(card));
        assert_eq!(g.hands[COMPUTER].len(), 10);
        assert_eq!(g.phase, Phase::Draw);
        assert_eq!(g.all_cards(), deck());
    }

    #[test]
    fn a_discard_leaving_ten_cards_in_melds_wins() {
        let mut g = with_hands(
            "AS 2S 3S 4S QD KD AD 9C 9H 5C",
            "AC 7D 7H 7S 9D TS 2D 5S 8C JD",
            "9S",
        );
        g.play(Move::DrawDiscard).unwrap();
        g.play(Move::Discard(card("5C"))).unwrap();
        assert_eq!(
            g.phase,
            Phase::Over {
                winner: Winner::You,
                dealt: false
            }
        );
        assert_eq!(g.check(Move::DrawStock), Err(Refusal::Over));
    }

    #[test]
    fn the_computer_takes_a_discard_that_makes_a_meld() {
        let g = with_hands(
            "2C 5D 8H JS KC 3H 6S 9C QC 4S",
            "7D 7H 2S 9D TS 2D 5S 8C JD QH",
            "7S",
        );
        assert!(wants_card(&g.hands[COMPUTER], card("7S"), &[]));
        let mut g = g;
        g.phase = Phase::ComputerDraw;
        assert_eq!(
            g.computer_step(),
            Some(Report::TookDiscard {
                player: COMPUTER,
                card: card("7S")
            })
        );
        // It keeps its set of sevens.
        let Some(Report::Discarded { card: out, .. }) = g.computer_step() else {
            panic!()
        };
        assert_ne!(out.rank.value(), 7);
        // A useless discard is left for the deck.
        assert!(!wants_card(
            &cards("7D 7H 7S 9D TS 2D 5S 8C JD QH"),
            card("4C"),
            &[]
        ));
    }

    #[test]
    fn the_pair_rating_counts_what_is_gone() {
        // Two sevens: each with itself and each other, 2 each.
        assert_eq!(pair_rating(&cards("7H 7S"), &[]), 8);
        assert_eq!(pair_rating(&cards("7H 7S"), &cards("7D")), 4);
        // Five and six of hearts: 4 or 7 would make the straight.
        assert_eq!(pair_rating(&cards("5H 6H"), &[]), 2 + 2 + 2 + 2);
        assert_eq!(pair_rating(&cards("5H 6H"), &cards("4H")), 2 + 2 + 1 + 1);
        // King and ace: only the queen is wanted.
        assert_eq!(pair_rating(&cards("KH AH"), &[]), 2 + 2 + 1 + 1);
    }

    #[test]
    fn an_empty_deck_is_made_of_the_discards_but_the_top() {
        let mut g = with_hands(
            "2C 5D 8H JS KC 3H 6S 9C QC 4S",
            "7D 7H 2S 9D TS 2D 5S 8C JD QH",
            "KH",
        );
        let rest = std::mem::take(&mut g.stock);
        g.discards = rest;
        g.discards.push(card("KH"));
        g.play(Move::DrawDiscard).unwrap();
        let Report::Discarded { reshuffled, .. } = g.play(Move::Discard(card("KH"))).unwrap()
        else {
            panic!()
        };
        assert!(reshuffled);
        assert_eq!(g.discards, [card("KH")]);
        assert_eq!(g.stock.len(), 31);
        assert_eq!(g.all_cards(), deck());
    }

    #[test]
    fn the_computer_against_itself_finishes_games() {
        let mut won = 0;
        for seed in 0..20 {
            let mut g = Rummy::deal(seed);
            let mut turns = 0;
            while !g.over() && turns < 300 {
                turns += 1;
                match g.phase {
                    Phase::Draw => {
                        let top = g.top_discard().unwrap();
                        let n = g.discards.len();
                        let mv = if wants_card(&g.hands[YOU], top, &g.discards[..n - 1]) {
                            Move::DrawDiscard
                        } else {
                            Move::DrawStock
                        };
                        g.play(mv).unwrap();
                        let out = choose_discard(&g.hands[YOU], &g.discards);
                        g.play(Move::Discard(out)).unwrap();
                    }
                    _ => {
                        g.computer_step().unwrap();
                    }
                }
                assert_eq!(g.all_cards(), deck());
            }
            won += usize::from(g.over());
        }
        assert!(won >= 15, "{won} of 20 games ended within 300 turns");
    }
}
