//! The window's side of a game process: what the game asks of its host
//! (passed on from the process's messages), the game starting, stopped
//! (with its cause, Restart, Close and Details), or not responding (its
//! canvas greyed, Wait and Stop), using a lot of CPU while it still
//! answers (Let it run and Stop; see `game_host::usage`), and a rebuilt
//! library (Restart with the new version; by itself with `--dev`).
//!
//! Nothing here waits for the game longer than [`CALL_WAIT`]: a call that
//! gets no answer by then is given up on, the window sends nothing more
//! until the game has answered everything (its answer wakes the window),
//! and then reads it again. Reads given up on are not sent again: their
//! late answers are kept by the game process's handle while nothing that
//! may change the game is sent after them, and answer the same reads asked
//! again, so a game slower than a frame is shown and played, slowly, never
//! asked the same read for ever.

use super::{GameFiles, GameWindow, Outcome, RequestQueue, services, services::Signals};
use game_api::host::GameInstance;
use game_host::usage::{CpuLimit, CpuUse, DiskLimit, DiskUse, UsageWatch};
use game_host::{
    ExitCause, ExitReport, GameProcess, HostCommand, Notification, Options, ProcessError,
    ProcessState,
};
use launcher_core::catalog::GameEntry;
use launcher_core::library_copy::{LibraryCopies, LibraryCopy};
use launcher_core::messages::HelpRequest;
use launcher_core::running::{GameError, RunningGame};
use launcher_core::watch::{FileStamp, LibraryWatch};
use std::collections::VecDeque;
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;
use std::task::Poll;
use std::time::{Duration, Instant};

/// The longest a frame waits for one answer of a game process. Slower
/// answers are not lost: the window reads the game again once it answers,
/// and the late answers of reads answer those reads then.
pub const CALL_WAIT: Duration = Duration::from_millis(100);

/// How long a new window waits for its game to start before it opens
/// anyway (saying "Starting…"), so that a game that starts at once opens at
/// its own size.
const OPENING_WAIT: Duration = Duration::from_millis(500);

/// The most lines of the game's log kept for its Details.
const LOG_LINES: usize = 200;

/// What a crash-disabled game's window and console button say.
pub const DISABLED: &str =
    "crashed 3 times — disabled until you enable it again or its library changes";

/// How the launcher runs each game's process.
#[derive(Clone, Debug)]
pub struct ProcessSettings {
    /// The program that becomes a game process (the launcher itself, with
    /// its hidden `--game-host` flag).
    pub host: HostCommand,
    /// Each game process's memory limit in bytes (`None`: unlimited).
    pub memory_limit: Option<u64>,
    /// How long a game may leave a call unanswered before its window says
    /// it is not responding.
    pub answer_within: Duration,
    /// When a game that still answers is said to use a lot of CPU.
    pub cpu: CpuLimit,
    /// The quota of each game's data directory (`None`: none).
    pub disk: Option<DiskLimit>,
    /// Whether games run in their sandbox (off only with `--no-sandbox`).
    pub sandbox: bool,
    /// Whether a window restarts its game by itself when the game's
    /// library is rebuilt (`--dev`), instead of offering to.
    pub dev: bool,
    /// Where each game's library is copied before its process loads it,
    /// so that a library rewritten in place (`cp` over it) never crashes
    /// an open game (`None`: games run their library where it is).
    pub library_copies: Option<LibraryCopies>,
    /// The seed each window deals its first game from (`None`: a fresh
    /// one each time, as players get). Tests and tools fix it to open on
    /// a known game.
    pub first_seed: Option<u64>,
}

impl Default for ProcessSettings {
    fn default() -> ProcessSettings {
        ProcessSettings::this_launcher()
    }
}

impl ProcessSettings {
    /// The launcher running now as the game host, with the defaults.
    pub fn this_launcher() -> ProcessSettings {
        let program = std::env::current_exe().unwrap_or_else(|_| "plt-games".into());
        ProcessSettings::with_host(HostCommand::new(
            program,
            &[crate::game_process::GAME_HOST_FLAG],
        ))
    }

    /// `host` as the game host, with the defaults.
    pub fn with_host(host: HostCommand) -> ProcessSettings {
        ProcessSettings {
            host,
            memory_limit: Some(game_host::DEFAULT_MEMORY_LIMIT),
            answer_within: game_host::DEFAULT_ANSWER_WITHIN,
            cpu: CpuLimit::default(),
            disk: Some(DiskLimit::default()),
            sandbox: true,
            dev: false,
            library_copies: None,
            first_seed: None,
        }
    }
}

