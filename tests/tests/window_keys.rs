//! A game window's own keys and View menu (issue 30), driven by
//! egui_kittest with Lights Out: F1 opens the game's help, F11 asks for full screen, and zoom (Ctrl+plus, Ctrl+minus,
//! Ctrl+0, the View menu) scales the board on screen, the window fitted to
//! it, with a click still landing on the light under the pointer.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use game_api::Shape;
use launcher::LauncherApp;
use launcher::game_window::GameWindow;
use launcher_tests::{GamesDir, Settle};
use lights_out::Cell;
use lights_out::game::{HIGHLIGHT, LightsOut};
use support::click_at;

mod support;

const DIR: &str = "lights-out";

fn games() -> GamesDir {
    let games = GamesDir::new();
    games.add_bundled(DIR, "lights_out");
    games
}

/// `plt-games --play lights-out`.
fn player(games: &GamesDir) -> Harness<'static, LauncherApp> {
    let app = LauncherApp::new(launcher_tests::console_config([games.path()])).play_only(DIR);
    let mut harness = Harness::builder()
        .with_size([500.0, 500.0])
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    harness.settle();
    harness
}

fn open<'h>(harness: &'h mut Harness<'_, LauncherApp>) -> &'h mut GameWindow {
    harness
        .state_mut()
        .open_game_mut(DIR)
        .expect("Lights Out is open")
}

/// The board's rectangle on screen.
fn board(harness: &mut Harness<'_, LauncherApp>) -> egui::Rect {
    open(harness)
        .canvas_transform()
        .expect("a canvas")
        .screen_rect()
}

/// The lights outlined in the keyboard and pointer highlight's colour.
fn highlighted(harness: &mut Harness<'_, LauncherApp>) -> Vec<Cell> {
    open(harness)
        .drawing()
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Polygon { points, style }
                if style.stroke.map(|s| s.color) == Some(HIGHLIGHT) =>
            {
                let n = points.len() as f32;
                let x = points.iter().map(|p| p.x).sum::<f32>() / n;
                let y = points.iter().map(|p| p.y).sum::<f32>() / n;
                LightsOut::cell_at(game_api::Point::new(x, y))
            }
            _ => None,
        })
        .collect()
}

fn ctrl(harness: &mut Harness<'_, LauncherApp>, key: egui::Key) {
    harness.key_press_modifiers(egui::Modifiers::COMMAND, key);
    harness.settle();
}

#[test]
fn f1_opens_the_games_help() {
    let games = games();
    let mut harness = player(&games);
    harness.key_press(egui::Key::F1);
    harness.settle();
    assert!(
        harness.state().help_windows().text_window(DIR).is_some(),
        "F1 opened How to play"
    );
    // Lights Out has no manual: Shift+F1 shows its How to play too, and
    // the Help menu says F1.
    harness.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::F1);
    harness.settle();
    assert!(harness.state().help_windows().manual_viewers().is_empty());
    assert_eq!(harness.state().help_windows().text_windows().len(), 1);
    harness.get_by_role_and_label(Role::Button, "Help").click();
    harness.run_ok();
    let entry = harness.get_by_role_and_label(Role::Button, "How to play");
    assert_eq!(
        entry.accesskit_node().data().keyboard_shortcut(),
        Some("F1"),
        "the Help menu names its key"
    );
}

/// Presses F11 (no release: the frame that takes the press is the one
/// that asks) and returns the root viewport's commands of that frame.
fn press_f11(harness: &mut Harness<'_, LauncherApp>) -> Vec<egui::ViewportCommand> {
    harness.event(egui::Event::Key {
        key: egui::Key::F11,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    });
    harness.step();
    harness.output().viewport_output[&egui::ViewportId::ROOT]
        .commands
        .clone()
}

#[test]
fn f11_asks_for_full_screen() {
    let games = games();
    let mut harness = player(&games);
    let commands = press_f11(&mut harness);
    assert!(
        commands.contains(&egui::ViewportCommand::Fullscreen(true)),
        "{commands:?}"
    );
    harness.settle();
    // The View menu has it, with its key.
    harness.get_by_role_and_label(Role::Button, "View").click();
    harness.run_ok();
    harness.get_by_label_contains("F11");
}

#[test]
fn zoom_scales_the_board_and_a_click_still_lands_on_its_light() {
    let games = games();
    let mut harness = player(&games);
    let canvas = board(&mut harness).size() / open(&mut harness).canvas_transform().unwrap().scale;
    // Actual size: the board at its own size, the window fitted to it.
    ctrl(&mut harness, egui::Key::Num0);
    assert_eq!(open(&mut harness).zoom(), Some(1.0));
    let actual = board(&mut harness).size();
    assert!((actual - canvas).length() < 1.0, "{actual:?} {canvas:?}");
    // Two steps in: a quarter bigger on screen, in a bigger window.
    ctrl(&mut harness, egui::Key::Plus);
    ctrl(&mut harness, egui::Key::Equals);
    assert_eq!(open(&mut harness).zoom(), Some(1.25));
    let bigger = board(&mut harness).size();
    assert!((bigger - canvas * 1.25).length() < 1.0, "{bigger:?}");
    // Three steps out: 0.9.
    for _ in 0..3 {
        ctrl(&mut harness, egui::Key::Minus);
    }
    assert_eq!(open(&mut harness).zoom(), Some(0.9));
    let smaller = board(&mut harness).size();
    assert!((smaller - canvas * 0.9).length() < 1.0, "{smaller:?}");
    // The pointer over the corner light on screen is over that light in
    // the game, and a click presses it.
    let transform = open(&mut harness).canvas_transform().unwrap();
    let corner = transform.to_screen(LightsOut::cell_center(Cell::new(0, 0)));
    click_at(&mut harness, corner);
    assert_eq!(highlighted(&mut harness), [Cell::new(0, 0)]);
    assert_eq!(
        open(&mut harness).status(),
        "Moves: 1 — turn all the lights off"
    );
    // View ▸ Actual size.
    harness.get_by_role_and_label(Role::Button, "View").click();
    harness.run_ok();
    harness.get_by_label_contains("Actual size").click();
    harness.settle();
    assert_eq!(open(&mut harness).zoom(), Some(1.0));
    let back = board(&mut harness).size();
    assert!((back - canvas).length() < 1.0, "{back:?}");
}
