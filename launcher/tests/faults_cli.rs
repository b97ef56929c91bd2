//! The real launcher's `--list` on a games directory holding every fault
//! fixture at once, plus Chat Noir: each problem is reported with its file
//! and cause, and Chat Noir is still playable.

mod support;

use support::launcher_in;
#[path = "../../tests/fixtures/faults.rs"]
mod faults;

use faults::{FAULTS, FaultGames, Found, lay_out};
use std::process::Output;
use std::time::{Duration, Instant};

fn list(games: &FaultGames, extra: &[&str]) -> (Output, Duration) {
    let started = Instant::now();
    let out = launcher_in(games.games.path())
        .arg("--list")
        .args(extra)
        .arg("--games-dir")
        .arg(games.games.path())
        .arg("--games-dir")
        .arg(&games.more)
        .output()
        .expect("the launcher runs");
    (out, started.elapsed())
}

/// `plt-games --list` on one games directory, with its stdout piped, not
/// waited for.
fn spawn_list(games: &launcher_tests::GamesDir, probe_timeout: &str) -> std::process::Child {
    launcher_in(games.path())
        .args(["--list", "--probe-timeout", probe_timeout, "--games-dir"])
        .arg(games.path())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the launcher runs")
}

/// The `state:` line of the game labelled `name`.
fn state<'a>(stdout: &'a str, name: &str) -> &'a str {
    let start = stdout
        .find(&format!("\n  {name}\n"))
        .unwrap_or_else(|| panic!("{name} is not listed:\n{stdout}"));
    let rest = &stdout[start..];
    let line = rest
        .lines()
        .find(|l| l.starts_with("    state:"))
        .expect("a state line");
    line.trim_start_matches("    state:").trim()
}

/// The problem lines, without the leading indent.
fn problems(stdout: &str) -> Vec<&str> {
    let (_, section) = stdout
        .split_once("\nProblems (")
        .expect("a problems section");
    section.lines().skip(1).map(str::trim_start).collect()
}

#[test]
fn list_reports_every_fault_with_its_cause_and_chat_noir_still_plays() {
    let games = lay_out();
    let (out, elapsed) = list(&games, &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}\n{stdout}");
    assert!(
        elapsed < Duration::from_secs(120),
        "--list took {elapsed:?}"
    );
    let problems = problems(&stdout);

    for fault in FAULTS {
        let file = games.file(fault).display().to_string();
        let state = state(&stdout, fault.name);
        let level = if fault.error { "error" } else { "warning" };
        match (fault.found, fault.error) {
            (Found::Scan, true) => assert_eq!(state, "broken", "{}", fault.dir),
            (Found::Load | Found::Process, true) => {
                assert!(
                    state.starts_with(&format!("broken: {file}: ")),
                    "{}: {state}",
                    fault.dir
                )
            }
            (Found::Load, false) => assert!(
                state.starts_with("ok (game ABI 1), ") && state.contains(" warning"),
                "{}: {state}",
                fault.dir
            ),
            _ => assert_eq!(state, "ok (game ABI 1)", "{}", fault.dir),
        }
        if fault.found == Found::Play {
            continue;
        }
        // Each fragment of the message is on a problem line naming the file.
        for part in fault.message {
            let prefix = format!("{level}: {file}: ");
            assert!(
                problems
                    .iter()
                    .any(|p| p.starts_with(&prefix) && p.contains(part)),
                "{}: no `{prefix}…{part}…` in:\n{}",
                fault.dir,
                problems.join("\n")
            );
        }
    }

    // Chat Noir, among all of these, is listed in its set and plays.
    assert!(stdout.contains("Puzzle Games:\n  Chat Noir\n"), "{stdout}");
    assert_eq!(state(&stdout, "Chat Noir"), "ok (game ABI 1)");
    assert!(
        !problems.iter().any(|p| p.contains("chat-noir")),
        "{}",
        problems.join("\n")
    );

    // The counts add up: one line per problem.
    let header = stdout
        .lines()
        .find(|l| l.starts_with("Problems ("))
        .unwrap();
    let errors = problems.iter().filter(|p| p.starts_with("error: ")).count();
    let warnings = problems
        .iter()
        .filter(|p| p.starts_with("warning: "))
        .count();
    assert_eq!(
        header,
        format!(
            "Problems ({errors} error{}, {warnings} warning{}):",
            if errors == 1 { "" } else { "s" },
            if warnings == 1 { "" } else { "s" }
        )
    );
    assert_eq!(errors + warnings, problems.len());
}

