//! The kit's own rules, each shown broken: a tiny game (linked into this
//! test) in a folder written for each test, made wrong in one way, and the
//! report names that rule in words; the same game done right conforms.

use game_api::{
    Action, Event, Game, GameError, Host, NewGame, Painter, Point, Region, Response, Rgba,
    SaveLoad, Style,
};
use game_test::{Report, Rule, conformance};
use std::cell::Cell;
use std::path::Path;

/// One way the tiny game breaks a rule of the ABI.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fault {
    None,
    EmptyTitle,
    PanicOnKey,
    DrawFarAway,
    LoadIgnored,
    IdNotReplayed,
    HintOnH,
    RegionOffCanvas,
}

thread_local! {
    // Each test runs on its own thread, and the game on the test's: a
    // fault set here is that test's alone.
    static FAULT: Cell<Fault> = const { Cell::new(Fault::None) };
}

fn fault() -> Fault {
    FAULT.with(Cell::get)
}

/// A counter: clicks count up, the count saves and is the game ID's.
struct Tiny {
    count: u64,
}

impl Game for Tiny {
    fn new(_host: Host) -> Result<Self, GameError> {
        Ok(Tiny { count: 0 })
    }

    fn canvas_size(&self) -> Point {
        Point::new(200.0, 100.0)
    }

    fn title(&self) -> String {
        if fault() == Fault::EmptyTitle {
            String::new()
        } else {
            "Tiny".into()
        }
    }

    fn status(&self) -> String {
        format!("{} clicks", self.count)
    }

    fn draw(&self, painter: &mut dyn Painter) {
        let at = if fault() == Fault::DrawFarAway {
            Point::new(5000.0, 10.0)
        } else {
            Point::new(10.0, 10.0)
        };
        painter.rect(at, Point::new(20.0, 20.0), Style::solid(Rgba::rgb(0, 0, 0)));
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        match event {
            Event::KeyPress { .. } if fault() == Fault::PanicOnKey => {
                panic!("the tiny game trips on a key")
            }
            Event::PointerRelease { .. } => {
                self.count += 1;
                Response::REDRAW
            }
            _ => Response::NONE,
        }
    }

    fn actions(&self) -> Vec<Action> {
        let key = if fault() == Fault::HintOnH {
            "h"
        } else {
            "QuestionMark"
        };
        vec![Action::button("hint", "Hint").with_shortcut(key)]
    }

    fn invoke_action(&mut self, _id: &str, _value: &str) -> Result<Response, GameError> {
        Ok(Response::NONE)
    }

    fn regions(&self) -> Vec<Region> {
        let x = if fault() == Fault::RegionOffCanvas {
            900.0
        } else {
            10.0
        };
        vec![Region::new(
            "the count",
            Point::new(x, 10.0),
            Point::new(20.0, 20.0),
        )]
    }
}

impl NewGame for Tiny {
    fn new_game(&mut self, seed: u64) {
        self.count = seed;
    }

    fn game_id(&self) -> String {
        self.count.to_string()
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let count: u64 = id
            .parse()
            .map_err(|_| GameError(format!("a tiny game's ID is a number, not {id:?}")))?;
        self.count = if fault() == Fault::IdNotReplayed {
            count + 1
        } else {
            count
        };
        Ok(())
    }
}

impl SaveLoad for Tiny {
    fn save(&self) -> Vec<u8> {
        format!("tiny {}", self.count).into_bytes()
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let text = std::str::from_utf8(bytes).unwrap_or_default();
        let count = text
            .strip_prefix("tiny ")
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| GameError("not a saved tiny game".into()))?;
        if fault() != Fault::LoadIgnored {
            self.count = count;
        }
        Ok(())
    }
}

game_api::export_game!(Tiny, save, new_game);

/// A 32×32 (or `side`-square) transparent PNG.
fn png(side: u32) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, side, side);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer
        .write_image_data(&vec![0; (side * side * 4) as usize])
        .unwrap();
    writer.finish().unwrap();
    bytes
}

