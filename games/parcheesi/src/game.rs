//! [`Parcheesi`], the [`Game`] the launcher runs: the board drawn with the
//! painter, the dice, the seats, pointer and keyboard play, and the
//! computers' turns spread over ticks.
//!
//! The computers never block the window: a computer's search runs a slice
//! of [`SLICE`] positions per tick (a whole turn's search fits in one), and
//! its chosen mini-moves are shown one per [`STEP`] seconds of ticks: the
//! seconds the ticks carry count, not how many they are, so a busy
//! machine's fewer, longer ticks make a turn no slower. The position
//! changes only by whole mini-moves, so undo, quitting and saving work at
//! any moment.

use std::time::Duration;

use game_api::Ticks;
use game_api::{
    Action, Anchor, Button, Event, Game, GameError, Host, Painter, Point, Region, Response, Rgba,
    Stroke, Style,
};

use crate::play::{self, Match};
use crate::players::{Search, Seat};
use crate::rules::{self, Color, Loc, Pawn};

/// The side of one square of the board, in canvas pixels.
pub const CELL: f32 = 32.0;
/// The margin around the board.
pub const MARGIN: f32 = 16.0;
/// Squares across the board.
pub const GRID: f32 = 19.0;
/// Where the side panel starts.
pub const PANEL_X: f32 = MARGIN * 2.0 + GRID * CELL;
/// The canvas.
pub const CANVAS: Point = Point::new(PANEL_X + 250.0, MARGIN * 2.0 + GRID * CELL);
/// The side of a die drawn in the panel.
pub const DIE: f32 = 44.0;
/// Where the dice are drawn.
pub const DICE_Y: f32 = 230.0;
/// Positions a computer looks at per tick: more than three times the
/// largest turn known (the original's problem board, 6,149 positions,
/// about 10 ms), so a turn's search takes one tick however long the ticks
/// are apart.
pub const SLICE: usize = 20_000;
/// Seconds between a computer's mini-moves.
pub const STEP: f32 = 0.4;
/// How often ticks come while a computer plays: nothing moves between its
/// mini-moves, and each tick costs the window a frame (CPU a busy machine
/// has little of), so a tenth of a second, the most a mini-move is late.
pub const TICK: Duration = Duration::from_millis(100);

/// The background.
pub const BACKGROUND: Rgba = Rgba::rgb(236, 228, 206);
/// The ring's ordinary squares (light blue, as the original's).
pub const TRACK: Rgba = Rgba::rgb(173, 216, 230);
/// Safe squares (purple).
pub const SAFE: Rgba = Rgba::rgb(170, 120, 200);
/// Lines and text.
pub const INK: Rgba = Rgba::rgb(40, 40, 40);
/// The ring around a selected pawn and the squares it can reach.
pub const HIGHLIGHT: Rgba = Rgba::rgb(255, 140, 0);
/// A die's face.
pub const DIE_FACE: Rgba = Rgba::rgb(255, 255, 255);

/// The colour of a player's pawns.
pub fn pawn_color(c: Color) -> Rgba {
    match c {
        Color::Green => Rgba::rgb(40, 150, 60),
        Color::Red => Rgba::rgb(205, 45, 45),
        Color::Blue => Rgba::rgb(45, 85, 210),
        Color::Yellow => Rgba::rgb(235, 195, 30),
    }
}

/// The lighter colour of a player's nest and home row.
pub fn tint(c: Color) -> Rgba {
    let p = pawn_color(c);
    let l = |v: u8| ((u16::from(v) + 2 * 255) / 3) as u8;
    Rgba::rgb(l(p.r), l(p.g), l(p.b))
}

/// Rotates a point of the board (in squares) a quarter turn per colour:
/// green's quarter is the bottom, red's the right, blue's the top,
/// yellow's the left.
fn rot(c: Color, (x, y): (f32, f32)) -> (f32, f32) {
    let mut p = (x, y);
    for _ in 0..c.index() {
        p = (p.1, GRID - p.0);
    }
    p
}

fn to_px((x, y): (f32, f32)) -> Point {
    Point::new(MARGIN + x * CELL, MARGIN + y * CELL)
}

/// The centre of main square `i` (in squares).
fn main_center(i: u8) -> (f32, f32) {
    let c = Color::from_index(usize::from(i / 17));
    let k = i % 17;
    let cell = match k {
        0 => (9.0, 18.0),
        1..=8 => (10.0, 18.0 - f32::from(k - 1)),
        _ => (11.0 + f32::from(k - 9), 10.0),
    };
    rot(c, (cell.0 + 0.5, cell.1 + 0.5))
}

