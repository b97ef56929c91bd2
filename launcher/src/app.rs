//! The console window and the game windows it opens.

use crate::catalog::{Catalog, GameEntry, SearchPath, Severity};
use crate::game_window::{HostRequest, OpenGame, Outcome, RequestQueue};
use crate::help_viewer::{self, HelpWindows};
use crate::icons::IconCache;
use crate::loader::{Loader, ProbeError, probe_within};
use crate::watch::{self, GamesWatcher};
use egui::{RichText, Vec2, ViewportCommand};
use std::collections::HashSet;
use std::path::PathBuf;
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
    /// How long a game may take to start, draw its first frame and close
    /// when the launcher checks it on its own thread before the game's first
    /// start (see [`LauncherApp::open_game`]).
    pub probe_timeout: Duration,
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
            probe_timeout: DEFAULT_PROBE_TIMEOUT,
        }
    }
}

/// A message to the player in the console (a game that crashed, a library
/// that would not load).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Error or warning.
    pub severity: Severity,
    /// What happened and what to do.
    pub text: String,
}

/// The launcher application: the console and every open game.
pub struct LauncherApp {
    config: LauncherConfig,
    catalog: Catalog,
    loader: Loader,
    icons: Option<IconCache>,
    games: Vec<OpenGame>,
    notices: Vec<Notice>,
    requests: RequestQueue,
    help: HelpWindows,
    /// `--play`: the root window is this game, not the console.
    single: Option<String>,
    single_started: bool,
    /// What the player typed into "Find a game".
    filter: String,
    /// Libraries whose game passed its check on a thread of its own this
    /// session (see [`LauncherApp::open_game`]).
    checked: HashSet<PathBuf>,
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
    /// Fitting the console's window to its content when it opens.
    fit: ConsoleFit,
}

/// Fitting the console's window to its content on its first frames: as
/// wide as the menus with "Find a game" beside them or the game sets in one
/// row, as tall as what is shown at that width, within 90% of the screen.
/// The layout is measured on frames where it has settled, the size asked
/// for, and this repeats (the groups may wrap differently at the new width)
/// until the window fits or [`CONSOLE_FIT_FRAMES`] have passed. Only real
/// windows are fitted; a window manager that keeps its own size wins.
#[derive(Clone, Debug, Default)]
struct ConsoleFit {
    done: bool,
    frames: u8,
    /// The width the menus take, and the groups in one row, last frame.
    menus_width: f32,
    groups_width: f32,
    /// Everything above and around the scrolled content, and the content's
    /// height, last frame.
    chrome: Vec2,
    content_height: f32,
    last: Option<(Vec2, Vec2)>,
    asked: Vec<Vec2>,
}

/// How many frames the console spends at most fitting its window.
const CONSOLE_FIT_FRAMES: u8 = 30;

/// The smallest the console's window is made when fitted.
const CONSOLE_MIN_SIZE: Vec2 = Vec2::new(260.0, 160.0);

impl ConsoleFit {
    /// The size wanted for the content measured this frame.
    fn wanted(&self, monitor: Option<Vec2>) -> Vec2 {
        // Room for "Find a game" beside the menus, with a margin after it.
        let menus = self.menus_width + FIND_ROW_WIDTH + 8.0;
        let width = menus.max(self.groups_width) + self.chrome.x;
        let height = self.content_height + self.chrome.y;
        let mut wanted = Vec2::new(width, height).max(CONSOLE_MIN_SIZE);
        if let Some(monitor) = monitor.filter(|m| m.x > 0.0 && m.y > 0.0) {
            wanted = wanted.min(monitor * 0.9);
        }
        wanted.ceil()
    }

