//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_checkers_among_the_board_games() {
    game_test::files::assert_listed(DIR, "Checkers", "Board Games");
}

#[test]
fn the_icon_shows_the_board() {
    let icon = game_test::files::icon(DIR);
    use checkers::game::{BLACK_PIECE, DARK_SQUARE, LIGHT_SQUARE, WHITE_PIECE};
    assert!(
        icon.has(BLACK_PIECE)
            && icon.has(WHITE_PIECE)
            && icon.has(DARK_SQUARE)
            && icon.has(LIGHT_SQUARE)
    );
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let help = game_test::files::assert_titles(DIR, &["Checkers", "The rules", "Controls"]);
    let bullets = help.bullets();
    game_test::files::assert_bullet(&help, "A capture is forced");
    assert!(
        bullets
            .iter()
            .any(|b| b.contains("crowned king, and that ends its move"))
    );
    assert!(bullets.iter().any(|b| b.contains("40 moves by each side")));
    game_test::files::assert_bullet(&help, "The Game ID field holds the game record");
}

#[test]
fn the_manual_has_its_sections() {
    game_test::files::assert_manual(
        DIR,
        "Checkers",
        "board rules playing computer undo records statistics",
    );
    assert!(read("manual.md").is_ascii(), "plain ASCII only");
}

/// The record the manual gives as an example is a legal opening.
#[test]
fn the_manuals_example_records_replay() {
    for record in ["11-15 23-19 8-11 22-17", "11-15 23-19 8-11"] {
        assert!(read("manual.md").contains(record) || read("doc.txt").contains(record));
        checkers::board::parse_record(record).unwrap();
    }
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &checkers::GAME_TABLE);
}
