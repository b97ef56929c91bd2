//! The help windows: a game's text help (§4 "Showing Text Help") and its
//! structured manual (§3 "Showing Scribbled Help"), in-app and in the user's
//! browser.
//!
//! [`HelpWindows`] holds every open help window, keyed by whose help it is
//! ([`HelpOwner`]) and the [`HelpKind`]; each is an immediate viewport (its
//! own native window, or an embedded egui window where the backend has no
//! viewports, see [`crate::viewport`]). Asking for a window that is open
//! brings it to the front instead of opening a second one; after the player
//! closes it, asking again opens it anew. Nothing in here crashes or blocks
//! on a bad file: every problem (missing, unreadable, not UTF-8, too large)
//! becomes a message in the window, or an `Err` for the console.
//!
//! The registry is here; the windows are in [`text_window`] and
//! [`manual_viewer`], the manual's Markdown widgets in `markdown_ui` (blocks)
//! and `inline_ui` (text, links, highlights), what they share of a page in
//! `page` and its pictures in `picture`. Reading files, parsing, search, HTML pages and the
//! browser are `launcher-help`'s (UI-free); this module decides which game
//! file is whose help (the catalog decides: `GameEntry::text_help_file`,
//! `GameEntry::manual_file`) and draws.

mod inline_ui;
pub mod manual_viewer;
mod markdown_ui;
mod page;
mod picture;
pub mod text_window;

use crate::catalog::{APP_DIR_NAME, GameEntry, Severity};
use crate::viewport;
use egui::ViewportId;
use launcher_core::messages::Notice;
pub use launcher_help::HelpOwner;
use launcher_help::manual::{find_launcher_manual, open_in_browser, write_manual_page};
pub use manual_viewer::ManualViewer;
pub use picture::{
    MAX_MANUAL_PICTURE_BYTES, MAX_PICTURE_PIXELS, MAX_TEXTURE_SIDE, decode_picture, load_picture,
};
use std::path::{Path, PathBuf};
pub use text_window::TextHelpWindow;

/// Which kind of help window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HelpKind {
    /// The plain-text help (`doc.txt`).
    Text,
    /// The in-app manual viewer.
    Manual,
}

/// The viewport of a help window.
fn help_viewport_id(owner: &HelpOwner, kind: HelpKind) -> ViewportId {
    ViewportId::from_hash_of(("help", owner, kind))
}

/// The directory where manual pages for the browser are written by default:
/// `game-launcher/manuals` in the user's cache directory
/// (`~/.cache/game-launcher/manuals` on Linux), or in the temporary
/// directory if there is no cache directory.
pub fn default_cache_dir() -> PathBuf {
    launcher_help::manual::default_cache_dir(APP_DIR_NAME)
}

/// Every open help window.
pub struct HelpWindows {
    cache_dir: PathBuf,
    launcher_manual: Option<PathBuf>,
    text: Vec<TextHelpWindow>,
    manuals: Vec<ManualViewer>,
    /// Where the help windows were last.
    memory: crate::window_memory::WindowMemory,
    /// The open help windows, the one in front last (opened or brought to
    /// the front last): where windows are embedded in the console, Escape
    /// closes the one in front.
    front: Vec<ViewportId>,
    /// Where each open window opened (recalled once: egui moves and
    /// resizes a window whose builder changes) and its on-screen check.
    placed: std::collections::HashMap<
        ViewportId,
        (
            Option<launcher_core::player::WindowGeometry>,
            viewport::OnScreen,
        ),
    >,
}

/// The window-memory key of a help window.
fn memory_key(owner: &HelpOwner, kind: HelpKind) -> String {
    let owner = match owner {
        HelpOwner::Launcher => "launcher",
        HelpOwner::Game(dir_name) => dir_name.as_str(),
    };
    let kind = match kind {
        HelpKind::Text => "text",
        HelpKind::Manual => "manual",
    };
    format!("help:{owner}:{kind}")
}

impl std::fmt::Debug for HelpWindows {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HelpWindows")
            .field("cache_dir", &self.cache_dir)
            .field("text", &self.text)
            .field("manuals", &self.manuals)
            .finish()
    }
}

impl HelpWindows {
    /// No windows yet; manual pages for the browser go under `cache_dir`
    /// (see [`default_cache_dir`]).
    pub fn new(cache_dir: PathBuf) -> Self {
        HelpWindows {
            cache_dir,
            launcher_manual: None,
            text: Vec::new(),
            manuals: Vec::new(),
            memory: Default::default(),
            front: Vec::new(),
            placed: std::collections::HashMap::new(),
        }
    }

    /// Opens help windows where `memory` remembers them, and keeps their
    /// places there.
    pub fn remember_windows_in(&mut self, memory: crate::window_memory::WindowMemory) {
        self.memory = memory;
    }

    /// Uses `path` as the launcher's own manual instead of looking for
    /// `docs/manual.md` (see
    /// [`launcher_manual_candidates`](launcher_help::manual::launcher_manual_candidates)).
    pub fn with_launcher_manual(mut self, path: PathBuf) -> Self {
        self.launcher_manual = Some(path);
        self
    }

