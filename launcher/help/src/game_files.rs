//! The files a game ships beside its library (`info.toml`, `doc.txt`,
//! `manual.md` and its pictures), read and checked as the launcher reads
//! them.
//!
//! Each check returns what is wrong in words; an empty list passes. The
//! games' `tests/files.rs` assert on these, and `plt-games --check` could run
//! them on third-party games.

use crate::manual::Manual;
use std::path::{Path, PathBuf};

/// A game's folder: where its `info.toml`, help and manual live.
#[derive(Clone, Debug)]
pub struct GameFolder {
    dir: PathBuf,
}

impl GameFolder {
    /// The game folder at `dir` (in tests, `env!("CARGO_MANIFEST_DIR")`).
    pub fn at(dir: impl Into<PathBuf>) -> GameFolder {
        GameFolder { dir: dir.into() }
    }

    /// The path of the file `name` in the folder.
    pub fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The text of the file `name`; panics naming the file (it is for tests).
    pub fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.file(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    /// The `key = "value"` lines of the flat `info.toml`; panics on a line
    /// that is not one.
    pub fn manifest_fields(&self) -> Vec<(String, String)> {
        parse_manifest_fields(&self.read("info.toml"))
            .unwrap_or_else(|line| panic!("info.toml: {line}"))
    }

    /// The value of `key` in `info.toml`; panics if it is missing.
    pub fn field(&self, key: &str) -> String {
        self.manifest_fields()
            .into_iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
            .unwrap_or_else(|| panic!("no {key}"))
    }

    /// The manual `manual.md`, parsed under the name `source_label`.
    pub fn manual(&self, source_label: &str) -> Manual {
        Manual::parse(source_label, &self.read("manual.md"))
    }

    /// The manual's pictures that are not PNG files beside it.
    pub fn manual_picture_problems(&self, manual: &Manual) -> Vec<String> {
        manual_picture_problems_in(&self.dir, manual)
    }
}

/// The `key = "value"` lines of a flat TOML text, or the first line that is
/// not one.
pub fn parse_manifest_fields(text: &str) -> Result<Vec<(String, String)>, String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (key, value) = l.split_once('=').ok_or_else(|| l.to_owned())?;
            let value = value.trim();
            if value.len() < 2 || !value.starts_with('"') || !value.ends_with('"') {
                return Err(l.to_owned());
            }
            Ok((key.trim().to_owned(), value.trim_matches('"').to_owned()))
        })
        .collect()
}

/// The characters of `text` the launcher's fonts cannot draw (they draw
/// ASCII, Latin-1 and common typographic punctuation) and its lines with
/// trailing spaces, each as `name:line: problem`.
pub fn undrawable(name: &str, text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for c in line.chars() {
            if !(c.is_ascii() || ('\u{a0}'..='\u{ff}').contains(&c) || "‘’“”–—…".contains(c))
            {
                problems.push(format!("{name}:{}: {c:?}", i + 1));
            }
        }
        if line.ends_with(' ') {
            problems.push(format!("{name}:{}: trailing space", i + 1));
        }
    }
    problems
}

/// The layout faults of a text help `doc`: title underlines not as long as
/// the line above, and bold-only lines (`**...**`), which text help does not
/// format.
pub fn text_help_layout(doc: &str) -> Vec<String> {
    let lines: Vec<&str> = doc.lines().collect();
    let mut problems = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !line.is_empty()
            && line.chars().all(|c| c == '=')
            && !(i > 0 && lines[i - 1].chars().count() == line.len())
        {
            problems.push(format!(
                "line {}: underline not as long as its title",
                i + 1
            ));
        }
        if line.starts_with("**") && line.ends_with("**") {
            problems.push(format!("line {}: bold-only line", i + 1));
        }
    }
    problems
}

/// The pictures of `manual` that are not PNG files in `dir`.
pub fn manual_picture_problems_in(dir: &Path, manual: &Manual) -> Vec<String> {
    manual
        .image_paths()
        .into_iter()
        .filter_map(|picture| match std::fs::read(dir.join(&picture)) {
            Err(e) => Some(format!("{picture}: {e}")),
            Ok(bytes) if !bytes.starts_with(b"\x89PNG\r\n\x1a\n") => {
                Some(format!("{picture}: not a PNG"))
            }
            Ok(_) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_fields_pass_and_fail() {
        assert_eq!(
            parse_manifest_fields("# c\ngame = \"x\"\n"),
            Ok(vec![("game".to_owned(), "x".to_owned())])
        );
        assert!(parse_manifest_fields("game = x").is_err());
    }

    #[test]
    fn undrawable_passes_and_fails() {
        assert!(undrawable("d", "Café – “ok”…\n").is_empty());
        assert_eq!(undrawable("d", "a ☃\nb \n").len(), 2);
    }

    #[test]
    fn text_help_layout_passes_and_fails() {
        assert!(text_help_layout("Title\n=====\n\nText.\n").is_empty());
        assert_eq!(text_help_layout("Title\n===\n**Bold**\n").len(), 2);
    }

    #[test]
    fn manual_pictures_pass_and_fail() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.png"), b"\x89PNG\r\n\x1a\nrest").unwrap();
        std::fs::write(dir.path().join("b.png"), b"GIF89a").unwrap();
        let folder = GameFolder::at(dir.path());
        let good = Manual::parse("m", "# T\n\n![a](a.png)\n");
        assert!(folder.manual_picture_problems(&good).is_empty());
        let bad = Manual::parse("m", "# T\n\n![b](b.png)\n\n![c](c.png)\n");
        assert_eq!(folder.manual_picture_problems(&bad).len(), 2);
    }

    #[test]
    fn folder_reads_fields() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("info.toml"), "game = \"g\"\n").unwrap();
        let folder = GameFolder::at(dir.path());
        assert_eq!(folder.field("game"), "g");
        assert_eq!(folder.manifest_fields().len(), 1);
    }
}
