//! Computer players' turns played against a step budget and shown one
//! step at a time on ticks.
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
//! [`Turns`] is that pattern whole for a game whose rules implement
//! [`Computers`]: the rules' state, the state on show, and the steps
//! between, played against a step budget ([`STEP_BUDGET`], counted, never
//! timed, so a busy machine only shows them later); [`ShowsTurns`] is the
//! plugin's side of it (ticks, a click or Space to see the rest), written
//! once for every card game with computer players.
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

use game_api::{Event, Response, keys};

use crate::anim::Snapshot;
use crate::view::{View, WAIT_TICK};

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

/// The most computer steps played after one move of the player: rules
/// that would play more are stuck, and the player gets the turn back.
pub const STEP_BUDGET: usize = 100_000;

/// Rules with computer players, who move by themselves between the
/// player's moves, a step at a time.
pub trait Computers: Clone {
    /// What a step did, to be told.
    type Report;
    /// Whether a computer player is to move.
    fn computer_to_play(&self) -> bool;
    /// One step of the computer player to move; `None` when none can.
    fn computer_step(&mut self) -> Option<Self::Report>;
}

/// Implements [`Computers`] for rules `$rules` whose own
/// `computer_to_play` and `computer_step` (returning
/// `Option<$report>`) play their computers.
#[macro_export]
macro_rules! computers {
    ($rules:ty, $report:ty) => {
        impl $crate::replay::Computers for $rules {
            type Report = $report;
            fn computer_to_play(&self) -> bool {
                <$rules>::computer_to_play(self)
            }
            fn computer_step(&mut self) -> Option<$report> {
                <$rules>::computer_step(self)
            }
        }
    };
}

/// The computers' steps played on `game` now, up to `budget` steps: each
/// step's state after it, and what it did.
pub fn play_computers<G: Computers>(game: &mut G, budget: usize) -> Vec<(G, G::Report)> {
    let mut steps = Vec::new();
    while steps.len() < budget && game.computer_to_play() {
        let Some(report) = game.computer_step() else {
            break;
        };
        steps.push((game.clone(), report));
    }
    steps
}

/// The rules' state of a game against computer players, the state on
/// show, and the computers' steps between, shown one at a time on ticks.
///
/// ```
/// use cards::replay::{Computers, Turns};
///
/// // The player moves to 11; the computer then adds ten up to 50.
/// #[derive(Clone, Debug, PartialEq)]
/// struct Count(u32);
/// impl Computers for Count {
///     type Report = u32;
///     fn computer_to_play(&self) -> bool {
///         self.0 > 1 && self.0 < 50
///     }
///     fn computer_step(&mut self) -> Option<u32> {
///         self.0 += 10;
///         Some(self.0)
///     }
/// }
/// let mut turns = Turns::new(Count(1), 0.5);
/// turns.play(|c| -> Result<(), ()> { c.0 = 11; Ok(()) }).unwrap();
/// assert_eq!(turns.rules(), &Count(51), "the rules are ahead at once");
/// assert_eq!(turns.shown(), &Count(11), "the player's move on show");
/// assert_eq!(turns.tick(0.5), Some(21));
/// assert_eq!(turns.shown(), &Count(21));
/// assert_eq!(turns.skip(), [31, 41, 51]);
/// assert_eq!(turns.shown(), turns.rules());
/// ```
#[derive(Clone, Debug)]
pub struct Turns<G: Computers> {
    /// Always at the player's turn, or the end.
    game: G,
    /// `game`, or a computer's step on its way to it.
    shown: G,
    steps: Replay<(G, G::Report)>,
}

impl<G: Computers> Turns<G> {
    /// `game` on show, each computer step to be shown for `step_seconds`.
    pub fn new(game: G, step_seconds: f32) -> Self {
        Turns {
            shown: game.clone(),
            game,
            steps: Replay::new(step_seconds),
        }
    }

    /// The rules' state: the computers' steps already played.
    pub fn rules(&self) -> &G {
        &self.game
    }

    /// The state on show.
    pub fn shown(&self) -> &G {
        &self.shown
    }

    /// Whether computer steps are still waiting to be shown.
    pub fn is_running(&self) -> bool {
        self.steps.is_running()
    }

    /// `game` on show at once, nothing waiting (a new deal, a load).
    pub fn restart(&mut self, game: G) {
        self.shown = game.clone();
        self.game = game;
        self.steps.clear();
    }

