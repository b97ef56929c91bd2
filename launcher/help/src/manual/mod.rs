//! Structured manuals in Markdown, after §3 "Showing Scribbled Help".
//!
//! A game's manual is a Markdown file. Each heading starts a [`Section`],
//! addressed by a tag: the heading's GitHub-style slug ([`slugify`]), or the
//! explicit tag of a `{#tag}` suffix on the heading. A repeated slug gets
//! `-1`, `-2`, … as on GitHub; explicit tags are reserved before slugs are
//! numbered, so an explicit tag always keeps its name.
//!
//! - [`Manual::parse`] reads the Markdown; [`Manual::sections`] is the table
//!   of contents; [`Manual::section`] looks a tag up, and an unknown tag gives
//!   a [`ManualError`] that names the manual and the tag and suggests close
//!   tags.
//! - Each section carries a small block model ([`ManualBlock`], [`Inline`])
//!   that an in-app viewer renders without HTML.
//! - [`Manual::search`] finds text; [`Manual::to_html`] and [`write_html`]
//!   make a standalone page for the browser; [`manual_url`] and
//!   [`open_in_browser`] open it at a section.
//!
//! # Simplifications of the block model
//!
//! - Text before the first heading is the [preamble](Manual::preamble), not a
//!   section.
//! - Nested emphasis is flattened: strong wins over emphasis; inline code
//!   stays code; a link's text is plain.
//! - Lists and block quotes are flat: everything inside them (paragraphs,
//!   code, nested lists, headings) becomes inline text. A nested list's items
//!   become further items of the outermost list. A heading inside a list or
//!   quote is shown as strong text and is not a section.
//! - An image inside a paragraph splits it: paragraph, [`ManualBlock::Image`],
//!   paragraph. Inside a heading, link, list or quote an image shows as its
//!   alt text (the HTML page still shows it).
//! - Raw HTML is left out of the block model (the HTML page keeps it); tables,
//!   footnotes and other extensions are not enabled and read as plain text.

mod browser;
mod files;
mod html;
mod slug;

use std::fmt;

use pulldown_cmark::{CodeBlockKind, Event, LinkType, Options, Parser, Tag, TagEnd};

pub use browser::{BrowserError, browser_commands, manual_url, open_in_browser};
pub use files::{
    MAX_MANUAL_BYTES, MAX_PICTURE_BYTES, cache_subdir, default_cache_dir, find_launcher_manual,
    launcher_manual_candidates, load_manual, load_manual_text, read_picture, show_in_browser,
    write_manual_page,
};
pub use html::{WriteHtmlError, WrittenHtml, write_html};
pub use slug::slugify;

/// The Markdown extensions a manual is parsed with: heading attributes
/// (`{#tag}`) and tables (GitHub's pipe tables), nothing else.
fn markdown_options() -> Options {
    Options::ENABLE_HEADING_ATTRIBUTES | Options::ENABLE_TABLES
}

/// Where a link goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkTarget {
    /// A section of the same manual: a `#tag` link (the tag is percent-decoded;
    /// an empty tag means the top of the manual).
    Section(String),
    /// Anything else, as written (an `e-mail` autolink gets `mailto:`).
    External(String),
}

/// A run of text within a paragraph, list item or quote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inline {
    /// Plain text.
    Text(String),
    /// Inline code.
    Code(String),
    /// Emphasised text (`*x*`).
    Emphasis(String),
    /// Strong text (`**x**`); wins over emphasis when they are nested.
    Strong(String),
    /// A link with plain text.
    Link {
        /// The link's text (its destination when the text is empty).
        text: String,
        /// Where it goes.
        target: LinkTarget,
    },
}

impl Inline {
    /// The text the reader sees.
    pub fn text(&self) -> &str {
        match self {
            Inline::Text(s) | Inline::Code(s) | Inline::Emphasis(s) | Inline::Strong(s) => s,
            Inline::Link { text, .. } => text,
        }
    }
}

