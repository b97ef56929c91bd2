//! The conformance kit: the checks every game needs, in one call.
//!
//! ```ignore
//! // tests/files.rs of a game crate `my_game` (`export_game!` defines
//! // `GAME_TABLE`):
//! #[test]
//! fn the_game_conforms() {
//!     game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &my_game::GAME_TABLE);
//! }
//! ```
//!
//! [`conformance`] reads the game's folder as the launcher reads it (its
//! `info.toml` through `launcher_core::manifest`, the icon, `doc.txt`'s
//! layout, the manual and its pictures, the characters the fonts draw) and
//! plays the game through the C ABI table as the launcher does (every read,
//! a seeded fuzz of events that must neither fail nor draw outside the
//! canvas, a save and load round trip, its game ID replayed, the key
//! convention of the guide's §8.6). It returns a [`Report`] of every rule
//! broken, each in words; [`assert_conforms`] panics with all of them.
//! A game's own tests then keep only what is its own.

#![warn(missing_docs)]

pub mod files;
pub mod play;

use game_api::abi::GameTable;
use game_api::host::{CallError, GameInstance, GameLibrary, NoServices};
use game_api::{ActionKind, Button, Event, Modifiers, Point, RecordingPainter, Rng, Shape, keys};
use launcher_help::game_files::{text_help_layout, undrawable};
use launcher_help::manual::Manual;
use launcher_help::text_help::format_text_help;
use std::fmt;
use std::path::{Path, PathBuf};

/// The class of a rule the kit checks, named in every [`Problem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// `info.toml` is read by the launcher without errors or warnings, its
    /// `game` is the crate's library and its `records-by` names choices the
    /// game offers.
    Manifest,
    /// The icon is a 32×32 PNG.
    Icon,
    /// `doc.txt` follows the text help format (§4): a title underlined to
    /// its length, no bold-only lines.
    Help,
    /// The manual parses without warnings and its pictures are PNG files.
    Manual,
    /// The help and manual use only characters the launcher's fonts draw,
    /// with no trailing spaces.
    Characters,
    /// The game starts through its C ABI and answers every read.
    Abi,
    /// The regions a screen reader reads each have a label and lie on the
    /// canvas.
    Regions,
    /// Seeded events never make a call fail (a panic, a bad answer).
    Fuzz,
    /// Every frame is clean (no shape dropped) and no shape lies far
    /// outside the canvas (more than a quarter of its size off an edge).
    Drawing,
    /// A saved game loads into a new instance as the same game.
    SaveLoad,
    /// A game's ID starts the same game again.
    GameId,
    /// Controls follow the key convention: no host key, Hint on `?`,
    /// Solve on S.
    Keys,
}

impl Rule {
    /// The rule in words, as a report says it.
    pub fn words(self) -> &'static str {
        match self {
            Rule::Manifest => "the manifest (info.toml)",
            Rule::Icon => "the icon",
            Rule::Help => "the text help's layout (doc.txt)",
            Rule::Manual => "the manual",
            Rule::Characters => "characters the fonts draw",
            Rule::Abi => "the C ABI's reads",
            Rule::Regions => "the regions screen readers read",
            Rule::Fuzz => "events never fail",
            Rule::Drawing => "drawing inside the canvas",
            Rule::SaveLoad => "save and load",
            Rule::GameId => "game IDs replayed",
            Rule::Keys => "the key convention (F1 is help, ? is Hint, S is Solve)",
        }
    }
}

/// One broken rule: which, and what is wrong in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The rule broken.
    pub rule: Rule,
    /// What is wrong, and where.
    pub message: String,
}

/// What [`conformance`] found: every problem, empty when the game conforms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The game checked (its folder).
    pub game: PathBuf,
    /// Every broken rule found, in the order checked.
    pub problems: Vec<Problem>,
}

impl Report {
    /// Whether the game broke no rule.
    pub fn conforms(&self) -> bool {
        self.problems.is_empty()
    }

    /// The rules broken, each once, in order.
    pub fn rules(&self) -> Vec<Rule> {
        let mut rules: Vec<Rule> = self.problems.iter().map(|p| p.rule).collect();
        rules.sort();
        rules.dedup();
        rules
    }

