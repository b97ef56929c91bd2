//! The host's side of the boundary: a safe wrapper over a game library's table.
//!
//! [`GameLibrary::from_entry`] checks the ABI version and table size before
//! anything else is read; [`GameInstance`] calls the game and treats all it
//! returns as untrusted: strings are decoded lossily and capped, numbers that
//! are not finite are refused, and a frame's shapes are capped.

use crate::abi::{
    self, AbiStr, GameHandle, GameTable, Point, RawAction, RawEvent, RawHost, RawPainter, RawStyle,
    Rgba,
};
use crate::{Action, ActionKind, Anchor, Event, Painter, Response, Stroke, Style};
use std::ffi::c_void;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The largest canvas side a game may ask for, in canvas pixels.
pub const MAX_CANVAS_SIDE: f32 = 8192.0;
/// The most shapes drawn in one frame; the rest are dropped and reported.
pub const MAX_SHAPES_PER_FRAME: usize = 200_000;
/// The most corners of one polygon.
pub const MAX_POLYGON_POINTS: usize = 10_000;
/// The longest title, status, label or drawn text kept, in bytes.
pub const MAX_TEXT_BYTES: usize = 4096;
/// The most actions a game may offer.
pub const MAX_ACTIONS: u32 = 64;
/// The largest magnitude of a drawn coordinate, size, radius or line width,
/// in canvas pixels. A canvas is at most [`MAX_CANVAS_SIDE`] wide, so larger
/// values draw nothing useful, and a renderer may spend time or memory in
/// proportion to them (an ellipse's corners grow with its radius).
pub const MAX_COORDINATE: f32 = 1.0e6;
/// The most polygon corners drawn in one frame, all polygons together.
pub const MAX_POINTS_PER_FRAME: usize = 1_000_000;
/// The most bytes of drawn text in one frame, all texts together.
pub const MAX_TEXT_BYTES_PER_FRAME: usize = 1024 * 1024;

/// Why a library's table was refused before any call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AbiError {
    /// The entry function returned a null pointer.
    NullTable,
    /// The library was built against another `game-api` ABI version.
    VersionMismatch {
        /// The version in the library.
        library: u32,
        /// The version this launcher speaks.
        launcher: u32,
    },
    /// Same version, but the table's size differs: a corrupt or forged table.
    TableSizeMismatch {
        /// The size the library states.
        library: u32,
        /// The size this launcher expects.
        launcher: u32,
    },
}

impl fmt::Display for AbiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AbiError::NullTable => write!(
                f,
                "the library's game table is missing (its entry function returned null)"
            ),
            AbiError::VersionMismatch { library, launcher } => write!(
                f,
                "the game was built for game ABI version {library}, but this launcher speaks version {launcher}; rebuild the game against game-api with ABI version {launcher}"
            ),
            AbiError::TableSizeMismatch { library, launcher } => write!(
                f,
                "the game's table is {library} bytes but ABI version {} needs {launcher}; the library is corrupt or was built with a modified game-api",
                abi::ABI_VERSION
            ),
        }
    }
}

impl std::error::Error for AbiError {}

/// How a call into a game failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallErrorKind {
    /// The game returned an error.
    Error,
    /// The game panicked. The instance is not called again.
    Panic,
    /// The game returned something the launcher refuses (a bad size, say).
    Invalid,
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
        }
    }
}

impl std::error::Error for CallError {}

/// The services a host offers to the games it runs.
pub trait HostServices {
    /// The game asked for its text help (§4).
    fn show_text_help(&mut self, title: &str, verbatim: bool);
    /// The game asked for a section of its manual (§3).
    fn show_manual_section(&mut self, section_tag: &str);
    /// The game asked to be drawn again.
    fn request_redraw(&mut self);
    /// The game wrote a log line.
    fn log(&mut self, message: &str);
}

/// Services that do nothing, for tests and tools.
#[derive(Debug, Default)]
pub struct NoServices;

impl HostServices for NoServices {
    fn show_text_help(&mut self, _: &str, _: bool) {}
    fn show_manual_section(&mut self, _: &str) {}
    fn request_redraw(&mut self) {}
    fn log(&mut self, _: &str) {}
}