    /// Opens the launcher's own manual in the in-app viewer; if it is not
    /// installed, the viewer says where it was looked for.
    pub fn show_launcher_manual(&mut self, ctx: &egui::Context) {
        let location = find_launcher_manual(self.launcher_manual.as_deref());
        self.show_manual(
            ctx,
            HelpOwner::Launcher,
            "PLT Games Manual",
            None,
            location,
            "",
        );
    }

    /// Shows a game's text help (see `GameEntry::text_help_file`) in a window titled
    /// `title`; see [`HelpWindows::show_text_help`].
    pub fn show_text_help_of(
        &mut self,
        ctx: &egui::Context,
        entry: &GameEntry,
        title: &str,
        verbatim_mode: bool,
    ) {
        let path = entry.text_help_file();
        self.show_text_help(
            ctx,
            &entry.dir_name,
            title,
            &entry.dir,
            &path,
            verbatim_mode,
        );
    }

    /// Shows a game's manual: at the top (empty `tag`) in the in-app viewer,
    /// at a section in the browser (§3). The error is for the console: no
    /// manual, an unknown tag (naming the manual and the tag), a page that
    /// cannot be written, or no browser (then the in-app viewer opens at the
    /// section instead).
    pub fn show_manual_of(
        &mut self,
        ctx: &egui::Context,
        entry: &GameEntry,
        tag: &str,
    ) -> Result<(), Notice> {
        let Some(path) = entry.manual_file() else {
            return Err(Notice {
                severity: Severity::Error,
                text: format!(
                    "{} has no manual: {} has no manual.md and its info.toml names none.",
                    entry.name,
                    entry.dir.display()
                ),
            });
        };
        let title = format!("{} Manual", entry.name);
        let owner = HelpOwner::game(&entry.dir_name);
        if tag.is_empty() {
            self.show_manual(ctx, owner, &title, Some(&entry.dir), Ok(path), "");
            return Ok(());
        }
        self.show_manual_in_browser(ctx, owner, &title, &entry.dir, &path, tag)
            .map(drop)
            .map_err(|notice| Notice {
                severity: notice.severity,
                text: format!(
                    "Cannot show {}'s manual at #{tag} in the browser: {}",
                    entry.name, notice.text
                ),
            })
    }

    /// Where manual pages for the browser are written.
    pub fn cache_dir(&self) -> &Path {
        &self.cache_dir
    }

    /// The open text help windows, oldest first.
    pub fn text_windows(&self) -> &[TextHelpWindow] {
        &self.text
    }

    /// The open manual viewers, oldest first.
    pub fn manual_viewers(&self) -> &[ManualViewer] {
        &self.manuals
    }

    /// The text help window of a game, by its directory name, if open.
    pub fn text_window(&self, game: &str) -> Option<&TextHelpWindow> {
        self.text.iter().find(|w| w.game() == game)
    }

    /// The manual viewer of `owner`, if open.
    pub fn manual_viewer(&self, owner: &HelpOwner) -> Option<&ManualViewer> {
        self.manuals.iter().find(|w| w.owner() == owner)
    }

    /// The manual viewer of `owner`, to drive it from tests and tools.
    pub fn manual_viewer_mut(&mut self, owner: &HelpOwner) -> Option<&mut ManualViewer> {
        self.manuals.iter_mut().find(|w| w.owner() == owner)
    }

    /// Whether a help window of this kind is open for `owner` (the launcher
    /// has no text help).
    pub fn is_open(&self, owner: &HelpOwner, kind: HelpKind) -> bool {
        match (kind, owner) {
            (HelpKind::Text, HelpOwner::Game(game)) => self.text_window(game).is_some(),
            (HelpKind::Text, HelpOwner::Launcher) => false,
            (HelpKind::Manual, _) => self.manual_viewer(owner).is_some(),
        }
    }

    /// Whether a manual viewer is still reading or decoding a picture it
    /// shows (on a thread of its own).
    pub fn pictures_loading(&self) -> bool {
        self.manuals.iter().any(ManualViewer::pictures_loading)
    }

    /// How many help windows are open.
    pub fn len(&self) -> usize {
        self.text.len() + self.manuals.len()
    }

    /// Whether no help window is open.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Shows the text help file `path` of `game` (a directory name, its
    /// folder `folder`, which the file must not lead out of) in a window
    /// titled `title`, formatted or `verbatim`. If the game's text help
    /// window is open it is brought to the front (and re-read if the
    /// title, mode or file changed).
    pub fn show_text_help(
        &mut self,
        ctx: &egui::Context,
        game: &str,
        title: &str,
        folder: &Path,
        path: &Path,
        verbatim_mode: bool,
    ) {
        if let Some(window) = self.text.iter_mut().find(|w| w.game() == game) {
            window.update(title, path, verbatim_mode);
            let id = window.viewport_id();
            viewport::focus(ctx, id);
            self.bring_forward(id);
            return;
        }
        let window = TextHelpWindow::new(game, title, folder, path, verbatim_mode);
        self.bring_forward(window.viewport_id());
        self.text.push(window);
        ctx.request_repaint();
    }

