//! The game as the launcher sees it: [`PousseGame`] implements
//! [`game_api::Game`]. It draws the board with the numbered buttons around
//! it (as the original: the numbers above the board push into a column
//! from the top, those on the left into a row from the left, and so on)
//! and the list of moves beside it, maps clicks and keys to moves, and
//! runs the computer player on a thread of its own.
//!
//! Controls:
//!
//! * click a number beside the board: push a marker in there (the move
//!   happens when the button is released over the number it went down on);
//! * the arrow keys move a highlight round the numbers (across the board
//!   to the other side, round the corners), `T`, `B`, `L` and `R` jump to a
//!   side and the digits to a number on it; `Space` or `Enter` plays the
//!   highlighted move;
//! * the tool bar: who plays X and who plays O (a person, or the computer
//!   Easy, Medium or Hard), the board size of new games, "Computer moves"
//!   (`G`), which lets a computer that waits after an undo play on, and the
//!   Record field with the moves played (Copy; type a record and press
//!   Enter to replay it).
//!
//! **The computer never blocks the window.** When a computer is to move,
//! the game starts its search ([`crate::computer::choose_cancellable`]) on
//! a thread of its own and asks for ticks; each tick looks for its answer
//! on a channel and plays it. Undo, redo, a new game or a change of
//! players cancels the search and drops its answer; closing the window
//! cancels it too. After an undo or a redo the computer waits, so that
//! moves can be taken back past it: "Computer moves" (or `G`) lets it go
//! on.
//!
//! A move changes the game at once; the push is then drawn sliding in over
//! a fifth of a second of ticks, which is only drawing.

use std::time::Duration;

use game_api::rng::fresh_seed;
use game_api::{
    Action, Anchor, Button, Event, Game, GameError, Host, Painter, Point, Region, Response, Rgba,
    Stroke, Style,
};

use crate::computer::{Choice, choose_cancellable};
use crate::rules::{Board, Ending, Match, Move, Player, Side, record_text};
use crate::settings::{Seat, Settings};
use game_api::computer::{Poll, Search, Ticks};
use game_api::grid::Dir;
use game_api::settings::{Options, SettingsFile};

/// The side of the square holding the board and its buttons, in canvas
/// pixels; a cell is this divided by the board's side plus 2.
pub const BOARD_AREA: f32 = 420.0;
/// Space around everything.
pub const MARGIN: f32 = 12.0;
/// The smallest square, in canvas pixels: a 20 by 20 board is 22 of them
/// across, buttons included.
pub const MIN_CELL: f32 = 28.0;
/// The space between the board and the list of moves.
pub const GAP: f32 = 16.0;
/// The width of the list of moves.
pub const PANEL_WIDTH: f32 = 180.0;
/// The height of a line of the list of moves.
pub const ROW_HEIGHT: f32 = 20.0;
/// The lines above the moves in the list: the two players and a title.
pub const PANEL_HEADER: f32 = 86.0;

/// How long a push is drawn sliding, in seconds of ticks.
pub const SLIDE_SECONDS: f32 = 0.2;
/// The least time a computer's turn lasts, in seconds of ticks, so that a
/// game between computers can be watched.
pub const COMPUTER_TURN_SECONDS: f32 = 0.4;
/// The interval of ticks asked for while something moves.
pub const TICK: Duration = Duration::from_millis(16);

/// The canvas background.
pub const BACKGROUND: Rgba = Rgba::rgb(236, 230, 216);
/// A cell of the board.
pub const TILE: Rgba = Rgba::rgb(250, 247, 240);
/// The lines between cells.
pub const GRID: Rgba = Rgba::rgb(150, 140, 125);
/// X's markers.
pub const X_COLOR: Rgba = Rgba::rgb(38, 84, 170);
/// O's markers.
pub const O_COLOR: Rgba = Rgba::rgb(205, 95, 30);
/// The letter on a marker.
pub const MARKER_TEXT: Rgba = Rgba::rgb(255, 255, 255);
/// A numbered button beside the board.
pub const BUTTON: Rgba = Rgba::rgb(222, 214, 196);
/// A button's number.
pub const BUTTON_TEXT: Rgba = Rgba::rgb(80, 70, 60);
/// A button's number when no person can move.
pub const BUTTON_TEXT_IDLE: Rgba = Rgba::rgb(170, 162, 150);
/// The button under the pointer or the keyboard highlight.
pub const HIGHLIGHT: Rgba = Rgba::rgb(255, 214, 102);
/// The ring round the keyboard highlight.
pub const CURSOR: Rgba = Rgba::rgb(30, 110, 220);
/// The ring round the button of the last move.
pub const LAST_MOVE: Rgba = Rgba::rgb(120, 110, 95);
/// A cell of a winning straight (green, as the original).
pub const STRAIGHT_TILE: Rgba = Rgba::rgb(150, 215, 140);
/// A cell of the player who lost by repetition (red, as the original).
pub const REPEAT_TILE: Rgba = Rgba::rgb(240, 160, 150);
/// The ring round the markers of the player who lost by repetition.
pub const LOSER_RING: Rgba = Rgba::rgb(200, 30, 30);
/// The list of moves' background.
pub const PANEL: Rgba = Rgba::rgb(250, 247, 240);
/// Text.
pub const TEXT: Rgba = Rgba::rgb(50, 45, 40);
/// The last move played in the list (blue, as the original).
pub const CURRENT_MOVE: Rgba = Rgba::rgb(30, 80, 200);
/// Moves undone, kept in the list until a new move replaces them.
pub const UNDONE_MOVE: Rgba = Rgba::rgb(165, 160, 150);

