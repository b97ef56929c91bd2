//! Random play: any sequence of pointer events, keys, controls and ticks
//! leaves a game that draws within the canvas's limits, keeps every cube
//! under its size limit, and whose saved state loads back into the same
//! state.

use game_api::{Button, Event, Game, Host, Modifiers, Point, RecordingPainter, SaveLoad};
use gcalc::GCalc;
use gcalc::game::MAX_SIZE;
use proptest::prelude::*;

const SIZE: Point = Point::new(963.0, 520.0);

fn arb_point() -> impl Strategy<Value = Point> {
    (-20.0f32..983.0, -20.0f32..540.0).prop_map(|(x, y)| Point::new(x, y))
}

fn arb_button() -> impl Strategy<Value = Button> {
    prop_oneof![
        4 => Just(Button::Primary),
        2 => Just(Button::Secondary),
        1 => Just(Button::Middle),
    ]
}

const KEYS: [&str; 20] = [
    "x",
    "c",
    "v",
    "r",
    "e",
    "n",
    "Space",
    "m",
    "Enter",
    "Escape",
    "F10",
    "ArrowUp",
    "ArrowDown",
    "ArrowLeft",
    "ArrowRight",
    "a",
    "Backspace",
    "7",
    "Minus",
    "QuestionMark",
];

#[derive(Clone, Debug)]
enum Step {
    Event(Event),
    Action(&'static str, &'static str),
}

fn arb_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => arb_point().prop_map(|pos| Step::Event(Event::PointerMove { pos })),
        2 => (arb_point(), arb_button(), any::<bool>()).prop_map(|(pos, button, shift)| {
            Step::Event(Event::PointerPress {
                pos,
                button,
                modifiers: if shift { Modifiers::SHIFT } else { Modifiers::NONE },
            })
        }),
        2 => (arb_point(), arb_button(), any::<bool>()).prop_map(|(pos, button, shift)| {
            Step::Event(Event::PointerRelease {
                pos,
                button,
                modifiers: if shift { Modifiers::SHIFT } else { Modifiers::NONE },
            })
        }),
        2 => (0..KEYS.len()).prop_map(|k| Step::Event(Event::key(KEYS[k]))),
        2 => (0.0f32..0.5).prop_map(|dt| Step::Event(Event::Tick { dt })),
        1 => arb_point().prop_map(|pos| Step::Event(Event::DoubleClick {
            pos,
            button: Button::Primary,
            modifiers: Modifiers::NONE,
        })),
        1 => prop_oneof![
            Just(Step::Action("example", "")),
            Just(Step::Action("stop", "")),
            Just(Step::Action("speed", "At once")),
            Just(Step::Action("split-args", "Yes")),
            Just(Step::Action("colour-ops", "Yes")),
            Just(Step::Action("depth", "6")),
        ],
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_play_keeps_the_game_whole(steps in prop::collection::vec(arb_step(), 1..120)) {
        let mut game = GCalc::with_data_dir(Host::detached(), None);
        game.lay_out_canvas(SIZE);
        for step in &steps {
            match step {
                Step::Event(e) => {
                    game.handle_event(e);
                }
                Step::Action(id, value) => {
                    let _ = game.invoke_action(id, value);
                }
            }
        }
        let cells = game.storage().cells().iter().flatten().map(|e| e.expr.size());
        for size in cells.chain(game.main().map(|e| e.expr.size())) {
            prop_assert!(size <= MAX_SIZE);
        }
        let mut painter = RecordingPainter::new();
        game.draw(&mut painter);
        prop_assert!(painter.shapes.len() < 200_000);
        prop_assert!(!game.status().is_empty());
        let saved = game.save();
        let mut other = GCalc::with_data_dir(Host::detached(), None);
        other.load(&saved).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(other.save(), saved);
        prop_assert_eq!(other.storage(), game.storage());
    }
}
