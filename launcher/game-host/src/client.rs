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
//! A game that leaves a call unanswered for [`Options::answer_within`] is
//! [`ProcessState::NotResponding`]; new calls are refused until it answers
//! (the player may wait) or it is stopped ([`GameProcess::stop`], which
//! kills that process and its children only). A process that ends is
//! [`ProcessState::Exited`], with an [`ExitReport`] that says why in words a
//! player understands and what the game was doing.

use crate::checks::{check_answer, check_notification};
use crate::protocol::{
    Answer, Call, CallResult, Frame, Notification, PROTOCOL_VERSION, Start, StartFailure, Started,
    ToConsole, ToGame, WireCallError, encode, read_message,
};
use crate::report::{Activity, ExitCause, ExitReport};
use game_api::host::{CallError, Features};
use game_api::{Action, Event, Outcome, Point, Region, Response};
use launcher_core::running::{GameError, GameView, Measure, Read as GameRead, RunningGame};
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::ffi::OsString;
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::task::Poll;
use std::time::{Duration, Instant};

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
/// (an answer, a request of the game, the end of the process): a UI wakes
/// up with it (`egui::Context::request_repaint`).
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
    /// How long a call may go unanswered before the game is not responding.
    pub answer_within: Duration,
    /// The directory the game may keep its own files in.
    pub data_dir: Option<PathBuf>,
    /// The console's screen scale, for measuring text.
    pub pixels_per_point: f32,
    /// Called when something arrives from the process.
    pub waker: Option<Waker>,
    /// Whether the game is confined ([`crate::sandbox`]); turn it off only
    /// to debug, and say so loudly.
    pub sandbox: bool,
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
    /// gave; its answer, if it comes, is dropped.
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
}

/// Answers read ahead with an event or control (see
/// [`GameProcess::set_read_ahead`]).
struct ReadAhead {
    /// Each read, with its answer, in the order they ran.
    answers: VecDeque<(Call, Result<Answer, CallError>)>,
    /// When they were read.
    at: Instant,
}

/// The largest message [`GameProcess::send`] writes itself rather than
/// through the writer thread: far below a pipe's capacity (64 KiB on
/// Linux), so that writing it to an empty pipe never blocks.
const DIRECT_WRITE_MAX: usize = 16 * 1024;

/// How long answers read ahead stay usable: they are meant for the reads a
/// window makes right after the move, in the same frame.
const READ_AHEAD_FRESH: Duration = Duration::from_millis(50);

impl std::fmt::Debug for GameProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameProcess")
            .field("pid", &self.pid)
            .field("state", &self.state())
            .finish()
    }
}

/// What the threads of one game process share with its handle.
struct Shared {
    inbox: Mutex<Inbox>,
    /// Notified when an answer arrives or the process ends.
    changed: Condvar,
    waker: Option<Waker>,
    /// The process, until it has been waited for.
    child: Mutex<Option<Child>>,
    /// The last [`OUTPUT_TAIL`] bytes it printed.
    output: Mutex<VecDeque<u8>>,
    memory_limit: Option<u64>,
    answer_within: Duration,
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Shared")
    }
}

/// Where the process is in starting.
#[derive(Debug)]
enum Starting {
    /// Loading its library.
    Loading,
    /// Its library loaded, starting the game.
    Creating,
    /// Done, well or not.
    Done(Result<Started, StartFailure>),
}

/// A message sent and not yet answered.
#[derive(Debug)]
struct InFlight {
    /// Each call with its payload left out (to check the answers' kinds).
    calls: Vec<Call>,
    /// The call the process is at.
    current: usize,
    /// When it was sent, or when the current step of starting began.
    since: Instant,
    /// For the start (seq 0): what it is doing.
    activity: Option<Activity>,
}

impl InFlight {
    fn activity(&self) -> Activity {
        match (&self.activity, self.calls.get(self.current)) {
            (Some(activity), _) => activity.clone(),
            (None, Some(call)) => Activity::of(call),
            (None, None) => Activity::Starting,
        }
    }
}

