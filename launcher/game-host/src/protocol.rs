//! What the console and a game process say to each other, and how it is
//! framed on the pipes between them.
//!
//! The console writes [`ToGame`] messages to the game process's stdin; the
//! game process writes [`ToConsole`] messages to its stdout (moved away from
//! fd 1 before the game's library is loaded, see [`crate::child`]). Each
//! message is one frame: its length as four little-endian bytes, then the
//! message in [postcard](https://docs.rs/postcard). A frame longer than
//! [`MAX_FRAME_BYTES`], or one that does not decode, is a protocol error:
//! the side that reads it stops talking (the console ends the process and
//! says so), and never panics.
//!
//! A conversation:
//!
//! 1. The console sends [`ToGame::Start`]; the game process loads the
//!    library, says [`ToConsole::Loaded`] (its initialisers have run), starts
//!    the game and answers [`ToConsole::Started`].
//! 2. The console sends [`ToGame::Calls`]: a sequence number and one or
//!    more [`Call`]s, run in order. Before each call the game process stores
//!    which it is in the page of memory it shares with the console
//!    ([`crate::progress`]), or, without one, says [`ToConsole::Progress`]
//!    before each call after the first, so that a crash is blamed on the
//!    right call. The answer is one [`ToConsole::Reply`] with the same
//!    sequence number and one result per call.
//! 3. While it handles a call the game may ask things of its host: each
//!    request is a [`ToConsole::Notify`] sent before the reply.
//! 4. [`Call::Close`] ends the game (its `destroy`) and then the process.
//!
//! Sequence numbers only grow, so a reply that comes after the console
//! stopped waiting for it is recognised and dropped.

use game_api::host::{CallErrorKind, DrawReport, Features};
use game_api::{Action, Event, Outcome, Point, Region, Response, Shape};
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::io::{Read, Write};
use std::path::PathBuf;

/// The version of this protocol. Console and game process are normally the
/// same binary; a launcher replaced on disk while it runs may start a game
/// process of another version, which refuses to start rather than
/// misunderstand.
pub const PROTOCOL_VERSION: u32 = 6;

/// The largest frame either side accepts, in bytes: a frame at every limit
/// of `game_api::host` (200,000 shapes, a million polygon corners, 1 MiB of
/// text, 64 MiB of pixels) fits, with room to spare.
pub const MAX_FRAME_BYTES: usize = 128 * 1024 * 1024;

/// The first and only [`ToGame::Start`]: which game to run, and how.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Start {
    /// Must be [`PROTOCOL_VERSION`].
    pub protocol: u32,
    /// The game's library file.
    pub library: PathBuf,
    /// The directory the game may keep its own files in (created when the
    /// game first asks for it), if any.
    pub data_dir: Option<PathBuf>,
    /// The most address space the game process may use, in bytes
    /// (`RLIMIT_AS`), if limited.
    pub memory_limit: Option<u64>,
    /// The console's screen scale, for measuring text as the console draws it.
    pub pixels_per_point: f32,
    /// The console's process id: the game process ends when its parent does,
    /// and checks it still has this parent once it has arranged that.
    pub console_pid: u32,
    /// Whether to confine the game ([`crate::sandbox`]); `false` only for
    /// debugging (`--no-sandbox`).
    pub sandbox: bool,
    /// The inherited descriptor of the shared [`crate::progress`] page, if
    /// the console made one; without it the game process says its progress
    /// in [`ToConsole::Progress`] messages.
    pub progress_fd: Option<i32>,
}

/// A message from the console to a game process.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToGame {
    /// Load the library and start the game (the first message).
    Start(Start),
    /// Run these calls, in order, and answer with one [`ToConsole::Reply`].
    Calls {
        /// The number the reply carries; it grows with each message.
        seq: u64,
        /// What to run.
        calls: Vec<Call>,
    },
}

