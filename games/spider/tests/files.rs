//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use game_test::files::flat;
use spider::rules::{Spider, Suits};
use spider::save::{game_id, parse_game_id};

const DIR: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn the_console_shows_spider_among_the_card_games() {
    game_test::files::assert_listed(DIR, "Spider", "Card Games");
}

#[test]
fn the_icon_shows_a_spider_on_a_card() {
    let icon = game_test::files::icon(DIR);
    // The spider's black body in the middle of the cream face, the blue
    // back at the left, transparent corners.
    let dark = |p: &[u8]| p[0] < 60 && p[1] < 60 && p[2] < 60 && p[3] == 255;
    icon.assert_at(20, 19, dark);
    icon.assert_at(12, 28, |p| p[0] > 200 && p[2] > 180);
    icon.assert_at(4, 12, |p| p[2] > 120 && p[0] < 100);
    assert_eq!(icon.at(31, 0)[3], 0, "the top-right corner is transparent");
}

#[test]
fn the_help_has_its_sections() {
    let help =
        game_test::files::assert_help(DIR, &["Spider", "Terminology", "Moves", "Controls"], 12);
    let bullets = help.bullets();
    assert!(bullets[0].starts_with("Tableau: one of the ten columns"));
    game_test::files::assert_bullet(&help, "To deal, click the deck");
    game_test::files::assert_starts(
        help.blocks[1].text(),
        "Spider is a solitaire card game played with 104 cards.",
    );
}

#[test]
fn the_helps_facts_are_the_games() {
    let (doc, manual) = (flat(DIR, "doc.txt"), flat(DIR, "manual.md"));
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

#[test]
fn the_manual_has_its_sections() {
    let manual = game_test::files::manual(DIR);
    assert_eq!(manual.title(), "Spider");
    game_test::files::assert_manual_sections(DIR, &["deviations"]);
}

#[test]
fn the_manual_has_its_pictures() {
    let pictures = game_test::files::manual(DIR).image_paths();
    assert_eq!(pictures, ["manual/opening.png"]);
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &spider::GAME_TABLE);
}