/// A game library's table, checked to be of this ABI version.
#[derive(Clone, Copy)]
pub struct GameLibrary {
    table: &'static GameTable,
}

impl fmt::Debug for GameLibrary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameLibrary")
            .field("abi_version", &self.table.abi_version)
            .finish()
    }
}

impl GameLibrary {
    /// Checks the header of the table an entry function returned and, if it is
    /// this ABI version and size, wraps it.
    ///
    /// # Safety
    /// `table` must be null or point to memory that starts with an
    /// [`abi::TableHeader`] and, if the header matches, holds a whole
    /// [`GameTable`] whose functions honour the ABI; it must stay valid for the
    /// rest of the process (the library is never unloaded).
    pub unsafe fn from_entry(table: *const GameTable) -> Result<GameLibrary, AbiError> {
        if table.is_null() {
            return Err(AbiError::NullTable);
        }
        // SAFETY: every ABI version starts its table with this header; we read
        // only the header until it has been checked.
        let header = unsafe { (table as *const abi::TableHeader).read() };
        if header.abi_version != abi::ABI_VERSION {
            return Err(AbiError::VersionMismatch {
                library: header.abi_version,
                launcher: abi::ABI_VERSION,
            });
        }
        if header.table_size != abi::GAME_TABLE_SIZE {
            return Err(AbiError::TableSizeMismatch {
                library: header.table_size,
                launcher: abi::GAME_TABLE_SIZE,
            });
        }
        // SAFETY: version and size match, so this is a whole table, and it
        // lives as long as the process (caller's promise).
        Ok(GameLibrary {
            table: unsafe { &*table },
        })
    }

    /// The table of a game linked into this program, e.g. a game's own tests.
    pub fn from_static(table: &'static GameTable) -> Result<GameLibrary, AbiError> {
        // SAFETY: a reference to a static table is valid for the whole process.
        unsafe { Self::from_entry(table) }
    }

