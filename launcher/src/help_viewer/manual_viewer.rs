//! The manual viewer (§3 "Showing Scribbled Help"): one section per page
//! with its subsections and the footnotes they refer to; the contents and
//! search (its matches highlighted) in a sidebar; Back through the pages
//! seen; links to sections, to other Markdown documents beside the manual,
//! and to the web; and the page in the browser on request.

use super::inline_ui::{highlight_color, highlight_job, is_web_link};
use super::markdown_ui::{blocks_ui, footnotes_ui};
use super::page::{Anchor, PageAction, PageContext};
use super::picture::Pictures;
use super::{HelpKind, HelpOwner, help_viewport_id};
use crate::catalog::Severity;
use crate::viewport;
use egui::{Align, Label, Layout, RichText, Vec2, ViewportBuilder, ViewportClass, ViewportId};
use launcher_help::manual::{
    Footnote, LinkTarget, Manual, ManualBlock, SearchHit, load_manual, open_in_browser,
    show_in_browser,
};
use std::path::{Path, PathBuf};

/// A page of the viewer: a document and a section of it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Page {
    /// The document (the manual, or another beside it).
    path: Option<PathBuf>,
    /// The section's tag; empty for the top.
    tag: String,
}

/// An open manual viewer.
pub struct ManualViewer {
    owner: HelpOwner,
    title: String,
    /// The folder no document or picture is read out of: the game's, or
    /// the launcher's manual's own directory.
    folder: PathBuf,
    path: Option<PathBuf>,
    manual: Result<Manual, String>,
    current: String,
    history: Vec<Page>,
    query: String,
    hits: Vec<SearchHit>,
    hits_query: String,
    pictures: Pictures,
    message: Option<(Severity, String)>,
    scroll_to_top: bool,
    scroll_to: Option<Anchor>,
    viewport_id: ViewportId,
}

impl std::fmt::Debug for ManualViewer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ManualViewer")
            .field("owner", &self.owner)
            .field("title", &self.title)
            .field("path", &self.path)
            .field("current", &self.current)
            .finish()
    }
}

impl ManualViewer {
    /// A viewer of the manual at `location` (or why there is none), whose
    /// documents and pictures are read only inside `folder`; `None`: the
    /// manual's own directory.
    pub(super) fn new(
        owner: HelpOwner,
        title: &str,
        folder: Option<&Path>,
        location: Result<PathBuf, String>,
    ) -> Self {
        let path = location.as_ref().ok().cloned();
        let folder = folder
            .or_else(|| path.as_deref().and_then(Path::parent))
            .unwrap_or(Path::new("."))
            .to_path_buf();
        let manual = location.and_then(|p| load_manual(&folder, &p));
        let viewport_id = help_viewport_id(&owner, HelpKind::Manual);
        ManualViewer {
            owner,
            title: title.to_string(),
            folder,
            path,
            manual,
            current: String::new(),
            history: Vec::new(),
            query: String::new(),
            hits: Vec::new(),
            hits_query: String::new(),
            pictures: Pictures::default(),
            message: None,
            scroll_to_top: true,
            scroll_to: None,
            viewport_id,
        }
    }

    /// Whose manual it is.
    pub fn owner(&self) -> &HelpOwner {
        &self.owner
    }

    /// The window's title.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The document shown: the manual, or another Markdown document beside
    /// it that a link led to; `None` when there is no manual.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The document shown, or why it cannot be shown.
    pub fn manual(&self) -> Result<&Manual, &str> {
        self.manual.as_ref().map_err(String::as_str)
    }

    /// Whether a picture of the page is still being read or decoded.
    pub fn pictures_loading(&self) -> bool {
        self.pictures.loading()
    }

    /// The memory the pictures shown take as textures, in bytes (at most
    /// `MAX_MANUAL_PICTURE_BYTES`).
    pub fn picture_bytes(&self) -> usize {
        self.pictures.bytes()
    }

    /// Each picture not shown, by its path, and why.
    pub fn refused_pictures(&self) -> Vec<(String, String)> {
        self.pictures.refused()
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

    fn page(&self) -> Page {
        Page {
            path: self.path.clone(),
            tag: self.current.clone(),
        }
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
            self.history.push(self.page());
            self.current = tag.to_string();
        }
        self.message = None;
        self.scroll_to_top = true;
    }

