//! The game's side of the boundary: the [`Host`] handle and the `extern "C"`
//! trampolines that [`crate::export_game!`] puts in the game's table.
//!
//! Every trampoline catches panics, so an unwinding panic never crosses the
//! boundary (which would abort the launcher).

use crate::abi::{
    self, AbiBytes, AbiStr, GameHandle, GameTable, Point, RawAction, RawEvent, RawHost, RawOutcome,
    RawPainter, RawRegion,
};
use crate::codec;
use crate::{Anchor, Game, GameError, NewGame, Outcomes, Painter, SaveLoad, Stroke, Style};
use std::cell::RefCell;
use std::ffi::c_void;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

/// The launcher's services, as a game sees them. Cheap to copy; valid for as
/// long as the game instance that received it lives.
#[derive(Clone, Copy, Debug)]
pub struct Host {
    raw: *const RawHost,
}

impl Host {
    /// A host that offers nothing: every service is a no-op. For tests and
    /// tools that run a game without a launcher.
    pub fn detached() -> Host {
        Host {
            raw: std::ptr::null(),
        }
    }

    fn raw(&self) -> Option<&RawHost> {
        // SAFETY: `raw` is null or the host's table, which the host keeps alive
        // and unmoved for the life of the game instance (see `abi::RawHost`).
        unsafe { self.raw.as_ref() }
    }

    /// Shows the game's text help (`doc.txt`) in a window titled `title`,
    /// formatted by the §4 rules, or as it is when `verbatim`. Asking again
    /// brings the same window to the front.
    pub fn show_text_help(&self, title: &str, verbatim: bool) {
        if let Some(raw) = self.raw() {
            // SAFETY: a host-provided function called with its own context and a
            // string that outlives the call.
            unsafe { (raw.show_text_help)(raw.ctx, AbiStr::borrow(title), verbatim as u8) }
        }
    }

    /// Opens the game's manual at the section whose tag is `section_tag`.
    pub fn show_manual_section(&self, section_tag: &str) {
        if let Some(raw) = self.raw() {
            // SAFETY: as in `show_text_help`.
            unsafe { (raw.show_manual_section)(raw.ctx, AbiStr::borrow(section_tag)) }
        }
    }

    /// Asks the launcher to read the game again (canvas size, title,
    /// status, controls) and call `draw` on its window's next frame. From
    /// `handle_event` or `invoke_action`, return [`crate::Response::REDRAW`]
    /// instead; this is for a change made outside those calls.
    pub fn request_redraw(&self) {
        if let Some(raw) = self.raw() {
            // SAFETY: as in `show_text_help`.
            unsafe { (raw.request_redraw)(raw.ctx) }
        }
    }

    /// Writes a line to the launcher's standard error, as `[<game
    /// directory>] message` (a control character written out, `\u{1b}`).
    pub fn log(&self, message: &str) {
        if let Some(raw) = self.raw() {
            // SAFETY: as in `show_text_help`.
            unsafe { (raw.log)(raw.ctx, AbiStr::borrow(message)) }
        }
    }

    /// The host's table if it is of revision 2 or later.
    fn revision_2(&self) -> Option<&RawHost> {
        self.raw()
            .filter(|raw| raw.struct_size >= abi::RAW_HOST_SIZE_V2)
    }

    /// The host's ABI revision (1, 2, 3…), from the size of its table; 0
    /// for a detached host.
    fn revision(&self) -> u32 {
        match self.raw() {
            None => 0,
            Some(raw) if raw.struct_size >= abi::RAW_HOST_SIZE_V5 => 5,
            Some(raw) if raw.struct_size >= abi::RAW_HOST_SIZE_V3 => 3,
            Some(raw) if raw.struct_size >= abi::RAW_HOST_SIZE_V2 => 2,
            Some(_) => 1,
        }
    }

    /// Whether the launcher offers the services of ABI revision 2 (ticks,
    /// new games, modifiers). Every launcher that loads a game built with
    /// this crate does; a detached host does not.
    pub fn has_revision_2(&self) -> bool {
        self.revision_2().is_some()
    }

    /// Asks for an [`crate::Event::Tick`] about every `interval` (at most
    /// one per frame the launcher draws) until [`Host::stop_ticks`]: for
    /// animations and clocks. Ask only while something moves: a game that
    /// is not ticking costs no CPU at all.
    pub fn request_ticks(&self, interval: Duration) {
        if let Some(raw) = self.revision_2() {
            // SAFETY: as in `show_text_help`; the table is of revision 2, so
            // the function is there.
            unsafe { (raw.request_tick)(raw.ctx, interval.as_secs_f32()) }
        }
    }

