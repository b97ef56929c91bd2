//! The files the launcher reads beside the library: `info.toml`, the icon,
//! `doc.txt` and `manual.md` (with its pictures), checked as the launcher
//! reads them; and the facts they state checked against the game.

use launcher_help::game_files::{GameFolder, undrawable};
use launcher_help::manual::Manual;
use launcher_help::text_help::format_text_help;
use std::path::PathBuf;

use gcalc::eval::{Settings, evaluate};
use gcalc::example::examples;
use gcalc::expr::{Colour, Expr, parse};
use gcalc::game::MENU;
use gcalc::prefs::{Prefs, Speed};

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
fn the_manifest_names_the_library_icon_help_and_manual_in_the_default_set() {
    let fields = manifest_fields();
    let get = |key: &str| {
        fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {key}"))
    };
    assert_eq!(get("game"), "gcalc");
    assert_eq!(get("name"), "GCalc");
    // As the original, no game set: the launcher puts it in Other Games.
    assert!(fields.iter().all(|(k, _)| k != "game-set"), "{fields:?}");
    assert_eq!(get("icon"), "gcalc.png");
    assert_eq!(get("help"), "doc.txt");
    assert_eq!(get("manual"), "manual.md");
    assert_eq!(fields.len(), 5, "{fields:?}");
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("name = \"gcalc\""), "{cargo}");
    assert!(!cargo.contains("not yet a playable game"), "{cargo}");
    for key in ["icon", "help", "manual"] {
        assert!(file(get(key)).is_file(), "{key}");
    }
}

#[test]
fn the_icon_is_a_32_by_32_rgba_png_of_a_four_coloured_cube() {
    let (w, h, rgba) = game_raster::decode_png(&std::fs::read(file("gcalc.png")).unwrap()).unwrap();
    assert_eq!((w, h), (32, 32));
    let has = |c: Colour| {
        let [r, g, b] = c.rgb().unwrap();
        rgba.chunks(4).any(|p| p == [r, g, b, 255])
    };
    for c in [Colour::Red, Colour::Yellow, Colour::Green, Colour::Blue] {
        assert!(has(c), "{c}");
    }
    assert_eq!(rgba[3], 0, "the top-left corner is transparent");
}

/// Only characters the launcher's fonts draw: ASCII, Latin-1 and common
/// typographic punctuation.
fn assert_plain(name: &str, text: &str) {
    let problems = undrawable(name, text);
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let doc = read("doc.txt");
    assert_plain("doc.txt", &doc);
    let lines: Vec<&str> = doc.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if !line.is_empty() && line.chars().all(|c| c == '=') {
            assert!(
                i > 0 && lines[i - 1].chars().count() == line.len(),
                "line {}",
                i + 1
            );
        }
    }
    let help = format_text_help(&doc);
    let titles = help.titles();
    assert_eq!(
        titles,
        [
            "GCalc",
            "The window",
            "Building cubes",
            "Evaluation",
            "The menu and the keys",
            "Open Example",
            "Preferences"
        ]
    );
    let bullets = help.bullets();
    assert!(bullets[0].starts_with("The left panel holds the basic cubes"));
    for block in &help.blocks {
        assert!(!block.text().contains('\n') && !block.text().starts_with("=="));
    }
    // Every key of the menu is in the help.
    let flat = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    for item in MENU {
        let key = if item.key.len() == 1 {
            item.key.to_uppercase()
        } else {
            item.key.to_string()
        };
        assert!(flat.contains(&format!("{key} ")), "{key} in the help");
    }
}

#[test]
fn the_helps_facts_are_the_games() {
    let flat = read("doc.txt")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let p = Prefs::default();
    assert_eq!(p.step_limit, 1000);
    assert!(flat.contains("(1000 steps unless the preferences say otherwise)"));
    assert_eq!(p.settings.depth, Some(18));
    assert!(flat.contains("not evaluated (18)"));
    assert_eq!(p.cutoff, 8);
    assert!(flat.contains("drawn divided (8)"));
    // "two slice blue is blue followed by two red slices."
    let s = examples();
    let e = Expr::apply(
        Expr::apply(
            s.find("two").unwrap().clone(),
            s.find("slice").unwrap().clone(),
        ),
        parse("blue"),
    );
    assert_eq!(
        evaluate(&e, &Settings::default(), 1000).expr,
        parse("blue | red | red")
    );
    assert!(flat.contains("two slice blue is blue followed by two red slices"));
}

fn manual() -> Manual {
    Manual::parse("games/gcalc/manual.md", &read("manual.md"))
}

#[test]
fn the_manual_parses_without_warnings_and_has_its_sections() {
    let source = read("manual.md");
    assert_plain("manual.md", &source);
    let manual = manual();
    assert!(manual.warnings().is_empty(), "{:#?}", manual.warnings());
    assert_eq!(manual.title(), "GCalc");
    let tags: Vec<&str> = manual.sections().iter().map(|s| s.tag.as_str()).collect();
    for tag in [
        "window",
        "notation",
        "building",
        "functions",
        "application",
        "spatial",
        "evaluation",
        "examples",
        "menu",
        "preferences",
        "saving",
        "deviations",
    ] {
        assert!(tags.contains(&tag), "{tag} in {tags:?}");
    }
}

#[test]
fn every_picture_of_the_manual_is_a_png_beside_it() {
    let pictures = manual().image_paths();
    assert_eq!(pictures.len(), 13, "{pictures:?}");
    let problems = folder().manual_picture_problems(&manual());
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_manuals_notation_and_results_are_the_evaluators() {
    let source = read("manual.md");
    let flat = source.split_whitespace().collect::<Vec<_>>().join(" ");
    let value = |text: &str| {
        evaluate(&parse(text), &Settings::default(), 1000)
            .expr
            .to_string()
    };
    assert_eq!(value("(\\green. red | green) blue"), "red | blue");
    assert!(flat.contains("`(\\green. red | green) blue` is `red | blue`"));
    assert_eq!(
        value("(\\green. \\red. green | red) blue"),
        "\\red. blue | red"
    );
    assert_eq!(
        value("(\\green. \\red. green | red) blue yellow"),
        "blue | yellow"
    );
    assert!(flat.contains("applied to blue is `\\red. blue | red`"));
    assert_eq!(
        value("((\\white. white) | (\\white. white - red)) (yellow | cyan)"),
        "yellow | (cyan - red)"
    );
    assert!(flat.contains("gives `yellow | (cyan - red)`"));
    // The table's notations parse to what the pictures show.
    for text in [
        "red | green",
        "red - green",
        "red / green",
        "(red | green) - (blue | yellow)",
    ] {
        assert!(
            source.contains(&format!("`{}`", text.replace('|', "\\|"))),
            "{text}"
        );
        assert_eq!(parse(text).to_string(), text);
    }
    // The speeds the table states.
    assert_eq!(Speed::StepByStep.steps_per_tick(), 1);
    assert_eq!(Speed::StepByStep.interval().as_millis(), 250);
    assert_eq!(
        Speed::Fast.steps_per_tick() * 1000 / Speed::Fast.interval().as_millis() as usize,
        500
    );
    assert!(flat.contains("Step by step (4 steps a second), Fast (500)"));
}

#[test]
fn the_hold_that_opens_the_menu_is_the_one_the_manual_states() {
    assert_eq!(gcalc::game::HOLD_SECONDS, 0.3);
    let flat = read("manual.md")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(flat.contains("held down for a moment (0.3 seconds, as the original)"));
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &gcalc::GAME_TABLE);
}
