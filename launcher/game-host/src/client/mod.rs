//! The console's side: [`GameProcess`], one game running in a process of
//! its own.
//!
//! Nothing here blocks for longer than the caller allows. Calls are written
//! by a thread of their own (a game that stops reading cannot stall the
//! console on a full pipe), answers are read by another and kept until they
//! are asked for, and what the game prints is kept by a third, the last
//! [`OUTPUT_TAIL`] bytes of it. A call is sent with [`GameProcess::send`],
//! which returns a [`Ticket`] at once, and its answer is collected with
//! [`GameProcess::poll`], waiting at most as long as the caller says; the
//! typed calls ([`GameProcess::title`], [`GameProcess::handle_event`], …)
//! do both, waiting at most [`GameProcess::wait`].
//!
//! A game that leaves a call unanswered for [`Options::answer_within`] of
//! the time it was given ([`crate::given_time`]: the time that passed less
//! its wait for a CPU, so a busy machine never makes it look hung) is
//! [`ProcessState::NotResponding`]; new calls are refused until it answers
//! (the player may wait) or it is stopped ([`GameProcess::stop`], which
//! kills that process and its children only). A process that ends is
//! [`ProcessState::Exited`], with an [`ExitReport`] that says why in words a
//! player understands and what the game was doing.
//!
//! By job: this module starts and stops the process and says how it is
//! ([`GameProcess::spawn`], [`GameProcess::state`], [`GameProcess::stop`]);
//! `calls` sends calls and collects their answers with tickets; `typed`
//! gives each of the game table's calls its own method; `read_ahead` keeps
//! the reads answered with a move; `late` keeps the answers of reads that
//! came after their caller gave up, for the next caller asking them;
//! `shared` is what the handle and its
//! threads share (calls in flight, answers, how the process ended);
//! `threads` are the writer, the reader and the output keeper; `running`
//! makes a process a [`launcher_core::running::RunningGame`]; `wire_error`
//! turns a call error from the wire back into game-api's.

mod calls;
mod late;
mod read_ahead;
mod running;
mod shared;
mod threads;
mod typed;
mod wire_error;

use crate::given_time::RunQueue;
use crate::progress::ProgressPage;
use crate::protocol::{
    Call, Frame, Notification, PROTOCOL_VERSION, Start, StartFailure, Started, ToGame, encode,
};
use crate::report::{Activity, ExitReport};
use game_api::host::{CallError, Features};
use game_api::{Action, Point, Region};
use late::LateReads;
use read_ahead::ReadAhead;
use shared::{InFlight, Inbox, Shared, Starting, start_failure_text};
use std::collections::VecDeque;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::task::Poll;
use std::time::{Duration, Instant};
use threads::{keep_output, read_messages, write_frames};
use wire_error::call_error;

/// How much of what a game process prints is kept: the last 64 KiB.
pub const OUTPUT_TAIL: usize = 64 * 1024;

/// The memory limit of a game process unless the options say otherwise: 2 GiB
/// of address space.
pub const DEFAULT_MEMORY_LIMIT: u64 = 2 << 30;

/// How long a call may go unanswered before the game is not responding,
/// unless the options say otherwise.
pub const DEFAULT_ANSWER_WITHIN: Duration = Duration::from_secs(2);

/// The most requests of a game kept until the console takes them; past it
/// they are dropped (and counted).
const MAX_QUEUED_NOTIFICATIONS: usize = 4096;

/// Called from the game process's reader thread whenever something arrives
/// that no caller is waiting for (an answer, a request of the game, the end
/// of the process): a UI wakes up with it (`egui::Context::request_repaint`).
/// A request of the game that comes while a caller waits in
/// [`GameProcess::poll`] does not call it: that caller is in the UI's frame,
/// and takes it there ([`GameProcess::take_notifications`]), or looks before
/// the frame ends ([`GameProcess::has_notifications`]) and asks for another
/// itself. A pointer shape that comes with the answer to a pointer move then
/// costs no frame more.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// The program that becomes a game process, and its arguments: the
/// launcher's own executable with its hidden `--game-host` flag, so that a
/// game process is the same build as the console.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostCommand {
    /// The executable.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// Environment variables set for it (on top of the console's own).
    pub envs: Vec<(OsString, OsString)>,
}

impl HostCommand {
    /// `program` with `args`.
    pub fn new(program: impl Into<PathBuf>, args: &[&str]) -> HostCommand {
        HostCommand {
            program: program.into(),
            args: args.iter().map(OsString::from).collect(),
            envs: Vec::new(),
        }
    }

