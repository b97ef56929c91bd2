//! Checking a game before it is trusted: started, drawn once and closed
//! without a window, once per library file per session ([`SessionChecks`]),
//! by the console in the background (to mark a broken game before it is
//! clicked) and by `--list` for its report.
//!
//! Both check in a child process ([`Checker`]), so that a game that
//! aborts, crashes, calls `exit`, or hangs while loading, starting or
//! drawing its first frame costs one line, not the whole report. The parent
//! runs the launcher binary again with [`PROBE_FLAG`] and the
//! library's path; the child confines itself as a game process is (memory
//! limit, sandbox: loading a library runs its code), loads the library,
//! runs [`crate::loader::probe`] and prints its findings as marked lines on
//! stdout. The game never writes there: before its library is loaded, the
//! child keeps its stdout on a descriptor of its own and points the game's
//! stdout at stderr, so a game that prints cannot swallow the report's
//! lines nor print one of them; what it prints is kept, capped, for the
//! message when it dies, and quoted with its control characters made
//! visible (escape sequences never reach the player's terminal). The parent
//! waits at most a deadline and kills a child that is late.

use crate::loader::{Loader, probe};
use crate::loader::{ProbeError, probe_within};
use game_api::host::GameLibrary;
use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Mutex, PoisonError};
use std::time::SystemTime;
use std::time::{Duration, Instant};

/// The hidden command-line flag that makes the launcher check one library
/// and exit: `plt-games --probe-library PATH`.
pub const PROBE_FLAG: &str = "--probe-library";

/// Starts each line of the child's report, so that what a game prints on
/// stdout is never taken for it.
const MARK: &str = "\u{1e}game-launcher-probe ";

/// How much of what a game prints on stderr is kept for the message.
const STDERR_TAIL: usize = 64 * 1024;

/// The longest report line kept, in bytes.
const MAX_LINE: usize = 16 * 1024;

/// The child's side: loads `library`, starts the game once without a window
/// and reports on stdout. Exits 0 when the game is fine, 1 when it is not.
/// `confined` says whether the child could confine itself first; if not,
/// the library is not loaded and the report says why.
pub fn run_probe_child(library: &Path, confined: Result<(), String>) -> std::process::ExitCode {
    let mut out = report_output();
    let mut report = Vec::new();
    let loaded = confined
        .map_err(|e| format!("{}: cannot check the game: {e}", library.display()))
        .and_then(|()| Loader::new().load(library).map_err(|e| e.to_string()));
    let ok = match loaded {
        Err(e) => {
            report.push(format!("error {e}"));
            false
        }
        Ok(game) => match probe(game) {
            Ok(warnings) => {
                report.extend(warnings.iter().map(|w| format!("warning {w}")));
                true
            }
            Err(e) => {
                report.push(format!("error {}: {e}", library.display()));
                false
            }
        },
    };
    if ok {
        report.push("ok".into());
    }
    for line in report {
        // One line each: a message never holds a line break. The line break
        // before it ends any line begun without one.
        let line = line.replace(['\n', '\r'], " ");
        let _ = write!(out, "\n{MARK}{line}\n");
    }
    let _ = out.flush();
    if ok {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}

/// Where the probe child writes its report: its stdout, moved to a
/// descriptor of its own (closed on exec), while fd 1 becomes a copy of
/// stderr for whatever the game prints. Where that cannot be arranged, the
/// report goes to stdout as it is.
fn report_output() -> Box<dyn Write> {
    #[cfg(unix)]
    {
        let moved = rustix::io::fcntl_dupfd_cloexec(std::io::stdout(), 3).and_then(|report| {
            rustix::stdio::dup2_stdout(std::io::stderr())?;
            Ok(report)
        });
        if let Ok(report) = moved {
            return Box::new(std::fs::File::from(report));
        }
    }
    Box::new(std::io::stdout())
}

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
pub fn check_in_background<K: Clone + Send + Sync + 'static>(
    checker: &Checker,
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

/// Checks games in child processes of the launcher binary `launcher`.
#[derive(Clone, Debug)]
pub struct Checker {
    /// The launcher binary, run with [`PROBE_FLAG`].
    pub launcher: PathBuf,
    /// How long a check may take before the child is killed.
    pub timeout: Duration,
    /// The child's memory limit in bytes (`None`: unlimited), as a game
    /// process's.
    pub memory_limit: Option<u64>,
    /// Whether the child confines itself as a game process does before it
    /// loads the library (off only with `--no-sandbox`): a library's code
    /// runs as it loads, so checking it is running it.
    pub sandbox: bool,
}

impl Checker {
    /// Checks with `launcher`, at most `timeout` per game, in a child as
    /// confined as a game process with the default memory limit
    /// (`memory_limit`, 2 GiB).
    pub fn new(launcher: PathBuf, timeout: Duration, memory_limit: Option<u64>) -> Checker {
        Checker {
            launcher,
            timeout,
            memory_limit,
            sandbox: true,
        }
    }

    /// The child's command-line arguments after the launcher's path.
    fn child_args(&self, library: &Path) -> Vec<std::ffi::OsString> {
        let mut args = vec![PROBE_FLAG.into(), library.into()];
        // In MiB, as `--memory-limit` reads it (0: none).
        let mib = self.memory_limit.map_or(0, |bytes| (bytes >> 20).max(1));
        args.extend(["--memory-limit".into(), mib.to_string().into()]);
        if !self.sandbox {
            args.push("--no-sandbox".into());
        }
        args
    }

    /// Checks the game whose library is `library`.
    pub fn check(&self, library: &Path) -> CheckOutcome {
        let spawned = Command::new(&self.launcher)
            .args(self.child_args(library))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn();
        let mut child = match spawned {
            Ok(child) => child,
            Err(e) => {
                return CheckOutcome::Broken(format!(
                    "{}: the launcher could not start {} to check the game ({e})",
                    library.display(),
                    self.launcher.display()
                ));
            }
        };
        let stdout = child
            .stdout
            .take()
            .map(|out| std::thread::spawn(move || report_lines(out)));
        let stderr = child
            .stderr
            .take()
            .map(|err| std::thread::spawn(move || tail(err, STDERR_TAIL)));
        let deadline = Instant::now() + self.timeout;
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() >= deadline => {
                    let _ = child.kill();
                    let _ = child.wait();
                    break None;
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(2)),
                Err(_) => {
                    let _ = child.kill();
                    break child.wait().ok();
                }
            }
        };
        // A game may have left a process of its own holding the pipes open:
        // read what is there, without waiting for them to close.
        let report = stdout
            .and_then(|reader| join_within(reader, Duration::from_millis(500)))
            .unwrap_or_default();
        let printed = stderr
            .and_then(|reader| join_within(reader, Duration::from_millis(500)))
            .unwrap_or_default();
        interpret(library, status, &report, &printed, self.timeout)
    }
}

