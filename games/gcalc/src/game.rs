//! The game: the original's window (§1.19.1) on the launcher's canvas.
//!
//! Three panels of cells: the basic cubes on the left (never overwritten),
//! the working panel in the centre (the main cell and the eight operation
//! cells around it), the storage on the right. Cubes are dragged between
//! cells with the primary button (Shift keeps a copy where a drag would
//! move); a right click on an operation cell splits the main cube and
//! throws that side away, on a basic cube makes an abstraction over its
//! colour, and on the main cell or a storage cell opens the operations
//! menu (as do Escape and F10, for the cell under the pointer or chosen
//! with the arrow keys).
//!
//! An evaluation runs on ticks, a few steps each, and shows each cube it
//! reaches in its cell; it stops when nothing is left to reduce, at the
//! step limit of the preferences, or when the player stops it, and only
//! then does the cell take the result (one move for the launcher's undo).
//! The state the launcher saves (undo, redo, resume) is the main cell and
//! the storage; both are also kept as a file in the game's data directory
//! (Save, and on closing, as the original's Save: [`Kept`]), said in the
//! status line with the file's path, and read again by Open and as the
//! game starts.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use game_api::saved_text::{SavedText, SavedTextWriter};
use game_api::{
    Action, Anchor, Button, Cursor, Event, Game, GameError, Host, InputKinds, Modifiers, Painter,
    Point, Region, Response, Rgba, SaveLoad, Stroke, Style, keys,
};

use crate::draw::draw_cube_with_cutoff;
use crate::eval::{self, Stop};
use crate::example::examples;
use crate::expr::{Colour, Expr};
use crate::layout::{CellId, GAP, Layout};
use crate::ops::{OpCell, abstract_main};
use crate::prefs::{self, Prefs, Speed};
use crate::storage::{self, Entry, Kept, Storage, line_of, parse_line};

/// The window's title.
pub const TITLE: &str = "GCalc";
/// The file of the player's storage, in the game's data directory.
pub const STORAGE_FILE: &str = "storage.gcalc";
/// The first line of a saved state.
const SAVE_HEADER: &str = "GCalc save";
const SAVE_FORMAT: u32 = 1;
/// The most parts a cube in a cell may have: an evaluation stops before it
/// would grow past it, and an operation that would make a larger cube is
/// refused. It keeps the saved state (every cell in the notation) well
/// under the launcher's limit on a save, and each step quick.
pub const MAX_SIZE: u64 = 25_000;
/// What one step costs of a tick's budget: one, and one more for each
/// this many parts of the cube (larger cubes take longer to step through).
const PARTS_PER_COST: u64 = 256;
/// The longest notation shown in the status line and the regions.
const NOTATION_SHOWN: usize = 160;

/// The canvas's background.
pub const BACKGROUND: Rgba = Rgba::rgb(212, 208, 200);
/// A cell's background, the original's gray.
pub const CELL: Rgba = Rgba::rgb(128, 128, 128);
/// The highlight of the cell under the pointer or a drop's target.
pub const HIGHLIGHT: Rgba = Rgba::rgb(0, 0, 0);
/// The mark of the cell the keys act on.
pub const CURRENT: Rgba = Rgba::rgb(255, 255, 255);

/// One entry of the operations menu, which is also one of the game's
/// controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// The control's id.
    pub id: &'static str,
    /// What the menu and the control say.
    pub label: &'static str,
    /// Its key (a name of [`game_api::keys`]).
    pub key: &'static str,
    /// The key as the menu shows it, as the original: `[X]`, `[SPC]`.
    pub shown: &'static str,
    /// Whether it acts on a cell (the first part of the menu).
    pub on_cell: bool,
}

const fn item(
    id: &'static str,
    label: &'static str,
    key: &'static str,
    shown: &'static str,
    on_cell: bool,
) -> Item {
    Item {
        id,
        label,
        key,
        shown,
        on_cell,
    }
}

/// The operations menu, as the original's: the cell's operations, then the
/// global ones. (The original's Print, Save-as and Quit have no place in
/// the launcher: its window closes the game.)
pub const MENU: [Item; 12] = [
    item("cut", "Cut", "x", "X", true),
    item("copy", "Copy", "c", "C", true),
    item("paste", "Paste", "v", "V", true),
    item("clear", "Clear", "r", "R", true),
    item("eval", "Eval", "e", "E", true),
    item("rename", "Rename", "n", "N", true),
    item("show", "Show", keys::SPACE, "SPC", true),
    item("help", "Help", "h", "H", false),
    item("open", "Open", "o", "O", false),
    item("example", "Open Example", "m", "M", false),
    item("save", "Save", "s", "S", false),
    item("prefs", "Preferences", keys::ENTER, "RET", false),
];

/// The menu's size on the canvas.
pub const MENU_WIDTH: f32 = 200.0;
/// One menu line's height.
pub const MENU_LINE: f32 = 22.0;
const MENU_FONT: f32 = 14.0;
/// The gap between the cell items and the global ones.
const MENU_SEPARATOR: f32 = 8.0;

#[derive(Clone, Debug)]
struct Drag {
    from: CellId,
    entry: Entry,
    start: Point,
    pos: Point,
    moved: bool,
    target: Option<CellId>,
}

#[derive(Clone, Copy, Debug)]
struct Menu {
    cell: CellId,
    at: Point,
    selected: Option<usize>,
}

/// The secondary button held on a basic cube or an operation cell: let go
/// soon, it does the cell's operation; held [`HOLD_SECONDS`], it opens the
/// menu (as the original).
#[derive(Clone, Copy, Debug)]
struct Held {
    cell: CellId,
    at: Point,
    time: f32,
}

/// How long the secondary button is held on a basic cube or an operation
/// cell to open the menu instead of doing the cell's operation, as the
/// original's 0.3 seconds.
pub const HOLD_SECONDS: f32 = 0.3;
/// The interval of the ticks that time a held button.
const HOLD_TICK: std::time::Duration = std::time::Duration::from_millis(50);

#[derive(Clone, Debug)]
struct Rename {
    cell: CellId,
    text: String,
}

#[derive(Clone, Debug)]
struct Running {
    cell: CellId,
    name: Option<String>,
    current: Expr,
    steps: usize,
}

/// Why an evaluation ended, for the status line.
enum Ending {
    Evaluator(Stop),
    TooLarge,
    Stopped,
}

/// The game.
pub struct GCalc {
    host: Host,
    data_dir: Option<PathBuf>,
    layout: Layout,
    main: Option<Entry>,
    storage: Storage,
    prefs: Prefs,
    show_prefs: bool,
    current: CellId,
    hover: Option<CellId>,
    drag: Option<Drag>,
    menu: Option<Menu>,
    held: Option<Held>,
    rename: Option<Rename>,
    showing: Option<CellId>,
    running: Option<Running>,
    clipboard: Option<Entry>,
    message: String,
    /// The storage differs from the file in the data directory.
    modified: bool,
    cursor: Cursor,
    saved: RefCell<Option<Vec<u8>>>,
}

/// `e` in the notation, cut after about `max` characters.
pub fn notation(e: &Expr, max: usize) -> String {
    struct Capped {
        text: String,
        max: usize,
    }
    impl std::fmt::Write for Capped {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            if self.text.len() + s.len() > self.max {
                let room = self.max.saturating_sub(self.text.len());
                let cut = (0..=room.min(s.len()))
                    .rev()
                    .find(|i| s.is_char_boundary(*i))
                    .unwrap_or(0);
                self.text.push_str(&s[..cut]);
                return Err(std::fmt::Error);
            }
            self.text.push_str(s);
            Ok(())
        }
    }
    let mut c = Capped {
        text: String::new(),
        max,
    };
    if write!(c, "{e}").is_err() {
        c.text.truncate(c.text.trim_end().len());
        c.text.push('…');
    }
    c.text
}

