//! The game as the launcher sees it: [`LightsOut`] implements
//! [`game_api::Game`], draws the board through a [`Painter`], maps clicks
//! and keys to presses, and keeps the move counter.
//!
//! Controls:
//!
//! * click a light: press it (the press happens when the button is
//!   released over the same light it went down on);
//! * arrow keys move a highlight, `Space` or `Enter` presses the highlighted
//!   light;
//! * `n`: a new puzzle, as the launcher's New game deals it
//!   ([`Host::request_new_game`]); `r`: start this puzzle over.
//!
//! The game's tool-bar controls are "Hint" (`hint`, key `?`, which rings a
//! light that belongs to a shortest solution), "Solve" (`solve`, key `s`)
//! and the "Size" choice (`size`, 3×3 to 9×9, 5×5 the default: a change
//! deals a new puzzle of that size, and is remembered in the game's
//! settings, [`crate::settings`]). Hints are counted: the status line
//! and the win message say how many were used. New game, Restart, Undo,
//! Redo and the Game ID field are the launcher's, built on the optional
//! functions of [`crate::save`]: new puzzles from seeds, game IDs (the
//! puzzle as dealt, row by row), saved games, and the outcome (solved is
//! won, scored by the moves it took).
//!
//! The light under the pointer (or the keyboard highlight) is outlined,
//! and so are the lights a press there would switch: the cross of it and
//! its neighbours. While the button is held on a light, it is drawn
//! pressed in.

use crate::board::{Board, Cell, MAX_SIZE, SIZE, SIZES};
use crate::settings::Settings;
use game_api::grid::{Dir, cursor_step};
use game_api::settings::{Options, SettingsFile};
use game_api::{
    Action, Anchor, Button, Event, Game, GameError, Host, NewGame, Painter, Point, Region,
    Response, Rgba, Stroke, Style, keys,
};

/// Space around the grid, in canvas pixels.
pub const MARGIN: f32 = 16.0;
/// The distance from one light's left edge to the next one's, in canvas
/// pixels; the whole square is the light's click target.
pub const PITCH: f32 = 64.0;
/// The dark border inside each pitch square around the drawn light.
pub const INSET: f32 = 4.0;
/// The radius of a light's rounded corners.
pub const CORNER_RADIUS: f32 = 10.0;
/// The 5×5 canvas's width and height: the grid plus a margin on each side
/// (other sizes: [`canvas_side`]).
pub const CANVAS_SIDE: f32 = canvas_side(SIZE);

/// The canvas's width and height for a board of `size`: the grid plus a
/// margin on each side (the launcher fits the window to it).
pub const fn canvas_side(size: usize) -> f32 {
    2.0 * MARGIN + size as f32 * PITCH
}

/// The Size choice's id.
pub const SIZE_ACTION: &str = "size";

/// The canvas background.
pub const BACKGROUND: Rgba = Rgba::rgb(28, 28, 32);
/// The fill of a light that is on: warm yellow.
pub const LIT: Rgba = Rgba::rgb(255, 210, 64);
/// The fill of a light that is off: dark grey.
pub const UNLIT: Rgba = Rgba::rgb(62, 62, 68);
/// The small reflection drawn on a lit light.
pub const GLINT: Rgba = Rgba::rgb(255, 244, 200);
/// The outline of the light under the pointer or the keyboard highlight.
pub const HIGHLIGHT: Rgba = Rgba::rgb(120, 190, 255);
/// The ring drawn by "Hint".
pub const HINT: Rgba = Rgba::rgb(255, 90, 60);
/// The outline of the lights a press on the highlighted light would switch
/// (its neighbours; the highlighted light itself has [`HIGHLIGHT`]).
pub const PREVIEW: Rgba = Rgba::with_alpha(120, 190, 255, 170);
/// How far a light held down is drawn pressed in, on each side.
pub const PRESSED_INSET: f32 = 4.0;
/// The veil over the board once it is solved.
pub const WIN_VEIL: Rgba = Rgba::with_alpha(0, 0, 0, 160);
/// The colour of the win message.
pub const WIN_TEXT: Rgba = Rgba::rgb(255, 230, 140);
/// Seconds between two lights Solve presses.
pub const SOLVE_STEP: f32 = 0.35;

/// A game of Lights Out on a square board (5×5 unless the player chose
/// another size).
#[derive(Clone, Debug)]
pub struct LightsOut {
    /// The launcher's services.
    pub(crate) host: Host,
    /// The size the Size choice shows: the board's, or the one the player
    /// chose while the launcher deals the new puzzle.
    pub(crate) size: usize,
    /// The player's settings (the size new games start at).
    pub(crate) settings: Settings,
    /// The lights as the puzzle was dealt (its game ID).
    pub(crate) start: Board,
    pub(crate) board: Board,
    pub(crate) moves: u32,
    /// The light under the pointer or moved to with the arrow keys.
    cursor: Option<Cell>,
    /// Where the primary button went down, while it is down.
    pub(crate) pressed: Option<Cell>,
    /// The light "Hint" rings, until the next press.
    pub(crate) hint: Option<Cell>,
    /// How many hints were shown for this puzzle since it was dealt or
    /// restarted (each light Solve pressed counts as one).
    pub(crate) hints: u32,
    /// While Solve plays: seconds since its last press.
    pub(crate) solving: Option<f32>,
}

impl LightsOut {
    /// A game with the puzzle [`Board::random_solvable`] makes from `seed`,
    /// with a host that offers nothing ([`Host::detached`]).
    pub fn with_seed(seed: u64) -> LightsOut {
        LightsOut::with_board(Board::random_solvable(seed))
    }

