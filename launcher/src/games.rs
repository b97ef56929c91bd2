//! The open games: the one lifecycle of a game window, for the console and
//! for `--play` alike. A game is opened from its catalog entry (started in
//! a process of its own: the console never loads game code), shown every
//! frame in the root window (`--play`) or a window of its own, restarted
//! when the player asks (its process ended, or its library was rebuilt),
//! and closed when the player closes it or the game fails; what went wrong
//! becomes a [`Notice`]. A game that crashes three times within a minute is
//! disabled until the player enables it again or its library changes.

use crate::game_window::{DISABLED, GameFiles, ProcessSettings};
use crate::game_window::{GameWindow, Outcome, RequestQueue};
use crate::window_memory::WindowMemory;
use egui::{ViewportCommand, ViewportId};
use launcher_core::catalog::GameEntry;
use launcher_core::check::SessionChecks;
use launcher_core::messages::{HelpRequest, Notice};
use launcher_core::midend::Finished;
use launcher_core::player::PlayerFiles;
use launcher_core::running::GameError;
use launcher_core::watch::FileStamp;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How many crashes within [`CRASH_WINDOW`] disable a game.
pub const CRASHES_TO_DISABLE: usize = 3;

/// The time within which [`CRASHES_TO_DISABLE`] crashes disable a game.
pub const CRASH_WINDOW: Duration = Duration::from_secs(60);

/// Where a game's window is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WindowPlace {
    /// A native window of its own beside the console (an embedded egui
    /// window where the backend has no viewports).
    OwnWindow,
    /// The launcher's root window (`--play`): closing the game closes the
    /// launcher.
    Root,
}

/// Every open game, and what it takes to open one.
pub struct OpenGames {
    windows: Vec<(GameWindow, WindowPlace)>,
    /// The console's background checks (each in a child process).
    checks: std::sync::Arc<SessionChecks>,
    /// How each game's process runs.
    settings: ProcessSettings,
    /// When each game's process ended by itself lately, by game directory.
    crashes: HashMap<String, Vec<Instant>>,
    /// The games disabled for crashing too often, with the stamp of the
    /// library that crashed (a new library enables the game again).
    disabled: HashMap<String, Option<FileStamp>>,
    /// What games and their Help menus ask of the launcher.
    requests: RequestQueue,
    /// The player's directories: where games that save are kept between
    /// runs, and where each game keeps its own files; `None` keeps nothing
    /// (tests, a machine without them).
    player: Option<PlayerFiles>,
    /// Where the game windows were last.
    places: WindowMemory,
}

/// What a frame of the open games produced for the rest of the launcher.
#[derive(Debug, Default)]
pub struct GamesShown {
    /// What the player should be told.
    pub notices: Vec<Notice>,
    /// Games won or lost this frame, by game directory name.
    pub finished: Vec<(String, Finished)>,
}

impl OpenGames {
    /// No game open; games will run as `settings` say.
    pub fn new(settings: ProcessSettings) -> Self {
        OpenGames {
            windows: Vec::new(),
            checks: Default::default(),
            settings,
            crashes: HashMap::new(),
            disabled: HashMap::new(),
            requests: RequestQueue::default(),
            player: None,
            places: WindowMemory::default(),
        }
    }

    /// Opens game windows where `windows` remembers them, and keeps their
    /// places there.
    pub fn remember_windows_in(&mut self, places: WindowMemory) {
        self.places = places;
    }

    /// What was checked this session, shared with the console's background
    /// checks: a game that passed there is not checked again when opened.
    pub fn checks(&self) -> &std::sync::Arc<SessionChecks> {
        &self.checks
    }

    /// Keeps the positions of games that save in the player's state
    /// directory (see [`launcher_core::saves`]), so they resume where they
    /// were left, and gives each game a data directory of its own.
    pub fn keep_games_for(&mut self, player: PlayerFiles) {
        self.player = Some(player);
    }

    /// The open game windows.
    pub fn windows(&self) -> impl Iterator<Item = &GameWindow> {
        self.windows.iter().map(|(window, _)| window)
    }

    /// How many games are open.
    pub fn len(&self) -> usize {
        self.windows.len()
    }

    /// Whether no game is open.
    pub fn is_empty(&self) -> bool {
        self.windows.is_empty()
    }

    /// The open game of the directory `dir_name`.
    pub fn find_mut(&mut self, dir_name: &str) -> Option<&mut GameWindow> {
        self.windows
            .iter_mut()
            .map(|(window, _)| window)
            .find(|w| w.dir_name == dir_name)
    }

