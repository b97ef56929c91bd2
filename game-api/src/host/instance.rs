//! One running game: every call into it, with what it returns checked.

use std::ffi::c_void;
use std::fmt;
use std::sync::Arc;

use super::painter::PainterBridge;
use super::services::raw_host;
use super::{
    DrawReport, Features, HostServices, MAX_ACTIONS, MAX_CANVAS_SIDE, MAX_REGIONS, MAX_SAVE_BYTES,
    MAX_TEXT_BYTES,
};
use crate::abi::{
    self, AbiBytes, AbiStr, GameHandle, GameTable, Point, RawHost, RawOutcome, RawRegion,
};
use crate::{Action, Event, FileChoice, Outcome, Painter, Region, Response, ScoreKind, codec};

/// How a call into a game failed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CallErrorKind {
    /// The game returned an error.
    Error,
    /// The game panicked. The instance is not called again.
    Panic,
    /// The game returned something the launcher refuses (a bad size, say).
    Invalid,
    /// The game does not offer the function (an optional one it lacks).
    Unsupported,
}

/// A failed call into a game: which function, how, and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallError {
    /// The table function that failed.
    pub function: &'static str,
    /// How it failed.
    pub kind: CallErrorKind,
    /// What the game (or the launcher) said.
    pub message: String,
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            CallErrorKind::Error => write!(
                f,
                "the game reported an error in {}: {}",
                self.function, self.message
            ),
            CallErrorKind::Panic => write!(
                f,
                "the game crashed (panicked) in {}: {}",
                self.function, self.message
            ),
            CallErrorKind::Invalid => write!(
                f,
                "the game misbehaved in {}: {}",
                self.function, self.message
            ),
            CallErrorKind::Unsupported => {
                write!(f, "the game does not offer {}", self.function)
            }
        }
    }
}

impl std::error::Error for CallError {}

/// One running game. Dropping it ends the game (calls `destroy`).
pub struct GameInstance {
    table: Arc<GameTable>,
    handle: GameHandle,
    /// Boxed so the game's pointer to it stays valid while `self` moves.
    host: Box<RawHost>,
    /// Owned through a raw pointer because the game reaches it through `host.ctx`
    /// while we are inside a call; freed in `Drop`.
    services: *mut Box<dyn HostServices>,
    broken: Option<CallError>,
    /// What the launcher changed in the texts the game returned, by function.
    notes: Vec<(&'static str, String)>,
}

impl fmt::Debug for GameInstance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameInstance")
            .field("broken", &self.broken)
            .finish()
    }
}

impl GameInstance {
    /// Starts a game of `table` with the given services (see
    /// [`GameLibrary::start`](super::GameLibrary::start)).
    pub(super) fn start(
        table: Arc<GameTable>,
        services: Box<dyn HostServices>,
    ) -> Result<GameInstance, CallError> {
        let services = Box::into_raw(Box::new(services));
        let host = Box::new(raw_host(services as *mut c_void));
        let mut instance = GameInstance {
            table,
            handle: std::ptr::null_mut(),
            host,
            services,
            broken: None,
            notes: Vec::new(),
        };
        let mut handle: GameHandle = std::ptr::null_mut();
        let host_ptr: *const RawHost = &*instance.host;
        // SAFETY: a checked table's function, given our host table (boxed, so it
        // stays put while the instance lives) and a valid output slot.
        let status = unsafe { (instance.table.create)(host_ptr, &mut handle) };
        instance.check("create", status)?;
        if handle.is_null() {
            return Err(CallError {
                function: "create",
                kind: CallErrorKind::Invalid,
                message: "the game returned no instance".into(),
            });
        }
        instance.handle = handle;
        Ok(instance)
    }

    /// The optional functions the game offers.
    pub fn features(&self) -> Features {
        Features::of(&self.table)
    }

    /// The error that broke this instance, if a call panicked.
    pub fn broken(&self) -> Option<&CallError> {
        self.broken.as_ref()
    }

    /// What the launcher had to change in the texts the game returned last
    /// time (a title that is not UTF-8, a status line cut to
    /// [`MAX_TEXT_BYTES`]), one message per function, for the player.
    pub fn notes(&self) -> impl Iterator<Item = &str> {
        self.notes.iter().map(|(_, note)| note.as_str())
    }

