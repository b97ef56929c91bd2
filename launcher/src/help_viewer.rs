//! The help windows: a game's text help (§4 "Showing Text Help") and its
//! structured manual (§3 "Showing Scribbled Help"), in-app and in the user's
//! browser.
//!
//! [`HelpWindows`] holds every open help window, keyed by the game's directory
//! name and the [`HelpKind`]; each is an immediate viewport (its own native
//! window, or an embedded egui window where the backend has no viewports).
//! Asking for a window that is open brings it to the front instead of
//! opening a second one; after the player closes it, asking again opens it
//! anew. Nothing in here crashes or blocks on a bad file: every problem
//! (missing, unreadable, not UTF-8, too large) becomes a message in the
//! window, or an `Err` for the console.
//!
//! The formatting, parsing, HTML and browser logic live in `launcher-help`;
//! this module only draws.

use crate::catalog::{APP_DIR_NAME, GameEntry, Severity};
use egui::{
    Align, Color32, ColorImage, Label, Layout, RichText, TextStyle, TextureHandle, TextureOptions,
    Vec2, ViewportBuilder, ViewportClass, ViewportCommand, ViewportId,
};
use launcher_core::messages::Notice;
use launcher_help::manual::{
    Inline, LinkTarget, Manual, ManualBlock, SearchHit, manual_url, open_in_browser, write_html,
};
use launcher_help::text_help::{Block, TextHelp, code_spans, format_text_help, load_doc, verbatim};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The key of the launcher's own manual among the help windows (no game
/// directory has an empty name).
pub const LAUNCHER_KEY: &str = "";

/// The largest manual read, in bytes (4 MiB).
pub const MAX_MANUAL_BYTES: u64 = 4 * 1024 * 1024;

/// The largest picture file a manual viewer reads, in bytes (8 MiB).
pub const MAX_PICTURE_BYTES: u64 = 8 * 1024 * 1024;

/// The largest picture decoded, in pixels per side.
pub const MAX_PICTURE_PIXELS: u32 = 4096;

/// Pictures wider or taller than this are scaled down before they become
/// textures, in pixels.
pub const MAX_TEXTURE_SIDE: u32 = 1600;

/// Which kind of help window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HelpKind {
    /// The plain-text help (`doc.txt`).
    Text,
    /// The in-app manual viewer.
    Manual,
}

/// The directory where manual pages for the browser are written by default:
/// `game-launcher/manuals` in the user's cache directory
/// (`~/.cache/game-launcher/manuals` on Linux), or in the temporary
/// directory if there is no cache directory.
pub fn default_cache_dir() -> PathBuf {
    dirs::cache_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join(APP_DIR_NAME)
        .join("manuals")
}

/// Where the launcher's own manual (`docs/manual.md`) is looked for, in
/// order: the working directory, beside the executable, two levels above it
/// (`target/release/` in a workspace), and the source tree it was built from.
pub fn launcher_manual_candidates() -> Vec<PathBuf> {
    let rel = Path::new("docs").join("manual.md");
    let mut out = vec![rel.clone()];
    if let Some(exe_dir) = crate::catalog::executable_dir() {
        out.push(exe_dir.join(&rel));
        if let Some(up) = exe_dir.parent().and_then(Path::parent) {
            out.push(up.join(&rel));
        }
    }
    out.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(&rel));
    out
}

/// Finds the launcher's own manual: `configured` if given, else the first of
/// [`launcher_manual_candidates`] that is a file. The error says where it
/// was looked for.
pub fn find_launcher_manual(configured: Option<&Path>) -> Result<PathBuf, String> {
    if let Some(path) = configured {
        return if crate::files::check(path).is_ok() {
            Ok(path.to_path_buf())
        } else {
            Err(format!(
                "The launcher's manual is not installed: there is no file {}.",
                path.display()
            ))
        };
    }
    let candidates = launcher_manual_candidates();
    candidates
        .iter()
        .find(|p| crate::files::check(p).is_ok())
        .cloned()
        .ok_or_else(|| {
            let places: Vec<String> = candidates.iter().map(|p| p.display().to_string()).collect();
            format!(
                "The launcher's manual is not installed: it was looked for in {}.",
                places.join(", ")
            )
        })
}

/// Reads a manual's Markdown, refusing files that are missing, not regular
/// files, larger than [`MAX_MANUAL_BYTES`], or not UTF-8 text.
pub fn load_manual_text(path: &Path) -> Result<String, String> {
    use crate::files::FileProblem;
    let shown = path.display();
    let bytes = crate::files::read_capped(path, MAX_MANUAL_BYTES).map_err(|problem| match problem {
        FileProblem::Missing => format!(
            "manual {shown} not found; check the `manual` entry of the game's info.toml or add the file"
        ),
        FileProblem::Unreadable(e) => {
            format!("manual {shown} could not be read ({e}); check its permissions")
        }
        FileProblem::TooLarge { size, .. } => format!(
            "manual {shown} is {size} bytes, more than the {MAX_MANUAL_BYTES} bytes allowed; split it or move pictures out of it"
        ),
        other => format!(
            "manual {shown} {other}; point the `manual` entry at a Markdown file"
        ),
    })?;
    if let Some(offset) = bytes.iter().position(|&b| b == 0) {
        return Err(format!(
            "manual {shown} looks binary (NUL byte at offset {offset}); a manual must be UTF-8 Markdown"
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "manual {shown} is not valid UTF-8 (bad byte at offset {}); save it as UTF-8",
            e.utf8_error().valid_up_to()
        )
    })
}

