//! The game as the launcher sees it: [`TallyMaze`] implements
//! [`game_api::Game`] and the optional [`NewGame`], [`SaveLoad`] and
//! [`Outcomes`]; it draws the maze, the ball and the pumpkins through a
//! [`Painter`] and turns keys and clicks into turns of [`crate::rules`].
//!
//! Controls, as in the original:
//!
//! * arrow keys: the ball steps one cell;
//! * `Space` or `.` (and `Enter`): wait, the pumpkins move;
//! * `n`: on to the next maze of the enumeration (the pumpkins move too);
//! * `z`: take the last turn back (the launcher's Undo does the same);
//! * a click on a cell next to the ball, with no wall between, steps
//!   there; a click on the ball waits.
//!
//! Tool-bar controls: Wait, Next maze and Take back (buttons with the keys
//! above), the board size (a choice; it deals a new maze) and whether the
//! next maze's changes are shown (a choice, key `p`; off as in the
//! original). The size and the preview are settings, kept in the
//! launcher's data directory, not in saved games.
//!
//! Moves happen at once; the ball and the pumpkins then glide to their new
//! cells for a fifth of a second, on ticks asked for only while they glide.

use crate::maze::{Cell, Dir, Enumeration, Maze};
use crate::rules::{Position, Tally, Turn};
use crate::save::{self, GameId, ORIGINAL_SIDE};
use game_api::Ticks;
use game_api::rng::fresh_seed;
use game_api::settings::SettingsFile;
use game_api::{
    Action, Anchor, Button, Event, Game, GameError, Host, NewGame, Outcome, Outcomes, Painter,
    Point, Region, Response, Rgba, SaveLoad, Stroke, Style,
};
use std::rc::Rc;
use std::time::Duration;

/// The board sides offered by the Size choice.
pub const SIZES: [usize; 6] = [6, 8, 10, 12, 14, 16];
/// The width and height the maze takes, whatever its size, in canvas pixels.
pub const BOARD_SIDE: f32 = 528.0;
/// Space around the maze.
pub const MARGIN: f32 = 24.0;
/// The band above the maze holding the maze's number.
pub const TOP_BAND: f32 = 40.0;
/// The font size of the maze number.
pub const NUMBER_FONT: f32 = 13.0;
/// How long a glide takes, in seconds.
pub const GLIDE_SECONDS: f32 = 0.2;
/// How often the glide is redrawn.
pub const TICK: Duration = Duration::from_millis(16);

/// The ID of the Size choice.
pub const SIZE: &str = "size";
/// The ID of the next maze's preview choice (key `p`).
pub const PREVIEW: &str = "preview";
/// The ID of the Wait button (key `Space`).
pub const WAIT: &str = "wait";
/// The ID of the Next maze button (key `n`).
pub const NEXT: &str = "next";
/// The ID of the Take back button (key `z`).
pub const TAKE_BACK: &str = "take-back";
/// The options of the preview choice.
pub const PREVIEW_OPTIONS: [&str; 2] = ["Hidden", "Shown"];

/// The canvas's background.
pub const BACKGROUND: Rgba = Rgba::rgb(250, 248, 240);
/// The faint lines between cells.
pub const GRID: Rgba = Rgba::rgb(196, 220, 240);
/// The walls.
pub const WALL: Rgba = Rgba::rgb(36, 36, 44);
/// A wall that the next maze does not have (preview shown).
pub const WALL_GOING: Rgba = Rgba::rgb(170, 170, 178);
/// A wall that the next maze adds (preview shown).
pub const WALL_COMING: Rgba = Rgba::rgb(220, 60, 60);
/// The exit's cell.
pub const EXIT: Rgba = Rgba::rgb(200, 240, 196);
/// The cells a click would move the ball to.
pub const REACH: Rgba = Rgba::rgb(255, 226, 150);
/// The blue ball.
pub const BALL: Rgba = Rgba::rgb(40, 96, 220);
/// The ball's outline.
pub const BALL_EDGE: Rgba = Rgba::rgb(20, 50, 130);
/// The pumpkins.
pub const PUMPKIN: Rgba = Rgba::rgb(246, 138, 24);
/// The pumpkins' ribs and outline.
pub const PUMPKIN_RIB: Rgba = Rgba::rgb(196, 92, 10);
/// The pumpkins' stems.
pub const STEM: Rgba = Rgba::rgb(84, 120, 40);
/// The pumpkins' carved faces and the ball's eyes and mouth.
pub const FACE: Rgba = Rgba::rgb(70, 30, 10);
/// The maze number's text.
pub const TEXT: Rgba = Rgba::rgb(60, 60, 70);
/// The veil over the maze once the game is over.
pub const VEIL: Rgba = Rgba::with_alpha(255, 255, 255, 110);

/// How the ball looks, as the original picks its face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mood {
    /// On the exit.
    Won,
    /// Caught by a pumpkin.
    Caught,
    /// One step from the exit.
    AboutToWin,
    /// A pumpkin is one step away.
    InDanger,
    /// Nothing much going on.
    Calm,
}

/// Where the maze is drawn on the canvas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The side of one cell.
    pub cell: f32,
    /// The top-left corner of the maze.
    pub origin: Point,
    /// The board's width and height in cells.
    pub cells: (usize, usize),
}

impl Layout {
    /// The layout of a board `width × height`.
    pub fn new(width: usize, height: usize) -> Layout {
        let cell = (BOARD_SIDE / width.max(height) as f32).floor();
        Layout {
            cell,
            origin: Point::new(MARGIN, TOP_BAND + MARGIN / 2.0),
            cells: (width, height),
        }
    }

