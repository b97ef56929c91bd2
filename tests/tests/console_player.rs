//! The console for a player who keeps it open (issue 14), driven by
//! egui_kittest: keyboard first (arrows, Enter, typing to find, F1
//! for help), recently played games and favourites remembered across a
//! restart, play statistics, the theme, the console at 800×600 pixels and
//! at a scale factor of 2, and a corrupt file of the player's reported and
//! replaced.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use launcher::LauncherApp;
use launcher::console::{FAVOURITES_GROUP, OWN_GROUPS_FROM, RECENT_GROUP};
use launcher::player::{PlayerFiles, ThemeChoice};
use launcher_tests::GamesDir;
use launcher_tests::Settle;
use std::path::Path;
use support::open_dirs;

mod support;

/// Three games in two sets; Hello Game has a text help.
fn games() -> GamesDir {
    let games = GamesDir::new();
    let hello = games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
    std::fs::write(hello.join("doc.txt"), "Hello Game\n\nSay hello.\n").unwrap();
    games.add_with_library(
        "grow-canvas",
        "game = \"grow_canvas\"\nname = \"Grow Canvas\"\n",
        "grow_canvas",
    );
    games.add_with_library(
        "panicky",
        "game = \"panicky\"\ngame-set = \"Risky Games\"\n",
        "panicky",
    );
    games
}

/// The three games of [`games`] and enough more in a set of their own
/// that the console shows the player's groups (`OWN_GROUPS_FROM`).
fn many_games() -> GamesDir {
    let games = games();
    for i in 3..OWN_GROUPS_FROM {
        games.add_with_library(
            &format!("more-{i:02}"),
            &format!("game = \"hello_game\"\nname = \"More {i:02}\"\ngame-set = \"More Games\"\n"),
            "hello_game",
        );
    }
    games
}

/// The console on `games`, remembering its player in `player` (if any).
fn console(games: &GamesDir, player: Option<&Path>) -> Harness<'static, LauncherApp> {
    console_sized(games, player, [900.0, 700.0], 1.0)
}

fn console_sized(
    games: &GamesDir,
    player: Option<&Path>,
    size: [f32; 2],
    pixels_per_point: f32,
) -> Harness<'static, LauncherApp> {
    let mut config = launcher_tests::console_config([games.path()]);
    config.player = player.map(PlayerFiles::in_dir);
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size(size)
        .with_pixels_per_point(pixels_per_point)
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    harness.settle();
    harness
}

fn press(harness: &mut Harness<'_, LauncherApp>, key: egui::Key) {
    harness.key_press(key);
    harness.settle();
}

/// The label of the console button that has the keyboard focus.
fn focused_button(harness: &Harness<'_, LauncherApp>) -> Option<String> {
    harness
        .query_all_by_role(Role::Button)
        .find(|node| node.is_focused())
        .and_then(|node| node.accesskit_node().label())
}

fn find_text(harness: &Harness<'_, LauncherApp>) -> String {
    harness
        .get_by_role(Role::TextInput)
        .accesskit_node()
        .value()
        .unwrap_or_default()
}

#[test]
fn the_arrow_keys_walk_the_games_in_reading_order_and_enter_starts_one() {
    let games = games();
    let mut harness = console(&games, None);
    // Other Games (Grow Canvas, Hello Game), then Risky Games (Panicky).
    press(&mut harness, egui::Key::ArrowDown);
    assert_eq!(focused_button(&harness).as_deref(), Some("Grow Canvas"));
    press(&mut harness, egui::Key::ArrowRight);
    assert_eq!(focused_button(&harness).as_deref(), Some("Hello Game"));
    press(&mut harness, egui::Key::ArrowDown);
    assert_eq!(
        focused_button(&harness).as_deref(),
        Some("Panicky"),
        "across the set groups"
    );
    press(&mut harness, egui::Key::ArrowDown);
    assert_eq!(
        focused_button(&harness).as_deref(),
        Some("Panicky"),
        "the last stays"
    );
    press(&mut harness, egui::Key::ArrowUp);
    press(&mut harness, egui::Key::ArrowLeft);
    assert_eq!(focused_button(&harness).as_deref(), Some("Grow Canvas"));
    press(&mut harness, egui::Key::ArrowRight);
    assert!(harness.state().open_games().is_empty());
    press(&mut harness, egui::Key::Enter);
    harness.settle();
    assert_eq!(
        open_dirs(&harness),
        ["hello-game"],
        "Enter starts the focused game"
    );
}