/// Reads and parses a manual; its name in messages is its path.
pub fn load_manual(path: &Path) -> Result<Manual, String> {
    let source = load_manual_text(path)?;
    Ok(Manual::parse(&path.display().to_string(), &source))
}

/// A directory name for a help key inside the cache directory.
fn cache_subdir(key: &str) -> String {
    if key == LAUNCHER_KEY {
        return ".launcher".to_string();
    }
    let safe: String = key
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    match safe.trim_matches('.') {
        "" => "_".to_string(),
        _ => safe,
    }
}

/// The viewport of a help window.
fn help_viewport_id(key: &str, kind: HelpKind) -> ViewportId {
    ViewportId::from_hash_of(("help", key, kind))
}

/// The id of the egui window that stands for a viewport where the backend
/// has none (as egui's own embedding names it).
fn embedded_window_id(id: ViewportId) -> egui::Id {
    egui::Id::unique(id)
}

/// Shows a help window: its own native window (an immediate viewport), or,
/// where the backend embeds viewports (the test harness, backends without
/// multiple windows), an egui window placed right of the middle and cascaded
/// by `slot`, so it does not hide the console's buttons when it opens.
/// `None` when the embedded window was not shown this frame.
fn show_help_window<R>(
    ctx: &egui::Context,
    id: ViewportId,
    builder: ViewportBuilder,
    slot: usize,
    mut contents: impl FnMut(&mut egui::Ui, ViewportClass) -> R,
) -> Option<R> {
    if !ctx.embed_viewports() {
        return Some(ctx.show_viewport_immediate(id, builder, contents));
    }
    let screen = ctx.content_rect();
    let step = 28.0 * slot as f32;
    let mut window = egui::Window::new(builder.title.clone().unwrap_or_default())
        .id(embedded_window_id(id))
        .collapsible(false)
        .resizable(true)
        .default_pos(egui::pos2(
            screen.center().x - 120.0 + step,
            screen.top() + 40.0 + step,
        ));
    if let Some(size) = builder.inner_size {
        window = window.default_size(size.min(screen.size() * 0.9));
    }
    if let Some(size) = builder.min_inner_size {
        window = window.min_size(size);
    }
    window
        .show(ctx, |ui| contents(ui, ViewportClass::EmbeddedWindow))
        .and_then(|response| response.inner)
}

/// Brings a help window to the front.
fn focus(ctx: &egui::Context, id: ViewportId) {
    if ctx.embed_viewports() {
        ctx.move_to_top(egui::LayerId::new(
            egui::Order::Middle,
            embedded_window_id(id),
        ));
        ctx.request_repaint();
    } else {
        ctx.send_viewport_cmd_to(id, ViewportCommand::Focus);
    }
}

/// Whether the player asked to close the window shown in `ui` this frame
/// (the window manager's close button, or Ctrl/Cmd+W in a native window).
fn close_requested(ui: &egui::Ui, class: ViewportClass) -> bool {
    if class == ViewportClass::EmbeddedWindow {
        // The input is the parent's: its close request is not ours.
        return false;
    }
    ui.input(|i| i.viewport().close_requested())
        || ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::W))
}

/// What a text help window shows.
#[derive(Debug)]
enum TextContent {
    /// Formatted by §4's rules.
    Formatted(TextHelp),
    /// The file as it is, line by line (tabs expanded).
    Verbatim(Vec<String>),
    /// Why the file cannot be shown.
    Error(String),
}

/// Expands tabs to the next multiple of eight columns.
fn expand_tabs(line: &str) -> String {
    if !line.contains('\t') {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len() + 8);
    let mut column = 0;
    for c in line.chars() {
        if c == '\t' {
            let n = 8 - column % 8;
            out.extend(std::iter::repeat_n(' ', n));
            column += n;
        } else {
            out.push(c);
            column += 1;
        }
    }
    out
}

/// An open text help window.
#[derive(Debug)]
pub struct TextHelpWindow {
    key: String,
    title: String,
    path: PathBuf,
    verbatim: bool,
    content: TextContent,
    viewport_id: ViewportId,
}

impl TextHelpWindow {
    fn new(key: &str, title: &str, path: &Path, verbatim_mode: bool) -> Self {
        let mut window = TextHelpWindow {
            key: key.to_string(),
            title: title.to_string(),
            path: path.to_path_buf(),
            verbatim: verbatim_mode,
            content: TextContent::Error(String::new()),
            viewport_id: help_viewport_id(key, HelpKind::Text),
        };
        window.reload();
        window
    }

    /// Reads the file again.
    fn reload(&mut self) {
        self.content = match load_doc(&self.path) {
            Ok(source) if self.verbatim => {
                TextContent::Verbatim(verbatim(&source).lines().map(expand_tabs).collect())
            }
            Ok(source) => TextContent::Formatted(format_text_help(&source)),
            Err(e) => TextContent::Error(e.to_string()),
        };
    }

    /// The game's directory name.
    pub fn game(&self) -> &str {
        &self.key
    }

    /// The window's title, as the caller asked.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The help file shown.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the file is shown as it is.
    pub fn is_verbatim(&self) -> bool {
        self.verbatim
    }

    /// Why the file cannot be shown, if it cannot.
    pub fn error(&self) -> Option<&str> {
        match &self.content {
            TextContent::Error(e) => Some(e),
            _ => None,
        }
    }