/// One call into the game: the methods of
/// [`GameInstance`](game_api::host::GameInstance).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Call {
    /// `canvas_size` → [`Answer::CanvasSize`].
    CanvasSize,
    /// `title` → [`Answer::Text`].
    Title,
    /// `status` → [`Answer::Text`].
    Status,
    /// `draw` → [`Answer::Frame`] (text is measured in the game process).
    Draw,
    /// `handle_event` → [`Answer::Response`].
    HandleEvent(Event),
    /// `actions` → [`Answer::Actions`].
    Actions,
    /// `regions` → [`Answer::Regions`].
    Regions,
    /// `invoke_action` → [`Answer::Response`].
    InvokeAction {
        /// The control's id.
        id: String,
        /// Its value (empty for a button).
        value: String,
    },
    /// `save` → [`Answer::Bytes`], or [`Answer::SaveTooLarge`] for a state
    /// over `game_api::host::MAX_KEPT_POSITION_BYTES`.
    Save,
    /// `load` → [`Answer::Done`].
    Load(#[serde(with = "serde_bytes")] Vec<u8>),
    /// `new_game` → [`Answer::Done`].
    NewGame(u64),
    /// `game_id` → [`Answer::Text`].
    GameId,
    /// `start_from_game_id` → [`Answer::Done`].
    StartFromGameId(String),
    /// `outcome` → [`Answer::Outcome`].
    Outcome,
    /// `notes`: what the host changed in the texts the game returned last
    /// → [`Answer::Notes`].
    Notes,
    /// `close`: ends the game, then the process → [`Answer::Done`].
    Close,
    /// `file_chosen`: the answer to the game's `choose_file` →
    /// [`Answer::Response`].
    FileChosen(game_api::FileChoice),
    /// `layout`: the size the canvas has → [`Answer::Response`].
    Layout(Point),
    /// `score_kind`: how scores compare → [`Answer::ScoreKind`].
    ScoreKind,
    /// Not a call of the game: the time played on the current game, in
    /// milliseconds, and whether it is counting, from which the game
    /// process answers the game's `play_time` until told again →
    /// [`Answer::Done`].
    Clock {
        /// The time played now.
        ms: u64,
        /// Whether it goes on counting (not over, not minimised).
        running: bool,
    },
    /// Not a call of the game: the calls after it run only if the call
    /// before it was an event or control whose answer asks for a redraw
    /// (→ [`Answer::Done`]); otherwise the reply ends before it. How a move
    /// and what the window reads after it go in one message.
    IfRedrawn,
}

impl Call {
    /// Whether the call only reads the game (it changes nothing, so its
    /// answer may be read ahead).
    pub fn is_read(&self) -> bool {
        matches!(
            self,
            Call::CanvasSize
                | Call::Title
                | Call::Status
                | Call::Draw
                | Call::Actions
                | Call::Regions
                | Call::Save
                | Call::GameId
                | Call::Outcome
                | Call::Notes
                | Call::ScoreKind
        )
    }

    /// What a window reads after a change, in the order of
    /// [`View`](crate::client::View): canvas size, title, status, controls,
    /// regions, then a new frame.
    pub fn view() -> Vec<Call> {
        vec![
            Call::CanvasSize,
            Call::Title,
            Call::Status,
            Call::Actions,
            Call::Regions,
            Call::Draw,
        ]
    }
}

/// What a successful [`Call`] returned.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// The canvas size.
    CanvasSize(Point),
    /// A title, status line or game ID.
    Text(String),
    /// A drawn frame.
    Frame(Frame),
    /// What an event or action asked of the host.
    Response(Response),
    /// The game's controls.
    Actions(Vec<Action>),
    /// The canvas's labelled regions.
    Regions(Vec<Region>),
    /// A saved state.
    Bytes(#[serde(with = "serde_bytes")] Vec<u8>),
    /// The size of a saved state larger than the console keeps
    /// (`game_api::host::MAX_KEPT_POSITION_BYTES`), sent instead of it: a
    /// game saving 16 MiB a move sent them all for the console to drop
    /// (issue 41).
    SaveTooLarge(u64),
    /// Done; nothing to return.
    Done,
    /// How the game stands.
    Outcome(Outcome),
    /// What the host changed in the texts the game returned.
    Notes(Vec<String>),
    /// How the game's scores compare.
    ScoreKind(game_api::ScoreKind),
    /// The same answer as the last one to this read (see
    /// [`crate::repeats`]); never seen past the console's intake.
    Same,
    /// A frame as its change from the last frame answered (see
    /// [`crate::repeats`]); never seen past the console's intake.
    FrameChange(FrameChange),
}

