//! The canvas holds still during a game (issue 39): a player aims at a
//! cell, and the cell must not move. Every game of the collection, shown as
//! `plt-games --play` shows it in a window whose size does not change, is
//! played with a seeded stream of clicks and keys — its status line taking
//! texts of every length, its Game ID growing (Minesweeper's first click,
//! Checkers' moves), its notes coming and going — and its canvas keeps its
//! place and scale throughout. Only a new canvas size that the game asks for
//! (a Size choice) may move it.

use egui_kittest::Harness;
use game_api::rng::Rng;
use launcher::LauncherApp;
use launcher_tests::Settle;
use support::collection;

mod support;

/// How many clicks and keys each game is played with.
const MOVES: usize = 48;

/// The keys played besides clicks: the ones every grid game moves or acts
/// with.
const KEYS: [egui::Key; 6] = [
    egui::Key::ArrowLeft,
    egui::Key::ArrowRight,
    egui::Key::ArrowUp,
    egui::Key::ArrowDown,
    egui::Key::Space,
    egui::Key::Enter,
];

/// The open game's canvas: its size in canvas pixels, and its place on
/// screen.
fn canvas(harness: &Harness<'_, LauncherApp>, dir: &str) -> (egui::Vec2, egui::Rect) {
    let window = harness.state().open_games();
    let window = window
        .iter()
        .find(|w| w.dir_name == dir)
        .unwrap_or_else(|| panic!("{dir} is open"));
    let transform = window
        .canvas_transform()
        .unwrap_or_else(|| panic!("{dir} shows its canvas"));
    (transform.canvas, transform.screen_rect())
}

/// A click at `pos`, press and release in one frame, as a quick player's.
fn click(harness: &mut Harness<'_, LauncherApp>, pos: egui::Pos2) {
    harness.hover_at(pos);
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        });
    }
    harness.settle();
}

#[test]
fn every_games_canvas_holds_still_while_it_is_played() {
    let (games, bundled) = collection();
    let mut moved = Vec::new();
    for game in &bundled {
        let app = LauncherApp::new(launcher_tests::console_config([games.path()]))
            .play_only(&game.dir_name);
        let mut harness = Harness::builder()
            .with_max_steps(launcher_tests::KITTEST_STEPS)
            .with_size([720.0, 640.0])
            .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
        harness.settle();
        let mut rng = Rng::new(game.dir_name.bytes().map(u64::from).sum());
        let (mut size, mut place) = canvas(&harness, &game.dir_name);
        for turn in 0..MOVES {
            let what = if rng.below(4) < 3 {
                let at = egui::pos2(
                    rng.between(place.min.x + 1.0, place.max.x - 1.0),
                    rng.between(place.min.y + 1.0, place.max.y - 1.0),
                );
                click(&mut harness, at);
                format!("a click at {at:?}")
            } else {
                let key = *rng.choose(&KEYS).expect("keys");
                harness.key_press(key);
                harness.settle();
                format!("{key:?}")
            };
            let (now_size, now_place) = canvas(&harness, &game.dir_name);
            if now_size == size && now_place != place {
                moved.push(format!(
                    "{}: the canvas moved from {place:?} to {now_place:?} after move {turn}, {what} \
                     (status {:?})",
                    game.name,
                    harness.state().open_games()[0].status()
                ));
                break;
            }
            (size, place) = (now_size, now_place);
        }
    }
    assert!(moved.is_empty(), "{moved:#?}");
}