    fn viewport_builder(&self) -> ViewportBuilder {
        ViewportBuilder::default()
            .with_title(&self.title)
            .with_inner_size([520.0, 560.0])
            .with_min_inner_size([220.0, 160.0])
    }

    /// Draws the window's contents; `false` once the player closed it.
    fn ui(&mut self, ui: &mut egui::Ui, class: ViewportClass) -> bool {
        let mut open = !close_requested(ui, class);
        egui::Panel::bottom(("help-text-buttons", &self.key)).show(ui, |ui| {
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                if ui.button("Close").clicked() {
                    open = false;
                }
                ui.add(
                    Label::new(RichText::new(self.path.display().to_string()).weak()).truncate(),
                );
            });
        });
        egui::CentralPanel::default().show(ui, |ui| match &self.content {
            TextContent::Error(message) => {
                ui.add_space(8.0);
                ui.label(RichText::new("This help cannot be shown.").strong());
                ui.add(
                    Label::new(RichText::new(message).color(ui.visuals().error_fg_color)).wrap(),
                );
            }
            TextContent::Verbatim(lines) => {
                let row_height = ui.text_style_height(&TextStyle::Monospace);
                egui::ScrollArea::both()
                    .id_salt("verbatim")
                    .auto_shrink(false)
                    .show_rows(ui, row_height, lines.len(), |ui, range| {
                        for line in &lines[range] {
                            ui.add(Label::new(RichText::new(line).monospace()).extend());
                        }
                    });
            }
            TextContent::Formatted(help) => {
                egui::ScrollArea::vertical()
                    .id_salt("formatted")
                    .auto_shrink(false)
                    .show(ui, |ui| formatted_help_ui(ui, help));
            }
        });
        open
    }
}

/// Lays out formatted text help: titles as headings, bullets indented with a
/// bullet mark, paragraphs wrapped to the window's width.
fn formatted_help_ui(ui: &mut egui::Ui, help: &TextHelp) {
    if help.is_empty() {
        ui.label(RichText::new("This help file is empty.").weak());
        return;
    }
    let mut previous: Option<&Block> = None;
    for block in &help.blocks {
        match block {
            Block::Title(text) => {
                if previous.is_some() {
                    ui.add_space(10.0);
                }
                ui.add(Label::new(RichText::new(text).heading()).wrap());
                ui.add_space(2.0);
            }
            Block::Paragraph(text) => {
                if matches!(previous, Some(Block::Paragraph(_) | Block::Bullet(_))) {
                    ui.add_space(6.0);
                }
                ui.add(Label::new(help_text_job(ui, text)).wrap());
            }
            Block::Bullet(text) => {
                if matches!(previous, Some(Block::Paragraph(_))) {
                    ui.add_space(4.0);
                }
                bullet_ui(ui, "•", |ui| {
                    ui.add(Label::new(help_text_job(ui, text)).wrap());
                });
            }
        }
        previous = Some(block);
    }
}

/// A paragraph's or bullet's text laid out: the runs between backticks in
/// the monospaced font (see [`code_spans`]), the rest in the body font.
pub fn help_text_job(ui: &egui::Ui, text: &str) -> egui::text::LayoutJob {
    let mut job = egui::text::LayoutJob::default();
    for (code, run) in code_spans(text) {
        let rich = if code {
            RichText::new(run).monospace()
        } else {
            RichText::new(run)
        };
        rich.append_to(
            &mut job,
            ui.style(),
            egui::FontSelection::Default,
            Align::Min,
        );
    }
    job
}

/// An indented item with a mark (a bullet or a number) in front of it.
fn bullet_ui(ui: &mut egui::Ui, mark: &str, contents: impl FnOnce(&mut egui::Ui)) {
    ui.horizontal_top(|ui| {
        ui.add_space(12.0);
        let mark_width = 14.0_f32.max(
            ui.fonts_mut(|f| {
                f.layout_no_wrap(
                    mark.to_string(),
                    TextStyle::Body.resolve(ui.style()),
                    Color32::WHITE,
                )
                .size()
                .x
            }) + 4.0,
        );
        ui.allocate_ui_with_layout(
            Vec2::new(mark_width, ui.text_style_height(&TextStyle::Body)),
            Layout::left_to_right(Align::Min),
            |ui| ui.label(mark),
        );
        ui.vertical(|ui| contents(ui));
    });
}

/// A picture of a manual, decoded once.
type Picture = Result<TextureHandle, String>;

/// Reads and decodes a PNG picture with limits, scaled down to at most
/// [`MAX_TEXTURE_SIDE`] pixels per side.
pub fn load_picture(path: &Path) -> Result<ColorImage, String> {
    let bytes =
        crate::files::read_capped(path, MAX_PICTURE_BYTES).map_err(|problem| match problem {
            crate::files::FileProblem::TooLarge { .. } => format!(
                "{} is larger than {} MiB",
                path.display(),
                MAX_PICTURE_BYTES >> 20
            ),
            other => format!("{} {other}", path.display()),
        })?;
    let mut reader = image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| format!("cannot read {} ({e})", path.display()))?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_PICTURE_PIXELS);
    limits.max_image_height = Some(MAX_PICTURE_PIXELS);
    limits.max_alloc = Some(128 * 1024 * 1024);
    reader.limits(limits);
    let image = reader
        .decode()
        .map_err(|e| format!("{} is not a usable PNG picture ({e})", path.display()))?;
    let image = if image.width() > MAX_TEXTURE_SIDE || image.height() > MAX_TEXTURE_SIDE {
        image.resize(
            MAX_TEXTURE_SIDE,
            MAX_TEXTURE_SIDE,
            image::imageops::FilterType::Triangle,
        )
    } else {
        image
    };
    let rgba = image.into_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Ok(ColorImage::from_rgba_unmultiplied(size, rgba.as_raw()))
}

