//! The game as the launcher sees it: [`JewelGame`] implements
//! [`game_api::Game`] on top of the rules ([`Play`]), draws them, and turns
//! the pointer and the keys into swaps.
//!
//! Controls, as the original's:
//!
//! * drag a jewel onto a neighbour to swap them (a drag of
//!   [`DRAG_DISTANCE`] picks the direction it went furthest in);
//! * or the keyboard's "bubble": the arrows move it, Space (or Enter)
//!   locks it on a jewel, and an arrow then swaps that jewel in its
//!   direction; Space again unlocks it. A click locks the bubble too, and a
//!   click on a neighbour of the locked jewel swaps them (for screen
//!   readers, whose regions are activated by clicks);
//! * Space starts a dealt game (or clicking the board, or Start); 0 to 4
//!   choose the difficulty and start, as the original's menu;
//! * P pauses and hides the board; P (or Space) goes on;
//! * once the game is over, Space or N asks for a new one;
//! * H shows the help.
//!
//! The square under the pointer lights up, as the original lit the jewel
//! under its mouse.
//!
//! The game's state changes at once; the swap, the vanishing lines and the
//! falls are then drawn on ticks ([`crate::anim`]), and the clock runs on
//! ticks. Ticks are asked for only while the clock runs or something moves.

use std::time::Duration;

use game_api::Ticks;
use game_api::rng::fresh_seed;
use game_api::{
    Action, Anchor, Button, Event, Game, GameError, Host, NewGame, Painter, Point, Region,
    Response, Stroke, Style, keys,
};

use crate::anim::{Anim, FLOAT_SECONDS, Frame, Motion};
use crate::board::{Cell, Dir, SIZE};
use crate::draw::{
    self, BACKGROUND, BOARD_SIDE, BOARD_X, BOARD_Y, BUBBLE, BUBBLE_LOCKED, CELL, DIAL_CENTER,
    DIAL_RADIUS, DRAG_DISTANCE, HEIGHT, HIDDEN, LABEL, NOTICE, PANEL_WIDTH, PANEL_X, SOFT,
    SQUARE_DARK, SQUARE_LIGHT, VALUE, VEIL, WIDTH,
};
use crate::play::{Difficulty, End, LIFE_VISIBLE, Phase, Play, Refusal};

/// The window title.
pub const TITLE: &str = "Jewel";
/// The ID of the Difficulty choice (key `d`).
pub const DIFFICULTY: &str = "difficulty";
/// The ID of the Start button.
pub const START: &str = "start";
/// The ID of the Pause button (key `p`).
pub const PAUSE: &str = "pause";
/// How often the game asks for ticks while something moves.
pub const TICK: Duration = Duration::from_millis(16);
/// The longest tick the clock counts: a window that got no frames for a
/// while (hidden, busy) does not lose the player all that time at once.
pub const MAX_TICK: f32 = 0.25;

/// Points of a line floating up from where it was.
#[derive(Clone, Debug, PartialEq)]
pub struct Floater {
    /// "+2".
    pub text: String,
    /// Where, in cells (row, column).
    pub at: (f32, f32),
    /// Seconds since it appeared; below 0 while it waits for its line to
    /// vanish.
    pub age: f32,
}

/// A press on the board that may become a drag.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drag {
    cell: Cell,
    pos: Point,
    /// Whether it already swapped (or tried to).
    done: bool,
}

/// A game of Jewel in the launcher.
#[derive(Clone, Debug)]
pub struct JewelGame {
    pub(crate) host: Host,
    pub(crate) play: Play,
    /// The difficulty the next new game gets.
    pub(crate) next_difficulty: Difficulty,
    anim: Option<Anim>,
    floaters: Vec<Floater>,
    /// The keyboard's bubble.
    bubble: Option<Cell>,
    /// Whether the bubble is locked on its jewel.
    locked: bool,
    /// The last cell clicked, where the bubble first shows.
    last_click: Option<Cell>,
    drag: Option<Drag>,
    /// What the game has to say until the next action (a refused swap).
    note: Option<String>,
    /// The cell under the pointer, lit up as the original lit the jewel
    /// under its mouse.
    hover: Option<Cell>,
    ticking: Ticks,
}

