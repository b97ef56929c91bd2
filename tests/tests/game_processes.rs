//! Every game in a process of its own, through the real console in
//! egui_kittest: a game that aborts keeps its window, which says why and
//! offers Restart, Close and Details, while Chat Noir in another window
//! plays on; three crashes within a minute disable the game; a rebuilt
//! library offers the new version, and `--dev` restarts by itself; a
//! game process killed from outside is shown stopped and restarts.
//! (Hangs: `console.rs`; real windows under Xvfb: `launcher/tests/real_window.rs`.)

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use game_api::Point;
use launcher::{LauncherApp, LauncherConfig};
use launcher_tests::GamesDir;
use launcher_tests::Settle;
use support::{chat_noir_plays, click_at, open_dirs, step_until};

mod support;

fn games() -> GamesDir {
    let games = GamesDir::new();
    games.add_with_library("abort-click", "game = \"abort_click\"\n", "abort_click");
    games.add_bundled("chat-noir", "chat_noir");
    games
}

fn console(config: LauncherConfig) -> Harness<'static, LauncherApp> {
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 700.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    harness.settle();
    harness
}

fn open(harness: &mut Harness<'_, LauncherApp>, dir_name: &str) {
    let ctx = harness.ctx.clone();
    harness.state_mut().open_game(&ctx, dir_name);
    harness.settle();
}

/// Clicks Abort Click's canvas, as a mouse would, and waits for its
/// window to say it stopped.
fn crash_it(harness: &mut Harness<'_, LauncherApp>) {
    let transform = harness
        .state_mut()
        .open_game_mut("abort-click")
        .expect("Abort Click is open")
        .canvas_transform()
        .expect("its canvas was shown");
    click_at(harness, transform.to_screen(Point::new(60.0, 40.0)));
    step_until(harness, "Abort Click stopped", |h| {
        h.query_by_label("Abort Click stopped: it aborted while handling a click")
            .is_some()
    });
}

/// The stopped window's Restart: on the row of its Close (Chat Noir's
/// window has a Restart of its own, the midend's).
fn stopped_windows_restart<'h>(harness: &'h Harness<'_, LauncherApp>) -> egui_kittest::Node<'h> {
    let close = harness.get_by_label("Close").rect();
    harness
        .query_all_by_label("Restart")
        .find(|node| (node.rect().center().y - close.center().y).abs() < 1.0)
        .expect("a Restart beside Close")
}

#[test]
fn a_game_that_aborts_keeps_its_window_with_the_cause_and_restarts_while_chat_noir_plays() {
    let games = games();
    let mut harness = console(launcher_tests::console_config([games.path()]));
    open(&mut harness, "chat-noir");
    open(&mut harness, "abort-click");
    assert_eq!(open_dirs(&harness), ["chat-noir", "abort-click"]);
    let first = harness.state().open_games()[1].process_id().unwrap();

    crash_it(&mut harness);
    // The window stays; the console and Chat Noir go on.
    assert_eq!(open_dirs(&harness), ["chat-noir", "abort-click"]);
    chat_noir_plays(&mut harness);

    // Details: the signal, and what the game printed.
    assert!(
        harness
            .query_by_label_contains("Ended by signal 6")
            .is_none()
    );
    harness
        .get_by_role_and_label(Role::Button, "Details")
        .click();
    harness.settle();
    harness.get_by_label_contains("Ended by signal 6 (SIGABRT).");
    harness.get_by_label_contains("Abort Click: clicked, aborting now");

    // Restart brings the game back, in a new process.
    stopped_windows_restart(&harness).click();
    harness.settle();
    assert_eq!(open_dirs(&harness), ["chat-noir", "abort-click"]);
    let game = harness.state_mut().open_game_mut("abort-click").unwrap();
    assert!(game.stopped().is_none());
    assert_eq!(game.status(), "Click to abort");
    assert_ne!(game.process_id(), Some(first));
    chat_noir_plays(&mut harness);

    // Close takes the stopped window away, and only it.
    crash_it(&mut harness);
    harness.get_by_label("Close").click();
    harness.settle();
    assert_eq!(open_dirs(&harness), ["chat-noir"]);
}