/// What the manual viewer renders, and the state its rendering changes.
struct PageContext<'a> {
    key: &'a str,
    manual_dir: &'a Path,
    allowed_pictures: &'a [String],
    pictures: &'a mut HashMap<String, Picture>,
    /// Where a clicked link goes.
    navigate: &'a mut Option<String>,
}

/// An open manual viewer.
pub struct ManualViewer {
    key: String,
    title: String,
    path: Option<PathBuf>,
    manual: Result<Manual, String>,
    current: String,
    history: Vec<String>,
    query: String,
    hits: Vec<SearchHit>,
    hits_query: String,
    pictures: HashMap<String, Picture>,
    allowed_pictures: Vec<String>,
    message: Option<(Severity, String)>,
    scroll_to_top: bool,
    viewport_id: ViewportId,
}

impl std::fmt::Debug for ManualViewer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ManualViewer")
            .field("key", &self.key)
            .field("title", &self.title)
            .field("current", &self.current)
            .finish()
    }
}

impl ManualViewer {
    fn new(key: &str, title: &str, location: Result<PathBuf, String>) -> Self {
        let path = location.as_ref().ok().cloned();
        let manual = location.and_then(|p| load_manual(&p));
        let allowed_pictures = manual.as_ref().map(Manual::image_paths).unwrap_or_default();
        ManualViewer {
            key: key.to_string(),
            title: title.to_string(),
            path,
            manual,
            current: String::new(),
            history: Vec::new(),
            query: String::new(),
            hits: Vec::new(),
            hits_query: String::new(),
            pictures: HashMap::new(),
            allowed_pictures,
            message: None,
            scroll_to_top: true,
            viewport_id: help_viewport_id(key, HelpKind::Manual),
        }
    }

    /// The game's directory name ([`LAUNCHER_KEY`] for the launcher's manual).
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The window's title.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The manual, or why it cannot be shown.
    pub fn manual(&self) -> Result<&Manual, &str> {
        self.manual.as_ref().map_err(String::as_str)
    }

    /// The tag of the section shown; empty at the top of the manual.
    pub fn current_tag(&self) -> &str {
        &self.current
    }

    /// The message shown under the toolbar (a link to no section, a browser
    /// that would not start), if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|(_, m)| m.as_str())
    }

    /// Shows the section `tag` (empty: the top). An unknown tag leaves the
    /// page as it is and says so in the window.
    pub fn go_to(&mut self, tag: &str) {
        let Ok(manual) = &self.manual else {
            return;
        };
        if !tag.is_empty()
            && let Err(e) = manual.section(tag)
        {
            self.message = Some((Severity::Warning, e.to_string()));
            return;
        }
        if tag != self.current {
            let previous = std::mem::replace(&mut self.current, tag.to_string());
            self.history.push(previous);
        }
        self.message = None;
        self.scroll_to_top = true;
    }

    fn back(&mut self) {
        if let Some(tag) = self.history.pop() {
            self.current = tag;
            self.message = None;
            self.scroll_to_top = true;
        }
    }

    fn viewport_builder(&self) -> ViewportBuilder {
        ViewportBuilder::default()
            .with_title(&self.title)
            .with_inner_size([760.0, 600.0])
            .with_min_inner_size([320.0, 200.0])
    }

    /// Draws the viewer; `false` once the player closed it.
    fn ui(&mut self, ui: &mut egui::Ui, class: ViewportClass, cache_dir: &Path) -> bool {
        let mut open = !close_requested(ui, class);
        let mut navigate: Option<String> = None;
        let mut back = false;
        let mut open_browser = false;

        egui::Panel::top(("manual-toolbar", &self.key)).show(ui, |ui| {
            ui.horizontal(|ui| {
                let has_manual = self.manual.is_ok();
                if ui
                    .add_enabled(!self.history.is_empty(), egui::Button::new("Back"))
                    .clicked()
                {
                    back = true;
                }
                if ui
                    .add_enabled(
                        has_manual && !self.current.is_empty(),
                        egui::Button::new("Top"),
                    )
                    .clicked()
                {
                    navigate = Some(String::new());
                }
                if ui
                    .add_enabled(has_manual, egui::Button::new("Open in browser"))
                    .on_hover_text("Show this page in your web browser")
                    .clicked()
                {
                    open_browser = true;
                }
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    if ui.button("Close").clicked() {
                        open = false;
                    }
                });
            });
            if let Some((severity, message)) = &self.message {
                let color = match severity {
                    Severity::Error => ui.visuals().error_fg_color,
                    Severity::Warning => ui.visuals().warn_fg_color,
                };
                ui.add(Label::new(RichText::new(message).color(color)).wrap());
            }
        });

        match &self.manual {
            Err(message) => {
                egui::CentralPanel::default().show(ui, |ui| {
                    ui.add_space(8.0);
                    ui.label(RichText::new("This manual cannot be shown.").strong());
                    ui.add(
                        Label::new(RichText::new(message).color(ui.visuals().error_fg_color))
                            .wrap(),
                    );
                });
            }
            Ok(manual) => {
                egui::Panel::left(("manual-contents", &self.key))
                    .resizable(true)
                    .default_size(200.0)
                    .show(ui, |ui| {
                        let mut search = Search {
                            key: &self.key,
                            query: &mut self.query,
                            hits: &mut self.hits,
                            hits_query: &mut self.hits_query,
                        };
                        sidebar_ui(ui, manual, &mut search, &self.current, &mut navigate);
                    });
                let manual_dir = self
                    .path
                    .as_deref()
                    .and_then(Path::parent)
                    .unwrap_or(Path::new("."))
                    .to_path_buf();
                let mut page = PageContext {
                    key: &self.key,
                    manual_dir: &manual_dir,
                    allowed_pictures: &self.allowed_pictures,
                    pictures: &mut self.pictures,
                    navigate: &mut navigate,
                };
                let mut scroll = egui::ScrollArea::vertical()
                    .id_salt("manual-page")
                    .auto_shrink(false);
                if std::mem::take(&mut self.scroll_to_top) {
                    scroll = scroll.vertical_scroll_offset(0.0);
                }
                egui::CentralPanel::default().show(ui, |ui| {
                    scroll.show(ui, |ui| {
                        ui.set_max_width(ui.available_width().min(760.0));
                        page_ui(ui, manual, &self.current, &mut page);
                    });
                });
            }
        }

        if back {
            self.back();
        }
        if let Some(tag) = navigate {
            self.go_to(&tag);
        }
        if open_browser {
            let tag = self.current.clone();
            self.message = match self.path.as_deref() {
                Some(path) => match show_in_browser(&self.key, path, &tag, cache_dir) {
                    Ok(_) => None,
                    Err(e) => Some((Severity::Error, e)),
                },
                None => None,
            };
        }
        open
    }
}