impl GCalc {
    /// The game as it starts, with the preferences and storage kept in
    /// `data_dir` (none: the defaults and an empty storage).
    pub fn with_data_dir(host: Host, data_dir: Option<PathBuf>) -> GCalc {
        let prefs = Prefs::load(data_dir.as_deref());
        let (kept, message) = match read_storage(data_dir.as_deref()) {
            Ok(Some(kept)) => {
                let message = format!(
                    "{} ",
                    kept_words(&kept, "are back from", data_dir.as_deref())
                );
                (kept, message)
            }
            Ok(None) => (Kept::default(), String::new()),
            Err(e) => {
                // Kept for the player to look at, not overwritten.
                if let Some(d) = &data_dir {
                    let _ = std::fs::rename(
                        d.join(STORAGE_FILE),
                        d.join(format!("{STORAGE_FILE}.damaged")),
                    );
                }
                (Kept::default(), format!("{e} "))
            }
        };
        let Kept { main, storage } = kept;
        GCalc {
            host,
            data_dir,
            layout: Layout::for_canvas(Layout::natural_size()),
            main,
            storage,
            prefs,
            show_prefs: false,
            current: CellId::Main,
            hover: None,
            drag: None,
            menu: None,
            held: None,
            rename: None,
            showing: None,
            running: None,
            clipboard: None,
            message: format!(
                "{message}Drag cubes onto the main cell and the cells around it; M opens the examples, Escape the menu."
            ),
            modified: false,
            cursor: Cursor::Default,
            saved: RefCell::new(None),
        }
    }

    /// The cell layout now.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The main cell's cube and name (`None` when it is empty).
    pub fn main(&self) -> Option<&Entry> {
        self.main.as_ref()
    }

    /// The storage.
    pub fn storage(&self) -> &Storage {
        &self.storage
    }

    /// The preferences.
    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    /// Whether an evaluation is running.
    pub fn is_evaluating(&self) -> bool {
        self.running.is_some()
    }

    /// The cell the keys, the controls and the menu act on: the one under
    /// the pointer, else the one last clicked or chosen with the arrows (so
    /// a control of the tool bar acts on the cell clicked last, not on the
    /// cells the pointer crossed on its way there).
    pub fn current(&self) -> CellId {
        self.hover.unwrap_or(self.current)
    }

    /// What `cell` holds (a basic cube holds its colour, named).
    pub fn contents(&self, cell: CellId) -> Option<Entry> {
        match cell {
            CellId::Colour(i) => Some(Entry {
                name: Some(Colour::ALL[i].name().to_string()),
                expr: Expr::cube(Colour::ALL[i]),
            }),
            CellId::Op(_) => None,
            CellId::Main => self.main.clone(),
            CellId::Store(i) => self.storage.get(i).cloned(),
        }
    }

    /// The cube drawn in `cell`: the one an evaluation has reached there, or
    /// what it holds.
    fn shown(&self, cell: CellId) -> Option<(Option<String>, Expr)> {
        if let Some(r) = self.running.as_ref().filter(|r| r.cell == cell) {
            return Some((r.name.clone(), r.current.clone()));
        }
        self.contents(cell).map(|e| (e.name, e.expr))
    }

    fn changed(&mut self) {
        *self.saved.get_mut() = None;
    }

    fn set_contents(&mut self, cell: CellId, entry: Option<Entry>) {
        let entry = entry.filter(|e| !e.expr.is_empty());
        match cell {
            CellId::Main => {
                self.main = entry;
                self.modified = true;
            }
            CellId::Store(i) => {
                self.storage.set(i, entry);
                self.modified = true;
            }
            _ => return,
        }
        self.changed();
    }

    fn main_expr(&self) -> Expr {
        self.main
            .as_ref()
            .map_or_else(Expr::empty, |e| e.expr.clone())
    }

    fn say(&mut self, message: impl Into<String>) {
        self.message = message.into();
    }

    // ------------------------------------------------------------ operations

    /// Whether `cell` takes what is dropped on it (from `from`).
    fn accepts(&self, from: CellId, to: CellId) -> bool {
        to != from
            && match to {
                CellId::Main | CellId::Store(_) => true,
                CellId::Op(_) => self.main.is_some(),
                CellId::Colour(_) => false,
            }
    }

    /// Puts `entry` on `to`, as a drop from `from` does: onto the main cell
    /// a copy; onto a storage cell a move from the main cell or another
    /// storage cell (a copy with `keep`); onto an operation cell, the
    /// operation with the main cube.
    fn put(&mut self, from: Option<CellId>, entry: Entry, to: CellId, keep: bool) {
        self.interrupt();
        let what = entry.name.clone().unwrap_or_else(|| "the cube".into());
        match to {
            CellId::Main => {
                self.set_contents(CellId::Main, Some(entry));
                self.say(format!("{what} is in the main cell."));
            }
            CellId::Store(_) => {
                self.set_contents(to, Some(entry));
                if let Some(from) = from.filter(|f| f.holds() && !keep) {
                    self.set_contents(from, None);
                }
                self.say(format!("{what} is in {}.", to.describe()));
            }
            CellId::Op(op) => {
                let main = self.main_expr();
                if main.is_empty() {
                    self.say("Put a cube in the main cell first.");
                    return;
                }
                let expr = op.drop(entry.expr, main);
                if expr.size() > MAX_SIZE {
                    self.say(format!(
                        "That would make a cube of more than {MAX_SIZE} parts: too large to keep."
                    ));
                    return;
                }
                self.set_contents(CellId::Main, Some(Entry { name: None, expr }));
                // The keys act on the result.
                self.current = CellId::Main;
                if op.is_application() && self.prefs.eval_now {
                    self.start_eval(CellId::Main);
                } else {
                    self.say(format!("{what} went to {}.", op.label()));
                }
            }
            CellId::Colour(_) => {}
        }
    }

    /// A right click on an operation cell: the main cube split, that side
    /// thrown away.
    pub fn split_main(&mut self, op: OpCell) -> bool {
        let Some(main) = self.main.clone() else {
            return false;
        };
        self.interrupt();
        let expr = op.right_click(&main.expr);
        self.set_contents(CellId::Main, Some(Entry { name: None, expr }));
        self.say(format!(
            "The main cube was split along {}: that side is gone.",
            op.label()
        ));
        true
    }

    /// A right click on a basic cube: the abstraction over its colour.
    pub fn abstract_over(&mut self, colour: Colour) -> bool {
        let Some(expr) = abstract_main(colour, &self.main_expr()) else {
            self.say("Put a cube in the main cell first: a right click on a basic cube makes it a function of that colour.");
            return true;
        };
        self.interrupt();
        self.set_contents(CellId::Main, Some(Entry { name: None, expr }));
        self.say(format!(
            "A function of {colour}: apply it, and the cube given takes the place of every {colour} part."
        ));
        true
    }

