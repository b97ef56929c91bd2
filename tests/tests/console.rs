//! The real console, driven by egui_kittest: groups and buttons, starting a
//! game by clicking it, no second copy, problems listed, crashes survived.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use game_api::Point;
use launcher::{LauncherApp, LauncherConfig};
use launcher_tests::GamesDir;
use launcher_tests::{Settle, run_until};
use support::{click_at, open_dirs};

mod support;

fn games() -> GamesDir {
    let games = GamesDir::new();
    games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
    games.add_with_library(
        "panicky",
        "game = \"panicky\"\ngame-set = \"Risky Games\"\n",
        "panicky",
    );
    games.add("broken", "game = \"x\"\nname = Broken Game\n");
    games
}

fn harness(games: &GamesDir) -> Harness<'static, LauncherApp> {
    harness_with(launcher_tests::console_config([games.path()]))
}

fn harness_with(config: LauncherConfig) -> Harness<'static, LauncherApp> {
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 700.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    harness.settle();
    harness
}

/// The console's button for a game (its window has the same title).
fn button<'h>(harness: &'h Harness<'_, LauncherApp>, name: &'h str) -> egui_kittest::Node<'h> {
    harness.get_by_role_and_label(egui::accesskit::Role::Button, name)
}

/// Clicks at a point of an open game's canvas, as a mouse would.
fn click_canvas(harness: &mut Harness<'_, LauncherApp>, dir_name: &str, at: Point) {
    let transform = harness
        .state_mut()
        .open_game_mut(dir_name)
        .unwrap()
        .canvas_transform()
        .unwrap();
    click_at(harness, transform.to_screen(at));
}

#[test]
fn the_console_shows_each_set_with_its_games() {
    let games = games();
    let harness = harness(&games);
    harness.get_by_label("Other Games");
    harness.get_by_label("Risky Games");
    harness.get_by_label("Hello Game");
    harness.get_by_label("Panicky");
    // A broken game is listed, marked, and its problem is shown with the file.
    harness.get_by_label("Broken (cannot start)");
    harness.get_by_label_contains("broken/info.toml: line 2, column 8: TOML syntax error");
}

#[test]
fn clicking_a_game_opens_it_once_and_it_plays() {
    let games = games();
    let mut harness = harness(&games);
    assert!(
        harness.state().open_games().is_empty(),
        "scanning starts no game"
    );

    button(&harness, "Hello Game").click();
    harness.settle();
    assert_eq!(harness.state().open_games().len(), 1);
    harness.get_by_label("Clicks: 0 Key: ");

    // A second click brings the window forward instead of a second copy.
    button(&harness, "Hello Game").click();
    harness.settle();
    assert_eq!(harness.state().open_games().len(), 1);

    click_canvas(&mut harness, "hello-game", Point::new(100.0, 50.0));
    harness.get_by_label("Clicks: 1 Key: ");
    harness.get_by_label("Reset").click();
    harness.settle();
    harness.get_by_label("Clicks: 0 Key: ");

    // A game that asks the host for a redraw is read and drawn again.
    harness.key_press(egui::Key::R);
    harness.settle();
    harness.get_by_label("Clicks: 10 Key: ");
    let game = harness.state_mut().open_game_mut("hello-game").unwrap();
    assert_eq!(
        game.drawing().shapes.len(),
        1 + 8,
        "the background and eight dots"
    );

    // Closing the game's window ends the game; the console stays.
    harness.get_by_label("Game").click();
    harness.settle();
    harness.get_by_label("Close window").click();
    harness.settle();
    assert!(harness.state().open_games().is_empty());
    harness.get_by_label("Hello Game");
}

#[test]
fn a_broken_game_explains_itself_when_clicked() {
    let games = games();
    let mut harness = harness(&games);
    harness.get_by_label("Broken (cannot start)").click();
    harness.settle();
    assert!(harness.state().open_games().is_empty());
    harness.get_by_label_contains("Broken cannot start: error:");
}

