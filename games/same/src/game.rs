//! The game as the launcher sees it: [`Same`] implements [`game_api::Game`],
//! draws the board through a [`Painter`], maps clicks and keys to moves,
//! and keeps the score.
//!
//! Controls:
//!
//! * click a dot: remove its group, when it has two dots or more (the
//!   click happens when the button is released over the cell it went down
//!   on); the group under the pointer is drawn pale, and the status line's
//!   "This click" says what removing it would score;
//! * the arrow keys move a cursor (a ring) over the board, and its group is
//!   highlighted the same way; `Space` or `Enter` removes it;
//! * `n`: a new game, as the launcher's New game deals it
//!   ([`Host::request_new_game`]); `h`: the help (`Shift+H` as written).
//!
//! The tool bar has two choices, Size (`s`) and Colours (`c`), each
//! starting a new game with what was chosen (and kept for later sessions,
//! see [`crate::settings`]). New game, Restart, Undo, Redo and the Game ID
//! field are the launcher's, built on [`crate::save`].
//!
//! A removal changes the board at once; the dots that fell or slid are then
//! drawn moving to their new cells over a third of a second, on ticks
//! ([`Host::request_ticks`]), which stop when they arrive. The animation is
//! only drawing: the board takes the next click at once.

use std::time::Duration;

use game_api::Ticks;
use game_api::grid::{Dir, cursor_step};
use game_api::rng::fresh_seed;
use game_api::{
    Action, Anchor, Button, Event, Game, GameError, Host, NewGame, Painter, Point, Region,
    Response, Rgba, Stroke, Style, keys,
};

use crate::board::{Board, Cell, MAX_COLOURS};
use crate::deal::deal;
use crate::score::{Score, click_score};
use crate::settings::{COLOURS, SIZES, Settings, parse_size, size_label};
use game_api::settings::{Options, SettingsFile};

/// Space around the board, in canvas pixels.
pub const MARGIN: f32 = 12.0;
/// The distance from one cell's left edge to the next one's, in canvas
/// pixels; the whole square is the cell's click target.
pub const PITCH: f32 = 32.0;
/// A dot's radius.
pub const DOT_RADIUS: f32 = 13.0;
/// How much smaller the dots of a group held down under the pointer are
/// drawn.
pub const PRESSED_SHRINK: f32 = 2.0;
/// The width of the bridge drawn between two touching dots of one colour,
/// in their colour: most of a dot, so that a group reads as one blob.
pub const BRIDGE_WIDTH: f32 = 16.0;
/// The bridge's edge on either side, in the dots' rim colour.
pub const BRIDGE_EDGE: f32 = 1.5;

/// The rectangle of a bridge `width` wide between the centres `here` and
/// `there` (side by side or one above the other), `inset` short of each:
/// its top-left corner and size.
fn bridge_rect(here: Point, there: Point, inset: f32, width: f32) -> (Point, Point) {
    if (there.y - here.y).abs() < (there.x - here.x).abs() {
        let (left, right) = (here.x.min(there.x) + inset, here.x.max(there.x) - inset);
        let y = (here.y + there.y) / 2.0;
        (
            Point::new(left, y - width / 2.0),
            Point::new(right - left, width),
        )
    } else {
        let (top, bottom) = (here.y.min(there.y) + inset, here.y.max(there.y) - inset);
        let x = (here.x + there.x) / 2.0;
        (
            Point::new(x - width / 2.0, top),
            Point::new(width, bottom - top),
        )
    }
}

/// The canvas background.
pub const BACKGROUND: Rgba = Rgba::rgb(30, 32, 42);
/// The board under the dots.
pub const BOARD: Rgba = Rgba::rgb(42, 45, 58);
/// The ring of the keyboard's cursor.
pub const CURSOR: Rgba = Rgba::rgb(255, 255, 255);
/// The veil over the board once the game is over.
pub const VEIL: Rgba = Rgba::with_alpha(0, 0, 0, 140);
/// The panel of the game-over message.
pub const PANEL: Rgba = Rgba::with_alpha(250, 248, 240, 235);
/// The game-over message's text.
pub const PANEL_TEXT: Rgba = Rgba::rgb(30, 32, 42);

/// The dots' colours, in the original's order (blue, red, brown, green,
/// purple) and a sixth, gold, for six-colour games; brightened a little
/// for the dark board.
pub const COLOURS_RGB: [Rgba; MAX_COLOURS] = [
    Rgba::rgb(52, 110, 235),
    Rgba::rgb(225, 55, 55),
    Rgba::rgb(165, 100, 50),
    Rgba::rgb(40, 155, 65),
    Rgba::rgb(150, 70, 210),
    Rgba::rgb(235, 185, 40),
];

/// The colours' names, for screen readers and the manual.
pub const COLOUR_NAMES: [&str; MAX_COLOURS] = ["blue", "red", "brown", "green", "purple", "gold"];

