//! The launcher application: the console or, with `--play`, one game in
//! the root window; the open games; the help windows; the catalog kept up
//! to date. Each frame the console says what the player asked for
//! ([`ConsoleAsks`]), the open games are shown ([`OpenGames`]), and the
//! help requests of games and menus become help windows.

use crate::check::{CheckOutcome, Checker};
use crate::console::{Console, ConsoleAsks, ConsoleView};
use crate::game_window::GameWindow;
use crate::games::{OpenGames, WindowPlace};
use crate::help_viewer::{self, HelpWindows};
use crate::window_memory::WindowMemory;
use launcher_core::catalog::{Catalog, SearchPath};
use launcher_core::messages::{HelpRequest, Notice, Severity};
use launcher_core::player::{
    self, PlayHistory, PlayerFiles, Settings, ThemeChoice, WindowGeometry,
};
use launcher_core::watch::{self, GamesWatcher};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Where the launcher looks for games and their libraries.
#[derive(Clone, Debug, Default)]
pub struct LauncherConfig {
    /// The games directories, in order of precedence.
    pub search: SearchPath,
    /// Where libraries are looked for after each game's own directory.
    pub library_dirs: Vec<PathBuf>,
    /// Whether the console watches the games directories and rescans when a
    /// game is added, removed or changed (see [`crate::watch`]).
    pub watch_games_dirs: bool,
    /// How each game's process runs: the game host program, its memory
    /// limit, how long before a silent game is not responding, the
    /// sandbox, and `--dev`'s restart on a rebuild.
    pub processes: crate::game_window::ProcessSettings,
    /// Where the player's settings and play history are kept; `None`
    /// remembers nothing (tests and tools): no play is recorded,
    /// and favourites last only while the console is open.
    pub player: Option<PlayerFiles>,
    /// How the console checks every game in the background, each in a child
    /// process, so that a game known to be broken (built for another ABI
    /// version, crashing as it loads) is marked before it is clicked;
    /// `None` checks a game only when it is opened (tests and tools).
    pub checker: Option<Checker>,
}

/// The default of [`LauncherConfig::probe_timeout`] and of `--probe-timeout`.
pub const DEFAULT_PROBE_TIMEOUT: Duration = Duration::from_secs(5);

impl LauncherConfig {
    /// Only the given games directories, with libraries looked for only in
    /// each game's own directory: for tests and tools.
    pub fn only_games_dirs<P: Into<PathBuf>>(dirs: impl IntoIterator<Item = P>) -> Self {
        LauncherConfig {
            search: SearchPath::only(dirs),
            library_dirs: Vec::new(),
            watch_games_dirs: false,
            processes: crate::game_window::ProcessSettings::this_launcher(),
            player: None,
            checker: None,
        }
    }
}

/// What the root window shows.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Mode {
    /// The console, with each game in a window of its own.
    Console,
    /// `--play`: this game, in the root window; `started` once it was
    /// opened (or failed to).
    Play { dir_name: String, started: bool },
}

