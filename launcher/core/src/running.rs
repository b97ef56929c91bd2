//! A running game, wherever it runs: [`RunningGame`] is what a game window
//! and the [`midend`](crate::midend) ask of a game, answered either by a
//! [`GameInstance`] in this process (tests and tools) or by a game process
//! (`game_host::GameProcess`, what the console uses), so that the window's
//! logic is written once.
//!
//! A game process adds one way to fail that an instance in this process
//! does not have: the process may end, or not answer in time. That is
//! [`GameError::Process`]; the window then asks the process how it is,
//! and shows it (stopped, or not responding) instead of closing.

use game_api::host::{CallError, CallErrorKind, DrawReport, Features, GameInstance};
use game_api::{Action, Event, FileChoice, Outcome, Point, RecordingPainter, Region, Response};
use std::fmt;

/// Why a call to a running game did not return what was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The game answered with an error: it returned one, panicked,
    /// misbehaved or lacks the function, as in [`GameInstance`].
    Call(CallError),
    /// The game's process has ended, is not answering, or could not be
    /// reached; the text says which. Its window asks the process how it is.
    Process(String),
    /// [`RunningGame::save`] only: the game's state is this many bytes,
    /// more than the console keeps of a position
    /// ([`game_api::host::MAX_KEPT_POSITION_BYTES`]), so its process sent
    /// the size only. The midend takes it as a position that is the
    /// current one only ([`crate::midend::Snapshot::withheld`]).
    SaveTooLarge(usize),
}

impl GameError {
    /// Whether the game lacks the function (an optional one).
    pub fn is_unsupported(&self) -> bool {
        matches!(self, GameError::Call(e) if e.kind == CallErrorKind::Unsupported)
    }

    /// The game's own error (a game ID it cannot read), if it is one.
    pub fn game_error(&self) -> Option<&CallError> {
        match self {
            GameError::Call(e) if e.kind == CallErrorKind::Error => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Call(e) => write!(f, "{e}"),
            GameError::Process(why) => f.write_str(why),
            GameError::SaveTooLarge(bytes) => write!(
                f,
                "its saved state is {bytes} bytes, more than the {} the launcher keeps",
                game_api::host::MAX_KEPT_POSITION_BYTES
            ),
        }
    }
}

impl std::error::Error for GameError {}

impl From<CallError> for GameError {
    fn from(e: CallError) -> GameError {
        GameError::Call(e)
    }
}

/// What a game shows: everything a window reads after a change, and the
/// frame it drew.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameView {
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
    /// The frame, as recorded shapes.
    pub drawing: RecordingPainter,
    /// What the host dropped from the frame.
    pub report: DrawReport,
    /// What the host changed in the texts the game returned (a title cut,
    /// not UTF-8).
    pub notes: Vec<String>,
}

/// Measures a text at a font size, in canvas pixels, as the window draws it.
pub type Measure<'a> = &'a mut dyn FnMut(f32, game_api::TextStyle, &str) -> Point;

/// What a window reads of its game after a change, in the order it reads
/// them ([`RunningGame::read_ahead`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Read {
    /// [`RunningGame::game_id`].
    GameId,
    /// [`RunningGame::save`].
    Save,
    /// [`RunningGame::outcome`].
    Outcome,
    /// [`RunningGame::view`].
    View,
}