    /// A game starting from `board` (which may be unsolvable), with a host
    /// that offers nothing. For tests and tools.
    pub fn with_board(board: Board) -> LightsOut {
        LightsOut {
            host: Host::detached(),
            size: board.size(),
            settings: Settings { size: board.size() },
            start: board,
            board,
            moves: 0,
            cursor: None,
            pressed: None,
            hint: None,
            hints: 0,
            solving: None,
        }
    }

    /// This game with the launcher's services `host`.
    pub fn with_host(mut self, host: Host) -> LightsOut {
        self.host = host;
        self
    }

    /// A game at the size the settings in the host's data directory name
    /// (5×5 without them), with the puzzle [`Board::random_solvable_sized`]
    /// makes from `seed`, and the host's services.
    pub fn from_settings(host: Host, seed: u64) -> LightsOut {
        let settings = Settings::load(host.data_dir().as_deref());
        let mut game = LightsOut::with_board(Board::random_solvable_sized(settings.size, seed))
            .with_host(host);
        game.settings = settings;
        game
    }

    /// The board's size (rows, and columns).
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// The size the Size choice shows (the board's, unless the player has
    /// just chosen another and the new puzzle is on its way).
    pub fn chosen_size(&self) -> usize {
        self.size
    }

    /// The lights now.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The lights as the puzzle was dealt.
    pub fn start_board(&self) -> Board {
        self.start
    }

    /// The number of presses since the puzzle was dealt or restarted.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Whether every light is off.
    pub fn is_won(&self) -> bool {
        self.board.is_solved()
    }

    /// How many hints were shown since the puzzle was dealt or restarted.
    pub fn hints_used(&self) -> u32 {
        self.hints
    }

    /// The light held down under the pointer, drawn pressed in.
    pub fn held(&self) -> Option<Cell> {
        self.pressed.filter(|&p| self.cursor == Some(p))
    }

