//! Structured manuals in Markdown, after §3 "Showing Scribbled Help".
//!
//! A game's manual is a Markdown file (CommonMark, with GitHub's pipe
//! tables, footnotes, strikethrough and task lists). Each heading starts a
//! [`Section`], addressed by a tag: the heading's GitHub-style slug
//! ([`slugify`]), or the explicit tag of a `{#tag}` suffix on the heading. A
//! repeated slug gets `-1`, `-2`, … as on GitHub; explicit tags are reserved
//! before slugs are numbered, so an explicit tag always keeps its name.
//!
//! - [`Manual::parse`] reads the Markdown (the `parse` module turns
//!   pulldown-cmark's events into a block tree); [`Manual::sections`] is the
//!   table of contents; [`Manual::section`] looks a tag up, and an unknown
//!   tag gives a [`ManualError`] that names the manual and the tag and
//!   suggests close tags.
//! - Each section carries a block tree ([`ManualBlock`], [`Inline`]): list
//!   items and quotes hold blocks, links and emphasis hold inlines. An
//!   in-app viewer renders it without HTML.
//! - [`Manual::search`] finds text, and [`find_matches`] places highlights;
//!   [`Manual::to_html`] and [`write_html`] make a standalone page for the
//!   browser; [`manual_url`] and [`open_in_browser`] open it at a section.
//! - [`load_manual`], [`read_picture`], [`find_launcher_manual`] and
//!   [`write_manual_page`] read and write a manual's files, with caps.
//!
//! # What the block tree leaves out or simplifies
//!
//! - Text before the first heading is the [preamble](Manual::preamble), not a
//!   section.
//! - A heading inside a list, quote or footnote is not a section: it is a
//!   paragraph of strong text. A heading's own text is plain (no emphasis).
//! - A picture inside a paragraph splits it: paragraph,
//!   [`ManualBlock::Image`], paragraph (in any container). Inside a heading,
//!   link or table cell a picture shows as its alt text (the HTML page still
//!   shows it).
//! - Footnote definitions are not blocks of the section they are written
//!   in: they are the manual's [footnotes](Manual::footnotes), and a page
//!   shows the ones it refers to.
//! - Raw HTML is left out of the block tree (the HTML page keeps it).

mod browser;
mod files;
mod html;
mod model;
mod parse;
mod search;
mod slug;

use std::fmt;

pub use browser::{BrowserError, browser_commands, manual_url, open_in_browser};
pub use files::{
    MAX_MANUAL_BYTES, MAX_PICTURE_BYTES, cache_subdir, default_cache_dir, find_launcher_manual,
    installed_launcher_manual, launcher_manual_candidates, launcher_manual_candidates_for,
    load_manual, load_manual_text, picture_path, read_picture, read_picture_file, show_in_browser,
    write_manual_page,
};
pub use html::{WriteHtmlError, WrittenHtml, write_html};
pub use model::{
    Alignment, Footnote, Inline, LinkTarget, ListItem, ManualBlock, Section, Table, blocks_text,
    inlines_text, walk_inlines,
};
pub use parse::local_image_path;
use parse::markdown_options;
pub use search::{SearchHit, find_matches};
pub use slug::slugify;

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

/// A parsed manual.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manual {
    name: String,
    source: String,
    preamble: Vec<ManualBlock>,
    sections: Vec<Section>,
    footnotes: Vec<Footnote>,
    images: Vec<String>,
    warnings: Vec<String>,
}

impl Manual {
    /// Parses a manual. `name` is used in messages (its title or its path);
    /// parsing never fails: problems are collected in [`Manual::warnings`].
    pub fn parse(name: &str, source: &str) -> Manual {
        let source = source.strip_prefix('\u{feff}').unwrap_or(source);
        parse::parse(name, source)
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

    /// The footnotes' definitions, by number (see [`Footnote`]); a page shows
    /// [those it refers to](Manual::footnotes_of).
    pub fn footnotes(&self) -> &[Footnote] {
        &self.footnotes
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