impl Answer {
    /// Whether this is the kind of answer `call` has.
    pub fn fits(&self, call: &Call) -> bool {
        matches!(
            (call, self),
            (Call::CanvasSize, Answer::CanvasSize(_))
                | (Call::Title | Call::Status | Call::GameId, Answer::Text(_))
                | (Call::Draw, Answer::Frame(_))
                | (
                    Call::HandleEvent(_)
                        | Call::InvokeAction { .. }
                        | Call::FileChosen(_)
                        | Call::Layout(_),
                    Answer::Response(_)
                )
                | (Call::Actions, Answer::Actions(_))
                | (Call::Regions, Answer::Regions(_))
                | (Call::Save, Answer::Bytes(_) | Answer::SaveTooLarge(_))
                | (
                    Call::Load(_)
                        | Call::NewGame(_)
                        | Call::StartFromGameId(_)
                        | Call::Close
                        | Call::IfRedrawn
                        | Call::Clock { .. },
                    Answer::Done
                )
                | (Call::Outcome, Answer::Outcome(_))
                | (Call::Notes, Answer::Notes(_))
                | (Call::ScoreKind, Answer::ScoreKind(_))
        )
    }
}

/// One frame the game drew, recorded in the game process.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Frame {
    /// The shapes, in drawing order, as `RecordingPainter` records them.
    pub shapes: Vec<Shape>,
    /// What the host dropped from the frame.
    pub report: DrawReport,
    /// What the host changed in the texts the game returned (the game
    /// instance's notes after drawing).
    pub notes: Vec<String>,
}

/// A frame as what changed from the last frame answered: the first
/// `kept_front` commands of the last frame, then `frame`'s, then the last
/// `kept_back` of the last frame; `frame`'s report and notes are the new
/// frame's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FrameChange {
    /// How many of the last frame's first commands the frame begins with.
    pub kept_front: u32,
    /// How many of the last frame's last commands the frame ends with.
    pub kept_back: u32,
    /// The commands between them, and the new frame's report and notes.
    pub frame: Frame,
}

/// A call that failed inside the game process: a
/// [`CallError`](game_api::host::CallError) on the wire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireCallError {
    /// The table function that failed.
    pub function: String,
    /// How it failed.
    pub kind: CallErrorKind,
    /// What the game (or the host) said.
    pub message: String,
}

/// The result of one call.
pub type CallResult = Result<Answer, WireCallError>;

/// Why the game did not start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StartFailure {
    /// The library could not be loaded or is not a game of this ABI (the
    /// loader's message, which names the file).
    Load(String),
    /// The game's `create` failed.
    Create(WireCallError),
    /// The game process could not be set up (its memory limit, say), or
    /// speaks another version of this protocol.
    Host(String),
}

/// What the game process says once the game has started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Started {
    /// The optional functions the game offers.
    pub features: Features,
    /// The size of the library's table: which ABI revision it was built for.
    pub table_size: u32,
    /// How the game is confined.
    pub sandbox: crate::sandbox::Sandbox,
}

/// What a game asked of its host while it handled a call (the services of
/// [`HostServices`](game_api::host::HostServices) that need the console).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Notification {
    /// Show the game's text help.
    ShowTextHelp {
        /// The help window's title.
        title: String,
        /// Show the file as it is.
        verbatim: bool,
    },
    /// Show a section of the game's manual.
    ShowManualSection(String),
    /// Draw the game again.
    RequestRedraw,
    /// A line for the log.
    Log(String),
    /// Ticks every so many seconds, or (`None`) no more ticks.
    RequestTicks(Option<f32>),
    /// The input kinds (`INPUT_*` bits) the game wants.
    RequestInput(u32),
    /// A new game, started the host's way.
    RequestNewGame,
    /// The player is to choose a file of this `FILE_KIND_*` code for the
    /// game (revision 5).
    ChooseFile(u32),
    /// Lay the canvas out to the window (`true`) or scale it (revision 5).
    RequestLayout(bool),
    /// The pointer's shape, a `CURSOR_*` code (revision 5).
    SetCursor(u32),
}

