//! One running game in its window: its instance, its cached drawing, and
//! the window's UI (menu, game controls, canvas, status line).
//!
//! [`GameWindow`] is the same whether the window is the root one (`--play`)
//! or a window of its own beside the console: [`crate::games`] opens,
//! shows and closes it. [`fit`] sizes the window to the canvas, [`input`]
//! turns egui's events into the game's, and [`services`] is what the game
//! may ask of the launcher. By job, the rest of the window: `view` reads
//! what the game shows after a change and fits the window (or lays the game
//! out to it); `canvas` draws the frame, gives it the pointer and makes the
//! regions accessible; `keys` routes keys to the game or a control's
//! shortcut; `file_request` and `file_dialog` are the file portal;
//! `controls` and `midend_ui` the toolbar and the host's own controls;
//! `process` the game's process and its states; `viewport_builders` the
//! window it opens in.

mod between_passes;
mod canvas;
mod controls;
mod file_dialog;
mod file_request;
mod fit;
mod input;
mod keys;
mod midend_ui;
mod process;
mod services;
mod view;
mod viewport_builders;

use crate::pictures::GamePictures;

pub use file_dialog::read_chosen;
pub use input::{HOST_KEYS, key_name};
pub use midend_ui::{GAME_ID, NEW_GAME, OPEN_SAVED, REDO, RESTART, SAVE_AS, UNDO};
pub use process::{CALL_WAIT, DISABLED, ProcessSettings};
pub use services::RequestQueue;

use crate::render::CanvasTransform;
use egui::{Vec2, ViewportId};
use fit::WindowFit;
use game_api::host::GameLibrary;
use game_api::{Action, ActionKind, Event, RecordingPainter};
use launcher_core::catalog::GameEntry;
use launcher_core::messages::{HelpRequest, Notice};
use launcher_core::midend::{Finished, Midend};
use launcher_core::running::GameError;
use process::{Life, Running};
use services::{Services, Signals};
use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Instant;

/// The most input a window keeps for a game still on an earlier call.
pub const MAX_QUEUED_EVENTS: usize = 64;

/// Input for the game that came while it was still on an earlier call.
#[derive(Clone, Debug)]
enum Queued {
    /// An event (a click, a key, a tick).
    Event(Event),
    /// A control pressed or changed (the game's, or the launcher's: Undo,
    /// New game…), with its value.
    Action { id: String, value: String },
}

/// What happened to a game window this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Still running.
    Running,
    /// The player closed it.
    Closed,
    /// The game failed; its window closes with this error.
    Failed(GameError),
    /// The game never started (its library could not be loaded, or its
    /// start failed after the window had opened): its window closes with
    /// this error, said as when the start fails before the window opens.
    CouldNotStart(GameError),
    /// The player asked for the game again (its process stopped, or its
    /// library was rebuilt): the window is closed and opened anew, and the
    /// game resumes from its last move.
    Restart,
}

