//! No process of a game outlives it (issue 26): once its window is closed,
//! once Stop has ended a game that stopped answering, and once the console
//! quits, the game's processes are gone — the one the console started and,
//! in a PID namespace, its stand-in init and the game under it; not
//! running, not a zombie the console forgot to collect. (A game cannot
//! start processes of its own: its system-call filter refuses `fork`,
//! `launcher/tests/game_process/sandbox.rs`; were one started, the PID namespace would end it
//! with the game, `game-host`'s `pid_chain` test.)

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use launcher::{LauncherApp, LauncherConfig};
use launcher_tests::{GamesDir, Settle};
use std::time::{Duration, Instant};
use support::{open_dirs, step_until};

mod support;

fn games() -> GamesDir {
    let games = GamesDir::new();
    games.add_bundled("chat-noir", "chat_noir");
    games.add_with_library("hang-draw", "game = \"hang_draw\"\n", "hang_draw");
    games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
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

/// Whether process `pid` is still there: running, or ended but not
/// collected by its parent (a zombie).
fn exists(pid: u32) -> bool {
    std::fs::metadata(format!("/proc/{pid}")).is_ok()
}

/// Process `pid` and its descendants (from each thread's `children` in
/// `/proc`): a game's processes.
fn family(pid: u32) -> Vec<u32> {
    let mut found = vec![pid];
    let mut next = 0;
    while next < found.len() {
        let parent = found[next];
        next += 1;
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{parent}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            let children =
                std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
            found.extend(
                children
                    .split_whitespace()
                    .filter_map(|c| c.parse::<u32>().ok()),
            );
        }
    }
    found
}

/// Waits until every process of `pids` is gone. The deadline only turns a
/// process that never goes into a failure with a message.
fn wait_gone(pids: &[u32], what: &str, mut step: impl FnMut()) {
    for &pid in pids {
        wait_one_gone(pid, what, &mut step);
    }
}

fn wait_one_gone(pid: u32, what: &str, step: &mut impl FnMut()) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while exists(pid) {
        let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        assert!(
            Instant::now() < deadline,
            "{what}: its process {pid} is still there after 30 s ({state})"
        );
        step();
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Opens the game in `dir_name`; its processes, once it has started.
fn open(harness: &mut Harness<'_, LauncherApp>, dir_name: &str) -> Vec<u32> {
    let ctx = harness.ctx.clone();
    harness.state_mut().open_game(&ctx, dir_name);
    harness.settle();
    let game = harness.state_mut().open_game_mut(dir_name).expect("open");
    let pid = game.process_id().expect("a game process");
    assert!(exists(pid));
    let processes = family(pid);
    // Started: with a PID namespace, the game runs under its init.
    if let launcher::game_host::Sandbox::Enforced(_) =
        launcher::game_host::sandbox::on_this_system(true)
    {
        assert_eq!(processes.len(), 3, "{dir_name}: {processes:?}");
    }
    processes
}

/// The only open window's Game ▸ Close window.
fn close_window(harness: &mut Harness<'_, LauncherApp>) {
    harness.get_by_label("Game").click();
    harness.settle();
    harness.get_by_label("Close window").click();
    harness.settle();
}

#[cfg(target_os = "linux")]
#[test]
fn no_game_process_is_left_after_close_stop_or_quit() {
    let games = games();
    let mut config = launcher_tests::console_config([games.path()]);
    config.processes.answer_within = Duration::from_millis(500);
    let mut harness = console(config);

    // Closed by the player.
    let chat_noir = open(&mut harness, "chat-noir");
    close_window(&mut harness);
    assert!(open_dirs(&harness).is_empty());
    wait_gone(&chat_noir, "Chat Noir after its window closed", || {
        harness.step()
    });

    // A game that stopped answering, ended by Stop, then closed.
    let hang = open(&mut harness, "hang-draw");
    step_until(&mut harness, "Hang Draw not responding", |h| {
        h.query_by_label("Hang Draw is not responding").is_some()
    });
    harness.get_by_label("Stop").click();
    step_until(&mut harness, "Hang Draw stopped", |h| {
        h.query_by_label_contains("Hang Draw stopped").is_some()
    });
    wait_gone(&hang, "Hang Draw after Stop", || harness.step());
    harness.get_by_label("Close").click();
    harness.settle();
    assert!(open_dirs(&harness).is_empty());

    // The console quits with two games open, one of them busy.
    let chat_noir = open(&mut harness, "chat-noir");
    let hello = open(&mut harness, "hello-game");
    drop(harness);
    wait_gone(&chat_noir, "Chat Noir after the console quit", || {});
    wait_gone(&hello, "Hello Game after the console quit", || {});
}
