//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md`, read as the launcher reads them.

use launcher_help::game_files::GameFolder;
use launcher_help::manual::Manual;
use launcher_help::text_help::format_text_help;
use std::path::PathBuf;

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
    assert_eq!(get("game"), "checkers");
    assert_eq!(get("name"), "Checkers");
    assert_eq!(get("game-set"), "Board Games", "as in the original");
    assert_eq!(get("icon"), "checkers.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(get("manual"), "manual.md");
    assert_eq!(fields.len(), 6, "{fields:?}");
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"checkers\""), "{cargo}");
    for key in ["icon", "help", "manual"] {
        assert!(file(get(key)).is_file(), "{key}");
    }
}

#[test]
fn the_icon_is_a_32_by_32_rgba_png_of_the_board() {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(file("checkers.png")).unwrap(),
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
    use checkers::game::{BLACK_PIECE, DARK_SQUARE, LIGHT_SQUARE, WHITE_PIECE};
    assert!(has(BLACK_PIECE) && has(WHITE_PIECE) && has(DARK_SQUARE) && has(LIGHT_SQUARE));
}

#[test]
fn the_help_follows_the_text_help_format() {
    let doc = read("doc.txt");
    let lines: Vec<&str> = doc.lines().collect();
    assert_eq!(lines[0], "Checkers");
    assert_eq!(lines[1], "=".repeat(lines[0].len()));
    for (i, line) in lines.iter().enumerate() {
        if !line.is_empty() && line.chars().all(|c| c == '=') {
            assert!(
                i > 0 && lines[i - 1].chars().count() == line.len(),
                "line {}",
                i + 1
            );
        }
        assert!(!line.ends_with(' '), "trailing space on line {}", i + 1);
        assert!(line.is_ascii(), "line {} is not plain ASCII", i + 1);
    }
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let help = format_text_help(&read("doc.txt"));
    let titles = help.titles();
    assert_eq!(titles, ["Checkers", "The rules", "Controls"]);
    let bullets = help.bullets();
    assert!(bullets.iter().any(|b| b.starts_with("A capture is forced")));
    assert!(
        bullets
            .iter()
            .any(|b| b.contains("crowned king, and that ends its move"))
    );
    assert!(bullets.iter().any(|b| b.contains("40 moves by each side")));
    assert!(
        bullets
            .iter()
            .any(|b| b.starts_with("The Game ID field holds the game record"))
    );
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
}

#[test]
fn the_manual_has_its_sections_and_no_warnings() {
    let manual = Manual::parse("games/checkers/manual.md", &read("manual.md"));
    assert_eq!(manual.title(), "Checkers");
    for tag in [
        "board",
        "rules",
        "playing",
        "computer",
        "undo",
        "records",
        "statistics",
    ] {
        manual.section(tag).unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(manual.warnings().is_empty(), "{:#?}", manual.warnings());
    assert!(read("manual.md").is_ascii(), "plain ASCII only");
}

/// The record the manual gives as an example is a legal opening.
#[test]
fn the_manuals_example_records_replay() {
    for record in ["11-15 23-19 8-11 22-17", "11-15 23-19 8-11"] {
        assert!(read("manual.md").contains(record) || read("doc.txt").contains(record));
        checkers::board::parse_record(record).unwrap();
    }
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &checkers::GAME_TABLE);
}