/// The centre of square `i` of `c`'s home row.
fn row_center(c: Color, i: u8) -> (f32, f32) {
    rot(c, (9.5, 17.5 - f32::from(i)))
}

fn nest_center(c: Color, id: u8) -> (f32, f32) {
    let dx = if id.is_multiple_of(2) { -1.4 } else { 1.4 };
    let dy = if id < 2 { -1.4 } else { 1.4 };
    rot(c, (15.0 + dx, 15.0 + dy))
}

fn home_center(c: Color, id: u8) -> (f32, f32) {
    rot(c, (9.0 + f32::from(id) * 0.33, 10.8))
}

/// Where a square is drawn: its centre in canvas pixels.
pub fn square_center(sq: rules::Square) -> Point {
    to_px(match sq {
        rules::Square::Main(i) => main_center(i),
        rules::Square::Row(c, i) => row_center(c, i),
    })
}

/// Where `pawn` is drawn on `board`: its centre and radius.
pub fn pawn_spot(board: &rules::Board, pawn: Pawn) -> (Point, f32) {
    let c = pawn.color();
    let loc = board.loc(pawn);
    match loc {
        Loc::Start => (to_px(nest_center(c, pawn.id())), CELL * 0.42),
        Loc::Home => (to_px(home_center(c, pawn.id())), CELL * 0.2),
        Loc::Main(_) | Loc::HomeRow(_) => {
            let sq = rules::Board::square_of(pawn, loc).expect("on a square");
            let center = square_center(sq);
            let there = board.at(sq);
            if there.len() >= 2 {
                let dx = if there[0] == pawn { -0.2 } else { 0.2 };
                (Point::new(center.x + dx * CELL, center.y), CELL * 0.24)
            } else {
                (center, CELL * 0.34)
            }
        }
    }
}

/// Where a pawn of `color` at `loc` lands: the centre of the square (or
/// of home).
fn loc_center(color: Color, loc: Loc) -> Point {
    match loc {
        Loc::Main(i) => to_px(main_center(i)),
        Loc::HomeRow(i) => to_px(row_center(color, i)),
        Loc::Home => to_px(rot(color, (9.5, 10.5))),
        Loc::Start => to_px(rot(color, (15.0, 15.0))),
    }
}

/// The top-left corner of die `i` of the dice left.
pub fn die_min(i: usize) -> Point {
    Point::new(
        PANEL_X + (i % 4) as f32 * (DIE + 10.0),
        DICE_Y + (i / 4) as f32 * (DIE + 10.0),
    )
}

/// Where a place is in words, for the status line and screen readers.
pub fn loc_words(loc: Loc) -> String {
    match loc {
        Loc::Start => "in the nest".into(),
        Loc::Main(i) if rules::is_safe(i) => format!("on safe square {i}"),
        Loc::Main(i) => format!("on square {i}"),
        Loc::HomeRow(i) => format!("on square {} of the home row", i + 1),
        Loc::Home => "home".into(),
    }
}

/// The game the launcher runs.
pub struct Parcheesi {
    host: Host,
    game: Match,
    /// The seats chosen for the next game.
    selected: Option<Pawn>,
    cursor_die: usize,
    message: Option<String>,
    drag: Option<Pawn>,
    drag_pos: Option<Point>,
    /// Where the selected pawn can go, with the die for each.
    lit: Vec<(u8, Loc)>,
    search: Option<Search>,
    plan: Vec<rules::Move>,
    wait: f32,
    ticking: Ticks,
    saved_len: usize,
}

/// The seats of a new game: a person as green, the three computers.
pub const DEFAULT_SEATS: [Seat; 4] = [Seat::Person, Seat::Renee, Seat::Polly, Seat::Grace];

impl Parcheesi {
    /// A game dealt from `seed` with `seats`.
    pub fn with_seed(host: Host, seed: u64, seats: [Seat; 4]) -> Parcheesi {
        let mut g = Parcheesi {
            host,
            game: Match::new(seed, seats),
            selected: None,
            cursor_die: 0,
            message: None,
            drag: None,
            drag_pos: None,
            lit: Vec::new(),
            search: None,
            plan: Vec::new(),
            wait: 0.0,
            ticking: Ticks::default(),
            saved_len: 0,
        };
        g.sync();
        g
    }

    /// Replaces the game (a new one, or one loaded), stopping what was
    /// moving.
    pub fn set_match(&mut self, m: Match) {
        self.game = m;
        self.selected = None;
        self.message = None;
        self.drag = None;
        self.drag_pos = None;
        self.search = None;
        self.plan.clear();
        self.wait = 0.0;
        self.saved_len = self.game.record().len();
        self.sync();
    }

    /// The game being played.
    pub fn game(&self) -> &Match {
        &self.game
    }

