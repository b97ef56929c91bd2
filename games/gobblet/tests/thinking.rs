//! The computer's thinking as the window sees it: every move within its
//! budget of positions, a search that is no longer wanted stopping at
//! once, and the answer taken after a number of ticks set by the seconds
//! they carry, never by how many there are.

use game_api::Rng;
use gobblet::ai::{Level, Solver, max_nodes, think, think_with};
use gobblet::game::{COMPUTER_PACE, Player};
use gobblet::rules::{Color, Position, Variant};
use gobblet::{Gobblet, record};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The positions of a few random games on `variant`, every one to move.
fn positions(variant: Variant, games: u64) -> Vec<Position> {
    let mut out = Vec::new();
    for game in 0..games {
        let mut rng = Rng::new(game);
        let mut p = Position::new(variant);
        while p.winner().is_none() && out.len() < 1000 {
            out.push(p);
            let moves = p.moves();
            p.apply(moves[rng.below(moves.len() as u64) as usize]);
        }
    }
    out
}

/// The hardest 3×3 move found: yellow's reply to a small red piece in a
/// corner, where the solver spends its whole budget proving no forced win
/// and the alpha-beta search then spends its own.
fn hardest_3x3() -> Position {
    let (variant, moves) = record::parse_record("3: Sa3").unwrap();
    record::replay(variant, &moves)
}

#[test]
fn every_computer_move_is_answered_within_its_node_budget() {
    for variant in [Variant::Small, Variant::Large] {
        let games = if variant == Variant::Small { 4 } else { 2 };
        for p in positions(variant, games) {
            for level in [Level::Smart, Level::Ok] {
                // A solver that knows nothing, as in a process just started
                // on a saved game: the most a move can cost.
                let answer = think_with(&mut Solver::new(), &p, &[], level, 3, None);
                assert!(answer.mv.is_some(), "{level:?}:\n{}", p.to_text());
                assert!(
                    answer.nodes <= max_nodes(level, variant),
                    "{level:?} visited {} positions:\n{}",
                    answer.nodes,
                    p.to_text()
                );
            }
        }
    }
    let answer = think_with(
        &mut Solver::new(),
        &hardest_3x3(),
        &[],
        Level::Smart,
        3,
        None,
    );
    assert!(answer.mv.is_some());
    assert_eq!(answer.nodes, max_nodes(Level::Smart, Variant::Small));
}

#[test]
fn a_search_told_to_stop_ends_at_once_without_a_move() {
    let stop = Arc::new(AtomicBool::new(true));
    for (p, level) in [
        (hardest_3x3(), Level::Smart),
        (Position::new(Variant::Large), Level::Smart),
        (Position::new(Variant::Large), Level::Ok),
    ] {
        let answer = think(&p, &[], level, 1, Some(stop.clone()));
        assert_eq!(answer.mv, None, "{level:?}");
        assert!(answer.nodes <= 1, "{level:?}: {} positions", answer.nodes);
    }
}

/// A 3×3 game where red is the Smart computer, thinking about its first
/// move.
fn red_smart_thinking() -> Gobblet {
    let mut g = Gobblet::with_variant(Variant::Small);
    g.set_player(Color::Yellow, Player::Person);
    g.set_player(Color::Red, Player::Computer(Level::Smart));
    assert!(g.is_thinking());
    g
}

#[test]
fn one_long_tick_brings_the_answer_once_it_has_come() {
    let mut g = red_smart_thinking();
    assert!(g.wait_for_answer());
    assert!(g.tick(10.0));
    assert_eq!(g.played().len(), 1);
    assert!(!g.is_thinking(), "yellow, a person, is to move");
}

#[test]
fn short_ticks_bring_the_answer_after_the_pace_in_seconds_of_them() {
    let mut g = red_smart_thinking();
    assert!(g.wait_for_answer());
    let dt = 0.001;
    let mut ticks = 0;
    while g.played().is_empty() {
        g.tick(dt);
        ticks += 1;
        assert!(ticks < 1000, "no move after {ticks} ticks of {dt} s");
    }
    let pace_ticks = (COMPUTER_PACE / dt).round() as i32;
    assert!(
        (pace_ticks..=pace_ticks + 2).contains(&ticks),
        "{ticks} ticks, the pace being {pace_ticks}"
    );
}

#[test]
fn a_search_given_up_many_times_keeps_no_later_one_waiting() {
    // Each change of player gives the search up; before, each one went on
    // to its end holding the shared 3×3 memory, and the next waited.
    let mut g = Gobblet::with_variant(Variant::Small);
    g.set_player(Color::Red, Player::Person);
    g.set_player(Color::Yellow, Player::Person);
    g.try_move(hardest_3x3_first_move()).unwrap();
    for _ in 0..20 {
        g.set_player(Color::Yellow, Player::Computer(Level::Smart));
        assert!(g.is_thinking());
        g.set_player(Color::Yellow, Player::Person);
        assert!(!g.is_thinking());
    }
    g.set_player(Color::Yellow, Player::Computer(Level::Smart));
    assert!(g.wait_for_answer());
    assert!(g.tick(COMPUTER_PACE));
    assert_eq!(g.played().len(), 2);
}

fn hardest_3x3_first_move() -> gobblet::Move {
    record::parse_record("3: Sa3").unwrap().1[0]
}
