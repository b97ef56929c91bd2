//! Aces' rules, with no UI: one deck, four stacks and the deck. Deal four
//! cards, one onto each stack; remove a stack's top card when a higher
//! card of its suit (an ace is highest) is the top of another stack; move
//! a top card to an empty stack; deal four more while the deck lasts. The
//! game is won when only the four aces remain, one on each stack, and
//! over when the deck is empty and no card can be removed or moved. After
//! the original's `games/aces/aces.rkt`.
//!
//! (The original calls a stack's newest card its *bottom* card: the
//! stacks fan down the table and the newest card lies at the bottom of
//! the fan. Here it is the stack's *top*, the last of its cards.)
//!
//! ```
//! use aces::rules::{Aces, Move};
//! let mut game = Aces::deal(7);
//! assert_eq!(game.stock.len(), 48);
//! assert!(game.stacks.iter().all(|s| s.len() == 1));
//! game.play(Move::Deal).unwrap();
//! assert_eq!(game.stock.len(), 44);
//! assert!(game.stacks.iter().all(|s| s.len() == 2));
//! ```

use cards::card::deck;
use cards::{Card, Rank};
use game_api::Rng;

/// The stacks.
pub const STACKS: usize = 4;
/// Riffle shuffles of a deal (the original's `(shuffle-list (make-deck) 7)`).
pub const SHUFFLES: usize = 7;

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Deal four cards from the deck, one onto each stack.
    Deal,
    /// Remove the top card of this stack.
    Remove(usize),
    /// Move the top card of stack `from` onto the empty stack `to`.
    ToEmpty {
        /// The stack it leaves.
        from: usize,
        /// The empty stack it goes to.
        to: usize,
    },
}

/// Why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The deck is empty.
    DeckEmpty,
    /// No such stack.
    NoStack,
    /// The stack has no card.
    EmptyStack,
    /// No higher card of the suit is the top of another stack.
    NothingHigher,
    /// The stack moved to is not empty.
    NotEmpty,
    /// A card moved to its own stack.
    SameStack,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Refusal::DeckEmpty => "the deck is empty",
            Refusal::NoStack => "there is no such stack",
            Refusal::EmptyStack => "that stack has no card",
            Refusal::NothingHigher => {
                "a card goes only when a higher card of its suit tops another stack"
            }
            Refusal::NotEmpty => "a card moves only to an empty stack",
            Refusal::SameStack => "the card is on that stack already",
        })
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Only the four aces remain.
    Won,
    /// The deck is empty and no card can be removed or moved.
    Lost,
}

/// Whether a card of rank `a` is beaten by a card of rank `b` of the same
/// suit: `b` is higher, an ace the highest; an ace is never beaten.
pub fn beaten(a: Rank, b: Rank) -> bool {
    a != Rank::ACE && (b == Rank::ACE || a < b)
}

/// A game of Aces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Aces {
    /// The deck, the next card dealt first (it goes onto stack 1).
    pub stock: Vec<Card>,
    /// The stacks, each from its first card to its top (the newest).
    pub stacks: [Vec<Card>; STACKS],
    /// The cards removed, in the order they went.
    pub removed: Vec<Card>,
    /// Moves made (deals counted).
    pub moves: u32,
}

impl Aces {
    /// The deal for `seed`: a deck given [`SHUFFLES`] riffle shuffles from
    /// `Rng::new(seed)`; its first four cards start the stacks, the rest
    /// is the deck.
    pub fn deal(seed: u64) -> Aces {
        let cards = cards::deal::riffle(&deck(), SHUFFLES, &mut Rng::new(seed));
        Aces::from_deck(cards)
    }

    /// The game dealt from `cards` in order: the first four start the
    /// stacks.
    pub fn from_deck(cards: Vec<Card>) -> Aces {
        let mut stacks: [Vec<Card>; STACKS] = Default::default();
        for (s, &c) in stacks.iter_mut().zip(&cards) {
            s.push(c);
        }
        Aces {
            stock: cards.into_iter().skip(STACKS).collect(),
            stacks,
            removed: Vec::new(),
            moves: 0,
        }
    }

    /// The top card of stack `s`.
    pub fn top(&self, s: usize) -> Option<Card> {
        self.stacks.get(s)?.last().copied()
    }

    /// The first empty stack.
    pub fn first_empty(&self) -> Option<usize> {
        (0..STACKS).find(|&s| self.stacks[s].is_empty())
    }

    /// Whether the top card of stack `s` may be removed.
    pub fn removable(&self, s: usize) -> bool {
        self.check(Move::Remove(s)).is_ok()
    }

