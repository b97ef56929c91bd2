//! Each game in a process of its own (issue 10): the real launcher binary
//! in its hidden `--game-host` mode runs fixture games for this test
//! process, which stands in for the console. A game plays through its
//! process as it does in the console's; each fault fixture ends (or hangs)
//! its own process only, and the report says what a player would read: the
//! cause, and what the game was doing.

mod support;
#[cfg(target_os = "linux")]
use support::descendants;

use game_api::host::CallErrorKind;
use game_api::{Event, GameResult, Point, Shape};
use game_host::sandbox::FULL_LANDLOCK;
use game_host::{
    Activity, Call, ExitCause, GameProcess, HostCommand, Notification, OUTPUT_TAIL, Options,
    ProcessError, ProcessState, Sandbox,
};
use launcher_tests::library;
use std::path::Path;
use std::task::Poll;
use std::time::{Duration, Instant};

/// The launcher binary as a game process.
fn host() -> HostCommand {
    HostCommand::new(env!("CARGO_BIN_EXE_plt-games"), &["--game-host"])
}

/// Generous: liveness only, never a measurement. A busy test machine may
/// take seconds to start a process.
const PATIENCE: Duration = Duration::from_secs(30);

/// A started game process of the fixture library `base`.
fn start(base: &str, options: Options) -> GameProcess {
    let mut game = GameProcess::spawn(&host(), &library(base), options).expect("spawns");
    game.set_wait(PATIENCE);
    let started = game.wait_started();
    assert!(started.is_ok(), "{base} did not start: {started:?}");
    game
}

fn click_at(game: &GameProcess, x: f32, y: f32) -> Result<(), ProcessError> {
    game.handle_event(&Event::press(Point::new(x, y)))?;
    game.handle_event(&Event::release(Point::new(x, y)))?;
    Ok(())
}

/// The report of a process that must have ended.
fn ended(result: Result<impl std::fmt::Debug, ProcessError>) -> game_host::ExitReport {
    match result {
        Err(ProcessError::Exited(report)) => report,
        other => panic!("the process should have ended, but: {other:?}"),
    }
}

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

/// The sandbox probe with the data directory `data`, sandboxed or not, and
/// what it says after `control` with `value`.
fn probe(sandbox: bool, data: &Path, control: &str, value: &str) -> Option<String> {
    let options = Options {
        sandbox,
        data_dir: Some(data.to_owned()),
        ..Options::default()
    };
    let game = start("sandbox_probe", options);
    match game.sandbox() {
        Some(Sandbox::Enforced(_)) if sandbox => {}
        // Landlock and seccomp tested where only the namespaces are refused.
        Some(Sandbox::Partial(layers))
            if sandbox
                && layers
                    .landlock
                    .as_ref()
                    .is_ok_and(|abi| *abi >= FULL_LANDLOCK)
                && layers.seccomp.is_ok() =>
        {
            eprintln!(
                "(this system gives games no namespaces: {})",
                layers.missing().join("; ")
            )
        }
        Some(Sandbox::Off) if !sandbox => {}
        Some(other) => {
            // Said, not hidden: this machine cannot show the sandbox works.
            eprintln!(
                "SKIPPED: the game process is {other}; the sandbox tests need a Linux kernel with Landlock (ABI 6 or later, Linux 6.12), seccomp and user namespaces"
            );
            return None;
        }
        None => panic!("started but no sandbox state"),
    }
    game.invoke_action(control, value).unwrap();
    Some(game.status().unwrap())
}

#[test]
fn the_sandbox_keeps_a_game_from_the_players_files() {
    let home = tempfile::tempdir().unwrap();
    let secret = home.path().join("secret.txt");
    std::fs::write(&secret, "the player's").unwrap();
    let secret = secret.to_str().unwrap();
    let data = home.path().join("data");
    // Unsandboxed, the file is there to read: what follows is the sandbox.
    assert_eq!(probe(false, &data, "read", secret).unwrap(), "read: ok");
    let Some(said) = probe(true, &data, "read", secret) else {
        return;
    };
    // Not there at all in a root of the game's own (issue 41), else refused.
    assert!(
        said.starts_with("read: refused (No such file or directory")
            || said.starts_with("read: refused (Permission denied"),
        "{said}"
    );
    // Its own directory it may read (its library is there).
    let own = library("sandbox_probe");
    assert_eq!(
        probe(true, &data, "read", own.to_str().unwrap()).unwrap(),
        "read: ok"
    );
}

