//! Smoke tests in a real window: the release launcher on a virtual X server
//! of its own, started by `xvfb-run` (Debian packages `xvfb`, `xauth` and
//! `x11-utils`; `.ci/run` installs them).

mod support;

use launcher_tests::GamesDir;
use std::path::Path;
use std::time::Duration;
use support::{
    LauncherInX, Xvfb, open_chat_noir_from_console, run_in_xvfb, wait_for, window_named,
};

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
    // Fitted to its content (one game): not egui's mostly empty 560 × 400.
    assert!(
        (260..560).contains(&width) && (160..400).contains(&height),
        "the console's fitted size: {width}x{height}"
    );
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

/// The `_NET_WM_ICON` of an X window as ARGB numbers (width, height, then
/// the pixels), and its `WM_CLASS`, read with xprop (Debian `x11-utils`).
fn icon_and_class(x: &Xvfb, window: &str) -> (Vec<u32>, String) {
    let icon = x.run(
        "xprop",
        &[
            "-id",
            window,
            "-f",
            "_NET_WM_ICON",
            "32c",
            " = $0+\\n",
            "_NET_WM_ICON",
        ],
    );
    let numbers = icon
        .split_once(" = ")
        .map(|(_, n)| n.split(',').filter_map(|v| v.trim().parse().ok()).collect())
        .unwrap_or_default();
    let class = x.run("xprop", &["-id", window, "WM_CLASS"]);
    (numbers, class.trim().to_owned())
}

/// What the launcher should put in `_NET_WM_ICON` for an icon file.
fn expected_icon(path: Option<&Path>) -> Vec<u32> {
    let icon = launcher::icons::window_icon(path);
    let mut cardinals = vec![icon.width, icon.height];
    cardinals.extend(icon.rgba.chunks(4).map(|p| {
        u32::from(p[3]) << 24 | u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2])
    }));
    cardinals
}

/// Asserts that `window` has the launcher's `WM_CLASS` and, as its
/// `_NET_WM_ICON`, the icon of `icon` (the launcher's own if `None`).
fn assert_icon_and_class(x: &Xvfb, window: &str, title: &str, icon: Option<&Path>) {
    let (pixels, class) = wait_for("an icon", Duration::from_secs(20), || {
        let (pixels, class) = icon_and_class(x, window);
        (!pixels.is_empty()).then_some((pixels, class))
    });
    assert_eq!(
        class,
        format!("WM_CLASS(STRING) = \"\", \"{}\"", launcher::APP_ID),
        "{title}"
    );
    assert_eq!(&pixels[..2], [32, 32], "{title}: a 32x32 icon");
    let whose = if icon.is_some() {
        "the game's"
    } else {
        "the launcher's"
    };
    assert!(
        pixels == expected_icon(icon),
        "{title}: the icon is {whose}"
    );
}

/// Issue 17 (7): the console, a game's window opened from it and a
/// `--play` window all carry an icon (`_NET_WM_ICON`: the launcher's, and
/// the game's own) and the one `WM_CLASS` class of the launcher, so that
/// taskbars group them.
#[test]
fn windows_have_their_icon_and_share_the_launchers_wm_class() {
    let games = GamesDir::new();
    let chat_noir = games.add_bundled("chat-noir", "chat_noir");
    let icon = chat_noir.join("chat-noir.png");
    let dir = games.path().to_str().unwrap();
    for (run, play) in [("console", false), ("play", true)] {
        // A server of its own for each run, as `run_in_xvfb` does.
        let x = Xvfb::start(&games.path().join(format!("xvfb-{run}")));
        let shot = games.path().join(format!("{run}.png"));
        let mut args = vec!["--games-dir", dir];
        if play {
            args.extend(["--play", "chat-noir"]);
        }
        args.extend(["--screenshot", shot.to_str().unwrap()]);
        // Time enough to open a game on a machine busy with the whole test
        // suite (and the console's background checks); the launcher exits
        // once the screenshot is taken.
        args.extend(["--screenshot-delay", if play { "10" } else { "40" }]);
        let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
        let mut launcher = LauncherInX::start(&x, games.path(), &args);
        if play {
            let window = window_named(&x, &mut launcher, "Chat Noir");
            assert_icon_and_class(&x, &window, "--play", Some(&icon));
        } else {
            let console = window_named(&x, &mut launcher, "PLT Games");
            assert_icon_and_class(&x, &console, "the console", None);
            let game = open_chat_noir_from_console(&x, &mut launcher, &console);
            assert_icon_and_class(&x, &game, "a game opened from the console", Some(&icon));
        }
        launcher.assert_exits_successfully();
    }
}

