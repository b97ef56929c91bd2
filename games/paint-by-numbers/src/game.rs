//! The game as the launcher sees it: [`PaintByNumbers`] implements
//! [`game_api::Game`]: it lays out and draws the clues and the grid, turns
//! clicks, drags and keys into strokes of paint, and offers its controls.
//!
//! Controls:
//!
//! * click a cell: grey becomes blue, blue or white becomes grey again;
//! * right-click, or click with Ctrl, Shift, Alt or Command held: grey
//!   becomes white (a cell marked as not painted);
//! * press on a cell and drag along its row or column, then release: the
//!   whole stretch gets what the first cell would (a stroke); releasing off
//!   that line cancels it;
//! * arrow keys move a cursor, Space or Enter paints its cell (with Shift,
//!   or the X key, white);
//! * `n`: a new puzzle, as the launcher's New game deals it.
//!
//! Tool bar: "Show mistakes" (`m`) turns the painted cells that contradict
//! the solution red; "Size" picks the size of the next dealt puzzle;
//! "Puzzle" (when the puzzle folder has files) plays a puzzle file.

use std::path::PathBuf;
use std::time::Duration;

use game_api::grid::{Dir, cursor_step, draw_cursor};
use game_api::rng::fresh_seed;
use game_api::settings::Options;
use game_api::{
    Action, Anchor, Button, Event, Game, GameError, Host, Modifiers, NewGame, Painter, Point,
    Region, Response, Rgba, Stroke, Style, keys,
};

use crate::board::{Board, Mark, Pos, segment};
use crate::deal::{Origin, Puzzle};
use crate::generate::SIZES;
use crate::library::{Settings, list_puzzles, next_after, read_puzzle};
use crate::puzzle::{Clues, clue_text};

/// The canvas background (and the clue area's).
pub const BACKGROUND: Rgba = Rgba::rgb(246, 244, 238);
/// A grey cell: not decided yet.
pub const UNKNOWN: Rgba = Rgba::rgb(168, 168, 176);
/// A blue cell.
pub const BLUE: Rgba = Rgba::rgb(40, 88, 210);
/// A white cell.
pub const WHITE_CELL: Rgba = Rgba::rgb(255, 255, 255);
/// The dot in a cell marked white, to tell it from the background.
pub const WHITE_DOT: Rgba = Rgba::rgb(150, 150, 160);
/// A cell shown as a mistake.
pub const WRONG: Rgba = Rgba::rgb(214, 40, 40);
/// A clue still to satisfy.
pub const CLUE_TEXT: Rgba = Rgba::rgb(28, 28, 36);
/// A clue whose line's blue cells match it: dimmed.
pub const CLUE_DONE: Rgba = Rgba::rgb(180, 180, 188);
/// The band behind the clues of the row and column under the pointer.
pub const BAR: Rgba = Rgba::rgb(250, 200, 170);
/// Thin lines between cells.
pub const GRID_LINE: Rgba = Rgba::rgb(110, 110, 120);
/// Thick lines every five cells and around the grid.
pub const GRID_THICK: Rgba = Rgba::rgb(28, 28, 36);
/// The keyboard and pointer cursor's outline.
pub const CURSOR: Rgba = Rgba::rgb(255, 140, 0);
/// The outline of the cells a stroke being dragged would paint.
pub const PREVIEW_OUTLINE: Rgba = Rgba::rgb(28, 28, 36);
/// The light that sweeps over the picture when it is solved.
pub const GLINT: Rgba = Rgba::rgb(140, 190, 255);

/// Space around everything, in canvas pixels.
pub const MARGIN: f32 = 12.0;
/// How long the sweep over a solved picture lasts, in seconds.
pub const WIN_SECONDS: f32 = 1.2;
/// The interval of the ticks that drive it.
pub const TICK: Duration = Duration::from_millis(33);

/// Where everything is on the canvas, from the clues' sizes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Columns and rows.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The side of a cell.
    pub cell: f32,
    /// The clues' font size.
    pub font: f32,
    /// The width of one number of a row clue.
    pub slot: f32,
    /// The height of one number of a column clue.
    pub line: f32,
    /// The grid's top-left corner.
    pub origin: Point,
    /// The canvas's size.
    pub canvas: Point,
}

