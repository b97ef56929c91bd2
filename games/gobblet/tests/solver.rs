//! The 3×3 Smart player against every defence.

use gobblet::ai::{Level, choose};
use gobblet::rules::{Color, Position, Variant};
use std::collections::HashSet;

/// Smart red from `position` wins against every sequence of yellow replies.
fn red_always_wins(position: Position, seen: &mut HashSet<u128>, plies: usize) {
    assert!(plies < 60, "the game goes on too long:\n{}", position.to_text());
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
    println!("{} positions", seen.len());
    assert!(seen.len() > 100);
}