/// A game the player opened, in its window.
pub struct GameWindow {
    /// The game's directory name, its identity.
    pub dir_name: String,
    /// The name on its console button, the fallback title.
    pub name: String,
    /// Whether it has text help / a manual (for its Help menu).
    has_help: bool,
    /// Whether its window shows the time played (`clock = true` in its
    /// `info.toml`).
    shows_clock: bool,
    /// See `has_help`.
    has_manual: bool,
    /// Where its Help menu's requests go, as the game's own do.
    requests: RequestQueue,
    /// Its native window.
    pub viewport_id: ViewportId,
    /// The game: in a process of its own (the console), or in this one
    /// (tests and tools).
    game: Running,
    /// Starting, playing, or stopped (its process ended).
    life: Life,
    /// A call got no answer in time (it was dropped): once the game
    /// answers again, everything it shows is read again.
    resync: bool,
    /// The seed the first game is dealt from, if not a fresh one
    /// ([`ProcessSettings::first_seed`]).
    first_seed: Option<u64>,
    /// The keys held down, as the game was told (`keys_to_game`).
    held_keys: input::HeldKeys,
    /// Input and controls that came while the game was still on an
    /// earlier call, in order: delivered once it answers, so a quick click
    /// or a press of a control is never lost.
    queued: std::collections::VecDeque<Queued>,
    /// The catalog entry it was opened from (to open it again).
    entry: GameEntry,
    /// The process side of the window: Wait, Details, the game's log, a
    /// rebuilt library.
    watch: process::ProcessWatch,
    canvas: Vec2,
    initial_size: Vec2,
    title: String,
    status: String,
    actions: Vec<Action>,
    /// What each text field of the tool bar holds: the game's value, or
    /// what the player is typing.
    text_fields: HashMap<String, String>,
    /// The game's value each text field last took.
    text_synced: HashMap<String, String>,
    /// The text fields whose text the player applied (Enter or Go) and
    /// has not typed into since: the game's answer replaces it, focused
    /// or not.
    text_applied: std::collections::HashSet<String>,
    /// Each control's width last frame (label and box together), to wrap
    /// the tool bar before a control rather than through it.
    control_widths: HashMap<String, f32>,
    drawing: RecordingPainter,
    dirty: bool,
    /// How far this frame has drawn the window, so that a refresh asks for
    /// another frame only when this one cannot show what changed.
    stage: FrameStage,
    /// What the game asked of its window (redraw, ticks, a new game).
    signals: Rc<Signals>,
    /// Undo, redo, restart, new games, game IDs, time and result.
    midend: Midend,
    /// Where the game's position is saved after each move, to resume it.
    save_path: Option<PathBuf>,
    /// Writes the resume file off the UI thread (from the first save on);
    /// dropped with the window, it writes the last position first.
    saver: Option<launcher_core::saves::SaveWriter>,
    /// Why the resume file is not kept up to date (a write failed, or the
    /// position is too large), shown under the status line until a save
    /// succeeds.
    save_warning: Option<String>,
    /// When the last tick was delivered (or ticks were asked for).
    last_tick: Option<Instant>,
    /// When the last frame was shown, to count the time played.
    last_frame: Option<Instant>,
    /// Games won or lost since the window's owner last asked.
    finished: Vec<Finished>,
    /// What the player should be told (a resume file set aside), until the
    /// window's owner takes it.
    notices: Vec<Notice>,
    /// The text of the Random seed dialog, while it is open.
    seed_dialog: Option<String>,
    /// The error of a text field's last entry (a game ID the game could
    /// not read), by the field's action id, shown beside the field.
    field_error: Option<(String, String)>,
    hovered: bool,
    /// The layer the canvas was drawn in last pass.
    canvas_layer: Option<egui::LayerId>,
    /// Pointer moves over the canvas taken between passes.
    between: between_passes::BetweenPasses,
    /// Where the last pointer move sent to the game took the pointer,
    /// until another pointer event is sent.
    last_move: Option<game_api::Point>,
    warning: Option<String>,
    /// The message of the last action the game refused, until the game
    /// changes.
    action_error: Option<String>,
    transform: Option<CanvasTransform>,
    /// What the launcher noted about the frame the game recorded (clamped
    /// texts, dropped shapes), before the cost budget.
    draw_warning: Option<String>,
    /// Which shapes of the recorded frame are drawn at the current scale,
    /// and what the budget skipped; made again when either changes.
    plan: Option<(crate::budget::Screen, crate::budget::FramePlan)>,
    /// The size of the canvas area last frame.
    area: Option<Vec2>,
    fit: WindowFit,
    /// The board's scale the player chose (View ▸ Zoom); `None`: as large
    /// as the window allows.
    zoom: Option<f32>,
    /// The width the game's controls take in one row, measured last frame.
    controls_width: f32,
    /// Whether the game is shown in the root window (`--play`) rather
    /// than in a window of its own.
    in_root: bool,
    /// The icon of its window.
    icon: Option<std::sync::Arc<egui::IconData>>,
    /// Where its window was last, and where it is kept.
    memory: Option<crate::window_memory::WindowMemory>,
    /// Where its window opened, from `memory`: fixed once the window is
    /// open, since egui moves and resizes a window whose builder changes
    /// (following the window's place there made a resize fight itself).
    opening_place: Option<launcher_core::player::WindowGeometry>,
    /// Keeps the window on its screen as it opens and as it is fitted.
    on_screen: crate::viewport::OnScreen,
    /// The title last given to the root window (`--play`).
    root_title: Option<String>,
    /// The pictures the game draws, as textures.
    pictures: GamePictures,
    /// The last frame's shapes, as egui's, for the commands sent again.
    converted: crate::render::ConvertedShapes,
    /// Why some of the game's picture files cannot be shown, as last said
    /// (one entry per failed file, so its length follows
    /// `GamePictures::failures`).
    picture_problems: Vec<String>,
    /// The console's egui context: its fonts measure the game's text.
    ctx: egui::Context,
    /// The canvas's labelled regions (accessibility nodes).
    regions: Vec<game_api::Region>,
    /// The file dialog the game asked for, or Save game as… / Open saved
    /// game…, while it is open.
    file_dialog: Option<file_dialog::FileDialog>,
    /// "Saved to …" / "Opened …", under the status line until the next move.
    file_note: Option<String>,
    /// The size the game was last laid out to (revision 5, a canvas that
    /// fills the window).
    laid_out: Option<game_api::Point>,
    /// The button held since a press on the canvas: until its release,
    /// moves and the release reach the game wherever the pointer is.
    capture: Option<egui::PointerButton>,
    /// The clock last told to the game's process: milliseconds played,
    /// whether counting, and when.
    clock_told: Option<(u64, bool, Instant)>,
}