    /// The canvas's size.
    pub fn canvas(&self) -> Point {
        Point::new(
            2.0 * MARGIN + self.cells.0 as f32 * self.cell,
            self.origin.y + self.cells.1 as f32 * self.cell + MARGIN,
        )
    }

    /// The top-left corner of a cell (or of a point between cells, for
    /// fractional positions while gliding).
    pub fn corner(&self, x: f32, y: f32) -> Point {
        Point::new(self.origin.x + x * self.cell, self.origin.y + y * self.cell)
    }

    /// The centre of `cell`.
    pub fn center(&self, cell: Cell) -> Point {
        self.corner(cell.x as f32 + 0.5, cell.y as f32 + 0.5)
    }

    /// The cell at `pos`, if it is on the board.
    pub fn cell_at(&self, pos: Point) -> Option<Cell> {
        let x = (pos.x - self.origin.x) / self.cell;
        let y = (pos.y - self.origin.y) / self.cell;
        if !(x >= 0.0 && y >= 0.0 && x < self.cells.0 as f32 && y < self.cells.1 as f32) {
            return None;
        }
        Some(Cell::new(x as usize, y as usize))
    }
}

/// The ball and the pumpkins gliding from where they were.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Glide {
    from: Position,
    /// From 0 (where they were) to 1 (where they are).
    progress: f32,
}

/// A game of Tally Maze in the launcher.
pub struct TallyMaze {
    host: Host,
    tally: Tally,
    /// The walls now and in the next maze (kept for drawing).
    maze: Rc<Maze>,
    next: Rc<Maze>,
    /// The board side New game deals (a setting).
    size: usize,
    /// Whether the next maze's changes are drawn (a setting).
    preview: bool,
    /// The cell under the pointer.
    hover: Option<Cell>,
    /// Where the primary button went down, while it is down.
    pressed: Option<Cell>,
    glide: Option<Glide>,
    ticking: Ticks,
}

impl TallyMaze {
    /// A game on a `size × size` board with the maze New game deals from
    /// `seed`, and a host that offers nothing ([`Host::detached`]).
    pub fn with_seed(size: usize, seed: u64) -> TallyMaze {
        let e = Enumeration::shared(size, size);
        let first = e.pick(&mut game_api::Rng::new(seed));
        TallyMaze::with_tally(Tally::new(e, first).expect("picked below the count"))
    }

    /// A game of the maze `id` names (as the Game ID field takes it), with a
    /// host that offers nothing.
    pub fn with_id(id: &str) -> Result<TallyMaze, GameError> {
        Ok(TallyMaze::with_tally(GameId::parse(id)?.start()))
    }

    /// A game from `tally` as it stands.
    pub fn with_tally(mut tally: Tally) -> TallyMaze {
        let maze = tally.maze();
        let next = tally.next_maze();
        let size = if tally.width() == tally.height() && SIZES.contains(&tally.width()) {
            tally.width()
        } else {
            ORIGINAL_SIDE
        };
        TallyMaze {
            host: Host::detached(),
            tally,
            maze,
            next,
            size,
            preview: false,
            hover: None,
            pressed: None,
            glide: None,
            ticking: Ticks::default(),
        }
    }

    /// This game with the launcher's services `host`.
    pub fn with_host(mut self, host: Host) -> TallyMaze {
        self.host = host;
        self
    }

    /// The rules' state.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The walls now.
    pub fn maze(&self) -> &Maze {
        &self.maze
    }

    /// The walls of the next maze.
    pub fn next_maze(&self) -> &Maze {
        &self.next
    }

    /// Where the maze is drawn.
    pub fn board_layout(&self) -> Layout {
        Layout::new(self.tally.width(), self.tally.height())
    }

    /// The board side New game deals.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether the next maze's changes are drawn.
    pub fn preview(&self) -> bool {
        self.preview
    }

    /// Whether the ball and pumpkins are gliding.
    pub fn is_gliding(&self) -> bool {
        self.glide.is_some()
    }

    /// Replaces the game with `tally`, as it stands, without a glide.
    fn set_tally(&mut self, mut tally: Tally) {
        tally.share_mazes_from(&self.tally);
        self.maze = tally.maze();
        self.next = tally.next_maze();
        self.tally = tally;
        self.glide = None;
        self.pressed = None;
        self.update_ticks();
    }

    /// After the position changed: the walls, and a glide from `from`.
    fn moved_from(&mut self, from: Option<Position>) {
        self.maze = self.tally.maze();
        self.next = self.tally.next_maze();
        self.glide = from.map(|from| Glide {
            from,
            progress: 0.0,
        });
        self.update_ticks();
    }

    /// Takes `turn`; returns whether it could be taken.
    pub fn play(&mut self, turn: Turn) -> bool {
        let before = self.tally.position();
        if !self.tally.play(turn) {
            return false;
        }
        self.moved_from(Some(before));
        true
    }

    /// Takes the last turn back (`z`); returns whether there was one.
    pub fn take_back(&mut self) -> bool {
        if !self.tally.undo() {
            return false;
        }
        self.moved_from(None);
        true
    }

    /// The turn a click on `cell` takes: a step to a cell next to the ball
    /// through an open passage, or a wait on the ball itself.
    pub fn turn_for_click(&self, cell: Cell) -> Option<Turn> {
        if self.tally.is_over() {
            return None;
        }
        let player = self.tally.position().player;
        if cell == player {
            return Some(Turn::Wait);
        }
        Dir::ALL
            .into_iter()
            .find(|&d| self.maze.step(player, d) == Some(cell) && self.maze.is_open(player, d))
            .map(Turn::Step)
    }

