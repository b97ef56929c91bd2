//! The computer player against a random player, and its search called
//! directly (synchronously) with node budgets, as the issue asks: the same
//! move on any machine.

use game_api::Rng;
use pousse::computer::{Strength, choose, random_move};
use pousse::rules::{Ending, Match, Move, Player};
use pousse::save::parse_game;

/// Plays `strength` as `me` against the random player seeded `seed`;
/// returns the winner and the record.
fn against_random(n: usize, strength: Strength, me: Player, seed: u64) -> (Player, String) {
    let mut game = Match::new(n).unwrap();
    let mut rng = Rng::new(seed);
    while game.ending().is_none() {
        let mv = if game.to_move() == me {
            choose(&game, strength.budget(), seed).unwrap().mv
        } else {
            random_move(&game, &mut rng)
        };
        game.play(mv).unwrap();
    }
    (game.ending().unwrap().winner(), game.record())
}

#[test]
fn medium_beats_a_random_player_in_at_least_95_of_100_games() {
    let mut won = 0;
    let mut lost = Vec::new();
    for seed in 0..100u64 {
        let me = if seed % 2 == 0 { Player::X } else { Player::O };
        let (winner, record) = against_random(4, Strength::Medium, me, seed);
        if winner == me {
            won += 1;
        } else {
            lost.push(record);
        }
    }
    println!("Medium against random on 4 by 4: won {won} of 100");
    assert!(won >= 95, "won {won} of 100; lost {lost:#?}");
}

#[test]
fn every_strength_beats_a_random_player_on_other_sizes() {
    // Hard only on 3 by 3: larger boards take it long in a debug build.
    for (n, strengths) in [
        (3, &Strength::ALL[..]),
        (5, &Strength::ALL[..2]),
        (6, &Strength::ALL[..2]),
    ] {
        for &strength in strengths {
            let won = (0..10u64)
                .filter(|&seed| {
                    let me = if seed % 2 == 0 { Player::X } else { Player::O };
                    against_random(n, strength, me, 1000 + seed).0 == me
                })
                .count();
            assert!(won >= 8, "{n}: {} won {won} of 10", strength.name());
        }
    }
}

#[test]
fn hard_beats_medium_more_often_than_not() {
    let mut won = 0;
    for seed in 0..8u64 {
        let hard = if seed % 2 == 0 { Player::X } else { Player::O };
        let mut game = Match::new(4).unwrap();
        while game.ending().is_none() {
            let s = if game.to_move() == hard {
                Strength::Hard
            } else {
                Strength::Medium
            };
            game.play(choose(&game, s.budget(), seed).unwrap().mv)
                .unwrap();
        }
        won += usize::from(game.ending().unwrap().winner() == hard);
    }
    assert!(won >= 6, "Hard won {won} of 8 against Medium");
}

#[test]
fn a_search_gives_the_same_move_for_the_same_budget_and_seed() {
    let game = parse_game("L2 T3 R3 B2").unwrap();
    for strength in Strength::ALL {
        let a = choose(&game, strength.budget(), 99).unwrap();
        let b = choose(&game, strength.budget(), 99).unwrap();
        assert_eq!(a, b);
        assert!(a.nodes <= strength.budget() + 1, "{a:?}");
    }
}

#[test]
fn hard_sees_a_forced_win_a_few_moves_ahead() {
    // X to move wins by force here (found by the search itself, and
    // checked below against every reply of O).
    let game = parse_game("L2 T3 R3 B2 L3 T2").unwrap();
    let c = choose(&game, Strength::Hard.budget(), 1).unwrap();
    assert!(c.wins(), "{c:?}");
    // Follow it: Hard as X against every reply O can make, one level deep,
    // still wins each time.
    let mut after = game.clone();
    after.play(c.mv).unwrap();
    for reply in Move::all(4) {
        let mut g = after.clone();
        if g.play(reply).unwrap().is_some() {
            continue;
        }
        let mut moves = 0;
        while g.ending().is_none() {
            let s = if g.to_move() == Player::X {
                Strength::Hard
            } else {
                Strength::Medium
            };
            g.play(choose(&g, s.budget(), 2).unwrap().mv).unwrap();
            moves += 1;
            assert!(moves < 40);
        }
        assert_eq!(g.ending().unwrap().winner(), Player::X, "{}", g.record());
    }
}

#[test]
fn the_computer_blocks_a_straight_in_one() {
    // X . . .
    // X . . X
    // . . . .
    // O O O .    X to move: O threatens B4 and R4 (row 4).
    let game = parse_game("T1 B1 T1 B2 R2 B3").unwrap();
    let o_wins_next = |g: &Match| {
        Move::all(4).any(|r| {
            matches!(
                g.consequence(r).1,
                Some(Ending::Straights {
                    winner: Player::O,
                    ..
                })
            )
        })
    };
    assert!(o_wins_next(&parse_game("T1 B1 T1 B2 R2 B3 L3").unwrap()));
    let safe: Vec<Move> = Move::all(4)
        .filter(|&m| {
            let mut g = game.clone();
            g.play(m).unwrap().is_none() && !o_wins_next(&g)
        })
        .collect();
    assert!(!safe.is_empty() && safe.len() < 16, "{safe:?}");
    for strength in [Strength::Medium, Strength::Hard] {
        for seed in 0..4 {
            let c = choose(&game, strength.budget(), seed).unwrap();
            assert!(
                safe.contains(&c.mv),
                "{}: {} not in {safe:?}",
                strength.name(),
                c.mv
            );
        }
    }
}
