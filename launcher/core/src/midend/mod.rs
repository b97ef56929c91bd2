//! The launcher's midend: what every game that opts in gets without code of
//! its own, as in Simon Tatham's puzzle collection — undo and redo (across
//! New game and Restart), Restart, New game from a seed, game IDs, the
//! game's time, and one result per game for the statistics.
//!
//! It works on snapshots: the bytes of the game's `save`. After every
//! event or action that changed what the game shows, the window calls
//! [`Midend::after_change`]; when the bytes differ from the last ones, that
//! was a move. Undo loads the snapshot before it. A snapshot remembers the
//! start of its game, so Restart after an Undo across a New game restarts
//! the game the player is looking at.
//!
//! Why snapshots rather than a move log: a game only has to write `save`
//! and `load` (which it needs for resume anyway), undo cannot drift from
//! the game's rules, and the games here save in bytes to a few hundred
//! bytes, so even a long game's history is small. [`MAX_HISTORY_BYTES`]
//! bounds it: the oldest moves are forgotten first. The chain goes into
//! the resume file ([`crate::saves`]), so Undo and Redo go on after the
//! game is closed and opened again, or restarted with a new version of
//! itself ([`History::resumed_with`]); each position is loaded only when
//! Undo or Redo reaches it.
//!
//! A game with hidden information says of each move what undoing it would
//! mean ([`game_api::UndoRule`], read with the outcome after each move): a
//! move that revealed a card or an opponent's turn is an undo barrier
//! ([`History::seal`]: Undo and Restart stop at the position it reached),
//! and one whose undoing is help marks the game assisted when Undo or
//! Restart takes it back.
//!
//! A game without `save` gets none of this (no Undo, no Restart, no
//! resume); one without `new_game` keeps its own New game; one without
//! `outcome` is not counted in the statistics.

use crate::running::{GameError, RunningGame};
use game_api::host::Features;
use game_api::{GameResult, Outcome, UndoRule};
use std::sync::Arc;
use std::time::Duration;

mod history;
pub use history::{History, MAX_HISTORY_BYTES, Save, Snapshot, Withheld};

/// What happened to the game's result with a change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// Won or lost.
    pub result: GameResult,
    /// The game's score, if it keeps one.
    pub score: Option<i64>,
    /// The time played on this game.
    pub time: Duration,
    /// Whether the game helped the player (hints, a solver).
    pub assisted: bool,
    /// How its scores compare (revision 5).
    pub score_kind: game_api::ScoreKind,
    /// The game's choice controls as they were when this game started:
    /// what its variant is, for records per variant
    /// ([`crate::player::variant_name`]).
    pub choices: Vec<ChoiceValue>,
}

/// A choice control's value (a board size, an opponent), as a game's
/// actions show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceValue {
    /// The control's id.
    pub id: String,
    /// Its label ("Size").
    pub label: String,
    /// The option chosen ("7×7").
    pub value: String,
}

impl ChoiceValue {
    /// The choice controls among `actions`, with their values.
    pub fn of(actions: &[game_api::Action]) -> Vec<ChoiceValue> {
        actions
            .iter()
            .filter_map(|a| match &a.kind {
                game_api::ActionKind::Choice { selected, .. } => Some(ChoiceValue {
                    id: a.id.clone(),
                    label: a.label.clone(),
                    value: selected.clone(),
                }),
                _ => None,
            })
            .collect()
    }
}

