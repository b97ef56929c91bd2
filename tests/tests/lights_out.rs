//! Lights Out in the real launcher, driven by egui_kittest (issue 17):
//! Space and Enter reach the game even with "New game" focused, the cross
//! of lights a press switches is outlined under the pointer, a light held
//! down is drawn pressed in, and hints are counted up to the win.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use game_api::Shape;
use launcher::LauncherApp;
use launcher::game_window::GameWindow;
use launcher_tests::GamesDir;
use launcher_tests::Settle;
use lights_out::Cell;
use lights_out::game::{HIGHLIGHT, HINT, LightsOut, PREVIEW};
use support::click_at;

mod support;

const DIR: &str = "lights-out";

/// `plt-games --play lights-out`.
fn player(games: &GamesDir) -> Harness<'static, LauncherApp> {
    player_in(games, None)
}

/// `plt-games --play lights-out`, with the player's files (and the game's
/// data directory, `data/lights-out`) in `home` when given.
fn player_in(games: &GamesDir, home: Option<&std::path::Path>) -> Harness<'static, LauncherApp> {
    let mut config = launcher_tests::console_config([games.path()]);
    config.player = home.map(launcher::player::PlayerFiles::in_dir);
    let app = LauncherApp::new(config).play_only(DIR);
    let mut harness = Harness::builder()
        .with_size([500.0, 500.0])
        .with_max_steps(40)
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    harness.settle();
    harness
}

fn games() -> GamesDir {
    let games = GamesDir::new();
    games.add_bundled(DIR, "lights_out");
    games
}

fn open<'h>(harness: &'h mut Harness<'_, LauncherApp>) -> &'h mut GameWindow {
    harness
        .state_mut()
        .open_game_mut(DIR)
        .expect("Lights Out is open")
}

fn status(harness: &mut Harness<'_, LauncherApp>) -> String {
    open(harness).status().to_owned()
}

/// Where the centre of `cell` is on the screen.
fn screen_pos(harness: &mut Harness<'_, LauncherApp>, cell: Cell) -> egui::Pos2 {
    let transform = open(harness).canvas_transform().expect("a canvas");
    transform.to_screen(LightsOut::cell_center(cell))
}

/// The lights drawn with an outline of `color`, and the side each is drawn
/// with, from the window's drawing.
fn lights(harness: &mut Harness<'_, LauncherApp>) -> Vec<(Cell, f32, Option<game_api::Rgba>)> {
    open(harness)
        .drawing()
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Polygon { points, style } => {
                let n = points.len() as f32;
                let x = points.iter().map(|p| p.x).sum::<f32>() / n;
                let y = points.iter().map(|p| p.y).sum::<f32>() / n;
                let cell = LightsOut::cell_at(game_api::Point::new(x, y))?;
                let xs = points.iter().map(|p| p.x);
                let side = xs.clone().fold(f32::MIN, f32::max) - xs.fold(f32::MAX, f32::min);
                Some((cell, side, style.stroke.map(|s| s.color)))
            }
            _ => None,
        })
        .collect()
}

fn outlined(harness: &mut Harness<'_, LauncherApp>, color: game_api::Rgba) -> Vec<Cell> {
    let mut cells: Vec<Cell> = lights(harness)
        .into_iter()
        .filter(|l| l.2 == Some(color))
        .map(|l| l.0)
        .collect();
    cells.sort();
    cells
}

#[test]
fn space_and_enter_press_lights_even_with_new_game_focused() {
    let games = games();
    let mut harness = player(&games);
    let dealt = lights(&mut harness);
    harness
        .get_by_role_and_label(Role::Button, "New game")
        .focus();
    harness.settle();
    // Space: the keyboard highlight appears in the middle; Space again and
    // Enter press it. The puzzle is not thrown away.
    for key in [egui::Key::Space, egui::Key::Space, egui::Key::Enter] {
        harness.key_press(key);
        harness.settle();
    }
    assert_eq!(status(&mut harness), "Moves: 2 — turn all the lights off");
    assert_eq!(outlined(&mut harness, HIGHLIGHT), [Cell::new(2, 2)]);
    // Pressed twice, the middle light is back: the same puzzle as dealt.
    let now: Vec<_> = lights(&mut harness).into_iter().map(|l| l.0).collect();
    assert_eq!(now, dealt.iter().map(|l| l.0).collect::<Vec<_>>());
    // The arrows move the highlight, not the focus.
    harness.key_press(egui::Key::ArrowUp);
    harness.settle();
    assert_eq!(outlined(&mut harness, HIGHLIGHT), [Cell::new(1, 2)]);
    assert!(
        harness
            .get_by_role_and_label(Role::Button, "New game")
            .is_focused()
    );
}

