//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md`, read with the launcher's own formatter and
//! parser; and the example file of the manual, read with the game's parser.

use launcher_help::game_files::GameFolder;
use launcher_help::manual::Manual;
use launcher_help::text_help::format_text_help;
use paint_by_numbers::game::{BLUE, UNKNOWN, WHITE_CELL};
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
    assert_eq!(get("game"), "paint_by_numbers");
    assert_eq!(get("name"), "Paint By Numbers");
    assert_eq!(get("game-set"), "Puzzle Games", "as in the original");
    assert_eq!(get("icon"), "paint-by-numbers.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(get("manual"), "manual.md");
    assert_eq!(fields.len(), 6, "{fields:?}");
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"paint_by_numbers\""), "{cargo}");
    for key in ["icon", "help", "manual"] {
        assert!(file(get(key)).is_file(), "{key}");
    }
}

#[test]
fn the_icon_is_a_32_by_32_rgba_png_in_the_games_colours() {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(file("paint-by-numbers.png")).unwrap(),
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
    assert!(has(BLUE) && has(WHITE_CELL) && has(UNKNOWN));
}

/// Every character of the documents is ASCII or common Latin-1 or
/// typographic punctuation, which the launcher's fonts have.
fn plain_characters(name: &str) {
    for (i, line) in read(name).lines().enumerate() {
        for c in line.chars() {
            assert!(
                c.is_ascii() && !c.is_ascii_control() || "×§–—’“”é".contains(c),
                "{name} line {}: {c:?}",
                i + 1
            );
        }
    }
}

#[test]
fn the_help_follows_the_text_help_format() {
    let doc = read("doc.txt");
    let lines: Vec<&str> = doc.lines().collect();
    assert_eq!(lines[0], "Paint By Numbers");
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
    plain_characters("doc.txt");

    let help = format_text_help(&doc);
    let titles = help.titles();
    assert_eq!(titles, ["Paint By Numbers", "Controls", "Your own puzzles"]);
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 8, "{bullets:#?}");
    assert!(bullets[0].starts_with("Click a grey cell to paint it blue. Right-click it"));
    assert!(
        bullets
            .iter()
            .any(|b| b.starts_with("Show mistakes (or M)"))
    );
    assert!(bullets.iter().any(|b| b.contains("`10x10:1234`")));
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
    assert!(help.blocks[1].text().starts_with(
        "The object of Paint By Numbers is to discover which cells should be coloured blue"
    ));
}

#[test]
fn the_manual_has_its_sections_and_no_warnings() {
    let manual = Manual::parse("games/paint-by-numbers/manual.md", &read("manual.md"));
    assert_eq!(manual.title(), "Paint By Numbers");
    assert!(manual.warnings().is_empty(), "{:#?}", manual.warnings());
    for tag in [
        "rules",
        "controls",
        "solving",
        "generator",
        "puzzle-files",
        "game-ids",
        "differences",
    ] {
        manual.section(tag).unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(manual.image_paths().is_empty());
    plain_characters("manual.md");
}

#[test]
fn the_manuals_example_file_and_ids_are_right() {
    let text = read("manual.md");
    let start = text.find("```text\n").unwrap() + "```text\n".len();
    let end = start + text[start..].find("```").unwrap();
    let cup = paint_by_numbers::non::parse(&text[start..end]).unwrap();
    assert_eq!(cup.title.as_deref(), Some("Cup"));
    assert_eq!(cup.author.as_deref(), Some("A. Player"));
    let puzzle = paint_by_numbers::deal::Puzzle::from_clues(
        cup.clues,
        None,
        cup.title,
        paint_by_numbers::deal::Origin::Typed,
    )
    .unwrap();
    let id = "5x4:5,1.3,1.3,3/3,1.1,4,4,3";
    assert_eq!(puzzle.game_id(), id);
    assert!(text.contains(id));
    // The goal the manual gives for it.
    let goal: String = puzzle
        .solution
        .unwrap()
        .cells()
        .iter()
        .map(|&b| if b { '1' } else { '0' })
        .collect();
    assert!(text.contains(&format!("`goal \"{goal}\"`")), "{goal}");
    // The example error message is the parser's.
    let bad = format!(
        "{}\n",
        text[start..end].replace("1,3\n3\n\ncolumns", "1,3\n4 1\n\ncolumns")
    );
    let e = paint_by_numbers::non::parse(&bad).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 10: the clue 4 1 needs 6 cells but a row has 5"
    );
    let flowed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flowed.contains(&format!("`puzzles/cup.non, {e}`")));
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &paint_by_numbers::GAME_TABLE);
}
