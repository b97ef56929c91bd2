//! Checking a game before it is trusted: started, drawn once and closed
//! without a window, once per library file per session ([`SessionChecks`]),
//! by the console in the background (to mark a broken game before it is
//! clicked), by `--list`/`--check` for its report, and by `--install-game`.
//!
//! The console checks a game in a game process of its own, as a window runs
//! it, and judges it from that process's answers: `game_host::checker`
//! implements [`CheckGame`] (it lives beside the protocol, which this crate
//! does not know). A game that aborts, crashes, calls `exit` or hangs while
//! loading, starting or drawing its first frame costs one line, not the
//! whole report, and nothing it prints can pass for a verdict.
//! [`check_on_thread`] checks a library loaded into this process, for tests
//! and tools.

use crate::loader::{ProbeError, probe_within};
use game_api::host::GameLibrary;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;
use std::time::SystemTime;

/// What checking a game found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckOutcome {
    /// The game started, drew and closed; the launcher changed or dropped
    /// these things it returned (warnings).
    Fine(Vec<String>),
    /// It cannot be played: why, for the player.
    Broken(String),
    /// It did not finish starting, drawing and closing in time: it may
    /// hang (its window would say it is not responding).
    Hung(String),
}

impl CheckOutcome {
    /// Whether the game passed.
    pub fn is_fine(&self) -> bool {
        matches!(self, CheckOutcome::Fine(_))
    }
}

/// What checks a game library: the console's checker
/// (`game_host::checker::Checker`), or a stand-in in tests.
pub trait CheckGame: Send + Sync {
    /// Checks the game whose library is `library`.
    fn check(&self, library: &Path) -> CheckOutcome;
}

/// Checks a game already loaded into this process on a thread of its own,
/// waiting at most `limit` (see [`probe_within`]), for tests and tools. A
/// game that hangs goes on running on that thread until the process ends;
/// one that crashes takes the process with it, which is why the console
/// and `--list` use a [`Checker`] instead.
pub fn check_on_thread(library: GameLibrary, limit: Duration) -> CheckOutcome {
    match probe_within(library, limit) {
        Ok(warnings) => CheckOutcome::Fine(warnings),
        Err(ProbeError::Call(e)) => CheckOutcome::Broken(e.to_string()),
        Err(hung @ ProbeError::Timeout(_)) => CheckOutcome::Hung(hung.to_string()),
    }
}

/// What was checked this session: the one place that remembers which game
/// libraries passed their check, so that a game is checked once, not at
/// every click, and a library that two games share is checked once by
/// `--list`. A library file that changes (rebuilt: another size or
/// modification time) is checked again. Failures are not remembered: the
/// player may fix the game and try again.
#[derive(Debug, Default)]
pub struct SessionChecks {
    passed: Mutex<HashMap<PathBuf, (Stamp, CheckOutcome)>>,
}

/// What tells one build of a library file from the next.
type Stamp = Option<(u64, SystemTime)>;

fn stamp(library: &Path) -> Stamp {
    let meta = std::fs::metadata(library).ok()?;
    Some((meta.len(), meta.modified().ok()?))
}

impl SessionChecks {
    /// No check done yet.
    pub fn new() -> Self {
        SessionChecks::default()
    }

    /// The outcome of `library`'s check: the one remembered from this
    /// session if it passed and the file is unchanged, else `run`'s (run
    /// now, and remembered if it passes).
    pub fn check(&self, library: &Path, run: impl FnOnce() -> CheckOutcome) -> CheckOutcome {
        if let Some(outcome) = self.passed(library) {
            return outcome;
        }
        let now = stamp(library);
        let outcome = run();
        if outcome.is_fine() {
            self.passed
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .insert(library.to_owned(), (now, outcome.clone()));
        }
        outcome
    }

    /// The outcome remembered for `library`, if it passed this session and
    /// has not changed since.
    pub fn passed(&self, library: &Path) -> Option<CheckOutcome> {
        let passed = self.passed.lock().unwrap_or_else(PoisonError::into_inner);
        let (when, outcome) = passed.get(library)?;
        (*when == stamp(library)).then(|| outcome.clone())
    }
}

/// Checks `libraries` in child processes of `checker`, `jobs` at a time, on
/// threads of their own, and sends each outcome with its key as soon as it
/// is known (`wake` runs after each, to wake a UI). A library that passed
/// before in `checks` (unchanged since) is not checked again, and one that
/// passes now is remembered there: two games sharing a library cost one
/// check, and a game opened later is not checked again. Returns at once.
pub fn check_in_background<K: Clone + Send + Sync + 'static, C: CheckGame + Clone + 'static>(
    checker: &C,
    checks: &std::sync::Arc<SessionChecks>,
    libraries: Vec<(K, PathBuf)>,
    jobs: usize,
    sender: std::sync::mpsc::Sender<(K, CheckOutcome)>,
    wake: std::sync::Arc<dyn Fn() + Send + Sync>,
) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = Arc::new(AtomicUsize::new(0));
    let libraries = Arc::new(libraries);
    for _ in 0..jobs.clamp(1, libraries.len().max(1)) {
        let (next, libraries, sender, checker, checks, wake) = (
            next.clone(),
            libraries.clone(),
            sender.clone(),
            checker.clone(),
            checks.clone(),
            wake.clone(),
        );
        std::thread::spawn(move || {
            while let Some((key, library)) = libraries.get(next.fetch_add(1, Ordering::SeqCst)) {
                let outcome = checks.check(library, || checker.check(library));
                if sender.send((key.clone(), outcome)).is_err() {
                    break;
                }
                wake();
            }
        });
    }
}

/// What a game prints is quoted to the player's terminal and window, never
/// obeyed: see [`crate::terminal`].
pub use crate::terminal::visible;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_library_that_passed_is_checked_once_until_it_changes() {
        let dir = tempfile::tempdir().unwrap();
        let library = dir.path().join("libgame.so");
        std::fs::write(&library, b"first build").unwrap();
        let checks = SessionChecks::new();
        let runs = std::cell::Cell::new(0);
        let fine = || {
            runs.set(runs.get() + 1);
            CheckOutcome::Fine(vec!["a warning".into()])
        };
        assert_eq!(
            checks.check(&library, fine),
            CheckOutcome::Fine(vec!["a warning".into()])
        );
        assert_eq!(
            checks.check(&library, fine),
            CheckOutcome::Fine(vec!["a warning".into()])
        );
        assert_eq!(runs.get(), 1, "a passed library is not checked again");
        // Rebuilt: another size.
        std::fs::write(&library, b"the second, longer build").unwrap();
        checks.check(&library, fine);
        assert_eq!(runs.get(), 2, "a rebuilt library is checked again");
    }

    #[test]
    fn a_library_that_failed_is_checked_again() {
        let dir = tempfile::tempdir().unwrap();
        let library = dir.path().join("libgame.so");
        std::fs::write(&library, b"build").unwrap();
        let checks = SessionChecks::new();
        let runs = std::cell::Cell::new(0);
        let broken = || {
            runs.set(runs.get() + 1);
            CheckOutcome::Broken("it panicked".into())
        };
        checks.check(&library, broken);
        assert_eq!(
            checks.check(&library, broken),
            CheckOutcome::Broken("it panicked".into())
        );
        assert_eq!(runs.get(), 2);
        assert_eq!(checks.passed(&library), None);
    }
}