#[derive(Debug, Default)]
struct Inbox {
    next_seq: u64,
    in_flight: BTreeMap<u64, InFlight>,
    /// Answers not yet collected, of messages someone still waits for.
    replies: HashMap<u64, Vec<CallResult>>,
    /// The messages whose tickets are alive.
    awaited: HashSet<u64>,
    notifications: VecDeque<Notification>,
    dropped_notifications: u64,
    starting: Option<Starting>,
    /// Why the console ended the conversation.
    protocol_error: Option<String>,
    /// The console killed the process.
    stopped: bool,
    /// The game answered a [`Call::Close`]: the process ends of itself.
    closed: bool,
    /// The process's output has ended (or was given up on).
    output_closed: bool,
    exit: Option<ExitReport>,
}

impl Shared {
    fn inbox(&self) -> MutexGuard<'_, Inbox> {
        self.inbox.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wake(&self) {
        self.changed.notify_all();
        if let Some(waker) = &self.waker {
            waker();
        }
    }

    /// Takes in one message; an error is a breach of the protocol.
    fn receive(&self, message: ToConsole) -> Result<(), String> {
        let mut inbox = self.inbox();
        match message {
            ToConsole::Loaded => {
                if !matches!(inbox.starting, Some(Starting::Loading)) {
                    return Err("it said it loaded its library twice".into());
                }
                inbox.starting = Some(Starting::Creating);
                if let Some(start) = inbox.in_flight.get_mut(&0) {
                    start.activity = Some(Activity::Starting);
                    start.since = Instant::now();
                }
                return Ok(());
            }
            ToConsole::Started(result) => {
                if matches!(inbox.starting, Some(Starting::Done(_))) {
                    return Err("it said it started twice".into());
                }
                inbox.starting = Some(Starting::Done(result));
                inbox.in_flight.remove(&0);
            }
            ToConsole::Progress { seq, index } => {
                let Some(in_flight) = inbox.in_flight.get_mut(&seq) else {
                    return Err(format!("it reported progress on message {seq}, never sent"));
                };
                if index as usize >= in_flight.calls.len() {
                    return Err(format!(
                        "it reported progress on call {index} of message {seq}"
                    ));
                }
                in_flight.current = index as usize;
                return Ok(());
            }
            ToConsole::Reply { seq, results } => {
                let Some(in_flight) = inbox.in_flight.remove(&seq).filter(|_| seq != 0) else {
                    return Err(format!("it answered message {seq}, never sent"));
                };
                if results.len() > in_flight.calls.len()
                    || (results.is_empty() && !in_flight.calls.is_empty())
                {
                    return Err(format!(
                        "it answered {} calls of {}",
                        results.len(),
                        in_flight.calls.len()
                    ));
                }
                for (result, call) in results.iter().zip(&in_flight.calls) {
                    if let Ok(answer) = result {
                        if !answer.fits(call) {
                            return Err(format!("it answered {call:?} with {answer:?}"));
                        }
                        check_answer(answer).map_err(|what| format!("it sent {what}"))?;
                    }
                }
                if in_flight.calls.last() == Some(&Call::Close)
                    && results.len() == in_flight.calls.len()
                {
                    inbox.closed = true;
                }
                if inbox.awaited.contains(&seq) {
                    inbox.replies.insert(seq, results);
                }
            }
            ToConsole::Notify(notification) => {
                check_notification(&notification).map_err(|what| format!("it asked for {what}"))?;
                if inbox.notifications.len() < MAX_QUEUED_NOTIFICATIONS {
                    inbox.notifications.push_back(notification);
                } else {
                    inbox.dropped_notifications += 1;
                }
            }
        }
        drop(inbox);
        self.wake();
        Ok(())
    }

