//! A game slower than a frame but answering (`slow-answer`: each read and
//! each event takes 200 ms, a window waits at most `CALL_WAIT`, 100 ms, in
//! one frame): its window shows it and plays it, slowly, and never says it
//! is not responding. Late answers of reads are kept and used while nothing
//! was sent to the game after them, so the window does not ask the same
//! read again and again, each time giving up before its answer comes.
//! What a loaded machine does to any game now and then, this game does
//! every time: a resume, an Undo and a control pressed while it is busy,
//! and a start that fails after its window opened, each with late answers.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use launcher::LauncherApp;
use launcher_tests::{GamesDir, run_until};
use std::cell::Cell;

/// The slow game's window, if open.
fn slow_game<'h>(
    harness: &'h Harness<'_, LauncherApp>,
) -> Option<&'h launcher::game_window::GameWindow> {
    harness
        .state()
        .open_games()
        .into_iter()
        .find(|g| g.dir_name == "slow-answer")
}

/// Runs frames until `done` holds, noting in `not_responding` whether the
/// window ever said its game was not responding.
fn run_watching(
    harness: &mut Harness<'_, LauncherApp>,
    not_responding: &Cell<bool>,
    what: &str,
    done: impl Fn(&Harness<'_, LauncherApp>) -> bool,
) {
    run_until(harness, what, |h| {
        if slow_game(h).is_some_and(|g| g.is_not_responding())
            || h.query_by_label_contains("is not responding").is_some()
        {
            not_responding.set(true);
        }
        done(h)
    });
}

/// What the slow game's window shows: its title, status line and the
/// number of shapes of its frame.
fn shown(harness: &Harness<'_, LauncherApp>) -> Option<(String, String, usize)> {
    let game = slow_game(harness)?;
    Some((
        game.title().to_owned(),
        game.status().to_owned(),
        game.drawing().shapes.len(),
    ))
}

/// A console of the slow game alone, the player's files in `home` when
/// given, "not responding" after the player's 2 s.
fn console(games: &GamesDir, home: Option<&std::path::Path>) -> Harness<'static, LauncherApp> {
    let mut config = launcher_tests::console_config([games.path()]);
    config.player = home.map(launcher::player::PlayerFiles::in_dir);
    config.processes.answer_within = launcher::game_host::DEFAULT_ANSWER_WITHIN;
    Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 700.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        )
}

fn slow_games() -> GamesDir {
    let games = GamesDir::new();
    games.add_with_library("slow-answer", "game = \"slow_answer\"\n", "slow_answer");
    games
}

/// Presses and releases the mouse over the slow game's canvas (the
/// release counts), running the frames egui asks for after each.
fn click_canvas(harness: &mut Harness<'_, LauncherApp>) {
    let transform = slow_game(harness)
        .and_then(|g| g.canvas_transform())
        .expect("the canvas is shown");
    let pos = transform.to_screen(game_api::Point::new(60.0, 40.0));
    harness.hover_at(pos);
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        });
        let _ = harness.run_ok();
    }
}

fn button<'h>(harness: &'h Harness<'_, LauncherApp>, label: &'h str) -> egui_kittest::Node<'h> {
    harness.get_by_role_and_label(egui::accesskit::Role::Button, label)
}

#[test]
fn a_game_slower_than_a_frame_is_shown_and_plays_and_is_never_not_responding() {
    let games = slow_games();
    let mut harness = console(&games, None);
    let not_responding = Cell::new(false);
    run_watching(&mut harness, &not_responding, "the console settled", |h| {
        h.state().is_settled()
    });
    button(&harness, "Slow Answer").click();

    // Its window shows the game: the title and status line it gives, and
    // its frame (the background, no click yet).
    run_watching(
        &mut harness,
        &not_responding,
        "the slow game's window showing its title, status and frame",
        |h| {
            shown(h) == Some(("Slow Answer 0".into(), "Slow clicks: 0".into(), 1))
                && h.query_by_label("Slow clicks: 0").is_some()
        },
    );

    // A click on its canvas: the window shows the game's answer to it.
    click_canvas(&mut harness);
    run_watching(
        &mut harness,
        &not_responding,
        "the slow game's window showing its answer to a click",
        |h| {
            shown(h) == Some(("Slow Answer 1".into(), "Slow clicks: 1".into(), 2))
                && h.query_by_label("Slow clicks: 1").is_some()
                && h.state().is_settled()
        },
    );
    assert!(
        !not_responding.get(),
        "a game that answers every call within a second was shown as not responding"
    );
}

