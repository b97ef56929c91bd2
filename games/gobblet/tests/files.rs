//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_gobblet_among_the_board_games() {
    game_test::files::assert_listed(DIR, "Gobblet", "Board Games");
}

#[test]
fn the_icon_with_both_colours() {
    let icon = game_test::files::icon(DIR);
    assert!(icon.has(gobblet::game::RED) && icon.has(gobblet::game::YELLOW));
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let help = game_test::files::assert_help(
        DIR,
        &[
            "Gobblet",
            "The 3x3 game",
            "The 4x4 game",
            "Controls",
            "Computer players",
        ],
        8,
    );
    let bullets = help.bullets();
    let id = bullets
        .iter()
        .find(|b| b.starts_with("The Game ID field"))
        .unwrap();
    // The help's example record is one the game reads.
    let example = id.split('`').nth(1).unwrap();
    assert!(gobblet::record::parse_record(example).is_ok(), "{example}");
}

#[test]
fn the_manual_has_sections_and_plain_characters() {
    let manual = read("manual.md");
    assert!(manual.starts_with("# Gobblet\n"));
    for section in [
        "## Rules",
        "### The 4x4 game",
        "## Computer players",
        "## Records and game IDs",
    ] {
        assert!(manual.contains(&format!("\n{section}\n")), "{section}");
    }
    for text in [read("manual.md"), read("doc.txt")] {
        for c in text.chars() {
            assert!(
                c == '\n' || (' '..='~').contains(&c) || "×–—‘’“”…".contains(c),
                "{c:?}"
            );
        }
    }
    // The manual's example record is one the game reads.
    let example = manual
        .lines()
        .find(|l| l.starts_with("    3:"))
        .unwrap()
        .trim();
    assert!(gobblet::record::parse_record(example).is_ok());
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &gobblet::GAME_TABLE);
}