    /// Whether `mv` is legal now, or why not.
    pub fn check(&self, mv: Move) -> Result<(), Refusal> {
        match mv {
            Move::Deal => {
                if self.stock.is_empty() {
                    Err(Refusal::DeckEmpty)
                } else {
                    Ok(())
                }
            }
            Move::Remove(s) => {
                if s >= STACKS {
                    return Err(Refusal::NoStack);
                }
                let card = self.top(s).ok_or(Refusal::EmptyStack)?;
                let higher = (0..STACKS).filter(|&t| t != s).any(|t| {
                    self.top(t)
                        .is_some_and(|d| d.suit == card.suit && beaten(card.rank, d.rank))
                });
                if higher {
                    Ok(())
                } else {
                    Err(Refusal::NothingHigher)
                }
            }
            Move::ToEmpty { from, to } => {
                if from >= STACKS || to >= STACKS {
                    return Err(Refusal::NoStack);
                }
                if from == to {
                    return Err(Refusal::SameStack);
                }
                if self.stacks[from].is_empty() {
                    return Err(Refusal::EmptyStack);
                }
                if !self.stacks[to].is_empty() {
                    return Err(Refusal::NotEmpty);
                }
                Ok(())
            }
        }
    }

    /// Makes `mv` if it is legal.
    pub fn play(&mut self, mv: Move) -> Result<(), Refusal> {
        self.check(mv)?;
        match mv {
            Move::Deal => {
                let n = self.stock.len().min(STACKS);
                for (s, card) in self.stock.drain(..n).enumerate() {
                    self.stacks[s].push(card);
                }
            }
            Move::Remove(s) => {
                let card = self.stacks[s].pop().expect("checked");
                self.removed.push(card);
            }
            Move::ToEmpty { from, to } => {
                let card = self.stacks[from].pop().expect("checked");
                self.stacks[to].push(card);
            }
        }
        self.moves += 1;
        Ok(())
    }

    /// What a click on stack `s` does, as in the original: remove its top
    /// card if it may go, else move it to the first empty stack.
    pub fn click(&self, s: usize) -> Option<Move> {
        if self.removable(s) {
            return Some(Move::Remove(s));
        }
        let to = self.first_empty()?;
        (s < STACKS && !self.stacks[s].is_empty() && to != s)
            .then_some(Move::ToEmpty { from: s, to })
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = vec![Move::Deal];
        moves.extend((0..STACKS).map(Move::Remove));
        for from in 0..STACKS {
            for to in 0..STACKS {
                moves.push(Move::ToEmpty { from, to });
            }
        }
        moves.retain(|&m| self.check(m).is_ok());
        moves
    }

    /// The game is over (the original's `game-over?`): the deck is empty
    /// and the four stacks' tops are of four suits, so no card can go and
    /// no stack is empty.
    pub fn over(&self) -> bool {
        self.stock.is_empty()
            && (0..STACKS).all(|s| !self.stacks[s].is_empty())
            && (0..STACKS).all(|s| !self.removable(s))
    }

    /// How the game ended, if it has: won when over with a lone ace on
    /// each stack (the original's `won?`), lost otherwise.
    pub fn end(&self) -> Option<End> {
        if !self.over() {
            return None;
        }
        let aces = self
            .stacks
            .iter()
            .all(|s| s.len() == 1 && s[0].rank == Rank::ACE);
        Some(if aces { End::Won } else { End::Lost })
    }

    /// Cards still on the stacks and in the deck.
    pub fn left(&self) -> usize {
        self.stock.len() + self.stacks.iter().map(Vec::len).sum::<usize>()
    }

    /// Every card of the game, sorted (the deck's 52 if none was made or
    /// lost).
    pub fn all_cards(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self
            .stock
            .iter()
            .chain(self.stacks.iter().flatten())
            .chain(&self.removed)
            .copied()
            .collect();
        all.sort();
        all
    }
}

/// A simple player, for tests and the manual's pictures: removes a card
/// when it can (the lowest first), fills an empty stack from the stack
/// whose next card would then go or else the tallest stack, and deals
/// when nothing else is left. Every game it plays ends.
pub fn simple_move(game: &Aces) -> Option<Move> {
    if game.over() {
        return None;
    }
    let removable = (0..STACKS)
        .filter(|&s| game.removable(s))
        .min_by_key(|&s| game.top(s).map(|c| c.rank));
    if let Some(s) = removable {
        return Some(Move::Remove(s));
    }
    if let Some(to) = game.first_empty() {
        let tall: Vec<usize> = (0..STACKS).filter(|&s| game.stacks[s].len() >= 2).collect();
        let uncovers = tall.iter().copied().find(|&s| {
            let mut after = game.clone();
            after.play(Move::ToEmpty { from: s, to }).is_ok()
                && (0..STACKS).any(|t| after.removable(t))
        });
        let from = uncovers.or_else(|| tall.iter().copied().max_by_key(|&s| game.stacks[s].len()));
        if let Some(from) = from {
            return Some(Move::ToEmpty { from, to });
        }
    }
    game.check(Move::Deal).is_ok().then_some(Move::Deal)
}

