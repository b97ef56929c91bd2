//! The manual's Markdown widgets: the block tree of `launcher-help` drawn
//! with egui (headings, paragraphs, nested lists and quotes, tables, code,
//! pictures, footnotes), with the search query highlighted.
//!
//! # Why our own widgets, not `egui_commonmark`
//!
//! `egui_commonmark` 0.26 is maintained (it follows every egui release; 0.26
//! targets egui 0.37) and renders CommonMark well, but it draws one whole
//! document from its source text, and the viewer needs more than that. It
//! shows one section per page: rendering a slice of the source loses the
//! footnote and link-reference definitions written elsewhere. Its links go
//! to egui's `OpenUrl` unless each destination is registered beforehand as
//! a hook, and `#tag` links only scroll within the one document, while
//! ours go to another page, another document beside the manual, or the
//! browser through `$BROWSER`. Its pictures load through `egui_extras`'
//! file loader: any path, uncapped reads, no pixel limits, where ours go
//! through `launcher_core::files` and only to files the manual lists. Its
//! footnote marks do not lead to their definitions, table columns ignore
//! their alignment, and each text event is a label of its own, where we
//! keep a paragraph's words together for screen readers and tests. Its
//! search is its own (regular expressions over the source), not ours.
//! So `launcher-help` parses with pulldown-cmark into a block tree
//! (blocks holding blocks, inlines holding inlines) and this module draws
//! it: a few hundred lines, with no second parser and no new dependency.

use super::picture::Pictures;
use egui::text::{ByteIndex, LayoutJob, LayoutSection};
use egui::{Align, Color32, Label, Layout, RichText, TextStyle, Vec2};
use launcher_help::manual::{
    Alignment, Footnote, Inline, LinkTarget, Manual, ManualBlock, Table, find_matches,
};
use std::path::Path;

/// Something the player did on a page, for the viewer to carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum PageAction {
    /// Follow a link.
    Follow(LinkTarget),
    /// Scroll to a footnote's definition.
    ShowFootnote(usize),
    /// Scroll back to a footnote's first reference.
    ShowReference(usize),
}

/// Where the page is asked to scroll to, once drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Anchor {
    /// The definition of footnote `n`.
    Footnote(usize),
    /// The first reference to footnote `n`.
    Reference(usize),
}

/// What a page renders, and the state its rendering changes.
pub(super) struct PageContext<'a> {
    /// Names the page's textures (unique per viewer).
    pub texture_prefix: &'a str,
    /// The manual shown.
    pub manual: &'a Manual,
    /// The directory pictures are relative to.
    pub manual_dir: &'a Path,
    /// The viewer's decoded pictures.
    pub pictures: &'a mut Pictures,
    /// The search query, whose matches are highlighted (empty: none).
    pub highlight: &'a str,
    /// What the player clicked this frame.
    pub action: &'a mut Option<PageAction>,
    /// Where to scroll once that is drawn; taken when done.
    pub scroll_to: &'a mut Option<Anchor>,
    /// How deep in lists the blocks drawn are.
    pub list_depth: usize,
}

/// The background of search matches: dark enough in the dark theme for its
/// grey-200 text (5.5:1), light enough in the light theme for black text.
pub(super) fn highlight_color(ui: &egui::Ui) -> Color32 {
    if ui.visuals().dark_mode {
        Color32::from_rgb(90, 70, 0)
    } else {
        Color32::from_rgb(255, 225, 110)
    }
}

/// Gives the matches of `query` in `job` the highlight background, across
/// its sections (a match may span styles).
pub(super) fn highlight_job(job: &mut LayoutJob, query: &str, color: Color32) {
    let matches = find_matches(&job.text, query);
    if matches.is_empty() {
        return;
    }
    let mut sections: Vec<LayoutSection> = Vec::with_capacity(job.sections.len() + 2);
    for section in job.sections.drain(..) {
        let range = section.byte_range.start.0..section.byte_range.end.0;
        let mut cuts = vec![range.start, range.end];
        for m in &matches {
            cuts.extend([m.start, m.end].into_iter().filter(|b| range.contains(b)));
        }
        cuts.sort_unstable();
        cuts.dedup();
        for (i, piece) in cuts.windows(2).enumerate() {
            let mut part = section.clone();
            part.byte_range = ByteIndex(piece[0])..ByteIndex(piece[1]);
            if i > 0 {
                part.leading_space = 0.0;
            }
            if matches
                .iter()
                .any(|m| m.start <= piece[0] && piece[1] <= m.end)
            {
                part.format.background = color;
            }
            sections.push(part);
        }
    }
    job.sections = sections;
}