/// The files the launcher keeps for a game, if it keeps any.
#[derive(Clone, Debug, Default)]
pub struct GameFiles {
    /// Its resume file: a game that saves comes back where it was left
    /// there, and is saved there after each move.
    pub save: Option<PathBuf>,
    /// The directory it may keep its own files in (`Host::data_dir`).
    pub data: Option<PathBuf>,
}

impl GameWindow {
    /// Starts the game of the catalog's `entry` from its loaded `library`.
    /// Its help requests, and those of its Help menu, go to `requests`;
    /// its files are kept where `files` says.
    pub fn start(
        library: GameLibrary,
        entry: &GameEntry,
        requests: RequestQueue,
        ctx: &egui::Context,
        files: GameFiles,
    ) -> Result<GameWindow, GameError> {
        let save_path = files.save;
        let dir_name = entry.dir_name.as_str();
        let signals = Rc::new(Signals::default());
        let services = Services {
            game: dir_name.to_owned(),
            data_dir: files
                .data
                .map(|d| (d.to_string_lossy().into_owned(), false)),
            queue: requests.clone(),
            ctx: ctx.clone(),
            signals: signals.clone(),
        };
        let instance = library.start(Box::new(services))?;
        let mut game = GameWindow::new(
            Running::Here(instance),
            entry,
            requests,
            ctx,
            save_path,
            signals,
        );
        game.begin()?;
        Ok(game)
    }