/// The launcher application: the console and every open game.
pub struct LauncherApp {
    config: LauncherConfig,
    mode: Mode,
    catalog: Catalog,
    console: Console,
    games: OpenGames,
    notices: Vec<Notice>,
    help: HelpWindows,
    /// The watch on the games directories, once the console has started it.
    watcher: Option<GamesWatcher>,
    watch_started: bool,
    /// A rescan running on a thread of its own, so that a long search path
    /// never blocks the console; the catalog shown is replaced when it ends.
    scanning: Option<std::sync::mpsc::Receiver<Catalog>>,
    /// Another rescan was asked for while one ran.
    rescan_again: bool,
    /// The console's context, to wake it when a rescan ends.
    waker: Option<egui::Context>,
    /// Whether the launcher's text colours were set (on the first frame).
    styled: bool,
    /// The player's settings (theme, the console's window).
    settings: Settings,
    /// What the player played, and the favourites.
    plays: PlayHistory,
    /// Where the game and help windows were (shared with them).
    windows: WindowMemory,
    /// Whether the games open at the last close were opened again.
    reopened: bool,
    /// Set when `--play`'s game could not start or failed (see
    /// [`LauncherApp::play_failed`]).
    play_failed: Arc<AtomicBool>,
    /// `--open`: the saved game the `--play` game opens once it started.
    open_on_start: Option<std::path::PathBuf>,
    /// The background checks of the catalog's games, while they run.
    checking: Option<std::sync::mpsc::Receiver<(String, CheckOutcome)>>,
    /// Whether the catalog shown has been sent to be checked.
    checks_started: bool,
    /// Whether the console has drawn its first frame: the checks start
    /// after it, so that a large collection never delays the window.
    first_frame_drawn: bool,
    /// Why each game known to be broken cannot start, by directory name.
    known_broken: std::collections::HashMap<String, String>,
    /// The settings as last written, to write only what changed.
    saved_settings: Settings,
    /// How games run here, for the About box: facts, each with its label.
    about: Vec<(&'static str, String)>,
}

impl LauncherApp {
    /// Scans the catalog. Loads no library.
    pub fn new(config: LauncherConfig) -> Self {
        let catalog = Catalog::scan(&config.search, &config.library_dirs);
        let mut notices = Vec::new();
        let (settings, plays) = match &config.player {
            Some(files) => {
                let (settings, problem) = player::load::<Settings>(&files.settings_path());
                notices.extend(problem.map(Notice::warning));
                let (plays, problem) = player::load::<PlayHistory>(&files.plays_path());
                notices.extend(problem.map(Notice::warning));
                (settings, plays)
            }
            None => Default::default(),
        };
        let mut console = Console::default();
        if settings.console_window.is_some_and(|w| w.is_sane()) {
            // The player's own size wins over fitting to the content.
            console.keep_size();
        }
        let windows = WindowMemory::new(&settings.windows);
        let mut games = OpenGames::new(config.processes.clone());
        games.remember_windows_in(windows.clone());
        if let Some(files) = &config.player {
            games.keep_games_for(files.clone());
        }
        let mut help = HelpWindows::new(help_viewer::default_cache_dir());
        help.remember_windows_in(windows.clone());
        let sandbox = game_host::sandbox::on_this_system(config.processes.sandbox);
        // Said once, as the console opens; the About box says it always.
        notices.extend(sandbox.player_note().map(Notice::warning));
        let about = about_facts(&config, &sandbox);
        LauncherApp {
            about,
            games,
            config,
            mode: Mode::Console,
            catalog,
            console,
            notices,
            help,
            windows,
            reopened: false,
            play_failed: Arc::default(),
            open_on_start: None,
            checking: None,
            checks_started: false,
            first_frame_drawn: false,
            known_broken: Default::default(),
            watcher: None,
            watch_started: false,
            scanning: None,
            rescan_again: false,
            waker: None,
            styled: false,
            saved_settings: settings.clone(),
            settings,
            plays,
        }
    }

    /// A flag that becomes true when the game of `--play` could not start or
    /// failed: the launcher then exits with a failure once its window closed.
    pub fn play_failed(&self) -> Arc<AtomicBool> {
        self.play_failed.clone()
    }

    /// Runs one game in the root window instead of the console (`--play`).
    pub fn play_only(mut self, dir_name: &str) -> Self {
        self.mode = Mode::Play {
            dir_name: dir_name.to_owned(),
            started: false,
        };
        self
    }

    /// Opens the saved game at `path` in the game of `--play` once it has
    /// started (`--open FILE.pltgame`); a file it cannot open is said in
    /// its window, which plays on.
    pub fn open_saved_game_on_start(mut self, path: std::path::PathBuf) -> Self {
        self.open_on_start = Some(path);
        self
    }

