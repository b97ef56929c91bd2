//! The manual's Markdown widgets: blocks, inlines, tables and pictures.

use super::picture::Pictures;
use egui::{Align, Color32, Label, Layout, RichText, TextStyle, Vec2};
use launcher_help::manual::{Inline, LinkTarget, Manual, ManualBlock};
use std::path::Path;

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
/// What the manual viewer renders, and the state its rendering changes.
pub(super) struct PageContext<'a> {
    pub texture_prefix: &'a str,
    pub manual: &'a Manual,
    pub manual_dir: &'a Path,
    pub pictures: &'a mut Pictures,
    /// Where a clicked link goes.
    pub navigate: &'a mut Option<String>,
}
/// An id for a block's widgets, unique while the manual is loaded (its
/// address: the manual does not move while a viewer shows it).
fn block_id(block: &ManualBlock) -> usize {
    std::ptr::from_ref(block) as usize
}

/// Draws a section's blocks.
pub(super) fn blocks_ui(ui: &mut egui::Ui, blocks: &[ManualBlock], page: &mut PageContext<'_>) {
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
                    marked_ui(ui, &mark, |ui| inlines_ui(ui, item, page));
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