/// The real launcher remembers its player in the platform's directories
/// (here the temporary `XDG_STATE_HOME` and `XDG_CONFIG_HOME` that
/// `support::isolate` gives it): what was played, and where and how big
/// the console was, which the next console keeps instead of fitting itself.
#[test]
fn the_launcher_remembers_what_was_played_and_the_consoles_size() {
    let games = GamesDir::new();
    games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
    let dir = games.path();
    let games_dir = dir.to_str().unwrap();
    let shot = dir.join("shot.png");
    let shot = shot.to_str().unwrap();
    run_in_xvfb(
        dir,
        &[
            "--games-dir",
            games_dir,
            "--play",
            "hello-game",
            "--screenshot",
            shot,
            "--screenshot-delay",
            "1",
        ],
        "Hello Game",
    );
    let plays = dir.join("no-user-state/game-launcher/plays.toml");
    let plays = std::fs::read_to_string(&plays).expect("plays.toml in the state directory");
    assert!(plays.contains("[games.hello-game]"), "{plays}");
    assert!(plays.contains("times-played = 1"), "{plays}");

    let console = [
        "--games-dir",
        games_dir,
        "--screenshot",
        shot,
        "--screenshot-delay",
        "1",
    ];
    run_in_xvfb(dir, &console, "PLT Games");
    let settings = dir.join("no-user-config/game-launcher/settings.toml");
    let written =
        std::fs::read_to_string(&settings).expect("settings.toml in the config directory");
    assert!(written.contains("[console-window]"), "{written}");

    // A size of the player's own: the next console opens at it.
    std::fs::write(
        &settings,
        "[console-window]\nx = 10.0\ny = 10.0\nwidth = 700.0\nheight = 500.0\n",
    )
    .unwrap();
    run_in_xvfb(dir, &console, "PLT Games");
    let (width, height, _) = png_facts(Path::new(shot));
    assert_eq!(
        (width, height),
        (700, 500),
        "the remembered size, not fitted"
    );
}

/// The real launcher resumes a game from the state directory of its
/// platform (here the temporary `XDG_STATE_HOME` of `support::isolate`):
/// the counter fixture's title says its count, read after the resume. A
/// save the game refuses is set aside and the game starts afresh.
#[test]
fn a_saved_game_resumes_in_the_real_launcher_and_a_bad_one_is_set_aside() {
    use launcher::midend::Snapshot;
    use launcher::saves::{SavedGame, save_path};
    let games = GamesDir::new();
    games.add_with_library(
        "counter",
        "game = \"counter\"\nname = \"Counter\"\n",
        "counter",
    );
    let dir = games.path();
    let state = dir.join("no-user-state/game-launcher");
    let save = save_path(&state, "counter");
    let saved = SavedGame {
        game: "counter".into(),
        snapshot: Snapshot {
            start: b"counter:2:2:false".as_slice().into(),
            state: b"counter:2:7:false".as_slice().into(),
            withheld: Default::default(),
        },
        played: Duration::from_secs(42),
        counted: false,
    };
    saved.write(&save).unwrap();
    let shot = dir.join("shot.png");
    let args = [
        "--games-dir",
        dir.to_str().unwrap(),
        "--play",
        "counter",
        "--screenshot",
        shot.to_str().unwrap(),
        "--screenshot-delay",
        "1",
    ];
    // The title is read after the resume: seven, not a new game's zero.
    run_in_xvfb(dir, &args, "Counter 7");
    assert!(save.is_file(), "the save stays for the next time");

    std::fs::write(&save, b"game-launcher save 1\ngame = counter\nnonsense").unwrap();
    run_in_xvfb(dir, &args, "Counter 0");
    assert!(!save.exists());
    assert!(save.with_extension("save.corrupt").is_file(), "set aside");
}

