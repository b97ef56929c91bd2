//! What a game may ask of its host, and the thunks that carry each request
//! from the game's table to the host's [`HostServices`].

use std::cell::RefCell;
use std::ffi::c_void;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;

use super::MAX_TEXT_BYTES;
use crate::abi::{self, AbiStr, RawHost};

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
    /// The game asked for ticks every `interval` seconds (a finite number
    /// above zero), or, with `None`, for no more ticks. Hosts without a
    /// clock ignore it.
    fn request_tick(&mut self, interval: Option<f32>) {
        let _ = interval;
    }
    /// The game asked for a new game started the host's way (its own key
    /// for New game). Hosts without New game ignore it.
    fn request_new_game(&mut self) {}
    /// The game asked for the input events whose `INPUT_*` bits are set in
    /// `kinds` (scroll, double click), and no others of those.
    fn request_input(&mut self, kinds: u32) {
        let _ = kinds;
    }
    /// The directory the game may keep its own files in, created if
    /// needed; `None` when the host keeps none. The text must stay as it is
    /// for the life of the game (the game may hold on to it).
    fn data_dir(&mut self) -> Option<&str> {
        None
    }
    /// The game asked the player to choose a file of `kind` (a
    /// `FILE_KIND_*` code, perhaps one the host does not know). The host
    /// answers later with [`GameInstance::file_chosen`](super::GameInstance::file_chosen):
    /// the file, a cancel, or a refusal (hosts without files refuse).
    fn choose_file(&mut self, kind: u32) {
        let _ = kind;
    }
    /// The game asked to be laid out to the window (`fill`) or scaled to
    /// it again (revision 5). Hosts without windows ignore it.
    fn request_layout(&mut self, fill: bool) {
        let _ = fill;
    }
    /// The game asked for a pointer shape, a `CURSOR_*` code (revision 5).
    fn set_cursor(&mut self, cursor: u32) {
        let _ = cursor;
    }
    /// The time played on the current game, in milliseconds (revision 5);
    /// hosts without a clock say 0.
    fn play_time(&mut self) -> u64 {
        0
    }
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

/// Services that remember what the game asked for, one line per request,
/// for tests to check: `help <title> <verbatim>`, `manual <tag>`, `redraw`,
/// `log <message>`, `tick <seconds>` / `tick stop`, `new game`,
/// `input <bits>`, `choose file <kind>`, `layout <true|false>`,
/// `cursor <code>`.
///
/// Clones share one list: give one clone to the game and keep another.
///
/// ```
/// use game_api::host::{HostServices, Recorder};
/// let recorder = Recorder::new();
/// let mut services: Box<dyn HostServices> = Box::new(recorder.clone());
/// services.show_text_help("Lamp Help", false);
/// services.log("lit");
/// assert_eq!(recorder.requests(), ["help Lamp Help false", "log lit"]);
/// assert_eq!(recorder.last().as_deref(), Some("log lit"));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Recorder(Rc<RefCell<Vec<String>>>);

impl Recorder {
    /// A recorder that has seen no request yet.
    pub fn new() -> Recorder {
        Recorder::default()
    }

    /// Every request so far, oldest first.
    pub fn requests(&self) -> Vec<String> {
        self.0.borrow().clone()
    }

    /// The latest request, if any.
    pub fn last(&self) -> Option<String> {
        self.0.borrow().last().cloned()
    }

    fn record(&self, request: String) {
        self.0.borrow_mut().push(request);
    }
}

impl HostServices for Recorder {
    fn show_text_help(&mut self, title: &str, verbatim: bool) {
        self.record(format!("help {title} {verbatim}"));
    }
    fn show_manual_section(&mut self, tag: &str) {
        self.record(format!("manual {tag}"));
    }
    fn request_redraw(&mut self) {
        self.record("redraw".into());
    }
    fn log(&mut self, message: &str) {
        self.record(format!("log {message}"));
    }
    fn request_tick(&mut self, interval: Option<f32>) {
        match interval {
            Some(seconds) => self.record(format!("tick {seconds}")),
            None => self.record("tick stop".into()),
        }
    }
    fn request_new_game(&mut self) {
        self.record("new game".into());
    }
    fn request_input(&mut self, kinds: u32) {
        self.record(format!("input {kinds}"));
    }
    fn choose_file(&mut self, kind: u32) {
        self.record(format!("choose file {kind}"));
    }
    fn request_layout(&mut self, fill: bool) {
        self.record(format!("layout {fill}"));
    }
    fn set_cursor(&mut self, cursor: u32) {
        self.record(format!("cursor {cursor}"));
    }
}

/// The host table a game calls back through, with `ctx` the services of
/// its instance (a `*mut Box<dyn HostServices>`).
pub(super) fn raw_host(ctx: *mut c_void) -> RawHost {
    RawHost {
        abi_version: abi::ABI_VERSION,
        struct_size: std::mem::size_of::<RawHost>() as u32,
        ctx,
        show_text_help: host_show_text_help,
        show_manual_section: host_show_manual_section,
        request_redraw: host_request_redraw,
        log: host_log,
        request_tick: host_request_tick,
        request_new_game: host_request_new_game,
        request_input: host_request_input,
        data_dir: host_data_dir,
        choose_file: host_choose_file,
        request_layout: host_request_layout,
        set_cursor: host_set_cursor,
        play_time: host_play_time,
    }
}

