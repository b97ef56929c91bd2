//! Card games with hidden cards in the real console (egui_kittest): a move
//! that deals a card is an undo barrier (ABI revision 6), so Undo never
//! shows the player the card that comes next (issue 40: Hit to 27, Ctrl+Z,
//! and Blackjack was back at 17 with the bet live, the 10 of diamonds
//! known to be next).

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use launcher::LauncherApp;
use launcher_tests::{GamesDir, Settle};

const DIR: &str = "blackjack";

/// `plt-games --play blackjack`.
fn player(games: &GamesDir) -> Harness<'static, LauncherApp> {
    let app = LauncherApp::new(launcher_tests::console_config([games.path()])).play_only(DIR);
    let mut harness = Harness::builder()
        .with_size([1000.0, 760.0])
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    harness.settle();
    harness
}

fn status(harness: &mut Harness<'_, LauncherApp>) -> String {
    let game = harness.state_mut().open_game_mut(DIR).expect("open");
    game.status().to_owned()
}

/// Whether the game's control `label` may be used now.
fn control_enabled(harness: &mut Harness<'_, LauncherApp>, label: &str) -> bool {
    let game = harness.state_mut().open_game_mut(DIR).expect("open");
    game.actions().iter().any(|a| a.label == label && a.enabled)
}

/// Whether the window's button `label` (Undo, Restart) may be clicked.
fn button_enabled(harness: &Harness<'_, LauncherApp>, label: &str) -> bool {
    !harness
        .get_by_role_and_label(Role::Button, label)
        .accesskit_node()
        .is_disabled()
}

fn key(harness: &mut Harness<'_, LauncherApp>, key: egui::Key) {
    harness.key_press(key);
    harness.settle();
}

#[test]
fn undo_after_a_hit_does_not_take_the_dealt_card_back() {
    let games = GamesDir::new();
    games.add_bundled(DIR, "blackjack");
    let mut harness = player(&games);
    // A hand the player can hit (a dealt blackjack settles at once: N
    // deals the next).
    for _ in 0..20 {
        if control_enabled(&mut harness, "Hit") {
            break;
        }
        key(&mut harness, egui::Key::N);
    }
    assert!(
        control_enabled(&mut harness, "Hit"),
        "{}",
        status(&mut harness)
    );
    let dealt = status(&mut harness);
    key(&mut harness, egui::Key::H);
    let hit = status(&mut harness);
    assert_ne!(hit, dealt, "H hits");
    assert!(
        !button_enabled(&harness, "Undo"),
        "Undo is disabled after the card dealt: {hit}"
    );
    assert!(!button_enabled(&harness, "Restart"), "and so is Restart");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.settle();
    assert_eq!(status(&mut harness), hit, "Ctrl+Z takes nothing back");
}
