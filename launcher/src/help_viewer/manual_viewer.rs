//! The manual viewer (§3 "Showing Scribbled Help"): one section per page
//! with its subsections, the contents and search in a sidebar, a history for
//! Back, links between sections, and the page in the browser on request.

use super::markdown_ui::{PageContext, blocks_ui};
use super::picture::Pictures;
use super::{HelpKind, HelpOwner, help_viewport_id};
use crate::catalog::Severity;
use crate::viewport;
use egui::{Align, Label, Layout, RichText, Vec2, ViewportBuilder, ViewportClass, ViewportId};
use launcher_help::manual::{Manual, SearchHit, load_manual, show_in_browser};
use std::path::{Path, PathBuf};

/// An open manual viewer.
pub struct ManualViewer {
    owner: HelpOwner,
    title: String,
    path: Option<PathBuf>,
    manual: Result<Manual, String>,
    current: String,
    history: Vec<String>,
    query: String,
    hits: Vec<SearchHit>,
    hits_query: String,
    pictures: Pictures,
    message: Option<(Severity, String)>,
    scroll_to_top: bool,
    viewport_id: ViewportId,
}

impl std::fmt::Debug for ManualViewer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ManualViewer")
            .field("owner", &self.owner)
            .field("title", &self.title)
            .field("current", &self.current)
            .finish()
    }
}

impl ManualViewer {
    pub(super) fn new(owner: HelpOwner, title: &str, location: Result<PathBuf, String>) -> Self {
        let path = location.as_ref().ok().cloned();
        let manual = location.and_then(|p| load_manual(&p));
        let viewport_id = help_viewport_id(&owner, HelpKind::Manual);
        ManualViewer {
            owner,
            title: title.to_string(),
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
        let mut open = !viewport::close_requested_in(ui, class);
        let mut navigate: Option<String> = None;
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
                        sidebar_ui(ui, manual, &mut search, &self.current, &mut navigate);
                    });
                let manual_dir = self
                    .path
                    .as_deref()
                    .and_then(Path::parent)
                    .unwrap_or(Path::new("."))
                    .to_path_buf();
                let texture_prefix = format!("manual:{:?}", self.owner);
                let mut page = PageContext {
                    texture_prefix: &texture_prefix,
                    manual,
                    manual_dir: &manual_dir,
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
                Some(path) => match show_in_browser(&self.owner, path, &tag, cache_dir) {
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
    owner: &'a HelpOwner,
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
