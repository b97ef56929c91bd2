//! The computer's thinking as the window sees it: every move within its
//! budget of nodes on every board size, the answer played after a number
//! of ticks set by the seconds they carry (never by how many there are),
//! and ticks a tenth of a second apart while it only thinks.

use game_api::host::{GameLibrary, Recorder};
use game_api::{Event, Game, Rng};
use pousse::PousseGame;
use pousse::computer::{Strength, choose, random_move};
use pousse::game::COMPUTER_TURN_SECONDS;
use pousse::rules::{MAX_SIZE, MIN_SIZE, Match};
use pousse::settings::{Seat, Settings};

#[test]
fn every_computer_move_is_answered_within_its_node_budget() {
    for n in MIN_SIZE..=MAX_SIZE {
        let mut rng = Rng::new(n as u64);
        let mut game = Match::new(n).unwrap();
        for _ in 0..8 {
            if game.is_over() {
                break;
            }
            for strength in Strength::ALL {
                let c = choose(&game, strength.budget(), 3).unwrap();
                assert!(
                    c.nodes <= strength.budget() + 1,
                    "{n}x{n} {strength:?}: {} nodes",
                    c.nodes
                );
            }
            let _ = game.play(random_move(&game, &mut rng));
        }
    }
}

/// An 8 by 8 game where X is the computer at Hard, thinking about its
/// first move.
fn hard_x_thinking() -> PousseGame {
    let settings = Settings {
        size: 8,
        x: Seat::Computer(Strength::Hard),
        o: Seat::Person,
    };
    let g = PousseGame::with_settings(settings, 5);
    assert!(g.is_thinking());
    g
}

fn tick(g: &mut PousseGame, dt: f32) {
    g.handle_event(&Event::Tick { dt });
}

#[test]
fn one_long_tick_plays_the_answer_once_it_has_come() {
    let mut g = hard_x_thinking();
    assert!(g.wait_for_answer());
    tick(&mut g, 10.0);
    assert_eq!(g.game().moves().len(), 1);
    assert!(!g.is_thinking(), "O, a person, is to move");
}

#[test]
fn short_ticks_play_the_answer_after_the_turn_s_seconds_of_them() {
    let mut g = hard_x_thinking();
    assert!(g.wait_for_answer());
    let dt = 0.001;
    let mut ticks = 0;
    while g.game().moves().is_empty() {
        tick(&mut g, dt);
        ticks += 1;
        assert!(ticks < 10_000, "no move after {ticks} ticks of {dt} s");
    }
    let due = (COMPUTER_TURN_SECONDS / dt).round() as i32;
    assert!((due..=due + 2).contains(&ticks), "{ticks} ticks, {due} due");
}

#[test]
fn while_the_computer_only_thinks_ticks_come_a_tenth_of_a_second_apart() {
    let recorder = Recorder::new();
    let mut game = GameLibrary::from_static(&pousse::GAME_TABLE)
        .unwrap()
        .start(Box::new(recorder.clone()))
        .unwrap();
    game.new_game(1).unwrap();
    game.invoke_action("o", "Person").unwrap();
    game.invoke_action("x", "Computer Hard").unwrap();
    assert!(game.status().unwrap().contains("is thinking"));
    assert_eq!(recorder.last().as_deref(), Some("tick 0.1"));
}