    /// Opens the in-app manual viewer of `owner` at `tag` (the top when
    /// empty), or brings it to the front and goes to `tag` if it is open.
    /// `location` is the manual's path, or why there is none (shown in the
    /// window); `folder` the game's folder, out of which no document or
    /// picture is read (`None`: the manual's own directory).
    pub fn show_manual(
        &mut self,
        ctx: &egui::Context,
        owner: HelpOwner,
        title: &str,
        folder: Option<&Path>,
        location: Result<PathBuf, String>,
        tag: &str,
    ) {
        let index = match self.manuals.iter().position(|w| *w.owner() == owner) {
            Some(index) => {
                let id = self.manuals[index].viewport_id();
                viewport::focus(ctx, id);
                self.bring_forward(id);
                index
            }
            None => {
                let viewer = ManualViewer::new(owner, title, folder, location);
                self.bring_forward(viewer.viewport_id());
                self.manuals.push(viewer);
                ctx.request_repaint();
                self.manuals.len() - 1
            }
        };
        if !tag.is_empty() {
            self.manuals[index].go_to(tag);
        }
    }

    /// Opens a manual in the browser at `tag` (see
    /// [`show_in_browser`](launcher_help::manual::show_in_browser)) and
    /// returns the URL opened. If the tag is fine but no browser starts, the
    /// in-app viewer opens at that section instead and the error says so.
    /// `folder` is the game's (see [`HelpWindows::show_manual`]).
    pub fn show_manual_in_browser(
        &mut self,
        ctx: &egui::Context,
        owner: HelpOwner,
        title: &str,
        folder: &Path,
        path: &Path,
        tag: &str,
    ) -> Result<String, Notice> {
        let url =
            write_manual_page(&owner, folder, path, tag, &self.cache_dir).map_err(|text| {
                Notice {
                    severity: Severity::Error,
                    text,
                }
            })?;
        match open_in_browser(&url) {
            Ok(()) => Ok(url),
            Err(e) => {
                self.show_manual(ctx, owner, title, Some(folder), Ok(path.to_path_buf()), tag);
                Err(Notice {
                    severity: Severity::Warning,
                    text: format!("{e}; the manual is shown in the launcher instead"),
                })
            }
        }
    }

    /// Closes every help window of `owner`.
    pub fn close(&mut self, owner: &HelpOwner) {
        if let HelpOwner::Game(game) = owner {
            self.text.retain(|w| w.game() != game);
        }
        self.manuals.retain(|w| w.owner() != owner);
    }

    /// Marks the help window `id` as the one in front.
    fn bring_forward(&mut self, id: ViewportId) {
        self.front.retain(|f| *f != id);
        self.front.push(id);
    }

    /// Shows every open help window; forgets the ones the player closed.
    pub fn show(&mut self, ctx: &egui::Context) {
        // Embedded windows see the console's keyboard: Escape there closes
        // the help window in front (a window of its own sees its own).
        if ctx.embed_viewports()
            && viewport::escape_pressed(ctx)
            && let Some(front) = self.front.pop()
        {
            self.text.retain(|w| w.viewport_id() != front);
            self.manuals.retain(|w| w.viewport_id() != front);
        }
        let mut slot = 0;
        let memory = &self.memory;
        let placed = &mut self.placed;
        self.text.retain_mut(|window| {
            slot += 1;
            let key = memory_key(&HelpOwner::game(window.game()), HelpKind::Text);
            let (place, on_screen) = placed
                .entry(window.viewport_id())
                .or_insert_with(|| (memory.recall(&key), viewport::OnScreen::default()));
            viewport::show(
                ctx,
                window.viewport_id(),
                crate::window_memory::open_at(*place, window.viewport_builder()),
                slot - 1,
                |ui, class| {
                    memory.follow(ui.ctx(), &key, class);
                    on_screen.step(ui.ctx(), class);
                    window.ui(ui, class)
                },
            )
            .unwrap_or(true)
        });
        let cache_dir = &self.cache_dir;
        self.manuals.retain_mut(|viewer| {
            slot += 1;
            let key = memory_key(viewer.owner(), HelpKind::Manual);
            let (place, on_screen) = placed
                .entry(viewer.viewport_id())
                .or_insert_with(|| (memory.recall(&key), viewport::OnScreen::default()));
            viewport::show(
                ctx,
                viewer.viewport_id(),
                crate::window_memory::open_at(*place, viewer.viewport_builder()),
                slot - 1,
                |ui, class| {
                    memory.follow(ui.ctx(), &key, class);
                    on_screen.step(ui.ctx(), class);
                    viewer.ui(ui, class, cache_dir)
                },
            )
            .unwrap_or(true)
        });
        let open: Vec<ViewportId> = self
            .text
            .iter()
            .map(TextHelpWindow::viewport_id)
            .chain(self.manuals.iter().map(ManualViewer::viewport_id))
            .collect();
        self.front.retain(|id| open.contains(id));
        self.placed.retain(|id, _| open.contains(id));
    }
}
