//! Drives a game through the real C ABI table, as the launcher does.
//!
//! Where game-api's tests go:
//!
//! * a game driven through its exported table, as a host would (every
//!   table function, panics, refused tables, host services): here;
//! * a rule of one function or type that needs no table (a conversion, a
//!   cap): a `#[cfg(test)]` module or a doctest beside it in `src/`;
//! * drawing to pixels: `raster/tests/`;
//! * real libraries loaded from disk, and faulty ones: the workspace's
//!   `tests/` crate (`launcher-tests`).

use game_api::host::{AbiError, CallErrorKind, GameLibrary, NoServices, Recorder};
use game_api::{
    Action, ActionKind, Button, Event, Game, GameError, Host, Painter, Point, RecordingPainter,
    Region, Response, Rgba, Shape, Style,
};

/// A lamp that toggles when clicked, panics on the key "p", and asks for
/// help on the key "h".
struct Lamp {
    on: bool,
    host: Host,
}

impl Game for Lamp {
    fn new(host: Host) -> Result<Self, GameError> {
        Ok(Lamp { on: false, host })
    }
    fn canvas_size(&self) -> Point {
        Point::new(100.0, 50.0)
    }
    fn title(&self) -> String {
        "Lamp".into()
    }
    fn status(&self) -> String {
        if self.on { "On" } else { "Off" }.into()
    }
    fn draw(&self, painter: &mut dyn Painter) {
        let color = if self.on {
            Rgba::rgb(255, 220, 0)
        } else {
            Rgba::rgb(60, 60, 60)
        };
        painter.circle(Point::new(50.0, 25.0), 20.0, Style::solid(color));
    }
    fn handle_event(&mut self, event: &Event) -> Response {
        match event {
            Event::PointerRelease { .. } => {
                self.on = !self.on;
                Response::REDRAW
            }
            Event::KeyPress { key, .. } if key == "p" => panic!("the lamp exploded"),
            Event::KeyPress { key, .. } if key == "h" => {
                self.host.show_text_help("Lamp Help", false);
                Response::NONE
            }
            Event::KeyPress { key, .. } if key == "l" => {
                let long = "x".repeat(1 << 20);
                self.host.show_text_help(&long, false);
                self.host.log(&long);
                Response::NONE
            }
            _ => Response::NONE,
        }
    }
    fn actions(&self) -> Vec<Action> {
        vec![
            Action::button("toggle", "Toggle").with_shortcut("t"),
            Action::choice("size", "Size", ["small", "large"], "small")
                .enabled(false)
                .with_shortcut("Size"),
        ]
    }
    fn regions(&self) -> Vec<Region> {
        let state = if self.on { "on" } else { "off" };
        vec![
            Region::new(
                format!("the lamp: {state}"),
                Point::new(30.0, 5.0),
                Point::new(40.0, 40.0),
            ),
            Region::new("nowhere", Point::new(f32::NAN, 0.0), Point::new(1.0, 1.0)),
        ]
    }
    fn invoke_action(&mut self, id: &str, _value: &str) -> Result<Response, GameError> {
        match id {
            "toggle" => {
                self.on = !self.on;
                Ok(Response::REDRAW)
            }
            _ => Err(GameError(format!("no action {id}"))),
        }
    }
}

game_api::export_game!(Lamp);

fn library() -> GameLibrary {
    // SAFETY: the entry function of a game linked into this test.
    unsafe { GameLibrary::from_entry(game_api_entry()) }.expect("same ABI")
}

#[test]
fn every_table_function_works_through_the_boundary() {
    let mut game = library().start(Box::new(NoServices)).unwrap();
    assert_eq!(game.canvas_size().unwrap(), Point::new(100.0, 50.0));
    assert_eq!(game.title().unwrap(), "Lamp");
    assert_eq!(game.status().unwrap(), "Off");

    let mut painter = RecordingPainter::new();
    let report = game.draw(&mut painter).unwrap();
    assert_eq!(report.shapes, 1);
    assert_eq!(
        painter.shapes,
        vec![Shape::Circle {
            center: Point::new(50.0, 25.0),
            radius: 20.0,
            style: Style::solid(Rgba::rgb(60, 60, 60)),
        }]
    );

    let click = Event::PointerRelease {
        pos: Point::new(50.0, 25.0),
        button: Button::Primary,
        modifiers: game_api::Modifiers::NONE,
    };
    assert_eq!(game.handle_event(&click).unwrap(), Response::REDRAW);
    assert_eq!(game.status().unwrap(), "On");
    let moved = Event::PointerMove {
        pos: Point::new(1.0, 1.0),
    };
    assert_eq!(game.handle_event(&moved).unwrap(), Response::NONE);

    let actions = game.actions().unwrap();
    assert_eq!(actions.len(), 2);
    assert_eq!(
        actions[0],
        Action::button("toggle", "Toggle").with_shortcut("t")
    );
    assert_eq!(
        actions[1].kind,
        ActionKind::Choice {
            options: vec!["small".into(), "large".into()],
            selected: "small".into()
        }
    );
    assert!(!actions[1].enabled);
    // "Size" is not a key name: the launcher ignores it, and says so.
    assert_eq!(actions[1].shortcut, None);
    let notes: Vec<&str> = game.notes().collect();
    assert!(
        notes
            .iter()
            .any(|n| n.contains("the shortcut \"Size\" of the control \"Size\" is not a key name")),
        "{notes:?}"
    );
    assert_eq!(game.invoke_action("toggle", "").unwrap(), Response::REDRAW);
    assert_eq!(game.status().unwrap(), "Off");
    let err = game.invoke_action("fly", "").unwrap_err();
    assert_eq!(err.kind, CallErrorKind::Error);
    assert!(err.to_string().contains("no action fly"), "{err}");
    // An error is not fatal: the game still answers.
    assert_eq!(game.status().unwrap(), "Off");
}