/// The plain text of a run of inlines.
pub fn inlines_text(inlines: &[Inline]) -> String {
    inlines.iter().map(Inline::text).collect()
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
    /// A paragraph.
    Paragraph(Vec<Inline>),
    /// A code block.
    CodeBlock {
        /// The first word of a fenced block's info string (`rust` in ```` ```rust ````).
        lang: Option<String>,
        /// The code, without its final line end.
        text: String,
    },
    /// A list; nested lists are flattened into it.
    List {
        /// Numbered (`1.`) rather than bulleted.
        ordered: bool,
        /// Each item's text.
        items: Vec<Vec<Inline>>,
    },
    /// A picture.
    Image {
        /// The picture's path relative to the manual's directory (normalised:
        /// `./` parts removed, percent-escapes decoded) when it is a local
        /// relative path; otherwise its destination as written. Load only
        /// paths listed by [`Manual::image_paths`].
        path: String,
        /// The alternative text.
        alt: String,
    },
    /// A thematic break (`---`).
    Rule,
    /// A block quote, flattened to text.
    Quote(Vec<Inline>),
    /// A table (GitHub's pipe tables). Inside a list or quote a table is
    /// flattened to text instead, its cells separated by ` | `.
    Table {
        /// The header row's cells.
        header: Vec<Vec<Inline>>,
        /// The body rows; a row may have fewer cells than the header.
        rows: Vec<Vec<Vec<Inline>>>,
    },
}