/// The search state of a manual viewer.
struct Search<'a> {
    key: &'a str,
    query: &'a mut String,
    hits: &'a mut Vec<SearchHit>,
    hits_query: &'a mut String,
}

/// The search box, its results, and the table of contents.
fn sidebar_ui(
    ui: &mut egui::Ui,
    manual: &Manual,
    search: &mut Search<'_>,
    current: &str,
    navigate: &mut Option<String>,
) {
    ui.add_space(4.0);
    let label = ui.label("Search");
    ui.add(
        egui::TextEdit::singleline(search.query)
            .hint_text("a word or phrase")
            .desired_width(f32::INFINITY)
            .id_salt(("manual-search", search.key)),
    )
    .labelled_by(label.id);
    if *search.query != *search.hits_query {
        *search.hits = manual.search(search.query);
        *search.hits_query = search.query.clone();
    }
    egui::ScrollArea::vertical()
        .id_salt("manual-sidebar")
        .auto_shrink(false)
        .show(ui, |ui| {
            if !search.query.trim().is_empty() {
                let count = match search.hits.len() {
                    0 => "No matches".to_string(),
                    1 => "1 match".to_string(),
                    n => format!("{n} matches"),
                };
                ui.label(RichText::new(count).weak());
                for hit in search.hits.iter() {
                    let mut job = egui::text::LayoutJob::default();
                    RichText::new(&hit.title).strong().append_to(
                        &mut job,
                        ui.style(),
                        egui::FontSelection::Default,
                        Align::Min,
                    );
                    // Body size, in the weak colour (still WCAG AA).
                    RichText::new(format!("\n{}", hit.snippet))
                        .weak()
                        .append_to(
                            &mut job,
                            ui.style(),
                            egui::FontSelection::Default,
                            Align::Min,
                        );
                    let button = egui::Button::new(job)
                        .wrap()
                        .frame(false)
                        .min_size(Vec2::new(ui.available_width(), 0.0));
                    if ui.add(button).clicked() {
                        *navigate = Some(hit.tag.clone());
                    }
                    ui.add_space(2.0);
                }
                ui.separator();
            }
            ui.label(RichText::new("Contents").strong());
            for section in manual.sections() {
                ui.horizontal(|ui| {
                    ui.add_space(f32::from(section.level.saturating_sub(1)) * 12.0);
                    let selected = section.tag == current;
                    if ui.selectable_label(selected, &section.title).clicked() {
                        *navigate = Some(section.tag.clone());
                    }
                });
            }
        });
}

/// One page of the manual: the top (the preamble and every section) or a
/// section with its subsections, then links to the previous and next pages.
fn page_ui(ui: &mut egui::Ui, manual: &Manual, current: &str, page: &mut PageContext<'_>) {
    let sections = manual.sections();
    if current.is_empty() {
        blocks_ui(ui, manual.preamble(), page);
        for section in sections {
            blocks_ui(ui, &section.blocks, page);
        }
        if manual.preamble().is_empty() && sections.is_empty() {
            ui.label(RichText::new("This manual is empty.").weak());
        }
        return;
    }
    let Ok(subtree) = manual.subtree(current) else {
        return;
    };
    for section in subtree {
        blocks_ui(ui, &section.blocks, page);
    }
    // Previous: the section before this one; next: the one after its subtree.
    let start = sections.iter().position(|s| s.tag == current).unwrap_or(0);
    let previous = start.checked_sub(1).map(|i| &sections[i]);
    let next = sections.get(start + subtree.len());
    ui.add_space(16.0);
    ui.separator();
    ui.horizontal(|ui| {
        if let Some(previous) = previous
            && ui.button(format!("Previous: {}", previous.title)).clicked()
        {
            *page.navigate = Some(previous.tag.clone());
        }
        if let Some(next) = next {
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                if ui.button(format!("Next: {}", next.title)).clicked() {
                    *page.navigate = Some(next.tag.clone());
                }
            });
        }
    });
}

