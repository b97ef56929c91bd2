//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md` (with its picture), checked as the launcher
//! reads them; and the facts they state checked against the game.

use crazy_8s::rules::{Crazy8s, Options};
use crazy_8s::save::{game_id, parse_game_id};
use launcher_help::game_files::{GameFolder, undrawable};
use launcher_help::manual::Manual;
use launcher_help::text_help::{Block, format_text_help};
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
    assert_eq!(get("game"), "crazy_8s", "the library's base name");
    assert_eq!(get("name"), "Crazy 8s");
    assert_eq!(get("game-set"), "Card Games", "as in the original");
    assert_eq!(get("icon"), "crazy-8s.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(get("manual"), "manual.md");
    assert_eq!(fields.len(), 6, "{fields:?}");
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"crazy_8s\""), "{cargo}");
    for key in ["icon", "help", "manual"] {
        assert!(file(get(key)).is_file(), "{key}");
    }
}

#[test]
fn the_icon_is_a_32_by_32_rgba_png_of_an_8_on_a_card() {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(file("crazy-8s.png")).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((info.width, info.height), (32, 32));
    assert_eq!(info.color_type, png::ColorType::Rgba);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let pixels = &pixels[..info.buffer_size()];
    let at = |x: usize, y: usize| &pixels[(y * 32 + x) * 4..(y * 32 + x) * 4 + 4];
    // The 8's rings are black where they cross the middle line, cream
    // inside; the back is blue at the left; the corners are transparent.
    let dark = |p: &[u8]| p[0] < 80 && p[1] < 80 && p[2] < 80 && p[3] == 255;
    assert!(dark(at(17, 13)), "{:?}", at(17, 13));
    assert!(at(20, 21).iter().all(|&v| v > 200), "{:?}", at(20, 21));
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
    assert_eq!(lines[0], "Crazy 8s");
    assert_eq!(lines[1], "========");
    let help = format_text_help(&doc);
    let titles = help.titles();
    assert_eq!(titles, ["Crazy 8s", "Controls"]);
    // The specification's paragraphs, word for word.
    assert_eq!(
        help.blocks[1].text(),
        "Try to get rid of all your cards by matching the value or suit of the top card in the discard pile. In the default mode, click a card to discard it; you can adjust the options so that you discard by dragging a card from your hand to the discard pile."
    );
    assert_eq!(
        help.blocks[4].text(),
        "If no cards are left in the deck, a player may pass instead of discarding. To pass, click the Pass button."
    );
    let bullets = help
        .blocks
        .iter()
        .filter(|b| matches!(b, Block::Bullet(_)))
        .count();
    assert_eq!(bullets, 6);
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
}

#[test]
fn the_helps_facts_are_the_games() {
    let flat = |name: &str| read(name).split_whitespace().collect::<Vec<_>>().join(" ");
    let doc = flat("doc.txt");
    let manual = flat("manual.md");
    for o in Options::ALL {
        assert!(manual.contains(&format!("\"{}\"", o.label())), "{o:?}");
    }
    assert_eq!(Options::DEFAULT.label(), "1 opponent, 7 cards");
    assert!(manual.contains("\"1 opponent, 7 cards\" (the default)"));
    let g = Crazy8s::deal(Options::ALL[2], 3);
    assert_eq!(g.deck.len(), 52 - 3 * 7 - 1);
    assert_eq!(
        parse_game_id("2x7:1234", Options::DEFAULT),
        Ok((Options::ALL[2], 1234))
    );
    assert_eq!(game_id(Options::ALL[2], 1234), "2x7:1234");
    assert!(doc.contains("`2x7:1234` (2 opponents, 7 cards)"));
    assert!(manual.contains("`2x7:1234` is deal 1234 with two opponents and seven cards each"));
}

fn manual() -> Manual {
    Manual::parse("games/crazy-8s/manual.md", &read("manual.md"))
}

#[test]
fn the_manual_parses_without_warnings_and_has_its_sections() {
    let source = read("manual.md");
    assert_plain("manual.md", &source);
    let manual = manual();
    assert!(manual.warnings().is_empty(), "{:#?}", manual.warnings());
    assert_eq!(manual.title(), "Crazy 8s");
    let tags: Vec<&str> = manual.sections().iter().map(|s| s.tag.as_str()).collect();
    for tag in [
        "rules",
        "opponents",
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
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &crazy_8s::GAME_TABLE);
}