    /// How many of the record's moves a save keeps: up to the last time a
    /// person was to move (so an undo goes back to a person's choice, and
    /// the computers replay the same moves after it).
    pub fn saved_len(&self) -> usize {
        self.saved_len
    }

    /// The pawn selected, if any.
    pub fn selected(&self) -> Option<Pawn> {
        self.selected
    }

    /// Whether a computer is choosing or showing its moves.
    pub fn computer_busy(&self) -> bool {
        self.game.winner().is_none() && self.game.current_seat().is_computer()
    }

    /// Keeps the save point, the ticks and the selection in step with the
    /// game.
    fn sync(&mut self) {
        let people = self.game.seats().iter().any(|s| !s.is_computer());
        if !people || self.game.winner().is_some() || !self.game.current_seat().is_computer() {
            self.saved_len = self.game.record().len();
        }
        if let Some(p) = self.selected
            && (p.color() != self.game.current() || self.computer_busy())
        {
            self.selected = None;
        }
        self.lit = match self.selected {
            Some(p) => self.game.targets(p),
            None => Vec::new(),
        };
        let want = self.computer_busy();
        self.ticking.want(&self.host, want.then_some(TICK));
    }

    /// Advances the computers by `dt` seconds: a slice of search, or the
    /// mini-moves whose time has come. True when something changed.
    ///
    /// The mini-moves are paced by the seconds the ticks carry, never by
    /// their count: a busy machine's fewer, longer ticks show as many
    /// mini-moves as their seconds allow (one tick of a whole turn's
    /// seconds shows the whole turn), so its turn lasts as long as on an
    /// idle machine.
    pub fn computer_tick(&mut self, dt: f32) -> bool {
        if !self.computer_busy() {
            self.sync();
            return false;
        }
        let mut changed = false;
        if self.plan.is_empty() {
            let search = self.search.get_or_insert_with(|| {
                let (board, dice) = (*self.game.board(), self.game.dice_left().to_vec());
                Search::new(self.game.current_seat(), self.game.current(), &board, &dice)
            });
            if search.step(SLICE) {
                let mut rng = play::tie_break_rng(self.game.seed(), self.game.turns());
                self.plan = search.choose(&mut rng);
                self.plan.reverse();
                self.search = None;
                self.wait = 0.0;
                // The status says it moves now, no longer that it thinks.
                changed = true;
            }
        } else {
            self.wait += if dt.is_finite() { dt.max(0.0) } else { 0.0 };
            while self.wait >= STEP
                && self.computer_busy()
                && let Some(mv) = self.plan.pop()
            {
                self.wait -= STEP;
                if self.game.play(mv).is_err() {
                    self.plan.clear();
                }
                changed = true;
            }
        }
        self.sync();
        changed
    }

    /// Plays every computer turn until a person is to move or the game is
    /// over (for tests and tools: the window uses ticks).
    pub fn run_computers(&mut self) {
        while self.computer_busy() {
            self.computer_tick(STEP);
        }
    }

    /// Hands a seat to a person or a computer (at once, even mid-game).
    pub fn set_seat(&mut self, color: Color, seat: Seat) {
        if self.game.seats()[color.index()] != seat {
            self.game.set_seat(color, seat);
            self.search = None;
            self.plan.clear();
            self.sync();
        }
    }

    /// The person to move clicks `pawn`: selects it, or says why it
    /// cannot move.
    pub fn select(&mut self, pawn: Pawn) {
        self.message = None;
        if self.computer_busy() || self.game.winner().is_some() {
            return;
        }
        if pawn.color() != self.game.current() {
            self.message = Some(format!(
                "that is {}'s pawn; it is {}'s turn",
                pawn.color().name(),
                self.game.current().name()
            ));
            return;
        }
        let targets = self.game.targets(pawn);
        if targets.is_empty() {
            let why = self.why_not(pawn);
            self.message = Some(format!("{pawn} cannot move: {why}"));
            self.selected = None;
        } else {
            self.selected = Some(pawn);
        }
        self.sync();
    }

    /// Why `pawn` cannot move with any die left.
    fn why_not(&mut self, pawn: Pawn) -> String {
        let mut dice = self.game.dice_left().to_vec();
        dice.dedup();
        if self.game.board().loc(pawn) == Loc::Home {
            return "it is home".into();
        }
        let mut reasons: Vec<String> = Vec::new();
        for d in dice {
            if let Err(e) = self.game.check(pawn, d) {
                let r = if self.game.board().loc(pawn) == Loc::Start {
                    e.to_string()
                } else {
                    format!("with the {d}, {e}")
                };
                if !reasons.contains(&r) {
                    reasons.push(r);
                }
            }
        }
        reasons.join("; ")
    }