    /// Stops the ticks [`Host::request_ticks`] asked for.
    pub fn stop_ticks(&self) {
        if let Some(raw) = self.revision_2() {
            // SAFETY: as in `request_ticks`.
            unsafe { (raw.request_tick)(raw.ctx, 0.0) }
        }
    }

    /// Asks for the input events a game does not get unless it asks:
    /// [`crate::Event::Scroll`] and [`crate::Event::DoubleClick`] (from a
    /// launcher of ABI revision 3 on; older ones never send them). Asking
    /// again replaces the earlier request.
    pub fn request_input(&self, input: crate::InputKinds) {
        if self.revision() >= 3
            && let Some(raw) = self.raw()
        {
            let mut kinds = 0;
            if input.scroll {
                kinds |= abi::INPUT_SCROLL;
            }
            if input.double_click {
                kinds |= abi::INPUT_DOUBLE_CLICK;
            }
            // SAFETY: as in `show_text_help`; the table is of revision 3,
            // so the function is there.
            unsafe { (raw.request_input)(raw.ctx, kinds) }
        }
    }

    /// The directory this game may keep its own files in (high scores,
    /// settings), created for it by the launcher
    /// (`<user data dir>/game-launcher/data/<game directory>`), or `None`
    /// where the launcher keeps none (tests, an older launcher). The game's
    /// saved positions are the launcher's business (see
    /// [`crate::SaveLoad`]), not this directory's.
    pub fn data_dir(&self) -> Option<std::path::PathBuf> {
        if self.revision() < 3 {
            return None;
        }
        let raw = self.raw()?;
        let mut out = AbiStr::EMPTY;
        // SAFETY: as in `request_input`; the host writes a string that
        // stays valid for the life of this game instance.
        unsafe { (raw.data_dir)(raw.ctx, &mut out) };
        // SAFETY: see above; a path is at most a few KiB.
        let (text, damaged) = unsafe { out.to_string_lossy(64 * 1024) };
        (!text.is_empty() && !damaged).then(|| std::path::PathBuf::from(text))
    }

    /// Asks the player to choose a file of `kind` in the launcher's own file
    /// dialog (ABI revision 5), as desktop portals do: the game never reads
    /// the player's files itself (its sandbox forbids it), and learns only
    /// the chosen file's name and bytes. Ask only in answer to the player,
    /// from [`Game::handle_event`] of a press, release, key or double click
    /// or from [`Game::invoke_action`]; the launcher refuses any other
    /// request, and a second one while its dialog is open. The answer comes
    /// later, to [`Game::file_chosen`]. Returns `false` when the launcher
    /// offers no files (older than revision 5, or detached): then nothing
    /// will come.
    ///
    /// [`Game::handle_event`]: crate::Game::handle_event
    /// [`Game::invoke_action`]: crate::Game::invoke_action
    /// [`Game::file_chosen`]: crate::Game::file_chosen
    pub fn choose_file(&self, kind: crate::FileKind) -> bool {
        if self.revision() < 5 {
            return false;
        }
        let Some(raw) = self.raw() else { return false };
        // SAFETY: as in `show_text_help`; the table is of revision 5, so
        // the function is there.
        unsafe { (raw.choose_file)(raw.ctx, kind.to_raw()) };
        true
    }

    /// Asks the launcher to lay the canvas out to the window (ABI revision
    /// 5) with `fill`, or to scale it to the window again without: with
    /// it, [`Game::lay_out_canvas`] is told the size the canvas has (now, and
    /// whenever the window's size changes), the canvas is shown unscaled,
    /// and the window never resizes itself to the canvas. Returns `false`
    /// when the launcher cannot (older than revision 5, or detached).
    ///
    /// [`Game::lay_out_canvas`]: crate::Game::lay_out_canvas
    pub fn request_layout(&self, fill: bool) -> bool {
        if self.revision() < 5 {
            return false;
        }
        let Some(raw) = self.raw() else { return false };
        // SAFETY: as in `choose_file`.
        unsafe { (raw.request_layout)(raw.ctx, u8::from(fill)) };
        true
    }

    /// Asks for the pointer's shape over the canvas (and during a drag
    /// that began on it) until asked again (ABI revision 5; an older
    /// launcher keeps its arrow).
    pub fn set_cursor(&self, cursor: crate::Cursor) {
        if self.revision() >= 5
            && let Some(raw) = self.raw()
        {
            // SAFETY: as in `choose_file`.
            unsafe { (raw.set_cursor)(raw.ctx, cursor.to_raw()) }
        }
    }

