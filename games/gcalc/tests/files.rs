//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use launcher_help::text_help::format_text_help;

use gcalc::eval::{Settings, evaluate};
use gcalc::example::examples;
use gcalc::expr::{Colour, Expr, parse};
use gcalc::game::MENU;
use gcalc::prefs::{Prefs, Speed};

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_gcalc_among_the_other_games() {
    game_test::files::assert_listed(DIR, "GCalc", "Other Games");
}

#[test]
fn the_icon_shows_a_four_coloured_cube() {
    let (w, h, rgba) = game_raster::decode_png(
        &std::fs::read(std::path::Path::new(DIR).join("gcalc.png")).unwrap(),
    )
    .unwrap();
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

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let doc = read("doc.txt");
    let help = format_text_help(&doc);
    assert_eq!(
        help.titles(),
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

#[test]
fn the_manual_has_its_sections() {
    game_test::files::assert_manual(
        DIR,
        "GCalc",
        "window notation building functions application spatial evaluation examples menu preferences saving deviations",
    );
}

#[test]
fn the_manual_has_its_pictures() {
    let pictures = game_test::files::manual(DIR).image_paths();
    assert_eq!(pictures.len(), 13, "{pictures:?}");
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
    game_test::assert_conforms(DIR, &gcalc::GAME_TABLE);
}
