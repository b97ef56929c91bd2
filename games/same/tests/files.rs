//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use same::game::COLOURS_RGB;
use same::score::{bonus, click_score};

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_same_among_the_puzzle_games() {
    game_test::files::assert_listed(DIR, "Same", "Puzzle Games");
}

#[test]
fn the_icon_shows_the_games_dots() {
    let icon = game_test::files::icon(DIR);
    let pixels = &icon.pixels;
    let has = |c: game_api::Rgba| pixels.chunks(4).any(|p| p == [c.r, c.g, c.b, 255]);
    // Blue, red, green and purple dots, on transparent corners.
    for colour in [0, 1, 3, 4] {
        assert!(has(COLOURS_RGB[colour]), "colour {colour}");
    }
    assert_eq!(pixels[3], 0, "the top-left corner is transparent");
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let help = game_test::files::assert_help(
        DIR,
        &["Same", "Scoring", "The end of a game", "Controls"],
        7,
    );
    let bullets = help.bullets();
    assert!(bullets[0].starts_with("Move the pointer over a dot"));
    game_test::files::assert_bullet(&help, "The arrow keys");
    game_test::files::assert_bullet(&help, "Undo and Redo");
    let id = bullets
        .iter()
        .find(|b| b.starts_with("The Game ID field"))
        .expect("the game ID is explained");
    assert!(id.contains("`/`") && id.contains("1 blue"), "{id}");
    game_test::files::assert_starts(
        help.blocks[1].text(),
        "The object of Same is to score points by removing dots from the board.",
    );
}

#[test]
fn the_helps_scores_are_the_games() {
    let doc = read("doc.txt");
    let flat = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    for (dots, points) in [(2, 4), (5, 25), (10, 100)] {
        assert_eq!(click_score(dots), points);
    }
    assert!(
        flat.contains("2 dots score 4 points, 5 dots 25, 10 dots 100"),
        "{flat}"
    );
    assert_eq!((bonus(49), bonus(48), bonus(0)), (100, 200, 5000));
    assert!(
        flat.contains("100 points with 49 dots left, 200 with 48, and 5000 for a cleared board")
    );
}

#[test]
fn the_manual_has_its_sections() {
    game_test::files::assert_manual(
        DIR,
        "Same",
        "rules scoring game-over playing keys screen-readers options game-id deviations",
    );
}

#[test]
fn the_manual_has_its_pictures() {
    let pictures = game_test::files::manual(DIR).image_paths();
    assert_eq!(
        pictures,
        [
            "manual/example-1.png",
            "manual/example-2.png",
            "manual/example-3.png",
            "manual/example-4.png",
            "manual/example-5.png",
            "manual/highlight.png",
        ]
    );
}

#[test]
fn the_manuals_score_table_is_the_games() {
    let source = read("manual.md");
    let rows: Vec<(usize, u64)> = source
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l
                .trim()
                .strip_prefix('|')?
                .strip_suffix('|')?
                .split('|')
                .map(str::trim)
                .collect();
            match cells[..] {
                [dots, points] => Some((dots.parse().ok()?, points.parse().ok()?)),
                _ => None,
            }
        })
        .collect();
    assert_eq!(rows.len(), 6, "{rows:?}");
    for (dots, points) in rows {
        assert_eq!(click_score(dots), points, "{dots} dots");
    }
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &same::GAME_TABLE);
}
