//! The game written in C, Lamp Grid (`docs/template-c-game`, the C template of the authors' guide), built with
//! the system's C compiler against `game-api/include/game_api.h`, goes the
//! same way as a game written in Rust: loaded by the launcher's loader,
//! checked as the console checks a game, and played through every function
//! of ABI revision 2.
//!
//! Lamp Grid: pressing a lamp switches it and its neighbours; lamps are
//! numbered 1 to 9 row by row; the game ID `010-111-010` is a plus sign
//! (lamps 2, 4, 5, 6 and 8 lit), solved by pressing lamp 5.

use game_api::abi::GAME_TABLE_SIZE;
use game_api::host::{CallErrorKind, Features, GameInstance, Recorder};
use game_api::{
    Action, Button, Event, Modifiers, Outcome, Point, RecordingPainter, Response, Rgba, Shape,
};
use launcher::check::{CheckOutcome, check_on_thread};
use launcher::loader::Loader;
use launcher_tests::{C_GAME, library};
use std::time::Duration;

fn start(recorder: &Recorder) -> GameInstance {
    Loader::new()
        .load(&library(C_GAME))
        .expect("the C game loads")
        .start(Box::new(recorder.clone()))
        .expect("the C game starts")
}

/// A game of the plus sign: lamps 2, 4, 5, 6 and 8 lit.
fn plus_sign(recorder: &Recorder) -> GameInstance {
    let mut game = start(recorder);
    game.start_from_game_id("010-111-010")
        .expect("a good game ID");
    game
}

/// The centre of lamp `n` (1 to 9, row by row) on the 320 × 320 canvas.
fn lamp(n: u32) -> Point {
    let (row, col) = ((n - 1) / 3, (n - 1) % 3);
    Point::new(60.0 + 100.0 * col as f32, 60.0 + 100.0 * row as f32)
}

fn shift_key(key: &str) -> Event {
    Event::KeyPress {
        key: key.into(),
        modifiers: Modifiers::SHIFT,
    }
}

fn click(pos: Point, button: Button, modifiers: Modifiers) -> Event {
    Event::PointerRelease {
        pos,
        button,
        modifiers,
    }
}

#[test]
fn the_c_game_loads_with_every_optional_function() {
    let lib = Loader::new()
        .load(&library(C_GAME))
        .expect("the C game loads");
    assert_eq!(lib.table_size(), GAME_TABLE_SIZE);
    assert_eq!(
        lib.features(),
        Features {
            save: true,
            new_game: true,
            outcome: true
        }
    );
}

#[test]
fn the_c_game_passes_the_check_before_its_window_opens() {
    let lib = Loader::new().load(&library(C_GAME)).unwrap();
    match check_on_thread(lib, Duration::from_secs(10)) {
        CheckOutcome::Fine(warnings) => assert!(warnings.is_empty(), "{warnings:?}"),
        other => panic!("the check failed: {other:?}"),
    }
}

