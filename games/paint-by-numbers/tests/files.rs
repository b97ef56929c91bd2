//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use launcher_help::text_help::format_text_help;
use paint_by_numbers::game::{BLUE, UNKNOWN, WHITE_CELL};

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_paint_by_numbers_among_the_puzzle_games() {
    game_test::files::assert_listed(DIR, "Paint By Numbers", "Puzzle Games");
}

#[test]
fn the_icon_in_the_games_colours() {
    let icon = game_test::files::icon(DIR);
    assert!(icon.has(BLUE) && icon.has(WHITE_CELL) && icon.has(UNKNOWN));
}

/// Every character of the documents is ASCII or common Latin-1 or
/// typographic punctuation, which the launcher's fonts have.
fn plain_characters(name: &str) {
    for (i, line) in read(name).lines().enumerate() {
        for c in line.chars() {
            assert!(
                c.is_ascii() && !c.is_ascii_control() || "×§–—’“”é".contains(c),
                "{name} line {}: {c:?}",
                i + 1
            );
        }
    }
}

#[test]
fn the_help_has_its_sections() {
    let doc = read("doc.txt");
    plain_characters("doc.txt");

    let help = format_text_help(&doc);
    assert_eq!(
        help.titles(),
        ["Paint By Numbers", "Controls", "Your own puzzles"]
    );
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 8, "{bullets:#?}");
    assert!(bullets[0].starts_with("Click a grey cell to paint it blue. Right-click it"));
    game_test::files::assert_bullet(&help, "Show mistakes (or M)");
    assert!(bullets.iter().any(|b| b.contains("`10x10:1234`")));
    assert!(help.blocks[1].text().starts_with(
        "The object of Paint By Numbers is to discover which cells should be coloured blue"
    ));
}

#[test]
fn the_manual_has_its_sections() {
    let manual = game_test::files::assert_manual(
        DIR,
        "Paint By Numbers",
        "rules controls solving generator puzzle-files game-ids differences",
    );
    assert!(manual.image_paths().is_empty());
    plain_characters("manual.md");
}

#[test]
fn the_manuals_example_file_and_ids_are_right() {
    let text = read("manual.md");
    let start = text.find("```text\n").unwrap() + "```text\n".len();
    let end = start + text[start..].find("```").unwrap();
    let cup = paint_by_numbers::non::parse(&text[start..end]).unwrap();
    assert_eq!(cup.title.as_deref(), Some("Cup"));
    assert_eq!(cup.author.as_deref(), Some("A. Player"));
    let puzzle = paint_by_numbers::deal::Puzzle::from_clues(
        cup.clues,
        None,
        cup.title,
        paint_by_numbers::deal::Origin::Typed,
    )
    .unwrap();
    let id = "5x4:5,1.3,1.3,3/3,1.1,4,4,3";
    assert_eq!(puzzle.game_id(), id);
    assert!(text.contains(id));
    // The goal the manual gives for it.
    let goal: String = puzzle
        .solution
        .unwrap()
        .cells()
        .iter()
        .map(|&b| if b { '1' } else { '0' })
        .collect();
    assert!(text.contains(&format!("`goal \"{goal}\"`")), "{goal}");
    // The example error message is the parser's.
    let bad = format!(
        "{}\n",
        text[start..end].replace("1,3\n3\n\ncolumns", "1,3\n4 1\n\ncolumns")
    );
    let e = paint_by_numbers::non::parse(&bad).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 10: the clue 4 1 needs 6 cells but a row has 5"
    );
    let flowed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flowed.contains(&format!("`puzzles/cup.non, {e}`")));
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &paint_by_numbers::GAME_TABLE);
}