impl ManualBlock {
    /// The block's plain text (alt text for an image, nothing for a rule).
    pub fn plain_text(&self) -> String {
        match self {
            ManualBlock::Heading { text, .. } | ManualBlock::CodeBlock { text, .. } => text.clone(),
            ManualBlock::Paragraph(inlines) | ManualBlock::Quote(inlines) => inlines_text(inlines),
            ManualBlock::List { items, .. } => items
                .iter()
                .map(|item| inlines_text(item))
                .collect::<Vec<_>>()
                .join(" "),
            ManualBlock::Image { alt, .. } => alt.clone(),
            ManualBlock::Rule => String::new(),
            ManualBlock::Table { header, rows } => std::iter::once(header)
                .chain(rows)
                .map(|row| {
                    row.iter()
                        .map(|cell| inlines_text(cell))
                        .collect::<Vec<_>>()
                        .join(" | ")
                })
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }
}

fn blocks_text(blocks: &[ManualBlock]) -> String {
    blocks
        .iter()
        .map(ManualBlock::plain_text)
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
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

/// A section tag that the manual does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ManualError {
    /// No section has this tag.
    #[error("manual {manual:?}: no section with tag {tag:?}{}", unknown_tag_hint(.suggestions, .known))]
    UnknownTag {
        /// The manual's name, as given to [`Manual::parse`].
        manual: String,
        /// The tag that was asked for.
        tag: String,
        /// Up to three existing tags close to it, closest first.
        suggestions: Vec<String>,
        /// All the manual's tags, in document order.
        known: Vec<String>,
    },
}

fn unknown_tag_hint(suggestions: &[String], known: &[String]) -> String {
    let quoted = |tags: &[String]| {
        tags.iter()
            .map(|t| format!("{t:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    const SHOWN: usize = 10;
    if !suggestions.is_empty() {
        format!("; did you mean {}?", quoted(suggestions))
    } else if known.is_empty() {
        "; the manual has no sections (no headings)".to_string()
    } else if known.len() <= SHOWN {
        format!("; its tags are {}", quoted(known))
    } else {
        format!(
            "; its tags include {} and {} more",
            quoted(&known[..SHOWN]),
            known.len() - SHOWN
        )
    }
}

/// A search result: the first match in one section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchHit {
    /// The section's tag; empty for a match in the preamble (the top).
    pub tag: String,
    /// The section's title; the manual's [title](Manual::title) for the preamble.
    pub title: String,
    /// About 80 characters of text around the match, white space collapsed,
    /// with `…` where it was cut.
    pub snippet: String,
}

/// A parsed manual.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manual {
    name: String,
    source: String,
    preamble: Vec<ManualBlock>,
    sections: Vec<Section>,
    images: Vec<String>,
    warnings: Vec<String>,
}

impl Manual {
    /// Parses a manual. `name` is used in messages (its title or its path);
    /// parsing never fails: problems are collected in [`Manual::warnings`].
    pub fn parse(name: &str, source: &str) -> Manual {
        let source = source.strip_prefix('\u{feff}').unwrap_or(source);
        let mut b = Builder::default();
        for event in Parser::new_ext(source, markdown_options()) {
            b.event(event);
        }
        b.finish(name, source)
    }

    /// The name given to [`Manual::parse`].
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The Markdown source.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The manual's title: its first level-1 heading, else its first heading,
    /// else its name.
    pub fn title(&self) -> &str {
        self.sections
            .iter()
            .find(|s| s.level == 1)
            .or_else(|| self.sections.first())
            .map_or(&self.name, |s| &s.title)
    }

    /// The blocks before the first heading.
    pub fn preamble(&self) -> &[ManualBlock] {
        &self.preamble
    }

    /// All sections in document order: the table of contents.
    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// The section with this tag.
    pub fn section(&self, tag: &str) -> Result<&Section, ManualError> {
        self.position(tag).map(|i| &self.sections[i])
    }

    /// The section with this tag followed by its subsections (the following
    /// sections of a deeper level): what a viewer shows for the tag.
    pub fn subtree(&self, tag: &str) -> Result<&[Section], ManualError> {
        let start = self.position(tag)?;
        let level = self.sections[start].level;
        let len = self.sections[start + 1..]
            .iter()
            .take_while(|s| s.level > level)
            .count();
        Ok(&self.sections[start..=start + len])
    }

    fn position(&self, tag: &str) -> Result<usize, ManualError> {
        self.sections
            .iter()
            .position(|s| s.tag == tag)
            .ok_or_else(|| {
                let known: Vec<String> = self.sections.iter().map(|s| s.tag.clone()).collect();
                ManualError::UnknownTag {
                    manual: self.name.clone(),
                    tag: tag.to_string(),
                    suggestions: slug::suggest(tag, known.iter().map(String::as_str)),
                    known,
                }
            })
    }

    /// The local pictures the manual refers to, as relative paths with `/`
    /// separators, each once, in document order. Absolute paths, paths with
    /// `..`, and URLs are left out, with a [warning](Manual::warnings).
    pub fn image_paths(&self) -> Vec<String> {
        self.images.clone()
    }

    /// Problems found while parsing: refused picture paths, `#tag` links to
    /// no section, repeated explicit tags.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// A file name for the manual's HTML page: a slug of the name's file stem
    /// when the name looks like a path (`games/x/manual.md` → `manual.html`),
    /// else of the whole name; `manual.html` when nothing is left.
    pub fn html_file_name(&self) -> String {
        let name = self.name.trim();
        let looks_like_path = name.contains(['/', '\\'])
            || [".md", ".markdown", ".txt"]
                .iter()
                .any(|ext| name.to_ascii_lowercase().ends_with(ext));
        let base = if looks_like_path {
            std::path::Path::new(name)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        } else {
            name.to_string()
        };
        let mut stem = String::new();
        for c in base.chars().flat_map(char::to_lowercase) {
            if c.is_ascii_alphanumeric() || c == '_' {
                stem.push(c);
            } else if !stem.ends_with('-') {
                stem.push('-');
            }
        }
        let stem = stem.trim_matches('-');
        format!("{}.html", if stem.is_empty() { "manual" } else { stem })
    }

    /// Case-insensitive substring search over the preamble and each section's
    /// text (title included). One hit per section, at its first match, in
    /// document order. A query of only white space finds nothing; white space
    /// in the query matches any run of white space in the text.
    pub fn search(&self, query: &str) -> Vec<SearchHit> {
        let query = collapse_ws(query);
        if query.is_empty() {
            return Vec::new();
        }
        let query: String = query.chars().flat_map(char::to_lowercase).collect();
        let preamble = (!self.preamble.is_empty()).then(|| {
            (
                String::new(),
                self.title().to_string(),
                blocks_text(&self.preamble),
            )
        });
        let sections = self
            .sections
            .iter()
            .map(|s| (s.tag.clone(), s.title.clone(), s.plain_text()));
        preamble
            .into_iter()
            .chain(sections)
            .filter_map(|(tag, title, text)| {
                let snippet = find_snippet(&collapse_ws(&text), &query)?;
                Some(SearchHit {
                    tag,
                    title,
                    snippet,
                })
            })
            .collect()
    }
}

/// Trims and turns every run of white space into a single space.
fn collapse_ws(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// About how many characters a search snippet has.
const SNIPPET_CHARS: usize = 80;

/// Finds `query` (already lowercased char by char) in `text` ignoring case;
/// returns the snippet around the first match.
fn find_snippet(text: &str, query: &str) -> Option<String> {
    // Lowercase char by char, remembering for each byte of the lowercased
    // text which character of `text` it came from.
    let mut lower = String::with_capacity(text.len());
    let mut origin: Vec<usize> = Vec::with_capacity(text.len());
    for (ci, c) in text.chars().enumerate() {
        for l in c.to_lowercase() {
            lower.push(l);
            origin.extend(std::iter::repeat_n(ci, l.len_utf8()));
        }
    }
    let at = lower.find(query)?;
    let first = origin[at];
    let last = origin[at + query.len() - 1];
    let chars: Vec<char> = text.chars().collect();
    Some(snippet_around(&chars, first, last + 1))
}

/// About [`SNIPPET_CHARS`] characters of `chars` around `[hit_start, hit_end)`,
/// cut at word boundaries where that is close, with `…` where it was cut.
fn snippet_around(chars: &[char], hit_start: usize, hit_end: usize) -> String {
    let hit_len = hit_end - hit_start;
    let room = SNIPPET_CHARS.saturating_sub(hit_len);
    let mut start = hit_start.saturating_sub(room / 3);
    let mut end = (start + SNIPPET_CHARS).max(hit_end).min(chars.len());
    if end == chars.len() {
        start = end
            .saturating_sub(SNIPPET_CHARS.max(hit_len))
            .min(hit_start);
    }
    // Snap to word boundaries when one is near and the hit stays inside.
    const SNAP: usize = 15;
    if start <= SNAP {
        start = 0;
    }
    if start > 0
        && let Some(k) = chars[start..hit_start.min(start + SNAP)]
            .iter()
            .position(|c| *c == ' ')
    {
        start += k + 1;
    }
    if end < chars.len()
        && let Some(k) = chars[hit_end.max(end.saturating_sub(SNAP))..end]
            .iter()
            .rposition(|c| *c == ' ')
    {
        end = hit_end.max(end.saturating_sub(SNAP)) + k;
    }
    let mut out = String::new();
    if start > 0 {
        out.push('…');
    }
    out.extend(&chars[start..end]);
    if end < chars.len() {
        out.push('…');
    }
    out
}

/// Percent-decodes `s` (`%41` → `A`); a `%` not followed by two hex digits
/// stays as it is. `None` when the result is not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(hex) = s.get(i + 1..i + 3)
            && let Ok(b) = u8::from_str_radix(hex, 16)
            && hex.bytes().all(|h| h.is_ascii_hexdigit())
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// Whether `s` starts with a URL scheme of two letters or more (`http:`,
/// `data:`, `file:`); a single letter is a Windows drive.
fn has_url_scheme(s: &str) -> bool {
    let Some(colon) = s.find(':') else {
        return false;
    };
    let scheme = &s[..colon];
    scheme.len() >= 2
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// Checks a picture's destination as written in the manual and returns it as
/// a relative path with `/` separators, or why it is refused.
///
/// A query (`?…`) or fragment (`#…`) is dropped and percent-escapes are
/// decoded; URLs, absolute paths (`/x`, `\x`, `C:\x`), paths with a `..`
/// part, and empty paths are refused.
///
/// ```
/// use launcher_help::manual::local_image_path;
/// assert_eq!(local_image_path("./pics/my%20cat.png").unwrap(), "pics/my cat.png");
/// assert!(local_image_path("../secret.png").is_err());
/// assert!(local_image_path("/etc/logo.png").is_err());
/// assert!(local_image_path("https://example.org/x.png").is_err());
/// ```
pub fn local_image_path(dest: &str) -> Result<String, String> {
    let dest = dest.trim();
    if has_url_scheme(dest) {
        return Err(format!(
            "picture {dest:?} is a URL, not a file beside the manual; it is not copied"
        ));
    }
    let without_suffix = dest.split(['?', '#']).next().unwrap_or_default();
    let Some(path) = percent_decode(without_suffix) else {
        return Err(format!("picture {dest:?} is not a UTF-8 path"));
    };
    let bytes = path.as_bytes();
    let drive = bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':';
    if path.starts_with(['/', '\\']) || drive {
        return Err(format!(
            "picture {dest:?} has an absolute path; use a path relative to the manual"
        ));
    }
    let mut parts = Vec::new();
    for part in path.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => {
                return Err(format!(
                    "picture {dest:?} leaves the manual's directory (`..`); keep pictures beside the manual"
                ));
            }
            p if p.contains('\0') => {
                return Err(format!("picture {dest:?} has a NUL character"));
            }
            p => parts.push(p),
        }
    }
    if parts.is_empty() {
        return Err(format!("picture {dest:?} has an empty path"));
    }
    Ok(parts.join("/"))
}

/// The current text style from the emphasis/strong nesting.
#[derive(Default)]
struct Style {
    emphasis: usize,
    strong: usize,
}

impl Style {
    fn inline(&self, text: &str) -> Inline {
        if self.strong > 0 {
            Inline::Strong(text.to_string())
        } else if self.emphasis > 0 {
            Inline::Emphasis(text.to_string())
        } else {
            Inline::Text(text.to_string())
        }
    }
}

/// Appends an inline, merging it with the previous one when both are text
/// runs of the same style.
fn push_inline(inlines: &mut Vec<Inline>, inline: Inline) {
    if inline.text().is_empty() && !matches!(inline, Inline::Link { .. }) {
        return;
    }
    match (inlines.last_mut(), &inline) {
        (Some(Inline::Text(a)), Inline::Text(b))
        | (Some(Inline::Emphasis(a)), Inline::Emphasis(b))
        | (Some(Inline::Strong(a)), Inline::Strong(b)) => a.push_str(b),
        _ => inlines.push(inline),
    }
}

/// Adds a space between two pieces of flattened content.
fn push_separator(inlines: &mut Vec<Inline>) {
    let ends_with_space = inlines
        .last()
        .is_none_or(|i| i.text().ends_with(char::is_whitespace));
    if !ends_with_space {
        push_inline(inlines, Inline::Text(" ".into()));
    }
}

/// Removes white space at the start and end of a run of inlines (left by
/// flattening or by splitting a paragraph around a picture).
fn trim_inlines(inlines: &mut Vec<Inline>) {
    fn text_mut(inline: &mut Inline) -> Option<&mut String> {
        match inline {
            Inline::Text(s) | Inline::Emphasis(s) | Inline::Strong(s) => Some(s),
            Inline::Code(_) | Inline::Link { .. } => None,
        }
    }
    while let Some(s) = inlines.first_mut().and_then(text_mut) {
        let trimmed = s.trim_start();
        if trimmed.is_empty() {
            inlines.remove(0);
        } else {
            *s = trimmed.to_string();
            break;
        }
    }
    while let Some(s) = inlines.last_mut().and_then(text_mut) {
        let trimmed = s.trim_end();
        if trimmed.is_empty() {
            inlines.pop();
        } else {
            s.truncate(trimmed.len());
            break;
        }
    }
}

fn has_visible_text(inlines: &[Inline]) -> bool {
    inlines
        .iter()
        .any(|i| matches!(i, Inline::Link { .. }) || !i.text().trim().is_empty())
}

/// A list or block quote whose whole content is flattened into inlines.
enum Flat {
    List {
        ordered: bool,
        items: Vec<Vec<Inline>>,
    },
    Quote(Vec<Inline>),
}

impl Flat {
    fn target(&mut self) -> &mut Vec<Inline> {
        match self {
            Flat::List { items, .. } => {
                if items.is_empty() {
                    items.push(Vec::new());
                }
                items.last_mut().expect("just ensured")
            }
            Flat::Quote(inlines) => inlines,
        }
    }
}

struct HeadingState {
    level: u8,
    explicit: Option<String>,
    text: String,
    /// Inside a list or quote: not a section.
    nested: bool,
}

struct LinkState {
    target: LinkTarget,
    text: String,
}

struct ImageState {
    dest: String,
    alt: String,
    /// Images nest in alt text (`![![a](b)](c)`); this counts the depth.
    depth: usize,
}

/// A table being read.
#[derive(Default)]
struct TableState {
    header: Vec<Vec<Inline>>,
    rows: Vec<Vec<Vec<Inline>>>,
    in_head: bool,
    /// The cell being read, if any.
    cell: Option<Vec<Inline>>,
}

impl TableState {
    fn row(&mut self) -> &mut Vec<Vec<Inline>> {
        if self.in_head {
            &mut self.header
        } else {
            self.rows
                .last_mut()
                .expect("a row is started before its cells")
        }
    }
}

struct CodeState {
    lang: Option<String>,
    text: String,
}

/// Builds the block model from pulldown-cmark events.
#[derive(Default)]
struct Builder {
    preamble: Vec<ManualBlock>,
    sections: Vec<Section>,
    explicit: Vec<Option<String>>,
    paragraph: Option<Vec<Inline>>,
    heading: Option<HeadingState>,
    code: Option<CodeState>,
    flat: Option<Flat>,
    table: Option<TableState>,
    container_depth: usize,
    style: Style,
    link: Option<LinkState>,
    image: Option<ImageState>,
    image_dests: Vec<String>,
    section_links: Vec<String>,
}

impl Builder {
    fn blocks(&mut self) -> &mut Vec<ManualBlock> {
        match self.sections.last_mut() {
            Some(section) => &mut section.blocks,
            None => &mut self.preamble,
        }
    }

    /// Where inline content goes when it is not diverted into a heading,
    /// link, image or code block.
    fn inline_target(&mut self) -> &mut Vec<Inline> {
        if let Some(flat) = &mut self.flat {
            return flat.target();
        }
        if let Some(cell) = self.table.as_mut().and_then(|t| t.cell.as_mut()) {
            return cell;
        }
        self.paragraph.get_or_insert_with(Vec::new)
    }

    fn text(&mut self, text: &str, code: bool) {
        if let Some(c) = &mut self.code {
            c.text.push_str(text);
        } else if let Some(img) = &mut self.image {
            img.alt.push_str(text);
        } else if let Some(h) = &mut self.heading {
            h.text.push_str(text);
        } else if let Some(l) = &mut self.link {
            l.text.push_str(text);
        } else {
            let inline = if code {
                Inline::Code(text.to_string())
            } else {
                self.style.inline(text)
            };
            push_inline(self.inline_target(), inline);
        }
    }

    fn flush_paragraph(&mut self) {
        if let Some(mut inlines) = self.paragraph.take()
            && has_visible_text(&inlines)
        {
            trim_inlines(&mut inlines);
            self.blocks().push(ManualBlock::Paragraph(inlines));
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Paragraph => match &mut self.flat {
                Some(flat) => push_separator(flat.target()),
                None => self.paragraph = Some(Vec::new()),
            },
            Tag::Heading { level, id, .. } => {
                let nested = self.flat.is_some();
                if let Some(flat) = &mut self.flat {
                    push_separator(flat.target());
                }
                self.heading = Some(HeadingState {
                    level: level as u8,
                    explicit: id.map(|id| id.to_string()),
                    text: String::new(),
                    nested,
                });
            }
            Tag::BlockQuote(_) | Tag::List(_) => {
                self.container_depth += 1;
                match &mut self.flat {
                    Some(flat) => push_separator(flat.target()),
                    None => {
                        self.flush_paragraph();
                        self.flat = Some(match tag {
                            Tag::List(start) => Flat::List {
                                ordered: start.is_some(),
                                items: Vec::new(),
                            },
                            _ => Flat::Quote(Vec::new()),
                        });
                    }
                }
            }
            Tag::Item => match &mut self.flat {
                Some(Flat::List { items, .. }) => items.push(Vec::new()),
                Some(flat) => push_separator(flat.target()),
                None => {}
            },
            Tag::CodeBlock(kind) => {
                let lang = match kind {
                    CodeBlockKind::Fenced(info) => info
                        .split(|c: char| c.is_whitespace() || c == ',' || c == '{')
                        .next()
                        .filter(|l| !l.is_empty())
                        .map(str::to_string),
                    CodeBlockKind::Indented => None,
                };
                if let Some(flat) = &mut self.flat {
                    push_separator(flat.target());
                }
                self.code = Some(CodeState {
                    lang,
                    text: String::new(),
                });
            }
            Tag::Table(_) => match &mut self.flat {
                Some(flat) => push_separator(flat.target()),
                None => {
                    self.flush_paragraph();
                    self.table = Some(TableState::default());
                }
            },
            Tag::TableHead => {
                if let Some(table) = &mut self.table {
                    table.in_head = true;
                }
            }
            Tag::TableRow => match (&mut self.table, &mut self.flat) {
                (Some(table), _) => table.rows.push(Vec::new()),
                (None, Some(flat)) => push_separator(flat.target()),
                (None, None) => {}
            },
            Tag::TableCell => {
                match &mut self.table {
                    Some(table) => table.cell = Some(Vec::new()),
                    None => {
                        if let Some(flat) = &mut self.flat
                        && flat.target().last().is_some_and(|i| !matches!(i, Inline::Text(t) if t.ends_with(char::is_whitespace)))
                    {
                        push_inline(flat.target(), Inline::Text(" | ".into()));
                    }
                    }
                }
            }
            Tag::Emphasis => self.style.emphasis += 1,
            Tag::Strong => self.style.strong += 1,
            Tag::Link {
                link_type,
                dest_url,
                ..
            } => {
                if self.image.is_some() || self.heading.is_some() || self.link.is_some() {
                    return;
                }
                let target = if link_type == LinkType::Email {
                    LinkTarget::External(format!("mailto:{dest_url}"))
                } else if let Some(tag) = dest_url.strip_prefix('#') {
                    let tag = percent_decode(tag).unwrap_or_else(|| tag.to_string());
                    self.section_links.push(tag.clone());
                    LinkTarget::Section(tag)
                } else {
                    LinkTarget::External(dest_url.to_string())
                };
                self.link = Some(LinkState {
                    target,
                    text: String::new(),
                });
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
                        })
                    }
                }
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph if self.flat.is_none() => self.flush_paragraph(),
            TagEnd::Heading(_) => {
                let Some(h) = self.heading.take() else { return };
                let title = collapse_ws(&h.text);
                if h.nested {
                    let inline = Inline::Strong(title);
                    push_inline(self.inline_target(), inline);
                } else {
                    self.flush_paragraph();
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
            }
            TagEnd::BlockQuote(_) | TagEnd::List(_) => {
                self.container_depth = self.container_depth.saturating_sub(1);
                if self.container_depth == 0 {
                    match self.flat.take() {
                        Some(Flat::List { ordered, mut items }) => {
                            // Empty items (an item that only held a nested
                            // list) are dropped.
                            items.retain(|item| has_visible_text(item));
                            items.iter_mut().for_each(trim_inlines);
                            if !items.is_empty() {
                                self.blocks().push(ManualBlock::List { ordered, items });
                            }
                        }
                        Some(Flat::Quote(mut inlines)) if has_visible_text(&inlines) => {
                            trim_inlines(&mut inlines);
                            self.blocks().push(ManualBlock::Quote(inlines));
                        }
                        _ => {}
                    }
                }
            }
            TagEnd::CodeBlock => {
                let Some(code) = self.code.take() else { return };
                let text = code
                    .text
                    .strip_suffix('\n')
                    .unwrap_or(&code.text)
                    .to_string();
                match &mut self.flat {
                    Some(flat) => push_inline(flat.target(), Inline::Code(text)),
                    None => {
                        self.flush_paragraph();
                        self.blocks().push(ManualBlock::CodeBlock {
                            lang: code.lang,
                            text,
                        });
                    }
                }
            }
            TagEnd::TableCell => {
                if let Some(table) = &mut self.table
                    && let Some(mut cell) = table.cell.take()
                {
                    trim_inlines(&mut cell);
                    table.row().push(cell);
                }
            }
            TagEnd::TableHead => {
                if let Some(table) = &mut self.table {
                    table.in_head = false;
                }
            }
            TagEnd::Table => {
                if let Some(table) = self.table.take() {
                    self.blocks().push(ManualBlock::Table {
                        header: table.header,
                        rows: table.rows,
                    });
                }
            }
            TagEnd::Emphasis => self.style.emphasis = self.style.emphasis.saturating_sub(1),
            TagEnd::Strong => self.style.strong = self.style.strong.saturating_sub(1),
            TagEnd::Link => {
                if self.image.is_some() {
                    return;
                }
                if let Some(link) = self.link.take() {
                    let text = if link.text.trim().is_empty() {
                        match &link.target {
                            LinkTarget::Section(t) => t.clone(),
                            LinkTarget::External(u) => u.clone(),
                        }
                    } else {
                        link.text
                    };
                    let inline = Inline::Link {
                        text,
                        target: link.target,
                    };
                    push_inline(self.inline_target(), inline);
                }
            }
            TagEnd::Image => {
                let Some(img) = &mut self.image else { return };
                img.depth -= 1;
                if img.depth > 0 {
                    return;
                }
                let img = self.image.take().expect("checked above");
                if let Some(h) = &mut self.heading {
                    h.text.push_str(&img.alt);
                } else if let Some(l) = &mut self.link {
                    l.text.push_str(&img.alt);
                } else if let Some(flat) = &mut self.flat {
                    let inline = self.style.inline(&img.alt);
                    push_inline(flat.target(), inline);
                } else if self.table.as_ref().is_some_and(|t| t.cell.is_some()) {
                    // A picture in a table cell shows as its alt text.
                    let inline = self.style.inline(&img.alt);
                    push_inline(self.inline_target(), inline);
                } else {
                    // Split the paragraph around the picture.
                    let was_in_paragraph = self.paragraph.is_some();
                    self.flush_paragraph();
                    let path = local_image_path(&img.dest).unwrap_or(img.dest);
                    self.blocks()
                        .push(ManualBlock::Image { path, alt: img.alt });
                    if was_in_paragraph {
                        self.paragraph = Some(Vec::new());
                    }
                }
            }
            _ => {}
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
                let br = if self.heading.is_some() || self.image.is_some() || self.link.is_some() {
                    " "
                } else {
                    "\n"
                };
                self.text(br, false)
            }
            Event::Rule if self.flat.is_none() => {
                self.flush_paragraph();
                self.blocks().push(ManualBlock::Rule);
            }
            // Raw HTML, footnotes, math, task markers: not in the block model.
            _ => {}
        }
    }

    fn finish(mut self, name: &str, source: &str) -> Manual {
        self.flush_paragraph();
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

        Manual {
            name: name.to_string(),
            source: source.to_string(),
            preamble: self.preamble,
            sections: self.sections,
            images,
            warnings,
        }
    }
}

impl fmt::Display for Manual {
    /// The table of contents, one indented line per section with its tag.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.sections {
            let indent = "  ".repeat(usize::from(s.level.saturating_sub(1)));
            writeln!(f, "{indent}{} (#{})", s.title, s.tag)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
