//! The open games: the one lifecycle of a game window, for the console and
//! for `--play` alike. A game is opened from its catalog entry (loaded,
//! checked once this session, started), shown every frame in the root
//! window (`--play`) or a window of its own, and closed when the player
//! closes it or the game fails; what went wrong becomes a [`Notice`].

use crate::game_window::GameFiles;
use crate::game_window::{GameWindow, Outcome, RequestQueue};
use crate::window_memory::WindowMemory;
use egui::ViewportCommand;
use launcher_core::catalog::GameEntry;
use launcher_core::check::{CheckOutcome, SessionChecks, check_on_thread};
use launcher_core::loader::Loader;
use launcher_core::messages::{HelpRequest, Notice};
use launcher_core::midend::Finished;
use launcher_core::player::PlayerFiles;
use std::time::Duration;

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
    loader: Loader,
    checks: std::sync::Arc<SessionChecks>,
    /// How long a game may take to start, draw its first frame and close
    /// when it is checked before its first window.
    probe_timeout: Duration,
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
    /// No game open; a game's check before its first window may take
    /// `probe_timeout`.
    pub fn new(probe_timeout: Duration) -> Self {
        OpenGames {
            windows: Vec::new(),
            loader: Loader::new(),
            checks: Default::default(),
            probe_timeout,
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

    /// Opens the game of `entry` in `place`, or brings its window to the
    /// front if it is open: `Ok(true)` when a window was opened, `Ok(false)`
    /// when one was already. Says why a game cannot be opened.
    ///
    /// The first time a library's game is started in a session, it is first
    /// started, drawn and closed once on a thread of its own, waiting at
    /// most the probe timeout: a game that hangs there is not opened (the
    /// launcher would freeze with it).
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
        let library = self
            .loader
            .load(&library_path)
            .map_err(|e| Notice::error(format!("{name} cannot start: {e}")))?;
        let timeout = self.probe_timeout;
        match self
            .checks
            .check(&library_path, || check_on_thread(library.clone(), timeout))
        {
            CheckOutcome::Fine(_) => {}
            CheckOutcome::Broken(e) => {
                return Err(Notice::error(format!("{name} could not start: {e}")));
            }
            CheckOutcome::Hung(e) => {
                return Err(Notice::error(format!(
                    "{name} was not opened: {e}. It goes on running in the background until the launcher quits."
                )));
            }
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
        let mut window = GameWindow::start(library, entry, self.requests.clone(), ctx, files)
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

    /// Shows every open game for one frame, each in its place, and closes
    /// the ones that ended. Returns what the player should be told (a game
    /// that failed, or failed while closing; a saved game set aside) and
    /// the games won or lost.
    pub fn show(&mut self, ui: &mut egui::Ui) -> GamesShown {
        let ctx = ui.ctx().clone();
        let mut shown = GamesShown::default();
        let mut ended = Vec::new();
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
        let notices = &mut shown.notices;
        for (index, outcome) in ended.into_iter().rev() {
            let (window, place) = self.windows.remove(index);
            let name = window.name.clone();
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
    closed: Result<(), game_api::host::CallError>,
) -> Option<String> {
    const AGAIN: &str = "You can start it again from the console.";
    match (place, outcome, closed) {
        (_, Outcome::Running, _) | (_, Outcome::Closed, Ok(())) => None,
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
            eprintln!("launcher: {name} failed while closing: {error}");
            None
        }
    }
}