/// Joins a reader thread, giving up after `limit`.
fn join_within<T: Send + 'static>(
    handle: std::thread::JoinHandle<T>,
    limit: Duration,
) -> Option<T> {
    let deadline = Instant::now() + limit;
    while !handle.is_finished() {
        if Instant::now() >= deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    handle.join().ok()
}

/// The report lines of the child's stdout (without their mark); every
/// other byte is read and dropped.
fn report_lines(mut out: impl Read) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = Vec::new();
    let mut buffer = [0u8; 8192];
    while let Ok(n) = out.read(&mut buffer) {
        if n == 0 {
            break;
        }
        for &byte in &buffer[..n] {
            if byte == b'\n' {
                let text = String::from_utf8_lossy(&line);
                if let Some(report) = text.strip_prefix(MARK)
                    && lines.len() < 1000
                {
                    lines.push(report.to_owned());
                }
                line.clear();
            } else if line.len() < MAX_LINE {
                line.push(byte);
            }
        }
    }
    lines
}

/// The last `cap` bytes read from `input`.
fn tail(mut input: impl Read, cap: usize) -> Vec<u8> {
    let mut kept = std::collections::VecDeque::with_capacity(cap);
    let mut buffer = [0u8; 8192];
    while let Ok(n) = input.read(&mut buffer) {
        if n == 0 {
            break;
        }
        for &byte in &buffer[..n] {
            if kept.len() == cap {
                kept.pop_front();
            }
            kept.push_back(byte);
        }
    }
    kept.into()
}

/// What a signal that ended a process means, in a player's words.
pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        4 => "an illegal instruction",
        6 => "an abort",
        7 => "a bus error",
        8 => "an arithmetic error",
        9 => "being killed",
        11 => "a segmentation fault",
        13 => "a broken pipe",
        15 => "being terminated",
        _ => "a signal",
    }
}

/// Says how a child that did not report ended: a crash by signal, an exit
/// of its own, or running out of time.
fn interpret(
    library: &Path,
    status: Option<ExitStatus>,
    report: &[String],
    printed: &[u8],
    timeout: Duration,
) -> CheckOutcome {
    let shown = library.display();
    if let Some(error) = report.iter().find_map(|l| l.strip_prefix("error ")) {
        return CheckOutcome::Broken(error.to_owned());
    }
    if report.iter().any(|l| l == "ok") && status.is_some_and(|s| s.success()) {
        return CheckOutcome::Fine(
            report
                .iter()
                .filter_map(|l| l.strip_prefix("warning "))
                .map(str::to_owned)
                .collect(),
        );
    }
    let Some(status) = status else {
        return CheckOutcome::Hung(format!(
            "{shown}: the game did not start, draw its first frame and close within {} s; \
             it may hang, and playing it may freeze the launcher",
            timeout.as_secs_f64()
        ));
    };
    let how = ended_how(status);
    let last_words = last_lines(printed, 3);
    let said = if last_words.is_empty() {
        String::new()
    } else {
        format!(" (it printed: {last_words})")
    };
    CheckOutcome::Broken(format!(
        "{shown}: the game {how} while being loaded, started or drawn{said}"
    ))
}

/// "crashed (a segmentation fault)", "ended the process (exit code 0)".
pub fn ended_how(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("crashed ({}, signal {signal})", signal_name(signal));
        }
    }
    match status.code() {
        Some(code) => format!("ended the process itself (exit code {code})"),
        None => "ended the process".into(),
    }
}

/// The last `n` non-empty lines of `text`, joined with " / ".
fn last_lines(text: &[u8], n: usize) -> String {
    let text = String::from_utf8_lossy(text);
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

/// `text` with its control characters written out (`\u{1b}`): what a game
/// prints is quoted to the player's terminal and window, never obeyed.
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_lines_ignore_what_the_game_prints() {
        let out = format!(
            "Hello from the game\n{MARK}warning the game's title is cut\n{}\n{MARK}ok\n",
            "x".repeat(100_000)
        );
        assert_eq!(
            report_lines(out.as_bytes()),
            ["warning the game's title is cut", "ok"]
        );
    }

    #[test]
    fn the_tail_keeps_the_last_bytes() {
        assert_eq!(tail(&b"abcdef"[..], 3), b"def");
        assert_eq!(
            last_lines(b"one\n\ntwo\nthree\nfour\n", 3),
            "two / three / four"
        );
    }

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
