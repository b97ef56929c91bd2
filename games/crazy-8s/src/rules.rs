//! The rules of Crazy 8s after the original's `games/crazy8s/crazy8s.rkt`,
//! with no UI: the deal, what may be discarded, drawing and passing, the
//! suit chosen for an 8, the computer opponents' play, and the end.
//!
//! Everything follows from the options, the seed and the actions taken,
//! which is what a save keeps ([`Crazy8s::replay`]).

use cards::{Card, Suit};
use game_api::Rng;

/// The numbers of opponents and cards the original's Options offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Computer opponents, 1 to 3.
    pub opponents: usize,
    /// Cards dealt to each player.
    pub hand_size: usize,
}

impl Options {
    /// The four choices of the original's dialog, in its order.
    pub const ALL: [Options; 4] = [
        Options {
            opponents: 1,
            hand_size: 10,
        },
        Options {
            opponents: 1,
            hand_size: 7,
        },
        Options {
            opponents: 2,
            hand_size: 7,
        },
        Options {
            opponents: 3,
            hand_size: 7,
        },
    ];

    /// The original's default: one opponent, seven cards.
    pub const DEFAULT: Options = Options::ALL[1];

    /// Its label, as the original's dialog words it: "2 opponents, 7 cards".
    pub fn label(self) -> String {
        let s = if self.opponents == 1 { "" } else { "s" };
        format!("{} opponent{s}, {} cards", self.opponents, self.hand_size)
    }

    /// The choice of a label.
    pub fn from_label(label: &str) -> Option<Options> {
        Options::ALL.into_iter().find(|o| o.label() == label.trim())
    }
}

/// What a player does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// You draw the deck's top card (your turn goes on).
    Draw,
    /// You discard this card of your hand.
    Discard(Card),
    /// You pick the suit of the 8 you discarded.
    ChooseSuit(Suit),
    /// You pass (only when the deck is empty).
    Pass,
    /// The next computer opponent takes its whole turn.
    Opponent,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Your hand is empty.
    YouWin,
    /// This opponent's hand is empty (1-based, as the table names them).
    OpponentWins(usize),
    /// The deck is empty and no one can discard.
    Stuck,
}

/// Whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// Yours: discard, draw, or pass when the deck is empty.
    You,
    /// You discarded an 8 and pick its suit.
    PickSuit,
    /// Opponent `n`'s (1-based).
    Opponent(usize),
    /// The game is over.
    Over(Ending),
}

/// Why an action is refused, in words for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A game of Crazy 8s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crazy8s {
    /// The options it was dealt with.
    pub options: Options,
    /// The seed of its shuffle.
    pub seed: u64,
    /// The draw pile, the next card drawn first.
    pub deck: Vec<Card>,
    /// The discard pile, the top last.
    pub discards: Vec<Card>,
    /// The suit to match: the top discard's, or the one chosen for an 8.
    pub suit: Suit,
    /// The hands: yours first, then each opponent's.
    pub hands: Vec<Vec<Card>>,
    /// Whose turn it is.
    pub turn: Turn,
    /// Every action taken, in order.
    pub log: Vec<Action>,
}

/// The original's order of suits in a hand, red and black alternating:
/// diamonds, clubs, hearts, spades.
fn suit_order(s: Suit) -> u8 {
    match s {
        Suit::Diamonds => 0,
        Suit::Clubs => 1,
        Suit::Hearts => 2,
        Suit::Spades => 3,
    }
}

/// Whether a card is an 8.
pub fn is_eight(c: Card) -> bool {
    c.rank.value() == 8
}

/// The original's sort of a hand: the 8s first, then by suit (diamonds,
/// clubs, hearts, spades) and rank.
pub fn sort_key(c: Card) -> (u8, u8, u8) {
    if is_eight(c) {
        (0, suit_order(c.suit), 0)
    } else {
        (1, suit_order(c.suit), c.rank.value())
    }
}