/// A message from a game process to the console.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToConsole {
    /// The library is loaded (its initialisers have run); the game starts.
    Loaded,
    /// The answer to [`ToGame::Start`].
    Started(Result<Started, StartFailure>),
    /// The call `index` (from 0) of the message `seq` begins.
    Progress {
        /// The message.
        seq: u64,
        /// The call.
        index: u32,
    },
    /// The answer to [`ToGame::Calls`] `seq`: one result per call.
    Reply {
        /// The message answered.
        seq: u64,
        /// One per call, in order.
        results: Vec<CallResult>,
    },
    /// The game asked something of its host.
    Notify(Notification),
}

/// Why a frame could not be read.
#[derive(Debug)]
pub enum FrameError {
    /// Reading failed, or the stream ended inside a frame.
    Io(std::io::Error),
    /// The frame says it is longer than [`MAX_FRAME_BYTES`].
    TooLong(usize),
    /// The bytes are not a message of this protocol.
    Decode(postcard::Error),
    /// The message could not be written in this protocol.
    Encode(postcard::Error),
}

impl std::fmt::Display for FrameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FrameError::Io(e) => write!(f, "reading a message failed: {e}"),
            FrameError::TooLong(len) => write!(
                f,
                "a message of {len} bytes, over the limit of {MAX_FRAME_BYTES}"
            ),
            FrameError::Decode(e) => write!(f, "a message that does not decode ({e})"),
            FrameError::Encode(e) => write!(f, "a message that cannot be written ({e})"),
        }
    }
}

impl std::error::Error for FrameError {}

/// Encodes `message` as one frame: its length, then its bytes. A message
/// longer than [`MAX_FRAME_BYTES`] is refused.
pub fn encode<T: Serialize>(message: &T) -> Result<Vec<u8>, FrameError> {
    let mut frame = postcard::to_extend(message, vec![0u8; 4]).map_err(FrameError::Encode)?;
    let len = frame.len() - 4;
    if len > MAX_FRAME_BYTES {
        return Err(FrameError::TooLong(len));
    }
    frame[..4].copy_from_slice(&(len as u32).to_le_bytes());
    Ok(frame)
}

/// Writes `message` as one frame and flushes.
pub fn write_message<T: Serialize>(out: &mut impl Write, message: &T) -> Result<(), FrameError> {
    out.write_all(&encode(message)?).map_err(FrameError::Io)?;
    out.flush().map_err(FrameError::Io)
}

/// Reads one frame's bytes; `Ok(None)` when the stream ended between frames.
pub fn read_frame(input: &mut impl Read) -> Result<Option<Vec<u8>>, FrameError> {
    let mut len = [0u8; 4];
    let mut got = 0;
    while got < len.len() {
        match input.read(&mut len[got..]) {
            Ok(0) if got == 0 => return Ok(None),
            Ok(0) => {
                return Err(FrameError::Io(std::io::ErrorKind::UnexpectedEof.into()));
            }
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(FrameError::Io(e)),
        }
    }
    let len = u32::from_le_bytes(len) as usize;
    if len > MAX_FRAME_BYTES {
        return Err(FrameError::TooLong(len));
    }
    let mut frame = vec![0u8; len];
    input.read_exact(&mut frame).map_err(FrameError::Io)?;
    Ok(Some(frame))
}

/// Decodes a frame's bytes as a `T`.
pub fn decode<T: DeserializeOwned>(frame: &[u8]) -> Result<T, FrameError> {
    postcard::from_bytes(frame).map_err(FrameError::Decode)
}

