//! The files the launcher reads beside the library: `info.toml`, the icon and
//! `doc.txt`, including the strategy table the help gives.

use launcher_help::game_files::GameFolder;
use lights_out::{Board, Cell};
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
/// aside: see [`the_records_are_kept_per_size`]).
fn manifest_fields() -> Vec<(String, String)> {
    let text: String = read("info.toml")
        .lines()
        .filter(|l| !l.starts_with("records-by"))
        .map(|l| format!("{l}\n"))
        .collect();
    launcher_help::game_files::parse_manifest_fields(&text).unwrap()
}

/// The statistics keep a record per board size (the manifest's
/// `records-by` names the Size choice, by its label).
#[test]
fn the_records_are_kept_per_size() {
    let info = read("info.toml");
    assert!(
        info.lines().any(|l| l == "records-by = [\"Size\"]"),
        "{info}"
    );
    use game_api::Game;
    let game = lights_out::LightsOut::with_seed(1);
    assert!(game.actions().iter().any(|a| a.label == "Size"));
}

#[test]
fn the_manifest_names_the_library_set_icon_and_help() {
    let fields = manifest_fields();
    let get = |key: &str| {
        fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {key}"))
    };
    assert_eq!(get("game"), "lights_out");
    assert_eq!(get("name"), "Lights Out");
    assert_eq!(get("game-set"), "Puzzle Games", "as in the original");
    assert_eq!(get("icon"), "lights-out.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(fields.len(), 5, "{fields:?}");
    // The library the launcher looks for is this crate's.
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"lights_out\""), "{cargo}");
    assert!(file(get("icon")).is_file() && file(get("help")).is_file());
}

#[test]
fn the_icon_is_a_32_by_32_rgba_png_of_lights() {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(file("lights-out.png")).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((info.width, info.height), (32, 32));
    assert_eq!(info.color_type, png::ColorType::Rgba);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let has = |c: game_api::Rgba| {
        pixels[..info.buffer_size()]
            .chunks(4)
            .any(|p| p == [c.r, c.g, c.b, c.a])
    };
    assert!(has(lights_out::game::LIT) && has(lights_out::game::UNLIT));
}

#[test]
fn the_help_follows_the_text_help_format() {
    let doc = read("doc.txt");
    let lines: Vec<&str> = doc.lines().collect();
    assert_eq!(lines[0], "Lights Out");
    assert_eq!(lines[1], "=".repeat(lines[0].len()));
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
        assert!(!line.ends_with(' '), "trailing space on line {}", i + 1);
    }
    assert!(
        doc.contains("\n\n"),
        "paragraphs are separated by blank lines"
    );
    assert!(lines.iter().any(|l| l.trim_start().starts_with("* ")));
}

/// Chasing the lights down: under each lit light, press the next row's.
fn chase(board: &mut Board) {
    for row in 1..5 {
        for col in 0..5 {
            if board.is_lit(Cell::new(row - 1, col)) {
                board.press(Cell::new(row, col));
            }
        }
    }
}

#[test]
fn the_helps_strategy_table_is_right() {
    let doc = read("doc.txt");
    let rows: Vec<(&str, Vec<usize>)> = doc
        .lines()
        .filter_map(|l| l.trim().strip_prefix("* "))
        .filter_map(|l| l.split_once(" at the bottom: press top light"))
        .map(|(pattern, presses)| {
            // Between backticks: shown in a monospaced font.
            let pattern = pattern
                .strip_prefix('`')
                .and_then(|p| p.strip_suffix('`'))
                .unwrap_or_else(|| panic!("{pattern} is not in backticks"));
            let numbers = presses
                .split(|c: char| !c.is_ascii_digit())
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            (pattern, numbers)
        })
        .collect();
    // Every bottom row that chasing can leave is in the table.
    assert_eq!(rows.len(), 7);
    for (pattern, presses) in rows {
        let mut board = Board::OFF;
        for (col, c) in pattern.chars().enumerate() {
            board.set(Cell::new(4, col), c == '#');
        }
        for light in &presses {
            board.press(Cell::new(0, light - 1));
        }
        chase(&mut board);
        assert!(board.is_solved(), "{pattern} → {presses:?} leaves\n{board}");
    }
    // And chasing any solvable board leaves one of those seven rows (or none).
    for seed in 0..500 {
        let mut board = Board::random_solvable(seed);
        chase(&mut board);
        let bottom: String = (0..5)
            .map(|col| {
                if board.is_lit(Cell::new(4, col)) {
                    '#'
                } else {
                    '.'
                }
            })
            .collect();
        assert!(
            bottom == "....." || doc.contains(&format!("* `{bottom}` at the bottom")),
            "{bottom}"
        );
    }
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    use launcher_help::text_help::{Block, format_text_help};
    let help = format_text_help(&read("doc.txt"));
    let of_kind = |title: bool| -> Vec<&str> {
        help.blocks
            .iter()
            .filter_map(|b| match (b, title) {
                (Block::Title(t), true) | (Block::Bullet(t), false) => Some(t.as_str()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(of_kind(true), ["Lights Out", "Controls", "A strategy"]);
    assert_eq!(help.blocks[0], Block::Title("Lights Out".into()));
    let bullets = of_kind(false);
    assert_eq!(bullets.len(), 16, "{bullets:#?}");
    assert!(
        bullets
            .iter()
            .any(|b| b.starts_with("The Size choice deals a new puzzle"))
    );
    assert!(
        bullets
            .iter()
            .any(|b| b.starts_with("The Hint button (or the ? key)"))
    );
    assert!(bullets[0].starts_with("Click a light"));
    assert!(
        bullets
            .iter()
            .any(|b| b.starts_with("N, or the New game button"))
    );
    let id = bullets
        .iter()
        .find(|b| b.starts_with("The Game ID field"))
        .expect("the game ID is explained");
    // Its example rows are the game's own form.
    assert!(id.contains("`#`") && id.contains("`/`"), "{id}");
    assert!(bullets.iter().any(|b| b.starts_with("Undo and Redo")));
    // Paragraphs are flowed, and no `=` rule is shown.
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
    let first = help.blocks[1].text();
    assert!(
        first.starts_with(
            "The object of this game is to turn all of the lights off. Click on a light"
        ),
        "{first}"
    );
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &lights_out::GAME_TABLE);
}
