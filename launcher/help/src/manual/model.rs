//! The block tree an in-app viewer renders: blocks hold blocks (list items,
//! block quotes), paragraphs and table cells hold inlines, and inlines hold
//! inlines (emphasis inside a link, a link inside strong text).

/// Where a link goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkTarget {
    /// A section of the same manual: a `#tag` link (the tag is percent-decoded;
    /// an empty tag means the top of the manual).
    Section(String),
    /// Another Markdown document beside the manual, at a section: a relative
    /// link such as `rules.md#scoring` (the manual's own file name too).
    Document {
        /// The document's path relative to the manual's directory, `/`
        /// separated, percent-decoded, with no `..` part.
        path: String,
        /// The section's tag; empty for the document's top.
        tag: String,
    },
    /// Anything else, as written (an `e-mail` autolink gets `mailto:`).
    External(String),
}

/// A run of text within a paragraph, heading-less block or table cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inline {
    /// Plain text (a hard line break is a `\n` in it).
    Text(String),
    /// Inline code.
    Code(String),
    /// Emphasised content (`*x*`).
    Emphasis(Vec<Inline>),
    /// Strong content (`**x**`).
    Strong(Vec<Inline>),
    /// Struck-through content (`~~x~~`).
    Strikethrough(Vec<Inline>),
    /// A link; its content may be styled (`[**the** rules](#rules)`).
    Link {
        /// Where it goes.
        target: LinkTarget,
        /// What the reader sees (the destination when the link has no text).
        content: Vec<Inline>,
    },
    /// A footnote reference (`[^note]`), shown as its number.
    FootnoteRef {
        /// The label as written, without `^`.
        label: String,
        /// The footnote's number, as in [`Footnote::number`].
        number: usize,
    },
}

impl Inline {
    /// Appends the text the reader sees (a footnote reference as `[n]`).
    pub fn push_plain_text(&self, out: &mut String) {
        match self {
            Inline::Text(s) | Inline::Code(s) => out.push_str(s),
            Inline::Emphasis(content)
            | Inline::Strong(content)
            | Inline::Strikethrough(content)
            | Inline::Link { content, .. } => {
                content.iter().for_each(|i| i.push_plain_text(out));
            }
            Inline::FootnoteRef { number, .. } => out.push_str(&format!("[{number}]")),
        }
    }

    /// The text the reader sees.
    pub fn plain_text(&self) -> String {
        let mut out = String::new();
        self.push_plain_text(&mut out);
        out
    }
}

/// The plain text of a run of inlines.
pub fn inlines_text(inlines: &[Inline]) -> String {
    let mut out = String::new();
    inlines.iter().for_each(|i| i.push_plain_text(&mut out));
    out
}

/// How a table column's cells are aligned (`:--`, `:-:`, `--:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Alignment {
    /// Not said: the start of the line.
    #[default]
    None,
    /// Left.
    Left,
    /// Centred.
    Center,
    /// Right.
    Right,
}

/// A table (GitHub's pipe tables).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Each column's alignment; as many as the header has cells.
    pub alignments: Vec<Alignment>,
    /// The header row's cells.
    pub header: Vec<Vec<Inline>>,
    /// The body rows; each has as many cells as the header (GitHub pads
    /// short rows with empty cells and drops extra ones).
    pub rows: Vec<Vec<Vec<Inline>>>,
}

/// One item of a list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListItem {
    /// For a task list item (`- [x] done`): whether it is checked.
    pub task: Option<bool>,
    /// The item's content: paragraphs, nested lists, code, quotes…
    pub blocks: Vec<ManualBlock>,
}

/// A block of a section, for an in-app viewer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ManualBlock {
    /// The section's heading (always the first block of a [`Section`]).
    Heading {
        /// 1 to 6, as `#` to `######`.
        level: u8,
        /// The heading's plain text.
        text: String,
        /// The section's tag.
        tag: String,
    },
    /// A paragraph. A heading inside a list, quote or footnote is not a
    /// section: it is a paragraph of strong text.
    Paragraph(Vec<Inline>),
    /// A code block, fenced or indented.
    CodeBlock {
        /// The first word of a fenced block's info string (`rust` in ```` ```rust ````).
        lang: Option<String>,
        /// The code, without its final line end.
        text: String,
    },
    /// A list, bulleted or numbered; its items hold blocks, nested lists
    /// among them.
    List {
        /// The first item's number for a numbered list (`3.` starts at 3);
        /// `None` for bullets.
        start: Option<u64>,
        /// The items.
        items: Vec<ListItem>,
    },
    /// A picture.
    Image {
        /// The picture's path relative to the manual's directory (normalised:
        /// `./` parts removed, percent-escapes decoded) when it is a local
        /// relative path; otherwise its destination as written. Load only
        /// paths listed by [`Manual::image_paths`](super::Manual::image_paths).
        path: String,
        /// The alternative text.
        alt: String,
    },
    /// A thematic break (`---`).
    Rule,
    /// A block quote, holding blocks (quotes nest).
    Quote(Vec<ManualBlock>),
    /// A table.
    Table(Table),
}