    /// Whether the menu item `id` can act on `cell` now.
    pub fn enabled(&self, id: &str, cell: CellId) -> bool {
        let full = self.contents(cell).is_some();
        match id {
            "cut" | "clear" | "rename" | "eval" => cell.holds() && full,
            "copy" | "show" => full,
            "paste" => {
                self.clipboard.is_some()
                    && match cell {
                        CellId::Op(_) => self.main.is_some(),
                        c => c.holds(),
                    }
            }
            _ => true,
        }
    }

    /// Runs the menu item `id` on `cell` (the same as its key and control).
    fn run_item(&mut self, id: &str, cell: CellId) -> Result<bool, GameError> {
        if MENU.iter().any(|i| i.id == id && i.on_cell) && !self.enabled(id, cell) {
            self.say(format!("Nothing to {} in {}.", id, cell.describe()));
            return Ok(true);
        }
        match id {
            "cut" => {
                self.interrupt();
                self.clipboard = self.contents(cell);
                self.set_contents(cell, None);
                self.say(format!("Cut from {}.", cell.describe()));
            }
            "copy" => {
                self.clipboard = self.contents(cell);
                self.say(format!("Copied from {}.", cell.describe()));
            }
            "paste" => {
                if let Some(entry) = self.clipboard.clone() {
                    self.put(None, entry, cell, true);
                }
            }
            "clear" => {
                self.interrupt();
                self.set_contents(cell, None);
                self.say(format!("Cleared {}.", cell.describe()));
            }
            "eval" => self.start_eval(cell),
            "rename" => {
                self.interrupt();
                let text = self.contents(cell).and_then(|e| e.name).unwrap_or_default();
                self.rename = Some(Rename { cell, text });
            }
            "show" => self.showing = Some(cell),
            "help" => {
                self.host.show_text_help("GCalc Help", false);
                return Ok(false);
            }
            "open" => self.open_saved(),
            "example" => {
                self.interrupt();
                self.storage = examples();
                self.modified = true;
                self.changed();
                self.say("The example storage: Church numerals, arithmetic, booleans, pairs, lists, the Y combinator, spatial tools. Double-click a cube to see it large.");
            }
            "save" => self.save_storage(),
            "prefs" => {
                self.show_prefs = !self.show_prefs;
                self.say(if self.show_prefs {
                    "The preferences are in the tool bar."
                } else {
                    "Preferences hidden."
                });
            }
            "stop" => {
                if self.running.is_some() {
                    self.finish(Ending::Stopped);
                }
            }
            other => return Err(GameError(format!("unknown action {other:?}"))),
        }
        Ok(true)
    }

    fn storage_path(&self) -> Option<PathBuf> {
        self.data_dir.as_ref().map(|d| d.join(STORAGE_FILE))
    }

    /// What Save keeps: the main cell and the storage.
    fn kept(&self) -> Kept {
        Kept {
            main: self.main.clone(),
            storage: self.storage.clone(),
        }
    }

    /// Writes the main cell and the storage into the data directory, as
    /// the original's Save wrote them, and says what and where.
    fn save_storage(&mut self) {
        let Some(path) = self.storage_path() else {
            self.say("There is nowhere to save the main cell and the storage (the launcher gave no data directory); the launcher's Save as… (Ctrl+S) keeps them in a file.");
            return;
        };
        let kept = self.kept();
        match std::fs::write(&path, kept.to_text()) {
            Ok(()) => {
                self.modified = false;
                let said = kept_words(&kept, "are saved in", self.data_dir.as_deref());
                self.say(format!(
                    "{said}: O opens them again, and GCalc opens them as it starts."
                ));
            }
            Err(e) => self.say(format!(
                "The main cell and the storage could not be saved in {}: {e}.",
                shown_path(&path)
            )),
        }
    }

    /// Reads the saved main cell and storage again, as the original's
    /// Open read its file.
    fn open_saved(&mut self) {
        match read_storage(self.data_dir.as_deref()) {
            Ok(Some(kept)) => {
                self.interrupt();
                let said = kept_words(&kept, "are back from", self.data_dir.as_deref());
                self.main = kept.main;
                self.storage = kept.storage;
                self.modified = false;
                self.changed();
                self.say(format!("{said}."));
            }
            Ok(None) => self.say(match self.storage_path() {
                Some(path) => format!(
                    "Nothing is saved in {} yet: S saves the main cell and the storage there.",
                    shown_path(&path)
                ),
                None => "Nothing is saved: the launcher gave GCalc no data directory.".into(),
            }),
            Err(e) => self.say(e),
        }
    }

    // ------------------------------------------------------------ evaluation

    /// Starts evaluating `cell`'s cube; the first steps are taken at once,
    /// the rest on ticks.
    pub fn start_eval(&mut self, cell: CellId) {
        self.interrupt();
        let Some(entry) = self.contents(cell).filter(|_| cell.holds()) else {
            self.say(format!("Nothing to evaluate in {}.", cell.describe()));
            return;
        };
        self.running = Some(Running {
            cell,
            name: entry.name,
            current: entry.expr,
            steps: 0,
        });
        self.advance(self.prefs.speed.steps_per_tick());
        if self.running.is_some() {
            self.host.request_ticks(self.prefs.speed.interval());
        }
    }

    /// Takes steps of the running evaluation until `budget` is spent (a
    /// step costs more on a larger cube, so a tick stays short).
    fn advance(&mut self, budget: usize) {
        let settings = self.prefs.settings;
        let limit = self.prefs.step_limit;
        let mut taken = 0;
        loop {
            let Some(run) = self.running.as_mut() else {
                return;
            };
            match eval::step(&run.current, &settings) {
                None => {
                    let stop = if eval::has_redex(&run.current, &settings) {
                        Stop::DepthLimit
                    } else {
                        Stop::Done
                    };
                    return self.finish(Ending::Evaluator(stop));
                }
                Some(_) if run.steps >= limit => {
                    return self.finish(Ending::Evaluator(Stop::StepLimit));
                }
                // The budget is spent: the next tick goes on.
                Some(_) if taken >= budget => return,
                Some(s) if s.expr.size() > MAX_SIZE => return self.finish(Ending::TooLarge),
                Some(s) => {
                    taken += 1 + (run.current.size() / PARTS_PER_COST) as usize;
                    run.current = s.expr;
                    run.steps += 1;
                }
            }
        }
    }

    /// Ends the running evaluation: its cell takes the cube reached.
    fn finish(&mut self, ending: Ending) {
        let Some(run) = self.running.take() else {
            return;
        };
        if self.held.is_some() {
            self.host.request_ticks(HOLD_TICK);
        } else {
            self.host.stop_ticks();
        }
        let n = run.steps;
        let steps = if n == 1 {
            "1 step".to_string()
        } else {
            format!("{n} steps")
        };
        let cell = run.cell.describe();
        let message = match ending {
            Ending::Evaluator(Stop::Done) if n == 0 => {
                format!("Nothing to evaluate in {cell}: it is a value already.")
            }
            Ending::Evaluator(Stop::Done) => format!("Evaluated {cell} in {steps}."),
            Ending::Evaluator(Stop::DepthLimit) => format!(
                "Evaluated {cell} in {steps}, down to the depth limit ({}): deeper parts are left as they are.",
                prefs::depth_label(self.prefs.settings.depth)
            ),
            Ending::Evaluator(Stop::StepLimit) => format!(
                "Stopped {cell} at the step limit, after {steps}: E goes on, Preferences change the limit."
            ),
            Ending::TooLarge => {
                format!(
                    "Stopped {cell} after {steps}: the next step would make a cube of more than {MAX_SIZE} parts."
                )
            }
            Ending::Stopped => format!("Stopped {cell} after {steps}: E goes on."),
        };
        if n > 0 {
            self.set_contents(
                run.cell,
                Some(Entry {
                    name: run.name,
                    expr: run.current,
                }),
            );
        }
        self.say(message);
    }