    /// Ends the game: calls `destroy` and reports how it went (a game may
    /// panic while closing). Dropping an instance does the same but cannot
    /// report anything; hosts that can show errors close instances instead.
    pub fn close(mut self) -> Result<(), CallError> {
        let handle = std::mem::replace(&mut self.handle, std::ptr::null_mut());
        if handle.is_null() {
            return Ok(());
        }
        // SAFETY: our handle from `create`, given back exactly once: the
        // field is null now, so `Drop` will not give it back again. The ABI
        // allows `destroy` even after a panic.
        let status = unsafe { (self.table.destroy)(handle) };
        self.check("destroy", status)
    }

    fn last_error(&self) -> String {
        let mut s = AbiStr::EMPTY;
        // SAFETY: a checked table's function writing to a valid slot.
        unsafe { (self.table.last_error)(&mut s) };
        // SAFETY: the game promises the string is valid until its next call.
        let (text, _) = unsafe { s.to_string_lossy(MAX_TEXT_BYTES) };
        if text.is_empty() {
            "(no message)".into()
        } else {
            text
        }
    }

    fn check(&mut self, function: &'static str, status: u32) -> Result<(), CallError> {
        let kind = match status {
            abi::STATUS_OK => return Ok(()),
            abi::STATUS_ERROR => CallErrorKind::Error,
            abi::STATUS_PANIC => CallErrorKind::Panic,
            other => {
                let e = CallError {
                    function,
                    kind: CallErrorKind::Invalid,
                    message: format!("returned the unknown status code {other}"),
                };
                self.broken = Some(e.clone());
                return Err(e);
            }
        };
        let e = CallError {
            function,
            kind,
            message: self.last_error(),
        };
        if e.kind == CallErrorKind::Panic {
            self.broken = Some(e.clone());
        }
        Err(e)
    }

