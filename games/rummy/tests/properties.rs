//! Property tests of Rummy's rules: a deal uses each card exactly once, no
//! illegal move is accepted (and a refused one changes nothing), cards are
//! never made or lost through draws, discards and reshuffles, hands hold
//! ten cards between turns, and a game is won only by a hand all in melds.

use cards::card::deck;
use proptest::prelude::*;
use rummy::melds::is_rummy;
use rummy::rules::{COMPUTER, Move, Phase, Rummy, Winner, YOU};

fn assert_sound(g: &Rummy) -> Result<(), TestCaseError> {
    prop_assert_eq!(g.all_cards(), deck());
    match g.phase {
        Phase::Discard => prop_assert_eq!(g.hands[YOU].len(), 11),
        Phase::ComputerDiscard => prop_assert_eq!(g.hands[COMPUTER].len(), 11),
        _ => {
            prop_assert_eq!(g.hands[YOU].len(), 10);
            prop_assert_eq!(g.hands[COMPUTER].len(), 10);
        }
    }
    match g.winner() {
        Some(Winner::You) => prop_assert!(is_rummy(&g.hands[YOU])),
        Some(Winner::Computer) => prop_assert!(is_rummy(&g.hands[COMPUTER])),
        Some(Winner::Tie) => {
            prop_assert!(is_rummy(&g.hands[YOU]) && is_rummy(&g.hands[COMPUTER]))
        }
        None => {}
    }
    Ok(())
}

fn tries() -> Vec<Move> {
    let mut all = vec![Move::DrawStock, Move::DrawDiscard];
    all.extend(deck().into_iter().map(Move::Discard));
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_deal_uses_each_card_exactly_once(seed: u64) {
        let g = Rummy::deal(seed);
        prop_assert_eq!(g.all_cards(), deck());
        prop_assert_eq!(g.stock.len(), 31);
        prop_assert_eq!(g.discards.len(), 1);
        assert_sound(&g)?;
        prop_assert_eq!(&g, &Rummy::deal(seed), "one deal per seed");
    }

    #[test]
    fn no_illegal_move_is_accepted_and_cards_are_conserved(
        seed: u64,
        picks in prop::collection::vec(any::<usize>(), 200),
    ) {
        let mut g = Rummy::deal(seed);
        let all = tries();
        let mut pick = picks.iter();
        // Random legal moves for a while (the deck runs out and is made
        // again from the discards on the way).
        while !g.over() {
            let Some(&p) = pick.next() else { break };
            if g.computer_to_play() {
                prop_assert!(g.check(Move::DrawStock).is_err());
                g.computer_step().unwrap();
            } else {
                let wrong = all[p % all.len()];
                if g.check(wrong).is_err() {
                    let before = g.clone();
                    prop_assert!(g.play(wrong).is_err());
                    prop_assert_eq!(&g, &before);
                }
                let legal: Vec<Move> = all.iter().copied().filter(|&m| g.check(m).is_ok()).collect();
                prop_assert!(!legal.is_empty(), "you can always move");
                let mv = legal[(p / 7) % legal.len()];
                if let Move::Discard(card) = mv {
                    prop_assert!(g.hands[YOU].contains(&card));
                }
                g.play(mv).unwrap();
            }
            assert_sound(&g)?;
        }
    }
}
