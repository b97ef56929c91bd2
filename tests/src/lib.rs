//! Helpers for the workspace-level tests: building the fixture and bundled
//! game libraries, and laying out temporary games directories.
//!
//! # Where a test goes
//!
//! One home per kind; a new test goes beside the ones like it.
//!
//! - **One function or type, no files, no libraries**: a `#[cfg(test)]`
//!   module beside the code (`launcher/core`, `launcher/help`, `launcher`,
//!   `game-api`, each game).
//! - **A game's own rules** (Chat Noir's specification, Lights Out's
//!   solver, each game's table called in-process): `games/<game>/tests`;
//!   the contract between a game and the host, from the game's side:
//!   `game-api/tests`.
//! - **The launcher's library with real files and real game libraries,
//!   and its windows in egui_kittest** (no `launcher` binary): this crate,
//!   `tests/tests/<feature>.rs`: `catalog.rs` (directories scanned),
//!   `loader.rs` (libraries loaded), `console.rs` (the console),
//!   `console_player.rs` (the console's keyboard, and what it remembers of
//!   its player),
//!   `help_windows.rs` and `manual_rendering.rs` (text help and manuals), `chat_noir.rs` and
//!   `lights_out.rs` (a bundled game in the launcher), `bundled_games.rs`
//!   (the games as installed), `faults.rs` and `fault_console.rs` (the
//!   fault catalogue `tests/fixtures/faults.rs`, through the library and
//!   the console), `layering.rs` (which crate and module may use which).
//! - **The built `launcher` binary** (`CARGO_BIN_EXE_plt-games`): its
//!   command line, real windows under Xvfb, the docs and the template
//!   shipped with it, the bundle and installation made of it (`dist.rs`):
//!   `launcher/tests`.
//! - **Fixture games** (each a small library that breaks one rule):
//!   `tests/fixtures/plugins/<name>`, with its row in
//!   `tests/fixtures/faults.rs` and in ARCHITECTURE.md's survive table.
//! - **The game written in C** (`docs/template-c-game`, built by
//!   [`c_game_library`]): played through the launcher's library in
//!   `tests/tests/c_game.rs`, listed by the binary in `launcher/tests/cli.rs`.
//!
//! Libraries are built with cargo into `target/fixtures`, once per test
//! process (cargo's own lock serialises concurrent test binaries); the C
//! game is built with the system's C compiler into the same directory, once
//! per test process too (each build replaces the file in one step, so a
//! test binary never loads half a library another one is writing).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The workspace's root directory.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the workspace")
        .to_path_buf()
}

fn target_dir() -> PathBuf {
    workspace_root().join("target").join("fixtures")
}

/// Whether fixtures and bundled games are built optimised (see
/// [`optimised_games`]).
static OPTIMISED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Builds the bundled games and fixtures optimised (`--release`, into
/// `target/fixtures/release`) instead of as debug builds. Benchmarks call it
/// first, so that they time the games players run; tests leave it off, as
/// debug builds compile sooner. Call it before any library is asked for.
pub fn optimised_games() {
    OPTIMISED.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// `target/fixtures/debug` or `target/fixtures/release`.
fn profile_dir() -> PathBuf {
    if OPTIMISED.load(std::sync::atomic::Ordering::SeqCst) {
        target_dir().join("release")
    } else {
        target_dir().join("debug")
    }
}

fn cargo_build(args: &[&str]) {
    assert!(
        try_cargo_build(args),
        "building fixtures with cargo {args:?} failed"
    );
}

fn try_cargo_build(args: &[&str]) -> bool {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    Command::new(cargo)
        .args(["build", "--quiet", "--target-dir"])
        .arg(target_dir())
        .args(
            OPTIMISED
                .load(std::sync::atomic::Ordering::SeqCst)
                .then_some("--release"),
        )
        .args(args)
        .status()
        .expect("cargo runs")
        .success()
}

/// The bundled games whose build failed (see [`libraries_dir`]).
static UNBUILT_GAMES: OnceLock<Vec<String>> = OnceLock::new();

/// The directory holding every fixture plugin and bundled game library,
/// built on first use.
pub fn libraries_dir() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let root = workspace_root();
        let fixtures = root.join("tests/fixtures/plugins/Cargo.toml");
        cargo_build(&["--manifest-path", fixtures.to_str().expect("UTF-8 path")]);
        let workspace = root.join("Cargo.toml");
        let manifest = workspace.to_str().expect("UTF-8 path");
        let games = bundled_games();
        let mut args = vec!["--manifest-path", manifest];
        for game in &games {
            args.extend(["-p", game.package.as_str()]);
        }
        // All at once; if that fails, one by one, so that a game that does
        // not build fails only the tests that use it (with its name).
        let mut unbuilt = Vec::new();
        if !try_cargo_build(&args) {
            for game in &games {
                if !try_cargo_build(&["--manifest-path", manifest, "-p", &game.package]) {
                    unbuilt.push(game.library.clone());
                }
            }
        }
        let _ = UNBUILT_GAMES.set(unbuilt);
        profile_dir()
    })
}

