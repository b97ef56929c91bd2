//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md`, read as the launcher reads them.

use std::path::PathBuf;

use game_api::NewGame;
use launcher_help::game_files::GameFolder;
use launcher_help::manual::Manual;
use launcher_help::text_help::format_text_help;
use minesweeper::game::{COVERED, FLAG, MINE, NUMBER_COLORS};
use minesweeper::save::GameId;
use minesweeper::settings::PRESETS;

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
    assert_eq!(get("game"), "minesweeper");
    assert_eq!(get("name"), "Minesweeper");
    assert_eq!(get("game-set"), "Puzzle Games", "as in the original");
    assert_eq!(get("icon"), "minesweeper.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(get("manual"), "manual.md");
    assert_eq!(fields.len(), 6, "{fields:?}");
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"minesweeper\""), "{cargo}");
    for key in ["icon", "help", "manual"] {
        assert!(file(get(key)).is_file(), "{key}");
    }
}

#[test]
fn the_icon_is_a_32_by_32_rgba_png_in_the_games_colours() {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(file("minesweeper.png")).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((info.width, info.height), (32, 32));
    assert_eq!(info.color_type, png::ColorType::Rgba);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let has = |c: game_api::Rgba| {
        pixels[..info.buffer_size()]
            .chunks(4)
            .any(|p| p == [c.r, c.g, c.b, c.a])
    };
    for color in [COVERED, FLAG, MINE, NUMBER_COLORS[0], NUMBER_COLORS[1]] {
        assert!(has(color), "{color:?}");
    }
}

#[test]
fn the_help_follows_the_text_help_format() {
    let doc = read("doc.txt");
    let lines: Vec<&str> = doc.lines().collect();
    assert_eq!(lines[0], "Minesweeper");
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
    let help = format_text_help(&read("doc.txt"));
    let titles = help.titles();
    assert_eq!(titles, ["Minesweeper", "Controls"]);
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 10, "{bullets:#?}");
    assert!(bullets[0].starts_with("Click a covered tile"));
    assert!(bullets[1].starts_with("Right-click, or hold Ctrl and click"));
    // The original's words open the help.
    assert!(
        help.blocks[1]
            .text()
            .starts_with("Remove all the tiles that have no mine underneath.")
    );
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
    // The example game ID is one the game plays.
    let id = bullets
        .iter()
        .find(|b| b.starts_with("The Game ID field"))
        .unwrap();
    let example = id.split('`').nth(1).unwrap();
    let parsed: GameId = example.parse().unwrap();
    assert_eq!(parsed.to_string(), example);
    let mut game = minesweeper::Minesweeper::with_seed(PRESETS[1].size, parsed.mode, 0);
    game.start_from_game_id(example).unwrap();
    assert!(game.board().is_placed());
    // Every board of the Board choice is listed.
    let boards = bullets
        .iter()
        .find(|b| b.starts_with("The Board choice"))
        .unwrap();
    for p in PRESETS.iter().take(4) {
        let s = p.size;
        let words = format!("{}x{} with {}", s.width, s.height, s.mines);
        assert!(boards.contains(&words), "{words}");
    }
}

#[test]
fn the_manual_has_its_sections_and_no_warnings() {
    let manual = Manual::parse("games/minesweeper/manual.md", &read("manual.md"));
    assert!(manual.warnings().is_empty(), "{:#?}", manual.warnings());
    assert_eq!(manual.title(), "Minesweeper");
    for tag in [
        "rules",
        "first-click",
        "chording",
        "no-guessing",
        "boards",
        "keyboard",
        "game-ids",
        "question-marks",
        "score",
    ] {
        manual.section(tag).unwrap_or_else(|e| panic!("{e}"));
    }
    // The table of boards is the Board choice's.
    let text = read("manual.md");
    for p in PRESETS {
        let s = p.size;
        let row = format!("| {} x {} | {} |", s.width, s.height, s.mines);
        assert!(text.contains(&row), "{row}");
    }
}

#[test]
fn the_documents_use_only_common_characters() {
    for name in ["doc.txt", "manual.md"] {
        for (i, c) in read(name).chars().enumerate() {
            assert!(
                c.is_ascii()
                    || ('\u{a0}'..='\u{ff}').contains(&c)
                    || "\u{2013}\u{2014}\u{2018}\u{2019}\u{201c}\u{201d}".contains(c),
                "{name}: {c:?} at {i}"
            );
        }
    }
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &minesweeper::GAME_TABLE);
}
