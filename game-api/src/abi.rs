//! The raw, versioned C ABI between the launcher (host) and a game library (guest).
//!
//! Only `#[repr(C)]` structs of plain numbers, function pointers and borrowed
//! UTF-8 strings ([`AbiStr`]) cross the boundary. Codes that come back from the
//! other side are plain `u32`s, never Rust enums, so a misbehaving library can
//! never produce an invalid enum value in the host.
//!
//! Game authors in Rust never touch this module: they implement
//! [`crate::Game`] and call [`crate::export_game!`]. Authors in C (or any
//! language with a C FFI) use `game-api/include/game_api.h`, which mirrors it
//! (a test checks every size and offset). Hosts use [`crate::host`], which
//! validates everything here before it calls in.
//!
//! # How the ABI grows
//!
//! [`ABI_VERSION`] names the layout family and never changes for additions:
//! new functions and fields are **appended** to the structs below, and each
//! struct says how large it is (`table_size`, `struct_size`). A reader uses
//! only the fields that both sides know:
//!
//! * the host accepts a game table of at least [`GAME_TABLE_SIZE_V1`] bytes
//!   and treats every function beyond the table's size, or null, as absent
//!   (the launcher's fallback applies: no undo without `save`, say);
//! * a game reads the host's revision from [`RawHost::struct_size`]:
//!   a host of revision 2 or later ([`RAW_HOST_SIZE_V2`]) offers ticks and
//!   fills [`RawEvent::modifiers`] and [`RawEvent::dt`].
//!
//! A later revision may add event kinds; the host sends them only to games
//! whose table shows that they know them (ticks, for instance, only to a
//! game that asked for them), because a game may refuse an unknown kind.
//!
//! Revision 3 appends `action_shortcut`, `region_count` and `region` to
//! [`GameTable`], `rounded_rect`,
//! `measure_text`, `picture_file` and
//! `picture_rgba` to [`RawPainter`] (and seven text anchors), `request_input`
//! and `data_dir` to [`RawHost`] and `delta` to
//! [`RawEvent`]: a game asks for [`EVENT_SCROLL`] and
//! [`EVENT_DOUBLE_CLICK`] with `request_input`, and only then gets them.
//!
//! Revision 4 appends `outcome_assisted` to [`GameTable`]: a game says
//! that it helped the player (hints, a solver), and the launcher's
//! statistics count such a win apart.
//!
//! Revision 5 appends `choose_file` to [`RawHost`] and
//! `file_chosen` to [`GameTable`]: a game asks the player for a file of a
//! kind ([`FILE_KIND_PICTURE`]) in answer to a click or a key, the
//! launcher shows its own file dialog and hands the game the chosen file's
//! name and bytes ([`RawFileChoice`]) or says it was cancelled or refused.
//! It also appends `request_layout` and `set_cursor` to [`RawHost`] and
//! `layout` to [`GameTable`]: a game may lay its canvas out to the
//! window's size, and ask for a pointer shape (`CURSOR_*`); and while a
//! button is held after a press on the canvas, moves and the release reach
//! the game even outside it. And it appends `text_styled`,
//! `measure_text_styled`, `picture_file_styled` and `picture_rgba_styled`
//! to [`RawPainter`]: bold, italic and monospace text (`TEXT_*` bits),
//! measured in each, and pictures tinted, faded and turned by quarter
//! turns ([`RawPictureStyle`]).
//!
//! Revision 6 ([`ABI_REVISION`]) appends `outcome_undo` to [`GameTable`]:
//! a game with hidden information says of each change whether undoing it
//! is free, impossible (an undo barrier: a card dealt, an opponent's turn)
//! or help (`UNDO_*`), and the launcher's Undo and Restart keep to it.
//! And `outcome_assisted` may write [`OUTCOME_FOR_NOBODY`]: the game was
//! not the player's (a record typed in, computers playing each other) and
//! counts for nobody. (A host of an earlier revision reads it as help.)
//!
//! Revision 1 is the first release; revision 2 appends
//! the optional game functions `save` … `outcome` to [`GameTable`],
//! `request_tick` and `request_new_game` to [`RawHost`], and `modifiers` and
//! `dt` to [`RawEvent`].

use std::ffi::c_void;

/// The version of this ABI's layout family. The host refuses a library whose
/// table carries another number. Bump it only for a change that breaks
/// existing games (a field moved or retyped); additions are appended and
/// raise [`ABI_REVISION`] instead.
pub const ABI_VERSION: u32 = 1;

/// The revision of this ABI within [`ABI_VERSION`]: how many times it has
/// grown. Revision 1 is the first layout; revision 2 adds saving, new games
/// and game IDs, outcomes, ticks and key modifiers; revision 3 the scroll
/// wheel and double clicks; revision 4 assisted outcomes; revision 5 files
/// the player chooses for the game; revision 6 undo barriers.
pub const ABI_REVISION: u32 = 6;