/// How long the dots above a removed group take to fall, in seconds.
pub const FALL_SECONDS: f32 = 0.2;
/// How long the columns take to slide left into emptied ones, after the
/// fall.
pub const SLIDE_SECONDS: f32 = 0.15;
/// How often the game asks for ticks while dots move.
const TICK: Duration = Duration::from_millis(16);

/// The ID of the Size choice.
pub const SIZE_ACTION: &str = "size";
/// The ID of the Colours choice.
pub const COLOURS_ACTION: &str = "colours";

/// The colour the original's `paleize` makes of `c` for the group under
/// the pointer: each channel a third of the way from white to it.
pub const fn pale(c: Rgba) -> Rgba {
    const fn channel(x: u8) -> u8 {
        255 - ((255 - x as u16) * 2 / 3) as u8
    }
    Rgba::rgb(channel(c.r), channel(c.g), channel(c.b))
}

/// `c` mixed with `other`, `t` of the way (0 to 1).
fn mix(c: Rgba, other: Rgba, t: f32) -> Rgba {
    let m = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
    Rgba::with_alpha(m(c.r, other.r), m(c.g, other.g), m(c.b, other.b), c.a)
}

/// The outline of a dot of fill `c`: a darker shade of it.
pub fn rim(c: Rgba) -> Rgba {
    mix(c, Rgba::rgb(0, 0, 0), 0.45)
}

/// The lit part of a dot of fill `c`: a lighter shade, up and to the left.
pub fn shine(c: Rgba) -> Rgba {
    mix(c, Rgba::rgb(255, 255, 255), 0.3)
}

/// The small reflection on every dot.
pub const GLINT: Rgba = Rgba::with_alpha(255, 255, 255, 190);

/// The dots moving after a removal, as drawn; the board already holds
/// them in their new cells.
#[derive(Clone, Debug, PartialEq)]
struct Fall {
    /// For each cell of the board (row by row), the cell its dot came from
    /// if it moved.
    from: Vec<Option<Cell>>,
    /// The group removed, shrinking away where it was.
    removed: Vec<(Cell, u8)>,
    /// Whether a column slides left after the fall.
    slides: bool,
    /// Seconds since the removal.
    elapsed: f32,
}

impl Fall {
    fn seconds(&self) -> f32 {
        FALL_SECONDS + if self.slides { SLIDE_SECONDS } else { 0.0 }
    }
}

/// A game of Same.
#[derive(Clone, Debug)]
pub struct Same {
    /// The launcher's services.
    pub(crate) host: Host,
    /// The board as it was dealt (its game ID).
    pub(crate) start: Board,
    /// The board now.
    pub(crate) board: Board,
    /// The points the clicks scored so far.
    pub(crate) clicks: u64,
    /// The options for the next game (the Size and Colours choices show
    /// them).
    pub(crate) settings: Settings,
    /// The cell under the pointer, while it is over the board.
    pointer: Option<Cell>,
    /// The keyboard's cursor, while the keyboard plays (until the pointer
    /// moves).
    cursor: Option<Cell>,
    /// Where the primary button went down, while it is down.
    pressed: Option<Cell>,
    /// The dots moving after the last removal.
    fall: Option<Fall>,
    /// Whether ticks were asked for.
    ticking: Ticks,
}

impl Same {
    /// A game of the board [`deal`] makes with `settings` from `seed`, with
    /// a host that offers nothing ([`Host::detached`]).
    pub fn with_seed(settings: Settings, seed: u64) -> Same {
        let (width, height) = settings.size;
        let mut game = Same::with_board(deal(width, height, settings.colours, seed));
        game.settings = settings;
        game
    }

    /// A game starting from `board`, with a host that offers nothing. For
    /// tests and tools.
    pub fn with_board(board: Board) -> Same {
        Same {
            host: Host::detached(),
            settings: settings_of(&board, Settings::default()),
            start: board.clone(),
            board,
            clicks: 0,
            pointer: None,
            cursor: None,
            pressed: None,
            fall: None,
            ticking: Ticks::default(),
        }
    }

    /// This game with the launcher's services `host`.
    pub fn with_host(mut self, host: Host) -> Same {
        self.host = host;
        self
    }

    /// The board now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board as it was dealt.
    pub fn start_board(&self) -> &Board {
        &self.start
    }

    /// The options the next game is dealt with.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The score now: the clicks' points and the bonus for the dots left.
    pub fn score(&self) -> Score {
        Score::with_dots_left(self.clicks, self.board.dot_count())
    }

    /// Whether the game is over: no group of two dots is left.
    pub fn is_over(&self) -> bool {
        !self.board.has_move()
    }

    /// Whether every dot was removed: the game is won.
    pub fn is_cleared(&self) -> bool {
        self.board.is_cleared()
    }

    /// The cell the player points at: the keyboard's cursor while the
    /// keyboard plays, otherwise the cell under the pointer.
    pub fn target(&self) -> Option<Cell> {
        self.cursor.or(self.pointer)
    }