/// A game of the collection, as `games/<dir_name>` holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BundledGame {
    /// Its directory's name, e.g. `chat-noir`.
    pub dir_name: String,
    /// Its cargo package, e.g. `chat-noir`.
    pub package: String,
    /// Its library's base name (`game` in `info.toml`), e.g. `chat_noir`.
    pub library: String,
    /// Its button label (`name` in `info.toml`), e.g. `Chat Noir`.
    pub name: String,
    /// Its game set (`game-set` in `info.toml`), e.g. `Puzzle Games`.
    pub game_set: String,
}

/// Every game of `<workspace>/games` (each directory with an `info.toml`
/// and a `Cargo.toml`), in directory order: what `cargo run --release`
/// builds and the bundle ships.
pub fn bundled_games() -> Vec<BundledGame> {
    let games = workspace_root().join("games");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&games).expect("the workspace has games/") {
        let dir = entry.expect("a directory entry").path();
        let (Ok(info), Ok(cargo)) = (
            std::fs::read_to_string(dir.join("info.toml")),
            std::fs::read_to_string(dir.join("Cargo.toml")),
        ) else {
            continue;
        };
        let info: toml::Table = info.parse().expect("a bundled game's info.toml is TOML");
        let cargo: toml::Table = cargo.parse().expect("a bundled game's Cargo.toml is TOML");
        let text = |table: &toml::Table, key: &str| {
            table
                .get(key)
                .and_then(toml::Value::as_str)
                .map(str::to_owned)
        };
        let dir_name = dir.file_name().unwrap().to_string_lossy().into_owned();
        out.push(BundledGame {
            package: cargo
                .get("package")
                .and_then(|p| p.as_table())
                .and_then(|p| text(p, "name"))
                .expect("a bundled game's Cargo.toml names its package"),
            library: text(&info, "game").expect("info.toml names the game's library"),
            name: text(&info, "name").unwrap_or_else(|| dir_name.clone()),
            game_set: text(&info, "game-set").unwrap_or_else(|| "Other Games".to_owned()),
            dir_name,
        });
    }
    out.sort_by(|a, b| a.dir_name.cmp(&b.dir_name));
    out
}

/// The built library with base name `base` (e.g. `hello_game`, `chat_noir`,
/// or [`C_GAME`]).
pub fn library(base: &str) -> PathBuf {
    if base == C_GAME {
        return c_game_library().to_path_buf();
    }
    let path = libraries_dir().join(libloading_name(base));
    assert!(
        !UNBUILT_GAMES
            .get()
            .is_some_and(|u| u.iter().any(|b| b == base)),
        "the bundled game {base} does not build (see cargo's messages above)"
    );
    assert!(path.is_file(), "{} was not built", path.display());
    path
}

/// The library base name of the game written in C, Lamp Grid
/// (`docs/template-c-game`, the C template of the authors' guide).
pub const C_GAME: &str = "lamp_grid";

/// The C game's directory in the repository: its source, `info.toml` and
/// `doc.txt`.
pub fn c_game_dir() -> PathBuf {
    workspace_root().join("docs/template-c-game")
}