#[test]
fn the_sandbox_lets_a_game_write_only_its_data_directory() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("game-launcher/data/sandbox-probe");
    let outside = home.path().join("outside.txt");
    let outside_text = outside.to_str().unwrap();
    let Some(said) = probe(true, &data, "write", outside_text) else {
        return;
    };
    assert!(
        said.starts_with("write: refused (Permission denied"),
        "{said}"
    );
    assert!(!outside.exists());
    assert_eq!(probe(true, &data, "data", "").unwrap(), "data: ok");
    assert_eq!(std::fs::read(data.join("probe.txt")).unwrap(), b"mine");
    // Written from the game's user namespace, the file is the player's.
    use std::os::unix::fs::MetadataExt;
    // SAFETY: geteuid reads this process's credentials.
    let player = unsafe { libc::geteuid() };
    for made in [data.clone(), data.join("probe.txt")] {
        assert_eq!(std::fs::metadata(&made).unwrap().uid(), player, "{made:?}");
    }
    // Unsandboxed it could have written there.
    assert_eq!(
        probe(false, &data, "write", outside_text).unwrap(),
        "write: ok"
    );
    assert!(outside.exists());
}

/// No file a game writes grows past `MAX_FILE_BYTES` (256 MiB): the write
/// fails with "File too large", which the game sees and survives (issue 26:
/// a game filled its data directory with gigabytes). A limit of the game
/// process, with or without the sandbox.
#[test]
fn a_file_a_game_writes_stops_at_the_file_size_limit() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("game-launcher/data/sandbox-probe");
    for sandbox in [true, false] {
        let Some(said) = probe(sandbox, &data, "big-file", "") else {
            return;
        };
        assert!(
            said.starts_with("big-file: refused (File too large"),
            "{said}"
        );
        assert!(!data.join("big.bin").exists(), "the probe removed it");
    }
    // Issue 41, attack 5: space given without the length growing, past the
    // limit, is refused by the sandbox (allowed without it).
    let Some(said) = probe(true, &data, "fallocate", "") else {
        return;
    };
    assert!(
        said.starts_with("fallocate: refused (Operation not permitted"),
        "{said}"
    );
}

/// The attacks of a hostile game on the sandbox itself (issue 26): local
/// sockets by path (the X server, D-Bus), UDP, limits, priorities and
/// processors of the console and of every process of the player, probing
/// which pids exist, new processes, programs. Each is refused with an error
/// the game sees; the console (here, this test) is untouched; threads
/// still start.
#[test]
fn a_hostile_game_gets_nothing_from_the_system() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let socket_path = dir.path().join("bus");
    let listener = std::os::unix::net::UnixListener::bind(&socket_path).unwrap();
    listener.set_nonblocking(true).unwrap();
    let udp = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    udp.set_nonblocking(true).unwrap();
    let udp_address = udp.local_addr().unwrap().to_string();
    let socket_text = socket_path.to_str().unwrap();
    // Unsandboxed, the harmless attacks work: what follows is the sandbox.
    assert_eq!(
        probe(false, &data, "unix", socket_text).unwrap(),
        "unix: ok"
    );
    assert!(listener.accept().is_ok(), "the unsandboxed probe connected");
    assert_eq!(probe(false, &data, "udp", &udp_address).unwrap(), "udp: ok");
    assert!(udp.recv(&mut [0; 64]).is_ok(), "the datagram arrived");

    // SAFETY: getpriority of this process reads nothing but its numbers.
    let our_priority = || unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
    let priority = our_priority();
    let own_pid = std::process::id().to_string();
    for (control, value) in [
        ("unix", socket_text),
        ("udp", udp_address.as_str()),
        ("parent-cpu", ""),
        ("parent-nice", ""),
        ("user-nice", ""),
        ("parent-affinity", ""),
        ("pid-exists", own_pid.as_str()),
        ("fork", ""),
        ("exec", "/bin/true"),
    ] {
        let Some(said) = probe(true, &data, control, value) else {
            return;
        };
        assert!(
            said.starts_with(&format!("{control}: refused (Operation not permitted")),
            "{said}"
        );
    }
    assert!(listener.accept().is_err(), "nothing connected to the bus");
    assert!(udp.recv(&mut [0; 64]).is_err(), "no datagram left the game");
    assert_eq!(
        our_priority(),
        priority,
        "the console's priority is its own"
    );
    // SAFETY: getrlimit into a valid struct.
    let mut cpu = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_CPU, &mut cpu) }, 0);
    assert_eq!(
        cpu.rlim_cur,
        libc::RLIM_INFINITY,
        "the console has all its CPU time"
    );
    assert_eq!(probe(true, &data, "thread", "").unwrap(), "thread: ok");
}