impl Layout {
    /// The layout of a puzzle with `clues`.
    pub fn of(clues: &Clues) -> Layout {
        let side = clues.width.max(clues.height);
        let cell = match side {
            0..=5 => 44.0,
            6..=10 => 34.0,
            11..=15 => 28.0,
            16..=20 => 24.0,
            21..=25 => 21.0,
            _ => (560.0 / side as f32).max(10.0),
        };
        let font = (cell * 0.52).clamp(9.0, 17.0);
        let slot = font * 1.3;
        let line = font * 1.2;
        let row_clues = (clues.widest_row_clue() as f32 * slot + 8.0).max(font * 5.0);
        let col_clues = clues.tallest_col_clue() as f32 * line + 8.0;
        let origin = Point::new(MARGIN + row_clues, MARGIN + col_clues);
        Layout {
            width: clues.width,
            height: clues.height,
            cell,
            font,
            slot,
            line,
            origin,
            canvas: Point::new(
                origin.x + clues.width as f32 * cell + MARGIN,
                origin.y + clues.height as f32 * cell + MARGIN,
            ),
        }
    }

    /// The top-left corner of the cell at `row`, `col`.
    pub fn cell_min(&self, row: usize, col: usize) -> Point {
        Point::new(
            self.origin.x + col as f32 * self.cell,
            self.origin.y + row as f32 * self.cell,
        )
    }

    /// The centre of the cell at `row`, `col`.
    pub fn cell_center(&self, row: usize, col: usize) -> Point {
        let min = self.cell_min(row, col);
        Point::new(min.x + self.cell / 2.0, min.y + self.cell / 2.0)
    }

    /// The cell under `pos`, if any.
    pub fn cell_at(&self, pos: Point) -> Option<Pos> {
        let x = (pos.x - self.origin.x) / self.cell;
        let y = (pos.y - self.origin.y) / self.cell;
        if !(x >= 0.0 && y >= 0.0 && x < self.width as f32 && y < self.height as f32) {
            return None;
        }
        Some((y as usize, x as usize))
    }

    /// The centre of number `i` of a row clue of `count` numbers, in row
    /// `row` (the numbers end at the grid's left edge).
    pub fn row_clue_pos(&self, row: usize, i: usize, count: usize) -> Point {
        Point::new(
            self.origin.x - 6.0 - (count - i) as f32 * self.slot + self.slot / 2.0,
            self.cell_center(row, 0).y,
        )
    }

    /// The centre of number `i` of a column clue of `count` numbers, above
    /// column `col` (the numbers end at the grid's top edge).
    pub fn col_clue_pos(&self, col: usize, i: usize, count: usize) -> Point {
        Point::new(
            self.cell_center(0, col).x,
            self.origin.y - 5.0 - (count - i) as f32 * self.line + self.line / 2.0,
        )
    }
}

/// A stroke being dragged: where it started, the cell it would end on now
/// (none when the pointer is off the start's row and column) and whether
/// it paints white.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Drag {
    start: Pos,
    end: Option<Pos>,
    white: bool,
}

/// Where the next new game comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// The generator, at the chosen size.
    Random,
    /// This file of the puzzle folder.
    File(String),
}

/// The label of a size in the Size choice: "10×10".
pub fn size_label(size: usize) -> String {
    format!("{size}×{size}")
}

/// The label of the Puzzle choice's generator option.
pub const RANDOM: &str = "Random";

/// A game of Paint By Numbers.
#[derive(Debug)]
pub struct PaintByNumbers {
    pub(crate) host: Host,
    /// The launcher's data directory for the game, if it gave one.
    data_dir: Option<PathBuf>,
    pub(crate) puzzle: Puzzle,
    pub(crate) layout: Layout,
    pub(crate) board: Board,
    /// How many times Show mistakes was used on this puzzle.
    pub(crate) helped: u32,
    /// The side of the next dealt puzzle.
    next_size: usize,
    pub(crate) source: Source,
    /// A puzzle file read when it was chosen, for the new game to play.
    pending: Option<Puzzle>,
    /// The puzzle folder's files.
    files: Vec<String>,
    /// The cell under the pointer or moved to with the arrow keys.
    cursor: Option<Pos>,
    drag: Option<Drag>,
    /// What the last Show mistakes found, until the next stroke.
    last_check: Option<usize>,
    /// A message for the status line (a puzzle file that could not be
    /// played), until the next stroke.
    notice: Option<String>,
    /// Seconds into the sweep over a solved picture, while it runs.
    sweep: Option<f32>,
}

