//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md` (with its picture), checked as the launcher
//! reads them; and the facts they state checked against the game.

use launcher_help::manual::Manual;
use launcher_help::text_help::format_text_help;
use rummy::rules::{DEAL_COUNT, Rummy, YOU};
use rummy::save::parse_game_id;

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_rummy_among_the_card_games() {
    let m = game_test::files::manifest(DIR);
    assert_eq!(
        (m.name.as_str(), m.game_set.as_str()),
        ("Rummy", "Card Games")
    );
}

#[test]
fn the_icon_shows_a_fan_of_diamonds() {
    let icon = game_test::files::icon(DIR);
    let pixels = &icon.pixels;
    let at = |x: usize, y: usize| &pixels[(y * 32 + x) * 4..(y * 32 + x) * 4 + 4];
    // The front card's red diamond on its cream face, transparent corners.
    let red = |p: &[u8]| p[0] > 180 && p[1] < 80 && p[2] < 80 && p[3] == 255;
    assert!(red(at(20, 18)), "{:?}", at(20, 18));
    assert!(
        at(26, 28)[0] > 200 && at(26, 28)[2] > 180,
        "{:?}",
        at(26, 28)
    );
    assert_eq!(at(31, 0)[3], 0, "the top-right corner is transparent");
    assert_eq!(at(0, 31)[3], 0, "the bottom-left corner is transparent");
}

#[test]
fn the_help_follows_the_text_help_format() {
    let doc = read("doc.txt");
    let lines: Vec<&str> = doc.lines().collect();
    assert_eq!(lines[0], "Rummy");
    assert_eq!(lines[1], "=====");
    let help = format_text_help(&doc);
    let titles = help.titles();
    assert_eq!(titles, ["Rummy", "Rules", "Controls"]);
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 11, "{bullets:#?}");
    assert!(bullets[0].starts_with("You and the opponent are dealt ten cards each"));
    assert!(
        bullets
            .iter()
            .any(|b| b.starts_with("Drag a card from your hand to the discard pile"))
    );
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
    assert!(
        help.blocks[1]
            .text()
            .starts_with("This is a simple variant of Rummy"),
        "{}",
        help.blocks[1].text()
    );
}

#[test]
fn the_helps_facts_are_the_games() {
    let flat = |name: &str| read(name).split_whitespace().collect::<Vec<_>>().join(" ");
    let doc = flat("doc.txt");
    let manual = flat("manual.md");
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

fn manual() -> Manual {
    game_test::files::manual(DIR)
}

#[test]
fn the_manual_has_its_sections() {
    let manual = manual();
    assert_eq!(manual.title(), "Rummy");
    let tags: Vec<&str> = manual.sections().iter().map(|s| s.tag.as_str()).collect();
    for tag in [
        "rules",
        "statistics",
        "playing",
        "keys",
        "screen-readers",
        "game-id",
        "deviations",
    ] {
        assert!(tags.contains(&tag), "{tag} in {tags:?}");
    }
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
    game_test::assert_conforms(DIR, &rummy::GAME_TABLE);
}