#[test]
fn a_panicking_game_closes_with_its_message_and_can_start_again() {
    let games = games();
    let mut harness = harness(&games);
    button(&harness, "Panicky").click();
    harness.settle();
    assert_eq!(
        harness.state().open_games().len(),
        1,
        "{:?}",
        harness.state().notices()
    );
    harness.get_by_label("Panic in draw").click();
    harness.settle();
    assert!(
        harness.state().open_games().is_empty(),
        "the crashed game's window closed"
    );
    harness.get_by_label_contains(
        "Panicky was closed: the game crashed (panicked) in draw: panicky panicked while drawing",
    );

    // The console still responds, and Panicky starts again.
    button(&harness, "Panicky").click();
    harness.settle();
    assert_eq!(open_dirs(&harness), ["panicky"]);
    harness.get_by_label("Press P to panic");
}

#[test]
fn a_game_dropped_into_a_games_directory_shows_without_a_restart() {
    let games = GamesDir::new();
    games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
    let mut config = launcher_tests::console_config([games.path()]);
    config.watch_games_dirs = true;
    let mut harness = harness_with(config);
    assert!(harness.query_by_label("Dropped In").is_none());
    let watched = harness
        .state()
        .watcher()
        .expect("the console watches")
        .watched();
    assert!(watched.contains(games.path()), "{watched:?}");

    // A third party copies a game in, as the manual says: a directory with
    // info.toml and a library.
    games.add_with_library(
        "dropped-in",
        "game = \"hello_game\"\ngame-set = \"New Games\"\n",
        "hello_game",
    );
    run_until(&mut harness, "the new game's button", |h| {
        h.query_by_label("Dropped In").is_some()
    });
    assert!(harness.query_by_label("New Games").is_some());
    // It plays.
    button(&harness, "Dropped In").click();
    harness.settle();
    assert_eq!(harness.state().open_games().len(), 1);

    // Its manifest edited in place: the console follows.
    std::fs::write(
        games.path().join("dropped-in/info.toml"),
        "game = \"hello_game\"\nname = \"Renamed Game\"\n",
    )
    .unwrap();
    run_until(&mut harness, "the renamed button", |h| {
        h.query_by_label("Renamed Game").is_some() && h.query_by_label("Dropped In").is_none()
    });

    // Removed: the button goes, the other game stays.
    std::fs::remove_dir_all(games.path().join("dropped-in")).unwrap();
    run_until(&mut harness, "the removed game's button to go", |h| {
        h.query_by_label("Renamed Game").is_none()
    });
    // The other game's button stays (the game opened above, whose library
    // is Hello Game's, is still open too).
    button(&harness, "Hello Game");
    assert_eq!(harness.state().open_games().len(), 1);
}

#[test]
fn find_a_game_narrows_the_console_and_escape_shows_every_game_again() {
    let games = games();
    let mut harness = harness(&games);
    let field = harness
        .get_by_role_and_label(egui::accesskit::Role::TextInput, "Find a game:")
        .rect()
        .center();
    click_at(&mut harness, field);

    // A set's name finds its games.
    harness.event(egui::Event::Text("risky".into()));
    harness.settle();
    button(&harness, "Panicky");
    assert!(harness.query_by_label("Hello Game").is_none());
    assert!(harness.query_by_label("Broken (cannot start)").is_none());

    // Nothing matches: the console says so.
    harness.event(egui::Event::Text("zzz".into()));
    harness.settle();
    harness.get_by_label_contains("No game matches \"riskyzzz\"");
    assert!(harness.query_by_label("Panicky").is_none());

    // Escape clears the search.
    harness.key_press(egui::Key::Escape);
    harness.settle();
    for name in ["Hello Game", "Panicky", "Broken (cannot start)"] {
        button(&harness, name);
    }
    assert!(harness.query_by_label_contains("No game matches").is_none());
}