    /// The lights a press on the highlighted light would switch: it and
    /// its neighbours (none once the puzzle is solved).
    pub fn preview(&self) -> Vec<Cell> {
        match self.cursor {
            Some(cell) if !self.is_won() => {
                let mask = cell.press_mask(self.size());
                self.board
                    .cells()
                    .filter(|c| mask & c.bit(self.size()) != 0)
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// The light "Hint" rings now, if it was asked for since the last press.
    pub fn shown_hint(&self) -> Option<Cell> {
        self.hint
    }

    /// The highlighted light (under the pointer, or chosen with the arrow
    /// keys).
    pub fn cursor(&self) -> Option<Cell> {
        self.cursor
    }

    /// Presses the light at `cell` and counts the move. Does nothing and
    /// returns `false` once the puzzle is solved.
    pub fn press(&mut self, cell: Cell) -> bool {
        if self.is_won() {
            return false;
        }
        self.board.press(cell);
        self.moves += 1;
        self.hint = None;
        true
    }

    /// Whether Solve is playing.
    pub fn is_solving(&self) -> bool {
        self.solving.is_some()
    }

    /// Solve: presses the lights of a shortest solution one at a time, the
    /// first now and the next every [`SOLVE_STEP`] seconds on ticks, each
    /// counted as a hint (so the win is a win with help); pressed again, or
    /// at any click or key, it stops. Returns whether it pressed a light.
    pub fn start_solving(&mut self) -> bool {
        if self.solving.is_some() {
            self.stop_solving();
            return false;
        }
        if !self.solve_step() {
            return false;
        }
        if !self.is_won() {
            self.solving = Some(0.0);
            self.host
                .request_ticks(std::time::Duration::from_secs_f32(0.05));
        }
        true
    }

    /// Stops Solve (and its ticks).
    pub fn stop_solving(&mut self) {
        if self.solving.take().is_some() {
            self.host.stop_ticks();
        }
    }

    /// Presses the light [`LightsOut::hint`] names, as a hint; `false` when
    /// there is none (solved, or unsolvable).
    fn solve_step(&mut self) -> bool {
        let Some(cell) = self.hint() else {
            return false;
        };
        self.hints += 1;
        self.press(cell)
    }

    /// Solve's clock: the next light once [`SOLVE_STEP`] has passed.
    fn solve_tick(&mut self, dt: f32) -> bool {
        let Some(waited) = self.solving.as_mut() else {
            return false;
        };
        *waited += dt;
        if *waited < SOLVE_STEP {
            return false;
        }
        self.solving = Some(0.0);
        let pressed = self.solve_step();
        if !pressed || self.is_won() {
            self.stop_solving();
        }
        pressed
    }

    /// Deals `board` as a new puzzle and resets the counters, keeping the
    /// highlight where it is.
    pub fn deal(&mut self, board: Board) {
        self.start = board;
        self.size = board.size();
        self.restart();
        self.cursor_on_board();
    }

    /// Drops a highlight that is off the board (after a smaller one was
    /// dealt).
    pub(crate) fn cursor_on_board(&mut self) {
        let size = self.start.size();
        self.cursor = self.cursor.filter(|c| c.is_on(size));
    }

    /// The Size choice: remembers `size` in the settings and deals a new
    /// puzzle of that size (through the launcher's New game when it offers
    /// one, so that Undo takes the change back). Returns whether anything
    /// changed.
    pub fn choose_size(&mut self, size: usize) -> Result<bool, GameError> {
        if !SIZES.contains(&size) {
            return Err(GameError(format!(
                "the size {size} is not one of {}",
                SIZES.map(|s| s.to_string()).join(", ")
            )));
        }
        if size != self.settings.size {
            self.settings.size = size;
            self.store_settings();
        }
        if size == self.size && size == self.size() {
            return Ok(false);
        }
        self.stop_solving();
        self.size = size;
        self.ask_for_new_game();
        Ok(true)
    }

    /// Keeps the settings in the launcher's data directory for the game; a
    /// failure is logged, never shown as an error: the game goes on.
    fn store_settings(&self) {
        SettingsFile::update_for(&self.host, |file| self.settings.write(file));
    }

    /// A new puzzle, as the player asked for with `n`: the launcher deals
    /// it, as its New game does (a fresh seed, one move to undo), when it
    /// offers that; otherwise the game deals one from a fresh seed itself.
    /// Returns whether the puzzle changed now.
    fn ask_for_new_game(&mut self) -> bool {
        let host = self.host;
        host.new_game_or(|seed| self.new_game(seed))
    }

    /// Puts the lights back as they were dealt and resets the counters.
    pub fn restart(&mut self) {
        self.stop_solving();
        self.board = self.start;
        self.moves = 0;
        self.hint = None;
        self.hints = 0;
        self.pressed = None;
    }

    /// A light whose press is part of a shortest solution from here (the
    /// first in reading order), or `None` when the board is solved or
    /// cannot be solved.
    pub fn hint(&self) -> Option<Cell> {
        self.board.solve()?.iter().next()
    }

    /// Rings the light [`LightsOut::hint`] names until the next press, and
    /// counts it (asking again for the light already ringed does not).
    /// Returns whether there was one.
    pub fn show_hint(&mut self) -> bool {
        let hint = self.hint();
        if hint.is_some() && hint != self.hint {
            self.hints += 1;
        }
        self.hint = hint;
        self.hint.is_some()
    }

    /// "3 moves", "1 move", and the hints used if any: "3 moves with 1
    /// hint".
    fn moves_text(&self) -> String {
        let plural = |n: u32| if n == 1 { "" } else { "s" };
        let moves = format!("{} move{}", self.moves, plural(self.moves));
        match self.hints {
            0 => moves,
            n => format!("{moves} with {n} hint{}", plural(n)),
        }
    }

    /// The status line.
    pub fn status_text(&self) -> String {
        if self.is_won() {
            format!("Solved in {}! Press N or click New game", self.moves_text())
        } else if self.is_solving() {
            format!("Solving: {} — a click or a key stops it", self.moves_text())
        } else if self.hints > 0 {
            format!(
                "Moves: {}, hints: {} — turn all the lights off",
                self.moves, self.hints
            )
        } else {
            format!("Moves: {} — turn all the lights off", self.moves)
        }
    }

    /// The grid square (a light's click target) that holds `pos`, on a
    /// board of any size up to [`MAX_SIZE`] (the squares are at the same
    /// places on every size; see [`LightsOut::light_at`] for this board's).
    pub fn cell_at(pos: Point) -> Option<Cell> {
        let x = (pos.x - MARGIN) / PITCH;
        let y = (pos.y - MARGIN) / PITCH;
        let max = MAX_SIZE as f32;
        if !(x >= 0.0 && y >= 0.0 && x < max && y < max) {
            return None;
        }
        Some(Cell::new(y as usize, x as usize))
    }

    /// The light of this board whose click target (its whole pitch square)
    /// holds `pos`.
    pub fn light_at(&self, pos: Point) -> Option<Cell> {
        Self::cell_at(pos).filter(|c| c.is_on(self.size()))
    }

    /// The centre of the light at `cell`, in canvas pixels.
    pub fn cell_center(cell: Cell) -> Point {
        Point::new(
            MARGIN + (cell.col as f32 + 0.5) * PITCH,
            MARGIN + (cell.row as f32 + 0.5) * PITCH,
        )
    }

    /// Moves the keyboard highlight a step in `dir` (`None`: shows it),
    /// staying on the board; from no highlight it starts in the middle.
    /// Returns whether it moved.
    fn move_cursor(&mut self, dir: Option<Dir>) -> bool {
        let size = self.size();
        let at = self.cursor.map(|c| (c.row, c.col));
        let (row, col) = cursor_step(at, dir, (size, size), (size / 2, size / 2));
        self.set_cursor(Some(Cell::new(row, col)))
    }

    fn handle_key(&mut self, key: &str) -> bool {
        if let Some(dir) = Dir::from_arrow(key) {
            return self.move_cursor(Some(dir));
        }
        match key {
            "n" | "N" => self.ask_for_new_game(),
            "r" | "R" => {
                self.restart();
                true
            }
            "Space" | "Enter" => match self.cursor {
                Some(cell) => self.press(cell),
                None => self.move_cursor(None),
            },
            _ => false,
        }
    }

    fn set_cursor(&mut self, cursor: Option<Cell>) -> bool {
        let changed = self.cursor != cursor;
        self.cursor = cursor;
        changed
    }
}

/// How the Size choice shows `size`: "5×5".
pub fn size_name(size: usize) -> String {
    format!("{size}×{size}")
}

/// The size a Size choice's option names: "7×7" (or "7").
pub fn parse_size(text: &str) -> Option<usize> {
    let text = text.trim();
    let size = match text.split_once(['×', 'x']) {
        Some((rows, cols)) if rows.trim() == cols.trim() => rows.trim().parse().ok()?,
        Some(_) => return None,
        None => text.parse().ok()?,
    };
    SIZES.contains(&size).then_some(size)
}

/// The corners of a rounded square: `min` its top-left corner, `side` its
/// side, `radius` its corners' radius, each corner a quarter circle of
/// `STEPS` segments.
fn rounded_square(min: Point, side: f32, radius: f32) -> Vec<Point> {
    const STEPS: usize = 4;
    let max = Point::new(min.x + side, min.y + side);
    // Centre of each corner's arc, and the angle where the arc starts
    // (y points down, so angles run clockwise on screen).
    let corners = [
        (Point::new(max.x - radius, min.y + radius), -90.0f32),
        (Point::new(max.x - radius, max.y - radius), 0.0),
        (Point::new(min.x + radius, max.y - radius), 90.0),
        (Point::new(min.x + radius, min.y + radius), 180.0),
    ];
    let mut points = Vec::with_capacity(4 * (STEPS + 1));
    for (center, start) in corners {
        for step in 0..=STEPS {
            let angle = (start + 90.0 * step as f32 / STEPS as f32).to_radians();
            points.push(Point::new(
                center.x + radius * angle.cos(),
                center.y + radius * angle.sin(),
            ));
        }
    }
    points
}

impl Game for LightsOut {
    /// A puzzle of the size the settings remember.
    fn new(host: Host) -> Result<Self, GameError> {
        Ok(LightsOut::from_settings(host, rand::random()))
    }

    /// The grid of the board's size, with its margins.
    fn canvas_size(&self) -> Point {
        let side = canvas_side(self.size());
        Point::new(side, side)
    }

    fn title(&self) -> String {
        "Lights Out".into()
    }

    fn status(&self) -> String {
        self.status_text()
    }

    fn draw(&self, painter: &mut dyn Painter) {
        painter.fill_canvas(self.canvas_size(), BACKGROUND);
        let won = self.is_won();
        let preview = self.preview();
        let held = self.held();
        for cell in self.board.cells() {
            let lit = self.board.is_lit(cell);
            let center = Self::cell_center(cell);
            // A light held down is drawn pressed in.
            let side = PITCH
                - 2.0 * INSET
                - if held == Some(cell) {
                    2.0 * PRESSED_INSET
                } else {
                    0.0
                };
            let min = Point::new(center.x - side / 2.0, center.y - side / 2.0);
            let highlighted = !won && self.cursor == Some(cell);
            let stroke = if highlighted {
                Some(Stroke {
                    width: 3.0,
                    color: HIGHLIGHT,
                })
            } else if preview.contains(&cell) {
                Some(Stroke {
                    width: 2.0,
                    color: PREVIEW,
                })
            } else {
                None
            };
            let style = Style {
                fill: Some(if lit { LIT } else { UNLIT }),
                stroke,
            };
            painter.polygon(&rounded_square(min, side, CORNER_RADIUS), style);
            if lit {
                // A small reflection in the upper-left, clear of the centre.
                painter.ellipse(
                    Point::new(min.x + side * 0.28, min.y + side * 0.22),
                    side * 0.14,
                    side * 0.07,
                    Style::solid(GLINT),
                );
            }
            if self.hint == Some(cell) {
                painter.circle(center, side * 0.3, Style::stroked(4.0, HINT));
            }
        }
        if won {
            let grid = self.size() as f32 * PITCH;
            painter.rect(
                Point::new(MARGIN, MARGIN),
                Point::new(grid, grid),
                Style::solid(WIN_VEIL),
            );
            let middle = canvas_side(self.size()) / 2.0;
            // Smaller on the 3×3 board, whose grid is narrower than the
            // message at full size.
            let scale = (grid / (4.0 * PITCH)).min(1.0);
            painter.text(
                Point::new(middle, middle - 18.0 * scale),
                Anchor::Center,
                40.0 * scale,
                WIN_TEXT,
                "Solved!",
            );
            painter.text(
                Point::new(middle, middle + 24.0 * scale),
                Anchor::Center,
                20.0 * scale,
                WIN_TEXT,
                &format!("in {}", self.moves_text()),
            );
        }
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        if matches!(
            event,
            Event::PointerPress { .. } | Event::KeyPress { .. } | Event::DoubleClick { .. }
        ) && self.is_solving()
        {
            // The player takes over: Solve stops, and the press or key is
            // only that.
            self.stop_solving();
            return Response::REDRAW;
        }
        let changed = match event {
            Event::Tick { dt } => self.solve_tick(*dt),
            Event::PointerMove { pos } | Event::PointerEnter { pos } => {
                self.set_cursor(self.light_at(*pos))
            }
            Event::PointerLeave => {
                self.pressed = None;
                self.set_cursor(None)
            }
            Event::PointerPress {
                pos,
                button: Button::Primary,
                ..
            } => {
                self.pressed = self.light_at(*pos);
                // Drawn pressed in while held.
                self.held().is_some() && !self.is_won()
            }
            Event::PointerRelease {
                pos,
                button: Button::Primary,
                ..
            } => {
                let was_held = self.held().is_some();
                let down = self.pressed.take();
                match self.light_at(*pos) {
                    // A press dragged off its light is cancelled. A host that
                    // reports only releases still gets its clicks.
                    Some(cell) if down.is_none_or(|d| d == cell) => self.press(cell) || was_held,
                    _ => was_held,
                }
            }
            Event::KeyPress { key, .. } => self.handle_key(key),
            _ => false,
        };
        Response::redraw_if(changed)
    }

    fn actions(&self) -> Vec<Action> {
        let solve = if self.is_solving() {
            "Stop solving"
        } else {
            "Solve"
        };
        vec![
            Action::button("hint", "Hint")
                .with_shortcut(keys::QUESTION_MARK)
                .enabled(!self.is_won()),
            Action::button("solve", solve)
                .with_shortcut("s")
                .enabled(!self.is_won()),
            Action::choice(
                SIZE_ACTION,
                "Size",
                SIZES.map(size_name),
                size_name(self.size),
            ),
        ]
    }

    /// Each light, labelled for screen readers ("row 2, column 3: on"):
    /// activating one presses it, as a click does.
    fn regions(&self) -> Vec<Region> {
        self.board
            .cells()
            .map(|cell| {
                let state = if self.board.is_lit(cell) { "on" } else { "off" };
                let c = Self::cell_center(cell);
                Region::new(
                    format!("row {}, column {}: {state}", cell.row + 1, cell.col + 1),
                    Point::new(c.x - PITCH / 2.0, c.y - PITCH / 2.0),
                    Point::new(PITCH, PITCH),
                )
            })
            .collect()
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        match id {
            "hint" => {
                self.stop_solving();
                if !self.show_hint() {
                    return Ok(Response::NONE);
                }
            }
            "solve" => {
                let was_solving = self.is_solving();
                if !self.start_solving() && !was_solving {
                    return Ok(Response::NONE);
                }
            }
            SIZE_ACTION => {
                let size = parse_size(value).ok_or_else(|| {
                    GameError(format!(
                        "the size {value:?} is not one of {}",
                        SIZES.map(size_name).join(", ")
                    ))
                })?;
                if !self.choose_size(size)? {
                    return Ok(Response::NONE);
                }
            }
            _ => return Err(GameError(format!("Lights Out has no action {id:?}"))),
        }
        Ok(Response::REDRAW)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::{Outcomes, RecordingPainter, Shape};

    fn click(game: &mut LightsOut, cell: Cell) -> Response {
        let pos = LightsOut::cell_center(cell);
        game.handle_event(&Event::PointerPress {
            pos,
            button: Button::Primary,
            modifiers: game_api::Modifiers::NONE,
        });
        game.handle_event(&Event::PointerRelease {
            pos,
            button: Button::Primary,
            modifiers: game_api::Modifiers::NONE,
        })
    }

    fn one_press_from_solved() -> LightsOut {
        let mut board = Board::OFF;
        board.press(Cell::new(1, 1));
        LightsOut::with_board(board)
    }

    #[test]
    fn the_canvas_fits_the_grid_and_hit_testing_matches_it() {
        assert_eq!(CANVAS_SIDE, 352.0);
        let game = LightsOut::with_seed(1);
        assert_eq!(game.canvas_size(), Point::new(352.0, 352.0));
        for cell in Cell::all(5) {
            assert_eq!(game.light_at(LightsOut::cell_center(cell)), Some(cell));
        }
        assert_eq!(game.light_at(Point::new(16.0, 16.0)), Some(Cell::new(0, 0)));
        assert_eq!(
            game.light_at(Point::new(335.9, 335.9)),
            Some(Cell::new(4, 4))
        );
        for outside in [(15.9, 50.0), (50.0, 336.0), (-1.0, -1.0), (f32::NAN, 20.0)] {
            assert_eq!(game.light_at(Point::new(outside.0, outside.1)), None);
        }
    }

    #[test]
    fn every_size_has_its_canvas_hit_testing_and_regions() {
        for size in SIZES {
            let game = LightsOut::with_board(Board::random_solvable_sized(size, 5));
            let side = 2.0 * MARGIN + size as f32 * PITCH;
            assert_eq!(game.canvas_size(), Point::new(side, side));
            let regions = game.regions();
            assert_eq!(regions.len(), size * size);
            for (cell, region) in game.board().cells().zip(&regions) {
                assert_eq!(game.light_at(region.center()), Some(cell));
                let state = if game.board().is_lit(cell) {
                    "on"
                } else {
                    "off"
                };
                assert_eq!(
                    region.label,
                    format!("row {}, column {}: {state}", cell.row + 1, cell.col + 1)
                );
                assert!(region.min.x >= 0.0 && region.min.x + region.size.x <= side);
            }
            // Beyond the last light is off the board.
            assert_eq!(game.light_at(Point::new(side - MARGIN + 1.0, 50.0)), None);
        }
    }

    #[test]
    fn the_size_choice_deals_a_board_of_that_size_and_lists_every_size() {
        let mut game = LightsOut::with_seed(11);
        let size = action(&game, SIZE_ACTION);
        assert_eq!(size.label, "Size");
        assert_eq!(
            size.kind,
            game_api::ActionKind::Choice {
                options: SIZES.map(size_name).to_vec(),
                selected: "5×5".into(),
            }
        );
        // The detached host deals the puzzle itself.
        assert_eq!(game.invoke_action(SIZE_ACTION, "7×7"), Ok(Response::REDRAW));
        assert_eq!((game.size(), game.chosen_size(), game.moves()), (7, 7, 0));
        assert!(!game.is_won() && game.board().is_solvable());
        assert_eq!(game.canvas_size(), Point::new(480.0, 480.0));
        assert!(matches!(
            action(&game, SIZE_ACTION).kind,
            game_api::ActionKind::Choice { selected, .. } if selected == "7×7"
        ));
        // The same size again changes nothing; sizes not offered are refused.
        assert_eq!(game.invoke_action(SIZE_ACTION, "7×7"), Ok(Response::NONE));
        for bad in ["10×10", "5×6", "big", "2"] {
            assert!(game.invoke_action(SIZE_ACTION, bad).is_err(), "{bad}");
        }
        assert_eq!(game.size(), 7);
        // A highlight in the far corner goes with a smaller board.
        for _ in 0..10 {
            game.handle_event(&Event::key("ArrowDown"));
            game.handle_event(&Event::key("ArrowRight"));
        }
        assert_eq!(game.cursor(), Some(Cell::new(6, 6)));
        game.invoke_action(SIZE_ACTION, "3×3").unwrap();
        assert_eq!(game.cursor(), None);
        assert_eq!(parse_size("9"), Some(9));
        assert_eq!(parse_size(" 4x4 "), Some(4));
    }

    #[test]
    fn the_keyboard_reaches_every_light_of_a_9x9_board() {
        let mut game = LightsOut::with_board(Board::random_solvable_sized(9, 2));
        game.handle_event(&Event::key("ArrowUp"));
        assert_eq!(game.cursor(), Some(Cell::new(4, 4)));
        for _ in 0..8 {
            game.handle_event(&Event::key("ArrowDown"));
            game.handle_event(&Event::key("ArrowRight"));
        }
        assert_eq!(game.cursor(), Some(Cell::new(8, 8)));
        let mut expected = game.board();
        expected.press(Cell::new(8, 8));
        game.handle_event(&Event::key("Enter"));
        assert_eq!(game.board(), expected);
    }

    #[test]
    fn solve_wins_at_every_size_in_the_fewest_presses() {
        for size in SIZES {
            let mut game = LightsOut::with_board(Board::random_solvable_sized(size, 21));
            let shortest = game.board().solve().unwrap().len() as u32;
            game.invoke_action("solve", "").unwrap();
            while game.is_solving() {
                game.handle_event(&Event::Tick { dt: SOLVE_STEP });
            }
            assert!(game.is_won(), "{size}×{size}");
            assert_eq!(game.moves(), shortest, "{size}×{size}");
        }
    }

    #[test]
    fn the_move_counter_counts_presses_and_the_status_says_so() {
        let mut game = LightsOut::with_seed(42);
        assert_eq!(game.moves(), 0);
        assert_eq!(game.status(), "Moves: 0 — turn all the lights off");
        for n in 1..=3 {
            assert_eq!(click(&mut game, Cell::new(0, n)), Response::REDRAW);
            assert_eq!(game.moves(), n as u32);
        }
        assert_eq!(game.status(), "Moves: 3 — turn all the lights off");
    }

    #[test]
    fn turning_the_last_light_off_wins() {
        let mut game = one_press_from_solved();
        assert!(!game.is_won());
        // A wrong press first, then undo it, then the right one.
        click(&mut game, Cell::new(4, 4));
        click(&mut game, Cell::new(4, 4));
        assert!(!game.is_won());
        click(&mut game, Cell::new(1, 1));
        assert!(game.is_won());
        assert_eq!(game.moves(), 3);
        assert_eq!(
            game.status(),
            "Solved in 3 moves! Press N or click New game"
        );
        // The solved board takes no more presses.
        assert_eq!(click(&mut game, Cell::new(2, 2)), Response::NONE);
        assert_eq!(game.moves(), 3);
        assert!(game.board().is_solved());
    }

    #[test]
    fn one_move_is_singular() {
        let mut game = one_press_from_solved();
        game.press(Cell::new(1, 1));
        assert_eq!(game.status(), "Solved in 1 move! Press N or click New game");
    }

    #[test]
    fn a_press_dragged_to_another_light_is_cancelled() {
        let mut game = LightsOut::with_seed(1);
        let before = game.board();
        game.handle_event(&Event::PointerPress {
            pos: LightsOut::cell_center(Cell::new(0, 0)),
            button: Button::Primary,
            modifiers: game_api::Modifiers::NONE,
        });
        let r = game.handle_event(&Event::PointerRelease {
            pos: LightsOut::cell_center(Cell::new(3, 3)),
            button: Button::Primary,
            modifiers: game_api::Modifiers::NONE,
        });
        assert_eq!(r, Response::NONE);
        assert_eq!(game.board(), before);
        // The secondary button does nothing.
        game.handle_event(&Event::PointerRelease {
            pos: LightsOut::cell_center(Cell::new(3, 3)),
            button: Button::Secondary,
            modifiers: game_api::Modifiers::NONE,
        });
        assert_eq!(game.board(), before);
        // A release without a press (hosts that report only releases) counts.
        let r = game.handle_event(&Event::PointerRelease {
            pos: LightsOut::cell_center(Cell::new(3, 3)),
            button: Button::Primary,
            modifiers: game_api::Modifiers::NONE,
        });
        assert_eq!(r, Response::REDRAW);
        assert_eq!(game.moves(), 1);
    }

    #[test]
    fn the_keyboard_moves_a_highlight_and_presses_it() {
        let mut game = LightsOut::with_seed(5);
        let start = game.board();
        assert_eq!(game.handle_event(&Event::key("ArrowUp")), Response::REDRAW);
        assert_eq!(game.cursor(), Some(Cell::new(2, 2)));
        for _ in 0..5 {
            game.handle_event(&Event::key("ArrowLeft"));
        }
        assert_eq!(game.cursor(), Some(Cell::new(2, 0)));
        game.handle_event(&Event::key("Space"));
        let mut expected = start;
        expected.press(Cell::new(2, 0));
        assert_eq!(game.board(), expected);
        assert_eq!(game.moves(), 1);
        // `r` restarts, `n` deals anew.
        game.handle_event(&Event::key("r"));
        assert_eq!((game.board(), game.moves()), (start, 0));
        game.press(Cell::new(0, 0));
        game.handle_event(&Event::key("n"));
        assert_eq!(game.moves(), 0);
        assert!(!game.is_won());
        assert_eq!(game.board(), game.start_board());
    }

    #[test]
    fn the_hint_rings_a_light_of_a_shortest_solution() {
        let mut game = LightsOut::with_seed(9);
        let mut steps = 0;
        let shortest = game.board().solve().unwrap().len();
        while !game.is_won() {
            assert_eq!(game.invoke_action("hint", ""), Ok(Response::REDRAW));
            let cell = game.shown_hint().unwrap();
            let mut painter = RecordingPainter::new();
            game.draw(&mut painter);
            assert!(painter.shapes.iter().any(|s| matches!(
                s,
                Shape::Circle { center, style, .. }
                    if *center == LightsOut::cell_center(cell)
                        && style.stroke.map(|s| s.color) == Some(HINT)
            )));
            game.press(cell);
            assert_eq!(game.shown_hint(), None);
            steps += 1;
        }
        assert_eq!(steps, shortest);
        assert_eq!(game.invoke_action("hint", ""), Ok(Response::NONE));
        assert!(!game.actions()[0].enabled);
    }

    #[test]
    fn the_hover_highlight_follows_the_pointer() {
        let mut game = LightsOut::with_seed(3);
        let pos = LightsOut::cell_center(Cell::new(1, 4));
        assert_eq!(
            game.handle_event(&Event::PointerMove { pos }),
            Response::REDRAW
        );
        assert_eq!(
            game.handle_event(&Event::PointerMove { pos }),
            Response::NONE
        );
        let mut painter = RecordingPainter::new();
        game.draw(&mut painter);
        let outlined: Vec<_> = painter
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Polygon { points, style }
                    if style.stroke.map(|s| s.color) == Some(HIGHLIGHT) =>
                {
                    Some(points)
                }
                _ => None,
            })
            .collect();
        assert_eq!(outlined.len(), 1);
        let c = LightsOut::cell_center(Cell::new(1, 4));
        assert!(
            outlined[0]
                .iter()
                .all(|p| (p.x - c.x).abs() <= 28.0 && (p.y - c.y).abs() <= 28.0)
        );
        assert_eq!(game.handle_event(&Event::PointerLeave), Response::REDRAW);
        assert_eq!(game.cursor(), None);
    }

    /// The centres of the lights drawn with an outline of `color`.
    fn outlined(game: &LightsOut, color: Rgba) -> Vec<Cell> {
        let mut painter = RecordingPainter::new();
        game.draw(&mut painter);
        painter
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Polygon { points, style }
                    if style.stroke.map(|s| s.color) == Some(color) =>
                {
                    let n = points.len() as f32;
                    let x = points.iter().map(|p| p.x).sum::<f32>() / n;
                    let y = points.iter().map(|p| p.y).sum::<f32>() / n;
                    LightsOut::cell_at(Point::new(x, y))
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn hovering_a_light_previews_the_cross_a_press_would_switch() {
        let mut game = LightsOut::with_seed(3);
        assert!(outlined(&game, PREVIEW).is_empty());
        game.handle_event(&Event::PointerMove {
            pos: LightsOut::cell_center(Cell::new(2, 2)),
        });
        let mut cross = outlined(&game, PREVIEW);
        cross.sort();
        assert_eq!(
            cross,
            [(1, 2), (2, 1), (2, 3), (3, 2)].map(|(r, c)| Cell::new(r, c))
        );
        assert_eq!(outlined(&game, HIGHLIGHT), [Cell::new(2, 2)]);
        // In a corner, the cross is cut by the edges.
        game.handle_event(&Event::PointerMove {
            pos: LightsOut::cell_center(Cell::new(0, 4)),
        });
        let mut cross = outlined(&game, PREVIEW);
        cross.sort();
        assert_eq!(cross, [Cell::new(0, 3), Cell::new(1, 4)]);
        // The preview is exactly what a press switches.
        let before = game.board();
        game.press(Cell::new(0, 4));
        let switched: Vec<Cell> = game
            .board()
            .cells()
            .filter(|&c| game.board().is_lit(c) != before.is_lit(c))
            .collect();
        let mut expected = game.preview();
        expected.sort();
        assert_eq!(switched, expected);
    }

    /// The side of the light drawn at `cell`.
    fn drawn_side(game: &LightsOut, cell: Cell) -> f32 {
        let mut painter = RecordingPainter::new();
        game.draw(&mut painter);
        let c = LightsOut::cell_center(cell);
        painter
            .shapes
            .iter()
            .find_map(|s| match s {
                Shape::Polygon { points, .. }
                    if LightsOut::cell_at(points[0]) == Some(cell)
                        && points.iter().all(|p| (p.x - c.x).abs() < PITCH / 2.0) =>
                {
                    let xs = points.iter().map(|p| p.x);
                    Some(xs.clone().fold(f32::MIN, f32::max) - xs.fold(f32::MAX, f32::min))
                }
                _ => None,
            })
            .unwrap()
    }

    #[test]
    fn a_light_held_down_is_drawn_pressed_in_until_released_or_left() {
        let mut game = LightsOut::with_seed(4);
        let cell = Cell::new(1, 3);
        let pos = LightsOut::cell_center(cell);
        let normal = drawn_side(&game, cell);
        game.handle_event(&Event::PointerMove { pos });
        assert_eq!(
            game.handle_event(&Event::PointerPress {
                pos,
                button: Button::Primary,
                modifiers: game_api::Modifiers::NONE,
            }),
            Response::REDRAW
        );
        assert_eq!(game.held(), Some(cell));
        assert_eq!(drawn_side(&game, cell), normal - 2.0 * PRESSED_INSET);
        // Dragged off: no longer pressed in (and the press is cancelled).
        game.handle_event(&Event::PointerMove {
            pos: LightsOut::cell_center(Cell::new(3, 3)),
        });
        assert_eq!(drawn_side(&game, cell), normal);
        // Back on it and released: pressed, and drawn normal again.
        game.handle_event(&Event::PointerMove { pos });
        assert_eq!(drawn_side(&game, cell), normal - 2.0 * PRESSED_INSET);
        game.handle_event(&Event::PointerRelease {
            pos,
            button: Button::Primary,
            modifiers: game_api::Modifiers::NONE,
        });
        assert_eq!(game.moves(), 1);
        assert_eq!(drawn_side(&game, cell), normal);
    }

    #[test]
    fn hints_are_counted_and_the_win_says_so() {
        let mut game = one_press_from_solved();
        assert_eq!(game.invoke_action("hint", ""), Ok(Response::REDRAW));
        // Asking again for the light already ringed is not another hint.
        game.invoke_action("hint", "").unwrap();
        assert_eq!(game.hints_used(), 1);
        assert_eq!(
            game.status(),
            "Moves: 0, hints: 1 — turn all the lights off"
        );
        game.press(game.shown_hint().unwrap());
        assert_eq!(
            game.status(),
            "Solved in 1 move with 1 hint! Press N or click New game"
        );
        let mut painter = RecordingPainter::new();
        game.draw(&mut painter);
        assert!(
            painter
                .shapes
                .iter()
                .any(|s| matches!(s, Shape::Text { text, .. } if text == "in 1 move with 1 hint"))
        );
        // Restarting or a new puzzle starts the count again.
        game.restart();
        assert_eq!(game.hints_used(), 0);
        assert_eq!(game.status(), "Moves: 0 — turn all the lights off");
    }

    #[test]
    fn hint_and_solve_are_the_actions_and_others_are_refused() {
        let mut game = LightsOut::with_seed(11);
        let ids: Vec<_> = game.actions().into_iter().map(|a| a.id).collect();
        // New game and Restart are the launcher's.
        assert_eq!(ids, ["hint", "solve", "size"]);
        // `?` is Hint, `s` Solve (the launcher's convention; F1 is its help).
        assert_eq!(
            action(&game, "hint").shortcut.as_deref(),
            Some(keys::QUESTION_MARK)
        );
        assert_eq!(action(&game, "solve").shortcut.as_deref(), Some("s"));
        for id in ["fly", "new", "restart"] {
            assert_eq!(
                game.invoke_action(id, ""),
                Err(GameError(format!("Lights Out has no action {id:?}")))
            );
        }
    }

    /// Solve presses a shortest solution one light at a time on ticks, each
    /// counted as a hint, and the win is a win with help.
    #[test]
    fn solve_presses_a_shortest_solution_one_light_a_tick_to_the_win() {
        let mut game = LightsOut::with_seed(11);
        let shortest = game.board().solve().unwrap().len() as u32;
        assert!(shortest > 1, "seed 11 needs {shortest} presses");
        assert_eq!(game.invoke_action("solve", ""), Ok(Response::REDRAW));
        assert_eq!(
            (game.moves(), game.hints_used()),
            (1, 1),
            "the first at once"
        );
        assert!(game.is_solving());
        assert_eq!(action(&game, "solve").label, "Stop solving");
        assert!(game.status().starts_with("Solving: 1 move with 1 hint"));
        // Nothing before the step's time, then one light per step.
        assert_eq!(game.handle_event(&Event::Tick { dt: 0.1 }), Response::NONE);
        while !game.is_won() {
            let before = game.moves();
            game.handle_event(&Event::Tick { dt: SOLVE_STEP });
            assert_eq!(game.moves(), before + 1);
        }
        assert_eq!(game.moves(), shortest, "a shortest solution");
        assert_eq!(game.hints_used(), shortest);
        assert!(!game.is_solving(), "it stops at the win");
        assert!(game.outcome().assisted, "a win with help");
    }

    #[test]
    fn solve_stops_when_pressed_again_or_at_a_click_or_key() {
        for stop in ["solve", "click", "key"] {
            let mut game = LightsOut::with_seed(11);
            game.invoke_action("solve", "").unwrap();
            let moves = game.moves();
            match stop {
                "solve" => {
                    game.invoke_action("solve", "").unwrap();
                }
                "click" => {
                    game.handle_event(&Event::PointerPress {
                        pos: LightsOut::cell_center(Cell::new(0, 0)),
                        button: Button::Primary,
                        modifiers: game_api::Modifiers::NONE,
                    });
                }
                _ => {
                    game.handle_event(&Event::key("ArrowUp"));
                }
            }
            assert!(!game.is_solving(), "{stop}");
            assert_eq!(action(&game, "solve").label, "Solve", "{stop}");
            game.handle_event(&Event::Tick { dt: 1.0 });
            assert_eq!(game.moves(), moves, "{stop}: no light pressed after it");
        }
    }

    #[test]
    fn a_win_after_a_hint_is_a_win_with_help_and_one_alone_is_not() {
        let mut alone = one_press_from_solved();
        let cell = alone.hint().unwrap();
        click(&mut alone, cell);
        assert!(alone.is_won() && !alone.outcome().assisted);
        let mut helped = one_press_from_solved();
        helped.show_hint();
        click(&mut helped, cell);
        assert!(helped.is_won() && helped.outcome().assisted);
    }

    fn action(game: &LightsOut, id: &str) -> Action {
        game.actions().into_iter().find(|a| a.id == id).unwrap()
    }

    #[test]
    fn rounded_squares_stay_inside_their_square() {
        let points = rounded_square(Point::new(10.0, 20.0), 56.0, 10.0);
        assert_eq!(points.len(), 20);
        for p in &points {
            assert!((9.999..=66.001).contains(&p.x), "{p:?}");
            assert!((19.999..=76.001).contains(&p.y), "{p:?}");
        }
    }
}