    /// A pointer move between passes over the window of `viewport_id`
    /// (the root's for a game shown there): whether its game window took
    /// it (see `GameWindow::pointer_moved_between_passes`).
    pub fn pointer_moved_between_passes(
        &mut self,
        viewport_id: ViewportId,
        pos: egui::Pos2,
    ) -> bool {
        let shown_in = |(window, place): &(GameWindow, WindowPlace)| match place {
            WindowPlace::Root => viewport_id == ViewportId::ROOT,
            WindowPlace::OwnWindow => window.viewport_id == viewport_id,
        };
        self.windows
            .iter_mut()
            .find(|entry| shown_in(entry))
            .is_some_and(|(window, _)| window.pointer_moved_between_passes(pos))
    }

    /// Opens the game of `entry` in `place`, or brings its window to the
    /// front if it is open: `Ok(true)` when a window was opened, `Ok(false)`
    /// when one was already. Says why a game cannot be opened.
    ///
    /// The game starts in a process of its own; its window opens at once
    /// and says so if the game crashes or hangs while it starts.
    pub fn open(
        &mut self,
        ctx: &egui::Context,
        entry: &GameEntry,
        place: WindowPlace,
    ) -> Result<bool, Notice> {
        if let Some((open, _)) = self
            .windows
            .iter()
            .find(|(w, _)| w.dir_name == entry.dir_name)
        {
            ctx.send_viewport_cmd_to(open.viewport_id, ViewportCommand::Focus);
            return Ok(false);
        }
        let name = &entry.name;
        let library_path = match (&entry.library, entry.first_error()) {
            (Some(path), None) => path.clone(),
            (_, Some(problem)) => {
                return Err(Notice::error(format!("{name} cannot start: {problem}")));
            }
            (None, None) => {
                return Err(Notice::error(format!(
                    "{name} cannot start: it has no library"
                )));
            }
        };
        if let Some(stamp) = self.disabled.get(&entry.dir_name) {
            if *stamp == FileStamp::of(&library_path) {
                return Err(Notice::error(format!(
                    "{name} {DISABLED}. To play it anyway, right-click its button and choose Enable again."
                )));
            }
            // A new library: the game gets a new chance.
            self.enable(&entry.dir_name);
        }
        let files = GameFiles {
            save: self
                .player
                .as_ref()
                .map(|p| launcher_core::saves::save_path(&p.state_dir, &entry.dir_name)),
            data: self
                .player
                .as_ref()
                .map(|p| p.game_data_dir(&entry.dir_name)),
        };
        let mut window = GameWindow::spawn(
            &self.settings,
            &library_path,
            entry,
            self.requests.clone(),
            ctx,
            files,
        )
        .map_err(|e| Notice::error(format!("{name} could not start: {e}")))?;
        if place == WindowPlace::OwnWindow {
            window.remember_window_in(self.places.clone());
        }
        if place == WindowPlace::Root {
            window.show_in_root();
            ctx.send_viewport_cmd(ViewportCommand::InnerSize(
                window.viewport_builder().inner_size.unwrap_or_default(),
            ));
        }
        self.windows.push((window, place));
        Ok(true)
    }

