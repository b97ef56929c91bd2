//! The game as the launcher sees it: [`Minesweeper`] implements
//! [`game_api::Game`] on top of the rules of [`crate::board`]: it draws
//! the board, the mine counter and the clock, maps clicks and keys to
//! uncovering, flagging and chording, and keeps the clock with ticks.
//!
//! Controls:
//!
//! * click a covered tile: uncover it (the first click lays the mines,
//!   never under it); click an uncovered number whose flags are all
//!   placed: uncover its other neighbours (a *chord*; the middle button
//!   chords too);
//! * right-click, or Ctrl-click (Alt and Command too, as the original),
//!   a covered tile: put a flag on it or take it off;
//! * the arrow keys move a cursor, Enter or Space uncovers (or chords)
//!   under it, F flags;
//! * N once the game is over: a new game, as the launcher's New game
//!   deals it ([`Host::request_new_game`]); H: the help.
//!
//! A tile acts when the button is released over the tile it went down on.
//! The tool bar holds the **Board** choice (`B`), **No guessing** (`G`)
//! and **? marks** (`M`: a right-click on a flag makes it a question mark,
//! as in the original program); all are kept for the next sessions
//! ([`Settings`]).
//!
//! The clock starts with the first click and stops when the game is won
//! or lost; it asks for a tick a second only while it runs. The clock's
//! time is part of the position at each move (so resume goes on from it);
//! the seconds between moves are only drawn.

use std::time::Duration;

use game_api::Ticks;
use game_api::grid::{Dir, cursor_step, draw_cursor};
use game_api::rng::fresh_seed;
use game_api::settings::Options;
use game_api::{
    Action, Anchor, Button, Event, Game, GameError, Host, Modifiers, Painter, Point, Region,
    Response, Rgba, Stroke, Style, keys,
};

use crate::board::{Board, Size, Tile};
use crate::generate::{Mode, generate};
use crate::settings::{PRESETS, Settings};

/// The window title.
pub const TITLE: &str = "Minesweeper";
/// The side of a tile, in canvas pixels.
pub const TILE: f32 = 28.0;
/// The space around the board and the bar.
pub const MARGIN: f32 = 12.0;
/// The height of the bar above the board (mine counter and clock).
pub const BAR: f32 = 44.0;
/// The width of the bevel that makes a covered tile look raised.
pub const BEVEL: f32 = 3.0;

/// The canvas background.
pub const BACKGROUND: Rgba = Rgba::rgb(150, 156, 166);
/// A covered tile.
pub const COVERED: Rgba = Rgba::rgb(196, 202, 212);
/// A covered tile under the pointer or the cursor, or around a number
/// under the pointer (where a chord would uncover).
pub const HOVER: Rgba = Rgba::rgb(220, 228, 240);
/// The light edge of a covered tile.
pub const BEVEL_LIGHT: Rgba = Rgba::rgb(240, 243, 248);
/// The dark edge of a covered tile.
pub const BEVEL_DARK: Rgba = Rgba::rgb(112, 118, 130);
/// An uncovered tile.
pub const OPEN: Rgba = Rgba::rgb(236, 236, 232);
/// The lines between uncovered tiles.
pub const GRID_LINE: Rgba = Rgba::rgb(176, 178, 182);
/// The background of the mine that went off.
pub const EXPLODED: Rgba = Rgba::rgb(230, 40, 30);
/// A mine's body.
pub const MINE: Rgba = Rgba::rgb(24, 24, 28);
/// The glint on a mine.
pub const GLINT: Rgba = Rgba::rgb(235, 235, 235);
/// A flag's cloth.
pub const FLAG: Rgba = Rgba::rgb(214, 30, 30);
/// A flag's pole and foot.
pub const POLE: Rgba = Rgba::rgb(30, 30, 30);
/// The cross over a flag that was wrong, once the game is lost.
pub const WRONG: Rgba = Rgba::rgb(214, 30, 30);
/// A question mark.
pub const MARK: Rgba = Rgba::rgb(40, 40, 140);
/// The keyboard cursor's outline.
pub const CURSOR: Rgba = Rgba::rgb(255, 140, 0);
/// The displays of the bar (counter and clock).
pub const DISPLAY: Rgba = Rgba::rgb(20, 20, 20);
/// Their digits.
pub const DIGITS: Rgba = Rgba::rgb(255, 60, 40);
/// The text of the bar's middle.
pub const BAR_TEXT: Rgba = Rgba::rgb(20, 24, 32);

/// The colours of the numbers 1 to 8, after the original's (blue, forest
/// green, red, purple, orange, yellow, brown, black), darkened where the
/// original's would not show on a light tile.
pub const NUMBER_COLORS: [Rgba; 8] = [
    Rgba::rgb(0, 0, 230),
    Rgba::rgb(34, 120, 34),
    Rgba::rgb(220, 0, 0),
    Rgba::rgb(128, 0, 128),
    Rgba::rgb(230, 120, 0),
    Rgba::rgb(170, 140, 0),
    Rgba::rgb(140, 70, 20),
    Rgba::rgb(0, 0, 0),
];

