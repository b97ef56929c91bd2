//! The opponents' turns in the window come after the seconds the ticks
//! carry, never one a tick: a busy machine's fewer, longer ticks make them
//! no slower.

mod common;
use common::choose;

use crazy_8s::Crazy8sGame;
use crazy_8s::game::OPPONENT_SECONDS;
use crazy_8s::rules::{Action, Crazy8s, Options, Turn};
use crazy_8s::settings::Settings;
use game_api::{Event, Game, Host};

/// A game against three opponents, played by you until the opponents are
/// to play.
fn opponents_to_play(seed: u64) -> Crazy8sGame {
    let settings = Settings {
        options: Options {
            opponents: 3,
            hand_size: 7,
        },
        drag: false,
    };
    let mut g = Crazy8sGame::with_seed(Host::detached(), settings, seed);
    while !matches!(g.game().turn, Turn::Opponent(_)) {
        assert!(!g.game().is_over());
        assert!(g.act(choose(g.game())));
    }
    g
}

/// The turns the opponents play, from `g`, before yours (or the end).
fn opponent_turns(g: &Crazy8sGame) -> (Crazy8s, usize) {
    let mut rules = g.game().clone();
    let mut turns = 0;
    while let Turn::Opponent(_) = rules.turn {
        rules.play(Action::Opponent).unwrap();
        turns += 1;
    }
    (rules, turns)
}

fn tick(g: &mut Crazy8sGame, dt: f32) {
    g.handle_event(&Event::Tick { dt });
}

#[test]
fn one_long_tick_plays_every_opponent_whose_turn_has_come() {
    let mut g = opponents_to_play(4);
    let (after, turns) = opponent_turns(&g);
    assert_eq!(turns, 3, "three opponents play before you");
    tick(&mut g, 10.0);
    assert_eq!(g.game(), &after);
    // A tick of two turns' seconds plays two of them.
    let mut g = opponents_to_play(4);
    tick(&mut g, 2.0 * OPPONENT_SECONDS + 0.01);
    assert_eq!(g.game().turn, Turn::Opponent(3));
}

#[test]
fn short_ticks_play_the_opponents_after_their_seconds_of_them() {
    let mut g = opponents_to_play(4);
    let (after, turns) = opponent_turns(&g);
    let dt = 0.001;
    let mut ticks = 0;
    while g.game() != &after {
        tick(&mut g, dt);
        ticks += 1;
        assert!(ticks < 10_000, "{ticks} ticks of {dt} s");
    }
    let due = (turns as f32 * OPPONENT_SECONDS / dt).round() as i32;
    assert!(
        (due - 3..=due + 3).contains(&ticks),
        "{ticks} ticks for {turns} turns, {due} due"
    );
}
