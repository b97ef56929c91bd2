//! Text styles and picture styles (ABI revision 5, issue 25) in the real
//! console (egui_kittest, rendered by wgpu): the `styled-board` fixture
//! draws "Hello" plain, bold, italic and monospace, outlined by the sizes
//! its painter measured in each style (measured in its process with the
//! console's fonts), and a picture tinted and turned a quarter turn, and
//! one at half opacity.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use game_api::{Point, Shape, TextStyle};
use launcher::LauncherApp;
use launcher_tests::{GamesDir, Settle};

const DIR: &str = "styled-board";

fn open_board() -> (GamesDir, Harness<'static, LauncherApp>) {
    let games = GamesDir::new();
    games.add_with_library(
        DIR,
        "game = \"styled_board\"\nname = \"Styled board\"\n",
        "styled_board",
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
        .get_by_role_and_label(Role::Button, "Styled board")
        .click();
    harness.settle();
    assert!(
        harness.state_mut().open_game_mut(DIR).is_some(),
        "it opened"
    );
    (games, harness)
}

/// The outline the board drew round the text at `y`: the size its
/// painter measured.
fn outline(harness: &mut Harness<'_, LauncherApp>, y: f32) -> Point {
    let game = harness.state_mut().open_game_mut(DIR).unwrap();
    game.drawing()
        .shapes
        .iter()
        .find_map(|s| match s {
            Shape::Rect { min, size, style }
                if *min == Point::new(10.0, y) && style.fill.is_none() =>
            {
                Some(*size)
            }
            _ => None,
        })
        .unwrap_or_else(|| panic!("no outline at y = {y}"))
}

#[test]
fn bold_italic_and_monospace_text_is_drawn_and_measured_in_its_style() {
    let (_games, mut harness) = open_board();
    let ctx = harness.ctx.clone();
    let measured = |style| launcher::render::styled_text_size(&ctx, 20.0, style, "Hello");
    let plain = outline(&mut harness, 10.0);
    let bold = outline(&mut harness, 40.0);
    let italic = outline(&mut harness, 70.0);
    let mono = outline(&mut harness, 100.0);
    assert_eq!(plain, measured(TextStyle::PLAIN));
    assert_eq!(bold, measured(TextStyle::BOLD));
    assert_eq!(italic, measured(TextStyle::ITALIC));
    assert_eq!(mono, measured(TextStyle::MONOSPACE));
    // Bold is wider by its second stroke, a twentieth of its size.
    assert_eq!(bold.x, plain.x + 1.0, "{plain:?} {bold:?}");
    // Monospace is another font: every character as wide.
    assert_ne!(mono.x, plain.x);
    let thin = launcher::render::styled_text_size(&ctx, 20.0, TextStyle::MONOSPACE, "iii");
    let wide = launcher::render::styled_text_size(&ctx, 20.0, TextStyle::MONOSPACE, "WWW");
    assert_eq!(thin.x, wide.x, "monospace: iii and WWW are as wide");
    let thin = launcher::render::text_size(&ctx, 20.0, "iii");
    let wide = launcher::render::text_size(&ctx, 20.0, "WWW");
    assert!(thin.x < wide.x, "proportional: iii is narrower than WWW");
    // The styled texts reach the window as such.
    let game = harness.state_mut().open_game_mut(DIR).unwrap();
    let styles: Vec<TextStyle> = game
        .drawing()
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::StyledText { style, .. } => Some(*style),
            Shape::Text { .. } => Some(TextStyle::PLAIN),
            _ => None,
        })
        .collect();
    assert_eq!(
        styles,
        [
            TextStyle::PLAIN,
            TextStyle::BOLD,
            TextStyle::ITALIC,
            TextStyle::MONOSPACE
        ]
    );
    // Bold text covers more of its box than plain text (drawn twice).
    let dark = |harness: &mut Harness<'_, LauncherApp>, y: f32, size: Point| {
        let game = harness.state_mut().open_game_mut(DIR).unwrap();
        let t = game.canvas_transform().unwrap();
        let (a, b) = (
            t.to_screen(Point::new(10.0, y)),
            t.to_screen(Point::new(10.0 + size.x, y + size.y)),
        );
        let image = harness.render().expect("the console renders");
        let ppp = harness.ctx.pixels_per_point();
        let mut n = 0;
        for x in (a.x * ppp) as u32 + 2..(b.x * ppp) as u32 - 2 {
            for y in (a.y * ppp) as u32 + 2..(b.y * ppp) as u32 - 2 {
                if image.get_pixel(x, y)[0] < 128 {
                    n += 1;
                }
            }
        }
        n
    };
    let plain_ink = dark(&mut harness, 10.0, plain);
    let bold_ink = dark(&mut harness, 40.0, bold);
    assert!(
        bold_ink as f32 > plain_ink as f32 * 1.2,
        "bold {bold_ink} dark pixels, plain {plain_ink}"
    );
}

#[test]
fn a_picture_is_tinted_turned_and_faded() {
    let (_games, mut harness) = open_board();
    let spots = [
        // White then black, tinted red and turned clockwise: red above,
        // black below.
        (Point::new(230.0, 35.0), [255, 0, 0]),
        (Point::new(230.0, 65.0), [0, 0, 0]),
        // The same at half opacity over white: light left, grey right.
        (Point::new(215.0, 140.0), [255, 255, 255]),
        (Point::new(245.0, 140.0), [127, 127, 127]),
    ];
    let game = harness.state_mut().open_game_mut(DIR).unwrap();
    let t = game.canvas_transform().unwrap();
    let points: Vec<egui::Pos2> = spots.iter().map(|(p, _)| t.to_screen(*p)).collect();
    let image = harness.render().expect("the console renders");
    let ppp = harness.ctx.pixels_per_point();
    for ((canvas, expected), screen) in spots.iter().zip(points) {
        let pixel = image.get_pixel((screen.x * ppp) as u32, (screen.y * ppp) as u32);
        let rgb = [pixel[0], pixel[1], pixel[2]];
        let close = rgb
            .iter()
            .zip(expected)
            .all(|(a, b)| (i32::from(*a) - *b).abs() <= 6);
        assert!(
            close,
            "at {canvas:?} the board shows {rgb:?}, not {expected:?}"
        );
    }
}