/// A push being drawn: the move, the board before it, who made it, and
/// how far it has slid (0 to 1).
#[derive(Clone, Copy, Debug)]
struct Slide {
    mv: Move,
    before: Board,
    mover: Player,
    t: f32,
}

/// The computer's search running on its thread; its age is the seconds
/// of ticks since the computer's turn began.
type Thinking = Search<Choice>;

/// A game of Pousse in the launcher.
pub struct PousseGame {
    pub(crate) host: Host,
    pub(crate) settings: Settings,
    pub(crate) game: Match,
    /// The seed the computer tells equal moves apart by.
    pub(crate) seed: u64,
    /// The moves the game started from (its game ID): none for a new game.
    pub(crate) start: Vec<Move>,
    /// The moves shown in the list: those played and, after them, those
    /// undone, kept until a new move replaces them.
    pub(crate) line: Vec<Move>,
    /// Whether a computer to move waits to be told to go (after an undo,
    /// a redo or a resume).
    pub(crate) paused: bool,
    thinking: Option<Thinking>,
    slide: Option<Slide>,
    ticking: Ticks,
    /// The button under the pointer.
    hover: Option<Move>,
    /// The button the primary button went down on, while it is down.
    pressed: Option<Move>,
    /// The keyboard highlight.
    cursor: Option<Move>,
}

impl std::fmt::Debug for PousseGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PousseGame")
            .field("record", &self.game.record())
            .field("settings", &self.settings)
            .field("thinking", &self.thinking.is_some())
            .finish()
    }
}

impl PousseGame {
    /// A new game with `settings`, the computer's ties told apart by
    /// `seed`, and a host that offers nothing ([`Host::detached`]).
    pub fn with_settings(settings: Settings, seed: u64) -> PousseGame {
        PousseGame::build(settings, seed, Host::detached())
    }

    /// A new game with `settings` and `seed` for `host`; a computer to move
    /// starts thinking.
    fn build(settings: Settings, seed: u64, host: Host) -> PousseGame {
        let mut game = PousseGame {
            host,
            settings,
            game: Match::new(settings.size).expect("settings hold a size the game offers"),
            seed,
            start: Vec::new(),
            line: Vec::new(),
            paused: false,
            thinking: None,
            slide: None,
            ticking: Ticks::default(),
            hover: None,
            pressed: None,
            cursor: None,
        };
        game.schedule();
        game
    }

    /// The game being played.
    pub fn game(&self) -> &Match {
        &self.game
    }

    /// The settings: size of new games, who plays X and O.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The moves shown in the list: those played, then those undone.
    pub fn line(&self) -> &[Move] {
        &self.line
    }

    /// Whether the computer is searching for a move now.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Whether a computer to move waits to be told to go on.
    pub fn is_paused(&self) -> bool {
        self.paused && self.computer_to_move()
    }

    /// The keyboard highlight.
    pub fn cursor(&self) -> Option<Move> {
        self.cursor
    }

    /// Whether the player to move is played by the computer (and the game
    /// goes on).
    pub fn computer_to_move(&self) -> bool {
        !self.game.is_over() && self.settings.seat(self.game.to_move()).is_computer()
    }

    /// Whether a person may move now.
    pub fn person_to_move(&self) -> bool {
        !self.game.is_over() && !self.settings.seat(self.game.to_move()).is_computer()
    }

    /// Starts the game of `n` by `n` after `moves` (the game ID's record),
    /// the computer's ties told apart by `seed`.
    pub(crate) fn begin(&mut self, game: Match, seed: u64) {
        self.start = game.moves().to_vec();
        self.line = self.start.clone();
        self.game = game;
        self.seed = seed;
        self.settings.size = self.game.size();
        self.paused = !self.start.is_empty();
        self.after_change();
    }

    /// Goes on from a loaded position: `line` kept when the moves are its
    /// beginning, the computer waiting.
    pub(crate) fn restore(&mut self, game: Match, start: Vec<Move>, seed: u64) {
        if !self.line.starts_with(game.moves()) || self.game.size() != game.size() {
            self.line = game.moves().to_vec();
        }
        self.start = start;
        self.game = game;
        self.seed = seed;
        self.settings.size = self.game.size();
        self.paused = true;
        self.after_change();
    }

    /// After the position changed: no slide, no search for the old
    /// position, the highlight kept on the board.
    fn after_change(&mut self) {
        self.slide = None;
        self.thinking = None;
        self.pressed = None;
        let n = self.game.size();
        if self.cursor.is_some_and(|c| c.index >= n) {
            self.cursor = None;
        }
        if self.hover.is_some_and(|c| c.index >= n) {
            self.hover = None;
        }
        self.schedule();
    }

    /// Plays `mv` for the player to move, whoever that is; the list of
    /// moves forgets the undone ones. Returns whether it was played.
    pub fn play(&mut self, mv: Move) -> bool {
        let before = self.game.board();
        let mover = self.game.to_move();
        if self.game.play(mv).is_err() {
            return false;
        }
        self.line = self.game.moves().to_vec();
        self.thinking = None;
        self.paused = false;
        self.slide = Some(Slide {
            mv,
            before,
            mover,
            t: 0.0,
        });
        self.schedule();
        true
    }

