//! Another program on the same X server attacks the launcher's windows
//! (issue 26): it destroys the console's window, destroys a game's window,
//! or closes the launcher's whole connection (`XKillClient`). Any X client
//! can do all three. The launcher starts again in the same process (see
//! `launcher::window_system`): the console and Chat Noir come back, the
//! game where the player left it, and it plays on. After three restarts
//! it ends instead, saying so.
//!
//! The attacks are X requests made here with x11rb, on the test's own
//! `xvfb-run` server (Debian packages `xvfb`, `xauth`, `x11-utils` and
//! `xdotool`; `.ci/run` installs them).

mod support;

use launcher_tests::GamesDir;
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::Duration;
use support::{LauncherInX, Xvfb, open_chat_noir_from_console, wait_for, window_named};
use x11rb::protocol::xproto::{ClientMessageEvent, ConnectionExt as _, EventMask, Window};
use x11rb::rust_connection::{DefaultStream, RustConnection};

/// A client of `x`'s display, authorised with the cookie `xvfb-run` made
/// (read with `xauth`), as any program of the same user could be.
fn attacker(x: &Xvfb) -> RustConnection {
    let number = x.display.trim_start_matches(':');
    let listing = std::process::Command::new("xauth")
        .args(["-f", &x.xauthority, "list"])
        .output()
        .expect("xauth runs (apt-get install xauth)");
    let listing = String::from_utf8_lossy(&listing.stdout);
    let (name, cookie) = listing
        .lines()
        .find_map(|line| {
            let mut fields = line.split_whitespace();
            let display = fields.next()?;
            let name = fields.next()?;
            let cookie = fields.next()?;
            display
                .ends_with(&format!(":{number}"))
                .then(|| (name.to_owned(), cookie.to_owned()))
        })
        .unwrap_or_default();
    let cookie: Vec<u8> = (0..cookie.len() / 2)
        .map(|i| u8::from_str_radix(&cookie[2 * i..2 * i + 2], 16).expect("a hex cookie"))
        .collect();
    let socket =
        UnixStream::connect(format!("/tmp/.X11-unix/X{number}")).expect("the display's socket");
    let (stream, _) = DefaultStream::from_unix_stream(socket).expect("a stream");
    RustConnection::connect_to_stream_with_auth_info(stream, 0, name.into_bytes(), cookie)
        .expect("the attacker connects to the X server")
}

/// An id as xdotool prints it, as an X window.
fn window_id(text: &str) -> Window {
    text.trim().parse().expect("a window id")
}

/// The resume file of Chat Noir in the launcher's state directory under
/// `dir` (see `support::isolate`).
fn chat_noir_save(dir: &Path) -> std::path::PathBuf {
    launcher::saves::save_path(&dir.join("no-user-state/game-launcher"), "chat-noir")
}

/// Clicks circles of Chat Noir's board in `window`, one after another,
/// until the resume file differs from what it was: a move was made and
/// saved. Returns the file's bytes.
fn make_a_move(x: &Xvfb, launcher: &mut LauncherInX, window: &str, dir: &Path) -> Vec<u8> {
    let save = chat_noir_save(dir);
    let before = std::fs::read(&save).ok();
    let (_, _, width, height) = support::steady_geometry(x, window);
    // Across the board's upper rows, away from the cat in the middle.
    let mut spots = (1..10u32).map(|i| (width * i / 10, height / 3)).cycle();
    let what = "a move in Chat Noir to be saved";
    wait_for(what, Duration::from_secs(60), || {
        launcher.assert_running(what);
        let now = std::fs::read(&save).ok();
        if now.is_some() && now != before {
            return now;
        }
        let (cx, cy) = spots.next().expect("endless");
        x.run(
            "xdotool",
            &[
                "mousemove",
                "--window",
                window,
                &cx.to_string(),
                &cy.to_string(),
                "click",
                "1",
            ],
        );
        std::thread::sleep(Duration::from_millis(300));
        None
    })
}

/// Waits until the X server has done all `conn` asked (a round trip).
fn sync(conn: &RustConnection) {
    conn.get_input_focus()
        .expect("get_input_focus is sent")
        .reply()
        .expect("the X server answers");
}

/// Whether the launcher's process now runs a started-again image: its
/// environment counts a restart.
fn restarted(pid: u32) -> bool {
    std::fs::read(format!("/proc/{pid}/environ"))
        .map(|env| {
            env.split(|b| *b == 0)
                .any(|var| var.starts_with(b"GAME_LAUNCHER_RESTARTS="))
        })
        .unwrap_or(false)
}

/// Asks the window manager's way (`WM_DELETE_WINDOW`) for `window` to
/// close, as the close button does.
fn close_like_the_player(conn: &RustConnection, window: Window) {
    let atom = |name: &str| {
        conn.intern_atom(false, name.as_bytes())
            .expect("intern_atom is sent")
            .reply()
            .expect("an atom")
            .atom
    };
    let protocols = atom("WM_PROTOCOLS");
    let delete = atom("WM_DELETE_WINDOW");
    let event = ClientMessageEvent::new(32, window, protocols, [delete, 0, 0, 0, 0]);
    conn.send_event(false, window, EventMask::NO_EVENT, event)
        .expect("send_event is sent");
    sync(conn);
}

