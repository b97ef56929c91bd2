//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_parcheesi_among_the_board_games() {
    game_test::files::assert_listed(DIR, "Parcheesi", "Board Games");
}

#[test]
fn the_icon_in_the_games_colours() {
    let icon = game_test::files::icon(DIR);
    use parcheesi::rules::Color;
    for c in Color::ALL {
        assert!(icon.has(parcheesi::game::pawn_color(c)), "{c:?}");
    }
    assert!(icon.has(parcheesi::game::TRACK));
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    let help = game_test::files::assert_titles(
        DIR,
        &["Parcheesi", "The rules", "Controls", "The computer players"],
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
    game_test::assert_conforms(DIR, &parcheesi::GAME_TABLE);
}
