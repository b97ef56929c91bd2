//! Text help (`doc.txt`), formatted after §4 "Showing Text Help".
//!
//! [`format_text_help`] turns a plain-text help file into a list of
//! [`Block`]s that the launcher lays out itself (egui wraps the paragraphs to
//! the window's width). [`verbatim`] is the `verbatim?` mode: the file as it
//! is. [`load_doc`] reads a help file from disk and refuses, with a message
//! that names the file and says what to do, anything that is not a reasonably
//! sized UTF-8 text file.
//!
//! # The rules
//!
//! Lines are read one by one; a trailing carriage return (CRLF line ends) and
//! trailing white space are ignored everywhere.
//!
//! 1. A line of the form `**…**` (it starts with `**` and ends with `**`, and
//!    is at least four characters long) is omitted. It does not end the
//!    paragraph or bullet around it.
//! 2. A line made only of `=` characters, exactly as long (in characters) as
//!    the line before it, makes that line a [`Block::Title`]; the `=` line
//!    itself is not shown. If the line before was omitted by rule 1, the `=`
//!    line is omitted too (it underlines nothing visible). A `=` line of any
//!    other length is ordinary text and is flowed into the paragraph it is in.
//!    The title rule wins over the bullet rule: `* x` underlined by `===` is a
//!    title whose text is `* x`.
//! 3. A line that starts with `*` after optional white space is a
//!    [`Block::Bullet`]; its text is what follows the `*`, trimmed. The
//!    following lines that are not blank, not bullets and not titles are
//!    continuation lines and are flowed into the bullet.
//! 4. Other lines are flowed into a [`Block::Paragraph`]: each line is trimmed
//!    and the lines are joined with single spaces. Blank lines (empty or only
//!    white space) separate paragraphs and end bullets.
//!
//! An empty file gives no blocks.
//!
//! One addition to §4 for the launcher's own layout: within a paragraph or
//! bullet, text between two backticks (`` `###..` ``) is shown in a
//! monospaced font, without the backticks, so that patterns and tables
//! line up ([`code_spans`]). A backtick without a partner is shown as it
//! is. The blocks keep the backticks; only the layout reads them.

use std::fmt;
use std::path::{Path, PathBuf};

/// The largest help file [`load_doc`] accepts, in bytes (1 MiB): one cap
/// for the catalog's check and the help window, in `launcher_core::limits`.
pub use launcher_core::limits::MAX_DOC_BYTES;

/// One displayable piece of formatted text help.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// A title: a line underlined by a line of `=` of the same length.
    Title(String),
    /// A paragraph: consecutive text lines, trimmed and joined with single spaces.
    Paragraph(String),
    /// A bullet point: the text after the `*`, with its continuation lines flowed in.
    Bullet(String),
}

impl Block {
    /// The block's text, whatever its kind.
    pub fn text(&self) -> &str {
        match self {
            Block::Title(s) | Block::Paragraph(s) | Block::Bullet(s) => s,
        }
    }
}

/// Formatted text help: the blocks in document order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextHelp {
    /// The blocks, in the order they appear in the source.
    pub blocks: Vec<Block>,
}

impl TextHelp {
    /// Whether there is nothing to show.
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// The titles' texts, in order (a game's tests check its help's
    /// sections with them).
    ///
    /// ```
    /// use launcher_help::text_help::format_text_help;
    /// let help = format_text_help("Lamp\n====\n\nClick it.\n\nKeys\n====\n\n* L lights it.\n");
    /// assert_eq!(help.titles(), ["Lamp", "Keys"]);
    /// assert_eq!(help.bullets(), ["L lights it."]);
    /// ```
    pub fn titles(&self) -> Vec<&str> {
        self.blocks
            .iter()
            .filter_map(|b| match b {
                Block::Title(t) => Some(t.as_str()),
                _ => None,
            })
            .collect()
    }

    /// The bullet points' texts, in order.
    pub fn bullets(&self) -> Vec<&str> {
        self.blocks
            .iter()
            .filter_map(|b| match b {
                Block::Bullet(t) => Some(t.as_str()),
                _ => None,
            })
            .collect()
    }
}