impl PaintByNumbers {
    /// A game dealing puzzles of `size` from `seed`, with a host that
    /// offers nothing ([`Host::detached`]). For tests and tools.
    pub fn with_seed(size: usize, seed: u64) -> PaintByNumbers {
        PaintByNumbers::with_puzzle(Puzzle::dealt(size, size, seed))
    }

    /// A game playing `puzzle`, with a host that offers nothing.
    pub fn with_puzzle(puzzle: Puzzle) -> PaintByNumbers {
        let size = puzzle.clues.width.max(puzzle.clues.height);
        PaintByNumbers {
            host: Host::detached(),
            data_dir: None,
            layout: Layout::of(&puzzle.clues),
            board: Board::new(puzzle.clues.width, puzzle.clues.height),
            puzzle,
            helped: 0,
            next_size: SIZES.into_iter().find(|&s| s >= size).unwrap_or(25),
            source: Source::Random,
            pending: None,
            files: Vec::new(),
            cursor: None,
            drag: None,
            last_check: None,
            notice: None,
            sweep: None,
        }
    }

    /// This game with the launcher's services `host`, reading its settings
    /// and puzzle folder from `data_dir`.
    pub fn with_host(mut self, host: Host, data_dir: Option<PathBuf>) -> PaintByNumbers {
        self.host = host;
        self.next_size = Settings::load(data_dir.as_deref()).size;
        self.files = list_puzzles(data_dir.as_deref());
        self.data_dir = data_dir;
        self
    }

    /// The puzzle being played.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The player's board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The layout of the canvas.
    pub fn board_layout(&self) -> &Layout {
        &self.layout
    }

    /// The side of the next dealt puzzle.
    pub fn next_size(&self) -> usize {
        self.next_size
    }

    /// The puzzle files offered.
    pub fn files(&self) -> &[String] {
        &self.files
    }

    /// The cursor's cell.
    pub fn cursor(&self) -> Option<Pos> {
        self.cursor
    }

    /// Whether the blue cells satisfy every clue.
    pub fn is_solved(&self) -> bool {
        self.board.is_solved(&self.puzzle.clues)
    }

    /// How many times Show mistakes was used on this puzzle.
    pub fn times_helped(&self) -> u32 {
        self.helped
    }

    /// Whether the sweep over a solved picture is running.
    pub fn is_sweeping(&self) -> bool {
        self.sweep.is_some()
    }

    /// Starts playing `puzzle` on a grey board.
    pub(crate) fn start(&mut self, puzzle: Puzzle) {
        self.layout = Layout::of(&puzzle.clues);
        self.board = Board::new(puzzle.clues.width, puzzle.clues.height);
        self.puzzle = puzzle;
        self.helped = 0;
        self.reset_view();
    }

    /// Forgets what only looks: drag, cursor outside the grid, messages,
    /// the sweep (and its ticks).
    pub(crate) fn reset_view(&mut self) {
        self.drag = None;
        self.last_check = None;
        self.cursor = self
            .cursor
            .filter(|&(r, c)| r < self.board.height() && c < self.board.width());
        self.stop_sweep();
    }

    fn stop_sweep(&mut self) {
        if self.sweep.take().is_some() {
            self.host.stop_ticks();
        }
    }

    /// Deals the next new game from `seed`: from the chosen file, or the
    /// generator at the chosen size.
    pub(crate) fn deal(&mut self, seed: u64) {
        self.files = list_puzzles(self.data_dir.as_deref());
        let file = match &self.source {
            Source::File(name) => Some(name.clone()),
            Source::Random => None,
        };
        let puzzle = match file {
            None => Puzzle::dealt(self.next_size, self.next_size, seed),
            Some(name) => {
                let read = match self.pending.take() {
                    Some(p) if p.origin == (Origin::File { name: name.clone() }) => Ok(p),
                    _ => match &self.data_dir {
                        Some(dir) => read_puzzle(dir, &name),
                        None => Err(format!("puzzles/{name} cannot be read here")),
                    },
                };
                // New game after a file plays the next file of the folder.
                self.source = next_after(&self.files, &name)
                    .map_or(Source::Random, |n| Source::File(n.clone()));
                match read {
                    Ok(p) => p,
                    Err(e) => {
                        self.host.log(&e);
                        self.notice = Some(e);
                        Puzzle::dealt(self.next_size, self.next_size, seed)
                    }
                }
            }
        };
        let notice = self.notice.take();
        self.start(puzzle);
        self.notice = notice;
    }