impl JewelGame {
    /// The game `seed` deals at `difficulty`, waiting to start, with a host
    /// that offers nothing ([`Host::detached`]).
    pub fn with_seed(seed: u64, difficulty: Difficulty) -> JewelGame {
        JewelGame::from_play(Play::deal(seed, difficulty))
    }

    /// A game that goes on from `play`, with a host that offers nothing.
    pub fn from_play(play: Play) -> JewelGame {
        JewelGame {
            host: Host::detached(),
            next_difficulty: play.difficulty(),
            play,
            anim: None,
            floaters: Vec::new(),
            bubble: None,
            locked: false,
            last_click: None,
            drag: None,
            note: None,
            hover: None,
            ticking: Ticks::default(),
        }
    }

    /// This game with the launcher's services `host`.
    pub fn with_host(mut self, host: Host) -> JewelGame {
        self.host = host;
        self.update_ticks();
        self
    }

    /// The rules' view of the game.
    pub fn play(&self) -> &Play {
        &self.play
    }

    /// The keyboard's bubble, if shown.
    pub fn bubble(&self) -> Option<Cell> {
        self.bubble
    }

    /// Whether the bubble is locked on its jewel.
    pub fn is_locked(&self) -> bool {
        self.locked
    }

    /// The animation playing, if any.
    pub fn anim(&self) -> Option<&Anim> {
        self.anim.as_ref()
    }

    /// The points floating over the board.
    pub fn floaters(&self) -> &[Floater] {
        &self.floaters
    }

    /// Whether the game asked for ticks.
    pub fn is_ticking(&self) -> bool {
        self.ticking.asked().is_some()
    }

    /// Whether the jewels are hidden: before the start and while paused.
    pub fn is_hidden(&self) -> bool {
        self.play.phase() == Phase::Ready || self.play.is_paused()
    }

    /// Goes on from `play` (a new game, a load): whatever was moving or
    /// being said stops; the bubble stays where it was but unlocked.
    pub(crate) fn begin(&mut self, play: Play) {
        self.play = play;
        self.anim = None;
        self.floaters.clear();
        self.locked = false;
        self.drag = None;
        self.note = None;
        self.update_ticks();
    }

    /// Starts a dealt game. Returns whether it was waiting.
    pub fn start(&mut self) -> bool {
        let started = self.play.start();
        if started {
            self.note = None;
            self.update_ticks();
        }
        started
    }

    /// Pauses or goes on. Pausing ends what was moving (the board is
    /// hidden). Returns whether anything changed.
    pub fn set_paused(&mut self, paused: bool) -> bool {
        if !self.play.set_paused(paused) {
            return false;
        }
        if paused {
            self.anim = None;
            self.floaters.clear();
            self.drag = None;
        }
        self.update_ticks();
        true
    }

    /// Tries to swap the jewel at `from` with its neighbour `to`, as the
    /// player asked: an accepted swap is animated and scored, a refused one
    /// goes there and back and is said in the status line. Either way the
    /// bubble is unlocked; it follows an accepted swap's jewel. Returns
    /// whether anything changed.
    pub fn swap(&mut self, from: Cell, to: Cell) -> bool {
        self.note = None;
        match self.play.try_swap(from, to) {
            Ok(cascade) => {
                let starts = Anim::round_starts(&cascade);
                self.floaters.retain(|f| f.age >= 0.0);
                for (step, start) in cascade.steps.iter().zip(starts) {
                    for &(run, points) in &step.runs {
                        self.floaters.push(Floater {
                            text: format!("+{points}"),
                            at: run.middle(),
                            age: -start,
                        });
                    }
                }
                self.anim = Some(Anim::new(Motion::Cascade(cascade)));
                if self.bubble.is_some() {
                    self.bubble = Some(to);
                }
                self.locked = false;
            }
            Err(Refusal::NoLine) => {
                self.anim = Some(Anim::new(Motion::Refused { a: from, b: to }));
                self.note = Some(Refusal::NoLine.to_string());
                self.locked = false;
            }
            Err(refusal) => {
                self.note = Some(refusal.to_string());
            }
        }
        self.update_ticks();
        true
    }