impl Crazy8s {
    /// Deals a game: the deck shuffled by `seed`, `hand_size` cards to you
    /// then to each opponent, and the next card turned up as the first
    /// discard (when it is an 8, the deck is shuffled again until it is not).
    pub fn deal(options: Options, seed: u64) -> Crazy8s {
        let mut rng = Rng::new(seed);
        let mut deck = cards::card::deck();
        rng.shuffle(&mut deck);
        let mut hands = Vec::new();
        for _ in 0..=options.opponents {
            let mut hand: Vec<Card> = deck.drain(..options.hand_size).collect();
            hand.sort_by_key(|&c| sort_key(c));
            hands.push(hand);
        }
        while is_eight(deck[0]) {
            rng.shuffle(&mut deck);
        }
        let first = deck.remove(0);
        Crazy8s {
            options,
            seed,
            deck,
            discards: vec![first],
            suit: first.suit,
            hands,
            turn: Turn::You,
            log: Vec::new(),
        }
    }

    /// The game the options, the seed and the actions make.
    pub fn replay(options: Options, seed: u64, log: &[Action]) -> Result<Crazy8s, Refusal> {
        let mut game = Crazy8s::deal(options, seed);
        for &a in log {
            game.play(a)?;
        }
        Ok(game)
    }

    /// The top discard.
    pub fn top(&self) -> Card {
        *self.discards.last().expect("a discard pile is never empty")
    }

    /// Whether `card` may be discarded on the pile now: an 8, or the
    /// suit to match, or the top card's rank.
    pub fn playable(&self, card: Card) -> bool {
        is_eight(card) || card.suit == self.suit || card.rank == self.top().rank
    }