    /// Stops a running evaluation where it got to, before something else
    /// changes the cells.
    fn interrupt(&mut self) {
        if self.running.is_some() {
            self.finish(Ending::Stopped);
        }
    }

    // ------------------------------------------------------------ pointer

    fn draggable(&self, cell: CellId) -> bool {
        !matches!(cell, CellId::Op(_)) && self.contents(cell).is_some()
    }

    fn set_cursor(&mut self, cursor: Cursor) {
        if cursor != self.cursor {
            self.cursor = cursor;
            self.host.set_cursor(cursor);
        }
    }

    fn cursor_at(&self, pos: Point) -> Cursor {
        if let Some(d) = &self.drag {
            return match self.layout.cell_at(pos) {
                Some(c) if c != d.from && !self.accepts(d.from, c) => Cursor::NotAllowed,
                _ => Cursor::Grabbing,
            };
        }
        if self.menu.is_some() {
            return if self.menu_item_at(pos).is_some() {
                Cursor::PointingHand
            } else {
                Cursor::Default
            };
        }
        match self.layout.cell_at(pos) {
            Some(c) if self.draggable(c) => Cursor::Grab,
            Some(CellId::Op(_)) if self.main.is_some() => Cursor::PointingHand,
            _ => Cursor::Default,
        }
    }

    fn pointer_move(&mut self, pos: Point) -> bool {
        let mut changed = false;
        if let Some(mut d) = self.drag.take() {
            d.pos = pos;
            if (pos.x - d.start.x).hypot(pos.y - d.start.y) > 4.0 {
                d.moved = true;
            }
            let target = self
                .layout
                .cell_at(pos)
                .filter(|c| d.moved && self.accepts(d.from, *c));
            d.target = target;
            self.drag = Some(d);
            changed = true;
        } else if let Some(menu) = self.menu {
            let selected = self.menu_item_at(pos);
            if selected.is_some() && selected != menu.selected {
                self.menu = Some(Menu { selected, ..menu });
                changed = true;
            }
        }
        let hover = self.layout.cell_at(pos);
        if hover != self.hover {
            self.hover = hover;
            if self.drag.is_none() && self.menu.is_none() {
                self.message.clear();
            }
            changed = true;
        }
        self.set_cursor(self.cursor_at(pos));
        changed
    }

    fn press(&mut self, pos: Point, button: Button) -> bool {
        if self.showing.take().is_some() {
            return true;
        }
        if let Some(menu) = self.menu.take() {
            if let Some(i) = self.menu_item_at_for(&menu, pos)
                && button == Button::Primary
            {
                let _ = self.run_item(MENU[i].id, menu.cell);
            }
            return true;
        }
        self.commit_rename();
        let Some(cell) = self.layout.cell_at(pos) else {
            return false;
        };
        self.current = cell;
        match button {
            Button::Primary => {
                if self.draggable(cell)
                    && let Some(entry) = self.contents(cell)
                {
                    self.drag = Some(Drag {
                        from: cell,
                        entry,
                        start: pos,
                        pos,
                        moved: false,
                        target: None,
                    });
                    self.set_cursor(Cursor::Grabbing);
                }
            }
            Button::Secondary => match cell {
                CellId::Colour(_) | CellId::Op(_) => {
                    // Done when the button is let go; held, the menu.
                    self.held = Some(Held {
                        cell,
                        at: pos,
                        time: 0.0,
                    });
                    if self.running.is_none() {
                        self.host.request_ticks(HOLD_TICK);
                    }
                    return false;
                }
                _ => {
                    self.menu = Some(Menu {
                        cell,
                        at: pos,
                        selected: None,
                    });
                }
            },
            Button::Middle => self.showing = self.contents(cell).map(|_| cell),
        }
        true
    }

    /// The operation of a basic cube or an operation cell, on a right
    /// click let go before it opened the menu.
    fn alternate(&mut self, cell: CellId) {
        match cell {
            CellId::Colour(i) => {
                self.abstract_over(Colour::ALL[i]);
            }
            CellId::Op(op) if !self.split_main(op) => {
                self.say("The main cell is empty: nothing to split.");
            }
            _ => {}
        }
    }

    /// Time passed with the secondary button held: the menu once it has
    /// been held long enough.
    fn hold_on(&mut self, dt: f32) -> bool {
        let Some(mut held) = self.held.take() else {
            return false;
        };
        held.time += dt;
        if held.time < HOLD_SECONDS {
            self.held = Some(held);
            return false;
        }
        self.current = held.cell;
        self.menu = Some(Menu {
            cell: held.cell,
            at: held.at,
            selected: None,
        });
        true
    }

    fn release(&mut self, pos: Point, button: Button, modifiers: Modifiers) -> bool {
        if button == Button::Secondary {
            let Some(held) = self.held.take() else {
                return false;
            };
            if self.running.is_none() {
                self.host.stop_ticks();
            }
            self.alternate(held.cell);
            return true;
        }
        if button != Button::Primary {
            return false;
        }
        let Some(d) = self.drag.take() else {
            return false;
        };
        if let Some(to) = d.target.filter(|_| d.moved) {
            self.put(Some(d.from), d.entry, to, modifiers.shift);
            // The keys now act where the cube went (an operation's result
            // is in the main cell).
            self.current = if to.holds() { to } else { CellId::Main };
        }
        self.set_cursor(self.cursor_at(pos));
        true
    }

    // ------------------------------------------------------------ the menu

    /// The menu's top-left corner, kept on the canvas.
    fn menu_origin(&self, menu: &Menu) -> Point {
        let height = menu_height();
        Point::new(
            menu.at
                .x
                .min(self.layout.canvas.x - MENU_WIDTH - 2.0)
                .max(0.0),
            menu.at.y.min(self.layout.canvas.y - height - 2.0).max(0.0),
        )
    }

    /// The top of menu line `i`, from the menu's top.
    fn menu_line_top(i: usize) -> f32 {
        4.0 + i as f32 * MENU_LINE + if MENU[i].on_cell { 0.0 } else { MENU_SEPARATOR }
    }

    fn menu_item_at_for(&self, menu: &Menu, pos: Point) -> Option<usize> {
        let o = self.menu_origin(menu);
        if pos.x < o.x || pos.x > o.x + MENU_WIDTH {
            return None;
        }
        (0..MENU.len()).find(|&i| {
            let top = o.y + Self::menu_line_top(i);
            pos.y >= top && pos.y < top + MENU_LINE
        })
    }

    fn menu_item_at(&self, pos: Point) -> Option<usize> {
        self.menu
            .as_ref()
            .and_then(|m| self.menu_item_at_for(m, pos))
    }

    /// Opens the menu for the current cell, at its centre.
    fn open_menu(&mut self) {
        let cell = self.current();
        let at = self.layout.square(cell).center();
        self.menu = Some(Menu {
            cell,
            at,
            selected: Some(0),
        });
    }

    // ------------------------------------------------------------ keys

    fn commit_rename(&mut self) {
        if let Some(r) = self.rename.take()
            && let Some(mut entry) = self.contents(r.cell)
        {
            let name = storage::clean_name(&r.text);
            entry.name = (!name.is_empty()).then_some(name);
            self.say(match &entry.name {
                Some(n) => format!("{} is named {n}.", r.cell.describe()),
                None => format!("{} has no name now.", r.cell.describe()),
            });
            self.set_contents(r.cell, Some(entry));
        }
    }