/// Enter in "Find a game" starts the game found when only one matches;
/// with two or more it starts none (the arrows choose).
#[test]
fn enter_in_find_starts_the_only_game_found() {
    let games = games();
    let mut harness = console(&games, None);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::F);
    harness.settle();
    harness.event(egui::Event::Text("a".into()));
    harness.settle();
    assert_eq!(find_text(&harness), "a");
    harness.key_press(egui::Key::Enter);
    harness.settle();
    assert!(
        open_dirs(&harness).is_empty(),
        "\"a\" finds all three games: nothing starts"
    );
    harness
        .get_by_role_and_label(Role::TextInput, "Find a game:")
        .focus();
    harness.settle();
    harness.event(egui::Event::Text("nic".into()));
    harness.settle();
    assert_eq!(find_text(&harness), "anic");
    harness.key_press(egui::Key::Enter);
    harness.settle();
    assert_eq!(open_dirs(&harness), ["panicky"]);
}

#[test]
fn typing_anywhere_starts_find_and_question_mark_is_typed_like_any_character() {
    let games = games();
    let mut harness = console(&games, None);
    harness.event(egui::Event::Text("hel".into()));
    harness.settle();
    harness.event(egui::Event::Text("lo".into()));
    harness.settle();
    assert_eq!(find_text(&harness), "hello", "no letter lost, none doubled");
    assert!(harness.query_by_label("Grow Canvas").is_none(), "narrowed");
    harness.get_by_label("Hello Game");
    // Down from Find goes to the first game found; `?` is no help key in
    // the console (it is Hint in a game window; F1 is help in both).
    press(&mut harness, egui::Key::ArrowDown);
    assert_eq!(focused_button(&harness).as_deref(), Some("Hello Game"));
    harness.event(egui::Event::Text("?".into()));
    harness.settle();
    harness.settle();
    assert!(
        harness
            .state()
            .help_windows()
            .text_window("hello-game")
            .is_none(),
        "? opened no help"
    );
    assert_eq!(find_text(&harness), "hello?", "? is typed into Find");
}

#[test]
fn f1_opens_the_focused_games_help_and_space_alone_starts_no_search() {
    let games = games();
    let mut harness = console(&games, None);
    press(&mut harness, egui::Key::ArrowDown);
    press(&mut harness, egui::Key::ArrowDown);
    assert_eq!(focused_button(&harness).as_deref(), Some("Hello Game"));
    press(&mut harness, egui::Key::F1);
    harness.settle();
    assert!(
        harness
            .state()
            .help_windows()
            .text_window("hello-game")
            .is_some()
    );
    // Space types a " " too: it presses the focused button, it is no search.
    harness.event(egui::Event::Text(" ".into()));
    press(&mut harness, egui::Key::Space);
    harness.settle();
    assert_eq!(find_text(&harness), "");
    assert_eq!(
        open_dirs(&harness),
        ["hello-game"],
        "Space started the focused game"
    );
}

/// Right-clicks a game's (first) console button and picks `entry` in its
/// menu.
fn context_menu(harness: &mut Harness<'_, LauncherApp>, game: &str, entry: &str) {
    harness
        .query_all_by_role_and_label(Role::Button, game)
        .next()
        .expect("the game's button")
        .click_secondary();
    harness.settle();
    harness.get_by_label(entry).click();
    harness.settle();
}