    /// Whether player `p` (0 you) holds a card that may be discarded.
    pub fn can_discard(&self, p: usize) -> bool {
        self.hands[p].iter().any(|&c| self.playable(c))
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self.turn, Turn::Over(_))
    }

    /// Whether `a` may be taken now, or why not.
    pub fn check(&self, a: Action) -> Result<(), Refusal> {
        let no = |why: String| Err(Refusal(why));
        match (self.turn, a) {
            (Turn::Over(_), _) => no("the game is over".into()),
            (Turn::You, Action::Draw) if self.deck.is_empty() => {
                no("the deck is empty: discard or pass".into())
            }
            (Turn::You, Action::Draw) => Ok(()),
            (Turn::You, Action::Pass) if !self.deck.is_empty() => {
                no("you may pass only when the deck is empty: draw instead".into())
            }
            (Turn::You, Action::Pass) => Ok(()),
            (Turn::You, Action::Discard(c)) => {
                if !self.hands[0].contains(&c) {
                    no(format!("the {} is not in your hand", c.name()))
                } else if !self.playable(c) {
                    no(format!(
                        "the {} matches neither the {} nor the suit ({}); only an 8 goes on anything",
                        c.name(),
                        self.top().rank.name(),
                        self.suit.name()
                    ))
                } else {
                    Ok(())
                }
            }
            (Turn::You, _) => no("it is your turn: discard, draw or pass".into()),
            (Turn::PickSuit, Action::ChooseSuit(_)) => Ok(()),
            (Turn::PickSuit, _) => no("pick a suit for your 8 first".into()),
            (Turn::Opponent(_), Action::Opponent) => Ok(()),
            (Turn::Opponent(n), _) => no(format!("it is opponent {n}'s turn")),
        }
    }

    /// Takes `a`, or says why not (and changes nothing).
    pub fn play(&mut self, a: Action) -> Result<(), Refusal> {
        self.check(a)?;
        self.log.push(a);
        match (self.turn, a) {
            (Turn::You, Action::Draw) => {
                let c = self.deck.remove(0);
                let hand = &mut self.hands[0];
                let at = hand
                    .iter()
                    .position(|&h| sort_key(c) < sort_key(h))
                    .unwrap_or(hand.len());
                hand.insert(at, c);
            }
            (Turn::You, Action::Pass) => self.after_you(),
            (Turn::You, Action::Discard(c)) => {
                let i = self.hands[0].iter().position(|&h| h == c).expect("checked");
                self.hands[0].remove(i);
                self.discards.push(c);
                self.suit = c.suit;
                if self.hands[0].is_empty() {
                    self.turn = Turn::Over(Ending::YouWin);
                } else if is_eight(c) {
                    self.turn = Turn::PickSuit;
                } else {
                    self.after_you();
                }
            }
            (Turn::PickSuit, Action::ChooseSuit(s)) => {
                self.suit = s;
                self.after_you();
            }
            (Turn::Opponent(n), Action::Opponent) => self.opponent_turn(n),
            _ => unreachable!("checked"),
        }
        Ok(())
    }

    fn after_you(&mut self) {
        self.turn = Turn::Opponent(1);
    }

    /// The original's computer player: draws until it holds a card that
    /// may be discarded (or passes when the deck runs out), discards the
    /// first such card of its hand that is not an 8 (an 8 only when it
    /// has nothing else), and names for an 8 the suit it holds most of.
    fn opponent_turn(&mut self, n: usize) {
        loop {
            let matches: Vec<Card> = self.hands[n]
                .iter()
                .copied()
                .filter(|&c| self.playable(c))
                .collect();
            if matches.is_empty() {
                if self.deck.is_empty() {
                    break; // passes
                }
                let c = self.deck.remove(0);
                self.hands[n].insert(0, c);
                continue;
            }
            let c = matches
                .iter()
                .copied()
                .find(|&c| !is_eight(c))
                .unwrap_or(matches[0]);
            let i = self.hands[n].iter().position(|&h| h == c).expect("held");
            self.hands[n].remove(i);
            self.discards.push(c);
            self.suit = c.suit;
            if self.hands[n].is_empty() {
                self.turn = Turn::Over(Ending::OpponentWins(n));
                return;
            }
            if is_eight(c) {
                self.suit = self.favourite_suit(n);
            }
            break;
        }
        self.turn = if n < self.options.opponents {
            Turn::Opponent(n + 1)
        } else if self.is_stuck() {
            Turn::Over(Ending::Stuck)
        } else {
            Turn::You
        };
    }

    /// The suit player `n` holds most of, 8s left out; on a tie the first
    /// in the original's suit order (clubs, diamonds, hearts, spades).
    pub fn favourite_suit(&self, n: usize) -> Suit {
        let count = |s: Suit| {
            self.hands[n]
                .iter()
                .filter(|c| c.suit == s && !is_eight(**c))
                .count()
        };
        let mut best = Suit::Clubs;
        for s in Suit::ALL {
            if count(s) > count(best) {
                best = s;
            }
        }
        best
    }

    /// Whether the game is stuck: the deck is empty and no player holds a
    /// card that may be discarded.
    pub fn is_stuck(&self) -> bool {
        self.deck.is_empty() && (0..self.hands.len()).all(|p| !self.can_discard(p))
    }

    /// What may be discarded on the pile, in words: "a heart, 5, or crazy
    /// 8" (or "a heart or crazy 8" after an 8), as the original's status
    /// line says it.
    pub fn wanted(&self) -> String {
        let top = self.top();
        if is_eight(top) {
            format!("a {} or crazy 8", self.suit.singular())
        } else {
            let rank = match top.rank.value() {
                1 => "ace".to_string(),
                11 => "jack".to_string(),
                12 => "queen".to_string(),
                13 => "king".to_string(),
                v => v.to_string(),
            };
            format!("a {}, {rank}, or crazy 8", self.suit.singular())
        }
    }
}