    /// The window of a game whose process has been spawned (but may not
    /// have started yet: the window says so, and says if it hangs).
    fn new(
        game: Running,
        entry: &GameEntry,
        requests: RequestQueue,
        ctx: &egui::Context,
        save_path: Option<PathBuf>,
        signals: Rc<Signals>,
    ) -> GameWindow {
        let dir_name = entry.dir_name.as_str();
        let canvas = Vec2::new(320.0, 240.0);
        GameWindow {
            dir_name: dir_name.to_owned(),
            name: entry.name.clone(),
            has_help: entry.help.is_some(),
            shows_clock: entry.manifest.as_ref().is_some_and(|m| m.clock),
            has_manual: entry.manual.is_some(),
            requests,
            viewport_id: ViewportId::from_hash_of(("game", dir_name)),
            game,
            life: Life::Starting,
            resync: false,
            first_seed: None,
            held_keys: input::HeldKeys::default(),
            queued: std::collections::VecDeque::new(),
            entry: entry.clone(),
            watch: process::ProcessWatch::new(),
            canvas,
            initial_size: fit::opening_size(canvas),
            title: String::new(),
            status: String::new(),
            actions: Vec::new(),
            text_fields: HashMap::new(),
            text_synced: HashMap::new(),
            text_applied: Default::default(),
            control_widths: HashMap::new(),
            drawing: RecordingPainter::new(),
            dirty: true,
            stage: FrameStage::Between,
            signals,
            midend: Midend::waiting(),
            save_path,
            saver: None,
            save_warning: None,
            last_tick: None,
            last_frame: None,
            finished: Vec::new(),
            notices: Vec::new(),
            seed_dialog: None,
            field_error: None,
            hovered: false,
            canvas_layer: None,
            between: Default::default(),
            last_move: None,
            warning: None,
            action_error: None,
            transform: None,
            draw_warning: None,
            plan: None,
            area: None,
            fit: WindowFit::start(),
            zoom: None,
            controls_width: 0.0,
            in_root: false,
            icon: Some(crate::icons::window_icon_within(
                &entry.dir,
                entry.icon.as_deref(),
            )),
            memory: None,
            opening_place: None,
            on_screen: crate::viewport::OnScreen::default(),
            root_title: None,
            pictures: GamePictures::new(&entry.dir),
            converted: Default::default(),
            picture_problems: Vec::new(),
            ctx: ctx.clone(),
            regions: Vec::new(),
            file_dialog: None,
            file_note: None,
            laid_out: None,
            capture: None,
            clock_told: None,
        }
    }

    /// Once the game has started: its midend, where it was left, and what
    /// it shows.
    fn begin(&mut self) -> Result<(), GameError> {
        self.midend = Midend::start(self.game.game())?;
        // What `changed` reads after a move, for a game process to send
        // with the move's answer.
        let mut reads = self.midend.reads_after_change();
        reads.push(launcher_core::running::Read::View);
        self.game.game().read_ahead(&reads);
        self.life = Life::Playing;
        if !self.resume()? {
            // The first game is dealt from the launcher's seed, as every
            // later one (its ID shareable from the start).
            let seed = self.first_seed.unwrap_or_else(midend_ui::fresh_seed);
            self.midend.first_game(self.game.game(), seed)?;
        }
        self.refresh()?;
        // The window opens at the game's own size.
        self.initial_size = fit::opening_size(self.canvas);
        Ok(())
    }

    /// The window title: the game's, or its console name if it gives none.
    pub fn title(&self) -> &str {
        if self.title.trim().is_empty() {
            &self.name
        } else {
            &self.title
        }
    }

    /// The catalog entry the game was opened from.
    pub fn entry(&self) -> &GameEntry {
        &self.entry
    }

    /// The status line.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// Whether the window waits for the game to answer a call it made (a
    /// move the game is still thinking about); the window reads the game
    /// again once it has.
    pub fn is_waiting(&self) -> bool {
        self.game.is_busy()
    }

    /// Whether the window is still being fitted to its game's canvas (it
    /// opened, or the board changed size, and the window has not yet been
    /// given the size it asked for).
    pub fn is_fitting(&self) -> bool {
        self.fit.pending
    }

    /// Whether the game is asking for ticks (something moves): the window
    /// then draws a frame per tick, and none otherwise.
    pub fn is_ticking(&self) -> bool {
        self.signals.tick.get().is_some()
    }

    /// The game's current controls.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The message of the last action the game refused (shown under the
    /// status line until the game changes).
    pub fn action_error(&self) -> Option<&str> {
        self.action_error.as_deref()
    }

    /// What the launcher had to change in what the game returned or drew
    /// (text cut or not UTF-8, shapes dropped), shown under the status line.
    pub fn warning(&self) -> Option<&str> {
        self.warning.as_deref()
    }

    /// Why the game's resume file is not kept up to date, if it is not
    /// (shown under the status line).
    pub fn save_warning(&self) -> Option<&str> {
        self.save_warning.as_deref()
    }

    /// Forgets the widths of the tool bar's controls measured so far (by
    /// which a row wraps before a control that no longer fits): for
    /// snapshots that must not depend on the games shown before.
    pub fn forget_field_widths(&mut self) {
        self.control_widths.clear();
    }

