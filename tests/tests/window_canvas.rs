//! A canvas laid out to its window, drags that leave the canvas, and
//! pointer shapes (ABI revision 5, issue 25), on the `layout-board`
//! fixture in a game window shown as the root window (as `--play` shows
//! it), whose size the test sets: the game is told each size its canvas
//! has and its canvas then equals it, resizing settles (no frame asks for
//! another without end, the window is never resized to the canvas), a
//! drag reaches the game outside the canvas and back, and the game's
//! pointer shapes are the window's.

use egui_kittest::Harness;
use game_api::{Point, Shape};
use launcher::game_window::{GameFiles, GameWindow};
use launcher_tests::GamesDir;

const DIR: &str = "layout-board";

/// The layout board in a root window of `size`, running in this process.
fn board(size: [f32; 2]) -> (GamesDir, Harness<'static, Option<GameWindow>>) {
    let games = GamesDir::new();
    games.add_with_library(
        DIR,
        "game = \"layout_board\"\nname = \"Layout board\"\n",
        "layout_board",
    );
    let entry =
        launcher::catalog::Catalog::scan(&launcher::catalog::SearchPath::only([games.path()]), &[])
            .find(DIR)
            .cloned()
            .expect("the board is listed");
    let library = launcher::loader::Loader::new()
        .load(entry.library.as_ref().expect("its library"))
        .expect("it loads");
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size(size)
        .build_ui_state(
            |ui, window: &mut Option<GameWindow>| {
                if let Some(window) = window {
                    window.ui(ui);
                }
            },
            None,
        );
    let ctx = harness.ctx.clone();
    let mut window = GameWindow::start(
        library,
        &entry,
        Default::default(),
        &ctx,
        GameFiles::default(),
    )
    .expect("the board starts");
    window.show_in_root();
    *harness.state_mut() = Some(window);
    // Frames until nothing more asks for one: a resize that looped would
    // never get here (`run` fails past its steps).
    harness.run();
    (games, harness)
}

fn window<'a>(harness: &'a Harness<'_, Option<GameWindow>>) -> &'a GameWindow {
    harness.state().as_ref().expect("the window")
}

/// The canvas's size on screen, in whole logical pixels, and what the
/// game was told and drew.
fn sizes(harness: &Harness<'_, Option<GameWindow>>) -> (Point, String, Point) {
    let game = window(harness);
    let transform = game.canvas_transform().expect("the canvas was shown");
    let on_screen = transform.screen_rect().size();
    let drawn = game
        .drawing()
        .shapes
        .iter()
        .find_map(|s| match s {
            Shape::Rect { size, .. } => Some(*size),
            _ => None,
        })
        .expect("the board's rectangle");
    (
        Point::new(on_screen.x.round(), on_screen.y.round()),
        game.status().to_owned(),
        drawn,
    )
}

#[test]
fn the_board_is_laid_out_to_its_window_at_two_sizes() {
    let (_games, mut harness) = board([640.0, 480.0]);
    assert!(window(&harness).fills_window());
    let (first, status, drawn) = sizes(&harness);
    assert_eq!(status, format!("laid out to {} x {}", first.x, first.y));
    assert_eq!(drawn, first, "the canvas equals the size it has");
    assert!(first.x > 500.0 && first.y > 300.0, "{first:?}");
    let scale = window(&harness).canvas_transform().unwrap().scale;
    assert!((scale - 1.0).abs() < 0.01, "shown unscaled, not {scale}");

    harness.set_size(egui::Vec2::new(900.0, 380.0));
    harness.run();
    let (second, status, drawn) = sizes(&harness);
    assert_eq!(status, format!("laid out to {} x {}", second.x, second.y));
    assert_eq!(drawn, second);
    assert_eq!(second.x - first.x, 260.0, "{first:?} then {second:?}");
    assert_eq!(first.y - second.y, 100.0, "{first:?} then {second:?}");
    // Wider spacing, not a bigger board: the text is drawn at its size.
    let text_size = window(&harness)
        .drawing()
        .shapes
        .iter()
        .find_map(|s| match s {
            Shape::Text { font_size, .. } => Some(*font_size),
            _ => None,
        });
    assert_eq!(text_size, Some(20.0));
}

