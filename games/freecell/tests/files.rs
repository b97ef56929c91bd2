//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use cards::patience::Role;
use freecell::FreeCellGame;
use game_api::{Host, NewGame};
use game_test::files::flat;
use launcher_help::manual::Manual;

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_freecell_among_the_card_games() {
    game_test::files::assert_listed(DIR, "FreeCell", "Card Games");
}

#[test]
fn the_icon_shows_free_cells_on_the_felt() {
    let icon = game_test::files::icon(DIR);
    // The felt's green, the red ace in the second cell, the black club
    // on the card below.
    icon.assert_at(2, 14, |p| p[1] > p[0] + 40);
    icon.assert_at(12, 7, |p| p[0] > 150 && p[1] < 60);
    icon.assert_at(16, 22, |p| p.iter().take(3).all(|&c| c < 80));
}

#[test]
fn the_help_has_its_sections() {
    let help =
        game_test::files::assert_titles(DIR, &["FreeCell", "Terminology", "Moves", "Controls"]);
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 3 + 4 + 6, "{bullets:#?}");
    assert!(bullets[0].starts_with("Free cells: the four places"));
}

#[test]
fn the_helps_facts_are_the_games() {
    let (doc, manual) = (flat(DIR, "doc.txt"), flat(DIR, "manual.md"));
    let mut game = FreeCellGame::with_seed(Host::detached(), 1);
    game.start_from_game_id("1").unwrap();
    let p = game.patience();
    let lengths: Vec<usize> = p
        .of(Role::Tableau)
        .map(|c| p.piles[c].cards.len())
        .collect();
    assert_eq!(lengths, [7, 7, 7, 7, 6, 6, 6, 6]);
    assert_eq!(p.of(Role::FreeCell).count(), 4);
    assert!(doc.contains("seven cards in each of the first four, six in each of the other four"));
    assert!(
        manual.contains("seven cards in each of the first four, six in each of the other four")
    );
    // Deal 1's first column, as the manual says.
    let first: Vec<String> = p.piles[8].cards.iter().take(3).map(|c| c.name()).collect();
    assert_eq!(
        first,
        ["jack of diamonds", "king of diamonds", "two of spades"]
    );
    assert!(
        manual.contains(
            "starts with the jack of diamonds, the king of diamonds and the two of spades"
        )
    );
    // Two free cells and one column empty: six cards at once.
    let mut roles = vec![Role::FreeCell; 4];
    roles.extend([Role::Tableau; 3]);
    let mut g = cards::patience::Patience::new(cards::patience::FREECELL_RULES, &roles);
    g.piles[0].cards.push("AS".parse().unwrap());
    g.piles[1].cards.push("AH".parse().unwrap());
    g.piles[4].cards.push("KS".parse().unwrap());
    assert_eq!(g.run_limit(5), 6);
    assert!(manual.contains("With two free cells and one column empty, six cards move at once."));
    assert!(manual.contains("up to 100,000 positions"));
    assert_eq!(cards::patience::solver::GAME_BUDGET, 100_000);
    game.start_from_game_id("11982").unwrap();
    assert_eq!(game.game_id(), "11982");
}

/// The study's line in the manual: four counts that add up to its deals.
#[test]
fn the_manual_publishes_the_study_of_a_thousand_deals() {
    let manual = read("manual.md");
    // The bullet, up to the blank line after it.
    let line: String = manual
        .lines()
        .skip_while(|l| !l.starts_with("* FreeCell"))
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
}

#[test]
fn the_manual_has_its_sections_and_picture() {
    let source = read("manual.md");
    let manual = Manual::parse("games/freecell/manual.md", &source);
    assert_eq!(manual.title(), "FreeCell");
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
    game_test::assert_conforms(DIR, &freecell::GAME_TABLE);
}