/// The midend of one running game.
#[derive(Debug)]
pub struct Midend {
    features: Features,
    history: Option<History>,
    game_id: Option<String>,
    /// The time played on the current game before `playing_since`.
    played: Duration,
    /// Whether this game's result has been counted (once per game).
    counted: bool,
    /// How the game's scores compare, as it said when it started.
    score_kind: game_api::ScoreKind,
    /// The choices as they were when this game started: read from the
    /// first actions shown after it began ([`Midend::note_choices`]).
    choices: Option<Vec<ChoiceValue>>,
    /// Undo or Restart took back a move whose undoing helps the player
    /// ([`UndoRule::Assists`]) in this game: its result counts as assisted.
    undid_help: bool,
    /// The position of the last move whose undo rule has not been read
    /// yet (its outcome's answer came late).
    unruled: Option<Arc<[u8]>>,
    /// The first game was asked for ([`Midend::first_game`]) and its
    /// answer has not been read: when it comes, it is where the history
    /// starts, not a new game after the one `Game::new` made.
    first_game_pending: bool,
}

/// Turns "the game lacks it" into a plain error for the caller.
fn supported<T>(result: Result<T, GameError>) -> Result<Option<T>, GameError> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(e) if e.is_unsupported() => Ok(None),
        Err(e) => Err(e),
    }
}

/// What the game's `save` gave: its bytes, the size of a state too large
/// to send ([`GameError::SaveTooLarge`]), or `None` when it does not save.
fn read_save(instance: &mut dyn RunningGame) -> Result<Option<Save>, GameError> {
    match instance.save() {
        Ok(bytes) => Ok(Some(Save::Bytes(bytes))),
        Err(GameError::SaveTooLarge(bytes)) => Ok(Some(Save::Withheld(bytes))),
        Err(e) if e.is_unsupported() => Ok(None),
        Err(e) => Err(e),
    }
}

impl Midend {
    /// The midend of a game that has not started yet: nothing to offer
    /// until [`Midend::start`] replaces it.
    pub fn waiting() -> Midend {
        Midend {
            features: Features::default(),
            history: None,
            game_id: None,
            played: Duration::ZERO,
            counted: false,
            score_kind: game_api::ScoreKind::points(),
            choices: None,
            first_game_pending: false,
            undid_help: false,
            unruled: None,
        }
    }

    /// The midend of a game just started: its first snapshot, its game ID.
    pub fn start(instance: &mut dyn RunningGame) -> Result<Midend, GameError> {
        let features = instance.features();
        let history = if features.save {
            read_save(instance)?.map(History::from_save)
        } else {
            None
        };
        let score_kind = if features.outcome {
            instance.score_kind()?
        } else {
            game_api::ScoreKind::points()
        };
        let mut midend = Midend {
            features,
            history,
            game_id: None,
            played: Duration::ZERO,
            counted: false,
            score_kind,
            choices: None,
            first_game_pending: false,
            undid_help: false,
            unruled: None,
        };
        midend.read_game_id(instance)?;
        Ok(midend)
    }

    /// The game's optional features.
    pub fn features(&self) -> Features {
        self.features
    }

    /// The undo chain, if the game saves.
    pub fn history(&self) -> Option<&History> {
        self.history.as_ref()
    }

    /// The game's ID, as it last said.
    pub fn game_id(&self) -> Option<&str> {
        self.game_id.as_deref()
    }

    /// The time played on this game so far.
    pub fn played(&self) -> Duration {
        self.played
    }

    /// Whether this game's result was counted already.
    pub fn counted(&self) -> bool {
        self.counted
    }

    /// Adds `time` to the time played on this game (while it goes on).
    pub fn add_time(&mut self, time: Duration) {
        self.played += time;
    }

    /// Goes on from a resumed game: its history (its current position
    /// already loaded into the game; the others are loaded when Undo or
    /// Redo reaches them), the time played on it, and whether its result
    /// was counted.
    pub fn resume(
        &mut self,
        instance: &mut dyn RunningGame,
        history: History,
        played: Duration,
        counted: bool,
    ) -> Result<(), GameError> {
        if self.history.is_some() {
            self.history = Some(history);
        }
        self.played = played;
        self.counted = counted;
        // The game's ID before the load is not the resumed game's: unknown
        // until read (a read that comes late is not a new game).
        self.game_id = None;
        self.read_game_id(instance)
    }