#[test]
fn list_without_loading_reports_what_the_files_say_and_runs_nothing() {
    let games = lay_out();
    let (out, _) = list(&games, &["--no-load"]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let problems = problems(&stdout);
    for fault in FAULTS {
        let state = state(&stdout, fault.name);
        match fault.found {
            Found::Scan if fault.error => assert_eq!(state, "broken", "{}", fault.dir),
            _ => assert_eq!(state, "ok (library not loaded)", "{}", fault.dir),
        }
        let file = games.file(fault).display().to_string();
        let named = problems.iter().any(|p| p.contains(&format!(": {file}: ")));
        assert_eq!(named, fault.found == Found::Scan, "{}", fault.dir);
    }
}

/// A game that hangs while drawing its first frame: `--list` stops waiting
/// for it after `--probe-timeout`, calls it broken with the reason, and
/// still reports every other game.
#[test]
fn list_gives_up_on_a_hanging_game_and_reports_the_rest() {
    let games = launcher_tests::GamesDir::new();
    games.add_with_library("hang-draw", "game = \"hang_draw\"\n", "hang_draw");
    games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
    let mut child = spawn_list(&games, "1");
    // Without the deadline the launcher would never exit; fail, don't hang.
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().expect("the launcher runs").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("plt-games --list hung on a hanging game");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().expect("the launcher's output");
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        state(&stdout, "Hang Draw").starts_with("broken: ")
            && state(&stdout, "Hang Draw").ends_with(
                "libhang_draw.so: the game did not start, draw its first frame and close \
                 within 1 s: it gave no answer while drawing; it may hang, and its window \
                 would then say it is not responding"
            ),
        "{stdout}"
    );
    assert_eq!(state(&stdout, "Hello Game"), "ok (game ABI 1)", "{stdout}");
    let problems = problems(&stdout);
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("error: ")
                && p.contains("libhang_draw.so: the game did not start")),
        "{problems:?}"
    );
}

/// `--list` prints each game's lines as soon as they are known: while a
/// game hangs in its library's initialiser, the games before it and its
/// own name, directory and library are already out, so a script (or a
/// person) sees where it stands even if the run is cut short.
#[test]
fn list_prints_each_game_as_soon_as_it_is_known() {
    use std::io::Read;
    let games = launcher_tests::GamesDir::new();
    games.add_with_library("a-hello", "game = \"hello_game\"\n", "hello_game");
    games.add_with_library("hang-init", "game = \"hang_init\"\n", "hang_init");
    let mut child = spawn_list(&games, "10");
    let mut stdout = child.stdout.take().unwrap();
    let seen = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let reader = {
        let seen = seen.clone();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 256];
            while let Ok(n) = stdout.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                seen.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buffer[..n]));
            }
        })
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let text = seen.lock().unwrap().clone();
        if text.contains("  Hang Init\n") && text.contains("libhang_init.so\n") {
            assert!(text.contains("  A Hello\n"), "{text}");
            assert!(
                child.try_wait().unwrap().is_none(),
                "the launcher ended before Hang Init's check timed out:\n{text}"
            );
            assert!(!text.contains("Problems ("), "{text}");
            break;
        }
        assert!(Instant::now() < deadline, "nothing streamed:\n{text}");
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    reader.join().unwrap();
}

