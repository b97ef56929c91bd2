//! The inlines of a paragraph or table cell while they are read: a stack of
//! open spans (emphasis, strong, strikethrough, links).

use super::super::model::{Inline, LinkTarget};

/// Appends an inline, merging it with the previous one when both are plain
/// text or both code; empty text and empty spans are dropped.
fn push_inline(inlines: &mut Vec<Inline>, inline: Inline) {
    match (&inline, inlines.last_mut()) {
        (Inline::Text(s) | Inline::Code(s), _) if s.is_empty() => {}
        (Inline::Emphasis(c) | Inline::Strong(c) | Inline::Strikethrough(c), _) if c.is_empty() => {
        }
        (Inline::Text(b), Some(Inline::Text(a))) => a.push_str(b),
        _ => inlines.push(inline),
    }
}

/// Whether inlines show anything but white space.
pub(super) fn has_visible_text(inlines: &[Inline]) -> bool {
    inlines.iter().any(|i| match i {
        Inline::Text(s) => !s.trim().is_empty(),
        Inline::Emphasis(c) | Inline::Strong(c) | Inline::Strikethrough(c) => has_visible_text(c),
        Inline::Code(_) | Inline::Link { .. } | Inline::FootnoteRef { .. } => true,
    })
}

/// Removes white space at the start and end of a run of inlines (left by
/// splitting a paragraph around a picture), looking inside styled spans but
/// not inside code or links.
fn trim_inlines(inlines: &mut Vec<Inline>) {
    fn trim_edge(inlines: &mut Vec<Inline>, start: bool) {
        loop {
            let index = if start {
                0
            } else {
                inlines.len().wrapping_sub(1)
            };
            let Some(inline) = inlines.get_mut(index) else {
                return;
            };
            let now_empty = match inline {
                Inline::Text(s) => {
                    let trimmed = if start { s.trim_start() } else { s.trim_end() };
                    *s = trimmed.to_string();
                    s.is_empty()
                }
                Inline::Emphasis(c) | Inline::Strong(c) | Inline::Strikethrough(c) => {
                    trim_edge(c, start);
                    c.is_empty()
                }
                Inline::Code(_) | Inline::Link { .. } | Inline::FootnoteRef { .. } => return,
            };
            if !now_empty {
                return;
            }
            inlines.remove(index);
        }
    }
    trim_edge(inlines, true);
    trim_edge(inlines, false);
}

/// A styled span or link being read.
#[derive(Clone)]
pub(super) enum SpanKind {
    Emphasis,
    Strong,
    Strikethrough,
    Link(LinkTarget),
}

/// The inlines of a paragraph or table cell being read: what is finished,
/// and the spans still open, innermost last.
#[derive(Default)]
pub(super) struct Inlines {
    root: Vec<Inline>,
    open: Vec<(SpanKind, Vec<Inline>)>,
}

impl Inlines {
    pub(super) fn push(&mut self, inline: Inline) {
        let target = match self.open.last_mut() {
            Some((_, content)) => content,
            None => &mut self.root,
        };
        push_inline(target, inline);
    }

    pub(super) fn open(&mut self, kind: SpanKind) {
        self.open.push((kind, Vec::new()));
    }

    /// Closes the innermost span (pulldown-cmark nests its events).
    pub(super) fn close(&mut self) {
        if let Some((kind, content)) = self.open.pop() {
            let inline = match kind {
                SpanKind::Emphasis => Inline::Emphasis(content),
                SpanKind::Strong => Inline::Strong(content),
                SpanKind::Strikethrough => Inline::Strikethrough(content),
                SpanKind::Link(target) => {
                    let content = if has_visible_text(&content) {
                        content
                    } else {
                        let shown = match &target {
                            LinkTarget::Section(tag) => tag.clone(),
                            LinkTarget::Document { path, tag } if tag.is_empty() => path.clone(),
                            LinkTarget::Document { path, tag } => format!("{path}#{tag}"),
                            LinkTarget::External(url) => url.clone(),
                        };
                        vec![Inline::Text(shown)]
                    };
                    Inline::Link { target, content }
                }
            };
            self.push(inline);
        }
    }

    pub(super) fn in_link(&self) -> bool {
        self.open
            .iter()
            .any(|(kind, _)| matches!(kind, SpanKind::Link(_)))
    }

    /// Closes every open span and returns the inlines, trimmed; the spans
    /// are left open again, empty, for what follows (a paragraph split by a
    /// picture goes on in the same style).
    pub(super) fn take(&mut self) -> Vec<Inline> {
        let kinds: Vec<SpanKind> = self.open.iter().map(|(k, _)| k.clone()).collect();
        while !self.open.is_empty() {
            self.close();
        }
        let mut inlines = std::mem::take(&mut self.root);
        trim_inlines(&mut inlines);
        kinds.into_iter().for_each(|kind| self.open(kind));
        inlines
    }
}
