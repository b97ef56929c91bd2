//! Painting only what changed (`launcher/vendor/eframe`, `PATCH.md`) shows
//! what painting whole frames shows, pixel for pixel, in real windows: the
//! console and a game window (an immediate viewport) on a virtual X server
//! (Debian packages `xvfb`, `xauth`, `xdotool`; `.ci/run` installs them),
//! hovered and clicked the same way once each way, the screen read back
//! from Xvfb's framebuffer file after each step, once it is still.
//!
//! "The same" allows each colour channel to differ by 2 of 255: egui
//! dithers every fragment by half a level with a noise of its place on the
//! framebuffer, and a window's framebuffer on Mesa numbers its rows apart
//! from the kept frame's texture, so an edge's rounding may differ by one.
//! A stale or missing shape differs by far more. Regions filled by the
//! software painter (the default here) are compared with whole frames the
//! same painter fills: its anti-aliased edges are tiny-skia's, not those of
//! egui's triangles (a card's corner or a lattice line a few levels apart).

mod support;

use launcher_tests::GamesDir;
use std::time::Duration;
use support::{LauncherInX, Picture, Xvfb, wait_for, window_named};

/// The screen once nothing on it has changed for a second and a half
/// (tooltips come after half a second of stillness), read every quarter of
/// a second; bounded.
fn still_screen(x: &Xvfb, launcher: &mut LauncherInX, what: &str) -> Picture {
    let mut last: Option<Picture> = None;
    let mut same = 0;
    wait_for(what, Duration::from_secs(90), || {
        launcher.assert_running(what);
        std::thread::sleep(Duration::from_millis(250));
        let now = Picture::from_xwd(&std::fs::read(&x.framebuffer).ok()?)?;
        same = if last.as_ref() == Some(&now) {
            same + 1
        } else {
            0
        };
        last = Some(now);
        (same >= 6).then(|| last.take().expect("just read"))
    })
}

/// How the launcher's windows paint (`damage_paint` in the patched eframe).
#[derive(Clone, Copy, Debug)]
enum Painting {
    /// Only what changed, filled by software from egui's shapes, that
    /// region shown (on Mesa's software rasteriser, as here: the default).
    Software,
    /// Every frame whole, filled by software: what `Software` shows.
    SoftwareWhole,
    /// Only what changed, in the window's back buffer, that region shown.
    InPlace,
    /// Only what changed, into a texture kept per window, copied whole to
    /// the window (the way where a window cannot show a region).
    KeptTexture,
    /// Every frame whole, as egui paints.
    Whole,
}

impl Painting {
    /// The launcher's environment that paints this way.
    fn envs(self) -> Vec<(&'static str, &'static str)> {
        match self {
            Painting::Software => vec![],
            Painting::SoftwareWhole => vec![("EFRAME_SOFT_WHOLE_FRAMES", "1")],
            Painting::InPlace => vec![("EFRAME_NO_SOFT_PAINT", "1")],
            Painting::KeptTexture => vec![
                ("EFRAME_NO_SOFT_PAINT", "1"),
                ("EFRAME_PAINT_KEPT_TEXTURE", "1"),
            ],
            Painting::Whole => vec![
                ("EFRAME_NO_SOFT_PAINT", "1"),
                ("EFRAME_PAINT_WHOLE_FRAMES", "1"),
            ],
        }
    }
}

/// The screens of one session: the console hovered in four places, the
/// game opened from it, its canvas clicked three times, hovered away.
fn session(painting: Painting) -> Vec<(String, Picture)> {
    let games = GamesDir::new();
    games.add_with_library(
        "hello-game",
        "game = \"hello_game\"\nname = \"Hello Game\"\n",
        "hello_game",
    );
    let x = Xvfb::start(&games.path().join("framebuffer"));
    let mut launcher = LauncherInX::start_with_env(
        &x,
        games.path(),
        &["--games-dir".as_ref(), games.path().as_os_str()],
        &painting.envs(),
    );
    let console = window_named(&x, &mut launcher, "PLT Games");
    let mut screens = Vec::new();
    let mut step = |x: &Xvfb, launcher: &mut LauncherInX, what: &str, args: &[&str]| {
        x.run("xdotool", args);
        screens.push((what.to_owned(), still_screen(x, launcher, what)));
    };
    step(
        &x,
        &mut launcher,
        "the console",
        &["mousemove", "1000", "700"],
    );
    for (name, px, py) in [
        ("the console, its game button hovered", "80", "78"),
        ("the console, its menu bar hovered", "20", "10"),
        ("the console, its search field hovered", "300", "12"),
        ("the console, nothing hovered", "250", "150"),
    ] {
        step(
            &x,
            &mut launcher,
            name,
            &["mousemove", "--window", &console, px, py],
        );
    }
    x.run(
        "xdotool",
        &["mousemove", "--window", &console, "80", "78", "click", "1"],
    );
    let game = window_named(&x, &mut launcher, "Hello Game");
    step(
        &x,
        &mut launcher,
        "the game opened",
        &["mousemove", "1000", "700"],
    );
    let geometry = x.run("xdotool", &["getwindowgeometry", "--shell", &game]);
    let size = |key: &str| -> u32 {
        geometry
            .lines()
            .find_map(|l| l.strip_prefix(key)?.parse().ok())
            .unwrap_or_else(|| panic!("{key} in {geometry}"))
    };
    let (cx, cy) = (
        (size("WIDTH=") / 2).to_string(),
        (size("HEIGHT=") / 2).to_string(),
    );
    for n in 1..=3 {
        step(
            &x,
            &mut launcher,
            &format!("the game's canvas clicked {n} times"),
            &["mousemove", "--window", &game, &cx, &cy, "click", "1"],
        );
    }
    step(
        &x,
        &mut launcher,
        "the pointer gone",
        &["mousemove", "1000", "700"],
    );
    launcher.stop();
    screens
}