    /// Ends the game, reporting a failure while closing (a panic in its
    /// `destroy`). Dropping a `GameWindow` ends it too, silently.
    pub fn close(self) -> Result<(), GameError> {
        match (self.game, &self.life) {
            // Nothing to close: the process has ended.
            (Running::Process(_), Life::Stopped(_)) => Ok(()),
            (Running::Process(process), _) if process.is_busy() => {
                // A game that is not answering is not asked to close.
                process.stop();
                Ok(())
            }
            (Running::Process(mut process), _) => {
                // A game that answers is given as long to close as any call
                // (it may save), not a frame's wait: on a busy machine a
                // good game would be reported as failing.
                process.set_wait(process.answer_within());
                Running::Process(process).close()
            }
            (game, _) => game.close(),
        }
    }

    /// Which shapes of the last frame are drawn at the window's current
    /// scale, and what the frame budget cut ([`crate::budget`]).
    pub fn frame_plan(&self) -> Option<&crate::budget::FramePlan> {
        self.plan.as_ref().map(|(_, plan)| plan)
    }

    /// The shapes of the last frame the game drew.
    pub fn drawing(&self) -> &RecordingPainter {
        &self.drawing
    }

    /// Where the canvas was shown last frame, to aim pointer events in tests
    /// and tools.
    pub fn canvas_transform(&self) -> Option<CanvasTransform> {
        self.transform
    }

    /// Opens the window where `memory` remembers it, at the size the player
    /// gave it (instead of fitting it to the canvas), and keeps its place
    /// there.
    pub fn remember_window_in(&mut self, memory: crate::window_memory::WindowMemory) {
        let key = crate::window_memory::game_key(&self.dir_name);
        self.opening_place = memory.recall(&key);
        self.zoom = memory.recall_zoom(&key);
        if self.opening_place.is_some() {
            self.fit.pending = false;
        }
        self.memory = Some(memory);
    }

    /// Shows the game in the root window (`--play`) instead of a window of
    /// its own: the root window is fitted to the game.
    pub fn show_in_root(&mut self) {
        self.in_root = true;
    }

    /// The canvas's labelled regions, as the game last gave them.
    pub fn regions(&self) -> &[game_api::Region] {
        &self.regions
    }

    /// Delivers an event to the game; if it says something changed, the
    /// midend records the move and the window redraws.
    pub fn send(&mut self, event: &Event) -> Result<(), GameError> {
        if self.life != Life::Playing {
            // Not started, or stopped: there is no game to tell.
            return Ok(());
        }
        if !self.news_for_game(event) {
            return Ok(());
        }
        if self.game.is_busy() || !self.queued.is_empty() {
            // Still on an earlier call: the event waits its turn (see
            // `deliver_queued`), and the window says so after a while.
            self.queue(Queued::Event(event.clone()));
            return Ok(());
        }
        self.deliver(event)
    }

    /// Whether `event` tells the game anything: not a pointer move to where
    /// the last move took the pointer, with no other pointer event since
    /// (X repeats a move as the pointer enters a window, and egui sees
    /// again the last move taken between passes). Notes the move.
    fn news_for_game(&mut self, event: &Event) -> bool {
        match event {
            Event::PointerMove { pos } => self.last_move.replace(*pos) != Some(*pos),
            Event::KeyPress { .. } | Event::KeyRelease { .. } | Event::Tick { .. } => true,
            _ => {
                self.last_move = None;
                true
            }
        }
    }

    /// Keeps `input` until the game can take it. A pointer move replaces a
    /// move queued just before it (only where the pointer ended matters);
    /// past [`MAX_QUEUED_EVENTS`] the oldest are dropped, so a game that
    /// hangs does not gather input without end.
    fn queue(&mut self, input: Queued) {
        let moved =
            |q: Option<&Queued>| matches!(q, Some(Queued::Event(Event::PointerMove { .. })));
        if moved(Some(&input)) && moved(self.queued.back()) {
            self.queued.pop_back();
        }
        if self.queued.len() == MAX_QUEUED_EVENTS {
            self.queued.pop_front();
        }
        self.queued.push_back(input);
    }