/// The symbol every game library exports (see [`crate::export_game!`]).
/// Its name never changes between ABI versions so that an old library is
/// reported as "built for ABI version N", not as "not a game".
pub const ENTRY_SYMBOL: &str = "game_api_entry";

/// The signature of [`ENTRY_SYMBOL`]: returns the library's static game table.
pub type EntryFn = unsafe extern "C" fn() -> *const GameTable;

/// A borrowed UTF-8 string: a pointer and a length in bytes.
///
/// The receiver must copy it before the call returns (or, for strings a game
/// returns, before it calls into the game again). The host treats strings from
/// a game as untrusted bytes: it decodes them lossily and caps their length.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct AbiStr {
    /// First byte, or null for the empty string.
    pub ptr: *const u8,
    /// Length in bytes.
    pub len: usize,
}

impl AbiStr {
    /// The empty string.
    pub const EMPTY: AbiStr = AbiStr {
        ptr: std::ptr::null(),
        len: 0,
    };

    /// Borrows `s` for the duration of a call.
    pub fn borrow(s: &str) -> AbiStr {
        AbiStr {
            ptr: s.as_ptr(),
            len: s.len(),
        }
    }

    /// Reads the bytes, lossily decoded, and at most `max_len` bytes of them.
    /// Returns the text and whether it was cut short or held invalid UTF-8.
    ///
    /// # Safety
    /// `ptr` must be null or point to `len` readable bytes for the duration of
    /// the call (the other side's promise; see the type's documentation).
    pub unsafe fn to_string_lossy(self, max_len: usize) -> (String, bool) {
        if self.ptr.is_null() || self.len == 0 {
            return (String::new(), false);
        }
        let len = self.len.min(max_len);
        // SAFETY: the caller promises `len` readable bytes at `ptr`; we read a prefix.
        let bytes = unsafe { std::slice::from_raw_parts(self.ptr, len) };
        let text = String::from_utf8_lossy(bytes);
        let damaged = len < self.len || matches!(text, std::borrow::Cow::Owned(_));
        (text.into_owned(), damaged)
    }
}

/// An sRGB colour with straight (not premultiplied) alpha.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rgba {
    /// Red, 0–255.
    pub r: u8,
    /// Green, 0–255.
    pub g: u8,
    /// Blue, 0–255.
    pub b: u8,
    /// Opacity, 0 (invisible) – 255 (opaque).
    pub a: u8,
}

/// A point in the game's canvas coordinates (pixels, origin top-left, y down).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// Horizontal coordinate.
    pub x: f32,
    /// Vertical coordinate.
    pub y: f32,
}

/// How a closed shape is painted: a fill (alpha 0 = none) and an outline
/// (width 0 = none).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct RawStyle {
    /// Fill colour; alpha 0 means no fill.
    pub fill: Rgba,
    /// Outline colour.
    pub stroke: Rgba,
    /// Outline width in canvas pixels; 0 means no outline.
    pub stroke_width: f32,
}

/// A borrowed run of bytes (a saved game): a pointer and a length. Like
/// [`AbiStr`], the receiver copies it before the call returns (or, for bytes
/// a game returns, before it calls into the game again).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct AbiBytes {
    /// First byte, or null when empty.
    pub ptr: *const u8,
    /// Length in bytes.
    pub len: usize,
}

impl AbiBytes {
    /// No bytes.
    pub const EMPTY: AbiBytes = AbiBytes {
        ptr: std::ptr::null(),
        len: 0,
    };

    /// Borrows `bytes` for the duration of a call.
    pub fn borrow(bytes: &[u8]) -> AbiBytes {
        AbiBytes {
            ptr: bytes.as_ptr(),
            len: bytes.len(),
        }
    }

    /// Copies the bytes, or `None` when there are more than `max_len`.
    ///
    /// # Safety
    /// `ptr` must be null or point to `len` readable bytes for the duration of
    /// the call.
    pub unsafe fn to_vec(self, max_len: usize) -> Option<Vec<u8>> {
        if self.len > max_len {
            return None;
        }
        if self.ptr.is_null() || self.len == 0 {
            return Some(Vec::new());
        }
        // SAFETY: the caller promises `len` readable bytes at `ptr`.
        Some(unsafe { std::slice::from_raw_parts(self.ptr, self.len) }.to_vec())
    }
}

