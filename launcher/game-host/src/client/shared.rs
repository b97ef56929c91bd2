//! What the handle and its threads share: the calls in flight, the answers
//! kept, what the game asked for, and how the process ended.

use super::wire_error::call_error;
use super::{MAX_QUEUED_NOTIFICATIONS, Waker};
use crate::checks::{check_answer, check_notification};
use crate::given_time::{RunQueue, Stamp};
use crate::progress::ProgressPage;
use crate::protocol::{Answer, Call, CallResult, Notification, StartFailure, Started, ToConsole};
use crate::repeats::Repeats;
use crate::report::{Activity, ExitCause, ExitReport};
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::process::Child;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// What the threads of one game process share with its handle.
pub(super) struct Shared {
    pub(super) inbox: Mutex<Inbox>,
    /// Notified when an answer arrives or the process ends.
    pub(super) changed: Condvar,
    pub(super) waker: Option<Waker>,
    /// The process, until it has been waited for.
    pub(super) child: Mutex<Option<Child>>,
    /// The last [`OUTPUT_TAIL`] bytes it printed.
    pub(super) output: Mutex<VecDeque<u8>>,
    pub(super) memory_limit: Option<u64>,
    pub(super) answer_within: Duration,
    /// How long the game's main threads waited to run, taken out of the
    /// time a call has gone unanswered.
    pub(super) run_queue: RunQueue,
    /// Which call the process is running, if it shares a page for it.
    pub(super) progress: Option<ProgressPage>,
    /// The bytes read from the process's stdout so far: what its answers
    /// cost the console ([`super::GameProcess::bytes_received`]).
    pub(super) bytes_read: std::sync::atomic::AtomicU64,
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Shared")
    }
}

/// Where the process is in starting.
#[derive(Debug)]
pub(super) enum Starting {
    /// Loading its library.
    Loading,
    /// Its library loaded, starting the game.
    Creating,
    /// Done, well or not.
    Done(Result<Started, StartFailure>),
}

/// A message sent and not yet answered.
#[derive(Debug)]
pub(super) struct InFlight {
    /// Each call with its payload left out (to check the answers' kinds).
    pub(super) calls: Vec<Call>,
    /// The call the process is at.
    pub(super) current: usize,
    /// When it was sent, or when the current step of starting began.
    pub(super) since: Instant,
    /// How long the game's main threads had waited to run by then
    /// ([`crate::given_time`]).
    pub(super) waited: Duration,
    /// For the start (seq 0): what it is doing.
    pub(super) activity: Option<Activity>,
}

impl InFlight {
    pub(super) fn activity(&self) -> Activity {
        match (&self.activity, self.calls.get(self.current)) {
            (Some(activity), _) => activity.clone(),
            (None, Some(call)) => Activity::of(call),
            (None, None) => Activity::Starting,
        }
    }
}

#[derive(Debug, Default)]
pub(super) struct Inbox {
    pub(super) next_seq: u64,
    pub(super) in_flight: BTreeMap<u64, InFlight>,
    /// Answers not yet collected, of messages someone still waits for.
    pub(super) replies: HashMap<u64, Vec<CallResult>>,
    /// The messages whose tickets are alive.
    pub(super) awaited: HashSet<u64>,
    pub(super) notifications: VecDeque<Notification>,
    /// The message a caller is waiting for in `poll` now: its answer wakes
    /// that caller, not the UI.
    pub(super) polling: Option<u64>,
    pub(super) dropped_notifications: u64,
    /// How many times the game asked to be drawn again: the late answers
    /// of reads kept before are old (see `late.rs`).
    pub(super) redraws: u64,
    pub(super) starting: Option<Starting>,
    /// Why the console ended the conversation.
    pub(super) protocol_error: Option<String>,
    /// The console killed the process.
    pub(super) stopped: bool,
    /// The game answered a [`Call::Close`]: the process ends of itself.
    pub(super) closed: bool,
    /// The process's output has ended (or was given up on).
    pub(super) output_closed: bool,
    pub(super) exit: Option<ExitReport>,
    /// The last answer to each read of the game's view, from which the
    /// answers sent as what changed are made whole (`crate::repeats`).
    pub(super) repeats: Repeats,
}

impl Shared {
    /// Takes which call the process is running from the shared page into
    /// the calls in flight, before saying what the game is doing. Only a
    /// call in flight is believed: the game may write anything there.
    pub(super) fn sync_progress(&self, inbox: &mut Inbox) {
        let Some((seq, index)) = self.progress.as_ref().and_then(ProgressPage::load) else {
            return;
        };
        if let Some(in_flight) = inbox.in_flight.get_mut(&seq)
            && index < in_flight.calls.len()
            && seq != 0
        {
            in_flight.current = index;
        }
    }