    /// The same command with the environment variable `name` set to `value`.
    pub fn env(mut self, name: impl Into<OsString>, value: impl Into<OsString>) -> HostCommand {
        self.envs.push((name.into(), value.into()));
        self
    }
}

/// How a game process runs.
#[derive(Clone)]
pub struct Options {
    /// Its memory limit, in bytes of address space (`None`: unlimited).
    pub memory_limit: Option<u64>,
    /// How long a call may go unanswered before the game is not responding,
    /// counted in the time the game was given ([`crate::given_time`]).
    pub answer_within: Duration,
    /// The directory the game may keep its own files in.
    pub data_dir: Option<PathBuf>,
    /// The console's screen scale, for measuring text.
    pub pixels_per_point: f32,
    /// Called when something arrives from the process that no caller waits
    /// for (see [`Waker`]).
    pub waker: Option<Waker>,
    /// Whether the game is confined ([`crate::sandbox`]); turn it off only
    /// to debug, and say so loudly.
    pub sandbox: bool,
    /// Its niceness (0: as the console's; a check runs at
    /// [`crate::sandbox::CHECK_NICENESS`], yielding to the games played).
    pub niceness: i32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            memory_limit: Some(DEFAULT_MEMORY_LIMIT),
            answer_within: DEFAULT_ANSWER_WITHIN,
            data_dir: None,
            pixels_per_point: 1.0,
            waker: None,
            sandbox: true,
            niceness: 0,
        }
    }
}

impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("memory_limit", &self.memory_limit)
            .field("answer_within", &self.answer_within)
            .field("data_dir", &self.data_dir)
            .field("pixels_per_point", &self.pixels_per_point)
            .field("waker", &self.waker.is_some())
            .field("sandbox", &self.sandbox)
            .field("niceness", &self.niceness)
            .finish()
    }
}

/// How a game process is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProcessState {
    /// Starting or running, answering in time.
    Running,
    /// A call has gone unanswered for longer than
    /// [`Options::answer_within`]; new calls are refused until it answers.
    NotResponding {
        /// When the unanswered call was sent (or, while starting, when the
        /// current step of starting began).
        since: Instant,
        /// What the game was asked to do.
        during: Activity,
    },
    /// The process has ended.
    Exited(ExitReport),
}

/// Why a call to a game process did not return what was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProcessError {
    /// The game answered with an error: it returned one, panicked (the
    /// game is then broken, as in process), misbehaved, or lacks the
    /// function.
    Call(CallError),
    /// The process has ended.
    Exited(ExitReport),
    /// The game is not responding: an earlier call has gone unanswered too
    /// long, so this one was not sent.
    NotResponding {
        /// What the game was asked to do.
        during: Activity,
        /// How long it has been.
        waited: Duration,
    },
    /// This call was sent but not answered within the time the caller
    /// gave. Its answer, if it comes, is dropped, but for the reads its
    /// message ends with: the same reads asked again are answered by it,
    /// while nothing that may change the game was sent after it
    /// ([`GameProcess::calls_within`]).
    NoAnswer {
        /// What the game was asked to do.
        during: Activity,
        /// How long the caller waited.
        waited: Duration,
    },
    /// The game could not start (the library could not be loaded, is not a
    /// game of this ABI, or the process could not be set up or started).
    CannotStart(String),
    /// The call could not be sent (it is larger than a message may be).
    CannotSend(String),
    /// The game's saved state is this many bytes, more than the console
    /// keeps of a position (`game_api::host::MAX_KEPT_POSITION_BYTES`), so
    /// the game process sent its size only.
    SaveTooLarge(usize),
}

impl std::fmt::Display for ProcessError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProcessError::Call(e) => write!(f, "{e}"),
            ProcessError::Exited(report) => write!(f, "the game stopped: {report}"),
            ProcessError::NotResponding { during, waited } => write!(
                f,
                "the game is not responding: no answer for {:.1} s {during}",
                waited.as_secs_f64()
            ),
            ProcessError::NoAnswer { during, waited } => write!(
                f,
                "the game did not answer within {} ms {during}",
                waited.as_millis()
            ),
            ProcessError::CannotStart(why) => write!(f, "the game could not start: {why}"),
            ProcessError::CannotSend(why) => write!(f, "the call could not be sent: {why}"),
            ProcessError::SaveTooLarge(bytes) => write!(
                f,
                "the game's saved state is {bytes} bytes, more than the {} the launcher keeps",
                game_api::host::MAX_KEPT_POSITION_BYTES
            ),
        }
    }
}