/// Runs a host-service thunk with the services, never letting a host panic
/// unwind into the game's frames.
///
/// # Safety
/// `ctx` must be the services pointer of a live
/// [`GameInstance`](super::GameInstance).
unsafe fn with_services(ctx: *mut c_void, f: impl FnOnce(&mut dyn HostServices)) {
    // SAFETY: per the contract; the game calls us one call at a time.
    let Some(services) = (unsafe { (ctx as *mut Box<dyn HostServices>).as_mut() }) else {
        return;
    };
    let _ = catch_unwind(AssertUnwindSafe(|| f(services.as_mut())));
}

/// A text a game hands a host service (a help window's title, a manual's
/// tag, a log line): whole up to [`MAX_TEXT_BYTES`], else cut and saying
/// so at its end (issue 41: such texts were cut without a word). The cut
/// leaves room for the note, so the text stays within what the console
/// accepts of a text.
///
/// # Safety
/// As [`AbiStr::to_string_lossy`].
unsafe fn service_text(s: AbiStr) -> String {
    if s.len <= MAX_TEXT_BYTES {
        // SAFETY: the caller's promise.
        return unsafe { s.to_string_lossy(MAX_TEXT_BYTES) }.0;
    }
    // SAFETY: the caller's promise; a prefix is read.
    let (mut text, _) = unsafe { s.to_string_lossy(MAX_TEXT_BYTES - 64) };
    text.push_str(&format!(" … (cut: {} bytes in all)", s.len));
    text
}

unsafe extern "C" fn host_show_text_help(ctx: *mut c_void, title: AbiStr, verbatim: u8) {
    // SAFETY: the game's string is valid during this call; `ctx` is ours.
    let title = unsafe { service_text(title) };
    unsafe { with_services(ctx, |s| s.show_text_help(&title, verbatim != 0)) }
}

unsafe extern "C" fn host_show_manual_section(ctx: *mut c_void, tag: AbiStr) {
    // SAFETY: as in `host_show_text_help`.
    let tag = unsafe { service_text(tag) };
    unsafe { with_services(ctx, |s| s.show_manual_section(&tag)) }
}

unsafe extern "C" fn host_request_redraw(ctx: *mut c_void) {
    // SAFETY: `ctx` is ours.
    unsafe { with_services(ctx, |s| s.request_redraw()) }
}

unsafe extern "C" fn host_log(ctx: *mut c_void, message: AbiStr) {
    // SAFETY: as in `host_show_text_help`.
    let message = unsafe { service_text(message) };
    unsafe { with_services(ctx, |s| s.log(&message)) }
}

unsafe extern "C" fn host_request_tick(ctx: *mut c_void, interval_seconds: f32) {
    // Anything but a positive finite number stops the ticks; a very short
    // interval means "every frame".
    let interval =
        (interval_seconds.is_finite() && interval_seconds > 0.0).then_some(interval_seconds);
    // SAFETY: `ctx` is ours.
    unsafe { with_services(ctx, |s| s.request_tick(interval)) }
}

unsafe extern "C" fn host_request_new_game(ctx: *mut c_void) {
    // SAFETY: `ctx` is ours.
    unsafe { with_services(ctx, |s| s.request_new_game()) }
}

unsafe extern "C" fn host_request_input(ctx: *mut c_void, kinds: u32) {
    // SAFETY: `ctx` is ours.
    unsafe { with_services(ctx, |s| s.request_input(kinds)) }
}

unsafe extern "C" fn host_data_dir(ctx: *mut c_void, out: *mut AbiStr) {
    if out.is_null() {
        return;
    }
    let mut dir = AbiStr::EMPTY;
    // SAFETY: `ctx` is ours; the text borrowed lives in the services, which
    // outlive the game instance.
    unsafe {
        with_services(ctx, |s| {
            if let Some(path) = s.data_dir() {
                dir = AbiStr::borrow(path);
            }
        })
    };
    // SAFETY: `out` is non-null and the game's slot for this call.
    unsafe { out.write(dir) };
}

unsafe extern "C" fn host_choose_file(ctx: *mut c_void, kind: u32) {
    // SAFETY: `ctx` is ours.
    unsafe { with_services(ctx, |s| s.choose_file(kind)) }
}

unsafe extern "C" fn host_request_layout(ctx: *mut c_void, fill: u8) {
    // SAFETY: `ctx` is ours.
    unsafe { with_services(ctx, |s| s.request_layout(fill != 0)) }
}

unsafe extern "C" fn host_set_cursor(ctx: *mut c_void, cursor: u32) {
    // SAFETY: `ctx` is ours.
    unsafe { with_services(ctx, |s| s.set_cursor(cursor)) }
}

unsafe extern "C" fn host_play_time(ctx: *mut c_void, out: *mut u64) {
    if out.is_null() {
        return;
    }
    let mut ms = 0;
    // SAFETY: `ctx` is ours.
    unsafe { with_services(ctx, |s| ms = s.play_time()) };
    // SAFETY: `out` is non-null and the game's slot for this call.
    unsafe { out.write(ms) };
}