/// Host-supplied drawing functions, valid only during one `draw` call.
#[repr(C)]
pub struct RawPainter {
    /// `size_of::<RawPainter>()` as the host built it.
    pub struct_size: u32,
    /// Host's private context, passed back to every function.
    pub ctx: *mut c_void,
    /// A circle by centre and radius.
    pub circle: unsafe extern "C" fn(ctx: *mut c_void, center: Point, radius: f32, style: RawStyle),
    /// An axis-aligned ellipse by centre and the two radii.
    pub ellipse: unsafe extern "C" fn(
        ctx: *mut c_void,
        center: Point,
        radius_x: f32,
        radius_y: f32,
        style: RawStyle,
    ),
    /// A closed polygon through `len` points.
    pub polygon:
        unsafe extern "C" fn(ctx: *mut c_void, points: *const Point, len: usize, style: RawStyle),
    /// A straight line segment.
    pub line:
        unsafe extern "C" fn(ctx: *mut c_void, from: Point, to: Point, width: f32, color: Rgba),
    /// An axis-aligned rectangle by its top-left corner and size.
    pub rect: unsafe extern "C" fn(ctx: *mut c_void, min: Point, size: Point, style: RawStyle),
    /// Text; `anchor` is one of the `ANCHOR_*` constants.
    pub text: unsafe extern "C" fn(
        ctx: *mut c_void,
        pos: Point,
        anchor: u32,
        font_size: f32,
        color: Rgba,
        text: AbiStr,
    ),
    /// Restricts later drawing to a rectangle (intersected with the current clip).
    pub push_clip: unsafe extern "C" fn(ctx: *mut c_void, min: Point, size: Point),
    /// Undoes the last `push_clip`.
    pub pop_clip: unsafe extern "C" fn(ctx: *mut c_void),
    /// Revision 3: an axis-aligned rectangle with rounded corners of
    /// `radius` (at most half the shorter side). Only when `struct_size` is
    /// at least [`RAW_PAINTER_SIZE_V3`].
    pub rounded_rect: unsafe extern "C" fn(
        ctx: *mut c_void,
        min: Point,
        size: Point,
        radius: f32,
        style: RawStyle,
    ),
    /// Revision 3: writes to `out` the size `text` takes at `font_size`
    /// (its lines split at `\n`), measured with the font the host draws with.
    pub measure_text:
        unsafe extern "C" fn(ctx: *mut c_void, font_size: f32, text: AbiStr, out: *mut Point),
    /// Revision 3: the PNG file at `path` (relative to the game's directory,
    /// `/` between folders) scaled into the rectangle at `min` of `size`.
    pub picture_file: unsafe extern "C" fn(ctx: *mut c_void, path: AbiStr, min: Point, size: Point),
    /// Revision 3: `width` × `height` pixels of four bytes (red, green, blue,
    /// alpha, not premultiplied), row by row; `len` is their byte count
    /// (`width × height × 4`), scaled into the rectangle at `min` of `size`.
    /// The host copies them during the call.
    pub picture_rgba: unsafe extern "C" fn(
        ctx: *mut c_void,
        width: u32,
        height: u32,
        pixels: *const u8,
        len: usize,
        min: Point,
        size: Point,
    ),
    /// Revision 5: text as `text` draws it, in the `TEXT_*` style bits of
    /// `style` (bold, italic, monospace). Only when `struct_size` is at
    /// least [`RAW_PAINTER_SIZE_V5`].
    pub text_styled: unsafe extern "C" fn(
        ctx: *mut c_void,
        pos: Point,
        anchor: u32,
        font_size: f32,
        color: Rgba,
        style: u32,
        text: AbiStr,
    ),
    /// Revision 5: writes to `out` the size `text` takes at `font_size` in
    /// the `TEXT_*` style bits of `style`.
    pub measure_text_styled: unsafe extern "C" fn(
        ctx: *mut c_void,
        font_size: f32,
        style: u32,
        text: AbiStr,
        out: *mut Point,
    ),
    /// Revision 5: `picture_file`, tinted and turned as `look` says.
    pub picture_file_styled: unsafe extern "C" fn(
        ctx: *mut c_void,
        path: AbiStr,
        min: Point,
        size: Point,
        look: RawPictureStyle,
    ),
    /// Revision 5: `picture_rgba`, tinted and turned as `look` says.
    pub picture_rgba_styled: unsafe extern "C" fn(
        ctx: *mut c_void,
        width: u32,
        height: u32,
        pixels: *const u8,
        len: usize,
        min: Point,
        size: Point,
        look: RawPictureStyle,
    ),
}

/// Text style bit (revision 5): bold.
pub const TEXT_BOLD: u32 = 1;
/// Text style bit: italic (slanted).
pub const TEXT_ITALIC: u32 = 2;
/// Text style bit: the monospace family (every character as wide).
pub const TEXT_MONOSPACE: u32 = 4;