    /// The messages of the problems under `rule`.
    pub fn of(&self, rule: Rule) -> Vec<&str> {
        self.problems
            .iter()
            .filter(|p| p.rule == rule)
            .map(|p| p.message.as_str())
            .collect()
    }

    fn push(&mut self, rule: Rule, message: impl Into<String>) {
        self.problems.push(Problem {
            rule,
            message: message.into(),
        });
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.conforms() {
            return write!(f, "{} conforms", self.game.display());
        }
        writeln!(
            f,
            "{} breaks {} rule(s):",
            self.game.display(),
            self.problems.len()
        )?;
        for p in &self.problems {
            writeln!(f, "- {}: {}", p.rule.words(), p.message)?;
        }
        Ok(())
    }
}

/// How many seeded events the fuzz sends (with a frame drawn and checked
/// every few): enough to reach menus, moves and game ends in every game of
/// the collection, quick in release.
pub const FUZZ_EVENTS: usize = 400;

/// Checks the game in `dir` whose C ABI table is `table` (its
/// `GAME_TABLE`, linked into the test): every rule of [`Rule`].
pub fn conformance(dir: impl AsRef<Path>, table: &'static GameTable) -> Report {
    Kit::new(dir, table).report()
}

/// [`conformance`], panicking with every broken rule in words.
pub fn assert_conforms(dir: impl AsRef<Path>, table: &'static GameTable) {
    Kit::new(dir, table).assert();
}

/// [`conformance`] with rules left out, for a game that checks one its own
/// stricter or wider way (say why beside the call).
#[derive(Clone)]
pub struct Kit {
    dir: PathBuf,
    table: &'static GameTable,
    skipped: Vec<Rule>,
}

impl Kit {
    /// The kit on the game in `dir` whose table is `table`.
    pub fn new(dir: impl AsRef<Path>, table: &'static GameTable) -> Kit {
        Kit {
            dir: dir.as_ref().to_owned(),
            table,
            skipped: Vec::new(),
        }
    }

    /// Leaves `rule` out of the report.
    pub fn skip(mut self, rule: Rule) -> Kit {
        self.skipped.push(rule);
        self
    }

    /// Checks every rule not skipped.
    pub fn report(&self) -> Report {
        let mut report = Report {
            game: self.dir.clone(),
            problems: Vec::new(),
        };
        check_folder(&self.dir, &mut report);
        match GameLibrary::from_static(self.table) {
            Ok(library) => {
                check_records_by(&self.dir, &library, &mut report);
                check_abi(&library, 1, &mut report);
            }
            Err(e) => report.push(Rule::Abi, format!("the table is refused: {e}")),
        }
        report.problems.retain(|p| !self.skipped.contains(&p.rule));
        report
    }

    /// [`Kit::report`], panicking with every broken rule in words.
    pub fn assert(&self) {
        let report = self.report();
        assert!(report.conforms(), "{report}");
    }
}

/// The folder's rules: manifest, icon, help, manual, characters.
pub fn check_folder(dir: &Path, report: &mut Report) {
    let dir_name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let manifest = match launcher_core::manifest::read(dir, &dir_name) {
        Ok(m) => m,
        Err(e) => {
            for error in e.errors {
                report.push(Rule::Manifest, format!("info.toml: {error}"));
            }
            return;
        }
    };
    for warning in &manifest.warnings {
        report.push(Rule::Manifest, format!("info.toml: {warning}"));
    }
    if let Some(library) = library_name(dir)
        && library != manifest.game
    {
        report.push(
            Rule::Manifest,
            format!(
                "info.toml names the library {:?} but Cargo.toml builds {library:?}; the launcher would not find it",
                manifest.game
            ),
        );
    }
    check_icon(dir, &manifest.icon, report);
    match &manifest.help {
        Some(help) => check_help(dir, help, report),
        None => report.push(
            Rule::Help,
            "no text help: write doc.txt (§4), which F1 shows",
        ),
    }
    if let Some(manual) = &manifest.manual {
        check_manual(dir, manual, report);
    }
}