/// The inline styles that nest: each adds to the style of its content.
#[derive(Clone, Copy, Default)]
struct Style {
    strong: bool,
    italics: bool,
    strikethrough: bool,
    link: bool,
}

/// Appends `text` in `style` (`code` in the monospaced font) to `job`.
fn append(ui: &egui::Ui, job: &mut LayoutJob, text: &str, style: Style, code: bool) {
    let mut rich = RichText::new(text);
    if code {
        rich = rich.code();
    }
    if style.strong {
        rich = rich.strong();
    }
    if style.italics {
        rich = rich.italics();
    }
    if style.strikethrough {
        rich = rich.strikethrough();
    }
    if style.link {
        rich = rich.color(ui.visuals().hyperlink_color);
    }
    rich.append_to(job, ui.style(), egui::FontSelection::Default, Align::Min);
}

/// Appends inlines that hold no links or footnote marks to `job`.
fn append_inlines(ui: &egui::Ui, job: &mut LayoutJob, inlines: &[Inline], style: Style) {
    for inline in inlines {
        match inline {
            Inline::Text(text) => append(ui, job, text, style, false),
            Inline::Code(text) => append(ui, job, text, style, true),
            Inline::Emphasis(content) => append_inlines(
                ui,
                job,
                content,
                Style {
                    italics: true,
                    ..style
                },
            ),
            Inline::Strong(content) => append_inlines(
                ui,
                job,
                content,
                Style {
                    strong: true,
                    ..style
                },
            ),
            Inline::Strikethrough(content) => {
                append_inlines(
                    ui,
                    job,
                    content,
                    Style {
                        strikethrough: true,
                        ..style
                    },
                );
            }
            // A link in a link cannot be written in CommonMark; its text is enough.
            Inline::Link { content, .. } => append_inlines(ui, job, content, style),
            Inline::FootnoteRef { number, .. } => {
                append(ui, job, &format!("[{number}]"), style, false)
            }
        }
    }
}

/// Whether an inline is drawn as a widget of its own (it can be clicked).
fn is_widget(inline: &Inline) -> bool {
    match inline {
        Inline::Link { .. } | Inline::FootnoteRef { .. } => true,
        Inline::Emphasis(c) | Inline::Strong(c) | Inline::Strikethrough(c) => {
            c.iter().any(is_widget)
        }
        Inline::Text(_) | Inline::Code(_) => false,
    }
}

/// Whether a link goes somewhere a browser can open.
pub(super) fn is_web_link(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    ["http://", "https://", "mailto:"]
        .iter()
        .any(|scheme| lower.starts_with(scheme))
}

/// Draws a run of inlines, wrapped: the text between links as one label, so
/// a sentence stays one piece of text; links and footnote marks clickable.
fn inlines_ui(ui: &mut egui::Ui, inlines: &[Inline], style: Style, page: &mut PageContext<'_>) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        flow_ui(ui, inlines, style, page);
    });
}

/// The widgets of [`inlines_ui`], in a wrapping layout.
fn flow_ui(ui: &mut egui::Ui, inlines: &[Inline], style: Style, page: &mut PageContext<'_>) {
    let mut job = LayoutJob::default();
    let flush = |ui: &mut egui::Ui, job: &mut LayoutJob, page: &PageContext<'_>| {
        if !job.text.is_empty() {
            let mut done = std::mem::take(job);
            highlight_job(&mut done, page.highlight, highlight_color(ui));
            ui.add(Label::new(done));
        }
    };
    for inline in inlines {
        if !is_widget(inline) {
            append_inlines(ui, &mut job, std::slice::from_ref(inline), style);
            continue;
        }
        flush(ui, &mut job, page);
        match inline {
            Inline::Emphasis(c) => flow_ui(
                ui,
                c,
                Style {
                    italics: true,
                    ..style
                },
                page,
            ),
            Inline::Strong(c) => flow_ui(
                ui,
                c,
                Style {
                    strong: true,
                    ..style
                },
                page,
            ),
            Inline::Strikethrough(c) => flow_ui(
                ui,
                c,
                Style {
                    strikethrough: true,
                    ..style
                },
                page,
            ),
            Inline::Link { target, content } => link_ui(ui, target, content, style, page),
            Inline::FootnoteRef { number, .. } => footnote_mark_ui(ui, *number, page),
            Inline::Text(_) | Inline::Code(_) => {}
        }
    }
    flush(ui, &mut job, page);
}

