//! How a game process ended, and what it was doing, in words a player
//! understands, with the technical details beside them.

use crate::protocol::Call;
use game_api::Event;
use std::fmt;

/// What a game process was doing: the call it was handling when it
/// stopped answering or ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Activity {
    /// Loading its library (its initialisers run then).
    LoadingLibrary,
    /// Starting the game (its `new`).
    Starting,
    /// A pointer press, release or double click.
    Click,
    /// A key press or release.
    Key,
    /// The pointer moving over, into or out of the canvas.
    PointerMove,
    /// The wheel or the touchpad.
    Scroll,
    /// A tick of its clock.
    Tick,
    /// Drawing its canvas.
    Drawing,
    /// One of its controls (an action), by id.
    Action(String),
    /// Telling its canvas size, title, status, controls, regions, game ID,
    /// outcome or notes: the name of what it was asked.
    Telling(&'static str),
    /// Saving its state.
    Saving,
    /// Loading a saved state.
    LoadingState,
    /// Starting a new game (from a seed or a game ID).
    NewGame,
    /// Closing.
    Closing,
    /// Taking the file the player chose for it.
    FileChosen,
    /// Laying its canvas out to the window.
    Layout,
}

impl Activity {
    /// What the game was doing while handling `call`.
    pub fn of(call: &Call) -> Activity {
        match call {
            Call::CanvasSize => Activity::Telling("canvas size"),
            Call::Title => Activity::Telling("title"),
            Call::Status => Activity::Telling("status line"),
            Call::Draw => Activity::Drawing,
            Call::HandleEvent(event) => match event {
                Event::PointerPress { .. }
                | Event::PointerRelease { .. }
                | Event::DoubleClick { .. } => Activity::Click,
                Event::KeyPress { .. } | Event::KeyRelease { .. } => Activity::Key,
                Event::PointerMove { .. } | Event::PointerEnter { .. } | Event::PointerLeave => {
                    Activity::PointerMove
                }
                Event::Scroll { .. } => Activity::Scroll,
                Event::Tick { .. } => Activity::Tick,
            },
            Call::Actions => Activity::Telling("controls"),
            Call::Regions => Activity::Telling("labelled regions"),
            Call::InvokeAction { id, .. } => Activity::Action(id.clone()),
            Call::Save => Activity::Saving,
            Call::Load(_) => Activity::LoadingState,
            Call::NewGame(_) | Call::StartFromGameId(_) => Activity::NewGame,
            Call::GameId => Activity::Telling("game ID"),
            Call::Outcome => Activity::Telling("outcome"),
            Call::Notes => Activity::Telling("notes"),
            Call::Close => Activity::Closing,
            Call::FileChosen(_) => Activity::FileChosen,
            Call::Layout(_) => Activity::Layout,
            Call::ScoreKind => Activity::Telling("kind of score"),
            Call::Clock { .. } => Activity::Telling("clock"),
            Call::IfRedrawn => Activity::Telling("whether to redraw"),
        }
    }
}

impl fmt::Display for Activity {
    /// "while handling a click", "while drawing", "while starting".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Activity::LoadingLibrary => write!(f, "while loading its library"),
            Activity::Starting => write!(f, "while starting"),
            Activity::Click => write!(f, "while handling a click"),
            Activity::Key => write!(f, "while handling a key"),
            Activity::PointerMove => write!(f, "while following the pointer"),
            Activity::Scroll => write!(f, "while handling a scroll"),
            Activity::Tick => write!(f, "while its clock ticked"),
            Activity::Drawing => write!(f, "while drawing"),
            Activity::Action(id) => write!(f, "while running its control \"{id}\""),
            Activity::Telling(what) => write!(f, "while telling its {what}"),
            Activity::Saving => write!(f, "while saving"),
            Activity::LoadingState => write!(f, "while loading a saved game"),
            Activity::NewGame => write!(f, "while starting a new game"),
            Activity::Closing => write!(f, "while closing"),
            Activity::FileChosen => write!(f, "while taking the file the player chose"),
            Activity::Layout => write!(f, "while laying itself out to the window"),
        }
    }
}

