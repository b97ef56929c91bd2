//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md` (with its pictures), checked as the launcher
//! reads them; and the facts they state checked against the game.

use launcher_help::game_files::{GameFolder, text_help_layout, undrawable};
use launcher_help::manual::Manual;
use launcher_help::text_help::format_text_help;
use memory::game::{SHOW_SECONDS, clock_text};
use memory::rules::{HEIGHT, Memory, PAIRS, Picture, WIDTH};
use memory::save::{game_id, parse_game_id};
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
    assert_eq!(get("game"), "memory");
    assert_eq!(get("name"), "Memory", "as the original console shows it");
    assert_eq!(get("game-set"), "Card Games", "as in the original");
    assert_eq!(get("icon"), "memory.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(get("manual"), "manual.md");
    assert_eq!(fields.len(), 6, "{fields:?}");
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"memory\""), "{cargo}");
    for key in ["icon", "help", "manual"] {
        assert!(file(get(key)).is_file(), "{key}");
    }
}

#[test]
fn the_icon_is_a_32_by_32_rgba_png_of_a_star_card_over_a_back() {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(file("memory.png")).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((info.width, info.height), (32, 32));
    assert_eq!(info.color_type, png::ColorType::Rgba);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let pixels = &pixels[..info.buffer_size()];
    let at = |x: usize, y: usize| &pixels[(y * 32 + x) * 4..(y * 32 + x) * 4 + 4];
    // The star's gold in the middle of the face, the blue back at the
    // left, transparent corners.
    let gold = |p: &[u8]| p[0] > 200 && p[1] > 150 && p[2] < 80 && p[3] == 255;
    assert!(gold(at(20, 19)), "{:?}", at(20, 19));
    assert!(at(4, 12)[2] > 120 && at(4, 12)[0] < 100, "{:?}", at(4, 12));
    assert_eq!(at(31, 0)[3], 0, "the top-right corner is transparent");
}

/// Only characters the launcher's fonts draw: ASCII, Latin-1 and common
/// typographic punctuation.
fn assert_plain(name: &str, text: &str) {
    let problems = undrawable(name, text);
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_help_follows_the_text_help_format() {
    let doc = read("doc.txt");
    assert_plain("doc.txt", &doc);
    let lines: Vec<&str> = doc.lines().collect();
    assert_eq!(lines[0], "Memory");
    assert_eq!(lines[1], "======");
    let layout = text_help_layout(&doc);
    assert!(layout.is_empty(), "{layout:#?}");
    let help = format_text_help(&doc);
    let titles = help.titles();
    assert_eq!(titles, ["Memory", "Pictures", "Playing", "Controls"]);
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 11, "{bullets:#?}");
    assert!(bullets[0].starts_with("The four suits: club, heart, spade and diamond."));
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
    assert!(
        help.blocks[1]
            .text()
            .starts_with("Memory is a game for one player with twenty picture cards"),
        "{}",
        help.blocks[1].text()
    );
}

#[test]
fn the_helps_facts_are_the_games() {
    let flat = |name: &str| read(name).split_whitespace().collect::<Vec<_>>().join(" ");
    let doc = flat("doc.txt");
    let manual = flat("manual.md");
    // The specification's words, and the original's grid.
    assert!(doc.contains(
        "Flip two cards in a row that have the same picture, and the cards are removed. If the two cards don't match, they are flipped back over, and you try again. Each card has a single match on the board. The game is over and the clock stops when all cards are removed."
    ));
    assert_eq!((WIDTH, HEIGHT, PAIRS), (5, 4, 10));
    assert!(doc.contains("four rows of five"));
    assert!(manual.contains("five columns and four rows"));
    // Every picture is named in both, in the game's words.
    for p in Picture::ALL {
        let word = p.name().trim_end_matches(" face");
        assert!(doc.contains(word) && manual.contains(word), "{word}");
    }
    assert_eq!(Memory::deal(1).cards.len(), 20);
    // Half a second of showing; the clock's look.
    assert_eq!(SHOW_SECONDS, 0.5);
    assert!(doc.contains("half a second") && manual.contains("half a second"));
    assert_eq!(clock_text(83.0), "01:23");
    assert_eq!(clock_text(6000.0), "XX:XX");
    assert!(manual.contains("`01:23`") && manual.contains("`XX:XX` from 100 minutes"));
    // The game ID's example reads as it says.
    assert_eq!(parse_game_id("1234"), Ok(1234));
    assert_eq!(game_id(1234), "1234");
    assert!(doc.contains("`1234`") && manual.contains("`1234` is deal 1234"));
}

fn manual() -> Manual {
    Manual::parse("games/memory/manual.md", &read("manual.md"))
}

#[test]
fn the_manual_parses_without_warnings_and_has_its_sections() {
    let source = read("manual.md");
    assert_plain("manual.md", &source);
    let manual = manual();
    assert!(manual.warnings().is_empty(), "{:#?}", manual.warnings());
    assert_eq!(manual.title(), "Memory");
    let tags: Vec<&str> = manual.sections().iter().map(|s| s.tag.as_str()).collect();
    for tag in [
        "rules",
        "statistics",
        "playing",
        "keys",
        "screen-readers",
        "options",
        "game-id",
        "deviations",
    ] {
        assert!(tags.contains(&tag), "{tag} in {tags:?}");
    }
}

#[test]
fn every_picture_of_the_manual_is_a_png_beside_it() {
    let pictures = manual().image_paths();
    assert_eq!(pictures, ["manual/table.png", "manual/pictures.png"]);
    let problems = folder().manual_picture_problems(&manual());
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &memory::GAME_TABLE);
}