    /// The time the player has played the current game (ABI revision 5),
    /// as the launcher counts it for its statistics: from the game's start
    /// or New game, paused while its window is minimised and once the game
    /// is over (its outcome won or lost). For a clock shown on the board;
    /// `None` from an older or detached launcher (count ticks instead).
    pub fn play_time(&self) -> Option<Duration> {
        if self.revision() < 5 {
            return None;
        }
        let raw = self.raw()?;
        let mut ms = 0u64;
        // SAFETY: as in `choose_file`; `ms` outlives the call.
        unsafe { (raw.play_time)(raw.ctx, &mut ms) };
        Some(Duration::from_millis(ms))
    }

    /// Starts a new game as the launcher's New game does (a fresh seed,
    /// undoable), e.g. from the game's own key, once the current call into
    /// the game has returned. Only for games that implement
    /// [`crate::NewGame`].
    pub fn request_new_game(&self) {
        if let Some(raw) = self.revision_2() {
            // SAFETY: as in `request_ticks`.
            unsafe { (raw.request_new_game)(raw.ctx) }
        }
    }

    /// A new game the player asked for inside the game (a key, a choice):
    /// the launcher deals it as its New game does ([`Host::request_new_game`])
    /// when it offers that; otherwise `deal` deals one now, from a
    /// [`crate::rng::fresh_seed`]. Returns whether `deal` was called (the
    /// game changed now).
    ///
    /// ```
    /// use game_api::Host;
    /// let mut dealt = None;
    /// // A host that deals nothing: the game deals its own.
    /// assert!(Host::detached().new_game_or(|seed| dealt = Some(seed)));
    /// assert!(dealt.is_some());
    /// ```
    pub fn new_game_or(&self, deal: impl FnOnce(u64)) -> bool {
        if self.has_revision_2() {
            self.request_new_game();
            false
        } else {
            deal(crate::rng::fresh_seed());
            true
        }
    }
}

/// Builds the table for game type `G`. Used by [`crate::export_game!`].
pub const fn table<G: Game>() -> GameTable {
    GameTable {
        abi_version: abi::ABI_VERSION,
        table_size: abi::GAME_TABLE_SIZE,
        create: create::<G>,
        destroy: destroy::<G>,
        canvas_size: canvas_size::<G>,
        title: title::<G>,
        status: status::<G>,
        draw: draw::<G>,
        handle_event: handle_event::<G>,
        action_count: action_count::<G>,
        action: action::<G>,
        invoke_action: invoke_action::<G>,
        last_error,
        save: None,
        load: None,
        new_game: None,
        game_id: None,
        from_game_id: None,
        outcome: None,
        action_shortcut: Some(action_shortcut::<G>),
        region_count: Some(region_count::<G>),
        region: Some(region::<G>),
        outcome_assisted: None,
        file_chosen: Some(file_chosen::<G>),
        layout: Some(layout::<G>),
        score_kind: None,
        outcome_undo: None,
    }
}

/// The optional functions a game declares in [`crate::export_game!`]:
/// each adds its functions to a table made by [`table`].
pub mod features {
    use super::*;

    /// Adds [`SaveLoad`]'s `save` and `load`.
    pub const fn save<G: SaveLoad>(table: GameTable) -> GameTable {
        GameTable {
            save: Some(save_state::<G>),
            load: Some(load_state::<G>),
            ..table
        }
    }

    /// Adds [`NewGame`]'s `new_game`, `game_id` and `from_game_id`.
    pub const fn new_game<G: NewGame>(table: GameTable) -> GameTable {
        GameTable {
            new_game: Some(start_new_game::<G>),
            game_id: Some(current_game_id::<G>),
            from_game_id: Some(start_from_game_id::<G>),
            ..table
        }
    }

    /// Adds [`Outcomes`]'s `outcome` (and `outcome_assisted`, `score_kind`,
    /// `outcome_undo`).
    pub const fn outcome<G: Outcomes>(table: GameTable) -> GameTable {
        GameTable {
            outcome: Some(current_outcome::<G>),
            outcome_assisted: Some(current_outcome_assisted::<G>),
            score_kind: Some(current_score_kind::<G>),
            outcome_undo: Some(current_outcome_undo::<G>),
            ..table
        }
    }
}

