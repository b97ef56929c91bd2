//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use game_test::files::flat;
use rummy::rules::{DEAL_COUNT, Rummy, YOU};
use rummy::save::parse_game_id;

const DIR: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn the_console_shows_rummy_among_the_card_games() {
    game_test::files::assert_listed(DIR, "Rummy", "Card Games");
}

#[test]
fn the_icon_shows_a_fan_of_diamonds() {
    let icon = game_test::files::icon(DIR);
    // The front card's red diamond on its cream face, transparent corners.
    let red = |p: &[u8]| p[0] > 180 && p[1] < 80 && p[2] < 80 && p[3] == 255;
    icon.assert_at(20, 18, red);
    icon.assert_at(26, 28, |p| p[0] > 200 && p[2] > 180);
    assert_eq!(icon.at(31, 0)[3], 0, "the top-right corner is transparent");
    assert_eq!(
        icon.at(0, 31)[3],
        0,
        "the bottom-left corner is transparent"
    );
}

#[test]
fn the_help_has_its_sections() {
    let help = game_test::files::assert_help(DIR, &["Rummy", "Rules", "Controls"], 11);
    let bullets = help.bullets();
    assert!(bullets[0].starts_with("You and the opponent are dealt ten cards each"));
    game_test::files::assert_bullet(&help, "Drag a card from your hand to the discard pile");
    game_test::files::assert_starts(help.blocks[1].text(), "This is a simple variant of Rummy");
}

#[test]
fn the_helps_facts_are_the_games() {
    let (doc, manual) = (flat(DIR, "doc.txt"), flat(DIR, "manual.md"));
    let game = Rummy::deal(1);
    assert_eq!(DEAL_COUNT, 10);
    assert_eq!(game.hands[YOU].len(), 10);
    assert_eq!(game.discards.len(), 1);
    assert_eq!(game.stock.len(), 31);
    assert!(doc.contains("dealt ten cards each; one card starts the discard pile, and the other 31 cards are the deck"));
    assert!(manual.contains("the other 31 cards are the deck"));
    // The melds the help describes.
    let cards = |t: &str| cards::card::read_cards(t).unwrap();
    assert!(rummy::melds::is_meld(&cards("AH 2H 3H")));
    assert!(rummy::melds::is_meld(&cards("QH KH AH")));
    assert!(!rummy::melds::is_meld(&cards("KH AH 2H")));
    assert!(manual.contains("(no K-A-2)"));
    assert_eq!(parse_game_id("1234"), Ok(1234));
    assert!(doc.contains("`1234`") && manual.contains("`1234` is deal 1234"));
    // The status line's words, as the manual quotes them.
    let seed = (1..100).find(|&s| !Rummy::deal(s).over()).unwrap();
    let g = rummy::RummyGame::with_seed(game_api::Host::detached(), seed);
    let status = game_api::Game::status(&g);
    assert!(status.starts_with("Your turn. (Draw a card or pick up a discard.)"));
    assert!(manual.contains("\"Your turn. (Draw a card or pick up a discard.)\""));
    assert!(manual.contains("\"Drag a card from your hand to discard.\""));
}

#[test]
fn the_manual_has_its_sections() {
    game_test::files::assert_manual(
        DIR,
        "Rummy",
        "rules statistics playing keys screen-readers game-id deviations",
    );
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
    game_test::assert_conforms(DIR, &rummy::GAME_TABLE);
}