    fn read_game_id(&mut self, instance: &mut dyn RunningGame) -> Result<(), GameError> {
        if self.features.new_game {
            self.game_id = supported(instance.game_id())?;
        }
        Ok(())
    }

    /// What [`Midend::after_change`] reads of the game, in order.
    pub fn reads_after_change(&self) -> Vec<crate::running::Read> {
        use crate::running::Read;
        let mut reads = Vec::new();
        if self.features.new_game {
            reads.push(Read::GameId);
        }
        if self.history.is_some() {
            reads.push(Read::Save);
        }
        if self.features.outcome {
            reads.push(Read::Outcome);
        }
        reads
    }

    /// After an event or action that changed what the game shows: records
    /// a move (or, when the game's ID changed, a new game it started by
    /// itself), and returns the result when the game has just been won or
    /// lost for the first time.
    pub fn after_change(
        &mut self,
        instance: &mut dyn RunningGame,
    ) -> Result<Option<Finished>, GameError> {
        if self.first_game_pending {
            return self.first_game_read(instance);
        }
        let id_before = self.game_id.clone();
        self.read_game_id(instance)?;
        // An ID not known before (its read came late) is learnt, not taken
        // for a new game: that would cut the time played and the result.
        let new_game = self.features.new_game && id_before.is_some() && self.game_id != id_before;
        if new_game {
            self.begin_game();
        }
        let mut moved = false;
        if let Some(history) = &mut self.history
            && let Some(save) = read_save(instance)?
        {
            if new_game {
                history.record_new_game_from(save);
            } else {
                moved = history.record(save);
            }
        }
        if moved && self.features.outcome {
            self.unruled = self.history.as_ref().map(|h| h.current().state.clone());
        }
        if self.unruled.is_none() {
            return self.check_outcome(instance);
        }
        // A move: what undoing it would mean comes with the outcome, read
        // even once the result is counted (the game goes on being played).
        // An answer that comes late is read by the next change, and is
        // still that move's when no move came between.
        let outcome = supported(instance.outcome())?;
        let unruled = self.unruled.take();
        if let (Some(history), Some(outcome), Some(state)) = (&mut self.history, &outcome, unruled)
            && Arc::ptr_eq(&history.current().state, &state)
        {
            match outcome.undo {
                UndoRule::Free => {}
                UndoRule::Barrier => history.seal(),
                UndoRule::Assists => history.mark_assisting(),
            }
        }
        Ok(self.finished(outcome))
    }

    /// A new game began: its time and result start afresh, and its
    /// choices are read anew.
    fn begin_game(&mut self) {
        self.played = Duration::ZERO;
        self.counted = false;
        self.choices = None;
        self.undid_help = false;
    }

    /// The window read the game's controls (after a change, a new game,
    /// or opening): the first time since the game began, their choices'
    /// values are its variant, kept until the next game begins, so that a
    /// choice changed during a game does not move its result.
    pub fn note_choices(&mut self, actions: &[game_api::Action]) {
        if self.choices.is_none() {
            self.choices = Some(ChoiceValue::of(actions));
        }
    }

    fn check_outcome(
        &mut self,
        instance: &mut dyn RunningGame,
    ) -> Result<Option<Finished>, GameError> {
        if !self.features.outcome || self.counted {
            return Ok(None);
        }
        let outcome = supported(instance.outcome())?;
        Ok(self.finished(outcome))
    }

    /// The result to count, when `outcome` is the game's first win or loss
    /// and the player's: a game the game says is nobody's (a record typed
    /// in, computers only) counts for nobody, and stays uncounted, so that
    /// an end the player then reaches by hand (after an Undo) counts.
    fn finished(&mut self, outcome: Option<Outcome>) -> Option<Finished> {
        let Outcome {
            result,
            score,
            assisted,
            for_nobody,
            ..
        } = outcome?;
        if self.counted || result == GameResult::Playing || for_nobody {
            return None;
        }
        self.counted = true;
        Some(Finished {
            result,
            score,
            assisted: assisted || self.undid_help,
            time: self.played,
            score_kind: self.score_kind.clone(),
            choices: self.choices.clone().unwrap_or_default(),
        })
    }