    /// The keyboard's cursor, if the keyboard plays.
    pub fn cursor(&self) -> Option<Cell> {
        self.cursor
    }

    /// The group a click on the target would remove (empty when it would
    /// remove nothing).
    pub fn highlighted(&self) -> Vec<Cell> {
        match self.target() {
            Some(cell) if self.board.removable(cell) > 0 => self.board.group(cell),
            _ => Vec::new(),
        }
    }

    /// What a click on the target would score: the "This click" figure.
    pub fn this_click(&self) -> u64 {
        self.target()
            .map_or(0, |cell| click_score(self.board.removable(cell)))
    }

    /// Whether dots are still being drawn moving.
    pub fn is_animating(&self) -> bool {
        self.fall.is_some()
    }

    /// Removes the group at `cell` if it has two dots or more, scores it,
    /// and starts drawing the dots' fall. Returns whether dots went.
    pub fn click(&mut self, cell: Cell) -> bool {
        let Some(removal) = self.board.remove(cell) else {
            return false;
        };
        self.clicks += click_score(removal.removed.len());
        // Without ticks (an older launcher, or none) the dots simply jump.
        if self.host.has_revision_2() {
            let mut from = vec![None; self.board.width() * self.board.height()];
            let mut slides = false;
            for &(f, t) in &removal.moved {
                from[t.row * self.board.width() + t.col] = Some(f);
                slides |= f.col != t.col;
            }
            self.fall = Some(Fall {
                from,
                removed: removal
                    .removed
                    .iter()
                    .map(|&c| (c, removal.colour))
                    .collect(),
                slides,
                elapsed: 0.0,
            });
        }
        self.update_ticks();
        true
    }

    /// Goes on from `board`, a game dealt as `start` with `clicks` points
    /// scored; whatever was moving stops, and the Size and Colours choices
    /// show the board's.
    pub(crate) fn begin(&mut self, start: Board, board: Board, clicks: u64) {
        self.settings = settings_of(&start, self.settings);
        self.start = start;
        self.board = board;
        self.clicks = clicks;
        self.pressed = None;
        self.fall = None;
        let on_board = |c: &Cell| self.board.contains(*c);
        self.cursor = self.cursor.filter(on_board);
        self.pointer = self.pointer.filter(on_board);
        self.update_ticks();
    }

    /// Deals a new game from `seed` with the chosen options.
    pub fn deal(&mut self, seed: u64) {
        let (width, height) = self.settings.size;
        let board = deal(width, height, self.settings.colours, seed);
        self.begin(board.clone(), board, 0);
    }

    /// A new game, as the player asked for with `n` or a choice: the
    /// launcher deals it, as its New game does (a fresh seed, one move to
    /// undo), when it offers that; otherwise the game deals one itself.
    /// Returns whether the game changed now.
    fn ask_for_new_game(&mut self) -> bool {
        let host = self.host;
        host.new_game_or(|seed| self.new_game(seed))
    }

    /// Asks for ticks while dots move, and for none otherwise.
    fn update_ticks(&mut self) {
        let wanted = self.fall.is_some();
        self.ticking.want(&self.host, wanted.then_some(TICK));
    }

    fn tick(&mut self, dt: f32) -> bool {
        let Some(fall) = &mut self.fall else {
            return false;
        };
        fall.elapsed += dt.max(0.0);
        if fall.elapsed >= fall.seconds() {
            self.fall = None;
        }
        self.update_ticks();
        true
    }

    /// "This click: 36 (6 dots)", or "This click: 0" where a click would
    /// remove nothing.
    fn this_click_text(&self) -> String {
        match self.target().map(|c| self.board.removable(c)) {
            Some(n) if n > 0 => format!("This click: {} ({n} dots)", click_score(n)),
            _ => "This click: 0".into(),
        }
    }

    /// The status line: what to do, the score as `clicks + bonus = total`,
    /// the dots left and "This click"; once the game is over, how it ended
    /// and the final score.
    ///
    /// ```
    /// use same::board::Board;
    /// use same::game::Same;
    /// // A small board: with 4 dots left, the bonus is 4600 already.
    /// let mut game = Same::with_board("12/11".parse::<Board>().unwrap());
    /// assert_eq!(
    ///     game.status_text(),
    ///     "Click a group of two or more touching dots of one colour. Score: 0 + 4600 = 4600. Dots left: 4. This click: 0"
    /// );
    /// game.click(same::board::Cell::new(0, 1));
    /// assert_eq!(
    ///     game.status_text(),
    ///     "Game over: no two touching dots of one colour are left. Final score: 9 + 4900 = 4909, with 1 dot left. Press N for a new game"
    /// );
    /// ```
    pub fn status_text(&self) -> String {
        let score = self.score();
        let left = self.board.dot_count();
        if self.is_cleared() {
            format!("Board cleared: you won! Final score: {score}. Press N for a new game")
        } else if self.is_over() {
            let dots = if left == 1 { "dot" } else { "dots" };
            format!(
                "Game over: no two touching dots of one colour are left. Final score: {score}, with {left} {dots} left. Press N for a new game"
            )
        } else {
            format!(
                "Click a group of two or more touching dots of one colour. Score: {score}. Dots left: {left}. {}",
                self.this_click_text()
            )
        }
    }