    /// A new game, as the player asked for one: the launcher deals it, as
    /// its New game does, when it offers that; otherwise the game deals one
    /// itself. Returns whether the game changed now.
    fn ask_for_new_game(&mut self) -> bool {
        let host = self.host;
        host.new_game_or(|seed| self.new_game(seed))
    }

    /// Paints a stroke from `start` to `end` (see [`Board::stroke`]).
    /// Returns whether a cell changed. A solved puzzle takes no more paint.
    pub fn paint(&mut self, start: Pos, end: Pos, white: bool) -> bool {
        if self.is_solved() {
            return false;
        }
        if self.board.stroke(start, end, white) == 0 {
            return false;
        }
        self.last_check = None;
        self.notice = None;
        if self.is_solved() {
            self.sweep = Some(0.0);
            self.host.request_ticks(TICK);
        }
        true
    }

    /// Turns the painted cells that contradict the solution red, and counts
    /// the help. Returns how many cells are red, or `None` when the puzzle
    /// has no single solution to compare with.
    pub fn show_mistakes(&mut self) -> Option<usize> {
        let solution = self.puzzle.solution.as_ref()?;
        let n = self.board.show_mistakes(solution);
        self.helped += 1;
        self.last_check = Some(n);
        Some(n)
    }

    /// Moves the keyboard's cursor a step in `dir` (`None`: shows it),
    /// from the top-left cell when there is none.
    fn move_cursor(&mut self, dir: Option<Dir>) -> bool {
        let before = self.cursor;
        let size = (self.board.height(), self.board.width());
        self.cursor = Some(cursor_step(self.cursor, dir, size, (0, 0)));
        self.cursor != before
    }

    fn handle_key(&mut self, key: &str, modifiers: Modifiers) -> bool {
        if let Some(dir) = Dir::from_arrow(key) {
            return self.move_cursor(Some(dir));
        }
        match key {
            keys::SPACE | keys::ENTER | "x" => match self.cursor {
                Some(cell) => self.paint(cell, cell, key == "x" || modifiers.shift),
                None => self.move_cursor(None),
            },
            "n" => self.ask_for_new_game(),
            _ => false,
        }
    }

    /// Whether a button and modifiers paint white: the secondary button,
    /// or any modifier held.
    fn paints_white(button: Button, modifiers: Modifiers) -> bool {
        button == Button::Secondary || !modifiers.is_none()
    }

    fn pointer_at(&mut self, pos: Option<Point>) -> bool {
        let cell = pos.and_then(|p| self.layout.cell_at(p));
        let mut changed = self.cursor != cell;
        self.cursor = cell;
        if let Some(drag) = &mut self.drag {
            let end = cell.filter(|&c| segment(drag.start, c).is_some());
            changed |= drag.end != end;
            drag.end = end;
        }
        changed
    }

    fn press(&mut self, pos: Point, button: Button, modifiers: Modifiers) -> bool {
        if button == Button::Middle || self.is_solved() {
            return false;
        }
        let Some(cell) = self.layout.cell_at(pos) else {
            return false;
        };
        self.cursor = Some(cell);
        self.drag = Some(Drag {
            start: cell,
            end: Some(cell),
            white: Self::paints_white(button, modifiers),
        });
        true
    }

    fn release(&mut self, pos: Point, button: Button, modifiers: Modifiers) -> bool {
        let cell = self.layout.cell_at(pos);
        let white = Self::paints_white(button, modifiers);
        match self.drag.take() {
            Some(drag) => match cell.filter(|&c| segment(drag.start, c).is_some()) {
                Some(end) => {
                    self.paint(drag.start, end, drag.white || white);
                    true
                }
                // Released off the stroke's row and column: cancelled.
                None => true,
            },
            // A host that reports only releases still gets its clicks.
            None if button != Button::Middle => match cell {
                Some(cell) => self.paint(cell, cell, white),
                None => false,
            },
            None => false,
        }
    }

    /// The cells the stroke being dragged would paint, and with what.
    pub fn preview(&self) -> Option<(Mark, Vec<Pos>)> {
        let drag = self.drag?;
        self.board.stroke_preview(drag.start, drag.end?, drag.white)
    }