    /// Starts the first game from `seed`, as every later one starts: a
    /// window that resumed nothing calls it once the game has started, so
    /// that no game rolls a seed of its own and the first game has an ID
    /// the player can share. The history starts at it (there is nothing
    /// to undo back to). A game without game IDs is left as it started.
    ///
    /// An answer that comes late ([`GameError::Process`]) is read by the
    /// next [`Midend::after_change`], still as the first game.
    pub fn first_game(
        &mut self,
        instance: &mut dyn RunningGame,
        seed: u64,
    ) -> Result<(), GameError> {
        if !self.features.new_game {
            return Ok(());
        }
        self.first_game_pending = true;
        instance.new_game(seed)?;
        self.first_game_read(instance).map(|_| ())
    }

    fn first_game_read(
        &mut self,
        instance: &mut dyn RunningGame,
    ) -> Result<Option<Finished>, GameError> {
        self.first_game_pending = false;
        self.begin_game();
        self.read_game_id(instance)?;
        if self.history.is_some()
            && let Some(save) = read_save(instance)?
        {
            self.history = Some(History::from_save(save));
        }
        self.check_outcome(instance)
    }

    /// Starts a new game from `seed` (New game), undoably.
    pub fn new_game(&mut self, instance: &mut dyn RunningGame, seed: u64) -> Result<(), GameError> {
        instance.new_game(seed)?;
        self.started_new_game(instance)
    }

    /// Starts the game whose ID the player typed; an error that is
    /// [`GameError::game_error`] is the game's message for the player.
    ///
    /// A game over as it starts (the ID is the record of a finished game:
    /// Checkers', Gobblet's, Pousse's) is nobody's: nobody played it here,
    /// so it counts for nobody, whatever the game says of it.
    pub fn start_from_game_id(
        &mut self,
        instance: &mut dyn RunningGame,
        id: &str,
    ) -> Result<(), GameError> {
        instance.start_from_game_id(id.trim())?;
        self.started_new_game(instance)?;
        if self.features.outcome
            // An outcome not known (yet) leaves the game to be counted as
            // any other.
            && let Ok(Some(outcome)) = supported(instance.outcome())
            && outcome.is_over()
        {
            self.counted = true;
        }
        Ok(())
    }

    fn started_new_game(&mut self, instance: &mut dyn RunningGame) -> Result<(), GameError> {
        self.begin_game();
        self.read_game_id(instance)?;
        if let Some(history) = &mut self.history
            && let Some(save) = read_save(instance)?
        {
            history.record_new_game_from(save);
        }
        Ok(())
    }

    /// Goes back to the start of this game (Restart), undoably; returns
    /// whether anything changed.
    pub fn restart(&mut self, instance: &mut dyn RunningGame) -> Result<bool, GameError> {
        let Some(history) = &mut self.history else {
            return Ok(false);
        };
        let helps = history.restart_assists();
        let Some(bytes) = history.restart() else {
            return Ok(false);
        };
        self.undid_help |= helps;
        match instance.load(&bytes) {
            Ok(()) => {}
            // See `Midend::undo`: the step stands.
            Err(e @ GameError::Process(_)) => return Err(e),
            Err(e) => {
                // The game refused its own start: leave the chain as it was.
                let _ = history.undo();
                history.redo.clear();
                return Err(e);
            }
        }
        Ok(true)
    }