/// Each `records-by` entry of the manifest names a choice the game offers
/// as it starts (by label or id): the launcher keeps records by its value.
fn check_records_by(dir: &Path, library: &GameLibrary, report: &mut Report) {
    let name = dir.file_name().unwrap_or_default().to_string_lossy();
    let Ok(manifest) = launcher_core::manifest::read(dir, &name) else {
        return;
    };
    if manifest.records_by.is_empty() {
        return;
    }
    let Ok(actions) = library
        .start(Box::new(NoServices))
        .and_then(|mut g| g.actions())
    else {
        return; // said under the ABI's rule
    };
    for wanted in &manifest.records_by {
        let offered = actions.iter().any(|a| {
            (a.label == *wanted || a.id == *wanted) && matches!(a.kind, ActionKind::Choice { .. })
        });
        if !offered {
            report.push(
                Rule::Manifest,
                format!(
                    "info.toml keeps records by {wanted:?}, which is no choice the game offers"
                ),
            );
        }
    }
}

/// The library name Cargo.toml builds: `[lib] name`, else the package's
/// name with `-` as `_`; none without a Cargo.toml (a game in C).
fn library_name(dir: &Path) -> Option<String> {
    let cargo = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
    let mut section = "";
    let (mut package, mut lib) = (None, None);
    for line in cargo.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
        } else if let Some(value) = line.strip_prefix("name") {
            let value = value
                .trim_start()
                .strip_prefix('=')?
                .trim()
                .trim_matches('"');
            match section {
                "[package]" => package = Some(value.replace('-', "_")),
                "[lib]" => lib = Some(value.to_owned()),
                _ => {}
            }
        }
    }
    lib.or(package)
}

fn check_icon(dir: &Path, icon: &Path, report: &mut Report) {
    let path = dir.join(icon);
    if let Err(e) = launcher_core::icon::check_icon_file_within(dir, &path) {
        report.push(Rule::Icon, format!("{}: {e}", icon.display()));
        return;
    }
    let decoded = std::fs::File::open(&path)
        .map_err(|e| e.to_string())
        .and_then(|file| {
            let mut reader = png::Decoder::new(std::io::BufReader::new(file))
                .read_info()
                .map_err(|e| e.to_string())?;
            let mut pixels = vec![0; reader.output_buffer_size().unwrap_or(0)];
            reader.next_frame(&mut pixels).map_err(|e| e.to_string())
        });
    match decoded {
        Err(e) => report.push(
            Rule::Icon,
            format!("{}: it does not decode: {e}", icon.display()),
        ),
        Ok(info) if (info.width, info.height) != (32, 32) => report.push(
            Rule::Icon,
            format!(
                "{} is {} × {} pixels; the console shows icons 32 × 32",
                icon.display(),
                info.width,
                info.height
            ),
        ),
        Ok(_) => {}
    }
}

fn read(dir: &Path, name: &Path, rule: Rule, report: &mut Report) -> Option<String> {
    std::fs::read_to_string(dir.join(name))
        .map_err(|e| report.push(rule, format!("{}: {e}", name.display())))
        .ok()
}

fn check_help(dir: &Path, help: &Path, report: &mut Report) {
    let Some(doc) = read(dir, help, Rule::Help, report) else {
        return;
    };
    let name = help.display().to_string();
    for problem in undrawable(&name, &doc) {
        report.push(Rule::Characters, problem);
    }
    for problem in text_help_layout(&doc) {
        report.push(Rule::Help, format!("{name}: {problem}"));
    }
    let lines: Vec<&str> = doc.lines().collect();
    let underlined = lines.len() > 1
        && !lines[0].trim().is_empty()
        && lines[1].chars().all(|c| c == '=')
        && lines[1].chars().count() == lines[0].chars().count();
    if !underlined {
        report.push(
            Rule::Help,
            format!("{name}: its first line is not a title underlined with `=` to its length"),
        );
    }
    let formatted = format_text_help(&doc);
    if formatted
        .blocks
        .iter()
        .any(|b| b.text().contains('\n') || b.text().starts_with("=="))
    {
        report.push(
            Rule::Help,
            format!("{name}: a block the launcher shows is not flowed into one paragraph"),
        );
    }
    if formatted.bullets().is_empty() && !doc.contains("\n\n") {
        report.push(
            Rule::Help,
            format!("{name}: no paragraphs (blank lines) nor bullets: the help would be one block"),
        );
    }
}