    /// Plays `mv` for a person, if a person is to move.
    pub fn play_person(&mut self, mv: Move) -> bool {
        self.person_to_move() && self.play(mv)
    }

    /// Lets a computer that waits play on ("Computer moves").
    pub fn go(&mut self) -> bool {
        if !self.is_paused() {
            return false;
        }
        self.paused = false;
        self.schedule();
        true
    }

    /// Who plays `player` from now on; a computer to move starts thinking
    /// (or thinks again at its new strength).
    pub fn set_seat(&mut self, player: Player, seat: Seat) {
        if self.settings.seat(player) == seat {
            return;
        }
        self.settings.set_seat(player, seat);
        if self.game.to_move() == player {
            self.thinking = None;
            self.paused = false;
        }
        self.store_settings();
        self.schedule();
    }

    /// Starts or stops the computer's search and the ticks as the position
    /// needs them.
    fn schedule(&mut self) {
        let wanted = self.computer_to_move() && !self.paused;
        if !wanted {
            self.thinking = None;
        } else if self.thinking.is_none() {
            self.thinking = Some(self.think());
        }
        let moving = self.slide.is_some().then_some(TICK);
        self.ticking
            .pace(&self.host, moving, self.thinking.is_some());
    }

    /// Starts the search for the player to move on a thread of its own.
    fn think(&self) -> Thinking {
        let Seat::Computer(strength) = self.settings.seat(self.game.to_move()) else {
            unreachable!("only a computer thinks");
        };
        let game = self.game.clone();
        let (budget, seed) = (strength.budget(), self.seed);
        Search::start(&self.host, "pousse computer", (), move |cancel| {
            choose_cancellable(&game, budget, seed, Some(cancel))
        })
    }

    /// Waits for the thinking computer's answer without playing it (a tick
    /// plays it once its turn has lasted [`COMPUTER_TURN_SECONDS`] of
    /// ticks): for tests and tools, as it blocks. False when no computer
    /// thinks or its search ended without an answer.
    pub fn wait_for_answer(&mut self) -> bool {
        self.thinking.as_mut().and_then(Search::wait).is_some()
    }

    /// On a tick: the slide goes on, and the computer's answer, if it came
    /// and its turn lasted long enough, is played. Returns whether the
    /// picture changed.
    fn tick(&mut self, dt: f32) -> bool {
        let dt = if dt.is_finite() {
            dt.clamp(0.0, 1.0)
        } else {
            0.0
        };
        let mut changed = false;
        if let Some(slide) = &mut self.slide {
            slide.t += dt / SLIDE_SECONDS;
            if slide.t >= 1.0 {
                self.slide = None;
            }
            changed = true;
        }
        if let Some(thinking) = &mut self.thinking {
            if thinking.tick(dt) == Poll::Ended {
                // The search ended without an answer: try again.
                self.thinking = None;
            }
            let ready = self
                .thinking
                .as_ref()
                .and_then(|t| t.ready(COMPUTER_TURN_SECONDS).copied())
                .filter(|_| self.slide.is_none());
            if let Some(choice) = ready {
                changed |= self.play(choice.mv);
            }
        }
        self.schedule();
        changed
    }

    /// The status line.
    pub fn status_text(&self) -> String {
        let who = |p: Player| format!("{p} ({})", self.settings.seat(p));
        let moves = self.game.moves().len();
        if let Some(ending) = self.game.ending() {
            let end = match ending {
                Ending::Straights { winner, x, o } => {
                    let (w, l) = if winner == Player::X { (x, o) } else { (o, x) };
                    let plural = if w == 1 { "" } else { "s" };
                    format!(
                        "Game over: {} wins with {w} straight{plural} to {l}",
                        who(winner)
                    )
                }
                Ending::Repetition { loser } => format!(
                    "Game over: {} loses: {} repeated an earlier position, so {} wins",
                    who(loser),
                    self.game.moves().last().expect("a move ended it"),
                    who(loser.other())
                ),
            };
            return format!("{end}, after {moves} moves. Undo to look back, or start a new game.");
        }
        let mover = self.game.to_move();
        let (x, o) = self.game.board().straights();
        let straights = if x + o > 0 {
            format!(" Straights: X {x}, O {o}.")
        } else {
            String::new()
        };
        let number = moves + 1;
        if self.is_paused() {
            format!(
                "Move {number}: {} to move, waiting (after an undo or a resume). Press G (Computer moves) to let it play, or undo further.{straights}",
                who(mover)
            )
        } else if self.computer_to_move() {
            format!(
                "Move {number}: {} is thinking... {} waits. You can undo or quit meanwhile.{straights}",
                who(mover),
                who(mover.other())
            )
        } else {
            format!(
                "Move {number}: {} to move. Click a number beside the board, or use the arrows and Enter.{straights}",
                who(mover)
            )
        }
    }

    // ---- Geometry ----

    /// The side of a cell (and of a button) on this board.
    pub fn cell_size(&self) -> f32 {
        // Boards past 13 by 13 grow instead, so that the markers and the
        // buttons' numbers stay readable (the launcher scales the canvas
        // to the window).
        (BOARD_AREA / (self.game.size() + 2) as f32)
            .floor()
            .max(MIN_CELL)
    }