    /// Runs after each frame of the console: asks for the size that fits.
    fn step(&mut self, ctx: &egui::Context) {
        if self.done {
            return;
        }
        let (inner, monitor) = ctx.input(|i| {
            let v = i.viewport();
            (v.inner_rect.map(|r| r.size()), v.monitor_size)
        });
        let Some(inner) = inner else {
            // No window system (tests): nothing to fit.
            self.done = true;
            return;
        };
        self.frames += 1;
        if self.frames > CONSOLE_FIT_FRAMES {
            self.done = true;
            return;
        }
        let wanted = self.wanted(monitor);
        let steady = self.last == Some((inner, wanted));
        self.last = Some((inner, wanted));
        if steady {
            if (wanted - inner).abs().max_elem() <= 0.5 || self.asked.contains(&wanted) {
                self.done = true;
                return;
            }
            self.asked.push(wanted);
            ctx.send_viewport_cmd(ViewportCommand::InnerSize(wanted));
        }
        ctx.request_repaint();
    }
}

impl LauncherApp {
    /// Scans the catalog. Loads no library.
    pub fn new(config: LauncherConfig) -> Self {
        let catalog = Catalog::scan(&config.search, &config.library_dirs);
        LauncherApp {
            config,
            catalog,
            loader: Loader::new(),
            icons: None,
            games: Vec::new(),
            notices: Vec::new(),
            requests: RequestQueue::default(),
            help: HelpWindows::new(help_viewer::default_cache_dir()),
            single: None,
            single_started: false,
            filter: String::new(),
            checked: HashSet::new(),
            watcher: None,
            watch_started: false,
            scanning: None,
            rescan_again: false,
            waker: None,
            styled: false,
            fit: ConsoleFit::default(),
        }
    }

    /// Runs one game in the root window instead of the console (`--play`).
    pub fn play_only(mut self, dir_name: &str) -> Self {
        self.single = Some(dir_name.to_owned());
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
    pub fn open_games(&self) -> &[OpenGame] {
        &self.games
    }

    /// An open game, to drive it from tests and tools.
    pub fn open_game_mut(&mut self, dir_name: &str) -> Option<&mut OpenGame> {
        self.games.iter_mut().find(|g| g.dir_name == dir_name)
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
    pub fn request_help(&mut self, request: HostRequest) {
        self.requests.borrow_mut().push(request);
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
                self.notify(
                    Severity::Error,
                    "Rescanning the games directories failed unexpectedly; press F5 to try again."
                        .into(),
                );
            }
        }
    }

