//! Plays GCalc through the real C ABI table, as the launcher does: pointer
//! drags from cell to cell found by their labelled regions (what a screen
//! reader reads), right clicks, keys, the controls, ticks sent as the
//! launcher would send them, save and load as the midend calls them, and a
//! data directory of the test's own for the player's storage. Nothing
//! waits: an evaluation is driven by `Tick` events, at most as many as its
//! step limit allows.

use std::path::{Path, PathBuf};

use game_api::host::{GameInstance, GameLibrary, Recorder};
use game_api::{
    Button, Cursor, Event, Modifiers, Point, RecordingPainter, Region, Rgba, Shape, keys,
};
use game_test::play::WithDataDir;
use gcalc::expr::parse;

/// A fresh data directory for one test.
fn data_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gcalc-abi-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn start_in(dir: &Path) -> (GameInstance, Recorder) {
    let recorder = Recorder::new();
    let host = WithDataDir::new(dir.to_str().unwrap()).recording(recorder.clone());
    let mut game = GameLibrary::from_static(&gcalc::GAME_TABLE)
        .expect("the game speaks this launcher's ABI")
        .start(Box::new(host))
        .expect("the game starts");
    // The launcher answers the game's request for a canvas laid out to the
    // window with the window's size.
    game.layout(Point::new(963.0, 520.0)).unwrap();
    (game, recorder)
}

fn regions(game: &mut GameInstance) -> Vec<Region> {
    game.regions().unwrap()
}

/// The region whose label starts with `prefix`.
fn region(game: &mut GameInstance, prefix: &str) -> Region {
    let all = regions(game);
    all.iter()
        .find(|r| r.label.starts_with(prefix))
        .cloned()
        .unwrap_or_else(|| {
            panic!(
                "no region {prefix:?} in {:#?}",
                all.iter().map(|r| &r.label).collect::<Vec<_>>()
            )
        })
}

/// What the screen reader says of `prefix`'s region.
fn label(game: &mut GameInstance, prefix: &str) -> String {
    region(game, prefix).label
}

/// The storage region holding the example of that name.
fn stored(game: &mut GameInstance, name: &str) -> Region {
    let all = regions(game);
    all.into_iter()
        .find(|r| r.label.starts_with("storage ") && r.label.contains(&format!(": {name} = ")))
        .unwrap_or_else(|| panic!("no {name} in the storage"))
}

fn drag_between(game: &mut GameInstance, from: Point, to: Point, modifiers: Modifiers) {
    game.handle_event(&Event::PointerPress {
        pos: from,
        button: Button::Primary,
        modifiers,
    })
    .unwrap();
    let mid = Point::new((from.x + to.x) / 2.0, (from.y + to.y) / 2.0);
    game.handle_event(&Event::PointerMove { pos: mid }).unwrap();
    game.handle_event(&Event::PointerMove { pos: to }).unwrap();
    game.handle_event(&Event::PointerRelease {
        pos: to,
        button: Button::Primary,
        modifiers,
    })
    .unwrap();
}

fn drag(game: &mut GameInstance, from: &Region, to_prefix: &str) {
    let to = region(game, to_prefix).center();
    drag_between(game, from.center(), to, Modifiers::NONE);
}

fn right_click(game: &mut GameInstance, at: Point) {
    for event in [
        Event::PointerPress {
            pos: at,
            button: Button::Secondary,
            modifiers: Modifiers::NONE,
        },
        Event::PointerRelease {
            pos: at,
            button: Button::Secondary,
            modifiers: Modifiers::NONE,
        },
    ] {
        game.handle_event(&event).unwrap();
    }
}

/// Sends ticks, as the launcher does while the game asks for them, until
/// the evaluation ends: at most `max` of them.
fn run_ticks(game: &mut GameInstance, max: usize) -> usize {
    let mut ticks = 0;
    while game.status().unwrap().starts_with("Evaluating") {
        assert!(ticks < max, "still evaluating after {max} ticks");
        game.handle_event(&Event::Tick { dt: 0.04 }).unwrap();
        ticks += 1;
    }
    ticks
}

fn main_cube(game: &mut GameInstance) -> String {
    label(game, "main cell: ")
        .strip_prefix("main cell: ")
        .unwrap()
        .to_string()
}

/// The front faces drawn inside the main cell, by colour, left to right.
fn main_front_faces(game: &mut GameInstance) -> Vec<Rgba> {
    let main = region(game, "main cell");
    let mut painter = RecordingPainter::new();
    game.draw(&mut painter).unwrap();
    let inside = |p: &Point| {
        p.x >= main.min.x
            && p.y >= main.min.y
            && p.x <= main.min.x + main.size.x
            && p.y <= main.min.y + main.size.y
    };
    let polygons: Vec<(Rgba, Vec<Point>)> = painter
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Polygon { points, style } if points.iter().all(inside) => {
                Some((style.fill?, points.clone()))
            }
            _ => None,
        })
        .collect();
    // Each cube is three polygons: top, left, front.
    let mut fronts: Vec<(f32, Rgba)> = polygons.chunks(3).map(|c| (c[2].1[0].x, c[2].0)).collect();
    fronts.sort_by(|a, b| a.0.total_cmp(&b.0));
    fronts.into_iter().map(|f| f.1).collect()
}