    /// The top-left corner of grid square (`row`, `col`), where the board's
    /// cells are rows and columns 1 to n and the buttons are round them.
    fn square_min(&self, row: usize, col: usize) -> Point {
        let s = self.cell_size();
        Point::new(MARGIN + col as f32 * s, MARGIN + row as f32 * s)
    }

    /// The centre of the board's cell (`row`, `col`), each from 0.
    pub fn cell_center(&self, row: usize, col: usize) -> Point {
        let s = self.cell_size();
        let m = self.square_min(row + 1, col + 1);
        Point::new(m.x + s / 2.0, m.y + s / 2.0)
    }

    /// The grid square of `mv`'s button.
    fn button_square(&self, mv: Move) -> (usize, usize) {
        let n = self.game.size();
        let i = mv.index + 1;
        match mv.side {
            Side::Top => (0, i),
            Side::Bottom => (n + 1, i),
            Side::Left => (i, 0),
            Side::Right => (i, n + 1),
        }
    }

    /// The centre of `mv`'s button.
    pub fn button_center(&self, mv: Move) -> Point {
        let (r, c) = self.button_square(mv);
        let s = self.cell_size();
        let m = self.square_min(r, c);
        Point::new(m.x + s / 2.0, m.y + s / 2.0)
    }

    /// The move whose button's square holds `pos`.
    pub fn button_at(&self, pos: Point) -> Option<Move> {
        let n = self.game.size();
        let s = self.cell_size();
        let (x, y) = ((pos.x - MARGIN) / s, (pos.y - MARGIN) / s);
        if !(x >= 0.0 && y >= 0.0 && x < (n + 2) as f32 && y < (n + 2) as f32) {
            return None;
        }
        square_move(n, y as usize, x as usize)
    }

    /// The canvas: the board with its buttons, and the list of moves.
    pub fn canvas(&self) -> Point {
        let side = self.cell_size() * (self.game.size() + 2) as f32;
        Point::new(
            MARGIN + side + GAP + PANEL_WIDTH + MARGIN,
            MARGIN + side + MARGIN,
        )
    }

    /// The list of moves' top-left corner and size.
    fn panel(&self) -> (Point, Point) {
        let side = self.cell_size() * (self.game.size() + 2) as f32;
        (
            Point::new(MARGIN + side + GAP, MARGIN),
            Point::new(PANEL_WIDTH, side),
        )
    }

    /// The rows of the list of moves shown (as many as fit, keeping the
    /// last move played in sight): the first and the count.
    fn shown_rows(&self) -> (usize, usize) {
        let (_, size) = self.panel();
        let fit = (((size.y - PANEL_HEADER - 8.0) / ROW_HEIGHT).floor() as usize).max(1);
        let rows = self.line.len().div_ceil(2);
        if rows <= fit {
            return (0, rows);
        }
        let current = self.game.moves().len().saturating_sub(1) / 2;
        let first = (current + 1).saturating_sub(fit).min(rows - fit);
        (first, fit)
    }

    // ---- Keyboard ----

    fn handle_key(&mut self, key: &str) -> bool {
        let n = self.game.size();
        if let Some(dir) = Dir::from_arrow(key) {
            return self.move_cursor(dir);
        }
        match key {
            "t" | "b" | "l" | "r" => {
                let side =
                    Side::from_letter(key.chars().next().unwrap_or('t')).unwrap_or(Side::Top);
                let index = self.cursor.map_or(0, |c| c.index);
                self.set_cursor(Some(Move::new(side, index)))
            }
            "Space" | "Enter" => match self.cursor {
                Some(mv) => self.play_person(mv),
                None => self.set_cursor(Some(Move::new(Side::Top, 0))),
            },
            digit if digit.len() == 1 && digit.as_bytes()[0].is_ascii_digit() => {
                let d = (digit.as_bytes()[0] - b'0') as usize;
                if (1..=n).contains(&d) {
                    let side = self.cursor.map_or(Side::Top, |c| c.side);
                    self.set_cursor(Some(Move::new(side, d - 1)))
                } else {
                    false
                }
            }
            _ => false,
        }
    }

    fn set_cursor(&mut self, cursor: Option<Move>) -> bool {
        let changed = self.cursor != cursor;
        self.cursor = cursor;
        changed
    }

    /// Moves the highlight one square in `dir` round the board: into
    /// the board it jumps across to the other side's button, onto a corner
    /// it turns round it. The first arrow shows it at T1.
    fn move_cursor(&mut self, dir: Dir) -> bool {
        let (dr, dc) = dir.delta();
        let n = self.game.size();
        let Some(current) = self.cursor else {
            return self.set_cursor(Some(Move::new(Side::Top, 0)));
        };
        let (r, c) = self.button_square(current);
        let (r, c) = (r as isize + dr, c as isize + dc);
        let last = n as isize + 1;
        if !(0..=last).contains(&r) || !(0..=last).contains(&c) {
            return false;
        }
        let (mut r, mut c) = (r, c);
        let corner = (r == 0 || r == last) && (c == 0 || c == last);
        let inside = (1..last).contains(&r) && (1..last).contains(&c);
        if corner {
            if dr == 0 {
                r = if r == 0 { 1 } else { last - 1 };
            } else {
                c = if c == 0 { 1 } else { last - 1 };
            }
        } else if inside {
            if dr != 0 {
                r = if dr > 0 { last } else { 0 };
            } else {
                c = if dc > 0 { last } else { 0 };
            }
        }
        let next = square_move(n, r as usize, c as usize);
        self.set_cursor(next)
    }