/// The tiny game's folder, right, with `change` applied to its files
/// (name, text) before they are written.
fn folder(change: impl FnOnce(&mut Vec<(&'static str, Vec<u8>)>)) -> tempfile::TempDir {
    let mut files: Vec<(&str, Vec<u8>)> = vec![
        (
            "Cargo.toml",
            b"[package]\nname = \"tiny\"\n\n[lib]\nname = \"tiny\"\n".to_vec(),
        ),
        (
            "info.toml",
            b"game = \"tiny\"\nname = \"Tiny\"\nicon = \"tiny.png\"\n".to_vec(),
        ),
        ("tiny.png", png(32)),
        (
            "doc.txt",
            b"Tiny\n====\n\nClick to count.\n\n* N: a new count.\n".to_vec(),
        ),
        (
            "manual.md",
            b"# Tiny\n\nClick to count.\n\n![The count](manual/count.png)\n".to_vec(),
        ),
        ("manual/count.png", png(8)),
    ];
    change(&mut files);
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    dir
}

fn set(files: &mut [(&'static str, Vec<u8>)], name: &str, text: &[u8]) {
    files.iter_mut().find(|(n, _)| *n == name).unwrap().1 = text.to_vec();
}

/// The report on the tiny game in `dir` with `fault`.
fn check(dir: &Path, with: Fault) -> Report {
    FAULT.with(|f| f.set(with));
    conformance(dir, &GAME_TABLE)
}

/// Asserts the report breaks `rule` alone, saying `words`.
fn breaks(report: &Report, rule: Rule, words: &str) {
    assert_eq!(report.rules(), [rule], "{report}");
    let said = report.to_string();
    assert!(said.contains(rule.words()), "{said}");
    assert!(said.contains(words), "{said:?} does not say {words:?}");
}

#[test]
fn the_tiny_game_done_right_conforms() {
    let dir = folder(|_| {});
    let report = check(dir.path(), Fault::None);
    assert!(report.conforms(), "{report}");
    game_test::assert_conforms(dir.path(), &GAME_TABLE);
}

#[test]
fn a_manifest_naming_another_library_or_an_unknown_key_is_said() {
    let dir = folder(|f| {
        set(
            f,
            "info.toml",
            b"game = \"tiny_game\"\nicon = \"tiny.png\"\ncolour = \"red\"\n",
        )
    });
    let report = check(dir.path(), Fault::None);
    breaks(&report, Rule::Manifest, "Cargo.toml builds \"tiny\"");
    assert!(
        report
            .of(Rule::Manifest)
            .iter()
            .any(|m| m.contains("colour")),
        "{report}"
    );
}

#[test]
fn records_kept_by_a_choice_the_game_lacks_are_said() {
    let dir = folder(|f| {
        set(
            f,
            "info.toml",
            b"game = \"tiny\"\nicon = \"tiny.png\"\nrecords-by = [\"Size\"]\n",
        )
    });
    breaks(
        &check(dir.path(), Fault::None),
        Rule::Manifest,
        "records by \"Size\", which is no choice the game offers",
    );
}

#[test]
fn a_manifest_the_launcher_refuses_is_said() {
    let dir = folder(|f| set(f, "info.toml", b"name = \"Tiny\"\n"));
    breaks(&check(dir.path(), Fault::None), Rule::Manifest, "game");
}

#[test]
fn an_icon_not_32_by_32_is_said() {
    let dir = folder(|f| set(f, "tiny.png", &png(48)));
    breaks(
        &check(dir.path(), Fault::None),
        Rule::Icon,
        "48 × 48 pixels",
    );
}

#[test]
fn a_title_underlined_short_is_said() {
    let dir = folder(|f| set(f, "doc.txt", b"Tiny game\n====\n\nClick.\n"));
    breaks(
        &check(dir.path(), Fault::None),
        Rule::Help,
        "underlined with `=` to its length",
    );
}

#[test]
fn a_character_the_fonts_lack_is_said_with_its_line() {
    let dir = folder(|f| set(f, "doc.txt", "Tiny\n====\n\nClick ☃.\n".as_bytes()));
    breaks(
        &check(dir.path(), Fault::None),
        Rule::Characters,
        "doc.txt:4: '☃'",
    );
}

#[test]
fn a_manual_picture_missing_is_said() {
    let dir = folder(|f| f.retain(|(n, _)| *n != "manual/count.png"));
    breaks(
        &check(dir.path(), Fault::None),
        Rule::Manual,
        "the picture manual/count.png",
    );
}

#[test]
fn an_empty_title_is_said() {
    let dir = folder(|_| {});
    breaks(
        &check(dir.path(), Fault::EmptyTitle),
        Rule::Abi,
        "the title is empty",
    );
}

#[test]
fn a_panic_under_the_fuzz_is_said_with_the_events_before_it() {
    let dir = folder(|_| {});
    breaks(
        &check(dir.path(), Fault::PanicOnKey),
        Rule::Fuzz,
        "the tiny game trips on a key",
    );
    assert!(
        check(dir.path(), Fault::PanicOnKey)
            .to_string()
            .contains("KeyPress")
    );
}

#[test]
fn a_shape_far_off_the_canvas_is_said() {
    let dir = folder(|_| {});
    breaks(
        &check(dir.path(), Fault::DrawFarAway),
        Rule::Drawing,
        "far outside the 200 × 100 canvas",
    );
}

#[test]
fn a_load_that_keeps_the_old_game_is_said() {
    let dir = folder(|_| {});
    breaks(
        &check(dir.path(), Fault::LoadIgnored),
        Rule::SaveLoad,
        "the loaded game saves differently",
    );
}

#[test]
fn a_game_id_that_starts_another_game_is_said() {
    let dir = folder(|_| {});
    breaks(
        &check(dir.path(), Fault::IdNotReplayed),
        Rule::GameId,
        "started a game whose ID is",
    );
}

#[test]
fn hint_off_the_question_mark_is_said() {
    let dir = folder(|_| {});
    breaks(
        &check(dir.path(), Fault::HintOnH),
        Rule::Keys,
        "Hint has the key Some(\"h\"), not `?`",
    );
}

#[test]
fn a_skipped_rule_is_left_out_and_the_others_still_said() {
    let dir = folder(|f| set(f, "doc.txt", "Tiny game\n====\n\nClick ☃.\n".as_bytes()));
    FAULT.with(|f| f.set(Fault::None));
    let report = game_test::Kit::new(dir.path(), &GAME_TABLE)
        .skip(Rule::Characters)
        .report();
    assert_eq!(report.rules(), [Rule::Help], "{report}");
}

#[test]
fn a_region_off_the_canvas_is_said() {
    let dir = folder(|_| {});
    breaks(
        &check(dir.path(), Fault::RegionOffCanvas),
        Rule::Regions,
        "the region \"the count\"",
    );
}
