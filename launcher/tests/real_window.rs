//! Smoke tests in a real window: the launcher binary under Xvfb (Debian
//! packages `xvfb` and `x11-utils`; `.ci/run` installs them).

mod support;

use launcher_tests::GamesDir;
use std::path::Path;
use std::process::Command;
use support::isolate;

/// Runs `script` in a fresh virtual X display; `$LAUNCHER` is the binary.
fn in_xvfb(script: &str, dir: &Path) -> std::process::Output {
    // `xvfb-run -a` picks the first display number without a lock file, so
    // two started at once can pick the same one; the tests take turns.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let output = isolate(&mut Command::new("xvfb-run"), dir)
        .args(["-a", "-s", "-screen 0 1024x768x24", "sh", "-c", script])
        .env("LAUNCHER", env!("CARGO_BIN_EXE_launcher"))
        .output()
        .expect("xvfb-run is installed (apt-get install xvfb x11-utils)");
    assert!(
        output.status.success(),
        "{script}\nstdout: {}\nstderr: {}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// A shell snippet that waits (up to 30 s) until a window titled `title`
/// exists, then writes the window tree to `tree`. The launcher keeps its
/// window at least `--screenshot-delay` seconds after the first frame, so a
/// poll every 0.1 s sees it even on a slow machine.
fn wait_for_window(title: &str, tree: &Path) -> String {
    format!(
        "for i in $(seq 1 300); do xwininfo -root -tree | grep -q '\"{title}\"' && break; sleep 0.1; done; xwininfo -root -tree > '{}'",
        tree.display()
    )
}

/// Width, height and number of distinct colours of a PNG.
fn png_facts(path: &Path) -> (u32, u32, usize) {
    let image = image::open(path).expect("a PNG was written").into_rgba8();
    let mut colours: Vec<[u8; 4]> = image.pixels().map(|p| p.0).collect();
    colours.sort_unstable();
    colours.dedup();
    (image.width(), image.height(), colours.len())
}

#[test]
fn the_console_opens_a_real_window_titled_plt_games() {
    let games = GamesDir::new();
    games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
    let shot = games.path().join("console.png");
    let tree = games.path().join("windows.txt");
    in_xvfb(
        &format!(
            "\"$LAUNCHER\" --games-dir '{}' --screenshot '{}' --screenshot-delay 2 & {}; wait $!",
            games.path().display(),
            shot.display(),
            wait_for_window("PLT Games", &tree)
        ),
        games.path(),
    );
    let windows = std::fs::read_to_string(&tree).unwrap();
    assert!(
        windows.contains("\"PLT Games\""),
        "no console window among:\n{windows}"
    );
    let (width, height, colours) = png_facts(&shot);
    assert_eq!((width, height), (560, 400), "the console's default size");
    assert!(
        colours > 20,
        "the window shows something, not one flat colour ({colours} colours)"
    );
}

#[test]
fn play_opens_one_game_in_its_own_titled_window() {
    let games = GamesDir::new();
    games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
    let shot = games.path().join("game.png");
    let tree = games.path().join("windows.txt");
    in_xvfb(
        &format!(
            "\"$LAUNCHER\" --games-dir '{}' --play hello-game --screenshot '{}' --screenshot-delay 2 & {}; wait $!",
            games.path().display(),
            shot.display(),
            wait_for_window("Hello Game", &tree)
        ),
        games.path(),
    );
    let windows = std::fs::read_to_string(&tree).unwrap();
    assert!(
        windows.contains("\"Hello Game\""),
        "no game window among:\n{windows}"
    );
    assert!(
        !windows.contains("\"PLT Games\""),
        "--play shows no console:\n{windows}"
    );
    let (_, _, colours) = png_facts(&shot);
    assert!(colours > 5, "the game drew something ({colours} colours)");
}
