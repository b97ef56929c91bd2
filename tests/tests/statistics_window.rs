//! The Statistics window (issue 40): it opens as large as its table within
//! the console, every column readable (the Best column's "98 dollars" and
//! "3:27 · 8 turns" included) at the console's default size and in a large
//! console, and its corner resizes it. A score counted in seconds is shown
//! once, as a time.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use launcher::LauncherApp;
use launcher::player::PlayerFiles;
use launcher_tests::{BundledGame, GamesDir, Settle, bundled_games};
use std::path::Path;

/// The console's size once fitted to the collection.
const DEFAULT_SIZE: [f32; 2] = [696.0, 414.0];

/// The collection's games by name and set, each on the `hello_game` test
/// library (the statistics are what is measured, not the games).
fn collection_names() -> (GamesDir, Vec<BundledGame>) {
    let games = GamesDir::new();
    let bundled = bundled_games();
    for game in &bundled {
        games.add_with_library(
            &game.dir_name,
            &format!(
                "game = \"hello_game\"\nname = \"{}\"\ngame-set = \"{}\"\n",
                game.name, game.game_set
            ),
            "hello_game",
        );
    }
    (games, bundled)
}

/// Records as the players had them: Blackjack's dollars, Gobblet's turns
/// and time, Minesweeper's seconds, Chat Noir's variants.
fn records(dir: &Path) {
    let now = launcher::player::now();
    std::fs::write(
        dir.join("plays.toml"),
        format!(
            "[games.blackjack]\ntimes-played = 5\nlast-played = {now}\nwon = 3\nlost = 2\n\
             best-streak = 2\nbest-score = 98\nscore-unit = \"dollars\"\n\
             [games.gobblet]\ntimes-played = 3\nlast-played = {now}\nwon = 2\n\
             won-with-help = 1\nlost = 1\ncurrent-streak = 1\nbest-streak = 1\n\
             best-time-ms = 207000\nbest-score = 8\nlower-is-better = true\n\
             score-unit = \"turns\"\n\
             [games.minesweeper]\ntimes-played = 2\nlast-played = {now}\nwon = 1\nlost = 1\n\
             best-streak = 1\nbest-time-ms = 217400\nbest-score = 217\n\
             lower-is-better = true\nscore-unit = \"seconds\"\n\
             [games.chat-noir]\ntimes-played = 4\nlast-played = {now}\nwon = 3\nlost = 1\n\
             best-streak = 2\nbest-time-ms = 20000\n\
             [games.chat-noir.variants.\"Size 7, Cat Clever\"]\nwon = 2\nlost = 1\n\
             best-streak = 1\nbest-time-ms = 200000\n\
             [games.chat-noir.variants.\"Size 5, Cat Classic\"]\nwon = 1\nbest-streak = 1\n\
             best-time-ms = 20000\n"
        ),
    )
    .unwrap();
}

fn statistics_at(games: &GamesDir, player: &Path, size: [f32; 2]) -> Harness<'static, LauncherApp> {
    let mut config = launcher_tests::console_config([games.path()]);
    config.player = Some(PlayerFiles::in_dir(player));
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size(size)
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    harness.settle();
    harness.get_by_label("Launcher").click();
    harness.settle();
    harness.get_by_label("Statistics...").click();
    harness.settle();
    harness
}

/// The Statistics window's rectangle on screen.
fn window_rect(harness: &Harness<'_, LauncherApp>) -> egui::Rect {
    harness
        .get_by_role_and_label(Role::Window, "Statistics")
        .rect()
}

/// Asserts that the texts `cells` are each whole inside the window (once
/// scrolled to: rows that do not fit go on below), and the window inside
/// the console.
fn assert_readable(harness: &mut Harness<'_, LauncherApp>, cells: &[&str], at: &str) {
    let window = window_rect(harness);
    let screen = harness.ctx.content_rect();
    assert!(
        screen.contains_rect(window),
        "the window {window:?} is inside the console {screen:?} at {at}"
    );
    // A text of the table (a game's name is a console button's too).
    let node = |harness: &Harness<'_, LauncherApp>, cell: &str| {
        let node = harness
            .query_all_by_role_and_label(Role::Label, cell)
            .next()
            .unwrap_or_else(|| panic!("{cell:?} is in the table at {at}"));
        node.rect()
    };
    for cell in cells {
        if !window.contains_rect(node(harness, cell)) {
            harness
                .query_all_by_role_and_label(Role::Label, cell)
                .next()
                .unwrap()
                .scroll_to_me();
            harness.settle();
        }
        let rect = node(harness, cell);
        assert!(
            window.contains_rect(rect),
            "{cell:?} at {rect:?} is cut off by the window {window:?} at {at}"
        );
    }
}