/// Publishes a [`Game`] type as this library's game: defines the static
/// `GAME_TABLE` and exports the entry symbol ([`abi::ENTRY_SYMBOL`]) that
/// returns it.
///
/// After the type, name the optional features the game implements:
/// `save` ([`crate::SaveLoad`]), `new_game` ([`crate::NewGame`]) and
/// `outcome` ([`crate::Outcomes`]). The compiler checks that each one named
/// is implemented; one implemented but not named is not offered.
///
/// ```ignore
/// game_api::export_game!(Lamp);                               // the basics
/// game_api::export_game!(Mines, save, new_game, outcome);     // everything
/// ```
///
/// Use it once, at the top level of a `cdylib` crate. Do not link two game
/// crates into one program and call their `game_api_entry`: the unmangled
/// symbol exists once per program. Use each crate's `GAME_TABLE` instead.
#[macro_export]
macro_rules! export_game {
    ($game:ty $(, $feature:ident)* $(,)?) => {
        /// This library's game table. Hosts that link the game's crate
        /// directly (tests, tools) use it with
        /// `GameLibrary::from_static(&GAME_TABLE)`; two games linked into one
        /// program would otherwise share one `game_api_entry` symbol.
        pub static GAME_TABLE: $crate::abi::GameTable = {
            let table = $crate::guest::table::<$game>();
            $(let table = $crate::guest::features::$feature::<$game>(table);)*
            table
        };

        /// The entry point the launcher looks up: this library's game table.
        #[unsafe(no_mangle)]
        pub extern "C" fn game_api_entry() -> *const $crate::abi::GameTable {
            &GAME_TABLE
        }
    };
}

/// A running game plus the strings it last handed out, which must stay alive
/// until the host's next call.
struct Instance<G> {
    game: G,
    title: String,
    status: String,
    actions: Vec<(crate::Action, String)>,
    /// The regions as `region_count` last snapshotted them.
    regions: Vec<crate::Region>,
    saved: Vec<u8>,
    game_id: String,
    /// The unit `score_kind` last gave.
    score_unit: String,
    /// The host's ABI revision: which event fields and kinds it fills.
    host_revision: u32,
}

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

fn set_last_error(message: String) {
    LAST_ERROR.with(|e| *e.borrow_mut() = message);
}

/// Runs `f`, turning an `Err` or a panic into a status code and `last_error`.
fn guard(f: impl FnOnce() -> Result<(), GameError>) -> u32 {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => abi::STATUS_OK,
        Ok(Err(e)) => {
            set_last_error(e.0);
            abi::STATUS_ERROR
        }
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic with a non-text payload".to_owned());
            set_last_error(message);
            abi::STATUS_PANIC
        }
    }
}

/// Turns a handle back into the instance, refusing null.
///
/// # Safety
/// `handle` must be null or a handle `create::<G>` returned and `destroy` has
/// not freed, used by one call at a time (the host's promise).
unsafe fn instance<'a, G>(handle: GameHandle) -> Result<&'a mut Instance<G>, GameError> {
    // SAFETY: per the function's contract.
    unsafe { (handle as *mut Instance<G>).as_mut() }
        .ok_or_else(|| GameError("null game handle".into()))
}

/// Writes `value` through `out`, refusing null.
///
/// # Safety
/// `out` must be null or valid for a write of `T`.
unsafe fn write_out<T>(out: *mut T, value: T) -> Result<(), GameError> {
    if out.is_null() {
        return Err(GameError("null output pointer".into()));
    }
    // SAFETY: non-null and, per the contract, valid for writes.
    unsafe { out.write(value) };
    Ok(())
}

unsafe extern "C" fn create<G: Game>(host: *const RawHost, out: *mut GameHandle) -> u32 {
    guard(|| {
        // SAFETY: the host passes null or its table, alive for the game's life.
        let raw_host = unsafe { host.as_ref() };
        if let Some(raw) = raw_host
            && (raw.abi_version != abi::ABI_VERSION || raw.struct_size < abi::RAW_HOST_SIZE_V1)
        {
            return Err(GameError(format!(
                "the launcher speaks game ABI version {} but this game was built for version {}",
                raw.abi_version,
                abi::ABI_VERSION
            )));
        }
        let host = Host { raw: host };
        let game = G::new(host)?;
        let instance = Box::new(Instance {
            game,
            title: String::new(),
            status: String::new(),
            actions: Vec::new(),
            regions: Vec::new(),
            saved: Vec::new(),
            game_id: String::new(),
            score_unit: String::new(),
            host_revision: host.revision(),
        });
        // SAFETY: `out` is the host's output slot for this call.
        unsafe { write_out(out, Box::into_raw(instance) as *mut c_void) }
    })
}

unsafe extern "C" fn destroy<G: Game>(handle: GameHandle) -> u32 {
    guard(|| {
        if !handle.is_null() {
            // SAFETY: the host gives back a handle from `create::<G>` exactly once.
            drop(unsafe { Box::from_raw(handle as *mut Instance<G>) });
        }
        Ok(())
    })
}

unsafe extern "C" fn canvas_size<G: Game>(handle: GameHandle, out: *mut Point) -> u32 {
    guard(|| {
        // SAFETY: see `instance` and `write_out`.
        let inst = unsafe { instance::<G>(handle)? };
        unsafe { write_out(out, inst.game.canvas_size()) }
    })
}