    /// Sends the input and controls that waited for the game, in order,
    /// while the game answers at once; the rest goes on a later frame.
    pub(super) fn deliver_queued(&mut self) -> Result<(), GameError> {
        while self.can_call()
            && let Some(input) = self.queued.pop_front()
        {
            match input {
                Queued::Event(event) => self.deliver(&event)?,
                Queued::Action { id, value } => self.invoke_now(&id, &value)?,
            }
        }
        Ok(())
    }

    fn deliver(&mut self, event: &Event) -> Result<(), GameError> {
        // A file, a help window or a browser page may be asked for in
        // answer to a click or a key only.
        let from_player = matches!(
            event,
            Event::PointerPress { .. }
                | Event::PointerRelease { .. }
                | Event::KeyPress { .. }
                | Event::KeyRelease { .. }
                | Event::DoubleClick { .. }
        );
        self.watch.help_allowed = from_player;
        let response = self.game.game().handle_event(event);
        self.pump();
        let redraw = response?.redraw;
        if redraw {
            self.changed()?;
        }
        self.file_request(from_player)?;
        self.new_game_if_asked()
    }

    /// Whether the game lays its canvas out to the window (revision 5).
    pub fn fills_window(&self) -> bool {
        self.signals.layout.get()
    }

    /// Whether the game's file dialog is open.
    pub fn file_dialog_open(&self) -> bool {
        self.file_dialog.is_some()
    }

    /// Runs one of the game's actions. An error the game returns (a game ID
    /// it cannot read, say) is not fatal: it is kept in
    /// [`GameWindow::action_error`] and shown in the window; only panics and
    /// misbehaviour end the game. A control pressed while the game is still
    /// on an earlier call waits its turn, after the input before it.
    pub fn invoke(&mut self, id: &str, value: &str) -> Result<(), GameError> {
        if self.life != Life::Playing {
            return Ok(());
        }
        if self.game.is_busy() || !self.queued.is_empty() {
            // Dropping it would lose the player's press (a loaded machine
            // makes any game late now and then).
            self.queue(Queued::Action {
                id: id.to_owned(),
                value: value.to_owned(),
            });
            return Ok(());
        }
        self.invoke_now(id, value)
    }

    /// Runs one of the game's actions now (see [`GameWindow::invoke`]).
    fn invoke_now(&mut self, id: &str, value: &str) -> Result<(), GameError> {
        if let Some(result) = self.invoke_host_action(id, value) {
            return result;
        }
        self.watch.help_allowed = true;
        let response = self.game.game().invoke_action(id, value);
        self.pump();
        match response {
            Ok(response) => {
                if response.redraw {
                    self.changed()?;
                }
                self.file_request(true)?;
                self.new_game_if_asked()
            }
            Err(e) => match e.game_error() {
                Some(e) => {
                    self.action_error = Some(e.message.clone());
                    Ok(())
                }
                None => Err(e),
            },
        }
    }

    fn redraw_if_dirty(&mut self) -> Result<(), GameError> {
        if self.dirty && self.can_call() {
            self.refresh()?;
        }
        Ok(())
    }