fn check_manual(dir: &Path, path: &Path, report: &mut Report) {
    let Some(source) = read(dir, path, Rule::Manual, report) else {
        return;
    };
    let name = path.display().to_string();
    for problem in undrawable(&name, &source) {
        report.push(Rule::Characters, problem);
    }
    let manual = Manual::parse(&name, &source);
    for warning in manual.warnings() {
        report.push(Rule::Manual, format!("{name}: {warning}"));
    }
    let base = dir.join(path.parent().unwrap_or(Path::new("")));
    for problem in launcher_help::game_files::manual_picture_problems_in(&base, &manual) {
        report.push(Rule::Manual, format!("{name}: the picture {problem}"));
    }
}

/// Says `rule` is broken by the call's error, if it failed.
fn call<T>(report: &mut Report, rule: Rule, what: &str, result: Result<T, CallError>) -> Option<T> {
    result
        .map_err(|e| report.push(rule, format!("{what} failed: {e}")))
        .ok()
}

/// The C ABI's rules on `library`, fuzzed from `seed`.
pub fn check_abi(library: &GameLibrary, seed: u64, report: &mut Report) {
    let Some(mut game) = call(
        report,
        Rule::Abi,
        "starting the game",
        library.start(Box::new(NoServices)),
    ) else {
        return;
    };
    let features = game.features();
    if call(report, Rule::Abi, "title", game.title()).is_some_and(|t| t.trim().is_empty()) {
        report.push(Rule::Abi, "the title is empty");
    }
    call(report, Rule::Abi, "status", game.status());
    if let Some(regions) = call(report, Rule::Abi, "regions", game.regions()) {
        check_regions(&mut game, &regions, report);
    }
    call(report, Rule::Abi, "score_kind", game.score_kind());
    if features.outcome {
        call(report, Rule::Abi, "outcome", game.outcome());
    }
    if let Some(actions) = call(report, Rule::Abi, "actions", game.actions()) {
        check_keys(&actions, report);
    }
    for note in game.notes() {
        if note.contains("shortcut") {
            report.push(Rule::Keys, note.to_owned());
        }
    }
    draw(&mut game, "the first frame", report);
    if features.new_game {
        check_game_id(library, &mut game, report);
    }
    fuzz(&mut game, seed, report);
    if features.save && game.broken().is_none() {
        check_save_load(library, &mut game, report);
    }
}

/// Each region has a label and some of it on the canvas: a screen reader
/// reads it and a pointer can reach it.
fn check_regions(game: &mut GameInstance, regions: &[game_api::Region], report: &mut Report) {
    let Ok(canvas) = game.canvas_size() else {
        return;
    };
    for region in regions {
        let (min, size) = (region.min, region.size);
        let on_canvas = size.x > 0.0
            && size.y > 0.0
            && min.x < canvas.x
            && min.y < canvas.y
            && min.x + size.x > 0.0
            && min.y + size.y > 0.0;
        if region.label.trim().is_empty() {
            report.push(Rule::Regions, format!("a region at {min:?} has no label"));
        } else if !on_canvas {
            report.push(
                Rule::Regions,
                format!(
                    "the region {:?} ({min:?}, {size:?}) is not on the {} × {} canvas",
                    region.label, canvas.x, canvas.y
                ),
            );
        }
    }
}

/// Whether `action` is the control `name`, by id or label.
fn is(action: &game_api::Action, names: &[&str]) -> bool {
    names
        .iter()
        .any(|n| action.id.eq_ignore_ascii_case(n) || action.label.eq_ignore_ascii_case(n))
}

fn check_keys(actions: &[game_api::Action], report: &mut Report) {
    for action in actions {
        let key = action.shortcut.as_deref();
        if let Some(key) = key.filter(|k| keys::HOST_KEYS.contains(k)) {
            report.push(
                Rule::Keys,
                format!(
                    "{:?} has the host key {key}, which no game receives",
                    action.label
                ),
            );
        }
        if is(action, &["hint"]) && key != Some(keys::QUESTION_MARK) {
            report.push(Rule::Keys, format!("Hint has the key {key:?}, not `?`"));
        }
        if is(action, &["solve", "stop solving"]) && key != Some("s") {
            report.push(
                Rule::Keys,
                format!("{:?} has the key {key:?}, not S", action.label),
            );
        }
    }
}

