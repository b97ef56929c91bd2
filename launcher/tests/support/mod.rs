//! Helpers shared by the launcher's integration tests that run the real
//! binary. Each test file uses a part of them.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// Keeps the user's own games and data out of `command` (no
/// `GAME_LAUNCHER_PATH`, a user data directory under `dir` that does not
/// exist) and runs it in `dir`.
pub fn isolate<'c>(command: &'c mut Command, dir: &Path) -> &'c mut Command {
    command
        .env_remove(launcher::catalog::GAMES_PATH_ENV)
        .env("XDG_DATA_HOME", dir.join("no-user-data"))
        .current_dir(dir)
}

/// The real launcher binary, isolated in `dir` (see [`isolate`]).
pub fn launcher_in(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_launcher"));
    isolate(&mut command, dir);
    command
}

/// Runs the real launcher with `args`, looking for games only in `games`.
pub fn launcher_with_games(args: &[&str], games: &Path) -> Output {
    launcher_in(games)
        .args(args)
        .arg("--games-dir")
        .arg(games)
        .output()
        .expect("the launcher runs")
}

/// Asserts that `--list` output shows the game `name` in `set`, from `dir`,
/// with its library `base` found in `dir`, loaded and of this ABI version.
pub fn assert_listed_ok(stdout: &str, set: &str, name: &str, dir: &Path, base: &str) {
    let library = dir.join(launcher_tests::libloading_name(base));
    for line in [
        format!("{set}:\n  {name}\n"),
        format!("    directory: {}\n", dir.display()),
        format!("    library:   {}\n", library.display()),
        format!("    state:     ok (game ABI {})\n", game_api::ABI_VERSION),
    ] {
        assert!(stdout.contains(&line), "no {line:?} in:\n{stdout}");
    }
}