#[test]
fn a_panic_is_caught_and_breaks_only_that_instance() {
    let mut game = library().start(Box::new(NoServices)).unwrap();
    let err = game.handle_event(&Event::key("p")).unwrap_err();
    assert_eq!(err.kind, CallErrorKind::Panic);
    assert!(err.to_string().contains("the lamp exploded"), "{err}");
    // The broken instance is never called again.
    assert_eq!(game.title().unwrap_err(), err);
    drop(game);
    // A new instance starts fine.
    let mut again = library().start(Box::new(NoServices)).unwrap();
    assert_eq!(again.title().unwrap(), "Lamp");
}

#[test]
fn the_game_reaches_host_services() {
    let recorder = Recorder::new();
    let mut game = library().start(Box::new(recorder.clone())).unwrap();
    game.handle_event(&Event::key("h")).unwrap();
    assert_eq!(recorder.requests(), ["help Lamp Help false"]);
}

/// Issue 41, attack 7's texts: a help window's title and a log line of
/// 1 MiB are cut to `MAX_TEXT_BYTES`, saying so at their end (they were
/// cut without a word).
#[test]
fn a_host_services_long_text_is_cut_and_says_so() {
    use game_api::host::MAX_TEXT_BYTES;
    let recorder = Recorder::new();
    let mut game = library().start(Box::new(recorder.clone())).unwrap();
    game.handle_event(&Event::key("l")).unwrap();
    let requests = recorder.requests();
    assert_eq!(requests.len(), 2, "{requests:?}");
    for request in requests {
        assert!(request.len() <= MAX_TEXT_BYTES + 16, "{}", request.len());
        assert!(
            request.contains("x … (cut: 1048576 bytes in all)"),
            "{}",
            &request[request.len().saturating_sub(80)..]
        );
    }
}

#[test]
fn a_table_of_another_version_is_refused_naming_both() {
    let mut forged = game_api::guest::table::<Lamp>();
    forged.abi_version = 99;
    let forged: &'static _ = Box::leak(Box::new(forged));
    let err = GameLibrary::from_static(forged).unwrap_err();
    assert_eq!(
        err,
        AbiError::VersionMismatch {
            library: 99,
            launcher: game_api::ABI_VERSION
        }
    );
    let text = err.to_string();
    assert!(
        text.contains("version 99") && text.contains(&format!("version {}", game_api::ABI_VERSION)),
        "{text}"
    );

    let mut short = game_api::guest::table::<Lamp>();
    short.table_size = 16;
    let short: &'static _ = Box::leak(Box::new(short));
    assert!(matches!(
        GameLibrary::from_static(short),
        Err(AbiError::TableTooSmall { library: 16, .. })
    ));
    // A size that ends inside `load` (after a whole `save`): `load` is
    // absent, not half a pointer, so saving is not offered.
    let mut split = game_api::guest::table::<Lamp>();
    split.save = Some(never_called_save);
    split.load = Some(never_called_load);
    split.table_size = game_api::abi::GAME_TABLE_SIZE_V1 + 12;
    let split: &'static _ = Box::leak(Box::new(split));
    let library = GameLibrary::from_static(split).expect("a revision-1 table and a bit");
    assert!(!library.features().save);

    // SAFETY: a null pointer is checked before it is read.
    assert_eq!(
        unsafe { GameLibrary::from_entry(std::ptr::null()) }.unwrap_err(),
        AbiError::NullTable
    );
}

unsafe extern "C" fn never_called_save(
    _game: game_api::abi::GameHandle,
    _out: *mut game_api::abi::AbiBytes,
) -> u32 {
    unreachable!("a function past the table's whole fields is never called")
}

unsafe extern "C" fn never_called_load(
    _game: game_api::abi::GameHandle,
    _bytes: game_api::abi::AbiBytes,
) -> u32 {
    unreachable!("a function past the table's whole fields is never called")
}

/// ABI revision 3: a game's labelled regions reach the host with their
/// labels and places; one with a coordinate that is not a number is
/// dropped, and the host says so.
#[test]
fn labelled_regions_cross_and_bad_ones_are_dropped() {
    let mut game = library().start(Box::new(NoServices)).unwrap();
    let regions = game.regions().unwrap();
    assert_eq!(
        regions,
        [Region::new(
            "the lamp: off",
            Point::new(30.0, 5.0),
            Point::new(40.0, 40.0)
        )]
    );
    assert_eq!(regions[0].center(), Point::new(50.0, 25.0));
    let notes: Vec<&str> = game.notes().collect();
    assert!(
        notes
            .iter()
            .any(|n| n.contains("\"nowhere\" has coordinates that are not numbers")),
        "{notes:?}"
    );
    game.handle_event(&Event::release(regions[0].center()))
        .unwrap();
    assert_eq!(game.regions().unwrap()[0].label, "the lamp: on");
}