/// Issue 41, attack 2: Landlock does not cover a file's metadata, and the
/// system-call filter allowed `fchmodat`, `fchmod` and `utimensat`: one
/// click set `~/.ssh/id_rsa` to 666 with a 1970 time stamp, and the
/// console's own files to 000. Every change of a file's metadata is now
/// refused with "Operation not permitted", by path and by descriptor
/// (mode, times, owner, extended attributes), outside its data directory
/// and inside it (the filter cannot tell where a file is); the player's
/// file keeps its mode and time. Unsandboxed, the probe's changes work
/// (the control).
#[test]
fn a_game_changes_no_files_metadata() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("game-launcher/data/sandbox-probe");
    let private = |name: &str| {
        let path = home.path().join(name);
        std::fs::write(&path, "-----BEGIN OPENSSH PRIVATE KEY-----\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        path
    };
    let facts = |path: &Path| {
        let meta = std::fs::metadata(path).unwrap();
        (meta.mode() & 0o7777, meta.mtime())
    };
    let control = private("control");
    let text = |path: &Path| path.to_str().unwrap().to_owned();
    assert_eq!(
        probe(false, &data, "chmod", &text(&control)).unwrap(),
        "chmod: ok"
    );
    assert_eq!(
        probe(false, &data, "utimes", &text(&control)).unwrap(),
        "utimes: ok"
    );
    assert_eq!(
        facts(&control),
        (0o666, 0),
        "unsandboxed, the probe changed them"
    );

    let key = private("id_rsa");
    let before = facts(&key);
    for attack in ["chmod", "utimes", "chown", "xattr"] {
        let Some(said) = probe(true, &data, attack, &text(&key)) else {
            return;
        };
        assert!(
            said.starts_with(&format!("{attack}: refused (Operation not permitted")),
            "{said}"
        );
    }
    assert_eq!(
        facts(&key),
        before,
        "the player's key keeps its mode and time"
    );
    // Its own file, by path and through a descriptor it may open.
    assert_eq!(probe(true, &data, "data", "").unwrap(), "data: ok");
    let own = data.join("probe.txt");
    let own_before = facts(&own);
    for attack in ["chmod", "fchmod", "utimes", "futimes"] {
        let said = probe(true, &data, attack, &text(&own)).unwrap();
        assert!(
            said.starts_with(&format!("{attack}: refused (Operation not permitted")),
            "{said}"
        );
    }
    assert_eq!(facts(&own), own_before);
}

/// Issue 41, attack 2's rest: Landlock governs reading, writing and
/// listing, not a file's metadata, so `stat`, `access` and `readlink` of a
/// path a game named said whether `~/.ssh/id_rsa` exists, its size and
/// its time. The game now runs in a root of its own (a mount namespace
/// made by its init, `game_host::mounts`) that holds only what Landlock
/// lets it read and its data directory: the player's key, and a link to
/// it, are not there ("No such file or directory", as for a file that does
/// not exist), while its own files and the system's libraries are.
/// Unsandboxed, the probe sees them (the control). Skipped, saying why,
/// where the kernel gives games no root of their own.
#[test]
fn a_game_learns_nothing_of_the_players_files() {
    let home = tempfile::tempdir().unwrap();
    let ssh = home.path().join(".ssh");
    std::fs::create_dir(&ssh).unwrap();
    let key = ssh.join("id_rsa");
    std::fs::write(&key, "-----BEGIN OPENSSH PRIVATE KEY-----\n").unwrap();
    let link = home.path().join("key-link");
    std::os::unix::fs::symlink(&key, &link).unwrap();
    let data = home.path().join("game-launcher/data/sandbox-probe");
    let key_text = key.to_str().unwrap();
    let link_text = link.to_str().unwrap();
    let said = |game: &GameProcess, control: &str, value: &str| {
        game.invoke_action(control, value).unwrap();
        game.status().unwrap()
    };
    let options = |sandbox| Options {
        sandbox,
        data_dir: Some(data.clone()),
        ..Options::default()
    };
    let open = start("sandbox_probe", options(false));
    assert!(
        said(&open, "stat", key_text).starts_with("stat: 36 bytes, changed at "),
        "unsandboxed, the probe sees the key"
    );
    assert_eq!(said(&open, "access", key_text), "access: there");
    assert_eq!(
        said(&open, "readlink", link_text),
        format!("readlink: {key_text}")
    );

    let game = start("sandbox_probe", options(true));
    match game.sandbox() {
        Some(Sandbox::Enforced(layers) | Sandbox::Partial(layers)) => match &layers.namespaces {
            Ok(namespaces) if namespaces.mount.is_ok() => {}
            Ok(namespaces) => {
                eprintln!(
                    "SKIPPED: this system gives games no root of their own: {}",
                    namespaces.mount_missing().unwrap_or_default()
                );
                return;
            }
            Err(why) => {
                eprintln!("SKIPPED: this system gives games no namespaces: {why}");
                return;
            }
        },
        other => {
            eprintln!("SKIPPED: the game process is {other:?}: no root of its own to see");
            return;
        }
    }
    for (control, value) in [
        ("stat", key_text),
        ("access", key_text),
        ("stat", ssh.to_str().unwrap()),
        ("readlink", link_text),
        ("stat", "/etc/passwd"),
    ] {
        let seen = said(&game, control, value);
        assert!(
            seen.starts_with(&format!("{control}: refused (No such file or directory")),
            "{control} {value}: {seen}"
        );
    }
    // What is the game's own is there: its data, its library, the system's
    // libraries.
    assert_eq!(said(&game, "data", ""), "data: ok");
    let own = data.join("probe.txt");
    assert!(
        said(&game, "stat", own.to_str().unwrap()).starts_with("stat: 4 bytes"),
        "its own file"
    );
    let library = library("sandbox_probe");
    assert!(said(&game, "stat", library.to_str().unwrap()).starts_with("stat: "));
    assert_eq!(said(&game, "access", "/dev/null"), "access: there");
    assert_eq!(said(&game, "thread", ""), "thread: ok");
}

