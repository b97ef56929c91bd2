//! Each fault of a game ends (or hangs) its own process only, and the
//! report says what a player would read: the cause, and what the game was
//! doing (a panic, a crash, an abort, memory, a hang, what it printed,
//! nonsense on the wire).

use super::{PATIENCE, click_at, ended, host, start};
use game_api::host::CallErrorKind;
use game_api::{Event, Point};
use game_host::{
    Activity, Call, ExitCause, GameProcess, HostCommand, OUTPUT_TAIL, Options, ProcessError,
    ProcessState,
};
use launcher_tests::library;
use std::task::Poll;
use std::time::{Duration, Instant};

/// Waits (at most [`PATIENCE`]) until the game is not responding.
fn until_not_responding(game: &GameProcess) -> Activity {
    let deadline = Instant::now() + PATIENCE;
    loop {
        match game.state() {
            ProcessState::NotResponding { during, since } => {
                assert!(since.elapsed() >= Duration::from_secs(2), "2 s by default");
                return during;
            }
            ProcessState::Exited(report) => panic!("it ended instead: {report}"),
            ProcessState::Running => {}
        }
        assert!(
            Instant::now() < deadline,
            "never reported as not responding"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `Poll<Result<T, E>>` as the result it will be, for tests that know it is
/// ready.
trait IntoResult<T> {
    fn into_result(self) -> Result<T, ProcessError>;
}

impl<T> IntoResult<T> for Poll<Result<T, ProcessError>> {
    fn into_result(self) -> Result<T, ProcessError> {
        match self {
            Poll::Ready(result) => result,
            Poll::Pending => panic!("not ready in time"),
        }
    }
}

#[test]
fn a_panic_is_the_games_error_and_the_process_lives_on() {
    let game = start("panicky", Options::default());
    let panicked = game.handle_event(&Event::key("p")).unwrap_err();
    assert!(
        matches!(&panicked, ProcessError::Call(e) if e.kind == CallErrorKind::Panic && e.message.contains("panicky panicked handling a key")),
        "{panicked:?}"
    );
    assert_eq!(game.state(), ProcessState::Running);
    // What it printed (the panic's message) is kept for the details.
    assert!(
        game.output().contains("panicky panicked"),
        "{}",
        game.output()
    );
}

#[test]
fn a_segfault_while_drawing_ends_only_its_process() {
    let game = start("crash_draw", Options::default());
    let report = ended(game.draw());
    assert_eq!(report.cause, ExitCause::Crashed { signal: 11 });
    assert_eq!(report.during, Some(Activity::Drawing));
    assert_eq!(
        report.to_string(),
        "it crashed (segmentation fault) while drawing"
    );
    assert!(report.details().contains("signal 11 (SIGSEGV)"));
    assert!(matches!(game.state(), ProcessState::Exited(_)));
    // The console (this test) goes on, and so does another game.
    let other = start("counter", Options::default());
    assert_eq!(other.title().unwrap(), "Counter 0");
}

/// The crash is blamed on the call that crashed, not on the first of its
/// message: the game process says which call it is at (in the page of
/// memory it shares with the console) before each.
#[test]
fn a_crash_late_in_a_message_is_blamed_on_its_own_call() {
    let game = start("crash_draw", Options::default());
    let report = ended(game.calls_within(
        vec![Call::Title, Call::Status, Call::CanvasSize, Call::Draw],
        PATIENCE,
    ));
    assert_eq!(report.during, Some(Activity::Drawing));
    assert_eq!(
        report.to_string(),
        "it crashed (segmentation fault) while drawing"
    );
}

#[test]
fn an_abort_on_a_click_says_so_with_what_it_printed() {
    let game = start("abort_click", Options::default());
    assert_eq!(game.view().unwrap().title, "Abort Click");
    let report = ended(click_at(&game, 10.0, 10.0));
    assert_eq!(report.cause, ExitCause::Aborted);
    assert_eq!(report.to_string(), "it aborted while handling a click");
    assert!(
        report
            .last_lines(3)
            .contains("Abort Click: clicked, aborting now"),
        "{report:?}"
    );
}

#[test]
fn a_stack_overflow_is_named() {
    let game = start("overflow_draw", Options::default());
    let report = ended(game.draw());
    assert_eq!(report.cause, ExitCause::StackOverflow);
    assert_eq!(report.to_string(), "its stack overflowed while drawing");
    assert_eq!(report.signal, Some(6));
}

#[test]
fn a_game_that_exits_or_aborts_while_starting_is_told_apart() {
    let game = GameProcess::spawn(&host(), &library("exit_start"), Options::default()).unwrap();
    let report = ended(game.started(PATIENCE).map(|r| r.map(|_| ())).into_result());
    assert_eq!(report.cause, ExitCause::Exited { code: 0 });
    assert_eq!(
        report.to_string(),
        "it quit on its own (exit code 0) while starting"
    );

    let game = GameProcess::spawn(&host(), &library("abort_start"), Options::default()).unwrap();
    let report = ended(game.started(PATIENCE).map(|r| r.map(|_| ())).into_result());
    assert_eq!(report.to_string(), "it aborted while starting");
}

#[test]
fn a_library_that_is_not_a_game_cannot_start_and_says_why() {
    let game = GameProcess::spawn(&host(), &library("no_entry"), Options::default()).unwrap();
    let Poll::Ready(Err(ProcessError::CannotStart(why))) = game.started(PATIENCE) else {
        panic!("no_entry started?");
    };
    assert!(why.contains("game_api_entry"), "{why}");
    let report = game.wait_exit(PATIENCE).unwrap();
    assert!(
        matches!(&report.cause, ExitCause::CouldNotStart(w) if *w == why),
        "{report:?}"
    );
}

#[test]
fn a_game_over_its_memory_limit_runs_out_of_memory_alone() {
    let game = start("greedy", Options::default());
    assert_eq!(game.status().unwrap(), "Holding 0 MiB");
    let report = ended(game.handle_event(&Event::press(Point::new(1.0, 1.0))));
    assert_eq!(
        report.cause,
        ExitCause::OutOfMemory {
            limit: Some(2 << 30)
        },
        "{report:?}"
    );
    assert_eq!(
        report.to_string(),
        "it ran out of memory (limit 2 GiB) while handling a click"
    );
    assert!(report.output.contains("memory allocation of"), "{report:?}");
}

#[test]
fn the_memory_limit_is_a_setting() {
    let options = Options {
        memory_limit: Some(512 << 20),
        ..Options::default()
    };
    let game = start("greedy", options);
    let report = ended(game.handle_event(&Event::press(Point::new(1.0, 1.0))));
    assert_eq!(
        report.to_string(),
        "it ran out of memory (limit 512 MiB) while handling a click"
    );
}

#[test]
fn a_game_that_hangs_on_an_event_is_not_responding_and_stop_ends_it() {
    let game = start("hang_event", Options::default());
    assert_eq!(game.view().unwrap().title, "Hang Event");
    let started = Instant::now();
    let waited = game
        .calls_within(
            vec![Call::HandleEvent(Event::press(Point::new(5.0, 5.0)))],
            Duration::from_millis(100),
        )
        .unwrap_err();
    assert!(
        matches!(
            waited,
            ProcessError::NoAnswer {
                during: Activity::Click,
                ..
            }
        ),
        "{waited:?}"
    );
    // The caller got control back long before the game would answer.
    assert!(started.elapsed() < PATIENCE);
    assert_eq!(until_not_responding(&game), Activity::Click);
    // No more calls while it does not answer.
    assert!(matches!(
        game.title(),
        Err(ProcessError::NotResponding {
            during: Activity::Click,
            ..
        })
    ));
    game.stop();
    let report = game.wait_exit(PATIENCE).expect("stopped");
    assert_eq!(report.cause, ExitCause::Stopped);
    assert_eq!(report.to_string(), "it was stopped while handling a click");
}

#[test]
fn a_game_that_hangs_while_drawing_is_not_responding() {
    let mut game = GameProcess::spawn(&host(), &library("hang_draw"), Options::default()).unwrap();
    game.set_wait(Duration::from_millis(50));
    let ticket = game.send(vec![Call::Title, Call::Draw]).unwrap();
    assert_eq!(until_not_responding(&game), Activity::Drawing);
    assert_eq!(game.poll(&ticket, Duration::ZERO), Poll::Pending);
    assert!(game.next_change().is_none(), "it already is not responding");
    drop(game);
}

#[test]
fn a_hang_in_a_library_initialiser_is_reported_and_stopped() {
    let options = Options {
        answer_within: Duration::from_millis(500),
        ..Options::default()
    };
    let game = GameProcess::spawn(&host(), &library("hang_init"), options).unwrap();
    assert_eq!(game.started(Duration::from_millis(50)), Poll::Pending);
    assert!(game.next_change().is_some());
    let deadline = Instant::now() + PATIENCE;
    let during = loop {
        if let ProcessState::NotResponding { during, .. } = game.state() {
            break during;
        }
        assert!(Instant::now() < deadline, "never reported");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(during, Activity::LoadingLibrary);
    game.stop();
    let report = game.wait_exit(PATIENCE).unwrap();
    assert_eq!(
        report.to_string(),
        "it was stopped while loading its library"
    );
}

#[test]
fn what_a_game_prints_is_kept_capped_and_never_disturbs_the_protocol() {
    let game = start("chatty", Options::default());
    for frame in 1..=5 {
        let view = game.view().unwrap();
        assert_eq!(view.title, format!("Chatty {}", frame - 1));
        assert_eq!(view.frame.shapes.len(), 1);
        click_at(&game, 1.0, 1.0).unwrap();
    }
    // Over 5 MiB printed; the last 64 KiB kept, ending with its last line.
    let deadline = Instant::now() + PATIENCE;
    while !game.output().ends_with("Chatty: drew frame 5 (stderr)\n") {
        assert!(Instant::now() < deadline, "the last line never came");
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = game.output();
    assert!(output.len() <= OUTPUT_TAIL, "{} bytes kept", output.len());
    assert!(
        output.len() > OUTPUT_TAIL / 2,
        "{} bytes kept",
        output.len()
    );
    assert!(output.contains("Chatty frame 5: xxx"));
    assert!(!output.contains("loading"), "the oldest lines are gone");
    assert_eq!(game.state(), ProcessState::Running);
}

#[test]
fn what_a_game_prints_while_loading_is_kept_too() {
    let game = start("chatty", Options::default());
    let deadline = Instant::now() + PATIENCE;
    while !game.output().contains("Chatty: starting (stdout)") {
        assert!(Instant::now() < deadline, "{:?}", game.output());
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = game.output();
    assert!(output.contains("Chatty: loading (stdout)"), "{output}");
    assert!(output.contains("Chatty: loading (stderr)"), "{output}");
}

#[test]
fn a_process_that_speaks_nonsense_is_stopped_not_believed() {
    // Claims a 4 GiB message, then waits: the console refuses to read it.
    let liar = HostCommand::new(
        "/bin/sh",
        &["-c", "printf '\\377\\377\\377\\377junk'; exec sleep 60"],
    );
    let game = GameProcess::spawn(&liar, &library("counter"), Options::default()).unwrap();
    let report = game.wait_exit(PATIENCE).expect("ended by the console");
    assert!(
        matches!(&report.cause, ExitCause::Protocol(why) if why.contains("over the limit")),
        "{report:?}"
    );
    assert!(
        report
            .to_string()
            .starts_with("it broke the launcher's protocol")
    );
}

#[test]
fn a_game_process_that_cannot_be_started_says_so() {
    let missing = HostCommand::new("/nonexistent/launcher", &["--game-host"]);
    let error = GameProcess::spawn(&missing, &library("counter"), Options::default()).unwrap_err();
    assert!(
        matches!(&error, ProcessError::CannotStart(why) if why.contains("/nonexistent/launcher")),
        "{error:?}"
    );
}
