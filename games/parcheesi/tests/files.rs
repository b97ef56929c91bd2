//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md`.

use launcher_help::game_files::GameFolder;
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
    assert_eq!(get("game"), "parcheesi");
    assert_eq!(get("name"), "Parcheesi");
    assert_eq!(get("game-set"), "Board Games", "as in the original");
    assert_eq!(get("icon"), "parcheesi.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(get("manual"), "manual.md");
    assert_eq!(fields.len(), 6, "{fields:?}");
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"parcheesi\""), "{cargo}");
    for key in ["icon", "help", "manual"] {
        assert!(file(get(key)).is_file(), "{key}");
    }
}

#[test]
fn the_icon_is_a_32_by_32_rgba_png_in_the_games_colours() {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(file("parcheesi.png")).unwrap(),
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
    use parcheesi::rules::Color;
    for c in Color::ALL {
        assert!(has(parcheesi::game::pawn_color(c)), "{c:?}");
    }
    assert!(has(parcheesi::game::TRACK));
}

#[test]
fn the_help_follows_the_text_help_format() {
    let doc = read("doc.txt");
    let lines: Vec<&str> = doc.lines().collect();
    assert_eq!(lines[0], "Parcheesi");
    assert_eq!(lines[1], "=".repeat(lines[0].len()));
    for (i, line) in lines.iter().enumerate() {
        if !line.is_empty() && line.chars().all(|c| c == '=') {
            assert!(
                i > 0 && lines[i - 1].chars().count() == line.len(),
                "line {}",
                i + 1
            );
        }
        assert!(!line.ends_with(' '), "trailing space on line {}", i + 1);
        assert!(line.is_ascii(), "line {} is not plain ASCII", i + 1);
    }
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    use launcher_help::text_help::format_text_help;
    let help = format_text_help(&read("doc.txt"));
    let titles = help.titles();
    assert_eq!(
        titles,
        ["Parcheesi", "The rules", "Controls", "The computer players"]
    );
    let bullets = help.bullets();
    // Every rule of the issue is there.
    for needle in [
        "on a 5",
        "two pawns of one colour on a square block it",
        "a bonus of 20",
        "exact count only, and each pawn home gives a bonus of 10",
        "Every die that can be used must be used",
        "Reckless Renee",
        "Polite Polly",
        "Amazing Grace",
    ] {
        assert!(
            bullets.iter().any(|b| b.contains(needle)),
            "{needle} not in {bullets:#?}"
        );
    }
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
}

#[test]
fn the_manual_has_its_sections_and_plain_characters() {
    let manual = read("manual.md");
    for tag in [
        "{#parcheesi}",
        "{#rules}",
        "{#playing}",
        "{#players}",
        "{#saving}",
        "{#record}",
        "{#statistics}",
        "{#differences}",
    ] {
        assert!(manual.contains(tag), "{tag}");
    }
    assert!(manual.starts_with("# Parcheesi"));
    for (i, line) in manual.lines().enumerate() {
        assert!(line.is_ascii(), "manual line {} is not plain ASCII", i + 1);
    }
}

#[test]
fn the_manuals_record_and_save_replay() {
    let manual = read("manual.md");
    let record = "r1e b1e b1:4 g1e g1:6 r2e r2:1";
    assert!(manual.contains(record));
    let seats = parcheesi::game::DEFAULT_SEATS;
    let m = parcheesi::play::replay_text(12345, seats, record).expect("the example replays");
    use parcheesi::rules::{Color, Loc, Pawn};
    assert_eq!(m.board().loc(Pawn::new(Color::Green, 0)), Loc::Main(11));
    assert_eq!(m.board().loc(Pawn::new(Color::Blue, 0)), Loc::Main(43));
    // The saved game shown in the manual loads.
    let start = manual.find("parcheesi 1\n").expect("the save example");
    let end = manual[start..].find("end\n").expect("its end") + start + 4;
    let saved = parcheesi::save::load_text(&manual.as_bytes()[start..end]).expect("loads");
    assert_eq!(saved.record().len(), 5);
    assert_eq!(saved.current(), Color::Red);
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &parcheesi::GAME_TABLE);
}