#[test]
fn the_pointer_previews_the_cross_and_a_held_light_looks_pressed() {
    let games = games();
    let mut harness = player(&games);
    assert!(outlined(&mut harness, PREVIEW).is_empty());
    let middle = screen_pos(&mut harness, Cell::new(2, 2));
    harness.hover_at(middle);
    harness.settle();
    assert_eq!(outlined(&mut harness, HIGHLIGHT), [Cell::new(2, 2)]);
    assert_eq!(
        outlined(&mut harness, PREVIEW),
        [(1, 2), (2, 1), (2, 3), (3, 2)].map(|(r, c)| Cell::new(r, c))
    );
    let side = |h: &mut Harness<'_, LauncherApp>, cell: Cell| {
        lights(h).into_iter().find(|l| l.0 == cell).unwrap().1
    };
    let normal = side(&mut harness, Cell::new(2, 2));
    harness.event(egui::Event::PointerButton {
        pos: middle,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: Default::default(),
    });
    harness.settle();
    assert!(side(&mut harness, Cell::new(2, 2)) < normal, "pressed in");
    assert_eq!(side(&mut harness, Cell::new(2, 1)), normal);
    harness.event(egui::Event::PointerButton {
        pos: middle,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: Default::default(),
    });
    harness.settle();
    assert_eq!(side(&mut harness, Cell::new(2, 2)), normal);
    assert_eq!(status(&mut harness), "Moves: 1 — turn all the lights off");
}

#[test]
fn hints_are_counted_and_the_win_says_how_many() {
    let games = games();
    let mut harness = player(&games);
    let mut hints = 0;
    while !status(&mut harness).starts_with("Solved") {
        harness.get_by_role_and_label(Role::Button, "Hint").click();
        harness.settle();
        hints += 1;
        assert!(status(&mut harness).contains(&format!("hints: {hints}")));
        let ringed = open(&mut harness)
            .drawing()
            .shapes
            .iter()
            .find_map(|s| match s {
                Shape::Circle { center, style, .. }
                    if style.stroke.map(|s| s.color) == Some(HINT) =>
                {
                    LightsOut::cell_at(*center)
                }
                _ => None,
            })
            .expect("a ringed light");
        let at = screen_pos(&mut harness, ringed);
        click_at(&mut harness, at);
        assert!(hints <= 25);
    }
    let plural = if hints == 1 { "" } else { "s" };
    let moves = format!("{hints} move{plural} with {hints} hint{plural}");
    assert_eq!(
        status(&mut harness),
        format!("Solved in {moves}! Press N or click New game")
    );
    harness.get_by_label_contains(&format!("Solved in {moves}!"));
}

/// Issue 15: a game's control has a shortcut. The Hint button shows "H"
/// beside its label and in the Game menu, and H rings a light as the button
/// does, without reaching the game as a key.
#[test]
fn the_hint_buttons_shortcut_is_shown_and_works() {
    let games = games();
    let mut harness = player(&games);
    let hint = open(&mut harness)
        .actions()
        .iter()
        .find(|a| a.id == "hint")
        .cloned()
        .expect("a Hint control");
    // `?` is Hint in every game (the guide's key convention).
    assert_eq!(
        hint.shortcut.as_deref(),
        Some(game_api::keys::QUESTION_MARK)
    );
    // "?" is drawn inside the Hint button, beside its label.
    let button = harness.get_by_role_and_label(Role::Button, "Hint").rect();
    fn texts(shape: &egui::Shape, out: &mut Vec<(String, egui::Rect)>) {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| texts(s, out)),
            egui::Shape::Text(text) => out.push((
                text.galley.text().to_owned(),
                text.galley.rect.translate(text.pos.to_vec2()),
            )),
            _ => {}
        }
    }
    let mut drawn = Vec::new();
    for clipped in &harness.output().shapes {
        texts(&clipped.shape, &mut drawn);
    }
    let key = drawn
        .iter()
        .find(|(text, _)| text == "?")
        .map(|(_, rect)| *rect)
        .expect("the shortcut ? is drawn");
    assert!(
        button.contains_rect(key),
        "? at {key:?}, the button at {button:?}"
    );
    harness.key_press(egui::Key::Questionmark);
    harness.settle();
    assert!(
        status(&mut harness).contains("hints: 1"),
        "{}",
        status(&mut harness)
    );
    let rings = open(&mut harness)
        .drawing()
        .shapes
        .iter()
        .filter(|s| {
            matches!(s, Shape::Circle { style, .. }
                if style.stroke.map(|s| s.color) == Some(HINT))
        })
        .count();
    assert_eq!(rings, 1, "? rings one light as the button does");
}

/// The Size chosen is kept in `settings.txt` in the game's data directory,
/// written from the game's own sandboxed process through
/// `game_api::settings` (a temporary file made beside it, then renamed
/// over it: the sandbox lets it), with a line an earlier file held that
/// this version does not know; a later start reads it back.
#[test]
fn the_size_chosen_is_kept_in_settings_txt_by_the_game_process() {
    let games = games();
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("data").join(DIR);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("settings.txt");
    std::fs::write(&file, "size 5\nfrom-a-later-version 1\n").unwrap();
    let mut harness = player_in(&games, Some(home.path()));
    harness
        .get_by_role_and_label(Role::ComboBox, "Size")
        .click();
    harness.settle();
    harness.get_by_label("7×7").click();
    harness.settle();
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "size 7\nfrom-a-later-version 1\n"
    );
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["settings.txt"], "no temporary file is left");
    drop(harness);
    let mut again = player_in(&games, Some(home.path()));
    assert_eq!(lights(&mut again).len(), 49, "a 7×7 board");
}
