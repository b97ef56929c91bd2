//! Chat Noir's manual (`manual.md`), as the launcher reads it with its own
//! parser: every section that the game, the launcher's manual or the help
//! may open exists under its tag, nothing is broken (no warnings), every
//! picture it shows is a file beside it, and the code it quotes is the
//! crate's code as it is.

use launcher_help::manual::Manual;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(relative: &str) -> String {
    let path = dir().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn manual() -> Manual {
    Manual::parse("games/chat-noir/manual.md", &read("manual.md"))
}

/// The sections of §1.18, in the original's order, with the rules first.
const TAGS: [&str; 10] = [
    "rules",
    "the-world",
    "breadth-first-search",
    "board-to-graph",
    "the-cats-path",
    "drawing-the-cat",
    "drawing-the-world",
    "handling-input",
    "tests",
    "run-program-run",
];

#[test]
fn every_section_has_its_tag_in_the_originals_order() {
    let manual = manual();
    assert_eq!(manual.title(), "Chat Noir");
    let mut last = 0;
    for tag in TAGS {
        manual.section(tag).unwrap_or_else(|e| panic!("{e}"));
        let at = manual.sections().iter().position(|s| s.tag == tag).unwrap();
        assert!(at > last, "{tag} comes after the previous section");
        last = at;
    }
    for tag in ["overview", "deviations"] {
        manual.section(tag).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn the_manual_has_no_warnings() {
    let manual = manual();
    assert!(manual.warnings().is_empty(), "{:#?}", manual.warnings());
}

#[test]
fn every_picture_exists_beside_the_manual() {
    let manual = manual();
    let pictures = manual.image_paths();
    assert_eq!(
        pictures,
        [
            "manual/empty-7.png",
            "manual/empty-3.png",
            "manual/cat-distance.png"
        ]
    );
    for picture in pictures {
        let path = dir().join(&picture);
        assert!(path.is_file(), "{} is missing", path.display());
        let bytes = std::fs::read(&path).unwrap();
        assert!(
            bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
            "{picture} is a PNG"
        );
    }
    // The alt texts say what the pictures show.
    let source = manual.source();
    for alt in [
        "![The 3×3 empty board](manual/empty-3.png)",
        "![The 7×7 empty board](manual/empty-7.png)",
        "![Distances from the cat](manual/cat-distance.png)",
    ] {
        assert!(source.contains(alt), "{alt}");
    }
}

#[test]
fn the_manifest_names_the_manual() {
    let info = read("info.toml");
    assert!(info.contains("manual = \"manual.md\""), "{info}");
}

/// Every Rust file of the crate (sources, tests, examples), concatenated.
fn crate_sources() -> String {
    fn walk(dir: &Path, out: &mut String) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs" || e == "toml") {
                out.push_str(&std::fs::read_to_string(&path).unwrap());
                out.push('\n');
            }
        }
    }
    let mut out = String::new();
    for sub in ["src", "tests", "examples"] {
        walk(&dir().join(sub), &mut out);
    }
    out.push_str(&read("info.toml"));
    out
}

/// Whether the non-blank, non-comment lines of `code` appear in `source`
/// in order, each trimmed (indentation does not matter, lines in between
/// may be left out).
fn quoted_in(source: &[&str], code: &str) -> bool {
    let wanted: Vec<&str> = code
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .collect();
    // Start at each occurrence of the first line, to tolerate repeats.
    (0..source.len())
        .filter(|&i| Some(&source[i]) == wanted.first())
        .any(|start| {
            let mut at = start + 1;
            wanted[1..]
                .iter()
                .all(|w| match source[at..].iter().position(|l| l == w) {
                    Some(i) => {
                        at += i + 1;
                        true
                    }
                    None => false,
                })
        })
}

#[test]
fn the_code_it_quotes_is_the_crates_code() {
    let source = crate_sources();
    let lines: Vec<&str> = source.lines().map(str::trim).collect();
    let manual = read("manual.md");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in manual.lines() {
        match (&mut current, line.starts_with("```")) {
            (None, true) => current = Some(String::new()),
            (Some(_), true) => blocks.push(current.take().unwrap()),
            (Some(text), false) => {
                text.push_str(line);
                text.push('\n');
            }
            (None, false) => {}
        }
    }
    assert!(blocks.len() >= 25, "only {} code blocks", blocks.len());
    for code in blocks {
        assert!(
            quoted_in(&lines, &code),
            "this block of the manual is not in the crate's code:\n{code}"
        );
    }
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    // The manual's Greek letters, ∞ and superscripts are drawn by the
    // launcher's fonts (launcher/tests/docs/every_document.rs asks them, glyph by glyph),
    // wider than the kit's Latin-1 rule.
    game_test::Kit::new(env!("CARGO_MANIFEST_DIR"), &chat_noir::GAME_TABLE)
        .skip(game_test::Rule::Characters)
        .assert();
}
