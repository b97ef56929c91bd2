//! From pulldown-cmark's events to the block tree ([`super::model`]): a
//! stack of open containers (quotes, lists, items, footnotes) for blocks, and
//! a stack of open spans (emphasis, strong, strikethrough, links) for the
//! inlines of the paragraph or table cell being read.

mod destinations;
mod inlines;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

use super::model::{
    Alignment, Footnote, Inline, LinkTarget, ListItem, ManualBlock, Section, Table,
};
use super::search::collapse_ws;
use super::{Manual, slug};
use destinations::link_target;
pub use destinations::local_image_path;
use inlines::{Inlines, SpanKind, has_visible_text};

/// The Markdown extensions a manual is parsed with: heading attributes
/// (`{#tag}`), GitHub's pipe tables, footnotes (GitHub's syntax),
/// strikethrough and task lists.
pub(super) fn markdown_options() -> Options {
    Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
}

/// Parses a manual (its byte-order mark already removed); see
/// [`Manual::parse`].
pub(super) fn parse(name: &str, source: &str) -> Manual {
    let mut b = Builder::default();
    for event in Parser::new_ext(source, markdown_options()) {
        b.event(event);
    }
    b.finish(name, source)
}

/// A block that holds blocks, being read.
enum Container {
    Quote(Vec<ManualBlock>),
    List {
        start: Option<u64>,
        items: Vec<ListItem>,
    },
    Item {
        task: Option<bool>,
        blocks: Vec<ManualBlock>,
    },
    Footnote {
        label: String,
        blocks: Vec<ManualBlock>,
    },
}

struct HeadingState {
    level: u8,
    explicit: Option<String>,
    text: String,
}

struct ImageState {
    dest: String,
    alt: String,
    /// Images nest in alt text (`![![a](b)](c)`); this counts the depth.
    depth: usize,
}

/// A table being read.
struct TableState {
    alignments: Vec<Alignment>,
    header: Vec<Vec<Inline>>,
    rows: Vec<Vec<Vec<Inline>>>,
    in_head: bool,
    /// The cell being read, if any.
    cell: Option<Inlines>,
}

struct CodeState {
    lang: Option<String>,
    text: String,
}

/// Builds the block tree from pulldown-cmark events.
#[derive(Default)]
struct Builder {
    preamble: Vec<ManualBlock>,
    sections: Vec<Section>,
    explicit: Vec<Option<String>>,
    containers: Vec<Container>,
    /// The paragraph being read: opened by its event, or by text directly
    /// in a tight list item.
    paragraph: Option<Inlines>,
    heading: Option<HeadingState>,
    code: Option<CodeState>,
    table: Option<TableState>,
    image: Option<ImageState>,
    footnotes: Vec<Footnote>,
    /// Footnote labels in the order they were numbered.
    footnote_labels: Vec<String>,
    image_dests: Vec<String>,
    section_links: Vec<String>,
}

impl Builder {
    /// Where a finished block goes: the innermost container, else the
    /// current section, else the preamble.
    fn blocks(&mut self) -> &mut Vec<ManualBlock> {
        match self.containers.last_mut() {
            Some(
                Container::Quote(blocks)
                | Container::Item { blocks, .. }
                | Container::Footnote { blocks, .. },
            ) => blocks,
            // Only items go straight into a list; anything else is a parser
            // quirk, kept in a new item rather than lost.
            Some(Container::List { items, .. }) => {
                items.push(ListItem {
                    task: None,
                    blocks: Vec::new(),
                });
                &mut items.last_mut().expect("just pushed").blocks
            }
            None => match self.sections.last_mut() {
                Some(section) => &mut section.blocks,
                None => &mut self.preamble,
            },
        }
    }

    /// Where inline content goes: the table cell or the paragraph (opened if
    /// need be).
    fn inlines(&mut self) -> &mut Inlines {
        if let Some(cell) = self.table.as_mut().and_then(|t| t.cell.as_mut()) {
            return cell;
        }
        self.paragraph.get_or_insert_with(Inlines::default)
    }

