//! The rules of Go Fish, free of any user interface, after the original's
//! `games/gofish/gofish.rkt`: three players (you and two computer
//! opponents) are dealt seven cards each from a deck given seven riffle
//! shuffles; the rest is the pile to fish from. Players take turns (you,
//! then Opponent 1, then Opponent 2) asking another player for a card of
//! a rank they hold:
//!
//! - if the other player has one, they give it (all of that rank, when
//!   playing books of four), the match goes to the asker's box, and the
//!   asker goes again;
//! - if not, "Go Fish!": the asker draws the pile's top card; a match made
//!   by that card goes to the box and the asker goes again, else the turn
//!   passes. An empty pile passes the turn at once.
//!
//! You move the matches you hold to your box yourself (the opponents'
//! move by themselves). The game is over when a player's hand is empty;
//! the most matches wins.
//!
//! The original plays **pairs** (a match is two cards of a rank, the seed's
//! §1.2); [`MatchSize::Books`] plays the common books of four instead.
//!
//! The computer players ask as the original's do: a random card of their
//! hand not asked for since their memory was last cleared, of a random one
//! of the two others ([`GoFish::computer_step`]). Each ask is shown first
//! ([`GoFish::pending`]) and carried out at the next step, so a window
//! can show it for a moment; neither step takes any time.
//!
//! ```
//! use go_fish::rules::{GoFish, MatchSize, Phase, YOU};
//! let mut game = GoFish::deal(MatchSize::Pairs, 7);
//! assert_eq!(game.hands[YOU].len(), 7);
//! assert_eq!(game.phase, Phase::Turn(YOU));
//! // Ask Opponent 1 for the rank of the first card in your hand.
//! let card = game.hands[YOU][0];
//! let report = game.play(go_fish::rules::Move::Ask { target: 1, card }).unwrap();
//! assert_eq!(report.asker(), Some(YOU));
//! ```

use std::fmt;

use cards::card::deck;
use cards::deal::riffle;
use cards::{Card, Rank};
use game_api::Rng;

/// The number of players.
pub const PLAYERS: usize = 3;
/// Your seat.
pub const YOU: usize = 0;
/// The cards each player is dealt (the original's `DEAL-COUNT`).
pub const DEAL_COUNT: usize = 7;
/// The riffle shuffles of the deal (the original's `shuffle-list … 7`).
pub const SHUFFLES: usize = 7;

/// The players' names, as the original's regions are labelled.
pub const NAMES: [&str; PLAYERS] = ["You", "Opponent 1", "Opponent 2"];

/// How many cards of a rank make a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchSize {
    /// Two cards (the original); an asked player gives one card.
    Pairs,
    /// Four cards, a book; an asked player gives all they have of the rank.
    Books,
}

impl MatchSize {
    /// Both, the original's first.
    pub const ALL: [MatchSize; 2] = [MatchSize::Pairs, MatchSize::Books];

    /// The cards in a match: 2 or 4.
    pub fn cards(self) -> usize {
        match self {
            MatchSize::Pairs => 2,
            MatchSize::Books => 4,
        }
    }

    /// The option's word: "pairs" or "books".
    pub fn word(self) -> &'static str {
        match self {
            MatchSize::Pairs => "pairs",
            MatchSize::Books => "books",
        }
    }

    /// The choice of [`MatchSize::word`] (either case).
    pub fn from_word(word: &str) -> Option<MatchSize> {
        let w = word.trim().to_ascii_lowercase();
        MatchSize::ALL.into_iter().find(|m| m.word() == w)
    }

    /// A match's name: "pair" or "book".
    pub fn noun(self) -> &'static str {
        match self {
            MatchSize::Pairs => "pair",
            MatchSize::Books => "book",
        }
    }
}

impl fmt::Display for MatchSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MatchSize::Pairs => "Pairs",
            MatchSize::Books => "Books of four",
        })
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// This player's turn to ask (you may also put matches in your box).
    Turn(usize),
    /// You were told "Go Fish!": draw the pile's top card.
    Fishing,
    /// A hand is empty: the game is over.
    Over,
}

/// A player's ask: `asker` asks `target` for cards of `card`'s rank,
/// showing `card`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ask {
    /// Who asks.
    pub asker: usize,
    /// Who is asked.
    pub target: usize,
    /// The card shown (its rank is asked for).
    pub card: Card,
}