/// Why a game process ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExitCause {
    /// A signal that means a crash (a segmentation fault, a bus error, an
    /// illegal instruction, an arithmetic error).
    Crashed {
        /// The signal's number.
        signal: i32,
    },
    /// It aborted (`SIGABRT`: `abort()`, a Rust panic that could not
    /// unwind, a failed assertion in C).
    Aborted,
    /// Its stack overflowed (Rust says so before it aborts).
    StackOverflow,
    /// An allocation failed at the memory limit (or without one, when the
    /// system had no more).
    OutOfMemory {
        /// The limit the process ran under, in bytes.
        limit: Option<u64>,
    },
    /// It ended the process itself (`exit`), with this code.
    Exited {
        /// The exit code.
        code: i32,
    },
    /// It closed when the console asked it to (its game ended normally).
    Closed,
    /// The console stopped it (Stop, or closing a window that was not
    /// responding).
    Stopped,
    /// Another signal ended it (someone killed it, or the system did).
    Killed {
        /// The signal's number.
        signal: i32,
    },
    /// Its game could not start (the library could not be loaded, or its
    /// `new` failed), so it ended; the reason, for the player.
    CouldNotStart(String),
    /// It said something the console could not understand, or closed its
    /// side of the conversation; the console ended it.
    Protocol(String),
}

/// How a game process ended: the cause, what it was doing, and what it
/// printed, for the player (`Display`: "it crashed (segmentation fault)
/// while handling a click") and for the Details ([`ExitReport::details`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExitReport {
    /// Why it ended.
    pub cause: ExitCause,
    /// What it was doing, if it was handling a call.
    pub during: Option<Activity>,
    /// Its exit code, if it exited.
    pub code: Option<i32>,
    /// The signal that ended it, if one did.
    pub signal: Option<i32>,
    /// The last 64 KiB it printed (stdout and stderr), lossily decoded.
    pub output: String,
}

/// The conventional name of a signal ("SIGSEGV").
pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        31 => "SIGSYS",
        _ => "a signal",
    }
}

/// What a crash signal means, in a player's words.
fn crash_words(signal: i32) -> &'static str {
    match signal {
        4 => "illegal instruction",
        7 => "bus error",
        8 => "arithmetic error",
        11 => "segmentation fault",
        31 => "forbidden system call",
        _ => "signal",
    }
}

pub use crate::bytes::format_bytes;

impl ExitCause {
    /// Works out the cause from how the process ended and what it printed.
    /// `stopped` says the console killed it; `limit` is its memory limit.
    pub fn judge(
        code: Option<i32>,
        signal: Option<i32>,
        output: &str,
        stopped: bool,
        limit: Option<u64>,
    ) -> ExitCause {
        if stopped {
            return ExitCause::Stopped;
        }
        // Rust's own last words: std prints them before it aborts.
        if output.contains("has overflowed its stack") {
            return ExitCause::StackOverflow;
        }
        // Anywhere in what was kept: a backtrace may follow the message.
        let out_of_memory = output.lines().any(|line| {
            (line.contains("memory allocation of") && line.contains("failed"))
                || line.contains("std::bad_alloc")
                || line.contains("out of memory")
        });
        if out_of_memory && (signal.is_some() || code.is_some_and(|c| c != 0)) {
            return ExitCause::OutOfMemory { limit };
        }
        match (signal, code) {
            (Some(6), _) => ExitCause::Aborted,
            (Some(signal @ (4 | 7 | 8 | 11 | 31)), _) => ExitCause::Crashed { signal },
            (Some(signal), _) => ExitCause::Killed { signal },
            (None, Some(code)) => ExitCause::Exited { code },
            (None, None) => ExitCause::Killed { signal: 0 },
        }
    }