/// Draws a frame and checks it is clean and inside the canvas; `when`
/// says which frame, for the report.
fn draw(game: &mut GameInstance, when: &str, report: &mut Report) -> Option<Vec<Shape>> {
    let canvas = call(report, Rule::Abi, "canvas_size", game.canvas_size())?;
    let mut painter = RecordingPainter::new();
    let drawn = call(report, Rule::Drawing, when, game.draw(&mut painter))?;
    if !drawn.is_clean() {
        report.push(
            Rule::Drawing,
            format!("{when}: shapes were dropped ({drawn:?})"),
        );
    }
    if let Some(shape) = painter.shapes.iter().find(|s| !inside(s, canvas)) {
        report.push(
            Rule::Drawing,
            format!(
                "{when}: a shape lies far outside the {} × {} canvas: {shape:?}",
                canvas.x, canvas.y
            ),
        );
    }
    Some(painter.shapes)
}

/// Whether any of `shape`'s box is on the canvas grown by a quarter of its
/// size on every side. The launcher clips to the canvas, so a card dragged
/// over the edge is fine (its corner's rank may hang off it); a shape far
/// off it is one the player never sees, drawn at coordinates gone wrong.
fn inside(shape: &Shape, canvas: Point) -> bool {
    let (mx, my) = (canvas.x / 4.0, canvas.y / 4.0);
    let within = |min: Point, max: Point| {
        max.x >= -mx && max.y >= -my && min.x <= canvas.x + mx && min.y <= canvas.y + my
    };
    let spanning = |points: &[Point]| {
        let (mut min, mut max) = (
            Point::new(f32::MAX, f32::MAX),
            Point::new(f32::MIN, f32::MIN),
        );
        for p in points {
            (min.x, min.y) = (min.x.min(p.x), min.y.min(p.y));
            (max.x, max.y) = (max.x.max(p.x), max.y.max(p.y));
        }
        within(min, max)
    };
    let radial = |c: Point, rx: f32, ry: f32| {
        within(
            Point::new(c.x - rx, c.y - ry),
            Point::new(c.x + rx, c.y + ry),
        )
    };
    let boxed = |min: Point, size: Point| within(min, Point::new(min.x + size.x, min.y + size.y));
    // A text's box around its anchor, however it is anchored: generous,
    // as the kit does not measure glyphs.
    let text = |pos: Point, font_size: f32, text: &str| {
        let wide = font_size * text.chars().count() as f32;
        radial(pos, wide, font_size)
    };
    match shape {
        Shape::Circle { center, radius, .. } => radial(*center, *radius, *radius),
        Shape::Ellipse {
            center,
            radius_x,
            radius_y,
            ..
        } => radial(*center, *radius_x, *radius_y),
        Shape::Polygon { points, .. } => spanning(points),
        Shape::Line { from, to, .. } => spanning(&[*from, *to]),
        Shape::Rect { min, size, .. }
        | Shape::RoundedRect { min, size, .. }
        | Shape::Picture { min, size, .. } => boxed(*min, *size),
        Shape::Text {
            pos,
            font_size,
            text: t,
            ..
        }
        | Shape::StyledText {
            pos,
            font_size,
            text: t,
            ..
        } => text(*pos, *font_size, t),
        _ => true,
    }
}

/// Keys the fuzz presses: the guide's common names and every letter.
const FUZZ_KEYS: &[&str] = &[
    keys::ENTER,
    keys::SPACE,
    keys::ARROW_LEFT,
    keys::ARROW_RIGHT,
    keys::ARROW_UP,
    keys::ARROW_DOWN,
    keys::QUESTION_MARK,
    keys::ESCAPE,
    keys::TAB,
    keys::BACKSPACE,
    keys::DELETE,
    "1",
    "2",
    "0",
];

/// One seeded event somewhere on (or just off) the canvas.
fn random_event(rng: &mut Rng, canvas: Point) -> Event {
    let pos = Point::new(rng.between(0.0, canvas.x), rng.between(0.0, canvas.y));
    let button = if rng.below(6) == 0 {
        Button::Secondary
    } else {
        Button::Primary
    };
    let modifiers = Modifiers::NONE;
    match rng.below(10) {
        0 | 1 => Event::PointerMove { pos },
        2 | 3 => Event::PointerPress {
            pos,
            button,
            modifiers,
        },
        4 | 5 => Event::PointerRelease {
            pos,
            button,
            modifiers,
        },
        6 => {
            let letter = (b'a' + rng.below(26) as u8) as char;
            Event::key(&letter.to_string())
        }
        7 => Event::key(FUZZ_KEYS[rng.below(FUZZ_KEYS.len() as u64) as usize]),
        8 => Event::Tick { dt: 0.05 },
        _ => Event::PointerLeave,
    }
}

