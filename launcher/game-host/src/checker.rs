//! Checking a game before it is trusted, judged by the console.
//!
//! [`Checker`] starts the game in a game process of its own, exactly as a
//! window does (the same program, sandbox, memory limit and protocol), asks
//! it what a window asks for its first frame (canvas size, title, status
//! line, controls, a frame and what the host changed) and closes it. The
//! verdict is the console's, made from those answers and from how the
//! process ended ([`ExitReport`]): nothing a game prints, and nothing it
//! writes to any descriptor, can make it pass. What it printed is only
//! quoted, with its control characters made visible.
//!
//! The check is background work: its process runs at
//! [`CHECK_NICENESS`], and every step waits at most what is left of the
//! check's time limit. That limit counts the time the game was given
//! ([`crate::given_time`]: the time that passed less its wait for a CPU):
//! on a machine busy with other work a niced check may wait long to run,
//! and a good game is never called hung for it; a game that sleeps or
//! spins still is.

use crate::client::{GameProcess, HostCommand, Options, ProcessError};
use crate::given_time::RunQueue;
use crate::protocol::{Answer, Call, Frame};
use crate::report::{ExitCause, ExitReport};
use crate::sandbox::CHECK_NICENESS;
use game_api::Point;
use launcher_core::budget::first_frame_warning;
use launcher_core::check::{CheckGame, CheckOutcome, visible};
use std::path::{Path, PathBuf};
use std::task::Poll;
use std::time::Duration;

/// The flag that makes the launcher binary a game process.
const GAME_HOST_FLAG: &str = "--game-host";

/// How many of the last lines a game printed are quoted when it fails.
const QUOTED_LINES: usize = 3;

/// Checks games in game processes run by the launcher binary `launcher`
/// (with `--game-host`).
#[derive(Clone, Debug)]
pub struct Checker {
    /// The launcher binary.
    pub launcher: PathBuf,
    /// How long a whole check (start, first frame, close) may take, in the
    /// time the game was given, before the game process is stopped and the
    /// game called hung.
    pub timeout: Duration,
    /// The game process's memory limit in bytes (`None`: unlimited), as a
    /// window's.
    pub memory_limit: Option<u64>,
    /// Whether the game process is confined as a window's (off only with
    /// `--no-sandbox`): a library's code runs as it loads, so checking it
    /// is running it.
    pub sandbox: bool,
}

impl Checker {
    /// Checks with `launcher`, at most `timeout` per game, with the memory
    /// limit `memory_limit` and the sandbox on.
    pub fn new(launcher: PathBuf, timeout: Duration, memory_limit: Option<u64>) -> Checker {
        Checker {
            launcher,
            timeout,
            memory_limit,
            sandbox: true,
        }
    }

    /// Checks the game whose library is `library`.
    pub fn check(&self, library: &Path) -> CheckOutcome {
        let options = Options {
            memory_limit: self.memory_limit,
            // Not responding is the deadline's to say.
            answer_within: self.timeout,
            data_dir: None,
            pixels_per_point: 1.0,
            waker: None,
            sandbox: self.sandbox,
            niceness: CHECK_NICENESS,
        };
        let host = HostCommand::new(&self.launcher, &[GAME_HOST_FLAG]);
        let shown = library.display();
        let process = match GameProcess::spawn(&host, library, options) {
            Ok(process) => process,
            Err(e) => return CheckOutcome::Broken(format!("{shown}: cannot check the game: {e}")),
        };
        let run_queue = RunQueue::new(process.pid());
        let start = run_queue.stamp();
        let left = || {
            let given = run_queue.given_since(&start, self.timeout);
            self.timeout.saturating_sub(given)
        };
        let outcome = within(&left, |wait| match process.started(wait) {
            Poll::Pending => Err(Failure::Late),
            Poll::Ready(Err(e)) => Err(Failure::Process(e)),
            Poll::Ready(Ok(_)) => Ok(()),
        })
        .and_then(|()| within(&left, |wait| first_frame(&process, wait)))
        .and_then(|warnings| {
            close(&process, &left)?;
            Ok(warnings)
        });
        match outcome {
            Ok(warnings) => CheckOutcome::Fine(warnings),
            Err(failure) => {
                let judged = self.judge(library, &process, failure);
                // Dropping the process stops it, with any process it left.
                drop(process);
                judged
            }
        }
    }