    /// Shows a freshly scanned catalog.
    fn show_catalog(&mut self, catalog: Catalog) {
        self.catalog = catalog;
        if let Some(icons) = &mut self.icons {
            icons.clear();
        }
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
                Err(e) => self.notify(
                    Severity::Warning,
                    format!(
                        "The launcher cannot watch the games directories ({e}); press F5 to see games added while it runs."
                    ),
                ),
            }
        }
        let change = self.watcher.as_ref().map(GamesWatcher::take_settled_change);
        match change {
            Some(Ok(true)) => self.rescan(),
            Some(Err(wait)) => ctx.request_repaint_after(wait),
            Some(Ok(false)) | None => {}
        }
    }

    fn notify(&mut self, severity: Severity, text: String) {
        self.notices.push(Notice { severity, text });
    }

    /// Opens the game in the directory `dir_name`, or brings its window to the
    /// front if it is open. Failures become notices.
    ///
    /// The first time a library's game is started in a session, it is first
    /// started, drawn and closed once on a thread of its own, waiting at most
    /// [`LauncherConfig::probe_timeout`]: a game that hangs there is not
    /// opened (the console would freeze with it) and a notice says why.
    pub fn open_game(&mut self, ctx: &egui::Context, dir_name: &str) {
        if let Some(open) = self.games.iter().find(|g| g.dir_name == dir_name) {
            ctx.send_viewport_cmd_to(open.viewport_id, ViewportCommand::Focus);
            return;
        }
        let Some(entry) = self.catalog.find(dir_name).cloned() else {
            self.notify(
                Severity::Error,
                format!("There is no game directory named {dir_name:?} on the search path."),
            );
            return;
        };
        match self.start(ctx, &entry) {
            Ok(game) => self.games.push(game),
            Err(text) => self.notify(Severity::Error, text),
        }
    }

    fn start(&mut self, ctx: &egui::Context, entry: &GameEntry) -> Result<OpenGame, String> {
        let library_path = match (&entry.library, entry.first_error()) {
            (Some(path), None) => path.clone(),
            (_, Some(problem)) => return Err(format!("{} cannot start: {problem}", entry.name)),
            (None, None) => return Err(format!("{} cannot start: it has no library", entry.name)),
        };
        let library = self
            .loader
            .load(&library_path)
            .map_err(|e| format!("{} cannot start: {e}", entry.name))?;
        if !self.checked.contains(&library_path) {
            match probe_within(library, self.config.probe_timeout) {
                Ok(_) => {
                    self.checked.insert(library_path.clone());
                }
                Err(ProbeError::Call(e)) => {
                    return Err(format!("{} could not start: {e}", entry.name));
                }
                Err(timeout @ ProbeError::Timeout(_)) => {
                    return Err(format!(
                        "{} was not opened: {timeout}. It goes on running in the background until the launcher quits.",
                        entry.name
                    ));
                }
            }
        }
        let mut game = OpenGame::start(
            library,
            &entry.dir_name,
            &entry.name,
            self.requests.clone(),
            ctx,
        )
        .map_err(|e| format!("{} could not start: {e}", entry.name))?;
        game.has_help = entry.help.is_some();
        game.has_manual = entry.manual.is_some();
        game.set_icon(Some(crate::icons::window_icon(entry.icon.as_deref())));
        Ok(game)
    }

    fn console_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if self.waker.is_none() {
            self.waker = Some(ctx.clone());
        }
        self.poll_rescan(&ctx);
        self.follow_games_dirs(&ctx);
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::F5)) {
            self.rescan();
        }
        let mut launcher_manual = false;
        let mut help_request = None;
        // Ctrl+F before the field is drawn, so that it has the focus in this
        // very frame and keeps what is typed right after.
        let find_id = egui::Id::unique("find-game");
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::F)) {
            ui.memory_mut(|m| m.request_focus(find_id));
        }
        // Escape clears the search whatever has the focus, unless it closes
        // a menu.
        if !self.filter.is_empty()
            && !egui::Popup::is_any_open(&ctx)
            && ui.input(|i| i.key_pressed(egui::Key::Escape))
        {
            self.filter.clear();
        }
        let mut narrow = false;
        egui::Panel::top("console-menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("Launcher", |ui| {
                    let label = if self.is_scanning() {
                        "Scanning games..."
                    } else {
                        "Rescan games (F5)"
                    };
                    if ui
                        .add_enabled(!self.is_scanning(), egui::Button::new(label))
                        .clicked()
                    {
                        self.rescan();
                    }
                    if ui.button("Quit").clicked() {
                        ctx.send_viewport_cmd(ViewportCommand::Close);
                    }
                });
                let help = ui.menu_button("Help", |ui| {
                    if ui.button("Launcher manual").clicked() {
                        launcher_manual = true;
                    }
                });
                // Beside the menus if it fits, else on a row of its own.
                self.fit.menus_width =
                    help.response.rect.right() - ui.max_rect().left() + ui.spacing().item_spacing.x;
                narrow = ui.available_width() < FIND_ROW_WIDTH;
                if !narrow {
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        find_game_ui(ui, &mut self.filter, find_id, FIND_FIELD_WIDTH);
                    });
                }
            });
            if narrow {
                ui.horizontal(|ui| {
                    let width = ui.available_width();
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        let field = (width - FIND_LABEL_ROOM).max(60.0);
                        find_game_ui(ui, &mut self.filter, find_id, field);
                    });
                });
                ui.add_space(2.0);
            }
        });

        let mut dismissed = None;
        if !self.notices.is_empty() {
            egui::Panel::top("console-notices").show(ui, |ui| {
                for (index, notice) in self.notices.iter().enumerate() {
                    ui.horizontal(|ui| {
                        if ui.small_button("Dismiss").clicked() {
                            dismissed = Some(index);
                        }
                        let color = match notice.severity {
                            Severity::Error => ui.visuals().error_fg_color,
                            Severity::Warning => ui.visuals().warn_fg_color,
                        };
                        ui.add(egui::Label::new(RichText::new(&notice.text).color(color)).wrap());
                    });
                }
            });
        }
        if let Some(index) = dismissed {
            self.notices.remove(index);
        }

        let mut clicked = None;
        let mut groups_width = 0.0;
        let scrolled = egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::both().show(ui, |ui| {
                if self.catalog.games.is_empty() {
                    ui.label("No games found. Put a game directory with an info.toml into one of:");
                    for dir in &self.config.search.dirs {
                        ui.monospace(format!("{}  ({})", dir.path.display(), dir.origin));
                    }
                }
                let icons = self.icons.get_or_insert_with(|| IconCache::new(&ctx));
                let sets = self.catalog.game_sets_matching(&self.filter);
                if sets.is_empty() && !self.catalog.games.is_empty() {
                    ui.label(format!(
                        "No game matches \"{}\". Press Escape to see every game.",
                        self.filter.trim()
                    ));
                }
                // Groups side by side, flowing onto the next row when the
                // console is narrow.
                let groups = egui::Layout::left_to_right(egui::Align::Min).with_main_wrap(true);
                let visible = Vec2::new(ui.clip_rect().width(), 0.0);
                ui.allocate_ui_with_layout(visible, groups, |ui| {
                    for set in sets {
                        let labels: Vec<String> =
                            set.games.iter().map(|g| button_label(g)).collect();
                        // Every button of a set is as wide as its widest, as in
                        // the original console's columns.
                        let font = egui::TextStyle::Button.resolve(ui.style());
                        let widest = labels
                            .iter()
                            .map(|l| {
                                ctx.fonts_mut(|f| {
                                    f.layout_no_wrap(l.clone(), font.clone(), egui::Color32::WHITE)
                                        .size()
                                        .x
                                })
                            })
                            .fold(0.0, f32::max);
                        let width = widest
                            + 32.0
                            + 3.0 * ui.spacing().button_padding.x
                            + ui.spacing().icon_spacing;
                        // A row off screen only takes its place: with a
                        // thousand games, laying out the rows nobody sees
                        // would be most of a frame. Every row of a set takes
                        // the same width, with room for a "?" button if any
                        // game of the set has one, so the box keeps its width
                        // whichever rows are on screen.
                        let help_slot = if set
                            .games
                            .iter()
                            .any(|g| g.help.is_some() || g.manual.is_some())
                        {
                            let question = ctx.fonts_mut(|f| {
                                f.layout_no_wrap("?".into(), font.clone(), egui::Color32::WHITE)
                                    .size()
                                    .x
                            });
                            ui.spacing().item_spacing.x
                                + question
                                + 2.0 * ui.spacing().button_padding.x
                        } else {
                            0.0
                        };
                        let row = Vec2::new(width + help_slot, ROW_HEIGHT);
                        // The group's width, title included, to start a new
                        // row of groups before one that does not fit.
                        let title = ctx.fonts_mut(|f| {
                            f.layout_no_wrap(
                                set.name.to_owned(),
                                egui::TextStyle::Body.resolve(ui.style()),
                                egui::Color32::WHITE,
                            )
                            .size()
                            .x
                        });
                        let frame = egui::Frame::group(ui.style());
                        let group_width = row.x.max(title)
                            + frame.inner_margin.sum().x
                            + 2.0 * frame.stroke.width;
                        if groups_width > 0.0 {
                            groups_width += ui.spacing().item_spacing.x;
                            if ui.available_size_before_wrap().x < group_width {
                                ui.end_row();
                            }
                        }
                        groups_width += ui
                            .group(|ui| {
                                ui.vertical(|ui| {
                                    // A title is never wrapped or cut: the group
                                    // is as wide as it needs.
                                    ui.add(
                                        egui::Label::new(RichText::new(set.name).strong()).extend(),
                                    );
                                    for (game, label) in set.games.into_iter().zip(labels) {
                                        let place = egui::Rect::from_min_size(ui.cursor().min, row);
                                        if !ui.is_rect_visible(place) {
                                            ui.allocate_space(row);
                                            continue;
                                        }
                                        let (texture, icon_problem) =
                                            icons.get(&ctx, game.icon.as_deref());
                                        let image = egui::Image::new(texture)
                                            .fit_to_exact_size(Vec2::splat(32.0));
                                        let button = egui::Button::image_and_text(image, label)
                                            .min_size(Vec2::new(width, ROW_HEIGHT));
                                        let has_help = game.help.is_some() || game.manual.is_some();
                                        let response = ui
                                            .allocate_ui_with_layout(
                                                row,
                                                egui::Layout::left_to_right(egui::Align::Center),
                                                |ui| {
                                                    ui.set_min_size(row);
                                                    let response = ui.add(button);
                                                    if has_help {
                                                        game_help_button(
                                                            ui,
                                                            game,
                                                            &mut help_request,
                                                        );
                                                    }
                                                    response
                                                },
                                            )
                                            .inner;
                                        if has_help {
                                            response.context_menu(|ui| {
                                                game_help_menu(ui, game, &mut help_request);
                                            });
                                        }
                                        let response = match (game.first_error(), icon_problem) {
                                            (Some(problem), _) => {
                                                response.on_hover_text(problem.to_string())
                                            }
                                            (None, Some(reason)) => response.on_hover_text(reason),
                                            (None, None) => response,
                                        };
                                        if response.clicked() {
                                            clicked = Some(game.dir_name.clone());
                                        }
                                    }
                                });
                            })
                            .response
                            .rect
                            .width();
                    }
                });

                let problems: Vec<_> = self.catalog.all_problems().cloned().collect();
                if !problems.is_empty() {
                    ui.add_space(8.0);
                    let errors = problems
                        .iter()
                        .filter(|p| p.severity == Severity::Error)
                        .count();
                    egui::CollapsingHeader::new(format!("Problems ({})", problems.len()))
                        .default_open(errors > 0)
                        .show(ui, |ui| {
                            for problem in problems {
                                let color = match problem.severity {
                                    Severity::Error => ui.visuals().error_fg_color,
                                    Severity::Warning => ui.visuals().warn_fg_color,
                                };
                                ui.add(
                                    egui::Label::new(
                                        RichText::new(problem.to_string()).color(color),
                                    )
                                    .wrap(),
                                );
                            }
                        });
                }
            })
        });
        let scrolled = scrolled.inner;
        self.fit.groups_width = groups_width;
        self.fit.content_height = scrolled.content_size.y;
        self.fit.chrome = ctx.content_rect().size() - scrolled.inner_rect.size();
        if let Some(dir_name) = clicked {
            self.open_game(&ctx, &dir_name);
        }
        if let Some(request) = help_request {
            self.request_help(request);
        }
        if launcher_manual {
            self.help.show_launcher_manual(&ctx);
        }
    }

    /// Shows each open game in its own window; closes the ones that ended.
    fn game_windows(&mut self, ctx: &egui::Context) {
        let mut ended = Vec::new();
        for (index, game) in self.games.iter_mut().enumerate() {
            let mut help_request = None;
            let outcome = ctx.show_viewport_immediate(
                game.viewport_id,
                game.viewport_builder(),
                |ui, _class| game.ui(ui, &mut |text| help_request = Some(text)),
            );
            if let Some(text) = help_request {
                self.requests
                    .borrow_mut()
                    .push(help_request_for(&game.dir_name, &game.name, text));
            }
            if outcome != Outcome::Running {
                ended.push((index, outcome));
            }
        }
        for (index, outcome) in ended.into_iter().rev() {
            let game = self.games.remove(index);
            let name = game.name.clone();
            // Close explicitly, so a game that fails while closing is reported.
            let closed = game.close();
            let text = match (outcome, closed) {
                (Outcome::Failed(error), Ok(())) => {
                    format!("{name} was closed: {error}. You can start it again from the console.")
                }
                (Outcome::Failed(error), Err(also)) => format!(
                    "{name} was closed: {error}; then, while closing: {also}. You can start it again from the console."
                ),
                (_, Err(error)) => format!(
                    "{name} failed while closing: {error}. Its window is closed; you can start it again from the console."
                ),
                (_, Ok(())) => continue,
            };
            self.notify(Severity::Error, text);
        }
    }

    /// The requests games made of the launcher this frame.
    pub fn take_requests(&mut self) -> Vec<HostRequest> {
        std::mem::take(&mut *self.requests.borrow_mut())
    }

    fn single_game_ui(&mut self, ui: &mut egui::Ui, dir_name: &str) {
        let ctx = ui.ctx().clone();
        if !self.single_started {
            self.single_started = true;
            let Some(entry) = self.catalog.find(dir_name).cloned() else {
                self.notify(
                    Severity::Error,
                    format!("There is no game directory named {dir_name:?} on the search path."),
                );
                return;
            };
            match self.start(&ctx, &entry) {
                Ok(mut game) => {
                    game.show_in_root();
                    ctx.send_viewport_cmd(ViewportCommand::Title(game.title().to_owned()));
                    ctx.send_viewport_cmd(ViewportCommand::InnerSize(
                        game.viewport_builder().inner_size.unwrap_or_default(),
                    ));
                    self.games.push(game);
                }
                Err(text) => self.notify(Severity::Error, text),
            }
        }
        let Some(game) = self.games.first_mut() else {
            egui::CentralPanel::default().show(ui, |ui| {
                for notice in &self.notices {
                    ui.colored_label(ui.visuals().error_fg_color, &notice.text);
                }
            });
            return;
        };
        let mut help_request = None;
        match game.ui(ui, &mut |text| help_request = Some(text)) {
            Outcome::Running => {}
            Outcome::Closed => {
                if let Some(game) = self.games.pop() {
                    let name = game.name.clone();
                    if let Err(error) = game.close() {
                        eprintln!("launcher: {name} failed while closing: {error}");
                    }
                }
                ctx.send_viewport_cmd(ViewportCommand::Close);
            }
            Outcome::Failed(error) => {
                let text = format!("{} was closed: {error}", game.name);
                for game in self.games.drain(..) {
                    let _ = game.close();
                }
                self.notify(Severity::Error, text);
            }
        }
        if let Some(game) = self.games.first()
            && let Some(text) = help_request
        {
            let request = help_request_for(&game.dir_name, &game.name, text);
            self.requests.borrow_mut().push(request);
        }
    }

    /// One frame of the whole launcher.
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        if !self.styled {
            self.styled = true;
            set_text_colors(ui.ctx());
        }
        match self.single.clone() {
            Some(dir_name) => self.single_game_ui(ui, &dir_name),
            None => {
                self.console_ui(ui);
                let ctx = ui.ctx().clone();
                self.fit.step(&ctx);
                self.game_windows(&ctx);
            }
        }
        let ctx = ui.ctx().clone();
        self.handle_requests(&ctx);
        self.help.show(&ctx);
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
            let game = match &request {
                HostRequest::TextHelp { game, .. } | HostRequest::ManualSection { game, .. } => {
                    game.clone()
                }
            };
            let Some(entry) = self.catalog.find(&game).cloned() else {
                self.notify(
                    Severity::Error,
                    format!(
                        "Cannot show the help of {game:?}: there is no such game directory on the search path."
                    ),
                );
                continue;
            };
            let result = match request {
                HostRequest::TextHelp {
                    title, verbatim, ..
                } => {
                    self.help.show_text_help_of(ctx, &entry, &title, verbatim);
                    Ok(())
                }
                HostRequest::ManualSection { tag, .. } => {
                    self.help.show_manual_of(ctx, &entry, &tag)
                }
            };
            if let Err(notice) = result {
                self.notices.push(notice);
            }
        }
    }
}

