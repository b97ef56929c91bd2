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

/// The `pointer-trail` fixture as `plt-games --play pointer-trail` shows
/// it, at rest, and its canvas on the screen.
fn pointer_trail() -> (GamesDir, Harness<'static, LauncherApp>, egui::Rect) {
    let games = GamesDir::new();
    games.add_with_library(
        "pointer-trail",
        "game = \"pointer_trail\"\nname = \"Pointer Trail\"\n",
        "pointer_trail",
    );
    let app =
        LauncherApp::new(launcher_tests::console_config([games.path()])).play_only("pointer-trail");
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([500.0, 400.0])
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    launcher_tests::run_until(&mut harness, "the trail's canvas", |h| {
        trail(h).is_some_and(|g| g.canvas_transform().is_some() && g.status().starts_with("Moves"))
    });
    harness.settle();
    let canvas = trail(&harness)
        .and_then(|g| g.canvas_transform())
        .expect("the canvas")
        .screen_rect();
    (games, harness, canvas)
}

fn trail<'h>(
    harness: &'h Harness<'_, LauncherApp>,
) -> Option<&'h launcher::game_window::GameWindow> {
    harness.state().open_games().into_iter().next()
}

/// Offers a pointer move to the launcher between passes, as eframe does
/// while nothing else waits for the next pass; whether it took it.
fn moved_between_passes(harness: &mut Harness<'_, LauncherApp>, pos: egui::Pos2) -> bool {
    eframe::App::pointer_moved_between_passes(harness.state_mut(), egui::ViewportId::ROOT, pos)
}

/// Issue 39, "no frame when nothing visible changed (a hover that changes
/// nothing)": pointer moves over a canvas whose game changes nothing for
/// them ask for no frame, yet each reaches the game once, in order with
/// the click that follows them in one frame; a move after which the
/// pointer's shape changes asks for the frame that shows it.
#[test]
fn pointer_moves_that_change_nothing_ask_for_no_frame_and_reach_the_game_once_in_order() {
    let (_games, mut harness, canvas) = pointer_trail();
    let at = |fx: f32, fy: f32| canvas.min + canvas.size() * egui::vec2(fx, fy);
    // A pass with the pointer over the canvas's left half.
    harness.hover_at(at(0.1, 0.5));
    harness.settle();
    assert!(!harness.ctx.has_requested_repaint(), "at rest");
    let path: Vec<egui::Pos2> = (1..=5)
        .map(|i| at(0.1 + 0.05 * i as f32, 0.5 - 0.03 * i as f32))
        .collect();
    for &pos in &path {
        assert!(
            moved_between_passes(&mut harness, pos),
            "the move to {pos:?}, over the canvas, is taken between passes"
        );
        assert!(
            !harness.ctx.has_requested_repaint(),
            "no frame asked for a move to {pos:?}, which changed nothing shown"
        );
    }
    // As eframe leaves it: the last move taken still reaches egui at the
    // next pass, and a quick click there follows it in the same frame.
    let last = *path.last().expect("a path");
    harness.hover_at(last);
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos: last,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        });
    }
    launcher_tests::run_until(&mut harness, "the click counted", |h| {
        trail(h).is_some_and(|g| g.status().contains("clicks 1"))
    });
    assert_eq!(
        trail(&harness).expect("the trail").status(),
        "Moves 6, clicks 1, repeated 0, out of place 0",
        "the first hover and the five moves each reached the game once, then the click where \
         the pointer was"
    );

    // Into the right half, where the game shows a pointing hand: the move
    // asks for the frame that shows it.
    let right = at(0.8, 0.5);
    assert!(moved_between_passes(&mut harness, right), "taken");
    assert!(
        harness.ctx.has_requested_repaint(),
        "a frame asked for the pointer's new shape"
    );
    harness.hover_at(right);
    harness.settle();
    assert_eq!(
        harness.output().platform_output.cursor_icon,
        egui::CursorIcon::PointingHand,
        "the pointer's shape changed without another move"
    );
}

/// Issue 39: what egui shows over the canvas keeps its pointer moves (a
/// menu's entry is highlighted under the pointer): a move there is never
/// taken between passes for the game.
#[test]
fn a_move_over_a_menu_open_over_the_canvas_is_egui_s() {
    let (_games, mut harness, canvas) = pointer_trail();
    harness.get_by_label("Game").click();
    harness.settle();
    let entry = harness.get_by_label("Close window").rect();
    let under_menu = entry.intersect(canvas);
    assert!(
        under_menu.is_positive(),
        "the open menu ({entry:?}) lies over the canvas ({canvas:?})"
    );
    // The pointer rests on the canvas beside the menu, then moves onto it.
    let beside = egui::pos2(canvas.max.x - 2.0, canvas.max.y - 2.0);
    assert!(
        !entry.contains(beside),
        "the pointer starts beside the menu"
    );
    harness.hover_at(beside);
    harness.settle();
    assert!(
        moved_between_passes(&mut harness, canvas.max - egui::vec2(3.0, 3.0)),
        "a move on the canvas beside the menu is taken"
    );
    harness.hover_at(canvas.max - egui::vec2(3.0, 3.0));
    harness.settle();
    assert!(
        !moved_between_passes(&mut harness, under_menu.center()),
        "the move onto the menu is egui's"
    );
    harness.hover_at(under_menu.center());
    harness.settle();
    assert!(
        harness.query_by_label("Close window").is_some(),
        "the menu is still open"
    );
}
