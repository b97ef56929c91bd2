//! Loading real game libraries through the C ABI, as the launcher does when
//! a game's button is clicked.

use game_api::host::{AbiError, CallErrorKind, NoServices};
use game_api::{Button, Event, Point, RecordingPainter, Response, Shape};
use launcher::loader::{LoadError, Loader};
use launcher_tests::library;

#[test]
fn a_real_plugin_loads_and_every_table_function_answers() {
    let mut loader = Loader::new();
    let lib = loader
        .load(&library("hello_game"))
        .expect("hello_game loads");
    let mut game = lib.start(Box::new(NoServices)).expect("starts");

    assert_eq!(game.canvas_size().unwrap(), Point::new(200.0, 100.0));
    assert_eq!(game.title().unwrap(), "Hello Game");
    assert_eq!(game.status().unwrap(), "Clicks: 0 Key: ");

    let mut painter = RecordingPainter::new();
    assert_eq!(game.draw(&mut painter).unwrap().shapes, 1);
    assert!(matches!(painter.shapes[0], Shape::Rect { .. }));

    let click = Event::PointerRelease {
        pos: Point::new(10.0, 10.0),
        button: Button::Primary,
        modifiers: game_api::Modifiers::NONE,
    };
    assert_eq!(game.handle_event(&click).unwrap(), Response::REDRAW);
    assert_eq!(
        game.handle_event(&Event::key("x")).unwrap(),
        Response::REDRAW
    );
    assert_eq!(game.status().unwrap(), "Clicks: 1 Key: x");
    let mut painter = RecordingPainter::new();
    game.draw(&mut painter).unwrap();
    assert_eq!(painter.shapes.len(), 2, "one red dot per click");

    let actions = game.actions().unwrap();
    assert_eq!(actions.len(), 1);
    assert_eq!(actions[0].label, "Reset");
    assert_eq!(game.invoke_action("reset", "").unwrap(), Response::REDRAW);
    assert_eq!(game.status().unwrap(), "Clicks: 0 Key: x");
    let err = game.invoke_action("fly", "").unwrap_err();
    assert_eq!(err.kind, CallErrorKind::Error);
    assert!(err.message.contains("unknown action \"fly\""), "{err}");
    drop(game); // destroy
}

#[test]
fn loading_the_same_library_twice_reuses_it() {
    let mut loader = Loader::new();
    let path = library("hello_game");
    loader.load(&path).unwrap();
    let again = loader.load(&path).unwrap();
    let mut a = again.start(Box::new(NoServices)).unwrap();
    let mut b = again.start(Box::new(NoServices)).unwrap();
    a.handle_event(&Event::PointerRelease {
        pos: Point::new(1.0, 1.0),
        button: Button::Primary,
        modifiers: game_api::Modifiers::NONE,
    })
    .unwrap();
    assert_eq!(a.status().unwrap(), "Clicks: 1 Key: ");
    assert_eq!(
        b.status().unwrap(),
        "Clicks: 0 Key: ",
        "two instances do not share state"
    );
}

#[test]
fn a_library_of_another_abi_version_is_refused_naming_both_versions() {
    let mut loader = Loader::new();
    let path = library("wrong_abi");
    let err = loader.load(&path).unwrap_err();
    assert_eq!(
        err,
        LoadError::Abi {
            path: path.clone(),
            error: AbiError::VersionMismatch {
                library: 999,
                launcher: game_api::ABI_VERSION
            },
        }
    );
    let text = err.to_string();
    assert!(text.contains("version 999"), "{text}");
    assert!(
        text.contains(&format!("speaks version {}", game_api::ABI_VERSION)),
        "{text}"
    );
    assert!(text.contains(&path.display().to_string()), "{text}");
}

#[test]
fn a_library_without_the_entry_symbol_is_not_a_game() {
    let err = Loader::new().load(&library("no_entry")).unwrap_err();
    assert!(matches!(err, LoadError::NoEntry { .. }));
    assert!(err.to_string().contains("export_game!"), "{err}");
}

#[test]
fn a_file_that_is_not_a_library_is_refused_with_the_loaders_reason() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("libfake.so");
    std::fs::write(&path, b"this is not an ELF file").unwrap();
    let err = Loader::new().load(&path).unwrap_err();
    assert!(matches!(err, LoadError::Open { .. }));
    let text = err.to_string();
    assert!(
        text.contains("cannot load it as a dynamic library"),
        "{text}"
    );
    assert!(text.contains(std::env::consts::OS), "{text}");
}

#[test]
fn a_panic_in_a_plugin_is_caught_and_the_plugin_can_start_again() {
    let mut loader = Loader::new();
    let lib = loader.load(&library("panicky")).unwrap();
    let mut game = lib.start(Box::new(NoServices)).unwrap();
    let err = game.handle_event(&Event::key("p")).unwrap_err();
    assert_eq!(err.kind, CallErrorKind::Panic);
    assert!(
        err.to_string().contains("panicky panicked handling a key"),
        "{err}"
    );
    assert_eq!(err.function, "handle_event");
    drop(game);

    let mut game = lib.start(Box::new(NoServices)).unwrap();
    game.invoke_action("draw", "").unwrap();
    let err = game.draw(&mut RecordingPainter::new()).unwrap_err();
    assert_eq!((&err.kind, err.function), (&CallErrorKind::Panic, "draw"));
    assert!(err.message.contains("while drawing"), "{err}");
}

#[test]
fn a_game_that_misbehaves_without_panicking_is_contained() {
    let mut loader = Loader::new();
    let mut bad = loader
        .load(&library("bad_canvas"))
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    let err = bad.canvas_size().unwrap_err();
    assert_eq!(err.kind, CallErrorKind::Invalid);
    assert!(err.message.contains("NaN"), "{err}");

    let mut garbage = loader
        .load(&library("garbage"))
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    let title = garbage.title().unwrap();
    assert_eq!(
        title, "G\u{fffd}\u{fffd}ar\u{fffd}",
        "invalid UTF-8 is shown as replacement characters"
    );
    let status = garbage.status().unwrap();
    assert_eq!(
        status.len(),
        game_api::host::MAX_TEXT_BYTES,
        "an 8 MiB status line is cut"
    );
    let mut painter = RecordingPainter::new();
    let report = garbage.draw(&mut painter).unwrap();
    assert_eq!(report.invalid, 2, "the NaN circle and the infinite line");
    assert_eq!(report.shapes, game_api::host::MAX_SHAPES_PER_FRAME);
    assert_eq!(
        report.over_limit,
        1_000_000 - game_api::host::MAX_SHAPES_PER_FRAME
    );
    assert_eq!(painter.shapes.len(), game_api::host::MAX_SHAPES_PER_FRAME);
}
