//! Calls and tickets: sending calls without waiting, and collecting their
//! answers within a time the caller gives.

use super::late::keepable;
use super::shared::InFlight;
use super::wire_error::call_error;
use super::{GameProcess, ProcessError, ProcessState, Ticket};
use crate::protocol::{Answer, Call, ToGame, encode};
use crate::report::Activity;
use game_api::host::CallError;
use std::io::Write;
use std::task::Poll;
use std::time::{Duration, Instant};

/// The largest message [`GameProcess::send`] writes itself rather than
/// through the writer thread: far below a pipe's capacity (64 KiB on
/// Linux), so that writing it to an empty pipe never blocks.
pub(super) const DIRECT_WRITE_MAX: usize = 16 * 1024;

/// A call with its payload left out, to check its answer's kind.
pub(super) fn outline(call: &Call) -> Call {
    match call {
        Call::Load(_) => Call::Load(Vec::new()),
        other => other.clone(),
    }
}

impl GameProcess {
    /// Sends `calls` to be run in order, without waiting. Refused when the
    /// process has ended or is not responding.
    pub fn send(&self, calls: Vec<Call>) -> Result<Ticket, ProcessError> {
        self.send_as(calls, false)
    }

    /// [`GameProcess::send`]; `polled`: the caller polls its ticket next,
    /// so what arrives before it does is left for it (see [`super::Waker`]),
    /// however soon the game answers.
    fn send_as(&self, calls: Vec<Call>, polled: bool) -> Result<Ticket, ProcessError> {
        // Whatever it asks may change the game: what was read ahead is old.
        self.drop_read_ahead();
        if !calls.iter().all(Call::is_read) {
            // And so are the late answers of reads.
            self.forget_late_reads();
        }
        let mut inbox = self.shared.inbox();
        if let Some(report) = &inbox.exit {
            return Err(ProcessError::Exited(report.clone()));
        }
        if let Some(oldest) = inbox.in_flight.values().next()
            && self.shared.overdue(oldest)
        {
            let seq = *inbox.in_flight.keys().next().expect("one is in flight");
            self.shared.sync_progress(&mut inbox);
            let oldest = &inbox.in_flight[&seq];
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
        let stamp = self.shared.run_queue.stamp();
        inbox.in_flight.insert(
            seq,
            InFlight {
                calls: outlines,
                current: 0,
                since: stamp.at,
                waited: stamp.waited,
                activity: None,
            },
        );
        inbox.awaited.insert(seq);
        if polled {
            inbox.polling = Some(seq);
        }
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
        // Its answer, if it comes while this waits, is taken here: the UI
        // need not be woken for another frame to take it.
        inbox.polling = Some(ticket.seq);
        let answered = loop {
            if let Some(results) = inbox.replies.remove(&ticket.seq) {
                inbox.awaited.remove(&ticket.seq);
                break Poll::Ready(Ok(results
                    .into_iter()
                    .map(|r| r.map_err(call_error))
                    .collect()));
            }
            if let Some(report) = &inbox.exit {
                break Poll::Ready(Err(ProcessError::Exited(report.clone())));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break Poll::Pending;
            }
            inbox = self.shared.wait(inbox, left);
        };
        inbox.polling = None;
        answered
    }

    /// Runs `calls` and waits at most `wait` for their answers.
    ///
    /// A message given up on is kept for the reads it ends with: the same
    /// reads asked again are answered by it, without sending them again,
    /// once it answers and while nothing that may change the game was sent
    /// after it (see `late.rs`). Reads whose copy is still in flight wait
    /// for it (at most `wait` again) instead of being sent twice.
    pub fn calls_within(
        &self,
        calls: Vec<Call>,
        wait: Duration,
    ) -> Result<Vec<Result<Answer, CallError>>, ProcessError> {
        let during = calls.first().map_or(Activity::Starting, Activity::of);
        // The reads it ends with, after its last call that may change the
        // game.
        let skip = calls
            .iter()
            .rposition(|c| !keepable(c))
            .map_or(0, |i| i + 1);
        let reads = calls[skip..].to_vec();
        if skip == 0
            && !reads.is_empty()
            && let Some(answers) = self.late_answers(&reads, wait)
        {
            return match answers {
                Poll::Ready(result) => result,
                Poll::Pending => Err(self.late(during, wait)),
            };
        }
        let redraws = self.redraws();
        let ticket = self.send_as(calls, true)?;
        match self.poll(&ticket, wait) {
            Poll::Ready(result) => result,
            Poll::Pending => {
                if !reads.is_empty() {
                    self.keep_late(reads, skip, ticket, redraws);
                }
                Err(self.late(during, wait))
            }
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
    pub(super) fn late(&self, during: Activity, wait: Duration) -> ProcessError {
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
}