/// Presses, moves and releases the primary button at screen points.
fn drag(harness: &mut Harness<'_, Option<GameWindow>>, path: &[egui::Pos2]) {
    let (first, rest) = path.split_first().expect("a path");
    harness.event(egui::Event::PointerMoved(*first));
    harness.step();
    harness.event(egui::Event::PointerButton {
        pos: *first,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    harness.step();
    for p in rest {
        harness.event(egui::Event::PointerMoved(*p));
        harness.step();
    }
    let last = *path.last().unwrap();
    harness.event(egui::Event::PointerButton {
        pos: last,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run();
}

#[test]
fn a_drag_that_leaves_the_canvas_and_comes_back_reaches_the_game() {
    let (_games, mut harness) = board([640.0, 480.0]);
    let transform = window(&harness).canvas_transform().unwrap();
    let rect = transform.screen_rect();
    let inside = rect.center();
    // Out past the right edge, into the window's status bar below, back.
    let out_right = egui::pos2(rect.right() + 3.0, rect.center().y);
    let below = egui::pos2(rect.center().x, rect.bottom() + 10.0);
    let back = rect.center() + egui::vec2(20.0, 10.0);
    drag(&mut harness, &[inside, out_right, below, back]);
    let end = transform.to_canvas(back);
    assert_eq!(
        window(&harness).status(),
        format!(
            "dropped at {:.0}, {:.0}; left the canvas: yes; moves outside: 2",
            end.x, end.y
        )
    );
    // A drag that ends outside: the release reaches the game there.
    drag(&mut harness, &[inside, out_right]);
    let end = transform.to_canvas(out_right);
    assert!(end.x > transform.to_canvas(rect.right_bottom()).x);
    assert_eq!(
        window(&harness).status(),
        format!(
            "dropped at {:.0}, {:.0}; left the canvas: yes; moves outside: 1",
            end.x, end.y
        )
    );
}

#[test]
fn the_pointer_takes_the_shapes_the_game_asks_for() {
    let (_games, mut harness) = board([640.0, 480.0]);
    let rect = window(&harness).canvas_transform().unwrap().screen_rect();
    let cursor = |h: &Harness<'_, Option<GameWindow>>| h.output().platform_output.cursor_icon;
    harness.event(egui::Event::PointerMoved(rect.center()));
    harness.run();
    assert_eq!(
        cursor(&harness),
        egui::CursorIcon::Grab,
        "an open hand over the board"
    );
    harness.event(egui::Event::PointerButton {
        pos: rect.center(),
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run();
    // Asked for while handling the press: shown from the next frame on.
    harness.event(egui::Event::PointerMoved(
        rect.center() + egui::vec2(5.0, 0.0),
    ));
    harness.run();
    assert_eq!(window(&harness).status(), "dragging");
    assert_eq!(
        cursor(&harness),
        egui::CursorIcon::Grabbing,
        "a closed hand while dragging"
    );
    // Dragged out of the canvas, it keeps its shape.
    harness.event(egui::Event::PointerMoved(egui::pos2(
        rect.right() + 5.0,
        rect.center().y,
    )));
    harness.run();
    assert_eq!(cursor(&harness), egui::CursorIcon::Grabbing);
}

/// The same board in the console, in a process of its own: its requests
/// (layout, pointer shapes) and the layout call cross the game host's
/// protocol.
#[test]
fn in_its_own_process_the_board_is_laid_out_and_shapes_the_pointer() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::Queryable;
    use launcher::LauncherApp;
    use launcher_tests::Settle;
    let games = GamesDir::new();
    games.add_with_library(
        DIR,
        "game = \"layout_board\"\nname = \"Layout board\"\n",
        "layout_board",
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
        .get_by_role_and_label(Role::Button, "Layout board")
        .click();
    harness.settle();
    launcher_tests::run_until(&mut harness, "the board laid out", |h| {
        h.state()
            .open_games()
            .into_iter()
            .any(|g| g.dir_name == DIR && g.status().starts_with("laid out to "))
    });
    let game = harness.state_mut().open_game_mut(DIR).unwrap();
    assert!(game.fills_window());
    let transform = game.canvas_transform().unwrap();
    let size = transform.screen_rect().size();
    assert_eq!(
        game.status(),
        format!("laid out to {} x {}", size.x.round(), size.y.round())
    );
    let centre = transform.screen_rect().center();
    harness.event(egui::Event::PointerMoved(centre));
    harness.settle();
    harness.event(egui::Event::PointerMoved(centre + egui::vec2(2.0, 0.0)));
    harness.settle();
    assert_eq!(
        harness.output().platform_output.cursor_icon,
        egui::CursorIcon::Grab
    );
}