unsafe extern "C" fn title<G: Game>(handle: GameHandle, out: *mut AbiStr) -> u32 {
    guard(|| {
        // SAFETY: see `instance` and `write_out`; the string lives in the
        // instance until the next call.
        let inst = unsafe { instance::<G>(handle)? };
        inst.title = inst.game.title();
        unsafe { write_out(out, AbiStr::borrow(&inst.title)) }
    })
}

unsafe extern "C" fn status<G: Game>(handle: GameHandle, out: *mut AbiStr) -> u32 {
    guard(|| {
        // SAFETY: as in `title`.
        let inst = unsafe { instance::<G>(handle)? };
        inst.status = inst.game.status();
        unsafe { write_out(out, AbiStr::borrow(&inst.status)) }
    })
}

unsafe extern "C" fn draw<G: Game>(handle: GameHandle, painter: *const RawPainter) -> u32 {
    guard(|| {
        // SAFETY: see `instance`; the painter is the host's, valid during this call.
        let inst = unsafe { instance::<G>(handle)? };
        let raw = unsafe { painter.as_ref() }.ok_or_else(|| GameError("null painter".into()))?;
        if raw.struct_size < abi::RAW_PAINTER_SIZE_V1 {
            return Err(GameError(
                "the launcher's painter is too old for this game".into(),
            ));
        }
        inst.game.draw(&mut RawPainterRef(raw));
        Ok(())
    })
}

unsafe extern "C" fn handle_event<G: Game>(
    handle: GameHandle,
    event: *const RawEvent,
    redraw: *mut u8,
) -> u32 {
    guard(|| {
        // SAFETY: see `instance`; the event is the host's, valid during this call.
        let inst = unsafe { instance::<G>(handle)? };
        let raw = unsafe { event.as_ref() }.ok_or_else(|| GameError("null event".into()))?;
        // SAFETY: the host's key string is valid during this call.
        let event = unsafe { codec::event_from_raw(raw, inst.host_revision) }?;
        let response = inst.game.handle_event(&event);
        // SAFETY: see `write_out`.
        unsafe { write_out(redraw, response.redraw as u8) }
    })
}

unsafe extern "C" fn action_count<G: Game>(handle: GameHandle, out: *mut u32) -> u32 {
    guard(|| {
        // SAFETY: see `instance` and `write_out`.
        let inst = unsafe { instance::<G>(handle)? };
        // Snapshot the actions so `action(i)` describes a consistent list and
        // its strings outlive the call.
        inst.actions = inst
            .game
            .actions()
            .into_iter()
            .map(|a| {
                let options = codec::action_options(&a);
                (a, options)
            })
            .collect();
        unsafe { write_out(out, inst.actions.len() as u32) }
    })
}

unsafe extern "C" fn action<G: Game>(handle: GameHandle, index: u32, out: *mut RawAction) -> u32 {
    guard(|| {
        // SAFETY: see `instance` and `write_out`; strings live in the snapshot.
        let inst = unsafe { instance::<G>(handle)? };
        let (action, options) = inst
            .actions
            .get(index as usize)
            .ok_or_else(|| GameError(format!("no action number {index}")))?;
        let raw = codec::action_to_raw(action, options);
        unsafe { write_out(out, raw) }
    })
}

unsafe extern "C" fn action_shortcut<G: Game>(
    handle: GameHandle,
    index: u32,
    out: *mut AbiStr,
) -> u32 {
    guard(|| {
        // SAFETY: see `instance` and `write_out`; the string lives in the
        // snapshot `action_count` took.
        let inst = unsafe { instance::<G>(handle)? };
        let (action, _) = inst
            .actions
            .get(index as usize)
            .ok_or_else(|| GameError(format!("no action number {index}")))?;
        let key = AbiStr::borrow(action.shortcut.as_deref().unwrap_or(""));
        unsafe { write_out(out, key) }
    })
}

unsafe extern "C" fn region_count<G: Game>(handle: GameHandle, out: *mut u32) -> u32 {
    guard(|| {
        // SAFETY: see `instance` and `write_out`.
        let inst = unsafe { instance::<G>(handle)? };
        // A snapshot, as for the actions: `region(i)` reads it, and its
        // labels outlive the calls.
        inst.regions = inst.game.regions();
        unsafe { write_out(out, inst.regions.len() as u32) }
    })
}

unsafe extern "C" fn region<G: Game>(handle: GameHandle, index: u32, out: *mut RawRegion) -> u32 {
    guard(|| {
        // SAFETY: see `instance` and `write_out`; the label lives in the
        // snapshot.
        let inst = unsafe { instance::<G>(handle)? };
        let region = inst
            .regions
            .get(index as usize)
            .ok_or_else(|| GameError(format!("no region number {index}")))?;
        let raw = RawRegion {
            label: AbiStr::borrow(&region.label),
            min: region.min,
            size: region.size,
        };
        unsafe { write_out(out, raw) }
    })
}