impl std::error::Error for ProcessError {}

/// A call sent and not yet collected: [`GameProcess::poll`] collects its
/// answer. Dropping it drops the answer when it comes.
#[derive(Debug)]
#[must_use = "a ticket's answer is dropped with it"]
pub struct Ticket {
    seq: u64,
    shared: Arc<Shared>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut inbox = self.shared.inbox();
        inbox.awaited.remove(&self.seq);
        inbox.replies.remove(&self.seq);
    }
}

/// What a game shows after a change, read in one message
/// ([`GameProcess::view`]).
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    /// The canvas size.
    pub canvas_size: Point,
    /// The window title.
    pub title: String,
    /// The status line.
    pub status: String,
    /// The game's controls.
    pub actions: Vec<Action>,
    /// The canvas's labelled regions.
    pub regions: Vec<Region>,
    /// The frame it drew.
    pub frame: Frame,
}

/// One game running in a process of its own. Dropping it kills the process.
///
/// Spawn it from a thread that lives as long as the game should (the
/// UI thread): on Linux the game process is killed when the thread that
/// started it ends, so that no game outlives the console.
pub struct GameProcess {
    shared: Arc<Shared>,
    /// Frames to write to the process's stdin, in order, by the writer
    /// thread.
    writer: mpsc::Sender<Vec<u8>>,
    /// The process's stdin, shared with the writer thread: a small message
    /// sent when nothing is in flight is written at once (see
    /// [`GameProcess::send`]).
    stdin: Arc<Mutex<ChildStdin>>,
    /// How long the typed calls wait for their answer.
    wait: Duration,
    pid: u32,
    /// The reads run with each event or control that asks for a redraw
    /// ([`GameProcess::set_read_ahead`]).
    read_ahead: Vec<Call>,
    /// Their answers from the last such call, kept for the typed calls
    /// right after it.
    ahead: Mutex<Option<ReadAhead>>,
    /// Messages given up on by their callers, and the answers of their
    /// reads, kept while nothing that may change the game is sent.
    late: Mutex<LateReads>,
}

impl std::fmt::Debug for GameProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameProcess")
            .field("pid", &self.pid)
            .field("state", &self.state())
            .finish()
    }
}

