//! A game process as the midend and a game window see it: a
//! [`RunningGame`].

use super::{GameProcess, ProcessError};
use crate::protocol::Call;
use game_api::host::Features;
use game_api::{Event, Outcome, Point, Response};
use launcher_core::running::{GameError, GameView, Measure, Read as GameRead, RunningGame};

impl From<ProcessError> for GameError {
    fn from(e: ProcessError) -> GameError {
        match e {
            ProcessError::Call(e) => GameError::Call(e),
            ProcessError::SaveTooLarge(bytes) => GameError::SaveTooLarge(bytes),
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