    /// The ball's face now, as the original chooses its picture.
    pub fn mood(&self) -> Mood {
        let p = self.tally.position();
        if self.tally.is_won() {
            Mood::Won
        } else if self.tally.is_caught() {
            Mood::Caught
        } else if self.maze.connects(p.player, self.tally.exit()) {
            Mood::AboutToWin
        } else if p.pumpkins.iter().any(|&c| self.maze.connects(c, p.player)) {
            Mood::InDanger
        } else {
            Mood::Calm
        }
    }

    /// "1 turn", "5 turns".
    fn turns_text(&self) -> String {
        match self.tally.turns() {
            1 => "1 turn".into(),
            n => format!("{n} turns"),
        }
    }

    /// The status line.
    pub fn status_text(&self) -> String {
        if self.tally.is_won() {
            format!("Out in {}! Ctrl+N deals a new maze.", self.turns_text())
        } else if self.tally.is_caught() {
            format!(
                "Caught by a pumpkin after {}. Z takes the last turn back; Ctrl+N deals a new maze.",
                self.turns_text()
            )
        } else {
            let warning = if self.mood() == Mood::InDanger {
                "A pumpkin is next to you! "
            } else {
                ""
            };
            format!(
                "{warning}Turns: {}. Reach the exit, bottom right: arrows step, Space waits, N next maze, Z takes back.",
                self.tally.turns()
            )
        }
    }

    /// Moves the glide on by `dt` seconds.
    fn tick(&mut self, dt: f32) -> bool {
        let Some(glide) = &mut self.glide else {
            self.update_ticks();
            return false;
        };
        glide.progress += dt.max(0.0) / GLIDE_SECONDS;
        if glide.progress >= 1.0 {
            self.glide = None;
        }
        self.update_ticks();
        true
    }

    /// Asks for ticks while something glides, and for none otherwise.
    fn update_ticks(&mut self) {
        let wanted = self.glide.is_some();
        self.ticking.want(&self.host, wanted.then_some(TICK));
    }

    /// Where a piece is drawn: between its cell before and now while
    /// gliding, in cells (fractional).
    fn drawn_at(&self, before: Cell, now: Cell) -> (f32, f32) {
        let t = self.glide.map_or(1.0, |g| g.progress.clamp(0.0, 1.0));
        // Ease out: quick at first, slowing down.
        let t = 1.0 - (1.0 - t) * (1.0 - t);
        let lerp = |a: usize, b: usize| a as f32 + (b as f32 - a as f32) * t;
        (lerp(before.x, now.x) + 0.5, lerp(before.y, now.y) + 0.5)
    }

    /// A new maze from `seed` on the chosen board size.
    fn deal(&mut self, seed: u64) {
        let e = Enumeration::shared(self.size, self.size);
        let first = e.pick(&mut game_api::Rng::new(seed));
        self.set_tally(Tally::new(e, first).expect("picked below the count"));
    }

    /// A new maze, as the launcher's New game deals it when there is a
    /// launcher to ask; otherwise dealt here.
    fn ask_for_new_game(&mut self) {
        let host = self.host;
        host.new_game_or(|seed| self.deal(seed));
    }

    /// `settings.txt` in the data directory, through [`game_api::settings`]
    /// (`size 12`, `preview off`). Earlier versions wrote `size=12` and
    /// `preview=off`: such lines are read as the same settings, and written
    /// in the new form.
    fn settings(&self) -> SettingsFile {
        let mut file = SettingsFile::load_from(&self.host);
        let earlier: Vec<(String, String, String)> = file
            .iter()
            .filter(|(_, value)| value.is_empty())
            .filter_map(|(line, _)| {
                let (key, value) = line.split_once('=')?;
                ["size", "preview"]
                    .contains(&key)
                    .then(|| (line.to_owned(), key.to_owned(), value.trim().to_owned()))
            })
            .collect();
        for (line, key, value) in earlier {
            file.remove(&line);
            if file.get(&key).is_none() {
                file.set(&key, value);
            }
        }
        file
    }

    /// Reads the size and the preview from the data directory, if kept.
    fn load_settings(&mut self) {
        let file = self.settings();
        if let Some(s) = file.get_parsed("size").filter(|s| SIZES.contains(s)) {
            self.size = s;
        }
        if let Some(preview) = file.get("preview") {
            self.preview = preview == "on";
        }
    }

    /// Keeps the size and the preview, with the file's other lines; a
    /// failure goes to the launcher's log.
    fn store_settings(&self) {
        let mut file = self.settings();
        file.set("size", self.size);
        file.set_flag("preview", self.preview);
        file.keep(&self.host);
    }

    fn handle_key(&mut self, key: &str) -> bool {
        if let Some(dir) = Dir::from_arrow(key) {
            return self.play(Turn::Step(dir));
        }
        match key {
            "Space" | "." | "Enter" => self.play(Turn::Wait),
            "n" => self.play(Turn::NextMaze),
            "z" => self.take_back(),
            "p" => {
                self.preview = !self.preview;
                self.store_settings();
                true
            }
            "h" => {
                self.host.show_text_help("Tally Maze", false);
                false
            }
            _ => false,
        }
    }

    fn set_hover(&mut self, cell: Option<Cell>) -> bool {
        let changed = self.hover != cell;
        self.hover = cell;
        changed
    }