/// How a picture is drawn (revision 5): each pixel's colour multiplied by
/// `tint` (white: as it is; its alpha fades the picture: 128 is half
/// transparent), and the picture turned clockwise by `quarter_turns`
/// quarter turns (0–3; more wrap round) inside its rectangle.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawPictureStyle {
    /// The colour each pixel is multiplied by; its alpha is the opacity.
    pub tint: Rgba,
    /// Clockwise quarter turns.
    pub quarter_turns: u32,
}

/// `size_of::<RawPainter>()` of a painter of revisions 1 and 2.
pub const RAW_PAINTER_SIZE_V1: u32 = std::mem::offset_of!(RawPainter, rounded_rect) as u32;
/// `size_of::<RawPainter>()` of a revision-3 painter: from this size on it
/// draws rounded rectangles, measures text, draws pictures and knows the
/// nine text anchors.
pub const RAW_PAINTER_SIZE_V3: u32 = std::mem::offset_of!(RawPainter, text_styled) as u32;
/// `size_of::<RawPainter>()` of a revision-5 painter: from this size on it
/// draws and measures styled text and styled pictures.
pub const RAW_PAINTER_SIZE_V5: u32 = std::mem::size_of::<RawPainter>() as u32;

/// Text anchor: `pos` is the text's top-left corner.
pub const ANCHOR_TOP_LEFT: u32 = 0;
/// Text anchor: `pos` is the text's centre.
pub const ANCHOR_CENTER: u32 = 1;
/// Text anchor (revision 3): the middle of the text's top edge.
pub const ANCHOR_TOP: u32 = 2;
/// Text anchor (revision 3): the top-right corner.
pub const ANCHOR_TOP_RIGHT: u32 = 3;
/// Text anchor (revision 3): the middle of the left edge.
pub const ANCHOR_LEFT: u32 = 4;
/// Text anchor (revision 3): the middle of the right edge.
pub const ANCHOR_RIGHT: u32 = 5;
/// Text anchor (revision 3): the bottom-left corner.
pub const ANCHOR_BOTTOM_LEFT: u32 = 6;
/// Text anchor (revision 3): the middle of the bottom edge.
pub const ANCHOR_BOTTOM: u32 = 7;
/// Text anchor (revision 3): the bottom-right corner.
pub const ANCHOR_BOTTOM_RIGHT: u32 = 8;

/// Event kind: the pointer moved over the canvas.
pub const EVENT_POINTER_MOVE: u32 = 0;
/// Event kind: a pointer button went down.
pub const EVENT_POINTER_PRESS: u32 = 1;
/// Event kind: a pointer button went up.
pub const EVENT_POINTER_RELEASE: u32 = 2;
/// Event kind: the pointer entered the canvas.
pub const EVENT_POINTER_ENTER: u32 = 3;
/// Event kind: the pointer left the canvas.
pub const EVENT_POINTER_LEAVE: u32 = 4;
/// Event kind: a key went down.
pub const EVENT_KEY_PRESS: u32 = 5;
/// Event kind: a key went up.
pub const EVENT_KEY_RELEASE: u32 = 6;
/// Event kind (revision 2): time passed while the game asked for ticks;
/// [`RawEvent::dt`] says how much.
pub const EVENT_TICK: u32 = 7;
/// Event kind (revision 3, asked for with [`INPUT_SCROLL`]): the wheel or
/// the touchpad scrolled over the canvas at `pos` by [`RawEvent::delta`].
pub const EVENT_SCROLL: u32 = 8;
/// Event kind (revision 3, asked for with [`INPUT_DOUBLE_CLICK`]): `button`
/// was clicked twice at `pos`. Its two clicks arrive as presses and
/// releases too, before it.
pub const EVENT_DOUBLE_CLICK: u32 = 9;

/// `request_input` bit: send [`EVENT_SCROLL`].
pub const INPUT_SCROLL: u32 = 1;
/// `request_input` bit: send [`EVENT_DOUBLE_CLICK`].
pub const INPUT_DOUBLE_CLICK: u32 = 2;

/// Modifier bit: Shift was held.
pub const MODIFIER_SHIFT: u32 = 1;
/// Modifier bit: Ctrl was held.
pub const MODIFIER_CTRL: u32 = 2;
/// Modifier bit: Alt (Option on a Mac) was held.
pub const MODIFIER_ALT: u32 = 4;
/// Modifier bit: Command (⌘ on a Mac; the Windows / Super key elsewhere)
/// was held.
pub const MODIFIER_COMMAND: u32 = 8;

/// One input event, in the game's canvas coordinates.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RawEvent {
    /// One of the `EVENT_*` constants.
    pub kind: u32,
    /// Pointer position (pointer events only).
    pub pos: Point,
    /// 0 primary, 1 secondary, 2 middle (press/release only).
    pub button: u32,
    /// The key's name, one of [`crate::keys`] (key events only).
    pub key: AbiStr,
    /// Revision 2: the `MODIFIER_*` bits held (key and pointer events).
    pub modifiers: u32,
    /// Revision 2: seconds since the previous tick (tick events only).
    pub dt: f32,
    /// Revision 3: how far the content under the pointer should move, in
    /// canvas points (scroll events only): y > 0 when the wheel turns up
    /// (towards the top of the content), x > 0 to the left.
    pub delta: Point,
}