#[cfg(test)]
impl Crazy8s {
    /// A legal action for tests that play a game through: your first
    /// playable card, else a draw (a pass when the deck is empty); `suit`
    /// for an 8; the opponent's turn; `None` at the end.
    pub(crate) fn some_action(&self, suit: Suit) -> Option<Action> {
        Some(match self.turn {
            Turn::You => self.hands[0]
                .iter()
                .copied()
                .find(|&c| self.playable(c))
                .map(Action::Discard)
                .unwrap_or(if self.deck.is_empty() {
                    Action::Pass
                } else {
                    Action::Draw
                }),
            Turn::PickSuit => Action::ChooseSuit(suit),
            Turn::Opponent(_) => Action::Opponent,
            Turn::Over(_) => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::card::read_cards;
    use std::collections::HashSet;

    fn cards(text: &str) -> Vec<Card> {
        read_cards(text).unwrap()
    }

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    /// A game with these hands (yours first), top discard and deck.
    fn position(hands: &[&str], top: &str, deck: &str) -> Crazy8s {
        let top = card(top);
        Crazy8s {
            options: Options {
                opponents: hands.len() - 1,
                hand_size: 7,
            },
            seed: 0,
            deck: cards(deck),
            discards: vec![top],
            suit: top.suit,
            hands: hands.iter().map(|h| cards(h)).collect(),
            turn: Turn::You,
            log: Vec::new(),
        }
    }

    #[test]
    fn a_deal_uses_each_card_once_and_never_starts_on_an_8() {
        for (i, options) in Options::ALL.into_iter().enumerate() {
            for seed in 0..50 {
                let g = Crazy8s::deal(options, seed + 100 * i as u64);
                let mut all: Vec<Card> = g.deck.clone();
                all.extend(&g.discards);
                for h in &g.hands {
                    assert_eq!(h.len(), options.hand_size);
                    let mut sorted = h.clone();
                    sorted.sort_by_key(|&c| sort_key(c));
                    assert_eq!(&sorted, h);
                    all.extend(h);
                }
                assert_eq!(all.len(), 52);
                assert_eq!(all.iter().collect::<HashSet<_>>().len(), 52);
                assert!(!is_eight(g.top()));
                assert_eq!(g.hands.len(), options.opponents + 1);
                assert_eq!(g.turn, Turn::You);
            }
        }
        assert_eq!(
            Crazy8s::deal(Options::DEFAULT, 5),
            Crazy8s::deal(Options::DEFAULT, 5)
        );
    }

    #[test]
    fn the_options_are_the_originals() {
        let labels: Vec<String> = Options::ALL.iter().map(|o| o.label()).collect();
        assert_eq!(
            labels,
            [
                "1 opponent, 10 cards",
                "1 opponent, 7 cards",
                "2 opponents, 7 cards",
                "3 opponents, 7 cards"
            ]
        );
        assert_eq!(Options::DEFAULT.label(), "1 opponent, 7 cards");
        assert_eq!(
            Options::from_label("3 opponents, 7 cards"),
            Some(Options::ALL[3])
        );
    }

    #[test]
    fn a_card_goes_on_its_suit_its_rank_or_anything_if_an_8() {
        let g = position(&["5H 5C 8S 2C", "3D"], "5D", "KS");
        assert!(g.playable(card("5H")), "same rank");
        assert!(g.playable(card("8S")), "an 8");
        assert!(g.playable(card("2D")), "same suit");
        assert!(!g.playable(card("2C")));
        assert_eq!(
            g.check(Action::Discard(card("2C"))),
            Err(Refusal(
                "the two of clubs matches neither the five nor the suit (diamonds); only an 8 goes on anything".into()
            ))
        );
        assert!(
            g.check(Action::Discard(card("3D"))).is_err(),
            "not in your hand"
        );
        assert_eq!(g.wanted(), "a diamond, 5, or crazy 8");
    }

    #[test]
    fn drawing_keeps_your_turn_and_passing_needs_an_empty_deck() {
        let mut g = position(&["2C 5H", "3D"], "9S", "KS 4D");
        assert_eq!(
            g.check(Action::Pass),
            Err(Refusal(
                "you may pass only when the deck is empty: draw instead".into()
            ))
        );
        g.play(Action::Draw).unwrap();
        assert_eq!(g.turn, Turn::You);
        assert_eq!(g.hands[0], cards("2C 5H KS"), "sorted in");
        g.play(Action::Draw).unwrap();
        assert_eq!(g.hands[0], cards("4D 2C 5H KS"));
        assert!(g.check(Action::Draw).is_err());
        g.play(Action::Pass).unwrap();
        assert_eq!(g.turn, Turn::Opponent(1));
    }

    #[test]
    fn an_8_asks_for_a_suit_which_the_next_card_must_match() {
        let mut g = position(&["8S 2C 5H", "3D 4D"], "9D", "KS");
        g.play(Action::Discard(card("8S"))).unwrap();
        assert_eq!(g.turn, Turn::PickSuit);
        assert!(g.check(Action::Draw).is_err());
        g.play(Action::ChooseSuit(Suit::Clubs)).unwrap();
        assert_eq!(g.suit, Suit::Clubs);
        assert_eq!(g.wanted(), "a club or crazy 8");
        assert_eq!(g.turn, Turn::Opponent(1));
        // The opponent holds no club and no 8: it draws the king of
        // spades, still nothing, and the deck is empty: it passes.
        g.play(Action::Opponent).unwrap();
        assert_eq!(g.hands[1], cards("KS 3D 4D"));
        assert_eq!(g.discards.len(), 2);
        assert_eq!(g.turn, Turn::You);
        assert!(g.playable(card("2C")) && !g.playable(card("5H")));
    }

    #[test]
    fn your_last_card_wins_even_an_8() {
        let mut g = position(&["8S", "3D"], "9D", "KS");
        g.play(Action::Discard(card("8S"))).unwrap();
        assert_eq!(g.turn, Turn::Over(Ending::YouWin));
        assert!(g.check(Action::Draw).is_err());
    }

    #[test]
    fn an_opponent_draws_until_it_can_discard_and_keeps_its_8s() {
        let mut g = position(&["2C 3C", "8H 9S KD"], "5C", "JS 4C QH");
        g.turn = Turn::Opponent(1);
        g.play(Action::Opponent).unwrap();
        // No club and no five: its only card to discard is the 8.
        assert_eq!(g.top(), card("8H"));
        // It names the suit it holds most of: a spade and a diamond, one
        // each; of those, diamonds come first in the original's order.
        assert_eq!(g.suit, Suit::Diamonds);
        assert_eq!(g.turn, Turn::You);

        let mut g = position(&["2C 3C", "8H 9S KD"], "5H", "JS 4C QH");
        g.turn = Turn::Opponent(1);
        g.play(Action::Opponent).unwrap();
        // Its only heart is the 8: it goes.
        assert_eq!(g.hands[1], cards("9S KD"));
        assert_eq!(g.top(), card("8H"));

        let mut g = position(&["2C 3C", "9S KD"], "5C", "JS 4C QH");
        g.turn = Turn::Opponent(1);
        g.play(Action::Opponent).unwrap();
        // Draws the jack of spades (no), then the four of clubs: plays it.
        assert_eq!(g.hands[1], cards("JS 9S KD"));
        assert_eq!(g.top(), card("4C"));
        assert_eq!(g.deck, cards("QH"));
    }

    #[test]
    fn the_favourite_suit_counts_no_8s() {
        let g = position(&["2C", "8S 8D 2H 3H 4S"], "5C", "");
        assert_eq!(g.favourite_suit(1), Suit::Hearts);
    }

    #[test]
    fn an_opponents_last_card_wins_and_play_goes_round_the_table() {
        let mut g = position(&["2C 3C", "5D 6D", "7C"], "5C", "KS");
        g.play(Action::Discard(card("2C"))).unwrap();
        assert_eq!(g.turn, Turn::Opponent(1));
        g.play(Action::Opponent).unwrap();
        // Drew the king, no match, the deck is empty: passed.
        assert_eq!(g.top(), card("2C"));
        assert_eq!(g.hands[1], cards("KS 5D 6D"));
        assert_eq!(g.turn, Turn::Opponent(2));
        g.play(Action::Opponent).unwrap();
        assert_eq!(g.top(), card("7C"));
        assert_eq!(g.turn, Turn::Over(Ending::OpponentWins(2)));
    }

    #[test]
    fn a_game_is_stuck_when_the_deck_is_empty_and_no_one_can_discard() {
        let mut g = position(&["2C 3C", "5D 6D"], "9H", "");
        g.play(Action::Pass).unwrap();
        g.play(Action::Opponent).unwrap();
        assert_eq!(g.turn, Turn::Over(Ending::Stuck));
        let mut g = position(&["2C 3C", "5D 6D"], "9H", "");
        g.hands[1] = cards("9D");
        g.play(Action::Pass).unwrap();
        g.play(Action::Opponent).unwrap();
        assert_eq!(g.turn, Turn::Over(Ending::OpponentWins(1)));
    }

    #[test]
    fn a_replay_of_the_log_rebuilds_the_game() {
        let mut g = Crazy8s::deal(Options::ALL[2], 9);
        for _ in 0..30 {
            let Some(a) = g.some_action(Suit::Hearts) else {
                break;
            };
            g.play(a).unwrap();
        }
        assert_eq!(Crazy8s::replay(g.options, 9, &g.log), Ok(g));
    }
}