/// The ID of the Board choice.
pub const BOARD: &str = "board";
/// The ID of the No guessing choice.
pub const GUESSING: &str = "no-guess";
/// The ID of the question marks choice.
pub const MARKS: &str = "marks";
/// The options of the No guessing and question marks choices.
pub const ON_OFF: [&str; 2] = ["On", "Off"];

/// What a button does on a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Press {
    /// Uncover a covered tile, or chord on a number.
    Open,
    /// Flag or unflag.
    Flag,
    /// Chord only (the middle button).
    Chord,
}

/// A game of Minesweeper.
#[derive(Clone, Debug)]
pub struct Minesweeper {
    pub(crate) host: Host,
    pub(crate) settings: Settings,
    pub(crate) mode: Mode,
    pub(crate) seed: u64,
    /// The first cell uncovered, which laid the mines.
    pub(crate) first: Option<usize>,
    pub(crate) board: Board,
    /// Seconds on the clock, drawn.
    pub(crate) elapsed: f64,
    /// The clock's milliseconds at the last move: what a save keeps.
    pub(crate) clock_ms: u64,
    /// Whether no-guessing mines were asked for but the generator gave up
    /// (a board too dense): the status line says the board may need a
    /// guess.
    pub(crate) may_need_guess: bool,
    hover: Option<usize>,
    pressed: Option<(usize, Press)>,
    cursor: Option<usize>,
    ticking: Ticks,
    /// A word for the player, until the next move.
    note: Option<String>,
}

impl Minesweeper {
    /// A new game of `size` laid in `mode` from `seed`, with a host that
    /// offers nothing ([`Host::detached`]) and default settings.
    pub fn with_seed(size: Size, mode: Mode, seed: u64) -> Minesweeper {
        Minesweeper {
            host: Host::detached(),
            settings: Settings {
                size,
                mode,
                marks: false,
            },
            mode,
            seed,
            first: None,
            board: Board::new(size),
            elapsed: 0.0,
            clock_ms: 0,
            may_need_guess: false,
            hover: None,
            pressed: None,
            cursor: None,
            ticking: Ticks::default(),
            note: None,
        }
    }