    pub(super) fn inbox(&self) -> MutexGuard<'_, Inbox> {
        self.inbox.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn wake(&self) {
        self.changed.notify_all();
        if let Some(waker) = &self.waker {
            waker();
        }
    }

    /// Takes in one message; an error is a breach of the protocol.
    pub(super) fn receive(&self, message: ToConsole) -> Result<(), String> {
        let mut inbox = self.inbox();
        match message {
            ToConsole::Loaded => {
                if !matches!(inbox.starting, Some(Starting::Loading)) {
                    return Err("it said it loaded its library twice".into());
                }
                inbox.starting = Some(Starting::Creating);
                if let Some(start) = inbox.in_flight.get_mut(&0) {
                    let stamp = self.run_queue.stamp();
                    start.activity = Some(Activity::Starting);
                    start.since = stamp.at;
                    start.waited = stamp.waited;
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
                let mut results = results;
                for (result, call) in results.iter_mut().zip(&in_flight.calls) {
                    if let Ok(answer) = result {
                        // Whole again, before anything looks at it.
                        let sent = std::mem::replace(answer, Answer::Done);
                        *answer = inbox.repeats.expand(call, sent)?;
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
                if inbox.polling == Some(seq) {
                    // Taken by the caller waiting for it, in the frame
                    // that waits: no frame more to ask for.
                    drop(inbox);
                    self.changed.notify_all();
                    return Ok(());
                }
            }
            ToConsole::Notify(notification) => {
                check_notification(&notification).map_err(|what| format!("it asked for {what}"))?;
                if notification == Notification::RequestRedraw {
                    inbox.redraws += 1;
                }
                if inbox.notifications.len() < MAX_QUEUED_NOTIFICATIONS {
                    inbox.notifications.push_back(notification);
                } else {
                    inbox.dropped_notifications += 1;
                }
                if inbox.polling.is_some() {
                    // The caller waiting in its frame takes it (see
                    // `Waker`): no frame more to ask for.
                    return Ok(());
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
    pub(super) fn kill(&self, stopped: bool) {
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
    pub(super) fn breach(&self, why: String) {
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
    pub(super) fn finish(&self) {
        // Counted in the time the process was given: on a busy machine a
        // process that closed its pipes may wait long to run its exit.
        let closed = self.run_queue.stamp();
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
                Ok(None) if self.run_queue.given_since(&closed, EXIT_WITHIN) >= EXIT_WITHIN => {
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
        self.sync_progress(&mut inbox);
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

    pub(super) fn output_text(&self) -> String {
        let output = self.output.lock().unwrap_or_else(PoisonError::into_inner);
        let (a, b) = output.as_slices();
        let mut bytes = Vec::with_capacity(a.len() + b.len());
        bytes.extend_from_slice(a);
        bytes.extend_from_slice(b);
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

pub(super) fn start_failure_text(failure: &StartFailure) -> String {
    match failure {
        StartFailure::Load(why) | StartFailure::Host(why) => why.clone(),
        StartFailure::Create(e) => call_error(e.clone()).to_string(),
    }
}

/// The exit code and the signal of an ended process.
pub(super) fn exit_numbers(status: std::process::ExitStatus) -> (Option<i32>, Option<i32>) {
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
pub(super) fn kill_group(child: &mut Child) {
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

/// How long a process that closed its side of the pipes may take to end,
/// in the time it was given ([`crate::given_time`]), before it is said to
/// have broken the protocol.
const EXIT_WITHIN: Duration = Duration::from_secs(2);

impl Shared {
    /// The time the game was given since `call` was sent: the time that
    /// passed less its wait to run ([`crate::given_time`]).
    pub(super) fn given(&self, call: &InFlight) -> Duration {
        let stamp = Stamp {
            at: call.since,
            waited: call.waited,
        };
        self.run_queue.given_since(&stamp, self.answer_within)
    }

    /// Whether `call` has gone unanswered for as long as a game may take,
    /// counted in the time the game was given: the game is not responding.
    pub(super) fn overdue(&self, call: &InFlight) -> bool {
        self.given(call) >= self.answer_within
    }

    /// Waits on the condition variable at most `left`.
    pub(super) fn wait<'a>(
        &self,
        inbox: MutexGuard<'a, Inbox>,
        left: Duration,
    ) -> MutexGuard<'a, Inbox> {
        self.changed
            .wait_timeout(inbox, left)
            .unwrap_or_else(PoisonError::into_inner)
            .0
    }
}
