//! Surviving the window system: what the launcher does when another program
//! on the same X server destroys one of its windows or closes its
//! connection (any X client may do either to any window: X has no access
//! control between the clients of one display).
//!
//! Neither can be undone from inside the process: winit unwraps the reply
//! of a request about a window that is gone and panics (`BadWindow`,
//! winit 0.30 `platform_impl/linux/x11/window.rs`, `inner_position_physical`
//! and `inner_size_physical`; eframe ignores `WindowEvent::Destroyed`), and
//! Xlib ends the process from its I/O error handler when the connection
//! breaks. So the launcher does what a session manager would: it starts
//! itself again, in the same process ([`restart`]: `exec` of its own binary
//! with the same arguments, so the same process id for whoever started it).
//! The new console opens the games that were open, each resumed from its
//! resume file (written after every move), as at any start.
//!
//! Restarts are counted (`GAME_LAUNCHER_RESTARTS`, passed on to the new
//! image): after [`MOST_RESTARTS`] the launcher ends instead, saying why,
//! so that a program that keeps destroying its windows cannot keep it
//! restarting forever.

use std::ffi::OsString;
use std::sync::{Mutex, PoisonError};

/// The environment variable that carries the restarts so far to the
/// restarted launcher.
pub const RESTARTS_ENV: &str = "GAME_LAUNCHER_RESTARTS";

/// How many times one launcher restarts itself after losing its windows
/// before it gives up.
pub const MOST_RESTARTS: u32 = 3;

/// What the last panic from the window system's code (winit's X11
/// backend, not the launcher's own) said, kept by the panic hook.
static WINDOW_SYSTEM_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Installs what lets the launcher survive the window system: a panic hook
/// that tells a window-system panic from a bug (keeping the former's
/// message for [`window_system_panic`] instead of printing a backtrace),
/// and, on X11, an Xlib I/O error handler that restarts the launcher when
/// its connection is closed.
pub fn install() {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let from_winit_x11 = info.location().is_some_and(|l| {
            let file = l.file();
            file.contains("winit") && file.contains("x11")
        });
        if from_winit_x11 {
            let what = info
                .payload()
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| info.payload().downcast_ref::<&str>().copied())
                .unwrap_or("an X error");
            *WINDOW_SYSTEM_PANIC
                .lock()
                .unwrap_or_else(PoisonError::into_inner) = Some(what.to_owned());
        } else {
            default_hook(info);
        }
    }));
    #[cfg(target_os = "linux")]
    x11::handle_io_errors();
}

/// Why the window system panicked, in the player's words, if the last
/// panic was its (see [`install`]).
pub fn window_system_panic() -> Option<String> {
    let said = WINDOW_SYSTEM_PANIC
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()?;
    Some(panic_reason(&said))
}