    /// This game with the launcher's services `host`, and the settings kept
    /// in its data directory (which the game, not started yet, takes).
    pub fn with_host(mut self, host: Host) -> Minesweeper {
        self.host = host;
        self.settings = Settings::load(host.data_dir().as_deref());
        if !self.board.is_placed() {
            self.mode = self.settings.mode;
            self.board = Board::new(self.settings.size);
        }
        self
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board's size.
    pub fn size(&self) -> Size {
        self.board.size()
    }

    /// How the mines are laid in this game.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The seed this game's mines are laid from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The first cell uncovered, once there was one.
    pub fn first_click(&self) -> Option<usize> {
        self.first
    }

    /// The settings the next games get.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Whole seconds on the clock.
    pub fn seconds(&self) -> u64 {
        self.elapsed as u64
    }

    /// Whether the clock runs: after the first click, until the game is
    /// won or lost.
    pub fn clock_runs(&self) -> bool {
        self.board.is_placed() && !self.board.is_over()
    }

    /// The keyboard cursor.
    pub fn cursor(&self) -> Option<usize> {
        self.cursor
    }

    /// Starts a new, covered game of the settings' board and mode from
    /// `seed`.
    pub fn deal(&mut self, seed: u64) {
        self.deal_size(self.settings.size, self.settings.mode, seed);
    }

    /// Starts a new, covered game of `size` in `mode` from `seed`.
    pub fn deal_size(&mut self, size: Size, mode: Mode, seed: u64) {
        self.board = Board::new(size);
        self.mode = mode;
        self.seed = seed;
        self.first = None;
        self.elapsed = 0.0;
        self.clock_ms = 0;
        self.may_need_guess = false;
        self.pressed = None;
        self.note = None;
        self.cursor = self.cursor.filter(|&c| c < size.cells());
        self.hover = None;
        self.update_ticks();
    }

    /// Lays the mines for a first click on `cell` (from the seed), if they
    /// are not laid yet.
    fn lay_mines(&mut self, cell: usize) {
        if self.board.is_placed() {
            return;
        }
        let layout = generate(self.size(), self.mode, self.seed, cell);
        self.may_need_guess = self.mode == Mode::NoGuess && !layout.no_guess;
        self.board
            .place(layout.mines)
            .expect("the generator lays the board's mines");
        self.first = Some(cell);
        self.elapsed = 0.0;
    }

    /// Uncovers `cell`, as a click does; the first lays the mines. Returns
    /// whether anything changed.
    pub fn uncover(&mut self, cell: usize) -> bool {
        if self.board.is_over() || !self.board.tile(cell).is_uncoverable() {
            return false;
        }
        self.lay_mines(cell);
        let opened = self.board.uncover(cell);
        self.moved();
        opened.cells > 0
    }

    /// Chords on `cell` (see [`Board::chord`]); returns whether anything
    /// changed.
    pub fn chord(&mut self, cell: usize) -> bool {
        let opened = self.board.chord(cell);
        if opened.cells > 0 {
            self.moved();
        }
        opened.cells > 0
    }

    /// What a right-click does on `cell`: a flag on a covered tile, then
    /// (with question marks on) a question mark, then covered again;
    /// returns whether it changed.
    pub fn toggle_flag(&mut self, cell: usize) -> bool {
        let changed = self.board.cycle_mark(cell, self.settings.marks);
        if changed {
            self.moved();
        }
        changed
    }

    /// What a primary click on `cell` does: uncover a covered tile, chord
    /// on a number.
    pub fn click(&mut self, cell: usize) -> bool {
        match self.board.tile(cell) {
            Tile::Covered | Tile::Marked => self.uncover(cell),
            Tile::Open => self.chord(cell),
            Tile::Flagged => false,
        }
    }

    /// After a move: the clock's time is kept for the save, and the clock
    /// starts or stops.
    fn moved(&mut self) {
        self.clock_ms = (self.elapsed * 1000.0) as u64;
        self.note = None;
        self.update_ticks();
    }

    /// Asks for a tick a second while the clock runs, and for none
    /// otherwise.
    pub(crate) fn update_ticks(&mut self) {
        let wanted = self.clock_runs() && self.host.has_revision_2();
        self.ticking
            .want(&self.host, wanted.then_some(Duration::from_secs(1)));
    }

    /// Time passes on the clock; returns whether the seconds shown changed.
    pub fn tick(&mut self, dt: f32) -> bool {
        if !self.clock_runs() || !dt.is_finite() || dt <= 0.0 {
            return false;
        }
        let before = self.seconds();
        self.elapsed += f64::from(dt);
        self.seconds() != before
    }

    /// Forgets the pointer and the button held (after a load).
    pub(crate) fn settle(&mut self) {
        self.pressed = None;
        self.note = None;
        self.cursor = self.cursor.filter(|&c| c < self.size().cells());
        self.hover = self.hover.filter(|&c| c < self.size().cells());
        self.update_ticks();
    }

    /// "row 3, column 5" of `cell`, counted from 1.
    pub fn cell_name(&self, cell: usize) -> String {
        let (row, col) = self.board.grid().row_col(cell);
        format!("row {}, column {}", row + 1, col + 1)
    }

    /// What `cell` shows, in words: "covered", "flagged", "3 mines
    /// around", "empty", and once lost "mine", "exploded mine", "wrong
    /// flag".
    pub fn cell_state(&self, cell: usize) -> String {
        let b = &self.board;
        let lost = b.is_lost();
        match b.tile(cell) {
            Tile::Flagged if lost && !b.is_mine(cell) => "wrong flag".into(),
            Tile::Flagged => "flagged".into(),
            Tile::Covered | Tile::Marked if lost && b.is_mine(cell) => "mine".into(),
            Tile::Covered => "covered".into(),
            Tile::Marked => "question mark".into(),
            Tile::Open if b.exploded() == Some(cell) => "exploded mine".into(),
            Tile::Open => match b.count(cell) {
                0 => "empty".into(),
                1 => "1 mine around".into(),
                n => format!("{n} mines around"),
            },
        }
    }

    /// The status line: what to do, the mines left and the time; or how
    /// the game ended.
    pub fn status_text(&self) -> String {
        let b = &self.board;
        let secs = self.seconds();
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        if b.is_won() {
            return format!(
                "Cleared in {secs} second{}! Press N for a new game",
                plural(secs)
            );
        }
        if b.is_lost() {
            return format!(
                "Boom! A mine went off after {secs} second{}. Press N for a new game, or Undo",
                plural(secs)
            );
        }
        let what = if let Some(note) = &self.note {
            note.clone()
        } else if let Some(c) = self.cursor {
            let action = match b.tile(c) {
                Tile::Covered => "Enter uncovers, F flags",
                Tile::Flagged if self.settings.marks => "F puts a question mark instead",
                Tile::Flagged => "F takes the flag off",
                Tile::Marked => "Enter uncovers, F takes the mark off",
                Tile::Open if b.can_chord(c) => "Enter uncovers its other neighbours",
                Tile::Open => "arrows move",
            };
            format!("{} ({}): {action}", self.cell_name(c), self.cell_state(c))
        } else if !b.is_placed() {
            "Click any tile to start: the first is never a mine".into()
        } else if self.may_need_guess {
            "No board without guessing was found for so many mines: this one may need a guess"
                .into()
        } else {
            "Click to uncover, right-click or Ctrl-click to flag".into()
        };
        format!("{what}. Mines left: {}. Time: {secs} s", b.mines_left())
    }

    /// The size of the canvas for a board of `size`.
    pub fn canvas_for(size: Size) -> Point {
        Point::new(
            2.0 * MARGIN + size.width as f32 * TILE,
            BAR + 2.0 * MARGIN + size.height as f32 * TILE,
        )
    }

    /// The top-left corner of `cell`.
    pub fn cell_min(&self, cell: usize) -> Point {
        let (row, col) = self.board.grid().row_col(cell);
        Point::new(MARGIN + col as f32 * TILE, MARGIN + BAR + row as f32 * TILE)
    }

    /// The centre of `cell`.
    pub fn cell_center(&self, cell: usize) -> Point {
        let min = self.cell_min(cell);
        Point::new(min.x + TILE / 2.0, min.y + TILE / 2.0)
    }

    /// The cell under `pos`, if any.
    pub fn cell_at(&self, pos: Point) -> Option<usize> {
        let size = self.size();
        let x = (pos.x - MARGIN) / TILE;
        let y = (pos.y - MARGIN - BAR) / TILE;
        if !(x >= 0.0 && y >= 0.0 && x < size.width as f32 && y < size.height as f32) {
            return None;
        }
        Some(self.board.grid().index(y as usize, x as usize))
    }

    /// The covered tiles drawn lit: the one under the pointer, or those a
    /// chord on the number under the pointer would uncover.
    pub fn lit(&self) -> Vec<usize> {
        let b = &self.board;
        let Some(h) = self.hover.or(self.cursor) else {
            return Vec::new();
        };
        if b.is_over() {
            return Vec::new();
        }
        match b.tile(h) {
            Tile::Covered | Tile::Marked => vec![h],
            Tile::Open if b.count(h) > 0 => b
                .grid()
                .neighbours(h)
                .filter(|&j| b.tile(j).is_uncoverable())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The tile held down (drawn pressed in): where the button went down,
    /// while the pointer is still over it.
    pub fn held(&self) -> Option<usize> {
        match self.pressed {
            Some((cell, Press::Open)) if self.hover == Some(cell) => {
                (self.board.tile(cell).is_uncoverable() && !self.board.is_over()).then_some(cell)
            }
            _ => None,
        }
    }

    fn press_kind(button: Button, modifiers: Modifiers) -> Press {
        match button {
            Button::Secondary => Press::Flag,
            Button::Middle => Press::Chord,
            Button::Primary if modifiers.ctrl || modifiers.alt || modifiers.command => Press::Flag,
            Button::Primary => Press::Open,
        }
    }

    fn release(&mut self, pos: Point, button: Button, modifiers: Modifiers) -> bool {
        let cell = self.cell_at(pos);
        let kind = Self::press_kind(button, modifiers);
        let pressed = self.pressed.take();
        // A click is a press and a release on the same tile; a release
        // without a press (a screen reader's click) acts as well.
        let Some(cell) = cell else {
            return pressed.is_some();
        };
        if let Some((at, _)) = pressed
            && at != cell
        {
            return true;
        }
        self.hover = Some(cell);
        match kind {
            Press::Open => self.click(cell),
            Press::Flag => self.toggle_flag(cell),
            Press::Chord => self.chord(cell),
        };
        true
    }

    fn set_hover(&mut self, hover: Option<usize>) -> bool {
        let changed = self.hover != hover;
        self.hover = hover;
        changed
    }

    /// Moves the keyboard's cursor a step in `dir` (`None`: shows it), from
    /// the middle when there is none.
    fn move_cursor(&mut self, dir: Option<Dir>) -> bool {
        let grid = self.board.grid();
        let (rows, cols) = (grid.height, grid.width);
        let at = self.cursor.map(|c| grid.row_col(c));
        let (row, col) = cursor_step(at, dir, (rows, cols), (rows / 2, cols / 2));
        let next = grid.index(row, col);
        let changed = self.cursor != Some(next);
        self.cursor = Some(next);
        self.hover = None;
        changed
    }

    /// A new game, as the player asked for with N or a choice: the
    /// launcher starts it when it can (a fresh seed, one move to undo);
    /// otherwise the game deals one itself. Returns whether the game
    /// changed now.
    fn ask_for_new_game(&mut self) -> bool {
        let host = self.host;
        host.new_game_or(|seed| self.deal(seed))
    }

    fn key(&mut self, key: &str, modifiers: Modifiers) -> bool {
        if let Some(dir) = Dir::from_arrow(key) {
            return self.move_cursor(Some(dir));
        }
        match key {
            keys::ENTER | keys::SPACE => match self.cursor {
                Some(c) => {
                    self.click(c);
                    true
                }
                None => self.move_cursor(None),
            },
            "f" => match self.cursor {
                Some(c) => self.toggle_flag(c),
                None => self.move_cursor(None),
            },
            "n" if self.board.is_over() => self.ask_for_new_game(),
            "h" => {
                self.host
                    .show_text_help("Minesweeper Help", modifiers.shift);
                false
            }
            _ => false,
        }
    }

    fn store_settings(&self) {
        if let Some(dir) = self.host.data_dir()
            && let Err(e) = self.settings.store(&dir)
        {
            self.host.log(&e);
        }
    }

    /// The options of the Board choice, and the one selected: the presets,
    /// and this game's board when it is none of them.
    pub fn board_choice(&self) -> (Vec<String>, String) {
        let mut options: Vec<String> = PRESETS.iter().map(|p| p.label()).collect();
        let size = self.size();
        let selected = match PRESETS.iter().find(|p| p.size == size) {
            Some(p) => p.label(),
            None => {
                let other = format!("Other {size}");
                options.push(other.clone());
                other
            }
        };
        (options, selected)
    }

    fn draw_bar(&self, painter: &mut dyn Painter) {
        let width = Self::canvas_for(self.size()).x;
        let display = |painter: &mut dyn Painter, x: f32, text: &str| {
            painter.rounded_rect(
                Point::new(x, MARGIN + 4.0),
                Point::new(64.0, BAR - 12.0),
                4.0,
                Style::solid(DISPLAY),
            );
            painter.text(
                Point::new(x + 32.0, MARGIN + 4.0 + (BAR - 12.0) / 2.0),
                Anchor::Center,
                22.0,
                DIGITS,
                text,
            );
        };
        let left = self.board.mines_left();
        let counter = if left < 0 {
            format!("-{:02}", (-left).min(99))
        } else {
            format!("{:03}", left.min(999))
        };
        display(painter, MARGIN, &counter);
        display(
            painter,
            width - MARGIN - 64.0,
            &format!("{:03}", self.seconds().min(999)),
        );
        let middle = if self.board.is_won() {
            "Cleared!"
        } else if self.board.is_lost() {
            "Boom!"
        } else if !self.board.is_placed() {
            "Click a tile"
        } else {
            ""
        };
        if !middle.is_empty() {
            painter.text(
                Point::new(width / 2.0, MARGIN + BAR / 2.0 - 4.0),
                Anchor::Center,
                18.0,
                BAR_TEXT,
                middle,
            );
        }
    }

    fn draw_covered(&self, painter: &mut dyn Painter, min: Point, lit: bool) {
        let max = Point::new(min.x + TILE, min.y + TILE);
        painter.rect(min, Point::new(TILE, TILE), Style::solid(BEVEL_DARK));
        painter.polygon(
            &[
                min,
                Point::new(max.x, min.y),
                Point::new(max.x - BEVEL, min.y + BEVEL),
                Point::new(min.x + BEVEL, max.y - BEVEL),
                Point::new(min.x, max.y),
            ],
            Style::solid(BEVEL_LIGHT),
        );
        painter.rect(
            Point::new(min.x + BEVEL, min.y + BEVEL),
            Point::new(TILE - 2.0 * BEVEL, TILE - 2.0 * BEVEL),
            Style::solid(if lit { HOVER } else { COVERED }),
        );
    }

    fn draw_open(painter: &mut dyn Painter, min: Point, fill: Rgba) {
        painter.rect(
            min,
            Point::new(TILE, TILE),
            Style {
                fill: Some(fill),
                stroke: Some(Stroke {
                    width: 1.0,
                    color: GRID_LINE,
                }),
            },
        );
    }

    fn draw_flag(painter: &mut dyn Painter, c: Point) {
        let pole = Stroke {
            width: 2.0,
            color: POLE,
        };
        painter.line(
            Point::new(c.x + 3.0, c.y - 9.0),
            Point::new(c.x + 3.0, c.y + 8.0),
            pole,
        );
        painter.rect(
            Point::new(c.x - 4.0, c.y + 6.0),
            Point::new(12.0, 3.0),
            Style::solid(POLE),
        );
        painter.polygon(
            &[
                Point::new(c.x + 4.0, c.y - 10.0),
                Point::new(c.x + 4.0, c.y + 4.0),
                Point::new(c.x - 9.0, c.y - 3.0),
            ],
            Style::solid(FLAG),
        );
    }

    fn draw_mine(painter: &mut dyn Painter, c: Point) {
        let spike = Stroke {
            width: 2.0,
            color: MINE,
        };
        let r = 10.0;
        painter.line(Point::new(c.x - r, c.y), Point::new(c.x + r, c.y), spike);
        painter.line(Point::new(c.x, c.y - r), Point::new(c.x, c.y + r), spike);
        painter.cross(c, r * 0.7, spike);
        painter.circle(c, 6.5, Style::solid(MINE));
        painter.circle(Point::new(c.x - 2.5, c.y - 2.5), 1.8, Style::solid(GLINT));
    }

    fn draw_cell(&self, painter: &mut dyn Painter, cell: usize, lit: &[usize]) {
        let b = &self.board;
        let min = self.cell_min(cell);
        let c = self.cell_center(cell);
        let lost = b.is_lost();
        match b.tile(cell) {
            Tile::Covered | Tile::Marked if lost && b.is_mine(cell) => {
                Self::draw_open(painter, min, OPEN);
                Self::draw_mine(painter, c);
            }
            Tile::Covered | Tile::Marked if self.held() == Some(cell) => {
                Self::draw_open(painter, min, OPEN)
            }
            Tile::Covered => self.draw_covered(painter, min, lit.contains(&cell)),
            Tile::Marked => {
                self.draw_covered(painter, min, lit.contains(&cell));
                painter.text(c, Anchor::Center, 18.0, MARK, "?");
            }
            Tile::Flagged if lost && !b.is_mine(cell) => {
                Self::draw_open(painter, min, OPEN);
                Self::draw_mine(painter, c);
                let cross = Stroke {
                    width: 3.0,
                    color: WRONG,
                };
                painter.cross(c, TILE / 2.0 - 4.0, cross);
            }
            Tile::Flagged => {
                self.draw_covered(painter, min, false);
                Self::draw_flag(painter, c);
            }
            Tile::Open if b.is_mine(cell) => {
                Self::draw_open(painter, min, EXPLODED);
                Self::draw_mine(painter, c);
            }
            Tile::Open => {
                Self::draw_open(painter, min, OPEN);
                let n = b.count(cell);
                if n > 0 {
                    painter.text(
                        c,
                        Anchor::Center,
                        18.0,
                        NUMBER_COLORS[usize::from(n) - 1],
                        &n.to_string(),
                    );
                }
            }
        }
    }
}

impl Game for Minesweeper {
    fn new(host: Host) -> Result<Self, GameError> {
        let settings = Settings::default();
        Ok(Minesweeper::with_seed(settings.size, settings.mode, fresh_seed()).with_host(host))
    }

    fn canvas_size(&self) -> Point {
        Self::canvas_for(self.size())
    }

    fn title(&self) -> String {
        TITLE.into()
    }

    fn status(&self) -> String {
        self.status_text()
    }

    fn draw(&self, painter: &mut dyn Painter) {
        painter.fill_canvas(self.canvas_size(), BACKGROUND);
        self.draw_bar(painter);
        let lit = self.lit();
        for cell in 0..self.size().cells() {
            self.draw_cell(painter, cell, &lit);
        }
        if let Some(c) = self.cursor {
            let min = self.cell_min(c);
            draw_cursor(painter, min, Point::new(TILE, TILE), CURSOR);
        }
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        let changed = match event {
            Event::PointerEnter { pos } | Event::PointerMove { pos } => {
                let cell = self.cell_at(*pos);
                self.set_hover(cell)
            }
            Event::PointerLeave => {
                let had = self.pressed.take().is_some();
                self.set_hover(None) || had
            }
            Event::PointerPress {
                pos,
                button,
                modifiers,
            } => match self.cell_at(*pos) {
                Some(cell) => {
                    // The mouse takes over from the keyboard.
                    self.cursor = None;
                    self.hover = Some(cell);
                    self.pressed = Some((cell, Self::press_kind(*button, *modifiers)));
                    self.held().is_some()
                }
                None => false,
            },
            Event::PointerRelease {
                pos,
                button,
                modifiers,
            } => self.release(*pos, *button, *modifiers),
            Event::KeyPress { key, modifiers } => self.key(key, *modifiers),
            Event::Tick { dt } => self.tick(*dt),
            _ => false,
        };
        Response::redraw_if(changed)
    }

    fn actions(&self) -> Vec<Action> {
        let (options, selected) = self.board_choice();
        let guessing = if self.settings.mode == Mode::NoGuess {
            ON_OFF[0]
        } else {
            ON_OFF[1]
        };
        vec![
            Action::choice(BOARD, "Board", options, selected).with_shortcut("b"),
            Action::choice(GUESSING, "No guessing", ON_OFF, guessing).with_shortcut("g"),
            Action::choice(
                MARKS,
                "? marks",
                ON_OFF,
                if self.settings.marks {
                    ON_OFF[0]
                } else {
                    ON_OFF[1]
                },
            )
            .with_shortcut("m"),
        ]
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        match id {
            BOARD => {
                let preset = PRESETS
                    .iter()
                    .find(|p| p.label() == value.trim())
                    .ok_or_else(|| {
                        GameError(format!("{value:?} is not one of the boards offered"))
                    })?;
                self.settings.size = preset.size;
                self.store_settings();
                Ok(if self.ask_for_new_game() {
                    Response::REDRAW
                } else {
                    Response::NONE
                })
            }
            GUESSING => {
                let mode = match value.trim() {
                    "On" => Mode::NoGuess,
                    "Off" => Mode::Classic,
                    other => {
                        return Err(GameError(format!(
                            "No guessing is On or Off, not {other:?}"
                        )));
                    }
                };
                self.settings.mode = mode;
                self.store_settings();
                if !self.board.is_placed() {
                    // Nothing is laid yet: this game takes it.
                    self.mode = mode;
                } else if mode != self.mode {
                    self.note = Some(match mode {
                        Mode::NoGuess => "The next boards need no guessing".into(),
                        Mode::Classic => "The next boards are laid at random".into(),
                    });
                }
                Ok(Response::REDRAW)
            }
            MARKS => {
                self.settings.marks = match value.trim() {
                    "On" => true,
                    "Off" => false,
                    other => {
                        return Err(GameError(format!("? marks is On or Off, not {other:?}")));
                    }
                };
                self.store_settings();
                Ok(Response::REDRAW)
            }
            other => Err(GameError(format!("Minesweeper has no action {other:?}"))),
        }
    }

    fn regions(&self) -> Vec<Region> {
        let mut regions: Vec<Region> = (0..self.size().cells())
            .map(|cell| {
                Region::new(
                    format!("{}: {}", self.cell_name(cell), self.cell_state(cell)),
                    self.cell_min(cell),
                    Point::new(TILE, TILE),
                )
            })
            .collect();
        let width = self.canvas_size().x;
        regions.push(Region::new(
            format!("Mines left: {}", self.board.mines_left()),
            Point::new(MARGIN, MARGIN + 4.0),
            Point::new(64.0, BAR - 12.0),
        ));
        regions.push(Region::new(
            format!("Time: {} seconds", self.seconds()),
            Point::new(width - MARGIN - 64.0, MARGIN + 4.0),
            Point::new(64.0, BAR - 12.0),
        ));
        regions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_mines;
    use game_api::{RecordingPainter, Shape};

    /// A game on the board `mines` describes, its first click not made.
    fn game_on(mines: &str) -> Minesweeper {
        let board = parse_mines(mines).unwrap();
        let mut game = Minesweeper::with_seed(board.size(), Mode::Classic, 7);
        game.board = Board::new(board.size());
        game.board.place(board.mines().to_vec()).unwrap();
        game
    }

    fn click_at(game: &mut Minesweeper, cell: usize, button: Button, modifiers: Modifiers) {
        let pos = game.cell_center(cell);
        game.handle_event(&Event::PointerPress {
            pos,
            button,
            modifiers,
        });
        game.handle_event(&Event::PointerRelease {
            pos,
            button,
            modifiers,
        });
    }

    #[test]
    fn right_click_and_ctrl_click_flag_and_unflag() {
        let mut game = game_on("*..../...../...../...../.....");
        click_at(&mut game, 0, Button::Secondary, Modifiers::NONE);
        assert_eq!(game.board().tile(0), Tile::Flagged);
        assert_eq!(game.board().mines_left(), 0);
        // A flagged tile does not uncover.
        click_at(&mut game, 0, Button::Primary, Modifiers::NONE);
        assert_eq!(game.board().tile(0), Tile::Flagged);
        let ctrl = Modifiers {
            ctrl: true,
            ..Modifiers::NONE
        };
        click_at(&mut game, 0, Button::Primary, ctrl);
        assert_eq!(game.board().tile(0), Tile::Covered);
        assert_eq!(game.board().mines_left(), 1);
    }

    #[test]
    fn with_question_marks_a_flag_becomes_a_mark_as_in_the_original() {
        let mut game = game_on("*...*/...../...../...../.....");
        assert_eq!(game.invoke_action(MARKS, "On"), Ok(Response::REDRAW));
        let right = |game: &mut Minesweeper| {
            click_at(game, 3, Button::Secondary, Modifiers::NONE);
            game.board().tile(3)
        };
        assert_eq!(right(&mut game), Tile::Flagged);
        assert_eq!(right(&mut game), Tile::Marked);
        assert_eq!(game.cell_state(3), "question mark");
        assert_eq!(game.board().mines_left(), 2, "a mark is not a flag");
        let mut painter = RecordingPainter::new();
        game.draw(&mut painter);
        assert!(painter.shapes.iter().any(
            |s| matches!(s, Shape::Text { text, color, .. } if text == "?" && *color == MARK)
        ));
        assert_eq!(right(&mut game), Tile::Covered);
        // A click uncovers a marked tile.
        right(&mut game);
        right(&mut game);
        click_at(&mut game, 3, Button::Primary, Modifiers::NONE);
        assert_eq!(game.board().tile(3), Tile::Open);
        // Off: flags come straight off again.
        game.invoke_action(MARKS, "Off").unwrap();
        click_at(&mut game, 0, Button::Secondary, Modifiers::NONE);
        click_at(&mut game, 0, Button::Secondary, Modifiers::NONE);
        assert_eq!(game.board().tile(0), Tile::Covered);
        assert!(game.invoke_action(MARKS, "Maybe").is_err());
    }

    #[test]
    fn a_press_dragged_to_another_tile_does_nothing() {
        let mut game = Minesweeper::with_seed(Size::BEGINNER, Mode::Classic, 3);
        let (a, b) = (10, 11);
        game.handle_event(&Event::press(game.cell_center(a)));
        assert_eq!(game.held(), Some(a));
        game.handle_event(&Event::PointerMove {
            pos: game.cell_center(b),
        });
        assert_eq!(game.held(), None);
        game.handle_event(&Event::release(game.cell_center(b)));
        assert!(!game.board().is_placed());
    }

    #[test]
    fn the_clock_starts_at_the_first_click_and_stops_at_the_end() {
        let mut game = Minesweeper::with_seed(Size::BEGINNER, Mode::NoGuess, 5);
        assert!(!game.tick(1.0), "no clock before the first click");
        assert_eq!(game.seconds(), 0);
        game.handle_event(&Event::press(game.cell_center(40)));
        game.handle_event(&Event::release(game.cell_center(40)));
        assert!(game.clock_runs());
        assert_eq!(
            game.handle_event(&Event::Tick { dt: 0.6 }),
            Response::NONE,
            "not a new second yet"
        );
        assert_eq!(
            game.handle_event(&Event::Tick { dt: 0.6 }),
            Response::REDRAW
        );
        assert_eq!(game.seconds(), 1);
        assert!(game.status().ends_with("Time: 1 s"), "{}", game.status());
        // Lose: the clock stops.
        let mine = (0..81).find(|&i| game.board().is_mine(i)).unwrap();
        if game.board().tile(mine) == Tile::Covered {
            game.uncover(mine);
        }
        assert!(game.board().is_lost());
        assert!(!game.tick(5.0));
        assert_eq!(game.seconds(), 1);
    }

    #[test]
    fn the_keyboard_moves_a_cursor_uncovers_and_flags() {
        let mut game = Minesweeper::with_seed(Size::BEGINNER, Mode::NoGuess, 9);
        assert_eq!(game.handle_event(&Event::key("ArrowUp")), Response::REDRAW);
        assert_eq!(game.cursor(), Some(40), "the first arrow shows the centre");
        game.handle_event(&Event::key("ArrowUp"));
        game.handle_event(&Event::key("ArrowLeft"));
        assert_eq!(game.cursor(), Some(30));
        assert!(
            game.status()
                .starts_with("row 4, column 4 (covered): Enter uncovers")
        );
        game.handle_event(&Event::key("Enter"));
        assert_eq!(game.first_click(), Some(30));
        assert_eq!(game.board().tile(30), Tile::Open);
        let covered = (0..81)
            .find(|&i| game.board().tile(i) == Tile::Covered)
            .unwrap();
        while game.cursor() != Some(covered) {
            let (r, c) = game.board().grid().row_col(game.cursor().unwrap());
            let (tr, tc) = game.board().grid().row_col(covered);
            let key = if r > tr {
                "ArrowUp"
            } else if r < tr {
                "ArrowDown"
            } else if c > tc {
                "ArrowLeft"
            } else {
                "ArrowRight"
            };
            game.handle_event(&Event::key(key));
        }
        game.handle_event(&Event::key("f"));
        assert_eq!(game.board().tile(covered), Tile::Flagged);
    }

    #[test]
    fn a_lost_board_shows_every_mine_and_the_wrong_flags() {
        let mut game = game_on("*...*/...../...../...../.....");
        game.first = Some(12);
        game.toggle_flag(4);
        game.toggle_flag(2);
        game.uncover(0);
        let mut painter = RecordingPainter::new();
        game.draw(&mut painter);
        let exploded = painter
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Rect { style, .. } if style.fill == Some(EXPLODED)))
            .count();
        assert_eq!(exploded, 1);
        // Two mines drawn (the exploded one, the flagged one stays a flag)
        // plus one under the wrong flag.
        let mines = painter
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Circle { style, radius, .. } if style.fill == Some(MINE) && *radius > 5.0))
            .count();
        assert_eq!(mines, 2);
        assert_eq!(game.cell_state(2), "wrong flag");
        assert_eq!(game.cell_state(4), "flagged");
        assert_eq!(game.cell_state(0), "exploded mine");
        assert!(game.status().starts_with("Boom!"));
    }

