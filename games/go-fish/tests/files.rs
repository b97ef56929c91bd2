//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md` (with its picture), checked as the launcher
//! reads them; and the facts they state checked against the game.

use go_fish::rules::{DEAL_COUNT, GoFish, MatchSize, YOU};
use go_fish::save::{game_id, parse_game_id};
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
    assert_eq!(get("game"), "go_fish", "the library's name");
    assert_eq!(get("name"), "Go Fish", "as the original console shows it");
    assert_eq!(get("game-set"), "Card Games", "as in the original");
    assert_eq!(get("icon"), "go-fish.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(get("manual"), "manual.md");
    assert_eq!(fields.len(), 6, "{fields:?}");
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"go_fish\""), "{cargo}");
    for key in ["icon", "help", "manual"] {
        assert!(file(get(key)).is_file(), "{key}");
    }
}

#[test]
fn the_icon_is_a_32_by_32_rgba_png_of_a_fish_on_a_card() {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(file("go-fish.png")).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((info.width, info.height), (32, 32));
    assert_eq!(info.color_type, png::ColorType::Rgba);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let pixels = &pixels[..info.buffer_size()];
    let at = |x: usize, y: usize| &pixels[(y * 32 + x) * 4..(y * 32 + x) * 4 + 4];
    // The fish's orange body on the cream face, the blue back at the
    // left, transparent corners.
    let orange = |p: &[u8]| p[0] > 200 && p[1] > 80 && p[1] < 160 && p[2] < 80 && p[3] == 255;
    assert!(orange(at(20, 19)), "{:?}", at(20, 19));
    assert!(
        at(12, 28)[0] > 200 && at(12, 28)[2] > 180,
        "{:?}",
        at(12, 28)
    );
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
    assert_eq!(lines[0], "Go Fish");
    assert_eq!(lines[1], "=======");
    let layout = text_help_layout(&doc);
    assert!(layout.is_empty(), "{layout:#?}");
    let help = format_text_help(&doc);
    let titles = help.titles();
    assert_eq!(titles, ["Go Fish", "Rules", "Controls"]);
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 12, "{bullets:#?}");
    assert!(bullets[0].starts_with("On each turn, if you have a match in your hand"));
    assert!(
        bullets
            .iter()
            .any(|b| b.starts_with("After \"Go Fish!\", drag the top card of the pile"))
    );
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
    assert!(
        help.blocks[1]
            .text()
            .starts_with("Go Fish is the children's card game where you try to get rid of all your cards by forming pairs."),
        "{}",
        help.blocks[1].text()
    );
}

#[test]
fn the_helps_facts_are_the_games() {
    let flat = |name: &str| read(name).split_whitespace().collect::<Vec<_>>().join(" ");
    let doc = flat("doc.txt");
    let manual = flat("manual.md");
    let game = GoFish::deal(MatchSize::Pairs, 1);
    assert_eq!(DEAL_COUNT, 7);
    assert_eq!(game.hands[YOU].len(), 7);
    assert_eq!(game.stock.len(), 31);
    assert!(doc.contains("Each player is dealt seven cards; the other 31 cards are the pile"));
    assert!(manual.contains("Each player is dealt seven cards"));
    assert!(manual.contains("The other 31 cards are the *pile*"));
    // The game ID's example reads as it says.
    assert_eq!(
        parse_game_id("pairs:1234", MatchSize::Books),
        Ok((MatchSize::Pairs, 1234))
    );
    assert_eq!(game_id(MatchSize::Pairs, 1234), "pairs:1234");
    assert!(
        doc.contains("`pairs:1234`")
            && manual.contains("`pairs:1234` is deal 1234 played with pairs")
    );
    // The status line's words, as the manual quotes them.
    let g = go_fish::GoFishGame::with_seed(game_api::Host::detached(), MatchSize::Pairs, 1);
    let status = game_api::Game::status(&g);
    assert!(manual.contains(&format!("(\"{status}\")")), "{status}");
}

fn manual() -> Manual {
    Manual::parse("games/go-fish/manual.md", &read("manual.md"))
}

#[test]
fn the_manual_parses_without_warnings_and_has_its_sections() {
    let source = read("manual.md");
    assert_plain("manual.md", &source);
    let manual = manual();
    assert!(manual.warnings().is_empty(), "{:#?}", manual.warnings());
    assert_eq!(manual.title(), "Go Fish");
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
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &go_fish::GAME_TABLE);
}