    /// Uses these help windows (with their cache directory and launcher
    /// manual, see [`HelpWindows::new`]) instead of the default ones.
    pub fn with_help_windows(mut self, help: HelpWindows) -> Self {
        self.help = help;
        self
    }

    /// The catalog shown in the console.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The games open now.
    pub fn open_games(&self) -> Vec<&GameWindow> {
        self.games.windows().collect()
    }

    /// An open game, to drive it from tests and tools.
    pub fn open_game_mut(&mut self, dir_name: &str) -> Option<&mut GameWindow> {
        self.games.find_mut(dir_name)
    }

    /// What the player played, and the favourites.
    pub fn plays(&self) -> &PlayHistory {
        &self.plays
    }

    /// The player's settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Where the console's window should open, as the player left it.
    pub fn console_window(&self) -> Option<WindowGeometry> {
        self.settings.console_window.filter(WindowGeometry::is_sane)
    }

    /// The messages shown in the console.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// The open help windows.
    pub fn help_windows(&self) -> &HelpWindows {
        &self.help
    }

    /// The open help windows, to drive them from tests and tools.
    pub fn help_windows_mut(&mut self) -> &mut HelpWindows {
        &mut self.help
    }

    /// Asks the launcher for help as a game does through its host table;
    /// it is handled at the end of the next frame.
    pub fn request_help(&mut self, request: HelpRequest) {
        self.games.request(request);
    }

    /// Opens the game in the directory `dir_name` in a window of its own,
    /// or brings its window to the front if it is open. Failures become
    /// notices (see [`OpenGames::open`]).
    pub fn open_game(&mut self, ctx: &egui::Context, dir_name: &str) {
        self.open_game_in(ctx, dir_name, WindowPlace::OwnWindow);
    }

    fn open_game_in(&mut self, ctx: &egui::Context, dir_name: &str, place: WindowPlace) {
        let Some(entry) = self.catalog.find(dir_name) else {
            self.notices.push(Notice::error(format!(
                "There is no game directory named {dir_name:?} on the search path."
            )));
            return;
        };
        match self.games.open(ctx, entry, place) {
            Ok(true) if self.config.player.is_some() => {
                self.plays.record_play(dir_name, player::now());
                self.save_plays();
            }
            Ok(_) => {}
            Err(notice) => self.notices.push(notice),
        }
    }

    /// Marks or unmarks a game as a favourite, and remembers it.
    pub fn set_favourite(&mut self, dir_name: &str, favourite: bool) {
        self.plays.set_favourite(dir_name, favourite);
        self.save_plays();
    }

    /// Forgets what was played (of one game, or of all); favourites stay.
    pub fn reset_statistics(&mut self, dir_name: Option<&str>) {
        match dir_name {
            Some(dir_name) => self.plays.reset(dir_name),
            None => self.plays.reset_all(),
        }
        self.save_plays();
    }

    /// Uses this theme in every window, and remembers it.
    pub fn set_theme(&mut self, ctx: &egui::Context, theme: ThemeChoice) {
        self.settings.theme = theme;
        apply_theme(ctx, theme);
        self.save_settings();
    }

    fn save_plays(&mut self) {
        if let Some(files) = &self.config.player
            && let Err(e) = player::save(&files.plays_path(), &self.plays)
        {
            self.notices.push(Notice::warning(format!(
                "What you played cannot be remembered: {e}"
            )));
        }
    }

    fn save_settings(&mut self) {
        self.settings.windows = self.windows.places();
        if matches!(self.mode, Mode::Console) {
            self.settings.open_games = self.games.windows().map(|w| w.dir_name.clone()).collect();
        }
        if self.settings == self.saved_settings {
            return;
        }
        if let Some(files) = &self.config.player {
            match player::save(&files.settings_path(), &self.settings) {
                Ok(()) => self.saved_settings = self.settings.clone(),
                Err(e) => self.notices.push(Notice::warning(format!(
                    "Your settings cannot be remembered: {e}"
                ))),
            }
        }
    }

