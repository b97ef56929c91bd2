//! The game table's calls one by one, typed: each sends its call (or takes
//! its answer read ahead) and waits at most [`GameProcess::wait`].

use super::read_ahead::ReadAhead;
use super::{GameProcess, ProcessError, View};
use crate::protocol::{Answer, Call, Frame};
use game_api::{Action, Event, Outcome, Point, Region, Response};
use std::sync::PoisonError;

impl GameProcess {
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
            let redraws = self.redraws();
            *self.ahead.lock().unwrap_or_else(PoisonError::into_inner) =
                Some(ReadAhead { answers, redraws });
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

    /// The game's state as bytes; [`ProcessError::SaveTooLarge`] when it is
    /// larger than `game_api::host::MAX_KEPT_POSITION_BYTES`, which the
    /// game process does not send.
    pub fn save(&self) -> Result<Vec<u8>, ProcessError> {
        match self.call(Call::Save)? {
            Answer::Bytes(bytes) => Ok(bytes),
            // Checked: at most `MAX_SAVE_BYTES`, so it fits a usize.
            Answer::SaveTooLarge(bytes) => Err(ProcessError::SaveTooLarge(bytes as usize)),
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
}

/// An answer of the wrong kind: cannot happen (the reader checks kinds).
pub(super) fn mismatch(answer: Answer) -> ProcessError {
    ProcessError::CannotSend(format!("an answer of the wrong kind came back: {answer:?}"))
}
