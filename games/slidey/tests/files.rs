//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use slidey::game::{BACKGROUND, GAP};

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

/// The statistics keep a record per board size: the manifest's
/// `records-by` names the Across and Down choices, by their labels.
#[test]
fn the_records_are_kept_per_board_size() {
    let info = read("info.toml");
    assert!(
        info.lines()
            .any(|l| l == "records-by = [\"Across\", \"Down\"]"),
        "{info}"
    );
    use game_api::Game;
    let labels: Vec<String> = slidey::game::Slidey::with_seed(3, 1)
        .actions()
        .into_iter()
        .map(|a| a.label)
        .collect();
    assert!(labels.iter().any(|l| l == "Across") && labels.iter().any(|l| l == "Down"));
}

#[test]
fn the_console_shows_slidey_among_the_puzzle_games() {
    game_test::files::assert_listed(DIR, "Slidey", "Puzzle Games");
    assert_eq!(
        game_test::files::manifest(DIR).records_by,
        ["Across", "Down"]
    );
}

#[test]
fn the_icon_shows_tiles_and_a_gap() {
    let icon = game_test::files::icon(DIR);
    let pixels = &icon.pixels;
    let at = |x: usize, y: usize| {
        let i = (y * 32 + x) * 4;
        [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]]
    };
    // Transparent corners, the background between tiles, the gap in the
    // bottom row's middle, and picture everywhere else.
    assert_eq!(at(0, 0)[3], 0);
    assert_eq!(at(11, 5), [BACKGROUND.r, BACKGROUND.g, BACKGROUND.b, 255]);
    assert_eq!(at(15, 26), [GAP.r, GAP.g, GAP.b, 255]);
    let mut colours: Vec<[u8; 4]> = (0..32 * 32).map(|i| at(i % 32, i / 32)).collect();
    colours.sort();
    colours.dedup();
    assert!(colours.len() > 30, "{}", colours.len());
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let help = game_test::files::assert_help(
        DIR,
        &["Slidey", "Controls", "Your own picture", "A strategy"],
        11,
    );
    let bullets = help.bullets();
    assert!(bullets[0].starts_with("Click a tile in the gap's row or column"));
    game_test::files::assert_bullet(&help, "Hold P to see the whole picture");
    let id = bullets
        .iter()
        .find(|b| b.starts_with("The Game ID field"))
        .expect("the game ID is explained");
    // Its example is a board the game takes.
    let example = id.split('`').nth(7).expect("an example between backticks");
    assert_eq!(example, "1,2,3/4,_,6/7,5,8");
    assert!(slidey::save::playable(example).is_ok());
}

#[test]
fn the_manual_has_its_sections() {
    game_test::files::assert_manual(
        DIR,
        "Slidey",
        "how-to-play score solvable your-picture game-id strategy",
    );
    // The manual's solved board is the game's.
    assert!(read("manual.md").contains(&format!("`{}`", slidey::Board::solved(3).to_id())));
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &slidey::GAME_TABLE);
}