    /// What a screen reader says about `cell`.
    fn cell_label(&self, cell: Cell) -> String {
        let p = self.tally.position();
        let mut label = format!("row {}, column {}", cell.y + 1, cell.x + 1);
        let mut things = Vec::new();
        if cell == p.player {
            things.push("the blue ball");
        }
        match p.pumpkins.iter().filter(|&&c| c == cell).count() {
            0 => {}
            1 => things.push("a pumpkin"),
            _ => things.push("two pumpkins"),
        }
        if cell == self.tally.exit() {
            things.push("the exit");
        }
        if !things.is_empty() {
            label.push_str(": ");
            label.push_str(&things.join(", "));
        }
        let open: Vec<&str> = Dir::ALL
            .into_iter()
            .filter(|&d| self.maze.is_open(cell, d))
            .map(Dir::name)
            .collect();
        label.push_str(&format!("; open {}", open.join(", ")));
        if let Some(turn) = self.turn_for_click(cell) {
            label.push_str(match turn {
                Turn::Wait => "; click to wait",
                _ => "; click to step here",
            });
        }
        label
    }

    fn draw_walls(&self, painter: &mut dyn Painter, layout: &Layout) {
        let (w, h) = layout.cells;
        let thick = (layout.cell / 6.0).ceil().max(2.0);
        // A wall from grid point (x, y) along one cell, as a filled bar
        // reaching half its thickness past both ends (so corners meet).
        let bar =
            |painter: &mut dyn Painter, x: usize, y: usize, across: bool, color: Rgba, t: f32| {
                let a = layout.corner(x as f32, y as f32);
                let (min, size) = if across {
                    (
                        Point::new(a.x - t / 2.0, a.y - t / 2.0),
                        Point::new(layout.cell + t, t),
                    )
                } else {
                    (
                        Point::new(a.x - t / 2.0, a.y - t / 2.0),
                        Point::new(t, layout.cell + t),
                    )
                };
                painter.rect(min, size, Style::solid(color));
            };
        let inner_color = |now_closed: bool, next_closed: bool| -> Option<(Rgba, f32)> {
            match (now_closed, next_closed && self.preview) {
                (true, false) if self.preview => Some((WALL_GOING, thick)),
                (true, _) => Some((WALL, thick)),
                (false, true) => Some((WALL_COMING, (thick / 2.0).max(2.0))),
                (false, false) => None,
            }
        };
        for y in 0..h {
            for x in 0..w {
                let c = Cell::new(x, y);
                if x + 1 < w {
                    let style = inner_color(
                        !self.maze.is_open(c, Dir::Right),
                        !self.next.is_open(c, Dir::Right),
                    );
                    if let Some((color, t)) = style {
                        bar(painter, x + 1, y, false, color, t);
                    }
                }
                if y + 1 < h {
                    let style = inner_color(
                        !self.maze.is_open(c, Dir::Down),
                        !self.next.is_open(c, Dir::Down),
                    );
                    if let Some((color, t)) = style {
                        bar(painter, x, y + 1, true, color, t);
                    }
                }
            }
        }
        // The border, open at the entrance (top left) and the exit (bottom
        // right), as the original draws it.
        for x in 0..w {
            if x > 0 {
                bar(painter, x, 0, true, WALL, thick);
            }
            if x + 1 < w {
                bar(painter, x, h, true, WALL, thick);
            }
        }
        for y in 0..h {
            if y > 0 {
                bar(painter, 0, y, false, WALL, thick);
            }
            if y + 1 < h {
                bar(painter, w, y, false, WALL, thick);
            }
        }
    }

    fn draw_number(&self, painter: &mut dyn Painter, layout: &Layout) {
        let canvas = layout.canvas();
        let text = format!("Maze #{}", self.tally.number());
        let room = canvas.x - 2.0 * MARGIN;
        let shown = if painter.text_size(NUMBER_FONT, &text).x <= room {
            text
        } else {
            // Too long for one line: the number in two halves.
            let digits = self.tally.number().to_string();
            let (a, b) = digits.split_at(digits.len() / 2);
            format!("Maze #{a}\n{b}")
        };
        painter.text(
            Point::new(canvas.x / 2.0, TOP_BAND / 2.0 + 4.0),
            Anchor::Center,
            NUMBER_FONT,
            TEXT,
            &shown,
        );
    }
}

/// Draws a pumpkin centred at `c`, `r` its half width: three orange lobes,
/// a green stem and a carved face.
pub fn draw_pumpkin(painter: &mut dyn Painter, c: Point, r: f32) {
    let rib = Some(Stroke {
        width: (r / 12.0).max(1.0),
        color: PUMPKIN_RIB,
    });
    let lobe = Style {
        fill: Some(PUMPKIN),
        stroke: rib,
    };
    painter.rect(
        Point::new(c.x - 0.12 * r, c.y - 0.95 * r),
        Point::new(0.24 * r, 0.35 * r),
        Style::solid(STEM),
    );
    painter.ellipse(
        Point::new(c.x - 0.42 * r, c.y + 0.08 * r),
        0.55 * r,
        0.72 * r,
        lobe,
    );
    painter.ellipse(
        Point::new(c.x + 0.42 * r, c.y + 0.08 * r),
        0.55 * r,
        0.72 * r,
        lobe,
    );
    painter.ellipse(Point::new(c.x, c.y + 0.08 * r), 0.5 * r, 0.78 * r, lobe);
    let face = Style::solid(FACE);
    for side in [-1.0, 1.0] {
        painter.polygon(
            &[
                Point::new(c.x + side * 0.38 * r, c.y - 0.22 * r),
                Point::new(c.x + side * 0.16 * r, c.y + 0.05 * r),
                Point::new(c.x + side * 0.5 * r, c.y + 0.05 * r),
            ],
            face,
        );
    }
    painter.polygon(
        &[
            Point::new(c.x - 0.5 * r, c.y + 0.25 * r),
            Point::new(c.x - 0.25 * r, c.y + 0.35 * r),
            Point::new(c.x - 0.12 * r, c.y + 0.25 * r),
            Point::new(c.x, c.y + 0.36 * r),
            Point::new(c.x + 0.12 * r, c.y + 0.25 * r),
            Point::new(c.x + 0.25 * r, c.y + 0.35 * r),
            Point::new(c.x + 0.5 * r, c.y + 0.25 * r),
            Point::new(c.x + 0.3 * r, c.y + 0.55 * r),
            Point::new(c.x - 0.3 * r, c.y + 0.55 * r),
        ],
        face,
    );
}