    fn rename_key(&mut self, key: &str, modifiers: Modifiers) -> bool {
        let Some(r) = self.rename.as_mut() else {
            return false;
        };
        let typed = match key {
            keys::ENTER => {
                self.commit_rename();
                return true;
            }
            keys::ESCAPE => {
                self.rename = None;
                self.say("The name is as it was.");
                return true;
            }
            keys::BACKSPACE => {
                r.text.pop();
                return true;
            }
            keys::SPACE => Some(' '),
            keys::MINUS => Some(if modifiers.shift { '_' } else { '-' }),
            keys::QUESTION_MARK => Some('?'),
            keys::PERIOD => Some('.'),
            keys::PLUS => Some('+'),
            k if k.len() == 1 && k.chars().all(|c| c.is_ascii_alphanumeric()) => {
                let c = k.chars().next().unwrap_or(' ');
                Some(if modifiers.shift && c.is_ascii_digit() {
                    match c {
                        '1' => '!',
                        '8' => '*',
                        '9' => '(',
                        '0' => ')',
                        other => other,
                    }
                } else if modifiers.shift {
                    c.to_ascii_uppercase()
                } else {
                    c
                })
            }
            _ => None,
        };
        if let Some(c) = typed
            && r.text.chars().count() < 40
        {
            r.text.push(c);
        }
        true
    }

    fn menu_key(&mut self, key: &str) -> bool {
        let Some(menu) = self.menu else {
            return false;
        };
        let enabled: Vec<usize> = (0..MENU.len())
            .filter(|&i| self.enabled(MENU[i].id, menu.cell))
            .collect();
        let pick = |i: usize| Some(MENU[i].id);
        let chosen = match key {
            keys::ARROW_DOWN | keys::ARROW_UP => {
                let now = menu
                    .selected
                    .and_then(|s| enabled.iter().position(|&i| i == s));
                let n = enabled.len();
                let next = match (now, key == keys::ARROW_DOWN) {
                    (None, _) => 0,
                    (Some(p), true) => (p + 1) % n,
                    (Some(p), false) => (p + n - 1) % n,
                };
                self.menu = Some(Menu {
                    selected: enabled.get(next).copied(),
                    ..menu
                });
                return true;
            }
            keys::ENTER => menu.selected.and_then(pick),
            keys::ESCAPE | "F10" => None,
            k => MENU.iter().position(|i| i.key == k).and_then(pick),
        };
        self.menu = None;
        if let Some(id) = chosen {
            let _ = self.run_item(id, menu.cell);
        }
        true
    }

    /// Moves the current cell to the nearest cell in the arrow's direction.
    fn move_current(&mut self, dx: f32, dy: f32) -> bool {
        let start = self.current();
        let from = self.layout.square(start).center();
        let best = CellId::all()
            .into_iter()
            .filter(|c| *c != start)
            .filter_map(|c| {
                let p = self.layout.square(c).center();
                let along = (p.x - from.x) * dx + (p.y - from.y) * dy;
                let across = ((p.x - from.x) * dy).abs() + ((p.y - from.y) * dx).abs();
                (along > 1.0).then_some((c, along + 2.0 * across))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1));
        match best {
            Some((c, _)) => {
                // The keys act on it until the pointer moves again.
                self.current = c;
                self.hover = None;
                self.message.clear();
                true
            }
            None => false,
        }
    }

    fn key(&mut self, key: &str, modifiers: Modifiers) -> bool {
        if modifiers.ctrl || modifiers.alt || modifiers.command {
            return false;
        }
        if self.rename.is_some() {
            return self.rename_key(key, modifiers);
        }
        if self.showing.take().is_some() {
            return true;
        }
        if self.menu.is_some() {
            return self.menu_key(key);
        }
        match key {
            keys::ESCAPE if self.running.is_some() => {
                self.finish(Ending::Stopped);
                true
            }
            keys::ESCAPE | "F10" => {
                self.open_menu();
                true
            }
            "F1" => {
                self.host.show_text_help("GCalc Help", false);
                false
            }
            keys::ARROW_LEFT => self.move_current(-1.0, 0.0),
            keys::ARROW_RIGHT => self.move_current(1.0, 0.0),
            keys::ARROW_UP => self.move_current(0.0, -1.0),
            keys::ARROW_DOWN => self.move_current(0.0, 1.0),
            k => match MENU.iter().find(|i| i.key == k) {
                Some(i) => self.run_item(i.id, self.current()).unwrap_or(false),
                None => false,
            },
        }
    }

    // ------------------------------------------------------------ drawing

    fn label_font(side: f32) -> f32 {
        (side * 0.16).clamp(8.0, 15.0)
    }