/// A link: a section or document of the manual, a web page, or (for other
/// schemes) underlined text that says where it points.
fn link_ui(
    ui: &mut egui::Ui,
    target: &LinkTarget,
    content: &[Inline],
    style: Style,
    page: &mut PageContext<'_>,
) {
    let mut job = LayoutJob::default();
    let followable = !matches!(target, LinkTarget::External(url) if !is_web_link(url));
    append_inlines(
        ui,
        &mut job,
        content,
        Style {
            link: followable,
            ..style
        },
    );
    highlight_job(&mut job, page.highlight, highlight_color(ui));
    let (response, hover) = match target {
        LinkTarget::Section(tag) => (ui.link(job), (!tag.is_empty()).then(|| format!("#{tag}"))),
        LinkTarget::Document { path, tag } if tag.is_empty() => (ui.link(job), Some(path.clone())),
        LinkTarget::Document { path, tag } => (ui.link(job), Some(format!("{path}#{tag}"))),
        LinkTarget::External(url) if followable => (ui.link(job), Some(url.clone())),
        LinkTarget::External(url) => {
            let text = RichText::new(job.text.clone()).underline();
            ui.label(text).on_hover_text(url.as_str());
            return;
        }
    };
    if response.clicked() {
        *page.action = Some(PageAction::Follow(target.clone()));
    }
    if let Some(hover) = hover {
        response.on_hover_text(hover);
    }
}

/// A footnote's mark in the text, `[n]`, which leads to its definition.
fn footnote_mark_ui(ui: &mut egui::Ui, number: usize, page: &mut PageContext<'_>) {
    let response = ui
        .link(RichText::new(format!("[{number}]")).small_raised())
        .on_hover_text(format!("Footnote {number}"));
    if response.clicked() {
        *page.action = Some(PageAction::ShowFootnote(number));
    }
    if *page.scroll_to == Some(Anchor::Reference(number)) {
        response.scroll_to_me(Some(Align::Center));
        *page.scroll_to = None;
    }
}

/// An indented item with a mark (a bullet or a number) in front of it.
pub(super) fn marked_ui(ui: &mut egui::Ui, mark: &str, contents: impl FnOnce(&mut egui::Ui)) {
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

/// The bullet of a list item, by how deep the list is: a bullet and a dash
/// in turn (the fonts have no white bullet or square).
fn bullet(depth: usize) -> &'static str {
    ["•", "–"][depth % 2]
}

/// An id for a block's widgets, unique while the manual is loaded (its
/// address: the manual does not move while a viewer shows it).
fn block_id(block: &ManualBlock) -> usize {
    std::ptr::from_ref(block) as usize
}

/// The gap between two blocks, in points.
const BLOCK_GAP: f32 = 6.0;

/// Draws blocks, with a gap between them (none after the last: the
/// container decides what follows).
pub(super) fn blocks_ui(ui: &mut egui::Ui, blocks: &[ManualBlock], page: &mut PageContext<'_>) {
    for (i, block) in blocks.iter().enumerate() {
        match i.checked_sub(1).map(|p| &blocks[p]) {
            Some(ManualBlock::Heading { .. }) => ui.add_space(4.0),
            Some(_) => ui.add_space(BLOCK_GAP),
            None => {}
        }
        block_ui(ui, block, page);
    }
}