/// Action kind: a button the host shows; `value` is ignored.
pub const ACTION_BUTTON: u32 = 0;
/// Action kind: a text field; `value` holds its current text.
pub const ACTION_TEXT: u32 = 1;
/// Action kind: a choice among `options` (newline-separated); `value` holds the current one.
pub const ACTION_CHOICE: u32 = 2;

/// A game-specific control the host shows beside the canvas (a "New game"
/// button, a board-size choice, a game-ID field). Strings point into the
/// game's storage and stay valid until the next call into the game.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RawAction {
    /// Stable identifier passed back to `invoke_action`.
    pub id: AbiStr,
    /// Label shown to the player.
    pub label: AbiStr,
    /// One of the `ACTION_*` constants.
    pub kind: u32,
    /// Current value (text or chosen option).
    pub value: AbiStr,
    /// Newline-separated options of a choice.
    pub options: AbiStr,
    /// Nonzero when the control can be used now.
    pub enabled: u8,
}

/// Services the host offers a game, valid for the life of the game instance.
#[repr(C)]
pub struct RawHost {
    /// The host's [`ABI_VERSION`].
    pub abi_version: u32,
    /// `size_of::<RawHost>()` as the host built it.
    pub struct_size: u32,
    /// Host's private context, passed back to every function.
    pub ctx: *mut c_void,
    /// Show the game's text help (`doc.txt`) in a window titled `title`
    /// (§4 "Showing Text Help"); `verbatim` nonzero shows it unformatted.
    pub show_text_help: unsafe extern "C" fn(ctx: *mut c_void, title: AbiStr, verbatim: u8),
    /// Show a section of the game's manual (§3 "Showing Scribbled Help").
    pub show_manual_section: unsafe extern "C" fn(ctx: *mut c_void, section_tag: AbiStr),
    /// Ask the host to redraw soon (e.g. after a state change outside an event).
    pub request_redraw: unsafe extern "C" fn(ctx: *mut c_void),
    /// A line for the host's log.
    pub log: unsafe extern "C" fn(ctx: *mut c_void, message: AbiStr),
    /// Revision 2: deliver an [`EVENT_TICK`] about every `interval_seconds`
    /// until asked again; 0 (or less, or not a number) stops the ticks.
    pub request_tick: unsafe extern "C" fn(ctx: *mut c_void, interval_seconds: f32),
    /// Revision 2: start a new game the way the host's New game does (a
    /// fresh seed, on the undo chain), e.g. from the game's own key.
    pub request_new_game: unsafe extern "C" fn(ctx: *mut c_void),
    /// Revision 3: from now on, send the input events whose `INPUT_*` bits
    /// are set in `kinds` (and no longer those whose bits are clear).
    pub request_input: unsafe extern "C" fn(ctx: *mut c_void, kinds: u32),
    /// Revision 3: writes the path of the directory this game may keep its
    /// own files in (high scores, settings), created on this first call,
    /// as UTF-8; empty when the host keeps none. The string stays valid for
    /// the life of the game instance.
    pub data_dir: unsafe extern "C" fn(ctx: *mut c_void, out: *mut AbiStr),
    /// Revision 5: asks the player to choose a file of `kind` (one of the
    /// `FILE_KIND_*` constants) in the launcher's own file dialog. Only in
    /// answer to the player (during `handle_event` of a press, release,
    /// key or double click, or during `invoke_action`), and one dialog at
    /// a time; the answer comes later through the game's `file_chosen`
    /// (chosen, cancelled, or refused with the reason).
    pub choose_file: unsafe extern "C" fn(ctx: *mut c_void, kind: u32),
    /// Revision 5: with `fill` nonzero, the canvas is laid out to the
    /// window: the host calls the game's `layout` with the size it has
    /// (now, and whenever it changes) and shows the canvas unscaled; the
    /// window never resizes itself to the canvas. With 0, the canvas is
    /// scaled to the window again.
    pub request_layout: unsafe extern "C" fn(ctx: *mut c_void, fill: u8),
    /// Revision 5: the pointer's shape over the canvas (and during a drag
    /// that began on it), one of the `CURSOR_*` constants, until asked
    /// again; an unknown one is the default arrow.
    pub set_cursor: unsafe extern "C" fn(ctx: *mut c_void, cursor: u32),
    /// Revision 5: writes to `milliseconds` the time the player has played
    /// the current game, as the host counts it for its statistics: from
    /// the game's start (or New game), paused while its window is
    /// minimised and once the game is over.
    pub play_time: unsafe extern "C" fn(ctx: *mut c_void, milliseconds: *mut u64),
}