/// Where the game runs.
pub(super) enum Running {
    /// In this process (tests and tools that start a window from a loaded
    /// library).
    Here(GameInstance),
    /// In a process of its own (the console).
    Process(GameProcess),
}

impl Running {
    pub(super) fn game(&mut self) -> &mut dyn RunningGame {
        match self {
            Running::Here(instance) => instance,
            Running::Process(process) => process,
        }
    }

    pub(super) fn process(&self) -> Option<&GameProcess> {
        match self {
            Running::Here(_) => None,
            Running::Process(process) => Some(process),
        }
    }

    /// Whether the game still has calls to answer.
    pub(super) fn is_busy(&self) -> bool {
        self.process().is_some_and(GameProcess::is_busy)
    }

    pub(super) fn close(self) -> Result<(), GameError> {
        match self {
            Running::Here(instance) => Box::new(instance).close(),
            Running::Process(process) => Box::new(process).close(),
        }
    }
}

/// Where the game is in its life.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Life {
    /// Its process is loading it.
    Starting,
    /// Playing.
    Playing,
    /// Its process ended, for this reason.
    Stopped(ExitReport),
}

/// The window's watch on its game process.
#[derive(Default)]
pub(super) struct ProcessWatch {
    /// The player chose Wait: the prompt is not shown again until the game
    /// answers.
    waiting: bool,
    /// The Details of a stopped game are open.
    details: bool,
    /// The last lines the game logged (`Host::log`), for the Details.
    log: VecDeque<String>,
    /// The game's library, watched for a rebuild (game processes only).
    library: Option<LibraryWatch>,
    /// The private copy of the library the process runs, held (not
    /// cleaned away) while the window lives.
    library_copy: Option<LibraryCopy>,
    /// The library was rebuilt since the game started.
    rebuilt: bool,
    /// Restart by itself when rebuilt.
    dev: bool,
    /// The game may open one help window or browser page: it handles the
    /// player's click, key or control now, and has not opened one for it.
    /// So a game that asks for hundreds in one call opens one, and one that
    /// asks on a tick or a pointer move opens none.
    pub(super) help_allowed: bool,
    /// The help requests refused that way, told in the Details' log.
    help_refused: u64,
    /// The resume file the game is loading, until it has answered: if its
    /// process ends meanwhile, the file is set aside, so that the game does
    /// not crash at every start on it.
    pub(super) resuming: Option<std::path::PathBuf>,
    /// The game's process ended by itself, not yet told to the window's
    /// owner (which counts crashes).
    crashed: Option<ExitReport>,
    /// Why the console will not start the game again by itself (it crashed
    /// too often).
    disabled: Option<String>,
    /// The canvas is greyed this frame (not responding).
    pub(super) greyed: bool,
    /// The watch on the process's CPU (while it plays).
    usage: Option<UsageWatch>,
    /// The player chose Let it run: "using a lot of CPU" is not shown
    /// again until the game has been quieter for a while.
    cpu_allowed: bool,
    /// The player chose Keep playing over the data directory's quota.
    disk_allowed: bool,
    /// The console was told the game is over its quota.
    disk_told: bool,
}

impl ProcessWatch {
    pub(super) fn new() -> ProcessWatch {
        ProcessWatch::default()
    }
}