    /// `game` with any computer steps it waits for played out unseen (a
    /// save made mid-way by an older build), on show at once.
    pub fn resume(&mut self, mut game: G) {
        play_computers(&mut game, STEP_BUDGET);
        self.restart(game);
    }

    /// Makes the player's move `mv` on the rules; if it is accepted, the
    /// computers' steps that follow are played at once and queued to be
    /// shown after the move, which is on show now for a whole step.
    pub fn play<R, E>(&mut self, mv: impl FnOnce(&mut G) -> Result<R, E>) -> Result<R, E> {
        let done = mv(&mut self.game)?;
        self.shown = self.game.clone();
        for step in play_computers(&mut self.game, STEP_BUDGET) {
            self.steps.push(step);
        }
        self.steps.restart_wait();
        Ok(done)
    }

    /// The state after the next step waiting to be shown.
    pub fn next_state(&self) -> Option<&G> {
        self.steps.front().map(|(state, _)| state)
    }

    /// Puts `state` on show in the place of what is (a game's own view of
    /// the moment before the next step).
    pub fn show(&mut self, state: G) {
        self.shown = state;
    }

    /// Advances the clock by a tick of `dt` seconds; the step now due, if
    /// any, is put on show and its report returned.
    pub fn tick(&mut self, dt: f32) -> Option<G::Report> {
        let (state, report) = self.steps.tick(dt)?;
        self.shown = state;
        Some(report)
    }

    /// Shows the rest at once: the last step's state on show, and every
    /// step's report, in order (none when nothing waited).
    pub fn skip(&mut self) -> Vec<G::Report> {
        let steps = self.steps.take_all();
        let mut reports = Vec::with_capacity(steps.len());
        for (state, report) in steps {
            self.shown = state;
            reports.push(report);
        }
        reports
    }

    /// The ticks wanted while no card slides: [`WAIT_TICK`] while a step
    /// waits its moment, else none.
    pub fn idle_ticks(&self) -> Option<Duration> {
        self.is_running().then_some(WAIT_TICK)
    }
}

/// A card game's window showing its computers' turns: the game tells how
/// to put the shown state on the table and what steps did; the kit shows
/// the steps on ticks, a click, Space or Enter showing the rest at once.
pub trait ShowsTurns {
    /// The rules, with their computer players.
    type Rules: Computers;
    /// The window's table, hand and slides; the rules' state, the state
    /// on show, and the steps between.
    fn parts(&mut self) -> (&mut View, &mut Turns<Self::Rules>);
    /// Puts the shown state on the table.
    fn sync(&mut self);
    /// Tells what the steps just shown did (in order; at least one).
    fn tell(&mut self, reports: Vec<<Self::Rules as Computers>::Report>);
    /// Puts `message` in the status line (a refusal's reason).
    fn say(&mut self, message: String);

    /// Makes the player's move `mv` on the rules, the cards sliding from
    /// `before`: if it is accepted, `accepted` tells what it did and the
    /// computers' steps that follow are queued to be shown; if not, the
    /// status line says why ("Refused: …") and dragged cards slide back.
    /// Whether it was accepted.
    fn make_move<R, E: std::fmt::Display>(
        &mut self,
        before: &Snapshot,
        mv: impl FnOnce(&mut Self::Rules) -> Result<R, E>,
        accepted: impl FnOnce(&mut Self, R),
    ) -> bool
    where
        Self: Sized,
    {
        let done = match self.parts().1.play(mv) {
            Ok(done) => {
                accepted(self, done);
                self.sync();
                true
            }
            Err(why) => {
                self.say(format!("Refused: {why}."));
                false
            }
        };
        self.parts().0.slide_from(before);
        self.update_ticks();
        done
    }

    /// Shows the steps still waiting at once, then where every card is,
    /// to slide from after the player's next move (made from a tool, not
    /// a drag).
    fn settle(&mut self) -> Snapshot {
        self.show_rest();
        self.parts().0.snapshot(None)
    }

    /// Ticks fast while cards slide, slowly while a step waits its moment,
    /// else none.
    fn update_ticks(&mut self) {
        let idle = self.parts().1.idle_ticks();
        self.parts().0.want_ticks(idle);
    }

    /// Puts the state now on show on the table, the cards sliding there,
    /// and tells what `reports` did.
    fn show_steps(&mut self, reports: Vec<<Self::Rules as Computers>::Report>) {
        let before = self.parts().0.snapshot(None);
        self.tell(reports);
        self.sync();
        self.parts().0.slide_from(&before);
        self.update_ticks();
    }