/// The C game's library, built on first use in each test process with the
/// system's C compiler (`$CC`, else `cc`) against `game-api/include`, every
/// warning an error, into the directory of the other fixture libraries.
/// Panics, with the compiler's messages, if there is no compiler or the
/// build fails: the C game is part of the test suite, not an extra.
pub fn c_game_library() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let root = workspace_root();
        let out_dir = profile_dir();
        std::fs::create_dir_all(&out_dir).expect("create target/fixtures/<profile>");
        let library = out_dir.join(libloading_name(C_GAME));
        // Built under a name of this process's, then renamed over the
        // library in one step.
        let partial = out_dir.join(format!(
            "{}.{}.partial",
            libloading_name(C_GAME),
            std::process::id()
        ));
        let cc = std::env::var("CC")
            .ok()
            .filter(|cc| !cc.trim().is_empty())
            .unwrap_or_else(|| "cc".into());
        let mut words = cc.split_whitespace();
        let program = words.next().expect("a non-empty compiler");
        let output = Command::new(program)
            .args(words)
            .args([
                "-shared",
                "-fPIC",
                "-O2",
                "-Wall",
                "-Wextra",
                "-Werror",
                "-std=c11",
                "-fvisibility=hidden",
                "-I",
            ])
            .arg(root.join("game-api/include"))
            .arg("-o")
            .arg(&partial)
            .arg(c_game_dir().join("lamp_grid.c"))
            .output()
            .unwrap_or_else(|e| {
                panic!(
                    "no C compiler to build the C fixture game: could not run `{cc}` ({e}); \
                     install one (Rust needs it as its linker too) or set CC"
                )
            });
        if !output.status.success() {
            let _ = std::fs::remove_file(&partial);
            panic!(
                "`{cc}` could not build docs/template-c-game/lamp_grid.c:\n{}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        std::fs::rename(&partial, &library).expect("move the C game's library into place");
        library
    })
}

