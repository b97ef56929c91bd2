//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use jewel::draw::COLORS;

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_jewel_among_the_puzzle_games() {
    game_test::files::assert_listed(DIR, "Jewel", "Puzzle Games");
}

/// A PNG's width, height and RGBA pixels.
fn decode(name: &str) -> (u32, u32, Vec<u8>) {
    let picture = game_test::files::picture(DIR, name);
    (picture.size.0, picture.size.1, picture.pixels)
}

#[test]
fn the_icon_is_a_32_by_32_png_of_jewels_in_the_games_colours() {
    let (w, h, pixels) = decode("jewel.png");
    assert_eq!((w, h), (32, 32));
    let has = |c: game_api::Rgba| pixels.chunks(4).any(|p| p == [c.r, c.g, c.b, 255]);
    // The blue ball, the red diamond, the yellow pyramid, the green cylinder.
    for kind in [0, 5, 2, 4] {
        assert!(has(COLORS[kind]), "colour {kind}");
    }
    // Transparent corners.
    assert_eq!(pixels[3], 0);
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let help = game_test::files::assert_help(DIR, &["Jewel", "Controls", "Difficulty"], 14);
    let bullets = help.bullets();
    assert!(bullets[0].starts_with("Press Space"));
    game_test::files::assert_bullet(
        &help,
        "Or use the bubble: the arrow keys move it, Space locks it",
    );
    game_test::files::assert_bullet(&help, "P (or the Pause button) pauses the game");
    // The five difficulties, as the game's Difficulty control names them.
    for difficulty in jewel::Difficulty::ALL {
        let label = format!("`{}`: {}.", difficulty.label(), difficulty.what_matches());
        assert!(bullets.iter().any(|b| b.starts_with(&label)), "{label}");
    }
    // The scoring the help states is the game's.
    let doc = read("doc.txt");
    assert!(
        doc.contains("A line of 3 scores 2 points, a line of 4 scores 3, a line of 5 scores 4.")
    );
    assert!(doc.contains("Every 10\npoints' worth of lines is a level"));
}

#[test]
fn the_manual_has_its_sections() {
    game_test::files::assert_manual(
        DIR,
        "Jewel",
        "rules scoring controls difficulty game-ids deviations",
    );
}

#[test]
fn the_manuals_pictures_are_pngs_beside_it() {
    let manual = game_test::files::manual(DIR);
    let pictures = manual.image_paths();
    assert_eq!(pictures, ["manual/board.png", "manual/difficulties.png"]);
    let (w, h, _) = decode("manual/board.png");
    assert_eq!((w, h), (680, 480));
    let (w, h, _) = decode("manual/difficulties.png");
    assert_eq!((w, h), (7 * 56, 5 * 56));
}

#[test]
fn the_manuals_numbers_are_the_games() {
    use jewel::play::{CREDIT, DECAY_ADD, INITIAL_DECAY, LIFE_VISIBLE, NEXT_LEVEL, START_LIFE};
    let text = read("manual.md");
    for (value, row) in [
        (
            START_LIFE,
            "| The clock at the start | 1000 units: 75 seconds at level 0 |",
        ),
        (CREDIT, "| Each point | 10 units of time on the clock |"),
        (
            INITIAL_DECAY,
            "| The clock runs down | 0.4 units every 30 ms at level 0 (13.3 a second) |",
        ),
        (
            DECAY_ADD,
            "| Each level | the clock runs down 0.02 units faster every 30 ms |",
        ),
        (
            f64::from(NEXT_LEVEL),
            "| A level | every 10 points' worth of lines |",
        ),
    ] {
        assert!(text.contains(row), "{row}");
        assert!(row.contains(&value.to_string()), "{row} says {value}");
    }
    assert!(text.contains(&format!("A full dial is {LIFE_VISIBLE} units")));
    let play = jewel::Play::deal(1, jewel::Difficulty::Beginner);
    assert!((play.seconds_left() - 75.0).abs() < 1e-9);
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &jewel::GAME_TABLE);
}
