//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md` (with its picture), checked as the launcher
//! reads them; and the facts they state checked against the game.

use launcher_help::manual::Manual;
use launcher_help::text_help::format_text_help;
use spider::rules::{Spider, Suits};
use spider::save::{game_id, parse_game_id};

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_spider_among_the_card_games() {
    let m = game_test::files::manifest(DIR);
    assert_eq!(
        (m.name.as_str(), m.game_set.as_str()),
        ("Spider", "Card Games")
    );
}

#[test]
fn the_icon_shows_a_spider_on_a_card() {
    let icon = game_test::files::icon(DIR);
    let pixels = &icon.pixels;
    let at = |x: usize, y: usize| &pixels[(y * 32 + x) * 4..(y * 32 + x) * 4 + 4];
    // The spider's black body in the middle of the cream face, the blue
    // back at the left, transparent corners.
    let dark = |p: &[u8]| p[0] < 60 && p[1] < 60 && p[2] < 60 && p[3] == 255;
    assert!(dark(at(20, 19)), "{:?}", at(20, 19));
    assert!(
        at(12, 28)[0] > 200 && at(12, 28)[2] > 180,
        "{:?}",
        at(12, 28)
    );
    assert!(at(4, 12)[2] > 120 && at(4, 12)[0] < 100, "{:?}", at(4, 12));
    assert_eq!(at(31, 0)[3], 0, "the top-right corner is transparent");
}

#[test]
fn the_help_follows_the_text_help_format() {
    let doc = read("doc.txt");
    let lines: Vec<&str> = doc.lines().collect();
    assert_eq!(lines[0], "Spider");
    assert_eq!(lines[1], "======");
    let help = format_text_help(&doc);
    let titles = help.titles();
    assert_eq!(titles, ["Spider", "Terminology", "Moves", "Controls"]);
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 12, "{bullets:#?}");
    assert!(bullets[0].starts_with("Tableau: one of the ten columns"));
    assert!(
        bullets
            .iter()
            .any(|b| b.starts_with("To deal, click the deck"))
    );
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
    assert!(
        help.blocks[1]
            .text()
            .starts_with("Spider is a solitaire card game played with 104 cards."),
        "{}",
        help.blocks[1].text()
    );
}

#[test]
fn the_helps_facts_are_the_games() {
    let flat = |name: &str| read(name).split_whitespace().collect::<Vec<_>>().join(" ");
    let doc = flat("doc.txt");
    let manual = flat("manual.md");
    // Six cards in the first four columns, five in the rest.
    let game = Spider::deal(Suits::Two, 1);
    let lengths: Vec<usize> = game.columns.iter().map(|c| c.cards.len()).collect();
    assert_eq!(lengths, [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]);
    assert!(doc.contains("six cards in the first four columns, and five cards in the rest"));
    assert!(manual.contains("six cards in the first four and five in the rest, 54 in all"));
    assert_eq!(game.stock.len(), 50);
    assert!(manual.contains("The other 50 cards"));
    // The game ID's example reads as it says.
    assert_eq!(parse_game_id("2:1234", Suits::Four), Ok((Suits::Two, 1234)));
    assert_eq!(game_id(Suits::Two, 1234), "2:1234");
    assert!(doc.contains("`2:1234`") && manual.contains("`2:1234` is deal 1234 with two suits"));
}

fn manual() -> Manual {
    game_test::files::manual(DIR)
}

#[test]
fn the_manual_has_its_sections() {
    let manual = manual();
    assert_eq!(manual.title(), "Spider");
    game_test::files::assert_manual_sections(DIR, &["deviations"]);
}

#[test]
fn the_manual_has_its_pictures() {
    let pictures = manual().image_paths();
    assert_eq!(pictures, ["manual/opening.png"]);
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &spider::GAME_TABLE);
}
