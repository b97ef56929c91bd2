//! What a real console and its games cost while nobody plays (issue 10):
//! the launcher in a real window on a virtual X server of its own (Xvfb),
//! first with Chat Noir open (`--play chat-noir`: the console's process
//! with the game's window, and Chat Noir's game process), then the console
//! alone. Each is left alone for 10 s once started; the bench prints the
//! CPU ticks (user + system, `/proc/<pid>/stat`) each process used in them,
//! and its memory (`VmRSS`). An idle launcher should use none.
//!
//! Run with `cargo bench -p launcher --bench idle` (needs `xvfb-run`,
//! `xwininfo`: Debian's `xvfb`, `xauth`, `x11-utils`).

#[path = "../tests/support/mod.rs"]
mod support;

use std::path::Path;
use std::time::Duration;
use support::{LauncherInX, Xvfb};

/// How long the launcher is left to settle, then watched.
const SETTLE: Duration = Duration::from_secs(5);
const WATCHED: Duration = Duration::from_secs(10);

/// User plus system CPU ticks `pid` used so far.
fn ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("the process runs");
    // After the command's name (in parentheses), utime and stime are the
    // 12th and 13th fields.
    let after = &stat[stat.rfind(')').expect("a stat line") + 2..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// `pid`'s resident memory, as `/proc` says it.
fn rss(pid: u32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:").map(|v| v.trim().to_owned()))
        })
        .unwrap_or_else(|| "?".into())
}

/// The game processes `pid` started (its children running `--game-host`).
fn game_processes(pid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return found;
    };
    for task in tasks.flatten() {
        let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
        for child in children.split_whitespace().filter_map(|c| c.parse().ok()) {
            let cmdline = std::fs::read(format!("/proc/{child}/cmdline")).unwrap_or_default();
            if String::from_utf8_lossy(&cmdline).contains("--game-host") {
                found.push(child);
            }
        }
    }
    found
}

/// Runs the launcher with `args` on a server of its own and prints what
/// each of its processes used while idle.
fn watch(dir: &Path, what: &str, args: &[&str], games_expected: usize) {
    let x = Xvfb::start(&dir.join(format!("xvfb-{}", args.len())));
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    let mut launcher = LauncherInX::start(&x, dir, &args);
    std::thread::sleep(SETTLE);
    launcher.assert_running("it settled");
    let console = launcher.pid();
    let games = game_processes(console);
    assert_eq!(games.len(), games_expected, "game processes: {games:?}");
    let before: Vec<u64> = std::iter::once(console)
        .chain(games.iter().copied())
        .map(ticks)
        .collect();
    std::thread::sleep(WATCHED);
    launcher.assert_running("it was watched");
    println!("{what}, idle for {} s:", WATCHED.as_secs());
    println!(
        "  console process:   {} CPU ticks, RSS {}",
        ticks(console) - before[0],
        rss(console)
    );
    for (game, before) in games.iter().zip(&before[1..]) {
        println!(
            "  game process {game}: {} CPU ticks, RSS {}",
            ticks(*game) - before,
            rss(*game)
        );
    }
    launcher.stop();
}

fn main() {
    // Time the games as players run them (optimised builds).
    launcher_tests::optimised_games();
    // `cargo bench` passes criterion's flags; `cargo test --benches` asks
    // for a quick run, which this is not.
    if std::env::args().any(|a| a == "--list" || a == "--test") {
        return;
    }
    let games = launcher_tests::GamesDir::new();
    games.add_bundled("chat-noir", "chat_noir");
    games.add_bundled("lights-out", "lights_out");
    let dir = games.path().to_owned();
    let games_dir = dir.display().to_string();
    watch(
        &dir,
        "Chat Noir (--play chat-noir)",
        &["--games-dir", &games_dir, "--play", "chat-noir"],
        1,
    );
    watch(
        &dir,
        "The console, no game open",
        &["--games-dir", &games_dir],
        0,
    );
}
