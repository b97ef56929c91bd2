//! A game plays through its process as in the console: its frames, its
//! moves and outcome, its closing, and the reads answered with a move or
//! late.

use super::{PATIENCE, click_at, start};
use game_api::host::{CallErrorKind, MAX_SAVE_BYTES};
use game_api::{Event, GameResult, Point, Shape};
use game_host::{Call, ExitCause, GameProcess, Notification, Options, ProcessError, ProcessState};
use launcher_tests::library;
use std::task::Poll;
use std::time::{Duration, Instant};

#[test]
fn a_game_plays_through_its_process_as_in_the_console() {
    let data = tempfile::tempdir().unwrap();
    let options = Options {
        data_dir: Some(data.path().join("counter")),
        ..Options::default()
    };
    let game = start("counter", options);
    let features = game.features().expect("started");
    assert!(features.save && features.new_game && features.outcome);

    let view = game.view().unwrap();
    assert_eq!(view.canvas_size, Point::new(100.0, 100.0));
    assert_eq!(view.title, "Counter 0");
    assert!(view.status.starts_with("Count: 0"), "{}", view.status);
    assert!(matches!(view.frame.shapes[0], Shape::Rect { .. }));
    // The rounded panel's radius was clamped in the game process (20, not 99).
    assert!(
        view.frame
            .shapes
            .iter()
            .any(|s| matches!(s, Shape::RoundedRect { radius, .. } if *radius == 20.0)),
        "{:?}",
        view.frame.shapes
    );

    assert!(
        !game
            .handle_event(&Event::press(Point::new(50.0, 50.0)))
            .unwrap()
            .redraw
    );
    assert!(
        game.handle_event(&Event::release(Point::new(50.0, 50.0)))
            .unwrap()
            .redraw
    );
    assert_eq!(game.title().unwrap(), "Counter 1");
    assert_eq!(game.save().unwrap(), b"counter:0:1:false");
    game.load(b"counter:0:9:false").unwrap();
    click_at(&game, 50.0, 50.0).unwrap();
    assert_eq!(game.outcome().unwrap().result, GameResult::Won);

    // A save the game refuses is the game's error, not the process's end.
    let refused = game.load(b"not a counter save").unwrap_err();
    assert!(
        matches!(&refused, ProcessError::Call(e) if e.kind == CallErrorKind::Error && e.function == "load"),
        "{refused:?}"
    );
    game.new_game(7).unwrap();
    assert_eq!(game.game_id().unwrap(), "counter-2");
    assert!(matches!(
        game.start_from_game_id("chess-1"),
        Err(ProcessError::Call(e)) if e.message.contains("is not a counter ID")
    ));
    assert_eq!(game.actions().unwrap(), vec![]);

    // What the game asks of its host arrives as notifications, in order.
    game.handle_event(&Event::key("n")).unwrap();
    game.handle_event(&Event::key("t")).unwrap();
    assert_eq!(
        game.take_notifications(),
        vec![
            Notification::RequestNewGame,
            Notification::RequestTicks(Some(0.01))
        ]
    );
    // Its data directory is made for it when it first asks.
    game.handle_event(&Event::key("d")).unwrap();
    assert_eq!(
        std::fs::read_to_string(data.path().join("counter/count.txt")).unwrap(),
        "2"
    );

    assert_eq!(game.state(), ProcessState::Running);
    let other = start("counter", Options::default());
    assert_ne!(
        other.pid(),
        game.pid(),
        "each game has a process of its own"
    );
    game.close().unwrap();
    assert_eq!(
        other.title().unwrap(),
        "Counter 0",
        "the other game is untouched"
    );
}

