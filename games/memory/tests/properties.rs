//! Property tests of Memory's rules: a deal holds each picture exactly
//! twice; whatever is clicked, a turn is refused only off the table, on a
//! removed card or after the win, and never changes anything then; only
//! two cards of one picture are ever removed; at most two cards are face
//! up; a save reads back as the game it was (a showing pair settled).

use memory::rules::{CARDS, Flip, Illegal, Memory, PAIRS, Picture};
use memory::save::{Saved, read, write};
use proptest::prelude::*;

/// What the rules promise of every position.
fn assert_sound(g: &Memory) -> Result<(), TestCaseError> {
    prop_assert!(Memory::valid_cards(&g.cards));
    let removed = g.removed.iter().filter(|&&r| r).count();
    prop_assert_eq!(removed, 2 * g.matches);
    for p in 0..CARDS {
        prop_assert_eq!(g.removed[p], g.removed[g.twin(p)], "pairs go together");
    }
    let up = (0..CARDS).filter(|&p| g.face_up(p)).count();
    prop_assert!(up <= 2);
    prop_assert!(!(g.first.is_some() && g.showing.is_some()));
    prop_assert!(g.matches <= PAIRS);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_deal_holds_each_picture_twice(seed: u64) {
        let g = Memory::deal(seed);
        for p in Picture::ALL {
            prop_assert_eq!(g.cards.iter().filter(|&&c| c == p).count(), 2);
        }
        prop_assert_eq!(g.clone(), Memory::deal(seed));
        prop_assert!((0..CARDS).all(|p| !g.face_up(p) && g.on_table(p)));
        assert_sound(&g)?;
    }

    #[test]
    fn no_illegal_turn_is_accepted(
        seed: u64,
        clicks in prop::collection::vec((0usize..24, any::<bool>()), 0..200),
    ) {
        let mut g = Memory::deal(seed);
        for (pos, settle_first) in clicks {
            if settle_first {
                g.settle();
            }
            let before = g.clone();
            let mut settled = before.clone();
            settled.settle();
            match g.flip(pos) {
                Err(Illegal::OffTable) => {
                    prop_assert!(pos >= CARDS);
                    prop_assert_eq!(&g, &before, "nothing changes");
                }
                Err(Illegal::Removed) => {
                    prop_assert!(settled.removed[pos]);
                    prop_assert_eq!(&g, &settled);
                }
                Err(Illegal::Over) => {
                    prop_assert_eq!(settled.matches, PAIRS);
                    prop_assert_eq!(&g, &settled);
                }
                Ok(Flip::First) => prop_assert!(g.face_up(pos) && g.first == Some(pos)),
                Ok(Flip::Cancelled) => {
                    prop_assert_eq!(settled.first, Some(pos));
                    prop_assert!(!g.face_up(pos));
                }
                Ok(Flip::Match(a, b)) => {
                    prop_assert_eq!(b, pos);
                    prop_assert!(a != b && g.cards[a] == g.cards[b]);
                    prop_assert_eq!(settled.first, Some(a));
                }
                Ok(Flip::Mismatch(a, b)) => {
                    prop_assert_eq!(b, pos);
                    prop_assert!(g.cards[a] != g.cards[b]);
                }
            }
            assert_sound(&g)?;
            // A save always reads back as the settled game.
            let back = read(&write(&Saved { game: g.clone(), seed, clock: Some(1.5) }))
                .map_err(TestCaseError::fail)?;
            let mut now = g.clone();
            now.settle();
            prop_assert_eq!(back.game, now);
        }
    }

    #[test]
    fn a_player_who_knows_every_card_wins_in_twenty_turns(seed: u64) {
        let mut g = Memory::deal(seed);
        for p in 0..CARDS {
            g.settle();
            if g.removed[p] {
                continue;
            }
            let t = g.twin(p);
            prop_assert_eq!(g.flip(p), Ok(Flip::First));
            prop_assert_eq!(g.flip(t), Ok(Flip::Match(p, t)));
        }
        prop_assert!(g.all_found());
        g.settle();
        prop_assert!(g.won());
        prop_assert_eq!(g.turns, 20);
    }
}
