//! The computer players: the 3×3 Smart player against every defence, the
//! original's search tests (`test-explore.rkt`) as facts, and each player
//! against a random one.

use game_api::Rng;
use gobblet::ai::{Level, Solver, choose};
use gobblet::record::{parse_record, replay};
use gobblet::rules::{Color, Move, Position, Variant};
use std::collections::HashSet;

/// Smart red from `position` wins against every sequence of yellow replies.
fn red_always_wins(position: Position, seen: &mut HashSet<u128>, plies: usize) {
    assert!(
        plies < 40,
        "the game goes on too long:\n{}",
        position.to_text()
    );
    if !seen.insert(position.key()) {
        return;
    }
    match position.winner() {
        Some(Color::Red) => return,
        Some(Color::Yellow) => panic!("yellow won:\n{}", position.to_text()),
        None => {}
    }
    if position.to_move() == Color::Red {
        let mv = choose(&position, &[], Level::Smart, 1).expect("red has a move");
        red_always_wins(position.after(mv), seen, plies + 1);
    } else {
        for mv in position.moves() {
            red_always_wins(position.after(mv), seen, plies + 1);
        }
    }
}

#[test]
fn smart_red_wins_the_3x3_game_against_every_defence() {
    let mut seen = HashSet::new();
    red_always_wins(Position::new(Variant::Small), &mut seen, 0);
    // Every yellow reply at every yellow turn was tried.
    assert!(seen.len() > 1000, "{}", seen.len());
}

#[test]
fn red_has_a_forced_win_from_the_empty_3x3_board() {
    let mut solver = Solver::new();
    let (_, moves) = solver
        .fastest_win(&Position::new(Variant::Small), 12, u64::MAX)
        .expect("red wins");
    // And no faster than that.
    assert!(moves >= 3);
    let mut fresh = Solver::new();
    assert_eq!(
        fresh.wins_within(&Position::new(Variant::Small), moves - 1),
        Some(false)
    );
}

/// test-explore.rkt's `3x3-one-step-win`: big red on a3 and b2 (the
/// original's (0,0) and (1,1)); red to move wins at c1.
#[test]
fn original_one_step_win() {
    let mut p = Position::new(Variant::Small);
    p.apply(Move {
        size: 2,
        from: None,
        to: 0,
    });
    p = p.with_to_move(Color::Red);
    p.apply(Move {
        size: 2,
        from: None,
        to: 4,
    });
    p = p.with_to_move(Color::Red);
    for level in [Level::Ok, Level::Smart] {
        let mv = choose(&p, &[], level, 3).unwrap();
        assert_eq!(p.after(mv).winner(), Some(Color::Red), "{level:?}");
    }
}

/// test-explore.rkt's `3x3-two-step-win`: red to move has a forced win in
/// two of its moves, which Smart finds and plays.
#[test]
fn original_two_step_win() {
    // (0,0) big red, (1,0) big yellow, (1,1) big red, yellow (1,0)->(2,2),
    // red medium (1,0), yellow big (1,0): i across, j down.
    let cell = |i: u8, j: u8| j * 3 + i;
    let mut p = Position::new(Variant::Small);
    for mv in [
        Move {
            size: 2,
            from: None,
            to: cell(0, 0),
        },
        Move {
            size: 2,
            from: None,
            to: cell(1, 0),
        },
        Move {
            size: 2,
            from: None,
            to: cell(1, 1),
        },
        Move {
            size: 2,
            from: Some(cell(1, 0)),
            to: cell(2, 2),
        },
        Move {
            size: 1,
            from: None,
            to: cell(1, 0),
        },
        Move {
            size: 2,
            from: None,
            to: cell(1, 0),
        },
    ] {
        p.play(mv).unwrap();
    }
    assert_eq!(p.to_move(), Color::Red);
    assert_eq!(p.winner(), None);
    let mut solver = Solver::new();
    assert_eq!(solver.wins_within(&p, 1), Some(false));
    assert_eq!(solver.wins_within(&p, 2), Some(true));
    let (mv, k) = solver.fastest_win(&p, 5, u64::MAX).unwrap();
    assert_eq!(k, 2);
    let q = p.after(mv);
    // Whatever yellow answers, red then wins at once.
    for reply in q.moves() {
        let r = q.after(reply);
        if r.winner().is_some() {
            assert_eq!(r.winner(), Some(Color::Red));
            continue;
        }
        let win = choose(&r, &[], Level::Smart, 0).unwrap();
        assert_eq!(r.after(win).winner(), Some(Color::Red));
    }
}