impl GameWindow {
    /// Starts the game of `entry` from its `library` in a process of its
    /// own, as `settings` say, and opens its window: once the game has
    /// started, or after a short wait, saying it is starting.
    pub fn spawn(
        settings: &ProcessSettings,
        library: &Path,
        entry: &GameEntry,
        requests: RequestQueue,
        ctx: &egui::Context,
        files: GameFiles,
    ) -> Result<GameWindow, GameError> {
        let waker: game_host::Waker = {
            let ctx = ctx.clone();
            Arc::new(move || ctx.request_repaint())
        };
        let disk = files.data.clone().zip(settings.disk);
        let options = Options {
            memory_limit: settings.memory_limit,
            answer_within: settings.answer_within,
            data_dir: files.data,
            pixels_per_point: ctx.pixels_per_point(),
            waker: Some(waker),
            sandbox: settings.sandbox,
            niceness: 0,
        };
        // The process runs a private, read-only copy; the window watches
        // the library itself for a new version.
        let library_copy = match &settings.library_copies {
            Some(copies) => Some(copies.copy_of(library).map_err(GameError::Process)?),
            None => None,
        };
        let run_from = library_copy.as_ref().map_or(library, LibraryCopy::path);
        let mut process = GameProcess::spawn(&settings.host, run_from, options)?;
        process.set_wait(CALL_WAIT);
        let usage = {
            let ctx = ctx.clone();
            UsageWatch::start(
                process.pid(),
                settings.cpu,
                disk,
                Some(Arc::new(move || ctx.request_repaint())),
            )
        };
        let mut window = GameWindow::new(
            Running::Process(process),
            entry,
            requests,
            ctx,
            files.save,
            Rc::new(Signals::default()),
        );
        window.watch.dev = settings.dev;
        window.first_seed = settings.first_seed;
        window.watch.usage = usage;
        window.watch.library_copy = library_copy;
        window.watch.library = Some({
            let ctx = ctx.clone();
            LibraryWatch::start(library, move |after| ctx.request_repaint_after(after))
        });
        window.poll_start(OPENING_WAIT)?;
        Ok(window)
    }

    /// The stamp of the library the game was started from, if it runs in
    /// a process and the file could be read.
    pub fn library_stamp(&self) -> Option<FileStamp> {
        self.watch.library.as_ref().and_then(LibraryWatch::stamp)
    }

    /// Why the game stopped, while its window shows it stopped.
    pub fn stopped(&self) -> Option<&ExitReport> {
        match &self.life {
            Life::Stopped(report) => Some(report),
            _ => None,
        }
    }

    /// Whether the window shows all the game's process has done: the game
    /// has started (or its window says why not), every call is answered,
    /// and the process's requests and end are taken in, and the resume
    /// file is written. A game in the console's own process is settled once
    /// its resume file is written. Tests wait for this instead
    /// of counting frames: a game process answers when it answers.
    pub fn is_settled(&self) -> bool {
        if self.saver.as_ref().is_some_and(|saver| !saver.is_idle()) {
            // The resume file is being written.
            return false;
        }
        let Some(process) = self.game.process() else {
            return true;
        };
        match &self.life {
            Life::Starting => false,
            Life::Stopped(_) => !process.has_notifications(),
            Life::Playing => {
                self.queued.is_empty()
                    && !process.is_busy()
                    && !process.has_notifications()
                    && !matches!(process.state(), ProcessState::Exited(_))
                    && !self.resync
            }
        }
    }

    /// Whether the game's process has ended, as its handle knows it (the
    /// window shows it on its next frame).
    pub fn process_ended(&self) -> bool {
        self.resume_crashed()
    }

    /// Whether the game's process is not responding now.
    pub fn is_not_responding(&self) -> bool {
        self.game
            .process()
            .is_some_and(|p| matches!(p.state(), ProcessState::NotResponding { .. }))
    }

    /// What the game's process asked of the CPU over the last window of
    /// its watch (`None` until a window has passed, and once it stopped).
    pub fn cpu_use(&self) -> Option<CpuUse> {
        self.watch.usage.as_ref().and_then(UsageWatch::cpu)
    }

    /// What the game's data directory held when last measured (`None`
    /// before, without a quota, and once it stopped).
    pub fn disk_use(&self) -> Option<DiskUse> {
        self.watch.usage.as_ref().and_then(UsageWatch::disk)
    }

    /// The game's process's id, if it runs in one.
    pub fn process_id(&self) -> Option<u32> {
        self.game.process().map(GameProcess::pid)
    }

    /// Takes how the game's process ended by itself (a crash, an abort, an
    /// exit), once, for the crash count.
    pub fn take_crash(&mut self) -> Option<ExitReport> {
        self.watch.crashed.take()
    }

    /// Marks the game as disabled for crashing too often: its window says
    /// so beside Restart.
    pub fn set_disabled(&mut self, why: Option<String>) {
        self.watch.disabled = why;
    }

    /// Whether the game could be called now: started, not stopped, and
    /// done with every earlier call.
    pub(super) fn can_call(&self) -> bool {
        self.life == Life::Playing && !self.game.is_busy()
    }