/// Reads and decodes one message; `Ok(None)` when the stream ended between
/// messages.
pub fn read_message<T: DeserializeOwned>(input: &mut impl Read) -> Result<Option<T>, FrameError> {
    match read_frame(input)? {
        Some(frame) => decode(&frame).map(Some),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::{Anchor, Rgba, Style};

    fn round_trip<T: Serialize + DeserializeOwned>(message: &T) -> T {
        let bytes = encode(message).unwrap();
        let mut input = &bytes[..];
        let back = read_message(&mut input).unwrap().unwrap();
        assert!(input.is_empty(), "one frame, read whole");
        back
    }

    #[test]
    fn messages_come_back_as_they_were_sent() {
        let calls = ToGame::Calls {
            seq: 7,
            calls: vec![
                Call::HandleEvent(Event::press(Point::new(1.0, 2.0))),
                Call::Load(b"counter:0:3:false".to_vec()),
                Call::InvokeAction {
                    id: "size".into(),
                    value: "7".into(),
                },
                Call::Draw,
            ],
        };
        assert_eq!(round_trip(&calls), calls);
        let pixels = game_api::Pixels::new(1, 1, &[1, 2, 3, 4]).unwrap();
        let reply = ToConsole::Reply {
            seq: 7,
            results: vec![
                Ok(Answer::Response(Response::REDRAW)),
                Err(WireCallError {
                    function: "load".into(),
                    kind: CallErrorKind::Error,
                    message: "not a counter save".into(),
                }),
                Ok(Answer::Frame(Frame {
                    shapes: vec![
                        Shape::Rect {
                            min: Point::new(0.0, 0.0),
                            size: Point::new(10.0, 10.0),
                            style: Style::solid(Rgba::rgb(1, 2, 3)),
                        },
                        Shape::Text {
                            pos: Point::new(5.0, 5.0),
                            anchor: Anchor::Center,
                            font_size: 12.0,
                            color: Rgba::rgb(0, 0, 0),
                            text: "Héllo".into(),
                        },
                        Shape::Picture {
                            source: game_api::PictureSource::Rgba(pixels.clone()),
                            min: Point::new(0.0, 0.0),
                            size: Point::new(1.0, 1.0),
                        },
                    ],
                    report: DrawReport::default(),
                    notes: vec!["the title was cut".into()],
                })),
            ],
        };
        assert_eq!(round_trip(&reply), reply);
    }

    #[test]
    fn a_frame_over_the_limit_is_refused_without_reading_it() {
        let mut bytes = ((MAX_FRAME_BYTES + 1) as u32).to_le_bytes().to_vec();
        bytes.extend([0u8; 16]);
        let result = read_frame(&mut &bytes[..]);
        assert!(
            matches!(result, Err(FrameError::TooLong(n)) if n == MAX_FRAME_BYTES + 1),
            "{result:?}"
        );
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        for garbage in [
            vec![3, 0, 0, 0, 0xff, 0xff, 0xff],
            vec![1, 0, 0, 0, 200],
            vec![5, 0, 0, 0, 1, 2],
            vec![2, 0],
        ] {
            let result = read_message::<ToConsole>(&mut &garbage[..]);
            assert!(result.is_err(), "{garbage:?} gave {result:?}");
        }
        // Pixels whose length does not match their size are refused.
        let mut lying = encode(&ToConsole::Reply {
            seq: 1,
            results: vec![Ok(Answer::Frame(Frame {
                shapes: vec![Shape::Picture {
                    source: game_api::PictureSource::Rgba(
                        game_api::Pixels::new(2, 1, &[0; 8]).unwrap(),
                    ),
                    min: Point::new(0.0, 0.0),
                    size: Point::new(1.0, 1.0),
                }],
                ..Frame::default()
            }))],
        })
        .unwrap();
        // The width is written as a one-byte varint right before the height;
        // find "2, 1, 8" (width, height, length) and make the width 3.
        let at = lying.windows(3).position(|w| w == [2, 1, 8]).unwrap();
        lying[at] = 3;
        assert!(read_message::<ToConsole>(&mut &lying[..]).is_err());
    }

    #[test]
    fn the_end_of_the_stream_between_frames_is_not_an_error() {
        assert!(read_frame(&mut &[][..]).unwrap().is_none());
        assert!(matches!(
            read_frame(&mut &[4, 0, 0, 0, 1][..]),
            Err(FrameError::Io(_))
        ));
    }

    #[test]
    fn each_call_has_its_kind_of_answer() {
        assert!(Answer::Done.fits(&Call::Close));
        assert!(Answer::Text(String::new()).fits(&Call::GameId));
        assert!(!Answer::Text(String::new()).fits(&Call::Draw));
        assert!(!Answer::Done.fits(&Call::Save));
    }
}