impl ManualBlock {
    /// Appends the block's plain text (alt text for an image, nothing for a
    /// rule); the parts of a container are separated by spaces, table cells
    /// by ` | ` and table rows by line ends.
    pub fn push_plain_text(&self, out: &mut String) {
        match self {
            ManualBlock::Heading { text, .. } | ManualBlock::CodeBlock { text, .. } => {
                out.push_str(text);
            }
            ManualBlock::Image { alt, .. } => out.push_str(alt),
            ManualBlock::Paragraph(inlines) => inlines.iter().for_each(|i| i.push_plain_text(out)),
            ManualBlock::Rule => {}
            ManualBlock::List { items, .. } => {
                for item in items {
                    push_separated(out, &blocks_text(&item.blocks), " ");
                }
            }
            ManualBlock::Quote(blocks) => out.push_str(&blocks_text(blocks)),
            ManualBlock::Table(table) => {
                let rows = std::iter::once(&table.header).chain(&table.rows);
                for (i, row) in rows.enumerate() {
                    if i > 0 {
                        out.push('\n');
                    }
                    let cells: Vec<String> = row.iter().map(|cell| inlines_text(cell)).collect();
                    out.push_str(&cells.join(" | "));
                }
            }
        }
    }

    /// The block's plain text; see [`ManualBlock::push_plain_text`].
    pub fn plain_text(&self) -> String {
        let mut out = String::new();
        self.push_plain_text(&mut out);
        out
    }
}

/// Appends `text` to `out`, with `separator` between them when both have text.
fn push_separated(out: &mut String, text: &str, separator: &str) {
    if text.is_empty() {
        return;
    }
    if !out.is_empty() {
        out.push_str(separator);
    }
    out.push_str(text);
}

/// The plain text of blocks, separated by spaces.
pub fn blocks_text(blocks: &[ManualBlock]) -> String {
    let mut out = String::new();
    for block in blocks {
        push_separated(&mut out, &block.plain_text(), " ");
    }
    out
}

/// Calls `f` on every inline of `blocks`, outermost first, in document order.
pub fn walk_inlines(blocks: &[ManualBlock], f: &mut impl FnMut(&Inline)) {
    fn walk(inlines: &[Inline], f: &mut impl FnMut(&Inline)) {
        for inline in inlines {
            f(inline);
            match inline {
                Inline::Emphasis(content)
                | Inline::Strong(content)
                | Inline::Strikethrough(content)
                | Inline::Link { content, .. } => walk(content, f),
                Inline::Text(_) | Inline::Code(_) | Inline::FootnoteRef { .. } => {}
            }
        }
    }
    for block in blocks {
        match block {
            ManualBlock::Paragraph(inlines) => walk(inlines, f),
            ManualBlock::List { items, .. } => {
                items.iter().for_each(|item| walk_inlines(&item.blocks, f));
            }
            ManualBlock::Quote(blocks) => walk_inlines(blocks, f),
            ManualBlock::Table(table) => std::iter::once(&table.header)
                .chain(&table.rows)
                .flatten()
                .for_each(|cell| walk(cell, f)),
            ManualBlock::Heading { .. }
            | ManualBlock::CodeBlock { .. }
            | ManualBlock::Image { .. }
            | ManualBlock::Rule => {}
        }
    }
}

/// A footnote's definition (`[^note]: …`). Footnotes are numbered from 1 in
/// the order their references or definitions first appear, as on the HTML
/// page; the viewer shows each under the page that refers to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Footnote {
    /// The label as written, without `^`.
    pub label: String,
    /// The number the reader sees.
    pub number: usize,
    /// The definition's content.
    pub blocks: Vec<ManualBlock>,
}

/// One section of a manual: a heading and what follows it up to the next
/// heading (of any level).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The heading's level, 1 to 6.
    pub level: u8,
    /// The heading's plain text.
    pub title: String,
    /// The tag that addresses the section (also its HTML `id`).
    pub tag: String,
    /// The section's content; the first block is its [`ManualBlock::Heading`].
    pub blocks: Vec<ManualBlock>,
}

impl Section {
    /// The section's plain text (title included), blocks separated by spaces.
    pub fn plain_text(&self) -> String {
        blocks_text(&self.blocks)
    }
}