    /// Waits at most `wait` for the game to start; once it has, reads it.
    fn poll_start(&mut self, wait: Duration) -> Result<(), GameError> {
        let Some(process) = self.game.process().filter(|_| self.life == Life::Starting) else {
            return Ok(());
        };
        match process.started(wait) {
            Poll::Pending => Ok(()),
            // A read of an earlier try is still in flight: its answer wakes
            // the window and is used then, rather than asked again now.
            Poll::Ready(Ok(_)) if process.is_busy() => Ok(()),
            Poll::Ready(Ok(_)) => match self.begin() {
                Err(GameError::Process(_)) => {
                    self.resync = true;
                    Ok(())
                }
                other => other,
            },
            Poll::Ready(Err(ProcessError::Exited(report))) => {
                self.stop_with(report);
                Ok(())
            }
            Poll::Ready(Err(e)) => Err(e.into()),
        }
    }

    /// Whether the game's process has ended (while it loaded its resume
    /// file: see `ProcessWatch::resuming`).
    pub(super) fn resume_crashed(&self) -> bool {
        self.game
            .process()
            .is_some_and(|p| matches!(p.state(), ProcessState::Exited(_)))
    }

    /// Sets the resume file at `path` aside because `why`, and says so.
    pub(super) fn set_resume_aside(&mut self, path: &Path, why: &str) {
        // Nothing written after it is set aside.
        if let Some(saver) = &self.saver {
            saver.flush();
        }
        let message = launcher_core::saves::set_aside(path, why);
        self.notices
            .push(launcher_core::messages::Notice::warning(format!(
                "{}: {message}.",
                self.name
            )));
    }

    fn stop_with(&mut self, report: ExitReport) {
        if let Some(path) = self.watch.resuming.take() {
            self.set_resume_aside(
                &path,
                &format!("the game's process ended while loading it ({report})"),
            );
        }
        if !matches!(report.cause, ExitCause::Stopped | ExitCause::Closed) {
            self.watch.crashed = Some(report.clone());
        }
        self.life = Life::Stopped(report);
        self.watch.usage = None;
        self.ctx.request_repaint();
    }

    /// Keeps `line` in the game's log (its Details), the last
    /// [`LOG_LINES`] of them.
    fn log_line(&mut self, line: String) {
        if self.watch.log.len() == LOG_LINES {
            self.watch.log.pop_front();
        }
        self.watch.log.push_back(line);
    }

    /// Passes on the game's request for help if the player's action allows
    /// one now (see `ProcessWatch::help_allowed`); a refused one is logged.
    fn ask_for_help(&mut self, request: HelpRequest) {
        if std::mem::take(&mut self.watch.help_allowed) {
            self.requests.borrow_mut().push(request);
            return;
        }
        self.watch.help_refused += 1;
        if self.watch.help_refused.is_power_of_two() {
            self.log_line(format!(
                "the launcher refused {} help request(s): a game opens at most one help window \
                 or browser page per click, key or control of the player",
                self.watch.help_refused
            ));
        }
    }

    /// Passes on what the game process asked of its host since last
    /// looked: help, redraws, ticks, input kinds, new games, log lines.
    pub(super) fn pump(&mut self) {
        let Some(process) = self.game.process() else {
            return;
        };
        for notification in process.take_notifications() {
            match notification {
                Notification::ShowTextHelp { title, verbatim } => {
                    self.ask_for_help(HelpRequest::TextHelp {
                        game: self.dir_name.clone(),
                        title,
                        verbatim,
                    })
                }
                Notification::ShowManualSection(tag) => {
                    self.ask_for_help(HelpRequest::ManualSection {
                        game: self.dir_name.clone(),
                        tag,
                    })
                }
                Notification::RequestRedraw => self.signals.redraw.set(true),
                Notification::Log(line) => {
                    // To the terminal as the guide says, and kept for the
                    // Details of a crash.
                    services::print_log(&self.dir_name, &line);
                    self.log_line(line);
                }
                Notification::RequestTicks(interval) => self.signals.tick.set(interval),
                Notification::RequestInput(kinds) => self.signals.input.set(kinds),
                Notification::RequestNewGame => self.signals.new_game.set(true),
                Notification::ChooseFile(kind) => self.signals.choose_file.set(Some(kind)),
                Notification::RequestLayout(fill) => self.signals.layout.set(fill),
                Notification::SetCursor(cursor) => self.signals.cursor.set(cursor),
            }
        }
    }