/// What you do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Put a match of `card`'s rank from your hand into your box.
    Declare {
        /// A card of the rank.
        card: Card,
    },
    /// Ask player `target` (1 or 2) for cards of `card`'s rank.
    Ask {
        /// The opponent asked.
        target: usize,
        /// Your card shown.
        card: Card,
    },
    /// Draw the pile's top card after "Go Fish!".
    Draw,
}

/// What happened, for the status line and the window.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Report {
    /// A match went to `player`'s box.
    Declared {
        /// Whose box.
        player: usize,
        /// Its rank.
        rank: Rank,
    },
    /// A computer player chose its ask (shown, carried out next step).
    Chose(Ask),
    /// An ask was answered: `given` the cards handed over (none: Go Fish),
    /// then what was drawn if the asker fished.
    Answered {
        /// The ask.
        ask: Ask,
        /// The cards handed over.
        given: Vec<Card>,
        /// Whether a match went to the asker's box.
        matched: bool,
        /// The card the asker drew (a computer draws at once; you are told
        /// to fish, [`Phase::Fishing`]).
        drew: Option<Card>,
        /// Whether the pile was empty, so the turn passed.
        pile_empty: bool,
    },
    /// You drew `card`; `matched` if it made a match.
    Drew {
        /// The card.
        card: Card,
        /// Whether it made a match.
        matched: bool,
    },
}

impl Report {
    /// Who asked, for an ask.
    pub fn asker(&self) -> Option<usize> {
        match self {
            Report::Chose(ask) | Report::Answered { ask, .. } => Some(ask.asker),
            _ => None,
        }
    }
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The game is over.
    Over,
    /// Not your turn (a computer player is playing).
    NotYourTurn,
    /// You must draw from the pile first.
    MustFish,
    /// There is nothing to fish for.
    NotFishing,
    /// The card is not in your hand.
    NotInHand,
    /// You do not hold a whole match of that rank.
    NoMatch(MatchSize),
    /// You cannot ask yourself (or a player who is not there).
    BadTarget,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Over => f.write_str("the game is over"),
            Refusal::NotYourTurn => f.write_str("it is not your turn"),
            Refusal::MustFish => {
                f.write_str("go fish first: drag the pile's top card to your hand")
            }
            Refusal::NotFishing => f.write_str("there is nothing to draw now"),
            Refusal::NotInHand => f.write_str("that card is not in your hand"),
            Refusal::NoMatch(size) => write!(
                f,
                "that is not a {}: you need {} cards of the rank",
                size.noun(),
                size.cards()
            ),
            Refusal::BadTarget => f.write_str("drag the card to an opponent"),
        }
    }
}

/// A game of Go Fish.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GoFish {
    /// Pairs or books.
    pub size: MatchSize,
    /// The pile to fish from, the top (next drawn) first.
    pub stock: Vec<Card>,
    /// Each player's hand, the latest card first (as the original conses).
    pub hands: [Vec<Card>; PLAYERS],
    /// Each player's box: their matches, in the order made.
    pub boxes: [Vec<Card>; PLAYERS],
    /// Each computer player's memory: the cards asked for since it was
    /// last cleared (the original's `tried`).
    pub tried: [Vec<Card>; PLAYERS],
    /// Where the game stands.
    pub phase: Phase,
    /// A computer player's ask on show, carried out at its next step.
    pub pending: Option<Ask>,
    /// The computer players' dice.
    pub rng: Rng,
}

impl GoFish {
    /// The deal for `seed`: a deck riffled seven times with
    /// `Rng::new(seed)`, seven cards to Opponent 1, seven to Opponent 2,
    /// seven to you, as the original deals; the opponents' matches go to
    /// their boxes; your turn.
    pub fn deal(size: MatchSize, seed: u64) -> GoFish {
        let mut rng = Rng::new(seed);
        let mut stock = riffle(&deck(), SHUFFLES, &mut rng);
        let mut take = || stock.drain(..DEAL_COUNT).collect::<Vec<Card>>();
        let one = take();
        let two = take();
        let you = take();
        let mut game = GoFish {
            size,
            stock,
            hands: [you, one, two],
            boxes: Default::default(),
            tried: Default::default(),
            phase: Phase::Turn(YOU),
            pending: None,
            rng,
        };
        for p in 1..PLAYERS {
            while let Some(rank) = game.full_rank(p) {
                game.complete(p, rank);
            }
        }
        game
    }