/// Draws the blue ball centred at `c` with radius `r` and a face for
/// `mood`.
pub fn draw_ball(painter: &mut dyn Painter, c: Point, r: f32, mood: Mood) {
    painter.circle(
        c,
        r,
        Style {
            fill: Some(BALL),
            stroke: Some(Stroke {
                width: (r / 10.0).max(1.0),
                color: BALL_EDGE,
            }),
        },
    );
    painter.circle(
        Point::new(c.x - 0.45 * r, c.y - 0.5 * r),
        0.16 * r,
        Style::solid(Rgba::with_alpha(255, 255, 255, 150)),
    );
    let ink = Stroke {
        width: (r / 9.0).max(1.0),
        color: FACE,
    };
    let eye_y = c.y - 0.15 * r;
    for side in [-1.0, 1.0] {
        let e = Point::new(c.x + side * 0.32 * r, eye_y);
        if mood == Mood::Caught {
            // Crossed-out eyes.
            painter.cross(e, 0.14 * r, ink);
        } else {
            painter.circle(e, 0.17 * r, Style::solid(game_api::WHITE));
            painter.circle(
                Point::new(e.x, e.y + 0.03 * r),
                0.08 * r,
                Style::solid(FACE),
            );
        }
    }
    let mouth_y = c.y + 0.35 * r;
    match mood {
        Mood::InDanger => painter.circle(Point::new(c.x, mouth_y), 0.14 * r, Style::solid(FACE)),
        Mood::Caught => painter.line(
            Point::new(c.x - 0.3 * r, mouth_y + 0.05 * r),
            Point::new(c.x + 0.3 * r, mouth_y - 0.05 * r),
            ink,
        ),
        Mood::Won | Mood::AboutToWin | Mood::Calm => {
            // A smile: an arc, wider the happier.
            let (width, depth) = match mood {
                Mood::Won => (0.5, 0.3),
                Mood::AboutToWin => (0.42, 0.22),
                _ => (0.32, 0.12),
            };
            let points: Vec<Point> = (0..=6)
                .map(|i| {
                    let t = i as f32 / 6.0 * 2.0 - 1.0;
                    Point::new(
                        c.x + t * width * r,
                        mouth_y - 0.05 * r + (1.0 - t * t) * depth * r,
                    )
                })
                .collect();
            if mood == Mood::Won {
                painter.polygon(&points, Style::solid(FACE));
            } else {
                for pair in points.windows(2) {
                    painter.line(pair[0], pair[1], ink);
                }
            }
        }
    }
}

impl Game for TallyMaze {
    fn new(host: Host) -> Result<Self, GameError> {
        let mut game = TallyMaze::with_seed(ORIGINAL_SIDE, fresh_seed()).with_host(host);
        game.load_settings();
        if game.size != ORIGINAL_SIDE {
            game.deal(fresh_seed());
        }
        Ok(game)
    }

    fn canvas_size(&self) -> Point {
        self.board_layout().canvas()
    }

    fn title(&self) -> String {
        "Tally Maze".into()
    }

    fn status(&self) -> String {
        self.status_text()
    }

    fn draw(&self, painter: &mut dyn Painter) {
        let layout = self.board_layout();
        painter.fill_canvas(layout.canvas(), BACKGROUND);
        self.draw_number(painter, &layout);
        let (w, h) = layout.cells;
        let exit = self.tally.exit();
        painter.rect(
            layout.corner(exit.x as f32, exit.y as f32),
            Point::new(layout.cell, layout.cell),
            Style::solid(EXIT),
        );
        // Where a click would move the ball, under the pointer.
        if let Some(cell) = self.hover.filter(|&c| self.turn_for_click(c).is_some()) {
            painter.rect(
                layout.corner(cell.x as f32, cell.y as f32),
                Point::new(layout.cell, layout.cell),
                Style::solid(REACH),
            );
        }
        let grid = Stroke {
            width: 1.0,
            color: GRID,
        };
        for x in 1..w {
            painter.line(
                layout.corner(x as f32, 0.0),
                layout.corner(x as f32, h as f32),
                grid,
            );
        }
        for y in 1..h {
            painter.line(
                layout.corner(0.0, y as f32),
                layout.corner(w as f32, y as f32),
                grid,
            );
        }
        self.draw_walls(painter, &layout);

        let now = self.tally.position();
        let before = self.glide.map_or(now, |g| g.from);
        let r = layout.cell * 0.4;
        let [a, b] = [0, 1].map(|i| self.drawn_at(before.pumpkins[i], now.pumpkins[i]));
        if a == b {
            // Two pumpkins in one cell: two smaller ones, as the original.
            let (x, y) = a;
            let c = layout.corner(x, y);
            draw_pumpkin(
                painter,
                Point::new(c.x - 0.2 * layout.cell, c.y - 0.18 * layout.cell),
                r * 0.62,
            );
            draw_pumpkin(
                painter,
                Point::new(c.x + 0.2 * layout.cell, c.y + 0.2 * layout.cell),
                r * 0.62,
            );
        } else {
            for (x, y) in [a, b] {
                draw_pumpkin(painter, layout.corner(x, y), r);
            }
        }
        let (x, y) = self.drawn_at(before.player, now.player);
        let ball_r = if self.tally.is_caught() {
            r * 0.7
        } else {
            r * 0.9
        };
        draw_ball(painter, layout.corner(x, y), ball_r, self.mood());
        if self.tally.is_over() && self.glide.is_none() {
            painter.rect(
                layout.corner(0.0, 0.0),
                Point::new(w as f32 * layout.cell, h as f32 * layout.cell),
                Style::solid(VEIL),
            );
            let message = if self.tally.is_won() {
                "You got out!"
            } else {
                "Caught!"
            };
            let center = layout.corner(w as f32 / 2.0, h as f32 / 2.0);
            let size = painter.text_size(28.0, message);
            painter.rounded_rect(
                Point::new(
                    center.x - size.x / 2.0 - 16.0,
                    center.y - size.y / 2.0 - 10.0,
                ),
                Point::new(size.x + 32.0, size.y + 20.0),
                10.0,
                Style::solid(Rgba::with_alpha(30, 30, 40, 220)),
            );
            painter.text(center, Anchor::Center, 28.0, game_api::WHITE, message);
        }
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        let layout = self.board_layout();
        let changed = match event {
            Event::PointerEnter { pos } | Event::PointerMove { pos } => {
                self.set_hover(layout.cell_at(*pos))
            }
            Event::PointerLeave => {
                self.pressed = None;
                self.set_hover(None)
            }
            Event::PointerPress {
                pos,
                button: Button::Primary,
                ..
            } => {
                self.pressed = layout.cell_at(*pos);
                false
            }
            Event::PointerRelease {
                pos,
                button: Button::Primary,
                ..
            } => {
                let down = self.pressed.take();
                let cell = layout.cell_at(*pos);
                let hover = self.set_hover(cell);
                match cell {
                    // A press dragged to another cell is cancelled.
                    Some(cell) if down.is_none_or(|d| d == cell) => match self.turn_for_click(cell)
                    {
                        Some(turn) => self.play(turn) || hover,
                        None => hover,
                    },
                    _ => hover,
                }
            }
            Event::KeyPress { key, modifiers } if modifiers.is_none() || key == "." => {
                self.handle_key(key)
            }
            Event::Tick { dt } => self.tick(*dt),
            _ => false,
        };
        Response::redraw_if(changed)
    }