/// A game's window opens where the player left it, at the size they gave
/// it (`[windows."game:<dir>"]` in settings.toml), instead of fitting its
/// canvas; the launcher writes it back when it closes.
#[test]
fn a_game_window_reopens_at_its_remembered_size() {
    let games = GamesDir::new();
    games.add_bundled("chat-noir", "chat_noir");
    let dir = games.path();
    let settings = dir.join("no-user-config/game-launcher/settings.toml");
    std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
    std::fs::write(
        &settings,
        "[windows.\"game:chat-noir\"]\nx = 40.0\ny = 30.0\nwidth = 720.0\nheight = 640.0\n",
    )
    .unwrap();
    let x = Xvfb::start(&dir.join("xvfb-memory"));
    let shot = dir.join("shot.png");
    let args = [
        "--games-dir",
        dir.to_str().unwrap(),
        "--screenshot",
        shot.to_str().unwrap(),
        "--screenshot-delay",
        "40",
    ];
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    let mut launcher = LauncherInX::start(&x, dir, &args);
    let console = window_named(&x, &mut launcher, "PLT Games");
    let game = open_chat_noir_from_console(&x, &mut launcher, &console);
    // The window system may take a moment to apply the size.
    let geometry = wait_for("the remembered size", Duration::from_secs(20), || {
        let g = x.run("xdotool", &["getwindowgeometry", &game]);
        g.contains("Geometry: 720x640").then_some(g)
    });
    assert!(geometry.contains("Geometry: 720x640"), "{geometry}");
    launcher.assert_exits_successfully();
    let written = std::fs::read_to_string(&settings).unwrap();
    assert!(
        written.contains("[windows.\"game:chat-noir\"]"),
        "{written}"
    );
    assert!(written.contains("width = 720.0"), "{written}");
}

/// Issue 15, bug 1: a game with the largest canvas the docs allow (8192 ×
/// 8192) opens in a window the screen can hold, its canvas scaled down,
/// instead of ending the launcher with a wgpu error about the surface size.
#[test]
fn the_largest_canvas_opens_scaled_into_a_window_the_screen_holds() {
    let games = GamesDir::new();
    games.add_with_library("canvas-max", "game = \"canvas_max\"\n", "canvas_max");
    let dir = games.path();
    let shot = dir.join("shot.png");
    let args = [
        "--games-dir",
        dir.to_str().unwrap(),
        "--play",
        "canvas-max",
        "--screenshot",
        shot.to_str().unwrap(),
        "--screenshot-delay",
        "1",
    ];
    run_in_xvfb(dir, &args, "Canvas Max");
    let (width, height, colours) = png_facts(&shot);
    // The virtual screen is 1024 × 768.
    assert!(width <= 1024 && height <= 768, "{width} × {height}");
    assert!(colours > 2, "the board is drawn: {colours} colours");
}

/// Issue 15, bug 3: `--play` on a game that cannot start (built for another
/// ABI version, or panicking while it starts) closes
/// its window as the console would, says why on stderr, and exits with a
/// failure, without waiting for the player.
#[test]
fn play_of_a_game_that_cannot_run_says_why_on_stderr_and_fails() {
    let games = GamesDir::new();
    games.add_with_library(
        "future",
        "game = \"wrong_abi\"\nname = \"Future\"\n",
        "wrong_abi",
    );
    games.add_with_library("panic-start", "game = \"panic_start\"\n", "panic_start");
    let dir = games.path();
    for (game, says) in [
        ("future", "was built for game ABI version 999"),
        ("panic-start", "panicked"),
    ] {
        let x = Xvfb::start(&dir.join(format!("xvfb-{game}")));
        // No --screenshot: only the failure may end this launcher.
        let args = ["--games-dir", dir.to_str().unwrap(), "--play", game];
        let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
        let (status, stderr) = LauncherInX::start(&x, dir, &args).wait_for_exit();
        assert!(!status.success(), "{game}: {status}");
        assert!(
            stderr.contains("plt-games: ") && stderr.contains(says),
            "{game}: {stderr}"
        );
    }
}