    /// Shows the game's window contents.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> Outcome {
        self.stage = FrameStage::Before;
        let failed_between = self.between.begin_pass();
        let outcome = match self.process_frame(ui) {
            Some(outcome) => outcome,
            None => match failed_between.map(|e| self.failed(e)) {
                Some(outcome) if outcome != Outcome::Running => outcome,
                _ => match self.ui_inner(ui) {
                    Ok(outcome) => outcome,
                    Err(e) => self.failed(e),
                },
            },
        };
        self.stage = FrameStage::Between;
        if outcome == Outcome::Running {
            self.note_quiet_canvas(ui);
        }
        // A request of the game that came while this frame waited for an
        // answer did not wake the window (`game_host::Waker`): one not
        // taken in this frame is taken in the next.
        if self.game.process().is_some_and(|p| p.has_notifications()) {
            ui.ctx().request_repaint();
        }
        outcome
    }

    fn ui_inner(&mut self, ui: &mut egui::Ui) -> Result<Outcome, GameError> {
        // The window's builder took its title before this frame began.
        self.stage = FrameStage::Chrome;
        self.count_time();
        self.sync_clock()?;
        if self.in_root {
            // A window of its own follows its builder's title each frame;
            // the root window (`--play`) is told when the title changes.
            let title = self.title().to_owned();
            if self.root_title.as_deref() != Some(title.as_str()) {
                ui.ctx()
                    .send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
                self.root_title = Some(title);
            }
        }
        if let Some(memory) = &self.memory
            && !self.in_root
            && ui.ctx().viewport_id() == self.viewport_id
        {
            let key = crate::window_memory::game_key(&self.dir_name);
            memory.follow(ui.ctx(), &key, egui::ViewportClass::Immediate);
        }
        if self.in_root || ui.ctx().viewport_id() == self.viewport_id {
            self.on_screen
                .step(ui.ctx(), egui::ViewportClass::Immediate);
        }
        if self.signals.redraw.get() && self.can_call() {
            self.signals.redraw.set(false);
            self.changed()?;
        }
        // A request for a file that did not come with the player's input
        // (from a tick, a redraw, a pointer move taken between passes, or
        // after its answer was given up on).
        if self.signals.choose_file.get().is_some() && self.can_call() {
            self.file_request(false)?;
        }
        // A new game asked for with a pointer move taken between passes.
        if self.signals.new_game.get() && self.can_call() {
            self.new_game_if_asked()?;
        }
        self.deliver_tick(ui.ctx())?;
        self.window_keys(ui);
        self.shortcuts(ui)?;
        if self.file_dialog.is_none() {
            self.keys_to_game(ui)?;
        } else {
            // The dialog has the keyboard: releases go to it.
            self.held_keys = input::HeldKeys::default();
        }
        let mut outcome = Outcome::Running;
        let mut invoked: Option<(String, String)> = None;
        let mut window_ask = None;

        egui::Panel::top("game-menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("Game", |ui| {
                    if let Some(asked) = self.host_menu_ui(ui) {
                        invoked = Some(asked);
                    }
                    for action in self.actions.iter().filter(|a| {
                        a.kind == ActionKind::Button && !midend_ui::is_host_action(&a.id)
                    }) {
                        let mut button = egui::Button::new(&action.label);
                        if let Some(key) = &action.shortcut {
                            button = button.shortcut_text(controls::key_label(key));
                        }
                        if ui.add_enabled(action.enabled, button).clicked() {
                            invoked = Some((action.id.clone(), String::new()));
                        }
                    }
                    ui.separator();
                    if ui.button("Close window").clicked() {
                        outcome = Outcome::Closed;
                    }
                });
                ui.menu_button("View", |ui| {
                    if let Some(ask) = self.view_menu_ui(ui) {
                        window_ask = Some(ask);
                    }
                });
                if self.has_help || self.has_manual {
                    ui.menu_button("Help", |ui| {
                        let mut asked = None;
                        // F1 opens the first, Shift+F1 the manual.
                        let f1 = if self.has_help { "F1" } else { "F1, Shift+F1" };
                        // Named by its label for screen readers, its key
                        // given as the entry's keyboard shortcut.
                        let named = |response: egui::Response, name: &str, key: &str| {
                            response.widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Button, true, name)
                            });
                            response.ctx.accesskit_node_builder(response.id, |node| {
                                node.set_keyboard_shortcut(key);
                            });
                            response
                        };
                        let how_to = egui::Button::new("How to play").shortcut_text(f1);
                        if self.has_help && named(ui.add(how_to), "How to play", f1).clicked() {
                            asked = Some(HelpRequest::how_to_play(&self.dir_name, &self.name));
                        }
                        let keys = if self.has_help { "Shift+F1" } else { f1 };
                        let manual = egui::Button::new("Manual").shortcut_text(keys);
                        if self.has_manual && named(ui.add(manual), "Manual", keys).clicked() {
                            asked = Some(HelpRequest::manual(&self.dir_name));
                        }
                        self.requests.borrow_mut().extend(asked);
                    });
                }
            });
        });

        if let Some(ask) = window_ask {
            self.window_ask(ui.ctx(), ask);
        }
        if let Some(restart) = self.banners_ui(ui) {
            outcome = restart;
        }
        if let Some(asked) = self.controls_ui(ui) {
            invoked = Some(asked);
        }

        let clock = self.clock_face(ui.ctx());
        egui::Panel::bottom("game-status").show(ui, |ui| self.status_ui(ui, clock.as_deref()));

        if let Some((id, value)) = invoked {
            self.invoke(&id, &value)?;
        }

        let area_before = self.area;
        egui::CentralPanel::default()
            .show(ui, |ui| self.canvas_ui(ui))
            .inner?;
        if self.area != area_before {
            // The window or its chrome changed size (a resize, a status
            // line or a row of controls that wrapped differently): egui
            // lays panels out from the last frame's sizes, so one more
            // frame shows them right, without waiting for the pointer.
            ui.ctx().request_repaint();
        }
        if let Some(seed) = self.seed_dialog_ui(ui) {
            self.new_game(seed)?;
        }
        self.file_dialog_ui(ui.ctx())?;
        self.fit_window(ui.ctx());

        if crate::viewport::close_requested(ui) {
            outcome = Outcome::Closed;
        }
        Ok(outcome)
    }
}

