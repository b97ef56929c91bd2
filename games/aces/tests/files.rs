//! The files the launcher reads beside the library, beyond the rules every
//! game keeps (the conformance kit): what they say of Aces, checked against
//! the game.

use aces::rules::{Aces, STACKS};
use aces::save::{game_id, parse_game_id};
use game_test::files::{assert_manual_sections, flat, icon, manual};

const DIR: &str = env!("CARGO_MANIFEST_DIR");

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &aces::GAME_TABLE);
}

#[test]
fn the_console_shows_aces_among_the_card_games_as_the_original() {
    game_test::files::assert_listed(DIR, "Aces", "Card Games");
    let m = game_test::files::manifest(DIR);
    assert!(m.manual.is_some() && m.records_by.is_empty());
}

#[test]
fn the_icon_shows_two_aces() {
    let icon = icon(DIR);
    // The black spade in front, the red heart behind, transparent corners.
    let dark = |p: &[u8]| p[0] < 60 && p[1] < 60 && p[2] < 60 && p[3] == 255;
    icon.assert_at(21, 18, dark);
    icon.assert_at(7, 7, |p| p[0] > 150 && p[1] < 80);
    assert_eq!(icon.at(31, 0)[3], 0, "the top-right corner is transparent");
}

#[test]
fn the_help_has_its_sections_and_terms() {
    let help = game_test::files::assert_help(
        DIR,
        &["Aces", "Terminology", "Winning and losing", "Controls"],
        9,
    );
    let bullets = help.bullets();
    assert!(bullets[0].starts_with("Stack: one of the four columns of cards."));
    game_test::files::assert_starts(
        help.blocks[1].text(),
        "Aces is a solitaire card game. The object is to remove all of the cards from the board, except the four Aces.",
    );
}

#[test]
fn the_helps_facts_are_the_games() {
    let (doc, manual) = (flat(DIR, "doc.txt"), flat(DIR, "manual.md"));
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

#[test]
fn the_manual_has_its_sections_and_picture() {
    assert_manual_sections(DIR, &["deviations"]);
    let manual = manual(DIR);
    assert_eq!(manual.title(), "Aces");
    assert_eq!(manual.image_paths(), ["manual/opening.png"]);
}