    // ---- Drawing ----

    fn marker(&self, painter: &mut dyn Painter, center: Point, player: Player, ring: Option<Rgba>) {
        let s = self.cell_size();
        let radius = s * 0.36;
        let fill = match player {
            Player::X => X_COLOR,
            Player::O => O_COLOR,
        };
        painter.circle(
            center,
            radius,
            Style {
                fill: Some(fill),
                stroke: ring.map(|color| Stroke { width: 4.0, color }),
            },
        );
        painter.text(
            center,
            Anchor::Center,
            (s * 0.4).round(),
            MARKER_TEXT,
            &player.letter().to_string(),
        );
    }

    /// Where the marker at step `k` of `mv`'s line is drawn, `k` from -1
    /// (its button) to n (past the far end), `t` of the way to `k + 1`.
    fn along(&self, mv: Move, k: isize, t: f32) -> Point {
        let n = self.game.size() as isize;
        let at = |k: isize| -> Point {
            if k < 0 {
                self.button_center(mv)
            } else if k >= n {
                let opposite = Move::new(
                    match mv.side {
                        Side::Top => Side::Bottom,
                        Side::Bottom => Side::Top,
                        Side::Left => Side::Right,
                        Side::Right => Side::Left,
                    },
                    mv.index,
                );
                self.button_center(opposite)
            } else {
                let (r, c) = mv.line(n as usize).nth(k as usize).expect("on the line");
                self.cell_center(r, c)
            }
        };
        let (a, b) = (at(k), at(k + 1));
        Point::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
    }

    fn draw_board(&self, painter: &mut dyn Painter) {
        let n = self.game.size();
        let s = self.cell_size();
        let board = self.game.board();
        let ending = self.game.ending();
        let straight_winner = match ending {
            Some(Ending::Straights { winner, .. }) => Some(winner),
            _ => None,
        };
        let loser = match ending {
            Some(Ending::Repetition { loser }) => Some(loser),
            _ => None,
        };
        // The cells.
        for row in 0..n {
            for col in 0..n {
                let cell = board.get(row, col);
                let tile = if straight_winner.is_some()
                    && cell == straight_winner
                    && board.in_straight(row, col)
                {
                    STRAIGHT_TILE
                } else if loser.is_some() && cell == loser {
                    REPEAT_TILE
                } else {
                    TILE
                };
                painter.rect(
                    self.square_min(row + 1, col + 1),
                    Point::new(s, s),
                    Style {
                        fill: Some(tile),
                        stroke: Some(Stroke {
                            width: 1.0,
                            color: GRID,
                        }),
                    },
                );
            }
        }
        // The markers, those of a sliding push where the slide has got to.
        let slide = self.slide.filter(|sl| sl.t < 1.0);
        let moving: Vec<(usize, usize)> = match slide {
            Some(sl) => {
                let cells: Vec<(usize, usize)> = sl.mv.line(n).collect();
                let gap = cells
                    .iter()
                    .position(|&(r, c)| sl.before.get(r, c).is_none())
                    .unwrap_or(n);
                cells[..(gap + 1).min(n)].to_vec()
            }
            None => Vec::new(),
        };
        for row in 0..n {
            for col in 0..n {
                if moving.contains(&(row, col)) {
                    continue;
                }
                if let Some(p) = board.get(row, col) {
                    let ring = (Some(p) == loser).then_some(LOSER_RING);
                    self.marker(painter, self.cell_center(row, col), p, ring);
                }
            }
        }
        if let Some(sl) = slide {
            let t = sl.t.clamp(0.0, 1.0);
            let side = s * (n + 2) as f32;
            painter.push_clip(Point::new(MARGIN, MARGIN), Point::new(side, side));
            let cells: Vec<(usize, usize)> = sl.mv.line(n).collect();
            for (k, &(r, c)) in cells.iter().enumerate() {
                let Some(p) = sl.before.get(r, c) else { break };
                self.marker(painter, self.along(sl.mv, k as isize, t), p, None);
            }
            self.marker(painter, self.along(sl.mv, -1, t), sl.mover, None);
            painter.pop_clip();
        }
    }

    fn draw_buttons(&self, painter: &mut dyn Painter) {
        let s = self.cell_size();
        let active = self.person_to_move();
        let last = self.game.moves().last().copied();
        let held = self.pressed.filter(|p| self.hover == Some(*p));
        for mv in Move::all(self.game.size()) {
            let center = self.button_center(mv);
            let lit = active && (self.hover == Some(mv) || held == Some(mv));
            let stroke = if self.cursor == Some(mv) {
                Some(Stroke {
                    width: 3.0,
                    color: CURSOR,
                })
            } else if last == Some(mv) {
                Some(Stroke {
                    width: 2.0,
                    color: LAST_MOVE,
                })
            } else {
                None
            };
            let radius = s * 0.34 - if held == Some(mv) { 2.0 } else { 0.0 };
            painter.circle(
                center,
                radius,
                Style {
                    fill: Some(if lit { HIGHLIGHT } else { BUTTON }),
                    stroke,
                },
            );
            painter.text(
                center,
                Anchor::Center,
                (s * 0.32).round(),
                if active {
                    BUTTON_TEXT
                } else {
                    BUTTON_TEXT_IDLE
                },
                &(mv.index + 1).to_string(),
            );
        }
        // A preview of the marker a click would push in, beside the button.
        if active && let Some(mv) = self.hover.or(self.cursor) {
            let c = self.button_center(mv);
            let to = self.along(mv, -1, 0.5);
            let dot = Point::new(c.x + (to.x - c.x) * 0.7, c.y + (to.y - c.y) * 0.7);
            painter.circle(
                dot,
                s * 0.1,
                Style::solid(match self.game.to_move() {
                    Player::X => X_COLOR,
                    Player::O => O_COLOR,
                }),
            );
        }
    }