    #[test]
    fn numbers_have_the_originals_colours() {
        let mut game = game_on("*.*../.*.../...../...../.....");
        game.uncover(1);
        let mut painter = RecordingPainter::new();
        game.draw(&mut painter);
        let three = painter.shapes.iter().find_map(|s| match s {
            Shape::Text { text, color, .. } if text == "3" => Some(*color),
            _ => None,
        });
        assert_eq!(three, Some(NUMBER_COLORS[2]));
        assert_eq!(game.cell_state(1), "3 mines around");
    }

    #[test]
    fn hovering_a_number_lights_the_tiles_a_chord_would_uncover() {
        let mut game = game_on("*..../...../...../...../.....");
        game.uncover(6);
        game.handle_event(&Event::PointerMove {
            pos: game.cell_center(6),
        });
        let mut lit = game.lit();
        lit.sort();
        assert_eq!(lit, [0, 1, 2, 5, 7, 10, 11, 12]);
    }

    #[test]
    fn a_board_too_dense_for_no_guessing_says_it_may_need_a_guess() {
        let size = Size::new(20, 20, 200).unwrap();
        let mut game = Minesweeper::with_seed(size, Mode::NoGuess, 1);
        game.uncover(size.grid().index(10, 10));
        assert!(
            game.status()
                .starts_with("No board without guessing was found"),
            "{}",
            game.status()
        );
        let mut easy = Minesweeper::with_seed(Size::EXPERT, Mode::NoGuess, 1);
        easy.uncover(200);
        assert!(
            easy.status().starts_with("Click to uncover"),
            "{}",
            easy.status()
        );
    }

