//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md` (with its picture), checked as the launcher
//! reads them; and the facts they state checked against the game.

use aces::rules::{Aces, STACKS};
use aces::save::{game_id, parse_game_id};
use launcher_help::game_files::{GameFolder, text_help_layout, undrawable};
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
    assert_eq!(get("game"), "aces");
    assert_eq!(get("name"), "Aces", "as the original console shows it");
    assert_eq!(get("game-set"), "Card Games", "as in the original");
    assert_eq!(get("icon"), "aces.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(get("manual"), "manual.md");
    assert_eq!(fields.len(), 6, "{fields:?}");
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"aces\""), "{cargo}");
    for key in ["icon", "help", "manual"] {
        assert!(file(get(key)).is_file(), "{key}");
    }
}

#[test]
fn the_icon_is_a_32_by_32_rgba_png_of_two_aces() {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(file("aces.png")).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((info.width, info.height), (32, 32));
    assert_eq!(info.color_type, png::ColorType::Rgba);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let pixels = &pixels[..info.buffer_size()];
    let at = |x: usize, y: usize| &pixels[(y * 32 + x) * 4..(y * 32 + x) * 4 + 4];
    // The black spade in front, the red heart behind, transparent corners.
    let dark = |p: &[u8]| p[0] < 60 && p[1] < 60 && p[2] < 60 && p[3] == 255;
    assert!(dark(at(21, 18)), "{:?}", at(21, 18));
    assert!(at(7, 7)[0] > 150 && at(7, 7)[1] < 80, "{:?}", at(7, 7));
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
    assert_eq!(lines[0], "Aces");
    assert_eq!(lines[1], "====");
    let layout = text_help_layout(&doc);
    assert!(layout.is_empty(), "{layout:#?}");
    let help = format_text_help(&doc);
    let titles = help.titles();
    assert_eq!(
        titles,
        ["Aces", "Terminology", "Winning and losing", "Controls"]
    );
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 9, "{bullets:#?}");
    assert!(bullets[0].starts_with("Stack: one of the four columns of cards."));
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
    assert!(
        help.blocks[1]
            .text()
            .starts_with("Aces is a solitaire card game. The object is to remove all of the cards from the board, except the four Aces."),
        "{}",
        help.blocks[1].text()
    );
}

#[test]
fn the_helps_facts_are_the_games() {
    let flat = |name: &str| read(name).split_whitespace().collect::<Vec<_>>().join(" ");
    let doc = flat("doc.txt");
    let manual = flat("manual.md");
    // The specification's words.
    assert!(doc.contains(
        "You may remove a card when two conditions are true. First, it must be at the bottom of one of the four stacks of cards. Second, either the ace of the same suit, or a higher card of the same suit must also be at the bottom of one of the four stacks of cards."
    ));
    // One card on each of four stacks, 48 in the deck.
    let game = Aces::deal(1);
    assert_eq!(STACKS, 4);
    assert!(game.stacks.iter().all(|s| s.len() == 1));
    assert_eq!(game.stock.len(), 48);
    assert!(doc.contains("48 at the start") && manual.contains("the other 48 cards"));
    // The game ID's example reads as it says.
    assert_eq!(parse_game_id("1234"), Ok(1234));
    assert_eq!(game_id(1234), "1234");
    assert!(doc.contains("`1234`") && manual.contains("`1234` is deal 1234"));
}

fn manual() -> Manual {
    Manual::parse("games/aces/manual.md", &read("manual.md"))
}

#[test]
fn the_manual_parses_without_warnings_and_has_its_sections() {
    let source = read("manual.md");
    assert_plain("manual.md", &source);
    let manual = manual();
    assert!(manual.warnings().is_empty(), "{:#?}", manual.warnings());
    assert_eq!(manual.title(), "Aces");
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
    assert_eq!(pictures, ["manual/opening.png"]);
    let problems = folder().manual_picture_problems(&manual());
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &aces::GAME_TABLE);
}
