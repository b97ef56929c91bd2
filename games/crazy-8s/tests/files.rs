//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use crazy_8s::rules::{Crazy8s, Options};
use crazy_8s::save::{game_id, parse_game_id};
use game_test::files::flat;
use launcher_help::text_help::Block;

const DIR: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn the_console_shows_crazy_8s_among_the_card_games() {
    game_test::files::assert_listed(DIR, "Crazy 8s", "Card Games");
}

#[test]
fn the_icon_shows_an_8_on_a_card() {
    let icon = game_test::files::icon(DIR);
    // The 8's rings are black where they cross the middle line, cream
    // inside; the back is blue at the left; the corners are transparent.
    let dark = |p: &[u8]| p[0] < 80 && p[1] < 80 && p[2] < 80 && p[3] == 255;
    icon.assert_at(17, 13, dark);
    icon.assert_at(20, 21, |p| p.iter().all(|&v| v > 200));
    icon.assert_at(4, 12, |p| p[2] > 120 && p[0] < 100);
    assert_eq!(icon.at(31, 0)[3], 0, "the top-right corner is transparent");
}

#[test]
fn the_help_has_its_sections() {
    let help = game_test::files::assert_titles(DIR, &["Crazy 8s", "Controls"]);
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
}

#[test]
fn the_helps_facts_are_the_games() {
    let (doc, manual) = (flat(DIR, "doc.txt"), flat(DIR, "manual.md"));
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

#[test]
fn the_manual_has_its_sections() {
    game_test::files::assert_manual(
        DIR,
        "Crazy 8s",
        "rules opponents playing keys screen-readers options game-id deviations",
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
    game_test::assert_conforms(DIR, &crazy_8s::GAME_TABLE);
}