impl fmt::Display for TextHelp {
    /// A plain-text rendering: titles underlined, bullets as `• `, blocks
    /// separated by blank lines. Useful for logs, tests and terminals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, block) in self.blocks.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            match block {
                Block::Title(t) => {
                    writeln!(f, "{t}")?;
                    writeln!(f, "{}", "=".repeat(t.chars().count()))?;
                }
                Block::Paragraph(p) => writeln!(f, "{p}")?,
                Block::Bullet(b) => writeln!(f, "• {b}")?,
            }
        }
        Ok(())
    }
}

/// How one source line is classified before the blocks are built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Line<'a> {
    Blank,
    Omitted,
    /// A title; the text is trimmed.
    Title(&'a str),
    /// A bullet; the text after the `*`, trimmed.
    Bullet(&'a str),
    /// Ordinary text, trimmed.
    Text(&'a str),
}

fn is_omitted(line: &str) -> bool {
    line.len() >= 4 && line.starts_with("**") && line.ends_with("**")
}

fn is_underline_of(line: &str, prev: &str) -> bool {
    !line.is_empty()
        && line.chars().all(|c| c == '=')
        && line.chars().count() == prev.chars().count()
}

fn classify(source: &str) -> Vec<Line<'_>> {
    // Trailing white space (which includes the CR of CRLF) is ignored.
    let raw: Vec<&str> = source.lines().map(str::trim_end).collect();
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let line = raw[i];
        let underlined = raw
            .get(i + 1)
            .is_some_and(|next| is_underline_of(next, line));
        if line.is_empty() {
            out.push(Line::Blank);
        } else if is_omitted(line) {
            out.push(Line::Omitted);
            if underlined {
                // The underline of a hidden line is hidden too.
                i += 1;
            }
        } else if underlined {
            out.push(Line::Title(line.trim()));
            i += 1;
        } else if let Some(rest) = line.trim_start().strip_prefix('*') {
            out.push(Line::Bullet(rest.trim()));
        } else {
            out.push(Line::Text(line.trim()));
        }
        i += 1;
    }
    out
}

/// Formats plain-text help after §4: see the [module documentation](self)
/// for the rules and the decisions on their corner cases.
///
/// ```
/// use launcher_help::text_help::{format_text_help, Block};
///
/// let help = format_text_help("Chat Noir\n=========\n\nCatch the\ncat.\n* Click a dot.\n");
/// assert_eq!(
///     help.blocks,
///     vec![
///         Block::Title("Chat Noir".into()),
///         Block::Paragraph("Catch the cat.".into()),
///         Block::Bullet("Click a dot.".into()),
///     ]
/// );
/// ```
pub fn format_text_help(source: &str) -> TextHelp {
    let mut blocks = Vec::new();
    // The block being flowed: a paragraph or a bullet.
    let mut open: Option<Block> = None;

    fn flow(block: &mut Block, text: &str) {
        if text.is_empty() {
            return;
        }
        let (Block::Paragraph(s) | Block::Bullet(s) | Block::Title(s)) = block;
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(text);
    }

    fn close(open: &mut Option<Block>, blocks: &mut Vec<Block>) {
        if let Some(block) = open.take() {
            // A bullet is kept even when empty (a lone `*` is still a bullet
            // point); a paragraph is never empty here.
            blocks.push(block);
        }
    }

    for line in classify(source) {
        match line {
            Line::Omitted => {}
            Line::Blank => close(&mut open, &mut blocks),
            Line::Title(t) => {
                close(&mut open, &mut blocks);
                blocks.push(Block::Title(t.to_string()));
            }
            Line::Bullet(b) => {
                close(&mut open, &mut blocks);
                open = Some(Block::Bullet(b.to_string()));
            }
            Line::Text(t) => match &mut open {
                Some(block) => flow(block, t),
                None => open = Some(Block::Paragraph(t.to_string())),
            },
        }
    }
    close(&mut open, &mut blocks);
    TextHelp { blocks }
}