/// `--check` is `--list` for scripts: exit 1 when a game is broken, 0 when
/// every game is fine (warnings are fine).
#[test]
fn check_exits_1_when_a_game_is_broken_and_0_when_all_are_fine() {
    let games = lay_out();
    let (out, _) = list(&games, &["--check"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // The report is the same as --list's.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        state(&stdout, "Crash Draw").starts_with("broken: "),
        "{stdout}"
    );
    assert_eq!(state(&stdout, "Chat Noir"), "ok (game ABI 1)");

    let fine = launcher_tests::GamesDir::new();
    fine.add_bundled("chat-noir", "chat_noir");
    fine.add_with_library("huge-drawing", "game = \"huge_drawing\"\n", "huge_drawing");
    let out = launcher_in(fine.path())
        .args(["--check", "--games-dir"])
        .arg(fine.path())
        .output()
        .expect("the launcher runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        state(&stdout, "Huge Drawing").starts_with("ok (game ABI 1), 2 warnings"),
        "{stdout}"
    );
}

/// A game cannot fool its check (issue 26): the verdict is the console's,
/// from the game process's answers and how it ended, so nothing the game
/// prints or writes passes for it (a line left without its end once
/// swallowed the checker's report, so a working game was listed as ending
/// the process; a game that printed the report's "ok" and exited was listed
/// as fine; one that writes "ok" to every descriptor it has is broken), and
/// its escape sequences are quoted, made visible, never sent raw to the
/// terminal.
#[test]
fn a_game_that_prints_cannot_fool_its_check() {
    let games = launcher_tests::GamesDir::new();
    games.add_with_library("forger", "game = \"forger\"\nname = \"Forger\"\n", "forger");
    let check = |env: Option<&str>| {
        let mut command = launcher_in(games.path());
        command.args(["--check", "--games-dir"]).arg(games.path());
        if let Some(name) = env {
            command.env(name, "1");
        }
        command.output().expect("the launcher runs")
    };
    // It prints, then plays: fine, whatever it printed.
    let out = check(None);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(state(&stdout, "Forger").starts_with("ok ("), "{stdout}");

    // It prints the checker's "ok" and ends the process: broken, and what
    // it printed is quoted with its escapes visible.
    let out = check(Some("FORGER_EXIT"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(state(&stdout, "Forger").starts_with("broken: "), "{stdout}");
    assert!(
        stdout.contains("the game quit on its own (exit code 0) while starting"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\\u{1b}[2J\\u{1b}[31mred alert"),
        "{stdout}"
    );
    for output in [&out.stdout, &out.stderr] {
        assert!(!output.contains(&0x1b), "a raw escape reached the terminal");
    }

    // It writes a verdict to every descriptor it has, the protocol's pipe
    // among them, and ends: broken all the same.
    let out = check(Some("FORGER_WRITE_FDS"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(state(&stdout, "Forger").starts_with("broken: "), "{stdout}");
}

/// Whether process `pid` is still running (a zombie has ended).
#[cfg(target_os = "linux")]
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rfind(')')
            .and_then(|end| stat[end + 1..].split_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X"),
        Err(_) => false,
    }
}

/// The command line of process `pid`, spaces between its arguments.
#[cfg(target_os = "linux")]
fn command_line(pid: u32) -> String {
    std::fs::read(format!("/proc/{pid}/cmdline"))
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .unwrap_or_default()
}

/// Runs `--list` on `games` with `probe_timeout`, waits until it checks a
/// game in a game process, and gives the `--list` process and every
/// process it started by then.
#[cfg(target_os = "linux")]
#[allow(
    clippy::zombie_processes,
    reason = "the caller waits for the child it is given"
)]
fn list_checking(
    games: &launcher_tests::GamesDir,
    probe_timeout: &str,
) -> (std::process::Child, Vec<u32>) {
    let mut child = spawn_list(games, probe_timeout);
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let started = support::descendants(child.id());
        if started
            .iter()
            .any(|pid| command_line(*pid).contains("--game-host"))
        {
            return (child, started);
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the check never started");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits until none of `pids` runs; the deadline only turns one that never
/// ends into a failure with a message.
#[cfg(target_os = "linux")]
fn wait_all_ended(pids: &[u32], after: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let left: Vec<String> = pids
            .iter()
            .filter(|pid| alive(**pid))
            .map(|pid| format!("{pid}: {}", command_line(*pid)))
            .collect();
        if left.is_empty() {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "after {after}, checks are still running: {left:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A check never outlives `--list` (issue 26): not when the check of a game
/// that hangs times out, and not when `--list` itself is killed while the
/// check runs.
#[cfg(target_os = "linux")]
#[test]
fn no_check_is_left_running_after_list_ends_or_is_killed() {
    let games = launcher_tests::GamesDir::new();
    games.add_with_library("hang-init", "game = \"hang_init\"\n", "hang_init");

    // The check times out: --list stops it and says so.
    let (child, checks) = list_checking(&games, "1");
    let out = child.wait_with_output().unwrap();
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("it may hang"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    wait_all_ended(&checks, "--list ended");

    // --list is killed while the check hangs: the check goes with it.
    let (mut child, checks) = list_checking(&games, "60");
    child.kill().unwrap();
    child.wait().unwrap();
    wait_all_ended(&checks, "--list was killed");
}

/// Issue 41, attack 4: a game's error (or panic) text from `create` made to
/// take over the terminal: the title set (OSC 0), the line erased and a
/// carriage return to write a green "state: ok" over "broken", the
/// clipboard set to `rm -rf ~` (OSC 52), a C1 CSI and a right-to-left
/// override (`hostile-text`). `--check`, `--list` and `--play` print each
/// of them escaped, so the player sees the text, never obeys it.
#[test]
fn a_games_own_text_reaches_the_terminal_escaped() {
    let games = launcher_tests::GamesDir::new();
    games.add_with_library(
        "hostile-text",
        "game = \"hostile_text\"\nname = \"Hostile Text\"\n",
        "hostile_text",
    );
    let obeyed = |output: &[u8], how: &str| {
        let text = String::from_utf8_lossy(output);
        for (c, what) in [
            ('\x1b', "ESC"),
            ('\r', "a carriage return"),
            ('\x07', "BEL (the end of an OSC)"),
            ('\u{9b}', "a C1 CSI"),
            ('\u{202e}', "a right-to-left override"),
        ] {
            assert!(
                !text.contains(c),
                "{how}: {what} reached the terminal raw:\n{text}"
            );
        }
        text.into_owned()
    };
    for (mode, panic) in [("error", None), ("panic", Some("HOSTILE_TEXT_PANIC"))] {
        for flag in ["--check", "--list"] {
            let mut command = launcher_in(games.path());
            command.args([flag, "--games-dir"]).arg(games.path());
            if let Some(name) = panic {
                command.env(name, "1");
            }
            let out = command.output().expect("the launcher runs");
            let how = format!("{flag}, {mode}");
            let stdout = obeyed(&out.stdout, &how);
            obeyed(&out.stderr, &how);
            let state = state(&stdout, "Hostile Text");
            assert!(state.starts_with("broken: "), "{how}: {stdout}");
            // The text is there, quoted: the player can read what it tried.
            assert!(
                state.contains("\\u{1b}]0;pwned\\u{7}\\u{1b}[2K\\r    state:"),
                "{how}: {state}"
            );
            assert!(
                state.contains("\\u{9b}31m\\u{202e}txt.exe"),
                "{how}: {state}"
            );
        }
    }
    // `--play`: the window closes and the reason goes to stderr, escaped.
    let x = support::Xvfb::start(&games.path().join("xvfb"));
    let args = [
        "--games-dir",
        games.path().to_str().unwrap(),
        "--play",
        "hostile-text",
    ];
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    let (status, stderr) = support::LauncherInX::start(&x, games.path(), &args).wait_for_exit();
    assert!(!status.success(), "{status}");
    let stderr = obeyed(stderr.as_bytes(), "--play");
    assert!(
        stderr.contains("plt-games: ") && stderr.contains("\\u{1b}]52;c;cm0gLXJmIH4=\\u{7}"),
        "{stderr}"
    );
}

/// A game's `host.log` lines reach the launcher's standard error as the
/// guide's §8.1 says, `[<game directory>] message`, from a game played in
/// its own process (`--play`): the line logged as it starts and the one
/// logged as it draws, each escaped on one line, so a hostile line
/// (`hostile-text`'s, logged with `HOSTILE_TEXT_LOG`) is read, never obeyed.
#[test]
fn a_games_log_lines_reach_the_launchers_stderr_escaped() {
    let games = launcher_tests::GamesDir::new();
    games.add_with_library(
        "hostile-text",
        "game = \"hostile_text\"\nname = \"Hostile Text\"\n",
        "hostile_text",
    );
    let x = support::Xvfb::start(&games.path().join("xvfb"));
    let shot = games.path().join("shot.png");
    let args = [
        "--games-dir".as_ref(),
        games.path().as_os_str(),
        "--play".as_ref(),
        "hostile-text".as_ref(),
        "--screenshot".as_ref(),
        shot.as_os_str(),
    ];
    let launcher =
        support::LauncherInX::start_with_env(&x, games.path(), &args, &[("HOSTILE_TEXT_LOG", "1")]);
    let (status, stderr) = launcher.wait_for_exit();
    assert!(status.success(), "{status}: {stderr}");
    for raw in ['\x1b', '\r', '\x07', '\u{9b}', '\u{202e}'] {
        assert!(
            !stderr.contains(raw),
            "{raw:?} reached the terminal raw:\n{stderr}"
        );
    }
    let escaped = "\\u{1b}]0;pwned\\u{7}\\u{1b}[2K\\r    state:     \\u{1b}[32mok (game ABI 1)\\u{1b}[0m\\u{1b}]52;c;cm0gLXJmIH4=\\u{7}\\u{9b}31m\\u{202e}txt.exe";
    for when in ["starting", "drawing"] {
        let line = format!("[hostile-text] {when}: {escaped}\n");
        assert!(
            stderr.starts_with(&line) || stderr.contains(&format!("\n{line}")),
            "no line {line:?} on the launcher's stderr:\n{stderr}"
        );
    }
}
