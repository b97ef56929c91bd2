//! Answers read ahead: the reads a window makes after a move, sent with
//! the move and answered in the same message.

use super::GameProcess;
use crate::protocol::{Answer, Call};
use game_api::host::CallError;
use std::collections::VecDeque;
use std::sync::PoisonError;

/// Answers read ahead with an event or control (see
/// [`GameProcess::set_read_ahead`]).
pub(super) struct ReadAhead {
    /// Each read, with its answer, in the order they ran.
    pub(super) answers: VecDeque<(Call, Result<Answer, CallError>)>,
    /// How many redraws the game had asked for when they came
    /// (`Inbox::redraws`): one more means the game changed by itself
    /// since (a thread of its own), and makes them old.
    pub(super) redraws: u64,
}

impl GameProcess {
    /// Has the reads `calls` (calls that only read the game; others are
    /// left out) run right after each event or control whose answer asks
    /// for a redraw, in the same message, and keeps their answers for the
    /// typed calls that ask for them next, in that order: a move and what
    /// the window reads after it cost one round trip. An answer read ahead
    /// is used at most once, only by the calls right after the move (any
    /// other call drops them, and so does the game asking to be drawn
    /// again: it changed since). Not a time: on a loaded machine the reads
    /// come late, and are still the game's answers after the move.
    pub fn set_read_ahead(&mut self, calls: Vec<Call>) {
        self.read_ahead = calls.into_iter().filter(Call::is_read).collect();
        self.drop_read_ahead();
    }

    pub(super) fn drop_read_ahead(&self) {
        *self.ahead.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }

    /// The answer read ahead for `call`, if one is kept and fresh; the reads
    /// before it, skipped, are dropped, and a miss drops them all.
    pub(super) fn take_read_ahead(&self, call: &Call) -> Option<Result<Answer, CallError>> {
        let mut ahead = self.ahead.lock().unwrap_or_else(PoisonError::into_inner);
        let redraws = self.redraws();
        let kept = ahead.as_mut().filter(|a| a.redraws == redraws);
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
}
