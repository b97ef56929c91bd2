//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md` (with its pictures), checked as the launcher
//! reads them; and the facts they state checked against the game.

use launcher_help::game_files::{GameFolder, undrawable};
use launcher_help::manual::Manual;
use launcher_help::text_help::format_text_help;
use same::game::COLOURS_RGB;
use same::score::{bonus, click_score};
use std::path::PathBuf;

fn folder() -> GameFolder {
    GameFolder::at(env!("CARGO_MANIFEST_DIR"))
}

fn file(name: &str) -> PathBuf {
    folder().file(name)
}

fn read(name: &str) -> String {
    folder().read(name)
}

/// The `key = "value"` lines of a flat TOML file.
fn manifest_fields() -> Vec<(String, String)> {
    folder().manifest_fields()
}

#[test]
fn the_manifest_names_the_library_set_icon_help_and_manual() {
    let fields = manifest_fields();
    let get = |key: &str| {
        fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {key}"))
    };
    assert_eq!(get("game"), "same");
    assert_eq!(get("name"), "Same");
    assert_eq!(get("game-set"), "Puzzle Games", "as in the original");
    assert_eq!(get("icon"), "same.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(get("manual"), "manual.md");
    assert_eq!(fields.len(), 6, "{fields:?}");
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"same\""), "{cargo}");
    for key in ["icon", "help", "manual"] {
        assert!(file(get(key)).is_file(), "{key}");
    }
}

#[test]
fn the_icon_is_a_32_by_32_rgba_png_of_the_games_dots() {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(file("same.png")).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((info.width, info.height), (32, 32));
    assert_eq!(info.color_type, png::ColorType::Rgba);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let pixels = &pixels[..info.buffer_size()];
    let has = |c: game_api::Rgba| pixels.chunks(4).any(|p| p == [c.r, c.g, c.b, 255]);
    // Blue, red, green and purple dots, on transparent corners.
    for colour in [0, 1, 3, 4] {
        assert!(has(COLOURS_RGB[colour]), "colour {colour}");
    }
    assert_eq!(pixels[3], 0, "the top-left corner is transparent");
}

/// Only characters the launcher's fonts draw: ASCII, Latin-1 and common
/// typographic punctuation.
fn assert_plain(name: &str, text: &str) {
    let problems = undrawable(name, text);
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_help_follows_the_text_help_format() {
    let doc = read("doc.txt");
    assert_plain("doc.txt", &doc);
    let lines: Vec<&str> = doc.lines().collect();
    assert_eq!(lines[0], "Same");
    assert_eq!(lines[1], "====");
    for (i, line) in lines.iter().enumerate() {
        // Every rule of `=` underlines a title of exactly its length.
        if !line.is_empty() && line.chars().all(|c| c == '=') {
            assert!(
                i > 0 && lines[i - 1].chars().count() == line.len(),
                "line {}",
                i + 1
            );
        }
        // `**...**` lines would be dropped by the formatter.
        assert!(
            !(line.starts_with("**") && line.ends_with("**")),
            "line {}",
            i + 1
        );
    }
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let help = format_text_help(&read("doc.txt"));
    let titles = help.titles();
    assert_eq!(titles, ["Same", "Scoring", "The end of a game", "Controls"]);
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 7, "{bullets:#?}");
    assert!(bullets[0].starts_with("Move the pointer over a dot"));
    assert!(bullets.iter().any(|b| b.starts_with("The arrow keys")));
    assert!(bullets.iter().any(|b| b.starts_with("Undo and Redo")));
    let id = bullets
        .iter()
        .find(|b| b.starts_with("The Game ID field"))
        .expect("the game ID is explained");
    assert!(id.contains("`/`") && id.contains("1 blue"), "{id}");
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
    assert!(
        help.blocks[1]
            .text()
            .starts_with("The object of Same is to score points by removing dots from the board."),
        "{}",
        help.blocks[1].text()
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

fn manual() -> Manual {
    Manual::parse("games/same/manual.md", &read("manual.md"))
}

#[test]
fn the_manual_parses_without_warnings_and_has_its_sections() {
    let source = read("manual.md");
    assert_plain("manual.md", &source);
    let manual = manual();
    assert!(manual.warnings().is_empty(), "{:#?}", manual.warnings());
    assert_eq!(manual.title(), "Same");
    let tags: Vec<&str> = manual.sections().iter().map(|s| s.tag.as_str()).collect();
    for tag in [
        "rules",
        "scoring",
        "game-over",
        "playing",
        "keys",
        "screen-readers",
        "options",
        "game-id",
        "deviations",
    ] {
        assert!(tags.contains(&tag), "{tag} in {tags:?}");
    }
}

#[test]
fn every_picture_of_the_manual_is_a_png_beside_it() {
    let pictures = manual().image_paths();
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
    let problems = folder().manual_picture_problems(&manual());
    assert!(problems.is_empty(), "{problems:#?}");
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
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &same::GAME_TABLE);
}