    /// The outcome of a check that failed.
    fn judge(&self, library: &Path, process: &GameProcess, failure: Failure) -> CheckOutcome {
        let shown = library.display();
        match failure {
            Failure::Late => {
                let during = process
                    .activity()
                    .map_or_else(String::new, |during| format!(" {during}"));
                CheckOutcome::Hung(format!(
                    "{shown}: the game did not start, draw its first frame and close within {} s: \
                     it gave no answer{during}; it may hang, and its window would then say it is \
                     not responding",
                    self.timeout.as_secs_f64()
                ))
            }
            Failure::Process(ProcessError::Exited(report)) => {
                CheckOutcome::Broken(format!("{shown}: {}", ended(&report)))
            }
            Failure::Process(
                ProcessError::NotResponding { .. } | ProcessError::NoAnswer { .. },
            ) => self.judge(library, process, Failure::Late),
            Failure::Process(ProcessError::Call(e)) => {
                CheckOutcome::Broken(format!("{shown}: {e}"))
            }
            Failure::Process(ProcessError::CannotStart(why)) => {
                // The loader's words name the library already.
                match why.contains(&*shown.to_string()) {
                    true => CheckOutcome::Broken(why),
                    false => CheckOutcome::Broken(format!("{shown}: {why}")),
                }
            }
            // A check reads no save; no other call answers this.
            Failure::Process(e @ (ProcessError::CannotSend(_) | ProcessError::SaveTooLarge(_))) => {
                CheckOutcome::Broken(format!("{shown}: cannot check the game: {e}"))
            }
            Failure::Answer(what) => CheckOutcome::Broken(format!(
                "{shown}: the game process answered {what}, which no game process sends"
            )),
        }
    }
}

impl CheckGame for Checker {
    fn check(&self, library: &Path) -> CheckOutcome {
        Checker::check(self, library)
    }
}