impl GameProcess {
    /// Starts a game process running `command`, and has it load and start
    /// the game of `library`. Returns at once: the game starts in the
    /// background ([`GameProcess::started`] says when it has), and calls
    /// sent meanwhile are answered once it has.
    pub fn spawn(
        command: &HostCommand,
        library: &Path,
        options: Options,
    ) -> Result<GameProcess, ProcessError> {
        let mut spawned = Command::new(&command.program);
        spawned
            .args(&command.args)
            .envs(command.envs.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // Its own process group: Stop kills the game's children too, and the
        // terminal's Ctrl+C goes to the console (whose end ends the games).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut spawned, 0);
        // Where the game is within a message, shared with the game process
        // (without it the game process says so in messages, more slowly).
        let progress = ProgressPage::create().ok();
        #[cfg(unix)]
        {
            let page_fd = progress.as_ref().map(ProgressPage::fd);
            let niceness = options.niceness;
            // SAFETY: the closure runs in the forked child before `exec` and
            // makes only async-signal-safe system calls on that child: it
            // lowers its own priority when asked (`setpriority`, before any
            // thread of the game exists, so every one inherits it), and
            // clears close-on-exec on the progress page's descriptor
            // (`fcntl`), so that the game process inherits the page and no
            // other child of the console does.
            unsafe {
                std::os::unix::process::CommandExt::pre_exec(&mut spawned, move || {
                    if niceness != 0 {
                        rustix::process::setpriority_process(None, niceness)?;
                    }
                    if let Some(fd) = page_fd {
                        rustix::io::fcntl_setfd(
                            rustix::fd::BorrowedFd::borrow_raw(fd),
                            rustix::io::FdFlags::empty(),
                        )?;
                    }
                    Ok(())
                });
            }
        }
        let mut child = spawned.spawn().map_err(|e| {
            ProcessError::CannotStart(format!(
                "the launcher could not start {} as a game process ({e})",
                command.program.display()
            ))
        })?;
        let pid = child.id();
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ProcessError::CannotStart(
                "the game process has no pipes".into(),
            ));
        };
        let start = ToGame::Start(Start {
            protocol: PROTOCOL_VERSION,
            library: library.to_owned(),
            data_dir: options.data_dir.clone(),
            memory_limit: options.memory_limit,
            pixels_per_point: options.pixels_per_point,
            console_pid: std::process::id(),
            sandbox: options.sandbox,
            #[cfg(unix)]
            progress_fd: progress.as_ref().map(ProgressPage::fd),
            #[cfg(not(unix))]
            progress_fd: None,
        });
        let start = encode(&start).map_err(|e| ProcessError::CannotStart(e.to_string()))?;
        let mut inbox = Inbox {
            next_seq: 1,
            starting: Some(Starting::Loading),
            ..Inbox::default()
        };
        inbox.in_flight.insert(
            0,
            InFlight {
                calls: Vec::new(),
                current: 0,
                since: Instant::now(),
                waited: Duration::ZERO,
                activity: Some(Activity::LoadingLibrary),
            },
        );
        let shared = Arc::new(Shared {
            inbox: Mutex::new(inbox),
            changed: Condvar::new(),
            waker: options.waker.clone(),
            child: Mutex::new(Some(child)),
            output: Mutex::new(VecDeque::new()),
            memory_limit: options.memory_limit,
            answer_within: options.answer_within,
            run_queue: RunQueue::new(pid),
            progress,
            bytes_read: std::sync::atomic::AtomicU64::new(0),
        });
        let (writer, frames) = mpsc::channel();
        let _ = writer.send(start);
        let stdin = Arc::new(Mutex::new(stdin));
        let spawn_thread = |name: &str, run: Box<dyn FnOnce() + Send>| {
            std::thread::Builder::new()
                .name(format!("game {pid} {name}"))
                .spawn(run)
        };
        let threads = [
            spawn_thread("writer", {
                let stdin = stdin.clone();
                Box::new(move || write_frames(&stdin, frames))
            }),
            spawn_thread("reader", {
                let shared = shared.clone();
                Box::new(move || read_messages(&shared, stdout))
            }),
            spawn_thread("output", {
                let shared = shared.clone();
                Box::new(move || keep_output(&shared, stderr))
            }),
        ];
        let process = GameProcess {
            shared,
            writer,
            stdin,
            wait: options.answer_within,
            pid,
            read_ahead: Vec::new(),
            ahead: Mutex::new(None),
            late: Mutex::new(LateReads::default()),
        };
        if let Some(Err(e)) = threads.into_iter().find(Result::is_err) {
            return Err(ProcessError::CannotStart(format!(
                "the launcher could not start a thread for the game process ({e})"
            )));
        }
        Ok(process)
    }

    /// The process's id.
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// How long the typed calls wait for an answer ([`Options::answer_within`]
    /// unless changed with [`GameProcess::set_wait`]).
    pub fn wait(&self) -> Duration {
        self.wait
    }

    /// How long a call may go unanswered before the game is not responding
    /// ([`Options::answer_within`]).
    pub fn answer_within(&self) -> Duration {
        self.shared.answer_within
    }

    /// Makes the typed calls wait at most `wait` for each answer. A UI that
    /// must not stall a frame sets a few milliseconds, and collects slower
    /// answers with tickets instead.
    pub fn set_wait(&mut self, wait: Duration) {
        self.wait = wait;
    }

    /// How the process is doing now.
    pub fn state(&self) -> ProcessState {
        let mut inbox = self.shared.inbox();
        if let Some(report) = &inbox.exit {
            return ProcessState::Exited(report.clone());
        }
        self.shared.sync_progress(&mut inbox);
        match inbox.in_flight.values().next() {
            Some(oldest) if self.shared.overdue(oldest) => ProcessState::NotResponding {
                since: oldest.since,
                during: oldest.activity(),
            },
            _ => ProcessState::Running,
        }
    }

    /// What the game is doing now: the call it has been running longest
    /// (or the step of starting it is in), `None` when it has nothing to
    /// answer or has ended.
    pub fn activity(&self) -> Option<Activity> {
        let mut inbox = self.shared.inbox();
        if inbox.exit.is_some() {
            return None;
        }
        self.shared.sync_progress(&mut inbox);
        inbox.in_flight.values().next().map(InFlight::activity)
    }

    /// When the state will change unless an answer comes: the moment the
    /// oldest unanswered call makes the game not responding. A UI asks to be
    /// woken then (`request_repaint_after`).
    pub fn next_change(&self) -> Option<Instant> {
        let inbox = self.shared.inbox();
        if inbox.exit.is_some() {
            return None;
        }
        let oldest = inbox.in_flight.values().next()?;
        let left = self
            .shared
            .answer_within
            .checked_sub(self.shared.given(oldest))?;
        (!left.is_zero()).then(|| Instant::now() + left)
    }

    /// Whether the game has started: `Ready(Ok)` with what it offers once it
    /// has, `Ready(Err)` if it could not or the process ended, `Pending`
    /// after waiting at most `wait`.
    pub fn started(&self, wait: Duration) -> Poll<Result<Started, ProcessError>> {
        let deadline = Instant::now() + wait;
        let mut inbox = self.shared.inbox();
        loop {
            if let Some(Starting::Done(result)) = &inbox.starting {
                return Poll::Ready(match result {
                    Ok(started) => Ok(started.clone()),
                    Err(StartFailure::Create(e)) => Err(ProcessError::Call(call_error(e.clone()))),
                    Err(failure) => Err(ProcessError::CannotStart(start_failure_text(failure))),
                });
            }
            if let Some(report) = &inbox.exit {
                return Poll::Ready(Err(ProcessError::Exited(report.clone())));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Poll::Pending;
            }
            inbox = self.shared.wait(inbox, left);
        }
    }

    /// Waits at most [`GameProcess::wait`] for the game to start.
    pub fn wait_started(&self) -> Result<Started, ProcessError> {
        match self.started(self.wait) {
            Poll::Ready(result) => result,
            Poll::Pending => Err(self.late(Activity::Starting, self.wait)),
        }
    }

    /// Whether the game has calls it has not answered yet (or has not
    /// started yet): a window that must not stall sends nothing more until
    /// it is done, and reads the game again then.
    pub fn is_busy(&self) -> bool {
        let inbox = self.shared.inbox();
        inbox.exit.is_none() && !inbox.in_flight.is_empty()
    }

    /// Whether the game asked something of its host that has not been
    /// taken yet ([`GameProcess::take_notifications`]).
    pub fn has_notifications(&self) -> bool {
        !self.shared.inbox().notifications.is_empty()
    }

    /// How the game is confined, once it has started.
    pub fn sandbox(&self) -> Option<crate::sandbox::Sandbox> {
        match &self.shared.inbox().starting {
            Some(Starting::Done(Ok(started))) => Some(started.sandbox.clone()),
            _ => None,
        }
    }

    /// The bytes the console has read from the process so far, all its
    /// messages together: what a call's answers cost is the difference
    /// around it.
    pub fn bytes_received(&self) -> u64 {
        self.shared
            .bytes_read
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The optional functions the game offers, once it has started.
    pub fn features(&self) -> Option<Features> {
        match &self.shared.inbox().starting {
            Some(Starting::Done(Ok(started))) => Some(started.features),
            _ => None,
        }
    }

    /// What the game asked of its host since last asked, oldest first.
    pub fn take_notifications(&self) -> Vec<Notification> {
        self.shared.inbox().notifications.drain(..).collect()
    }

    /// The last [`OUTPUT_TAIL`] bytes the game printed, on stdout and
    /// stderr, lossily decoded.
    pub fn output(&self) -> String {
        self.shared.output_text()
    }

    /// Stops the game now: kills its process (and the processes it
    /// started), never another game's. The state becomes
    /// [`ProcessState::Exited`] with "it was stopped" once the process is
    /// gone; [`GameProcess::wait_exit`] waits for that.
    pub fn stop(&self) {
        self.shared.kill(true);
    }

    /// Waits at most `wait` for the process to end, and says how it did.
    pub fn wait_exit(&self, wait: Duration) -> Option<ExitReport> {
        let deadline = Instant::now() + wait;
        let mut inbox = self.shared.inbox();
        loop {
            if let Some(report) = &inbox.exit {
                return Some(report.clone());
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            inbox = self.shared.wait(inbox, left);
        }
    }

    /// Ends the game: asks it to close (its `destroy`), waiting at most
    /// [`GameProcess::wait`], and stops the process if it does not end by
    /// then. Reports a failure of the game while closing.
    pub fn close(self) -> Result<(), ProcessError> {
        let closed = self.call(Call::Close).map(|_| ());
        if self.wait_exit(self.wait).is_none() {
            self.stop();
        }
        closed
    }
}

impl Drop for GameProcess {
    fn drop(&mut self) {
        self.stop();
    }
}