    /// `text` cut to fit `width` at `font` (with an ellipsis).
    fn fit(p: &mut dyn Painter, font: f32, text: &str, width: f32) -> String {
        if p.text_size(font, text).x <= width {
            return text.to_string();
        }
        let mut chars: Vec<char> = text.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let t: String = chars.iter().collect::<String>() + "…";
            if p.text_size(font, &t).x <= width {
                return t;
            }
        }
        String::new()
    }

    fn draw_cell(&self, p: &mut dyn Painter, cell: CellId) {
        let sq = self.layout.square(cell);
        let size = Point::new(sq.size, sq.size);
        p.rect(
            sq.min,
            size,
            Style {
                fill: Some(CELL),
                stroke: Some(Stroke {
                    width: 1.0,
                    color: Rgba::rgb(0, 0, 0),
                }),
            },
        );
        let shown = self.shown(cell);
        if let Some((_, expr)) = &shown {
            p.push_clip(sq.min, size);
            draw_cube_with_cutoff(p, expr, sq.min, sq.size, self.prefs.cutoff as f32);
            p.pop_clip();
        }
        let font = Self::label_font(sq.size);
        // A basic cube's colour is its label (its name is in the status
        // line and its region): no name hides its faces in a small cell.
        let label = match (cell, &shown) {
            (CellId::Op(op), _) => Some(op.label().to_string()),
            (CellId::Colour(_), _) => None,
            (CellId::Main, None) => Some("Main".to_string()),
            (_, Some((name, _))) => name.clone(),
            _ => None,
        };
        let renaming = self.rename.as_ref().filter(|r| r.cell == cell);
        if let Some(r) = renaming {
            let text = Self::fit(p, font, &format!("{}|", r.text), sq.size - 8.0);
            let t = p.text_size(font, &text);
            p.rect(
                Point::new(sq.min.x + 2.0, sq.min.y + 2.0),
                Point::new(sq.size - 4.0, t.y + 4.0),
                Style {
                    fill: Some(Rgba::rgb(255, 255, 255)),
                    stroke: Some(Stroke {
                        width: 1.0,
                        color: Rgba::rgb(0, 0, 0),
                    }),
                },
            );
            p.text(
                Point::new(sq.min.x + 5.0, sq.min.y + 4.0),
                Anchor::TopLeft,
                font,
                Rgba::rgb(0, 0, 0),
                &text,
            );
        } else if let Some(label) = label {
            let op = matches!(cell, CellId::Op(_));
            let font = if op {
                (sq.size * 0.1).clamp(10.0, 18.0)
            } else {
                font
            };
            let text = Self::fit(p, font, &label, sq.size - 6.0);
            if !text.is_empty() {
                let t = p.text_size(font, &text);
                if op {
                    p.text(
                        sq.center(),
                        Anchor::Center,
                        font,
                        Rgba::rgb(235, 235, 235),
                        &text,
                    );
                } else {
                    let min = Point::new(sq.min.x + sq.size - t.x - 4.0, sq.min.y + 1.0);
                    p.rect(min, Point::new(t.x + 3.0, t.y + 2.0), Style::solid(CELL));
                    p.text(
                        Point::new(sq.min.x + sq.size - 2.5, sq.min.y + 2.0),
                        Anchor::TopRight,
                        font,
                        Rgba::rgb(0, 0, 0),
                        &text,
                    );
                }
            }
        }
        if let Some(r) = self.running.as_ref().filter(|r| r.cell == cell) {
            let text = format!("step {}", r.steps);
            let t = p.text_size(font, &text);
            let min = Point::new(sq.min.x + 2.0, sq.min.y + sq.size - t.y - 4.0);
            p.rect(
                min,
                Point::new(t.x + 4.0, t.y + 2.0),
                Style::solid(Rgba::rgb(255, 255, 200)),
            );
            p.text(
                Point::new(min.x + 2.0, min.y + 1.0),
                Anchor::TopLeft,
                font,
                Rgba::rgb(0, 0, 0),
                &text,
            );
        }
        let hovered = self.drag.is_none()
            && self.menu.is_none()
            && self.hover == Some(cell)
            && self.draggable(cell);
        let target = self.drag.as_ref().is_some_and(|d| d.target == Some(cell));
        if hovered || target {
            p.rect(
                Point::new(sq.min.x + 2.0, sq.min.y + 2.0),
                Point::new(sq.size - 4.0, sq.size - 4.0),
                Style::stroked(4.0, HIGHLIGHT),
            );
        } else if self.current() == cell {
            p.rect(
                Point::new(sq.min.x + 1.5, sq.min.y + 1.5),
                Point::new(sq.size - 3.0, sq.size - 3.0),
                Style::stroked(2.0, CURRENT),
            );
        }
    }

    fn draw_menu(&self, p: &mut dyn Painter, menu: &Menu) {
        let o = self.menu_origin(menu);
        p.rect(
            o,
            Point::new(MENU_WIDTH, menu_height()),
            Style {
                fill: Some(Rgba::rgb(245, 245, 240)),
                stroke: Some(Stroke {
                    width: 1.0,
                    color: Rgba::rgb(0, 0, 0),
                }),
            },
        );
        let sep = o.y + Self::menu_line_top(7) - MENU_SEPARATOR / 2.0;
        p.line(
            Point::new(o.x + 6.0, sep),
            Point::new(o.x + MENU_WIDTH - 6.0, sep),
            Stroke {
                width: 1.0,
                color: Rgba::rgb(150, 150, 150),
            },
        );
        for (i, item) in MENU.iter().enumerate() {
            let top = o.y + Self::menu_line_top(i);
            let enabled = self.enabled(item.id, menu.cell);
            if menu.selected == Some(i) && enabled {
                p.rect(
                    Point::new(o.x + 2.0, top),
                    Point::new(MENU_WIDTH - 4.0, MENU_LINE),
                    Style::solid(Rgba::rgb(50, 90, 170)),
                );
            }
            let colour = match (enabled, menu.selected == Some(i)) {
                (false, _) => Rgba::rgb(150, 150, 150),
                (true, true) => Rgba::rgb(255, 255, 255),
                (true, false) => Rgba::rgb(0, 0, 0),
            };
            let y = top + MENU_LINE / 2.0;
            p.text(
                Point::new(o.x + 10.0, y),
                Anchor::Left,
                MENU_FONT,
                colour,
                &format!("[{}]", item.shown),
            );
            p.text(
                Point::new(o.x + 64.0, y),
                Anchor::Left,
                MENU_FONT,
                colour,
                item.label,
            );
        }
    }

    fn draw_shown(&self, p: &mut dyn Painter, cell: CellId) {
        let c = self.layout.canvas;
        p.rect(
            Point::new(0.0, 0.0),
            c,
            Style::solid(Rgba::with_alpha(0, 0, 0, 140)),
        );
        let side = (c.x.min(c.y) - 2.0 * GAP).max(10.0);
        let min = Point::new((c.x - side) / 2.0, (c.y - side) / 2.0);
        p.rect(
            min,
            Point::new(side, side),
            Style {
                fill: Some(CELL),
                stroke: Some(Stroke {
                    width: 1.0,
                    color: Rgba::rgb(0, 0, 0),
                }),
            },
        );
        if let Some((name, expr)) = self.shown(cell) {
            draw_cube_with_cutoff(p, &expr, min, side, self.prefs.cutoff as f32);
            let title = name.unwrap_or_else(|| cell.describe());
            let font = (side * 0.06).clamp(14.0, 32.0);
            let text = Self::fit(p, font, &title, side - 12.0);
            p.text(
                Point::new(min.x + side - 6.0, min.y + 4.0),
                Anchor::TopRight,
                font,
                Rgba::rgb(0, 0, 0),
                &text,
            );
        }
    }

    fn describe_cell(&self, cell: CellId) -> String {
        let what = cell.describe();
        let mut s = String::new();
        let _ = write!(s, "{}{}", what[..1].to_uppercase(), &what[1..]);
        match (cell, self.contents(cell)) {
            (CellId::Op(op), _) => {
                let _ = write!(s, ": {}", op_help(op));
            }
            (CellId::Colour(_), _) => {
                s.push_str(
                    ": drag it; a right click makes the main cube a function of its colour.",
                );
            }
            (_, None) => s.push_str(": empty."),
            (_, Some(e)) => {
                s.push_str(": ");
                if let Some(n) = &e.name {
                    let _ = write!(s, "{n} = ");
                }
                s.push_str(&notation(&e.expr, NOTATION_SHOWN));
            }
        }
        s
    }
}

/// What an operation cell does, for the status line.
pub fn op_help(op: OpCell) -> &'static str {
    match op {
        OpCell::Left => "a cube dropped here goes on the left of the main cube.",
        OpCell::Right => "a cube dropped here goes on the right of the main cube.",
        OpCell::Top => "a cube dropped here goes on top of the main cube.",
        OpCell::Bottom => "a cube dropped here goes under the main cube.",
        OpCell::Back => "a cube dropped here goes behind the main cube.",
        OpCell::Front => "a cube dropped here goes in front of the main cube.",
        OpCell::ApplyFunction => "a function dropped here is applied to the main cube.",
        OpCell::ApplyArgument => "the main cube is applied to the cube dropped here.",
    }
}

fn menu_height() -> f32 {
    8.0 + MENU.len() as f32 * MENU_LINE + MENU_SEPARATOR
}

/// "The main cell (red | blue) and 3 stored cubes are saved in
/// ~/…/storage.gcalc": what `kept` holds, `verb`, and the file in `dir`.
fn kept_words(kept: &Kept, verb: &str, dir: Option<&Path>) -> String {
    let cubes = match kept.storage.count() {
        1 => "1 stored cube".to_string(),
        n => format!("{n} stored cubes"),
    };
    let main = match &kept.main {
        Some(Entry {
            name: Some(name), ..
        }) => format!("The main cell ({name})"),
        Some(entry) => format!("The main cell ({})", notation(&entry.expr, 24)),
        None => "The empty main cell".to_string(),
    };
    let file = dir.map_or_else(
        || STORAGE_FILE.to_string(),
        |d| shown_path(&d.join(STORAGE_FILE)),
    );
    format!("{main} and {cubes} {verb} {file}")
}

