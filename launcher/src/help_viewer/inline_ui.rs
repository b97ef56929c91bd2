//! The inlines of the manual's Markdown: the text between links laid out
//! as one label (styles nest: emphasis in a link, a link in strong text),
//! links and footnote marks as widgets, and search matches highlighted.

use super::page::{Anchor, PageAction, PageContext};
use egui::text::{ByteIndex, LayoutJob, LayoutSection};
use egui::{Align, Color32, Label, RichText};
use launcher_help::manual::{Inline, LinkTarget, find_matches};

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
pub(super) struct Style {
    pub strong: bool,
    pub italics: bool,
    pub strikethrough: bool,
    pub link: bool,
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
pub(super) fn inlines_ui(
    ui: &mut egui::Ui,
    inlines: &[Inline],
    style: Style,
    page: &mut PageContext<'_>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        flow_ui(ui, inlines, style, page);
    });
}

/// The widgets of [`inlines_ui`], in a wrapping layout.
pub(super) fn flow_ui(
    ui: &mut egui::Ui,
    inlines: &[Inline],
    style: Style,
    page: &mut PageContext<'_>,
) {
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

#[cfg(test)]
mod tests {
    use super::*;

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