    /// Lets `dt` seconds pass: the animation moves on and the clock runs
    /// (at most [`MAX_TICK`] a tick; not while lines vanish and jewels fall,
    /// as in the original). Returns whether anything changed.
    pub fn tick(&mut self, dt: f32) -> bool {
        if self.play.is_paused() || dt.is_nan() || dt <= 0.0 {
            return false;
        }
        let dt = dt.min(MAX_TICK);
        let mut clock = dt;
        let mut changed = false;
        if let Some(anim) = &mut self.anim {
            changed = true;
            let holds = anim.holds_the_clock();
            match anim.advance(dt) {
                Some(left) => {
                    if holds {
                        clock = left;
                    }
                    self.anim = None;
                }
                None if holds => clock = 0.0,
                None => {}
            }
        }
        if !self.floaters.is_empty() {
            changed = true;
            for f in &mut self.floaters {
                f.age += dt;
            }
            self.floaters.retain(|f| f.age < FLOAT_SECONDS);
        }
        changed |= self.play.run_clock(f64::from(clock));
        self.update_ticks();
        changed
    }

    /// Asks for ticks while the clock runs or something moves, and for
    /// none otherwise.
    fn update_ticks(&mut self) {
        let wanted = !self.play.is_paused()
            && (self.play.is_running() || self.anim.is_some() || !self.floaters.is_empty());
        self.ticking.want(&self.host, wanted.then_some(TICK));
    }

    /// A new game, as the player asked for: the launcher starts it, as its
    /// New game does, when it offers that; otherwise the game deals one
    /// from a fresh seed itself. Returns whether the game changed now.
    fn ask_for_new_game(&mut self) -> bool {
        let host = self.host;
        host.new_game_or(|seed| self.new_game(seed))
    }

    /// Chooses the difficulty: a game not started yet takes it at once; a
    /// game under way keeps its own and a new game is asked for.
    pub fn choose_difficulty(&mut self, difficulty: Difficulty) -> bool {
        self.next_difficulty = difficulty;
        if self.play.phase() == Phase::Ready {
            self.play.set_difficulty(difficulty);
            true
        } else if difficulty != self.play.difficulty() {
            self.ask_for_new_game();
            true
        } else {
            true
        }
    }

    /// An arrow: swaps the locked jewel that way, or moves the bubble
    /// (showing it first where the last click was, or in the corner the
    /// arrow comes from, as the original).
    fn arrow(&mut self, dir: Dir) -> bool {
        if !self.play.is_running() {
            return false;
        }
        self.note = None;
        if self.locked
            && let Some(from) = self.bubble
            && let Some(to) = from.step(dir)
        {
            return self.swap(from, to);
        }
        let next = match self.bubble {
            Some(at) => at.step(dir).unwrap_or(at),
            None => self.last_click.unwrap_or_else(|| {
                let (dr, dc) = dir.delta();
                Cell::new(
                    if dr >= 0 { 0 } else { SIZE - 1 },
                    if dc >= 0 { 0 } else { SIZE - 1 },
                )
            }),
        };
        let changed = self.bubble != Some(next);
        self.bubble = Some(next);
        changed
    }

    /// Space or Enter: starts a dealt game, goes on from a pause, asks for
    /// a new game once over, and otherwise locks or unlocks the bubble.
    fn space(&mut self) -> bool {
        self.note = None;
        match self.play.phase() {
            Phase::Ready => self.start(),
            Phase::Over(_) => self.ask_for_new_game(),
            Phase::Playing if self.play.is_paused() => self.set_paused(false),
            Phase::Playing => {
                if self.bubble.is_none() {
                    self.bubble = Some(self.last_click.unwrap_or(Cell::new(0, 0)));
                }
                self.locked = !self.locked;
                true
            }
        }
    }