    fn draw_panel(&self, painter: &mut dyn Painter) {
        let (min, size) = self.panel();
        painter.rounded_rect(min, size, 6.0, Style::solid(PANEL));
        let x = min.x + 12.0;
        let mut y = min.y + 10.0;
        let mover = (!self.game.is_over()).then(|| self.game.to_move());
        for p in Player::BOTH {
            let color = match p {
                Player::X => X_COLOR,
                Player::O => O_COLOR,
            };
            painter.circle(Point::new(x + 8.0, y + 9.0), 8.0, Style::solid(color));
            let seat = self.settings.seat(p).to_string();
            let mark = if mover == Some(p) { "> " } else { "" };
            painter.text(
                Point::new(x + 22.0, y + 9.0),
                Anchor::Left,
                14.0,
                TEXT,
                &format!("{mark}{p}: {seat}"),
            );
            y += 22.0;
        }
        y += 8.0;
        painter.text(Point::new(x, y), Anchor::TopLeft, 16.0, TEXT, "Moves");
        y = min.y + PANEL_HEADER;
        let (first, count) = self.shown_rows();
        let played = self.game.moves().len();
        if first > 0 {
            painter.text(
                Point::new(x, y - 4.0),
                Anchor::BottomLeft,
                12.0,
                UNDONE_MOVE,
                "...",
            );
        }
        for row in first..first + count {
            let top = y + (row - first) as f32 * ROW_HEIGHT;
            painter.text(
                Point::new(x + 24.0, top),
                Anchor::TopRight,
                14.0,
                TEXT,
                &format!("{}.", row + 1),
            );
            for k in 0..2 {
                let i = row * 2 + k;
                let Some(mv) = self.line.get(i) else { break };
                let color = if i + 1 == played {
                    CURRENT_MOVE
                } else if i >= played {
                    UNDONE_MOVE
                } else {
                    TEXT
                };
                painter.text(
                    Point::new(x + 36.0 + k as f32 * 56.0, top),
                    Anchor::TopLeft,
                    14.0,
                    color,
                    &mv.to_string(),
                );
            }
        }
    }
}

/// The move of the button at grid square (`row`, `col`) of a board of
/// side `n`, if it is a button (not a cell, not a corner).
fn square_move(n: usize, row: usize, col: usize) -> Option<Move> {
    let last = n + 1;
    let inner = |i: usize| (1..=n).contains(&i);
    match (row, col) {
        (0, c) if inner(c) => Some(Move::new(Side::Top, c - 1)),
        (r, 0) if inner(r) => Some(Move::new(Side::Left, r - 1)),
        (r, c) if r == last && inner(c) => Some(Move::new(Side::Bottom, c - 1)),
        (r, c) if c == last && inner(r) => Some(Move::new(Side::Right, r - 1)),
        _ => None,
    }
}

impl PousseGame {
    /// Keeps the settings in the launcher's data directory for the game; a
    /// failure is logged, never shown as an error: the game goes on.
    pub(crate) fn store_settings(&self) {
        SettingsFile::update_for(&self.host, |file| self.settings.write(file));
    }

    /// A new game, as the player asked for with the Size choice: the
    /// launcher starts it, as its New game does, when it offers that;
    /// otherwise the game starts it. Returns whether the game changed now.
    fn ask_for_new_game(&mut self) -> bool {
        let host = self.host;
        host.new_game_or(|seed| {
            let game = Match::new(self.settings.size).expect("a size of the choice");
            self.begin(game, seed);
        })
    }

    /// Starts the game of a record typed in the Record field.
    fn start_record(&mut self, text: &str) -> Result<(), GameError> {
        let game = crate::rules::parse_game(text).map_err(GameError)?;
        self.begin(game, self.seed);
        Ok(())
    }
}

impl Game for PousseGame {
    fn new(host: Host) -> Result<Self, GameError> {
        let settings = Settings::load(host.data_dir().as_deref());
        Ok(PousseGame::build(settings, fresh_seed(), host))
    }

    fn canvas_size(&self) -> Point {
        self.canvas()
    }

    fn title(&self) -> String {
        "Pousse".into()
    }

    fn status(&self) -> String {
        self.status_text()
    }

