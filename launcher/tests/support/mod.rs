//! Helpers shared by the launcher's integration tests that run the real
//! binary. Each test file uses a part of them.
//!
//! The tests in `launcher/tests` are the ones that need the built
//! `launcher` binary (`CARGO_BIN_EXE_plt-games`): the command line
//! (`cli.rs`, `faults_cli.rs`), real windows under Xvfb (`real_window.rs`,
//! `chat_noir_window.rs`), the documents and the template shipped
//! with it (`docs/`, `template_game.rs`), and the bundle and install
//! made with it (`dist.rs`). Everything else that uses
//! real files or libraries lives in `tests/tests` (the rule for every kind
//! of test is at the top of `tests/src/lib.rs`).
#![allow(dead_code)]

mod picture;
#[allow(unused_imports)] // Only the tests that read the screen use it.
pub use picture::Picture;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Keeps the user's own games and data, and the system's, out of
/// `command` (no `GAME_LAUNCHER_PATH`, user and system data directories
/// and the cache of library copies under `dir`) and runs it in `dir`.
pub fn isolate<'c>(command: &'c mut Command, dir: &Path) -> &'c mut Command {
    command
        .env(
            launcher::catalog::XDG_DATA_DIRS_ENV,
            dir.join("no-system-data"),
        )
        .env_remove(launcher::catalog::GAMES_PATH_ENV)
        .env("XDG_DATA_HOME", dir.join("no-user-data"))
        .env("XDG_CONFIG_HOME", dir.join("no-user-config"))
        .env("XDG_STATE_HOME", dir.join("no-user-state"))
        .env("XDG_CACHE_HOME", dir.join("no-user-cache"))
        .current_dir(dir)
}

/// The real launcher binary, isolated in `dir` (see [`isolate`]).
pub fn launcher_in(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_plt-games"));
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

/// A virtual X server of our own, started with `xvfb-run` (Debian package
/// `xvfb`), stopped when dropped. Clients reach it through [`Xvfb::client`].
pub struct Xvfb {
    /// `xvfb-run`, the server and the placeholder command it runs: one
    /// process group.
    group: Child,
    /// The display, like `:99`.
    pub display: String,
    /// The X authority file `xvfb-run` made for the display.
    pub xauthority: String,
    /// The XWD file Xvfb keeps the screen in (`-fbdir`).
    pub framebuffer: PathBuf,
}

impl Xvfb {
    /// Starts a 1024×768 screen whose framebuffer is kept in `dir`.
    pub fn start(dir: &Path) -> Xvfb {
        use std::os::unix::process::CommandExt;
        // `xvfb-run -a` takes the first display number without a lock file;
        // two starting at once could take the same one, so they take turns
        // until the server is up (and holds its lock).
        static STARTING: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let _turn = STARTING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        std::fs::create_dir_all(dir).expect("a directory for Xvfb");
        let ready = dir.join("display.txt");
        // A display number of our own: a server that is still shutting down
        // keeps its number's abstract socket for a moment after its lock file
        // is gone, and a client of a new server on that number could reach
        // the dying one (seen here: "Failed to open connection to X server"
        // about one run in six). Each server of this process starts its
        // search at a number no other one used, spread by process id.
        static STARTED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let first = 200
            + (std::process::id() % 400) * 20
            + STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % 20;
        let group = Command::new("xvfb-run")
            .arg("-a")
            .args(["-n", &first.to_string()])
            .arg("-s")
            .arg(format!(
                "-screen 0 1024x768x24 -nolisten tcp -noreset -fbdir {}",
                dir.display()
            ))
            // Once the server is up, xvfb-run runs this: it tells us the
            // display and the authority file, then waits to be stopped.
            .args([
                "sh",
                "-c",
                "printf '%s\\n%s\\n' \"$DISPLAY\" \"$XAUTHORITY\" > \"$0.part\" && mv \"$0.part\" \"$0\" && exec sleep 3600",
            ])
            .arg(&ready)
            .process_group(0)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("xvfb-run is installed (apt-get install xvfb xauth)");
        let mut xvfb = Xvfb {
            group,
            display: String::new(),
            xauthority: String::new(),
            framebuffer: dir.join("Xvfb_screen0"),
        };
        let text = wait_for("xvfb-run to start Xvfb", Duration::from_secs(60), || {
            if let Some(status) = xvfb.group.try_wait().expect("xvfb-run runs") {
                panic!("xvfb-run ended before its server was up ({status})");
            }
            std::fs::read_to_string(&ready).ok()
        });
        let mut lines = text.lines();
        xvfb.display = lines.next().unwrap_or_default().to_owned();
        xvfb.xauthority = lines.next().unwrap_or_default().to_owned();
        assert!(xvfb.display.starts_with(':'), "xvfb-run said {text:?}");
        // xvfb-run runs its command once the server says it is ready, yet a
        // client started at once could still be refused now and then (seen
        // here about one run in six); wait until one gets in. (The server
        // runs with `-noreset`: else, when that first client leaves, the
        // server resets, having no client left, and a client that comes
        // during the reset is refused: "Failed to open connection to X
        // server", one run in eight.)
        wait_for(
            "the X server to accept a client",
            Duration::from_secs(30),
            || {
                xvfb.client(&mut Command::new("xwininfo"))
                    .arg("-root")
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .expect("xwininfo runs (apt-get install x11-utils)")
                    .success()
                    .then_some(())
            },
        );
        xvfb
    }

    /// Points `command` at this display (and away from any Wayland one).
    pub fn client<'c>(&self, command: &'c mut Command) -> &'c mut Command {
        command
            .env("DISPLAY", &self.display)
            .env("XAUTHORITY", &self.xauthority)
            .env_remove("WAYLAND_DISPLAY")
    }

    /// Runs an X client (xdotool, xwininfo) on this display; its standard
    /// output.
    pub fn run(&self, program: &str, args: &[&str]) -> String {
        let output = self
            .client(&mut Command::new(program))
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("{program} runs (apt-get install xdotool x11-utils): {e}"));
        String::from_utf8_lossy(&output.stdout).into_owned()
    }
}