/// A game whose load is slower than a frame resumes with its undo chain:
/// the window goes on from the resumed position while the game loads it,
/// and reads it once it has. (The window used to give up on the resume
/// when the load's answer came late, which a loaded machine does to any
/// game: the game was at its last move, but its undo chain and time
/// played were lost, and the resume file rewritten without them.)
#[test]
fn a_game_slower_than_a_frame_resumes_with_its_undo_chain() {
    use launcher::midend::Snapshot;
    use launcher::saves::{SavedGame, SavedHistory};
    let games = slow_games();
    let home = tempfile::tempdir().unwrap();
    // A game started from 7 (its ID "slow-7"), three clicks in; a new
    // game starts from 0 ("slow-0").
    let start: std::sync::Arc<[u8]> = b"slow:7:7".as_slice().into();
    let at = |n: u32| Snapshot {
        start: start.clone(),
        state: format!("slow:7:{}", 7 + n).as_bytes().into(),
        withheld: Default::default(),
    };
    let played = std::time::Duration::from_secs(300);
    SavedGame {
        game: "slow-answer".into(),
        snapshot: at(3),
        played,
        counted: false,
    }
    .write_with_history(
        &home.path().join("saves").join("slow-answer.save"),
        &SavedHistory {
            undo: (0..3).map(at).collect(),
            redo: Vec::new(),
        },
    )
    .unwrap();

    let mut harness = console(&games, Some(home.path()));
    let not_responding = Cell::new(false);
    run_watching(&mut harness, &not_responding, "the console settled", |h| {
        h.state().is_settled()
    });
    button(&harness, "Slow Answer").click();
    run_watching(
        &mut harness,
        &not_responding,
        "the slow game resumed at its last move",
        |h| {
            h.query_by_label("Slow clicks: 10").is_some()
                && h.state().is_settled()
                && shown(h).is_some_and(|(_, _, shapes)| shapes == 11)
        },
    );
    let game = slow_game(&harness).unwrap();
    let history = game.midend().history().expect("it saves");
    assert_eq!(history.undo_positions().len(), 3, "its undo chain");
    assert_eq!(game.midend().game_id(), Some("slow-7"), "its game");
    // Not taken for a new game, which would start its time afresh.
    assert!(game.midend().played() >= played, "its time played");

    button(&harness, "Undo").click();
    run_watching(&mut harness, &not_responding, "Undo shown", |h| {
        h.query_by_label("Slow clicks: 10").is_none() && h.state().is_settled()
    });
    assert_eq!(
        shown(&harness).unwrap().1,
        "Slow clicks: 9",
        "one move back"
    );
    assert!(!not_responding.get());
}

/// A control pressed while the game is still on an earlier call waits its
/// turn, as a click does: it is run after the input before it, never
/// dropped. (A window used to drop it, which a loaded machine does to any
/// game: Solve, Undo or New game pressed while a tick's answer was late
/// did nothing.)
#[test]
fn a_control_pressed_while_the_game_is_busy_waits_its_turn() {
    let games = slow_games();
    let mut harness = console(&games, None);
    let not_responding = Cell::new(false);
    run_watching(&mut harness, &not_responding, "the console settled", |h| {
        h.state().is_settled()
    });
    button(&harness, "Slow Answer").click();
    run_watching(&mut harness, &not_responding, "the game shown", |h| {
        h.query_by_label("Slow clicks: 0").is_some() && h.state().is_settled()
    });
    click_canvas(&mut harness);
    run_watching(
        &mut harness,
        &not_responding,
        "the first click shown",
        |h| h.query_by_label("Slow clicks: 1").is_some() && h.state().is_settled(),
    );

    // A second click, and Undo pressed while the game is still on it.
    click_canvas(&mut harness);
    assert!(
        slow_game(&harness).unwrap().is_waiting(),
        "the game is still on the click"
    );
    button(&harness, "Undo").click();
    run_watching(&mut harness, &not_responding, "Undo taken in", |h| {
        h.state().is_settled()
            && slow_game(h)
                .and_then(|g| g.midend().history())
                .is_some_and(|history| history.can_redo())
    });
    assert_eq!(
        shown(&harness).unwrap().1,
        "Slow clicks: 1",
        "the second click, undone"
    );
    assert!(!not_responding.get());
}

/// A game whose start fails after its window opened (`slow_answer` with
/// `SLOW_ANSWER_FAIL_START`: a second after it was asked to start) closes
/// its window and says why, even when its process has ended before the
/// window's next frame (a slow start on a loaded machine: the window used
/// to stay, shown stopped, and `--play` waited for the player).
#[test]
fn a_start_that_fails_after_the_window_opened_says_why() {
    let games = slow_games();
    let mut config = launcher_tests::console_config([games.path()]);
    config.processes.host = config.processes.host.env("SLOW_ANSWER_FAIL_START", "1");
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 700.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    run_until(&mut harness, "the console settled", |h| {
        h.state().is_settled()
    });
    button(&harness, "Slow Answer").click();
    // Frame by frame until its window opens, saying it is starting.
    let deadline = std::time::Instant::now() + launcher_tests::PATIENCE;
    while slow_game(&harness).is_none() {
        assert!(
            std::time::Instant::now() < deadline,
            "its window never opened"
        );
        harness.step();
    }
    // No frame until its process has ended.
    while !slow_game(&harness).unwrap().process_ended() {
        assert!(
            std::time::Instant::now() < deadline,
            "its process never ended"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    run_until(&mut harness, "its window closed", |h| {
        slow_game(h).is_none()
    });
    let notices: Vec<String> = launcher_tests::notice_texts(harness.state());
    assert!(
        notices
            .iter()
            .any(|n| n.starts_with("Slow Answer could not start")
                && n.contains("it cannot start today")),
        "{notices:?}"
    );
}
