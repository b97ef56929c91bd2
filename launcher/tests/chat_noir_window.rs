//! Chat Noir in a real window: `plt-games --play chat-noir` on a virtual X
//! server started by `xvfb-run`, clicked with xdotool like a player would,
//! and its screenshot read back (Debian packages `xvfb`, `xauth` and
//! `xdotool`; `.ci/run` installs them).
//!
//! The test sees the screen through Xvfb's own framebuffer file (`-fbdir`,
//! an XWD image kept up to date by the server), so it needs no screen
//! grabber. It finds the board on the screen by its white background,
//! reads which circles are blocked, clicks free circles far from the cat,
//! checks each turns black, and finally counts the black circles in the
//! launcher's `--screenshot`.

mod support;

use chat_noir::render::{canvas_size, cell_center};
use chat_noir::{Board, Pos};
use launcher_tests::GamesDir;
use std::collections::BTreeSet;
use std::time::Duration;
use support::{LauncherInX, Picture, Xvfb, wait_for};

/// Where the board is in a picture: its top-left corner and scale.
#[derive(Clone, Copy, Debug)]
struct Canvas {
    x: f32,
    y: f32,
    scale: f32,
}

/// The canvas of the 11×11 board: the box around the runs of at least 40
/// white pixels (the board's white background shows all round its
/// circles, and nothing else in the dark window is white).
fn find_canvas(picture: &Picture) -> Option<Canvas> {
    const WHITE: [u8; 3] = [255, 255, 255];
    let (mut left, mut top, mut right, mut bottom) = (u32::MAX, u32::MAX, 0, 0);
    for y in 0..picture.height {
        let mut run = 0;
        for x in 0..picture.width {
            if picture.at(x, y) == WHITE {
                run += 1;
                if run >= 40 {
                    left = left.min(x + 1 - run);
                    right = right.max(x);
                    top = top.min(y);
                    bottom = bottom.max(y);
                }
            } else {
                run = 0;
            }
        }
    }
    if left > right || top > bottom {
        return None;
    }
    let size = canvas_size(11);
    // Anti-aliased edges may lose a pixel on each side.
    let scale = (right + 1 - left) as f32 / size.x;
    let height = (bottom + 1 - top) as f32 / scale;
    ((height - size.y).abs() < 4.0).then_some(Canvas {
        x: left as f32,
        y: top as f32,
        scale,
    })
}

/// Where the circle of `q` is checked: 15 pixels below its centre, clear
/// of the dots (radius 10) and of the cat (whose drawing ends 13 below).
fn probe(canvas: Canvas, q: Pos) -> (u32, u32) {
    let c = cell_center(q);
    (
        (canvas.x + c.x * canvas.scale).round() as u32,
        (canvas.y + (c.y + 15.0) * canvas.scale).round() as u32,
    )
}

/// The blocked circles of the 11×11 board in `picture`, and the free ones.
fn read_board(picture: &Picture, canvas: Canvas) -> (BTreeSet<Pos>, BTreeSet<Pos>) {
    try_read_board(picture, canvas).unwrap_or_else(|why| panic!("{why}"))
}

/// [`read_board`], or why a circle is neither black nor light blue (in a
/// frame drawn while the cat walks between two circles, it may cover one).
fn try_read_board(
    picture: &Picture,
    canvas: Canvas,
) -> Result<(BTreeSet<Pos>, BTreeSet<Pos>), String> {
    let (mut blocked, mut free) = (BTreeSet::new(), BTreeSet::new());
    for (q, _) in Board::empty(11).unwrap().cells() {
        let (x, y) = probe(canvas, q);
        match picture.at(x, y) {
            [r, g, b] if r < 40 && g < 40 && b < 40 => blocked.insert(q),
            [r, g, b] if r.abs_diff(135) < 20 && g.abs_diff(206) < 20 && b.abs_diff(250) < 20 => {
                free.insert(q)
            }
            other => {
                return Err(format!(
                    "the circle {q} is neither black nor light blue: {other:?}"
                ));
            }
        };
    }
    Ok((blocked, free))
}

/// The game window's id and its rectangle on the screen.
fn find_window(x: &Xvfb) -> Option<(String, [u32; 4])> {
    let id = x
        .run(
            "xdotool",
            &["search", "--onlyvisible", "--name", "^Chat Noir$"],
        )
        .lines()
        .next()?
        .to_owned();
    let geometry = x.run("xdotool", &["getwindowgeometry", "--shell", &id]);
    let value = |key: &str| -> Option<u32> {
        geometry
            .lines()
            .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))?
            .parse()
            .ok()
    };
    Some((
        id,
        [value("X")?, value("Y")?, value("WIDTH")?, value("HEIGHT")?],
    ))
}