/// Issue 41, attack 6: a game started 30,000 threads in 6 s (1.1 GB of
/// the kernel's memory, outside its memory limit) and had the console's
/// limit on open files. A game now has fewer than `MAX_TASKS` threads and
/// processes (its PID namespace's `pid_max`; `RLIMIT_NPROC` of its user
/// namespace, which does not bind root, as these tests run), and at most
/// `MAX_OPEN_FILES` open files: the next thread or file is refused, which
/// the game sees, and it plays on; the system's `pid_max` is untouched.
#[test]
fn a_game_has_limits_of_its_own_on_threads_and_open_files() {
    use launcher::game_host::sandbox::{MAX_OPEN_FILES, MAX_TASKS};
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("game-launcher/data/sandbox-probe");
    let count = |said: &str, control: &str, done: &str| -> usize {
        let rest = said
            .strip_prefix(&format!("{control}: refused ("))
            .unwrap_or_else(|| panic!("{said}"));
        let (n, _) = rest
            .split_once(&format!(" {done}, then "))
            .unwrap_or_else(|| panic!("{said}"));
        n.parse().unwrap()
    };
    let Some(said) = probe(true, &data, "threads", "30000") else {
        return;
    };
    let threads = count(&said, "threads", "started");
    // Its process and its stand-in init hold pids too; pids reused after
    // they wrap come from 300 up, so a long game has fewer.
    assert!(
        threads < MAX_TASKS as usize && threads + 8 >= MAX_TASKS as usize,
        "{said}"
    );
    let pid_max = || std::fs::read_to_string("/proc/sys/kernel/pid_max").unwrap();
    assert_ne!(
        pid_max().trim(),
        MAX_TASKS.to_string(),
        "the system's pid_max is its own"
    );
    assert!(said.contains("Resource temporarily unavailable"), "{said}");
    let said = probe(true, &data, "files", "100000").unwrap();
    let files = count(&said, "files", "opened");
    assert!(
        files < MAX_OPEN_FILES as usize && files + 32 >= MAX_OPEN_FILES as usize,
        "{said}"
    );
    assert!(said.contains("Too many open files"), "{said}");
    // It still starts a thread once those are gone.
    assert_eq!(probe(true, &data, "thread", "").unwrap(), "thread: ok");
}