fn block_ui(ui: &mut egui::Ui, block: &ManualBlock, page: &mut PageContext<'_>) {
    match block {
        ManualBlock::Heading { level, text, .. } => {
            let size = match level {
                1 => 24.0,
                2 => 20.0,
                3 => 17.0,
                _ => 15.0,
            };
            ui.add_space(if *level <= 2 { 12.0 } else { 8.0 });
            let mut job = LayoutJob::default();
            RichText::new(text).size(size).strong().append_to(
                &mut job,
                ui.style(),
                egui::FontSelection::Default,
                Align::Min,
            );
            highlight_job(&mut job, page.highlight, highlight_color(ui));
            ui.add(Label::new(job).wrap());
        }
        ManualBlock::Paragraph(inlines) => inlines_ui(ui, inlines, Style::default(), page),
        ManualBlock::CodeBlock { text, .. } => code_block_ui(ui, block_id(block), text, page),
        ManualBlock::List { start, items } => {
            let depth = page.list_depth;
            page.list_depth += 1;
            for (i, item) in items.iter().enumerate() {
                let mark = match start {
                    Some(first) => format!("{}.", first.saturating_add(i as u64)),
                    None => bullet(depth).to_string(),
                };
                let Some(mut checked) = item.task else {
                    marked_ui(ui, &mark, |ui| blocks_ui(ui, &item.blocks, page));
                    continue;
                };
                // A task's box stands where its bullet would.
                ui.horizontal_top(|ui| {
                    ui.add_space(12.0);
                    let name = item.blocks.first().map(ManualBlock::plain_text);
                    ui.add_enabled(false, egui::Checkbox::without_text(&mut checked))
                        .widget_info(|| {
                            egui::WidgetInfo::selected(
                                egui::accesskit::Role::CheckBox,
                                false,
                                checked,
                                name.clone().unwrap_or_default(),
                            )
                        });
                    ui.vertical(|ui| blocks_ui(ui, &item.blocks, page));
                });
            }
            page.list_depth = depth;
        }
        ManualBlock::Image { path, alt } => picture_ui(ui, path, alt, page),
        ManualBlock::Rule => {
            ui.separator();
        }
        ManualBlock::Table(table) => table_ui(ui, block_id(block), table, page),
        ManualBlock::Quote(blocks) => {
            let left = ui.cursor().left();
            let rect = ui
                .indent(("quote", block_id(block)), |ui| blocks_ui(ui, blocks, page))
                .response
                .rect;
            let stroke = ui.visuals().widgets.noninteractive.bg_stroke;
            ui.painter().vline(
                left + 5.0,
                rect.y_range(),
                egui::Stroke::new(3.0, stroke.color),
            );
        }
    }
}

/// Draws a code block: monospaced, its lines as written (never wrapped into
/// prose), in a frame that scrolls sideways.
fn code_block_ui(ui: &mut egui::Ui, id: usize, text: &str, page: &PageContext<'_>) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        egui::ScrollArea::horizontal()
            .id_salt(("code", id))
            .show(ui, |ui| {
                let mut job = LayoutJob::default();
                RichText::new(text).monospace().append_to(
                    &mut job,
                    ui.style(),
                    egui::FontSelection::Default,
                    Align::Min,
                );
                highlight_job(&mut job, page.highlight, highlight_color(ui));
                ui.add(Label::new(job).extend());
            });
    });
}

/// Draws a table: a framed grid with a strong header row, striped, its
/// columns aligned as the table says, scrolling sideways when it is wider
/// than the page.
fn table_ui(ui: &mut egui::Ui, id: usize, table: &Table, page: &mut PageContext<'_>) {
    let columns = table.header.len();
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
                        let rows = std::iter::once(&table.header).chain(&table.rows);
                        for (r, row) in rows.enumerate() {
                            for column in 0..columns {
                                let cell = row.get(column).map_or(&[][..], Vec::as_slice);
                                let align = table.alignments.get(column).copied();
                                let style = Style {
                                    strong: r == 0,
                                    ..Style::default()
                                };
                                let id = egui::Id::unique(("table-cell", id, r, column));
                                cell_ui(ui, id, cell, align.unwrap_or_default(), style, page);
                            }
                            ui.end_row();
                        }
                    });
            });
    });
}