#[test]
fn clicks_in_a_real_chat_noir_window_block_circles() {
    let games = GamesDir::new();
    games.add_bundled("chat-noir", "chat_noir");
    let x = Xvfb::start(&games.path().join("framebuffer"));
    let shot = games.path().join("chat-noir.png");
    let games_dir = games.path().as_os_str();
    let mut launcher = LauncherInX::start(
        &x,
        games.path(),
        &[
            "--games-dir".as_ref(),
            games_dir,
            "--play".as_ref(),
            "chat-noir".as_ref(),
            "--screenshot".as_ref(),
            shot.as_os_str(),
            // Time for the clicks below, counted from the window's first frame.
            "--screenshot-delay".as_ref(),
            "30".as_ref(),
        ],
    );

    let screen = || Picture::from_xwd(&std::fs::read(&x.framebuffer).ok()?);
    // The window, with the board drawn at its natural size once the window
    // has taken the game's size (it opens at the launcher's default size).
    let mut last = None;
    let (window, canvas) = wait_for(
        "the Chat Noir window showing the board at its natural size",
        Duration::from_secs(60),
        || {
            launcher.assert_running("the board showed");
            let (id, [wx, wy, w, h]) = find_window(&x)?;
            let shown = screen()?.crop(wx, wy, w, h);
            let canvas = find_canvas(&shown)?;
            last = Some((w, h, canvas));
            ((canvas.scale - 1.0).abs() < 0.02).then_some((id, canvas))
        },
    );
    let (w, h, _) = last.expect("seen");
    // As wide as the toolbar's rows: the launcher's commands, the Game ID
    // field (showing the whole ID), then the game's own controls.
    assert_eq!(
        (w, h),
        (518, 559),
        "the window is the board plus the chrome"
    );
    let board_now = || {
        let (_, [wx, wy, w, h]) = find_window(&x).expect("the window is there");
        let picture = screen().expect("the screen").crop(wx, wy, w, h);
        try_read_board(&picture, canvas)
    };
    let (blocked, free) = board_now().unwrap_or_else(|why| panic!("{why}"));
    assert_eq!(blocked.len(), 6, "a new game has six blocked circles");

    // Click three free circles far from the middle, where the cat starts;
    // each turns black (the cat, needing five steps, is still on the board).
    let mut targets: Vec<Pos> = free.into_iter().collect();
    targets.sort_by_key(|q| std::cmp::Reverse((q.x - 5).pow(2) + (q.y - 5).pow(2)));
    for (n, &q) in targets.iter().take(3).enumerate() {
        let c = cell_center(q);
        let (px, py) = (
            (canvas.x + c.x * canvas.scale).round() as u32,
            (canvas.y + c.y * canvas.scale).round() as u32,
        );
        let (px, py) = (px.to_string(), py.to_string());
        x.run(
            "xdotool",
            &["mousemove", "--sync", "--window", &window, &px, &py],
        );
        std::thread::sleep(Duration::from_millis(150));
        x.run("xdotool", &["click", "1"]);
        wait_for(
            &format!("{q} to turn black"),
            Duration::from_secs(10),
            || {
                // A frame caught while the cat walks is read again.
                let (blocked, _) = board_now().ok()?;
                (blocked.contains(&q) && blocked.len() == 7 + n).then_some(())
            },
        );
    }
    // The pointer leaves the board.
    x.run("xdotool", &["mousemove", "--window", &window, "2", "2"]);

    launcher.assert_exits_successfully();
    let picture = Picture::from_png(&shot);
    let canvas = find_canvas(&picture).expect("the board is in the screenshot");
    let (blocked, free) = read_board(&picture, canvas);
    assert!(
        blocked.len() > 6,
        "more black circles than the initial six: {}",
        blocked.len()
    );
    assert_eq!(blocked.len(), 9);
    assert_eq!(blocked.len() + free.len(), 119);
}