#[test]
fn recent_games_and_favourites_survive_a_restart() {
    let games = many_games();
    let player = tempfile::tempdir().unwrap();
    {
        let mut harness = console(&games, Some(player.path()));
        // Nothing played yet: the strip is there already, saying what
        // will be in it (so that the first game played moves nothing).
        harness.get_by_label(RECENT_GROUP);
        harness.get_by_label(launcher::console::RECENT_EMPTY);
        context_menu(&mut harness, "Grow Canvas", "Add to favourites");
        harness.get_by_label(FAVOURITES_GROUP);
        assert!(harness.state().plays().is_favourite("grow-canvas"));
        harness
            .get_by_role_and_label(Role::Button, "Hello Game")
            .click();
        harness.settle();
        assert_eq!(harness.state().open_games().len(), 1);
    }
    let plays = std::fs::read_to_string(player.path().join("plays.toml")).unwrap();
    assert!(plays.contains("[games.hello-game]"), "{plays}");
    assert!(plays.contains("times-played = 1"), "{plays}");

    // The launcher starts again: the game left open is open again (not a
    // new play); closed, it leaves the console whole.
    let mut harness = console(&games, Some(player.path()));
    assert_eq!(harness.state().open_games().len(), 1);
    harness.get_by_label("Game").click();
    harness.settle();
    harness.get_by_label("Close window").click();
    harness.settle();
    assert!(harness.state().open_games().is_empty());
    // The groups are back, first.
    harness.get_by_label(RECENT_GROUP);
    harness.get_by_label(FAVOURITES_GROUP);
    let recent = harness.get_by_label(RECENT_GROUP).rect().min.y;
    let other = harness.get_by_label("Other Games").rect();
    assert!(recent <= other.min.y, "Recently played comes first");
    // The favourite is starred wherever its button is (and says so to a
    // screen reader).
    assert_eq!(
        harness
            .query_all_by_role_and_label(Role::Button, "Grow Canvas, favourite")
            .count(),
        2,
        "in Favourites and in its set"
    );
    assert_eq!(
        harness
            .query_all_by_role_and_label(Role::Button, "Hello Game")
            .count(),
        2,
        "in Recently played and in its set"
    );
    // Its tooltip says how often and when.
    harness
        .query_all_by_role_and_label(Role::Button, "Hello Game")
        .next()
        .unwrap()
        .hover();
    harness.settle();
    harness.get_by_label_contains("Opened once, last just now");

    context_menu(
        &mut harness,
        "Grow Canvas, favourite",
        "Remove from favourites",
    );
    assert!(harness.query_by_label(FAVOURITES_GROUP).is_none());
    assert!(!harness.state().plays().is_favourite("grow-canvas"));
}

#[test]
fn a_console_of_few_games_shows_each_once_with_its_star() {
    let games = games();
    let player = tempfile::tempdir().unwrap();
    let mut harness = console(&games, Some(player.path()));
    context_menu(&mut harness, "Grow Canvas", "Add to favourites");
    harness
        .get_by_role_and_label(Role::Button, "Hello Game")
        .click();
    harness.settle();
    assert_eq!(harness.state().open_games().len(), 1);
    // Played and a favourite, yet no group of their own: three games are
    // all in sight, each on one button.
    assert!(harness.query_by_label(RECENT_GROUP).is_none());
    assert!(harness.query_by_label(FAVOURITES_GROUP).is_none());
    for label in ["Hello Game", "Grow Canvas, favourite", "Panicky"] {
        assert_eq!(
            harness
                .query_all_by_role_and_label(Role::Button, label)
                .count(),
            1,
            "{label} shown once"
        );
    }
    assert!(harness.state().plays().is_favourite("grow-canvas"));
}

#[test]
fn the_statistics_window_lists_every_game_and_resets_them() {
    let games = games();
    let player = tempfile::tempdir().unwrap();
    let two_days_ago = launcher::player::now() - 2 * 86_400 - 60;
    std::fs::write(
        player.path().join("plays.toml"),
        format!(
            "[games.hello-game]\ntimes-played = 3\nlast-played = {two_days_ago}\n\
             won = 4\nlost = 1\ncurrent-streak = 2\nbest-streak = 3\n"
        ),
    )
    .unwrap();
    // The console's opening size (main.rs).
    let mut harness = console_sized(&games, Some(player.path()), [560.0, 400.0], 1.0);
    harness
        .query_all_by_role_and_label(Role::Button, "Hello Game")
        .next()
        .unwrap()
        .hover();
    harness.settle();
    // Opened three times, five games finished: games are counted as they
    // end, not as their window opens (issue 30).
    harness.get_by_label_contains("Played 5 games, last opened 2 days ago; won 4, lost 1");
    harness.get_by_label("Launcher").click();
    harness.settle();
    harness.get_by_label("Statistics...").click();
    harness.settle();
    harness.get_by_label("What you played on this computer. Nothing leaves it.");
    harness.get_by_label("5");
    harness.get_by_label("2, best 3");
    // At the console's opening size every column shows, Reset included.
    let screen = harness.ctx.content_rect();
    for reset in harness.query_all_by_label("Reset") {
        assert!(
            screen.contains_rect(reset.rect()),
            "{:?} in {screen:?}",
            reset.rect()
        );
    }
    harness.get_by_label("Reset all").click();
    harness.settle();
    assert_eq!(
        harness.state().plays().games["hello-game"].times_played,
        0,
        "reset"
    );
    assert!(harness.query_by_label("2, best 3").is_none());
    let plays = std::fs::read_to_string(player.path().join("plays.toml")).unwrap();
    assert!(plays.contains("times-played = 0"), "{plays}");
}