    /// Follows the console's window: its place and size are remembered
    /// when the player closes it.
    fn follow_console_window(&mut self, ctx: &egui::Context) {
        if let Some(geometry) = crate::window_memory::geometry_now(ctx) {
            self.settings.console_window = Some(geometry);
        }
        let closing = ctx.input(|i| i.viewport().close_requested());
        if closing {
            self.save_settings();
        }
    }

    /// Scans the games directories again, on a thread of its own: the
    /// console keeps answering, and shows the new catalog when the scan
    /// ends ([`LauncherApp::is_scanning`] until then). A rescan asked for
    /// while one runs starts when it ends, so no change is missed.
    pub fn rescan(&mut self) {
        if self.scanning.is_some() {
            self.rescan_again = true;
            return;
        }
        let (sender, receiver) = std::sync::mpsc::channel();
        let search = self.config.search.clone();
        let library_dirs = self.config.library_dirs.clone();
        let waker = self.waker.clone();
        let spawned = std::thread::Builder::new()
            .name("rescan".into())
            .spawn(move || {
                let _ = sender.send(Catalog::scan(&search, &library_dirs));
                if let Some(ctx) = waker {
                    ctx.request_repaint();
                }
            });
        match spawned {
            Ok(_) => self.scanning = Some(receiver),
            // No thread to be had: scan here rather than not at all.
            Err(_) => self.show_catalog(Catalog::scan(
                &self.config.search,
                &self.config.library_dirs,
            )),
        }
    }

    /// Whether a rescan is running.
    pub fn is_scanning(&self) -> bool {
        self.scanning.is_some()
    }

    /// Whether the windows are as the player will see them: settled
    /// ([`LauncherApp::is_settled`]) and each game window fitted to its
    /// canvas. `--screenshot` waits for it.
    pub fn is_at_rest(&self) -> bool {
        self.is_settled() && !self.games.windows().any(|w| w.is_fitting())
    }

    /// Whether the console shows all that its games have done so far: no
    /// rescan runs, no manual viewer waits for a picture it asked its
    /// thread for, and each game window has had every answer of its game's
    /// process, or shows it not responding ([`GameWindow::is_settled`]).
    /// Background checks are not waited for (a check of a hanging game
    /// takes its whole time limit); see [`LauncherApp::known_broken`].
    pub fn is_settled(&self) -> bool {
        !self.is_scanning()
            && !self.help.pictures_loading()
            && self
                .games
                .windows()
                .all(|w| w.is_settled() || w.is_not_responding())
    }

    /// Takes the result of a finished rescan, if any.
    fn poll_rescan(&mut self, ctx: &egui::Context) {
        let Some(receiver) = &self.scanning else {
            return;
        };
        match receiver.try_recv() {
            Ok(catalog) => {
                self.scanning = None;
                self.show_catalog(catalog);
                if std::mem::take(&mut self.rescan_again) {
                    self.rescan();
                }
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => {
                // The scanning thread wakes the console; this is only a net.
                ctx.request_repaint_after(Duration::from_millis(100));
            }
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                self.scanning = None;
                self.notices.push(Notice::error(
                    "Rescanning the games directories failed unexpectedly; press F5 to try again.",
                ));
            }
        }
    }