/// An id for a block's widgets, unique while the manual is loaded (its
/// address: the manual does not move while a viewer shows it).
fn block_id(block: &ManualBlock) -> usize {
    std::ptr::from_ref(block) as usize
}

/// Draws a section's blocks.
fn blocks_ui(ui: &mut egui::Ui, blocks: &[ManualBlock], page: &mut PageContext<'_>) {
    for block in blocks {
        match block {
            ManualBlock::Heading { level, text, .. } => {
                let size = match level {
                    1 => 24.0,
                    2 => 20.0,
                    3 => 17.0,
                    _ => 15.0,
                };
                ui.add_space(if *level <= 2 { 12.0 } else { 8.0 });
                ui.add(Label::new(RichText::new(text).size(size).strong()).wrap());
                ui.add_space(4.0);
            }
            ManualBlock::Paragraph(inlines) => {
                inlines_ui(ui, inlines, page);
                ui.add_space(6.0);
            }
            ManualBlock::CodeBlock { text, .. } => {
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    egui::ScrollArea::horizontal()
                        .id_salt(("code", block_id(block)))
                        .show(ui, |ui| {
                            ui.add(Label::new(RichText::new(text).monospace()).extend());
                        });
                });
                ui.add_space(6.0);
            }
            ManualBlock::List { ordered, items } => {
                for (i, item) in items.iter().enumerate() {
                    let mark = if *ordered {
                        format!("{}.", i + 1)
                    } else {
                        "•".to_string()
                    };
                    bullet_ui(ui, &mark, |ui| inlines_ui(ui, item, page));
                }
                ui.add_space(6.0);
            }
            ManualBlock::Image { path, alt } => {
                picture_ui(ui, path, alt, page);
                ui.add_space(6.0);
            }
            ManualBlock::Rule => {
                ui.separator();
            }
            ManualBlock::Table { header, rows } => {
                table_ui(ui, block_id(block), header, rows, page);
                ui.add_space(6.0);
            }
            ManualBlock::Quote(inlines) => {
                let left = ui.cursor().left();
                let rect = ui
                    .indent(("quote", block_id(block)), |ui| {
                        inlines_ui(ui, inlines, page);
                    })
                    .response
                    .rect;
                let stroke = ui.visuals().widgets.noninteractive.bg_stroke;
                ui.painter().vline(
                    left + 5.0,
                    rect.y_range(),
                    egui::Stroke::new(3.0, stroke.color),
                );
                ui.add_space(6.0);
            }
        }
    }
}

/// Draws a table: a framed grid with a bold header row, striped, scrolling
/// sideways when it is wider than the page.
fn table_ui(
    ui: &mut egui::Ui,
    id: usize,
    header: &[Vec<Inline>],
    rows: &[Vec<Vec<Inline>>],
    page: &mut PageContext<'_>,
) {
    let columns = header
        .len()
        .max(rows.iter().map(Vec::len).max().unwrap_or(0));
    egui::Frame::group(ui.style()).show(ui, |ui| {
        egui::ScrollArea::horizontal()
            .id_salt(("table-scroll", id))
            .show(ui, |ui| {
                egui::Grid::new(("table", id))
                    .striped(true)
                    .spacing([16.0, 6.0])
                    .show(ui, |ui| {
                        // Cells keep to one line; a wide table scrolls.
                        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                        for cell in header.iter().take(columns) {
                            let strong: Vec<Inline> = cell
                                .iter()
                                .map(|inline| match inline {
                                    Inline::Text(t) | Inline::Emphasis(t) => {
                                        Inline::Strong(t.clone())
                                    }
                                    other => other.clone(),
                                })
                                .collect();
                            inlines_ui(ui, &strong, page);
                        }
                        ui.end_row();
                        for row in rows {
                            for column in 0..columns {
                                match row.get(column) {
                                    Some(cell) => inlines_ui(ui, cell, page),
                                    None => {
                                        ui.label("");
                                    }
                                }
                            }
                            ui.end_row();
                        }
                    });
            });
    });
}

/// Whether a link goes somewhere a browser can open.
fn is_web_link(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    ["http://", "https://", "mailto:"]
        .iter()
        .any(|scheme| lower.starts_with(scheme))
}

/// Draws a run of inlines, wrapped; `#tag` links navigate within the manual.
fn inlines_ui(ui: &mut egui::Ui, inlines: &[Inline], page: &mut PageContext<'_>) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        for inline in inlines {
            match inline {
                Inline::Text(text) => {
                    ui.label(text.as_str());
                }
                Inline::Code(text) => {
                    ui.label(RichText::new(text).code());
                }
                Inline::Emphasis(text) => {
                    ui.label(RichText::new(text).italics());
                }
                Inline::Strong(text) => {
                    ui.label(RichText::new(text).strong());
                }
                Inline::Link {
                    text,
                    target: LinkTarget::Section(tag),
                } => {
                    let response = ui.link(text.as_str());
                    if response.clicked() {
                        *page.navigate = Some(tag.clone());
                    }
                    if !tag.is_empty() {
                        response.on_hover_text(format!("#{tag}"));
                    }
                }
                Inline::Link {
                    text,
                    target: LinkTarget::External(url),
                } => {
                    if is_web_link(url) {
                        ui.hyperlink_to(text.as_str(), url)
                            .on_hover_text(url.as_str());
                    } else {
                        ui.label(RichText::new(text).underline())
                            .on_hover_text(url.as_str());
                    }
                }
            }
        }
    });
}

