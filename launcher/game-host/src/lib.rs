//! Every game in a process of its own (issue 10): a game that crashes,
//! aborts, hangs or eats all memory takes down its own process, never the
//! console nor another game.
//!
//! * [`protocol`]: what the console and a game process say to each other,
//!   framed on the pipes between them (postcard, length-prefixed, capped).
//! * [`child`]: the game process: loads one game library with
//!   `game_api::host`, answers calls, passes on what the game asks of its
//!   host; its stdout can never reach the pipe, its memory is limited.
//! * [`client`]: the console's [`GameProcess`]: spawns the process, never
//!   blocks for longer than asked, tells a game that is not responding from
//!   one that ended, and why it ended ([`ExitReport`]).
//! * [`repeats`]: the game's view read again after every event, sent as
//!   what changed (a frame as the commands that differ from the last).
//! * [`checks`]: what the console checks in every answer.
//! * [`checker`]: a game checked before it is trusted (`--list`, the
//!   console's background checks): a game process started, drawn once and
//!   closed, judged from its answers.
//! * [`progress`]: which call a game process is running, in a page of
//!   memory it shares with the console.
//! * [`report`]: how a process ended, in a player's words.
//! * [`namespaces`]: the game process's namespaces, and [`init`]: the
//!   stand-in init of its PID namespace (every descendant of a game dies
//!   with it), and [`mounts`]: the game's own root (no other file is
//!   there to be seen).
//! * [`sandbox`]: what a game process may touch (Landlock, on Linux),
//!   and [`seccomp`]: what it may ask of the kernel (a system-call filter).
//! * [`usage`]: how much CPU a game process uses, watched from a thread
//!   of the console.
//! * [`given_time`]: the time a game process was given (the time that
//!   passed less its wait for a CPU), by which it is judged not responding
//!   or hung: a busy machine never makes a good game look hung.
//!
//! This crate knows nothing of egui: the launcher gives the game process a
//! text measurer ([`child::Measure`]) and draws the recorded frames itself.

#![warn(missing_docs)]

pub mod bytes;
pub mod checker;
pub mod checks;
pub mod child;
pub mod client;
pub mod given_time;
pub mod init;
#[cfg(target_os = "linux")]
pub mod mounts;
pub mod namespaces;
pub mod progress;
pub mod protocol;
pub mod repeats;
pub mod report;
pub mod sandbox;
pub mod seccomp;
pub mod usage;

pub use client::{
    DEFAULT_ANSWER_WITHIN, DEFAULT_MEMORY_LIMIT, GameProcess, HostCommand, OUTPUT_TAIL, Options,
    ProcessError, ProcessState, Ticket, View, Waker,
};
pub use protocol::{Answer, Call, Frame, Notification, Started};
pub use report::{Activity, ExitCause, ExitReport};
pub use sandbox::Sandbox;