/// What a panic of winit's X11 backend means: its message is the `Debug`
/// of x11rb's error, a broken connection or an X error naming the request
/// (a window that is gone is the only error such a request can get).
fn panic_reason(said: &str) -> String {
    if said.contains("Connection(") {
        return "another program closed the launcher's connection to the X server".to_owned();
    }
    let request = said
        .split_once("request_name: Some(\"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(name, _)| name);
    match request {
        Some(request) => {
            format!("another program destroyed a window of the launcher (an X error in {request})")
        }
        None => {
            let said: String = said.chars().take(200).collect();
            format!("the X server failed a window of the launcher ({said})")
        }
    }
}

/// Watches the X connection of the console's window (`cc`) from a thread
/// of its own: when the server closes it, the console is woken, so that it
/// notices at once (winit, idle, would wait for the next input that never
/// comes) and starts again. Nothing where the window is not an X one.
pub fn watch_connection(cc: &eframe::CreationContext<'_>) {
    #[cfg(target_os = "linux")]
    x11::watch_connection(cc);
    #[cfg(not(target_os = "linux"))]
    let _ = cc;
}

/// The restarts this launcher has made so far (0 for a launcher the player
/// started).
pub fn restarts_so_far() -> u32 {
    std::env::var(RESTARTS_ENV)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// Starts the launcher again in this process, with the same arguments,
/// after `why` (said on stderr): the console and the games that were open
/// come back. Returns only if it cannot (too many restarts already, or
/// `exec` failed), having said why; the caller then ends the launcher.
pub fn restart(why: &str) {
    let done = restarts_so_far();
    if done >= MOST_RESTARTS {
        eprintln!(
            "plt-games: {why}; it has started again {done} times already, so it ends now. \
             Your games are saved: start the launcher again to go on with them."
        );
        return;
    }
    eprintln!("plt-games: {why}; the launcher starts again, your games where you left them");
    let program = match std::env::current_exe() {
        Ok(program) => program,
        Err(e) => {
            eprintln!(
                "plt-games: cannot find its own executable to start again ({e}). \
                 Your games are saved: start the launcher again to go on with them."
            );
            return;
        }
    };
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    #[cfg(target_os = "linux")]
    end_game_processes(&program);
    use std::os::unix::process::CommandExt;
    // Every file the launcher opened is close-on-exec (Rust's default), so
    // nothing of this launcher's stays open in the new one; the new console
    // reopens the games from their resume files.
    let e = std::process::Command::new(program)
        .args(args)
        .env(RESTARTS_ENV, (done + 1).to_string())
        .exec();
    eprintln!(
        "plt-games: cannot start again ({e}). Your games are saved: start the launcher \
         again to go on with them."
    );
}

/// Ends and reaps the launcher's game (and check) processes, its children
/// running its own binary, before it starts again: none is left running,
/// and none stays a zombie under the new image, which knows nothing of
/// them. Other children (a browser opened for a manual) are left alone,
/// unless they have ended (then they are reaped).
/// Each game saved its position after its last move.
#[cfg(target_os = "linux")]
fn end_game_processes(program: &std::path::Path) {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return;
    };
    let children: Vec<libc::pid_t> = tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|list| {
            list.split_whitespace()
                .filter_map(|pid| pid.parse().ok())
                .collect::<Vec<_>>()
        })
        .collect();
    for pid in children {
        let ours = std::fs::read_link(format!("/proc/{pid}/exe")).is_ok_and(|exe| exe == program);
        // A game that has ended already has no executable left to read.
        let ended = std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            stat.rsplit_once(") ")
                .is_some_and(|(_, rest)| rest.starts_with('Z'))
        });
        if ours || ended {
            // SAFETY: plain system calls on a child's pid, which stays ours
            // (not reused) until it is reaped here.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

#[cfg(target_os = "linux")]
mod x11 {
    //! The Xlib I/O error handler: Xlib calls it when the connection to the
    //! X server breaks (`XKillClient`, the server ending) and ends the
    //! process with status 1 if it returns.

    use std::os::raw::c_int;

    /// Installs the handler, where winit will use X11 (no Wayland display)
    /// and libX11 loads.
    pub(super) fn handle_io_errors() {
        let wayland = std::env::var_os("WAYLAND_DISPLAY").is_some_and(|d| !d.is_empty());
        if wayland || std::env::var_os("DISPLAY").is_none() {
            return;
        }
        let Ok(xlib) = x11_dl::xlib::Xlib::open() else {
            return;
        };
        // Kept loaded for the life of the process: the handler is libX11's
        // state, which unloading would lose.
        let xlib = XLIB.get_or_init(|| xlib);
        // SAFETY: XSetIOErrorHandler only stores the function pointer; the
        // handler has the signature libX11 calls it with.
        unsafe { (xlib.XSetIOErrorHandler)(Some(connection_lost)) };
    }

    /// libX11, once [`handle_io_errors`] has loaded it.
    static XLIB: std::sync::OnceLock<x11_dl::xlib::Xlib> = std::sync::OnceLock::new();

    /// See [`super::watch_connection`].
    pub(super) fn watch_connection(cc: &eframe::CreationContext<'_>) {
        use raw_window_handle::{HasDisplayHandle, RawDisplayHandle};
        let (Some(xlib), Ok(handle)) = (XLIB.get(), cc.display_handle()) else {
            return;
        };
        let RawDisplayHandle::Xlib(handle) = handle.as_raw() else {
            return;
        };
        let Some(display) = handle.display else {
            return;
        };
        // SAFETY: the display winit opened, alive for the whole process
        // (eframe keeps its event loop).
        let fd = unsafe { (xlib.XConnectionNumber)(display.as_ptr().cast()) };
        let ctx = cc.egui_ctx.clone();
        let watch = move || {
            // Only the server's end closing wakes this, not its messages.
            let mut watched = libc::pollfd {
                fd,
                events: libc::POLLRDHUP,
                revents: 0,
            };
            loop {
                // SAFETY: one valid pollfd, for the duration of the call.
                let ready = unsafe { libc::poll(&mut watched, 1, -1) };
                if ready > 0 {
                    if watched.revents & (libc::POLLRDHUP | libc::POLLHUP | libc::POLLERR) != 0 {
                        ctx.request_repaint();
                    }
                    return;
                }
                if ready < 0
                    && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
                {
                    return;
                }
            }
        };
        let _ = std::thread::Builder::new()
            .name("X connection watch".into())
            .spawn(watch);
    }

    /// Restarts the launcher; ends it (status 1, as Xlib's own handler
    /// does) if it cannot. Nothing may unwind out of here into Xlib.
    unsafe extern "C" fn connection_lost(_display: *mut x11_dl::xlib::Display) -> c_int {
        let _ = std::panic::catch_unwind(|| {
            super::restart("another program closed the launcher's connection to the X server");
        });
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::panic_reason;

    #[test]
    fn winit_panics_are_told_in_the_players_words() {
        assert_eq!(
            panic_reason(
                "called `Result::unwrap()` on an `Err` value: X11(X11Error { error_kind: Window, \
                 error_code: 3, sequence: 588, bad_value: 2097154, minor_opcode: 0, \
                 major_opcode: 40, extension_name: None, request_name: Some(\"TranslateCoordinates\") })"
            ),
            "another program destroyed a window of the launcher (an X error in TranslateCoordinates)"
        );
        assert_eq!(
            panic_reason(
                "called `Result::unwrap()` on an `Err` value: Connection(IoError(Custom { kind: \
                 Other, error: UnknownError }))"
            ),
            "another program closed the launcher's connection to the X server"
        );
        assert_eq!(
            panic_reason("Failed to open input method"),
            "the X server failed a window of the launcher (Failed to open input method)"
        );
    }
}