/// The platform's file name for a library base name.
pub fn libloading_name(base: &str) -> String {
    format!(
        "{}{base}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    )
}

/// A temporary games directory, removed when dropped.
pub struct GamesDir {
    dir: tempfile::TempDir,
}

impl GamesDir {
    /// An empty games directory.
    pub fn new() -> GamesDir {
        GamesDir {
            dir: tempfile::tempdir().expect("a temporary directory"),
        }
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Adds a game directory `dir_name` with `info_toml` as its manifest.
    pub fn add(&self, dir_name: &str, info_toml: &str) -> PathBuf {
        let game = self.path().join(dir_name);
        std::fs::create_dir_all(&game).expect("create game directory");
        std::fs::write(game.join("info.toml"), info_toml).expect("write info.toml");
        game
    }

    /// Adds a game directory with a manifest and a copy of the built library `base`.
    pub fn add_with_library(&self, dir_name: &str, info_toml: &str, base: &str) -> PathBuf {
        let game = self.add(dir_name, info_toml);
        std::fs::copy(library(base), game.join(libloading_name(base))).expect("copy library");
        game
    }

    /// Adds the game written in C as game directory `dir_name`: its
    /// `info.toml`, `doc.txt` and built library (see [`c_game_library`]).
    pub fn add_c_game(&self, dir_name: &str) -> PathBuf {
        let game = self.path().join(dir_name);
        std::fs::create_dir_all(&game).expect("create game directory");
        for file in ["info.toml", "doc.txt"] {
            std::fs::copy(c_game_dir().join(file), game.join(file))
                .expect("copy the C game's file");
        }
        std::fs::copy(c_game_library(), game.join(libloading_name(C_GAME)))
            .expect("copy the C game's library");
        game
    }

    /// Copies a bundled game (`games/<dir_name>`, e.g. `chat-noir`) with its
    /// built library `base`.
    pub fn add_bundled(&self, dir_name: &str, base: &str) -> PathBuf {
        let source = workspace_root().join("games").join(dir_name);
        let game = self.path().join(dir_name);
        copy_dir(&source, &game);
        std::fs::copy(library(base), game.join(libloading_name(base))).expect("copy library");
        game
    }
}

impl Default for GamesDir {
    fn default() -> Self {
        Self::new()
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create directory");
    for entry in std::fs::read_dir(from).expect("read directory") {
        let entry = entry.expect("directory entry");
        let path = entry.path();
        let name = entry.file_name();
        // Only a game's data files, not its sources.
        if path.is_dir() {
            if !matches!(
                name.to_str(),
                Some("src" | "tests" | "benches" | "examples" | "target")
            ) {
                copy_dir(&path, &to.join(&name));
            }
        } else if !matches!(name.to_str(), Some("Cargo.toml" | "Cargo.lock")) {
            std::fs::copy(&path, to.join(&name)).expect("copy file");
        }
    }
}

/// How the console of a test runs its games: each in a process of its own,
/// hosted by this crate's `test-game-host` binary (the launcher's own
/// game-process loop), which cargo builds beside the test binaries.
pub fn game_processes() -> launcher::game_window::ProcessSettings {
    let mut settings = launcher::game_window::ProcessSettings::with_host(
        launcher::game_host::HostCommand::new(game_host_binary(), &["--game-host"]),
    );
    // A game is "not responding" only after a minute here: on a loaded
    // machine a game process may take seconds to start or answer, and a
    // test waits for its answer ([`Settle`] accepts a window that is not
    // responding). The tests of hangs set a short time of their own.
    settings.answer_within = TEST_ANSWER_WITHIN;
    // Every window opens on its game's deal of seed 0, the same in every
    // run (a player's first game gets a fresh seed).
    settings.first_seed = Some(0);
    settings
}

/// How long a game in a test's console may take to answer before its
/// window says it is not responding (see [`game_processes`]).
pub const TEST_ANSWER_WITHIN: std::time::Duration = std::time::Duration::from_secs(60);

/// The `test-game-host` binary: in cargo's output directory, beside the
/// `deps` directory the test binaries run from.
pub fn game_host_binary() -> PathBuf {
    let name = format!("test-game-host{}", std::env::consts::EXE_SUFFIX);
    let exe = std::env::current_exe().expect("the test binary knows where it is");
    exe.ancestors()
        .skip(1)
        .map(|dir| dir.join(&name))
        .find(|candidate| candidate.is_file())
        .unwrap_or_else(|| panic!("{name} is not built beside {}", exe.display()))
}

/// How many frames a kittest `Harness::run` may take to settle. A game in
/// a process of its own wakes the console each time it answers, so a click
/// that starts a game takes a few more frames than egui's default of 4,
/// and more on a loaded machine; 64 still stops a window that never settles.
/// Tests do not rely on it to wait for a game: see [`run_until`].
pub const KITTEST_STEPS: u64 = 64;

/// How long a test waits for what it asserts before it says that it never
/// happened. Generous on purpose: a loaded machine is slow, not wrong, and
/// a test that passes returns as soon as its condition holds.
pub const PATIENCE: std::time::Duration = std::time::Duration::from_secs(60);

/// Runs frames of `harness` until `done` holds, and panics saying that
/// `what` never happened if it does not within [`PATIENCE`]. The one way
/// the console tests wait: for the condition they assert, never for a
/// number of frames or a fixed time (a game process answers when it
/// answers, and the console only shows it on the frame after).
pub fn run_until<S>(
    harness: &mut egui_kittest::Harness<'_, S>,
    what: &str,
    done: impl Fn(&egui_kittest::Harness<'_, S>) -> bool,
) {
    run_until_within(harness, what, PATIENCE, done);
}

/// The texts of the notices the console shows now, oldest first.
pub fn notice_texts(app: &launcher::LauncherApp) -> Vec<String> {
    app.notices().iter().map(|n| n.text.clone()).collect()
}

/// [`run_until`] with a patience of its own, for what takes long even on a
/// quiet machine (a solver playing a whole game in real time).
pub fn run_until_within<S>(
    harness: &mut egui_kittest::Harness<'_, S>,
    what: &str,
    patience: std::time::Duration,
    done: impl Fn(&egui_kittest::Harness<'_, S>) -> bool,
) {
    let deadline = std::time::Instant::now() + patience;
    loop {
        // Frames until the UI asks for no immediate repaint; a window that
        // animates or a game that ticks just needs more of these.
        let _ = harness.run_ok();
        if done(harness) {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{what} never happened within {patience:?}"
        );
        // Between polls: let the game process and the console's threads run.
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// `harness.settle()`: [`run_until`] the console shows all that its games'
/// processes have done ([`launcher::LauncherApp::is_settled`]). Use it
/// where a test would call `Harness::run` after an input to a game.
pub trait Settle {
    /// Runs frames until every game window has taken in its game's answers.
    fn settle(&mut self);
}

impl Settle for egui_kittest::Harness<'_, launcher::LauncherApp> {
    fn settle(&mut self) {
        run_until(
            self,
            "the console showing every answer of its games' processes",
            |h| h.state().is_settled(),
        );
    }
}

/// A console configuration for tests: only `dirs`, games in processes
/// hosted by `test-game-host`.
pub fn console_config<P: Into<PathBuf>>(
    dirs: impl IntoIterator<Item = P>,
) -> launcher::LauncherConfig {
    let mut config = launcher::LauncherConfig::only_games_dirs(dirs);
    config.processes = game_processes();
    config
}
