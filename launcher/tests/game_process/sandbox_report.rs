//! What the launcher says of the sandbox (`--list`'s first line,
//! `--no-sandbox`), where the kernel refuses part of it, and the process
//! that checks a game confined as a game process is.

use super::PATIENCE;
use crate::support;
use game_host::sandbox::FULL_LANDLOCK;
use game_host::{GameProcess, HostCommand, Options, Sandbox};
use launcher_tests::library;

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