    /// Shows every step left at once: the table after the last.
    fn show_rest(&mut self) {
        let reports = self.parts().1.skip();
        if !reports.is_empty() {
            self.show_steps(reports);
        }
    }

    /// What the replay does with `event`, if it is the replay's: a tick
    /// moves the slides and shows the step due (a frame only when
    /// something changed: waiting alone draws nothing); a click, Space or
    /// Enter while steps wait shows them all.
    fn replay_event(&mut self, event: &Event) -> Option<Response> {
        if let Event::Tick { dt } = event {
            let mut changed = self.parts().0.tick(*dt);
            if let Some(report) = self.parts().1.tick(*dt) {
                self.show_steps(vec![report]);
                changed = true;
            }
            self.update_ticks();
            return Some(Response::redraw_if(changed));
        }
        if self.parts().1.is_running() && skips_replay(event) {
            self.show_rest();
            return Some(Response::REDRAW);
        }
        None
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

    /// Counts up by ten from the player's move until 50; stuck (no step
    /// it can make) on 99.
    #[derive(Clone, Debug, PartialEq)]
    struct Count(u32);

    impl Computers for Count {
        type Report = u32;
        fn computer_to_play(&self) -> bool {
            self.0 > 1 && self.0 < 50 || self.0 >= 99
        }
        fn computer_step(&mut self) -> Option<u32> {
            if self.0 == 99 {
                return None;
            }
            self.0 += 10;
            Some(self.0)
        }
    }

    #[test]
    fn computers_play_until_the_players_turn_within_the_budget() {
        let mut c = Count(11);
        let steps = play_computers(&mut c, STEP_BUDGET);
        let reports: Vec<u32> = steps.iter().map(|s| s.1).collect();
        assert_eq!(reports, [21, 31, 41, 51]);
        assert_eq!(steps[1].0, Count(31), "each step's state after it");
        let mut c = Count(11);
        assert_eq!(
            play_computers(&mut c, 2).len(),
            2,
            "the budget counts steps"
        );
        assert_eq!(c, Count(31));
        let mut stuck = Count(99);
        assert!(play_computers(&mut stuck, STEP_BUDGET).is_empty());
        // Rules that never give the turn back stop at the budget.
        let mut endless = Count(109);
        assert_eq!(play_computers(&mut endless, 1000).len(), 1000);
    }

    #[test]
    fn turns_show_the_players_move_then_each_step_on_ticks() {
        let mut turns = Turns::new(Count(1), 1.0);
        assert_eq!(turns.idle_ticks(), None);
        let refused: Result<(), &str> = turns.play(|_| Err("not yet"));
        assert_eq!(refused, Err("not yet"));
        assert!(!turns.is_running(), "a refused move plays no computer");
        turns
            .play(|c| -> Result<(), ()> {
                c.0 = 11;
                Ok(())
            })
            .unwrap();
        assert_eq!(turns.rules(), &Count(51));
        assert_eq!(turns.shown(), &Count(11));
        assert_eq!(turns.next_state(), Some(&Count(21)));
        assert_eq!(turns.idle_ticks(), Some(WAIT_TICK));
        assert_eq!(
            turns.tick(0.6),
            None,
            "the player's move stays a whole step"
        );
        assert_eq!(turns.tick(0.6), Some(21));
        assert_eq!(turns.shown(), &Count(21));
        let mut shown = vec![21];
        for _ in 0..100 {
            shown.extend(turns.tick(0.25));
        }
        assert_eq!(shown, [21, 31, 41, 51]);
        assert_eq!(turns.shown(), turns.rules());
        assert_eq!(turns.idle_ticks(), None);
        assert!(turns.skip().is_empty(), "nothing left to skip");
    }

    #[test]
    fn a_resumed_game_plays_its_computers_unseen_and_a_restart_forgets_the_steps() {
        let mut turns = Turns::new(Count(1), 1.0);
        turns.resume(Count(31));
        assert_eq!(turns.rules(), &Count(51));
        assert_eq!(turns.shown(), &Count(51));
        assert!(!turns.is_running());
        turns
            .play(|c| -> Result<(), ()> {
                c.0 = 11;
                Ok(())
            })
            .unwrap();
        turns.restart(Count(1));
        assert!(!turns.is_running());
        assert_eq!(turns.shown(), &Count(1));
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