    /// The cell whose click target (its whole pitch square) holds `pos`.
    pub fn cell_at(&self, pos: Point) -> Option<Cell> {
        let x = (pos.x - MARGIN) / PITCH;
        let y = (pos.y - MARGIN) / PITCH;
        let (w, h) = (self.board.width() as f32, self.board.height() as f32);
        if !(x >= 0.0 && y >= 0.0 && x < w && y < h) {
            return None;
        }
        Some(Cell::new(x as usize, y as usize))
    }

    /// The centre of `cell`, in canvas pixels.
    pub fn cell_center(cell: Cell) -> Point {
        Point::new(
            MARGIN + (cell.col as f32 + 0.5) * PITCH,
            MARGIN + (cell.row as f32 + 0.5) * PITCH,
        )
    }

    /// Where the dot now at `cell` is drawn: its cell, or on its way there
    /// from where it was before the last removal.
    pub fn drawn_at(&self, cell: Cell) -> Point {
        let to = Self::cell_center(cell);
        let Some(fall) = &self.fall else {
            return to;
        };
        let Some(from) = fall.from[cell.row * self.board.width() + cell.col] else {
            return to;
        };
        let from = Self::cell_center(from);
        // Falling speeds up, as things fall; sliding is even.
        let down = (fall.elapsed / FALL_SECONDS).clamp(0.0, 1.0);
        let y = from.y + (to.y - from.y) * down * down;
        let x = if fall.slides {
            let across = ((fall.elapsed - FALL_SECONDS) / SLIDE_SECONDS).clamp(0.0, 1.0);
            from.x + (to.x - from.x) * across
        } else {
            to.x
        };
        Point::new(x, y)
    }

    /// Moves the keyboard's cursor a step in `dir` (`None`: shows it),
    /// staying on the board; it starts where the pointer is, or at the
    /// bottom-left cell.
    fn move_cursor(&mut self, dir: Option<Dir>) -> bool {
        let before = self.target();
        let (w, h) = (self.board.width(), self.board.height());
        let at = self.cursor.or(self.pointer).map(|c| (c.row, c.col));
        let (row, col) = cursor_step(at, dir, (h, w), (h - 1, 0));
        self.cursor = Some(Cell::new(col, row));
        self.cursor != before || self.pointer.is_some()
    }

    fn handle_key(&mut self, key: &str, shift: bool) -> bool {
        if let Some(dir) = Dir::from_arrow(key) {
            return self.move_cursor(Some(dir));
        }
        match key {
            keys::SPACE | keys::ENTER => match self.cursor {
                Some(cell) => self.click(cell),
                None => self.move_cursor(None),
            },
            "n" => self.ask_for_new_game(),
            "h" => {
                self.host.show_text_help("Same Help", shift);
                false
            }
            _ => false,
        }
    }

    /// The pointer is at `pos` (or gone, with `None`).
    fn point(&mut self, pos: Option<Point>) -> bool {
        let cell = pos.and_then(|p| self.cell_at(p));
        let changed = cell != self.pointer || (pos.is_some() && self.cursor.is_some());
        self.pointer = cell;
        if pos.is_some() {
            // The mouse takes over from the keyboard.
            self.cursor = None;
        }
        changed
    }

    /// The dot at `center` of fill `fill`, `radius` big, shaded: a darker
    /// rim, a lighter lit side up and to the left, and a glint.
    fn draw_dot(painter: &mut dyn Painter, center: Point, radius: f32, fill: Rgba) {
        painter.circle(
            center,
            radius,
            Style {
                fill: Some(fill),
                stroke: Some(Stroke {
                    width: 1.5,
                    color: rim(fill),
                }),
            },
        );
        let lit = Point::new(center.x - radius * 0.22, center.y - radius * 0.22);
        painter.circle(lit, radius * 0.6, Style::solid(shine(fill)));
        let glint = Point::new(center.x - radius * 0.38, center.y - radius * 0.38);
        painter.circle(glint, radius * 0.2, Style::solid(GLINT));
    }