/// [`FUZZ_EVENTS`] seeded events and, now and then, a control invoked;
/// every call must succeed and every few events a frame is checked.
fn fuzz(game: &mut GameInstance, seed: u64, report: &mut Report) {
    let mut rng = Rng::new(seed);
    let mut log: Vec<String> = Vec::new();
    for i in 0..FUZZ_EVENTS {
        let Ok(canvas) = game.canvas_size() else {
            break;
        };
        let step = if rng.below(25) == 0 {
            let actions = game.actions().unwrap_or_default();
            let enabled: Vec<_> = actions.iter().filter(|a| a.enabled).collect();
            match rng.choose(&enabled) {
                Some(action) => {
                    let value = match &action.kind {
                        ActionKind::Choice { options, .. } => {
                            rng.choose(options).cloned().unwrap_or_default()
                        }
                        ActionKind::Text { value } => value.clone(),
                        ActionKind::Button => String::new(),
                    };
                    log.push(format!("control {:?} = {value:?}", action.id));
                    game.invoke_action(&action.id, &value).map(|_| ())
                }
                None => continue,
            }
        } else {
            let event = random_event(&mut rng, canvas);
            log.push(format!("{event:?}"));
            game.handle_event(&event).map(|_| ())
        };
        let after = || {
            let tail = log.len().saturating_sub(3);
            format!("event {i} of seed {seed} (…{})", log[tail..].join(", "))
        };
        if let Err(e) = step.and_then(|()| game.status().map(|_| ())) {
            report.push(Rule::Fuzz, format!("{}: {e}", after()));
            return;
        }
        if i % 10 == 9 && draw(game, &after(), report).is_none() {
            return;
        }
        if report.problems.iter().any(|p| p.rule == Rule::Drawing) {
            return;
        }
    }
}

fn check_game_id(library: &GameLibrary, game: &mut GameInstance, report: &mut Report) {
    let Some(id) = call(report, Rule::GameId, "game_id", game.game_id()) else {
        return;
    };
    let Some(mut other) = call(
        report,
        Rule::GameId,
        "starting a second game",
        library.start(Box::new(NoServices)),
    ) else {
        return;
    };
    if let Err(e) = other.new_game(7) {
        report.push(Rule::GameId, format!("new_game(7) failed: {e}"));
        return;
    }
    if let Err(e) = other.start_from_game_id(&id) {
        report.push(
            Rule::GameId,
            format!("its own game ID {id:?} is refused: {e}"),
        );
        return;
    }
    match other.game_id() {
        Ok(again) if again == id => {}
        Ok(again) => report.push(
            Rule::GameId,
            format!("the game ID {id:?} started a game whose ID is {again:?}"),
        ),
        Err(e) => report.push(Rule::GameId, format!("game_id after replay failed: {e}")),
    }
}

fn check_save_load(library: &GameLibrary, game: &mut GameInstance, report: &mut Report) {
    let Some(saved) = call(report, Rule::SaveLoad, "save", game.save()) else {
        return;
    };
    let Some(mut other) = call(
        report,
        Rule::SaveLoad,
        "starting a second game",
        library.start(Box::new(NoServices)),
    ) else {
        return;
    };
    if let Err(e) = other.load(&saved) {
        report.push(Rule::SaveLoad, format!("its own save is refused: {e}"));
        return;
    }
    match other.save() {
        Ok(again) if again == saved => {}
        Ok(_) => report.push(
            Rule::SaveLoad,
            "the loaded game saves differently from the game saved",
        ),
        Err(e) => report.push(Rule::SaveLoad, format!("save after load failed: {e}")),
    }
    if other.load(b"\xffnot a save").is_ok() {
        report.push(Rule::SaveLoad, "a damaged save (bytes of no game) loads");
    }
}