/// The attack `attack` (made with the attacker's connection on the console's
/// window and Chat Noir's) after a move in Chat Noir: the launcher keeps its
/// process, starts again, shows the console and Chat Noir again, the game
/// plays on from the saved move, and it closes normally afterwards.
fn survives(attack: impl FnOnce(&RustConnection, Window, Window)) {
    let games = GamesDir::new();
    games.add_bundled("chat-noir", "chat_noir");
    let dir = games.path();
    let x = Xvfb::start(&dir.join("xvfb"));
    let args = ["--games-dir", dir.to_str().unwrap()];
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    let mut launcher = LauncherInX::start(&x, dir, &args);
    let console = window_named(&x, &mut launcher, "PLT Games");
    let game = open_chat_noir_from_console(&x, &mut launcher, &console);
    let saved = make_a_move(&x, &mut launcher, &game, dir);

    let conn = attacker(&x);
    attack(&conn, window_id(&console), window_id(&game));
    sync(&conn);

    let pid = launcher.pid();
    let what = "the launcher to start again after the attack";
    wait_for(what, Duration::from_secs(60), || {
        launcher.assert_running(what);
        restarted(pid).then_some(())
    });
    // The windows of the image started again (the old one's went with it).
    let console = window_named(&x, &mut launcher, "PLT Games");
    let game = window_named(&x, &mut launcher, "Chat Noir");
    assert_eq!(
        std::fs::read(chat_noir_save(dir)).ok().as_deref(),
        Some(saved.as_slice()),
        "Chat Noir resumed from the move saved before the attack"
    );
    make_a_move(&x, &mut launcher, &game, dir);

    close_like_the_player(&conn, window_id(&console));
    let (status, said) = launcher.wait_for_exit();
    assert!(
        status.success(),
        "the launcher closed normally ({status}):\n{said}"
    );
    assert!(
        said.contains("the launcher starts again, your games where you left them"),
        "the launcher said why it started again:\n{said}"
    );
    let settings = std::fs::read_to_string(dir.join("no-user-config/game-launcher/settings.toml"))
        .expect("settings.toml");
    assert!(
        settings.contains("open-games = [\"chat-noir\"]"),
        "Chat Noir opens with the next launcher:\n{settings}"
    );
}

#[test]
fn the_launcher_survives_another_program_destroying_its_console_window() {
    survives(|conn, console, _| {
        conn.destroy_window(console)
            .expect("destroy_window is sent");
    });
}

#[test]
fn the_launcher_survives_another_program_destroying_a_game_window() {
    survives(|conn, _, game| {
        conn.destroy_window(game).expect("destroy_window is sent");
    });
}

#[test]
fn the_launcher_survives_another_program_closing_its_x_connection() {
    survives(|conn, console, _| {
        conn.kill_client(console).expect("kill_client is sent");
    });
}

/// A launcher that has started again three times already ends at the next
/// attack instead of starting again (so a program that keeps destroying its
/// windows cannot keep it restarting), saying so, and fails; the game that
/// was open is still listed to open at the next start.
#[test]
fn after_three_restarts_the_launcher_ends_saying_the_games_are_saved() {
    let games = GamesDir::new();
    games.add_bundled("chat-noir", "chat_noir");
    let dir = games.path();
    let settings = dir.join("no-user-config/game-launcher/settings.toml");
    std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
    std::fs::write(&settings, "open-games = [\"chat-noir\"]\n").unwrap();
    let x = Xvfb::start(&dir.join("xvfb"));
    let mut child = x
        .client(&mut support::launcher_in(dir))
        .args(["--games-dir", dir.to_str().unwrap()])
        .env(launcher::window_system::RESTARTS_ENV, "3")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the launcher starts");
    let what = "Chat Noir to open as the launcher starts";
    let game = wait_for(what, Duration::from_secs(60), || {
        if let Some(status) = child.try_wait().expect("the launcher runs") {
            let mut said = String::new();
            let _ = std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut said);
            panic!("the launcher exited ({status}) before {what}:\n{said}");
        }
        let found = x.run("xdotool", &["search", "--name", "^Chat Noir$"]);
        found.lines().next().map(window_id)
    });

    let conn = attacker(&x);
    conn.destroy_window(game).expect("destroy_window is sent");
    sync(&conn);
    let status = wait_for("the launcher to end", Duration::from_secs(60), || {
        child.try_wait().expect("the launcher runs")
    });
    let mut said = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut said).unwrap();
    assert_eq!(status.code(), Some(1), "the launcher fails:\n{said}");
    assert!(
        said.contains("it has started again 3 times already, so it ends now")
            && said.contains("Your games are saved"),
        "the launcher said why it ends:\n{said}"
    );
    let written = std::fs::read_to_string(&settings).unwrap();
    assert!(
        written.contains("open-games = [\"chat-noir\"]"),
        "Chat Noir opens with the next launcher:\n{written}"
    );
}
