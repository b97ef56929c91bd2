//! Searching a manual: one hit per section with a snippet around the first
//! match, and the places of every match in a text, for highlights.

use std::ops::Range;

use super::Manual;
use super::model::{Inline, ManualBlock, blocks_text, walk_inlines};

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
    /// Where the match is in [`SearchHit::snippet`], in bytes.
    pub matched: Range<usize>,
}

/// Trims and turns every run of white space into a single space.
pub(super) fn collapse_ws(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// About how many characters a search snippet has.
pub(super) const SNIPPET_CHARS: usize = 80;

impl Manual {
    /// Case-insensitive substring search over the preamble and each section's
    /// text (title included, and the footnotes it refers to). One hit per
    /// section, at its first match, in document order. A query of only white
    /// space finds nothing; white space in the query matches any run of white
    /// space in the text.
    pub fn search(&self, query: &str) -> Vec<SearchHit> {
        if query.trim().is_empty() {
            return Vec::new();
        }
        let preamble = (!self.preamble.is_empty()).then(|| {
            (
                String::new(),
                self.title().to_string(),
                self.page_text(&self.preamble),
            )
        });
        let sections = self
            .sections
            .iter()
            .map(|s| (s.tag.clone(), s.title.clone(), self.page_text(&s.blocks)));
        preamble
            .into_iter()
            .chain(sections)
            .filter_map(|(tag, title, text)| {
                let text = collapse_ws(&text);
                let first = find_matches(&text, query).into_iter().next()?;
                let (snippet, matched) = snippet_around(&text, first);
                Some(SearchHit {
                    tag,
                    title,
                    snippet,
                    matched,
                })
            })
            .collect()
    }

    /// The text of `blocks` followed by that of the footnotes they refer to.
    fn page_text(&self, blocks: &[ManualBlock]) -> String {
        let mut text = blocks_text(blocks);
        for footnote in self.footnotes_of(blocks) {
            text.push(' ');
            text.push_str(&blocks_text(&footnote.blocks));
        }
        text
    }

    /// The footnotes `blocks` refer to, each once, by number.
    pub fn footnotes_of(&self, blocks: &[ManualBlock]) -> Vec<&super::Footnote> {
        let mut numbers = Vec::new();
        walk_inlines(blocks, &mut |inline| {
            if let Inline::FootnoteRef { number, .. } = inline
                && !numbers.contains(number)
            {
                numbers.push(*number);
            }
        });
        numbers.sort_unstable();
        numbers
            .into_iter()
            .filter_map(|n| self.footnotes.iter().find(|f| f.number == n))
            .collect()
    }
}

/// Where `query` occurs in `text`, ignoring case (lowercase, character by
/// character) and matching any run of white space in `text` for white space
/// in the query; byte ranges of `text`, in order, not overlapping. An empty
/// or blank query matches nothing.
///
/// ```
/// use launcher_help::manual::find_matches;
/// assert_eq!(find_matches("The Cat and the cat", "CAT"), [4..7, 16..19]);
/// assert_eq!(find_matches("a big\n  cat", "big cat"), [2..11]);
/// ```
pub fn find_matches(text: &str, query: &str) -> Vec<Range<usize>> {
    let query: String = collapse_ws(query)
        .chars()
        .flat_map(char::to_lowercase)
        .collect();
    if query.is_empty() {
        return Vec::new();
    }
    // The text lowercased with white space runs as one space, remembering
    // for each byte where in `text` its character started and ended.
    let mut folded = String::with_capacity(text.len());
    let mut origin: Vec<Range<usize>> = Vec::with_capacity(text.len());
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let mut end = at + c.len_utf8();
        if c.is_whitespace() {
            while let Some(&(next, n)) = chars.peek()
                && n.is_whitespace()
            {
                end = next + n.len_utf8();
                chars.next();
            }
            folded.push(' ');
            origin.push(at..end);
            continue;
        }
        for l in c.to_lowercase() {
            folded.push(l);
            origin.extend(std::iter::repeat_n(at..end, l.len_utf8()));
        }
    }
    folded
        .match_indices(&query)
        .map(|(at, m)| origin[at].start..origin[at + m.len() - 1].end)
        .collect()
}

/// About [`SNIPPET_CHARS`] characters of `text` around the byte range `hit`,
/// cut at word boundaries where that is close, with `…` where it was cut;
/// and where the hit is in the snippet.
fn snippet_around(text: &str, hit: Range<usize>) -> (String, Range<usize>) {
    let chars: Vec<char> = text.chars().collect();
    let hit_start = text[..hit.start].chars().count();
    let hit_end = hit_start + text[hit.clone()].chars().count();
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
    let before: String = chars[start..hit_start].iter().collect();
    let matched_at = out.len() + before.len();
    out.push_str(&before);
    out.extend(&chars[hit_start..end]);
    if end < chars.len() {
        out.push('…');
    }
    (out, matched_at..matched_at + hit.len())
}
