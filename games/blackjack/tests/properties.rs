//! Properties of the rules over random shoes and random play: every card
//! of the shoe is dealt once, a refused move changes nothing, the money is
//! the bets and the payouts exactly, the dealer draws to 17 and stands,
//! the hole card stays hidden only when every hand is bust, and a save
//! reads back as the same round.

use std::collections::HashMap;

use blackjack::rules::{BET, LAST_START, Move, Phase, Round, best_total, is_bust, min_value, shoe};
use blackjack::save::{Saved, read, write};
use cards::Card;
use proptest::prelude::*;

const MOVES: [Move; 5] = [
    Move::Hit,
    Move::Stand,
    Move::Double,
    Move::Split,
    Move::Continue,
];

fn count(cards: &[Card]) -> HashMap<Card, usize> {
    let mut m = HashMap::new();
    for &c in cards {
        *m.entry(c).or_insert(0) += 1;
    }
    m
}

/// Checks what must hold of every round, at every step.
fn check_invariants(r: &Round) {
    // The cards on the table are the shoe's next `used` cards, once each.
    let mut on_table: Vec<Card> = r.dealer.clone();
    for h in &r.hands {
        on_table.extend(&h.cards);
    }
    let whole = shoe(r.seed);
    assert_eq!(count(&on_table), count(&whole[r.start..r.start + r.used]));
    let mut all = on_table.clone();
    all.extend(r.shoe_left());
    all.extend(r.discards());
    assert_eq!(count(&all), count(&whole));
    assert_eq!(whole.len(), 208);

    // The money: the bets taken, and the payouts once settled.
    let stakes: i64 = r.hands.iter().map(|h| h.stake()).sum();
    let paid: i64 = if r.is_settled() {
        r.hands
            .iter()
            .map(|h| {
                h.verdict
                    .expect("a settled hand has a result")
                    .payout(h.doubled)
            })
            .sum()
    } else {
        0
    };
    assert_eq!(r.money, r.money_before - stakes + paid);
    if let Some(net) = r.net() {
        assert!((-2 * BET..=2 * BET).contains(&net), "{net}");
    }

    // Splits and doubles only as the rules allow.
    assert!(r.hands.len() <= 2);
    for h in &r.hands {
        if h.doubled {
            assert_eq!(r.hands.len(), 1);
            assert_eq!(h.cards.len(), 3);
        }
    }
    if r.hands.len() == 2 {
        assert_eq!(
            min_value(r.hands[0].cards[0]),
            min_value(r.hands[1].cards[0])
        );
    }

    // The dealer: the hole card hidden while the player plays, and after
    // a settle only when every hand went bust; otherwise drawn to 17.
    match &r.phase {
        Phase::Playing(_) | Phase::Busted(_) => {
            assert!(!r.revealed);
            assert_eq!(r.dealer.len(), 2);
        }
        Phase::Settled { .. } => {
            let all_bust = r.hands.iter().all(|h| h.is_bust());
            let blackjack = r.moves.is_empty();
            assert_eq!(r.revealed, blackjack || !all_bust, "{r:?}");
            if r.revealed && !blackjack {
                assert!(r.dealer_total() >= 17);
                if r.dealer.len() > 2 {
                    assert!(best_total(&r.dealer[..r.dealer.len() - 1]) < 17);
                }
            } else {
                assert_eq!(r.dealer.len(), 2);
            }
            if blackjack {
                assert!(best_total(&r.dealer) == 21 || r.hands[0].total() == 21);
            }
            for h in &r.hands {
                if is_bust(&h.cards) {
                    assert_eq!(h.verdict, Some(blackjack::rules::Verdict::Bust));
                }
            }
        }
    }
}

proptest! {
    #[test]
    fn random_play_keeps_the_rules(
        seed in any::<u64>(),
        start in 0..=LAST_START,
        money in -50i64..500,
        picks in proptest::collection::vec(0usize..5, 0..40),
    ) {
        let mut r = Round::deal(seed, start, money);
        check_invariants(&r);
        for p in picks {
            let m = MOVES[p];
            let before = r.clone();
            match r.play(m) {
                Ok(()) => {
                    prop_assert_eq!(r.moves.len(), before.moves.len() + 1);
                }
                Err(_) => {
                    prop_assert_eq!(&r, &before, "a refused move changes nothing");
                    prop_assert!(before.check(m).is_err());
                }
            }
            check_invariants(&r);
            let saved = Saved { round: r.clone(), from_id: false };
            prop_assert_eq!(read(&write(&saved)), Ok(saved));
        }
    }

    #[test]
    fn every_round_ends_and_the_next_follows_in_the_shoe(
        seed in any::<u64>(),
        start in 0..=LAST_START,
        fresh in any::<u64>(),
    ) {
        let mut r = Round::deal(seed, start, 100);
        // Hitting to the end: a round cannot take more than a few dozen moves.
        let mut steps = 0;
        while !r.is_settled() {
            let m = MOVES.into_iter().find(|&m| r.check(m).is_ok()).unwrap();
            r.play(m).unwrap();
            steps += 1;
            prop_assert!(steps < 40);
        }
        check_invariants(&r);
        let next = r.next(fresh);
        let end = r.start + r.used;
        if end <= LAST_START {
            prop_assert_eq!((next.seed, next.start), (seed, end));
        } else {
            prop_assert_eq!((next.seed, next.start), (fresh, 0));
        }
        prop_assert_eq!(next.money_before, r.money);
    }
}