/// The colour of body text in the dark theme: grey 200 on egui's panels of
/// grey 27 is 11.9:1, well above WCAG AA's 4.5:1 (egui's own grey 140 was
/// 5.1:1).
pub const DARK_TEXT: egui::Color32 = egui::Color32::from_gray(200);

/// The colour of body text in the light theme: grey 40 on egui's panels of
/// grey 248 is 13.5:1 (egui's own grey 80 was 7.6:1).
pub const LIGHT_TEXT: egui::Color32 = egui::Color32::from_gray(40);

/// Sets the launcher's text colours in both themes, for every window: body
/// text ([`DARK_TEXT`], [`LIGHT_TEXT`]), and weak text (hints, paths, search
/// snippets) that still meets WCAG AA.
pub fn set_text_colors(ctx: &egui::Context) {
    for (theme, text, weak) in [
        (egui::Theme::Dark, DARK_TEXT, egui::Color32::from_gray(160)),
        (egui::Theme::Light, LIGHT_TEXT, egui::Color32::from_gray(90)),
    ] {
        ctx.style_mut_of(theme, |style| {
            style.visuals.widgets.noninteractive.fg_stroke.color = text;
            style.visuals.weak_text_color = Some(weak);
        });
    }
}

/// A game's button label: its name, marked when it cannot start.
fn button_label(game: &GameEntry) -> String {
    if game.is_playable() {
        game.name.clone()
    } else {
        format!("{} (cannot start)", game.name)
    }
}