/// Plays `game` with [`simple_move`] to its end (at most `budget` moves);
/// how it ended.
pub fn play_out(game: &mut Aces, budget: usize) -> Option<End> {
    for _ in 0..budget {
        match simple_move(game) {
            Some(mv) => game.play(mv).expect("the simple player plays legal moves"),
            None => return game.end(),
        }
    }
    game.end()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::card::read_cards;

    fn cards(text: &str) -> Vec<Card> {
        read_cards(text).unwrap()
    }

    /// A game whose stacks are `stacks` (top last) and deck `stock`.
    fn game(stacks: [&str; 4], stock: &str) -> Aces {
        Aces {
            stock: cards(stock),
            stacks: stacks.map(cards),
            removed: Vec::new(),
            moves: 0,
        }
    }

    #[test]
    fn a_deal_uses_the_deck_once_and_replays() {
        for seed in 0..30 {
            let g = Aces::deal(seed);
            assert_eq!(g.all_cards(), deck());
            assert_eq!(g, Aces::deal(seed));
            assert_eq!(g.stock.len(), 48);
        }
        assert_ne!(Aces::deal(1), Aces::deal(2));
    }

    #[test]
    fn a_card_goes_when_a_higher_card_of_its_suit_tops_another_stack() {
        let g = game(["5H", "9H", "AS", "KS"], "");
        assert!(g.removable(0), "five under a nine of hearts");
        assert!(!g.removable(1), "nothing higher than the nine of hearts");
        assert!(g.removable(3), "the ace is highest");
        assert!(!g.removable(2), "an ace never goes");
        assert_eq!(g.check(Move::Remove(1)), Err(Refusal::NothingHigher));
        // Only tops count: a buried higher card does not.
        let g = game(["5H", "9H 2C", "AS", "KS"], "");
        assert!(!g.removable(0));
    }

    #[test]
    fn a_top_card_moves_only_to_an_empty_stack() {
        let mut g = game(["5H 7C", "", "AS", "KS"], "");
        assert_eq!(g.click(0), Some(Move::ToEmpty { from: 0, to: 1 }));
        assert_eq!(
            g.check(Move::ToEmpty { from: 0, to: 2 }),
            Err(Refusal::NotEmpty)
        );
        g.play(Move::ToEmpty { from: 0, to: 1 }).unwrap();
        assert_eq!(g.stacks[1], cards("7C"));
        // Removing comes first when both would do.
        let g = game(["5S 4H", "", "AS", "9H"], "");
        assert_eq!(g.click(0), Some(Move::Remove(0)));
    }

    #[test]
    fn a_deal_puts_one_card_on_each_stack_even_an_empty_one() {
        let mut g = game(["5S", "", "AS", "9H"], "2C 3C 4C 5C");
        g.play(Move::Deal).unwrap();
        assert_eq!(g.stacks[1], cards("3C"));
        assert_eq!(g.stacks[0], cards("5S 2C"));
        assert_eq!(g.check(Move::Deal), Err(Refusal::DeckEmpty));
    }

    #[test]
    fn won_with_four_lone_aces_lost_when_stuck() {
        let g = game(["AS", "AH", "AD", "AC"], "");
        assert_eq!(g.end(), Some(End::Won));
        let g = game(["KS AS", "AH", "AD", "AC"], "");
        assert_eq!(g.end(), Some(End::Lost));
        let g = game(["2S", "3H", "4D", "5C"], "");
        assert_eq!(g.end(), Some(End::Lost));
        // Not over while a card can go, a stack is empty or the deck lasts.
        assert_eq!(game(["2S", "3S", "4D", "5C"], "").end(), None);
        assert_eq!(game(["2S 3H", "", "4D", "5C"], "").end(), None);
        assert_eq!(game(["2S", "3H", "4D", "5C"], "6C 7C 8C 9C").end(), None);
    }

    #[test]
    fn the_simple_player_ends_every_game_and_wins_some() {
        let mut won = 0;
        for seed in 0..200 {
            let mut g = Aces::deal(seed);
            let end = play_out(&mut g, 1000).expect("every game ends");
            assert_eq!(g.all_cards(), deck());
            if end == End::Won {
                won += 1;
                assert_eq!(g.removed.len(), 48);
            }
        }
        assert!(won > 0, "won {won} of 200");
    }
}
