//! Same's groups in the real window, in both of the launcher's themes: the
//! board is the game's own dark one either way, so a group (touching dots
//! of one colour, joined into one blob) reads the same at a glance
//! (snapshots `same_groups_light.png` and `same_groups_dark.png`, looked
//! at).

use egui_kittest::Harness;
use launcher::LauncherApp;
use launcher::player::ThemeChoice;
use launcher_tests::Settle;
use support::collection;

mod support;

fn snapshot(theme: ThemeChoice, name: &str) {
    let (games, _) = collection();
    let app = LauncherApp::new(launcher_tests::console_config([games.path()])).play_only("same");
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([720.0, 640.0])
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    harness.settle();
    let ctx = harness.ctx.clone();
    harness.state_mut().set_theme(&ctx, theme);
    let window = harness
        .state_mut()
        .open_game_mut("same")
        .expect("Same opens");
    window.new_game(3).expect("a game from seed 3");
    harness.remove_cursor();
    launcher_tests::run_until(&mut harness, "the board at rest", |h| {
        h.state().is_settled() && !h.state().open_games().iter().any(|w| w.is_ticking())
    });
    harness.snapshot(name);
}

#[test]
fn a_group_reads_at_a_glance_in_the_light_theme() {
    snapshot(ThemeChoice::Light, "same_groups_light");
}

#[test]
fn a_group_reads_at_a_glance_in_the_dark_theme() {
    snapshot(ThemeChoice::Dark, "same_groups_dark");
}
