//! Property tests of Go Fish's rules: a deal uses each card exactly once,
//! no illegal move is accepted (and a refused one changes nothing), cards
//! are never made or lost, every box holds whole matches, a computer
//! player never keeps a whole match in hand, and every game ends.

use cards::card::deck;
use go_fish::rules::{GoFish, MatchSize, Move, PLAYERS, Phase, YOU};
use proptest::prelude::*;

fn size() -> impl Strategy<Value = MatchSize> {
    prop_oneof![Just(MatchSize::Pairs), Just(MatchSize::Books)]
}

/// What the rules promise of every position.
fn assert_sound(g: &GoFish) -> Result<(), TestCaseError> {
    prop_assert_eq!(g.all_cards(), deck());
    for p in 0..PLAYERS {
        prop_assert_eq!(g.boxes[p].len() % g.size.cards(), 0);
        for m in g.boxes[p].chunks(g.size.cards()) {
            prop_assert!(m.iter().all(|c| c.rank == m[0].rank), "{:?}", m);
        }
        if p != YOU {
            prop_assert!(g.full_rank(p).is_none(), "player {} kept a match", p);
        }
    }
    if !g.over() {
        prop_assert!(g.hands.iter().all(|h| !h.is_empty()));
    }
    Ok(())
}

/// Every move you could try now, legal or not.
fn tries() -> Vec<Move> {
    let mut all = vec![Move::Draw];
    for card in deck() {
        all.push(Move::Declare { card });
        for target in 0..4 {
            all.push(Move::Ask { target, card });
        }
    }
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_deal_uses_each_card_exactly_once(size in size(), seed: u64) {
        let g = GoFish::deal(size, seed);
        prop_assert_eq!(g.all_cards(), deck());
        prop_assert_eq!(g.hands[YOU].len(), 7);
        prop_assert_eq!(g.stock.len(), 52 - 21);
        prop_assert_eq!(g.phase, Phase::Turn(YOU));
        assert_sound(&g)?;
        prop_assert_eq!(&g, &GoFish::deal(size, seed), "one deal per seed");
    }

    #[test]
    fn no_illegal_move_is_accepted_and_games_end(
        size in size(),
        seed: u64,
        picks in prop::collection::vec(any::<usize>(), 400),
    ) {
        let mut g = GoFish::deal(size, seed);
        let mut steps = 0usize;
        let mut pick = picks.iter().cycle();
        while !g.over() {
            steps += 1;
            prop_assert!(steps < 20_000, "the game does not end");
            if g.computer_to_play() {
                prop_assert!(g.check(Move::Draw).is_err());
                g.computer_step().unwrap();
            } else {
                let all = tries();
                let legal: Vec<Move> = all.iter().copied().filter(|&m| g.check(m).is_ok()).collect();
                prop_assert!(!legal.is_empty(), "you can always move");
                // An illegal try changes nothing.
                let wrong = all[pick.next().unwrap() % all.len()];
                if g.check(wrong).is_err() {
                    let before = g.clone();
                    prop_assert!(g.play(wrong).is_err());
                    prop_assert_eq!(&g, &before);
                }
                let mv = legal[pick.next().unwrap() % legal.len()];
                match mv {
                    Move::Declare { card } => prop_assert!(g.count(YOU, card.rank) >= size.cards()),
                    Move::Ask { target, card } => {
                        prop_assert!(target == 1 || target == 2);
                        prop_assert!(g.hands[YOU].contains(&card));
                    }
                    Move::Draw => prop_assert_eq!(g.phase, Phase::Fishing),
                }
                g.play(mv).unwrap();
            }
            assert_sound(&g)?;
        }
        prop_assert!(g.hands.iter().any(Vec::is_empty));
        let matched: usize = (0..PLAYERS).map(|p| g.matches(p)).sum();
        prop_assert!(matched <= 52 / size.cards());
    }
}