#[test]
fn three_crashes_in_a_minute_disable_the_game_until_it_is_enabled_again() {
    let games = games();
    let mut harness = console(launcher_tests::console_config([games.path()]));
    open(&mut harness, "abort-click");
    for restart in [true, true, false] {
        crash_it(&mut harness);
        if restart {
            harness.get_by_label("Restart").click();
            harness.settle();
        }
    }
    let disabled =
        "Abort Click crashed 3 times — disabled until you enable it again or its library changes";
    harness.get_by_label(&format!("{disabled}."));
    assert!(
        harness
            .state()
            .notices()
            .iter()
            .any(|n| n.text.starts_with(disabled)),
        "{:?}",
        harness.state().notices()
    );
    // Its console button says so, and it is not opened again by a click.
    harness.get_by_label("Close").click();
    harness.settle();
    harness.get_by_role_and_label(Role::Button, "Abort Click (disabled)");
    open(&mut harness, "abort-click");
    assert!(open_dirs(&harness).is_empty());
    assert!(
        harness
            .state()
            .notices()
            .last()
            .unwrap()
            .text
            .contains("right-click its button and choose Enable again")
    );
    // Enable again (its button's menu): it opens and plays.
    harness
        .get_by_role_and_label(Role::Button, "Abort Click (disabled)")
        .click_secondary();
    harness.settle();
    harness.get_by_label("Enable again").click();
    harness.settle();
    harness.get_by_role_and_label(Role::Button, "Abort Click");
    open(&mut harness, "abort-click");
    assert_eq!(open_dirs(&harness), ["abort-click"]);
    assert_eq!(
        harness
            .state_mut()
            .open_game_mut("abort-click")
            .unwrap()
            .status(),
        "Click to abort"
    );
}

/// Replaces a game's library file as a build does (a new file moved over
/// the old one), with different contents.
fn rebuild(games: &GamesDir, dir_name: &str, base: &str) {
    let library = games
        .path()
        .join(dir_name)
        .join(launcher_tests::libloading_name(base));
    let fresh = library.with_extension("new");
    std::fs::copy(launcher_tests::library(base), &fresh).unwrap();
    // A different file: one more byte past the end of the library.
    let mut bytes = std::fs::read(&fresh).unwrap();
    bytes.push(0);
    std::fs::write(&fresh, bytes).unwrap();
    std::fs::rename(&fresh, &library).unwrap();
}

#[test]
fn a_rebuilt_library_offers_the_new_version_and_dev_restarts_by_itself() {
    let games = GamesDir::new();
    games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
    let mut harness = console(launcher_tests::console_config([games.path()]));
    open(&mut harness, "hello-game");
    let first = harness.state().open_games()[0].process_id().unwrap();
    assert!(harness.query_by_label("The game was rebuilt —").is_none());

    rebuild(&games, "hello-game", "hello_game");
    step_until(&mut harness, "the rebuild offered", |h| {
        h.query_by_label("Restart with the new version").is_some()
    });
    harness.get_by_label("The game was rebuilt —");
    harness.get_by_label("Restart with the new version").click();
    harness.settle();
    let game = &harness.state().open_games()[0];
    assert_ne!(game.process_id(), Some(first), "a new process");
    assert!(harness.query_by_label("The game was rebuilt —").is_none());

    // With --dev, the window restarts by itself.
    let mut config = launcher_tests::console_config([games.path()]);
    config.processes.dev = true;
    let mut harness = console(config);
    open(&mut harness, "hello-game");
    let first = harness.state().open_games()[0].process_id().unwrap();
    rebuild(&games, "hello-game", "hello_game");
    step_until(&mut harness, "the --dev restart", |h| {
        h.state()
            .open_games()
            .first()
            .is_some_and(|g| g.process_id() != Some(first) && g.stopped().is_none())
    });
    assert!(harness.query_by_label("The game was rebuilt —").is_none());
}

