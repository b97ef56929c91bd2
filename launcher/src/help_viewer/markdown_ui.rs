//! The manual's Markdown widgets: the block tree of `launcher-help` drawn
//! with egui (headings, paragraphs, nested lists and quotes, tables, code,
//! pictures, footnotes); the text inside blocks is `inline_ui`'s.
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
//! (blocks holding blocks, inlines holding inlines), and this module and
//! `inline_ui` draw it: a few hundred lines, with no second parser and no
//! new dependency.

use super::inline_ui::{Style, flow_ui, highlight_color, highlight_job, inlines_ui};
use super::page::{Anchor, PageAction, PageContext};
use super::picture::PictureState;
use egui::text::LayoutJob;
use egui::{Align, Color32, Label, Layout, RichText, TextStyle, Vec2};
use launcher_help::manual::{Alignment, Footnote, Inline, ManualBlock, Table};

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
        page.folder,
        page.manual_dir,
        path,
    );
    let shown = if alt.is_empty() { path } else { alt };
    match picture {
        PictureState::Shown(texture) => {
            let max = Vec2::new(ui.available_width().max(32.0), 640.0);
            ui.add(egui::Image::new(texture).max_size(max).alt_text(alt));
        }
        PictureState::Loading => {
            ui.label(RichText::new(format!("[picture: {shown}] (loading…)")).italics());
        }
        PictureState::Refused(reason) => {
            ui.label(RichText::new(format!("[picture: {shown}]")).italics())
                .on_hover_text(reason);
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
}