    /// Undoes one move; returns whether there was one. A position the game
    /// refuses is forgotten with every older one (the error says why); the
    /// game stays where it was. A load whose answer did not come in time (a
    /// slow game, a loaded machine) keeps the step, returning the error: the
    /// game was asked to load it, and the window reads it again once it
    /// answers (taking the step back made the game's undone position a new
    /// move, and Redo impossible).
    pub fn undo(&mut self, instance: &mut dyn RunningGame) -> Result<bool, GameError> {
        let Some(history) = &mut self.history else {
            return Ok(false);
        };
        let helps = history.undo_assists();
        let Some(bytes) = history.undo() else {
            return Ok(false);
        };
        // Set before the load: a refused load leaves the player having
        // seen the move anyway.
        self.undid_help |= helps;
        // Its game's ID is learnt anew (a late read is no new game).
        self.game_id = None;
        match instance.load(&bytes) {
            Ok(()) => history.forget_unloadable_redo(),
            Err(e @ GameError::Process(_)) => {
                history.forget_unloadable_redo();
                return Err(e);
            }
            Err(e) => {
                history.take_back_undo();
                if e.game_error().is_some() {
                    // The game refuses that position (a new version of it,
                    // whose saves changed): it and the older ones cannot be
                    // reached.
                    history.undo.clear();
                }
                return Err(e);
            }
        }
        self.read_game_id(instance)?;
        Ok(true)
    }

    /// Redoes one undone move; returns whether there was one. A position
    /// the game refuses is forgotten with every later one; a load answered
    /// late keeps the step (see [`Midend::undo`]).
    pub fn redo(&mut self, instance: &mut dyn RunningGame) -> Result<bool, GameError> {
        let Some(history) = &mut self.history else {
            return Ok(false);
        };
        let Some(bytes) = history.redo() else {
            return Ok(false);
        };
        self.game_id = None;
        match instance.load(&bytes) {
            Ok(()) => {}
            Err(e @ GameError::Process(_)) => return Err(e),
            Err(e) => {
                history.take_back_redo();
                if e.game_error().is_some() {
                    // As for undo: the positions past it cannot be reached.
                    history.redo.clear();
                }
                return Err(e);
            }
        }
        self.read_game_id(instance)?;
        Ok(true)
    }
}

