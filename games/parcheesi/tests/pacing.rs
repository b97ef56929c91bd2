//! The computers' turns in the window: each turn's search fits in one
//! tick's slice of positions, and a turn's mini-moves come after a number
//! of ticks set by the seconds the ticks carry, never multiplied by a busy
//! machine's fewer, longer ticks.

mod common;
use common::problem_board;

use game_api::{Game, Host, Rng};
use parcheesi::game::{Parcheesi, SLICE, STEP};
use parcheesi::play::Match;
use parcheesi::players::{Search, Seat};
use parcheesi::rules::Color;

#[test]
fn every_computer_turn_is_searched_within_one_tick_s_slice_of_positions() {
    let mut search = Search::new(Seat::Grace, Color::Blue, &problem_board(), &[1, 1, 6, 6]);
    assert!(search.step(SLICE), "{} positions", search.nodes());
    let mut most = search.nodes();
    for seed in 0..6 {
        for seat in [Seat::Grace, Seat::Renee, Seat::Polly] {
            let mut m = Match::new(seed, [seat; 4]);
            for _ in 0..400 {
                if m.winner().is_some() {
                    break;
                }
                let (board, dice) = (*m.board(), m.dice_left().to_vec());
                let mut search = Search::new(seat, m.current(), &board, &dice);
                assert!(
                    search.step(SLICE),
                    "{seat:?} with {dice:?}: more than {SLICE} positions"
                );
                most = most.max(search.nodes());
                let plan = search.choose(&mut Rng::new(seed));
                if plan.is_empty() {
                    break;
                }
                for mv in plan {
                    m.play(mv).unwrap();
                }
            }
        }
    }
    println!("the largest turn searched: {most} positions of {SLICE}");
}

/// A game of four Amazing Graces from `seed`, its first search done.
fn searched(seed: u64) -> Parcheesi {
    let mut g = Parcheesi::with_seed(Host::detached(), seed, [Seat::Grace; 4]);
    assert!(g.status().contains("is thinking"), "{}", g.status());
    // One tick, of no seconds at all, searches the whole turn (and the
    // status changes from thinking to moving).
    assert!(g.computer_tick(0.0));
    assert!(g.status().contains("is moving"), "{}", g.status());
    g
}

/// The mini-moves of the first turn of `seed`'s game, shown one per
/// [`STEP`] of ticks.
fn first_plan_len(seed: u64) -> usize {
    let mut g = searched(seed);
    let before = g.game().record().len();
    while g.status().contains("is moving") {
        assert!(g.computer_tick(STEP));
    }
    g.game().record().len() - before
}

#[test]
fn one_long_tick_shows_a_whole_turn() {
    let mut longest = 0;
    for seed in 0..12 {
        let n = first_plan_len(seed);
        longest = longest.max(n);
        let mut g = searched(seed);
        let before = g.game().record().len();
        assert!(g.computer_tick(10.0));
        assert_eq!(g.game().record().len() - before, n, "seed {seed}");
        assert!(!g.status().contains("is moving"), "{}", g.status());
    }
    assert!(longest >= 2, "no turn of several mini-moves was tried");
}

#[test]
fn short_ticks_show_a_turn_after_its_seconds_of_them() {
    let seed = (0..12).find(|&s| first_plan_len(s) >= 2).unwrap();
    let n = first_plan_len(seed);
    let mut g = searched(seed);
    let before = g.game().record().len();
    let dt = 0.001;
    let mut ticks = 0;
    while g.game().record().len() - before < n {
        g.computer_tick(dt);
        ticks += 1;
        assert!(ticks < 10_000, "{ticks} ticks of {dt} s");
    }
    let due = (n as f32 * STEP / dt).round() as i32;
    assert!(
        (due - 2..=due + 2).contains(&ticks),
        "{ticks} ticks for {n} mini-moves, {due} due"
    );
}