#[test]
fn damage_painting_shows_what_whole_frames_show() {
    assert_painted_alike(session, 5);
}

/// The screens of a session of Spider on its first deal: a card held
/// halfway across the table over other columns, dropped, the stock dealt,
/// the pointer gone. Regions there cross columns of overlapping cards,
/// where what later cards hide is left out of the painting.
fn spider_session(painting: Painting) -> Vec<(String, Picture)> {
    let games = GamesDir::new();
    games.add_bundled("spider", "spider");
    let x = Xvfb::start(&games.path().join("framebuffer"));
    let mut envs = painting.envs();
    envs.push(("GAME_LAUNCHER_FIRST_SEED", "1"));
    let mut launcher = LauncherInX::start_with_env(
        &x,
        games.path(),
        &[
            "--games-dir".as_ref(),
            games.path().as_os_str(),
            "--play".as_ref(),
            "spider".as_ref(),
        ],
        &envs,
    );
    let window = window_named(&x, &mut launcher, "Spider");
    let (wx, wy, width, height) = support::steady_geometry(&x, &window);
    // A point at thousandths of the window, on the screen.
    let at = |fx: i32, fy: i32| -> [String; 2] {
        [
            (wx + width as i32 * fx / 1000).to_string(),
            (wy + height as i32 * fy / 1000).to_string(),
        ]
    };
    let mut screens = Vec::new();
    let mut step = |x: &Xvfb, launcher: &mut LauncherInX, what: &str, args: Vec<String>| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        x.run("xdotool", &args);
        screens.push((what.to_owned(), still_screen(x, launcher, what)));
    };
    let [fx, fy] = at(155, 460);
    let [hx, hy] = at(300, 470);
    let [tx, ty] = at(450, 480);
    let [sx, sy] = at(58, 228);
    let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    step(
        &x,
        &mut launcher,
        "Spider opened",
        words(&["mousemove", "1200", "1000"]),
    );
    step(
        &x,
        &mut launcher,
        "a card held halfway",
        words(&[
            "mousemove",
            &fx,
            &fy,
            "mousedown",
            "1",
            "mousemove",
            &hx,
            &hy,
        ]),
    );
    step(
        &x,
        &mut launcher,
        "the card dropped",
        words(&["mousemove", &tx, &ty, "mouseup", "1"]),
    );
    step(
        &x,
        &mut launcher,
        "the stock dealt",
        words(&["mousemove", &sx, &sy, "click", "1"]),
    );
    step(
        &x,
        &mut launcher,
        "the pointer gone",
        words(&["mousemove", "1200", "1000"]),
    );
    launcher.stop();
    screens
}

#[test]
fn a_card_drag_and_a_deal_painted_by_changes_show_what_whole_frames_show() {
    assert_painted_alike(spider_session, 3);
}

