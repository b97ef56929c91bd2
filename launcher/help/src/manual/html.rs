//! The manual as a standalone HTML5 page, for the user's browser.

use std::path::{Path, PathBuf};

use pulldown_cmark::{Event, Parser, Tag, TagEnd};

use super::{Manual, markdown_options};

/// A small, readable style sheet, embedded in every page.
const CSS: &str = "\
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.55;\
max-width:46em;margin:0 auto;padding:1em 1.5em 3em;color:#222;background:#fdfdfb}
h1,h2,h3,h4,h5,h6{line-height:1.25;margin-top:1.6em}
a{color:#1a5fb4}
img{max-width:100%;height:auto}
pre{background:#f2f2ef;padding:.7em 1em;overflow-x:auto;border-radius:4px}
code{font-family:ui-monospace,'Cascadia Mono',Menlo,monospace;font-size:.92em}
blockquote{margin-left:0;padding-left:1em;border-left:4px solid #ccc;color:#555}
hr{border:0;border-top:1px solid #ccc}
table{border-collapse:collapse;margin:1em 0;display:block;overflow-x:auto}
th,td{border:1px solid #ccc;padding:.3em .7em;text-align:left;vertical-align:top}
th{background:#f2f2ef}
nav.toc{background:#f4f4f1;border:1px solid #ddd;border-radius:6px;padding:.6em 1.2em;margin:1em 0 2em}
nav.toc p{margin:.2em 0;font-weight:bold}
nav.toc ul{list-style:none;margin:0;padding:0}
nav.toc li{margin:.15em 0}
nav.toc .l2{padding-left:1.2em}nav.toc .l3{padding-left:2.4em}nav.toc .l4{padding-left:3.6em}
nav.toc .l5{padding-left:4.8em}nav.toc .l6{padding-left:6em}
.footnote-definition{font-size:.92em;margin:.6em 0}.footnote-definition p{display:inline}
.footnote-definition-label{margin-right:.4em}
li input[type=checkbox]{margin-right:.4em}
:target{background:#fff4b8}
@media (prefers-color-scheme:dark){body{color:#ddd;background:#1d1d1d}a{color:#8ab4f8}\
pre,nav.toc,th{background:#2a2a2a;border-color:#444}th,td{border-color:#555}blockquote{color:#aaa;border-color:#555}\
:target{background:#4a4220}}
";

/// Escapes text for HTML element content and attribute values.
pub(crate) fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The HTML id of the footnote `label`.
pub(crate) fn footnote_id(label: &str) -> String {
    format!("fn-{label}")
}

impl Manual {
    /// The manual as a complete standalone HTML5 page: UTF-8, an embedded
    /// style sheet, `base_title` as the page title, a table of contents
    /// linking to every section, and every section heading with `id="tag"`.
    /// Pictures keep their relative `src`, so they resolve when the page is
    /// written beside copies of them (see [`write_html`]).
    /// Raw HTML in the Markdown is passed through.
    pub fn to_html(&self, base_title: &str) -> String {
        let mut tags = self.sections.iter().map(|s| s.tag.clone());
        let mut depth = 0usize;
        let events = Parser::new_ext(&self.source, markdown_options()).map(|event| match event {
            Event::Start(Tag::Heading {
                level,
                id,
                classes,
                attrs,
            }) => {
                // Same rule as the block tree: only headings outside lists,
                // quotes and footnotes are sections.
                let id = if depth == 0 {
                    tags.next().map(Into::into).or(id)
                } else {
                    None
                };
                Event::Start(Tag::Heading {
                    level,
                    id,
                    classes,
                    attrs,
                })
            }
            Event::Start(tag @ (Tag::List(_) | Tag::BlockQuote(_))) => {
                depth += 1;
                Event::Start(tag)
            }
            Event::End(
                tag @ (TagEnd::List(_) | TagEnd::BlockQuote(_) | TagEnd::FootnoteDefinition),
            ) => {
                depth = depth.saturating_sub(1);
                Event::End(tag)
            }
            // Footnote ids get a prefix, so that a footnote and a section
            // never share an id (`[^rules]` beside `## Rules`).
            Event::Start(Tag::FootnoteDefinition(label)) => {
                depth += 1;
                Event::Start(Tag::FootnoteDefinition(footnote_id(&label).into()))
            }
            Event::FootnoteReference(label) => Event::FootnoteReference(footnote_id(&label).into()),
            other => other,
        });
        let mut body = String::new();
        pulldown_cmark::html::push_html(&mut body, events);

        let mut page = String::with_capacity(body.len() + CSS.len() + 1024);
        page.push_str("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n");
        page.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        page.push_str(&format!("<title>{}</title>\n", escape_html(base_title)));
        page.push_str(&format!("<style>\n{CSS}</style>\n</head>\n<body>\n"));
        if !self.sections.is_empty() {
            page.push_str("<nav class=\"toc\" aria-label=\"Contents\">\n<p>Contents</p>\n<ul>\n");
            for s in &self.sections {
                page.push_str(&format!(
                    "<li class=\"l{}\"><a href=\"#{}\">{}</a></li>\n",
                    s.level,
                    escape_html(&s.tag),
                    escape_html(&s.title)
                ));
            }
            page.push_str("</ul>\n</nav>\n");
        }
        page.push_str("<main>\n");
        page.push_str(&body);
        page.push_str("</main>\n</body>\n</html>\n");
        page
    }
}

/// What [`write_html`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenHtml {
    /// The HTML page: `<cache_dir>/<name>.html`.
    pub path: PathBuf,
    /// Pictures that could not be copied (missing, unreadable); the page is
    /// written all the same, and shows their alt text instead.
    pub warnings: Vec<String>,
}

/// Why [`write_html`] could not write the page.
#[derive(Debug, thiserror::Error)]
pub enum WriteHtmlError {
    /// The cache directory could not be created.
    #[error("cannot create the help cache directory {} ({source}); check that it is writable", .path.display())]
    CreateDir {
        /// The directory.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// The page could not be written.
    #[error("cannot write the manual page {} ({source}); check that the directory is writable", .path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
}

/// Writes the manual's HTML page to `<cache_dir>/<name>.html` (the name from
/// [`Manual::html_file_name`], the page title from [`Manual::title`]) and
/// copies the pictures it refers to from `manual_dir`, keeping their relative
/// paths, so the page shows them. Give each manual its own `cache_dir`:
/// pictures of two manuals could have the same names. The pictures are
/// read as the viewer reads them (`launcher_core::files::read_capped_within`
/// of `folder`, the game's folder holding `manual_dir`): a link out of it,
/// a pipe or a file over the cap is not copied.
///
/// The page is written to a temporary file first and renamed into place, so
/// a browser never sees half a page. A picture that cannot be copied is a
/// warning, not an error.
pub fn write_html(
    manual: &Manual,
    cache_dir: &Path,
    folder: &Path,
    manual_dir: &Path,
) -> Result<WrittenHtml, WriteHtmlError> {
    std::fs::create_dir_all(cache_dir).map_err(|source| WriteHtmlError::CreateDir {
        path: cache_dir.to_path_buf(),
        source,
    })?;
    let mut warnings = Vec::new();
    for rel in manual.image_paths() {
        let from = manual_dir.join(&rel);
        let to = cache_dir.join(&rel);
        let copied = launcher_core::files::read_capped_within(
            folder,
            &from,
            launcher_core::limits::MAX_PICTURE_BYTES,
        )
        .map_err(|problem| problem.to_string())
        .and_then(|bytes| {
            to.parent()
                .map_or(Ok(()), std::fs::create_dir_all)
                .and_then(|()| std::fs::write(&to, bytes))
                .map_err(|e| e.to_string())
        });
        if let Err(e) = copied {
            warnings.push(format!(
                "picture {} could not be copied to {} ({e})",
                from.display(),
                to.display()
            ));
        }
    }
    let path = cache_dir.join(manual.html_file_name());
    let tmp = cache_dir.join(format!(".{}.tmp", manual.html_file_name()));
    let write_err = |source| WriteHtmlError::Write {
        path: path.clone(),
        source,
    };
    std::fs::write(&tmp, manual.to_html(manual.title())).map_err(write_err)?;
    if let Err(e) = std::fs::rename(&tmp, &path) {
        let _ = std::fs::remove_file(&tmp);
        return Err(write_err(e));
    }
    Ok(WrittenHtml { path, warnings })
}