    /// What a failed call means for the window: a game process that did
    /// not answer or ended keeps its window (it is read again, or shown
    /// stopped, next frame); any other failure closes it.
    pub(super) fn failed(&mut self, e: GameError) -> Outcome {
        match e {
            GameError::Process(_) if self.game.process().is_some() => {
                // The game's answer (or its end) wakes the window.
                self.resync = true;
                Outcome::Running
            }
            e => Outcome::Failed(e),
        }
    }

    /// Before the window's frame: how the process is. Returns the frame's
    /// outcome when the window shows the game starting or stopped instead
    /// of the game.
    pub(super) fn process_frame(&mut self, ui: &mut egui::Ui) -> Option<Outcome> {
        self.check_saved();
        self.game.process()?;
        let ctx = ui.ctx().clone();
        self.pump();
        // How the start went, before how the process ended: a game that
        // could not start says so and its process ends at once, and its
        // window closes saying why whichever of the two the frame sees
        // first (it used to stay, shown stopped, when the process's end
        // came before the frame: a slow start on a loaded machine).
        if let Err(e) = self.poll_start(Duration::ZERO) {
            // The same words whether the start failed before its window
            // opened or after (a loaded machine starts games more slowly).
            return Some(Outcome::CouldNotStart(e));
        }
        let state = self.game.process().map(GameProcess::state);
        if let Some(ProcessState::Exited(report)) = state.clone()
            && !matches!(self.life, Life::Stopped(_))
        {
            self.stop_with(report);
        }
        if !matches!(state, Some(ProcessState::NotResponding { .. })) {
            self.watch.waiting = false;
        }
        if let Some(at) = self.game.process().and_then(GameProcess::next_change) {
            // Wake when the game would become not responding.
            ctx.request_repaint_after(at.saturating_duration_since(Instant::now()));
        }
        if !self.watch.rebuilt
            && let Some(library) = &mut self.watch.library
        {
            match library.rebuilt() {
                Ok(rebuilt) => self.watch.rebuilt = rebuilt,
                Err(wait) => ctx.request_repaint_after(wait),
            }
        }
        if self.watch.rebuilt && self.watch.dev {
            return Some(Outcome::Restart);
        }
        match self.life.clone() {
            Life::Stopped(report) => return Some(self.stopped_ui(ui, &report)),
            Life::Starting => return Some(self.starting_ui(ui)),
            Life::Playing => {}
        }
        if self.resync && self.can_call() {
            self.resync = false;
            if let Err(e) = self.changed().and_then(|()| self.new_game_if_asked()) {
                return match self.failed(e) {
                    Outcome::Running => None,
                    outcome => Some(outcome),
                };
            }
            // It answered again: a resume file it was loading is fine.
            self.watch.resuming = None;
        }
        if let Err(e) = self.deliver_queued() {
            return match self.failed(e) {
                Outcome::Running => None,
                outcome => Some(outcome),
            };
        }
        None
    }

