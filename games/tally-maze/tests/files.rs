//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md`, checked with the launcher's own formatter
//! and parser.

use launcher_help::game_files::GameFolder;
use std::path::PathBuf;

#[path = "../examples/make_icon.rs"]
mod make_icon;

fn folder() -> GameFolder {
    GameFolder::at(env!("CARGO_MANIFEST_DIR"))
}

fn file(name: &str) -> PathBuf {
    folder().file(name)
}

fn read(name: &str) -> String {
    folder().read(name)
}

/// The `key = "value"` lines of a flat TOML file.
fn manifest_fields() -> Vec<(String, String)> {
    folder().manifest_fields()
}

#[test]
fn the_manifest_names_the_library_set_icon_help_and_manual() {
    let fields = manifest_fields();
    let get = |key: &str| {
        fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {key}"))
    };
    assert_eq!(get("game"), "tally_maze");
    assert_eq!(get("name"), "Tally Maze");
    assert_eq!(
        get("game-set"),
        "Puzzle Games",
        "as in the original's info.rkt"
    );
    assert_eq!(get("icon"), "tally-maze.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(get("manual"), "manual.md");
    assert_eq!(fields.len(), 6, "{fields:?}");
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"tally_maze\""), "{cargo}");
    for key in ["icon", "help", "manual"] {
        assert!(file(get(key)).is_file(), "{key}");
    }
}

#[test]
fn the_icon_is_the_one_make_icon_draws_32_by_32_with_a_pumpkin_and_the_ball() {
    let committed = std::fs::read(file("tally-maze.png")).unwrap();
    assert!(
        committed == make_icon::icon(),
        "tally-maze.png is stale: run `cargo run -p tally-maze --example make_icon`"
    );
    let (w, h, pixels) = game_raster::decode_png(&committed).unwrap();
    assert_eq!((w, h), (32, 32));
    let has = |c: game_api::Rgba| pixels.chunks(4).any(|p| p == [c.r, c.g, c.b, c.a]);
    use tally_maze::game::{BALL, PUMPKIN};
    assert!(has(PUMPKIN), "an orange pumpkin");
    assert!(has(BALL), "the blue ball");
    // Transparent corners (rounded).
    assert_eq!(pixels[3], 0);
}

#[test]
fn the_help_follows_the_text_help_format() {
    let doc = read("doc.txt");
    let lines: Vec<&str> = doc.lines().collect();
    assert_eq!(lines[0], "Tally Maze");
    assert_eq!(lines[1], "=".repeat(lines[0].len()));
    for (i, line) in lines.iter().enumerate() {
        if !line.is_empty() && line.chars().all(|c| c == '=') {
            assert!(
                i > 0 && lines[i - 1].chars().count() == line.len(),
                "line {}",
                i + 1
            );
        }
        assert!(
            !(line.starts_with("**") && line.ends_with("**")),
            "line {}",
            i + 1
        );
        assert!(!line.ends_with(' '), "trailing space on line {}", i + 1);
    }
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    use launcher_help::text_help::format_text_help;
    let help = format_text_help(&read("doc.txt"));
    let titles = help.titles();
    assert_eq!(
        titles,
        ["Tally Maze", "Controls", "The pumpkins", "Maze numbers"]
    );
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 8, "{bullets:#?}");
    assert!(bullets[0].starts_with("The arrow keys move the ball one cell."));
    assert!(
        bullets
            .iter()
            .any(|b| b.starts_with("N goes on to the next maze"))
    );
    assert!(
        bullets
            .iter()
            .any(|b| b.starts_with("Z takes the last turn back"))
    );
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
    // The count it quotes is the enumeration's, with commas.
    let count = tally_maze::maze::Enumeration::shared(12, 12)
        .count()
        .to_string();
    let with_commas: String = count
        .chars()
        .rev()
        .collect::<Vec<_>>()
        .chunks(3)
        .map(|c| c.iter().rev().collect::<String>())
        .rev()
        .collect::<Vec<_>>()
        .join(",");
    assert!(read("doc.txt").contains(&with_commas));
    assert!(read("manual.md").contains(&with_commas));
}

#[test]
fn the_manual_parses_without_warnings_and_has_its_sections() {
    use launcher_help::manual::Manual;
    let manual = Manual::parse("games/tally-maze/manual.md", &read("manual.md"));
    assert_eq!(manual.title(), "Tally Maze");
    assert!(manual.warnings().is_empty(), "{:#?}", manual.warnings());
    for tag in [
        "how-to-play",
        "numbering",
        "pumpkins",
        "controls",
        "game-ids",
        "winning",
        "differences",
    ] {
        manual.section(tag).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn the_texts_use_plain_characters() {
    for name in ["doc.txt", "manual.md", "info.toml"] {
        for (i, line) in read(name).lines().enumerate() {
            assert!(
                line.chars()
                    .all(|c| c.is_ascii() || "–—‘’“”…×é§".contains(c)),
                "{name} line {}: {line}",
                i + 1
            );
        }
    }
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &tally_maze::GAME_TABLE);
}