    fn ensure_alive(&self) -> Result<(), CallError> {
        match &self.broken {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    }

    fn invalid(&mut self, function: &'static str, message: String) -> CallError {
        let e = CallError {
            function,
            kind: CallErrorKind::Invalid,
            message,
        };
        self.broken = Some(e.clone());
        e
    }

    /// The canvas size the game wants. Refuses sizes that are not finite
    /// numbers between 1 and [`MAX_CANVAS_SIDE`].
    pub fn canvas_size(&mut self) -> Result<Point, CallError> {
        self.ensure_alive()?;
        let mut size = Point::default();
        // SAFETY: a checked table's function, our live handle, a valid slot.
        let status = unsafe { (self.table.canvas_size)(self.handle, &mut size) };
        self.check("canvas_size", status)?;
        let ok = |v: f32| v.is_finite() && (1.0..=MAX_CANVAS_SIDE).contains(&v);
        if !ok(size.x) || !ok(size.y) {
            return Err(self.invalid(
                "canvas_size",
                format!(
                    "it asked for a canvas of {} × {} pixels; each side must be a number from 1 to {MAX_CANVAS_SIDE}",
                    size.x, size.y
                ),
            ));
        }
        Ok(size)
    }

    fn text(
        &mut self,
        function: &'static str,
        f: unsafe extern "C" fn(GameHandle, *mut AbiStr) -> u32,
    ) -> Result<String, CallError> {
        self.ensure_alive()?;
        let what = match function {
            "title" => "title",
            "game_id" => "game ID",
            _ => "status line",
        };
        let mut s = AbiStr::EMPTY;
        // SAFETY: a checked table's function, our live handle, a valid slot.
        let status = unsafe { f(self.handle, &mut s) };
        self.check(function, status)?;
        // SAFETY: the game keeps the string valid until its next call.
        let (text, note) = unsafe { read_text(what, s) };
        self.set_note(function, note);
        Ok(text.replace(['\r', '\n'], " "))
    }

    /// Records (or, with `None`, clears) the note for `function`.
    fn set_note(&mut self, function: &'static str, note: Option<String>) {
        self.notes.retain(|(f, _)| *f != function);
        if let Some(note) = note {
            self.notes.push((function, note));
        }
    }

    /// The window title (lossily decoded, capped at [`MAX_TEXT_BYTES`], one line).
    pub fn title(&mut self) -> Result<String, CallError> {
        self.text("title", self.table.title)
    }

    /// The status line (lossily decoded, capped at [`MAX_TEXT_BYTES`], one line).
    pub fn status(&mut self) -> Result<String, CallError> {
        self.text("status", self.table.status)
    }

    /// Has the game draw its canvas into `painter`. Shapes with coordinates
    /// that are not finite numbers or beyond
    /// ±[`MAX_COORDINATE`](super::MAX_COORDINATE), and shapes past the
    /// frame's limits ([`MAX_SHAPES_PER_FRAME`](super::MAX_SHAPES_PER_FRAME),
    /// [`MAX_POINTS_PER_FRAME`](super::MAX_POINTS_PER_FRAME),
    /// [`MAX_TEXT_BYTES_PER_FRAME`](super::MAX_TEXT_BYTES_PER_FRAME)), are dropped
    /// and counted in the returned report.
    pub fn draw(&mut self, painter: &mut dyn Painter) -> Result<DrawReport, CallError> {
        self.ensure_alive()?;
        let mut bridge = PainterBridge::new(painter);
        let raw = bridge.raw();
        // SAFETY: a checked table's function, our live handle, and a painter
        // whose context (`bridge`) outlives the call.
        let status = unsafe { (self.table.draw)(self.handle, &raw) };
        let report = bridge.finish();
        self.check("draw", status)?;
        Ok(report)
    }

    /// Delivers one event.
    pub fn handle_event(&mut self, event: &Event) -> Result<Response, CallError> {
        self.ensure_alive()?;
        let raw = codec::event_to_raw(event);
        let mut redraw = 0u8;
        // SAFETY: a checked table's function, our live handle, an event and a
        // slot that outlive the call.
        let status = unsafe { (self.table.handle_event)(self.handle, &raw, &mut redraw) };
        self.check("handle_event", status)?;
        Ok(Response {
            redraw: redraw != 0,
        })
    }

    /// The game's controls now (at most [`MAX_ACTIONS`]).
    pub fn actions(&mut self) -> Result<Vec<Action>, CallError> {
        self.ensure_alive()?;
        let mut count = 0u32;
        // SAFETY: a checked table's function, our live handle, a valid slot.
        let status = unsafe { (self.table.action_count)(self.handle, &mut count) };
        self.check("action_count", status)?;
        let mut actions = Vec::new();
        let mut note = None;
        for index in 0..count.min(MAX_ACTIONS) {
            let mut raw = codec::empty_raw_action();
            // SAFETY: as above.
            let status = unsafe { (self.table.action)(self.handle, index, &mut raw) };
            self.check("action", status)?;
            // SAFETY: the game keeps these strings valid until its next call,
            // and we copy them all before that.
            let mut read = |s: AbiStr| {
                // SAFETY: as above.
                let (text, problem) = unsafe { read_text("text of a control", s) };
                note = note.take().or(problem);
                text
            };
            let mut action = codec::action_from_raw(&raw, &mut read);
            let chars = action.label.chars().count();
            if chars > super::MAX_CONTROL_LABEL_CHARS {
                let keep = super::MAX_CONTROL_LABEL_CHARS - 1;
                action.label = action.label.chars().take(keep).collect::<String>() + "…";
                note = note.take().or(Some(format!(
                    "the label of a control is {chars} characters long; the first {keep} are shown"
                )));
            }
            action.shortcut = self.action_shortcut(index, &action.label, &mut note)?;
            actions.push(action);
        }
        self.set_note("action", note);
        Ok(actions)
    }

    /// The canvas's labelled regions now (revision 3; none from a game
    /// without them): at most [`MAX_REGIONS`], each with finite
    /// coordinates within ±[`MAX_COORDINATE`](super::MAX_COORDINATE) and
    /// a label capped like every text and to its equal share of
    /// [`MAX_REGION_LABEL_BYTES`](super::MAX_REGION_LABEL_BYTES); others
    /// are dropped, and what was changed is noted.
    pub fn regions(&mut self) -> Result<Vec<Region>, CallError> {
        self.ensure_alive()?;
        let (Some(region_count), Some(region)) = (self.table.region_count, self.table.region)
        else {
            return Ok(Vec::new());
        };
        let mut count = 0u32;
        // SAFETY: a checked table's function, our live handle, a valid slot.
        let status = unsafe { region_count(self.handle, &mut count) };
        self.check("region_count", status)?;
        let mut regions = Vec::new();
        let mut note = (count > MAX_REGIONS)
            .then(|| format!("the game has {count} regions; the first {MAX_REGIONS} were kept"));
        let share = (super::MAX_REGION_LABEL_BYTES / count.clamp(1, MAX_REGIONS) as usize)
            .min(MAX_TEXT_BYTES);
        let mut cut = 0usize;
        for index in 0..count.min(MAX_REGIONS) {
            let mut raw = RawRegion {
                label: AbiStr::EMPTY,
                min: Point::new(0.0, 0.0),
                size: Point::new(0.0, 0.0),
            };
            // SAFETY: as above.
            let status = unsafe { region(self.handle, index, &mut raw) };
            self.check("region", status)?;
            // SAFETY: the label stays valid until the game's next
            // `region_count`; it is copied at once.
            let (mut label, problem) = unsafe { read_text("label of a region", raw.label) };
            note = note.take().or(problem);
            if label.len() > share {
                let mut end = share;
                while !label.is_char_boundary(end) {
                    end -= 1;
                }
                label.truncate(end);
                cut += 1;
            }
            let numbers = [raw.min.x, raw.min.y, raw.size.x, raw.size.y];
            if numbers
                .iter()
                .all(|v| v.is_finite() && v.abs() <= super::MAX_COORDINATE)
            {
                regions.push(Region {
                    label,
                    min: raw.min,
                    size: raw.size,
                });
            } else {
                note = note.take().or(Some(format!(
                    "the region {label:?} has coordinates that are not numbers or are out of range; it was dropped"
                )));
            }
        }
        if cut > 0 {
            let said = format!(
                "{cut} of the game's {} region labels were cut to the {share} bytes each may take \
                 ({} KiB for all its labels)",
                count.min(MAX_REGIONS),
                super::MAX_REGION_LABEL_BYTES / 1024
            );
            note = Some(match note {
                Some(before) => format!("{before}; {said}"),
                None => said,
            });
        }
        self.set_note("region", note);
        Ok(regions)
    }

    /// The shortcut of the control `index` (revision 3), if the game gives
    /// one that is a key name; a name that is not one is noted and ignored.
    fn action_shortcut(
        &mut self,
        index: u32,
        label: &str,
        note: &mut Option<String>,
    ) -> Result<Option<String>, CallError> {
        let Some(shortcut) = self.table.action_shortcut else {
            return Ok(None);
        };
        let mut raw = AbiStr::EMPTY;
        // SAFETY: a checked table's function, our live handle, a valid slot.
        let status = unsafe { shortcut(self.handle, index, &mut raw) };
        self.check("action_shortcut", status)?;
        // SAFETY: the game keeps the string valid until its next call.
        let (key, problem) = unsafe { read_text("shortcut of a control", raw) };
        *note = note.take().or(problem);
        if key.is_empty() {
            return Ok(None);
        }
        if !crate::keys::is_key_name(&key) {
            let meant = match crate::keys::key_name_for(&key) {
                Some(name) => format!(": write {name:?}"),
                None => "; see game_api::keys".to_owned(),
            };
            *note = note.take().or(Some(format!(
                "the shortcut {key:?} of the control {label:?} is not a key name, so it was ignored{meant}"
            )));
            return Ok(None);
        }
        // F1 and F11 are the launcher's in every window: a control given
        // one could never be used from the keyboard.
        if crate::keys::HOST_KEYS.contains(&key.as_str()) {
            *note = note.take().or(Some(format!(
                "the shortcut {key:?} of the control {label:?} is the launcher's own key (F1 is help, F11 full screen), which no game receives, so it was ignored: give the control another key (a Hint is \"QuestionMark\", a Solve \"s\")"
            )));
            return Ok(None);
        }
        Ok(Some(key))
    }

    /// Runs a game action with a value (empty for buttons).
    pub fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, CallError> {
        self.ensure_alive()?;
        let mut redraw = 0u8;
        // SAFETY: a checked table's function, our live handle, strings and a
        // slot that outlive the call.
        let status = unsafe {
            (self.table.invoke_action)(
                self.handle,
                AbiStr::borrow(id),
                AbiStr::borrow(value),
                &mut redraw,
            )
        };
        self.check("invoke_action", status)?;
        Ok(Response {
            redraw: redraw != 0,
        })
    }
}

/// Revision 2: the optional functions. Each fails with
/// [`CallErrorKind::Unsupported`] when the game lacks it (see
/// [`GameInstance::features`]).
impl GameInstance {
    fn unsupported(function: &'static str) -> CallError {
        CallError {
            function,
            kind: CallErrorKind::Unsupported,
            message: String::new(),
        }
    }

