//! Installing a game never crashes one that is running (issue 25): a game
//! process runs a private, read-only copy of its library, so plain `cp`
//! over the library of an open game leaves it playing; and the real
//! launcher's `--install-game DIR` and `--uninstall-game NAME` check a game
//! first, put it in place whole, and say what they did.

mod support;

use game_api::{Event, Point};
use game_host::{GameProcess, HostCommand, Options, ProcessState};
use launcher::library_copy::LibraryCopies;
use launcher_tests::{GamesDir, libloading_name, library};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;
use support::launcher_in;

/// Generous: liveness only, never a measurement.
const PATIENCE: Duration = Duration::from_secs(30);

const COUNTER_TOML: &str = "game = \"counter\"\nname = \"Counter\"\n";

fn click(game: &GameProcess) {
    let at = Point::new(50.0, 50.0);
    game.handle_event(&Event::press(at))
        .expect("the game plays");
    game.handle_event(&Event::release(at))
        .expect("the game plays");
}

#[test]
fn a_library_overwritten_with_cp_while_its_game_runs_leaves_it_playing() {
    let games = GamesDir::new();
    let dir = games.add_with_library("counter", COUNTER_TOML, "counter");
    let installed = dir.join(libloading_name("counter"));
    let copies = LibraryCopies::new(games.path().join("copies"));
    // As the console starts a game: from a private copy of the library.
    let copy = copies.copy_of(&installed).expect("a private copy");
    assert!(copy.path().starts_with(copies.dir()));
    let host = HostCommand::new(env!("CARGO_BIN_EXE_plt-games"), &["--game-host"]);
    let mut game = GameProcess::spawn(&host, copy.path(), Options::default()).expect("spawns");
    game.set_wait(PATIENCE);
    assert!(game.wait_started().is_ok());
    click(&game);
    assert_eq!(game.title().unwrap(), "Counter 1");

    // What every install snippet used to say: `cp` over the library, which
    // rewrites the file in place (here with another game's code).
    std::fs::copy(library("crash_draw"), &installed).expect("cp over the library");
    assert_eq!(
        std::fs::read(&installed).unwrap(),
        std::fs::read(library("crash_draw")).unwrap()
    );

    // The game plays on: clicks counted, frames drawn, its process alive.
    click(&game);
    click(&game);
    assert_eq!(game.title().unwrap(), "Counter 3");
    assert!(!game.view().unwrap().frame.shapes.is_empty());
    assert!(
        !matches!(game.state(), ProcessState::Exited(_)),
        "{:?}",
        game.state()
    );
    // Its copy is untouched, and the new version is a copy of its own.
    assert_eq!(
        std::fs::read(copy.path()).unwrap(),
        std::fs::read(library("counter")).unwrap()
    );
    let new = copies
        .copy_of(&installed)
        .expect("a copy of the new version");
    assert_ne!(new.path(), copy.path());
    drop(game);
}