/// The largest chosen file a game accepts, as large as the host sends.
const MAX_CHOSEN_BYTES: usize = crate::host::MAX_CHOSEN_FILE_BYTES;

unsafe extern "C" fn file_chosen<G: Game>(
    handle: GameHandle,
    choice: *const abi::RawFileChoice,
    redraw: *mut u8,
) -> u32 {
    guard(|| {
        // SAFETY: see `instance`; the choice is the host's, valid during
        // this call, and copied by `file_choice_from_raw`.
        let inst = unsafe { instance::<G>(handle)? };
        let raw = unsafe { choice.as_ref() }.ok_or_else(|| GameError("null file choice".into()))?;
        let choice = unsafe { codec::file_choice_from_raw(raw, MAX_CHOSEN_BYTES) }?;
        let response = inst.game.file_chosen(choice);
        // SAFETY: see `write_out`.
        unsafe { write_out(redraw, response.redraw as u8) }
    })
}

unsafe extern "C" fn layout<G: Game>(handle: GameHandle, size: Point, redraw: *mut u8) -> u32 {
    guard(|| {
        // SAFETY: see `instance`.
        let inst = unsafe { instance::<G>(handle)? };
        let side = |v: f32| if v.is_finite() { v.max(1.0) } else { 1.0 };
        let response = inst
            .game
            .lay_out_canvas(Point::new(side(size.x), side(size.y)));
        // SAFETY: see `write_out`.
        unsafe { write_out(redraw, response.redraw as u8) }
    })
}

unsafe extern "C" fn invoke_action<G: Game>(
    handle: GameHandle,
    id: AbiStr,
    value: AbiStr,
    redraw: *mut u8,
) -> u32 {
    guard(|| {
        // SAFETY: see `instance` and `write_out`; the strings are the host's,
        // valid during this call.
        let inst = unsafe { instance::<G>(handle)? };
        let id = unsafe { id.to_string_lossy(1024) }.0;
        let value = unsafe { value.to_string_lossy(64 * 1024) }.0;
        let response = inst.game.invoke_action(&id, &value)?;
        unsafe { write_out(redraw, response.redraw as u8) }
    })
}

unsafe extern "C" fn save_state<G: SaveLoad>(handle: GameHandle, out: *mut AbiBytes) -> u32 {
    guard(|| {
        // SAFETY: see `instance` and `write_out`; the bytes live in the
        // instance until the next call.
        let inst = unsafe { instance::<G>(handle)? };
        inst.saved = inst.game.save();
        unsafe { write_out(out, AbiBytes::borrow(&inst.saved)) }
    })
}

/// The largest saved state a game accepts back, as large as the host sends.
const MAX_LOAD_BYTES: usize = 64 * 1024 * 1024;

unsafe extern "C" fn load_state<G: SaveLoad>(handle: GameHandle, bytes: AbiBytes) -> u32 {
    guard(|| {
        // SAFETY: see `instance`; the bytes are the host's, valid during this call.
        let inst = unsafe { instance::<G>(handle)? };
        let bytes = unsafe { bytes.to_vec(MAX_LOAD_BYTES) }
            .ok_or_else(|| GameError("the saved game is too large".into()))?;
        inst.game.load(&bytes)
    })
}

unsafe extern "C" fn start_new_game<G: NewGame>(handle: GameHandle, seed: u64) -> u32 {
    guard(|| {
        // SAFETY: see `instance`.
        let inst = unsafe { instance::<G>(handle)? };
        inst.game.new_game(seed);
        Ok(())
    })
}

unsafe extern "C" fn current_game_id<G: NewGame>(handle: GameHandle, out: *mut AbiStr) -> u32 {
    guard(|| {
        // SAFETY: as in `title`.
        let inst = unsafe { instance::<G>(handle)? };
        inst.game_id = inst.game.game_id();
        unsafe { write_out(out, AbiStr::borrow(&inst.game_id)) }
    })
}

unsafe extern "C" fn start_from_game_id<G: NewGame>(handle: GameHandle, id: AbiStr) -> u32 {
    guard(|| {
        // SAFETY: see `instance`; the string is the host's, valid during this call.
        let inst = unsafe { instance::<G>(handle)? };
        let id = unsafe { id.to_string_lossy(64 * 1024) }.0;
        inst.game.start_from_game_id(&id)
    })
}