/// Issue 15, bug 2: the root window's title (`--play`) follows the game's
/// `title()` after every change, as a window of its own does. The counter
/// fixture's title is "Counter <count>"; a click on its canvas (found on
/// the screen by its colour) makes it "Counter 1".
#[test]
fn the_play_windows_title_follows_the_games_title() {
    let games = GamesDir::new();
    games.add_with_library(
        "counter",
        "game = \"counter\"\nname = \"Counter\"\n",
        "counter",
    );
    let x = Xvfb::start(&games.path().join("framebuffer"));
    let shot = games.path().join("counter.png");
    let mut launcher = LauncherInX::start(
        &x,
        games.path(),
        &[
            "--games-dir".as_ref(),
            games.path().as_os_str(),
            "--play".as_ref(),
            "counter".as_ref(),
            "--screenshot".as_ref(),
            shot.as_os_str(),
            "--screenshot-delay".as_ref(),
            // Only a safety net on a busy machine: the test stops the
            // launcher once the title has changed.
            "120".as_ref(),
        ],
    );
    let screen = || Picture::from_xwd(&std::fs::read(&x.framebuffer).ok()?);
    const CANVAS: [u8; 3] = [200, 230, 200];
    // Where the canvas is now: the window may still be fitted to its
    // toolbar after it first shows, which moves the canvas, so each click
    // looks again.
    let canvas_centre = || {
        let picture = screen()?;
        let (mut min, mut max) = ((u32::MAX, u32::MAX), (0, 0));
        for y in 0..picture.height {
            for x in 0..picture.width {
                if picture.at(x, y) == CANVAS {
                    min = (min.0.min(x), min.1.min(y));
                    max = (max.0.max(x), max.1.max(y));
                }
            }
        }
        (max.0 > min.0 + 20 && max.1 > min.1 + 20)
            .then(|| ((min.0 + max.0) / 2, (min.1 + max.1) / 2))
    };
    wait_for(
        "the counter's canvas on the screen",
        Duration::from_secs(60),
        || {
            launcher.assert_running("the canvas showed");
            let found = x.run(
                "xdotool",
                &["search", "--onlyvisible", "--name", "^Counter 0$"],
            );
            found.lines().next()?;
            canvas_centre()
        },
    );
    // Any count above 0 shows the title followed the game: on a busy
    // machine a second click may land before the first one's redraw, so
    // the test does not insist on "Counter 1", and it clicks again only
    // after giving the first click three seconds.
    let what = "a title \"Counter N\" (N > 0) after a click";
    let mut last_click: Option<std::time::Instant> = None;
    wait_for(what, Duration::from_secs(60), || {
        launcher.assert_running(what);
        if x.run("xdotool", &["search", "--name", "^Counter [1-9][0-9]*$"])
            .lines()
            .next()
            .is_some()
        {
            return Some(());
        }
        if last_click.is_none_or(|at| at.elapsed() > Duration::from_secs(3))
            && let Some((cx, cy)) = canvas_centre()
        {
            let (cx, cy) = (cx.to_string(), cy.to_string());
            x.run("xdotool", &["mousemove", &cx, &cy, "click", "1"]);
            last_click = Some(std::time::Instant::now());
        }
        None
    });
    launcher.stop();
}

/// Issue 39: no click is lost or reordered. A player's quick clicks — the
/// pointer moved, a short hover, press and release at once (one frame) —
/// on a game slower than a frame (`slow-answer`: 200 ms an event or a
/// read, counting only whole clicks: a release after its press at the same
/// place) each reach the game, in order, however its answers fall.
#[test]
fn quick_clicks_on_a_slow_game_all_reach_it_in_order() {
    let (_games, x, mut launcher) = support::play_fixture(
        "slow_answer",
        "Slow Answer",
        &[("SLOW_ANSWER_WHOLE_CLICKS", "1")],
    );
    let (min, max) = support::still_box_of(
        &x,
        &mut launcher,
        [200, 200, 230],
        "the slow game's canvas, still",
        || {
            x.run("xdotool", &["search", "--name", "^Slow Answer 0$"])
                .lines()
                .next()
                .is_some()
        },
    );
    for n in 1..=3u32 {
        // A different place each time, away from the edges.
        let px = (min.0 + (max.0 - min.0) * (n + 1) / 6).to_string();
        let py = (min.1 + (max.1 - min.1) * (4 - n) / 5).to_string();
        x.run("xdotool", &["mousemove", "--sync", &px, &py]);
        // The player's short hover, then a click with no pause between
        // press and release.
        std::thread::sleep(Duration::from_millis(150));
        x.run("xdotool", &["click", "1"]);
        let title = format!("^Slow Answer {n}(, .*)?$");
        let what = format!("the game counting click {n}");
        assert_eq!(
            support::title_matching(&x, &mut launcher, &title, &what),
            format!("Slow Answer {n}"),
            "every press and release reached the game, in order"
        );
    }
    launcher.stop();
}