    /// Starts a game with the given services.
    pub fn start(&self, services: Box<dyn HostServices>) -> Result<GameInstance, CallError> {
        let services = Box::into_raw(Box::new(services));
        let host = Box::new(RawHost {
            abi_version: abi::ABI_VERSION,
            struct_size: std::mem::size_of::<RawHost>() as u32,
            ctx: services as *mut c_void,
            show_text_help: host_show_text_help,
            show_manual_section: host_show_manual_section,
            request_redraw: host_request_redraw,
            log: host_log,
        });
        let mut instance = GameInstance {
            table: self.table,
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
        let status = unsafe { (self.table.create)(host_ptr, &mut handle) };
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
}

/// One running game. Dropping it ends the game (calls `destroy`).
pub struct GameInstance {
    table: &'static GameTable,
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
        let mut s = AbiStr::EMPTY;
        // SAFETY: a checked table's function, our live handle, a valid slot.
        let status = unsafe { f(self.handle, &mut s) };
        self.check(function, status)?;
        let what = if function == "title" {
            "title"
        } else {
            "status line"
        };
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
    /// that are not finite numbers or beyond ±[`MAX_COORDINATE`], and shapes
    /// past the frame's limits ([`MAX_SHAPES_PER_FRAME`],
    /// [`MAX_POINTS_PER_FRAME`], [`MAX_TEXT_BYTES_PER_FRAME`]), are dropped
    /// and counted in the returned report.
    pub fn draw(&mut self, painter: &mut dyn Painter) -> Result<DrawReport, CallError> {
        self.ensure_alive()?;
        let mut bridge = PainterBridge {
            painter,
            report: DrawReport::default(),
            clip_depth: 0,
            points: 0,
            text_bytes: 0,
        };
        let raw = RawPainter {
            struct_size: std::mem::size_of::<RawPainter>() as u32,
            ctx: &mut bridge as *mut PainterBridge as *mut c_void,
            circle: paint_circle,
            ellipse: paint_ellipse,
            polygon: paint_polygon,
            line: paint_line,
            rect: paint_rect,
            text: paint_text,
            push_clip: paint_push_clip,
            pop_clip: paint_pop_clip,
        };
        // SAFETY: a checked table's function, our live handle, and a painter
        // whose context (`bridge`) outlives the call.
        let status = unsafe { (self.table.draw)(self.handle, &raw) };
        // Balance clips a game forgot to pop, so the host's clip stack is intact.
        while bridge.clip_depth > 0 {
            bridge.painter.pop_clip();
            bridge.clip_depth -= 1;
        }
        let report = bridge.report;
        self.check("draw", status)?;
        Ok(report)
    }

    /// Delivers one event.
    pub fn handle_event(&mut self, event: &Event) -> Result<Response, CallError> {
        self.ensure_alive()?;
        let (kind, pos, button, key) = match event {
            Event::PointerMove { pos } => (abi::EVENT_POINTER_MOVE, *pos, 0, ""),
            Event::PointerPress { pos, button } => {
                (abi::EVENT_POINTER_PRESS, *pos, button.to_raw(), "")
            }
            Event::PointerRelease { pos, button } => {
                (abi::EVENT_POINTER_RELEASE, *pos, button.to_raw(), "")
            }
            Event::PointerEnter { pos } => (abi::EVENT_POINTER_ENTER, *pos, 0, ""),
            Event::PointerLeave => (abi::EVENT_POINTER_LEAVE, Point::default(), 0, ""),
            Event::KeyPress { key } => (abi::EVENT_KEY_PRESS, Point::default(), 0, key.as_str()),
            Event::KeyRelease { key } => {
                (abi::EVENT_KEY_RELEASE, Point::default(), 0, key.as_str())
            }
        };
        let raw = RawEvent {
            kind,
            pos,
            button,
            key: AbiStr::borrow(key),
        };
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
            let mut raw = RawAction {
                id: AbiStr::EMPTY,
                label: AbiStr::EMPTY,
                kind: 0,
                value: AbiStr::EMPTY,
                options: AbiStr::EMPTY,
                enabled: 0,
            };
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
            let value = read(raw.value);
            let kind = match raw.kind {
                abi::ACTION_TEXT => ActionKind::Text { value },
                abi::ACTION_CHOICE => ActionKind::Choice {
                    options: read(raw.options).lines().map(str::to_owned).collect(),
                    selected: value,
                },
                _ => ActionKind::Button,
            };
            actions.push(Action {
                id: read(raw.id),
                label: read(raw.label),
                kind,
                enabled: raw.enabled != 0,
            });
        }
        self.set_note("action", note);
        Ok(actions)
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

/// What the launcher dropped from one frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawReport {
    /// Shapes drawn.
    pub shapes: usize,
    /// Shapes dropped for coordinates that are not finite numbers.
    pub invalid: usize,
    /// Shapes dropped past the frame's limits: [`MAX_SHAPES_PER_FRAME`]
    /// shapes, [`MAX_POINTS_PER_FRAME`] polygon corners,
    /// [`MAX_TEXT_BYTES_PER_FRAME`] bytes of text.
    pub over_limit: usize,
    /// Shapes dropped for a coordinate, size or width beyond
    /// ±[`MAX_COORDINATE`].
    pub out_of_range: usize,
}

impl DrawReport {
    /// Whether anything was dropped.
    pub fn is_clean(&self) -> bool {
        self.invalid == 0 && self.over_limit == 0 && self.out_of_range == 0
    }

    /// What was dropped, in a sentence for the player; `None` when nothing was.
    pub fn describe(&self) -> Option<String> {
        if self.is_clean() {
            return None;
        }
        let mut parts = Vec::new();
        if self.invalid > 0 {
            parts.push(format!(
                "{} shapes with coordinates that are not numbers",
                self.invalid
            ));
        }
        if self.out_of_range > 0 {
            parts.push(format!(
                "{} shapes with coordinates or sizes beyond ±{MAX_COORDINATE}",
                self.out_of_range
            ));
        }
        if self.over_limit > 0 {
            parts.push(format!(
                "{} shapes past the frame's limits ({MAX_SHAPES_PER_FRAME} shapes, {MAX_POINTS_PER_FRAME} polygon corners, {} KiB of text)",
                self.over_limit,
                MAX_TEXT_BYTES_PER_FRAME / 1024
            ));
        }
        Some(format!(
            "the game drew {}; they were skipped",
            parts.join(", ")
        ))
    }
}

struct PainterBridge<'a> {
    painter: &'a mut dyn Painter,
    report: DrawReport,
    clip_depth: usize,
    /// Polygon corners drawn this frame.
    points: usize,
    /// Bytes of text drawn this frame.
    text_bytes: usize,
}

/// Whether every value is a finite number within ±[`MAX_COORDINATE`]; counts
/// the shape as invalid or out of range in `report` if not.
fn in_range(report: &mut DrawReport, numbers: impl IntoIterator<Item = f32>) -> bool {
    let mut out_of_range = false;
    for v in numbers {
        if !v.is_finite() {
            report.invalid += 1;
            return false;
        }
        out_of_range |= v.abs() > MAX_COORDINATE;
    }
    if out_of_range {
        report.out_of_range += 1;
    }
    !out_of_range
}

impl PainterBridge<'_> {
    /// Counts a shape and says whether to draw it: its numbers must be finite
    /// and in range, and the frame must have room for one more shape.
    fn admit(&mut self, numbers: &[f32]) -> bool {
        if !in_range(&mut self.report, numbers.iter().copied()) {
            false
        } else {
            self.admit_checked()
        }
    }