/// Issue 41, attack 5's rest, under the sandbox: the file size limit was
/// what was left of the quota, and a write fails at a position past it,
/// so a game with 6 MiB of an 8 MiB quota in one file could not rewrite
/// that file's last KiB in place, nor add a byte to it. Now it can; a new
/// file stops at the longest file's length plus what was left ("File too
/// large"); and once the watch measures the directory over its quota, no
/// write goes through.
#[test]
fn a_game_past_what_is_left_of_its_quota_writes_its_files_until_the_quota() {
    use launcher::game_host::usage::{CpuLimit, DiskLimit, UsageWatch};
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("game-launcher/data/sandbox-probe");
    let options = Options {
        data_dir: Some(data.clone()),
        ..Options::default()
    };
    let game = start("sandbox_probe", options);
    if !matches!(
        game.sandbox(),
        Some(Sandbox::Enforced(_) | Sandbox::Partial(_))
    ) {
        eprintln!("SKIPPED: the game process is not sandboxed here");
        return;
    }
    let act = |control: &str, value: &str| {
        game.invoke_action(control, value).unwrap();
        game.status().unwrap()
    };
    assert_eq!(act("grow", "6144"), "grow: ok");
    let quota = DiskLimit {
        bytes: 8 << 20,
        files: 100,
        every: Duration::from_millis(50),
    };
    let watch = UsageWatch::start(
        game.pid(),
        CpuLimit::default(),
        Some((data.clone(), quota)),
        None,
    )
    .expect("the game process is watched");
    let until = |what: &str, done: &dyn Fn() -> bool| {
        let deadline = Instant::now() + PATIENCE;
        while !done() {
            assert!(Instant::now() < deadline, "{what} never came");
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    until("a measure of the 6 MiB", &|| {
        watch.disk().is_some_and(|d| d.bytes >= 6 << 20)
    });
    assert_eq!(act("rewrite", ""), "rewrite: ok");
    assert_eq!(act("grow", "1"), "grow: ok");
    let said = act("new-file", "65536");
    assert!(
        said.starts_with("new-file: refused (File too large"),
        "{said}"
    );
    let new = std::fs::metadata(data.join("new.bin")).unwrap().len();
    assert!(new <= 8 << 20, "{new} bytes: past 6 MiB and the 2 MiB left");
    until("the quota passed, measured", &|| {
        watch.disk().is_some_and(|d| d.over_limit())
    });
    let said = act("grow", "1");
    assert!(said.starts_with("grow: refused (File too large"), "{said}");
    assert_eq!(
        std::fs::metadata(data.join("grown.bin")).unwrap().len(),
        6145 * 1024
    );
}

#[test]
fn the_sandbox_keeps_a_game_off_the_network() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let data = tempfile::tempdir().unwrap();
    assert_eq!(
        probe(false, data.path(), "connect", &address).unwrap(),
        "connect: ok"
    );
    let Some(said) = probe(true, data.path(), "connect", &address) else {
        return;
    };
    // The system-call filter refuses the socket before Landlock would
    // refuse the connection.
    assert!(
        said.starts_with("connect: refused (Operation not permitted"),
        "{said}"
    );
}

/// The names of the network interfaces in `/proc/<pid>/net/dev` (the
/// network namespace of process `pid`).
fn interfaces_of(pid: &str) -> Vec<String> {
    std::fs::read_to_string(format!("/proc/{pid}/net/dev"))
        .unwrap()
        .lines()
        .skip(2)
        .filter_map(|l| l.split(':').next())
        .map(|name| name.trim().to_owned())
        .collect()
}

/// The namespace `kind` (`net`, `ipc`, ...) process `pid` is in.
fn namespace_of(pid: &str, kind: &str) -> std::path::PathBuf {
    std::fs::read_link(format!("/proc/{pid}/ns/{kind}")).unwrap()
}

/// A game process has namespaces of its own (issue 26): seen from outside
/// (as the kernel tells this test, whatever the game's own system calls may
/// do), its network has no interface but a loopback that is down, and its
/// IPC, user and host name are its own; the player is still the player in
/// it, and the host name is not the computer's. Unsandboxed, the process
/// shares the console's.
#[test]
fn a_game_process_has_no_network_and_namespaces_of_its_own() {
    let data = tempfile::tempdir().unwrap();
    let options = |sandbox| Options {
        sandbox,
        data_dir: Some(data.path().to_owned()),
        ..Options::default()
    };
    let open = start("sandbox_probe", options(false));
    let open_pid = open.pid().to_string();
    for kind in ["net", "ipc", "user", "uts"] {
        assert_eq!(namespace_of(&open_pid, kind), namespace_of("self", kind));
    }
    open.invoke_action("hostname", "").unwrap();
    let computer = open.status().unwrap();
    open.invoke_action("interfaces", "").unwrap();
    let ours = interfaces_of("self").join(" ");
    assert_eq!(open.status().unwrap(), format!("interfaces: {ours}"));

    let game = start("sandbox_probe", options(true));
    match game.sandbox() {
        Some(Sandbox::Enforced(layers) | Sandbox::Partial(layers)) => {
            if let Err(why) = &layers.namespaces {
                eprintln!("SKIPPED: this system gives games no namespaces: {why}");
                return;
            }
        }
        other => {
            eprintln!("SKIPPED: the game process is {other:?}: no namespaces to see");
            return;
        }
    }
    let pid = game.pid().to_string();
    assert_eq!(interfaces_of(&pid), ["lo"]);
    // No address at all, not even 127.0.0.1: the loopback is down.
    let addresses = std::fs::read_to_string(format!("/proc/{pid}/net/fib_trie")).unwrap();
    assert_eq!(addresses.trim(), "", "{addresses}");
    for kind in ["net", "ipc", "user", "uts"] {
        assert_ne!(
            namespace_of(&pid, kind),
            namespace_of("self", kind),
            "{kind}"
        );
    }
    // SAFETY: geteuid reads this process's credentials.
    let player = unsafe { libc::geteuid() };
    game.invoke_action("uid", "").unwrap();
    assert_eq!(game.status().unwrap(), format!("uid: {player}"));
    game.invoke_action("hostname", "").unwrap();
    assert_eq!(game.status().unwrap(), "hostname: plt-game", "{computer}");
    // From inside, the interfaces are out of reach anyway: Landlock keeps
    // `/proc` closed, the system-call filter refuses the socket.
    game.invoke_action("interfaces", "").unwrap();
    let said = game.status().unwrap();
    assert!(
        said.starts_with("interfaces: refused (Permission denied"),
        "{said}"
    );
    game.invoke_action("if-nameindex", "").unwrap();
    let said = game.status().unwrap();
    assert!(
        said.starts_with("if-nameindex: refused (Operation not permitted"),
        "{said}"
    );
}

/// Waits until none of `pids` is left (the deadline only turns a process
/// that never goes into a failure with a message).
fn wait_gone(pids: &[u32], what: &str) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let left: Vec<&u32> = pids
            .iter()
            .filter(|pid| std::fs::metadata(format!("/proc/{pid}")).is_ok())
            .collect();
        if left.is_empty() {
            return;
        }
        assert!(Instant::now() < deadline, "{what}: {left:?} still there");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A game has its own pids (issue 26): it is pid 2, under a stand-in init
/// (pid 1) in a PID namespace of its own, so the console's pid and every
/// other process are nothing to it; the process the console started waits
/// for them, and when the game is closed or stopped, none of the three is
/// left. Unsandboxed, the game is the process the console started.
#[test]
fn a_game_has_its_own_pids_and_none_of_its_processes_outlives_it() {
    let data = tempfile::tempdir().unwrap();
    let options = |sandbox| Options {
        sandbox,
        data_dir: Some(data.path().to_owned()),
        ..Options::default()
    };
    let open = start("sandbox_probe", options(false));
    open.invoke_action("pids", "").unwrap();
    assert_eq!(
        open.status().unwrap(),
        format!("pids: {} {}", open.pid(), std::process::id())
    );
    assert_eq!(descendants(open.pid()), [0u32; 0]);

    for stop in [false, true] {
        let game = start("sandbox_probe", options(true));
        match game.sandbox() {
            Some(Sandbox::Enforced(layers) | Sandbox::Partial(layers)) => {
                match &layers.namespaces {
                    Ok(namespaces) if namespaces.pid => {}
                    Ok(namespaces) => {
                        eprintln!(
                            "SKIPPED: this system gives games no PID namespace: {}",
                            namespaces.pid_missing().unwrap_or_default()
                        );
                        return;
                    }
                    Err(why) => {
                        eprintln!("SKIPPED: this system gives games no namespaces: {why}");
                        return;
                    }
                }
            }
            other => {
                eprintln!("SKIPPED: the game process is {other:?}: no namespaces to see");
                return;
            }
        }
        game.invoke_action("pids", "").unwrap();
        assert_eq!(game.status().unwrap(), "pids: 2 1");
        // Seen from here: the process started, its init, the game.
        let pid = game.pid();
        let chain = descendants(pid);
        assert_eq!(chain.len(), 2, "its init and the game: {chain:?}");
        let pid_for_children = namespace_of(&pid.to_string(), "pid_for_children");
        assert_ne!(pid_for_children, namespace_of("self", "pid"));
        for inside in &chain {
            assert_eq!(namespace_of(&inside.to_string(), "pid"), pid_for_children);
        }
        let report = if stop {
            game.stop();
            game.wait_exit(PATIENCE).expect("stopped")
        } else {
            game.call(Call::Close).unwrap();
            game.wait_exit(PATIENCE).expect("closed")
        };
        let expected = if stop {
            ExitCause::Stopped
        } else {
            ExitCause::Closed
        };
        assert_eq!(report.cause, expected, "{report:?}");
        let mut all = chain.clone();
        all.push(pid);
        wait_gone(&all, if stop { "stopped" } else { "closed" });
    }
}

#[test]
fn turning_the_sandbox_off_is_said_loudly() {
    let dir = tempfile::tempdir().unwrap();
    let out = support::launcher_in(dir.path())
        .args(["--no-sandbox", "--list", "--no-load", "--games-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("WARNING: --no-sandbox: games run WITHOUT their sandbox"),
        "{stderr}"
    );
    // And --list's report says it once, first.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with(
            "Games run unsandboxed: the sandbox was turned off with --no-sandbox.\n\n"
        ),
        "{stdout}"
    );
    assert_eq!(stdout.matches("unsandboxed").count(), 1, "{stdout}");
}