/// Issue 39: pointer moves over a canvas that change nothing shown are
/// answered between frames (no pass of egui for them), and still reach
/// the game once each, and before the press that follows them: a player's
/// moves, a short hover and a quick click (press and release at once),
/// three times, in a real window. `pointer-trail` counts what came twice
/// or out of place.
#[test]
fn moves_answered_between_frames_reach_the_game_once_and_before_the_click() {
    let (_games, x, mut launcher) = support::play_fixture("pointer_trail", "Pointer Trail", &[]);
    let (min, max) = support::still_box_of(
        &x,
        &mut launcher,
        [210, 220, 200],
        "the trail's canvas, still",
        || true,
    );
    // Across the canvas's left half, where nothing the game shows changes
    // with the pointer.
    let at = |fx: u32, fy: u32| {
        (
            (min.0 + (max.0 - min.0) * fx / 100).to_string(),
            (min.1 + (max.1 - min.1) * fy / 100).to_string(),
        )
    };
    for n in 1..=3u32 {
        for step in 0..8 {
            let (px, py) = at(5 + 5 * step, 20 + 8 * step + n);
            x.run("xdotool", &["mousemove", "--sync", &px, &py]);
        }
        std::thread::sleep(Duration::from_millis(150));
        x.run("xdotool", &["click", "1"]);
        let title = format!("^Trail {n} clicks");
        let what = format!("the game counting click {n}");
        assert_eq!(
            support::title_matching(&x, &mut launcher, &title, &what),
            format!("Trail {n} clicks, 0 repeated, 0 out of place"),
            "every move reached the game once, each press where the pointer was"
        );
    }
    launcher.stop();
}

/// Issue 30, bugs 1 and 2: a player drags the corner of Chat Noir's window
/// (opened from the console, under a window manager) out by 90 × 60: the
/// window keeps the size and place they gave it — it used to flip between
/// two places two or three times a second, forever — and repaints: the
/// board is shown larger, centred in the new canvas area.
#[test]
fn a_resized_chat_noir_window_keeps_its_size_and_place_and_repaints() {
    let games = GamesDir::new();
    games.add_bundled("chat-noir", "chat_noir");
    let x = Xvfb::start(&games.path().join("framebuffer"));
    let _manager = x.window_manager();
    let games_dir = games.path().as_os_str();
    let mut launcher = LauncherInX::start(&x, games.path(), &["--games-dir".as_ref(), games_dir]);
    let console = support::window_named(&x, &mut launcher, "PLT Games");
    let window = support::open_chat_noir_from_console(&x, &mut launcher, &console);
    // Where the larger window still fits on the screen (a window manager
    // moves a window that would not).
    support::steady_geometry(&x, &window);
    x.run("xdotool", &["windowmove", &window, "100", "60"]);
    let (px, py, w, h) = support::steady_geometry(&x, &window);
    let screen = || Picture::from_xwd(&std::fs::read(&x.framebuffer).ok()?);
    let canvas_now = || {
        let (wx, wy, w, h) = support::window_geometry(&x, &window)?;
        find_canvas(&screen()?.crop(wx as u32, wy as u32, w, h))
    };
    let before = wait_for(
        "the board in the window",
        Duration::from_secs(60),
        canvas_now,
    );

    let (w2, h2) = (w + 90, h + 60);
    x.run(
        "xdotool",
        &["windowsize", &window, &w2.to_string(), &h2.to_string()],
    );
    let after = support::steady_geometry(&x, &window);
    assert_eq!(
        after,
        (px, py, w2, h2),
        "the size the player gave, in place"
    );
    launcher.assert_running("the window was resized");
    // The board is drawn again at the new size: larger by the 60 points of
    // height the canvas gained (its width grew more), centred across.
    let scale = (canvas_size(11).y + 60.0) / canvas_size(11).y * before.scale;
    let canvas = wait_for(
        "the board drawn at the window's new size",
        Duration::from_secs(60),
        || canvas_now().filter(|c| (c.scale - scale).abs() < 0.03),
    );
    let board_width = canvas_size(11).x * canvas.scale;
    let margin_left = canvas.x;
    let margin_right = w2 as f32 - canvas.x - board_width;
    assert!(
        (margin_left - margin_right).abs() < 4.0,
        "centred across: {margin_left} and {margin_right} either side"
    );
    launcher.stop();
}