#[test]
fn a_game_that_hangs_while_drawing_is_not_responding_and_stop_ends_only_it() {
    let games = GamesDir::new();
    games.add_with_library("hang-draw", "game = \"hang_draw\"\n", "hang_draw");
    games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
    let mut config = launcher_tests::console_config([games.path()]);
    config.processes.answer_within = std::time::Duration::from_millis(500);
    let mut harness = harness_with(config);

    // Its window opens at once; the console does not wait for it.
    button(&harness, "Hang Draw").click();
    harness.settle();
    assert_eq!(open_dirs(&harness), ["hang-draw"]);
    support::step_until(&mut harness, "Hang Draw not responding", |h| {
        h.query_by_label("Hang Draw is not responding").is_some()
    });
    harness.get_by_label("Stop").click();
    support::step_until(&mut harness, "Hang Draw stopped", |h| {
        h.query_by_label_contains("Hang Draw stopped: it was stopped while drawing")
            .is_some()
    });
    harness.get_by_label("Restart");

    // The console still works: another game opens (as its button does;
    // the stopped window lies over the button here) and plays.
    let ctx = harness.ctx.clone();
    harness.state_mut().open_game(&ctx, "hello-game");
    harness.settle();
    assert_eq!(open_dirs(&harness), ["hang-draw", "hello-game"]);
    click_canvas(&mut harness, "hello-game", Point::new(100.0, 50.0));
    harness.get_by_label_contains("Clicks: 1");
    // Close takes the stopped game's window away.
    harness.get_by_label("Close").click();
    harness.settle();
    assert_eq!(open_dirs(&harness), ["hello-game"]);
}

/// A console of many games lays out only the rows on screen; scrolling
/// brings the others, each exactly where it belongs.
#[test]
fn a_long_list_of_games_scrolls_and_keeps_its_shape() {
    let games = GamesDir::new();
    games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
    std::fs::write(games.path().join("hello-game/doc.txt"), "Help\n").unwrap();
    for i in 0..40 {
        games.add(
            &format!("game-{i:02}"),
            &format!("game = \"game_{i}\"\nname = \"Game {i:02}\"\n"),
        );
    }
    let mut harness = harness(&games);
    let row = |h: &Harness<'_, LauncherApp>, i: usize| {
        button(h, &format!("Game {i:02} (cannot start)")).rect()
    };
    let step = row(&harness, 1).top() - row(&harness, 0).top();
    assert!(step >= 40.0, "rows of 32-pixel icons: {step}");
    assert!(
        harness.query_by_label("Game 39 (cannot start)").is_none(),
        "rows off screen are not laid out"
    );

    // Scroll down a little, over empty space: a row on screen before and
    // after moved by exactly the distance scrolled, though the rows above it
    // went off screen (and only take their place now).
    let before = row(&harness, 10);
    harness.hover_at(egui::pos2(850.0, 600.0));
    let scroll = |h: &mut Harness<'_, LauncherApp>, by: f32| {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -by),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: Default::default(),
        });
        h.settle();
    };
    scroll(&mut harness, 4.0 * step);
    let after = row(&harness, 10);
    assert!(harness.query_by_label("Game 00 (cannot start)").is_none());
    assert!(
        (before.top() - after.top() - 4.0 * step).abs() < 0.5,
        "{before:?} -> {after:?}, {step} per row"
    );
    assert_eq!(before.width(), after.width());

    // Down to the last rows (the Problems list of 40 broken games follows):
    // in order, the same distance apart.
    for _ in 0..5 {
        scroll(&mut harness, 5.0 * step);
    }
    let last = row(&harness, 39);
    assert!((last.top() - row(&harness, 38).top() - step).abs() < 0.5);
    let hello = button(&harness, "Hello Game").rect();
    assert!(
        (hello.top() - last.top() - step).abs() < 0.5,
        "Hello Game sorts last"
    );
    assert_eq!(hello.left(), last.left());
    button(&harness, "Help for Hello Game");
    button(&harness, "Hello Game").click();
    harness.settle();
    assert_eq!(harness.state().open_games().len(), 1);
}

#[test]
fn f5_rescans_on_a_thread_of_its_own_and_shows_the_new_catalog() {
    let games = games();
    let mut harness = harness(&games);
    assert!(harness.query_by_label("Late Comer").is_none());
    games.add_with_library("late-comer", "game = \"hello_game\"\n", "hello_game");
    harness.key_press(egui::Key::F5);
    // The frame that took F5 returned without scanning: the console stays
    // responsive while a long search path is read.
    run_until(&mut harness, "the rescanned game's button", |h| {
        h.query_by_label("Late Comer").is_some()
    });
    assert!(!harness.state().is_scanning());
    // The games that were there are still there.
    button(&harness, "Hello Game");
    button(&harness, "Panicky");
}