/// Splits a block's text into runs of ordinary text (`false`) and of code
/// (`true`, the text between a pair of backticks, without them). A last
/// backtick without a partner stays in the text. Empty runs are left out.
///
/// ```
/// use launcher_help::text_help::code_spans;
/// assert_eq!(
///     code_spans("`###..` at the bottom"),
///     [(true, "###.."), (false, " at the bottom")]
/// );
/// assert_eq!(code_spans("a ` b"), [(false, "a ` b")]);
/// assert_eq!(code_spans("`a` and `b"), [(true, "a"), (false, " and `b")]);
/// ```
pub fn code_spans(text: &str) -> Vec<(bool, &str)> {
    let mut spans = Vec::new();
    let mut plain_start = 0;
    let mut from = 0;
    while let Some(open) = text[from..].find('`').map(|i| from + i) {
        let Some(close) = text[open + 1..].find('`').map(|i| open + 1 + i) else {
            break;
        };
        if plain_start < open {
            spans.push((false, &text[plain_start..open]));
        }
        if open + 1 < close {
            spans.push((true, &text[open + 1..close]));
        }
        plain_start = close + 1;
        from = close + 1;
    }
    if plain_start < text.len() {
        spans.push((false, &text[plain_start..]));
    }
    spans
}

/// The `verbatim?` mode: the file as it is, with CRLF line ends turned into
/// LF (nothing else changes; a lone CR is kept).
pub fn verbatim(source: &str) -> String {
    source.replace("\r\n", "\n")
}