    /// Follows a link to the Markdown document `relative` beside the one
    /// shown, at `tag`: the same document goes to the section; another is
    /// read (with the same caps) and shown in this window. Anything but
    /// Markdown is refused with a message.
    pub fn open_document(&mut self, relative: &str, tag: &str) {
        let Some(current) = &self.path else {
            return;
        };
        let target = current.parent().unwrap_or(Path::new(".")).join(relative);
        if target == *current {
            self.go_to(tag);
            return;
        }
        let lower = relative.to_ascii_lowercase();
        if ![".md", ".markdown"].iter().any(|ext| lower.ends_with(ext)) {
            self.message = Some((
                Severity::Warning,
                format!(
                    "{relative} is not a Markdown document; only those open in the manual viewer"
                ),
            ));
            return;
        }
        let manual = match load_manual(&self.folder, &target) {
            Ok(manual) => manual,
            Err(e) => {
                self.message = Some((Severity::Error, e));
                return;
            }
        };
        if !tag.is_empty()
            && let Err(e) = manual.section(tag)
        {
            self.message = Some((Severity::Warning, e.to_string()));
            return;
        }
        self.history.push(self.page());
        self.show_document(Some(target), Ok(manual), tag);
    }

    /// Shows `manual` (read from `path`) at `tag`, forgetting the pictures
    /// of the document shown before.
    fn show_document(&mut self, path: Option<PathBuf>, manual: Result<Manual, String>, tag: &str) {
        self.path = path;
        self.manual = manual;
        self.current = tag.to_string();
        self.pictures = Pictures::default();
        self.hits_query.clear();
        self.message = None;
        self.scroll_to_top = true;
    }

    fn back(&mut self) {
        let Some(page) = self.history.pop() else {
            return;
        };
        if page.path == self.path {
            self.current = page.tag;
            self.message = None;
            self.scroll_to_top = true;
            return;
        }
        let manual = match &page.path {
            Some(path) => load_manual(&self.folder, path),
            None => Err("This manual cannot be shown.".to_string()),
        };
        self.show_document(page.path, manual, &page.tag);
    }

    /// Carries out what the player did on the page.
    fn act(&mut self, action: PageAction) {
        match action {
            PageAction::Follow(LinkTarget::Section(tag)) => self.go_to(&tag),
            PageAction::Follow(LinkTarget::Document { path, tag }) => {
                self.open_document(&path, &tag);
            }
            PageAction::Follow(LinkTarget::External(url)) if is_web_link(&url) => {
                self.message = open_in_browser(&url)
                    .err()
                    .map(|e| (Severity::Error, e.to_string()));
            }
            PageAction::Follow(LinkTarget::External(_)) => {}
            PageAction::ShowFootnote(n) => self.scroll_to = Some(Anchor::Footnote(n)),
            PageAction::ShowReference(n) => self.scroll_to = Some(Anchor::Reference(n)),
        }
    }

    pub(super) fn viewport_id(&self) -> ViewportId {
        self.viewport_id
    }

    pub(super) fn viewport_builder(&self) -> ViewportBuilder {
        ViewportBuilder::default()
            .with_title(&self.title)
            .with_inner_size([760.0, 600.0])
            .with_min_inner_size([320.0, 200.0])
    }

    /// Draws the viewer; `false` once the player closed it.
    pub(super) fn ui(&mut self, ui: &mut egui::Ui, class: ViewportClass, cache_dir: &Path) -> bool {
        let mut open = !viewport::help_close_requested_in(ui, class);
        let mut action: Option<PageAction> = None;
        let mut back = false;
        let mut open_browser = false;

        egui::Panel::top(("manual-toolbar", &self.owner)).show(ui, |ui| {
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
                    action = Some(PageAction::Follow(LinkTarget::Section(String::new())));
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
                let color = crate::theme::severity_color(ui, *severity);
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
                egui::Panel::left(("manual-contents", &self.owner))
                    .resizable(true)
                    .default_size(200.0)
                    .show(ui, |ui| {
                        let mut search = Search {
                            owner: &self.owner,
                            query: &mut self.query,
                            hits: &mut self.hits,
                            hits_query: &mut self.hits_query,
                        };
                        sidebar_ui(ui, manual, &mut search, &self.current, &mut action);
                    });
                let manual_dir = self
                    .path
                    .as_deref()
                    .and_then(Path::parent)
                    .unwrap_or(Path::new("."))
                    .to_path_buf();
                let texture_prefix = format!("manual:{:?}:{}", self.owner, manual.name());
                self.pictures.take_decoded(ui.ctx(), &texture_prefix);
                let mut page = PageContext {
                    texture_prefix: &texture_prefix,
                    manual,
                    folder: &self.folder,
                    manual_dir: &manual_dir,
                    pictures: &mut self.pictures,
                    highlight: self.query.trim(),
                    action: &mut action,
                    scroll_to: &mut self.scroll_to,
                    list_depth: 0,
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
        if let Some(action) = action {
            self.act(action);
            ui.ctx().request_repaint();
        }
        if open_browser {
            let tag = self.current.clone();
            self.message = match self.path.as_deref() {
                Some(path) => {
                    match show_in_browser(&self.owner, &self.folder, path, &tag, cache_dir) {
                        Ok(_) => None,
                        Err(e) => Some((Severity::Error, e)),
                    }
                }
                None => None,
            };
        }
        open
    }
}

/// The search state of a manual viewer.
struct Search<'a> {
    owner: &'a HelpOwner,
    query: &'a mut String,
    hits: &'a mut Vec<SearchHit>,
    hits_query: &'a mut String,
}

/// The search box, its results (the match highlighted in each), and the
/// table of contents.
fn sidebar_ui(
    ui: &mut egui::Ui,
    manual: &Manual,
    search: &mut Search<'_>,
    current: &str,
    action: &mut Option<PageAction>,
) {
    let go = |tag: &str| Some(PageAction::Follow(LinkTarget::Section(tag.to_string())));
    ui.add_space(4.0);
    let label = ui.label("Search");
    ui.add(
        egui::TextEdit::singleline(search.query)
            .hint_text("a word or phrase")
            .desired_width(f32::INFINITY)
            .id_salt(("manual-search", search.owner)),
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
                    if ui.add(hit_button(ui, hit)).clicked() {
                        *action = go(&hit.tag);
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
                        *action = go(&section.tag);
                    }
                });
            }
        });
}