    /// The game's state as bytes (at most [`MAX_SAVE_BYTES`]).
    pub fn save(&mut self) -> Result<Vec<u8>, CallError> {
        self.ensure_alive()?;
        let save = self.table.save.ok_or(Self::unsupported("save"))?;
        let mut out = AbiBytes::EMPTY;
        // SAFETY: a checked table's function, our live handle, a valid slot.
        let status = unsafe { save(self.handle, &mut out) };
        self.check("save", status)?;
        // SAFETY: the game keeps the bytes valid until its next call.
        match unsafe { out.to_vec(MAX_SAVE_BYTES) } {
            Some(bytes) => Ok(bytes),
            None => Err(CallError {
                function: "save",
                kind: CallErrorKind::Invalid,
                message: format!(
                    "its saved state is {} bytes; the most the launcher keeps is {MAX_SAVE_BYTES}",
                    out.len
                ),
            }),
        }
    }

    /// Replaces the game's state with `bytes`; an error (the game could not
    /// read them) leaves the game as it was.
    pub fn load(&mut self, bytes: &[u8]) -> Result<(), CallError> {
        self.ensure_alive()?;
        let load = self.table.load.ok_or(Self::unsupported("load"))?;
        // SAFETY: a checked table's function, our live handle, bytes that
        // outlive the call.
        let status = unsafe { load(self.handle, AbiBytes::borrow(bytes)) };
        self.check("load", status)
    }