    /// Draws the board: touching dots of one colour joined by bridges (as
    /// the original draws its groups as blobs), each dot shaded; the group
    /// a click would remove pale (smaller while the button is held on it),
    /// the keyboard's cursor ringed, and the removed group shrinking away
    /// while the dots fall. (The manual's pictures are drawn with it.)
    pub fn draw_board(&self, painter: &mut dyn Painter) {
        let size = self.canvas_size();
        painter.rect(Point::new(0.0, 0.0), size, Style::solid(BACKGROUND));
        painter.rounded_rect(
            Point::new(MARGIN - 4.0, MARGIN - 4.0),
            Point::new(size.x - 2.0 * MARGIN + 8.0, size.y - 2.0 * MARGIN + 8.0),
            8.0,
            Style::solid(BOARD),
        );
        let highlighted = self.highlighted();
        let held = self
            .pressed
            .filter(|&p| self.pointer == Some(p) && highlighted.contains(&p))
            .is_some();
        let fill_of = |cell: Cell, colour: u8| {
            let c = COLOURS_RGB[colour as usize];
            if highlighted.contains(&cell) {
                pale(c)
            } else {
                c
            }
        };

        // What was removed, shrinking away.
        if let Some(fall) = &self.fall {
            let left = 1.0 - (fall.elapsed / FALL_SECONDS).clamp(0.0, 1.0);
            if left > 0.0 {
                for &(cell, colour) in &fall.removed {
                    let c = COLOURS_RGB[colour as usize];
                    painter.circle(
                        Self::cell_center(cell),
                        DOT_RADIUS * left,
                        Style::solid(Rgba::with_alpha(c.r, c.g, c.b, (255.0 * left) as u8)),
                    );
                }
            }
        }

        // Touching dots of one colour are joined into one blob, so that a
        // group reads at a glance: a bridge of the dots' own colour, as
        // wide as most of a dot, edged with their rim. The edges go under
        // the dots, the bridge over their rims where it meets them.
        let radius_of = |cell: Cell| {
            if held && highlighted.contains(&cell) {
                DOT_RADIUS - PRESSED_SHRINK
            } else {
                DOT_RADIUS
            }
        };
        let bridges = self.bridges();
        for &(cell, _, colour, here, there) in &bridges {
            let (min, size) = bridge_rect(here, there, 0.0, BRIDGE_WIDTH + 2.0 * BRIDGE_EDGE);
            painter.rect(min, size, Style::solid(rim(fill_of(cell, colour))));
        }
        for (cell, colour) in self.board.dots() {
            Self::draw_dot(
                painter,
                self.drawn_at(cell),
                radius_of(cell),
                fill_of(cell, colour),
            );
        }
        for &(cell, _, colour, here, there) in &bridges {
            let (min, size) = bridge_rect(here, there, radius_of(cell) - 3.0, BRIDGE_WIDTH);
            painter.rect(min, size, Style::solid(fill_of(cell, colour)));
        }

        if let Some(cursor) = self.cursor {
            let c = Self::cell_center(cursor);
            let half = PITCH / 2.0 - 1.0;
            painter.rounded_rect(
                Point::new(c.x - half, c.y - half),
                Point::new(2.0 * half, 2.0 * half),
                6.0,
                Style::stroked(2.5, CURSOR),
            );
        }
    }

    /// The touching dots of one colour drawn side by side: each pair's
    /// cells, colour and drawn centres (left or upper first).
    fn bridges(&self) -> Vec<(Cell, Cell, u8, Point, Point)> {
        let mut bridges = Vec::new();
        for (cell, colour) in self.board.dots() {
            let here = self.drawn_at(cell);
            for n in [
                Cell::new(cell.col + 1, cell.row),
                Cell::new(cell.col, cell.row + 1),
            ] {
                if self.board.get(n) != Some(colour) {
                    continue;
                }
                let there = self.drawn_at(n);
                let apart = (there.x - here.x).hypot(there.y - here.y);
                if apart <= PITCH * 1.01 {
                    bridges.push((cell, n, colour, here, there));
                }
            }
        }
        bridges
    }

    fn draw_game_over(&self, painter: &mut dyn Painter) {
        let size = self.canvas_size();
        painter.rect(Point::new(0.0, 0.0), size, Style::solid(VEIL));
        let title = if self.is_cleared() {
            "Board cleared!"
        } else {
            "Game over"
        };
        let line = format!("Score: {}", self.score());
        let t = painter.text_size(26.0, title);
        let l = painter.text_size(16.0, &line);
        let panel = Point::new(t.x.max(l.x) + 40.0, t.y + l.y + 36.0);
        let center = Point::new(size.x / 2.0, size.y / 2.0);
        painter.rounded_rect(
            Point::new(center.x - panel.x / 2.0, center.y - panel.y / 2.0),
            panel,
            10.0,
            Style::solid(PANEL),
        );
        let top = center.y - panel.y / 2.0 + 14.0;
        painter.text(
            Point::new(center.x, top),
            Anchor::Top,
            26.0,
            PANEL_TEXT,
            title,
        );
        painter.text(
            Point::new(center.x, top + t.y + 8.0),
            Anchor::Top,
            16.0,
            PANEL_TEXT,
            &line,
        );
    }
}