    /// The status line.
    pub fn status_text(&self) -> String {
        let clues = &self.puzzle.clues;
        if self.is_solved() {
            let help = match self.helped {
                0 => String::new(),
                1 => " (with Show mistakes once)".into(),
                n => format!(" (with Show mistakes {n} times)"),
            };
            return format!("Solved{help}! Press N or click New game for another puzzle.");
        }
        let total = clues.width + clues.height;
        let done = self.board.done_count(clues);
        let progress = format!("{done} of {total} clues done");
        let first = if let Some(notice) = &self.notice {
            format!("{notice}. ")
        } else {
            match self.last_check {
                Some(0) => "No mistakes so far. ".into(),
                Some(1) => "1 mistake, in red. ".into(),
                Some(n) => format!("{n} mistakes, in red. "),
                None => String::new(),
            }
        };
        format!(
            "{first}{progress} - click paints blue, right-click or Ctrl+click marks white, again makes grey."
        )
    }

    /// Whether clue `i` of the rows (or the columns, when `col`) is done.
    fn clue_done(&self, col: bool, i: usize) -> bool {
        if col {
            self.board.col_done(&self.puzzle.clues, i)
        } else {
            self.board.row_done(&self.puzzle.clues, i)
        }
    }

    /// The sweep's brightness over the cell at `row`, `col` (0 to 1).
    fn glint(&self, row: usize, col: usize) -> f32 {
        let Some(t) = self.sweep else {
            return 0.0;
        };
        let diagonals = (self.board.width() + self.board.height()) as f32;
        let front = t / WIN_SECONDS * (diagonals + 6.0) - 3.0;
        let d = (row + col) as f32 - front;
        (1.0 - d.abs() / 3.0).max(0.0)
    }

    fn draw_clues(&self, painter: &mut dyn Painter) {
        let l = &self.layout;
        let clues = &self.puzzle.clues;
        let solved = self.is_solved();
        // The bands behind the clues of the cursor's row and column.
        if let Some((r, c)) = self.cursor.filter(|_| !solved) {
            let min = l.cell_min(r, c);
            painter.rect(
                Point::new(MARGIN / 2.0, min.y),
                Point::new(l.origin.x - MARGIN / 2.0, l.cell),
                Style::solid(BAR),
            );
            painter.rect(
                Point::new(min.x, MARGIN / 2.0),
                Point::new(l.cell, l.origin.y - MARGIN / 2.0),
                Style::solid(BAR),
            );
            painter.text(
                Point::new(MARGIN, MARGIN),
                Anchor::TopLeft,
                l.font,
                CLUE_TEXT,
                &format!("({},{})", c + 1, r + 1),
            );
        }
        for (col, list) in [(false, &clues.rows), (true, &clues.cols)] {
            for (i, clue) in list.iter().enumerate() {
                let color = if solved || self.clue_done(col, i) {
                    CLUE_DONE
                } else {
                    CLUE_TEXT
                };
                let numbers: Vec<String> = if clue.is_empty() {
                    vec!["0".into()]
                } else {
                    clue.iter().map(usize::to_string).collect()
                };
                for (k, n) in numbers.iter().enumerate() {
                    let pos = if col {
                        l.col_clue_pos(i, k, numbers.len())
                    } else {
                        l.row_clue_pos(i, k, numbers.len())
                    };
                    painter.text(pos, Anchor::Center, l.font, color, n);
                }
            }
        }
        if solved {
            painter.text(
                Point::new(MARGIN, MARGIN),
                Anchor::TopLeft,
                l.font * 1.2,
                BLUE,
                "Solved!",
            );
        }
    }

    fn draw_cells(&self, painter: &mut dyn Painter) {
        let l = &self.layout;
        let solved = self.is_solved();
        for row in 0..self.board.height() {
            for col in 0..self.board.width() {
                let mark = self.board.mark(row, col);
                let min = l.cell_min(row, col);
                let size = Point::new(l.cell, l.cell);
                let fill = if self.board.is_wrong(row, col) {
                    WRONG
                } else {
                    match mark {
                        Mark::Blue => blend(BLUE, GLINT, self.glint(row, col)),
                        Mark::White => WHITE_CELL,
                        // The solved picture shows its undecided cells white.
                        Mark::Unknown if solved => WHITE_CELL,
                        Mark::Unknown => UNKNOWN,
                    }
                };
                painter.rect(min, size, Style::solid(fill));
                if mark == Mark::White && !solved {
                    let c = l.cell_center(row, col);
                    let dot = if self.board.is_wrong(row, col) {
                        WHITE_CELL
                    } else {
                        WHITE_DOT
                    };
                    painter.circle(c, (l.cell * 0.09).max(1.5), Style::solid(dot));
                }
            }
        }
        if let Some((mark, cells)) = self.preview() {
            let inset = (l.cell * 0.16).max(2.0);
            let fill = match mark {
                Mark::Blue => BLUE,
                Mark::White => WHITE_CELL,
                Mark::Unknown => UNKNOWN,
            };
            for (row, col) in cells {
                let min = l.cell_min(row, col);
                painter.rect(
                    Point::new(min.x + inset, min.y + inset),
                    Point::new(l.cell - 2.0 * inset, l.cell - 2.0 * inset),
                    Style {
                        fill: Some(fill),
                        stroke: Some(Stroke {
                            width: 1.5,
                            color: PREVIEW_OUTLINE,
                        }),
                    },
                );
            }
        }
    }