    /// Starts a new game from `seed`.
    pub fn new_game(&mut self, seed: u64) -> Result<(), CallError> {
        self.ensure_alive()?;
        let new_game = self.table.new_game.ok_or(Self::unsupported("new_game"))?;
        // SAFETY: a checked table's function and our live handle.
        let status = unsafe { new_game(self.handle, seed) };
        self.check("new_game", status)
    }

    /// The ID of the game being played (lossily decoded, capped, one line).
    pub fn game_id(&mut self) -> Result<String, CallError> {
        let game_id = self.table.game_id.ok_or(Self::unsupported("game_id"))?;
        self.text("game_id", game_id)
    }

    /// Starts the game with ID `id`; an error carries the game's message for
    /// the player and leaves the game as it was.
    pub fn start_from_game_id(&mut self, id: &str) -> Result<(), CallError> {
        self.ensure_alive()?;
        let from_game_id = self
            .table
            .from_game_id
            .ok_or(Self::unsupported("from_game_id"))?;
        // SAFETY: a checked table's function, our live handle, a string that
        // outlives the call.
        let status = unsafe { from_game_id(self.handle, AbiStr::borrow(id)) };
        self.check("from_game_id", status)
    }

    /// Gives the game the answer to its `choose_file` (revision 5): the
    /// chosen file, a cancel, or a refusal.
    pub fn file_chosen(&mut self, choice: &FileChoice) -> Result<Response, CallError> {
        self.ensure_alive()?;
        let file_chosen = self
            .table
            .file_chosen
            .ok_or(Self::unsupported("file_chosen"))?;
        let raw = codec::file_choice_to_raw(choice);
        let mut redraw = 0u8;
        // SAFETY: a checked table's function, our live handle, a choice
        // (borrowing from `choice`) and a slot that outlive the call.
        let status = unsafe { file_chosen(self.handle, &raw, &mut redraw) };
        self.check("file_chosen", status)?;
        Ok(Response {
            redraw: redraw != 0,
        })
    }

    /// How the game's scores compare (revision 5): points, higher is
    /// better, for a game without `score_kind`; the unit is one line,
    /// capped at 64 bytes.
    pub fn score_kind(&mut self) -> Result<ScoreKind, CallError> {
        self.ensure_alive()?;
        let Some(score_kind) = self.table.score_kind else {
            return Ok(ScoreKind::points());
        };
        let mut order = abi::SCORE_HIGHER_IS_BETTER;
        let mut unit = AbiStr::EMPTY;
        // SAFETY: a checked table's function, our live handle, valid slots.
        let status = unsafe { score_kind(self.handle, &mut order, &mut unit) };
        self.check("score_kind", status)?;
        // SAFETY: the game keeps the string valid until its next call.
        let (unit, _) = unsafe { read_text("score's unit", unit) };
        let unit: String = unit.replace(['\r', '\n'], " ").chars().take(32).collect();
        Ok(ScoreKind {
            lower_is_better: order == abi::SCORE_LOWER_IS_BETTER,
            unit: unit.trim().to_owned(),
        })
    }

