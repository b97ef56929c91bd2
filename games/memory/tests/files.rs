//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use game_test::files::flat;
use memory::game::{SHOW_SECONDS, clock_text};
use memory::rules::{HEIGHT, Memory, PAIRS, Picture, WIDTH};
use memory::save::{game_id, parse_game_id};

const DIR: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn the_console_shows_memory_among_the_card_games() {
    game_test::files::assert_listed(DIR, "Memory", "Card Games");
}

#[test]
fn the_icon_shows_a_star_card_over_a_back() {
    let icon = game_test::files::icon(DIR);
    // The star's gold in the middle of the face, the blue back at the
    // left, transparent corners.
    let gold = |p: &[u8]| p[0] > 200 && p[1] > 150 && p[2] < 80 && p[3] == 255;
    icon.assert_at(20, 19, gold);
    icon.assert_at(4, 12, |p| p[2] > 120 && p[0] < 100);
    assert_eq!(icon.at(31, 0)[3], 0, "the top-right corner is transparent");
}

#[test]
fn the_help_has_its_sections() {
    let help =
        game_test::files::assert_help(DIR, &["Memory", "Pictures", "Playing", "Controls"], 11);
    let bullets = help.bullets();
    assert!(bullets[0].starts_with("The four suits: club, heart, spade and diamond."));
    game_test::files::assert_starts(
        help.blocks[1].text(),
        "Memory is a game for one player with twenty picture cards",
    );
}

#[test]
fn the_helps_facts_are_the_games() {
    let (doc, manual) = (flat(DIR, "doc.txt"), flat(DIR, "manual.md"));
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

#[test]
fn the_manual_has_its_sections() {
    let manual = game_test::files::manual(DIR);
    assert_eq!(manual.title(), "Memory");
    game_test::files::assert_manual_sections(DIR, &["deviations"]);
}

#[test]
fn the_manual_has_its_pictures() {
    let pictures = game_test::files::manual(DIR).image_paths();
    assert_eq!(pictures, ["manual/table.png", "manual/pictures.png"]);
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &memory::GAME_TABLE);
}