    /// Whether inline markup is read as plain text: in a heading (its text
    /// is plain), in a picture's alt text, or in code.
    fn plain_only(&self) -> bool {
        self.heading.is_some() || self.image.is_some() || self.code.is_some()
    }

    fn in_link(&self) -> bool {
        let cell = self.table.as_ref().and_then(|t| t.cell.as_ref());
        cell.or(self.paragraph.as_ref())
            .is_some_and(Inlines::in_link)
    }

    fn text(&mut self, text: &str, code: bool) {
        if let Some(c) = &mut self.code {
            c.text.push_str(text);
        } else if let Some(img) = &mut self.image {
            img.alt.push_str(text);
        } else if let Some(h) = &mut self.heading {
            h.text.push_str(text);
        } else {
            let inline = if code {
                Inline::Code(text.to_string())
            } else {
                Inline::Text(text.to_string())
            };
            self.inlines().push(inline);
        }
    }

    fn flush_paragraph(&mut self) {
        if let Some(mut inlines) = self.paragraph.take() {
            let inlines = inlines.take();
            if has_visible_text(&inlines) {
                self.blocks().push(ManualBlock::Paragraph(inlines));
            }
        }
    }

    /// The number of the footnote `label`, numbering it if it is new.
    fn footnote_number(&mut self, label: &str) -> usize {
        match self.footnote_labels.iter().position(|l| l == label) {
            Some(i) => i + 1,
            None => {
                self.footnote_labels.push(label.to_string());
                self.footnote_labels.len()
            }
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Paragraph => {
                self.flush_paragraph();
                self.paragraph = Some(Inlines::default());
            }
            Tag::Heading { level, id, .. } => {
                self.flush_paragraph();
                self.heading = Some(HeadingState {
                    level: level as u8,
                    explicit: id.map(|id| id.to_string()),
                    text: String::new(),
                });
            }
            Tag::BlockQuote(_) => {
                self.flush_paragraph();
                self.containers.push(Container::Quote(Vec::new()));
            }
            Tag::List(start) => {
                self.flush_paragraph();
                self.containers.push(Container::List {
                    start,
                    items: Vec::new(),
                });
            }
            Tag::Item => self.containers.push(Container::Item {
                task: None,
                blocks: Vec::new(),
            }),
            Tag::FootnoteDefinition(label) => {
                self.flush_paragraph();
                self.footnote_number(&label);
                self.containers.push(Container::Footnote {
                    label: label.to_string(),
                    blocks: Vec::new(),
                });
            }
            Tag::CodeBlock(kind) => {
                self.flush_paragraph();
                let lang = match kind {
                    CodeBlockKind::Fenced(info) => info
                        .split(|c: char| c.is_whitespace() || c == ',' || c == '{')
                        .next()
                        .filter(|l| !l.is_empty())
                        .map(str::to_string),
                    CodeBlockKind::Indented => None,
                };
                self.code = Some(CodeState {
                    lang,
                    text: String::new(),
                });
            }
            Tag::Table(alignments) => {
                self.flush_paragraph();
                let alignments = alignments
                    .into_iter()
                    .map(|a| match a {
                        pulldown_cmark::Alignment::None => Alignment::None,
                        pulldown_cmark::Alignment::Left => Alignment::Left,
                        pulldown_cmark::Alignment::Center => Alignment::Center,
                        pulldown_cmark::Alignment::Right => Alignment::Right,
                    })
                    .collect();
                self.table = Some(TableState {
                    alignments,
                    header: Vec::new(),
                    rows: Vec::new(),
                    in_head: false,
                    cell: None,
                });
            }
            Tag::TableHead => {
                if let Some(table) = &mut self.table {
                    table.in_head = true;
                }
            }
            Tag::TableRow => {
                if let Some(table) = &mut self.table {
                    table.rows.push(Vec::new());
                }
            }
            Tag::TableCell => {
                if let Some(table) = &mut self.table {
                    table.cell = Some(Inlines::default());
                }
            }
            Tag::Emphasis | Tag::Strong | Tag::Strikethrough if !self.plain_only() => {
                let kind = match tag {
                    Tag::Emphasis => SpanKind::Emphasis,
                    Tag::Strong => SpanKind::Strong,
                    _ => SpanKind::Strikethrough,
                };
                self.inlines().open(kind);
            }
            Tag::Link {
                link_type,
                dest_url,
                ..
            } if !self.plain_only() => {
                let target = link_target(link_type, &dest_url);
                if let LinkTarget::Section(tag) = &target {
                    self.section_links.push(tag.clone());
                }
                self.inlines().open(SpanKind::Link(target));
            }
            Tag::Image { dest_url, .. } => {
                self.image_dests.push(dest_url.to_string());
                match &mut self.image {
                    Some(img) => img.depth += 1,
                    None => {
                        self.image = Some(ImageState {
                            dest: dest_url.to_string(),
                            alt: String::new(),
                            depth: 1,
                        });
                    }
                }
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph => self.flush_paragraph(),
            TagEnd::Heading(_) => self.end_heading(),
            TagEnd::BlockQuote(_) | TagEnd::List(_) | TagEnd::Item | TagEnd::FootnoteDefinition => {
                self.flush_paragraph();
                self.end_container();
            }
            TagEnd::CodeBlock => {
                let Some(code) = self.code.take() else { return };
                let text = code
                    .text
                    .strip_suffix('\n')
                    .unwrap_or(&code.text)
                    .to_string();
                self.blocks().push(ManualBlock::CodeBlock {
                    lang: code.lang,
                    text,
                });
            }
            TagEnd::TableCell => {
                if let Some(table) = &mut self.table
                    && let Some(mut cell) = table.cell.take()
                {
                    let cell = cell.take();
                    if table.in_head {
                        table.header.push(cell);
                    } else if let Some(row) = table.rows.last_mut() {
                        row.push(cell);
                    }
                }
            }
            TagEnd::TableHead => {
                if let Some(table) = &mut self.table {
                    table.in_head = false;
                }
            }
            TagEnd::Table => {
                if let Some(table) = self.table.take() {
                    self.blocks().push(ManualBlock::Table(Table {
                        alignments: table.alignments,
                        header: table.header,
                        rows: table.rows,
                    }));
                }
            }
            TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough | TagEnd::Link
                if !self.plain_only() =>
            {
                self.inlines().close();
            }
            TagEnd::Image => self.end_image(),
            _ => {}
        }
    }

    fn end_heading(&mut self) {
        let Some(h) = self.heading.take() else { return };
        let title = collapse_ws(&h.text);
        if !self.containers.is_empty() {
            // Inside a list, quote or footnote: not a section.
            let strong = Inline::Strong(vec![Inline::Text(title)]);
            self.blocks().push(ManualBlock::Paragraph(vec![strong]));
            return;
        }
        self.explicit.push(h.explicit);
        self.sections.push(Section {
            level: h.level,
            title: title.clone(),
            tag: String::new(),
            blocks: vec![ManualBlock::Heading {
                level: h.level,
                text: title,
                tag: String::new(),
            }],
        });
    }

    fn end_container(&mut self) {
        let Some(container) = self.containers.pop() else {
            return;
        };
        match container {
            Container::Quote(blocks) => self.blocks().push(ManualBlock::Quote(blocks)),
            Container::List { start, items } => {
                self.blocks().push(ManualBlock::List { start, items });
            }
            Container::Item { task, blocks } => match self.containers.last_mut() {
                Some(Container::List { items, .. }) => items.push(ListItem { task, blocks }),
                _ => self.blocks().extend(blocks),
            },
            Container::Footnote { label, blocks } => {
                let number = self.footnote_number(&label);
                self.footnotes.push(Footnote {
                    label,
                    number,
                    blocks,
                });
            }
        }
    }

    fn end_image(&mut self) {
        let Some(img) = &mut self.image else { return };
        img.depth -= 1;
        if img.depth > 0 {
            return;
        }
        let img = self.image.take().expect("checked above");
        if let Some(h) = &mut self.heading {
            h.text.push_str(&img.alt);
        } else if self.in_link() || self.table.as_ref().is_some_and(|t| t.cell.is_some()) {
            // In a link or a table cell a picture shows as its alt text.
            self.inlines().push(Inline::Text(img.alt));
        } else {
            // Split the paragraph around the picture; the text after it goes
            // on in the same style.
            let before = self.paragraph.as_mut().map(Inlines::take);
            if let Some(before) = before.filter(|b| has_visible_text(b)) {
                self.blocks().push(ManualBlock::Paragraph(before));
            }
            let path = local_image_path(&img.dest).unwrap_or(img.dest);
            self.blocks()
                .push(ManualBlock::Image { path, alt: img.alt });
        }
    }

    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(t) => self.text(&t, false),
            Event::Code(t) => self.text(&t, true),
            Event::SoftBreak => self.text(" ", false),
            Event::HardBreak => {
                let br = if self.plain_only() || self.in_link() {
                    " "
                } else {
                    "\n"
                };
                self.text(br, false);
            }
            Event::Rule => {
                self.flush_paragraph();
                self.blocks().push(ManualBlock::Rule);
            }
            Event::TaskListMarker(checked) => {
                let item = self.containers.iter_mut().rev().find_map(|c| match c {
                    Container::Item { task, .. } => Some(task),
                    _ => None,
                });
                if let Some(task) = item {
                    *task = Some(checked);
                }
            }
            Event::FootnoteReference(label) => {
                let number = self.footnote_number(&label);
                if self.plain_only() {
                    self.text(&format!("[{number}]"), false);
                } else {
                    let label = label.to_string();
                    self.inlines().push(Inline::FootnoteRef { label, number });
                }
            }
            // Raw HTML and math: not in the block model (the HTML page
            // keeps raw HTML).
            _ => {}
        }
    }

    fn finish(mut self, name: &str, source: &str) -> Manual {
        self.flush_paragraph();
        while !self.containers.is_empty() {
            self.end_container();
        }
        let mut warnings = Vec::new();

        let headings: Vec<(Option<String>, String)> = self
            .explicit
            .into_iter()
            .zip(&self.sections)
            .map(|(explicit, s)| (explicit, s.title.clone()))
            .collect();
        let tags = slug::assign_tags(&headings, &mut warnings);
        for (section, tag) in self.sections.iter_mut().zip(tags) {
            if let Some(ManualBlock::Heading { tag: t, .. }) = section.blocks.first_mut() {
                t.clone_from(&tag);
            }
            section.tag = tag;
        }

        let mut images: Vec<String> = Vec::new();
        for dest in &self.image_dests {
            match local_image_path(dest) {
                Ok(path) if !images.contains(&path) => images.push(path),
                Ok(_) => {}
                Err(why) => {
                    if !warnings.contains(&why) {
                        warnings.push(why);
                    }
                }
            }
        }

        for tag in &self.section_links {
            if !tag.is_empty() && !self.sections.iter().any(|s| &s.tag == tag) {
                let why = format!("link to #{tag} goes to no section");
                if !warnings.contains(&why) {
                    warnings.push(why);
                }
            }
        }

        // The first definition of a label wins, as on GitHub.
        self.footnotes.sort_by_key(|f| f.number);
        self.footnotes.dedup_by_key(|f| f.number);
        Manual {
            name: name.to_string(),
            source: source.to_string(),
            preamble: self.preamble,
            sections: self.sections,
            footnotes: self.footnotes,
            images,
            warnings,
        }
    }
}