/// `--list`'s first line says, once, how every game is checked and runs:
/// which layers of the sandbox hold on this system, the memory limit, and
/// why any layer is missing.
#[test]
fn list_says_once_how_games_run() {
    let games = launcher_tests::GamesDir::new();
    games.add_with_library("a", "game = \"hello_game\"\nname = \"A\"\n", "hello_game");
    games.add_with_library("b", "game = \"hello_game\"\nname = \"B\"\n", "hello_game");
    let out = support::launcher_in(games.path())
        .args(["--list", "--games-dir"])
        .arg(games.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let sandbox = launcher::game_host::sandbox::on_this_system(true);
    println!("this kernel: games run {sandbox}");
    let summary = sandbox.summary(Some(game_host::DEFAULT_MEMORY_LIMIT));
    assert!(
        stdout.starts_with(&format!("{summary}\n\nOther Games:\n")),
        "{stdout}"
    );
    assert_eq!(stdout.matches("sandboxed").count(), 1, "{stdout}");
    if let Sandbox::Enforced(_) = sandbox {
        assert!(
            summary.starts_with("Games run sandboxed: Landlock ABI ")
                && summary.contains(", seccomp, namespaces (user, PID, network, IPC")
                && summary.ends_with(", memory limit 2 GiB."),
            "{summary}"
        );
    }
}

/// `plt-games --list` of one game run in a user namespace where the
/// kernel's `/proc/sys/user/<limit>` is 0 (a system that allows no more of
/// that namespace), or `None`, said, where such a namespace cannot be made.
fn list_with_no_more(limit: &str) -> Option<String> {
    let games = launcher_tests::GamesDir::new();
    games.add_with_library("a", "game = \"hello_game\"\nname = \"A\"\n", "hello_game");
    let mut command = std::process::Command::new("unshare");
    support::isolate(&mut command, games.path())
        .args(["--user", "--map-current-user", "sh", "-c"])
        .arg(format!(
            "echo 0 > /proc/sys/user/{limit} && exec \"$0\" \"$@\""
        ))
        .arg(env!("CARGO_BIN_EXE_plt-games"))
        .args(["--list", "--games-dir"])
        .arg(games.path());
    match command.output() {
        Ok(out) if out.status.success() => Some(String::from_utf8_lossy(&out.stdout).into_owned()),
        other => {
            eprintln!(
                "SKIPPED: cannot make a user namespace with {limit} at 0 here (util-linux's \
                 unshare, and user namespaces, are needed): {other:?}"
            );
            None
        }
    }
}

/// The `state:` of the one game `--list` printed.
fn listed_state(stdout: &str) -> &str {
    stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix("state:"))
        .unwrap_or_else(|| panic!("no state in {stdout}"))
        .trim()
}