    fn actions(&self) -> Vec<Action> {
        let playing = !self.tally.is_over();
        vec![
            Action::button(WAIT, "Wait")
                .with_shortcut("Space")
                .enabled(playing),
            Action::button(NEXT, "Next maze")
                .with_shortcut("n")
                .enabled(playing),
            Action::button(TAKE_BACK, "Take back")
                .with_shortcut("z")
                .enabled(self.tally.turns() > 0),
            Action::choice(SIZE, "Size", SIZES, self.size),
            Action::choice(
                PREVIEW,
                "Next maze's walls",
                PREVIEW_OPTIONS,
                PREVIEW_OPTIONS[usize::from(self.preview)],
            )
            .with_shortcut("p"),
        ]
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        let changed = match id {
            WAIT => self.play(Turn::Wait),
            NEXT => self.play(Turn::NextMaze),
            TAKE_BACK => self.take_back(),
            SIZE => {
                let size: usize = game_api::parse_choice(value)?;
                if !SIZES.contains(&size) {
                    return Err(GameError(format!(
                        "the board size {value:?} is not one of 6, 8, 10, 12, 14 and 16"
                    )));
                }
                self.size = size;
                self.store_settings();
                self.ask_for_new_game();
                true
            }
            PREVIEW => {
                let index = PREVIEW_OPTIONS
                    .iter()
                    .position(|o| *o == value.trim())
                    .ok_or_else(|| GameError(format!("{value:?} is neither Hidden nor Shown")))?;
                self.preview = index == 1;
                self.store_settings();
                true
            }
            other => return Err(GameError(format!("Tally Maze has no action {other:?}"))),
        };
        Ok(Response::redraw_if(changed))
    }

    fn regions(&self) -> Vec<Region> {
        let layout = self.board_layout();
        let (w, h) = layout.cells;
        (0..h)
            .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
            .map(|cell| {
                Region::new(
                    self.cell_label(cell),
                    layout.corner(cell.x as f32, cell.y as f32),
                    Point::new(layout.cell, layout.cell),
                )
            })
            .collect()
    }
}

impl NewGame for TallyMaze {
    fn new_game(&mut self, seed: u64) {
        self.deal(seed);
    }

    fn game_id(&self) -> String {
        GameId::of(&self.tally).to_string()
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let id = GameId::parse(id)?;
        if id.width == id.height && SIZES.contains(&id.width) && id.width != self.size {
            self.size = id.width;
            self.store_settings();
        }
        self.set_tally(id.start());
        Ok(())
    }
}

impl SaveLoad for TallyMaze {
    fn save(&self) -> Vec<u8> {
        save::save(&self.tally)
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let tally = save::load(bytes)?;
        self.set_tally(tally);
        Ok(())
    }
}

impl Outcomes for TallyMaze {
    /// Won on reaching the exit, scored by the turns it took (fewer is
    /// better: `ScoreKind::fewest("turns")`); lost when caught.
    fn outcome(&self) -> Outcome {
        if self.tally.is_won() {
            Outcome::won().with_score(self.tally.turns() as i64)
        } else if self.tally.is_caught() {
            Outcome::lost()
        } else {
            Outcome::PLAYING
        }
    }