    /// A click on `cell` (a press and a release on it without a drag).
    fn click(&mut self, cell: Cell) -> bool {
        self.note = None;
        match self.play.phase() {
            Phase::Ready => return self.start(),
            Phase::Playing if self.play.is_paused() => return self.set_paused(false),
            Phase::Playing => {}
            Phase::Over(_) => return false,
        }
        self.last_click = Some(cell);
        match self.bubble {
            Some(locked) if self.locked && locked.is_next_to(cell) => self.swap(locked, cell),
            Some(locked) if self.locked && locked == cell => {
                self.locked = false;
                true
            }
            _ => {
                self.bubble = Some(cell);
                self.locked = true;
                true
            }
        }
    }

    /// Puts the pointer over `cell`; returns whether that changed.
    fn set_hover(&mut self, cell: Option<Cell>) -> bool {
        let changed = self.hover != cell;
        self.hover = cell;
        changed
    }

    /// The cell under the pointer, if it is on the board.
    pub fn hover(&self) -> Option<Cell> {
        self.hover
    }

    /// Swaps the pressed jewel towards where the pointer went, if it went
    /// far enough, along the axis it went furthest in.
    fn drag_to(&mut self, pos: Point) -> bool {
        let Some(drag) = self.drag else {
            return false;
        };
        if drag.done || !self.play.is_running() {
            return false;
        }
        let (dx, dy) = (pos.x - drag.pos.x, pos.y - drag.pos.y);
        if dx.is_nan() || dy.is_nan() || dx * dx + dy * dy <= DRAG_DISTANCE * DRAG_DISTANCE {
            return false;
        }
        self.drag = Some(Drag { done: true, ..drag });
        let dir = if dx.abs() > dy.abs() {
            if dx < 0.0 { Dir::Left } else { Dir::Right }
        } else if dy < 0.0 {
            Dir::Up
        } else {
            Dir::Down
        };
        self.last_click = Some(drag.cell);
        match drag.cell.step(dir) {
            Some(to) => {
                self.bubble = self.bubble.map(|_| drag.cell);
                self.swap(drag.cell, to)
            }
            None => false,
        }
    }

    fn key(&mut self, key: &str) -> bool {
        if let Some(dir) = Dir::from_arrow(key) {
            return self.arrow(dir);
        }
        match key {
            keys::SPACE | keys::ENTER => self.space(),
            "p" => {
                let paused = self.play.is_paused();
                self.set_paused(!paused)
            }
            "n" if matches!(self.play.phase(), Phase::Over(_)) => self.ask_for_new_game(),
            "h" => {
                self.host.show_text_help("Jewel Help", false);
                false
            }
            digit if self.play.phase() == Phase::Ready => {
                let Some(difficulty) = digit.parse::<u8>().ok().and_then(Difficulty::from_number)
                else {
                    return false;
                };
                self.choose_difficulty(difficulty);
                self.start()
            }
            _ => false,
        }
    }

    /// Seconds left, as the status line and the dial say them: whole
    /// seconds, rounded up.
    pub fn seconds_shown(&self) -> u64 {
        self.play.seconds_left().ceil().max(0.0) as u64
    }

    /// The status line: what to do now (or what the game has to say), and
    /// the score, level and clock.
    pub fn status_text(&self) -> String {
        let p = &self.play;
        let numbers = format!(
            "Score {}, level {}, {} s left",
            p.score(),
            p.level(),
            self.seconds_shown()
        );
        match p.phase() {
            Phase::Ready => format!(
                "Press Space or click the board to start. Difficulty {}: {} (keys 0 to 4 choose and start)",
                p.difficulty().label(),
                p.difficulty().what_matches()
            ),
            Phase::Over(end) => {
                let what = match end {
                    End::TimeUp => "Time is up!",
                    End::NoMoves => "No swap can make a line: game over!",
                };
                format!(
                    "{what} Score {} at level {}. Press Space for a new game",
                    p.score(),
                    p.level()
                )
            }
            Phase::Playing if p.is_paused() => {
                format!("Paused: press P to go on. {numbers}")
            }
            Phase::Playing => {
                let main = if let Some(note) = &self.note {
                    note.clone()
                } else if let (true, Some(cell)) = (self.locked, self.bubble) {
                    format!("Jewel at {cell} locked: an arrow swaps it, Space unlocks it")
                } else {
                    "Swap two neighbours to make a line of three: drag one, or lock it with Space and press an arrow".into()
                };
                let moves = p.board().legal_swaps().len();
                let plural = if moves == 1 { "" } else { "s" };
                format!("{main}. {numbers}, {moves} move{plural}")
            }
        }
    }