    /// Counts a shape whose numbers were checked and says whether to draw it.
    fn admit_checked(&mut self) -> bool {
        if self.report.shapes >= MAX_SHAPES_PER_FRAME {
            self.report.over_limit += 1;
            false
        } else {
            self.report.shapes += 1;
            true
        }
    }
}

/// Runs a painter thunk's body with the bridge, never letting a host panic
/// unwind into the game's frames.
///
/// # Safety
/// `ctx` must be the `PainterBridge` of the `draw` call in progress.
unsafe fn with_bridge(ctx: *mut c_void, f: impl FnOnce(&mut PainterBridge<'_>)) {
    // SAFETY: per the contract; only this thunk touches the bridge now.
    let Some(bridge) = (unsafe { (ctx as *mut PainterBridge<'_>).as_mut() }) else {
        return;
    };
    let _ = catch_unwind(AssertUnwindSafe(|| f(bridge)));
}

fn style(raw: RawStyle) -> Style {
    let mut s = Style::from_raw(raw);
    if let Some(stroke) = &mut s.stroke {
        if stroke.width.is_finite() {
            stroke.width = stroke.width.min(MAX_COORDINATE);
        } else {
            s.stroke = None;
        }
    }
    s
}

unsafe extern "C" fn paint_circle(ctx: *mut c_void, center: Point, radius: f32, raw: RawStyle) {
    // SAFETY: called by the game during our `draw`, with our bridge.
    unsafe {
        with_bridge(ctx, |b| {
            if b.admit(&[center.x, center.y, radius]) {
                b.painter.circle(center, radius, style(raw))
            }
        })
    }
}

unsafe extern "C" fn paint_ellipse(
    ctx: *mut c_void,
    center: Point,
    rx: f32,
    ry: f32,
    raw: RawStyle,
) {
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            if b.admit(&[center.x, center.y, rx, ry]) {
                b.painter.ellipse(center, rx, ry, style(raw))
            }
        })
    }
}

unsafe extern "C" fn paint_polygon(
    ctx: *mut c_void,
    points: *const Point,
    len: usize,
    raw: RawStyle,
) {
    if points.is_null() || len == 0 {
        return;
    }
    // SAFETY: the game promises `len` points at `points` during this call; we
    // read at most MAX_POLYGON_POINTS of them.
    let points = unsafe { std::slice::from_raw_parts(points, len.min(MAX_POLYGON_POINTS)) };
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            // Check the budget first, so a flood of polygons costs no scan.
            if b.points + points.len() > MAX_POINTS_PER_FRAME {
                b.report.over_limit += 1;
                return;
            }
            let numbers = points.iter().flat_map(|p| [p.x, p.y]);
            if in_range(&mut b.report, numbers) && b.admit_checked() {
                b.points += points.len();
                b.painter.polygon(points, style(raw))
            }
        })
    }
}