/// The "?" button beside a game's console button.
fn game_help_button(ui: &mut egui::Ui, game: &GameEntry, request: &mut Option<HostRequest>) {
    let name = format!("Help for {}", game.name);
    let response = ui
        .menu_button("?", |ui| game_help_menu(ui, game, request))
        .response;
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, ui.is_enabled(), &name));
    response.on_hover_text(name.as_str());
}

/// The help entries of a game's "?" button and context menu.
fn game_help_menu(ui: &mut egui::Ui, game: &GameEntry, request: &mut Option<HostRequest>) {
    if game.help.is_some() && ui.button("How to play").clicked() {
        *request = Some(help_request_for(&game.dir_name, &game.name, true));
    }
    if game.manual.is_some() && ui.button("Manual").clicked() {
        *request = Some(help_request_for(&game.dir_name, &game.name, false));
    }
}

/// What the Help menus ask for: the text help (`text`) or the manual's top.
fn help_request_for(dir_name: &str, name: &str, text: bool) -> HostRequest {
    if text {
        HostRequest::TextHelp {
            game: dir_name.to_owned(),
            title: format!("{name} Help"),
            verbatim: false,
        }
    } else {
        HostRequest::ManualSection {
            game: dir_name.to_owned(),
            tag: String::new(),
        }
    }
}

impl eframe::App for LauncherApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }
}

/// The height of a game's row in the console: a 32×32 icon with padding.
const ROW_HEIGHT: f32 = 40.0;

/// The width of the "Find a game" field beside the menus.
const FIND_FIELD_WIDTH: f32 = 140.0;

/// The room the "Find a game:" label takes beside its field, with spacing.
const FIND_LABEL_ROOM: f32 = 90.0;

/// The width the menu bar must have left after the menus for "Find a game"
/// to sit beside them; narrower, it takes a row of its own.
const FIND_ROW_WIDTH: f32 = FIND_FIELD_WIDTH + FIND_LABEL_ROOM + 8.0;

/// The "Find a game" field, laid out right to left: typing narrows the
/// console to matching games; Ctrl+F (Cmd+F) goes to it and Escape clears
/// it (both handled by the console, see `LauncherApp::console_ui`).
fn find_game_ui(ui: &mut egui::Ui, filter: &mut String, id: egui::Id, width: f32) {
    let edit = ui.add(
        egui::TextEdit::singleline(filter)
            .hint_text("name or set")
            .desired_width(width)
            .id(id),
    );
    let label = ui.label("Find a game:");
    edit.labelled_by(label.id);
}
