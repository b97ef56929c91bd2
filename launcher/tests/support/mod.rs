//! Helpers shared by the launcher's integration tests that run the real
//! binary. Each test file uses a part of them.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

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