    /// Checks every playable game of the catalog in the background (once per
    /// catalog shown), and takes in what the checks found: a game that
    /// cannot start is marked in the console with the reason.
    fn follow_checks(&mut self, ctx: &egui::Context) {
        if !self.first_frame_drawn {
            // This is the first frame: check from the next one.
            self.first_frame_drawn = true;
            ctx.request_repaint();
            return;
        }
        if !self.checks_started
            && let Some(checker) = &self.config.checker
        {
            self.checks_started = true;
            self.known_broken.clear();
            let libraries: Vec<(String, PathBuf)> = self
                .catalog
                .games
                .iter()
                .filter(|g| g.first_error().is_none())
                .filter_map(|g| Some((g.dir_name.clone(), g.library.clone()?)))
                .collect();
            let (sender, receiver) = std::sync::mpsc::channel();
            let waker = ctx.clone();
            let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
            launcher_core::check::check_in_background(
                checker,
                self.games.checks(),
                libraries,
                jobs,
                sender,
                Arc::new(move || waker.request_repaint()),
            );
            self.checking = Some(receiver);
        }
        let Some(receiver) = &self.checking else {
            return;
        };
        loop {
            match receiver.try_recv() {
                Ok((dir_name, CheckOutcome::Broken(why) | CheckOutcome::Hung(why))) => {
                    self.known_broken.insert(dir_name, why);
                }
                Ok(_) => {}
                Err(std::sync::mpsc::TryRecvError::Empty) => break,
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    self.checking = None;
                    break;
                }
            }
        }
    }

    /// Whether the background checks of the catalog's games are still
    /// running (or have not started: they start on the first frame).
    pub fn is_checking(&self) -> bool {
        self.config.checker.is_some() && (!self.checks_started || self.checking.is_some())
    }

    /// Why the game in `dir_name` cannot start, when a background check
    /// found it out before the player clicked it.
    pub fn known_broken(&self, dir_name: &str) -> Option<&str> {
        self.known_broken.get(dir_name).map(String::as_str)
    }

    /// Shows a freshly scanned catalog.
    fn show_catalog(&mut self, catalog: Catalog) {
        self.catalog = catalog;
        // What was known of the old catalog's libraries may have changed.
        self.checks_started = false;
        self.console.catalog_changed();
        if let Some(watcher) = &mut self.watcher {
            watcher.watch(watch::directories_to_watch(
                &self.config.search,
                &self.catalog,
            ));
        }
    }

    /// The watch on the games directories, if the console runs one.
    pub fn watcher(&self) -> Option<&GamesWatcher> {
        self.watcher.as_ref()
    }

    /// Starts watching the games directories on the console's first frame,
    /// and rescans once a change has settled.
    fn follow_games_dirs(&mut self, ctx: &egui::Context) {
        if !self.config.watch_games_dirs {
            return;
        }
        if !self.watch_started {
            self.watch_started = true;
            let waker = ctx.clone();
            match GamesWatcher::start(move |after| waker.request_repaint_after(after)) {
                Ok(mut watcher) => {
                    watcher.watch(watch::directories_to_watch(
                        &self.config.search,
                        &self.catalog,
                    ));
                    self.watcher = Some(watcher);
                }
                Err(e) => self.notices.push(Notice::warning(format!(
                    "The launcher cannot watch the games directories ({e}); press F5 to see games added while it runs."
                ))),
            }
        }
        let change = self.watcher.as_ref().map(GamesWatcher::take_settled_change);
        match change {
            Some(Ok(true)) => self.rescan(),
            Some(Err(wait)) => ctx.request_repaint_after(wait),
            Some(Ok(false)) | None => {}
        }
    }

