//! What a game draws beyond shapes (ABI revision 3), in the real console
//! (egui_kittest, rendered by wgpu): pictures from the game's own folder
//! and from its pixels, picture files that cannot be shown said in words,
//! text measured with the launcher's own font, and text placed by each of
//! the nine anchors. The `picture-board` fixture draws all of it at places
//! its documentation gives. The same fixture has a choice of numbers with a
//! shortcut key, which cycles it.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use game_api::{Anchor, Point, Shape};
use launcher::LauncherApp;
use launcher_tests::GamesDir;
use launcher_tests::Settle;

const DIR: &str = "picture-board";

/// The console with the picture board open, its `tiles/red.png` in place.
fn open_board() -> (GamesDir, Harness<'static, LauncherApp>) {
    let games = GamesDir::new();
    let dir = games.add_with_library(
        DIR,
        "game = \"picture_board\"\nname = \"Picture board\"\n",
        "picture_board",
    );
    std::fs::create_dir_all(dir.join("tiles")).unwrap();
    let red = [255u8, 0, 0, 255].repeat(4 * 4);
    let png = game_raster::render_png(4, 4, 1.0, |p| {
        p.picture(
            game_api::Picture::Rgba {
                width: 4,
                height: 4,
                pixels: &red,
            },
            Point::new(0.0, 0.0),
            Point::new(4.0, 4.0),
        )
    });
    std::fs::write(dir.join("tiles/red.png"), png).unwrap();
    let config = launcher_tests::console_config([games.path()]);
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 700.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    harness.settle();
    harness
        .get_by_role_and_label(Role::Button, "Picture board")
        .click();
    harness.settle();
    assert!(
        harness.state_mut().open_game_mut(DIR).is_some(),
        "it opened"
    );
    (games, harness)
}

/// The screen position of the board's canvas point `p`.
fn on_screen(harness: &mut Harness<'_, LauncherApp>, p: Point) -> egui::Pos2 {
    let game = harness.state_mut().open_game_mut(DIR).unwrap();
    game.canvas_transform().unwrap().to_screen(p)
}

#[test]
fn pictures_from_the_games_folder_and_from_pixels_are_drawn_scaled() {
    let (_games, mut harness) = open_board();
    let spots = [
        // tiles/red.png fills the top-left quarter.
        (Point::new(50.0, 30.0), [255, 0, 0]),
        (Point::new(150.0, 30.0), [255, 255, 255]),
        // The 2 × 2 pixels: green, blue / blue, green.
        (Point::new(115.0, 70.0), [0, 200, 0]),
        (Point::new(185.0, 70.0), [0, 0, 220]),
        (Point::new(115.0, 110.0), [0, 0, 220]),
        (Point::new(185.0, 110.0), [0, 200, 0]),
    ];
    let points: Vec<egui::Pos2> = spots
        .iter()
        .map(|(p, _)| on_screen(&mut harness, *p))
        .collect();
    let image = harness.render().expect("the console renders");

    let ppp = harness.ctx.pixels_per_point();
    for ((canvas, expected), screen) in spots.iter().zip(points) {
        let pixel = image.get_pixel((screen.x * ppp) as u32, (screen.y * ppp) as u32);
        let rgb = [pixel[0], pixel[1], pixel[2]];
        let close = rgb
            .iter()
            .zip(expected)
            .all(|(a, b)| (i32::from(*a) - *b).abs() <= 3);
        assert!(
            close,
            "at {canvas:?} the board shows {rgb:?}, not {expected:?}"
        );
    }
}

#[test]
fn picture_files_that_cannot_be_shown_are_said_in_words() {
    let (_games, mut harness) = open_board();
    let game = harness.state_mut().open_game_mut(DIR).unwrap();
    assert_eq!(game.warning(), None, "all is well before B");
    harness.key_press(egui::Key::B);
    harness.settle();
    let game = harness.state_mut().open_game_mut(DIR).unwrap();
    let warning = game.warning().expect("a warning").to_owned();
    assert!(warning.contains("missing.png does not exist"), "{warning}");
    assert!(
        warning.contains("1 picture with a bad path or size"),
        "{warning}"
    );
    harness.get_by_label_contains("missing.png does not exist");
}

#[test]
fn text_is_measured_with_the_launchers_own_font() {
    let (_games, mut harness) = open_board();
    let ctx = harness.ctx.clone();
    let measured = launcher::render::text_size(&ctx, 20.0, "Hello");
    let game = harness.state_mut().open_game_mut(DIR).unwrap();
    // The game outlines "Hello" with the size the painter gave it.
    let outline = game
        .drawing()
        .shapes
        .iter()
        .find_map(|s| match s {
            Shape::Rect { min, size, style }
                if *min == Point::new(10.0, 70.0) && style.fill.is_none() =>
            {
                Some(*size)
            }
            _ => None,
        })
        .expect("the outline round Hello");
    assert_eq!(outline, measured);
    assert_ne!(outline, game_api::estimate_text_size(20.0, "Hello"));
    assert!(outline.x > 30.0 && outline.x < 70.0, "{outline:?}");
    assert!(outline.y > 18.0 && outline.y < 30.0, "{outline:?}");
    // Twice the size, about twice as wide; two lines, about twice as tall.
    let double = launcher::render::text_size(&ctx, 40.0, "Hello");
    assert!((double.x / outline.x - 2.0).abs() < 0.1, "{double:?}");
    let two_lines = launcher::render::text_size(&ctx, 20.0, "Hello\nHello");
    assert!((two_lines.y / outline.y - 2.0).abs() < 0.2, "{two_lines:?}");
}