    fn score_kind(&self) -> game_api::ScoreKind {
        game_api::ScoreKind::fewest("turns")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nat::Nat;
    use game_api::{RecordingPainter, Shape};

    /// Maze 67563176759168587958759611729762092727812947989501 of the
    /// 12 × 12 board (New game's from seed 1).
    const MAZE: &str = "67563176759168587958759611729762092727812947989501";

    fn game() -> TallyMaze {
        TallyMaze::with_id(MAZE).unwrap()
    }

    fn shapes(game: &TallyMaze) -> Vec<Shape> {
        let mut painter = RecordingPainter::new();
        game.draw(&mut painter);
        painter.shapes
    }

    /// `game` with the ball and the pumpkins put at these cells, one turn
    /// after the start.
    fn placed(mut game: TallyMaze, player: Cell, pumpkins: [Cell; 2]) -> TallyMaze {
        let mut tally = game.tally.clone();
        let start = tally.position();
        tally
            .restore(
                Position {
                    presses: 0,
                    player,
                    pumpkins,
                },
                vec![start],
            )
            .unwrap();
        game.set_tally(tally);
        game
    }

    #[test]
    fn the_layout_fits_every_size_and_hit_testing_matches_it() {
        for side in SIZES {
            let layout = Layout::new(side, side);
            let canvas = layout.canvas();
            assert!(
                canvas.x <= 2.0 * MARGIN + BOARD_SIDE && canvas.y <= 620.0,
                "{side}"
            );
            for y in 0..side {
                for x in 0..side {
                    let c = Cell::new(x, y);
                    assert_eq!(layout.cell_at(layout.center(c)), Some(c));
                }
            }
            assert_eq!(layout.cell_at(Point::new(MARGIN - 1.0, 100.0)), None);
            assert_eq!(layout.cell_at(Point::new(f32::NAN, 100.0)), None);
        }
        assert_eq!(Layout::new(12, 12).cell, 44.0);
        assert_eq!(
            Layout::new(12, 12).canvas(),
            Point::new(576.0, 52.0 + 528.0 + 24.0)
        );
    }

    #[test]
    fn the_balls_face_follows_the_originals_pictures() {
        let g = game();
        assert_eq!(g.mood(), Mood::Calm);
        // One step from the exit through an open passage.
        let exit = Cell::new(11, 11);
        let next_to_exit = g.maze().neighbours(exit).next().unwrap();
        let far = [Cell::new(0, 0), Cell::new(0, 0)];
        assert_eq!(placed(game(), next_to_exit, far).mood(), Mood::AboutToWin);
        // A pumpkin one step away (and the exit not).
        let ball = Cell::new(5, 5);
        let beside = g.maze().neighbours(ball).next().unwrap();
        let g2 = placed(game(), ball, [beside, exit]);
        assert_eq!(g2.mood(), Mood::InDanger);
        assert!(
            g2.status()
                .starts_with("A pumpkin is next to you! Turns: 1.")
        );
        assert_eq!(placed(game(), ball, [ball, exit]).mood(), Mood::Caught);
        assert_eq!(
            placed(game(), exit, [exit, exit]).mood(),
            Mood::Won,
            "the exit wins"
        );
    }

    #[test]
    fn clicks_map_to_steps_to_open_neighbours_and_a_wait_on_the_ball() {
        let g = game();
        let ball = Cell::new(0, 0);
        assert_eq!(g.turn_for_click(ball), Some(Turn::Wait));
        for d in Dir::ALL {
            if let Some(cell) = g.maze().step(ball, d) {
                let expected = g.maze().is_open(ball, d).then_some(Turn::Step(d));
                assert_eq!(g.turn_for_click(cell), expected, "{d:?}");
            }
        }
        assert_eq!(g.turn_for_click(Cell::new(1, 1)), None);
        let over = placed(game(), Cell::new(11, 11), [Cell::new(0, 0); 2]);
        assert_eq!(over.turn_for_click(Cell::new(11, 11)), None);
    }

    #[test]
    fn keys_play_turns_and_z_takes_them_back() {
        let mut g = game();
        let start = g.tally().position();
        // The way out of this maze starts with a step down.
        assert_eq!(g.handle_event(&Event::key("ArrowDown")), Response::REDRAW);
        assert_eq!(g.tally().position().player, Cell::new(0, 1));
        assert_eq!(g.handle_event(&Event::key(".")), Response::REDRAW);
        assert_eq!(g.handle_event(&Event::key("n")), Response::REDRAW);
        assert_eq!(g.tally().turns(), 3);
        assert_eq!(g.tally().number().to_string(), MAZE.replace("501", "502"));
        for _ in 0..3 {
            assert_eq!(g.handle_event(&Event::key("z")), Response::REDRAW);
        }
        assert_eq!(g.tally().position(), start);
        assert_eq!(g.handle_event(&Event::key("z")), Response::NONE);
        // Keys with Ctrl are the launcher's.
        let ctrl_n = Event::KeyPress {
            key: "n".into(),
            modifiers: game_api::Modifiers {
                ctrl: true,
                ..game_api::Modifiers::NONE
            },
        };
        assert_eq!(g.handle_event(&ctrl_n), Response::NONE);
        assert_eq!(g.tally().turns(), 0);
    }

    #[test]
    fn the_actions_are_enabled_when_they_can_act() {
        let g = game();
        let enabled: Vec<(String, bool)> =
            g.actions().into_iter().map(|a| (a.id, a.enabled)).collect();
        assert_eq!(
            enabled,
            [
                ("wait".to_string(), true),
                ("next".to_string(), true),
                ("take-back".to_string(), false),
                ("size".to_string(), true),
                ("preview".to_string(), true),
            ]
        );
        let over = placed(
            game(),
            Cell::new(3, 3),
            [Cell::new(3, 3), Cell::new(11, 11)],
        );
        let enabled: Vec<bool> = over.actions().into_iter().map(|a| a.enabled).collect();
        assert_eq!(enabled, [false, false, true, true, true]);
        let shortcuts: Vec<Option<String>> =
            over.actions().into_iter().map(|a| a.shortcut).collect();
        assert_eq!(
            shortcuts,
            [
                Some("Space".into()),
                Some("n".into()),
                Some("z".into()),
                None,
                Some("p".into())
            ]
        );
    }

    #[test]
    fn the_preview_draws_the_next_mazes_changes() {
        let mut g = game();
        let colored = |g: &TallyMaze, color: Rgba| {
            shapes(g)
                .iter()
                .filter(|s| matches!(s, Shape::Rect { style, .. } if style.fill == Some(color)))
                .count()
        };
        assert_eq!(colored(&g, WALL_COMING) + colored(&g, WALL_GOING), 0);
        g.invoke_action(PREVIEW, "Shown").unwrap();
        assert!(g.preview());
        // Walls that differ between this maze and the next.
        let (mut coming, mut going) = (0, 0);
        for y in 0..12 {
            for x in 0..12 {
                for d in [Dir::Right, Dir::Down] {
                    let c = Cell::new(x, y);
                    if g.maze().step(c, d).is_none() {
                        continue;
                    }
                    match (g.maze().is_open(c, d), g.next_maze().is_open(c, d)) {
                        (true, false) => coming += 1,
                        (false, true) => going += 1,
                        _ => {}
                    }
                }
            }
        }
        assert!(coming + going > 0, "the next maze differs");
        assert_eq!(
            (colored(&g, WALL_COMING), colored(&g, WALL_GOING)),
            (coming, going)
        );
        assert_eq!(g.handle_event(&Event::key("p")), Response::REDRAW);
        assert!(!g.preview());
        assert!(g.invoke_action(PREVIEW, "Sometimes").is_err());
    }

    #[test]
    fn two_pumpkins_in_one_cell_are_drawn_small_and_the_number_on_top() {
        let g = game();
        let layout = g.board_layout();
        let lobes: Vec<(Point, f32)> = shapes(&g)
            .into_iter()
            .filter_map(|s| match s {
                Shape::Ellipse {
                    center,
                    radius_x,
                    style,
                    ..
                } if style.fill == Some(PUMPKIN) => Some((center, radius_x)),
                _ => None,
            })
            .collect();
        assert_eq!(lobes.len(), 6);
        for (center, radius) in &lobes {
            assert_eq!(layout.cell_at(*center), Some(Cell::new(11, 11)));
            assert!(*radius < 0.2 * layout.cell);
        }
        let texts: Vec<String> = shapes(&g)
            .into_iter()
            .filter_map(|s| match s {
                Shape::Text { text, .. } => Some(text),
                _ => None,
            })
            .collect();
        assert_eq!(texts, [format!("Maze #{MAZE}")]);
        // 16 × 16 numbers are long: two lines.
        let big = TallyMaze::with_tally(
            Tally::on_board(16, 16, &Nat::parse_decimal(&"9".repeat(80)).unwrap()).unwrap(),
        );
        let text = shapes(&big)
            .into_iter()
            .find_map(|s| match s {
                Shape::Text { text, .. } => Some(text),
                _ => None,
            })
            .unwrap();
        assert_eq!(text.lines().count(), 2, "{text}");
        assert_eq!(
            text.replace(['\n'], ""),
            format!("Maze #{}", "9".repeat(80))
        );
    }

    #[test]
    fn hovering_a_reachable_cell_marks_it() {
        let mut g = game();
        let reach = |g: &TallyMaze| {
            shapes(g)
                .iter()
                .filter(|s| matches!(s, Shape::Rect { style, .. } if style.fill == Some(REACH)))
                .count()
        };
        let layout = g.board_layout();
        assert_eq!(reach(&g), 0);
        let pos = layout.center(Cell::new(0, 1));
        assert_eq!(
            g.handle_event(&Event::PointerMove { pos }),
            Response::REDRAW
        );
        assert_eq!(reach(&g), 1);
        let pos = layout.center(Cell::new(6, 6));
        g.handle_event(&Event::PointerMove { pos });
        assert_eq!(reach(&g), 0, "not reachable");
        assert_eq!(g.handle_event(&Event::PointerLeave), Response::REDRAW);
    }

    #[test]
    fn the_outcome_scores_fewer_turns_higher() {
        assert_eq!(game().outcome(), Outcome::PLAYING);
        let won = placed(game(), Cell::new(11, 11), [Cell::new(0, 0); 2]);
        assert_eq!(won.outcome(), Outcome::won().with_score(1));
        assert_eq!(won.status(), "Out in 1 turn! Ctrl+N deals a new maze.");
        let lost = placed(game(), Cell::new(2, 2), [Cell::new(2, 2), Cell::new(0, 0)]);
        assert_eq!(lost.outcome(), Outcome::lost());
    }

    #[test]
    fn new_games_come_from_seeds_and_ids_name_the_first_maze() {
        let mut a = game();
        let mut b = game();
        a.new_game(42);
        b.new_game(42);
        assert_eq!(a.game_id(), b.game_id());
        b.new_game(43);
        assert_ne!(a.game_id(), b.game_id());
        // The ID names the first maze, not the one N went on to.
        let id = a.game_id();
        a.handle_event(&Event::key("n"));
        assert_ne!(a.tally().number().to_string(), id);
        assert_eq!(a.game_id(), id);
        a.start_from_game_id("6x6:77").unwrap();
        assert_eq!(a.game_id(), "6x6:77");
        assert_eq!(a.size(), 6, "the size choice follows the ID");
        assert!(a.start_from_game_id("6x6:-1").is_err());
        assert_eq!(a.game_id(), "6x6:77");
    }
}