/// Draws a picture of the manual, or its alt text and why it is missing.
fn picture_ui(ui: &mut egui::Ui, path: &str, alt: &str, page: &mut PageContext<'_>) {
    let ctx = ui.ctx().clone();
    let picture = page.pictures.entry(path.to_string()).or_insert_with(|| {
        if !page.allowed_pictures.iter().any(|p| p == path) {
            return Err(format!(
                "{path} is not a picture beside the manual; it is not shown"
            ));
        }
        load_picture(&page.manual_dir.join(path)).map(|image| {
            ctx.load_texture(
                format!("manual:{}:{path}", page.key),
                image,
                TextureOptions::LINEAR,
            )
        })
    });
    match picture {
        Ok(texture) => {
            let max = Vec2::new(ui.available_width().max(32.0), 640.0);
            ui.add(egui::Image::new(&*texture).max_size(max).alt_text(alt));
        }
        Err(reason) => {
            let shown = if alt.is_empty() { path } else { alt };
            ui.label(RichText::new(format!("[picture: {shown}]")).italics())
                .on_hover_text(reason.as_str());
        }
    }
}

/// Writes a manual's HTML page into `cache_dir` (a directory per `key`) and
/// opens it in the browser at `tag` (the top when empty), honouring
/// `$BROWSER`. Returns the URL opened. Refuses an unknown tag with a message
/// that names the manual and the tag.
pub fn show_in_browser(
    key: &str,
    path: &Path,
    tag: &str,
    cache_dir: &Path,
) -> Result<String, String> {
    let url = write_manual_page(key, path, tag, cache_dir)?;
    open_in_browser(&url).map_err(|e| e.to_string())?;
    Ok(url)
}

/// The part of [`show_in_browser`] before the browser: checks the tag,
/// writes the page, and returns its `file://…#tag` URL.
pub fn write_manual_page(
    key: &str,
    path: &Path,
    tag: &str,
    cache_dir: &Path,
) -> Result<String, String> {
    let manual = load_manual(path)?;
    if !tag.is_empty() {
        manual.section(tag).map_err(|e| e.to_string())?;
    }
    let manual_dir = path.parent().unwrap_or(Path::new("."));
    let written = write_html(&manual, &cache_dir.join(cache_subdir(key)), manual_dir)
        .map_err(|e| e.to_string())?;
    for warning in &written.warnings {
        eprintln!("launcher: {warning}");
    }
    Ok(manual_url(&written.path, tag))
}

/// The text help file of a game: the one found by the catalog, else the one
/// its manifest names, else `doc.txt` (which may be missing: the help window
/// then says so).
pub fn text_help_path(entry: &GameEntry) -> PathBuf {
    entry.help.clone().unwrap_or_else(|| {
        let named = entry.manifest.as_ref().and_then(|m| m.help.clone());
        entry
            .dir
            .join(named.unwrap_or_else(|| PathBuf::from("doc.txt")))
    })
}

/// The manual of a game: the one found by the catalog, else the one its
/// manifest names (which may be missing), else none.
pub fn manual_path(entry: &GameEntry) -> Option<PathBuf> {
    entry.manual.clone().or_else(|| {
        entry
            .manifest
            .as_ref()
            .and_then(|m| m.manual.as_ref())
            .map(|p| entry.dir.join(p))
    })
}