    /// The ranks `player` holds, with how many of each, lowest rank first.
    pub fn counts(&self, player: usize) -> Vec<(Rank, usize)> {
        Rank::ALL
            .into_iter()
            .map(|r| (r, self.count(player, r)))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// How many cards of `rank` `player` holds.
    pub fn count(&self, player: usize, rank: Rank) -> usize {
        self.hands[player].iter().filter(|c| c.rank == rank).count()
    }

    /// A rank of which `player` holds a whole match (the first in hand).
    pub fn full_rank(&self, player: usize) -> Option<Rank> {
        self.hands[player]
            .iter()
            .map(|c| c.rank)
            .find(|&r| self.count(player, r) >= self.size.cards())
    }

    /// The matches in `player`'s box.
    pub fn matches(&self, player: usize) -> usize {
        self.boxes[player].len() / self.size.cards()
    }

    /// Whose turn it is (you while fishing); `None` when over.
    pub fn turn(&self) -> Option<usize> {
        match self.phase {
            Phase::Turn(p) => Some(p),
            Phase::Fishing => Some(YOU),
            Phase::Over => None,
        }
    }

    /// Whether it is a computer player's turn.
    pub fn computer_to_play(&self) -> bool {
        matches!(self.phase, Phase::Turn(p) if p != YOU)
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The players with the most matches (the winners, once over).
    pub fn leaders(&self) -> Vec<usize> {
        let best = (0..PLAYERS).map(|p| self.matches(p)).max().unwrap_or(0);
        (0..PLAYERS).filter(|&p| self.matches(p) == best).collect()
    }

    /// Whether you won: over, with more matches than each opponent.
    pub fn you_won(&self) -> bool {
        self.over() && self.leaders() == [YOU]
    }

    /// Every card in the game, sorted (the 52 of the deck).
    pub fn all_cards(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self.stock.clone();
        for p in 0..PLAYERS {
            all.extend(&self.hands[p]);
            all.extend(&self.boxes[p]);
        }
        all.sort();
        all
    }

    /// Moves a match of `rank` from `player`'s hand to their box, if they
    /// hold one; whether they did.
    fn complete(&mut self, player: usize, rank: Rank) -> bool {
        if self.count(player, rank) < self.size.cards() {
            return false;
        }
        let mut left = self.size.cards();
        let mut kept = Vec::with_capacity(self.hands[player].len());
        for c in std::mem::take(&mut self.hands[player]) {
            if c.rank == rank && left > 0 {
                left -= 1;
                self.boxes[player].push(c);
            } else {
                kept.push(c);
            }
        }
        self.hands[player] = kept;
        true
    }

    /// Ends the game if a hand is empty (the original's `check-done`).
    fn check_done(&mut self) {
        if self.hands.iter().any(Vec::is_empty) {
            self.phase = Phase::Over;
            self.pending = None;
        }
    }

    /// Whether `mv` would be accepted now.
    pub fn check(&self, mv: Move) -> Result<(), Refusal> {
        match (self.phase, mv) {
            (Phase::Over, _) => Err(Refusal::Over),
            (Phase::Turn(p), _) if p != YOU => Err(Refusal::NotYourTurn),
            (Phase::Fishing, Move::Draw) => Ok(()),
            (Phase::Fishing, _) => Err(Refusal::MustFish),
            (_, Move::Draw) => Err(Refusal::NotFishing),
            (_, Move::Declare { card } | Move::Ask { card, .. })
                if !self.hands[YOU].contains(&card) =>
            {
                Err(Refusal::NotInHand)
            }
            (_, Move::Declare { card }) => {
                if self.count(YOU, card.rank) >= self.size.cards() {
                    Ok(())
                } else {
                    Err(Refusal::NoMatch(self.size))
                }
            }
            (_, Move::Ask { target, .. }) => {
                if target != YOU && target < PLAYERS {
                    Ok(())
                } else {
                    Err(Refusal::BadTarget)
                }
            }
        }
    }

    /// Makes your move `mv`; what happened.
    pub fn play(&mut self, mv: Move) -> Result<Report, Refusal> {
        self.check(mv)?;
        let report = match mv {
            Move::Declare { card } => {
                self.complete(YOU, card.rank);
                Report::Declared {
                    player: YOU,
                    rank: card.rank,
                }
            }
            Move::Ask { target, card } => self.answer(Ask {
                asker: YOU,
                target,
                card,
            }),
            Move::Draw => {
                let card = self.stock.remove(0);
                self.hands[YOU].insert(0, card);
                let matched = self.complete(YOU, card.rank);
                self.phase = if matched {
                    Phase::Turn(YOU)
                } else {
                    Phase::Turn(1)
                };
                Report::Drew { card, matched }
            }
        };
        self.check_done();
        Ok(report)
    }

    /// Carries out `ask` (the original's `ask-player-for-match`, then Go
    /// Fish): the next phase set, but not the end checked.
    fn answer(&mut self, ask: Ask) -> Report {
        let Ask {
            asker,
            target,
            card,
        } = ask;
        let rank = card.rank;
        let give = match self.size {
            MatchSize::Pairs => 1,
            MatchSize::Books => usize::MAX,
        };
        let mut given = Vec::new();
        self.hands[target].retain(|c| {
            if c.rank == rank && given.len() < give {
                given.push(*c);
                false
            } else {
                true
            }
        });
        let next = Phase::Turn((asker + 1) % PLAYERS);
        if !given.is_empty() {
            for &c in &given {
                self.hands[asker].insert(0, c);
            }
            let matched = self.complete(asker, rank);
            self.phase = Phase::Turn(asker);
            return Report::Answered {
                ask,
                given,
                matched,
                drew: None,
                pile_empty: false,
            };
        }
        if self.stock.is_empty() {
            self.phase = next;
            return Report::Answered {
                ask,
                given,
                matched: false,
                drew: None,
                pile_empty: true,
            };
        }
        if asker == YOU {
            self.phase = Phase::Fishing;
            return Report::Answered {
                ask,
                given,
                matched: false,
                drew: None,
                pile_empty: false,
            };
        }
        let drawn = self.stock.remove(0);
        self.hands[asker].insert(0, drawn);
        let matched = self.complete(asker, drawn.rank);
        self.phase = if matched { Phase::Turn(asker) } else { next };
        Report::Answered {
            ask,
            given,
            matched,
            drew: Some(drawn),
            pile_empty: false,
        }
    }

    /// The computer player's choice (the original's `simulate-player`): a
    /// random card of its hand not yet tried (all again once every card
    /// was), of a random one of the other two players.
    fn choose(&mut self, player: usize) -> Ask {
        let mut untried: Vec<Card> = self.hands[player]
            .iter()
            .filter(|c| !self.tried[player].contains(c))
            .copied()
            .collect();
        if untried.is_empty() {
            self.tried[player].clear();
            untried = self.hands[player].clone();
        }
        let card = untried[self.rng.below(untried.len() as u64) as usize];
        let others: Vec<usize> = (0..PLAYERS).filter(|&p| p != player).collect();
        let target = others[self.rng.below(2) as usize];
        self.tried[player].push(card);
        Ask {
            asker: player,
            target,
            card,
        }
    }

    /// One step of the computer player whose turn it is: choose an ask and
    /// show it ([`GoFish::pending`]), or carry out the ask on show. `None`
    /// when it is not a computer player's turn.
    pub fn computer_step(&mut self) -> Option<Report> {
        let Phase::Turn(player) = self.phase else {
            return None;
        };
        if player == YOU {
            return None;
        }
        let report = match self.pending.take() {
            None => {
                let ask = self.choose(player);
                self.pending = Some(ask);
                Report::Chose(ask)
            }
            Some(ask) => self.answer(ask),
        };
        self.check_done();
        Some(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    /// A game with the given hands, the rest of the deck in the pile.
    fn with_hands(size: MatchSize, hands: [&str; 3]) -> GoFish {
        let mut game = GoFish::deal(size, 1);
        let hands = hands.map(|h| cards::card::read_cards(h).unwrap());
        let mut stock = deck();
        stock.retain(|c| !hands.iter().any(|h| h.contains(c)));
        game.stock = stock;
        game.hands = hands;
        game.boxes = Default::default();
        game.tried = Default::default();
        game
    }

    #[test]
    fn the_deal_gives_seven_each_and_the_opponents_match_their_pairs() {
        for seed in 0..50 {
            let g = GoFish::deal(MatchSize::Pairs, seed);
            assert_eq!(g.all_cards(), deck());
            assert_eq!(g.hands[YOU].len(), 7);
            assert!(g.boxes[YOU].is_empty());
            for p in 1..PLAYERS {
                assert_eq!(g.hands[p].len() + g.boxes[p].len(), 7);
                assert!(g.full_rank(p).is_none());
            }
            assert_eq!(g.stock.len(), 52 - 21);
            assert_eq!(g.phase, Phase::Turn(YOU));
        }
        assert_eq!(
            GoFish::deal(MatchSize::Pairs, 9),
            GoFish::deal(MatchSize::Pairs, 9)
        );
        assert_ne!(
            GoFish::deal(MatchSize::Pairs, 9).hands,
            GoFish::deal(MatchSize::Pairs, 10).hands
        );
    }

    /// You ask Opponent 1 for sevens with your seven of hearts: the cards
    /// given, and whether they made a match.
    fn ask_for_sevens(g: &mut GoFish) -> (Vec<Card>, bool) {
        let ask = Move::Ask {
            target: 1,
            card: card("7H"),
        };
        match g.play(ask).unwrap() {
            Report::Answered { given, matched, .. } => (given, matched),
            r => panic!("{r:?}"),
        }
    }

    #[test]
    fn an_answered_ask_gives_one_card_and_the_pair_goes_to_the_box() {
        let mut g = with_hands(MatchSize::Pairs, ["7H 2C", "7S 7D 9C", "KH"]);
        let (given, matched) = ask_for_sevens(&mut g);
        assert_eq!(given, [card("7S")]);
        assert!(matched);
        assert_eq!(g.hands[YOU], [card("2C")]);
        assert_eq!(g.boxes[YOU], [card("7S"), card("7H")]);
        assert_eq!(g.hands[1], [card("7D"), card("9C")]);
        assert_eq!(g.phase, Phase::Turn(YOU), "you go again");
    }

    #[test]
    fn books_take_every_card_of_the_rank() {
        let mut g = with_hands(MatchSize::Books, ["7H 7C 2C", "7S 7D 9C", "KH"]);
        let (given, matched) = ask_for_sevens(&mut g);
        assert_eq!(given.len(), 2);
        assert!(matched);
        assert_eq!(g.matches(YOU), 1);
        assert_eq!(g.hands[YOU], [card("2C")]);
    }

    #[test]
    fn go_fish_then_a_draw_that_misses_passes_the_turn() {
        let mut g = with_hands(MatchSize::Pairs, ["7H 2C", "9C", "KH"]);
        g.stock.retain(|&c| c != card("3S"));
        g.stock.insert(0, card("3S"));
        let r = g
            .play(Move::Ask {
                target: 2,
                card: card("2C"),
            })
            .unwrap();
        assert!(matches!(r, Report::Answered { ref given, drew: None, .. } if given.is_empty()));
        assert_eq!(g.phase, Phase::Fishing);
        assert_eq!(
            g.check(Move::Ask {
                target: 1,
                card: card("7H")
            }),
            Err(Refusal::MustFish)
        );
        let r = g.play(Move::Draw).unwrap();
        assert_eq!(
            r,
            Report::Drew {
                card: card("3S"),
                matched: false
            }
        );
        assert_eq!(g.hands[YOU][0], card("3S"));
        assert_eq!(g.phase, Phase::Turn(1));
        assert!(g.computer_to_play());
    }

    #[test]
    fn a_drawn_match_keeps_the_turn() {
        let mut g = with_hands(MatchSize::Pairs, ["7H 2C", "9C", "KH"]);
        g.stock.retain(|&c| c != card("2D"));
        g.stock.insert(0, card("2D"));
        g.play(Move::Ask {
            target: 1,
            card: card("7H"),
        })
        .unwrap();
        let r = g.play(Move::Draw).unwrap();
        assert_eq!(
            r,
            Report::Drew {
                card: card("2D"),
                matched: true
            }
        );
        assert_eq!(g.phase, Phase::Turn(YOU));
        assert_eq!(g.matches(YOU), 1);
    }

    #[test]
    fn an_empty_pile_passes_the_turn() {
        let mut g = with_hands(MatchSize::Pairs, ["7H 2C", "9C", "KH"]);
        let rest = std::mem::take(&mut g.stock);
        g.boxes[1] = rest;
        let r = g
            .play(Move::Ask {
                target: 1,
                card: card("7H"),
            })
            .unwrap();
        assert!(matches!(
            r,
            Report::Answered {
                pile_empty: true,
                ..
            }
        ));
        assert_eq!(g.phase, Phase::Turn(1));
    }

    #[test]
    fn you_declare_your_own_pairs_and_only_whole_ones() {
        let mut g = with_hands(MatchSize::Pairs, ["7H 7C 2C", "9C", "KH"]);
        assert_eq!(
            g.check(Move::Declare { card: card("2C") }),
            Err(Refusal::NoMatch(MatchSize::Pairs))
        );
        assert_eq!(
            g.check(Move::Declare { card: card("7S") }),
            Err(Refusal::NotInHand)
        );
        g.play(Move::Declare { card: card("7C") }).unwrap();
        assert_eq!(g.hands[YOU], [card("2C")]);
        assert_eq!(g.matches(YOU), 1);
        assert_eq!(g.phase, Phase::Turn(YOU), "declaring keeps the turn");
        assert_eq!(
            g.check(Move::Ask {
                target: 0,
                card: card("2C")
            }),
            Err(Refusal::BadTarget)
        );
    }

    #[test]
    fn the_game_ends_when_a_hand_empties() {
        let mut g = with_hands(MatchSize::Pairs, ["7H", "7S 9C", "KH QH"]);
        g.boxes[YOU] = vec![card("AS"), card("AH")];
        g.play(Move::Ask {
            target: 1,
            card: card("7H"),
        })
        .unwrap();
        assert!(g.over());
        assert_eq!(g.turn(), None);
        assert_eq!(g.leaders(), [YOU]);
        assert!(g.you_won());
        assert_eq!(
            g.check(Move::Ask {
                target: 1,
                card: card("9C")
            }),
            Err(Refusal::Over)
        );
        assert_eq!(g.computer_step(), None);
    }

    #[test]
    fn a_computer_shows_its_ask_then_carries_it_out() {
        let mut g = with_hands(MatchSize::Pairs, ["7H 2C", "9C 3D", "9H 4S"]);
        g.phase = Phase::Turn(1);
        let Some(Report::Chose(ask)) = g.computer_step() else {
            panic!()
        };
        assert_eq!(ask.asker, 1);
        assert!(ask.target == 0 || ask.target == 2);
        assert!(g.hands[1].contains(&ask.card));
        assert_eq!(g.pending, Some(ask));
        assert_eq!(g.tried[1], [ask.card]);
        let Some(Report::Answered { ask: done, .. }) = g.computer_step() else {
            panic!()
        };
        assert_eq!(done, ask);
        assert_eq!(g.pending, None);
        if ask.card == card("9C") && ask.target == 2 {
            assert_eq!(g.matches(1), 1);
        }
    }

    #[test]
    fn a_computer_tries_each_card_before_repeating() {
        let mut g = with_hands(MatchSize::Pairs, ["2C", "9C 3D 5H KS", "4S"]);
        // Opponent 1 never gets what it asks for; nothing is in the pile.
        g.boxes[2] = std::mem::take(&mut g.stock);
        let mut asked = Vec::new();
        for _ in 0..4 {
            g.phase = Phase::Turn(1);
            let Some(Report::Chose(ask)) = g.computer_step() else {
                panic!()
            };
            g.computer_step();
            asked.push(ask.card);
        }
        asked.sort();
        let mut hand = g.hands[1].clone();
        hand.sort();
        assert_eq!(asked, hand);
        g.phase = Phase::Turn(1);
        g.computer_step();
        assert_eq!(g.tried[1].len(), 1, "the memory starts over");
    }

    #[test]
    fn whole_games_of_computers_end_with_every_card_accounted_for() {
        for size in MatchSize::ALL {
            for seed in 0..40 {
                let mut g = GoFish::deal(size, seed);
                let mut steps = 0;
                while !g.over() {
                    steps += 1;
                    assert!(steps < 10_000, "seed {seed} does not end");
                    match g.phase {
                        Phase::Turn(YOU) => {
                            if let Some(r) = g.full_rank(YOU) {
                                let c = *g.hands[YOU].iter().find(|c| c.rank == r).unwrap();
                                g.play(Move::Declare { card: c }).unwrap();
                            } else {
                                let c = g.hands[YOU][0];
                                g.play(Move::Ask { target: 1, card: c }).unwrap();
                            }
                        }
                        Phase::Fishing => {
                            g.play(Move::Draw).unwrap();
                        }
                        _ => {
                            g.computer_step().unwrap();
                        }
                    }
                    assert_eq!(g.all_cards(), deck());
                    for p in 0..PLAYERS {
                        assert_eq!(g.boxes[p].len() % size.cards(), 0);
                        for chunk in g.boxes[p].chunks(size.cards()) {
                            assert!(chunk.iter().all(|c| c.rank == chunk[0].rank));
                        }
                    }
                }
                assert!(g.hands.iter().any(Vec::is_empty));
            }
        }
    }
}