/// A window manager on an [`Xvfb`] (openbox, Debian package `openbox`),
/// for what only shows with one: it decorates, places and resizes windows
/// as a desktop does. Stopped when dropped.
pub struct WindowManager(Child);

impl Xvfb {
    /// Starts openbox on this display and waits until it manages windows
    /// (it has set `_NET_SUPPORTING_WM_CHECK` on the root window). An
    /// openbox that ends first (exit 1, silently: seen about one start in
    /// eight here, as the X server now and then refuses a new client) is
    /// started again, at most five times.
    pub fn window_manager(&self) -> WindowManager {
        let start = || {
            self.client(&mut Command::new("openbox"))
                .args(["--config-file", "/dev/null"])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("openbox is installed (apt-get install openbox)")
        };
        let mut manager = WindowManager(start());
        let mut starts = 1;
        wait_for(
            "openbox to manage the screen",
            Duration::from_secs(60),
            || {
                if let Ok(Some(status)) = manager.0.try_wait() {
                    assert!(
                        starts < 5,
                        "openbox ended {starts} times, the last: {status}"
                    );
                    manager.0 = start();
                    starts += 1;
                    return None;
                }
                self.run("xprop", &["-root", "_NET_SUPPORTING_WM_CHECK"])
                    .contains("window id")
                    .then_some(())
            },
        );
        manager
    }
}