/// One table cell, aligned in its column: right or centred cells are
/// moved by the room their column had left around them last frame (a
/// column is as wide as its widest cell was).
fn cell_ui(
    ui: &mut egui::Ui,
    id: egui::Id,
    cell: &[Inline],
    align: Alignment,
    style: Style,
    page: &mut PageContext<'_>,
) {
    let column = ui.available_width();
    let measured: Option<f32> = ui.data(|d| d.get_temp(id));
    let room = measured.map_or(0.0, |width| (column - width).max(0.0));
    let pad = match align {
        Alignment::Right => room,
        Alignment::Center => room / 2.0,
        Alignment::None | Alignment::Left => 0.0,
    };
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        if pad > 0.5 {
            ui.add_space(pad);
        }
        let width = ui
            .horizontal(|ui| flow_ui(ui, cell, style, page))
            .response
            .rect
            .width();
        if measured.is_none_or(|m| (m - width).abs() > 0.5) {
            ui.data_mut(|d| d.insert_temp(id, width));
            ui.ctx().request_repaint();
        }
    });
}

/// Draws a picture of the manual, or its alt text and why it is missing.
fn picture_ui(ui: &mut egui::Ui, path: &str, alt: &str, page: &mut PageContext<'_>) {
    let ctx = ui.ctx().clone();
    let picture = page.pictures.get(
        &ctx,
        page.texture_prefix,
        page.manual,
        page.manual_dir,
        path,
    );
    match picture {
        Ok(texture) => {
            let max = Vec2::new(ui.available_width().max(32.0), 640.0);
            ui.add(egui::Image::new(texture).max_size(max).alt_text(alt));
        }
        Err(reason) => {
            let shown = if alt.is_empty() { path } else { alt };
            ui.label(RichText::new(format!("[picture: {shown}]")).italics())
                .on_hover_text(reason.as_str());
        }
    }
}

/// The footnotes a page refers to, under a rule: each with its number,
/// which leads back to where the page refers to it.
pub(super) fn footnotes_ui(ui: &mut egui::Ui, notes: &[&Footnote], page: &mut PageContext<'_>) {
    if notes.is_empty() {
        return;
    }
    ui.add_space(12.0);
    ui.separator();
    for note in notes {
        let number = note.number;
        ui.horizontal_top(|ui| {
            let mark = ui
                .link(format!("{number}."))
                .on_hover_text(format!("Back to the text of footnote {number}"));
            if mark.clicked() {
                *page.action = Some(PageAction::ShowReference(number));
            }
            let body = ui.vertical(|ui| blocks_ui(ui, &note.blocks, page)).response;
            if *page.scroll_to == Some(Anchor::Footnote(number)) {
                body.union(mark).scroll_to_me(Some(Align::Center));
                *page.scroll_to = None;
            }
        });
        ui.add_space(4.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_marks_have_glyphs_in_the_fonts() {
        let ctx = egui::Context::default();
        let _ = ctx.run_ui(egui::RawInput::default(), |_| {});
        let font = egui::FontId::proportional(14.0);
        for depth in 0..2 {
            let c = bullet(depth).chars().next().unwrap();
            assert!(ctx.fonts_mut(|f| f.has_glyph(&font, c)), "{c:?}");
        }
    }

    #[test]
    fn highlights_cover_matches_across_styles() {
        let ctx = egui::Context::default();
        let _ = ctx.run_ui(egui::RawInput::default(), |ui| {
            let mut job = LayoutJob::default();
            append(ui, &mut job, "trap the ", Style::default(), false);
            append(
                ui,
                &mut job,
                "cat",
                Style {
                    italics: true,
                    ..Style::default()
                },
                false,
            );
            append(ui, &mut job, " now", Style::default(), false);
            highlight_job(&mut job, "THE CAT", Color32::RED);
            let lit: String = job
                .sections
                .iter()
                .filter(|s| s.format.background == Color32::RED)
                .map(|s| &job.text[s.byte_range.start.0..s.byte_range.end.0])
                .collect();
            assert_eq!(lit, "the cat");
            assert!(
                job.sections
                    .iter()
                    .any(|s| s.format.italics && s.format.background == Color32::RED)
            );
        });
    }
}