    /// The name of the jewel at `cell` as it looks: "blue ball".
    pub fn jewel_name(&self, cell: Cell) -> String {
        let look = self.play.look(self.play.board().get(cell));
        format!(
            "{} {}",
            draw::COLOR_NAMES[usize::from(look.color)],
            draw::SHAPE_NAMES[usize::from(look.shape)]
        )
    }

    fn draw_panel(&self, painter: &mut dyn Painter) {
        let p = &self.play;
        let x = PANEL_X + 8.0;
        let mut y = BOARD_Y + 4.0;
        for (label, value) in [
            ("SCORE", p.score().to_string()),
            ("LEVEL", p.level().to_string()),
            ("MOVES", p.board().legal_swaps().len().to_string()),
        ] {
            painter.text(Point::new(x, y), Anchor::TopLeft, 16.0, LABEL, label);
            painter.text(
                Point::new(PANEL_X + PANEL_WIDTH - 8.0, y + 16.0),
                Anchor::TopRight,
                26.0,
                VALUE,
                &value,
            );
            y += 62.0;
        }
        painter.text(
            Point::new(x, y),
            Anchor::TopLeft,
            14.0,
            SOFT,
            &format!(
                "Difficulty {}\n{}",
                p.difficulty().label(),
                p.difficulty().what_matches()
            ),
        );
        let life = p.life();
        draw::dial(
            painter,
            (life / LIFE_VISIBLE) as f32,
            draw::dial_color(life, LIFE_VISIBLE),
        );
        painter.text(
            DIAL_CENTER,
            Anchor::Center,
            22.0,
            VALUE,
            &format!("{} s", self.seconds_shown()),
        );
        painter.text(
            Point::new(DIAL_CENTER.x, DIAL_CENTER.y + DIAL_RADIUS + 10.0),
            Anchor::Top,
            14.0,
            SOFT,
            "TIME",
        );
    }

    fn draw_squares(&self, painter: &mut dyn Painter, hidden: bool) {
        painter.rounded_rect(
            Point::new(BOARD_X - 6.0, BOARD_Y - 6.0),
            Point::new(BOARD_SIDE + 12.0, BOARD_SIDE + 12.0),
            8.0,
            Style::solid(SQUARE_DARK),
        );
        for cell in Cell::all() {
            let color = if hidden {
                HIDDEN
            } else if self.hover == Some(cell) && self.play.is_running() {
                draw::HOVER
            } else if (cell.row + cell.col) % 2 == 0 {
                SQUARE_LIGHT
            } else {
                SQUARE_DARK
            };
            painter.rect(
                draw::cell_min(cell),
                Point::new(CELL, CELL),
                Style::solid(color),
            );
        }
    }

    fn draw_jewels(&self, painter: &mut dyn Painter) {
        let frame = self.anim.as_ref().map(Anim::frame);
        let board = frame
            .as_ref()
            .and_then(Frame::board)
            .unwrap_or(self.play.board());
        painter.push_clip(
            Point::new(BOARD_X, BOARD_Y),
            Point::new(BOARD_SIDE, BOARD_SIDE),
        );
        // Jewels in place first, the moving ones over them.
        let mut moving = Vec::new();
        for cell in Cell::all() {
            let look = self.play.look(board.get(cell));
            match frame.as_ref().and_then(|f| f.place(cell)) {
                Some(place) => moving.push((place, look)),
                None => draw::jewel(painter, draw::cell_center(cell), CELL / 2.0, look),
            }
        }
        for ((row, col, scale), look) in moving {
            if scale > 0.01 {
                draw::jewel(painter, draw::center(row, col), CELL / 2.0 * scale, look);
            }
        }
        painter.pop_clip();
    }

    fn draw_bubble(&self, painter: &mut dyn Painter) {
        if !self.play.is_running() {
            return;
        }
        let Some(cell) = self.bubble else {
            return;
        };
        let (color, width) = if self.locked {
            (BUBBLE_LOCKED, 4.0)
        } else {
            (BUBBLE, 3.0)
        };
        painter.circle(
            draw::cell_center(cell),
            CELL / 2.0 - 3.0,
            Style {
                fill: None,
                stroke: Some(Stroke { width, color }),
            },
        );
    }

