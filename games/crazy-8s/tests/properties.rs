//! Properties of the rules over random deals and random play: every card
//! is in one place once, a refused action changes nothing, only a card
//! that matches goes on the pile, every game ends, and a save reads back
//! as the same game.

use std::collections::HashSet;

use cards::{Card, Suit};
use crazy_8s::rules::{Action, Crazy8s, Ending, Options, Turn, is_eight};
use crazy_8s::save::{read, write};
use proptest::prelude::*;

fn every_card_once(g: &Crazy8s) {
    let mut all: Vec<Card> = g.deck.clone();
    all.extend(&g.discards);
    for h in &g.hands {
        all.extend(h);
    }
    assert_eq!(all.len(), 52);
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), 52);
}

/// An action drawn from `pick`: some legal, many not.
fn some_action(g: &Crazy8s, pick: usize) -> Action {
    let all: Vec<Card> = cards::card::deck();
    match pick % 6 {
        0 => Action::Draw,
        1 => Action::Pass,
        2 => Action::Opponent,
        3 => Action::ChooseSuit(Suit::ALL[pick / 6 % 4]),
        4 if !g.hands[0].is_empty() => Action::Discard(g.hands[0][pick / 6 % g.hands[0].len()]),
        _ => Action::Discard(all[pick / 6 % 52]),
    }
}

proptest! {
    #[test]
    fn random_play_keeps_the_rules(
        choice in 0usize..4,
        seed in any::<u64>(),
        picks in proptest::collection::vec(0usize..10_000, 0..120),
    ) {
        let mut g = Crazy8s::deal(Options::ALL[choice], seed);
        every_card_once(&g);
        for pick in picks {
            let a = some_action(&g, pick);
            let before = g.clone();
            match g.play(a) {
                Ok(()) => {
                    if let Action::Discard(c) = a {
                        prop_assert!(before.playable(c));
                        prop_assert_eq!(g.top(), c);
                        prop_assert!(!g.hands[0].contains(&c));
                    }
                    if let Action::ChooseSuit(s) = a {
                        prop_assert!(is_eight(g.top()));
                        prop_assert_eq!(g.suit, s);
                    }
                    if a == Action::Draw {
                        prop_assert_eq!(g.hands[0].len(), before.hands[0].len() + 1);
                        prop_assert_eq!(g.turn, Turn::You);
                    }
                }
                Err(_) => prop_assert_eq!(&g, &before, "a refused action changes nothing"),
            }
            every_card_once(&g);
            if !is_eight(g.top()) {
                prop_assert_eq!(g.suit, g.top().suit);
            }
            if let Turn::Over(Ending::OpponentWins(n)) = g.turn {
                prop_assert!(g.hands[n].is_empty());
            }
            if g.turn == Turn::Over(Ending::YouWin) {
                prop_assert!(g.hands[0].is_empty());
            }
            if g.turn == Turn::Over(Ending::Stuck) {
                prop_assert!(g.deck.is_empty());
                prop_assert!((0..g.hands.len()).all(|p| !g.can_discard(p)));
            }
        }
        prop_assert_eq!(read(&write(&g)), Ok(g));
    }

    #[test]
    fn every_game_ends(choice in 0usize..4, seed in any::<u64>(), draws in 0usize..3) {
        // You draw a few times before each discard; the opponents play.
        let mut g = Crazy8s::deal(Options::ALL[choice], seed);
        let mut steps = 0;
        let mut drawn = 0;
        while !g.is_over() {
            let a = match g.turn {
                Turn::You if drawn < draws && !g.deck.is_empty() => {
                    drawn += 1;
                    Action::Draw
                }
                Turn::You => {
                    drawn = 0;
                    match g.hands[0].iter().copied().find(|&c| g.playable(c)) {
                        Some(c) => Action::Discard(c),
                        None if g.deck.is_empty() => Action::Pass,
                        None => Action::Draw,
                    }
                }
                Turn::PickSuit => Action::ChooseSuit(Suit::Spades),
                _ => Action::Opponent,
            };
            g.play(a).unwrap();
            every_card_once(&g);
            steps += 1;
            prop_assert!(steps < 5000);
        }
    }
}