/// A game that sets its pointer shape on every move (the cards kit does)
/// sends it to the console only when it changes: each message wakes the
/// console for a frame, and the same shape again shows nothing new.
#[test]
fn a_pointer_shape_crosses_only_when_it_changes() {
    use game_api::Cursor;
    let shape = |cursor: Cursor| Notification::SetCursor(cursor.to_raw());
    let game = start("layout_board", Options::default());
    let at = Point::new(20.0, 20.0);
    // Set once when it started (after asking to be laid out).
    assert_eq!(
        game.take_notifications(),
        vec![Notification::RequestLayout(true), shape(Cursor::Grab)]
    );
    for _ in 0..5 {
        game.handle_event(&Event::PointerMove { pos: at }).unwrap();
    }
    assert_eq!(game.take_notifications(), vec![], "Grab again, five times");
    game.handle_event(&Event::press(at)).unwrap();
    game.handle_event(&Event::release(at)).unwrap();
    game.handle_event(&Event::PointerMove { pos: at }).unwrap();
    assert_eq!(
        game.take_notifications(),
        vec![shape(Cursor::Grabbing), shape(Cursor::Grab)],
        "each change crosses, in order"
    );
}

/// A request of the game that comes with the answer a caller waits for is
/// that caller's to take: the UI is not woken for another frame. One that
/// comes while no one waits wakes it.
#[test]
fn a_request_that_comes_with_an_awaited_answer_wakes_no_one() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let wakes = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&wakes);
    let options = Options {
        waker: Some(Arc::new(move || {
            counter.fetch_add(1, Ordering::SeqCst);
        })),
        ..Options::default()
    };
    let game = start("layout_board", options);
    // An answer awaited: the reader thread, which takes the messages in
    // order, is done with the start's (and their wakes).
    game.title().unwrap();
    game.take_notifications();
    let at = Point::new(20.0, 20.0);
    wakes.store(0, Ordering::SeqCst);
    // The press answers with a new pointer shape (a request of the game).
    assert!(game.handle_event(&Event::press(at)).unwrap().redraw);
    assert!(game.has_notifications(), "the shape is there to take");
    assert_eq!(wakes.load(Ordering::SeqCst), 0, "and woke no one");
    game.take_notifications();

    // The release, sent and not waited for: its shape and its answer wake
    // the UI.
    let ticket = game
        .send(vec![Call::HandleEvent(Event::release(at))])
        .unwrap();
    let deadline = Instant::now() + PATIENCE;
    while wakes.load(Ordering::SeqCst) < 2 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        wakes.load(Ordering::SeqCst) >= 2,
        "the shape, then the answer: {} wakes",
        wakes.load(Ordering::SeqCst)
    );
    assert!(game.has_notifications());
    assert!(matches!(game.poll(&ticket, PATIENCE), Poll::Ready(Ok(_))));
}

#[test]
fn a_closed_game_says_it_closed() {
    let game = start("counter", Options::default());
    game.call(Call::Close).unwrap();
    let report = game
        .wait_exit(PATIENCE)
        .expect("the process ends after Close");
    assert_eq!(report.cause, ExitCause::Closed);
    assert_eq!(report.to_string(), "it closed");
    assert!(matches!(game.title(), Err(ProcessError::Exited(_))));
}

#[test]
fn a_late_answer_is_never_taken_for_a_later_calls() {
    let game = start("counter", Options::default());
    // Sent, then given up on at once: its answer comes after and is dropped.
    let _ = game.calls_within(
        vec![Call::HandleEvent(Event::release(Point::new(1.0, 1.0)))],
        Duration::ZERO,
    );
    // A ticket dropped unanswered, too.
    drop(game.send(vec![Call::Save]).unwrap());
    assert_eq!(game.title().unwrap(), "Counter 1");
    assert_eq!(game.save().unwrap(), b"counter:0:1:false");
    let ticket = game.send(vec![Call::Title, Call::Status]).unwrap();
    let answers = loop {
        if let Poll::Ready(answers) = game.poll(&ticket, Duration::from_millis(10)) {
            break answers.unwrap();
        }
    };
    assert_eq!(answers.len(), 2);
    assert_eq!(answers[0], Ok(game_host::Answer::Text("Counter 1".into())));
}