/// Plays `computer` (as `color`) against uniformly random moves; returns
/// the winner, or `None` after `limit` plies.
fn against_random(
    variant: Variant,
    computer: Level,
    color: Color,
    seed: u64,
    limit: usize,
) -> Option<Color> {
    let mut rng = Rng::new(seed);
    let mut p = Position::new(variant);
    let mut history = Vec::new();
    for _ in 0..limit {
        if let Some(w) = p.winner() {
            return Some(w);
        }
        let mv = if p.to_move() == color {
            choose(&p, &history, computer, seed ^ history.len() as u64)?
        } else {
            let moves = p.moves();
            moves[rng.below(moves.len() as u64) as usize]
        };
        history.push(p.key());
        p.apply(mv);
    }
    p.winner()
}

#[test]
fn smart_beats_a_random_player_on_4x4_in_at_least_95_of_100_games() {
    let mut wins = 0;
    for game in 0..100u64 {
        let color = if game % 2 == 0 {
            Color::Red
        } else {
            Color::Yellow
        };
        if against_random(Variant::Large, Level::Smart, color, game, 200) == Some(color) {
            wins += 1;
        }
    }
    println!("Smart 4x4 beat a random player in {wins} of 100 games");
    assert!(wins >= 95, "{wins}");
}

#[test]
fn ok_beats_a_random_player_on_4x4_in_at_least_95_of_100_games() {
    let mut wins = 0;
    for game in 0..100u64 {
        let color = if game % 2 == 0 {
            Color::Red
        } else {
            Color::Yellow
        };
        if against_random(Variant::Large, Level::Ok, color, game, 200) == Some(color) {
            wins += 1;
        }
    }
    println!("Ok 4x4 beat a random player in {wins} of 100 games");
    assert!(wins >= 95, "{wins}");
}

#[test]
fn ok_and_smart_beat_a_random_player_on_3x3_in_at_least_95_of_100_games() {
    for level in [Level::Ok, Level::Smart] {
        let mut wins = 0;
        for game in 0..100u64 {
            let color = if game % 2 == 0 {
                Color::Red
            } else {
                Color::Yellow
            };
            if against_random(Variant::Small, level, color, game, 200) == Some(color) {
                wins += 1;
            }
        }
        println!("{level:?} 3x3 beat a random player in {wins} of 100 games");
        assert!(wins >= 95, "{level:?}: {wins}");
    }
}

#[test]
fn the_computer_takes_an_immediate_win_and_blocks_an_immediate_loss_on_4x4() {
    // Red has a4, b4, c4: it completes the row.
    let p = replay_record("4: Xa4 Xa1 Xb4 Xb1 Xc4 Lc2");
    for level in [Level::Ok, Level::Smart] {
        let mv = choose(&p, &[], level, 5).unwrap();
        assert_eq!(p.after(mv).winner(), Some(Color::Red), "{level:?}");
    }
    // Yellow to move must stop red's row: d4 taken, or a piece gobbled.
    let p = replay_record("4: Xa4 Xa1 Xb4 Xb1 Xc4");
    let mv = choose(&p, &[], Level::Smart, 5).unwrap();
    let q = p.after(mv);
    for reply in q.moves() {
        assert_ne!(
            q.after(reply).winner(),
            Some(Color::Red),
            "{mv:?} then {reply:?}"
        );
    }
}

fn replay_record(text: &str) -> Position {
    let (variant, moves) = parse_record(text).unwrap();
    replay(variant, &moves)
}