    fn draw(&self, painter: &mut dyn Painter) {
        painter.fill_canvas(self.canvas(), BACKGROUND);
        self.draw_board(painter);
        self.draw_buttons(painter);
        self.draw_panel(painter);
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        let changed = match event {
            Event::PointerMove { pos } | Event::PointerEnter { pos } => {
                let over = self.button_at(*pos);
                let changed = over != self.hover;
                self.hover = over;
                changed && self.person_to_move()
            }
            Event::PointerLeave => {
                self.pressed = None;
                let changed = self.hover.is_some();
                self.hover = None;
                changed
            }
            Event::PointerPress {
                pos,
                button: Button::Primary,
                ..
            } => {
                self.hover = self.button_at(*pos);
                self.pressed = self.hover.filter(|_| self.person_to_move());
                self.pressed.is_some()
            }
            Event::PointerRelease {
                pos,
                button: Button::Primary,
                ..
            } => {
                let down = self.pressed.take();
                let up = self.button_at(*pos);
                self.hover = up;
                match up {
                    // A press dragged off its button is cancelled. A host
                    // that reports only releases still gets its clicks.
                    Some(mv) if down.is_none_or(|d| d == mv) => {
                        self.play_person(mv) || down.is_some()
                    }
                    _ => down.is_some(),
                }
            }
            Event::KeyPress { key, .. } => self.handle_key(key),
            Event::Tick { dt } => self.tick(*dt),
            _ => false,
        };
        Response::redraw_if(changed)
    }

    fn actions(&self) -> Vec<Action> {
        let seats = Seat::labels();
        let sizes: Vec<usize> = (crate::rules::MIN_SIZE..=crate::rules::MAX_SIZE).collect();
        vec![
            Action::choice("x", "X", seats.clone(), self.settings.x.to_string()),
            Action::choice("o", "O", seats, self.settings.o.to_string()),
            Action::choice("size", "Size", sizes, self.game.size()).with_shortcut("s"),
            Action::button("go", "Computer moves")
                .with_shortcut("g")
                .enabled(self.is_paused()),
            Action {
                kind: game_api::ActionKind::Text {
                    value: self.game.record(),
                },
                ..Action::button("record", "Record")
            },
        ]
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        match id {
            "x" | "o" => {
                let seat = Seat::from_label(value)
                    .ok_or_else(|| GameError(format!("{value:?} is not one of the players")))?;
                let player = if id == "x" { Player::X } else { Player::O };
                self.set_seat(player, seat);
            }
            "size" => {
                let n: usize = game_api::parse_choice(value)?;
                if !(crate::rules::MIN_SIZE..=crate::rules::MAX_SIZE).contains(&n) {
                    return Err(GameError(format!("Pousse has no board of size {n}")));
                }
                self.settings.size = n;
                self.store_settings();
                if !self.ask_for_new_game() {
                    return Ok(Response::NONE);
                }
            }
            "go" => {
                if !self.go() {
                    return Ok(Response::NONE);
                }
            }
            "record" => self.start_record(value)?,
            other => return Err(GameError(format!("Pousse has no action {other:?}"))),
        }
        Ok(Response::REDRAW)
    }