impl GameWindow {
    /// The status line: one line whatever the game writes, so that the
    /// canvas above never moves (a long text is shortened with "…", whole in
    /// its tooltip and to screen readers). At its right the clock, and the
    /// window's notes (the last file saved or opened, what the game said of
    /// a control or an entry, the host's warnings), each shortened too.
    fn status_ui(&self, ui: &mut egui::Ui, clock: Option<&str>) {
        let visuals = ui.visuals().clone();
        let field_error = self.field_error.as_ref().map(|(_, e)| e);
        let notes: Vec<(&String, egui::Color32)> = [
            (self.file_note.as_ref(), visuals.text_color()),
            (field_error, visuals.error_fg_color),
            (self.action_error.as_ref(), visuals.error_fg_color),
            (self.warning.as_ref(), visuals.warn_fg_color),
            (self.save_warning.as_ref(), visuals.warn_fg_color),
        ]
        .into_iter()
        .filter_map(|(note, colour)| Some((note?, colour)))
        .collect();
        ui.horizontal(|ui| self.status_row_ui(ui, clock, &notes));
    }

    /// The status line's one row: the clock and the notes from the right,
    /// the status in what is left.
    fn status_row_ui(
        &self,
        ui: &mut egui::Ui,
        clock: Option<&str>,
        notes: &[(&String, egui::Color32)],
    ) {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if let Some(clock) = clock {
                ui.label(clock);
            }
            // The notes share at most half the line, the newest kind last.
            let share = (ui.available_width() / 2.0) / notes.len().max(1) as f32;
            for (note, colour) in notes.iter().rev() {
                let height = ui.spacing().interact_size.y;
                ui.allocate_ui_with_layout(
                    egui::vec2(share, height),
                    egui::Layout::right_to_left(egui::Align::Center),
                    |ui| {
                        ui.add(
                            egui::Label::new(egui::RichText::new(*note).color(*colour)).truncate(),
                        )
                    },
                );
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                ui.add(egui::Label::new(&self.status).truncate());
            });
        });
    }
}

/// How far a frame has drawn a game window: what a refresh of the game's
/// view (a move answered) can still show in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FrameStage {
    /// No frame is being drawn: nothing shows a refresh unless asked.
    Between,
    /// The frame has drawn nothing yet: it shows all that changed.
    Before,
    /// The title, the menus, the controls or the status line may be drawn
    /// already; the canvas not yet.
    Chrome,
    /// The canvas is painted too.
    Painted,
}

impl std::fmt::Debug for GameWindow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameWindow")
            .field("dir_name", &self.dir_name)
            .field("title", &self.title)
            .finish()
    }
}