    fn draw_floaters(&self, painter: &mut dyn Painter) {
        for f in self.floaters.iter().filter(|f| f.age >= 0.0) {
            let t = f.age / FLOAT_SECONDS;
            let alpha = ((1.0 - t) * 255.0).clamp(0.0, 255.0) as u8;
            let c = draw::center(f.at.0 - 0.8 * t, f.at.1);
            painter.text(
                c,
                Anchor::Center,
                24.0,
                game_api::Rgba::with_alpha(255, 255, 255, alpha),
                &f.text,
            );
        }
    }

    /// A notice in the middle of the board: a title and lines under it,
    /// on a panel that fits them.
    fn draw_notice(&self, painter: &mut dyn Painter, title: &str, lines: &str) {
        const PAD: f32 = 24.0;
        const GAP: f32 = 16.0;
        let c = Point::new(BOARD_X + BOARD_SIDE / 2.0, BOARD_Y + BOARD_SIDE / 2.0);
        let title_size = painter.text_size(34.0, title);
        let lines_size = painter.text_size(16.0, lines);
        let size = Point::new(
            (title_size.x.max(lines_size.x) + 2.0 * PAD).min(BOARD_SIDE - 16.0),
            (title_size.y + GAP + lines_size.y + 2.0 * PAD).min(BOARD_SIDE - 16.0),
        );
        let top = c.y - size.y / 2.0;
        painter.rounded_rect(
            Point::new(c.x - size.x / 2.0, top),
            size,
            12.0,
            Style::solid(NOTICE),
        );
        painter.text(Point::new(c.x, top + PAD), Anchor::Top, 34.0, LABEL, title);
        painter.text(
            Point::new(c.x, top + PAD + title_size.y + GAP),
            Anchor::Top,
            16.0,
            SOFT,
            lines,
        );
    }
}

impl Game for JewelGame {
    fn new(host: Host) -> Result<Self, GameError> {
        Ok(JewelGame::with_seed(fresh_seed(), Difficulty::Beginner).with_host(host))
    }

    fn canvas_size(&self) -> Point {
        Point::new(WIDTH, HEIGHT)
    }

    fn title(&self) -> String {
        TITLE.into()
    }

    fn status(&self) -> String {
        self.status_text()
    }

    fn draw(&self, painter: &mut dyn Painter) {
        painter.fill_canvas(Point::new(WIDTH, HEIGHT), BACKGROUND);
        self.draw_panel(painter);
        let hidden = self.is_hidden();
        self.draw_squares(painter, hidden);
        if hidden {
            let levels: Vec<String> = Difficulty::ALL
                .iter()
                .map(|d| {
                    let mark = if *d == self.play.difficulty() {
                        ">"
                    } else {
                        " "
                    };
                    format!("{mark} {}  {}", d.label(), d.what_matches())
                })
                .collect();
            if self.play.is_paused() {
                self.draw_notice(painter, "PAUSED", "Press P to go on");
            } else {
                self.draw_notice(
                    painter,
                    "JEWEL",
                    &format!("Press Space to start\n\n{}", levels.join("\n")),
                );
            }
            return;
        }
        self.draw_jewels(painter);
        self.draw_bubble(painter);
        self.draw_floaters(painter);
        if let Phase::Over(end) = self.play.phase() {
            painter.rect(
                Point::new(BOARD_X, BOARD_Y),
                Point::new(BOARD_SIDE, BOARD_SIDE),
                Style::solid(VEIL),
            );
            let why = match end {
                End::TimeUp => "Time is up",
                End::NoMoves => "No swap can make a line",
            };
            self.draw_notice(
                painter,
                "GAME OVER",
                &format!(
                    "{why}\nScore {} at level {}\n\nPress Space for a new game",
                    self.play.score(),
                    self.play.level()
                ),
            );
        }
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        let changed = match event {
            Event::PointerPress {
                pos,
                button: Button::Primary,
                ..
            } => {
                self.drag = draw::cell_at(*pos).map(|cell| Drag {
                    cell,
                    pos: *pos,
                    done: false,
                });
                false
            }
            Event::PointerMove { pos } | Event::PointerEnter { pos } => {
                let hover = self.set_hover(draw::cell_at(*pos));
                self.drag_to(*pos) || hover
            }
            Event::PointerRelease {
                pos,
                button: Button::Primary,
                ..
            } => {
                let moved = self.drag_to(*pos);
                let drag = self.drag.take();
                match (drag, draw::cell_at(*pos)) {
                    _ if moved => true,
                    (Some(d), _) if d.done => false,
                    (Some(d), Some(cell)) if d.cell == cell => self.click(cell),
                    // A host that reports only releases still gets its clicks.
                    (None, Some(cell)) => self.click(cell),
                    _ => false,
                }
            }
            Event::PointerLeave => {
                self.drag = None;
                self.set_hover(None)
            }
            Event::Tick { dt } => self.tick(*dt),
            Event::KeyPress { key, .. } => self.key(key),
            _ => false,
        };
        Response::redraw_if(changed)
    }