/// `size_of::<RawHost>()` of a revision-1 host.
pub const RAW_HOST_SIZE_V1: u32 = std::mem::offset_of!(RawHost, request_tick) as u32;
/// `size_of::<RawHost>()` of a revision-2 host: from this size on, a host
/// offers ticks and new games and fills the revision-2 event fields.
pub const RAW_HOST_SIZE_V2: u32 = std::mem::offset_of!(RawHost, request_input) as u32;
/// `size_of::<RawHost>()` of a revision-3 host: from this size on, a host
/// offers `request_input` and `data_dir` and fills [`RawEvent::delta`].
pub const RAW_HOST_SIZE_V3: u32 = std::mem::offset_of!(RawHost, choose_file) as u32;
/// `size_of::<RawHost>()` of a revision-5 host: from this size on, a host
/// offers `choose_file` (revision 4 added nothing to the host).
pub const RAW_HOST_SIZE_V5: u32 = std::mem::size_of::<RawHost>() as u32;

/// Pointer shape (revision 5, `set_cursor`): the default arrow.
pub const CURSOR_DEFAULT: u32 = 0;
/// Pointer shape: a pointing hand (something to click).
pub const CURSOR_POINTING_HAND: u32 = 1;
/// Pointer shape: an open hand (something to drag).
pub const CURSOR_GRAB: u32 = 2;
/// Pointer shape: a closed hand (something being dragged).
pub const CURSOR_GRABBING: u32 = 3;
/// Pointer shape: not allowed (a drop refused here).
pub const CURSOR_NOT_ALLOWED: u32 = 4;

/// File kind (revision 5): a picture, PNG or JPEG. Kinds are only ever
/// added; a host refuses a kind it does not know.
pub const FILE_KIND_PICTURE: u32 = 1;

/// [`RawFileChoice::status`]: the player chose a file; `name` and `bytes`
/// hold it.
pub const FILE_CHOSEN: u32 = 0;
/// [`RawFileChoice::status`]: the player closed the dialog without
/// choosing.
pub const FILE_CANCELLED: u32 = 1;
/// [`RawFileChoice::status`]: the launcher refused the request (not in
/// answer to the player, a dialog already open, an unknown kind) or could
/// not read the chosen file (too large, not a regular file); `message`
/// says why.
pub const FILE_REFUSED: u32 = 2;

/// The answer to `choose_file` (revision 5), given to the game's
/// `file_chosen`. Every string and the bytes are the host's, valid during
/// that call only: copy what you keep.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RawFileChoice {
    /// One of `FILE_CHOSEN`, `FILE_CANCELLED`, `FILE_REFUSED`.
    pub status: u32,
    /// The `FILE_KIND_*` the game asked for.
    pub kind: u32,
    /// The chosen file's name, without its folder (`"holiday.png"`).
    pub name: AbiStr,
    /// The chosen file's bytes, as they are on disk.
    pub bytes: AbiBytes,
    /// Why the request was refused (empty otherwise), for the player.
    pub message: AbiStr,
}

/// [`GameTable::score_kind`]: a higher score is better.
pub const SCORE_HIGHER_IS_BETTER: u32 = 0;
/// [`GameTable::score_kind`]: a lower score is better (moves, seconds).
pub const SCORE_LOWER_IS_BETTER: u32 = 1;

/// See [`GameTable::score_kind`].
pub type ScoreKindFn =
    unsafe extern "C" fn(game: GameHandle, order: *mut u32, unit: *mut AbiStr) -> u32;

/// See [`GameTable::layout`].
pub type LayoutFn = unsafe extern "C" fn(game: GameHandle, size: Point, redraw: *mut u8) -> u32;

/// See [`GameTable::file_chosen`].
pub type FileChosenFn =
    unsafe extern "C" fn(game: GameHandle, choice: *const RawFileChoice, redraw: *mut u8) -> u32;

/// Outcome state: the game is going on.
pub const OUTCOME_PLAYING: u32 = 0;
/// Outcome state: the player won.
pub const OUTCOME_WON: u32 = 1;
/// Outcome state: the player lost.
pub const OUTCOME_LOST: u32 = 2;

/// How the game stands (revision 2, `outcome`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RawOutcome {
    /// One of the `OUTCOME_*` constants.
    pub state: u32,
    /// Nonzero when `score` holds a score.
    pub has_score: u8,
    /// The score, higher is better (when `has_score`).
    pub score: i64,
}

/// Status code: the call succeeded.
pub const STATUS_OK: u32 = 0;
/// Status code: the game reported an error; text via `last_error`.
pub const STATUS_ERROR: u32 = 1;
/// Status code: the game panicked; the message via `last_error`. The host
/// must not call into that instance again except `destroy`.
pub const STATUS_PANIC: u32 = 2;