const COLUMNS: [&str; 6] = ["Game", "Played", "Won", "Lost", "Streak", "Best"];

#[test]
fn every_column_is_readable_at_the_consoles_default_size() {
    let (games, _) = collection_names();
    let player = tempfile::tempdir().unwrap();
    records(player.path());
    let mut harness = statistics_at(&games, player.path(), DEFAULT_SIZE);
    harness.snapshot("statistics_default_size");
    let mut cells = COLUMNS.to_vec();
    cells.extend(["98 dollars", "3:27 · 8 turns", "2 (1 with help)"]);
    // The first row's Reset button, the table's last column, and Reset
    // all, as it opens.
    let window = window_rect(&harness);
    let reset_all = harness.get_by_label("Reset all").rect();
    assert!(
        window.contains_rect(reset_all),
        "{reset_all:?} in {window:?}"
    );
    let first_reset = harness.query_all_by_label("Reset").next().unwrap().rect();
    assert!(
        window.contains_rect(first_reset),
        "Reset {first_reset:?} in {window:?}"
    );
    assert_readable(&mut harness, &cells, "696×414");
}

/// In a large console the window shows the whole table: every row and
/// every column, and no more room than the table's.
#[test]
fn in_a_large_console_the_window_holds_the_whole_table() {
    let (games, bundled) = collection_names();
    let player = tempfile::tempdir().unwrap();
    records(player.path());
    let mut harness = statistics_at(&games, player.path(), [1350.0, 900.0]);
    harness.snapshot("statistics_large_console");
    let mut cells = COLUMNS.to_vec();
    cells.extend([
        "98 dollars",
        "3:27 · 8 turns",
        "3:37",
        "   Size 7, Cat Clever",
    ]);
    let names: Vec<&str> = bundled.iter().map(|g| g.name.as_str()).collect();
    cells.extend(&names);
    assert_readable(&mut harness, &cells, "1350×900");
    let window = window_rect(&harness);
    for reset in harness.query_all_by_label("Reset") {
        assert!(
            window.contains_rect(reset.rect()),
            "Reset {:?} in {window:?}",
            reset.rect()
        );
    }
    assert!(
        window.width() < 900.0 && window.height() < 850.0,
        "the window {window:?} is about as large as its table"
    );
}

/// Minesweeper's score counts seconds: its best is a time, shown once.
#[test]
fn a_score_in_seconds_is_shown_once_as_a_time() {
    let (games, _) = collection_names();
    let player = tempfile::tempdir().unwrap();
    records(player.path());
    let harness = statistics_at(&games, player.path(), [1350.0, 900.0]);
    harness.get_by_label("3:37");
    assert!(harness.query_by_label_contains("217 seconds").is_none());
    assert!(harness.query_by_label_contains("3:37 ·").is_none());
}

/// Drags the pointer from `from` to `to` with the primary button held, in
/// steps, as a hand does.
fn drag(harness: &mut Harness<'_, LauncherApp>, from: egui::Pos2, to: egui::Pos2) {
    harness.hover_at(from);
    harness.settle();
    for (pressed, at) in [(true, from), (false, to)] {
        if !pressed {
            for step in 1..=10 {
                harness.hover_at(from + (to - from) * (step as f32 / 10.0));
                harness.settle();
            }
        }
        harness.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        });
        harness.settle();
    }
}

/// The window's corner makes it smaller (what no longer fits scrolls)
/// and larger again, up to the console.
#[test]
fn the_corner_resizes_the_window() {
    let (games, _) = collection_names();
    let player = tempfile::tempdir().unwrap();
    records(player.path());
    let mut harness = statistics_at(&games, player.path(), [1350.0, 900.0]);
    let before = window_rect(&harness);
    let corner = before.right_bottom() - egui::vec2(3.0, 3.0);
    drag(&mut harness, corner, corner - egui::vec2(150.0, 200.0));
    let smaller = window_rect(&harness);
    assert!(
        smaller.width() < before.width() - 100.0 && smaller.height() < before.height() - 150.0,
        "{before:?} made smaller: {smaller:?}"
    );
    let corner = smaller.right_bottom() - egui::vec2(3.0, 3.0);
    drag(&mut harness, corner, corner + egui::vec2(300.0, 300.0));
    let larger = window_rect(&harness);
    assert!(
        larger.width() > smaller.width() + 250.0 && larger.height() > smaller.height() + 250.0,
        "{smaller:?} made larger: {larger:?}"
    );
    // What the larger window holds is the table's, not empty room.
    let best = harness
        .query_all_by_role_and_label(egui::accesskit::Role::Label, "3:27 · 8 turns")
        .next()
        .unwrap()
        .rect();
    assert!(larger.contains_rect(best), "{best:?} in {larger:?}");
}