/// Every open help window.
pub struct HelpWindows {
    cache_dir: PathBuf,
    launcher_manual: Option<PathBuf>,
    text: Vec<TextHelpWindow>,
    manuals: Vec<ManualViewer>,
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
        }
    }

    /// Uses `path` as the launcher's own manual instead of looking for
    /// `docs/manual.md` (see [`launcher_manual_candidates`]).
    pub fn with_launcher_manual(mut self, path: PathBuf) -> Self {
        self.launcher_manual = Some(path);
        self
    }

    /// Opens the launcher's own manual in the in-app viewer; if it is not
    /// installed, the viewer says where it was looked for.
    pub fn show_launcher_manual(&mut self, ctx: &egui::Context) {
        let location = find_launcher_manual(self.launcher_manual.as_deref());
        self.show_manual(ctx, LAUNCHER_KEY, "PLT Games Manual", location, "");
    }

    /// Shows a game's text help (see [`text_help_path`]) in a window titled
    /// `title`; see [`HelpWindows::show_text_help`].
    pub fn show_text_help_of(
        &mut self,
        ctx: &egui::Context,
        entry: &GameEntry,
        title: &str,
        verbatim_mode: bool,
    ) {
        let path = text_help_path(entry);
        self.show_text_help(ctx, &entry.dir_name, title, &path, verbatim_mode);
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
        let Some(path) = manual_path(entry) else {
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
        if tag.is_empty() {
            self.show_manual(ctx, &entry.dir_name, &title, Ok(path), "");
            return Ok(());
        }
        self.show_manual_in_browser(ctx, &entry.dir_name, &title, &path, tag)
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

    /// The text help window of a game, if open.
    pub fn text_window(&self, game: &str) -> Option<&TextHelpWindow> {
        self.text.iter().find(|w| w.key == game)
    }

    /// The manual viewer of a game ([`LAUNCHER_KEY`] for the launcher's), if open.
    pub fn manual_viewer(&self, key: &str) -> Option<&ManualViewer> {
        self.manuals.iter().find(|w| w.key == key)
    }

    /// The manual viewer of a game, to drive it from tests and tools.
    pub fn manual_viewer_mut(&mut self, key: &str) -> Option<&mut ManualViewer> {
        self.manuals.iter_mut().find(|w| w.key == key)
    }

    /// Whether a help window of this kind is open for `key`.
    pub fn is_open(&self, key: &str, kind: HelpKind) -> bool {
        match kind {
            HelpKind::Text => self.text_window(key).is_some(),
            HelpKind::Manual => self.manual_viewer(key).is_some(),
        }
    }

    /// How many help windows are open.
    pub fn len(&self) -> usize {
        self.text.len() + self.manuals.len()
    }

    /// Whether no help window is open.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Shows the text help file `path` of `game` in a window titled `title`,
    /// formatted or `verbatim`. If the game's text help window is open it is
    /// brought to the front (and re-read if the title or mode changed).
    pub fn show_text_help(
        &mut self,
        ctx: &egui::Context,
        game: &str,
        title: &str,
        path: &Path,
        verbatim_mode: bool,
    ) {
        if let Some(window) = self.text.iter_mut().find(|w| w.key == game) {
            if window.title != title || window.verbatim != verbatim_mode || window.path != path {
                window.title = title.to_string();
                window.verbatim = verbatim_mode;
                window.path = path.to_path_buf();
                window.reload();
            }
            focus(ctx, window.viewport_id);
            return;
        }
        self.text
            .push(TextHelpWindow::new(game, title, path, verbatim_mode));
        ctx.request_repaint();
    }

    /// Opens the in-app manual viewer of `key` at `tag` (the top when
    /// empty), or brings it to the front and goes to `tag` if it is open.
    /// `location` is the manual's path, or why there is none (shown in the
    /// window).
    pub fn show_manual(
        &mut self,
        ctx: &egui::Context,
        key: &str,
        title: &str,
        location: Result<PathBuf, String>,
        tag: &str,
    ) {
        let index = match self.manuals.iter().position(|w| w.key == key) {
            Some(index) => {
                focus(ctx, self.manuals[index].viewport_id);
                index
            }
            None => {
                self.manuals.push(ManualViewer::new(key, title, location));
                ctx.request_repaint();
                self.manuals.len() - 1
            }
        };
        if !tag.is_empty() {
            self.manuals[index].go_to(tag);
        }
    }

    /// Opens a game's manual in the browser at `tag`; see [`show_in_browser`].
    /// If the tag is fine but no browser starts, the in-app viewer opens at
    /// that section instead and the error says so.
    pub fn show_manual_in_browser(
        &mut self,
        ctx: &egui::Context,
        key: &str,
        title: &str,
        path: &Path,
        tag: &str,
    ) -> Result<String, Notice> {
        let url = write_manual_page(key, path, tag, &self.cache_dir).map_err(|text| Notice {
            severity: Severity::Error,
            text,
        })?;
        match open_in_browser(&url) {
            Ok(()) => Ok(url),
            Err(e) => {
                self.show_manual(ctx, key, title, Ok(path.to_path_buf()), tag);
                Err(Notice {
                    severity: Severity::Warning,
                    text: format!("{e}; the manual is shown in the launcher instead"),
                })
            }
        }
    }

    /// Closes every help window of `key`.
    pub fn close(&mut self, key: &str) {
        self.text.retain(|w| w.key != key);
        self.manuals.retain(|w| w.key != key);
    }

    /// Shows every open help window; forgets the ones the player closed.
    pub fn show(&mut self, ctx: &egui::Context) {
        let mut slot = 0;
        self.text.retain_mut(|window| {
            slot += 1;
            show_help_window(
                ctx,
                window.viewport_id,
                window.viewport_builder(),
                slot - 1,
                |ui, class| window.ui(ui, class),
            )
            .unwrap_or(true)
        });
        let cache_dir = &self.cache_dir;
        self.manuals.retain_mut(|viewer| {
            slot += 1;
            show_help_window(
                ctx,
                viewer.viewport_id,
                viewer.viewport_builder(),
                slot - 1,
                |ui, class| viewer.ui(ui, class, cache_dir),
            )
            .unwrap_or(true)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tabs_expand_to_columns_of_eight() {
        assert_eq!(expand_tabs("a\tb"), "a       b");
        assert_eq!(expand_tabs("\tx"), "        x");
        assert_eq!(expand_tabs("no tabs"), "no tabs");
    }

    #[test]
    fn cache_subdirectories_are_safe_names() {
        assert_eq!(cache_subdir("chat-noir"), "chat-noir");
        assert_eq!(cache_subdir(LAUNCHER_KEY), ".launcher");
        assert_eq!(cache_subdir("a/b"), "a_b");
        assert_eq!(cache_subdir(".."), "_");
    }

    #[test]
    fn a_configured_launcher_manual_that_is_missing_is_named() {
        let e = find_launcher_manual(Some(Path::new("/no/such/manual.md"))).unwrap_err();
        assert!(e.contains("/no/such/manual.md"), "{e}");
    }

    #[test]
    fn manuals_that_are_not_text_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("m.md");
        std::fs::write(&bin, b"# T\0").unwrap();
        assert!(load_manual_text(&bin).unwrap_err().contains("binary"));
        std::fs::write(&bin, b"# T\xff").unwrap();
        assert!(load_manual_text(&bin).unwrap_err().contains("UTF-8"));
        let missing = dir.path().join("none.md");
        assert!(
            load_manual_text(&missing)
                .unwrap_err()
                .contains("not found")
        );
        assert!(
            load_manual_text(dir.path())
                .unwrap_err()
                .contains("not a regular file")
        );
    }
}