/// The options a game of `board` shows: its size and colours when the
/// choices offer them, otherwise those of `otherwise`.
fn settings_of(board: &Board, otherwise: Settings) -> Settings {
    let size = (board.width(), board.height());
    Settings {
        size: if SIZES.contains(&size) {
            size
        } else {
            otherwise.size
        },
        colours: if COLOURS.contains(&board.colours()) {
            board.colours()
        } else {
            otherwise.colours
        },
    }
}

impl Game for Same {
    fn new(host: Host) -> Result<Self, GameError> {
        let settings = Settings::load(host.data_dir().as_deref());
        Ok(Same::with_seed(settings, fresh_seed()).with_host(host))
    }

    fn canvas_size(&self) -> Point {
        Point::new(
            2.0 * MARGIN + self.board.width() as f32 * PITCH,
            2.0 * MARGIN + self.board.height() as f32 * PITCH,
        )
    }

    fn title(&self) -> String {
        "Same".into()
    }

    fn status(&self) -> String {
        self.status_text()
    }

    /// The board ([`Same::draw_board`]), and the final score over it once
    /// the game is over.
    fn draw(&self, painter: &mut dyn Painter) {
        self.draw_board(painter);
        if self.is_over() {
            self.draw_game_over(painter);
        }
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        let changed = match event {
            Event::PointerEnter { pos } | Event::PointerMove { pos } => self.point(Some(*pos)),
            Event::PointerPress {
                pos,
                button: Button::Primary,
                ..
            } => {
                let moved = self.point(Some(*pos));
                let before = self.pressed;
                self.pressed = self.pointer;
                moved
                    || (self.pressed != before
                        && self.pressed.is_some_and(|p| self.board.removable(p) > 0))
            }
            Event::PointerRelease {
                pos,
                button: Button::Primary,
                ..
            } => {
                let moved = self.point(Some(*pos));
                let pressed = self.pressed.take();
                let clicked = match pressed {
                    Some(cell) if self.pointer == Some(cell) => self.click(cell),
                    _ => false,
                };
                // A group drawn held down is drawn normal again.
                moved || clicked || pressed.is_some_and(|p| self.board.removable(p) > 0)
            }
            Event::PointerPress { pos, .. } | Event::PointerRelease { pos, .. } => {
                self.point(Some(*pos))
            }
            Event::PointerLeave => {
                self.pressed = None;
                self.point(None)
            }
            Event::KeyPress { key, modifiers } => self.handle_key(key, modifiers.shift),
            Event::Tick { dt } => self.tick(*dt),
            Event::KeyRelease { .. } | Event::Scroll { .. } | Event::DoubleClick { .. } => false,
        };
        Response::redraw_if(changed)
    }

    /// The Size (`s`) and Colours (`c`) choices; each starts a new game.
    fn actions(&self) -> Vec<Action> {
        let sizes: Vec<String> = SIZES.into_iter().map(size_label).collect();
        vec![
            Action::choice(SIZE_ACTION, "Size", sizes, size_label(self.settings.size))
                .with_shortcut("s"),
            Action::choice(COLOURS_ACTION, "Colours", COLOURS, self.settings.colours)
                .with_shortcut("c"),
        ]
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        let offered_sizes = || {
            SIZES
                .into_iter()
                .map(size_label)
                .collect::<Vec<_>>()
                .join(", ")
        };
        match id {
            SIZE_ACTION => {
                self.settings.size = parse_size(value).ok_or_else(|| {
                    GameError(format!(
                        "the board size {value:?} is not one of {}",
                        offered_sizes()
                    ))
                })?;
            }
            COLOURS_ACTION => {
                self.settings.colours = value
                    .trim()
                    .parse()
                    .ok()
                    .filter(|n| COLOURS.contains(n))
                    .ok_or_else(|| {
                    GameError(format!(
                        "{value:?} is not a number of colours Same offers (3, 4, 5 or 6)"
                    ))
                })?;
            }
            other => return Err(GameError(format!("Same has no action {other:?}"))),
        }
        SettingsFile::update_for(&self.host, |file| self.settings.write(file));
        self.ask_for_new_game();
        Ok(Response::REDRAW)
    }