/// A running game: the calls of [`GameInstance`] that a window and the
/// midend make.
pub trait RunningGame {
    /// Says what the caller reads, in this order, right after each event or
    /// control that asks for a redraw. A game in another process then runs
    /// those reads in the same message as the event, so that a move costs
    /// one round trip, not one per read; a game here ignores it.
    fn read_ahead(&mut self, _reads: &[Read]) {}
    /// The optional functions the game offers.
    fn features(&self) -> Features;
    /// Everything a window shows, in one go (one message to a game
    /// process); text is measured with `measure` where the game runs here.
    fn view(&mut self, measure: Measure<'_>) -> Result<GameView, GameError>;
    /// Delivers one event.
    fn handle_event(&mut self, event: &Event) -> Result<Response, GameError>;
    /// Runs one of the game's controls with a value (empty for a button).
    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError>;
    /// The game's state as bytes.
    fn save(&mut self) -> Result<Vec<u8>, GameError>;
    /// Replaces the game's state with `bytes`.
    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError>;
    /// Starts a new game from `seed`.
    fn new_game(&mut self, seed: u64) -> Result<(), GameError>;
    /// The ID of the game being played.
    fn game_id(&mut self) -> Result<String, GameError>;
    /// Starts the game with ID `id`.
    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError>;
    /// How the game stands.
    fn outcome(&mut self) -> Result<Outcome, GameError>;
    /// Gives the game the answer to its request for a file (revision 5).
    fn file_chosen(&mut self, choice: &FileChoice) -> Result<Response, GameError>;
    /// Tells the game the size its canvas has (revision 5).
    fn layout(&mut self, size: Point) -> Result<Response, GameError>;
    /// How the game's scores compare (revision 5).
    fn score_kind(&mut self) -> Result<game_api::ScoreKind, GameError>;
    /// Tells a game in another process the time played (`ms`, counting
    /// on if `running`), which its `play_time` answers from; a game here
    /// reads the window's clock directly, and ignores it.
    fn set_clock(&mut self, _ms: u64, _running: bool) -> Result<(), GameError> {
        Ok(())
    }
    /// Ends the game, reporting a failure while closing.
    fn close(self: Box<Self>) -> Result<(), GameError>;
}

impl RunningGame for GameInstance {
    fn features(&self) -> Features {
        GameInstance::features(self)
    }
    fn view(&mut self, measure: Measure<'_>) -> Result<GameView, GameError> {
        let canvas_size = self.canvas_size()?;
        let title = self.title()?;
        let status = self.status()?;
        let actions = self.actions()?;
        let regions = self.regions()?;
        let mut drawing = RecordingPainter::new();
        let report = self.draw(&mut game_api::MeasuringRecorder {
            recording: &mut drawing,
            measure: |size: f32, style: game_api::TextStyle, text: &str| measure(size, style, text),
        })?;
        let notes = self.notes().map(str::to_owned).collect();
        Ok(GameView {
            canvas_size,
            title,
            status,
            actions,
            regions,
            drawing,
            report,
            notes,
        })
    }
    fn handle_event(&mut self, event: &Event) -> Result<Response, GameError> {
        Ok(GameInstance::handle_event(self, event)?)
    }
    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        Ok(GameInstance::invoke_action(self, id, value)?)
    }
    fn save(&mut self) -> Result<Vec<u8>, GameError> {
        Ok(GameInstance::save(self)?)
    }
    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        Ok(GameInstance::load(self, bytes)?)
    }
    fn new_game(&mut self, seed: u64) -> Result<(), GameError> {
        Ok(GameInstance::new_game(self, seed)?)
    }
    fn game_id(&mut self) -> Result<String, GameError> {
        Ok(GameInstance::game_id(self)?)
    }
    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        Ok(GameInstance::start_from_game_id(self, id)?)
    }
    fn outcome(&mut self) -> Result<Outcome, GameError> {
        Ok(GameInstance::outcome(self)?)
    }
    fn file_chosen(&mut self, choice: &FileChoice) -> Result<Response, GameError> {
        Ok(GameInstance::file_chosen(self, choice)?)
    }
    fn layout(&mut self, size: Point) -> Result<Response, GameError> {
        Ok(GameInstance::layout(self, size)?)
    }
    fn score_kind(&mut self) -> Result<game_api::ScoreKind, GameError> {
        Ok(GameInstance::score_kind(self)?)
    }
    fn close(self: Box<Self>) -> Result<(), GameError> {
        Ok(GameInstance::close(*self)?)
    }
}