unsafe extern "C" fn current_outcome<G: Outcomes>(handle: GameHandle, out: *mut RawOutcome) -> u32 {
    guard(|| {
        // SAFETY: see `instance` and `write_out`.
        let inst = unsafe { instance::<G>(handle)? };
        unsafe { write_out(out, codec::outcome_to_raw(inst.game.outcome())) }
    })
}

unsafe extern "C" fn current_outcome_assisted<G: Outcomes>(
    handle: GameHandle,
    out: *mut u32,
) -> u32 {
    guard(|| {
        // SAFETY: see `instance` and `write_out`.
        let inst = unsafe { instance::<G>(handle)? };
        let outcome = inst.game.outcome();
        let bits = if outcome.assisted {
            abi::OUTCOME_ASSISTED
        } else {
            0
        } | if outcome.for_nobody {
            abi::OUTCOME_FOR_NOBODY
        } else {
            0
        };
        unsafe { write_out(out, bits) }
    })
}

unsafe extern "C" fn current_outcome_undo<G: Outcomes>(handle: GameHandle, out: *mut u32) -> u32 {
    guard(|| {
        // SAFETY: see `instance` and `write_out`.
        let inst = unsafe { instance::<G>(handle)? };
        unsafe { write_out(out, codec::undo_rule_to_raw(inst.game.outcome().undo)) }
    })
}

unsafe extern "C" fn current_score_kind<G: Outcomes>(
    handle: GameHandle,
    order: *mut u32,
    unit: *mut AbiStr,
) -> u32 {
    guard(|| {
        // SAFETY: see `instance` and `write_out`; the unit lives in the
        // instance until the next call.
        let inst = unsafe { instance::<G>(handle)? };
        let kind = inst.game.score_kind();
        inst.score_unit = kind.unit;
        let code = if kind.lower_is_better {
            abi::SCORE_LOWER_IS_BETTER
        } else {
            abi::SCORE_HIGHER_IS_BETTER
        };
        unsafe { write_out(order, code)? };
        unsafe { write_out(unit, AbiStr::borrow(&inst.score_unit)) }
    })
}

unsafe extern "C" fn last_error(out: *mut AbiStr) {
    if out.is_null() {
        return;
    }
    // The pointer stays valid until the next failing call on this thread;
    // the host copies it at once.
    let s = LAST_ERROR.with(|e| {
        let e = e.borrow();
        AbiStr {
            ptr: e.as_ptr(),
            len: e.len(),
        }
    });
    // SAFETY: `out` is non-null and the host's output slot.
    unsafe { out.write(s) };
}

/// Adapts the host's raw painter to the [`Painter`] trait.
struct RawPainterRef<'a>(&'a RawPainter);