    /// Plays the selected pawn (or `pawn`) by `die`, saying why not when
    /// it is not legal. True when it moved.
    pub fn play_die(&mut self, pawn: Pawn, die: u8) -> bool {
        self.message = None;
        if self.computer_busy() || self.game.winner().is_some() {
            return false;
        }
        match self.game.play_die(pawn, die) {
            Ok(()) => {
                self.selected = None;
                self.sync();
                if self.game.current_seat() == Seat::Person
                    && self.game.winner().is_none()
                    && self.game.board().loc(pawn) != Loc::Home
                    && pawn.color() == self.game.current()
                    && !self.game.targets(pawn).is_empty()
                {
                    self.selected = Some(pawn);
                    self.sync();
                }
                true
            }
            Err(e) => {
                let what = if self.game.board().loc(pawn) == Loc::Start {
                    format!("{pawn} cannot enter")
                } else {
                    format!("{pawn} cannot move {die}")
                };
                self.message = Some(format!("{what}: {e}"));
                false
            }
        }
    }

    /// The message saying why the last try was not legal.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    fn pawn_at(&self, pos: Point) -> Option<Pawn> {
        let board = self.game.board();
        let mut best: Option<(Pawn, f32)> = None;
        for i in 0..16 {
            let p = Pawn::from_index(i);
            let (c, r) = pawn_spot(board, p);
            let d2 = (pos.x - c.x).powi(2) + (pos.y - c.y).powi(2);
            if d2 <= (r + 2.0).powi(2) {
                let prefer = p.color() == self.game.current();
                let score = if prefer { d2 - 10_000.0 } else { d2 };
                if best.is_none_or(|(_, s)| score < s) {
                    best = Some((p, score));
                }
            }
        }
        best.map(|(p, _)| p)
    }

    fn target_at(&mut self, pawn: Pawn, pos: Point) -> Option<u8> {
        for (die, loc) in self.game.targets(pawn) {
            let c = loc_center(pawn.color(), loc);
            let half = if loc == Loc::Home {
                CELL * 1.5
            } else {
                CELL / 2.0
            };
            if (pos.x - c.x).abs() <= half && (pos.y - c.y).abs() <= half {
                return Some(die);
            }
        }
        None
    }

    fn die_at(&self, pos: Point) -> Option<usize> {
        (0..self.game.dice_left().len()).find(|&i| {
            let m = die_min(i);
            pos.x >= m.x && pos.y >= m.y && pos.x <= m.x + DIE && pos.y <= m.y + DIE
        })
    }

    fn click(&mut self, pos: Point) -> bool {
        if let Some(i) = self.die_at(pos) {
            let die = self.game.dice_left()[i];
            self.cursor_die = i;
            return match self.selected {
                Some(p) => {
                    self.play_die(p, die);
                    true
                }
                None => {
                    self.message = Some("click one of your pawns first, then a die".into());
                    true
                }
            };
        }
        if let Some(p) = self.selected
            && let Some(die) = self.target_at(p, pos)
        {
            self.play_die(p, die);
            return true;
        }
        if let Some(p) = self.pawn_at(pos) {
            self.select(p);
            return true;
        }
        if self.selected.is_some() {
            self.selected = None;
            return true;
        }
        false
    }

    fn key(&mut self, key: &str, shift: bool) -> bool {
        let color = self.game.current();
        match key {
            "h" => {
                self.host.show_text_help("Parcheesi", shift);
                false
            }
            "ArrowLeft" | "ArrowRight" if !self.computer_busy() => {
                let pawns: Vec<Pawn> = Pawn::of(color)
                    .into_iter()
                    .filter(|&p| self.game.board().loc(p) != Loc::Home)
                    .collect();
                if pawns.is_empty() {
                    return false;
                }
                let at = self
                    .selected
                    .and_then(|s| pawns.iter().position(|&p| p == s));
                let n = pawns.len();
                let next = match (at, key) {
                    (None, "ArrowLeft") => n - 1,
                    (None, _) => 0,
                    (Some(i), "ArrowLeft") => (i + n - 1) % n,
                    (Some(i), _) => (i + 1) % n,
                };
                self.message = None;
                self.selected = Some(pawns[next]);
                if self.game.targets(pawns[next]).is_empty() {
                    let why = self.why_not(pawns[next]);
                    self.message = Some(format!("{} cannot move: {why}", pawns[next]));
                }
                true
            }
            "ArrowUp" | "ArrowDown" => {
                let n = self.game.dice_left().len();
                if n == 0 {
                    return false;
                }
                self.cursor_die = if key == "ArrowUp" {
                    (self.cursor_die + n - 1) % n
                } else {
                    (self.cursor_die + 1) % n
                };
                true
            }
            "Enter" | "Space" => {
                let Some(p) = self.selected else {
                    self.message = Some("choose a pawn with the arrow keys first".into());
                    return true;
                };
                let dice = self.game.dice_left().to_vec();
                let die = dice.get(self.cursor_die.min(dice.len().saturating_sub(1)));
                if let Some(&d) = die {
                    self.play_die(p, d);
                }
                true
            }
            "Escape" => {
                let had = self.selected.is_some() || self.message.is_some();
                self.selected = None;
                self.message = None;
                had
            }
            _ => false,
        }
    }

    fn seat_words(&self, c: Color) -> String {
        match self.game.seats()[c.index()] {
            Seat::Person => {
                let people = self
                    .game
                    .seats()
                    .iter()
                    .filter(|s| !s.is_computer())
                    .count();
                if people == 1 {
                    "you".into()
                } else {
                    "a person".into()
                }
            }
            s => s.name().into(),
        }
    }

    fn dice_words(&self) -> String {
        self.game
            .dice_left()
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn pips(d: u8) -> &'static [(f32, f32)] {
    const L: f32 = 0.25;
    const M: f32 = 0.5;
    const H: f32 = 0.75;
    match d {
        1 => &[(M, M)],
        2 => &[(L, L), (H, H)],
        3 => &[(L, L), (M, M), (H, H)],
        4 => &[(L, L), (H, L), (L, H), (H, H)],
        5 => &[(L, L), (H, L), (M, M), (L, H), (H, H)],
        6 => &[(L, L), (H, L), (L, M), (H, M), (L, H), (H, H)],
        _ => &[],
    }
}

