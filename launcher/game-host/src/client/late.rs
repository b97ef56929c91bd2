//! Answers that came too late for their caller. A message given up on
//! after the caller's wait is kept with its ticket, and the reads it ends
//! with (the calls after its last one that may change the game) answer the
//! same reads asked again, once it has answered, for as long as nothing
//! that may change the game is sent after it and the game has not asked to
//! be drawn again: they are still the newest picture of the game. So a
//! game slower than a window's frame is read once per change, never sent
//! the same read again and again, each copy given up on before it answers.

use super::{GameProcess, ProcessError, Ticket};
use crate::protocol::{Answer, Call};
use game_api::host::CallError;
use std::sync::{MutexGuard, PoisonError};
use std::task::Poll;
use std::time::Duration;

/// The answers of a message's calls, one each.
type Answers = Vec<Result<Answer, CallError>>;

/// A message given up on by its caller, kept for the reads it ends with.
#[derive(Debug)]
pub(super) struct Waiting {
    /// Its calls after the last one that may change the game.
    reads: Vec<Call>,
    /// How many calls come before them.
    skip: usize,
    ticket: Ticket,
}

/// The late reads kept since the last call that may change the game.
#[derive(Debug, Default)]
pub(super) struct LateReads {
    /// How many redraws the game had asked for when they were kept
    /// (`Inbox::redraws`): one more makes them old.
    redraws: u64,
    /// Messages not answered yet.
    waiting: Vec<Waiting>,
    /// Reads answered, each with its answer.
    answered: Vec<(Call, Result<Answer, CallError>)>,
}

/// Whether a call's answer may be kept for a later caller: a read of what
/// the game shows. Not `Notes`, which says what the host changed in the
/// texts returned last, so depends on the calls before it.
pub(super) fn keepable(call: &Call) -> bool {
    call.is_read() && *call != Call::Notes
}

impl LateReads {
    /// The answers kept for each of `calls`, if all are kept.
    fn answers(&self, calls: &[Call]) -> Option<Answers> {
        calls
            .iter()
            .map(|call| {
                self.answered
                    .iter()
                    .find(|(read, _)| read == call)
                    .map(|(_, answer)| answer.clone())
            })
            .collect()
    }

    /// Keeps the answers of `waiting`'s reads from its message's `results`
    /// (fewer when the message stopped before them: no redraw, an error).
    fn keep_answers(&mut self, waiting: Waiting, results: Answers) {
        let answers = results.into_iter().skip(waiting.skip);
        for (read, answer) in waiting.reads.into_iter().zip(answers) {
            self.answered.retain(|(kept, _)| *kept != read);
            self.answered.push((read, answer));
        }
    }
}

impl GameProcess {
    /// The late reads, forgotten first if the game asked to be drawn again
    /// since they were kept.
    fn late_reads(&self) -> MutexGuard<'_, LateReads> {
        // The inbox is not held while tickets are dropped (which lock it).
        let redraws = self.shared.inbox().redraws;
        let mut late = self.late.lock().unwrap_or_else(PoisonError::into_inner);
        if late.redraws != redraws {
            *late = LateReads {
                redraws,
                ..LateReads::default()
            };
        }
        late
    }

    /// Forgets the late reads: something that may change the game is sent.
    pub(super) fn forget_late_reads(&self) {
        let redraws = self.shared.inbox().redraws;
        let old = std::mem::replace(
            &mut *self.late.lock().unwrap_or_else(PoisonError::into_inner),
            LateReads {
                redraws,
                ..LateReads::default()
            },
        );
        // Their tickets dropped with no lock held.
        drop(old);
    }

    /// How many redraws the game has asked for so far.
    pub(super) fn redraws(&self) -> u64 {
        self.shared.inbox().redraws
    }

    /// Keeps the message of `ticket`, given up on by its caller, for its
    /// `reads` (after `skip` calls), unless the game asked to be drawn
    /// again since it was sent (`redraws` then).
    pub(super) fn keep_late(&self, reads: Vec<Call>, skip: usize, ticket: Ticket, redraws: u64) {
        let mut late = self.late_reads();
        if late.redraws == redraws {
            late.waiting.push(Waiting {
                reads,
                skip,
                ticket,
            });
        }
    }

    /// The answers of `calls` (reads) from the late reads: `Ready` once
    /// answered (or the process ended), `Pending` after waiting at most
    /// `wait` for a message in flight that will answer them; `None` when
    /// none will, and they must be sent.
    pub(super) fn late_answers(
        &self,
        calls: &[Call],
        wait: Duration,
    ) -> Option<Poll<Result<Answers, ProcessError>>> {
        let mut late = self.late_reads();
        // Take in the messages answered meanwhile.
        let mut index = 0;
        while index < late.waiting.len() {
            match self.poll(&late.waiting[index].ticket, Duration::ZERO) {
                Poll::Pending => index += 1,
                Poll::Ready(Ok(results)) => {
                    let waiting = late.waiting.remove(index);
                    late.keep_answers(waiting, results);
                }
                Poll::Ready(Err(_)) => drop(late.waiting.remove(index)),
            }
        }
        if let Some(answers) = late.answers(calls) {
            return Some(Poll::Ready(Ok(answers)));
        }
        // A message in flight that will answer them: wait for it rather
        // than send them again.
        let index = late
            .waiting
            .iter()
            .position(|w| calls.iter().all(|call| w.reads.contains(call)))?;
        match self.poll(&late.waiting[index].ticket, wait) {
            Poll::Pending => Some(Poll::Pending),
            Poll::Ready(Err(e)) => Some(Poll::Ready(Err(e))),
            Poll::Ready(Ok(results)) => {
                let waiting = late.waiting.remove(index);
                late.keep_answers(waiting, results);
                // None when it stopped before them: they are sent.
                late.answers(calls).map(|answers| Poll::Ready(Ok(answers)))
            }
        }
    }
}
