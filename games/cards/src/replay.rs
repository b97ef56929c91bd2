//! Computer players' turns shown one step at a time, and ticks asked for
//! only while something moves.
//!
//! A card game against computer players should never keep the window
//! waiting: when the player's move passes the turn, the rules play the
//! computers' turns at once, and the window then *shows* them one step at
//! a time on its ticks, each for a moment, so the player can follow. A
//! [`Replay`] holds those steps (each whatever the game needs to show one:
//! typically the rules' state after it and what happened) and says when
//! the next is due; a click, Space or Enter shows the rest at once
//! ([`skips_replay`]). The saved state stays the rules' own, at the
//! player's turn, so undo goes back to the player's previous move.
//!
//! [`Ticker`] asks the host for ticks when a game starts needing them (a
//! slide, a replay) and stops them when it no longer does, so an idle game
//! costs no CPU.
//!
//! ```
//! use cards::replay::Replay;
//!
//! // The computer played three steps; each shows for 0.8 s.
//! let mut replay = Replay::new(0.8);
//! for step in ["asks for 7s", "goes fishing", "lays down a pair"] {
//!     replay.push(step);
//! }
//! replay.restart_wait();
//! assert_eq!(replay.tick(0.5), None, "the player's move is still on show");
//! assert_eq!(replay.tick(0.5), Some("asks for 7s"));
//! assert_eq!(replay.tick(0.8), Some("goes fishing"));
//! // A click: whatever is left at once.
//! assert_eq!(replay.take_all(), ["lays down a pair"]);
//! assert!(!replay.is_running());
//! ```

use std::collections::VecDeque;
use std::time::Duration;

use game_api::{Event, Host, keys};

/// Steps waiting to be shown, one every `step_seconds` of ticks.
#[derive(Clone, Debug)]
pub struct Replay<S> {
    steps: VecDeque<S>,
    /// Seconds until the next step is due.
    wait: f32,
    step_seconds: f32,
}

impl<S> Replay<S> {
    /// An empty replay showing each step for `step_seconds`.
    pub fn new(step_seconds: f32) -> Self {
        Replay {
            steps: VecDeque::new(),
            wait: 0.0,
            step_seconds,
        }
    }

    /// Whether steps are still waiting to be shown.
    pub fn is_running(&self) -> bool {
        !self.steps.is_empty()
    }

    /// Queues `step` after the others.
    pub fn push(&mut self, step: S) {
        self.steps.push_back(step);
    }

    /// The next step to be shown.
    pub fn front(&self) -> Option<&S> {
        self.steps.front()
    }

    /// Forgets every step (a new deal, a load).
    pub fn clear(&mut self) {
        self.steps.clear();
    }

    /// Lets what is on show now (the player's own move) stay a whole step
    /// before the first step is due.
    pub fn restart_wait(&mut self) {
        self.wait = self.step_seconds;
    }

    /// Advances the clock by a tick of `dt` seconds; the step now due, if
    /// any (and the next one waits a whole step again).
    pub fn tick(&mut self, dt: f32) -> Option<S> {
        if self.steps.is_empty() {
            return None;
        }
        self.wait -= dt;
        if self.wait > 0.0 {
            return None;
        }
        self.wait = self.step_seconds;
        self.steps.pop_front()
    }

    /// Every step left, in order, leaving none: the player asked to see the
    /// rest at once (the game shows the last, and may tell what the others
    /// did).
    pub fn take_all(&mut self) -> Vec<S> {
        self.steps.drain(..).collect()
    }
}

/// Whether `event` asks to see the rest of a replay at once: a click
/// (its release), Space or Enter.
pub fn skips_replay(event: &Event) -> bool {
    match event {
        Event::PointerRelease { .. } => true,
        Event::KeyPress { key, .. } => key == keys::SPACE || key == keys::ENTER,
        _ => false,
    }
}

/// Whether ticks were asked of the host, so that they are asked for and
/// stopped once each, as the need for them starts and ends.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ticker {
    ticking: bool,
}

impl Ticker {
    /// Asks `host` for ticks every `interval` if `wanted` and they are not
    /// coming yet; stops them if not `wanted` and they are.
    pub fn want(&mut self, host: &Host, wanted: bool, interval: Duration) {
        if wanted && !self.ticking {
            host.request_ticks(interval);
        } else if !wanted && self.ticking {
            host.stop_ticks();
        }
        self.ticking = wanted;
    }

    /// Whether ticks are coming.
    pub fn is_ticking(&self) -> bool {
        self.ticking
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_is_due_after_a_whole_wait_of_ticks() {
        let mut replay = Replay::new(1.0);
        replay.push(1);
        replay.push(2);
        replay.restart_wait();
        let mut shown = Vec::new();
        for _ in 0..40 {
            shown.extend(replay.tick(0.1));
        }
        assert_eq!(shown, [1, 2]);
        assert!(!replay.is_running());
        assert_eq!(replay.tick(5.0), None, "nothing left");
    }

    #[test]
    fn taking_all_empties_it_in_order() {
        let mut replay = Replay::new(1.0);
        for i in 0..4 {
            replay.push(i);
        }
        assert_eq!(replay.front(), Some(&0));
        assert_eq!(replay.take_all(), [0, 1, 2, 3]);
        assert_eq!(replay.front(), None);
    }

    #[test]
    fn a_release_space_and_enter_skip_a_move_does_not() {
        use game_api::{Modifiers, Point};
        let at = Point::new(1.0, 1.0);
        assert!(skips_replay(&Event::release(at)));
        for key in [keys::SPACE, keys::ENTER] {
            assert!(skips_replay(&Event::KeyPress {
                key: key.into(),
                modifiers: Modifiers::NONE,
            }));
        }
        assert!(!skips_replay(&Event::PointerMove { pos: at }));
        assert!(!skips_replay(&Event::press(at)));
    }
}
