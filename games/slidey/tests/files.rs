//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md`, checked with the launcher's own formatter and
//! parser.

use launcher_help::game_files::GameFolder;
use launcher_help::manual::Manual;
use launcher_help::text_help::format_text_help;
use slidey::game::{BACKGROUND, GAP};
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

/// The `key = "value"` lines of the manifest (its one list, `records-by`,
/// aside: see [`the_records_are_kept_per_board_size`]).
fn manifest_fields() -> Vec<(String, String)> {
    let text: String = read("info.toml")
        .lines()
        .filter(|l| !l.starts_with("records-by"))
        .map(|l| format!("{l}\n"))
        .collect();
    launcher_help::game_files::parse_manifest_fields(&text).unwrap()
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
fn the_manifest_names_the_library_set_icon_help_and_manual() {
    let fields = manifest_fields();
    let get = |key: &str| {
        fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {key}"))
    };
    assert_eq!(get("game"), "slidey");
    assert_eq!(get("name"), "Slidey");
    assert_eq!(get("game-set"), "Puzzle Games", "as in the original");
    assert_eq!(get("icon"), "slidey.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(get("manual"), "manual.md");
    assert_eq!(fields.len(), 6, "{fields:?}");
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"slidey\""), "{cargo}");
    for name in ["icon", "help", "manual"] {
        assert!(file(get(name)).is_file(), "{name}");
    }
}

#[test]
fn the_icon_is_a_32_by_32_rgba_png_of_tiles_and_a_gap() {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(file("slidey.png")).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((info.width, info.height), (32, 32));
    assert_eq!(info.color_type, png::ColorType::Rgba);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
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

/// Characters egui's default fonts draw: ASCII, Latin-1 and common
/// typographic punctuation.
fn has_glyph(c: char) -> bool {
    c == '\n'
        || (' '..='~').contains(&c)
        || ('\u{a0}'..='\u{ff}').contains(&c)
        || "–—‘’“”…•".contains(c)
}

#[test]
fn the_help_follows_the_text_help_format() {
    let doc = read("doc.txt");
    let lines: Vec<&str> = doc.lines().collect();
    assert_eq!(lines[0], "Slidey");
    assert_eq!(lines[1], "=".repeat(lines[0].len()));
    for (i, line) in lines.iter().enumerate() {
        if !line.is_empty() && line.chars().all(|c| c == '=') {
            assert!(
                i > 0 && lines[i - 1].chars().count() == line.len(),
                "line {}",
                i + 1
            );
        }
        assert!(
            !(line.starts_with("**") && line.ends_with("**")),
            "line {}",
            i + 1
        );
        assert!(!line.ends_with(' '), "trailing space on line {}", i + 1);
    }
    for text in [read("doc.txt"), read("manual.md")] {
        if let Some(c) = text.chars().find(|&c| !has_glyph(c)) {
            panic!("{c:?} may have no glyph");
        }
    }
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let help = format_text_help(&read("doc.txt"));
    let titles = help.titles();
    assert_eq!(
        titles,
        ["Slidey", "Controls", "Your own picture", "A strategy"]
    );
    let bullets = help.bullets();
    assert_eq!(bullets.len(), 11, "{bullets:#?}");
    assert!(bullets[0].starts_with("Click a tile in the gap's row or column"));
    assert!(
        bullets
            .iter()
            .any(|b| b.starts_with("Hold P to see the whole picture"))
    );
    let id = bullets
        .iter()
        .find(|b| b.starts_with("The Game ID field"))
        .expect("the game ID is explained");
    // Its example is a board the game takes.
    let example = id.split('`').nth(7).expect("an example between backticks");
    assert_eq!(example, "1,2,3/4,_,6/7,5,8");
    assert!(slidey::save::playable(example).is_ok());
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
}

#[test]
fn the_manual_parses_without_warnings_and_has_its_sections() {
    let manual = Manual::parse("games/slidey/manual.md", &read("manual.md"));
    assert!(manual.warnings().is_empty(), "{:#?}", manual.warnings());
    assert_eq!(manual.title(), "Slidey");
    for tag in [
        "how-to-play",
        "score",
        "solvable",
        "your-picture",
        "game-id",
        "strategy",
    ] {
        manual.section(tag).unwrap_or_else(|e| panic!("{e}"));
    }
    // The manual's solved board is the game's.
    assert!(read("manual.md").contains(&format!("`{}`", slidey::Board::solved(3).to_id())));
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &slidey::GAME_TABLE);
}