#[test]
fn text_is_measured_in_the_game_process_as_the_console_measures_it() {
    let game = start("picture_board", Options::default());
    let frame = game.draw().unwrap();
    // The same frame drawn in this process, measured by the console's code.
    let ctx = egui::Context::default();
    ctx.run_ui(egui::RawInput::default(), |_| {})
        .textures_delta
        .clear();
    let mut loader = launcher::loader::Loader::new();
    let board = loader.load(&library("picture_board")).unwrap();
    let mut instance = board.start(Box::new(game_api::host::NoServices)).unwrap();
    let mut recording = game_api::RecordingPainter::new();
    instance
        .draw(&mut launcher::render::measuring_recorder(
            &mut recording,
            &ctx,
        ))
        .unwrap();
    assert_eq!(frame.shapes, recording.shapes);
    // And not the estimate a painter without fonts gives.
    let mut estimated = game_api::RecordingPainter::new();
    instance.draw(&mut estimated).unwrap();
    assert_ne!(frame.shapes, estimated.shapes, "the game measures its text");
}

#[test]
fn games_at_the_hosts_limits_are_drawn_not_taken_for_liars() {
    // Each breaks a limit the host enforces in the game process (an 8 MiB
    // status line, frames past the shape and text caps, thousands of
    // glyphs, the largest canvas): the console's checks of the answers
    // must accept what the host let through.
    for base in [
        "garbage",
        "huge_drawing",
        "glyph_bomb",
        "heavy_frame",
        "canvas_max",
        "picture_board",
        "v1_game",
    ] {
        let game = start(base, Options::default());
        let view = game.view();
        assert!(view.is_ok(), "{base}: {view:?}");
        assert_eq!(game.state(), ProcessState::Running, "{base}");
    }
}

/// A move and what the window reads after it go in one message: after an
/// event that asks for a redraw, the reads set with `set_read_ahead` are
/// answered without asking the process again (they still are once it has
/// been stopped), with what the game says; after one that does not, or
/// after any other call, nothing is kept.
#[test]
fn the_reads_after_a_move_come_back_with_it() {
    let reads = || {
        let mut calls = vec![Call::GameId, Call::Save];
        calls.extend(Call::view());
        calls
    };
    // The truth: the same game, the same move, each read asked for.
    let asked = start("chat_noir", Options::default());
    let over_cell = Event::PointerMove {
        pos: Point::new(60.0, 60.0),
    };
    assert!(asked.handle_event(&over_cell).unwrap().redraw);
    let (id, save, view) = (
        asked.game_id().unwrap(),
        asked.save().unwrap(),
        asked.view().unwrap(),
    );

    let mut game = start("chat_noir", Options::default());
    game.set_read_ahead(reads());
    game.load(&save).unwrap();
    // The same position (loading is not a move), then the same move, which
    // redraws: the reads come back with it.
    assert!(game.handle_event(&over_cell).unwrap().redraw);
    game.stop();
    game.wait_exit(PATIENCE).expect("stopped");
    assert_eq!(game.game_id().unwrap(), id);
    assert_eq!(game.save().unwrap(), save);
    assert_eq!(game.view().unwrap(), view);
    // Each answer is used once.
    assert!(matches!(game.view(), Err(ProcessError::Exited(_))));

    // A move that needs no redraw (over the cell already highlighted)
    // brings nothing back with it.
    let mut game = start("chat_noir", Options::default());
    game.set_read_ahead(reads());
    assert!(game.handle_event(&over_cell).unwrap().redraw);
    assert!(!game.handle_event(&over_cell).unwrap().redraw);
    game.stop();
    game.wait_exit(PATIENCE).expect("stopped");
    assert!(matches!(game.game_id(), Err(ProcessError::Exited(_))));
}