/// Where the kernel refuses namespaces (here: a user namespace whose
/// `max_user_namespaces` is 0, as a system that turns them off), games are
/// still checked and run with Landlock and seccomp, and `--list`'s first
/// line says the namespaces are missing and why.
#[test]
fn where_namespaces_are_refused_games_still_run_and_list_says_why() {
    let here = launcher::game_host::sandbox::on_this_system(true);
    if !matches!(here, Sandbox::Enforced(_)) {
        eprintln!("SKIPPED: games run {here} here; this test takes away only the namespaces");
        return;
    }
    let Some(stdout) = list_with_no_more("max_user_namespaces") else {
        return;
    };
    let first = stdout.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("Games run partly sandboxed: Landlock ABI ")
            && first.contains(", seccomp, memory limit 2 GiB; missing: no namespaces: this system allows no more user namespaces"),
        "{stdout}"
    );
    assert!(listed_state(&stdout).starts_with("ok ("), "{stdout}");
}

/// Where the kernel refuses only the PID namespace (here: a user namespace
/// whose `max_pid_namespaces` is 0), games still run in the other
/// namespaces, and `--list`'s first line says the PID namespace is missing
/// and why.
#[test]
fn where_pid_namespaces_are_refused_games_still_run_and_list_says_why() {
    let here = launcher::game_host::sandbox::on_this_system(true);
    if !matches!(here, Sandbox::Enforced(_)) {
        eprintln!("SKIPPED: games run {here} here; this test takes away only the PID namespace");
        return;
    }
    let Some(stdout) = list_with_no_more("max_pid_namespaces") else {
        return;
    };
    let first = stdout.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("Games run partly sandboxed: Landlock ABI ")
            && first.contains(
                ", seccomp, namespaces (user, network, IPC, UTS), memory limit 2 GiB; missing: \
                 no PID namespace: this system allows no more PID namespaces \
                 (/proc/sys/user/max_pid_namespaces is 0, or reached); a game's processes could \
                 outlive it; no root of its own: it needs a PID namespace of its own; a game can \
                 learn whether any of your files exists, its size and times."
            ),
        "{stdout}"
    );
    assert!(listed_state(&stdout).starts_with("ok ("), "{stdout}");

    // A game process started there plays, without one: the game is the
    // process the console started, its parent the console.
    let refusing = HostCommand::new(
        "unshare",
        &[
            "--user",
            "--map-current-user",
            "sh",
            "-c",
            "echo 0 > /proc/sys/user/max_pid_namespaces && exec \"$0\" --game-host",
            env!("CARGO_BIN_EXE_plt-games"),
        ],
    );
    let mut game = GameProcess::spawn(&refusing, &library("sandbox_probe"), Options::default())
        .expect("spawns");
    game.set_wait(PATIENCE);
    assert!(game.wait_started().is_ok());
    let Some(Sandbox::Partial(layers)) = game.sandbox() else {
        panic!("{:?}", game.sandbox());
    };
    let namespaces = layers.namespaces.clone().unwrap();
    assert!(!namespaces.pid, "{namespaces:?}");
    assert!(
        layers.missing()[0].starts_with("no PID namespace: this system allows no more PID"),
        "{layers:?}"
    );
    game.invoke_action("pids", "").unwrap();
    assert_eq!(
        game.status().unwrap(),
        format!("pids: {} {}", game.pid(), std::process::id())
    );
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

