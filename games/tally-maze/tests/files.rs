//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

#[path = "../examples/make_icon.rs"]
mod make_icon;

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_tally_maze_among_the_puzzle_games() {
    game_test::files::assert_listed(DIR, "Tally Maze", "Puzzle Games");
}

#[test]
fn the_icon_is_the_one_make_icon_draws_32_by_32_with_a_pumpkin_and_the_ball() {
    let committed = std::fs::read(std::path::Path::new(DIR).join("tally-maze.png")).unwrap();
    assert!(
        committed == make_icon::icon(),
        "tally-maze.png is stale: run `cargo run -p tally-maze --example make_icon`"
    );
    let (w, h, pixels) = game_raster::decode_png(&committed).unwrap();
    assert_eq!((w, h), (32, 32));
    let has = |c: game_api::Rgba| pixels.chunks(4).any(|p| p == [c.r, c.g, c.b, c.a]);
    use tally_maze::game::{BALL, PUMPKIN};
    assert!(has(PUMPKIN), "an orange pumpkin");
    assert!(has(BALL), "the blue ball");
    // Transparent corners (rounded).
    assert_eq!(pixels[3], 0);
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let help = game_test::files::assert_help(
        DIR,
        &["Tally Maze", "Controls", "The pumpkins", "Maze numbers"],
        8,
    );
    let bullets = help.bullets();
    assert!(bullets[0].starts_with("The arrow keys move the ball one cell."));
    game_test::files::assert_bullet(&help, "N goes on to the next maze");
    game_test::files::assert_bullet(&help, "Z takes the last turn back");
    // The count it quotes is the enumeration's, with commas.
    let count = tally_maze::maze::Enumeration::shared(12, 12)
        .count()
        .to_string();
    let with_commas: String = count
        .chars()
        .rev()
        .collect::<Vec<_>>()
        .chunks(3)
        .map(|c| c.iter().rev().collect::<String>())
        .rev()
        .collect::<Vec<_>>()
        .join(",");
    assert!(read("doc.txt").contains(&with_commas));
    assert!(read("manual.md").contains(&with_commas));
}

#[test]
fn the_manual_has_its_sections() {
    game_test::files::assert_manual(
        DIR,
        "Tally Maze",
        "how-to-play numbering pumpkins controls game-ids winning differences",
    );
}

#[test]
fn the_texts_use_plain_characters() {
    for name in ["doc.txt", "manual.md", "info.toml"] {
        for (i, line) in read(name).lines().enumerate() {
            assert!(
                line.chars()
                    .all(|c| c.is_ascii() || "–—‘’“”…×é§".contains(c)),
                "{name} line {}: {line}",
                i + 1
            );
        }
    }
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &tally_maze::GAME_TABLE);
}