/// Asks `read` with no wait until it is answered (at most [`PATIENCE`]):
/// a window asking a slow game again each frame.
fn until_answered<T: std::fmt::Debug>(
    game: &GameProcess,
    read: impl Fn(&GameProcess) -> Result<T, ProcessError>,
) -> T {
    let deadline = Instant::now() + PATIENCE;
    loop {
        match read(game) {
            Ok(answer) => return answer,
            Err(ProcessError::NoAnswer { .. }) => {}
            Err(e) => panic!("{e}"),
        }
        assert!(
            Instant::now() < deadline,
            "a read asked again and again was never answered"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// A game slower than its caller's wait (`slow_answer`: 200 ms a read or
/// an event), asked with no wait at all, again and again, as a window asks
/// each frame: a read given up on is not sent again but answered by its
/// late answer, and so are the reads that came with a move given up on;
/// a move sent after them makes them old.
#[test]
fn late_answers_of_reads_answer_them_until_the_game_may_change() {
    let mut game = start("slow_answer", Options::default());
    game.set_wait(Duration::ZERO);
    assert!(matches!(game.title(), Err(ProcessError::NoAnswer { .. })));
    // Sent again each time, it would never be answered within no wait.
    assert_eq!(until_answered(&game, GameProcess::title), "Slow Answer 0");
    assert!(!game.is_busy(), "nothing else was sent");
    // Kept while nothing that may change the game is sent.
    assert_eq!(game.title().unwrap(), "Slow Answer 0");

    // A click given up on, with the view read after it in its message.
    game.set_read_ahead(Call::view());
    assert!(matches!(
        game.handle_event(&Event::release(Point::new(1.0, 1.0))),
        Err(ProcessError::NoAnswer { .. })
    ));
    // The move made the title kept before it old; the one read with it
    // answers, as does the whole view, without asking the game.
    assert_eq!(until_answered(&game, GameProcess::title), "Slow Answer 1");
    assert!(!game.is_busy(), "the title was not sent on its own");
    let view = game.view().unwrap();
    assert_eq!(view.status, "Slow clicks: 1");
    assert_eq!(view.frame.shapes.len(), 2, "the background and a dot");

    // A move answered in time makes them old too.
    game.set_read_ahead(Vec::new());
    game.calls_within(
        vec![Call::HandleEvent(Event::release(Point::new(1.0, 1.0)))],
        PATIENCE,
    )
    .unwrap();
    assert!(matches!(game.status(), Err(ProcessError::NoAnswer { .. })));
    assert_eq!(until_answered(&game, GameProcess::status), "Slow clicks: 2");
}

/// Issue 41, attack 7: a game saving 16 MiB a move sent them all through
/// the pipe at each save, for the console to read and drop (it keeps at
/// most 4 MiB of a position): about 50 ms and 16 MiB of memory a move. The
/// game process now sends such a save's size only, counted here in bytes
/// read by the console; a 3 MiB save, which the console keeps, still
/// crosses whole.
#[test]
fn a_save_larger_than_the_console_keeps_does_not_cross() {
    let game = start("huge_save", Options::default());
    let before = game.bytes_received();
    assert_eq!(game.save().unwrap().len(), 3 << 20);
    let read = game.bytes_received() - before;
    assert!(read >= 3 << 20, "{read} bytes read for a save of 3 MiB");

    game.invoke_action("sixteen", "").unwrap();
    for _ in 0..3 {
        let before = game.bytes_received();
        let answer = game.save();
        let read = game.bytes_received() - before;
        assert!(read < 64 * 1024, "{read} bytes read for a save of 16 MiB");
        assert!(
            matches!(answer, Err(ProcessError::SaveTooLarge(n)) if n == MAX_SAVE_BYTES),
            "{answer:?}"
        );
    }
    // The game plays on.
    assert!(game.title().is_ok());
}

/// The reads the console makes after every event are answered as what
/// changed (`game_host::repeats`): the heaviest frame the host allows,
/// 199,999 ellipses, drawn again unchanged crosses the pipe in a few bytes,
/// and the console has it whole, as the first time; so does a title read
/// again.
#[test]
fn a_frame_drawn_again_unchanged_crosses_the_pipe_in_a_few_bytes() {
    let game = start("heavy_frame", Options::default());
    let before = game.bytes_received();
    let first = game.draw().unwrap();
    let whole = game.bytes_received() - before;
    assert_eq!(first.shapes.len(), 199_999);
    assert!(whole > 1 << 20, "{whole} bytes read for 199,999 ellipses");

    let before = game.bytes_received();
    let again = game.draw().unwrap();
    let read = game.bytes_received() - before;
    assert!(read < 256, "{read} bytes read for the same frame again");
    assert_eq!(again, first);

    let title = game.title().unwrap();
    let before = game.bytes_received();
    assert_eq!(game.title().unwrap(), title);
    assert_eq!(title, "Heavy Frame");
    assert!(game.bytes_received() - before < 64);
}