/// The About box (Help ▸ About PLT Games...) says how games run here: in
/// processes of their own, sandboxed or why not, and their limits. A
/// console whose games run unsandboxed says so once, as it opens.
#[test]
fn the_about_box_says_how_games_run_and_an_unsandboxed_console_says_so_once() {
    let games = games();
    let about = |config: LauncherConfig| {
        let layers =
            launcher::game_host::sandbox::on_this_system(config.processes.sandbox).layers();
        let patience = format!(
            "{} s without an answer",
            config.processes.answer_within.as_secs()
        );
        let mut harness = console(config);
        harness.get_by_label("Help").click();
        harness.settle();
        harness.get_by_label("About PLT Games...").click();
        harness.settle();
        let games_run = harness
            .query_all_by_label_contains("each in a process of its own")
            .map(|n| {
                let node = n.accesskit_node();
                node.label().or(node.value()).unwrap_or_default()
            })
            .collect::<Vec<_>>();
        assert_eq!(games_run.len(), 1, "{games_run:?}");
        assert!(harness.query_by_label("2 GiB").is_some());
        assert!(
            harness.query_by_label(&layers).is_some(),
            "the About box lists the sandbox's layers: {layers}"
        );
        assert!(harness.query_by_label(&patience).is_some(), "{patience}");
        let notices: Vec<String> = launcher_tests::notice_texts(harness.state());
        (games_run[0].clone(), notices)
    };

    let mut config = launcher_tests::console_config([games.path()]);
    config.processes.sandbox = false;
    let (games_run, notices) = about(config);
    assert_eq!(
        games_run,
        "each in a process of its own, unsandboxed (turned off with --no-sandbox)"
    );
    assert_eq!(
        notices,
        ["Games run unsandboxed: the sandbox was turned off with --no-sandbox."]
    );

    let (games_run, notices) = about(launcher_tests::console_config([games.path()]));
    match launcher::game_host::sandbox::on_this_system(true) {
        sandbox @ launcher::game_host::Sandbox::Enforced(_) => {
            assert_eq!(games_run, "each in a process of its own, sandboxed");
            assert!(notices.is_empty(), "{notices:?}");
            // Which layers hold, each with what it takes away.
            let layers = sandbox.layers();
            assert!(
                layers.starts_with("Landlock ABI ")
                    && layers.contains("seccomp (no network")
                    && layers.contains("namespaces: user, PID, network, IPC"),
                "{layers}"
            );
        }
        other => {
            println!("this kernel: games run {other}; checking the console says so once");
            assert_eq!(games_run, format!("each in a process of its own, {other}"));
            assert_eq!(notices, [other.player_note().unwrap()]);
        }
    }
}

#[test]
fn a_game_process_killed_from_outside_is_shown_stopped_and_restarts_from_its_last_move() {
    let games = games();
    let player = tempfile::tempdir().unwrap();
    let mut config = launcher_tests::console_config([games.path()]);
    config.player = Some(launcher::player::PlayerFiles::in_dir(player.path()));
    let mut harness = console(config);
    open(&mut harness, "chat-noir");
    chat_noir_plays(&mut harness);
    let blocked = |harness: &mut Harness<'_, LauncherApp>| -> Vec<String> {
        let game = harness.state_mut().open_game_mut("chat-noir").unwrap();
        game.regions()
            .iter()
            .filter(|r| r.label.ends_with(": blocked"))
            .map(|r| r.label.clone())
            .collect()
    };
    let before = blocked(&mut harness);
    let pid = harness.state().open_games()[0].process_id().unwrap();

    // Another program (or the system) kills the game's process: the window
    // must not go on showing a game that is no longer there.
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    step_until(&mut harness, "Chat Noir shown stopped", |h| {
        h.query_by_label_contains("it was killed (SIGKILL)")
            .is_some()
    });
    harness.get_by_label_contains("Chat Noir stopped");

    // Restart: a new process, from the last move.
    stopped_windows_restart(&harness).click();
    harness.settle();
    let game = harness.state_mut().open_game_mut("chat-noir").unwrap();
    assert!(game.stopped().is_none());
    assert_ne!(game.process_id(), Some(pid));
    assert_eq!(
        blocked(&mut harness),
        before,
        "the move made before the kill"
    );
    chat_noir_plays(&mut harness);
}