    /// Each dot, labelled for screen readers ("row 16, column 1: blue dot,
    /// group of 4, this click 16"); activating one clicks it.
    fn regions(&self) -> Vec<Region> {
        let half = PITCH / 2.0;
        let sizes = self.board.group_sizes();
        self.board
            .dots()
            .map(|(cell, colour)| {
                let c = Self::cell_center(cell);
                let group = match sizes[cell.row * self.board.width() + cell.col] {
                    n if n >= 2 => format!("group of {n}, this click {}", click_score(n)),
                    _ => "alone".to_string(),
                };
                Region::new(
                    format!(
                        "row {}, column {}: {} dot, {group}",
                        cell.row + 1,
                        cell.col + 1,
                        COLOUR_NAMES[colour as usize]
                    ),
                    Point::new(c.x - half, c.y - half),
                    Point::new(PITCH, PITCH),
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::{Modifiers, RecordingPainter, Shape};

    fn game(text: &str) -> Same {
        Same::with_board(text.parse().unwrap())
    }

    fn move_to(game: &mut Same, cell: Cell) -> Response {
        game.handle_event(&Event::PointerMove {
            pos: Same::cell_center(cell),
        })
    }

    fn click_at(game: &mut Same, cell: Cell) -> Response {
        let pos = Same::cell_center(cell);
        game.handle_event(&Event::press(pos));
        game.handle_event(&Event::release(pos))
    }

    /// The fills of the big circles drawn (the dots' bodies), by cell.
    fn dot_fills(game: &Same) -> Vec<(Cell, Rgba)> {
        let mut painter = RecordingPainter::new();
        game.draw(&mut painter);
        painter
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Circle {
                    center,
                    radius,
                    style,
                } if *radius >= DOT_RADIUS - PRESSED_SHRINK => {
                    Some((game.cell_at(*center)?, style.fill?))
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_group_under_the_pointer_is_pale_and_this_click_shows_its_score() {
        let mut g = game("112/122/333");
        assert!(
            g.status_text().ends_with("This click: 0"),
            "{}",
            g.status_text()
        );
        assert_eq!(move_to(&mut g, Cell::new(0, 2)), Response::REDRAW);
        assert_eq!(g.this_click(), 9);
        assert!(g.status_text().ends_with("This click: 9 (3 dots)"));
        let fills = dot_fills(&g);
        for (cell, fill) in fills {
            let colour = g.board().get(cell).unwrap() as usize;
            let expected = if cell.row == 2 {
                pale(COLOURS_RGB[colour])
            } else {
                COLOURS_RGB[colour]
            };
            assert_eq!(fill, expected, "{cell:?}");
        }
        // A lone dot is no click, and nothing is pale.
        let mut g = game("123/211");
        move_to(&mut g, Cell::new(0, 0));
        assert!(g.status_text().ends_with("This click: 0"));
        assert!(g.highlighted().is_empty());
    }

    #[test]
    fn pale_is_the_originals_paleize() {
        // (- 255 (floor (* (- 255 x) 2/3))) of "blue" (0 0 255).
        assert_eq!(pale(Rgba::rgb(0, 0, 255)), Rgba::rgb(85, 85, 255));
        assert_eq!(pale(Rgba::rgb(34, 139, 34)), Rgba::rgb(108, 178, 108));
    }

    #[test]
    fn a_click_removes_the_group_and_scores_its_square() {
        let mut g = game("1.../12../2213");
        assert_eq!(click_at(&mut g, Cell::new(0, 2)), Response::REDRAW);
        // Column 1 emptied and closed: the 1 and 3 of columns 2 and 3
        // slid left.
        assert_eq!(g.board().to_string(), "..../1.../113.");
        assert_eq!(g.score().clicks, 9);
        // A lone dot does nothing.
        move_to(&mut g, Cell::new(2, 2));
        assert_eq!(click_at(&mut g, Cell::new(2, 2)), Response::NONE);
        assert_eq!(g.score().clicks, 9);
    }

    #[test]
    fn a_press_dragged_to_another_cell_removes_nothing() {
        let mut g = game("11/22");
        g.handle_event(&Event::press(Same::cell_center(Cell::new(0, 0))));
        g.handle_event(&Event::release(Same::cell_center(Cell::new(0, 1))));
        assert_eq!(g.board().dot_count(), 4);
    }

    #[test]
    fn the_keyboard_moves_a_cursor_and_enter_removes_its_group() {
        let mut g = game("31/22");
        // The cursor starts at the bottom-left cell.
        assert_eq!(g.handle_event(&Event::key("ArrowUp")), Response::REDRAW);
        assert_eq!(g.cursor(), Some(Cell::new(0, 1)));
        assert_eq!(g.this_click(), 4);
        assert_eq!(g.handle_event(&Event::key("ArrowLeft")), Response::NONE);
        assert_eq!(g.handle_event(&Event::key("ArrowUp")), Response::REDRAW);
        assert_eq!(g.cursor(), Some(Cell::new(0, 0)));
        // A lone dot: Enter does nothing.
        assert_eq!(g.handle_event(&Event::key("Enter")), Response::NONE);
        g.handle_event(&Event::key("ArrowDown"));
        assert_eq!(g.handle_event(&Event::key("Space")), Response::REDRAW);
        assert_eq!(g.board().to_string(), "../31");
        // The pointer takes over from the keyboard.
        move_to(&mut g, Cell::new(1, 1));
        assert_eq!(g.cursor(), None);
        assert_eq!(g.target(), Some(Cell::new(1, 1)));
    }

    #[test]
    fn the_end_says_so_and_a_cleared_board_is_won() {
        let mut g = game("12/12");
        click_at(&mut g, Cell::new(0, 0));
        assert!(!g.is_over());
        click_at(&mut g, Cell::new(0, 1));
        assert!(g.is_over() && g.is_cleared());
        assert_eq!(
            g.status_text(),
            "Board cleared: you won! Final score: 8 + 5000 = 5008. Press N for a new game"
        );
        let mut painter = RecordingPainter::new();
        g.draw(&mut painter);
        let texts: Vec<&str> = painter
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(texts, ["Board cleared!", "Score: 8 + 5000 = 5008"]);
    }

    #[test]
    fn touching_dots_of_one_colour_are_bridged() {
        let g = game("11/21");
        let mut painter = RecordingPainter::new();
        g.draw(&mut painter);
        // Each bridge a rectangle of the dots' colour from one dot into the
        // other.
        let blue = COLOURS_RGB[0];
        let mut bridges: Vec<(Cell, Cell)> = painter
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Rect { min, size, style } if style.fill == Some(blue) => {
                    let end = Point::new(min.x + size.x, min.y + size.y);
                    Some((g.cell_at(*min)?, g.cell_at(end)?))
                }
                _ => None,
            })
            .collect();
        bridges.sort();
        assert_eq!(
            bridges,
            [
                (Cell::new(0, 0), Cell::new(1, 0)),
                (Cell::new(1, 0), Cell::new(1, 1))
            ]
        );
    }

    #[test]
    fn a_group_held_down_is_drawn_smaller() {
        let mut g = game("11/23");
        let pos = Same::cell_center(Cell::new(0, 0));
        move_to(&mut g, Cell::new(0, 0));
        assert_eq!(
            g.handle_event(&Event::PointerPress {
                pos,
                button: Button::Primary,
                modifiers: Modifiers::NONE
            }),
            Response::REDRAW
        );
        let mut painter = RecordingPainter::new();
        g.draw(&mut painter);
        let small = painter
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Circle { radius, .. } if *radius == DOT_RADIUS - PRESSED_SHRINK))
            .count();
        assert_eq!(small, 2);
    }

    #[test]
    fn without_a_launcher_n_deals_a_new_board_itself() {
        let mut g = Same::with_seed(Settings::default(), 1);
        let before = g.board().clone();
        g.click(
            g.board()
                .groups()
                .into_iter()
                .find(|g| g.len() >= 2)
                .unwrap()[0],
        );
        assert_eq!(g.handle_event(&Event::key("n")), Response::REDRAW);
        assert_ne!(g.board(), &before);
        assert_eq!(g.board().dot_count(), 320);
        assert_eq!(g.score(), Score::default());
        // Without ticks, nothing is drawn moving.
        g.click(
            g.board()
                .groups()
                .into_iter()
                .find(|g| g.len() >= 2)
                .unwrap()[0],
        );
        assert!(!g.is_animating());
    }

    #[test]
    fn regions_name_each_dot_and_its_group() {
        let g = game("1./12");
        let labels: Vec<String> = g.regions().into_iter().map(|r| r.label).collect();
        assert_eq!(
            labels,
            [
                "row 1, column 1: blue dot, group of 2, this click 4",
                "row 2, column 1: blue dot, group of 2, this click 4",
                "row 2, column 2: red dot, alone",
            ]
        );
        let r = &g.regions()[2];
        assert_eq!(r.center(), Same::cell_center(Cell::new(1, 1)));
    }

    #[test]
    fn choices_offer_the_originals_options_first() {
        let g = Same::with_seed(Settings::default(), 1);
        let actions = g.actions();
        let options: Vec<(String, Vec<String>, String)> = actions
            .iter()
            .map(|a| match &a.kind {
                game_api::ActionKind::Choice { options, selected } => {
                    (a.id.clone(), options.clone(), selected.clone())
                }
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            options,
            [
                (
                    "size".into(),
                    vec![
                        "20×16".into(),
                        "10×8".into(),
                        "15×12".into(),
                        "25×20".into()
                    ],
                    "20×16".into()
                ),
                (
                    "colours".into(),
                    vec!["5".into(), "3".into(), "4".into(), "6".into()],
                    "5".into()
                ),
            ]
        );
    }

    #[test]
    fn a_choice_deals_a_new_game_with_it() {
        let mut g = Same::with_seed(Settings::default(), 1);
        assert_eq!(g.invoke_action("size", "10×8"), Ok(Response::REDRAW));
        assert_eq!((g.board().width(), g.board().height()), (10, 8));
        assert_eq!(g.invoke_action("colours", "3"), Ok(Response::REDRAW));
        assert_eq!(g.board().colours(), 3);
        assert_eq!((g.board().width(), g.board().height()), (10, 8));
        assert_eq!(
            g.canvas_size(),
            Point::new(2.0 * MARGIN + 320.0, 2.0 * MARGIN + 256.0)
        );
        assert!(g.invoke_action("size", "9×9").is_err());
        assert!(g.invoke_action("colours", "7").is_err());
        assert_eq!(
            g.invoke_action("undo", ""),
            Err(GameError("Same has no action \"undo\"".into()))
        );
        assert_eq!(g.board().colours(), 3);
    }
}