#[test]
fn its_title_status_canvas_and_drawing_come_from_c() {
    let mut game = plus_sign(&Recorder::new());
    assert_eq!(game.title().unwrap(), "Lamp Grid");
    assert_eq!(game.status().unwrap(), "5 lamps lit, 0 moves");
    assert_eq!(game.canvas_size().unwrap(), Point::new(320.0, 320.0));

    let mut painter = RecordingPainter::new();
    let report = game.draw(&mut painter).unwrap();
    assert!(report.is_clean(), "{report:?}");
    let lit = Rgba::rgb(255, 214, 64);
    let lit_lamps: Vec<Point> = painter
        .shapes
        .iter()
        .filter_map(|shape| match shape {
            Shape::Circle { center, style, .. } if style.fill == Some(lit) => Some(*center),
            _ => None,
        })
        .collect();
    assert_eq!(lit_lamps, [lamp(2), lamp(4), lamp(5), lamp(6), lamp(8)]);
    let numbers: Vec<&str> = painter
        .shapes
        .iter()
        .filter_map(|shape| match shape {
            Shape::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(numbers, ["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    game.close().expect("closes cleanly");
}

#[test]
fn clicks_and_keys_with_shift_change_the_status() {
    let recorder = Recorder::new();
    let mut game = plus_sign(&recorder);
    let mut play = |event: Event| {
        let response = game.handle_event(&event).unwrap();
        (response, game.status().unwrap())
    };

    // Lamp 1 switches lamps 1, 2 and 4.
    let pressed = play(Event::release(lamp(1)));
    assert_eq!(pressed, (Response::REDRAW, "4 lamps lit, 1 move".into()));
    // The key 5 presses lamp 5.
    let pressed = play(Event::key("5"));
    assert_eq!(pressed, (Response::REDRAW, "3 lamps lit, 2 moves".into()));
    // Shift marks instead of pressing: with a digit, with a click; the
    // secondary button marks too, and a second mark takes it away.
    assert_eq!(play(shift_key("9")).1, "3 lamps lit, 2 moves, 1 mark");
    let right_click = click(lamp(7), Button::Secondary, Modifiers::NONE);
    assert_eq!(play(right_click).1, "3 lamps lit, 2 moves, 2 marks");
    let shift_click = click(lamp(7), Button::Primary, Modifiers::SHIFT);
    assert_eq!(play(shift_click).1, "3 lamps lit, 2 moves, 1 mark");
    // The arrows move the frame from lamp 7 to lamp 4; Space presses it.
    assert_eq!(play(Event::key("ArrowUp")).0, Response::REDRAW);
    assert_eq!(play(Event::key("Space")).1, "3 lamps lit, 3 moves, 1 mark");
    // Outside the grid, and keys it does not use, change nothing.
    let outside = play(Event::release(Point::new(5.0, 5.0)));
    assert_eq!(
        outside,
        (Response::NONE, "3 lamps lit, 3 moves, 1 mark".into())
    );
    assert_eq!(play(Event::key("q")).0, Response::NONE);

    // The white frame is drawn around lamp 4.
    let mut painter = RecordingPainter::new();
    game.draw(&mut painter).unwrap();
    let white = Rgba::rgb(255, 255, 255);
    let frames: Vec<Point> = painter
        .shapes
        .iter()
        .filter_map(|shape| match shape {
            Shape::Rect { min, style, .. } if style.stroke.is_some_and(|s| s.color == white) => {
                Some(*min)
            }
            _ => None,
        })
        .collect();
    assert_eq!(frames, [Point::new(12.0, 112.0)]);

    // H asks for the help, N for the launcher's New game.
    game.handle_event(&Event::key("h")).unwrap();
    assert_eq!(
        recorder.last().as_deref(),
        Some("help Lamp Grid Help false")
    );
    assert_eq!(game.handle_event(&Event::key("n")).unwrap(), Response::NONE);
    assert_eq!(recorder.last().as_deref(), Some("new game"));
}

#[test]
fn its_actions_give_hints_that_solve_the_game_and_clear_marks() {
    let mut game = start(&Recorder::new());
    game.new_game(2024).unwrap();
    game.handle_event(&shift_key("1")).unwrap();
    assert_eq!(
        game.actions().unwrap(),
        [
            Action::button("hint", "Hint"),
            Action::button("clear-marks", "Clear marks")
        ]
    );
    assert_eq!(
        game.invoke_action("clear-marks", "").unwrap(),
        Response::REDRAW
    );
    assert!(!game.status().unwrap().contains("mark"));
    assert!(!game.actions().unwrap()[1].enabled, "no marks to clear");

    let mut presses = 0;
    while game.outcome().unwrap() == Outcome::PLAYING {
        assert_eq!(game.invoke_action("hint", "").unwrap(), Response::REDRAW);
        let status = game.status().unwrap();
        let lamp = status
            .strip_prefix("Hint: press lamp ")
            .and_then(|rest| rest.get(..1))
            .unwrap_or_else(|| panic!("not a hint: {status:?}"));
        game.handle_event(&Event::key(lamp)).unwrap();
        presses += 1;
        assert!(presses <= 9, "the hints went round in circles");
    }
    assert_eq!(game.outcome().unwrap(), Outcome::won());
    assert!(!game.actions().unwrap()[0].enabled, "nothing to hint at");

    let unknown = game.invoke_action("nope", "").unwrap_err();
    assert_eq!(unknown.kind, CallErrorKind::Error);
    assert_eq!(unknown.message, "unknown action \"nope\"");
}

#[test]
fn solving_it_wins_and_the_lamps_flash_on_ticks_until_they_stop() {
    let recorder = Recorder::new();
    let mut game = plus_sign(&recorder);
    assert_eq!(game.outcome().unwrap(), Outcome::PLAYING);
    assert_eq!(
        game.handle_event(&Event::release(lamp(5))).unwrap(),
        Response::REDRAW
    );
    assert_eq!(game.outcome().unwrap(), Outcome::won());
    assert_eq!(
        game.status().unwrap(),
        "Solved in 1 move! Press N for a new game."
    );
    // "Solved!" on a plate 16 × 8 larger than the painter measured it
    // (a RecordingPainter estimates: 7 characters of 0.55 × 20, 1.2 × 20).
    let mut painter = RecordingPainter::new();
    game.draw(&mut painter).unwrap();
    let measured = game_api::estimate_text_size(20.0, "Solved!");
    let plate = Point::new(measured.x + 16.0, measured.y + 8.0);
    assert!(
        painter
            .shapes
            .iter()
            .any(|s| matches!(s, Shape::Rect { size, .. } if *size == plate)),
        "a plate of {plate:?}"
    );
    assert!(painter.shapes.iter().any(|s| matches!(
        s,
        Shape::Text { text, anchor: game_api::Anchor::Center, .. } if text == "Solved!"
    )));
    assert_eq!(
        recorder.requests()[recorder.requests().len() - 2..],
        ["log solved in 1 move", "tick 0.05"]
    );
    // The game is over: presses do nothing, ticks fade the lamps out.
    assert_eq!(
        game.handle_event(&Event::release(lamp(1))).unwrap(),
        Response::NONE
    );
    let tick = |dt| Event::Tick { dt };
    assert_eq!(game.handle_event(&tick(0.5)).unwrap(), Response::REDRAW);
    assert_eq!(recorder.last().as_deref(), Some("tick 0.05"));
    assert_eq!(game.handle_event(&tick(0.6)).unwrap(), Response::REDRAW);
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    assert_eq!(game.outcome().unwrap(), Outcome::won());
}

#[test]
fn a_save_loads_back_byte_for_byte() {
    let mut game = plus_sign(&Recorder::new());
    let start = game.save().unwrap();
    assert_eq!(start.len(), 11);
    assert_eq!(&start[..2], b"LG");
    game.handle_event(&Event::key("1")).unwrap();
    game.handle_event(&shift_key("9")).unwrap();
    let after = game.save().unwrap();
    assert_ne!(after, start);

    game.load(&start).unwrap();
    assert_eq!(game.status().unwrap(), "5 lamps lit, 0 moves");
    assert_eq!(game.save().unwrap(), start);
    game.load(&after).unwrap();
    assert_eq!(game.status().unwrap(), "4 lamps lit, 1 move, 1 mark");
    assert_eq!(game.save().unwrap(), after);
    assert_eq!(game.game_id().unwrap(), "010-111-010");
}

#[test]
fn a_garbage_truncated_or_damaged_save_is_refused_and_the_game_kept() {
    let mut game = plus_sign(&Recorder::new());
    game.handle_event(&Event::key("1")).unwrap();
    let good = game.save().unwrap();
    let status = game.status().unwrap();

    let mut lamps_outside = good.clone();
    lamps_outside[5..7].copy_from_slice(&[0xff, 0xff]);
    let mut newer = good.clone();
    newer[2] = 9;
    let refused: [(&[u8], &str); 5] = [
        (
            &good[..5],
            "this is not a saved Lamp Grid game: it is 5 bytes long, a saved game is 11",
        ),
        (
            b"",
            "this is not a saved Lamp Grid game: it is 0 bytes long, a saved game is 11",
        ),
        (
            b"hello world",
            "this is not a saved Lamp Grid game: it does not start with \"LG\"",
        ),
        (
            &lamps_outside,
            "the saved game is damaged: it has lamps outside the 3 by 3 grid",
        ),
        (
            &newer,
            "this game was saved in format 9, by another version of Lamp Grid; this one reads format 1",
        ),
    ];
    for (bytes, message) in refused {
        let err = game.load(bytes).unwrap_err();
        assert_eq!(err.kind, CallErrorKind::Error, "{bytes:?}");
        assert_eq!(err.message, message);
        assert_eq!(game.save().unwrap(), good, "the game is kept");
        assert_eq!(game.status().unwrap(), status);
    }
    assert!(game.broken().is_none(), "a refused save breaks nothing");
}

#[test]
fn the_same_seed_gives_the_same_game_and_its_id_starts_it_again() {
    let mut game = start(&Recorder::new());
    game.new_game(7).unwrap();
    let id = game.game_id().unwrap();
    assert!(
        id.len() == 11
            && id
                .split('-')
                .all(|g| g.len() == 3 && g.chars().all(|c| "01".contains(c))),
        "{id:?}"
    );
    assert_eq!(game.status().unwrap().split(", ").nth(1), Some("0 moves"));
    game.handle_event(&Event::key("5")).unwrap();
    game.new_game(7).unwrap();
    assert_eq!(game.game_id().unwrap(), id);
    let mut other = start(&Recorder::new());
    other.new_game(7).unwrap();
    assert_eq!(other.game_id().unwrap(), id);
    assert_eq!(other.save().unwrap(), game.save().unwrap());
    other.new_game(8).unwrap();
    assert_ne!(other.game_id().unwrap(), id);

    // The ID starts the same game, pasted with blanks and without dashes too.
    other
        .start_from_game_id(&format!(" {} ", id.replace('-', "")))
        .unwrap();
    assert_eq!(other.game_id().unwrap(), id);
    assert_eq!(other.save().unwrap(), game.save().unwrap());
}

#[test]
fn a_bad_game_id_is_refused_with_the_games_message_and_the_game_kept() {
    let mut game = plus_sign(&Recorder::new());
    game.handle_event(&Event::key("1")).unwrap();
    let before = game.save().unwrap();
    let refused = [
        (
            "banana",
            "\"banana\" is not a Lamp Grid game ID: a game ID is nine 0s and 1s, one for each lamp row by row (1 = lit), like 010-111-010",
        ),
        (
            "010-111-01",
            "\"010-111-01\" is not a Lamp Grid game ID: a game ID is nine 0s and 1s, one for each lamp row by row (1 = lit), like 010-111-010",
        ),
        (
            "000-000-000",
            "in that game no lamp is lit: there is nothing to solve",
        ),
    ];
    for (id, message) in refused {
        let err = game.start_from_game_id(id).unwrap_err();
        assert_eq!(err.kind, CallErrorKind::Error, "{id}");
        assert_eq!(err.function, "from_game_id");
        assert_eq!(err.message, message);
    }
    assert_eq!(game.save().unwrap(), before, "the game is kept");
    assert_eq!(game.game_id().unwrap(), "010-111-010");
}

#[test]
fn its_help_is_formatted_into_titles_and_bullets() {
    use launcher_help::text_help::format_text_help;
    let text = std::fs::read_to_string(launcher_tests::c_game_dir().join("doc.txt")).unwrap();
    let help = format_text_help(&text);
    let titles = help.titles();
    assert_eq!(titles, ["Lamp Grid", "Controls", "Game IDs"]);
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 6, "{bullets:#?}");
    assert!(bullets[1].starts_with("Right-click a lamp, or Shift+click it"));
}