/// Why a help file could not be loaded. Every message names the file and
/// says what to do about it.
#[derive(Debug, thiserror::Error)]
pub enum DocError {
    /// There is no file at the path.
    #[error("help file {} not found; check the `help` entry of the game's info.toml or add the file", .path.display())]
    Missing {
        /// The path that was asked for.
        path: PathBuf,
    },
    /// Something other than a regular file stands at the path: a directory,
    /// a named pipe, a device, a link that leads nowhere or loops.
    #[error("help file {} {what}; point the `help` entry at a text file", .path.display())]
    NotAFile {
        /// The path that was asked for.
        path: PathBuf,
        /// What stands there, as a predicate ("is a directory, not a regular file").
        what: String,
    },
    /// The file exists but could not be read.
    #[error("help file {} could not be read ({source}); check its permissions", .path.display())]
    Unreadable {
        /// The path that was asked for.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// The file is larger than [`MAX_DOC_BYTES`].
    #[error("help file {} is {size} bytes, more than the {max} bytes allowed; shorten it or split it into a manual", .path.display())]
    TooLarge {
        /// The path that was asked for.
        path: PathBuf,
        /// The file's size in bytes (at least `max + 1`).
        size: u64,
        /// The cap, [`MAX_DOC_BYTES`].
        max: u64,
    },
    /// The file contains NUL bytes, so it is not text (or is UTF-16 text).
    #[error("help file {} looks binary (NUL byte at offset {offset}); help must be plain UTF-8 text", .path.display())]
    Binary {
        /// The path that was asked for.
        path: PathBuf,
        /// The byte offset of the first NUL byte.
        offset: usize,
    },
    /// The file is not valid UTF-8.
    #[error("help file {} is not valid UTF-8 (bad byte at offset {offset}); save it as UTF-8", .path.display())]
    NotUtf8 {
        /// The path that was asked for.
        path: PathBuf,
        /// The byte offset of the first byte that is not valid UTF-8.
        offset: usize,
    },
}

/// Loads a help file as text.
///
/// Refuses a missing file, something that is not a regular file, an
/// unreadable file, a file larger than [`MAX_DOC_BYTES`], a file with NUL
/// bytes (binary, or UTF-16) and a file that is not UTF-8, in that order. A
/// leading UTF-8 byte-order mark is removed. Line ends are kept as they are:
/// [`format_text_help`] and [`verbatim`] both handle CRLF.
///
/// The file must stay inside `folder`, the game's folder: one that leads
/// out of it through a link is refused, and the check is the open itself
/// (`launcher_core::files::read_capped_within`), so a link swapped in
/// after a look never shows what it leads to.
pub fn load_doc(folder: &Path, path: &Path) -> Result<String, DocError> {
    use launcher_core::files::{self, FileProblem};
    let owned = || path.to_path_buf();
    let bytes =
        files::read_capped_within(folder, path, MAX_DOC_BYTES).map_err(
            |problem| match problem {
                FileProblem::Missing => DocError::Missing { path: owned() },
                FileProblem::Unreadable(source) => DocError::Unreadable {
                    path: owned(),
                    source,
                },
                FileProblem::TooLarge { size, max } => DocError::TooLarge {
                    path: owned(),
                    size,
                    max,
                },
                other => DocError::NotAFile {
                    path: owned(),
                    what: other.to_string(),
                },
            },
        )?;
    if let Some(offset) = bytes.iter().position(|&b| b == 0) {
        return Err(DocError::Binary {
            path: owned(),
            offset,
        });
    }
    let mut text = String::from_utf8(bytes).map_err(|e| DocError::NotUtf8 {
        path: owned(),
        offset: e.utf8_error().valid_up_to(),
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn p(s: &str) -> Block {
        Block::Paragraph(s.into())
    }
    fn b(s: &str) -> Block {
        Block::Bullet(s.into())
    }
    fn t(s: &str) -> Block {
        Block::Title(s.into())
    }
    fn fmt(s: &str) -> Vec<Block> {
        format_text_help(s).blocks
    }

    // Rule 1: `**…**` lines are omitted.
    #[test]
    fn star_star_lines_are_omitted() {
        assert_eq!(
            fmt("**Note to translators**\nHello\n**hidden** \nworld\n"),
            vec![p("Hello world")]
        );
        // Too short to be of the form `**…**`: a bullet whose text is `*`.
        assert_eq!(fmt("**"), vec![b("*")]);
        // Leading white space: not of the form, so it is a bullet.
        assert_eq!(fmt("  **x**"), vec![b("*x**")]);
        // Starts but does not end with `**`: a bullet.
        assert_eq!(fmt("**bold** text"), vec![b("*bold** text")]);
    }

    // Rule 2: a bullet is a line starting with `*` after white space.
    #[test]
    fn star_lines_are_bullets() {
        assert_eq!(
            fmt("Rules:\n* one\n*two\n* three"),
            vec![p("Rules:"), b("one"), b("two"), b("three")]
        );
    }

    #[test]
    fn bullet_after_indentation() {
        assert_eq!(
            fmt("   * indented\n\t* tabbed"),
            vec![b("indented"), b("tabbed")]
        );
    }

    #[test]
    fn bullet_continuation_lines_are_flowed_in() {
        assert_eq!(
            fmt("* a long\n  bullet text\n* next\n\nafter"),
            vec![b("a long bullet text"), b("next"), p("after")]
        );
        // A lone `*` is an empty bullet that continuation lines fill.
        assert_eq!(fmt("*\ntext"), vec![b("text")]);
    }

    #[test]
    fn bullet_ends_at_a_title() {
        assert_eq!(
            fmt("* item\nNext\n====\nbody"),
            vec![b("item"), t("Next"), p("body")]
        );
    }

    // Rule 3: a `=` line as long as the line before makes it a title.
    #[test]
    fn equals_line_of_same_length_makes_a_title() {
        assert_eq!(
            fmt("Chat Noir\n=========\nCatch the cat."),
            vec![t("Chat Noir"), p("Catch the cat.")]
        );
        // Length is counted in characters, not bytes.
        assert_eq!(fmt("Règles\n======"), vec![t("Règles")]);
    }

    #[test]
    fn title_interrupts_a_paragraph() {
        assert_eq!(
            fmt("some text\nHeading\n=======\nmore"),
            vec![p("some text"), t("Heading"), p("more")]
        );
    }

    #[test]
    fn equals_line_of_wrong_length_is_text() {
        assert_eq!(fmt("Chat Noir\n=====\nx"), vec![p("Chat Noir ===== x")]);
        assert_eq!(
            fmt("Chat Noir\n=============="),
            vec![p("Chat Noir ==============")]
        );
        // After a blank line there is no line to underline.
        assert_eq!(fmt("\n==="), vec![p("===")]);
    }

    #[test]
    fn underline_of_an_omitted_line_is_omitted() {
        assert_eq!(fmt("**ab**\n======\ntext"), vec![p("text")]);
    }

    #[test]
    fn title_wins_over_bullet() {
        assert_eq!(fmt("* x\n==="), vec![t("* x")]);
    }

    // Rule 4: other lines are flowed; blank lines separate paragraphs.
    #[test]
    fn other_lines_are_paragraph_flowed() {
        assert_eq!(
            fmt("The cat\n  moves   \none step.\n\n\nSecond\nparagraph."),
            vec![p("The cat moves one step."), p("Second paragraph.")]
        );
    }

    #[test]
    fn trailing_spaces_are_ignored() {
        assert_eq!(
            fmt("Title   \n=====  \t\ntext   \n   \n* b  "),
            vec![t("Title"), p("text"), b("b")]
        );
    }

    #[test]
    fn crlf_line_ends() {
        assert_eq!(
            fmt("Title\r\n=====\r\n\r\nline one\r\nline two\r\n* bullet\r\n**omit**\r\n"),
            vec![t("Title"), p("line one line two"), b("bullet")]
        );
    }

    #[test]
    fn empty_file_has_no_blocks() {
        assert!(format_text_help("").is_empty());
        assert!(format_text_help("\n\n  \r\n").is_empty());
        assert!(format_text_help("**only hidden**").is_empty());
    }

    #[test]
    fn verbatim_keeps_everything_but_crlf() {
        let src = "**kept**\r\nTitle\r\n=====\r\n  * as is  \r\nlone\rcr";
        assert_eq!(
            verbatim(src),
            "**kept**\nTitle\n=====\n  * as is  \nlone\rcr"
        );
        assert_eq!(verbatim(""), "");
    }

    #[test]
    fn display_renders_plain_text() {
        let help = format_text_help("Hi\n==\ntext\n* b");
        assert_eq!(help.to_string(), "Hi\n==\n\ntext\n\n• b\n");
    }

    #[test]
    fn load_doc_reads_text_and_strips_bom() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("doc.txt");
        std::fs::write(&path, "\u{feff}Hello\r\n").unwrap();
        assert_eq!(load_doc(dir.path(), &path).unwrap(), "Hello\r\n");
    }

    #[test]
    fn load_doc_refusals_name_the_file() {
        let dir = tempfile::tempdir().unwrap();

        let missing = dir.path().join("nope.txt");
        let e = load_doc(dir.path(), &missing).unwrap_err();
        assert!(matches!(e, DocError::Missing { .. }));
        assert!(e.to_string().contains("nope.txt"), "{e}");

        let e = load_doc(dir.path(), dir.path()).unwrap_err();
        assert!(matches!(e, DocError::NotAFile { .. }), "{e}");

        let latin1 = dir.path().join("latin1.txt");
        std::fs::write(&latin1, b"caf\xe9").unwrap();
        let e = load_doc(dir.path(), &latin1).unwrap_err();
        assert!(matches!(e, DocError::NotUtf8 { offset: 3, .. }), "{e}");
        assert!(e.to_string().contains("offset 3"), "{e}");
        assert!(e.to_string().contains("latin1.txt"), "{e}");

        let binary = dir.path().join("icon.png");
        std::fs::write(&binary, b"\x89PNG\r\n\x1a\n\0\0").unwrap();
        let e = load_doc(dir.path(), &binary).unwrap_err();
        assert!(matches!(e, DocError::Binary { offset: 8, .. }), "{e}");
        assert!(e.to_string().contains("icon.png"), "{e}");

        let big = dir.path().join("big.txt");
        std::fs::write(&big, vec![b'a'; MAX_DOC_BYTES as usize + 1]).unwrap();
        let e = load_doc(dir.path(), &big).unwrap_err();
        assert!(matches!(e, DocError::TooLarge { size, .. } if size == MAX_DOC_BYTES + 1));
        assert!(
            e.to_string().contains(&(MAX_DOC_BYTES + 1).to_string()),
            "{e}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn load_doc_unreadable() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("secret.txt");
        std::fs::write(&path, "x").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
        // Root can read anything; only check when the refusal can happen.
        if std::fs::read(&path).is_err() {
            let e = load_doc(dir.path(), &path).unwrap_err();
            assert!(matches!(e, DocError::Unreadable { .. }), "{e}");
            assert!(e.to_string().contains("secret.txt"), "{e}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

        #[test]
        fn formatting_never_panics(s in "(?s).{0,200}") {
            let help = format_text_help(&s);
            for block in &help.blocks {
                // Flowed text never has leading or trailing white space.
                prop_assert_eq!(block.text(), block.text().trim());
            }
            let _ = verbatim(&s);
        }

        #[test]
        fn formatting_help_like_text_never_panics(
            lines in proptest::collection::vec("[ \t*=a-zé]{0,12}\r?", 0..30)
        ) {
            let src = lines.join("\n");
            let help = format_text_help(&src);
            for block in &help.blocks {
                if let Block::Paragraph(p) = block {
                    prop_assert!(!p.is_empty());
                }
            }
        }
    }
}
