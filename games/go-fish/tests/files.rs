//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use game_test::files::flat;
use go_fish::rules::{DEAL_COUNT, GoFish, MatchSize, YOU};
use go_fish::save::{game_id, parse_game_id};

const DIR: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn the_console_shows_go_fish_among_the_card_games() {
    game_test::files::assert_listed(DIR, "Go Fish", "Card Games");
}

#[test]
fn the_icon_shows_a_fish_on_a_card() {
    let icon = game_test::files::icon(DIR);
    // The fish's orange body on the cream face, the blue back at the
    // left, transparent corners.
    let orange = |p: &[u8]| p[0] > 200 && p[1] > 80 && p[1] < 160 && p[2] < 80 && p[3] == 255;
    icon.assert_at(20, 19, orange);
    icon.assert_at(12, 28, |p| p[0] > 200 && p[2] > 180);
    icon.assert_at(4, 12, |p| p[2] > 120 && p[0] < 100);
    assert_eq!(icon.at(31, 0)[3], 0, "the top-right corner is transparent");
}

#[test]
fn the_help_has_its_sections() {
    let help = game_test::files::assert_help(DIR, &["Go Fish", "Rules", "Controls"], 12);
    let bullets = help.bullets();
    assert!(bullets[0].starts_with("On each turn, if you have a match in your hand"));
    game_test::files::assert_bullet(&help, "After \"Go Fish!\", drag the top card of the pile");
    game_test::files::assert_starts(
        help.blocks[1].text(),
        "Go Fish is the children's card game where you try to get rid of all your cards by forming pairs.",
    );
}

#[test]
fn the_helps_facts_are_the_games() {
    let (doc, manual) = (flat(DIR, "doc.txt"), flat(DIR, "manual.md"));
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

#[test]
fn the_manual_has_its_sections() {
    let manual = game_test::files::manual(DIR);
    assert_eq!(manual.title(), "Go Fish");
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
    game_test::assert_conforms(DIR, &go_fish::GAME_TABLE);
}