    fn draw_grid(&self, painter: &mut dyn Painter) {
        let l = &self.layout;
        let (w, h) = (self.board.width(), self.board.height());
        let right = l.origin.x + w as f32 * l.cell;
        let bottom = l.origin.y + h as f32 * l.cell;
        let stroke = |i: usize, n: usize| {
            if i.is_multiple_of(5) || i == n {
                Stroke {
                    width: 2.0,
                    color: GRID_THICK,
                }
            } else {
                Stroke {
                    width: 1.0,
                    color: GRID_LINE,
                }
            }
        };
        for col in 0..=w {
            let x = l.origin.x + col as f32 * l.cell;
            painter.line(
                Point::new(x, l.origin.y),
                Point::new(x, bottom),
                stroke(col, w),
            );
        }
        for row in 0..=h {
            let y = l.origin.y + row as f32 * l.cell;
            painter.line(
                Point::new(l.origin.x, y),
                Point::new(right, y),
                stroke(row, h),
            );
        }
        if let Some((r, c)) = self.cursor.filter(|_| !self.is_solved()) {
            let min = l.cell_min(r, c);
            draw_cursor(painter, min, Point::new(l.cell, l.cell), CURSOR);
        }
    }
}

/// `a` moved towards `b` by `t` (0 to 1).
fn blend(a: Rgba, b: Rgba, t: f32) -> Rgba {
    let mix = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t).round() as u8;
    Rgba::rgb(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b))
}

impl Game for PaintByNumbers {
    fn new(host: Host) -> Result<Self, GameError> {
        let data_dir = host.data_dir();
        let size = Settings::load(data_dir.as_deref()).size;
        Ok(PaintByNumbers::with_seed(size, fresh_seed()).with_host(host, data_dir))
    }

    fn canvas_size(&self) -> Point {
        self.layout.canvas
    }

    fn title(&self) -> String {
        match (&self.puzzle.title, &self.puzzle.origin) {
            (Some(title), _) => format!("Paint By Numbers: {title}"),
            (None, Origin::File { name }) => format!("Paint By Numbers: {name}"),
            _ => "Paint By Numbers".into(),
        }
    }

    fn status(&self) -> String {
        self.status_text()
    }

    fn draw(&self, painter: &mut dyn Painter) {
        painter.fill_canvas(self.layout.canvas, BACKGROUND);
        self.draw_clues(painter);
        self.draw_cells(painter);
        self.draw_grid(painter);
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        let changed = match event {
            Event::PointerEnter { pos } | Event::PointerMove { pos } => self.pointer_at(Some(*pos)),
            Event::PointerLeave => {
                // The button may be let go outside: the stroke is dropped.
                let dragging = self.drag.take().is_some();
                self.pointer_at(None) || dragging
            }
            Event::PointerPress {
                pos,
                button,
                modifiers,
            } => self.press(*pos, *button, *modifiers),
            Event::PointerRelease {
                pos,
                button,
                modifiers,
            } => self.release(*pos, *button, *modifiers),
            Event::KeyPress { key, modifiers } => self.handle_key(key, *modifiers),
            Event::Tick { dt } => match &mut self.sweep {
                Some(t) => {
                    *t += dt.max(0.0);
                    if *t >= WIN_SECONDS {
                        self.stop_sweep();
                    }
                    true
                }
                None => false,
            },
            _ => false,
        };
        Response::redraw_if(changed)
    }