/// Draws a die (pips for 1 to 6, the number for a bonus) at `min`.
pub fn draw_die(painter: &mut dyn Painter, min: Point, size: f32, value: u8, ring: bool) {
    let outline = if ring { HIGHLIGHT } else { INK };
    painter.rounded_rect(
        min,
        Point::new(size, size),
        size * 0.15,
        Style {
            fill: Some(DIE_FACE),
            stroke: Some(Stroke {
                width: if ring { 3.0 } else { 1.5 },
                color: outline,
            }),
        },
    );
    if value <= 6 {
        for &(fx, fy) in pips(value) {
            painter.circle(
                Point::new(min.x + fx * size, min.y + fy * size),
                size * 0.09,
                Style::solid(INK),
            );
        }
    } else {
        painter.text(
            Point::new(min.x + size / 2.0, min.y + size / 2.0),
            Anchor::Center,
            18.0,
            INK,
            &value.to_string(),
        );
    }
}

impl Game for Parcheesi {
    fn new(host: Host) -> Result<Self, GameError> {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1);
        Ok(Parcheesi::with_seed(host, seed, DEFAULT_SEATS))
    }

    fn canvas_size(&self) -> Point {
        CANVAS
    }

    fn title(&self) -> String {
        "Parcheesi".into()
    }

    fn status(&self) -> String {
        let c = self.game.current();
        if let Some(w) = self.game.winner() {
            return format!(
                "{} ({}) wins! Press Ctrl+N for a new game.",
                w.name(),
                self.seat_words(w)
            );
        }
        let (d1, d2) = self.game.roll();
        let rolled = if d1 == d2 && self.game.roll_number() < 3 {
            format!("rolled double {d1}s (another roll follows)")
        } else if d1 == d2 {
            format!("rolled double {d1}s")
        } else {
            format!("rolled {d1} and {d2}")
        };
        if self.computer_busy() {
            let doing = if self.plan.is_empty() {
                "is thinking"
            } else {
                "is moving"
            };
            return format!(
                "{} ({}) {rolled} and {doing}... (dice left: {})",
                c.name(),
                self.seat_words(c),
                self.dice_words()
            );
        }
        let what = match self.selected {
            None => "click a pawn (or drag it to a lit square)".to_string(),
            Some(p) => format!("{p} chosen: click a die or a lit square"),
        };
        let mut s = format!(
            "{} ({}) {rolled}; dice left: {}. {}.",
            c.name(),
            self.seat_words(c),
            self.dice_words(),
            capitalise(&what)
        );
        if let Some(m) = &self.message {
            s = format!("Not legal: {m}. {s}");
        }
        s
    }

    fn draw(&self, painter: &mut dyn Painter) {
        painter.rect(Point::new(0.0, 0.0), CANVAS, Style::solid(BACKGROUND));
        let grid_line = Stroke {
            width: 1.0,
            color: INK,
        };
        let cell_style = |fill| Style {
            fill: Some(fill),
            stroke: Some(grid_line),
        };
        // The nests.
        for c in Color::ALL {
            let (a, b) = (rot(c, (11.0, 11.0)), rot(c, (19.0, 19.0)));
            let min = to_px((a.0.min(b.0), a.1.min(b.1)));
            painter.rect(min, Point::new(8.0 * CELL, 8.0 * CELL), cell_style(tint(c)));
        }
        // The ring.
        for i in 0..rules::MAIN_SIZE {
            let (x, y) = main_center(i);
            let min = to_px((x - 0.5, y - 0.5));
            let fill = if rules::is_safe(i) { SAFE } else { TRACK };
            painter.rect(min, Point::new(CELL, CELL), cell_style(fill));
            if let Some(c) = Color::ALL.into_iter().find(|c| c.enter_pos() == i) {
                // Entry squares: half purple, half the player's colour.
                let a = to_px((x - 0.5, y - 0.5));
                let b = to_px((x + 0.5, y + 0.5));
                painter.polygon(
                    &[a, Point::new(b.x, a.y), Point::new(a.x, b.y)],
                    cell_style(pawn_color(c)),
                );
            }
        }
        // The home rows and home.
        for c in Color::ALL {
            for i in 0..rules::HOME_ROW_SIZE {
                let (x, y) = row_center(c, i);
                painter.rect(
                    to_px((x - 0.5, y - 0.5)),
                    Point::new(CELL, CELL),
                    cell_style(tint(c)),
                );
            }
            let tri = [
                rot(c, (8.0, 11.0)),
                rot(c, (11.0, 11.0)),
                rot(c, (9.5, 9.5)),
            ];
            painter.polygon(&tri.map(to_px), cell_style(pawn_color(c)));
        }
        // Targets of the selected pawn.
        if let Some(p) = self.selected {
            for &(die, loc) in &self.lit {
                let c = loc_center(p.color(), loc);
                painter.rect(
                    Point::new(c.x - CELL / 2.0 + 2.0, c.y - CELL / 2.0 + 2.0),
                    Point::new(CELL - 4.0, CELL - 4.0),
                    Style {
                        fill: Some(Rgba::with_alpha(255, 200, 60, 200)),
                        stroke: Some(Stroke {
                            width: 3.0,
                            color: HIGHLIGHT,
                        }),
                    },
                );
                painter.text(c, Anchor::Center, 14.0, INK, &die.to_string());
            }
        }
        // The pawns (one being dragged follows the pointer).
        let board = self.game.board();
        for i in 0..16 {
            let p = Pawn::from_index(i);
            let (mut c, r) = pawn_spot(board, p);
            if self.drag == Some(p)
                && let Some(at) = self.drag_pos
            {
                c = at;
            }
            let chosen = self.selected == Some(p);
            painter.circle(
                c,
                r,
                Style {
                    fill: Some(pawn_color(p.color())),
                    stroke: Some(Stroke {
                        width: if chosen { 4.0 } else { 1.5 },
                        color: if chosen { HIGHLIGHT } else { INK },
                    }),
                },
            );
            if board.loc(p) != Loc::Home {
                painter.text(
                    c,
                    Anchor::Center,
                    12.0,
                    Rgba::rgb(255, 255, 255),
                    &format!("{}", p.id() + 1),
                );
            }
        }
        // The panel: seats, dice, log.
        let x = PANEL_X;
        painter.text(
            Point::new(x, MARGIN),
            Anchor::TopLeft,
            22.0,
            INK,
            "Parcheesi",
        );
        for c in Color::ALL {
            let y = MARGIN + 40.0 + c.index() as f32 * 28.0;
            let now = c == self.game.current() && self.game.winner().is_none();
            painter.circle(
                Point::new(x + 10.0, y + 10.0),
                9.0,
                Style {
                    fill: Some(pawn_color(c)),
                    stroke: Some(Stroke {
                        width: if now { 3.0 } else { 1.0 },
                        color: if now { HIGHLIGHT } else { INK },
                    }),
                },
            );
            let home = self.game.board().home_count(c);
            let mark = if now { "> " } else { "" };
            painter.text(
                Point::new(x + 26.0, y + 10.0),
                Anchor::Left,
                14.0,
                INK,
                &format!("{mark}{}: {}, {home} home", c.name(), self.seat_words(c)),
            );
        }
        painter.text(
            Point::new(x, DICE_Y - 24.0),
            Anchor::TopLeft,
            14.0,
            INK,
            &format!("{}'s dice left:", self.game.current().name()),
        );
        for (i, &d) in self.game.dice_left().iter().enumerate() {
            let ring = !self.computer_busy() && i == self.cursor_die && self.selected.is_some();
            draw_die(painter, die_min(i), DIE, d, ring);
        }
        let log_y = DICE_Y + 2.0 * (DIE + 10.0) + 10.0;
        for (i, line) in self.game.log().iter().enumerate() {
            painter.text(
                Point::new(x, log_y + i as f32 * 34.0),
                Anchor::TopLeft,
                11.0,
                INK,
                &wrap(line, 38),
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
                self.drag = self
                    .pawn_at(*pos)
                    .filter(|p| p.color() == self.game.current() && !self.computer_busy());
                false
            }
            Event::PointerRelease {
                pos,
                button: Button::Primary,
                ..
            } => {
                let dragged = self.drag.take();
                self.drag_pos = None;
                match dragged {
                    Some(p) if self.pawn_at(*pos) != Some(p) => {
                        if let Some(die) = self.target_at(p, *pos) {
                            self.play_die(p, die);
                        } else {
                            self.select(p);
                        }
                        true
                    }
                    _ => self.click(*pos),
                }
            }
            Event::PointerMove { pos } if self.drag.is_some() => {
                self.drag_pos = Some(*pos);
                true
            }
            Event::PointerLeave => {
                let was = self.drag_pos.is_some();
                self.drag = None;
                self.drag_pos = None;
                was
            }
            Event::KeyPress { key, modifiers } => self.key(key, modifiers.shift),
            Event::Tick { dt } => self.computer_tick(*dt),
            _ => false,
        };
        self.sync();
        Response::redraw_if(changed)
    }

    fn actions(&self) -> Vec<Action> {
        let names = Seat::CHOICES.iter().map(|s| s.name());
        Color::ALL
            .iter()
            .map(|&c| {
                let seat = self.game.seats()[c.index()];
                let shown = if Seat::CHOICES.contains(&seat) {
                    seat.name()
                } else {
                    Seat::Grace.name()
                };
                Action::choice(
                    &format!("seat-{}", c.name().to_lowercase()),
                    c.name(),
                    names.clone(),
                    shown,
                )
            })
            .collect()
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        let color = Color::ALL
            .into_iter()
            .find(|c| id == format!("seat-{}", c.name().to_lowercase()))
            .ok_or_else(|| GameError(format!("unknown action {id:?}")))?;
        let seat = Seat::from_name(value)
            .filter(|s| Seat::CHOICES.contains(s))
            .ok_or_else(|| GameError(format!("there is no player {value:?}")))?;
        self.set_seat(color, seat);
        Ok(Response::REDRAW)
    }

    fn regions(&self) -> Vec<Region> {
        let board = self.game.board();
        let mut out = Vec::new();
        for i in 0..16 {
            let p = Pawn::from_index(i);
            let (c, r) = pawn_spot(board, p);
            let chosen = if self.selected == Some(p) {
                ", chosen"
            } else {
                ""
            };
            out.push(Region::new(
                format!("{p} {}{chosen}", loc_words(board.loc(p))),
                Point::new(c.x - r, c.y - r),
                Point::new(2.0 * r, 2.0 * r),
            ));
        }
        if let Some(p) = self.selected {
            for &(die, loc) in &self.lit {
                let c = loc_center(p.color(), loc);
                out.push(Region::new(
                    format!(
                        "move {p} {die} to {}",
                        loc_words(loc).trim_start_matches("on ")
                    ),
                    Point::new(c.x - CELL / 2.0, c.y - CELL / 2.0),
                    Point::new(CELL, CELL),
                ));
            }
        }
        for (i, d) in self.game.dice_left().iter().enumerate() {
            out.push(Region::new(
                format!("die {}: {d}", i + 1),
                die_min(i),
                Point::new(DIE, DIE),
            ));
        }
        out
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// Breaks `text` into lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for word in text.split(' ') {
        if line > 0 && line + 1 + word.len() > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += word.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::{RecordingPainter, Shape};

    fn all_computers(seed: u64) -> Parcheesi {
        Parcheesi::with_seed(Host::detached(), seed, [Seat::Grace; 4])
    }

    #[test]
    fn a_computer_thinks_then_shows_one_move_per_step() {
        let mut g = all_computers(3);
        assert!(g.computer_busy());
        assert!(g.status().contains("is thinking"), "{}", g.status());
        // The first tick searches (Green's first turn is small).
        g.computer_tick(0.05);
        let before = g.game().record().len();
        if g.status().contains("is moving") {
            // Nothing moves before STEP seconds have passed.
            assert!(!g.computer_tick(STEP / 4.0));
            assert_eq!(g.game().record().len(), before);
            let mut waited = STEP / 4.0;
            while g.game().record().len() == before {
                g.computer_tick(STEP / 4.0);
                waited += STEP / 4.0;
            }
            assert!(waited >= STEP);
        }
    }

    #[test]
    fn only_the_person_to_move_may_choose_a_pawn() {
        let mut g = Parcheesi::with_seed(Host::detached(), 1, DEFAULT_SEATS);
        g.run_computers();
        let c = g.game().current();
        assert_eq!(g.game().current_seat(), Seat::Person);
        let other = Pawn::new(c.next(), 0);
        g.select(other);
        assert!(g.selected().is_none());
        assert!(g.message().unwrap().contains("turn"));
        // Escape drops a choice and the message.
        assert!(g.key("Escape", false));
        assert!(g.message().is_none());
    }

    #[test]
    fn the_pawns_are_drawn_in_their_colours_where_they_stand() {
        let mut g = all_computers(8);
        for _ in 0..200 {
            g.computer_tick(1.0);
        }
        let mut painter = RecordingPainter::new();
        g.draw(&mut painter);
        let board = *g.game().board();
        for i in 0..16 {
            let p = Pawn::from_index(i);
            let (c, r) = pawn_spot(&board, p);
            let drawn = painter.shapes.iter().any(|s| {
                matches!(s, Shape::Circle { center, radius, style }
                    if *center == c && *radius == r && style.fill == Some(pawn_color(p.color())))
            });
            assert!(drawn, "{p} {:?}", board.loc(p));
        }
        let labels: Vec<String> = g.regions().into_iter().map(|r| r.label).collect();
        assert!(labels.iter().any(|l| l.starts_with("Green pawn 1 ")));
        assert!(labels.iter().any(|l| l.starts_with("die 1: ")));
    }

    #[test]
    fn a_dragged_pawn_follows_the_pointer() {
        let mut g = Parcheesi::with_seed(Host::detached(), 1, DEFAULT_SEATS);
        g.run_computers();
        let board = *g.game().board();
        let mine = Pawn::of(g.game().current())
            .into_iter()
            .find(|&p| board.loc(p) != Loc::Home)
            .expect("a pawn to drag");
        let (at, r) = pawn_spot(&board, mine);
        g.handle_event(&Event::press(at));
        let to = Point::new(PANEL_X + 100.0, 500.0);
        let moved = g.handle_event(&Event::PointerMove { pos: to });
        assert_eq!(moved, Response::REDRAW);
        let mut painter = RecordingPainter::new();
        g.draw(&mut painter);
        assert!(painter.shapes.iter().any(|s| matches!(s,
            Shape::Circle { center, radius, .. } if *center == to && *radius == r)));
        // Let go off any lit square: nothing moves, and the pawn is back.
        g.handle_event(&Event::release(to));
        assert_eq!(*g.game().board(), board);
        let mut painter = RecordingPainter::new();
        g.draw(&mut painter);
        assert!(!painter.shapes.iter().any(|s| matches!(s,
            Shape::Circle { center, .. } if *center == to)));
    }

    #[test]
    fn two_pawns_on_a_square_are_drawn_side_by_side() {
        let g0 = Pawn::new(Color::Green, 0);
        let g1 = Pawn::new(Color::Green, 1);
        let b = rules::Board::with(&[(g0, Loc::Main(5)), (g1, Loc::Main(5))]);
        let (a, _) = pawn_spot(&b, g0);
        let (c, _) = pawn_spot(&b, g1);
        assert!(a.x < c.x && a.y == c.y);
    }

    #[test]
    fn every_square_has_its_own_place_on_the_board() {
        let mut seen: Vec<(i32, i32)> = Vec::new();
        for i in 0..rules::MAIN_SIZE {
            let (x, y) = main_center(i);
            seen.push(((x * 2.0) as i32, (y * 2.0) as i32));
        }
        for c in Color::ALL {
            for i in 0..rules::HOME_ROW_SIZE {
                let (x, y) = row_center(c, i);
                seen.push(((x * 2.0) as i32, (y * 2.0) as i32));
            }
        }
        let n = seen.len();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), n, "no two squares overlap");
        // Neighbouring squares of the ring touch (one square apart).
        for i in 0..rules::MAIN_SIZE {
            let (a, b) = (main_center(i), main_center((i + 1) % rules::MAIN_SIZE));
            let d = (a.0 - b.0).abs() + (a.1 - b.1).abs();
            assert!(d <= 2.0 + 1e-3, "{i}: {a:?} {b:?}");
        }
        // Green enters at the bottom right and turns off at the bottom.
        let (ex, ey) = main_center(Color::Green.enter_pos());
        assert!(ex > GRID / 2.0 && ey > GRID / 2.0);
        let (xx, xy) = main_center(Color::Green.exit_pos());
        assert!((xx - GRID / 2.0).abs() < 1.0 && xy > GRID - 1.0);
    }
}
