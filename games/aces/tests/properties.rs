//! Property tests of Aces' rules: a deal uses each card exactly once;
//! whatever is tried, only legal moves are made (a card goes only when a
//! higher card of its suit tops another stack, moves only to an empty
//! stack, the deck deals four) and cards are never made or lost; aces
//! never go; the game ends exactly when the deck is out and no move is
//! left; a save reads back as the game it was.

use aces::rules::{Aces, End, Move, Refusal, STACKS, beaten};
use aces::save::{Saved, read, write};
use cards::Rank;
use cards::card::deck;
use proptest::prelude::*;

/// Any move, legal or not, by stack numbers up to 5.
fn any_move() -> impl Strategy<Value = Move> {
    prop_oneof![
        Just(Move::Deal),
        (0usize..5).prop_map(Move::Remove),
        (0usize..5, 0usize..5).prop_map(|(from, to)| Move::ToEmpty { from, to }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_deal_uses_each_card_exactly_once(seed: u64) {
        let g = Aces::deal(seed);
        prop_assert_eq!(g.all_cards(), deck());
        prop_assert_eq!(g.stock.len(), 48);
        prop_assert!(g.stacks.iter().all(|s| s.len() == 1));
        prop_assert_eq!(g.clone(), Aces::deal(seed));
    }

    #[test]
    fn only_legal_moves_are_made_and_cards_are_conserved(
        seed: u64,
        tries in prop::collection::vec(any_move(), 0..300),
    ) {
        let mut g = Aces::deal(seed);
        for mv in tries {
            let before = g.clone();
            match g.play(mv) {
                Err(_) => prop_assert_eq!(&g, &before, "a refused move changes nothing"),
                Ok(()) => match mv {
                    Move::Deal => {
                        prop_assert_eq!(g.stock.len() + STACKS, before.stock.len());
                        for s in 0..STACKS {
                            prop_assert_eq!(g.stacks[s].len(), before.stacks[s].len() + 1);
                        }
                    }
                    Move::Remove(s) => {
                        let card = before.top(s).unwrap();
                        prop_assert!(card.rank != Rank::ACE, "an ace never goes");
                        let higher = (0..STACKS).filter(|&t| t != s).any(|t| {
                            before.top(t).is_some_and(|d| d.suit == card.suit && beaten(card.rank, d.rank))
                        });
                        prop_assert!(higher);
                        prop_assert_eq!(g.removed.last(), Some(&card));
                    }
                    Move::ToEmpty { from, to } => {
                        prop_assert!(before.stacks[to].is_empty() && from != to);
                        prop_assert_eq!(g.top(to), before.top(from));
                        prop_assert_eq!(g.stacks[to].len(), 1);
                    }
                },
            }
            prop_assert_eq!(g.all_cards(), deck());
            // Over exactly when nothing is legal but moving a lone card
            // to an empty stack (which cannot be: no stack is empty then).
            let legal = g.legal_moves();
            prop_assert_eq!(g.over(), legal.is_empty(), "{:?}", legal);
            let back = read(&write(&Saved { game: g.clone(), seed })).map_err(TestCaseError::fail)?;
            prop_assert_eq!(back.game, g.clone());
        }
    }

    #[test]
    fn won_is_four_lone_aces(seed: u64, picks in prop::collection::vec(any::<usize>(), 0..400)) {
        let mut g = Aces::deal(seed);
        for pick in picks {
            let legal = g.legal_moves();
            if legal.is_empty() {
                break;
            }
            g.play(legal[pick % legal.len()]).unwrap();
        }
        match g.end() {
            Some(End::Won) => {
                prop_assert_eq!(g.removed.len(), 48);
                prop_assert!(g.stacks.iter().all(|s| s.len() == 1 && s[0].rank == Rank::ACE));
            }
            Some(End::Lost) => prop_assert!(g.stock.is_empty() && g.left() > 4),
            None => prop_assert!(!g.legal_moves().is_empty()),
        }
        prop_assert_eq!(g.check(Move::Remove(7)), Err(Refusal::NoStack));
    }
}