    fn actions(&self) -> Vec<Action> {
        let mut actions = vec![
            Action::button("mistakes", "Show mistakes")
                .with_shortcut("m")
                .enabled(self.puzzle.solution.is_some() && !self.is_solved()),
            Action::choice(
                "size",
                "Size",
                SIZES.map(size_label),
                size_label(self.next_size),
            ),
        ];
        if !self.files.is_empty() {
            let selected = match &self.puzzle.origin {
                Origin::File { name } if self.files.contains(name) => name.clone(),
                _ => RANDOM.to_string(),
            };
            let options = std::iter::once(RANDOM.to_string()).chain(self.files.iter().cloned());
            actions.push(Action::choice("puzzle", "Puzzle", options, selected));
        }
        actions
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        match id {
            "mistakes" => {
                if self.is_solved() {
                    return Ok(Response::NONE);
                }
                self.show_mistakes().ok_or_else(|| {
                    GameError(
                        "More than one picture fits this puzzle's clues, so there are no mistakes to show: any picture with the clues wins."
                            .into(),
                    )
                })?;
                Ok(Response::REDRAW)
            }
            "size" => {
                let size = SIZES
                    .into_iter()
                    .find(|&s| size_label(s) == value || s.to_string() == value.trim())
                    .ok_or_else(|| GameError(format!("there is no size {value:?}")))?;
                self.next_size = size;
                if let Some(dir) = &self.data_dir
                    && let Err(e) = (Settings { size }).store(dir)
                {
                    self.host.log(&e);
                }
                self.source = Source::Random;
                self.ask_for_new_game();
                Ok(Response::REDRAW)
            }
            "puzzle" => {
                if value == RANDOM {
                    self.source = Source::Random;
                } else {
                    if !self.files.iter().any(|f| f == value) {
                        return Err(GameError(format!(
                            "there is no puzzle file {value:?} in the puzzle folder"
                        )));
                    }
                    let dir = self.data_dir.clone().ok_or_else(|| {
                        GameError("this launcher gives the game no folder for puzzles".into())
                    })?;
                    self.pending = Some(read_puzzle(&dir, value).map_err(GameError)?);
                    self.source = Source::File(value.to_owned());
                }
                self.ask_for_new_game();
                Ok(Response::REDRAW)
            }
            other => Err(GameError(format!(
                "Paint By Numbers has no action {other:?}"
            ))),
        }
    }