/// The seed of a text the player typed in Game ▸ Random seed…: a number is
/// itself, any other text its 64-bit FNV-1a hash, so that "hello" is a seed
/// as good as 42 and the same text always gives the same game.
///
/// ```
/// use launcher_core::midend::seed_of_text;
/// assert_eq!(seed_of_text("42"), 42);
/// assert_eq!(seed_of_text(" 42 "), 42);
/// assert_eq!(seed_of_text("hello"), seed_of_text("hello"));
/// assert_ne!(seed_of_text("hello"), seed_of_text("hellp"));
/// ```
pub fn seed_of_text(text: &str) -> u64 {
    let text = text.trim();
    if let Ok(number) = text.parse::<u64>() {
        return number;
    }
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(s: &str) -> Vec<u8> {
        s.as_bytes().to_vec()
    }

    /// A card game in this process: each move's bytes, and what undoing
    /// it would mean, as the game says with its outcome.
    struct Cards {
        state: Vec<u8>,
        undo: UndoRule,
        result: GameResult,
        assisted: bool,
        for_nobody: bool,
        /// The next outcome's answer comes late (a busy game process).
        late: bool,
    }

    impl Cards {
        fn play(&mut self, state: &str, undo: UndoRule) {
            self.state = bytes(state);
            self.undo = undo;
        }
    }

    impl RunningGame for Cards {
        fn features(&self) -> Features {
            Features {
                save: true,
                new_game: false,
                outcome: true,
            }
        }
        fn view(
            &mut self,
            _: crate::running::Measure<'_>,
        ) -> Result<crate::running::GameView, GameError> {
            unreachable!("the midend never draws")
        }
        fn handle_event(&mut self, _: &game_api::Event) -> Result<game_api::Response, GameError> {
            unreachable!()
        }
        fn invoke_action(&mut self, _: &str, _: &str) -> Result<game_api::Response, GameError> {
            unreachable!()
        }
        fn save(&mut self) -> Result<Vec<u8>, GameError> {
            // A game process sends the size only of a state over 4 MiB.
            if self.state.starts_with(b"huge") {
                return Err(GameError::SaveTooLarge(16 << 20));
            }
            Ok(self.state.clone())
        }
        fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
            self.state = bytes.to_vec();
            Ok(())
        }
        fn new_game(&mut self, _: u64) -> Result<(), GameError> {
            unreachable!()
        }
        fn game_id(&mut self) -> Result<String, GameError> {
            unreachable!()
        }
        fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
            // "won: <moves>" is the record of a finished game.
            self.result = if id.starts_with("won") {
                GameResult::Won
            } else {
                GameResult::Playing
            };
            self.state = bytes(id);
            Ok(())
        }
        fn outcome(&mut self) -> Result<Outcome, GameError> {
            if std::mem::take(&mut self.late) {
                return Err(GameError::Process("no answer yet".into()));
            }
            Ok(Outcome {
                result: self.result,
                score: None,
                assisted: self.assisted,
                for_nobody: self.for_nobody,
                undo: self.undo,
            })
        }
        fn file_chosen(
            &mut self,
            _: &game_api::FileChoice,
        ) -> Result<game_api::Response, GameError> {
            unreachable!()
        }
        fn layout(&mut self, _: game_api::Point) -> Result<game_api::Response, GameError> {
            unreachable!()
        }
        fn score_kind(&mut self) -> Result<game_api::ScoreKind, GameError> {
            Ok(game_api::ScoreKind::points())
        }
        fn close(self: Box<Self>) -> Result<(), GameError> {
            Ok(())
        }
    }

    fn cards() -> (Cards, Midend) {
        let mut game = Cards {
            state: bytes("dealt 17"),
            undo: UndoRule::Free,
            result: GameResult::Playing,
            assisted: false,
            for_nobody: false,
            late: false,
        };
        let midend = Midend::start(&mut game).unwrap();
        (game, midend)
    }

    #[test]
    fn a_move_the_game_calls_a_barrier_cannot_be_undone() {
        let (mut game, mut midend) = cards();
        game.play("bet doubled", UndoRule::Free);
        midend.after_change(&mut game).unwrap();
        assert!(midend.history().unwrap().can_undo());
        // Hit: a card dealt from the shoe, the hand bust.
        game.play("hit 10D: 27, bust", UndoRule::Barrier);
        game.result = GameResult::Lost;
        let finished = midend.after_change(&mut game).unwrap();
        assert_eq!(finished.map(|f| f.result), Some(GameResult::Lost));
        assert!(!midend.history().unwrap().can_undo());
        assert!(!midend.undo(&mut game).unwrap(), "nothing to undo");
        assert!(!midend.restart(&mut game).unwrap(), "nor to restart");
        assert_eq!(game.state, bytes("hit 10D: 27, bust"));
        // A free move after it can be undone, back to the barrier only.
        game.play("next bet", UndoRule::Free);
        midend.after_change(&mut game).unwrap();
        assert!(midend.undo(&mut game).unwrap());
        assert_eq!(game.state, bytes("hit 10D: 27, bust"));
        assert!(!midend.undo(&mut game).unwrap());
    }

    /// Issue 41, attack 7: a save its game process withheld is a move to a
    /// position Undo leaves for good, and the game's rules still apply.
    #[test]
    fn a_withheld_save_is_a_move_undo_leaves_for_good() {
        let (mut game, mut midend) = cards();
        game.play("bet", UndoRule::Free);
        midend.after_change(&mut game).unwrap();
        game.play("huge table", UndoRule::Free);
        midend.after_change(&mut game).unwrap();
        let current = midend.history().unwrap().current();
        assert_eq!(current.withheld.state, 16 << 20);
        assert!(midend.undo(&mut game).unwrap());
        assert_eq!(game.state, bytes("bet"));
        assert!(!midend.history().unwrap().can_redo());
        assert!(!midend.redo(&mut game).unwrap());
        // A withheld move that deals a card is a barrier as any other.
        game.play("huge deal", UndoRule::Barrier);
        midend.after_change(&mut game).unwrap();
        assert!(!midend.history().unwrap().can_undo());
        assert!(!midend.restart(&mut game).unwrap(), "its start is withheld");
        assert_eq!(game.state, bytes("huge deal"));
    }

    #[test]
    fn a_barrier_whose_answer_comes_late_is_kept_at_the_next_change() {
        let (mut game, mut midend) = cards();
        game.play("bet", UndoRule::Free);
        midend.after_change(&mut game).unwrap();
        game.play("hit 10D", UndoRule::Barrier);
        game.late = true;
        assert!(midend.after_change(&mut game).is_err(), "no answer in time");
        // The answer is read at the next change (a redraw, no move).
        midend.after_change(&mut game).unwrap();
        assert!(!midend.history().unwrap().can_undo());
    }

    #[test]
    fn undoing_a_move_that_assists_counts_the_game_as_helped() {
        let (mut game, mut midend) = cards();
        game.play("flipped the star", UndoRule::Assists);
        midend.after_change(&mut game).unwrap();
        assert!(midend.undo(&mut game).unwrap(), "it may be undone");
        game.play("flipped the moon", UndoRule::Assists);
        game.result = GameResult::Won;
        let finished = midend.after_change(&mut game).unwrap().expect("won");
        assert!(finished.assisted, "the player saw the star, then undid it");
        // Without an undo the same win is the player's own.
        let (mut game, mut midend) = cards();
        game.play("flipped the star", UndoRule::Assists);
        midend.after_change(&mut game).unwrap();
        game.play("flipped the moon", UndoRule::Assists);
        game.result = GameResult::Won;
        let finished = midend.after_change(&mut game).unwrap().expect("won");
        assert!(!finished.assisted);
    }

    /// A game the game says is nobody's (a record typed into Pousse, two
    /// computers playing) is no result; an end the player reaches by hand
    /// afterwards, in the same game, is one.
    #[test]
    fn a_game_for_nobody_is_not_counted() {
        let (mut game, mut midend) = cards();
        game.play("record typed: X won", UndoRule::Free);
        game.result = GameResult::Won;
        game.for_nobody = true;
        assert_eq!(midend.after_change(&mut game).unwrap(), None);
        assert!(!midend.counted());
        game.play("undone, then won by hand", UndoRule::Free);
        game.for_nobody = false;
        let finished = midend.after_change(&mut game).unwrap().expect("won");
        assert_eq!(finished.result, GameResult::Won);
    }

    /// A game ID typed in that is a finished game (a Checkers record to
    /// its end) is nobody's: no result, though the game says it is won.
    #[test]
    fn a_finished_game_typed_in_as_an_id_counts_for_nobody() {
        let (mut game, mut midend) = cards();
        midend
            .start_from_game_id(&mut game, "won: 11-15 ...")
            .unwrap();
        assert!(midend.counted());
        assert_eq!(midend.after_change(&mut game).unwrap(), None);
        // A game ID that starts a game still going on is the player's.
        midend.start_from_game_id(&mut game, "11-15").unwrap();
        assert!(!midend.counted());
        game.play("won by hand", UndoRule::Free);
        game.result = GameResult::Won;
        let finished = midend.after_change(&mut game).unwrap();
        assert_eq!(finished.map(|f| f.result), Some(GameResult::Won));
    }

    #[test]
    fn seeds_of_numbers_and_words() {
        assert_eq!(seed_of_text("7"), 7);
        assert_eq!(seed_of_text(""), 0xcbf2_9ce4_8422_2325);
        assert_ne!(seed_of_text("a"), seed_of_text("b"));
    }
}