/// A path as the player reads it: the home directory as `~`.
fn shown_path(path: &Path) -> String {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    match home.as_deref().and_then(|h| path.strip_prefix(h).ok()) {
        Some(rest) if !rest.as_os_str().is_empty() => format!("~/{}", rest.display()),
        _ => path.display().to_string(),
    }
}

/// The main cell and storage kept in `dir`: `None` when none is kept yet,
/// an error for the player when the file is damaged.
fn read_storage(dir: Option<&Path>) -> Result<Option<Kept>, String> {
    let Some(path) = dir.map(|d| d.join(STORAGE_FILE)) else {
        return Ok(None);
    };
    let text = match std::fs::read(&path) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| {
            "Your saved storage is not text; it was set aside as storage.gcalc.damaged.".to_string()
        })?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("Your saved storage could not be read: {e}.")),
    };
    Kept::parse(&text).map(Some).map_err(|e| {
        format!("Your saved storage is damaged ({e}); it was set aside as storage.gcalc.damaged.")
    })
}

fn yes_no(b: bool) -> &'static str {
    if b { "Yes" } else { "No" }
}

fn parse_yes_no(value: &str) -> Result<bool, GameError> {
    match value {
        "Yes" => Ok(true),
        "No" => Ok(false),
        other => Err(GameError(format!("{other:?} is not Yes or No"))),
    }
}

impl Game for GCalc {
    fn new(host: Host) -> Result<Self, GameError> {
        host.request_layout(true);
        host.request_input(InputKinds {
            double_click: true,
            scroll: false,
        });
        Ok(GCalc::with_data_dir(host, host.data_dir()))
    }

    fn canvas_size(&self) -> Point {
        self.layout.canvas
    }

    fn title(&self) -> String {
        TITLE.into()
    }

    fn status(&self) -> String {
        if let Some(r) = &self.rename {
            return format!(
                "Naming {}: type the name, Enter keeps it, Escape leaves it as it was.",
                r.cell.describe()
            );
        }
        if let Some(r) = &self.running {
            return format!(
                "Evaluating {}: step {} of at most {} (Escape stops).",
                r.cell.describe(),
                r.steps,
                self.prefs.step_limit
            );
        }
        if let Some(cell) = self.showing {
            return format!(
                "Showing {} large: any key or click closes it.",
                cell.describe()
            );
        }
        if let Some(menu) = &self.menu {
            return format!(
                "The menu of {}: click an item or press its key; the arrows and Enter choose, Escape closes it.",
                menu.cell.describe()
            );
        }
        if let Some(d) = self.drag.as_ref().filter(|d| d.moved) {
            return match d.target {
                Some(to) => format!("Drop on {} to put it there.", to.describe()),
                None => "Drag to the main cell, an operation cell or the storage.".into(),
            };
        }
        if !self.message.is_empty() {
            return self.message.clone();
        }
        self.describe_cell(self.current())
    }

    fn draw(&self, p: &mut dyn Painter) {
        let c = self.layout.canvas;
        p.rect(Point::new(0.0, 0.0), c, Style::solid(BACKGROUND));
        for (min, size) in self.layout.panels() {
            p.rect(
                Point::new(min.x - 2.0, min.y - 2.0),
                Point::new(size.x + 4.0, size.y + 4.0),
                Style {
                    fill: None,
                    stroke: Some(Stroke {
                        width: 1.0,
                        color: Rgba::rgb(90, 90, 90),
                    }),
                },
            );
        }
        for cell in CellId::all() {
            self.draw_cell(p, cell);
        }
        if let Some(d) = self.drag.as_ref().filter(|d| d.moved) {
            let side = self.layout.store_side().clamp(32.0, 80.0);
            draw_cube_with_cutoff(
                p,
                &d.entry.expr,
                Point::new(d.pos.x - side / 2.0, d.pos.y - side / 2.0),
                side,
                self.prefs.cutoff as f32,
            );
        }
        if let Some(menu) = &self.menu {
            self.draw_menu(p, menu);
        }
        if let Some(cell) = self.showing {
            self.draw_shown(p, cell);
        }
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        let changed = match event {
            Event::Tick { dt } => {
                let menu = self.hold_on(*dt);
                if self.running.is_some() {
                    self.advance(self.prefs.speed.steps_per_tick());
                    true
                } else {
                    if self.held.is_none() {
                        self.host.stop_ticks();
                    }
                    menu
                }
            }
            Event::PointerMove { pos } | Event::PointerEnter { pos } => self.pointer_move(*pos),
            Event::PointerLeave => {
                let was = self.hover.take().is_some();
                self.set_cursor(Cursor::Default);
                was
            }
            Event::PointerPress { pos, button, .. } => self.press(*pos, *button),
            Event::PointerRelease {
                pos,
                button,
                modifiers,
            } => self.release(*pos, *button, *modifiers),
            Event::DoubleClick {
                pos,
                button: Button::Primary,
                ..
            } => match self.layout.cell_at(*pos) {
                Some(c) if self.contents(c).is_some() && self.menu.is_none() => {
                    self.drag = None;
                    self.showing = Some(c);
                    true
                }
                _ => false,
            },
            Event::KeyPress { key, modifiers } => self.key(key, *modifiers),
            _ => false,
        };
        Response::redraw_if(changed)
    }

    fn actions(&self) -> Vec<Action> {
        // While a name is typed or the menu is open, the keys are the
        // game's: no control takes them.
        let keys_free = self.rename.is_none() && self.menu.is_none();
        let mut actions: Vec<Action> = MENU
            .iter()
            .map(|i| {
                let a = Action::button(i.id, i.label)
                    .enabled(!i.on_cell || self.enabled(i.id, self.current()));
                if keys_free { a.with_shortcut(i.key) } else { a }
            })
            .collect();
        if self.running.is_some() {
            let stop = Action::button("stop", "Stop");
            actions.push(if keys_free {
                stop.with_shortcut(keys::ESCAPE)
            } else {
                stop
            });
        }
        if self.show_prefs {
            let p = &self.prefs;
            actions.extend([
                Action::choice(
                    "eval-now",
                    "Evaluate on application",
                    ["Yes", "No"],
                    yes_no(p.eval_now),
                ),
                Action::choice(
                    "depth",
                    "Depth limit",
                    prefs::DEPTHS.map(prefs::depth_label),
                    prefs::depth_label(p.settings.depth),
                ),
                Action::choice("cutoff", "Cutoff (pixels)", prefs::CUTOFFS, p.cutoff),
                Action::choice(
                    "split-args",
                    "Split arguments",
                    ["Yes", "No"],
                    yes_no(p.settings.split_args),
                ),
                Action::choice(
                    "colour-ops",
                    "Colours as functions",
                    ["Yes", "No"],
                    yes_no(p.settings.colour_ops),
                ),
                Action::choice("step-limit", "Step limit", prefs::STEP_LIMITS, p.step_limit),
                Action::choice(
                    "speed",
                    "Speed",
                    Speed::ALL.map(Speed::label),
                    p.speed.label(),
                ),
            ]);
        }
        actions
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        let mut p = self.prefs;
        match id {
            "eval-now" => p.eval_now = parse_yes_no(value)?,
            "split-args" => p.settings.split_args = parse_yes_no(value)?,
            "colour-ops" => p.settings.colour_ops = parse_yes_no(value)?,
            "depth" => {
                p.settings.depth = prefs::DEPTHS
                    .into_iter()
                    .find(|d| prefs::depth_label(*d) == value)
                    .ok_or_else(|| GameError(format!("there is no depth limit {value:?}")))?;
            }
            "cutoff" => {
                p.cutoff = game_api::parse_choice(value)?;
                if !prefs::CUTOFFS.contains(&p.cutoff) {
                    return Err(GameError(format!("there is no cutoff {value:?}")));
                }
            }
            "step-limit" => {
                p.step_limit = game_api::parse_choice(value)?;
                if !prefs::STEP_LIMITS.contains(&p.step_limit) {
                    return Err(GameError(format!("there is no step limit {value:?}")));
                }
            }
            "speed" => {
                p.speed = Speed::ALL
                    .into_iter()
                    .find(|s| s.label() == value)
                    .ok_or_else(|| GameError(format!("there is no speed {value:?}")))?;
            }
            other => {
                self.menu = None;
                self.commit_rename();
                let redraw = self.run_item(other, self.current())?;
                return Ok(Response::redraw_if(redraw));
            }
        }
        let speed_changed = p.speed != self.prefs.speed;
        self.prefs = p;
        p.store(self.data_dir.as_deref());
        if speed_changed && self.running.is_some() {
            self.host.request_ticks(p.speed.interval());
        }
        Ok(Response::REDRAW)
    }