    fn actions(&self) -> Vec<Action> {
        let selected = if self.play.phase() == Phase::Ready {
            self.play.difficulty()
        } else {
            self.next_difficulty
        };
        let phase = self.play.phase();
        vec![
            Action::choice(
                DIFFICULTY,
                "Difficulty",
                Difficulty::ALL.iter().map(|d| d.label()),
                selected.label(),
            )
            .with_shortcut("d"),
            Action::button(START, "Start").enabled(phase == Phase::Ready),
            Action::button(
                PAUSE,
                if self.play.is_paused() {
                    "Go on"
                } else {
                    "Pause"
                },
            )
            .with_shortcut("p")
            .enabled(phase == Phase::Playing),
        ]
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        let changed = match id {
            DIFFICULTY => {
                let difficulty = Difficulty::ALL
                    .into_iter()
                    .find(|d| d.label() == value)
                    .ok_or_else(|| GameError(format!("There is no difficulty {value:?}")))?;
                self.choose_difficulty(difficulty)
            }
            START => self.start(),
            PAUSE => {
                let paused = self.play.is_paused();
                self.set_paused(!paused)
            }
            other => return Err(GameError(format!("Jewel has no action {other:?}"))),
        };
        Ok(Response::redraw_if(changed))
    }

    fn regions(&self) -> Vec<Region> {
        let p = &self.play;
        let mut regions = vec![
            Region::new(
                format!("Score {}", p.score()),
                Point::new(PANEL_X, BOARD_Y),
                Point::new(PANEL_WIDTH, 56.0),
            ),
            Region::new(
                format!("Level {}", p.level()),
                Point::new(PANEL_X, BOARD_Y + 62.0),
                Point::new(PANEL_WIDTH, 56.0),
            ),
            Region::new(
                format!("Moves possible {}", p.board().legal_swaps().len()),
                Point::new(PANEL_X, BOARD_Y + 124.0),
                Point::new(PANEL_WIDTH, 56.0),
            ),
            Region::new(
                format!("Clock: {} seconds left", self.seconds_shown()),
                Point::new(DIAL_CENTER.x - DIAL_RADIUS, DIAL_CENTER.y - DIAL_RADIUS),
                Point::new(2.0 * DIAL_RADIUS, 2.0 * DIAL_RADIUS),
            ),
        ];
        let board_min = Point::new(BOARD_X, BOARD_Y);
        let board_size = Point::new(BOARD_SIDE, BOARD_SIDE);
        if p.phase() == Phase::Ready {
            regions.push(Region::new("Start the game", board_min, board_size));
        } else if p.is_paused() {
            regions.push(Region::new("Paused: go on", board_min, board_size));
        } else {
            for cell in Cell::all() {
                let mut label = format!("{cell}: {}", self.jewel_name(cell));
                if self.locked && self.bubble == Some(cell) {
                    label.push_str(", locked");
                }
                regions.push(Region::new(
                    label,
                    draw::cell_min(cell),
                    Point::new(CELL, CELL),
                ));
            }
        }
        regions
    }
}