/// Runs the real launcher with `args`, with the user's games directory and
/// cache in `home`.
fn launcher(home: &Path, args: &[&std::ffi::OsStr]) -> Output {
    launcher_in(home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .args(args)
        .output()
        .expect("the launcher runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The user's games directory the launcher installs into.
fn user_games(home: &Path) -> PathBuf {
    home.join("data").join("game-launcher").join("games")
}

#[test]
fn install_game_checks_a_game_then_puts_it_in_place_and_replaces_an_installed_one() {
    let home = tempfile::tempdir().unwrap();
    let source = GamesDir::new();
    let dir = source.add_with_library("counter", COUNTER_TOML, "counter");

    let out = launcher(home.path(), &["--install-game".as_ref(), dir.as_os_str()]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    let installed = user_games(home.path()).join("counter");
    assert!(
        stdout.starts_with(&format!(
            "Installed Counter (counter) in {}",
            installed.display()
        )),
        "{stdout}"
    );
    let lib = installed.join(libloading_name("counter"));
    assert_eq!(
        std::fs::read(&lib).unwrap(),
        std::fs::read(library("counter")).unwrap()
    );
    // Nothing else is left in the games directory (no half-made copy).
    let names: Vec<_> = std::fs::read_dir(user_games(home.path()))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["counter"]);
    // The console, and --list, find it there.
    let list = launcher(home.path(), &["--list".as_ref()]);
    assert!(
        text(&list.stdout).contains(&format!("    directory: {}\n", installed.display())),
        "{}",
        text(&list.stdout)
    );

    // A new version, installed over the installed one.
    std::fs::write(
        dir.join("info.toml"),
        "game = \"counter\"\nname = \"Counter Two\"\n",
    )
    .unwrap();
    let out = launcher(home.path(), &["--install-game".as_ref(), dir.as_os_str()]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.starts_with(&format!(
            "Replaced Counter Two (counter) in {}",
            installed.display()
        )),
        "{stdout}"
    );
    assert!(
        std::fs::read_to_string(installed.join("info.toml"))
            .unwrap()
            .contains("Counter Two")
    );
    let names: Vec<_> = std::fs::read_dir(user_games(home.path()))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["counter"]);
}

/// A crate's own directory installed as it is (a game in C, or a Rust
/// game whose library was copied beside its info.toml): Cargo's `target/`
/// (marked by its CACHEDIR.TAG) and `.git` are left out; the rest is the
/// game, copied whole.
#[test]
fn install_game_leaves_out_build_output_and_version_control() {
    let home = tempfile::tempdir().unwrap();
    let source = GamesDir::new();
    let dir = source.add_with_library("counter", COUNTER_TOML, "counter");
    for (file, bytes) in [
        (
            "target/CACHEDIR.TAG",
            &b"Signature: 8a477f597d28d172789f06886806bc55"[..],
        ),
        ("target/release/libcounter.rlib", b"build output"),
        (".git/HEAD", b"ref: refs/heads/main"),
        ("src/lib.rs", b"// the game's source"),
        (
            "art/target/board.png",
            b"a picture folder named like Cargo's",
        ),
    ] {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    let out = launcher(home.path(), &["--install-game".as_ref(), dir.as_os_str()]);
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let installed = user_games(home.path()).join("counter");
    assert!(installed.join(libloading_name("counter")).is_file());
    assert!(installed.join("src/lib.rs").is_file());
    assert!(installed.join("art/target/board.png").is_file());
    assert!(
        !installed.join("target").exists(),
        "Cargo's output is left out"
    );
    assert!(
        !installed.join(".git").exists(),
        "version control is left out"
    );
}

#[test]
fn a_broken_game_is_refused_and_nothing_changes() {
    let home = tempfile::tempdir().unwrap();
    let source = GamesDir::new();
    let good = source.add_with_library("counter", COUNTER_TOML, "counter");
    let out = launcher(home.path(), &["--install-game".as_ref(), good.as_os_str()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let installed = user_games(home.path()).join("counter");
    let before = std::fs::read(installed.join(libloading_name("counter"))).unwrap();

    // A game of the same name whose library crashes as it draws.
    let broken = GamesDir::new();
    let crashing = broken.add_with_library(
        "counter",
        "game = \"crash_draw\"\nname = \"Crash Draw\"\n",
        "crash_draw",
    );
    let out = launcher(
        home.path(),
        &["--install-game".as_ref(), crashing.as_os_str()],
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("plt-games: Crash Draw is broken, so it was not installed:")
            && stderr.contains("segmentation fault"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    // The installed game is as it was, and nothing was left beside it.
    assert_eq!(
        std::fs::read(installed.join(libloading_name("counter"))).unwrap(),
        before
    );
    assert!(!installed.join(libloading_name("crash_draw")).exists());
    let names: Vec<_> = std::fs::read_dir(user_games(home.path()))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["counter"]);

    // A directory without a game, and one whose library is missing.
    let empty = tempfile::tempdir().unwrap();
    let not_a_game = empty.path().join("not-a-game");
    std::fs::create_dir(&not_a_game).unwrap();
    let out = launcher(
        home.path(),
        &["--install-game".as_ref(), not_a_game.as_os_str()],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("has no info.toml"),
        "{}",
        text(&out.stderr)
    );
    let no_library = broken.add("nolib", "game = \"nolib\"\n");
    let out = launcher(
        home.path(),
        &["--install-game".as_ref(), no_library.as_os_str()],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains(&format!("is not in {}", no_library.display())),
        "{}",
        text(&out.stderr)
    );
    assert!(!user_games(home.path()).join("nolib").exists());
}

#[test]
fn uninstall_game_removes_an_installed_game_and_says_when_there_is_none() {
    let home = tempfile::tempdir().unwrap();
    let source = GamesDir::new();
    let dir = source.add_with_library("counter", COUNTER_TOML, "counter");
    let out = launcher(home.path(), &["--install-game".as_ref(), dir.as_os_str()]);
    assert!(out.status.success(), "{}", text(&out.stderr));

    let out = launcher(
        home.path(),
        &["--uninstall-game".as_ref(), "counter".as_ref()],
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    let installed = user_games(home.path()).join("counter");
    assert!(
        stdout.starts_with(&format!(
            "Uninstalled Counter (counter): removed {}",
            installed.display()
        )),
        "{stdout}"
    );
    assert!(!installed.exists());
    assert_eq!(
        std::fs::read_dir(user_games(home.path())).unwrap().count(),
        0
    );
    // The source is untouched.
    assert!(dir.join(libloading_name("counter")).exists());

    let out = launcher(
        home.path(),
        &["--uninstall-game".as_ref(), "counter".as_ref()],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with("plt-games: no game \"counter\" is installed in"),
        "{}",
        text(&out.stderr)
    );
    let out = launcher(
        home.path(),
        &["--uninstall-game".as_ref(), "../data".as_ref()],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("is not a game's directory name"));
    assert!(home.path().join("data").exists());
}

/// The real console under Xvfb: it cleans the copies no game uses as it
/// starts, and the game it opens runs a private copy of its library, never
/// the installed file, which `cp` then overwrites with the game playing on.
#[test]
fn the_console_cleans_old_copies_and_its_games_run_private_copies() {
    use support::{LauncherInX, Xvfb, open_chat_noir_from_console, wait_for, window_named};
    let games = GamesDir::new();
    let chat_noir = games.add_bundled("chat-noir", "chat_noir");
    let installed = chat_noir.join(libloading_name("chat_noir"));
    let dir = games.path();
    // What an earlier console left: a copy no game uses, and one half made
    // by a launcher that has ended.
    let copies = dir.join("no-user-cache/game-launcher/libraries");
    let old = copies.join("0123456789abcdef-3");
    std::fs::create_dir_all(&old).unwrap();
    std::fs::write(old.join("libold.so"), b"old").unwrap();
    let half_made = copies.join(".making-999999999-0");
    std::fs::create_dir_all(&half_made).unwrap();

    let x = Xvfb::start(&dir.join("xvfb-copies"));
    let args = ["--games-dir", dir.to_str().unwrap()];
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    let mut launcher = LauncherInX::start(&x, dir, &args);
    let console = window_named(&x, &mut launcher, "PLT Games");
    assert!(!old.exists(), "a copy no game uses is cleaned");
    assert!(!half_made.exists(), "a half-made copy is cleaned");
    open_chat_noir_from_console(&x, &mut launcher, &console);

    // The game's process maps its private copy, not the installed library.
    // (The console's background check of the game, another process of the
    // console's, maps the installed one while it runs.)
    let copy_dir = copies.canonicalize().unwrap();
    let (host, maps) = wait_for(
        "the game process to map its library's private copy",
        Duration::from_secs(60),
        || {
            support::descendants(launcher.pid())
                .into_iter()
                .find_map(|pid| {
                    let maps = std::fs::read_to_string(format!("/proc/{pid}/maps")).ok()?;
                    maps.lines()
                        .any(|l| {
                            l.contains(&libloading_name("chat_noir"))
                                && l.contains(copy_dir.to_str().unwrap())
                        })
                        .then_some((pid, maps))
                })
        },
    );
    assert!(
        maps.lines()
            .filter(|l| l.contains(&libloading_name("chat_noir")))
            .all(|l| l.contains(copy_dir.to_str().unwrap())),
        "{maps}"
    );
    assert!(!maps.contains(installed.to_str().unwrap()), "{maps}");

    // `cp` over the installed library: the game's process lives on, with
    // its copy untouched.
    std::fs::copy(library("lights_out"), &installed).expect("cp over the library");
    let copy_file = maps
        .lines()
        .find(|l| l.contains(&libloading_name("chat_noir")))
        .and_then(|l| l.split_whitespace().last())
        .map(PathBuf::from)
        .unwrap();
    assert_eq!(
        std::fs::read(&copy_file).unwrap(),
        std::fs::read(library("chat_noir")).unwrap()
    );
    assert!(
        std::fs::metadata(&copy_file)
            .unwrap()
            .permissions()
            .readonly()
    );
    launcher.assert_running("the library was overwritten");
    assert!(Path::new(&format!("/proc/{host}")).exists());
    launcher.stop();
}
