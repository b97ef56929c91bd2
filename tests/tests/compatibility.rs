//! Games built before the ABI grew still load, play and list: the
//! `v1-game` fixture is built against `tests/fixtures/plugins/game-api-v1`,
//! a frozen copy of game-api's first release (ABI version 1, revision 1).

use game_api::host::{Features, Recorder};
use game_api::{Event, Point, RecordingPainter, Response};
use launcher::check::{CheckOutcome, check_on_thread};
use launcher::loader::Loader;
use launcher_tests::library;
use std::time::Duration;

#[test]
fn a_version_1_game_loads_with_a_first_revision_table_and_no_extras() {
    let lib = Loader::new()
        .load(&library("v1_game"))
        .expect("a revision-1 library loads");
    assert_eq!(lib.table_size(), game_api::abi::GAME_TABLE_SIZE_V1);
    assert!(lib.table_size() < game_api::abi::GAME_TABLE_SIZE);
    assert_eq!(lib.features(), Features::default(), "none of the extras");
}

#[test]
fn a_version_1_game_plays_through_the_new_host() {
    let lib = Loader::new().load(&library("v1_game")).unwrap();
    let recorder = Recorder::new();
    let mut game = lib.start(Box::new(recorder.clone())).expect("starts");
    assert_eq!(game.title().unwrap(), "Version One");
    assert_eq!(game.canvas_size().unwrap(), Point::new(200.0, 100.0));

    // Clicks and keys (with modifiers it cannot see) reach it as before.
    assert_eq!(
        game.handle_event(&Event::release(Point::new(5.0, 5.0)))
            .unwrap(),
        Response::REDRAW
    );
    let shift_x = Event::KeyPress {
        key: "x".into(),
        modifiers: game_api::Modifiers::SHIFT,
    };
    game.handle_event(&shift_x).unwrap();
    assert_eq!(game.status().unwrap(), "Clicks: 1 Key: x");
    game.handle_event(&Event::key("h")).unwrap();
    assert_eq!(recorder.last().as_deref(), Some("help Hello Help false"));
    let mut painter = RecordingPainter::new();
    assert_eq!(game.draw(&mut painter).unwrap().shapes, 2);

    // Its action still runs; the optional functions say it lacks them.
    game.invoke_action("reset", "").unwrap();
    assert_eq!(game.status().unwrap(), "Clicks: 0 Key: h");
    let err = game.save().unwrap_err();
    assert_eq!(err.kind, game_api::host::CallErrorKind::Unsupported);
    assert_eq!(err.to_string(), "the game does not offer save");
    assert!(game.outcome().is_err() && game.game_id().is_err());
    game.close().expect("closes cleanly");
}

#[test]
fn a_version_1_game_passes_the_check_before_its_window_opens() {
    let lib = Loader::new().load(&library("v1_game")).unwrap();
    match check_on_thread(lib, Duration::from_secs(10)) {
        CheckOutcome::Fine(warnings) => assert!(warnings.is_empty(), "{warnings:?}"),
        other => panic!("the check failed: {other:?}"),
    }
}