/// Runs `session` painting whole frames, then painting only what changed
/// each way, and asserts every step's screen the same. At least
/// `changes` of its steps must change the screen.
fn assert_painted_alike(session: fn(Painting) -> Vec<(String, Picture)>, changes: usize) {
    let gl_whole = session(Painting::Whole);
    let software_whole = session(Painting::SoftwareWhole);
    for painted_whole in [&gl_whole, &software_whole] {
        // The steps changed the screen: the comparison below compares
        // frames painted by their changes, not one frame.
        let distinct = painted_whole
            .windows(2)
            .filter(|pair| pair[0].1 != pair[1].1)
            .count();
        assert!(
            distinct >= changes,
            "only {distinct} of {} steps changed the screen",
            painted_whole.len()
        );
    }
    for (painting, painted_whole) in [
        (Painting::InPlace, &gl_whole),
        (Painting::KeptTexture, &gl_whole),
        (Painting::Software, &software_whole),
    ] {
        let painted_by_changes = session(painting);
        for ((what, by_changes), (_, whole)) in painted_by_changes.iter().zip(painted_whole.iter())
        {
            if let Some((count, bounds)) = by_changes.difference(whole, 2) {
                let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
                let (a, b) = (dir.join("by-changes.png"), dir.join("whole.png"));
                by_changes.save_png(&a);
                whole.save_png(&b);
                panic!(
                    "{what}, painted {painting:?}: {count} pixels differ from the whole \
                     frame's, within {bounds:?} (x, y, width, height): see {} and {}",
                    a.display(),
                    b.display()
                );
            }
        }
    }
}

/// The part of `screen` that the window at `geometry` (x, y, width,
/// height) covers.
fn window_part(screen: &Picture, geometry: (i32, i32, u32, u32)) -> Picture {
    let (x, y, width, height) = geometry;
    screen.crop(x.max(0) as u32, y.max(0) as u32, width, height)
}

/// A frame that changes nothing is not shown again (no copy, no swap), so
/// the window keeps what it showed; but where the window system lost a
/// window's pixels (another window moved over it and away, or it was
/// unmapped and mapped again, as a minimised window is restored) the
/// window shows its frame again, though nothing in it changed. (Failed
/// with the console showing the game's old pixels and the game mapped
/// black, when an expose coming during eframe's own redraw was missed.)
#[test]
fn a_window_uncovered_or_mapped_again_shows_its_frame_again() {
    let games = GamesDir::new();
    games.add_with_library(
        "hello-game",
        "game = \"hello_game\"\nname = \"Hello Game\"\n",
        "hello_game",
    );
    let x = Xvfb::start(&games.path().join("framebuffer"));
    let mut launcher = LauncherInX::start(
        &x,
        games.path(),
        &["--games-dir".as_ref(), games.path().as_os_str()],
    );
    let console = window_named(&x, &mut launcher, "PLT Games");
    still_screen(&x, &mut launcher, "the console");
    x.run(
        "xdotool",
        &["mousemove", "--window", &console, "80", "78", "click", "1"],
    );
    let game = window_named(&x, &mut launcher, "Hello Game");
    x.run("xdotool", &["mousemove", "1000", "760"]);
    // The game's window apart from the console's, each shown whole.
    x.run("xdotool", &["windowmove", "--sync", &game, "420", "300"]);
    let shown = still_screen(&x, &mut launcher, "the game moved apart");
    let game_at = support::steady_geometry(&x, &game);
    let console_at = support::steady_geometry(&x, &console);
    let game_shown = window_part(&shown, game_at);
    let console_shown = window_part(&shown, console_at);

    // The console over the game, then back where it was.
    x.run("xdotool", &["windowmove", "--sync", &console, "420", "300"]);
    still_screen(&x, &mut launcher, "the console over the game");
    x.run(
        "xdotool",
        &[
            "windowmove",
            "--sync",
            &console,
            &console_at.0.to_string(),
            &console_at.1.to_string(),
        ],
    );
    let uncovered = still_screen(&x, &mut launcher, "the game uncovered");
    if let Some((count, bounds)) = window_part(&uncovered, game_at).difference(&game_shown, 0) {
        panic!(
            "the uncovered game window: {count} pixels differ from its frame, within {bounds:?}"
        );
    }

    // Unmapped and mapped again: both windows.
    for (name, window, at, before) in [
        ("game", &game, game_at, &game_shown),
        ("console", &console, console_at, &console_shown),
    ] {
        x.run("xdotool", &["windowunmap", "--sync", window]);
        still_screen(&x, &mut launcher, &format!("the {name} unmapped"));
        x.run("xdotool", &["windowmap", "--sync", window]);
        let mapped = still_screen(&x, &mut launcher, &format!("the {name} mapped again"));
        let shown_again = window_part(&mapped, at);
        if let Some((count, bounds)) = shown_again.difference(before, 0) {
            let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
            let (a, b) = (dir.join("mapped-again.png"), dir.join("before.png"));
            shown_again.save_png(&a);
            before.save_png(&b);
            panic!(
                "the {name} mapped again: {count} pixels differ from its frame, within \
                 {bounds:?}: see {} and {}",
                a.display(),
                b.display()
            );
        }
    }
    launcher.stop();
}
