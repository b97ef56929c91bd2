//! Frames follow changes (issue 39): a game window at rest asks for no
//! frame. Each frame rasterises the whole window again (25–35 ms of CPU on
//! a software renderer), so a window that asks for frames while nothing
//! visible changes spends a player's CPU for nothing: a focused text field
//! whose cursor blinked cost a third of a core.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use launcher::LauncherApp;
use launcher_tests::{GamesDir, Settle};

/// Chat Noir as `plt-games --play chat-noir` shows it, at rest.
fn chat_noir() -> (GamesDir, Harness<'static, LauncherApp>) {
    let games = GamesDir::new();
    games.add_bundled("chat-noir", "chat_noir");
    let app =
        LauncherApp::new(launcher_tests::console_config([games.path()])).play_only("chat-noir");
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([640.0, 640.0])
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    harness.settle();
    (games, harness)
}

#[test]
fn a_game_window_at_rest_asks_for_no_frame_even_with_its_game_id_field_focused() {
    let (_games, mut harness) = chat_noir();
    harness
        .get_by_role_and_label(Role::TextInput, "Game ID")
        .focus();
    harness.settle();
    assert!(
        harness.ctx.memory(|m| m.focused().is_some()),
        "the field has the focus"
    );
    // A frame with nothing new: nothing in it asks for another, now or
    // later (a blinking cursor asked for one every half second).
    harness.step();
    let causes = harness.ctx.repaint_causes();
    assert!(causes.is_empty(), "frames asked for at rest: {causes:?}");
}