/// Signature of the revision-2 `save` function.
pub type SaveFn = unsafe extern "C" fn(game: GameHandle, out: *mut AbiBytes) -> u32;
/// Signature of the revision-2 `load` function.
pub type LoadFn = unsafe extern "C" fn(game: GameHandle, bytes: AbiBytes) -> u32;
/// Signature of the revision-2 `new_game` function.
pub type NewGameFn = unsafe extern "C" fn(game: GameHandle, seed: u64) -> u32;
/// Signature of the revision-2 `game_id` function.
pub type GameIdFn = unsafe extern "C" fn(game: GameHandle, out: *mut AbiStr) -> u32;
/// Signature of the revision-2 `from_game_id` function.
pub type FromGameIdFn = unsafe extern "C" fn(game: GameHandle, id: AbiStr) -> u32;
/// Signature of the revision-2 `outcome` function.
pub type OutcomeFn = unsafe extern "C" fn(game: GameHandle, out: *mut RawOutcome) -> u32;

/// See [`GameTable::action_shortcut`].
pub type ActionShortcutFn =
    unsafe extern "C" fn(game: GameHandle, index: u32, out: *mut AbiStr) -> u32;

/// Opaque handle to one running game, owned by the game library.
pub type GameHandle = *mut c_void;

/// The table a game library exports through [`ENTRY_SYMBOL`].
///
/// The first two fields are the header: the host reads them, and nothing else,
/// before it has checked that both match its own.
#[repr(C)]
pub struct GameTable {
    /// The library's [`ABI_VERSION`].
    pub abi_version: u32,
    /// `size_of::<GameTable>()` in the library.
    pub table_size: u32,
    /// Starts a game. On success writes the handle to `out`.
    pub create: unsafe extern "C" fn(host: *const RawHost, out: *mut GameHandle) -> u32,
    /// Ends a game and frees it. The handle is invalid afterwards.
    pub destroy: unsafe extern "C" fn(game: GameHandle) -> u32,
    /// The canvas size the game wants, in canvas pixels.
    pub canvas_size: unsafe extern "C" fn(game: GameHandle, out: *mut Point) -> u32,
    /// The window title.
    pub title: unsafe extern "C" fn(game: GameHandle, out: *mut AbiStr) -> u32,
    /// The status line shown under the canvas.
    pub status: unsafe extern "C" fn(game: GameHandle, out: *mut AbiStr) -> u32,
    /// Draws the whole canvas through the host's painter.
    pub draw: unsafe extern "C" fn(game: GameHandle, painter: *const RawPainter) -> u32,
    /// Handles one event; writes 1 to `redraw` if the canvas changed.
    pub handle_event:
        unsafe extern "C" fn(game: GameHandle, event: *const RawEvent, redraw: *mut u8) -> u32,
    /// How many actions the game offers now.
    pub action_count: unsafe extern "C" fn(game: GameHandle, out: *mut u32) -> u32,
    /// Describes action number `index`.
    pub action: unsafe extern "C" fn(game: GameHandle, index: u32, out: *mut RawAction) -> u32,
    /// Invokes an action by id with a value (text, chosen option, or empty).
    pub invoke_action:
        unsafe extern "C" fn(game: GameHandle, id: AbiStr, value: AbiStr, redraw: *mut u8) -> u32,
    /// The message of the last failed call on this thread.
    pub last_error: unsafe extern "C" fn(out: *mut AbiStr),

    // Revision 2. Each may be null (absent): the host then does without.
    /// Writes the game's whole state as bytes (valid until the next call).
    /// With `load`, the host gives the game undo, redo, restart and resume.
    pub save: Option<SaveFn>,
    /// Replaces the game's state with bytes `save` wrote (perhaps by an
    /// older build of the game, perhaps damaged: refuse what you cannot
    /// read with `STATUS_ERROR`, and keep the state you had).
    pub load: Option<LoadFn>,
    /// Starts a new game from `seed`; the same seed gives the same game.
    pub new_game: Option<NewGameFn>,
    /// The ID of the game being played (to replay or share it), valid until
    /// the next call.
    pub game_id: Option<GameIdFn>,
    /// Starts the game a player typed the ID of; `STATUS_ERROR` with a
    /// message for the player when the ID is not one.
    pub from_game_id: Option<FromGameIdFn>,
    /// Whether the game is won, lost or going on, with an optional score.
    pub outcome: Option<OutcomeFn>,