/// A search result: the section's title, then its snippet at the body
/// text's size in the weak colour (still WCAG AA), the match highlighted.
fn hit_button<'a>(ui: &egui::Ui, hit: &'a SearchHit) -> egui::Button<'a> {
    let mut job = egui::text::LayoutJob::default();
    let append = |job: &mut egui::text::LayoutJob, text: RichText| {
        text.append_to(job, ui.style(), egui::FontSelection::Default, Align::Min);
    };
    append(&mut job, RichText::new(&hit.title).strong());
    let snippet = &hit.snippet;
    let matched = hit.matched.clone();
    append(
        &mut job,
        RichText::new(format!("\n{}", &snippet[..matched.start])).weak(),
    );
    append(&mut job, RichText::new(&snippet[matched.clone()]).strong());
    append(&mut job, RichText::new(&snippet[matched.end..]).weak());
    highlight_job(&mut job, &snippet[matched], highlight_color(ui));
    egui::Button::new(job)
        .wrap()
        .frame(false)
        .min_size(Vec2::new(ui.available_width(), 0.0))
}

/// The footnotes of `blocks` not in `notes` yet, added in number order.
fn add_footnotes<'m>(manual: &'m Manual, blocks: &[ManualBlock], notes: &mut Vec<&'m Footnote>) {
    for note in manual.footnotes_of(blocks) {
        if !notes.iter().any(|n| n.number == note.number) {
            notes.push(note);
        }
    }
    notes.sort_by_key(|n| n.number);
}

/// One page of the manual: the top (the preamble and every section) or a
/// section with its subsections; then the footnotes it refers to and links
/// to the previous and next pages.
fn page_ui(ui: &mut egui::Ui, manual: &Manual, current: &str, page: &mut PageContext<'_>) {
    let sections = manual.sections();
    let mut notes = Vec::new();
    if current.is_empty() {
        blocks_ui(ui, manual.preamble(), page);
        add_footnotes(manual, manual.preamble(), &mut notes);
        for section in sections {
            ui.add_space(6.0);
            blocks_ui(ui, &section.blocks, page);
            add_footnotes(manual, &section.blocks, &mut notes);
        }
        if manual.preamble().is_empty() && sections.is_empty() {
            ui.label(RichText::new("This manual is empty.").weak());
        }
        footnotes_ui(ui, &notes, page);
        return;
    }
    let Ok(subtree) = manual.subtree(current) else {
        return;
    };
    for section in subtree {
        blocks_ui(ui, &section.blocks, page);
        add_footnotes(manual, &section.blocks, &mut notes);
        ui.add_space(6.0);
    }
    footnotes_ui(ui, &notes, page);
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
            *page.action = Some(PageAction::Follow(LinkTarget::Section(
                previous.tag.clone(),
            )));
        }
        if let Some(next) = next {
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                if ui.button(format!("Next: {}", next.title)).clicked() {
                    *page.action = Some(PageAction::Follow(LinkTarget::Section(next.tag.clone())));
                }
            });
        }
    });
}