    /// One frame of the whole launcher.
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if !self.styled {
            self.styled = true;
            crate::theme::set_text_style(&ctx);
            apply_theme(&ctx, self.settings.theme);
        }
        match &mut self.mode {
            Mode::Console => {
                if !std::mem::replace(&mut self.reopened, true) {
                    // The games open when the launcher last closed.
                    // A game gone since is not an error worth telling.
                    // Not a new play: the session goes on.
                    for dir_name in self.settings.open_games.clone() {
                        if let Some(entry) = self.catalog.find(&dir_name)
                            && let Err(notice) =
                                self.games.open(&ctx, entry, WindowPlace::OwnWindow)
                        {
                            self.notices.push(notice);
                        }
                    }
                }
                self.console_frame(ui);
                self.console.after_frame(&ctx);
            }
            Mode::Play { dir_name, started } => {
                if !std::mem::replace(started, true) {
                    let dir_name = dir_name.clone();
                    self.open_game_in(&ctx, &dir_name, WindowPlace::Root);
                }
            }
        }
        if let Mode::Play { dir_name, .. } = &self.mode
            && self.open_on_start.is_some()
            && let Some(game) = self.games.find_mut(dir_name)
            && game.is_settled()
            && let Some(path) = self.open_on_start.take()
            && let Err(e) = game.open_saved_game(&path)
        {
            self.notices.push(Notice::error(format!(
                "{} failed while opening {}: {e}",
                game.name,
                path.display()
            )));
        }
        let shown = self.games.show(ui);
        self.notices.extend(shown.notices);
        // Which games are open is on disk as soon as it changes: a launcher
        // ended without closing (its X connection closed, see
        // `window_system`) reopens them when it starts again.
        if matches!(self.mode, Mode::Console)
            && !self
                .games
                .windows()
                .map(|w| &w.dir_name)
                .eq(self.settings.open_games.iter())
        {
            self.save_settings();
        }
        if !shown.finished.is_empty() && self.config.player.is_some() {
            for (dir_name, finished) in shown.finished {
                // Records per variant: the choices the manifest names.
                let entry = self.catalog.find(&dir_name);
                let records_by = entry
                    .and_then(|e| e.manifest.as_ref())
                    .map(|m| m.records_by.clone())
                    .unwrap_or_default();
                // For the game's author, who runs it from a terminal: a
                // name that keeps nothing apart is said nowhere else.
                if let Some(entry) = entry
                    && let Some(message) =
                        launcher_core::player::records_by_unmatched(&finished.choices, &records_by)
                {
                    launcher_core::terminal::say(&format!(
                        "{}: {message}",
                        entry.dir.join("info.toml").display()
                    ));
                }
                self.plays
                    .record_result_by(&dir_name, &finished, &records_by);
            }
            self.save_plays();
        }
        if matches!(self.mode, Mode::Play { .. }) && self.games.is_empty() {
            // `--play` and its game could not start, or it failed: as in
            // the console, its window closes, and what went wrong goes to
            // stderr, once; the launcher exits with a failure.
            let errors: Vec<&Notice> = self
                .notices
                .iter()
                .filter(|n| n.severity == Severity::Error)
                .collect();
            if !errors.is_empty() && !self.play_failed.swap(true, Ordering::Relaxed) {
                // A game's error, escaped for the terminal.
                for notice in errors {
                    launcher_core::terminal::say(&format!("plt-games: {}", notice.text));
                }
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            // Until the window is gone (or where it cannot close), say why
            // the game is not there.
            egui::CentralPanel::default().show(ui, |ui| {
                for notice in &self.notices {
                    ui.colored_label(ui.visuals().error_fg_color, &notice.text);
                }
            });
        }
        self.handle_requests(&ctx);
        self.help.show(&ctx);
    }