    // Revision 3. May be null (absent).
    /// The keyboard shortcut of the control `index` of the list the last
    /// `action_count` described: a key name of `game_api::keys` (`"h"`,
    /// `"F2"`), or empty for none. The host shows it beside the control and
    /// invokes the control when the key is pressed without Ctrl, Alt or
    /// Command (the key then does not reach `handle_event`).
    pub action_shortcut: Option<ActionShortcutFn>,
    /// Snapshots the canvas's labelled regions (for screen readers and
    /// tests) and writes how many there are; `region(i)` then describes
    /// region `i` of that snapshot.
    pub region_count: Option<RegionCountFn>,
    /// Describes region `index` of the last `region_count` snapshot; its
    /// label stays valid until the next `region_count`.
    pub region: Option<RegionFn>,

    // Revision 4. May be null (absent: never assisted).
    /// Writes [`OUTCOME_ASSISTED`] (1) when the game helped the player
    /// towards the outcome `outcome` describes (a hint, a solver playing
    /// for them), [`OUTCOME_FOR_NOBODY`] (revision 6) when the player did
    /// not play the game at all, or both; else 0.
    pub outcome_assisted: Option<OutcomeAssistedFn>,

    // Revision 5. May be null (absent: the game never asks for files).
    /// The answer to the host's `choose_file`: the file the player chose,
    /// or that they cancelled, or why the launcher refused. Writes 1 to
    /// `redraw` if the canvas changed.
    pub file_chosen: Option<FileChosenFn>,
    /// After the game asked with the host's `request_layout`: the size the
    /// canvas has, in canvas pixels (the window's logical pixels), each
    /// side at least 1. The game lays itself out to it, and its
    /// `canvas_size` answers it from now on. Writes 1 to `redraw` if the
    /// canvas changed (the host draws it again anyway).
    pub layout: Option<LayoutFn>,
    /// How the game's scores compare: writes `SCORE_HIGHER_IS_BETTER` or
    /// `SCORE_LOWER_IS_BETTER` to `order`, and to `unit` what a score
    /// counts (`"moves"`, or empty), valid until the next call. Asked once,
    /// as the game starts; absent: higher is better, no unit.
    pub score_kind: Option<ScoreKindFn>,

    // Revision 6. May be null (absent: every move may be undone).
    /// What undoing the change that reached the position `outcome`
    /// describes would mean: writes `UNDO_FREE`, `UNDO_BARRIER` (it
    /// revealed something: Undo and Restart stop at this position) or
    /// `UNDO_ASSISTS` (undoing it counts as help). Read after each move.
    pub outcome_undo: Option<OutcomeUndoFn>,
}

/// See [`GameTable::outcome_undo`].
pub type OutcomeUndoFn = unsafe extern "C" fn(game: GameHandle, out: *mut u32) -> u32;

/// Undo rule (revision 6, `outcome_undo`): the move may be undone.
pub const UNDO_FREE: u32 = 0;
/// Undo rule: the move cannot be undone (it revealed a card, an
/// opponent's turn): an undo barrier.
pub const UNDO_BARRIER: u32 = 1;
/// Undo rule: the move may be undone, but undoing it helps the player.
pub const UNDO_ASSISTS: u32 = 2;

/// `outcome_assisted` bit (revision 4): the game helped the player.
pub const OUTCOME_ASSISTED: u32 = 1;
/// `outcome_assisted` bit (revision 6): the game is nobody's, the player
/// did not play it (a record typed in and replayed, computers only): the
/// host counts it neither as won nor as lost.
pub const OUTCOME_FOR_NOBODY: u32 = 2;

/// See [`GameTable::outcome_assisted`].
pub type OutcomeAssistedFn = unsafe extern "C" fn(game: GameHandle, out: *mut u32) -> u32;

/// See [`GameTable::region_count`].
pub type RegionCountFn = unsafe extern "C" fn(game: GameHandle, out: *mut u32) -> u32;
/// See [`GameTable::region`].
pub type RegionFn = unsafe extern "C" fn(game: GameHandle, index: u32, out: *mut RawRegion) -> u32;

/// A labelled part of the canvas (revision 3): a screen reader reads its
/// label, and activating it clicks its centre.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RawRegion {
    /// What a screen reader says: "cell 3, 4: free".
    pub label: AbiStr,
    /// Its top-left corner, in canvas pixels.
    pub min: Point,
    /// Its width and height.
    pub size: Point,
}

/// The part of [`GameTable`] every ABI version shares.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct TableHeader {
    /// See [`GameTable::abi_version`].
    pub abi_version: u32,
    /// See [`GameTable::table_size`].
    pub table_size: u32,
}

/// `size_of::<GameTable>()` as a `u32`, for the header: the size of a table
/// of this revision.
pub const GAME_TABLE_SIZE: u32 = std::mem::size_of::<GameTable>() as u32;

/// The size of a revision-1 table, the smallest the host accepts.
pub const GAME_TABLE_SIZE_V1: u32 = std::mem::offset_of!(GameTable, save) as u32;
