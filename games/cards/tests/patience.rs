//! Properties of the patience layer over random play: whatever legal
//! moves are made (autoplay after each, as the games play), every card is
//! on the table once, each pile's face-down cards stay where the rules put
//! them, the table saves and reads back as it is, and the solver's win,
//! when it finds one, is a win when played.

use cards::card::deck;
use cards::deal::shuffled_deck;
use cards::patience::save::{Saved, read, write};
use cards::patience::solver::{Verdict, solve};
use cards::patience::{FREECELL_RULES, KLONDIKE_RULES, Patience, PatienceRules, Role};
use game_api::Rng;
use proptest::prelude::*;

fn klondike(rules: PatienceRules) -> Patience {
    let mut roles = vec![Role::Stock, Role::Waste];
    roles.extend([Role::Foundation; 4]);
    roles.extend([Role::Tableau; 7]);
    Patience::new(rules, &roles)
}

fn freecell() -> Patience {
    let mut roles = vec![Role::FreeCell; 4];
    roles.extend([Role::Foundation; 4]);
    roles.extend([Role::Tableau; 8]);
    Patience::new(FREECELL_RULES, &roles)
}

fn dealt(which: u8, seed: u64) -> Patience {
    let cards = shuffled_deck(seed);
    match which {
        0 => {
            let mut g = klondike(KLONDIKE_RULES);
            g.deal_rows(&cards, &[1, 2, 3, 4, 5, 6, 7], false);
            g
        }
        1 => {
            let mut g = klondike(PatienceRules {
                draw: 3,
                redeals: Some(2),
                ..KLONDIKE_RULES
            });
            g.deal_rows(&cards, &[1, 2, 3, 4, 5, 6, 7], false);
            g
        }
        _ => {
            let mut g = freecell();
            g.deal_rows(&cards, &[7, 7, 7, 7, 6, 6, 6, 6], true);
            g
        }
    }
}

/// The empty table a save of `game`'s kind reads into.
fn empty_like(game: &Patience) -> Patience {
    let roles: Vec<Role> = game.piles.iter().map(|p| p.role).collect();
    Patience::new(game.rules, &roles)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_play_keeps_every_card_once_and_saves_as_it_is(
        which in 0u8..3,
        seed: u64,
        moves in 0usize..120,
    ) {
        let mut game = dealt(which, seed);
        game.autoplay();
        let mut rng = Rng::new(seed ^ 0x5eed);
        for _ in 0..moves {
            let legal = game.legal_moves();
            let Some(&mv) = rng.choose(&legal) else { break };
            prop_assert!(game.check(mv).is_ok(), "{mv:?} listed but refused");
            game.play(mv).unwrap();
            game.autoplay();
            prop_assert_eq!(game.all_cards(), deck());
            for p in &game.piles {
                match p.role {
                    Role::Stock => prop_assert_eq!(p.down, p.cards.len()),
                    Role::Tableau if !p.cards.is_empty() => prop_assert!(p.down < p.cards.len()),
                    _ => prop_assert_eq!(p.down, 0),
                }
            }
        }
        let saved = Saved { game: game.clone(), options: String::new(), seed, help: 0 };
        let text = write("patience", &saved);
        let back = read("patience", text.as_bytes(), |_| Ok(empty_like(&game)));
        prop_assert_eq!(back, Ok(saved));
    }
}

#[test]
fn the_solvers_wins_are_wins_when_played() {
    let mut won = 0;
    for (which, seed) in [(0, 1), (0, 2), (1, 3), (2, 4), (2, 5), (0, 6)] {
        let start = dealt(which, seed);
        let Verdict::Winnable(path) = solve(&start, 30_000).verdict else {
            continue;
        };
        let mut game = start.clone();
        game.autoplay();
        for mv in &path {
            game.play(*mv).unwrap();
            game.autoplay();
        }
        assert!(game.won(), "deal {which}/{seed}: {} moves", path.len());
        won += 1;
    }
    assert!(won >= 3, "only {won} of six deals won within the budget");
}