/// A game that asks for tens of thousands of different glyphs each frame
/// (every Latin letter at 207 sizes) gets what fits its glyph budget, the
/// player is told that text was cut, and the font atlas that the console
/// shares with every window never fills: the console's own labels keep
/// their letters, and another game still plays.
#[test]
fn a_glyph_bomb_is_cut_to_its_budget_and_the_consoles_text_stays_intact() {
    let games = GamesDir::new();
    games.add_with_library("glyph-bomb", "game = \"glyph_bomb\"\n", "glyph_bomb");
    games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
    let mut harness = harness(&games);
    button(&harness, "Hello Game").click();
    harness.settle();
    // Hello Game's window covers the console's buttons here; open the second
    // game as its button does.
    let ctx = harness.ctx.clone();
    harness.state_mut().open_game(&ctx, "glyph-bomb");
    harness.settle();
    for _ in 0..5 {
        harness.step();
    }
    assert_eq!(open_dirs(&harness), ["hello-game", "glyph-bomb"]);
    let warning = harness
        .state_mut()
        .open_game_mut("glyph-bomb")
        .unwrap()
        .warning()
        .map(str::to_owned)
        .unwrap_or_default();
    assert!(
        warning.contains(" texts not drawn: the game's text needs more than 1024 different characters at its sizes, or too much room for them."),
        "{warning}"
    );
    // The player sees it in the game's window.
    harness.get_by_label(&warning);
    let fill = harness.ctx.fonts(|fonts| fonts.font_atlas_fill_ratio());
    assert!(fill < 0.5, "the font atlas is {:.0}% full", fill * 100.0);
    // The other game's window is untouched: its whole frame is drawn.
    let hello = harness.state_mut().open_game_mut("hello-game").unwrap();
    assert_eq!(hello.warning(), None);
    assert!(!hello.drawing().shapes.is_empty());
    button(&harness, "Hello Game");
}

/// The heaviest frame the host's limits allow (199,999 canvas-covering
/// ellipses, about 90 million vertices if drawn whole) is drawn within the
/// frame budget, and the window says how much was cut.
#[test]
fn the_heaviest_allowed_frame_is_drawn_within_the_frame_budget() {
    let games = GamesDir::new();
    games.add_with_library("heavy-frame", "game = \"heavy_frame\"\n", "heavy_frame");
    let mut harness = harness(&games);
    button(&harness, "Heavy Frame").click();
    harness.settle();
    let game = harness.state_mut().open_game_mut("heavy-frame").unwrap();
    assert_eq!(game.drawing().shapes.len(), 199_999);
    let plan = game.frame_plan().expect("the frame was planned").clone();
    assert!(plan.vertices <= launcher::budget::MAX_FRAME_VERTICES);
    // 64 canvases of area: 64 ellipses that each cover the canvas.
    assert_eq!(plan.shapes_over_cost, 199_999 - 64);
    let warning = game.warning().unwrap_or_default().to_owned();
    assert!(
        warning.starts_with(
            "199935 shapes not drawn: the frame would cost more than the launcher allows"
        ),
        "{warning}"
    );
    harness.get_by_label(&warning);
}

/// The "Find a game" field's text, as the console shows it.
fn find_text(harness: &Harness<'_, LauncherApp>) -> String {
    harness
        .get_by_role_and_label(egui::accesskit::Role::TextInput, "Find a game:")
        .value()
        .unwrap_or_default()
}

/// Issue 17 (1): Escape clears Find after Enter has left the field, and
/// after a click elsewhere.
#[test]
fn escape_clears_find_after_enter_and_after_a_click_elsewhere() {
    let games = games();
    let mut harness = harness(&games);
    for leave in ["Enter", "a click elsewhere"] {
        harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::F);
        harness.settle();
        harness.event(egui::Event::Text("xyz".into()));
        harness.settle();
        harness.get_by_label_contains("No game matches \"xyz\"");
        if leave == "Enter" {
            harness.key_press(egui::Key::Enter);
            harness.settle();
        } else {
            click_at(&mut harness, egui::pos2(850.0, 650.0));
        }
        assert!(!harness.ctx.text_edit_focused(), "{leave} left the field");
        harness.key_press(egui::Key::Escape);
        harness.settle();
        assert!(
            harness.query_by_label_contains("No game matches").is_none(),
            "Escape after {leave} cleared Find"
        );
        assert_eq!(find_text(&harness), "");
        button(&harness, "Hello Game");
    }
}