#[test]
fn the_theme_chosen_is_used_and_remembered() {
    let games = games();
    let player = tempfile::tempdir().unwrap();
    {
        let mut harness = console(&games, Some(player.path()));
        assert_eq!(harness.state().settings().theme, ThemeChoice::System);
        for theme in ["Light", "Dark"] {
            harness.get_by_label("Launcher").click();
            harness.settle();
            harness.get_by_label("Theme").click();
            harness.settle();
            harness.get_by_label(theme).click();
            harness.settle();
        }
        assert_eq!(harness.ctx.theme(), egui::Theme::Dark);
        assert_eq!(harness.state().settings().theme, ThemeChoice::Dark);
    }
    let settings = std::fs::read_to_string(player.path().join("settings.toml")).unwrap();
    assert!(settings.contains("theme = \"dark\""), "{settings}");
    let harness = console(&games, Some(player.path()));
    assert_eq!(harness.state().settings().theme, ThemeChoice::Dark);
    assert_eq!(
        harness.ctx.options(|o| o.theme_preference),
        egui::ThemePreference::Dark
    );
}

#[test]
fn a_corrupt_file_is_reported_once_set_aside_and_replaced() {
    let games = many_games();
    let player = tempfile::tempdir().unwrap();
    std::fs::write(player.path().join("plays.toml"), "[games\nnot toml at all").unwrap();
    let mut harness = console(&games, Some(player.path()));
    harness.get_by_label_contains("plays.toml could not be read");
    assert!(player.path().join("plays.toml.corrupt").exists(), "kept");
    harness
        .get_by_role_and_label(Role::Button, "Hello Game")
        .click();
    harness.settle();
    drop(harness);
    let harness = console(&games, Some(player.path()));
    assert!(
        harness
            .query_by_label_contains("could not be read")
            .is_none(),
        "reported once"
    );
    harness.get_by_label(RECENT_GROUP);
}

#[test]
fn at_800_by_600_pixels_and_a_scale_of_2_nothing_is_cut_off() {
    let games = GamesDir::new();
    // Enough games that the console must scroll.
    for i in 0..12 {
        games.add_with_library(
            &format!("game-{i:02}"),
            &format!("game = \"hello_game\"\nname = \"Game {i:02}\"\n"),
            "hello_game",
        );
    }
    for (size, scale) in [([800.0, 600.0], 1.0), ([400.0, 300.0], 2.0)] {
        let mut harness = console_sized(&games, None, size, scale);
        let window = harness.ctx.content_rect();
        let inside = |rect: egui::Rect| window.contains_rect(rect);
        for label in ["Launcher", "Help"] {
            assert!(
                inside(harness.get_by_label(label).rect()),
                "{label} at {scale}"
            );
        }
        let find = harness.get_by_role(Role::TextInput).rect();
        assert!(
            inside(find),
            "Find a game at {scale}: {find:?} in {window:?}"
        );
        assert!(find.width() >= 60.0, "Find a game has room to type");
        let first = harness
            .get_by_role_and_label(Role::Button, "Game 00")
            .rect();
        assert!(inside(first), "the first game at {scale}");
        // The last game is reached by the keyboard, which scrolls to it.
        for _ in 0..12 {
            press(&mut harness, egui::Key::ArrowDown);
        }
        harness.settle();
        assert_eq!(focused_button(&harness).as_deref(), Some("Game 11"));
        let last = harness
            .get_by_role_and_label(Role::Button, "Game 11")
            .rect();
        assert!(
            inside(last),
            "scrolled to the last game at {scale}: {last:?}"
        );
    }
}