/// Why a check failed.
enum Failure {
    /// The deadline passed.
    Late,
    /// The game process failed a call or ended.
    Process(ProcessError),
    /// An answer of the wrong kind (a forged reply).
    Answer(&'static str),
}

impl From<ProcessError> for Failure {
    fn from(e: ProcessError) -> Failure {
        Failure::Process(e)
    }
}

/// What a window asks for its first frame, in one message, and what the
/// answers tell: the host's notes (texts it changed, shapes it dropped)
/// and what the window's frame budget would cut at the canvas's own size.
fn first_frame(process: &GameProcess, wait: Duration) -> Result<Vec<String>, Failure> {
    let calls = vec![
        Call::CanvasSize,
        Call::Title,
        Call::Status,
        Call::Actions,
        Call::Draw,
    ];
    let answers = process.calls_within(calls, wait)?;
    let mut answers = answers.into_iter();
    let mut next = || match answers.next() {
        Some(Ok(answer)) => Ok(answer),
        Some(Err(e)) => Err(Failure::Process(ProcessError::Call(e))),
        None => Err(Failure::Answer("fewer answers than calls")),
    };
    let canvas = match next()? {
        Answer::CanvasSize(size) => size,
        _ => return Err(Failure::Answer("something else than its canvas size")),
    };
    for _ in 0..3 {
        next()?;
    }
    let frame = match next()? {
        Answer::Frame(frame) => frame,
        _ => return Err(Failure::Answer("something else than a frame")),
    };
    Ok(warnings(&frame, canvas))
}

/// The warnings of a first frame drawn on a canvas of `canvas`.
fn warnings(frame: &Frame, canvas: Point) -> Vec<String> {
    let mut warnings = frame.notes.clone();
    warnings.extend(frame.report.describe());
    warnings.extend(first_frame_warning(&frame.shapes, canvas));
    warnings
}

/// Runs `step`, giving it what is `left` of the check's time each time,
/// until it is done or no time is left: a step that ran out of time on
/// the wall clock waits again for as long as the game was kept waiting to
/// run.
fn within<T>(
    left: &dyn Fn() -> Duration,
    mut step: impl FnMut(Duration) -> Result<T, Failure>,
) -> Result<T, Failure> {
    loop {
        let wait = left();
        if wait.is_zero() {
            return Err(Failure::Late);
        }
        match step(wait) {
            Err(Failure::Late | Failure::Process(ProcessError::NoAnswer { .. })) => continue,
            done => return done,
        }
    }
}

/// Closes the game and waits for its process to end as a closed game's
/// does.
fn close(process: &GameProcess, left: &dyn Fn() -> Duration) -> Result<(), Failure> {
    let ticket = process.send(vec![Call::Close])?;
    within(left, |wait| match process.poll(&ticket, wait) {
        Poll::Pending => Err(Failure::Late),
        Poll::Ready(Err(e)) => Err(Failure::Process(e)),
        Poll::Ready(Ok(mut answers)) => match answers.pop() {
            Some(Ok(_)) => Ok(()),
            Some(Err(e)) => Err(Failure::Process(ProcessError::Call(e))),
            None => Err(Failure::Process(ProcessError::CannotSend(
                "no answer came back".into(),
            ))),
        },
    })?;
    within(left, |wait| match process.wait_exit(wait) {
        Some(ExitReport {
            cause: ExitCause::Closed,
            ..
        }) => Ok(()),
        Some(report) => Err(Failure::Process(ProcessError::Exited(report))),
        None => Err(Failure::Late),
    })
}

/// How a game process ended, with the game as the subject, and the last
/// lines it printed quoted: "the game crashed (segmentation fault) while
/// drawing (it printed: …)".
fn ended(report: &ExitReport) -> String {
    let summary = report.summary();
    let said = if let Some(rest) = summary.strip_prefix("its ") {
        format!("the game's {rest}")
    } else if let Some(rest) = summary.strip_prefix("it ") {
        format!("the game {rest}")
    } else {
        summary
    };
    let printed = last_lines(&report.output, QUOTED_LINES);
    if printed.is_empty() {
        said
    } else {
        format!("{said} (it printed: {printed})")
    }
}

/// The last `n` non-empty lines of `text`, joined with " / ", control
/// characters made visible, at most 600 characters.
fn last_lines(text: &str, n: usize) -> String {
    let mut lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .rev()
        .take(n)
        .collect();
    lines.reverse();
    let joined = visible(&lines.join(" / "));
    match joined.char_indices().nth(600) {
        Some((cut, _)) => format!("{}...", &joined[..cut]),
        None => joined,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(cause: ExitCause, output: &str) -> ExitReport {
        ExitReport {
            cause,
            during: Some(crate::report::Activity::Drawing),
            code: None,
            signal: None,
            output: output.into(),
        }
    }

    #[test]
    fn an_ended_check_names_the_game_and_quotes_it_visibly() {
        assert_eq!(
            ended(&report(ExitCause::Crashed { signal: 11 }, "")),
            "the game crashed (segmentation fault) while drawing"
        );
        assert_eq!(
            ended(&report(
                ExitCause::StackOverflow,
                "one\n\ntwo\nthree\nfour\n"
            )),
            "the game's stack overflowed while drawing (it printed: two / three / four)"
        );
        assert_eq!(
            ended(&report(ExitCause::Exited { code: 0 }, "\u{1b}[31mred\n")),
            "the game quit on its own (exit code 0) while drawing (it printed: \\u{1b}[31mred)"
        );
    }
}