    fn regions(&self) -> Vec<Region> {
        let l = &self.layout;
        let clues = &self.puzzle.clues;
        let mut regions =
            Vec::with_capacity(clues.width * clues.height + clues.width + clues.height);
        for (i, clue) in clues.rows.iter().enumerate() {
            let done = if self.clue_done(false, i) {
                ", done"
            } else {
                ""
            };
            regions.push(Region::new(
                format!("row {} clue {}{done}", i + 1, clue_text(clue)),
                Point::new(MARGIN, l.cell_min(i, 0).y),
                Point::new(l.origin.x - MARGIN, l.cell),
            ));
        }
        for (i, clue) in clues.cols.iter().enumerate() {
            let done = if self.clue_done(true, i) {
                ", done"
            } else {
                ""
            };
            regions.push(Region::new(
                format!("column {} clue {}{done}", i + 1, clue_text(clue)),
                Point::new(l.cell_min(0, i).x, MARGIN),
                Point::new(l.cell, l.origin.y - MARGIN),
            ));
        }
        for row in 0..clues.height {
            for col in 0..clues.width {
                let wrong = if self.board.is_wrong(row, col) {
                    ", a mistake"
                } else {
                    ""
                };
                regions.push(Region::new(
                    format!(
                        "row {}, column {}: {}{wrong}",
                        row + 1,
                        col + 1,
                        self.board.mark(row, col).word()
                    ),
                    l.cell_min(row, col),
                    Point::new(l.cell, l.cell),
                ));
            }
        }
        regions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::SaveLoad;

    fn solve(game: &mut PaintByNumbers) {
        let s = game.puzzle().solution.clone().unwrap();
        for r in 0..s.height() {
            for c in 0..s.width() {
                if s.get(r, c) {
                    game.paint((r, c), (r, c), false);
                }
            }
        }
    }

    #[test]
    fn hit_testing_matches_the_cells_drawn_at_every_size() {
        for size in SIZES {
            let game = PaintByNumbers::with_seed(size, 1);
            let l = *game.board_layout();
            for r in 0..size {
                for c in 0..size {
                    assert_eq!(l.cell_at(l.cell_center(r, c)), Some((r, c)));
                }
            }
            let corner = l.cell_min(size - 1, size - 1);
            assert_eq!(
                l.cell_at(Point::new(
                    corner.x + l.cell - 0.01,
                    corner.y + l.cell - 0.01
                )),
                Some((size - 1, size - 1))
            );
            for outside in [
                Point::new(l.origin.x - 0.1, l.origin.y + 1.0),
                Point::new(l.origin.x + 1.0, l.origin.y + size as f32 * l.cell + 0.5),
                Point::new(f32::NAN, 20.0),
                Point::new(1.0, 1.0),
            ] {
                assert_eq!(l.cell_at(outside), None, "{outside:?}");
            }
            // Every size fits a small screen.
            assert!(
                l.canvas.x <= 720.0 && l.canvas.y <= 720.0,
                "{size}: {:?}",
                l.canvas
            );
        }
    }

    #[test]
    fn clues_stay_left_of_and_above_the_grid() {
        let game = PaintByNumbers::with_seed(25, 4);
        let l = *game.board_layout();
        let clues = &game.puzzle().clues;
        for (r, clue) in clues.rows.iter().enumerate() {
            let n = clue.len().max(1);
            assert!(l.row_clue_pos(r, 0, n).x - l.slot / 2.0 >= MARGIN - 0.01);
            assert!(l.row_clue_pos(r, n - 1, n).x + l.slot / 2.0 <= l.origin.x);
        }
        for (c, clue) in clues.cols.iter().enumerate() {
            let n = clue.len().max(1);
            assert!(l.col_clue_pos(c, 0, n).y - l.line / 2.0 >= MARGIN - 0.01);
            assert!(l.col_clue_pos(c, n - 1, n).y + l.line / 2.0 <= l.origin.y);
        }
    }

    #[test]
    fn leaving_the_canvas_drops_a_stroke() {
        let mut game = PaintByNumbers::with_seed(10, 2);
        let l = *game.board_layout();
        game.handle_event(&Event::press(l.cell_center(0, 0)));
        game.handle_event(&Event::PointerMove {
            pos: l.cell_center(0, 4),
        });
        assert_eq!(game.preview().unwrap().1.len(), 5);
        assert_eq!(game.handle_event(&Event::PointerLeave), Response::REDRAW);
        assert_eq!(game.preview(), None);
        game.handle_event(&Event::PointerEnter {
            pos: l.cell_center(0, 4),
        });
        assert_eq!(game.preview(), None);
        assert_eq!(game.board().blue_count(), 0);
    }

    #[test]
    fn the_sweep_runs_only_after_a_win_and_stops_on_undo() {
        let mut game = PaintByNumbers::with_seed(5, 6);
        let start = game.save();
        assert!(!game.is_sweeping());
        assert_eq!(game.handle_event(&Event::Tick { dt: 0.1 }), Response::NONE);
        solve(&mut game);
        assert!(game.is_solved() && game.is_sweeping());
        // Nothing more can be painted, and a press starts no stroke.
        assert!(!game.paint((0, 0), (0, 4), true));
        let l = *game.board_layout();
        assert_eq!(
            game.handle_event(&Event::press(l.cell_center(0, 0))),
            Response::NONE
        );
        game.load(&start).unwrap();
        assert!(!game.is_sweeping() && !game.is_solved());
    }

    #[test]
    fn the_status_line_counts_clues_and_reports_checks() {
        let mut game = PaintByNumbers::with_seed(5, 7);
        assert!(game.status().starts_with("0 of 10 clues done - "));
        assert_eq!(game.show_mistakes(), Some(0));
        assert!(game.status().starts_with("No mistakes so far. 0 of 10"));
        // A stroke clears the message.
        let s = game.puzzle().solution.clone().unwrap();
        let white = (0..25)
            .map(|i| (i / 5, i % 5))
            .find(|&(r, c)| !s.get(r, c))
            .unwrap();
        game.paint(white, white, true);
        assert!(!game.status().starts_with("No mistakes"));
        solve(&mut game);
        assert_eq!(
            game.status(),
            "Solved (with Show mistakes once)! Press N or click New game for another puzzle."
        );
    }

    #[test]
    fn titles_name_the_puzzle_file() {
        let mut puzzle = crate::deal::parse_game_id("3x3:1,3,1/1,3,1").unwrap();
        assert_eq!(
            PaintByNumbers::with_puzzle(puzzle.clone()).title(),
            "Paint By Numbers"
        );
        puzzle.origin = Origin::File {
            name: "plus.non".into(),
        };
        assert_eq!(
            PaintByNumbers::with_puzzle(puzzle.clone()).title(),
            "Paint By Numbers: plus.non"
        );
        puzzle.title = Some("Plus".into());
        assert_eq!(
            PaintByNumbers::with_puzzle(puzzle).title(),
            "Paint By Numbers: Plus"
        );
    }
}