    /// The banners over a running game: not responding (Wait, Stop), and
    /// a rebuilt library (Restart with the new version). Returns Restart
    /// when asked.
    pub(super) fn banners_ui(&mut self, ui: &mut egui::Ui) -> Option<Outcome> {
        let process = self.game.process()?;
        let mut outcome = None;
        self.watch.greyed = false;
        if let ProcessState::NotResponding { since, during } = process.state() {
            self.watch.greyed = true;
            let name = self.name.clone();
            egui::Panel::top("game-not-responding").show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    let waited = since.elapsed().as_secs();
                    if self.watch.waiting {
                        ui.label(format!(
                            "Waiting for {name} to answer (no answer for {waited} s, {during})…"
                        ));
                    } else {
                        ui.colored_label(
                            ui.visuals().warn_fg_color,
                            format!("{name} is not responding"),
                        );
                        ui.label(format!("(no answer for {waited} s, {during})"));
                        if ui
                            .button("Wait")
                            .on_hover_text("Keep waiting for the game to answer")
                            .clicked()
                        {
                            self.watch.waiting = true;
                        }
                    }
                    if ui
                        .button("Stop")
                        .on_hover_text("End the game's process (only this game's)")
                        .clicked()
                    {
                        process.stop();
                    }
                });
            });
            // The seconds waited, kept current.
            ui.ctx().request_repaint_after(Duration::from_secs(1));
        }
        let busy = self.watch.usage.as_ref().and_then(UsageWatch::busy);
        if busy.is_none() {
            self.watch.cpu_allowed = false;
        }
        if let Some(busy) = busy
            && !self.watch.greyed
            && !self.watch.cpu_allowed
        {
            let name = self.name.clone();
            egui::Panel::top("game-busy").show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        format!("{name} is using a lot of CPU"),
                    );
                    ui.label(format!("({})", busy.describe()));
                    if ui
                        .button("Let it run")
                        .on_hover_text(
                            "Keep the game running and stop saying so while it stays busy",
                        )
                        .clicked()
                    {
                        self.watch.cpu_allowed = true;
                    }
                    if ui
                        .button("Stop")
                        .on_hover_text("End the game's process (only this game's)")
                        .clicked()
                    {
                        process.stop();
                    }
                });
            });
        }
        let hoarding = self
            .watch
            .usage
            .as_ref()
            .and_then(UsageWatch::disk)
            .filter(DiskUse::over_limit);
        if let Some(disk) = hoarding {
            let name = self.name.clone();
            let said = format!("{name} has written {}", disk.describe());
            if !std::mem::replace(&mut self.watch.disk_told, true) {
                self.notices
                    .push(launcher_core::messages::Notice::warning(format!(
                        "{said}: stop it from its window if it goes on."
                    )));
            }
            if !self.watch.disk_allowed {
                egui::Panel::top("game-disk").show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        ui.colored_label(ui.visuals().warn_fg_color, said);
                        if ui
                            .button("Keep playing")
                            .on_hover_text("Stop saying so for this game's window")
                            .clicked()
                        {
                            self.watch.disk_allowed = true;
                        }
                        if ui
                            .button("Stop")
                            .on_hover_text("End the game's process (only this game's)")
                            .clicked()
                        {
                            process.stop();
                        }
                    });
                });
            }
        }
        if self.watch.rebuilt {
            egui::Panel::top("game-rebuilt").show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label("The game was rebuilt —");
                    if ui.button("Restart with the new version").clicked() {
                        outcome = Some(Outcome::Restart);
                    }
                });
            });
        }
        outcome
    }

    /// The window of a game whose process is still starting.
    fn starting_ui(&mut self, ui: &mut egui::Ui) -> Outcome {
        let mut outcome = self.banners_ui(ui).unwrap_or(Outcome::Running);
        egui::CentralPanel::default().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!("Starting {}…", self.name));
            });
            if self.watch.greyed && ui.button("Close").clicked() {
                outcome = Outcome::Closed;
            }
        });
        if crate::viewport::close_requested(ui) {
            outcome = Outcome::Closed;
        }
        outcome
    }

    /// The window of a game whose process ended: why, in a player's words,
    /// with Restart, Close and the Details.
    fn stopped_ui(&mut self, ui: &mut egui::Ui, report: &ExitReport) -> Outcome {
        let mut outcome = Outcome::Running;
        let restart = if self.watch.rebuilt {
            "Restart with the new version"
        } else {
            "Restart"
        };
        egui::CentralPanel::default().show(ui, |ui| {
            ui.add_space(8.0);
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!("{} stopped: {}", self.name, report.summary()))
                        .heading(),
                )
                .wrap(),
            );
            if let Some(why) = &self.watch.disabled {
                ui.colored_label(ui.visuals().warn_fg_color, format!("{} {why}.", self.name));
            }
            if self.save_path.is_some() && self.midend.features().save {
                ui.label("Restart brings it back at its last move.");
            }
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                let label = if self.watch.disabled.is_some() {
                    "Enable and restart"
                } else {
                    restart
                };
                if ui.button(label).clicked() {
                    outcome = Outcome::Restart;
                }
                if ui.button("Close").clicked() {
                    outcome = Outcome::Closed;
                }
                ui.toggle_value(&mut self.watch.details, "Details");
            });
            if self.watch.details {
                ui.separator();
                egui::ScrollArea::vertical().show(ui, |ui| {
                    let mut details = report.details();
                    if !self.watch.log.is_empty() {
                        details.push_str("\nWhat it logged:\n");
                        for line in &self.watch.log {
                            details.push_str(line);
                            details.push('\n');
                        }
                    }
                    ui.add(egui::Label::new(egui::RichText::new(details).monospace()).wrap());
                });
            }
        });
        if crate::viewport::close_requested(ui) {
            outcome = Outcome::Closed;
        }
        outcome
    }
}