    /// Whether the game in `dir_name` is disabled for crashing too often
    /// (and why, for its button).
    pub fn disabled(&self, dir_name: &str) -> Option<&'static str> {
        self.disabled.contains_key(dir_name).then_some(DISABLED)
    }

    /// The games disabled for crashing too often, by directory name.
    pub fn disabled_games(&self) -> impl Iterator<Item = &str> {
        self.disabled.keys().map(String::as_str)
    }

    /// Enables a game disabled for crashing too often: it may be opened
    /// again, and its crashes are counted afresh.
    pub fn enable(&mut self, dir_name: &str) {
        self.disabled.remove(dir_name);
        self.crashes.remove(dir_name);
        if let Some(window) = self.find_mut(dir_name) {
            window.set_disabled(None);
        }
    }

    /// Counts a crash of the game in `dir_name`: the third within
    /// [`CRASH_WINDOW`] disables it. Returns whether it is disabled now.
    fn count_crash(&mut self, dir_name: &str, stamp: Option<FileStamp>) -> bool {
        let now = Instant::now();
        let times = self.crashes.entry(dir_name.to_owned()).or_default();
        times.retain(|t| now.duration_since(*t) < CRASH_WINDOW);
        times.push(now);
        if times.len() >= CRASHES_TO_DISABLE {
            self.disabled.insert(dir_name.to_owned(), stamp);
            true
        } else {
            false
        }
    }

    /// Shows every open game for one frame, each in its place, and closes
    /// the ones that ended. Returns what the player should be told (a game
    /// that failed, or failed while closing; a saved game set aside) and
    /// the games won or lost.
    pub fn show(&mut self, ui: &mut egui::Ui) -> GamesShown {
        let ctx = ui.ctx().clone();
        let mut shown = GamesShown::default();
        let mut ended = Vec::new();
        let mut crashed = Vec::new();
        for (index, (window, place)) in self.windows.iter_mut().enumerate() {
            let outcome = match place {
                WindowPlace::Root => window.ui(ui),
                WindowPlace::OwnWindow => ctx.show_viewport_immediate(
                    window.viewport_id,
                    if ctx.embed_viewports() {
                        window.embedded_viewport_builder()
                    } else {
                        window.viewport_builder()
                    },
                    |ui, _class| window.ui(ui),
                ),
            };
            shown.notices.extend(window.take_notices());
            let dir_name = window.dir_name.clone();
            if let Some(report) = window.take_crash() {
                crashed.push((dir_name.clone(), window.library_stamp(), report));
            }
            shown.finished.extend(
                window
                    .take_finished()
                    .into_iter()
                    .map(|f| (dir_name.clone(), f)),
            );
            if outcome != Outcome::Running {
                ended.push((index, outcome));
            }
        }
        for (dir_name, stamp, report) in crashed {
            if self.count_crash(&dir_name, stamp)
                && let Some(window) = self.find_mut(&dir_name)
            {
                window.set_disabled(Some(DISABLED.to_owned()));
                let name = window.name.clone();
                shown.notices.push(Notice::error(format!(
                    "{name} {DISABLED} (last: {report})."
                )));
            }
        }
        let mut restarts = Vec::new();
        let notices = &mut shown.notices;
        for (index, outcome) in ended.into_iter().rev() {
            let (window, place) = self.windows.remove(index);
            let name = window.name.clone();
            if outcome == Outcome::Restart {
                // Restarting is the player's "enable it again".
                let entry = window.entry().clone();
                if let Err(e) = window.close() {
                    notices.push(Notice::warning(format!(
                        "{name} failed while closing for its restart: {e}."
                    )));
                }
                restarts.push((entry, place));
                continue;
            }
            // Close explicitly, so a game that fails while closing is reported.
            let closed = window.close();
            let player_closed = outcome == Outcome::Closed;
            if let Some(text) = ended_notice(&name, place, outcome, closed) {
                notices.push(Notice::error(text));
            }
            if place == WindowPlace::Root && player_closed {
                // The player closed the game: the launcher goes with it.
                ctx.send_viewport_cmd(ViewportCommand::Close);
            }
        }
        for (entry, place) in restarts.into_iter().rev() {
            // Restarting a disabled game is the player's "enable it again".
            if self.disabled.contains_key(&entry.dir_name) {
                self.enable(&entry.dir_name);
            }
            if let Err(notice) = self.open(&ctx, &entry, place) {
                shown.notices.push(notice);
            }
        }
        shown
    }

    /// The help requests games and their windows made since last asked.
    pub fn take_requests(&mut self) -> Vec<HelpRequest> {
        std::mem::take(&mut *self.requests.borrow_mut())
    }

    /// Queues a help request as a game would make it.
    pub fn request(&mut self, request: HelpRequest) {
        self.requests.borrow_mut().push(request);
    }
}

/// What the player is told when a game's window ended, if anything: in the
/// console, that the game can be started again; in the root window, why
/// it stopped. A root game that the player closed, and that then failed
/// while closing, is told on stderr: its window is already gone.
fn ended_notice(
    name: &str,
    place: WindowPlace,
    outcome: Outcome,
    closed: Result<(), GameError>,
) -> Option<String> {
    const AGAIN: &str = "You can start it again from the console.";
    match (place, outcome, closed) {
        (_, Outcome::Running | Outcome::Restart, _) | (_, Outcome::Closed, Ok(())) => None,
        // Closing a game that never started only says again why it did not.
        (_, Outcome::CouldNotStart(error), _) => Some(format!("{name} could not start: {error}")),
        (WindowPlace::OwnWindow, Outcome::Failed(error), Ok(())) => {
            Some(format!("{name} was closed: {error}. {AGAIN}"))
        }
        (WindowPlace::OwnWindow, Outcome::Failed(error), Err(also)) => Some(format!(
            "{name} was closed: {error}; then, while closing: {also}. {AGAIN}"
        )),
        (WindowPlace::OwnWindow, Outcome::Closed, Err(error)) => Some(format!(
            "{name} failed while closing: {error}. Its window is closed; you can start it again from the console."
        )),
        (WindowPlace::Root, Outcome::Failed(error), _) => {
            Some(format!("{name} was closed: {error}"))
        }
        (WindowPlace::Root, Outcome::Closed, Err(error)) => {
            launcher_core::terminal::say(&format!(
                "plt-games: {name} failed while closing: {error}"
            ));
            None
        }
    }
}
