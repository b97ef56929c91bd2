//! A game's text help window (§4 "Showing Text Help"): `doc.txt` formatted
//! into titles, paragraphs and bullets, or shown verbatim, or why it cannot
//! be shown.

use super::{HelpKind, HelpOwner, help_viewport_id};
use crate::viewport;
use egui::{Align, Label, Layout, RichText, TextStyle, ViewportBuilder, ViewportClass, ViewportId};
use launcher_help::text_help::{Block, TextHelp, code_spans, format_text_help, load_doc, verbatim};
use std::path::{Path, PathBuf};

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
    game: String,
    title: String,
    /// The game's folder, which the file must not lead out of.
    folder: PathBuf,
    path: PathBuf,
    verbatim: bool,
    content: TextContent,
    viewport_id: ViewportId,
}

impl TextHelpWindow {
    pub(super) fn new(
        game: &str,
        title: &str,
        folder: &Path,
        path: &Path,
        verbatim_mode: bool,
    ) -> Self {
        let mut window = TextHelpWindow {
            game: game.to_string(),
            title: title.to_string(),
            folder: folder.to_path_buf(),
            path: path.to_path_buf(),
            verbatim: verbatim_mode,
            content: TextContent::Error(String::new()),
            viewport_id: help_viewport_id(&HelpOwner::game(game), HelpKind::Text),
        };
        window.reload();
        window
    }

    /// Reads the file again.
    fn reload(&mut self) {
        self.content = match load_doc(&self.folder, &self.path) {
            Ok(source) if self.verbatim => {
                TextContent::Verbatim(verbatim(&source).lines().map(expand_tabs).collect())
            }
            Ok(source) => TextContent::Formatted(format_text_help(&source)),
            Err(e) => TextContent::Error(e.to_string()),
        };
    }

    /// Shows `path` titled `title`, formatted or verbatim, re-reading the
    /// file if any of them changed.
    pub(super) fn update(&mut self, title: &str, path: &Path, verbatim_mode: bool) {
        if self.title != title || self.verbatim != verbatim_mode || self.path != path {
            self.title = title.to_string();
            self.verbatim = verbatim_mode;
            self.path = path.to_path_buf();
            self.reload();
        }
    }

    /// The game's directory name.
    pub fn game(&self) -> &str {
        &self.game
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

    pub(super) fn viewport_id(&self) -> ViewportId {
        self.viewport_id
    }

    pub(super) fn viewport_builder(&self) -> ViewportBuilder {
        ViewportBuilder::default()
            .with_title(&self.title)
            .with_inner_size([520.0, 560.0])
            .with_min_inner_size([220.0, 160.0])
    }

    /// Draws the window's contents; `false` once the player closed it.
    pub(super) fn ui(&mut self, ui: &mut egui::Ui, class: ViewportClass) -> bool {
        let mut open = !viewport::help_close_requested_in(ui, class);
        egui::Panel::bottom(("help-text-buttons", &self.game)).show(ui, |ui| {
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
                super::markdown_ui::marked_ui(ui, "•", |ui| {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tabs_expand_to_columns_of_eight() {
        assert_eq!(expand_tabs("a\tb"), "a       b");
        assert_eq!(expand_tabs("\tx"), "        x");
        assert_eq!(expand_tabs("no tabs"), "no tabs");
    }
}