/// Checking a game runs its code (its library's constructors, its `new`),
/// so the process that checks it for `--list` and the console is confined
/// as a game process is: a game that reads the player's files as it starts
/// is refused there too.
#[test]
fn the_process_that_checks_a_game_is_sandboxed_too() {
    let home = tempfile::tempdir().unwrap();
    let secret = home.path().join("secret.txt");
    std::fs::write(&secret, "the player's").unwrap();
    let games = launcher_tests::GamesDir::new();
    games.add_with_library(
        "sandbox-probe",
        "game = \"sandbox_probe\"\nname = \"Sandbox Probe\"\n",
        "sandbox_probe",
    );
    let state = |extra: &[&str]| {
        let out = support::launcher_in(games.path())
            .env("SANDBOX_PROBE_READ_ON_START", &secret)
            .args(["--list", "--games-dir"])
            .arg(games.path())
            .args(extra)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        stdout
            .lines()
            .find_map(|l| l.trim().strip_prefix("state:"))
            .unwrap_or_else(|| panic!("no state in {stdout}"))
            .trim()
            .to_owned()
    };
    // Unsandboxed, the file is there to read: what follows is the sandbox.
    let open = state(&["--no-sandbox"]);
    assert!(open.ends_with("on start, read: ok"), "{open}");
    let status = launcher::game_host::sandbox::on_this_system(true);
    let landlock = match &status {
        Sandbox::Enforced(layers) | Sandbox::Partial(layers) => layers.landlock.clone(),
        _ => Err(String::new()),
    };
    if !landlock.is_ok_and(|abi| abi >= FULL_LANDLOCK) {
        eprintln!(
            "SKIPPED: games run {status} here; the sandbox tests need a Linux kernel with Landlock (ABI 6 or later, Linux 6.12)"
        );
        return;
    }
    let confined = state(&[]);
    assert!(
        confined.contains("on start, read: refused (No such file or directory")
            || confined.contains("on start, read: refused (Permission denied"),
        "{confined}"
    );
    // And in namespaces of its own, where the kernel allows them: its host
    // name is the sandbox's (user, network and IPC come with it).
    let hostname = |extra: &[&str]| {
        let out = support::launcher_in(games.path())
            .env("SANDBOX_PROBE_HOSTNAME_ON_START", "1")
            .args(["--list", "--games-dir"])
            .arg(games.path())
            .args(extra)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(stdout.contains("on start, hostname: "), "{stdout}");
        stdout
    };
    assert!(!hostname(&["--no-sandbox"]).contains("on start, hostname: plt-game"));
    match &status {
        Sandbox::Enforced(layers) | Sandbox::Partial(layers) if layers.namespaces.is_ok() => {
            let confined = hostname(&[]);
            assert!(
                confined.contains("on start, hostname: plt-game"),
                "{confined}"
            );
        }
        _ => eprintln!("SKIPPED (namespaces): games run {status} here"),
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