    /// The cause, for the player: "it crashed (segmentation fault)".
    pub fn summary(&self) -> String {
        match self {
            ExitCause::Crashed { signal } => format!("it crashed ({})", crash_words(*signal)),
            ExitCause::Aborted => "it aborted".into(),
            ExitCause::StackOverflow => "its stack overflowed".into(),
            ExitCause::OutOfMemory { limit: Some(limit) } => {
                format!("it ran out of memory (limit {})", format_bytes(*limit))
            }
            ExitCause::OutOfMemory { limit: None } => "it ran out of memory".into(),
            ExitCause::Exited { code } => format!("it quit on its own (exit code {code})"),
            ExitCause::Closed => "it closed".into(),
            ExitCause::Stopped => "it was stopped".into(),
            ExitCause::Killed { signal } => {
                format!("it was killed ({})", signal_name(*signal))
            }
            ExitCause::CouldNotStart(why) => format!("it could not start: {why}"),
            ExitCause::Protocol(what) => {
                format!("it broke the launcher's protocol ({what}) and was stopped")
            }
        }
    }
}

impl ExitReport {
    /// The cause and what the game was doing, for the player: "it crashed
    /// (segmentation fault) while handling a click" (also `Display`).
    pub fn summary(&self) -> String {
        match &self.during {
            Some(during) => format!("{} {during}", self.cause.summary()),
            None => self.cause.summary(),
        }
    }

    /// The technical details, for a Details toggle: the signal or exit code
    /// and the last lines the game printed.
    pub fn details(&self) -> String {
        let mut details = Vec::new();
        if let Some(signal) = self.signal {
            details.push(format!(
                "Ended by signal {signal} ({}).",
                signal_name(signal)
            ));
        }
        if let Some(code) = self.code {
            details.push(format!("Exit code {code}."));
        }
        let last = self.last_lines(20);
        if last.is_empty() {
            details.push("It printed nothing.".into());
        } else {
            details.push(format!("The last lines it printed:\n{last}"));
        }
        details.join("\n")
    }

    /// The last `n` lines the game printed (fewer if it printed fewer).
    pub fn last_lines(&self, n: usize) -> String {
        let lines: Vec<&str> = self.output.lines().collect();
        lines[lines.len().saturating_sub(n)..].join("\n")
    }
}

impl fmt::Display for ExitReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(code: Option<i32>, signal: Option<i32>, output: &str) -> String {
        ExitCause::judge(code, signal, output, false, Some(2 << 30)).summary()
    }

    #[test]
    fn each_end_is_said_in_a_players_words() {
        assert_eq!(judge(None, Some(11), ""), "it crashed (segmentation fault)");
        assert_eq!(judge(None, Some(6), "boom"), "it aborted");
        assert_eq!(
            judge(
                None,
                Some(6),
                "\nthread 'main' has overflowed its stack\nfatal runtime error: stack overflow\n"
            ),
            "its stack overflowed"
        );
        assert_eq!(
            judge(None, Some(6), "memory allocation of 1048576 bytes failed\n"),
            "it ran out of memory (limit 2 GiB)"
        );
        assert_eq!(judge(Some(0), None, ""), "it quit on its own (exit code 0)");
        assert_eq!(judge(None, Some(9), ""), "it was killed (SIGKILL)");
        assert_eq!(
            ExitCause::judge(None, Some(9), "", true, None).summary(),
            "it was stopped"
        );
    }

    #[test]
    fn a_report_names_what_the_game_was_doing_and_keeps_the_details() {
        let report = ExitReport {
            cause: ExitCause::Crashed { signal: 11 },
            during: Some(Activity::Click),
            code: None,
            signal: Some(11),
            output: "one\ntwo\nthree\n".into(),
        };
        assert_eq!(
            report.to_string(),
            "it crashed (segmentation fault) while handling a click"
        );
        assert_eq!(report.last_lines(2), "two\nthree");
        let details = report.details();
        assert!(details.contains("signal 11 (SIGSEGV)"), "{details}");
        assert!(details.contains("one\ntwo\nthree"), "{details}");
    }

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(format_bytes(2 << 30), "2 GiB");
        assert_eq!(format_bytes(512 << 20), "512 MiB");
        assert_eq!(format_bytes(1536 << 20), "1.5 GiB");
        assert_eq!(format_bytes(1000 << 20), "1000 MiB");
        assert_eq!(format_bytes(100), "100 bytes");
    }
}