const RED: Rgba = Rgba::rgb(255, 0, 0);
const BLUE: Rgba = Rgba::rgb(0, 0, 255);

/// Applies the main cell's numeral to `slice` and the blue cube, so it
/// shows as a cube: blue followed by n red slices.
fn see_as_cube(game: &mut GameInstance) {
    let slice = stored(game, "slice");
    drag(game, &slice, "Apply (arg) cell");
    run_ticks(game, 100);
    let blue = region(game, "basic cube blue");
    drag(game, &blue, "Apply (arg) cell");
    run_ticks(game, 100);
}

#[test]
fn a_whole_session_builds_a_numeral_applies_successor_stores_it_and_gets_it_back() {
    let dir = data_dir("session");
    let (mut game, recorder) = start_in(&dir);
    assert_eq!(game.title().unwrap(), "GCalc");
    assert!(game.features().save);
    assert!(recorder.requests().contains(&"layout true".to_string()));
    assert_eq!(game.canvas_size().unwrap(), Point::new(963.0, 520.0));
    // Eighteen basic cubes, the working panel, forty storage cells.
    let all = regions(&mut game);
    assert_eq!(all.len(), 18 + 9 + 40);
    assert_eq!(label(&mut game, "main cell"), "main cell: empty");

    // Open Example (M).
    game.handle_event(&Event::key("m")).unwrap();
    assert!(game.status().unwrap().starts_with("The example storage"));
    let two = stored(&mut game, "two");
    assert_eq!(
        two.label,
        "storage 3: two = \\green. \\red. green (green red)"
    );

    // The numeral two into the main cell, successor applied to it.
    drag(&mut game, &two, "main cell");
    assert_eq!(
        main_cube(&mut game),
        "two = \\green. \\red. green (green red)"
    );
    let successor = stored(&mut game, "successor");
    drag(&mut game, &successor, "Apply (func) cell");
    // Evaluated at once (Evaluate on application): one step, into a function.
    run_ticks(&mut game, 10);
    assert_eq!(game.status().unwrap(), "Evaluated the main cell in 1 step.");
    let three = parse(&main_cube(&mut game));
    assert_eq!(
        three,
        parse("\\green. \\red. green ((\\green. \\red. green (green red)) green red)")
    );

    // Stored in the first empty storage cell (the main cell is emptied:
    // a drag from the main cell into the storage moves the cube), named.
    let empty = region(&mut game, "storage 40: empty");
    let main = region(&mut game, "main cell").center();
    drag_between(&mut game, main, empty.center(), Modifiers::NONE);
    assert_eq!(label(&mut game, "main cell"), "main cell: empty");
    assert_eq!(
        parse(
            label(&mut game, "storage 40: ")
                .strip_prefix("storage 40: ")
                .unwrap()
        ),
        three
    );
    game.handle_event(&Event::PointerMove {
        pos: empty.center(),
    })
    .unwrap();
    game.handle_event(&Event::key("n")).unwrap();
    assert!(game.status().unwrap().starts_with("Naming storage cell 40"));
    for key in ["s", "u", "c", "c", keys::SPACE, "t", "w", "o", keys::ENTER] {
        game.handle_event(&Event::key(key)).unwrap();
    }
    assert!(label(&mut game, "storage 40: ").starts_with("storage 40: succ two = \\green."));
    // Save (S): the main cell and the storage go into the data directory,
    // and the status line says what and where.
    game.handle_event(&Event::key("s")).unwrap();
    let file_name = dir.join("storage.gcalc").display().to_string();
    assert_eq!(
        game.status().unwrap(),
        format!(
            "The empty main cell and 29 stored cubes are saved in {file_name}: O opens them again, and GCalc opens them as it starts."
        )
    );
    let file = std::fs::read_to_string(dir.join("storage.gcalc")).unwrap();
    assert!(file.starts_with("GCALC 2\n"), "{file}");
    game.close().unwrap();

    // Reloaded: a new game in the same data directory has it.
    let (mut again, _) = start_in(&dir);
    assert!(
        again.status().unwrap().starts_with(&format!(
            "The empty main cell and 29 stored cubes are back from {file_name}"
        )),
        "{}",
        again.status().unwrap()
    );
    let three_again = stored(&mut again, "succ two");
    assert_eq!(
        parse(
            three_again
                .label
                .split(" = ")
                .skip(1)
                .collect::<Vec<_>>()
                .join(" = ")
                .as_str()
        ),
        three
    );
    // ...and it is three: seen as a cube, blue and three red slices.
    drag(&mut again, &three_again, "main cell");
    see_as_cube(&mut again);
    assert_eq!(main_cube(&mut again), "blue | red | red | red");
    assert_eq!(main_front_faces(&mut again), [BLUE, RED, RED, RED]);
    again.close().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn church_arithmetic_through_the_window() {
    let dir = data_dir("arithmetic");
    let (mut game, _) = start_in(&dir);
    game.invoke_action("example", "").unwrap();
    // times two three, as cubes: six red slices.
    let times = stored(&mut game, "times");
    drag(&mut game, &times, "main cell");
    let two = stored(&mut game, "two");
    drag(&mut game, &two, "Apply (arg) cell");
    run_ticks(&mut game, 100);
    let three = stored(&mut game, "three");
    drag(&mut game, &three, "Apply (arg) cell");
    run_ticks(&mut game, 100);
    see_as_cube(&mut game);
    assert_eq!(main_cube(&mut game), format!("blue{}", " | red".repeat(6)));
    // plus two three: five.
    let plus = stored(&mut game, "plus");
    drag(&mut game, &plus, "main cell");
    drag(&mut game, &two, "Apply (arg) cell");
    drag(&mut game, &three, "Apply (arg) cell");
    run_ticks(&mut game, 100);
    see_as_cube(&mut game);
    assert_eq!(main_cube(&mut game), format!("blue{}", " | red".repeat(5)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_y_combinator_runs_on_ticks_until_the_step_limit_and_can_be_stopped() {
    let dir = data_dir("runaway");
    let (mut game, recorder) = start_in(&dir);
    game.invoke_action("example", "").unwrap();
    let y = stored(&mut game, "Y");
    drag(&mut game, &y, "main cell");
    let before = game.save().unwrap();
    let identity = stored(&mut game, "identity");
    drag(&mut game, &identity, "Apply (arg) cell");
    // Twenty steps at once (the Fast speed), the rest on ticks.
    assert!(
        recorder
            .requests()
            .iter()
            .any(|r| r.starts_with("tick 0.04"))
    );
    assert_eq!(
        game.status().unwrap(),
        "Evaluating the main cell: step 20 of at most 1000 (Escape stops)."
    );
    // The saved state holds the application, not the steps under way.
    let applied = game.save().unwrap();
    assert_ne!(applied, before);
    game.handle_event(&Event::Tick { dt: 0.04 }).unwrap();
    assert!(game.status().unwrap().contains("step 40 of"));
    assert_eq!(game.save().unwrap(), applied);
    // The window answers meanwhile: the pointer, the menu's controls.
    let hover = region(&mut game, "basic cube red").center();
    game.handle_event(&Event::PointerMove { pos: hover })
        .unwrap();
    assert!(game.actions().unwrap().iter().any(|a| a.id == "stop"));
    // Stopped at the limit: 1000 steps, 20 a tick.
    let ticks = run_ticks(&mut game, 1000);
    assert_eq!(ticks, 48);
    assert_eq!(
        game.status().unwrap(),
        "Stopped the main cell at the step limit, after 1000 steps: E goes on, Preferences change the limit."
    );
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    assert_ne!(game.save().unwrap(), applied);
    // A smaller limit, chosen in the preferences, and Escape stops at once.
    game.handle_event(&Event::key(keys::ENTER)).unwrap();
    assert!(game.actions().unwrap().iter().any(|a| a.id == "step-limit"));
    game.invoke_action("step-limit", "100").unwrap();
    game.invoke_action("speed", "Step by step").unwrap();
    game.load(&before).unwrap();
    drag(&mut game, &identity, "Apply (arg) cell");
    assert!(game.status().unwrap().contains("step 1 of at most 100"));
    game.handle_event(&Event::key(keys::ESCAPE)).unwrap();
    assert_eq!(
        game.status().unwrap(),
        "Stopped the main cell after 1 step: E goes on."
    );
    // E goes on from there, to the new limit.
    let main = region(&mut game, "main cell").center();
    game.handle_event(&Event::PointerMove { pos: main })
        .unwrap();
    game.invoke_action("speed", "At once").unwrap();
    game.handle_event(&Event::key("e")).unwrap();
    assert!(
        game.status()
            .unwrap()
            .starts_with("Stopped the main cell at the step limit, after 100 steps")
    );
    // The preferences are kept in the data directory.
    let kept = std::fs::read_to_string(dir.join("settings.txt")).unwrap();
    assert!(kept.contains("step-limit 100\n") && kept.contains("speed at-once\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compositions_right_clicks_and_abstraction() {
    let dir = data_dir("operations");
    let (mut game, _) = start_in(&dir);
    let colour = |game: &mut GameInstance, name: &str| region(game, &format!("basic cube {name}"));
    let red = colour(&mut game, "red");
    drag(&mut game, &red, "main cell");
    let green = colour(&mut game, "green");
    assert_eq!(main_cube(&mut game), "red = red");
    drag(&mut game, &green, "Right cell");
    // An operation's result has no name.
    assert_eq!(main_cube(&mut game), "red | green");
    let blue = colour(&mut game, "blue");
    drag(&mut game, &blue, "Top cell");
    assert_eq!(main_cube(&mut game), "blue - (red | green)");
    let yellow = colour(&mut game, "yellow");
    drag(&mut game, &yellow, "Back cell");
    assert_eq!(main_cube(&mut game), "(blue - (red | green)) / yellow");
    // A right click on Back throws the back away; on Top, the top.
    let back = region(&mut game, "Back cell").center();
    right_click(&mut game, back);
    assert_eq!(main_cube(&mut game), "blue - (red | green)");
    let top = region(&mut game, "Top cell").center();
    right_click(&mut game, top);
    assert_eq!(main_cube(&mut game), "red | green");
    // §1.19.3: a right click on the green cube: \green. red | green.
    right_click(&mut game, green.center());
    assert_eq!(main_cube(&mut game), "\\green. red | green");
    // Applied to blue through Apply (arg): red | blue.
    drag(&mut game, &blue, "Apply (arg) cell");
    run_ticks(&mut game, 10);
    assert_eq!(main_cube(&mut game), "red | blue");
    // A spatial function, §1.19.3: (\white. white) | (\white. white - red)
    // applied to yellow | cyan works on each half. (R clears the cell
    // under the pointer.)
    let main = region(&mut game, "main cell").center();
    game.handle_event(&Event::PointerMove { pos: main })
        .unwrap();
    game.handle_event(&Event::key("r")).unwrap();
    assert_eq!(label(&mut game, "main cell"), "main cell: empty");
    let white = colour(&mut game, "white");
    drag(&mut game, &white, "main cell");
    right_click(&mut game, white.center());
    let first = region(&mut game, "storage 1: empty").center();
    drag_between(&mut game, main, first, Modifiers::NONE);
    drag(&mut game, &white, "main cell");
    drag(&mut game, &red, "Bottom cell");
    right_click(&mut game, white.center());
    assert_eq!(main_cube(&mut game), "\\white. white - red");
    let identity = region(&mut game, "storage 1: ");
    drag(&mut game, &identity, "Left cell");
    assert_eq!(
        main_cube(&mut game),
        "(\\white. white) | (\\white. white - red)"
    );
    let second = region(&mut game, "storage 2: empty").center();
    drag_between(&mut game, main, second, Modifiers::NONE);
    let yellow = colour(&mut game, "yellow");
    let cyan = colour(&mut game, "cyan");
    drag(&mut game, &yellow, "main cell");
    drag(&mut game, &cyan, "Right cell");
    let function = region(&mut game, "storage 2: ");
    drag(&mut game, &function, "Apply (func) cell");
    run_ticks(&mut game, 10);
    assert_eq!(main_cube(&mut game), "yellow | (cyan - red)");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_operations_menu_by_right_click_escape_and_keys() {
    let dir = data_dir("menu");
    let (mut game, recorder) = start_in(&dir);
    game.invoke_action("example", "").unwrap();
    // Every operation is a control with its key, as the menu shows it.
    let actions = game.actions().unwrap();
    let keys_of: Vec<(String, Option<String>)> = actions
        .iter()
        .map(|a| (a.label.clone(), a.shortcut.clone()))
        .collect();
    for (label, key) in [
        ("Cut", "x"),
        ("Copy", "c"),
        ("Paste", "v"),
        ("Clear", "r"),
        ("Eval", "e"),
        ("Rename", "n"),
        ("Show", "Space"),
        ("Help", "h"),
        ("Open", "o"),
        ("Open Example", "m"),
        ("Save", "s"),
        ("Preferences", "Enter"),
    ] {
        assert!(
            keys_of.contains(&(label.to_string(), Some(key.to_string()))),
            "{label} [{key}] in {keys_of:?}"
        );
    }
    // The tool bar's controls act on the cell clicked last, not on the
    // cells the pointer crossed on its way out of the canvas.
    let two = stored(&mut game, "two");
    game.handle_event(&Event::press(two.center())).unwrap();
    game.handle_event(&Event::release(two.center())).unwrap();
    let crossed = stored(&mut game, "zero").center();
    game.handle_event(&Event::PointerMove { pos: crossed })
        .unwrap();
    game.handle_event(&Event::PointerLeave).unwrap();
    game.invoke_action("copy", "").unwrap();
    assert_eq!(game.status().unwrap(), "Copied from storage cell 3.");
    // A right click on a storage cell opens the menu there.
    right_click(&mut game, two.center());
    assert!(
        game.status()
            .unwrap()
            .starts_with("The menu of storage cell 3: click an item or press its key")
    );
    let copy = region(&mut game, "menu: Copy");
    // While it is open the keys are the game's (no control takes them).
    assert!(game.actions().unwrap().iter().all(|a| a.shortcut.is_none()));
    game.handle_event(&Event::press(copy.center())).unwrap();
    game.handle_event(&Event::release(copy.center())).unwrap();
    assert!(
        regions(&mut game)
            .iter()
            .all(|r| !r.label.starts_with("menu:"))
    );
    assert_eq!(game.status().unwrap(), "Copied from storage cell 3.");
    // Escape opens it for the cell under the pointer; arrows and Enter
    // choose: the third line is Paste.
    let target = region(&mut game, "storage 39: empty");
    game.handle_event(&Event::PointerMove {
        pos: target.center(),
    })
    .unwrap();
    game.handle_event(&Event::key(keys::ESCAPE)).unwrap();
    assert_eq!(label(&mut game, "menu: Cut"), "menu: Cut");
    game.handle_event(&Event::key(keys::ARROW_DOWN)).unwrap();
    game.handle_event(&Event::key(keys::ENTER)).unwrap();
    assert!(label(&mut game, "storage 39: ").starts_with("storage 39: two = "));
    // A right click held on an operation cell or a basic cube opens the
    // menu there instead of doing the cell's operation (as the original,
    // after 0.3 seconds).
    let red = region(&mut game, "basic cube red");
    drag(&mut game, &red, "main cell");
    let right = region(&mut game, "Right cell").center();
    game.handle_event(&Event::PointerPress {
        pos: right,
        button: Button::Secondary,
        modifiers: Modifiers::NONE,
    })
    .unwrap();
    assert_eq!(recorder.last().as_deref(), Some("tick 0.05"));
    for _ in 0..2 {
        game.handle_event(&Event::Tick { dt: 0.1 }).unwrap();
    }
    assert!(
        regions(&mut game)
            .iter()
            .all(|r| !r.label.starts_with("menu:"))
    );
    game.handle_event(&Event::Tick { dt: 0.1 }).unwrap();
    assert_eq!(label(&mut game, "menu: Paste"), "menu: Paste");
    game.handle_event(&Event::PointerRelease {
        pos: right,
        button: Button::Secondary,
        modifiers: Modifiers::NONE,
    })
    .unwrap();
    assert_eq!(main_cube(&mut game), "red = red");
    // Paste onto it: the copied cube goes to the right of the main cube.
    game.handle_event(&Event::key("v")).unwrap();
    assert_eq!(
        main_cube(&mut game),
        "red | (\\green. \\red. green (green red))"
    );
    game.handle_event(&Event::key("r")).unwrap();
    assert_eq!(label(&mut game, "main cell"), "main cell: empty");
    // F10 too; a key of the menu runs its item: H asks for the help.
    game.handle_event(&Event::key("F10")).unwrap();
    game.handle_event(&Event::key("h")).unwrap();
    assert_eq!(recorder.last().as_deref(), Some("help GCalc Help false"));
    // The basic cubes are never overwritten: a drop there is refused.
    let black = region(&mut game, "basic cube black");
    drag(&mut game, &two, "basic cube black");
    assert_eq!(region(&mut game, "basic cube black"), black);
    assert!(stored(&mut game, "two").label.starts_with("storage 3: "));
    // Undo through the midend's save and load: Clear, then the state before.
    let before = game.save().unwrap();
    game.handle_event(&Event::PointerMove { pos: two.center() })
        .unwrap();
    game.handle_event(&Event::key("r")).unwrap();
    assert_eq!(label(&mut game, "storage 3: "), "storage 3: empty");
    game.load(&before).unwrap();
    assert!(label(&mut game, "storage 3: ").starts_with("storage 3: two = "));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pointer_shapes_follow_what_can_be_dragged_and_dropped() {
    let dir = data_dir("cursor");
    let (mut game, recorder) = start_in(&dir);
    let cursor = |c: Cursor| format!("cursor {}", c.to_raw());
    let red = region(&mut game, "basic cube red").center();
    game.handle_event(&Event::PointerMove { pos: red }).unwrap();
    assert_eq!(recorder.last(), Some(cursor(Cursor::Grab)));
    game.handle_event(&Event::press(red)).unwrap();
    assert_eq!(recorder.last(), Some(cursor(Cursor::Grabbing)));
    // Over another basic cube: no drop there.
    let green = region(&mut game, "basic cube green").center();
    game.handle_event(&Event::PointerMove { pos: green })
        .unwrap();
    assert_eq!(recorder.last(), Some(cursor(Cursor::NotAllowed)));
    // Over an operation cell while the main cell is empty: none either.
    let left = region(&mut game, "Left cell").center();
    game.handle_event(&Event::PointerMove { pos: left })
        .unwrap();
    assert_eq!(recorder.last(), Some(cursor(Cursor::NotAllowed)));
    assert!(game.status().unwrap().starts_with("Drag to"));
    let main = region(&mut game, "main cell").center();
    game.handle_event(&Event::PointerMove { pos: main })
        .unwrap();
    assert_eq!(recorder.last(), Some(cursor(Cursor::Grabbing)));
    assert_eq!(
        game.status().unwrap(),
        "Drop on the main cell to put it there."
    );
    game.handle_event(&Event::release(main)).unwrap();
    // A basic cube keeps its name, as in the original.
    assert_eq!(main_cube(&mut game), "red = red");
    // A drag taken out of the canvas (the launcher keeps sending its moves)
    // and released there drops nothing.
    let blue = region(&mut game, "basic cube blue").center();
    game.handle_event(&Event::press(blue)).unwrap();
    let outside = Point::new(-40.0, 2000.0);
    game.handle_event(&Event::PointerMove { pos: outside })
        .unwrap();
    assert_eq!(recorder.last(), Some(cursor(Cursor::Grabbing)));
    game.handle_event(&Event::release(outside)).unwrap();
    assert_eq!(main_cube(&mut game), "red = red");
    assert_eq!(recorder.last(), Some(cursor(Cursor::Default)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_cells_follow_the_window_size() {
    let dir = data_dir("layout");
    let (mut game, _) = start_in(&dir);
    for size in [Point::new(500.0, 300.0), Point::new(1600.0, 1000.0)] {
        game.layout(size).unwrap();
        assert_eq!(game.canvas_size().unwrap(), size);
        let all = regions(&mut game);
        for r in &all {
            assert!(r.min.x >= 0.0 && r.min.y >= 0.0, "{r:?}");
            assert!(r.min.x + r.size.x <= size.x + 0.01, "{r:?}");
            assert!(r.min.y + r.size.y <= size.y + 0.01, "{r:?}");
        }
        // Everything is drawn on the canvas.
        let mut painter = RecordingPainter::new();
        let report = game.draw(&mut painter).unwrap();
        assert_eq!((report.invalid, report.over_limit), (0, 0));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_save_or_storage_file_is_refused_with_a_reason() {
    let dir = data_dir("damaged");
    std::fs::write(dir.join("storage.gcalc"), "GCALC 1\nred | purple\n").unwrap();
    let (mut game, _) = start_in(&dir);
    assert!(
        game.status()
            .unwrap()
            .starts_with("Your saved storage is damaged (line 2:"),
        "{}",
        game.status().unwrap()
    );
    assert!(dir.join("storage.gcalc.damaged").is_file());
    assert!(!dir.join("storage.gcalc").exists());
    let good = game.save().unwrap();
    for bad in [
        &b"nonsense"[..],
        b"GCalc save 1\nmain red | \ncells 40\n",
        b"GCalc save 1\nmain red\ncells 3\nend\n",
        b"GCalc save 9\n",
        b"\xff\xfe",
    ] {
        assert!(game.load(bad).is_err(), "{bad:?}");
        assert_eq!(game.save().unwrap(), good);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A data directory whose saved storage holds `cells` (lines of the
/// storage's text form).
fn with_storage(test: &str, cells: &[&str]) -> PathBuf {
    let dir = data_dir(test);
    let text = format!("GCALC 1\n{}\n", cells.join("\n"));
    std::fs::write(dir.join("storage.gcalc"), text).unwrap();
    dir
}

/// The main cell's whole cube, read from the saved state.
fn saved_main(game: &mut GameInstance) -> gcalc::Expr {
    let bytes = game.save().unwrap();
    let text = String::from_utf8(bytes).unwrap();
    let line = text.lines().nth(1).unwrap();
    let cube = line.strip_prefix("main ").unwrap();
    let cube = cube.split_once('=').map_or(cube, |(_, c)| c);
    cube.trim().parse().unwrap()
}

#[test]
fn an_evaluation_shows_each_step_in_its_cell_and_is_one_move_when_it_ends() {
    let dir = data_dir("steps");
    let (mut game, _) = start_in(&dir);
    game.invoke_action("example", "").unwrap();
    game.handle_event(&Event::key(keys::ENTER)).unwrap();
    game.invoke_action("speed", "Step by step").unwrap();
    let three = stored(&mut game, "three");
    drag(&mut game, &three, "main cell");
    let slice = stored(&mut game, "slice");
    drag(&mut game, &slice, "Apply (arg) cell");
    run_ticks(&mut game, 10);
    let blue = region(&mut game, "basic cube blue");
    drag(&mut game, &blue, "Apply (arg) cell");
    let applied = game.save().unwrap();
    let mut seen = vec![main_cube(&mut game)];
    let mut frames = vec![main_front_faces(&mut game)];
    let mut ticks = 0;
    while game.status().unwrap().starts_with("Evaluating") {
        assert!(
            game.status()
                .unwrap()
                .contains(&format!("step {} of", ticks + 1))
        );
        // Only the result is a move: the steps under way are not saved.
        assert_eq!(game.save().unwrap(), applied);
        game.handle_event(&Event::Tick { dt: 0.25 }).unwrap();
        ticks += 1;
        assert!(ticks < 100);
        seen.push(main_cube(&mut game));
        frames.push(main_front_faces(&mut game));
    }
    // The cells' labels keep the cube as it was until the end; the drawing
    // shows every step.
    assert!(seen[..seen.len() - 1].iter().all(|s| *s == seen[0]));
    assert_eq!(seen.last().unwrap(), "blue | red | red | red");
    assert_ne!(game.save().unwrap(), applied);
    let distinct: std::collections::HashSet<_> = frames.iter().map(|f| format!("{f:?}")).collect();
    assert!(distinct.len() >= 4, "{frames:?}");
    assert_eq!(frames.last().unwrap(), &[BLUE, RED, RED, RED]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cubes_too_large_to_keep_are_refused_and_a_growing_runaway_stops() {
    let dir = with_storage(
        "growth",
        &[
            "Y = \\red. (\\green. red (green green)) (\\green. red (green green))",
            "grow = \\blue. \\white. blue (white | white)",
        ],
    );
    let (mut game, _) = start_in(&dir);
    let red = region(&mut game, "basic cube red");
    drag(&mut game, &red, "main cell");
    // The main cube doubled onto itself, again and again.
    let mut sizes = Vec::new();
    for _ in 0..16 {
        let main = region(&mut game, "main cell").center();
        let right = region(&mut game, "Right cell").center();
        drag_between(&mut game, main, right, Modifiers::NONE);
        sizes.push(saved_main(&mut game).size());
    }
    assert_eq!(sizes[..4], [3, 7, 15, 31]);
    assert_eq!(*sizes.last().unwrap(), 16_383);
    assert_eq!(
        game.status().unwrap(),
        format!(
            "That would make a cube of more than {} parts: too large to keep.",
            gcalc::game::MAX_SIZE
        )
    );
    // Y grow red doubles its argument forever.
    let y = stored(&mut game, "Y");
    drag(&mut game, &y, "main cell");
    let grow = stored(&mut game, "grow");
    drag(&mut game, &grow, "Apply (arg) cell");
    run_ticks(&mut game, 10);
    drag(&mut game, &red, "Apply (arg) cell");
    run_ticks(&mut game, 1000);
    let status = game.status().unwrap();
    assert!(
        status.ends_with("the next step would make a cube of more than 25000 parts."),
        "{status}"
    );
    assert!(saved_main(&mut game).size() <= gcalc::game::MAX_SIZE);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_preferences_change_the_computation() {
    let dir = with_storage("prefs", &["twice = \\green. green | green"]);
    let (mut game, _) = start_in(&dir);
    let colour = |game: &mut GameInstance, name: &str| region(game, &format!("basic cube {name}"));
    let build = |game: &mut GameInstance| {
        let red = colour(game, "red");
        let blue = colour(game, "blue");
        drag(game, &red, "main cell");
        drag(game, &blue, "Right cell");
        let twice = stored(game, "twice");
        drag(game, &twice, "Apply (func) cell");
        run_ticks(game, 10);
        main_cube(game)
    };
    assert_eq!(build(&mut game), "red | blue | (red | blue)");
    // Split arguments: each part of the body gets its half of the argument.
    game.handle_event(&Event::key(keys::ENTER)).unwrap();
    game.invoke_action("split-args", "Yes").unwrap();
    assert_eq!(build(&mut game), "red | blue");
    // Colours as functions: red applied to blue mixes them.
    let red = colour(&mut game, "red");
    let blue = colour(&mut game, "blue");
    drag(&mut game, &red, "main cell");
    drag(&mut game, &blue, "Apply (arg) cell");
    run_ticks(&mut game, 10);
    assert_eq!(main_cube(&mut game), "red blue");
    game.invoke_action("colour-ops", "Yes").unwrap();
    drag(&mut game, &red, "main cell");
    drag(&mut game, &blue, "Apply (arg) cell");
    run_ticks(&mut game, 10);
    assert_eq!(main_cube(&mut game), "rgb(128,0,128)");
    // Evaluate on application off: the application stays as it is.
    game.invoke_action("eval-now", "No").unwrap();
    drag(&mut game, &red, "main cell");
    drag(&mut game, &blue, "Apply (arg) cell");
    assert_eq!(main_cube(&mut game), "red blue");
    assert!(game.invoke_action("depth", "7").is_err());
    assert!(game.invoke_action("cutoff", "many").is_err());
    // Hidden again with Enter; kept for the next game.
    game.handle_event(&Event::key(keys::ENTER)).unwrap();
    assert!(game.actions().unwrap().iter().all(|a| a.id != "split-args"));
    game.close().unwrap();
    let (mut again, _) = start_in(&dir);
    again.handle_event(&Event::key(keys::ENTER)).unwrap();
    let actions = again.actions().unwrap();
    let chosen = |id: &str| match &actions.iter().find(|a| a.id == id).unwrap().kind {
        game_api::ActionKind::Choice { selected, .. } => selected.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(chosen("split-args"), "Yes");
    assert_eq!(chosen("colour-ops"), "Yes");
    assert_eq!(chosen("eval-now"), "No");
    assert_eq!(chosen("depth"), "18");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn closing_keeps_a_changed_storage_and_show_draws_a_cube_large() {
    let dir = data_dir("closing");
    let (mut game, _) = start_in(&dir);
    game.invoke_action("example", "").unwrap();
    // A double click shows the cube over the whole window; a key closes it.
    let two = stored(&mut game, "two");
    let big = |game: &mut GameInstance| {
        let mut painter = RecordingPainter::new();
        game.draw(&mut painter).unwrap();
        painter.shapes.iter().any(|s| {
            matches!(s, Shape::Rect { size, .. } if (size.x - 504.0).abs() < 0.5 && (size.y - 504.0).abs() < 0.5)
        })
    };
    assert!(!big(&mut game));
    game.handle_event(&Event::DoubleClick {
        pos: two.center(),
        button: Button::Primary,
        modifiers: Modifiers::NONE,
    })
    .unwrap();
    assert!(big(&mut game));
    assert_eq!(
        game.status().unwrap(),
        "Showing storage cell 3 large: any key or click closes it."
    );
    game.handle_event(&Event::key("q")).unwrap();
    assert!(!big(&mut game));
    assert!(!dir.join("storage.gcalc").exists());
    game.close().unwrap();
    // Not saved, but changed: kept as the window closed, with the main cell.
    let text = std::fs::read_to_string(dir.join("storage.gcalc")).unwrap();
    let kept = gcalc::storage::Kept::parse(&text).unwrap();
    assert_eq!(kept.storage, gcalc::example::examples());
    assert_eq!(kept.main, None);
    let (mut again, _) = start_in(&dir);
    assert!(stored(&mut again, "Y").label.starts_with("storage "));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_window_full_of_finely_divided_cubes_stays_within_the_launchers_frame() {
    // Every storage cell and the main cell hold a cube halved twelve times
    // along the three axes in turn, at the finest cutoff offered.
    let mut cube = "red".to_string();
    for i in 0..12 {
        let op = ["|", "-", "/"][i % 3];
        cube = format!("({cube}) {op} ({cube})");
    }
    let line = format!("= {cube}");
    let cells: Vec<&str> = std::iter::repeat_n(line.as_str(), 40).collect();
    let dir = with_storage("fine", &cells);
    let (mut game, _) = start_in(&dir);
    game.layout(Point::new(1600.0, 900.0)).unwrap();
    game.handle_event(&Event::key(keys::ENTER)).unwrap();
    game.invoke_action("cutoff", "4").unwrap();
    let some = region(&mut game, "storage 1: ");
    drag(&mut game, &some, "main cell");
    let mut painter = RecordingPainter::new();
    let report = game.draw(&mut painter).unwrap();
    assert_eq!((report.invalid, report.over_limit), (0, 0));
    assert!(painter.shapes.len() < 200_000, "{}", painter.shapes.len());
    assert!(game.invoke_action("cutoff", "2").is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn save_keeps_the_main_cell_with_the_storage_and_open_brings_both_back() {
    let dir = with_storage("main-cell", &["one = \\green. \\red. green red"]);
    let (mut game, _) = start_in(&dir);
    // The storage saved before (storage only, `GCALC 1`) still opens.
    let file_name = dir.join("storage.gcalc").display().to_string();
    assert!(
        game.status().unwrap().starts_with(&format!(
            "The empty main cell and 1 stored cube are back from {file_name}"
        )),
        "{}",
        game.status().unwrap()
    );
    let one = stored(&mut game, "one");
    drag(&mut game, &one, "main cell");
    let main = saved_main(&mut game);
    assert!(!main.is_empty());
    // Save: the main cell is kept too, by name, and the status says where.
    game.invoke_action("save", "").unwrap();
    assert_eq!(
        game.status().unwrap(),
        format!(
            "The main cell (one) and 1 stored cube are saved in {file_name}: O opens them again, and GCalc opens them as it starts."
        )
    );
    // Cleared, then Open: both come back.
    game.invoke_action("example", "").unwrap();
    let main_cell = region(&mut game, "main cell");
    right_click(&mut game, main_cell.center());
    game.handle_event(&Event::key("r")).unwrap();
    assert_eq!(label(&mut game, "main cell"), "main cell: empty");
    game.invoke_action("open", "").unwrap();
    assert_eq!(
        game.status().unwrap(),
        format!("The main cell (one) and 1 stored cube are back from {file_name}.")
    );
    assert_eq!(saved_main(&mut game), main);
    assert!(
        regions(&mut game).iter().all(|r| !r.label.contains("succ")),
        "the examples are gone"
    );
    game.close().unwrap();
    // And the next start opens them.
    let (mut again, _) = start_in(&dir);
    assert!(
        again
            .status()
            .unwrap()
            .starts_with("The main cell (one) and 1 stored cube are back from")
    );
    assert_eq!(saved_main(&mut again), main);
    again.close().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
