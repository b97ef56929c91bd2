//! What several of the game's tests share.

use cards::Card;
use crazy_8s::rules::{Action, Crazy8s, Turn};

/// The simple player: the first card that goes that is not an 8, else an
/// 8, else a draw, else a pass; for an 8, the suit it holds most of.
pub fn choose(g: &Crazy8s) -> Action {
    match g.turn {
        Turn::You => {
            let goes: Vec<Card> = g.hands[0]
                .iter()
                .copied()
                .filter(|&c| g.playable(c))
                .collect();
            match goes.iter().find(|c| c.rank.value() != 8).or(goes.first()) {
                Some(&c) => Action::Discard(c),
                None if g.deck.is_empty() => Action::Pass,
                None => Action::Draw,
            }
        }
        Turn::PickSuit => Action::ChooseSuit(g.favourite_suit(0)),
        _ => Action::Opponent,
    }
}
