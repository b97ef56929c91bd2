//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use cards::patience::Role;
use game_api::{Host, NewGame};
use game_test::files::flat;
use klondike::KlondikeGame;
use launcher_help::manual::Manual;

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_klondike_among_the_card_games() {
    game_test::files::assert_listed(DIR, "Klondike", "Card Games");
    assert_eq!(
        game_test::files::manifest(DIR).records_by,
        ["Draw", "Redeals"]
    );
}

#[test]
fn the_icon_shows_a_column_of_cards() {
    let icon = game_test::files::icon(DIR);
    // The blue back at the top, the red heart on the front card, the
    // black spade between, transparent corners.
    icon.assert_at(16, 2, |p| p[2] > 120 && p[0] < 100);
    icon.assert_at(16, 21, |p| p[0] > 150 && p[1] < 60);
    icon.assert_at(11, 9, |p| p.iter().take(3).all(|&c| c < 80));
    assert_eq!(
        icon.at(0, 31)[3],
        0,
        "the bottom-left corner is transparent"
    );
}

#[test]
fn the_help_has_its_sections() {
    let help =
        game_test::files::assert_titles(DIR, &["Klondike", "Terminology", "Moves", "Controls"]);
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 4 + 5 + 7, "{bullets:#?}");
    assert!(bullets[0].starts_with("Stock: the face-down cards"));
}

#[test]
fn the_helps_facts_are_the_games() {
    let (doc, manual) = (flat(DIR, "doc.txt"), flat(DIR, "manual.md"));
    let mut game = KlondikeGame::with_seed(Host::detached(), 1);
    game.start_from_game_id("3,unlimited:1234").unwrap();
    assert_eq!(game.game_id(), "3,unlimited:1234");
    let p = game.patience();
    let tableau: usize = p.of(Role::Tableau).map(|c| p.piles[c].cards.len()).sum();
    let stock: usize = p.of(Role::Stock).map(|c| p.piles[c].cards.len()).sum();
    let home = p.home();
    assert_eq!(tableau + home, 28, "28 dealt into the columns");
    assert_eq!(stock, 24);
    for text in [&doc, &manual] {
        assert!(
            text.contains("28 cards in seven columns")
                || text.contains("28 cards in seven *columns*")
        );
        assert!(text.contains("24 cards wait face down"));
        assert!(text.contains("`3,unlimited:1234`"));
    }
    assert!(manual.contains("up to 100,000 positions"));
    assert_eq!(cards::patience::solver::GAME_BUDGET, 100_000);
}

/// The study's line in the manual: four counts that add up to its deals.
#[test]
fn the_manual_publishes_the_study_of_a_thousand_deals() {
    let manual = read("manual.md");
    // The bullet, up to the blank line after it.
    let line: String = manual
        .lines()
        .skip_while(|l| !l.starts_with("* Drawing one"))
        .take_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(!line.is_empty(), "the study's bullet");
    let numbers: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit() && c != ',')
        .filter_map(|w| w.replace(',', "").parse().ok())
        .collect();
    assert!(numbers.len() >= 4, "{line}");
    assert_eq!(numbers[0], 1000, "{line}");
    assert_eq!(numbers[1] + numbers[2] + numbers[3], 1000, "{line}");
    assert!(manual.contains("* Drawing three, unlimited redeals"));
}

#[test]
fn the_manual_has_its_sections_and_picture() {
    let source = read("manual.md");
    let manual = Manual::parse("games/klondike/manual.md", &source);
    assert_eq!(manual.title(), "Klondike");
    game_test::files::assert_manual_sections(DIR, &[]);
    assert_eq!(manual.image_paths(), ["manual/playing.png"]);
}

/// Issue 42's promise: a patience is a page on the kit's layer.
#[test]
fn the_game_is_at_most_150_lines_of_source() {
    let lines = game_test::files::source_lines(DIR);
    assert!(lines <= 150, "{lines} lines");
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &klondike::GAME_TABLE);
}