    #[test]
    fn the_board_choice_offers_the_presets_and_other_sizes() {
        let game = Minesweeper::with_seed(Size::EXPERT, Mode::NoGuess, 1);
        let (options, selected) = game.board_choice();
        assert_eq!(options.len(), PRESETS.len());
        assert_eq!(selected, "Expert 30×16, 99 mines");
        let odd = Minesweeper::with_seed(Size::new(12, 7, 11).unwrap(), Mode::NoGuess, 1);
        let (options, selected) = odd.board_choice();
        assert_eq!(selected, "Other 12×7, 11 mines");
        assert_eq!(options.last(), Some(&selected));
    }

    #[test]
    fn choosing_a_board_deals_it_without_a_launcher() {
        let mut game = Minesweeper::with_seed(Size::ORIGINAL, Mode::NoGuess, 1);
        assert_eq!(
            game.invoke_action(BOARD, "Beginner 9×9, 10 mines"),
            Ok(Response::REDRAW)
        );
        assert_eq!(game.size(), Size::BEGINNER);
        assert_eq!(
            game.canvas_size(),
            Point::new(9.0 * TILE + 24.0, 9.0 * TILE + 68.0)
        );
        assert!(game.invoke_action(BOARD, "Giant").is_err());
        assert!(game.invoke_action("solve", "").is_err());
        // No guessing applies at once while nothing is laid.
        game.invoke_action(GUESSING, "Off").unwrap();
        assert_eq!(game.mode(), Mode::Classic);
        game.uncover(40);
        game.invoke_action(GUESSING, "On").unwrap();
        assert_eq!(game.mode(), Mode::Classic, "not in the middle of a game");
        assert!(
            game.status()
                .starts_with("The next boards need no guessing")
        );
    }
}