    /// Tells the game the size its canvas has (revision 5, after it asked
    /// with `request_layout`): each side a finite number from 1 to
    /// [`MAX_CANVAS_SIDE`] (others are clamped).
    pub fn layout(&mut self, size: Point) -> Result<Response, CallError> {
        self.ensure_alive()?;
        let layout = self.table.layout.ok_or(Self::unsupported("layout"))?;
        let side = |v: f32| {
            if v.is_finite() {
                v.clamp(1.0, MAX_CANVAS_SIDE)
            } else {
                1.0
            }
        };
        let mut redraw = 0u8;
        // SAFETY: a checked table's function, our live handle, a valid slot.
        let status = unsafe {
            layout(
                self.handle,
                Point::new(side(size.x), side(size.y)),
                &mut redraw,
            )
        };
        self.check("layout", status)?;
        Ok(Response {
            redraw: redraw != 0,
        })
    }

    /// How the game stands, (revision 4) whether the game helped the
    /// player to it, and (revision 6) what undoing the change that
    /// reached it would mean.
    pub fn outcome(&mut self) -> Result<Outcome, CallError> {
        self.ensure_alive()?;
        let outcome = self.table.outcome.ok_or(Self::unsupported("outcome"))?;
        let mut raw = RawOutcome::default();
        // SAFETY: a checked table's function, our live handle, a valid slot.
        let status = unsafe { outcome(self.handle, &mut raw) };
        self.check("outcome", status)?;
        let outcome = codec::outcome_from_raw(raw).ok_or_else(|| {
            self.invalid(
                "outcome",
                format!("it returned the unknown outcome state {}", raw.state),
            )
        })?;
        let Some(assisted) = self.table.outcome_assisted else {
            return Ok(outcome);
        };
        let mut helped = 0u32;
        // SAFETY: a checked table's function, our live handle, a valid slot.
        let status = unsafe { assisted(self.handle, &mut helped) };
        self.check("outcome_assisted", status)?;
        let mut outcome = outcome.with_assistance(helped & abi::OUTCOME_ASSISTED != 0);
        if helped & abi::OUTCOME_FOR_NOBODY != 0 {
            outcome = outcome.for_nobody();
        }
        let Some(undo) = self.table.outcome_undo else {
            return Ok(outcome);
        };
        let mut rule = abi::UNDO_FREE;
        // SAFETY: a checked table's function, our live handle, a valid slot.
        let status = unsafe { undo(self.handle, &mut rule) };
        self.check("outcome_undo", status)?;
        let rule = codec::undo_rule_from_raw(rule).ok_or_else(|| {
            self.invalid(
                "outcome_undo",
                format!("it returned the unknown undo rule {rule}"),
            )
        })?;
        Ok(outcome.with_undo(rule))
    }
}

/// Copies a string a game returned: at most [`MAX_TEXT_BYTES`], cut at a
/// character boundary, invalid UTF-8 shown as U+FFFD. Also returns, for the
/// player, what had to be changed, naming the text as `what`.
///
/// # Safety
/// As [`AbiStr::to_string_lossy`].
unsafe fn read_text(what: &str, s: AbiStr) -> (String, Option<String>) {
    if s.ptr.is_null() || s.len == 0 {
        return (String::new(), None);
    }
    let cut = s.len > MAX_TEXT_BYTES;
    // SAFETY: the caller's promise; we read a prefix.
    let mut bytes = unsafe { std::slice::from_raw_parts(s.ptr, s.len.min(MAX_TEXT_BYTES)) };
    if cut
        && let Err(e) = std::str::from_utf8(bytes)
        && e.error_len().is_none()
    {
        // The cut fell inside a character: leave out its first bytes.
        bytes = &bytes[..e.valid_up_to()];
    }
    let text = String::from_utf8_lossy(bytes);
    let invalid = matches!(text, std::borrow::Cow::Owned(_));
    let mut problems = Vec::new();
    if cut {
        problems.push(format!(
            "the game's {what} is {} bytes long; only the first {MAX_TEXT_BYTES} bytes are shown",
            s.len
        ));
    }
    if invalid {
        problems.push(format!(
            "the game's {what} is not valid UTF-8; the bad bytes are shown as \u{fffd}"
        ));
    }
    let note = (!problems.is_empty()).then(|| problems.join("; "));
    (text.into_owned(), note)
}

impl Drop for GameInstance {
    fn drop(&mut self) {
        if !self.handle.is_null() {
            // SAFETY: our handle from `create`, given back exactly once. A panic
            // inside is caught by the game's trampoline; its status is ignored
            // because the game is ending anyway.
            unsafe { (self.table.destroy)(self.handle) };
        }
        // SAFETY: `services` came from `Box::into_raw` in `start` and the game,
        // now destroyed, can no longer reach it.
        drop(unsafe { Box::from_raw(self.services) });
    }
}
