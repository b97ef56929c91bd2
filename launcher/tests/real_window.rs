//! Smoke tests in a real window: the release launcher on a virtual X server
//! of its own, started by `xvfb-run` (Debian packages `xvfb`, `xauth` and
//! `x11-utils`; `.ci/run` installs them).

mod support;

use launcher_tests::GamesDir;
use std::path::Path;
use support::run_in_xvfb;

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
    let windows = run_in_xvfb(
        games.path(),
        &[
            "--games-dir",
            games.path().to_str().unwrap(),
            "--screenshot",
            shot.to_str().unwrap(),
            "--screenshot-delay",
            "2",
        ],
        "PLT Games",
    );
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
    let windows = run_in_xvfb(
        games.path(),
        &[
            "--games-dir",
            games.path().to_str().unwrap(),
            "--play",
            "hello-game",
            "--screenshot",
            shot.to_str().unwrap(),
            "--screenshot-delay",
            "2",
        ],
        "Hello Game",
    );
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

/// The bounding box (width, height) of the pixels of one colour in a PNG.
fn extent_of(path: &Path, colour: [u8; 3]) -> Option<(u32, u32)> {
    let image = image::open(path).expect("a PNG was written").into_rgb8();
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in image.enumerate_pixels() {
        if p.0 == colour {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    (x0 <= x1).then(|| (x1 - x0 + 1, y1 - y0 + 1))
}

/// A game whose controls wrap to several rows and whose canvas grows after
/// the first frame: the window is fitted so the canvas shows at its natural
/// size, not scaled down under the extra rows of controls.
#[test]
fn a_game_window_fits_its_canvas_when_controls_wrap_and_the_canvas_grows() {
    let games = GamesDir::new();
    games.add_with_library("grow-canvas", "game = \"grow_canvas\"\n", "grow_canvas");
    let shot = games.path().join("grow.png");
    run_in_xvfb(
        games.path(),
        &[
            "--games-dir",
            games.path().to_str().unwrap(),
            "--play",
            "grow-canvas",
            "--screenshot",
            shot.to_str().unwrap(),
            "--screenshot-delay",
            "3",
        ],
        "Grow Canvas",
    );
    let (width, height, _) = png_facts(&shot);
    assert_eq!(
        extent_of(&shot, [255, 0, 255]),
        Some((420, 300)),
        "the canvas at its natural size in a {width}x{height} window"
    );
    assert!(
        height > 300 + 91,
        "the window grew for the wrapped controls: {width}x{height}"
    );
}