unsafe extern "C" fn paint_line(ctx: *mut c_void, from: Point, to: Point, width: f32, color: Rgba) {
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            if b.admit(&[from.x, from.y, to.x, to.y, width]) {
                b.painter.line(from, to, Stroke { width, color })
            }
        })
    }
}

unsafe extern "C" fn paint_rect(ctx: *mut c_void, min: Point, size: Point, raw: RawStyle) {
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            if b.admit(&[min.x, min.y, size.x, size.y]) {
                b.painter.rect(min, size, style(raw))
            }
        })
    }
}

unsafe extern "C" fn paint_text(
    ctx: *mut c_void,
    pos: Point,
    anchor: u32,
    font_size: f32,
    color: Rgba,
    text: AbiStr,
) {
    let anchor = if anchor == abi::ANCHOR_CENTER {
        Anchor::Center
    } else {
        Anchor::TopLeft
    };
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            let len = text.len.min(MAX_TEXT_BYTES);
            if b.text_bytes + len > MAX_TEXT_BYTES_PER_FRAME {
                b.report.over_limit += 1;
                return;
            }
            if b.admit(&[pos.x, pos.y, font_size]) {
                b.text_bytes += len;
                // SAFETY: the game's string is valid during this call.
                let (text, _) = text.to_string_lossy(MAX_TEXT_BYTES);
                b.painter
                    .text(pos, anchor, font_size.clamp(1.0, 512.0), color, &text)
            }
        })
    }
}

unsafe extern "C" fn paint_push_clip(ctx: *mut c_void, min: Point, size: Point) {
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            if in_range(&mut b.report, [min.x, min.y, size.x, size.y]) {
                b.clip_depth += 1;
                b.painter.push_clip(min, size)
            }
        })
    }
}

unsafe extern "C" fn paint_pop_clip(ctx: *mut c_void) {
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            // A pop without a push would pop the host's own clip: ignore it.
            if b.clip_depth > 0 {
                b.clip_depth -= 1;
                b.painter.pop_clip()
            }
        })
    }
}

/// Runs a host-service thunk with the services, never letting a host panic
/// unwind into the game's frames.
///
/// # Safety
/// `ctx` must be the services pointer of a live [`GameInstance`].
unsafe fn with_services(ctx: *mut c_void, f: impl FnOnce(&mut dyn HostServices)) {
    // SAFETY: per the contract; the game calls us one call at a time.
    let Some(services) = (unsafe { (ctx as *mut Box<dyn HostServices>).as_mut() }) else {
        return;
    };
    let _ = catch_unwind(AssertUnwindSafe(|| f(services.as_mut())));
}

unsafe extern "C" fn host_show_text_help(ctx: *mut c_void, title: AbiStr, verbatim: u8) {
    // SAFETY: the game's string is valid during this call; `ctx` is ours.
    let (title, _) = unsafe { title.to_string_lossy(MAX_TEXT_BYTES) };
    unsafe { with_services(ctx, |s| s.show_text_help(&title, verbatim != 0)) }
}

unsafe extern "C" fn host_show_manual_section(ctx: *mut c_void, tag: AbiStr) {
    // SAFETY: as in `host_show_text_help`.
    let (tag, _) = unsafe { tag.to_string_lossy(MAX_TEXT_BYTES) };
    unsafe { with_services(ctx, |s| s.show_manual_section(&tag)) }
}

unsafe extern "C" fn host_request_redraw(ctx: *mut c_void) {
    // SAFETY: `ctx` is ours.
    unsafe { with_services(ctx, |s| s.request_redraw()) }
}

unsafe extern "C" fn host_log(ctx: *mut c_void, message: AbiStr) {
    // SAFETY: as in `host_show_text_help`.
    let (message, _) = unsafe { message.to_string_lossy(MAX_TEXT_BYTES) };
    unsafe { with_services(ctx, |s| s.log(&message)) }
}