/// Each anchor's text sits with that point of its box on (50, 100).
#[test]
fn each_of_the_nine_anchors_places_its_text() {
    let (_games, mut harness) = open_board();
    let anchor_point = on_screen(&mut harness, Point::new(50.0, 100.0));
    harness.settle();
    let mut boxes = std::collections::HashMap::new();
    fn walk(shape: &egui::Shape, out: &mut std::collections::HashMap<String, egui::Rect>) {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, out)),
            egui::Shape::Text(text) => {
                out.insert(
                    text.galley.text().to_owned(),
                    text.galley.rect.translate(text.pos.to_vec2()),
                );
            }
            _ => {}
        }
    }
    for clipped in &harness.output().shapes {
        walk(&clipped.shape, &mut boxes);
    }
    for anchor in Anchor::ALL {
        let name = format!("{anchor:?}");
        let rect = boxes
            .get(&name)
            .unwrap_or_else(|| panic!("no text {name:?} drawn"));
        let (fx, fy) = anchor.fractions();
        let point = rect.min + egui::vec2(fx * rect.width(), fy * rect.height());
        assert!(
            (point - anchor_point).length() < 1.0,
            "{name}: its box {rect:?} puts {point:?}, not {anchor_point:?}, on the anchor"
        );
    }
}

/// A choice's shortcut picks its next option, round to the first; the
/// numbers come back to the game as numbers.
#[test]
fn a_choices_shortcut_cycles_its_options() {
    let (_games, mut harness) = open_board();
    let status = |harness: &mut Harness<'_, LauncherApp>| {
        let game = harness.state_mut().open_game_mut(DIR).unwrap();
        game.status().to_owned()
    };
    assert_eq!(status(&mut harness), "Zoom 1, clicks 0");
    for expected in ["Zoom 2, clicks 0", "Zoom 4, clicks 0", "Zoom 1, clicks 0"] {
        harness.key_press(egui::Key::Z);
        harness.settle();
        assert_eq!(status(&mut harness), expected);
    }
    // With Ctrl, Z is the launcher's (Undo), never the game's shortcut.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.settle();
    assert_eq!(status(&mut harness), "Zoom 1, clicks 0");
}

/// A labelled region is an accessibility node: found by its label, and a
/// screen reader's click on it reaches the game as one click. A mouse click
/// on it is the canvas's, counted once, not twice.
#[test]
fn a_labelled_region_is_a_node_a_screen_reader_can_click() {
    let (_games, mut harness) = open_board();
    let status = |harness: &mut Harness<'_, LauncherApp>| {
        let game = harness.state_mut().open_game_mut(DIR).unwrap();
        game.status().to_owned()
    };
    let tile = harness.get_by_role_and_label(Role::Button, "the red tile");
    let centre = tile.rect().center();
    tile.click_accesskit();
    harness.settle();
    assert_eq!(status(&mut harness), "Zoom 1, clicks 1");
    let expected = on_screen(&mut harness, Point::new(50.0, 30.0));
    assert!(
        (centre - expected).length() < 1.0,
        "{centre:?} {expected:?}"
    );
    harness
        .get_by_role_and_label(Role::Button, "the red tile")
        .click();
    harness.settle();
    assert_eq!(status(&mut harness), "Zoom 1, clicks 2");
}

/// Issue 41, attack 7 (a game's pictures of pixels): a new picture of
/// 4096 × 4096 (64 MiB, the most a frame may hold) on every tick took the
/// console from 137 to 611 MB. A game's pictures of pixels take at most
/// `MAX_PIXEL_PICTURE_BYTES` at once in the console: the big one is not
/// drawn, and the window says so under its status line; the game plays on
/// (a later frame is drawn).
#[test]
fn a_flood_of_pixels_stays_within_the_games_picture_memory_and_is_said() {
    use launcher::pictures::MAX_PIXEL_PICTURE_BYTES;
    let games = GamesDir::new();
    games.add_with_library(
        "picture-flood",
        "game = \"picture_flood\"\nname = \"Picture Flood\"\n",
        "picture_flood",
    );
    let config = launcher_tests::console_config([games.path()]);
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 700.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    harness.settle();
    harness
        .get_by_role_and_label(Role::Button, "Picture Flood")
        .click();
    // Not settled: while it ticks, an answer is always on its way.
    let said = format!(
        "A picture of pixels that would take the game's pictures past {} MiB is not drawn.",
        MAX_PIXEL_PICTURE_BYTES >> 20
    );
    launcher_tests::run_until(&mut harness, "the refusal said", |h| {
        h.query_all_by_label_contains(&said).next().is_some()
    });
    // It draws on: a later tick's frame, with the small picture drawn.
    let frames = |h: &Harness<'_, LauncherApp>| {
        h.state()
            .open_games()
            .into_iter()
            .find(|w| w.dir_name == "picture-flood")
            .and_then(|w| {
                w.status()
                    .trim_start_matches("Frames: ")
                    .parse::<u32>()
                    .ok()
            })
            .unwrap_or(0)
    };
    let before = frames(&harness);
    launcher_tests::run_until(&mut harness, "another frame drawn", |h| frames(h) > before);
    let window = harness
        .state_mut()
        .open_game_mut("picture-flood")
        .expect("still open");
    assert!(
        window.status().starts_with("Frames: "),
        "{}",
        window.status()
    );
}
