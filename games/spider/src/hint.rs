//! Hints: a legal move worth making, found by ranking every legal move
//! with a few rules of thumb (a same-suit join first, then a move that
//! turns a card up or empties a column, the deal when nothing helps), and
//! a simple player that follows the hints without going round in circles
//! (for tests and benches; the game has no computer opponent).
//!
//! ```
//! use spider::hint::hint;
//! use spider::rules::{Spider, Suits};
//! let game = Spider::deal(Suits::One, 3);
//! let mv = hint(&game).expect("an opening always has a move");
//! assert!(game.check(mv).is_ok());
//! ```

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};

use crate::rules::{Move, Spider, follows};

/// The legal moves worth considering, best first, with their weights.
/// Moves that change nothing worth having (a whole column to an empty
/// one, a sequence from one card one higher to another of no better suit)
/// are left out; the deal comes last.
pub fn ranked(game: &Spider) -> Vec<(i32, Move)> {
    let mut out = Vec::new();
    for mv in game.legal_moves() {
        let Move::Sequence { from, index, to } = mv else {
            out.push((-1000, mv));
            continue;
        };
        let source = &game.columns[from];
        let target = &game.columns[to];
        let moving = source.cards[index];
        let joins = target.top().is_some_and(|t| follows(t, moving));
        let under = index
            .checked_sub(1)
            .map(|i| (source.cards[i], source.is_up(i)));
        // Already on a card one higher, face up: moving only helps by
        // joining a card of its own suit when the one under is not.
        let seated = under.is_some_and(|(u, up)| up && u.rank.value() == moving.rank.value() + 1);
        let seated_in_suit = under.is_some_and(|(u, up)| up && follows(u, moving));
        if target.cards.is_empty() && index == 0 {
            continue;
        }
        if seated && (!joins || seated_in_suit) {
            continue;
        }
        let mut weight = (source.cards.len() - index) as i32;
        if joins {
            weight += 100;
        }
        if index > 0 && index == source.down {
            weight += 60;
        }
        if index == 0 && !target.cards.is_empty() {
            weight += 40;
        }
        if target.cards.is_empty() {
            weight -= 50;
        }
        out.push((weight, mv));
    }
    out.sort_by_key(|&(w, _)| std::cmp::Reverse(w));
    out
}

/// The best move by [`ranked`], if any.
pub fn hint(game: &Spider) -> Option<Move> {
    ranked(game).first().map(|&(_, mv)| mv)
}

/// A player that follows the hints and never goes back to a position it
/// has seen.
#[derive(Clone, Debug, Default)]
pub struct Player {
    seen: HashSet<u64>,
}

fn key(game: &Spider) -> u64 {
    let mut h = DefaultHasher::new();
    game.columns.hash(&mut h);
    game.stock.len().hash(&mut h);
    h.finish()
}

impl Player {
    /// A player who has seen nothing.
    pub fn new() -> Player {
        Player::default()
    }

    /// Its move in `game`: the best-ranked one leading somewhere new.
    pub fn next(&mut self, game: &Spider) -> Option<Move> {
        self.seen.insert(key(game));
        for (_, mv) in ranked(game) {
            let mut after = game.clone();
            if after.play(mv).is_ok() && !self.seen.contains(&key(&after)) {
                return Some(mv);
            }
        }
        None
    }

    /// Plays `game` until it is won or the player is stuck, at most
    /// `budget` moves; whether it was won.
    pub fn play_out(&mut self, game: &mut Spider, budget: usize) -> bool {
        for _ in 0..budget {
            if game.won() {
                break;
            }
            match self.next(game) {
                Some(mv) => {
                    game.play(mv).expect("the player's moves are legal");
                }
                None => break,
            }
        }
        game.won()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Suits;

    #[test]
    fn every_hint_is_legal_along_a_game() {
        let mut game = Spider::deal(Suits::Two, 11);
        let mut player = Player::new();
        for _ in 0..300 {
            if let Some(mv) = hint(&game) {
                assert!(game.check(mv).is_ok(), "{mv:?}");
            }
            match player.next(&game) {
                Some(mv) => {
                    game.play(mv).unwrap();
                }
                None => break,
            }
        }
        assert_eq!(game.all_cards(), Suits::Two.cards());
    }

    #[test]
    fn the_player_wins_some_one_suit_deals() {
        let won = (1..=10)
            .filter(|&seed| Player::new().play_out(&mut Spider::deal(Suits::One, seed), 2000))
            .count();
        assert!(won >= 3, "won {won} of 10");
    }

    #[test]
    fn a_same_suit_join_comes_first() {
        let mut game = Spider::deal(Suits::Two, 1);
        game.stock.clear();
        let c = |t: &str| cards::card::read_cards(t).unwrap();
        for col in &mut game.columns {
            col.cards = c("KC");
            col.down = 0;
        }
        game.columns[0].cards = c("9S 5H");
        game.columns[1].cards = c("6S");
        game.columns[2].cards = c("6H");
        assert_eq!(
            hint(&game),
            Some(Move::Sequence {
                from: 0,
                index: 1,
                to: 2
            })
        );
    }
}