impl Painter for RawPainterRef<'_> {
    fn circle(&mut self, center: Point, radius: f32, style: Style) {
        // SAFETY (all methods): host functions called with the host's own
        // context, during the `draw` call they were given for, with arguments
        // that outlive the call.
        unsafe { (self.0.circle)(self.0.ctx, center, radius, codec::style_to_raw(style)) }
    }
    fn ellipse(&mut self, center: Point, radius_x: f32, radius_y: f32, style: Style) {
        // SAFETY: see `circle`.
        unsafe {
            (self.0.ellipse)(
                self.0.ctx,
                center,
                radius_x,
                radius_y,
                codec::style_to_raw(style),
            )
        }
    }
    fn polygon(&mut self, points: &[Point], style: Style) {
        // SAFETY: see `circle`; `points` is a valid slice.
        unsafe {
            (self.0.polygon)(
                self.0.ctx,
                points.as_ptr(),
                points.len(),
                codec::style_to_raw(style),
            )
        }
    }
    fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        // SAFETY: see `circle`.
        unsafe { (self.0.line)(self.0.ctx, from, to, stroke.width, stroke.color) }
    }
    fn rect(&mut self, min: Point, size: Point, style: Style) {
        // SAFETY: see `circle`.
        unsafe { (self.0.rect)(self.0.ctx, min, size, codec::style_to_raw(style)) }
    }
    fn text(&mut self, pos: Point, anchor: Anchor, font_size: f32, color: crate::Rgba, text: &str) {
        let (pos, anchor) = if self.0.struct_size < abi::RAW_PAINTER_SIZE_V3
            && !matches!(anchor, Anchor::TopLeft | Anchor::Center)
        {
            // An older launcher knows two anchors: place the text's top-left
            // corner by the estimated size.
            let size = crate::estimate_text_size(font_size, text);
            (anchor.top_left(pos, size), Anchor::TopLeft)
        } else {
            (pos, anchor)
        };
        let anchor = codec::anchor_to_raw(anchor);
        // SAFETY: see `circle`.
        unsafe {
            (self.0.text)(
                self.0.ctx,
                pos,
                anchor,
                font_size,
                color,
                AbiStr::borrow(text),
            )
        }
    }
    fn rounded_rect(&mut self, min: Point, size: Point, radius: f32, style: Style) {
        if self.0.struct_size < abi::RAW_PAINTER_SIZE_V3 {
            // An older launcher's painter has no rounded corners.
            return self.rect(min, size, style);
        }
        // SAFETY: see `circle`; the painter is of revision 3, so the
        // function is there.
        unsafe { (self.0.rounded_rect)(self.0.ctx, min, size, radius, codec::style_to_raw(style)) }
    }
    fn text_size(&mut self, font_size: f32, text: &str) -> Point {
        if self.0.struct_size < abi::RAW_PAINTER_SIZE_V3 {
            return crate::estimate_text_size(font_size, text);
        }
        let mut size = Point::new(0.0, 0.0);
        // SAFETY: see `circle`; the painter is of revision 3, so the
        // function is there, and `size` outlives the call.
        unsafe { (self.0.measure_text)(self.0.ctx, font_size, AbiStr::borrow(text), &mut size) };
        size
    }
    fn picture(&mut self, picture: crate::Picture<'_>, min: Point, size: Point) {
        if self.0.struct_size < abi::RAW_PAINTER_SIZE_V3 {
            // An older launcher's painter has no pictures.
            return;
        }
        match picture {
            // SAFETY: see `circle`; revision 3, so the function is there.
            crate::Picture::File(path) => unsafe {
                (self.0.picture_file)(self.0.ctx, AbiStr::borrow(path), min, size)
            },
            crate::Picture::Rgba {
                width,
                height,
                pixels,
            } => {
                // SAFETY: see `circle`; `pixels` is a valid slice for the
                // call (the host checks its length against the size).
                unsafe {
                    (self.0.picture_rgba)(
                        self.0.ctx,
                        width,
                        height,
                        pixels.as_ptr(),
                        pixels.len(),
                        min,
                        size,
                    )
                }
            }
        }
    }
    fn styled_text(
        &mut self,
        pos: Point,
        anchor: Anchor,
        font_size: f32,
        color: crate::Rgba,
        style: crate::TextStyle,
        text: &str,
    ) {
        if self.0.struct_size < abi::RAW_PAINTER_SIZE_V5 {
            // An older launcher draws it plain.
            return self.text(pos, anchor, font_size, color, text);
        }
        // SAFETY: see `circle`; the painter is of revision 5, so the
        // function is there.
        unsafe {
            (self.0.text_styled)(
                self.0.ctx,
                pos,
                codec::anchor_to_raw(anchor),
                font_size,
                color,
                style.to_raw(),
                AbiStr::borrow(text),
            )
        }
    }
    fn styled_text_size(&mut self, font_size: f32, style: crate::TextStyle, text: &str) -> Point {
        if self.0.struct_size < abi::RAW_PAINTER_SIZE_V5 {
            return self.text_size(font_size, text);
        }
        let mut size = Point::new(0.0, 0.0);
        // SAFETY: see `circle`; revision 5, so the function is there, and
        // `size` outlives the call.
        unsafe {
            (self.0.measure_text_styled)(
                self.0.ctx,
                font_size,
                style.to_raw(),
                AbiStr::borrow(text),
                &mut size,
            )
        };
        size
    }
    fn styled_picture(
        &mut self,
        picture: crate::Picture<'_>,
        min: Point,
        size: Point,
        style: crate::PictureStyle,
    ) {
        if self.0.struct_size < abi::RAW_PAINTER_SIZE_V5 {
            return self.picture(picture, min, size);
        }
        let look = abi::RawPictureStyle {
            tint: style.tint,
            quarter_turns: u32::from(style.quarter_turns),
        };
        match picture {
            // SAFETY: see `circle`; revision 5, so the function is there.
            crate::Picture::File(path) => unsafe {
                (self.0.picture_file_styled)(self.0.ctx, AbiStr::borrow(path), min, size, look)
            },
            crate::Picture::Rgba {
                width,
                height,
                pixels,
            } => {
                // SAFETY: see `picture`.
                unsafe {
                    (self.0.picture_rgba_styled)(
                        self.0.ctx,
                        width,
                        height,
                        pixels.as_ptr(),
                        pixels.len(),
                        min,
                        size,
                        look,
                    )
                }
            }
        }
    }
    fn push_clip(&mut self, min: Point, size: Point) {
        // SAFETY: see `circle`.
        unsafe { (self.0.push_clip)(self.0.ctx, min, size) }
    }
    fn pop_clip(&mut self) {
        // SAFETY: see `circle`.
        unsafe { (self.0.pop_clip)(self.0.ctx) }
    }
}