    fn regions(&self) -> Vec<Region> {
        let n = self.game.size();
        let s = self.cell_size();
        let mut regions = Vec::new();
        let mover = self.game.to_move();
        for mv in Move::all(n) {
            let (r, c) = self.button_square(mv);
            let what = if mv.side.is_column() { "column" } else { "row" };
            let label = if self.person_to_move() {
                format!(
                    "{mv}: push {mover} into {what} {} from the {}",
                    mv.index + 1,
                    mv.side.name()
                )
            } else {
                format!("{mv}: {what} {} from the {}", mv.index + 1, mv.side.name())
            };
            regions.push(Region::new(label, self.square_min(r, c), Point::new(s, s)));
        }
        let board = self.game.board();
        for row in 0..n {
            for col in 0..n {
                let cell = board
                    .get(row, col)
                    .map_or("empty".to_string(), |p| p.to_string());
                regions.push(Region::new(
                    format!("row {}, column {}: {cell}", row + 1, col + 1),
                    self.square_min(row + 1, col + 1),
                    Point::new(s, s),
                ));
            }
        }
        let (min, size) = self.panel();
        let record = record_text(n, self.game.moves());
        let undone = self.line.len() - self.game.moves().len();
        let label = match (record.is_empty(), undone) {
            (true, 0) => "Moves: none yet".to_string(),
            (_, 0) => format!("Moves: {record}"),
            (_, k) => format!("Moves: {record} ({k} undone)"),
        };
        regions.push(Region::new(label, min, size));
        regions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::Strength;
    use game_api::{RecordingPainter, Shape};

    fn people() -> PousseGame {
        PousseGame::with_settings(
            Settings {
                size: 4,
                x: Seat::Person,
                o: Seat::Person,
            },
            1,
        )
    }

    fn click(g: &mut PousseGame, mv: Move) -> Response {
        let pos = g.button_center(mv);
        g.handle_event(&Event::press(pos));
        g.handle_event(&Event::release(pos))
    }

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn every_button_is_found_where_it_is_drawn() {
        for n in 3..=8 {
            let mut g = people();
            g.begin(Match::new(n).unwrap(), 1);
            for m in Move::all(n) {
                assert_eq!(g.button_at(g.button_center(m)), Some(m), "{n} {m}");
            }
            // Cells and corners are no buttons.
            assert_eq!(g.button_at(g.cell_center(0, 0)), None);
            assert_eq!(g.button_at(Point::new(MARGIN + 1.0, MARGIN + 1.0)), None);
            let c = g.canvas();
            assert!(c.x <= 8192.0 && c.y <= 8192.0);
        }
    }

    #[test]
    fn clicking_numbers_plays_moves_for_the_people_in_turn() {
        let mut g = people();
        assert!(g.status().starts_with("Move 1: X (Person) to move"));
        assert_eq!(click(&mut g, mv("L1")), Response::REDRAW);
        assert_eq!(click(&mut g, mv("B4")), Response::REDRAW);
        assert_eq!(g.game().record(), "L1 B4");
        assert_eq!(g.game().board().get(0, 0), Some(Player::X));
        assert_eq!(g.game().board().get(3, 3), Some(Player::O));
        assert!(g.status().starts_with("Move 3: X (Person) to move"));
    }

    #[test]
    fn the_arrows_go_round_the_board_and_across_it() {
        let mut g = people();
        let keys = |g: &mut PousseGame, keys: &[&str]| {
            for k in keys {
                g.handle_event(&Event::key(k));
            }
            g.cursor().map(|c| c.to_string())
        };
        assert_eq!(keys(&mut g, &["ArrowRight"]).as_deref(), Some("T1"));
        assert_eq!(keys(&mut g, &["ArrowLeft"]).as_deref(), Some("L1"));
        assert_eq!(keys(&mut g, &["ArrowRight"]).as_deref(), Some("R1"));
        assert_eq!(keys(&mut g, &["ArrowUp"]).as_deref(), Some("T4"));
        assert_eq!(keys(&mut g, &["ArrowDown"]).as_deref(), Some("B4"));
        assert_eq!(keys(&mut g, &["ArrowDown"]).as_deref(), Some("B4"));
        assert_eq!(keys(&mut g, &["l", "3"]).as_deref(), Some("L3"));
        assert_eq!(keys(&mut g, &["9"]).as_deref(), Some("L3"));
        assert_eq!(g.handle_event(&Event::key("Enter")), Response::REDRAW);
        assert_eq!(g.game().record(), "L3");
    }

    #[test]
    fn the_computer_answers_on_ticks_and_a_stale_answer_is_dropped() {
        let mut g = PousseGame::with_settings(
            Settings {
                size: 4,
                x: Seat::Person,
                o: Seat::Computer(Strength::Easy),
            },
            3,
        );
        assert!(!g.is_thinking());
        click(&mut g, mv("T2"));
        assert!(g.is_thinking());
        assert!(g.status().contains("O (Computer Easy) is thinking"));
        // Undo (the launcher loads the position before): the search is
        // dropped, nothing comes.
        let empty = Match::new(4).unwrap();
        g.restore(empty, Vec::new(), 3);
        assert!(!g.is_thinking());
        for _ in 0..100 {
            g.handle_event(&Event::Tick { dt: 0.05 });
        }
        assert_eq!(g.game().moves().len(), 0);
        // Play again: the answer comes on ticks.
        click(&mut g, mv("T2"));
        let mut ticks = 0u64;
        while g.game().moves().len() < 2 {
            g.handle_event(&Event::Tick { dt: 0.05 });
            std::thread::yield_now();
            ticks += 1;
            assert!(ticks < 100_000_000);
        }
        assert!(!g.is_thinking());
        assert!(g.status().starts_with("Move 3: X (Person) to move"));
    }

    #[test]
    fn after_an_undo_the_computer_waits_until_told() {
        let mut g = PousseGame::with_settings(
            Settings {
                size: 4,
                x: Seat::Computer(Strength::Easy),
                o: Seat::Person,
            },
            3,
        );
        assert!(g.is_thinking());
        g.restore(Match::new(4).unwrap(), Vec::new(), 3);
        assert!(g.is_paused() && !g.is_thinking());
        assert!(
            g.status().contains("to move, waiting (after an undo"),
            "{}",
            g.status()
        );
        let go = g.actions().into_iter().find(|a| a.id == "go").unwrap();
        assert!(go.enabled);
        assert_eq!(g.invoke_action("go", ""), Ok(Response::REDRAW));
        assert!(g.is_thinking());
    }

    #[test]
    fn the_list_keeps_undone_moves_until_a_new_move_replaces_them() {
        let mut g = people();
        for m in ["L1", "T2", "R3"] {
            g.play(mv(m));
        }
        let two = Match::replay(4, &[mv("L1"), mv("T2")]).unwrap();
        g.restore(two, Vec::new(), 1);
        assert_eq!(record_text(4, g.line()), "L1 T2 R3");
        g.play(mv("B1"));
        assert_eq!(record_text(4, g.line()), "L1 T2 B1");
    }

    #[test]
    fn a_won_game_shows_its_straights_in_green() {
        let mut g = people();
        for m in ["T1", "R2", "T1", "R3", "T1", "R4", "T1"] {
            assert!(g.play(mv(m)));
        }
        assert!(
            g.status()
                .starts_with("Game over: X (Person) wins with 1 straight to 0"),
            "{}",
            g.status()
        );
        let mut painter = RecordingPainter::new();
        g.draw(&mut painter);
        let greens = painter
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Rect { style, .. } if style.fill == Some(STRAIGHT_TILE)))
            .count();
        assert_eq!(greens, 4);
        // No more moves.
        assert_eq!(click(&mut g, mv("L2")), Response::NONE);
    }
}
