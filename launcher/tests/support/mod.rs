//! Helpers shared by the launcher's integration tests that run the real
//! binary. Each test file uses a part of them.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

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

/// A virtual X server of our own, stopped when dropped.
pub struct Xvfb {
    child: Child,
    pub display: String,
    /// The XWD file Xvfb keeps the screen in.
    pub framebuffer: PathBuf,
}

impl Xvfb {
    pub fn start(dir: &Path) -> Xvfb {
        let mut child = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1024x768x24",
                "-nolisten",
                "tcp",
            ])
            .arg("-fbdir")
            .arg(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb is installed (apt-get install xvfb)");
        // Xvfb writes its display number once it accepts clients.
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .expect("Xvfb reports its display");
        let number = line.trim();
        assert!(
            !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()),
            "Xvfb did not start: {line:?}"
        );
        Xvfb {
            child,
            display: format!(":{number}"),
            framebuffer: dir.join("Xvfb_screen0"),
        }
    }

    /// Runs an X client (xdotool) on this display; its standard output.
    pub fn run(&self, program: &str, args: &[&str]) -> String {
        let output = Command::new(program)
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .unwrap_or_else(|e| panic!("{program} runs (apt-get install xdotool): {e}"));
        String::from_utf8_lossy(&output.stdout).into_owned()
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits until `ready` returns something, or panics with `what` after
/// `limit`.
pub fn wait_for<T>(what: &str, limit: Duration, mut ready: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(value) = ready() {
            return value;
        }
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Everything left to read from a child's pipe, for a failure message.
pub fn read_all(pipe: Option<impl std::io::Read>) -> String {
    let mut text = String::new();
    if let Some(mut pipe) = pipe {
        let _ = pipe.read_to_string(&mut text);
    }
    text
}

/// Runs the real launcher (isolated in `dir`) with `args` on a virtual X
/// server of its own until it exits, as it does after its `--screenshot`.
/// Returns the names of the windows on the screen once one named `title`
/// showed (`xwininfo -root -tree`, Debian package `x11-utils`).
pub fn run_in_xvfb(dir: &Path, args: &[&str], title: &str) -> String {
    let framebuffer = dir.join("xvfb");
    std::fs::create_dir_all(&framebuffer).expect("a directory for Xvfb");
    let x = Xvfb::start(&framebuffer);
    let mut launcher = launcher_in(dir)
        .args(args)
        .env("DISPLAY", &x.display)
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the launcher starts");
    let quoted = format!("\"{title}\"");
    let windows = wait_for(
        &format!("a window named {quoted}"),
        Duration::from_secs(60),
        || {
            if let Some(status) = launcher.try_wait().expect("the launcher runs") {
                panic!(
                    "the launcher exited ({status}) before a window named {quoted} showed:\n{}",
                    read_all(launcher.stderr.take())
                );
            }
            let tree = x.run("xwininfo", &["-root", "-tree"]);
            tree.contains(&quoted).then_some(tree)
        },
    );
    let status = wait_for("the launcher to exit", Duration::from_secs(60), || {
        launcher.try_wait().expect("the launcher runs")
    });
    assert!(
        status.success(),
        "the launcher failed ({status}):\n{}",
        read_all(launcher.stderr.take())
    );
    windows
}