    /// Kills the process and its children, if it has not been waited for;
    /// `stopped` says the console meant to (Stop), not that it broke the
    /// protocol.
    fn kill(&self, stopped: bool) {
        {
            let mut inbox = self.inbox();
            if inbox.exit.is_some() {
                return;
            }
            if stopped {
                inbox.stopped = true;
            }
        }
        // Under the child's lock, so it cannot be waited for (and its process
        // group id reused) while we kill it.
        let mut child = self.child.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(child) = child.as_mut() {
            if matches!(child.try_wait(), Ok(Some(_))) {
                return;
            }
            kill_group(child);
        }
    }

    /// Ends the conversation for a breach of the protocol.
    fn breach(&self, why: String) {
        {
            let mut inbox = self.inbox();
            if inbox.protocol_error.is_none() && !inbox.stopped {
                inbox.protocol_error = Some(why);
            }
        }
        self.kill(false);
    }

    /// Waits for the process to end after its stdout closed, and says how
    /// it ended.
    fn finish(&self) {
        let closed = Instant::now();
        let status = loop {
            let waited = {
                let mut child = self.child.lock().unwrap_or_else(PoisonError::into_inner);
                let Some(process) = child.as_mut() else {
                    return;
                };
                let waited = process.try_wait();
                if !matches!(waited, Ok(None)) {
                    *child = None;
                }
                waited
            };
            match waited {
                Ok(Some(status)) => break Some(status),
                Err(_) => break None,
                Ok(None) if closed.elapsed() > Duration::from_secs(2) => {
                    self.breach("it closed its side of the conversation".into());
                }
                Ok(None) => {}
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        // What it printed last may still be on its way.
        let mut inbox = self.inbox();
        let deadline = Instant::now() + Duration::from_millis(500);
        while !inbox.output_closed {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            inbox = self
                .changed
                .wait_timeout(inbox, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        let output = self.output_text();
        let (code, signal) = status.map_or((None, None), exit_numbers);
        let cause = match (&inbox.starting, &inbox.protocol_error) {
            (Some(Starting::Done(Err(failure))), _) => {
                ExitCause::CouldNotStart(start_failure_text(failure))
            }
            (_, Some(why)) => ExitCause::Protocol(why.clone()),
            _ if inbox.closed && code == Some(0) => ExitCause::Closed,
            _ => ExitCause::judge(code, signal, &output, inbox.stopped, self.memory_limit),
        };
        let during = inbox.in_flight.values().next().map(InFlight::activity);
        inbox.in_flight.clear();
        inbox.exit = Some(ExitReport {
            cause,
            during,
            code,
            signal,
            output,
        });
        drop(inbox);
        self.wake();
    }

    fn output_text(&self) -> String {
        let output = self.output.lock().unwrap_or_else(PoisonError::into_inner);
        let (a, b) = output.as_slices();
        let mut bytes = Vec::with_capacity(a.len() + b.len());
        bytes.extend_from_slice(a);
        bytes.extend_from_slice(b);
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

fn start_failure_text(failure: &StartFailure) -> String {
    match failure {
        StartFailure::Load(why) | StartFailure::Host(why) => why.clone(),
        StartFailure::Create(e) => call_error(e.clone()).to_string(),
    }
}

/// The exit code and the signal of an ended process.
fn exit_numbers(status: std::process::ExitStatus) -> (Option<i32>, Option<i32>) {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        (status.code(), status.signal())
    }
    #[cfg(not(unix))]
    {
        (status.code(), None)
    }
}

/// Kills `child` and every process in its group (the game's own children).
fn kill_group(child: &mut Child) {
    #[cfg(unix)]
    {
        use rustix::process::{Pid, Signal, kill_process_group};
        if let Some(pid) = Pid::from_raw(child.id() as i32)
            && kill_process_group(pid, Signal::KILL).is_ok()
        {
            return;
        }
    }
    let _ = child.kill();
}

/// The names of the game table's functions, for errors that come back as
/// text.
const FUNCTIONS: &[&str] = &[
    "create",
    "destroy",
    "canvas_size",
    "title",
    "status",
    "draw",
    "handle_event",
    "action_count",
    "action",
    "action_shortcut",
    "invoke_action",
    "region_count",
    "region",
    "last_error",
    "save",
    "load",
    "new_game",
    "game_id",
    "from_game_id",
    "outcome",
    "reply",
];

/// A call error from the wire, as game-api's.
fn call_error(e: WireCallError) -> CallError {
    CallError {
        function: FUNCTIONS
            .iter()
            .find(|f| **f == e.function)
            .copied()
            .unwrap_or("a function"),
        kind: e.kind,
        message: e.message,
    }
}

/// A call with its payload left out, to check its answer's kind.
fn outline(call: &Call) -> Call {
    match call {
        Call::Load(_) => Call::Load(Vec::new()),
        other => other.clone(),
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

    /// Has the reads `calls` (calls that only read the game; others are
    /// left out) run right after each event or control whose answer asks
    /// for a redraw, in the same message, and keeps their answers for the
    /// typed calls that ask for them next, in that order: a move and what
    /// the window reads after it cost one round trip. An answer read ahead
    /// is used at most once, only by the calls right after the move (any
    /// other call, or [`READ_AHEAD_FRESH`], drops them).
    pub fn set_read_ahead(&mut self, calls: Vec<Call>) {
        self.read_ahead = calls.into_iter().filter(Call::is_read).collect();
        self.drop_read_ahead();
    }

    fn drop_read_ahead(&self) {
        *self.ahead.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }

    /// The answer read ahead for `call`, if one is kept and fresh; the reads
    /// before it, skipped, are dropped, and a miss drops them all.
    fn take_read_ahead(&self, call: &Call) -> Option<Result<Answer, CallError>> {
        let mut ahead = self.ahead.lock().unwrap_or_else(PoisonError::into_inner);
        let kept = ahead.as_mut().filter(|a| a.at.elapsed() < READ_AHEAD_FRESH);
        if let Some(kept) = kept {
            while let Some((read, answer)) = kept.answers.pop_front() {
                if read == *call {
                    return Some(answer);
                }
            }
        }
        *ahead = None;
        None
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
        let inbox = self.shared.inbox();
        if let Some(report) = &inbox.exit {
            return ProcessState::Exited(report.clone());
        }
        match inbox.in_flight.values().next() {
            Some(oldest) if oldest.since.elapsed() >= self.shared.answer_within => {
                ProcessState::NotResponding {
                    since: oldest.since,
                    during: oldest.activity(),
                }
            }
            _ => ProcessState::Running,
        }
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
        Some(oldest.since + self.shared.answer_within).filter(|at| *at > Instant::now())
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

    /// The optional functions the game offers, once it has started.
    pub fn features(&self) -> Option<Features> {
        match &self.shared.inbox().starting {
            Some(Starting::Done(Ok(started))) => Some(started.features),
            _ => None,
        }
    }

    /// Sends `calls` to be run in order, without waiting. Refused when the
    /// process has ended or is not responding.
    pub fn send(&self, calls: Vec<Call>) -> Result<Ticket, ProcessError> {
        // Whatever it asks may change the game: what was read ahead is old.
        self.drop_read_ahead();
        let mut inbox = self.shared.inbox();
        if let Some(report) = &inbox.exit {
            return Err(ProcessError::Exited(report.clone()));
        }
        if let Some(oldest) = inbox.in_flight.values().next()
            && oldest.since.elapsed() >= self.shared.answer_within
        {
            return Err(ProcessError::NotResponding {
                during: oldest.activity(),
                waited: oldest.since.elapsed(),
            });
        }
        let seq = inbox.next_seq;
        let outlines = calls.iter().map(outline).collect();
        let frame = encode(&ToGame::Calls { seq, calls })
            .map_err(|e| ProcessError::CannotSend(e.to_string()))?;
        // Nothing in flight: every earlier message was read and answered, so
        // the pipe is empty and a small write cannot block.
        let direct = inbox.in_flight.is_empty() && frame.len() <= DIRECT_WRITE_MAX;
        inbox.next_seq += 1;
        inbox.in_flight.insert(
            seq,
            InFlight {
                calls: outlines,
                current: 0,
                since: Instant::now(),
                activity: None,
            },
        );
        inbox.awaited.insert(seq);
        // Written at once, saving the writer thread's wake-up, while the
        // inbox is held (so no other message can overtake it); else queued.
        // A write that fails means the process is ending; the reader will
        // say how.
        let written = direct
            && match self.stdin.try_lock() {
                Ok(mut stdin) => {
                    let _ = stdin.write_all(&frame);
                    true
                }
                Err(_) => false,
            };
        if !written {
            let _ = self.writer.send(frame);
        }
        Ok(Ticket {
            seq,
            shared: self.shared.clone(),
        })
    }

    /// The answers to `ticket`'s calls, one per call (fewer after a
    /// [`Call::Close`]), if they come within `wait`.
    pub fn poll(
        &self,
        ticket: &Ticket,
        wait: Duration,
    ) -> Poll<Result<Vec<Result<Answer, CallError>>, ProcessError>> {
        let deadline = Instant::now() + wait;
        let mut inbox = self.shared.inbox();
        loop {
            if let Some(results) = inbox.replies.remove(&ticket.seq) {
                inbox.awaited.remove(&ticket.seq);
                return Poll::Ready(Ok(results
                    .into_iter()
                    .map(|r| r.map_err(call_error))
                    .collect()));
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

    /// Runs `calls` and waits at most `wait` for their answers.
    pub fn calls_within(
        &self,
        calls: Vec<Call>,
        wait: Duration,
    ) -> Result<Vec<Result<Answer, CallError>>, ProcessError> {
        let during = calls.first().map_or(Activity::Starting, Activity::of);
        let ticket = self.send(calls)?;
        match self.poll(&ticket, wait) {
            Poll::Ready(result) => result,
            Poll::Pending => Err(self.late(during, wait)),
        }
    }

    /// Runs one call and waits at most `wait` for its answer.
    pub fn call_within(&self, call: Call, wait: Duration) -> Result<Answer, ProcessError> {
        let mut results = self.calls_within(vec![call], wait)?;
        match results.pop() {
            Some(result) => result.map_err(ProcessError::Call),
            None => Err(ProcessError::CannotSend("no answer came back".into())),
        }
    }

    /// Runs one call and waits at most [`GameProcess::wait`] for its answer
    /// (or takes its answer read ahead, see [`GameProcess::set_read_ahead`]).
    pub fn call(&self, call: Call) -> Result<Answer, ProcessError> {
        if call.is_read()
            && let Some(answer) = self.take_read_ahead(&call)
        {
            return answer.map_err(ProcessError::Call);
        }
        self.call_within(call, self.wait)
    }

    /// The error for a call that got no answer in `wait`: not responding if
    /// that is what the game is now.
    fn late(&self, during: Activity, wait: Duration) -> ProcessError {
        match self.state() {
            ProcessState::Exited(report) => ProcessError::Exited(report),
            ProcessState::NotResponding { since, during } => ProcessError::NotResponding {
                during,
                waited: since.elapsed(),
            },
            ProcessState::Running => ProcessError::NoAnswer {
                during,
                waited: wait,
            },
        }
    }

    /// The canvas size.
    pub fn canvas_size(&self) -> Result<Point, ProcessError> {
        match self.call(Call::CanvasSize)? {
            Answer::CanvasSize(size) => Ok(size),
            other => Err(mismatch(other)),
        }
    }

    /// The window title.
    pub fn title(&self) -> Result<String, ProcessError> {
        self.text(Call::Title)
    }

    /// The status line.
    pub fn status(&self) -> Result<String, ProcessError> {
        self.text(Call::Status)
    }

    /// The ID of the game being played.
    pub fn game_id(&self) -> Result<String, ProcessError> {
        self.text(Call::GameId)
    }

    fn text(&self, call: Call) -> Result<String, ProcessError> {
        match self.call(call)? {
            Answer::Text(text) => Ok(text),
            other => Err(mismatch(other)),
        }
    }

    /// Has the game draw its canvas (text measured as the console draws it).
    pub fn draw(&self) -> Result<Frame, ProcessError> {
        match self.call(Call::Draw)? {
            Answer::Frame(frame) => Ok(frame),
            other => Err(mismatch(other)),
        }
    }

    /// Delivers one event.
    pub fn handle_event(&self, event: &Event) -> Result<Response, ProcessError> {
        self.response(Call::HandleEvent(event.clone()))
    }

    /// Runs one of the game's controls with a value (empty for a button).
    pub fn invoke_action(&self, id: &str, value: &str) -> Result<Response, ProcessError> {
        self.response(Call::InvokeAction {
            id: id.to_owned(),
            value: value.to_owned(),
        })
    }

    /// Gives the game the answer to its request for a file (revision 5).
    pub fn file_chosen(&self, choice: &game_api::FileChoice) -> Result<Response, ProcessError> {
        self.response(Call::FileChosen(choice.clone()))
    }

    /// Sets the clock the game reads with `play_time` (revision 5): `ms`
    /// played now, going on if `running`.
    pub fn set_clock(&self, ms: u64, running: bool) -> Result<(), ProcessError> {
        match self.call(Call::Clock { ms, running })? {
            Answer::Done => Ok(()),
            other => Err(mismatch(other)),
        }
    }

    /// How the game's scores compare (revision 5).
    pub fn score_kind(&self) -> Result<game_api::ScoreKind, ProcessError> {
        match self.call(Call::ScoreKind)? {
            Answer::ScoreKind(kind) => Ok(kind),
            other => Err(mismatch(other)),
        }
    }

    /// Tells the game the size its canvas has (revision 5).
    pub fn layout(&self, size: Point) -> Result<Response, ProcessError> {
        self.response(Call::Layout(size))
    }

    /// Runs an event or a control, with the reads of
    /// [`GameProcess::set_read_ahead`] after it if it asks for a redraw.
    fn response(&self, call: Call) -> Result<Response, ProcessError> {
        if self.read_ahead.is_empty() {
            return match self.call(call)? {
                Answer::Response(response) => Ok(response),
                other => Err(mismatch(other)),
            };
        }
        let mut calls = vec![call, Call::IfRedrawn];
        calls.extend(self.read_ahead.iter().cloned());
        let mut results = self.calls_within(calls, self.wait)?.into_iter();
        let response = match results.next() {
            Some(Ok(Answer::Response(response))) => response,
            Some(Ok(other)) => return Err(mismatch(other)),
            Some(Err(e)) => return Err(ProcessError::Call(e)),
            None => return Err(ProcessError::CannotSend("no answer came back".into())),
        };
        // `IfRedrawn` answered: the reads ran, and follow it.
        if results.next().is_some() {
            let answers = self.read_ahead.iter().cloned().zip(results).collect();
            *self.ahead.lock().unwrap_or_else(PoisonError::into_inner) = Some(ReadAhead {
                answers,
                at: Instant::now(),
            });
        }
        Ok(response)
    }

    /// The game's controls.
    pub fn actions(&self) -> Result<Vec<Action>, ProcessError> {
        match self.call(Call::Actions)? {
            Answer::Actions(actions) => Ok(actions),
            other => Err(mismatch(other)),
        }
    }

    /// The canvas's labelled regions.
    pub fn regions(&self) -> Result<Vec<Region>, ProcessError> {
        match self.call(Call::Regions)? {
            Answer::Regions(regions) => Ok(regions),
            other => Err(mismatch(other)),
        }
    }

    /// The game's state as bytes.
    pub fn save(&self) -> Result<Vec<u8>, ProcessError> {
        match self.call(Call::Save)? {
            Answer::Bytes(bytes) => Ok(bytes),
            other => Err(mismatch(other)),
        }
    }

    /// Replaces the game's state with `bytes`.
    pub fn load(&self, bytes: &[u8]) -> Result<(), ProcessError> {
        self.done(Call::Load(bytes.to_vec()))
    }

    /// Starts a new game from `seed`.
    pub fn new_game(&self, seed: u64) -> Result<(), ProcessError> {
        self.done(Call::NewGame(seed))
    }

    /// Starts the game with ID `id`.
    pub fn start_from_game_id(&self, id: &str) -> Result<(), ProcessError> {
        self.done(Call::StartFromGameId(id.to_owned()))
    }

    fn done(&self, call: Call) -> Result<(), ProcessError> {
        match self.call(call)? {
            Answer::Done => Ok(()),
            other => Err(mismatch(other)),
        }
    }

    /// How the game stands.
    pub fn outcome(&self) -> Result<Outcome, ProcessError> {
        match self.call(Call::Outcome)? {
            Answer::Outcome(outcome) => Ok(outcome),
            other => Err(mismatch(other)),
        }
    }

    /// What the host changed in the texts the game returned last.
    pub fn notes(&self) -> Result<Vec<String>, ProcessError> {
        match self.call(Call::Notes)? {
            Answer::Notes(notes) => Ok(notes),
            other => Err(mismatch(other)),
        }
    }

    /// Everything a window shows after a change, in one message: canvas
    /// size, title, status, controls, regions and a new frame.
    pub fn view(&self) -> Result<View, ProcessError> {
        let calls = Call::view();
        let ahead: Vec<_> = calls
            .iter()
            .map_while(|call| self.take_read_ahead(call))
            .collect();
        let mut results = if ahead.len() == calls.len() {
            ahead.into_iter()
        } else {
            self.calls_within(calls, self.wait)?.into_iter()
        };
        let mut next = || match results.next() {
            Some(result) => result.map_err(ProcessError::Call),
            None => Err(ProcessError::CannotSend("an answer is missing".into())),
        };
        let (size, title, status, actions, regions, frame) =
            (next()?, next()?, next()?, next()?, next()?, next()?);
        match (size, title, status, actions, regions, frame) {
            (
                Answer::CanvasSize(canvas_size),
                Answer::Text(title),
                Answer::Text(status),
                Answer::Actions(actions),
                Answer::Regions(regions),
                Answer::Frame(frame),
            ) => Ok(View {
                canvas_size,
                title,
                status,
                actions,
                regions,
                frame,
            }),
            other => Err(mismatch(other.0)),
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

impl Shared {
    /// Waits on the condition variable at most `left`.
    fn wait<'a>(&self, inbox: MutexGuard<'a, Inbox>, left: Duration) -> MutexGuard<'a, Inbox> {
        self.changed
            .wait_timeout(inbox, left)
            .unwrap_or_else(PoisonError::into_inner)
            .0
    }
}

/// An answer of the wrong kind: cannot happen (the reader checks kinds).
fn mismatch(answer: Answer) -> ProcessError {
    ProcessError::CannotSend(format!("an answer of the wrong kind came back: {answer:?}"))
}

impl Drop for GameProcess {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The writer thread: frames to the process's stdin, in order, until the
/// handle is dropped or the pipe breaks.
fn write_frames(stdin: &Mutex<ChildStdin>, frames: mpsc::Receiver<Vec<u8>>) {
    for frame in frames {
        let mut stdin = stdin.lock().unwrap_or_else(PoisonError::into_inner);
        if stdin.write_all(&frame).is_err() {
            break;
        }
    }
}

/// The reader thread: messages from the process's stdout, until it ends;
/// then how it ended.
fn read_messages(shared: &Shared, stdout: impl Read) {
    let mut input = BufReader::with_capacity(64 * 1024, stdout);
    loop {
        match read_message::<ToConsole>(&mut input) {
            Ok(Some(message)) => {
                if let Err(why) = shared.receive(message) {
                    shared.breach(why);
                    break;
                }
            }
            Ok(None) => break,
            Err(e) => {
                shared.breach(e.to_string());
                break;
            }
        }
    }
    shared.finish();
}

/// The output thread: keeps the last [`OUTPUT_TAIL`] bytes of what the
/// process prints (never echoed anywhere).
fn keep_output(shared: &Shared, mut stderr: impl Read) {
    let mut buffer = vec![0u8; 16 * 1024];
    loop {
        match stderr.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                let mut output = shared.output.lock().unwrap_or_else(PoisonError::into_inner);
                let chunk = &buffer[n.saturating_sub(OUTPUT_TAIL)..n];
                let excess = (output.len() + chunk.len()).saturating_sub(OUTPUT_TAIL);
                output.drain(..excess);
                output.extend(chunk);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    shared.inbox().output_closed = true;
    shared.changed.notify_all();
}

impl From<ProcessError> for GameError {
    fn from(e: ProcessError) -> GameError {
        match e {
            ProcessError::Call(e) => GameError::Call(e),
            other => GameError::Process(other.to_string()),
        }
    }
}

/// A game process as a game window and the midend see it. Each call waits
/// at most [`GameProcess::wait`]; a call that gets no answer by then is a
/// [`GameError::Process`], and the window asks [`GameProcess::state`] and
/// [`GameProcess::is_busy`] how the game is.
impl RunningGame for GameProcess {
    fn read_ahead(&mut self, reads: &[GameRead]) {
        let calls = reads
            .iter()
            .flat_map(|read| match read {
                GameRead::GameId => vec![Call::GameId],
                GameRead::Save => vec![Call::Save],
                GameRead::Outcome => vec![Call::Outcome],
                GameRead::View => Call::view(),
            })
            .collect();
        self.set_read_ahead(calls);
    }
    fn features(&self) -> Features {
        GameProcess::features(self).unwrap_or_default()
    }
    fn view(&mut self, _measure: Measure<'_>) -> Result<GameView, GameError> {
        // Text is measured in the game process, with the console's fonts.
        let view = GameProcess::view(self)?;
        Ok(GameView {
            canvas_size: view.canvas_size,
            title: view.title,
            status: view.status,
            actions: view.actions,
            regions: view.regions,
            drawing: game_api::RecordingPainter {
                shapes: view.frame.shapes,
            },
            report: view.frame.report,
            notes: view.frame.notes,
        })
    }
    fn handle_event(&mut self, event: &Event) -> Result<Response, GameError> {
        Ok(GameProcess::handle_event(self, event)?)
    }
    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        Ok(GameProcess::invoke_action(self, id, value)?)
    }
    fn save(&mut self) -> Result<Vec<u8>, GameError> {
        Ok(GameProcess::save(self)?)
    }
    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        Ok(GameProcess::load(self, bytes)?)
    }
    fn new_game(&mut self, seed: u64) -> Result<(), GameError> {
        Ok(GameProcess::new_game(self, seed)?)
    }
    fn game_id(&mut self) -> Result<String, GameError> {
        Ok(GameProcess::game_id(self)?)
    }
    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        Ok(GameProcess::start_from_game_id(self, id)?)
    }
    fn outcome(&mut self) -> Result<Outcome, GameError> {
        Ok(GameProcess::outcome(self)?)
    }
    fn file_chosen(&mut self, choice: &game_api::FileChoice) -> Result<Response, GameError> {
        Ok(GameProcess::file_chosen(self, choice)?)
    }
    fn layout(&mut self, size: Point) -> Result<Response, GameError> {
        Ok(GameProcess::layout(self, size)?)
    }
    fn score_kind(&mut self) -> Result<game_api::ScoreKind, GameError> {
        Ok(GameProcess::score_kind(self)?)
    }
    fn set_clock(&mut self, ms: u64, running: bool) -> Result<(), GameError> {
        Ok(GameProcess::set_clock(self, ms, running)?)
    }
    fn close(self: Box<Self>) -> Result<(), GameError> {
        Ok(GameProcess::close(*self)?)
    }
}