/// Issue 17 (2): letters typed right after Ctrl+F, even in the same frame,
/// all land in the field.
#[test]
fn no_letter_is_lost_right_after_ctrl_f() {
    let games = games();
    let mut harness = harness(&games);
    // Ctrl+F and the first letter arrive together, then a letter a frame.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::F);
    harness.event(egui::Event::Text("a".into()));
    harness.step();
    for letter in ["b", "c", "d", "e", "f", "g", "h"] {
        harness.event(egui::Event::Text(letter.into()));
        harness.step();
    }
    harness.settle();
    assert_eq!(find_text(&harness), "abcdefgh");
    harness.get_by_label_contains("No game matches \"abcdefgh\"");
}

/// The console's games plus two bundled ones, for the layout tests.
fn many_sets() -> GamesDir {
    let games = games();
    games.add_bundled("chat-noir", "chat_noir");
    games.add_bundled("lights-out", "lights_out");
    games
}

fn console_of_width(games: &GamesDir, width: f32) -> Harness<'static, LauncherApp> {
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([width, 600.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(launcher_tests::console_config([games.path()])),
        );
    harness.settle();
    harness
}

/// Issue 17 (8): at 260 points wide nothing is drawn over the menus and
/// no group title is cut: Find takes a row of its own and the groups flow
/// one under another; at 800 Find sits beside the menus and the groups
/// side by side.
#[test]
fn the_console_is_usable_at_260_and_800_points_wide() {
    let games = many_sets();
    let sets = ["Other Games", "Puzzle Games", "Risky Games"];
    let menus = |h: &Harness<'_, LauncherApp>| {
        ["Launcher", "Help"].map(|m| {
            h.get_by_role_and_label(egui::accesskit::Role::Button, m)
                .rect()
        })
    };

    let narrow = console_of_width(&games, 260.0);
    let find = narrow.get_by_label("Find a game:").rect();
    let field = narrow
        .get_by_role_and_label(egui::accesskit::Role::TextInput, "Find a game:")
        .rect();
    for menu in menus(&narrow) {
        assert!(
            !menu.intersects(find) && !menu.intersects(field),
            "{menu:?} {find:?} {field:?}"
        );
        assert!(find.top() >= menu.bottom(), "Find is under the menus");
    }
    assert!(field.right() <= 260.0 && find.left() >= 0.0);
    let titles: Vec<egui::Rect> = sets.map(|s| narrow.get_by_label(s).rect()).to_vec();
    for (set, title) in sets.iter().zip(&titles) {
        assert!(title.right() <= 260.0 - 8.0, "{set} is cut: {title:?}");
    }
    for pair in titles.windows(2) {
        assert!(
            pair[0].bottom() < pair[1].top(),
            "one under another: {titles:?}"
        );
    }

    let wide = console_of_width(&games, 800.0);
    let find = wide.get_by_label("Find a game:").rect();
    for menu in menus(&wide) {
        assert!(
            (find.center().y - menu.center().y).abs() < 2.0,
            "beside the menus"
        );
        assert!(menu.right() < find.left());
    }
    let titles: Vec<egui::Rect> = sets.map(|s| wide.get_by_label(s).rect()).to_vec();
    for pair in titles.windows(2) {
        assert_eq!(pair[0].top(), pair[1].top(), "side by side: {titles:?}");
        assert!(pair[0].right() < pair[1].left());
    }
}

/// WCAG's contrast ratio of two colours.
fn contrast(a: egui::Color32, b: egui::Color32) -> f32 {
    let luminance = |c: egui::Color32| {
        let channel = |v: u8| {
            let v = f32::from(v) / 255.0;
            if v <= 0.03928 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
    };
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Issue 17 (9): body text is comfortably above WCAG AA (4.5:1) in both
/// themes, weak text (hints, paths, search snippets) above it too.
#[test]
fn text_contrast_is_comfortably_wcag_aa_in_both_themes() {
    let games = games();
    let harness = harness(&games);
    for theme in [egui::Theme::Dark, egui::Theme::Light] {
        let style = harness.ctx.style_of(theme);
        let v = &style.visuals;
        for background in [v.panel_fill, v.window_fill] {
            let body = contrast(v.text_color(), background);
            assert!(body >= 7.0, "{theme:?} body text {body:.1}:1");
            let weak = contrast(v.weak_text_color(), background);
            assert!(weak >= 4.5, "{theme:?} weak text {weak:.1}:1");
        }
    }
}
