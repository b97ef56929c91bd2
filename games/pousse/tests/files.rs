//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md`, read as the launcher reads them.

use launcher_help::game_files::GameFolder;
use launcher_help::manual::Manual;
use launcher_help::text_help::format_text_help;
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
    assert_eq!(get("game"), "pousse");
    assert_eq!(get("name"), "Pousse");
    assert_eq!(get("game-set"), "Board Games", "as in the original");
    assert_eq!(get("icon"), "pousse.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(get("manual"), "manual.md");
    assert_eq!(fields.len(), 6, "{fields:?}");
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"pousse\""), "{cargo}");
    for key in ["icon", "help", "manual"] {
        assert!(file(get(key)).is_file(), "{key}");
    }
}

#[test]
fn the_icon_is_a_32_by_32_rgba_png_in_the_games_colours() {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(file("pousse.png")).unwrap(),
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
    use pousse::game::{O_COLOR, STRAIGHT_TILE, X_COLOR};
    assert!(has(X_COLOR) && has(O_COLOR) && has(STRAIGHT_TILE));
}

#[test]
fn the_help_follows_the_text_help_format() {
    let doc = read("doc.txt");
    let lines: Vec<&str> = doc.lines().collect();
    assert_eq!(lines[0], "Pousse");
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
        assert!(line.is_ascii(), "line {} is not plain ASCII", i + 1);
    }
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let help = format_text_help(&read("doc.txt"));
    let titles = help.titles();
    assert_eq!(titles, ["Pousse", "Controls"]);
    let bullets = help.bullets();
    // The two ways a game ends, then the controls.
    assert!(
        bullets[0].starts_with("repeats an earlier configuration"),
        "{bullets:#?}"
    );
    assert!(bullets[0].contains("LOSES"));
    assert!(bullets[1].contains("more straights") && bullets[1].contains("WINS"));
    for start in [
        "Click a number",
        "The arrow keys",
        "X and O",
        "Undo and Redo",
        "The Record field",
    ] {
        assert!(bullets.iter().any(|b| b.starts_with(start)), "{start}");
    }
    let record = bullets
        .iter()
        .find(|b| b.starts_with("The Record field"))
        .unwrap();
    assert!(
        record.contains("`L1 T2 R4`") && record.contains("`5:L1 T2`"),
        "{record}"
    );
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
}

#[test]
fn the_manual_has_its_sections_and_no_warnings() {
    let manual = Manual::parse("games/pousse/manual.md", &read("manual.md"));
    assert_eq!(manual.title(), "Pousse");
    assert!(manual.warnings().is_empty(), "{:#?}", manual.warnings());
    for tag in [
        "rules",
        "playing",
        "keyboard",
        "players",
        "computer",
        "undo",
        "records",
        "statistics",
        "differences",
    ] {
        manual.section(tag).unwrap_or_else(|e| panic!("{e}"));
    }
    // Its one picture is a PNG beside it, drawn by examples/render_board.rs.
    assert_eq!(manual.image_paths(), ["manual/board.png"]);
    let bytes = std::fs::read(file("manual/board.png")).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    let text = read("manual.md");
    // The record format and the replay example are documented.
    assert!(text.contains("L1 T2 R4") && text.contains("5:L1 T2"));
    assert!(text.contains("cargo run --release -p pousse --example replay -- L1 T2 R4"));
    // Plain ASCII: every character has a glyph in the launcher's fonts.
    assert!(text.is_ascii());
}

#[test]
fn the_manuals_budgets_are_the_computers() {
    let text = read("manual.md");
    for s in pousse::computer::Strength::ALL {
        let budget = s.budget();
        let printed = if budget >= 1000 {
            format!("{},{:03}", budget / 1000, budget % 1000)
        } else {
            budget.to_string()
        };
        assert!(
            text.contains(&format!(
                "| Computer {} | the computer, with a budget of {printed} nodes",
                s.name()
            )) || text.contains(&format!(
                "| Computer {} | the computer, with {printed} nodes",
                s.name()
            )),
            "{} {printed}",
            s.name()
        );
    }
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &pousse::GAME_TABLE);
}