/// Issue 10: in a real window, a game that aborts on a click, and one that
/// hangs on its first event, take down their own process only. The
/// launcher keeps running its window (it takes its screenshot seconds
/// later and exits normally), and the game's canvas is gone (the stopped
/// window shows why instead) or greyed (not responding).
#[test]
fn a_crash_or_a_hang_in_a_real_window_leaves_the_launcher_running() {
    for (dir_name, base, colour) in [
        ("abort-click", "abort_click", [200, 60, 60]),
        ("hang-event", "hang_event", [60, 60, 200]),
    ] {
        let games = GamesDir::new();
        games.add_with_library(dir_name, &format!("game = \"{base}\"\n"), base);
        let x = Xvfb::start(&games.path().join("xvfb"));
        let shot = games.path().join("shot.png");
        let args = [
            "--games-dir",
            games.path().to_str().unwrap(),
            "--play",
            dir_name,
            "--not-responding-after",
            "0.5",
            "--screenshot",
            shot.to_str().unwrap(),
            "--screenshot-delay",
            "8",
        ];
        let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
        let mut launcher = LauncherInX::start(&x, games.path(), &args);
        let title = if dir_name == "abort-click" {
            "Abort Click"
        } else {
            "Hang Event"
        };
        let window = window_named(&x, &mut launcher, title);
        std::thread::sleep(Duration::from_secs(2));
        // The middle of the window is the canvas's.
        let geometry = x.run("xdotool", &["getwindowgeometry", "--shell", &window]);
        let value = |key: &str| -> u32 {
            geometry
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{key}=")))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(200)
        };
        let (x_mid, y_mid) = (value("WIDTH") / 2, value("HEIGHT") / 2);
        x.run(
            "xdotool",
            &[
                "mousemove",
                "--window",
                &window,
                &x_mid.to_string(),
                &y_mid.to_string(),
                "click",
                "1",
            ],
        );
        launcher.assert_running(&format!("the launcher after {title}'s fault"));
        launcher.assert_exits_successfully();
        assert!(
            extent_of(&shot, colour).is_none(),
            "{title}: its canvas's colour is gone (stopped) or greyed (not responding)"
        );
        let (_, _, colours) = png_facts(&shot);
        assert!(colours > 5, "{title}: the window drew something");
    }
}

/// Issue 30, bug 5: a game window remembered at a place that no longer
/// holds it (a larger screen then, or a window manager that put it low)
/// opens wholly on the screen, at its remembered size.
#[test]
fn a_game_window_remembered_off_the_screen_opens_wholly_on_it() {
    let games = GamesDir::new();
    games.add_bundled("chat-noir", "chat_noir");
    let dir = games.path();
    let settings = dir.join("no-user-config/game-launcher/settings.toml");
    std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
    // The screen is 1024 × 768: this place would hide the bottom 392 rows
    // and the right 214 columns.
    std::fs::write(
        &settings,
        "[windows.\"game:chat-noir\"]\nx = 700.0\ny = 600.0\nwidth = 538.0\nheight = 560.0\n",
    )
    .unwrap();
    let x = Xvfb::start(&dir.join("xvfb-off-screen"));
    let args = ["--games-dir".as_ref(), dir.as_os_str()];
    let mut launcher = LauncherInX::start(&x, dir, &args);
    let console = window_named(&x, &mut launcher, "PLT Games");
    let game = open_chat_noir_from_console(&x, &mut launcher, &console);
    let (gx, gy, w, h) = support::steady_geometry(&x, &game);
    assert_eq!((w, h), (538, 560), "the remembered size");
    assert!(
        gx >= 0 && gy >= 0 && gx + w as i32 <= 1024 && gy + h as i32 <= 768,
        "wholly on the 1024 × 768 screen: at {gx},{gy}, {w} × {h}"
    );
    launcher.stop();
}