impl Drop for WindowManager {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The place on the screen and the size of `window`'s own area (inside
/// any frame a window manager adds), as `xwininfo -id` gives them:
/// `(x, y, width, height)`, if it answered. (`xdotool getwindowgeometry`
/// is off by the frame under a reparenting window manager.)
pub fn window_geometry(x: &Xvfb, window: &str) -> Option<(i32, i32, u32, u32)> {
    let text = x.run("xwininfo", &["-id", window]);
    let value = |key: &str| -> Option<i64> {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(key))?
            .trim()
            .parse()
            .ok()
    };
    Some((
        i32::try_from(value("Absolute upper-left X:")?).ok()?,
        i32::try_from(value("Absolute upper-left Y:")?).ok()?,
        u32::try_from(value("Width:")?).ok()?,
        u32::try_from(value("Height:")?).ok()?,
    ))
}

/// Waits until `window` keeps one place and size on twenty reads in a row
/// (two seconds), as a window does once nothing moves or resizes it; that
/// geometry. A window that keeps changing fails after a minute.
pub fn steady_geometry(x: &Xvfb, window: &str) -> (i32, i32, u32, u32) {
    let mut last = None;
    let mut same = 0;
    let what = format!("window {window} to keep one place and size for two seconds");
    wait_for(&what, Duration::from_secs(60), || {
        let now = window_geometry(x, window);
        if now.is_some() && now == last {
            same += 1;
        } else {
            same = 0;
        }
        last = now;
        if same >= 20 { last } else { None }
    })
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        // The whole group: xvfb-run, the server and the placeholder.
        let _ = Command::new("kill")
            .args(["-TERM", "--", &format!("-{}", self.group.id())])
            .status();
        let _ = self.group.wait();
        // xvfb-run ends before its server has finished shutting down. The
        // next server may take the same display number as soon as the lock
        // file is gone; before that, this one may still hold the display's
        // abstract socket, where X clients look first, and they would reach
        // the dying server instead of the new one. The server removes its
        // lock file last, after closing its sockets.
        let lock = format!("/tmp/.X{}-lock", self.display.trim_start_matches(':'));
        let deadline = Instant::now() + Duration::from_secs(20);
        while Path::new(&lock).exists() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
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
fn read_all(pipe: Option<impl std::io::Read>) -> String {
    let mut text = String::new();
    if let Some(mut pipe) = pipe {
        let _ = pipe.read_to_string(&mut text);
    }
    text
}

/// `plt-games --play` of a fixture game (`library`, named `name`) alone
/// in a games directory of its own, on an [`Xvfb`] of its own, with the
/// environment variables `envs`: the games directory, the server and the
/// launcher, to be dropped in the reverse order.
pub fn play_fixture(
    library: &str,
    name: &str,
    envs: &[(&str, &str)],
) -> (launcher_tests::GamesDir, Xvfb, LauncherInX) {
    let games = launcher_tests::GamesDir::new();
    let dir_name = library.replace('_', "-");
    games.add_with_library(
        &dir_name,
        &format!("game = \"{library}\"\nname = \"{name}\"\n"),
        library,
    );
    let x = Xvfb::start(&games.path().join("framebuffer"));
    let launcher = LauncherInX::start_with_env(
        &x,
        games.path(),
        &[
            "--games-dir".as_ref(),
            games.path().as_os_str(),
            "--play".as_ref(),
            dir_name.as_ref(),
        ],
        envs,
    );
    (games, x, launcher)
}

/// The title of the first window whose name matches `pattern` (an
/// xdotool regular expression), once there is one, trimmed.
pub fn title_matching(x: &Xvfb, launcher: &mut LauncherInX, pattern: &str, what: &str) -> String {
    wait_for(what, Duration::from_secs(60), || {
        launcher.assert_running(what);
        let id = x.run("xdotool", &["search", "--name", pattern]);
        let id = id.lines().next()?;
        Some(x.run("xdotool", &["getwindowname", id]).trim().to_owned())
    })
}

/// The box of the screen's pixels of `colour` (a fixture's canvas), once
/// it is still from one look to the next (a window is fitted to its tool
/// bar after it first shows) and `shown` holds: its top left and bottom
/// right corners.
pub fn still_box_of(
    x: &Xvfb,
    launcher: &mut LauncherInX,
    colour: [u8; 3],
    what: &str,
    shown: impl Fn() -> bool,
) -> ((u32, u32), (u32, u32)) {
    let colour_box = || {
        let picture = Picture::from_xwd(&std::fs::read(&x.framebuffer).ok()?)?;
        let (mut min, mut max) = ((u32::MAX, u32::MAX), (0, 0));
        for y in 0..picture.height {
            for x in 0..picture.width {
                if picture.at(x, y) == colour {
                    min = (min.0.min(x), min.1.min(y));
                    max = (max.0.max(x), max.1.max(y));
                }
            }
        }
        (max.0 > min.0 + 60 && max.1 > min.1 + 40).then_some((min, max))
    };
    let mut last = None;
    wait_for(what, Duration::from_secs(60), || {
        launcher.assert_running(what);
        if !shown() {
            return None;
        }
        let now = colour_box()?;
        let still = last == Some(now);
        last = Some(now);
        still.then_some(now)
    })
}

/// The real launcher running on an [`Xvfb`], its error output kept for
/// failure messages.
pub struct LauncherInX {
    child: Child,
    /// How to start it again: the display, its authority file, the
    /// directory and the arguments.
    display: String,
    xauthority: String,
    dir: PathBuf,
    args: Vec<std::ffi::OsString>,
    /// Environment variables set for it (and so its game processes).
    envs: Vec<(String, String)>,
    /// Starts so far that found no X server to talk to.
    refused: u32,
}

impl LauncherInX {
    /// Starts the launcher, isolated in `dir` (see [`isolate`]), with `args`.
    pub fn start(x: &Xvfb, dir: &Path, args: &[&std::ffi::OsStr]) -> LauncherInX {
        Self::start_with_env(x, dir, args, &[])
    }

    /// [`LauncherInX::start`] with the environment variables `envs` set
    /// for the launcher, and so for its game processes.
    pub fn start_with_env(
        x: &Xvfb,
        dir: &Path,
        args: &[&std::ffi::OsStr],
        envs: &[(&str, &str)],
    ) -> LauncherInX {
        let (display, xauthority) = (x.display.clone(), x.xauthority.clone());
        let args: Vec<std::ffi::OsString> = args.iter().map(|a| a.to_os_string()).collect();
        let envs: Vec<(String, String)> = envs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        LauncherInX {
            child: Self::spawn(&display, &xauthority, dir, &args, &envs),
            display,
            xauthority,
            dir: dir.to_owned(),
            args,
            envs,
            refused: 0,
        }
    }

    fn spawn(
        display: &str,
        xauthority: &str,
        dir: &Path,
        args: &[std::ffi::OsString],
        envs: &[(String, String)],
    ) -> Child {
        launcher_in(dir)
            // Every game opens on its deal of seed 0, the same in every run
            // (a test may set another).
            .env("GAME_LAUNCHER_FIRST_SEED", "0")
            .envs(envs.iter().map(|(k, v)| (k, v)))
            .env("DISPLAY", display)
            .env("XAUTHORITY", xauthority)
            .env_remove("WAYLAND_DISPLAY")
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the launcher starts")
    }

    /// Panics, with what the launcher said, if it has exited while the
    /// test still waits for `what`.
    ///
    /// On a busy machine a new Xvfb now and then refuses a client that
    /// connects just after `xwininfo` did ("Failed to open connection to X
    /// server", about one run in a hundred here); that is the test
    /// machine's trouble, not the launcher's, so the launcher is started
    /// again, up to ten times, waiting longer each time.
    pub fn assert_running(&mut self, what: &str) {
        if let Some(status) = self.child.try_wait().expect("the launcher runs") {
            let said = read_all(self.child.stderr.take());
            if said.contains("Failed to open connection to X server") && self.refused < 10 {
                self.refused += 1;
                // Seen four times in a row on a loaded machine: the server
                // gets more time with each try.
                std::thread::sleep(Duration::from_millis(500 * u64::from(self.refused)));
                self.child = Self::spawn(
                    &self.display,
                    &self.xauthority,
                    &self.dir,
                    &self.args,
                    &self.envs,
                );
                return;
            }
            panic!("the launcher exited ({status}) before {what}:\n{said}");
        }
    }

    /// The launcher's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Ends the launcher now, when the test has seen what it waited for and
    /// need not wait for the screenshot that would end it.
    pub fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Waits (up to a minute) for the launcher to exit by itself; returns how
    /// it exited and what it wrote on stderr.
    pub fn wait_for_exit(mut self) -> (std::process::ExitStatus, String) {
        let status = wait_for("the launcher to exit", Duration::from_secs(60), || {
            self.child.try_wait().expect("the launcher runs")
        });
        (status, read_all(self.child.stderr.take()))
    }

    /// Waits (up to a minute) for the launcher to exit, as it does after its
    /// `--screenshot`, and asserts that it succeeded.
    pub fn assert_exits_successfully(mut self) {
        let status = wait_for("the launcher to exit", Duration::from_secs(60), || {
            self.child.try_wait().expect("the launcher runs")
        });
        assert!(
            status.success(),
            "the launcher failed ({status}):\n{}",
            read_all(self.child.stderr.take())
        );
    }
}

/// Runs the real launcher (isolated in `dir`) with `args` on a virtual X
/// server of its own until it exits, as it does after its `--screenshot`.
/// Returns the names of the windows on the screen once one named `title`
/// showed (`xwininfo -root -tree`, Debian package `x11-utils`).
pub fn run_in_xvfb(dir: &Path, args: &[&str], title: &str) -> String {
    // A server directory of its own for each run in `dir`.
    let server = (0..)
        .map(|n| dir.join(format!("xvfb-{n}")))
        .find(|d| !d.exists())
        .expect("a free name");
    let x = Xvfb::start(&server);
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    let mut launcher = LauncherInX::start(&x, dir, &args);
    let quoted = format!("\"{title}\"");
    let what = format!("a window named {quoted} showed");
    let windows = wait_for(&what, Duration::from_secs(60), || {
        launcher.assert_running(&what);
        let tree = x.run("xwininfo", &["-root", "-tree"]);
        tree.contains(&quoted).then_some(tree)
    });
    launcher.assert_exits_successfully();
    windows
}

/// Waits for the first window named exactly `title` on `x`; its id.
pub fn window_named(x: &Xvfb, launcher: &mut LauncherInX, title: &str) -> String {
    let what = format!("a window named {title:?}");
    wait_for(&what, Duration::from_secs(60), || {
        launcher.assert_running(&what);
        let found = x.run("xdotool", &["search", "--name", &format!("^{title}$")]);
        found.lines().next().map(str::to_owned)
    })
}

/// Clicks the Chat Noir button, the first of the fitted console's only
/// group, until the game opens in a window of its own; returns that window.
/// The console may be mapped before its first frame is drawn, so the click
/// is repeated (a click on an open game only brings it to the front).
pub fn open_chat_noir_from_console(x: &Xvfb, launcher: &mut LauncherInX, console: &str) -> String {
    let what = "a window named \"Chat Noir\" after a click on its button";
    wait_for(what, Duration::from_secs(60), || {
        launcher.assert_running(what);
        let found = x.run("xdotool", &["search", "--name", "^Chat Noir$"]);
        if let Some(window) = found.lines().next() {
            return Some(window.to_owned());
        }
        x.run(
            "xdotool",
            &["mousemove", "--window", console, "80", "78", "click", "1"],
        );
        std::thread::sleep(Duration::from_millis(500));
        None
    })
}

/// Every descendant of process `pid` (from each thread's `children` in
/// `/proc`), parents first: a console's game processes and checks, and,
/// in a PID namespace, the stand-in init and the game under each.
#[cfg(target_os = "linux")]
pub fn descendants(pid: u32) -> Vec<u32> {
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
    found.remove(0);
    found
}