    fn lay_out_canvas(&mut self, size: Point) -> Response {
        self.layout = Layout::for_canvas(size);
        self.menu = None;
        Response::REDRAW
    }

    fn regions(&self) -> Vec<Region> {
        let mut regions: Vec<Region> = CellId::all()
            .into_iter()
            .map(|cell| {
                let sq = self.layout.square(cell);
                let label = match (cell, self.contents(cell)) {
                    (CellId::Colour(i), _) => format!("basic cube {}", Colour::ALL[i].name()),
                    (CellId::Op(op), _) => format!("{} cell", op.label()),
                    (c, None) => format!("{}: empty", region_name(c)),
                    (c, Some(e)) => format!(
                        "{}: {}{}",
                        region_name(c),
                        e.name.map(|n| format!("{n} = ")).unwrap_or_default(),
                        notation(&e.expr, NOTATION_SHOWN)
                    ),
                };
                Region::new(label, sq.min, Point::new(sq.size, sq.size))
            })
            .collect();
        if let Some(menu) = &self.menu {
            let o = self.menu_origin(menu);
            for (i, item) in MENU.iter().enumerate() {
                regions.push(Region::new(
                    format!("menu: {}", item.label),
                    Point::new(o.x, o.y + Self::menu_line_top(i)),
                    Point::new(MENU_WIDTH, MENU_LINE),
                ));
            }
        }
        regions
    }
}

fn region_name(cell: CellId) -> String {
    match cell {
        CellId::Main => "main cell".into(),
        CellId::Store(i) => format!("storage {}", i + 1),
        other => other.describe(),
    }
}

impl SaveLoad for GCalc {
    /// The main cell, then the forty storage cells, a line each in the
    /// storage's notation (`name = cube`, `= cube`, `_`). An evaluation
    /// under way is not in it: only its result, when it ends.
    fn save(&self) -> Vec<u8> {
        if let Some(bytes) = self.saved.borrow().as_ref() {
            return bytes.clone();
        }
        let mut w = SavedTextWriter::new(SAVE_HEADER, SAVE_FORMAT)
            .field("main", line_of(self.main.as_ref()))
            .field("cells", storage::CELLS);
        for cell in self.storage.cells() {
            w = w.field("cell", line_of(cell.as_ref()));
        }
        let bytes = w.finish();
        *self.saved.borrow_mut() = Some(bytes.clone());
        bytes
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let mut saved = SavedText::read(bytes, TITLE, SAVE_HEADER, SAVE_FORMAT)?;
        let damaged = |what: String| GameError(game_api::saved_text::damaged(TITLE, &what));
        let cube = |line: &str, what: &str| {
            parse_line(line).map_err(|e| damaged(format!("{what} is not a cube ({e})")))
        };
        let main = cube(saved.field("main")?, "the main cell")?;
        let count: usize = saved
            .field("cells")?
            .trim()
            .parse()
            .ok()
            .filter(|n| *n == storage::CELLS)
            .ok_or_else(|| damaged(format!("it does not hold {} cells", storage::CELLS)))?;
        let mut store = Storage::default();
        for i in 0..count {
            let line = saved.field("cell")?;
            store.set(i, cube(line, &format!("storage cell {}", i + 1))?);
        }
        saved.finish("the cells")?;
        if self.running.take().is_some() {
            self.host.stop_ticks();
        }
        self.drag = None;
        self.menu = None;
        self.rename = None;
        self.showing = None;
        self.main = main;
        if store != self.storage {
            self.modified = true;
        }
        self.storage = store;
        self.message.clear();
        self.changed();
        Ok(())
    }
}

impl Drop for GCalc {
    /// Keeps a main cell and storage the player changed and did not save,
    /// as the original asks to when its window closes (the next start
    /// says where they came back from).
    fn drop(&mut self) {
        if self.modified
            && let Some(path) = self.storage_path()
        {
            let _ = std::fs::write(path, self.kept().to_text());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse;

    fn game() -> GCalc {
        GCalc::with_data_dir(Host::detached(), None)
    }

    #[test]
    fn notation_is_cut_for_the_status_line() {
        let e = parse(&format!("red{}", " | green".repeat(100)));
        let short = notation(&e, 20);
        assert_eq!(short, "red | green | green…");
        assert_eq!(notation(&parse("red | green"), 20), "red | green");
    }

    #[test]
    fn every_menu_key_is_a_key_name_and_its_own() {
        for (i, item) in MENU.iter().enumerate() {
            assert!(keys::is_key_name(item.key), "{}", item.key);
            assert!(
                MENU[..i]
                    .iter()
                    .all(|other| other.key != item.key && other.id != item.id),
                "{}",
                item.id
            );
        }
        // The cell's operations first, as the original's menu.
        assert!(MENU[..7].iter().all(|i| i.on_cell));
        assert!(MENU[7..].iter().all(|i| !i.on_cell));
    }

    #[test]
    fn save_and_load_give_back_the_cells() {
        let mut g = game();
        g.run_item("example", CellId::Main).unwrap();
        g.set_contents(
            CellId::Main,
            Some(Entry {
                name: Some("a = b".into()),
                expr: parse("\\green. red | green"),
            }),
        );
        let bytes = g.save();
        let mut h = game();
        h.load(&bytes).unwrap();
        assert_eq!(h.storage(), g.storage());
        assert_eq!(h.main().unwrap().expr, parse("\\green. red | green"));
        assert_eq!(h.main().unwrap().name.as_deref(), Some("a   b"));
        assert_eq!(h.save(), bytes);
    }

    #[test]
    fn without_a_data_directory_save_says_so() {
        let mut g = game();
        g.run_item("save", CellId::Main).unwrap();
        assert!(
            g.status()
                .starts_with("There is nowhere to save the main cell and the storage")
        );
        g.run_item("open", CellId::Main).unwrap();
        assert_eq!(
            g.status(),
            "Nothing is saved: the launcher gave GCalc no data directory."
        );
        assert!(g.run_item("print", CellId::Main).is_err());
    }
}