    /// The console, and what the player asked of it.
    fn console_frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if self.waker.is_none() {
            self.waker = Some(ctx.clone());
        }
        self.poll_rescan(&ctx);
        self.follow_checks(&ctx);
        self.follow_games_dirs(&ctx);
        let disabled = self.games.disabled_games().map(str::to_owned).collect();
        let asks = self.console.ui(
            ui,
            ConsoleView {
                catalog: &self.catalog,
                search: &self.config.search,
                notices: &self.notices,
                scanning: self.scanning.is_some(),
                plays: &self.plays,
                known_broken: &self.known_broken,
                disabled: &disabled,
                about: &self.about,
                theme: self.settings.theme,
                now: player::now(),
            },
        );
        self.follow_console_window(&ctx);
        let ConsoleAsks {
            open,
            help,
            launcher_manual,
            rescan,
            dismiss,
            favourite,
            enable,
            theme,
            reset_statistics,
        } = asks;
        if let Some(dir_name) = enable {
            self.games.enable(&dir_name);
        }
        if let Some((dir_name, favourite)) = favourite {
            self.set_favourite(&dir_name, favourite);
        }
        if let Some(theme) = theme {
            self.set_theme(&ctx, theme);
        }
        if let Some(which) = reset_statistics {
            self.reset_statistics(which.as_deref());
        }
        if let Some(index) = dismiss {
            self.notices.remove(index);
        }
        if rescan {
            self.rescan();
        }
        if let Some(dir_name) = open {
            self.open_game(&ctx, &dir_name);
        }
        if let Some(request) = help {
            self.request_help(request);
        }
        if launcher_manual {
            self.help.show_launcher_manual(&ctx);
        }
    }

    /// The requests games made of the launcher this frame.
    pub fn take_requests(&mut self) -> Vec<HelpRequest> {
        self.games.take_requests()
    }

    /// Turns the help requests of games (and of the console's help menus)
    /// into help windows and browser pages; problems become notices.
    fn handle_requests(&mut self, ctx: &egui::Context) {
        let requests = self.take_requests();
        if !requests.is_empty() {
            // New windows or notices show on the next frame.
            ctx.request_repaint();
        }
        for request in requests {
            let game = request.game();
            let Some(entry) = self.catalog.find(game).cloned() else {
                self.notices.push(Notice::error(format!(
                    "Cannot show the help of {game:?}: there is no such game directory on the search path."
                )));
                continue;
            };
            let result = match request {
                HelpRequest::TextHelp {
                    title, verbatim, ..
                } => {
                    self.help.show_text_help_of(ctx, &entry, &title, verbatim);
                    Ok(())
                }
                HelpRequest::ManualSection { tag, .. } => {
                    self.help.show_manual_of(ctx, &entry, &tag)
                }
            };
            if let Err(notice) = result {
                self.notices.push(notice);
            }
        }
    }
}

/// Sets egui's theme to the player's choice.
fn apply_theme(ctx: &egui::Context, theme: ThemeChoice) {
    ctx.set_theme(match theme {
        ThemeChoice::System => egui::ThemePreference::System,
        ThemeChoice::Light => egui::ThemePreference::Light,
        ThemeChoice::Dark => egui::ThemePreference::Dark,
    });
}

impl Drop for LauncherApp {
    fn drop(&mut self) {
        // The window's last place and size, however the launcher ends.
        self.save_settings();
    }
}

impl eframe::App for LauncherApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }

    fn pointer_moved_between_passes(
        &mut self,
        viewport_id: egui::ViewportId,
        pos: egui::Pos2,
    ) -> bool {
        self.games.pointer_moved_between_passes(viewport_id, pos)
    }
}

/// What the About box says of how games run here: each fact with its label.
fn about_facts(
    config: &LauncherConfig,
    sandbox: &game_host::Sandbox,
) -> Vec<(&'static str, String)> {
    let processes = &config.processes;
    let mut facts = vec![
        ("Version", env!("CARGO_PKG_VERSION").to_string()),
        (
            "Game API",
            format!(
                "version {}, revision {}",
                game_api::ABI_VERSION,
                game_api::ABI_REVISION
            ),
        ),
        (
            "Games run",
            format!("each in a process of its own, {sandbox}"),
        ),
        ("Sandbox", sandbox.layers()),
        (
            "Memory per game",
            processes
                .memory_limit
                .map_or_else(|| "no limit".into(), game_host::report::format_bytes),
        ),
        (
            "Not responding after",
            format!(
                "{} s without an answer",
                processes.answer_within.as_secs_f32()
            ),
        ),
    ];
    match &config.player {
        Some(files) => {
            facts.push(("Settings", files.settings_path().display().to_string()));
            facts.push((
                "Game data",
                files.data_dir.join("data").display().to_string(),
            ));
        }
        None => facts.push(("Settings", "not kept (nothing is remembered)".into())),
    }
    facts
}
