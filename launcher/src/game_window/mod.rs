//! One running game in its window: its instance, its cached drawing, and
//! the window's UI (menu, game controls, canvas, status line).
//!
//! [`GameWindow`] is the same whether the window is the root one (`--play`)
//! or a window of its own beside the console: [`crate::games`] opens,
//! shows and closes it. [`fit`] sizes the window to the canvas, [`input`]
//! turns egui's events into the game's, and [`services`] is what the game
//! may ask of the launcher.

mod controls;
mod file_dialog;
mod fit;
mod input;
mod midend_ui;
mod process;
mod services;

use crate::pictures::GamePictures;

pub use file_dialog::read_chosen;
pub use input::key_name;
pub use midend_ui::{GAME_ID, NEW_GAME, REDO, RESTART, UNDO};
pub use process::{CALL_WAIT, DISABLED, ProcessSettings};
pub use services::RequestQueue;

use crate::render::{CanvasTransform, EguiPainter};
use egui::{Sense, Vec2, ViewportBuilder, ViewportId};
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

/// What happened to a game window this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Still running.
    Running,
    /// The player closed it.
    Closed,
    /// The game failed; its window closes with this error.
    Failed(GameError),
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
    /// Input that came while the game was still on an earlier call, in
    /// order: delivered once it answers, so a quick click is never lost.
    queued: std::collections::VecDeque<Event>,
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
    text_fields: HashMap<String, String>,
    /// Each text field's width so far (see `controls.rs`).
    text_field_widths: HashMap<String, f32>,
    /// Each control's width last frame (label and box together), to wrap
    /// the tool bar before a control rather than through it.
    control_widths: HashMap<String, f32>,
    drawing: RecordingPainter,
    dirty: bool,
    /// What the game asked of its window (redraw, ticks, a new game).
    signals: Rc<Signals>,
    /// Undo, redo, restart, new games, game IDs, time and result.
    midend: Midend,
    /// Where the game's position is saved after each move, to resume it.
    save_path: Option<PathBuf>,
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
    /// Why some of the game's picture files cannot be shown, as last said
    /// (one entry per failed file, so its length follows
    /// `GamePictures::failures`).
    picture_problems: Vec<String>,
    /// The console's egui context: its fonts measure the game's text.
    ctx: egui::Context,
    /// The canvas's labelled regions (accessibility nodes).
    regions: Vec<game_api::Region>,
    /// The file dialog the game asked for, while it is open (revision 5).
    file_dialog: Option<file_dialog::FileDialog>,
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
            has_manual: entry.manual.is_some(),
            requests,
            viewport_id: ViewportId::from_hash_of(("game", dir_name)),
            game,
            life: Life::Starting,
            resync: false,
            queued: std::collections::VecDeque::new(),
            entry: entry.clone(),
            watch: process::ProcessWatch::new(),
            canvas,
            initial_size: fit::opening_size(canvas),
            title: String::new(),
            status: String::new(),
            actions: Vec::new(),
            text_fields: HashMap::new(),
            text_field_widths: HashMap::new(),
            control_widths: HashMap::new(),
            drawing: RecordingPainter::new(),
            dirty: true,
            signals,
            midend: Midend::waiting(),
            save_path,
            last_tick: None,
            last_frame: None,
            finished: Vec::new(),
            notices: Vec::new(),
            seed_dialog: None,
            field_error: None,
            hovered: false,
            warning: None,
            action_error: None,
            transform: None,
            draw_warning: None,
            plan: None,
            area: None,
            fit: WindowFit::start(),
            controls_width: 0.0,
            in_root: false,
            icon: Some(crate::icons::window_icon(entry.icon.as_deref())),
            memory: None,
            opening_place: None,
            on_screen: crate::viewport::OnScreen::default(),
            root_title: None,
            pictures: GamePictures::new(&entry.dir),
            picture_problems: Vec::new(),
            ctx: ctx.clone(),
            regions: Vec::new(),
            file_dialog: None,
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
        self.resume()?;
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

    /// Lets the toolbar's text fields take the width of what they show now
    /// (they only grow while a window is open, so that the toolbar does not
    /// jump from one game ID to the next): for snapshots that must not
    /// depend on the games shown before.
    pub fn forget_field_widths(&mut self) {
        self.text_field_widths.clear();
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
        self.opening_place = memory.recall(&crate::window_memory::game_key(&self.dir_name));
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

    /// The window for this game where windows are embedded in the console
    /// (backends without native windows, the tests): such a window is not
    /// fitted to what it shows afterwards, so its size must hold a second
    /// row of controls from the start, or it grows frame after frame.
    pub fn embedded_viewport_builder(&self) -> ViewportBuilder {
        let mut builder = self.viewport_builder();
        if self.two_control_rows()
            && let Some(size) = &mut builder.inner_size
        {
            size.y += fit::CONTROLS_ROW_HEIGHT;
        }
        builder
    }

    /// Whether the controls take two rows (the launcher's commands, then
    /// the Game ID field and the game's own controls).
    fn two_control_rows(&self) -> bool {
        let commands = self
            .actions
            .iter()
            .filter(|a| midend_ui::is_host_action(&a.id) && a.kind == ActionKind::Button)
            .count();
        commands > 0 && commands < self.actions.len()
    }

    /// The window to open for this game: its title, its size, the
    /// launcher's app id (so that taskbars group it with the console) and
    /// the game's icon, if it has one (`icon`, see
    /// [`crate::icons::window_icon`]).
    pub fn viewport_builder(&self) -> ViewportBuilder {
        let builder = ViewportBuilder::default()
            .with_title(self.title())
            .with_app_id(crate::APP_ID)
            .with_inner_size(self.initial_size)
            .with_min_inner_size([160.0, 120.0]);
        let builder = match &self.icon {
            Some(icon) => builder.with_icon(icon.clone()),
            None => builder,
        };
        crate::window_memory::open_at(self.opening_place, builder)
    }

    /// Re-reads everything the game shows after something changed, and
    /// its new frame.
    fn refresh(&mut self) -> Result<(), GameError> {
        let ctx = self.ctx.clone();
        let view = self.game.game().view(&mut |size, style, text| {
            crate::render::styled_text_size(&ctx, size, style, text)
        })?;
        let canvas = Vec2::new(view.canvas_size.x, view.canvas_size.y);
        if canvas != self.canvas && !self.signals.layout.get() {
            // A new board size: the window follows it (unless the canvas
            // follows the window).
            self.fit = WindowFit::start();
        }
        self.canvas = canvas;
        self.title = view.title;
        self.status = view.status;
        let mut actions = self.host_actions();
        actions.extend(view.actions);
        let before = std::mem::replace(&mut self.actions, actions);
        for action in &self.actions {
            if let ActionKind::Text { value } = &action.kind {
                // Keep what the player is typing unless the game's value changed.
                let old = before.iter().find(|a| a.id == action.id).map(|a| &a.kind);
                if !matches!(old, Some(ActionKind::Text { value: v }) if v == value) {
                    self.text_fields.insert(action.id.clone(), value.clone());
                }
            }
        }
        self.regions = view.regions;
        self.action_error = None;
        self.drawing = view.drawing;
        // What the launcher clamped or dropped, said in the window.
        let warnings: Vec<String> = view
            .notes
            .into_iter()
            .chain(view.report.describe())
            .map(|w| capitalised(&w) + ".")
            .collect();
        self.draw_warning = (!warnings.is_empty()).then(|| warnings.join(" "));
        self.warning = self.draw_warning.clone();
        self.plan = None;
        self.dirty = false;
        ctx.request_repaint();
        Ok(())
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
        if self.game.is_busy() || !self.queued.is_empty() {
            // Still on an earlier call: the event waits its turn (see
            // `deliver_queued`), and the window says so after a while.
            self.queue(event.clone());
            return Ok(());
        }
        self.deliver(event)
    }

    /// Keeps `event` until the game can take it. A pointer move replaces a
    /// move queued just before it (only where the pointer ended matters);
    /// past [`MAX_QUEUED_EVENTS`] the oldest are dropped, so a game that
    /// hangs does not gather input without end.
    fn queue(&mut self, event: Event) {
        if matches!(event, Event::PointerMove { .. })
            && matches!(self.queued.back(), Some(Event::PointerMove { .. }))
        {
            self.queued.pop_back();
        }
        if self.queued.len() == MAX_QUEUED_EVENTS {
            self.queued.pop_front();
        }
        self.queued.push_back(event);
    }

    /// Sends the input that waited for the game, in order, while the game
    /// answers at once; the rest goes on a later frame.
    pub(super) fn deliver_queued(&mut self) -> Result<(), GameError> {
        while self.can_call()
            && let Some(event) = self.queued.pop_front()
        {
            self.deliver(&event)?;
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

    /// Answers the game's request for a file, if it made one: opens the
    /// dialog when the request came while the game handled the player's
    /// click, key or control (`from_player`) and no dialog is open;
    /// otherwise tells the game it was refused, and why.
    fn file_request(&mut self, from_player: bool) -> Result<(), GameError> {
        let Some(code) = self.signals.choose_file.take() else {
            return Ok(());
        };
        let refusal = match game_api::FileKind::from_raw(code) {
            None => Some(format!(
                "the launcher knows no file kind {code} (it may be older than the game)"
            )),
            Some(_) if self.file_dialog.is_some() => {
                Some("a file dialog is open already; choose there or cancel it".to_owned())
            }
            Some(_) if !from_player => Some(
                "a game may ask for a file only in answer to a click or a key of the player"
                    .to_owned(),
            ),
            Some(kind) => {
                self.file_dialog = Some(file_dialog::FileDialog::new(
                    kind,
                    file_dialog::FileDialog::start_dir(),
                ));
                self.ctx.request_repaint();
                None
            }
        };
        match refusal {
            Some(why) => self.give_file(game_api::FileChoice::Refused(why)),
            None => Ok(()),
        }
    }

    /// Gives the game the answer to its request for a file.
    fn give_file(&mut self, choice: game_api::FileChoice) -> Result<(), GameError> {
        if self.life != Life::Playing {
            return Ok(());
        }
        let response = self.game.game().file_chosen(&choice);
        self.pump();
        match response {
            Ok(response) if response.redraw => self.changed()?,
            Ok(_) => {}
            // A game without `file_chosen` asked for nothing it can take.
            Err(e) if e.is_unsupported() => {}
            Err(e) => return Err(e),
        }
        // A request made while taking the answer is not the player's.
        self.file_request(false)?;
        self.new_game_if_asked()
    }

    /// The file dialog, while open: gives the game the file the player
    /// chose, or says they cancelled.
    fn file_dialog_ui(&mut self, ctx: &egui::Context) -> Result<(), GameError> {
        let Some(dialog) = &mut self.file_dialog else {
            return Ok(());
        };
        let kind = dialog.kind();
        let Some(answer) = dialog.ui(ctx, &self.name) else {
            return Ok(());
        };
        self.file_dialog = None;
        self.give_file(match answer {
            file_dialog::DialogAnswer::Chosen(file) => game_api::FileChoice::Chosen(file),
            file_dialog::DialogAnswer::Cancelled => game_api::FileChoice::Cancelled(kind),
        })
    }

    /// Tells the game, which asked to fill its window, the size its canvas
    /// has when it changed (whole logical pixels, at least 1 a side), and
    /// reads it again: always drawn anew, and never a cause to resize the
    /// window (which does not follow the canvas then).
    fn lay_out(&mut self, area: Vec2) -> Result<(), GameError> {
        let size = game_api::Point::new(area.x.floor().max(1.0), area.y.floor().max(1.0));
        if self.laid_out == Some(size) || self.life != Life::Playing || !self.can_call() {
            return Ok(());
        }
        self.laid_out = Some(size);
        let response = self.game.game().layout(size);
        self.pump();
        match response {
            Ok(response) if response.redraw => self.changed(),
            Ok(_) => self.refresh(),
            // A game without `layout` is scaled as before.
            Err(e) if e.is_unsupported() => Ok(()),
            Err(e) => Err(e),
        }
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
    /// misbehaviour end the game.
    pub fn invoke(&mut self, id: &str, value: &str) -> Result<(), GameError> {
        if self.life != Life::Playing || self.game.is_busy() {
            return Ok(());
        }
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
        if let Some(outcome) = self.process_frame(ui) {
            return outcome;
        }
        match self.ui_inner(ui) {
            Ok(outcome) => outcome,
            Err(e) => self.failed(e),
        }
    }

    fn ui_inner(&mut self, ui: &mut egui::Ui) -> Result<Outcome, GameError> {
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
        // (from a tick, a redraw, or after its answer was given up on).
        if self.signals.choose_file.get().is_some() && self.can_call() {
            self.file_request(false)?;
        }
        self.deliver_tick(ui.ctx())?;
        self.shortcuts(ui)?;
        if self.file_dialog.is_none() {
            self.keys_to_game(ui)?;
        }
        let mut outcome = Outcome::Running;
        let mut invoked: Option<(String, String)> = None;

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
                if self.has_help || self.has_manual {
                    ui.menu_button("Help", |ui| {
                        let mut asked = None;
                        if self.has_help && ui.button("How to play").clicked() {
                            asked = Some(HelpRequest::how_to_play(&self.dir_name, &self.name));
                        }
                        if self.has_manual && ui.button("Manual").clicked() {
                            asked = Some(HelpRequest::manual(&self.dir_name));
                        }
                        self.requests.borrow_mut().extend(asked);
                    });
                }
            });
        });

        if let Some(restart) = self.banners_ui(ui) {
            outcome = restart;
        }
        if let Some(asked) = self.controls_ui(ui) {
            invoked = Some(asked);
        }

        egui::Panel::bottom("game-status").show(ui, |ui| {
            // Wrapped, never cut: a long status ("Winnable? Not decided
            // yet…") takes a second line in a narrow window.
            ui.horizontal_wrapped(|ui| {
                ui.add(egui::Label::new(&self.status).wrap());
            });
            if let Some(error) = &self.action_error {
                ui.colored_label(ui.visuals().error_fg_color, error);
            }
            if let Some(warning) = &self.warning {
                ui.colored_label(ui.visuals().warn_fg_color, warning);
            }
        });

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

    /// Sends this frame's keys to the game, before the window's widgets see
    /// them: whatever menu or control has the keyboard focus, the game's
    /// keys reach the game, except while the player types in a text field
    /// or has a menu or list open. With a control focused, Space and Enter
    /// are taken from it (they are the game's keys, and would otherwise
    /// click the control: Space on a focused "New game" would throw the
    /// game away), and the arrow keys stay with it instead of moving the
    /// focus.
    fn keys_to_game(&mut self, ui: &mut egui::Ui) -> Result<(), GameError> {
        let ctx = ui.ctx().clone();
        if ctx.text_edit_focused() || egui::Popup::is_any_open(&ctx) {
            return Ok(());
        }
        let keys = ui.input(|i| input::game_keys(&i.events));
        // In tests, game windows may be egui windows inside the console,
        // whose focus is the console's too: leave that alone.
        let own_window = self.in_root || ctx.viewport_id() == self.viewport_id;
        if let Some(focused) = ctx.memory(|m| m.focused()).filter(|_| own_window) {
            ui.input_mut(|i| {
                i.events.retain(|event| {
                    !matches!(
                        event,
                        egui::Event::Key {
                            key: egui::Key::Space | egui::Key::Enter,
                            ..
                        }
                    )
                });
            });
            ctx.memory_mut(|m| {
                m.set_focus_lock_filter(
                    focused,
                    egui::EventFilter {
                        horizontal_arrows: true,
                        vertical_arrows: true,
                        ..Default::default()
                    },
                );
            });
        }
        for key in keys {
            match self.shortcut_for(&key) {
                // The game's control, invoked as if clicked; the key itself
                // does not reach the game.
                Some(ShortcutUse::Invoke(id, value)) => self.invoke(&id, &value)?,
                Some(ShortcutUse::Swallow) => {}
                None => self.send(&key)?,
            }
        }
        Ok(())
    }

    /// What a key event does when it is a game control's shortcut, pressed
    /// without Ctrl, Alt or Command; `None` when it is not one (it goes to
    /// the game).
    fn shortcut_for(&self, event: &Event) -> Option<ShortcutUse> {
        let (key, modifiers, pressed) = match event {
            Event::KeyPress { key, modifiers } => (key, modifiers, true),
            Event::KeyRelease { key, modifiers } => (key, modifiers, false),
            _ => return None,
        };
        if modifiers.ctrl || modifiers.alt || modifiers.command {
            return None;
        }
        let action = self
            .actions
            .iter()
            .find(|a| a.shortcut.as_deref() == Some(key.as_str()))?;
        if !pressed || !action.enabled {
            return Some(ShortcutUse::Swallow);
        }
        Some(match &action.kind {
            ActionKind::Button => ShortcutUse::Invoke(action.id.clone(), String::new()),
            ActionKind::Choice { options, selected } => {
                // The next option, round to the first after the last.
                let at = options.iter().position(|o| o == selected);
                match at.map_or(options.first(), |i| options.get((i + 1) % options.len())) {
                    Some(next) => ShortcutUse::Invoke(action.id.clone(), next.clone()),
                    None => ShortcutUse::Swallow,
                }
            }
            // A text field is typed into, not invoked by a key.
            ActionKind::Text { .. } => ShortcutUse::Swallow,
        })
    }

    /// Asks for the window size that shows the canvas at its natural size,
    /// while [`WindowFit`] says so. Not when viewports are embedded as egui
    /// windows (tests), whose size is not the window's.
    fn fit_window(&mut self, ctx: &egui::Context) {
        if self.signals.layout.get() {
            // The canvas follows the window: the window never follows it.
            self.fit.pending = false;
        }
        if !self.fit.pending {
            return;
        }
        if !self.in_root && ctx.viewport_id() != self.viewport_id {
            // An egui window inside another (viewports embedded, as in
            // tests): its size is not a window's.
            self.fit.pending = false;
            return;
        }
        let (inner, monitor) = ctx.input(|i| {
            let v = i.viewport();
            (v.inner_rect.map(|r| r.size()), v.monitor_size)
        });
        // Without a window system (tests) the root window is the screen.
        let inner = inner.or_else(|| self.in_root.then(|| ctx.content_rect().size()));
        match (inner, self.area) {
            (Some(inner), Some(area)) => {
                let controls = self.controls_width;
                let surface =
                    fit::max_surface(ctx.input(|i| i.max_texture_side), ctx.pixels_per_point());
                if let Some(size) =
                    self.fit
                        .next(self.canvas, controls, inner, area, monitor, surface)
                {
                    self.on_screen.resize(ctx, size);
                }
            }
            // The window's size is not known yet.
            _ => self.fit.wait(),
        }
        if self.fit.pending {
            // Another frame to see the layout settle or the new size arrive,
            // without waiting for the pointer to move.
            ctx.request_repaint();
        }
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) -> Result<(), GameError> {
        let (area, _response) =
            ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
        self.area = Some(area.size());
        if self.signals.layout.get() {
            self.lay_out(area.size())?;
        } else {
            self.laid_out = None;
        }
        let transform = CanvasTransform::fit(self.canvas, area);
        self.transform = Some(transform);
        let canvas_rect = transform.screen_rect();
        let layer = ui.layer_id();
        let ctx = ui.ctx().clone();
        let over_canvas =
            |pos: egui::Pos2| canvas_rect.contains(pos) && ctx.layer_id_at(pos) == Some(layer);

        let events = ui.input(|i| i.events.clone());
        for event in events {
            match event {
                egui::Event::PointerMoved(pos) => {
                    if over_canvas(pos) {
                        let p = transform.to_canvas(pos);
                        if !self.hovered {
                            self.hovered = true;
                            self.send(&Event::PointerEnter { pos: p })?;
                        }
                        self.send(&Event::PointerMove { pos: p })?;
                    } else if self.capture.is_some() {
                        // A drag that began on the canvas: the game follows
                        // it outside (coordinates outside the canvas).
                        self.send(&Event::PointerMove {
                            pos: transform.to_canvas(pos),
                        })?;
                    } else if self.hovered {
                        self.hovered = false;
                        self.send(&Event::PointerLeave)?;
                    }
                }
                egui::Event::MouseWheel {
                    unit,
                    delta,
                    modifiers,
                    ..
                } if self.signals.input.get() & game_api::abi::INPUT_SCROLL != 0 => {
                    let Some(pos) = ctx.pointer_hover_pos().filter(|p| over_canvas(*p)) else {
                        continue;
                    };
                    // Lines and pages in points, as egui's scroll areas take them.
                    let points = match unit {
                        egui::MouseWheelUnit::Point => delta,
                        egui::MouseWheelUnit::Line => delta * 20.0,
                        egui::MouseWheelUnit::Page => delta * canvas_rect.height(),
                    } / transform.scale;
                    self.send(&Event::Scroll {
                        pos: transform.to_canvas(pos),
                        delta: game_api::Point::new(points.x, points.y),
                        modifiers: input::game_modifiers(modifiers),
                    })?;
                }
                egui::Event::PointerGone if self.hovered && self.capture.is_none() => {
                    self.hovered = false;
                    self.send(&Event::PointerLeave)?;
                }
                egui::Event::PointerButton {
                    pos: screen_pos,
                    button: egui_button,
                    pressed,
                    modifiers,
                } if over_canvas(screen_pos) || (!pressed && self.capture == Some(egui_button)) => {
                    let button = input::game_button(egui_button);
                    let pos = transform.to_canvas(screen_pos);
                    let modifiers = input::game_modifiers(modifiers);
                    if pressed {
                        if self.capture.is_none() {
                            self.capture = Some(egui_button);
                        }
                        self.send(&Event::PointerPress {
                            pos,
                            button,
                            modifiers,
                        })?;
                    } else {
                        if self.capture == Some(egui_button) {
                            self.capture = None;
                        }
                        self.send(&Event::PointerRelease {
                            pos,
                            button,
                            modifiers,
                        })?;
                        if self.capture.is_none() && self.hovered && !over_canvas(screen_pos) {
                            // The drag ended outside: the pointer has left.
                            self.hovered = false;
                            self.send(&Event::PointerLeave)?;
                        }
                    }
                }
                _ => {}
            }
        }

        self.regions_ui(ui, transform)?;
        if (self.hovered || self.capture.is_some())
            && let Some(icon) = cursor_icon(self.signals.cursor.get())
        {
            ui.ctx().set_cursor_icon(icon);
        }

        if self.signals.input.get() & game_api::abi::INPUT_DOUBLE_CLICK != 0 {
            for button in [
                egui::PointerButton::Primary,
                egui::PointerButton::Secondary,
                egui::PointerButton::Middle,
            ] {
                let (double, pos, modifiers) = ui.input(|i| {
                    (
                        i.pointer.button_double_clicked(button),
                        i.pointer.interact_pos(),
                        i.modifiers,
                    )
                });
                if double && let Some(pos) = pos.filter(|p| over_canvas(*p)) {
                    self.send(&Event::DoubleClick {
                        pos: transform.to_canvas(pos),
                        button: input::game_button(button),
                        modifiers: input::game_modifiers(modifiers),
                    })?;
                }
            }
        }
        self.redraw_if_dirty()?;
        let screen = crate::budget::Screen {
            scale: transform.scale,
            pixels_per_point: ui.ctx().pixels_per_point(),
            canvas: game_api::Point::new(self.canvas.x, self.canvas.y),
            atlas_side: ui.input(|i| i.max_texture_side),
        };
        if self
            .plan
            .as_ref()
            .is_none_or(|(planned, _)| *planned != screen)
        {
            let plan = crate::budget::FramePlan::new(&self.drawing.shapes, screen);
            self.plan = Some((screen, plan));
            self.compose_warning();
        }
        if let Some((_, plan)) = &self.plan {
            EguiPainter::new(ui.painter(), transform)
                .with_pictures(&mut self.pictures)
                .replay_planned(&self.drawing.shapes, plan);
            self.pictures.end_frame();
        }
        if self.watch.greyed {
            // Not responding: the last frame, greyed.
            ui.painter().rect_filled(
                canvas_rect,
                0.0,
                ui.visuals().extreme_bg_color.gamma_multiply(0.7),
            );
        }
        // A picture file that cannot be shown is said once, beside the rest.
        if self.pictures.failures() != self.picture_problems.len() {
            self.picture_problems = self.pictures.problems();
            self.compose_warning();
        }
        Ok(())
    }

    /// Makes each of the game's labelled regions an accessibility node over
    /// its part of the canvas. A screen reader's (or a test's) "click" on
    /// one reaches the game as a primary click at the region's centre; a
    /// mouse click there is the canvas's, as anywhere on it.
    fn regions_ui(
        &mut self,
        ui: &mut egui::Ui,
        transform: CanvasTransform,
    ) -> Result<(), GameError> {
        let mut activated = None;
        for (index, region) in self.regions.iter().enumerate() {
            let rect = egui::Rect::from_min_size(
                transform.to_screen(region.min),
                Vec2::new(region.size.x, region.size.y) * transform.scale,
            );
            let id = egui::Id::unique(("game region", &self.dir_name, index));
            // Hover only: a clickable widget would take the keyboard focus
            // from the game on a mouse click. Its node still offers Click.
            let response = ui.interact(rect, id, Sense::hover());
            response
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &region.label));
            ui.ctx().accesskit_node_builder(id, |node| {
                node.add_action(egui::accesskit::Action::Click);
            });
            let asked =
                ui.input(|i| i.has_accesskit_action_request(id, egui::accesskit::Action::Click));
            if asked {
                activated = Some(region.center());
            }
        }
        if let Some(pos) = activated {
            let modifiers = game_api::Modifiers::NONE;
            let button = game_api::Button::Primary;
            self.send(&Event::PointerPress {
                pos,
                button,
                modifiers,
            })?;
            self.send(&Event::PointerRelease {
                pos,
                button,
                modifiers,
            })?;
        }
        Ok(())
    }

    /// The warning under the status line: what the host dropped from the
    /// frame, what the budget skipped, and the picture files that cannot be
    /// shown.
    fn compose_warning(&mut self) {
        let plan_warning = self.plan.as_ref().and_then(|(_, plan)| plan.describe());
        let parts: Vec<String> = self
            .draw_warning
            .iter()
            .cloned()
            .chain(plan_warning.map(|w| capitalised(&w)))
            .chain(self.picture_problems.iter().map(|p| capitalised(p) + "."))
            .collect();
        self.warning = (!parts.is_empty()).then(|| parts.join(" "));
    }
}

/// What a game control's shortcut key does (see `GameWindow::shortcut_for`).
enum ShortcutUse {
    /// Invokes the control `.0` with the value `.1`.
    Invoke(String, String),
    /// Nothing: the release of a shortcut, or a disabled control's key.
    Swallow,
}

/// The egui cursor of a game's `CURSOR_*` code; `None` for the default
/// arrow (egui's own choice stands).
fn cursor_icon(code: u32) -> Option<egui::CursorIcon> {
    match game_api::Cursor::from_raw(code) {
        game_api::Cursor::PointingHand => Some(egui::CursorIcon::PointingHand),
        game_api::Cursor::Grab => Some(egui::CursorIcon::Grab),
        game_api::Cursor::Grabbing => Some(egui::CursorIcon::Grabbing),
        game_api::Cursor::NotAllowed => Some(egui::CursorIcon::NotAllowed),
        _ => None,
    }
}

/// A sentence with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl std::fmt::Debug for GameWindow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameWindow")
            .field("dir_name", &self.dir_name)
            .field("title", &self.title)
            .finish()
    }
}
