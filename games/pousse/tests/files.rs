//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_pousse_among_the_board_games() {
    game_test::files::assert_listed(DIR, "Pousse", "Board Games");
}

#[test]
fn the_icon_in_the_games_colours() {
    let icon = game_test::files::icon(DIR);
    use pousse::game::{O_COLOR, STRAIGHT_TILE, X_COLOR};
    assert!(icon.has(X_COLOR) && icon.has(O_COLOR) && icon.has(STRAIGHT_TILE));
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let help = game_test::files::assert_titles(DIR, &["Pousse", "Controls"]);
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
}

#[test]
fn the_manual_has_its_sections() {
    let manual = game_test::files::assert_manual(
        DIR,
        "Pousse",
        "rules playing keyboard players computer undo records statistics differences",
    );
    // Its one picture is a PNG beside it, drawn by examples/render_board.rs.
    assert_eq!(manual.image_paths(), ["manual/board.png"]);
    let bytes = std::fs::read(std::path::Path::new(DIR).join("manual/board.png")).unwrap();
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
    game_test::assert_conforms(DIR, &pousse::GAME_TABLE);
}
