//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md`.

use launcher_help::game_files::GameFolder;
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
    assert_eq!(get("game"), "gobblet");
    assert_eq!(get("name"), "Gobblet");
    assert_eq!(get("game-set"), "Board Games", "as in the original");
    assert_eq!(get("icon"), "gobblet.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(get("manual"), "manual.md");
    assert_eq!(fields.len(), 6, "{fields:?}");
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"gobblet\""), "{cargo}");
    for name in ["icon", "help", "manual"] {
        assert!(file(get(name)).is_file(), "{name}");
    }
}

#[test]
fn the_icon_is_a_32_by_32_rgba_png_with_both_colours() {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(file("gobblet.png")).unwrap(),
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
    assert!(has(gobblet::game::RED) && has(gobblet::game::YELLOW));
}

#[test]
fn the_help_follows_the_text_help_format() {
    let doc = read("doc.txt");
    let lines: Vec<&str> = doc.lines().collect();
    assert_eq!(lines[0], "Gobblet");
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
    }
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    use launcher_help::text_help::format_text_help;
    let help = format_text_help(&read("doc.txt"));
    let titles = help.titles();
    assert_eq!(
        titles,
        [
            "Gobblet",
            "The 3x3 game",
            "The 4x4 game",
            "Controls",
            "Computer players"
        ]
    );
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 8, "{bullets:#?}");
    let id = bullets
        .iter()
        .find(|b| b.starts_with("The Game ID field"))
        .unwrap();
    // The help's example record is one the game reads.
    let example = id.split('`').nth(1).unwrap();
    assert!(gobblet::record::parse_record(example).is_ok(), "{example}");
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
}

#[test]
fn the_manual_has_sections_and_plain_characters() {
    let manual = read("manual.md");
    assert!(manual.starts_with("# Gobblet\n"));
    for section in [
        "## Rules",
        "### The 4x4 game",
        "## Computer players",
        "## Records and game IDs",
    ] {
        assert!(manual.contains(&format!("\n{section}\n")), "{section}");
    }
    for text in [read("manual.md"), read("doc.txt")] {
        for c in text.chars() {
            assert!(
                c == '\n' || (' '..='~').contains(&c) || "×–—‘’“”…".contains(c),
                "{c:?}"
            );
        }
    }
    // The manual's example record is one the game reads.
    let example = manual
        .lines()
        .find(|l| l.starts_with("    3:"))
        .unwrap()
        .trim();
    assert!(gobblet::record::parse_record(example).is_ok());
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &gobblet::GAME_TABLE);
}
