//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use game_api::NewGame;
use minesweeper::game::{COVERED, FLAG, MINE, NUMBER_COLORS};
use minesweeper::save::GameId;
use minesweeper::settings::PRESETS;

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_minesweeper_among_the_puzzle_games() {
    game_test::files::assert_listed(DIR, "Minesweeper", "Puzzle Games");
}

#[test]
fn the_icon_in_the_games_colours() {
    let icon = game_test::files::icon(DIR);
    for color in [COVERED, FLAG, MINE, NUMBER_COLORS[0], NUMBER_COLORS[1]] {
        assert!(icon.has(color), "{color:?}");
    }
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let help = game_test::files::assert_help(DIR, &["Minesweeper", "Controls"], 10);
    let bullets = help.bullets();
    assert!(bullets[0].starts_with("Click a covered tile"));
    assert!(bullets[1].starts_with("Right-click, or hold Ctrl and click"));
    // The original's words open the help.
    assert!(
        help.blocks[1]
            .text()
            .starts_with("Remove all the tiles that have no mine underneath.")
    );
    // The example game ID is one the game plays.
    let id = bullets
        .iter()
        .find(|b| b.starts_with("The Game ID field"))
        .unwrap();
    let example = id.split('`').nth(1).unwrap();
    let parsed: GameId = example.parse().unwrap();
    assert_eq!(parsed.to_string(), example);
    let mut game = minesweeper::Minesweeper::with_seed(PRESETS[1].size, parsed.mode, 0);
    game.start_from_game_id(example).unwrap();
    assert!(game.board().is_placed());
    // Every board of the Board choice is listed.
    let boards = bullets
        .iter()
        .find(|b| b.starts_with("The Board choice"))
        .unwrap();
    for p in PRESETS.iter().take(4) {
        let s = p.size;
        let words = format!("{}x{} with {}", s.width, s.height, s.mines);
        assert!(boards.contains(&words), "{words}");
    }
}

#[test]
fn the_manual_has_its_sections() {
    game_test::files::assert_manual(
        DIR,
        "Minesweeper",
        "rules first-click chording no-guessing boards keyboard game-ids question-marks score",
    );
    // The table of boards is the Board choice's.
    let text = read("manual.md");
    for p in PRESETS {
        let s = p.size;
        let row = format!("| {} x {} | {} |", s.width, s.height, s.mines);
        assert!(text.contains(&row), "{row}");
    }
}

#[test]
fn the_documents_use_only_common_characters() {
    for name in ["doc.txt", "manual.md"] {
        for (i, c) in read(name).chars().enumerate() {
            assert!(
                c.is_ascii()
                    || ('\u{a0}'..='\u{ff}').contains(&c)
                    || "\u{2013}\u{2014}\u{2018}\u{2019}\u{201c}\u{201d}".contains(c),
                "{name}: {c:?} at {i}"
            );
        }
    }
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &minesweeper::GAME_TABLE);
}
