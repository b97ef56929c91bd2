//! The game as the launcher runs it: [`Slidey`] implements
//! [`game_api::Game`], draws the tiles as pieces of the picture, turns
//! clicks and keys into slides and counts the moves.
//!
//! Controls:
//!
//! * click a tile in the gap's row or column: it and the tiles between it
//!   and the gap slide one cell towards the gap (on the button's release,
//!   over the tile it went down on);
//! * an arrow key slides the tile beside the gap into it, in the arrow's
//!   direction; Shift with an arrow moves a highlight (the cursor), and
//!   Enter or Space clicks the highlighted tile;
//! * hold `P` to see the whole picture; `N` asks for a new game, `H` shows
//!   the help.
//!
//! The tool bar: the **Across** and **Down** choices (2 to 30 tiles each,
//! as the original's sliders; 6 by 6 at first; a new game of that size),
//! the **Picture** choice (the game's own
//! pictures and, once there is one, the player's), **Show picture** (a
//! toggle: the whole picture until pressed again), **Show numbers** (`T`)
//! **Show misplaced** (`M`, the original's red outline on every tile
//! away from home) and **Choose picture…** (`O`: the launcher's file dialog
//! for a PNG or JPEG of the player's, which becomes Your picture). Pictures, numbers and misplaced are kept between
//! sessions ([`crate::settings`]).
//!
//! Each slide changes the board at once; the tiles' glide to their new
//! cells (a tenth of a second, on ticks) is only drawing.
//!
//! Every move of one tile by one cell counts as a move, whether a click
//! slid a whole row of them or an arrow key one.

use std::time::Duration;

use game_api::Ticks;
use game_api::grid::{cursor_step, draw_cursor};
use game_api::rng::fresh_seed;
use game_api::settings::Options;
use game_api::{
    Action, Anchor, Button, Event, FileChoice, FileKind, Game, GameError, Host, NewGame, Painter,
    Picture, Point, Region, Response, Rgba, Stroke, Style, keys,
};

use crate::board::{Board, Cell, DEFAULT_SIZE, Dir, MAX_SIZE, MIN_SIZE, Shuffle, Size, Slide};
use crate::picture::{Builtin, Image, SIDE, Tile};
use crate::settings::{PICTURE_FILE, PictureChoice, Settings};

/// The space around the board, in canvas pixels.
pub const MARGIN: f32 = 16.0;
/// The board's side in canvas pixels: one picture pixel each.
pub const BOARD: f32 = SIDE as f32;
/// The canvas's side.
pub const CANVAS_SIDE: f32 = BOARD + 2.0 * MARGIN;

/// The canvas's background.
pub const BACKGROUND: Rgba = Rgba::rgb(24, 24, 30);
/// The gap.
pub const GAP: Rgba = Rgba::rgb(52, 52, 62);
/// The thin line around each tile.
pub const TILE_EDGE: Rgba = Rgba::with_alpha(255, 255, 255, 110);
/// The outline of a tile away from home, with Show misplaced on.
pub const MISPLACED: Rgba = Rgba::rgb(230, 40, 40);
/// The outline of the tile under the pointer or the keyboard's cursor.
pub const CURSOR: Rgba = Rgba::rgb(255, 150, 30);
/// The outline of the other tiles a click on the cursor's tile would slide.
pub const PREVIEW: Rgba = Rgba::with_alpha(255, 200, 120, 200);
/// The badge behind a tile's number.
pub const NUMBER_BADGE: Rgba = Rgba::with_alpha(0, 0, 0, 170);
/// A tile's number.
pub const NUMBER_TEXT: Rgba = Rgba::rgb(255, 255, 255);
/// The panel behind the win message and the peek's label.
pub const PANEL: Rgba = Rgba::with_alpha(0, 0, 0, 165);
/// The win message.
pub const WIN_TEXT: Rgba = Rgba::rgb(255, 230, 140);

/// How long a slide glides, in seconds.
pub const SLIDE_SECONDS: f32 = 0.1;
/// How often the game asks for ticks while tiles glide.
const TICK: Duration = Duration::from_millis(16);

/// The ID of the Across choice: tiles across, 2 to 30.
pub const ACROSS_ACTION: &str = "across";
/// The ID of the Down choice: tiles down, 2 to 30.
pub const DOWN_ACTION: &str = "down";
/// The ID of the Picture choice.
pub const PICTURE_ACTION: &str = "picture";
/// The ID of the Show picture toggle.
pub const PEEK_ACTION: &str = "peek";
/// The ID of the Show numbers toggle (key `t`).
pub const NUMBERS_ACTION: &str = "numbers";
/// The ID of the Show misplaced toggle (key `m`).
pub const MISPLACED_ACTION: &str = "misplaced";
/// The ID of the Choose picture button (key `o`), which asks the launcher's
/// file dialog for a picture of the player's.
pub const CHOOSE_ACTION: &str = "choose";

/// The window title.
pub const TITLE: &str = "Slidey";

/// The tiles' glide after a slide: drawing only.
#[derive(Clone, Debug, PartialEq)]
struct Glide {
    slide: Slide,
    elapsed: f32,
}

/// The picture in use and its tiles for the board's size, cut once.
#[derive(Clone, Debug)]
struct Art {
    choice: PictureChoice,
    image: Image,
    size: Size,
    tiles: Vec<Tile>,
}

impl Art {
    fn new(choice: PictureChoice, image: Image, size: Size) -> Art {
        let tiles = image.cut(size.cols, size.rows);
        Art {
            choice,
            image,
            size,
            tiles,
        }
    }
}

/// A game of Slidey.
#[derive(Clone, Debug)]
pub struct Slidey {
    pub(crate) host: Host,
    /// The board as dealt (its game ID).
    pub(crate) start: Board,
    pub(crate) board: Board,
    pub(crate) moves: u32,
    /// The size the Across and Down choices show: the next game's.
    size: Size,
    settings: Settings,
    /// The player's own picture, if any.
    own: Option<Image>,
    art: Art,
    /// The tile under the pointer or the keyboard's highlight.
    cursor: Option<Cell>,
    /// Where the primary button went down, while it is down.
    pressed: Option<Cell>,
    /// Whether `P` is held.
    peek_held: bool,
    /// Whether Show picture is on.
    peek_on: bool,
    glide: Option<Glide>,
    ticking: Ticks,
    /// What became of the last picture file the player chose, shown in the
    /// status line until the next move.
    note: Option<String>,
}

impl Slidey {
    /// A game of `size` (a number for a square) dealt from `seed`
    /// ([`Shuffle`]), with the landscape and a host that offers nothing
    /// ([`Host::detached`]). Panics unless each side is from 2 to 30.
    pub fn with_seed(size: impl Into<Size>, seed: u64) -> Slidey {
        Slidey::with_board(Shuffle::new(size, seed).board)
    }

    /// A game starting from `board`, with a host that offers nothing. For
    /// tests and tools.
    pub fn with_board(board: Board) -> Slidey {
        let n = board.size();
        let choice = PictureChoice::Builtin(Builtin::Landscape);
        Slidey {
            host: Host::detached(),
            start: board.clone(),
            board,
            moves: 0,
            size: n,
            settings: Settings::default(),
            own: None,
            art: Art::new(choice, Image::builtin(Builtin::Landscape), n),
            cursor: None,
            pressed: None,
            peek_held: false,
            peek_on: false,
            glide: None,
            ticking: Ticks::default(),
            note: None,
        }
    }

    /// This game with the launcher's services `host`, the player's settings
    /// and picture kept in the host's data directory.
    pub fn with_host(mut self, host: Host) -> Slidey {
        self.host = host;
        let dir = host.data_dir();
        self.settings = Settings::load(dir.as_deref());
        if let Some(dir) = &dir {
            let file = dir.join(PICTURE_FILE);
            if let Ok(bytes) = std::fs::read(&file) {
                match Image::from_bytes(&bytes) {
                    Ok(image) => self.own = Some(image),
                    Err(e) => host.log(&format!("{}: {e}", file.display())),
                }
            }
        }
        self.show_picture(self.picture_choice());
        self
    }

    /// The board now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board as dealt.
    pub fn start_board(&self) -> &Board {
        &self.start
    }

    /// Tiles moved (one cell each) since the deal or a restart.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Whether the picture is repaired.
    pub fn is_won(&self) -> bool {
        self.board.is_solved()
    }

    /// The size the next game gets.
    pub fn chosen_size(&self) -> Size {
        self.size
    }

    /// The highlighted tile (under the pointer, or moved to with Shift and
    /// the arrows).
    pub fn cursor(&self) -> Option<Cell> {
        self.cursor
    }

    /// Whether the whole picture is shown instead of the tiles (`P` held,
    /// or Show picture on).
    pub fn is_peeking(&self) -> bool {
        (self.peek_held || self.peek_on) && !self.is_won()
    }

    /// Whether the tiles are still gliding to their cells.
    pub fn is_gliding(&self) -> bool {
        self.glide.is_some()
    }

    /// Whether tiles show their numbers.
    pub fn shows_numbers(&self) -> bool {
        self.settings.numbers
    }

    /// Whether tiles away from home are outlined.
    pub fn shows_misplaced(&self) -> bool {
        self.settings.misplaced
    }

    /// The picture in use.
    pub fn picture(&self) -> &Image {
        &self.art.image
    }

    /// Which picture is in use.
    pub fn picture_choice(&self) -> PictureChoice {
        match self.settings.picture {
            Some(PictureChoice::Own) | None if self.own.is_some() => PictureChoice::Own,
            Some(PictureChoice::Builtin(b)) => PictureChoice::Builtin(b),
            _ => PictureChoice::Builtin(Builtin::Landscape),
        }
    }

    /// The pixels of tile `tile` (from 1; the corner's piece is `n²`).
    pub fn tile_pixels(&self, tile: usize) -> &Tile {
        &self.art.tiles[tile - 1]
    }

    /// Makes the player's picture, the bytes of a PNG or JPEG file, the puzzle's
    /// picture, and remembers it (in the data directory, as
    /// `picture.png`, when the launcher gives one). The board stays as it
    /// is: only the picture on the tiles changes.
    ///
    /// # Errors
    ///
    /// Bytes that are not a PNG picture the game can read, in a player's
    /// words; the picture stays as it was.
    pub fn set_picture_bytes(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let image = Image::from_bytes(bytes).map_err(GameError)?;
        if let Some(dir) = self.host.data_dir() {
            let file = dir.join(PICTURE_FILE);
            if let Err(e) = std::fs::write(&file, image.to_png()) {
                self.host.log(&format!(
                    "Slidey could not keep the picture in {}: {e}",
                    file.display()
                ));
            }
        }
        self.own = Some(image);
        self.settings.picture = Some(PictureChoice::Own);
        self.store_settings();
        self.show_picture(PictureChoice::Own);
        Ok(())
    }

    /// Takes the file named `name` the player chose as the picture, as
    /// [`Slidey::set_picture_bytes`] does, and says in the status line what
    /// became of it (until the next move): the path for a file chooser's
    /// answer, whose refusals have no other way to the player.
    pub fn picture_file_chosen(&mut self, name: &str, bytes: &[u8]) {
        self.note = Some(match self.set_picture_bytes(bytes) {
            Ok(()) => format!("The picture is now {name}"),
            Err(e) => format!("{name}: {e}"),
        });
    }

    /// The note about the last picture file chosen, if there is one.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// Uses `choice`'s picture (cut for the board's size).
    fn show_picture(&mut self, choice: PictureChoice) {
        let image = match choice {
            PictureChoice::Builtin(b) => {
                if self.art.choice == choice {
                    return;
                }
                Image::builtin(b)
            }
            PictureChoice::Own => match &self.own {
                Some(image) => image.clone(),
                None => return,
            },
        };
        self.art = Art::new(choice, image, self.board.size());
    }

    /// Cuts the picture again when the board's size changed.
    fn fit_art(&mut self) {
        if self.art.size != self.board.size() {
            self.art = Art::new(self.art.choice, self.art.image.clone(), self.board.size());
        }
    }

    /// Sets the size the Across and Down choices show.
    pub(crate) fn set_chosen_size(&mut self, size: Size) {
        self.size = size;
    }

    /// Deals `board` as a new game.
    pub(crate) fn deal(&mut self, board: Board) {
        self.start = board.clone();
        self.size = board.size();
        self.go_on(board, 0);
    }

    /// Goes on from `board` after `moves` moves (a new deal, a load).
    pub(crate) fn go_on(&mut self, board: Board, moves: u32) {
        self.board = board;
        self.moves = moves;
        self.pressed = None;
        self.peek_on = false;
        let n = self.board.size();
        self.cursor = self.cursor.filter(|c| c.row < n.rows && c.col < n.cols);
        self.glide = None;
        self.note = None;
        self.update_ticks();
        self.fit_art();
    }

    /// Slides the tile at `cell` and those between it and the gap towards
    /// the gap, as a click does; counts a move for each tile. Returns
    /// whether anything moved (nothing does once the picture is whole).
    ///
    /// While the whole picture shows, no tile moves (the player cannot see
    /// them): the click hides the picture instead, when Show picture showed
    /// it.
    pub fn click_cell(&mut self, cell: Cell) -> bool {
        if self.is_won() {
            return false;
        }
        if self.is_peeking() {
            return std::mem::take(&mut self.peek_on);
        }
        let slide = self.board.slide_cell(cell);
        self.slid(slide)
    }

    /// Slides the tile beside the gap into it in `dir`, as an arrow key
    /// does. Returns whether it moved.
    /// Like a click, it hides the whole picture instead while that shows.
    pub fn slide(&mut self, dir: Dir) -> bool {
        if self.is_won() {
            return false;
        }
        if self.is_peeking() {
            return std::mem::take(&mut self.peek_on);
        }
        let slide = self.board.slide(dir);
        self.slid(slide)
    }

    fn slid(&mut self, slide: Option<Slide>) -> bool {
        let Some(slide) = slide else {
            return false;
        };
        self.moves += slide.tiles.len() as u32;
        self.note = None;
        // Without ticks (an older launcher) the tiles simply jump.
        self.glide = self.host.has_revision_2().then_some(Glide {
            slide,
            elapsed: 0.0,
        });
        if self.is_won() {
            self.peek_on = false;
        }
        self.update_ticks();
        true
    }

    fn update_ticks(&mut self) {
        let wanted = self.glide.is_some();
        self.ticking.want(&self.host, wanted.then_some(TICK));
    }

    fn tick(&mut self, dt: f32) -> bool {
        let Some(glide) = &mut self.glide else {
            return false;
        };
        glide.elapsed += dt.max(0.0);
        if glide.elapsed >= SLIDE_SECONDS {
            self.glide = None;
            self.update_ticks();
        }
        true
    }

    /// The status line.
    pub fn status_text(&self) -> String {
        let plural = |n: u32| if n == 1 { "" } else { "s" };
        if self.is_won() {
            let solved = format!(
                "Solved in {} move{}! Press N or click New game",
                self.moves,
                plural(self.moves)
            );
            // A picture chosen after the win is said too, taken or not.
            match &self.note {
                Some(note) => format!("{solved} — {note}"),
                None => solved,
            }
        } else if let Some(note) = &self.note {
            format!("Moves: {} — {note}", self.moves)
        } else if self.is_peeking() {
            format!(
                "Moves: {} — the whole picture (let go of P, or click Hide picture, to play on)",
                self.moves
            )
        } else {
            format!(
                "Moves: {} — slide the tiles back into place (hold P to see the picture)",
                self.moves
            )
        }
    }

    /// The cell whose square holds `pos`.
    pub fn cell_at(&self, pos: Point) -> Option<Cell> {
        let pitch = self.pitch();
        let x = (pos.x - MARGIN) / pitch.x;
        let y = (pos.y - MARGIN) / pitch.y;
        let n = self.board.size();
        if !(x >= 0.0 && y >= 0.0 && x < n.cols as f32 && y < n.rows as f32) {
            return None;
        }
        Some(Cell::new(y as usize, x as usize))
    }

    /// A cell's width and height in canvas pixels.
    pub fn pitch(&self) -> Point {
        let n = self.board.size();
        Point::new(BOARD / n.cols as f32, BOARD / n.rows as f32)
    }

    /// The top-left corner of `cell`.
    pub fn cell_min(&self, cell: Cell) -> Point {
        let pitch = self.pitch();
        Point::new(
            MARGIN + cell.col as f32 * pitch.x,
            MARGIN + cell.row as f32 * pitch.y,
        )
    }

    /// The centre of `cell`.
    pub fn cell_center(&self, cell: Cell) -> Point {
        let min = self.cell_min(cell);
        let pitch = self.pitch();
        Point::new(min.x + pitch.x / 2.0, min.y + pitch.y / 2.0)
    }

    /// Where tile `tile`, in `cell`, is drawn now: its cell, or on its way
    /// there while it glides.
    fn drawn_min(&self, cell: Cell, tile: u16) -> Point {
        let min = self.cell_min(cell);
        match &self.glide {
            Some(g) if g.slide.tiles.contains(&tile) => {
                let left = 1.0 - (g.elapsed / SLIDE_SECONDS).clamp(0.0, 1.0);
                let (dr, dc) = g.slide.dir.delta();
                let pitch = self.pitch();
                Point::new(
                    min.x - dc as f32 * left * pitch.x,
                    min.y - dr as f32 * left * pitch.y,
                )
            }
            _ => min,
        }
    }

    /// Moves the keyboard's highlight one cell in `dir` (from the gap when
    /// there is none).
    fn move_cursor(&mut self, dir: Dir) -> bool {
        let (n, gap) = (self.board.size(), self.board.gap());
        let at = self.cursor.map(|c| (c.row, c.col));
        let (row, col) = cursor_step(at, Some(dir), (n.rows, n.cols), (gap.row, gap.col));
        let next = Cell::new(row, col);
        let changed = self.cursor != Some(next);
        self.cursor = Some(next);
        changed
    }

    fn key_press(&mut self, key: &str, shift: bool) -> bool {
        if let Some(dir) = Dir::from_arrow(key) {
            return if shift {
                self.move_cursor(dir)
            } else {
                self.slide(dir)
            };
        }
        match key {
            keys::ENTER | keys::SPACE => match self.cursor {
                Some(cell) => self.click_cell(cell),
                None => {
                    self.cursor = Some(self.board.gap());
                    true
                }
            },
            "p" => {
                let changed = !self.peek_held;
                self.peek_held = true;
                changed
            }
            "n" => self.ask_for_new_game(),
            "h" => {
                self.host.show_text_help("Slidey Help", false);
                false
            }
            _ => false,
        }
    }

    /// A new game, as the player asked for with `n`, Across or Down:
    /// the launcher deals it, as its New game does (a fresh seed, one move
    /// to undo), when it offers that; otherwise the game deals one itself.
    /// Returns whether the game changed now.
    fn ask_for_new_game(&mut self) -> bool {
        let host = self.host;
        host.new_game_or(|seed| self.new_game(seed))
    }

    fn store_settings(&self) {
        if let Some(dir) = self.host.data_dir()
            && let Err(e) = self.settings.store(&dir)
        {
            self.host.log(&e);
        }
    }

    /// The pictures the Picture choice offers.
    fn picture_choices(&self) -> Vec<PictureChoice> {
        let mut choices: Vec<PictureChoice> = Builtin::ALL
            .into_iter()
            .map(PictureChoice::Builtin)
            .collect();
        if self.own.is_some() {
            choices.push(PictureChoice::Own);
        }
        choices
    }

    /// What a screen reader says of `cell`.
    fn cell_label(&self, cell: Cell) -> String {
        let tile = self.board.tile(cell);
        if tile == 0 {
            return format!("{cell}: the gap");
        }
        let home = self.board.home(tile);
        let place = if home == cell {
            "in place".to_owned()
        } else {
            format!("belongs at {home}")
        };
        match self.board.slide_dir_at(cell).filter(|_| !self.is_won()) {
            Some(dir) => format!("{cell}: tile {tile}, {place}, slides {}", dir.name()),
            None => format!("{cell}: tile {tile}, {place}"),
        }
    }

    fn draw_whole_picture(&self, painter: &mut dyn Painter) {
        let image = &self.art.image;
        painter.picture(
            Picture::Rgba {
                width: image.side() as u32,
                height: image.side() as u32,
                pixels: image.pixels(),
            },
            Point::new(MARGIN, MARGIN),
            Point::new(BOARD, BOARD),
        );
    }

    /// A panel with `lines` of text centred at `y`.
    fn panel(&self, painter: &mut dyn Painter, y: f32, lines: &[(f32, Rgba, &str)]) {
        let sizes: Vec<Point> = lines
            .iter()
            .map(|(size, _, text)| painter.text_size(*size, text))
            .collect();
        let width = sizes.iter().map(|s| s.x).fold(0.0, f32::max) + 40.0;
        let height = sizes.iter().map(|s| s.y).sum::<f32>() + 24.0;
        let center = CANVAS_SIDE / 2.0;
        painter.rounded_rect(
            Point::new(center - width / 2.0, y - height / 2.0),
            Point::new(width, height),
            10.0,
            Style::solid(PANEL),
        );
        let mut top = y - height / 2.0 + 12.0;
        for ((size, color, text), s) in lines.iter().zip(&sizes) {
            painter.text(Point::new(center, top), Anchor::Top, *size, *color, text);
            top += s.y;
        }
    }
}

impl Game for Slidey {
    fn new(host: Host) -> Result<Self, GameError> {
        Ok(Slidey::with_seed(DEFAULT_SIZE, fresh_seed()).with_host(host))
    }

    fn canvas_size(&self) -> Point {
        Point::new(CANVAS_SIDE, CANVAS_SIDE)
    }

    fn title(&self) -> String {
        TITLE.into()
    }

    fn status(&self) -> String {
        self.status_text()
    }

    fn draw(&self, painter: &mut dyn Painter) {
        painter.fill_canvas(self.canvas_size(), BACKGROUND);
        // The last slide glides in before the whole picture shows.
        if self.is_won() && self.glide.is_none() {
            self.draw_whole_picture(painter);
            let moves = format!(
                "in {} move{}",
                self.moves,
                if self.moves == 1 { "" } else { "s" }
            );
            self.panel(
                painter,
                MARGIN + BOARD * 0.8,
                &[(32.0, WIN_TEXT, "Solved!"), (18.0, NUMBER_TEXT, &moves)],
            );
            return;
        }
        if self.is_peeking() {
            self.draw_whole_picture(painter);
            self.panel(
                painter,
                MARGIN + 36.0,
                &[(18.0, NUMBER_TEXT, "The whole picture")],
            );
            return;
        }
        let pitch = self.pitch();
        let size = pitch;
        let n = self.board.size();
        painter.rect(
            Point::new(MARGIN, MARGIN),
            Point::new(BOARD, BOARD),
            Style::solid(GAP),
        );
        let preview = self
            .cursor
            .map(|c| self.board.cells_moved_by(c))
            .unwrap_or_default();
        // The numbers shrink to fit small tiles (30 across and down).
        let digits = (n.cells() - 1).to_string().len() as f32;
        let inset = (pitch.x.min(pitch.y) * 0.05).clamp(1.0, 4.0);
        let font = (pitch.x.min(pitch.y) * 0.2)
            .round()
            .clamp(12.0, 22.0)
            .min((pitch.x - 2.0 * inset) / (0.7 + 0.6 * digits))
            .min((pitch.y - 2.0 * inset) / 1.4);
        painter.push_clip(Point::new(MARGIN, MARGIN), Point::new(BOARD, BOARD));
        for cell in self.board.all_cells() {
            let tile = self.board.tile(cell);
            if tile == 0 {
                continue;
            }
            let min = self.drawn_min(cell, tile);
            let pixels = &self.art.tiles[usize::from(tile) - 1];
            painter.picture(
                Picture::Rgba {
                    width: pixels.width as u32,
                    height: pixels.height as u32,
                    pixels: &pixels.rgba,
                },
                min,
                size,
            );
            let edge = if self.settings.misplaced && self.board.home(tile) != cell {
                Stroke {
                    width: 2.0,
                    color: MISPLACED,
                }
            } else {
                Stroke {
                    width: 1.0,
                    color: TILE_EDGE,
                }
            };
            let inset = edge.width / 2.0;
            painter.rect(
                Point::new(min.x + inset, min.y + inset),
                Point::new(pitch.x - 2.0 * inset, pitch.y - 2.0 * inset),
                Style {
                    fill: None,
                    stroke: Some(edge),
                },
            );
            if self.settings.numbers {
                let text = tile.to_string();
                let badge = Point::new(font * (0.7 + 0.6 * text.len() as f32), font * 1.4);
                painter.rounded_rect(
                    Point::new(min.x + inset, min.y + inset),
                    badge,
                    font * 0.35,
                    Style::solid(NUMBER_BADGE),
                );
                painter.text(
                    Point::new(min.x + inset + badge.x / 2.0, min.y + inset + badge.y / 2.0),
                    Anchor::Center,
                    font,
                    NUMBER_TEXT,
                    &text,
                );
            }
        }
        painter.pop_clip();
        for &cell in &preview {
            if Some(cell) != self.cursor {
                let min = self.cell_min(cell);
                painter.rect(
                    Point::new(min.x + 2.0, min.y + 2.0),
                    Point::new(pitch.x - 4.0, pitch.y - 4.0),
                    Style::stroked(2.0, PREVIEW),
                );
            }
        }
        if let Some(cell) = self.cursor.filter(|c| c.row < n.rows && c.col < n.cols) {
            let min = self.cell_min(cell);
            draw_cursor(painter, min, Point::new(pitch.x, pitch.y), CURSOR);
        }
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        let changed = match event {
            Event::PointerMove { pos } | Event::PointerEnter { pos } => {
                let cell = self.cell_at(*pos);
                let changed = self.cursor != cell;
                self.cursor = cell;
                changed
            }
            Event::PointerLeave => {
                self.pressed = None;
                self.cursor.take().is_some()
            }
            Event::PointerPress {
                pos,
                button: Button::Primary,
                ..
            } => {
                self.pressed = self.cell_at(*pos);
                false
            }
            Event::PointerRelease {
                pos,
                button: Button::Primary,
                ..
            } => {
                let down = self.pressed.take();
                match self.cell_at(*pos) {
                    // A press dragged to another cell is cancelled; a host
                    // that reports only releases still gets its clicks.
                    Some(cell) if down.is_none_or(|d| d == cell) => {
                        let moved = self.click_cell(cell);
                        let hover = self.cursor != Some(cell);
                        self.cursor = Some(cell);
                        moved || hover
                    }
                    _ => false,
                }
            }
            Event::KeyPress { key, modifiers } => self.key_press(key, modifiers.shift),
            Event::KeyRelease { key, .. } if key == "p" => {
                let changed = self.peek_held;
                self.peek_held = false;
                changed
            }
            Event::Tick { dt } => self.tick(*dt),
            _ => false,
        };
        Response::redraw_if(changed)
    }

    /// Across, Down, Picture, Show picture, Show numbers (`T`), Show misplaced
    /// (`M`) and Choose picture (`O`).
    fn actions(&self) -> Vec<Action> {
        let sides: Vec<String> = (MIN_SIZE..=MAX_SIZE).map(|n| n.to_string()).collect();
        let pictures: Vec<&str> = self.picture_choices().iter().map(|c| c.name()).collect();
        let toggle = |on: bool, what: &str| {
            if on {
                format!("Hide {what}")
            } else {
                format!("Show {what}")
            }
        };
        vec![
            Action::choice(
                ACROSS_ACTION,
                "Across",
                sides.clone(),
                self.size.cols.to_string(),
            ),
            Action::choice(DOWN_ACTION, "Down", sides, self.size.rows.to_string()),
            Action::choice(PICTURE_ACTION, "Picture", pictures, self.art.choice.name()),
            Action::button(PEEK_ACTION, &toggle(self.peek_on, "picture")).enabled(!self.is_won()),
            Action::button(NUMBERS_ACTION, &toggle(self.settings.numbers, "numbers"))
                .with_shortcut("t"),
            Action::button(
                MISPLACED_ACTION,
                &toggle(self.settings.misplaced, "misplaced"),
            )
            .with_shortcut("m"),
            Action::button(CHOOSE_ACTION, "Choose picture…").with_shortcut("o"),
        ]
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        match id {
            ACROSS_ACTION | DOWN_ACTION => {
                let side = value
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
                    .ok_or_else(|| {
                        GameError(format!(
                            "there is no {} of {value:?}: a board has {MIN_SIZE} to {MAX_SIZE} tiles across and down",
                            if id == ACROSS_ACTION { "Across" } else { "Down" }
                        ))
                    })?;
                if id == ACROSS_ACTION {
                    self.size.cols = side;
                } else {
                    self.size.rows = side;
                }
                self.ask_for_new_game();
            }
            PICTURE_ACTION => {
                let choice = self
                    .picture_choices()
                    .into_iter()
                    .find(|c| c.name() == value.trim())
                    .ok_or_else(|| GameError(format!("there is no picture {value:?}")))?;
                self.settings.picture = Some(choice);
                self.store_settings();
                self.show_picture(choice);
            }
            PEEK_ACTION => self.peek_on = !self.peek_on && !self.is_won(),
            NUMBERS_ACTION => {
                self.settings.numbers = !self.settings.numbers;
                self.store_settings();
            }
            MISPLACED_ACTION => {
                self.settings.misplaced = !self.settings.misplaced;
                self.store_settings();
            }
            CHOOSE_ACTION => {
                // The answer comes later, to `file_chosen`.
                self.note = (!self.host.choose_file(FileKind::Picture)).then(|| {
                    "This launcher has no file dialog: put a picture.png in Slidey's data directory instead".to_owned()
                });
            }
            _ => return Err(GameError(format!("Slidey has no action {id:?}"))),
        }
        Ok(Response::REDRAW)
    }

    /// The answer to Choose picture: the chosen file becomes the picture
    /// (and is remembered), or the status line says why not; a cancelled
    /// dialog changes nothing.
    fn file_chosen(&mut self, choice: FileChoice) -> Response {
        match choice {
            FileChoice::Chosen(file) => self.picture_file_chosen(&file.name, &file.bytes),
            FileChoice::Cancelled(_) => return Response::NONE,
            FileChoice::Refused(why) => self.note = Some(why),
        }
        Response::REDRAW
    }

    /// Each cell: "row 2, column 3: tile 7, belongs at row 3, column 1,
    /// slides left", or "the gap". Activating one clicks it.
    fn regions(&self) -> Vec<Region> {
        let pitch = self.pitch();
        self.board
            .all_cells()
            .map(|cell| Region::new(self.cell_label(cell), self.cell_min(cell), pitch))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::Rings;
    use game_api::{Modifiers, RecordingPainter, SaveLoad, Shape};

    fn shapes(game: &Slidey) -> Vec<Shape> {
        let mut painter = RecordingPainter::new();
        game.draw(&mut painter);
        painter.shapes
    }

    /// The pictures drawn: their top-left corners, sizes and pixels.
    fn pictures(game: &Slidey) -> Vec<(Point, Point, Vec<u8>)> {
        shapes(game)
            .into_iter()
            .filter_map(|s| match s {
                Shape::Picture {
                    source: game_api::PictureSource::Rgba(p),
                    min,
                    size,
                } => Some((min, size, p.rgba.to_vec())),
                _ => None,
            })
            .collect()
    }

    fn texts(game: &Slidey) -> Vec<String> {
        shapes(game)
            .into_iter()
            .filter_map(|s| match s {
                Shape::Text { text, .. } => Some(text),
                _ => None,
            })
            .collect()
    }

    fn click(game: &mut Slidey, cell: Cell) -> Response {
        let pos = game.cell_center(cell);
        game.handle_event(&Event::press(pos));
        game.handle_event(&Event::release(pos))
    }

    fn two_from_solved() -> Slidey {
        Slidey::with_board(Board::from_id("1,2,3/4,_,6/7,5,8").unwrap())
    }

    #[test]
    fn the_canvas_holds_the_board_and_hit_testing_matches_it() {
        for size in [2, 3, 6, 30]
            .into_iter()
            .flat_map(|a| [Size::square(a), Size::new(a, 7), Size::new(5, a)])
        {
            let game = Slidey::with_seed(size, 1);
            assert_eq!(game.canvas_size(), Point::new(512.0, 512.0));
            let pitch = game.pitch();
            assert_eq!(pitch.x * size.cols as f32, BOARD);
            assert_eq!(pitch.y * size.rows as f32, BOARD);
            for cell in game.board().all_cells() {
                assert_eq!(game.cell_at(game.cell_center(cell)), Some(cell));
            }
            assert_eq!(game.cell_at(Point::new(15.9, 100.0)), None);
            assert_eq!(game.cell_at(Point::new(100.0, 496.0)), None);
            assert_eq!(game.cell_at(Point::new(f32::NAN, 100.0)), None);
        }
    }

    #[test]
    fn each_tile_is_drawn_as_its_piece_of_the_picture_in_its_cell() {
        let game = Slidey::with_seed(4, 9);
        let tiles = Image::builtin(Builtin::Landscape).cut(4, 4);
        let drawn = pictures(&game);
        assert_eq!(drawn.len(), 15, "every tile but the gap");
        for cell in game.board().all_cells() {
            let tile = game.board().tile(cell);
            if tile == 0 {
                continue;
            }
            let min = game.cell_min(cell);
            let (_, size, pixels) = drawn.iter().find(|(m, _, _)| *m == min).unwrap();
            assert_eq!(*size, Point::new(120.0, 120.0));
            assert_eq!(pixels, &tiles[usize::from(tile) - 1].rgba, "tile {tile}");
        }
    }

    #[test]
    fn a_click_slides_the_tiles_towards_the_gap_and_counts_each() {
        let mut game = Slidey::with_board(Board::solved(4));
        game.start = Board::solved(4);
        // Not a move: a solved board takes none.
        assert_eq!(click(&mut game, Cell::new(3, 0)), Response::REDRAW);
        assert_eq!(game.moves(), 0);
        let mut game = Slidey::with_seed(4, 5);
        let gap = game.board().gap();
        let target = Cell::new(0, gap.col);
        assert_eq!(click(&mut game, target), Response::REDRAW);
        assert_eq!(game.board().gap(), target);
        assert_eq!(game.moves(), 3);
        assert!(
            game.status()
                .starts_with("Moves: 3 — slide the tiles back into place")
        );
        // A click off the gap's lines does nothing but move the highlight.
        let before = game.board().clone();
        click(&mut game, Cell::new(2, (gap.col + 1) % 4));
        assert_eq!(game.board(), &before);
        assert_eq!(game.moves(), 3);
    }

    #[test]
    fn a_press_dragged_to_another_cell_is_cancelled() {
        let mut game = Slidey::with_seed(3, 2);
        let before = game.board().clone();
        let slidable = game.board().gap().step(Dir::Up, 3).unwrap();
        game.handle_event(&Event::press(game.cell_center(Cell::new(0, 0))));
        game.handle_event(&Event::release(game.cell_center(slidable)));
        assert_eq!(game.board(), &before);
        game.handle_event(&Event::PointerRelease {
            pos: game.cell_center(slidable),
            button: Button::Secondary,
            modifiers: Modifiers::NONE,
        });
        assert_eq!(game.board(), &before);
        // A release without a press (hosts that report only releases) counts.
        game.handle_event(&Event::release(game.cell_center(slidable)));
        assert_eq!(game.moves(), 1);
    }

    #[test]
    fn arrows_slide_shift_arrows_move_the_highlight_and_enter_clicks_it() {
        let mut game = two_from_solved();
        // The gap is in the middle: Up slides tile 5 (below it) up.
        assert_eq!(game.handle_event(&Event::key("ArrowUp")), Response::REDRAW);
        assert_eq!(game.board().to_id(), "1,2,3/4,5,6/7,_,8");
        assert_eq!(game.moves(), 1);
        // Up again: nothing below the gap any more.
        assert_eq!(game.handle_event(&Event::key("ArrowUp")), Response::NONE);
        let shift = |key: &str| Event::KeyPress {
            key: key.into(),
            modifiers: Modifiers::SHIFT,
        };
        // Shift+arrow shows the highlight on the gap, then moves it.
        assert_eq!(game.handle_event(&shift("ArrowUp")), Response::REDRAW);
        assert_eq!(game.cursor(), Some(Cell::new(2, 1)));
        game.handle_event(&shift("ArrowRight"));
        assert_eq!(game.cursor(), Some(Cell::new(2, 2)));
        assert_eq!(game.moves(), 1);
        assert_eq!(game.handle_event(&Event::key("Enter")), Response::REDRAW);
        assert!(game.is_won());
        assert_eq!(game.moves(), 2);
        assert_eq!(
            game.status(),
            "Solved in 2 moves! Press N or click New game"
        );
        // The whole picture, and the message.
        let drawn = pictures(&game);
        assert_eq!(drawn.len(), 1);
        assert_eq!(drawn[0].2, Image::builtin(Builtin::Landscape).pixels());
        assert_eq!(texts(&game), ["Solved!", "in 2 moves"]);
        // No more moves once solved.
        assert_eq!(game.handle_event(&Event::key("ArrowDown")), Response::NONE);
        assert_eq!(game.moves(), 2);
    }

    #[test]
    fn the_highlight_previews_the_tiles_a_click_slides() {
        let mut game = Slidey::with_board(Board::solved(4));
        game.board.slide_cell(Cell::new(0, 3));
        // Gap at (0, 3); pointer over (0, 0): (0, 0), (0, 1), (0, 2) slide.
        game.handle_event(&Event::PointerMove {
            pos: game.cell_center(Cell::new(0, 0)),
        });
        let outlined = |game: &Slidey, color: Rgba| -> Vec<Cell> {
            shapes(game)
                .into_iter()
                .filter_map(|s| match s {
                    Shape::Rect { min, style, .. }
                        if style.stroke.map(|s| s.color) == Some(color) =>
                    {
                        game.cell_at(Point::new(min.x + 4.0, min.y + 4.0))
                    }
                    _ => None,
                })
                .collect()
        };
        assert_eq!(outlined(&game, CURSOR), [Cell::new(0, 0)]);
        assert_eq!(outlined(&game, PREVIEW), [Cell::new(0, 1), Cell::new(0, 2)]);
        assert_eq!(game.handle_event(&Event::PointerLeave), Response::REDRAW);
        assert!(outlined(&game, CURSOR).is_empty() && outlined(&game, PREVIEW).is_empty());
    }

    #[test]
    fn holding_p_or_show_picture_shows_the_whole_picture() {
        let mut game = Slidey::with_seed(5, 3);
        assert_eq!(pictures(&game).len(), 24);
        assert_eq!(game.handle_event(&Event::key("p")), Response::REDRAW);
        assert!(game.is_peeking());
        let drawn = pictures(&game);
        assert_eq!(drawn.len(), 1);
        assert_eq!(drawn[0].1, Point::new(BOARD, BOARD));
        assert!(game.status().contains("the whole picture"));
        // Peeking is not a move: the board and the save stay.
        let save = game.save();
        assert_eq!(
            game.handle_event(&Event::KeyRelease {
                key: "p".into(),
                modifiers: Modifiers::NONE
            }),
            Response::REDRAW
        );
        assert!(!game.is_peeking());
        assert_eq!(pictures(&game).len(), 24);
        assert_eq!(game.save(), save);
        // The toggle.
        let label = |game: &Slidey| game.actions()[3].label.clone();
        assert_eq!(label(&game), "Show picture");
        game.invoke_action(PEEK_ACTION, "").unwrap();
        assert!(game.is_peeking());
        assert_eq!(label(&game), "Hide picture");
        game.invoke_action(PEEK_ACTION, "").unwrap();
        assert!(!game.is_peeking());
        assert_eq!(game.save(), save);
        // While the picture shows, a click or an arrow moves no tile: with
        // P held it does nothing, with Show picture it hides the picture.
        let slidable = game.board().gap().step(Dir::Up, 5).unwrap();
        game.handle_event(&Event::key("p"));
        assert_eq!(
            click(&mut game, slidable),
            Response::REDRAW,
            "the pointer moved"
        );
        assert_eq!(game.handle_event(&Event::key("ArrowDown")), Response::NONE);
        assert!(game.is_peeking());
        game.handle_event(&Event::KeyRelease {
            key: "p".into(),
            modifiers: Modifiers::NONE,
        });
        game.invoke_action(PEEK_ACTION, "").unwrap();
        assert_eq!(click(&mut game, slidable), Response::REDRAW);
        assert!(!game.is_peeking());
        assert_eq!(game.save(), save, "no tile moved");
        assert_eq!(click(&mut game, slidable), Response::REDRAW);
        assert_eq!(game.moves(), 1);
    }

    #[test]
    fn numbers_and_misplaced_outlines_are_options() {
        let mut game = Slidey::with_seed(3, 8);
        assert!(texts(&game).is_empty());
        assert_eq!(game.actions()[4].shortcut.as_deref(), Some("t"));
        game.invoke_action(NUMBERS_ACTION, "").unwrap();
        assert!(game.shows_numbers());
        let mut numbers = texts(&game);
        numbers.sort_by_key(|t| t.parse::<u32>().unwrap());
        assert_eq!(numbers, ["1", "2", "3", "4", "5", "6", "7", "8"]);
        assert_eq!(game.actions()[4].label, "Hide numbers");
        let red = |game: &Slidey| {
            shapes(game)
                .iter()
                .filter(|s| matches!(s, Shape::Rect { style, .. } if style.stroke.map(|s| s.color) == Some(MISPLACED)))
                .count()
        };
        assert_eq!(red(&game), 0);
        game.invoke_action(MISPLACED_ACTION, "").unwrap();
        assert_eq!(red(&game), game.board().misplaced());
        assert!(red(&game) > 0);
    }

    #[test]
    fn across_and_down_deal_a_game_of_that_size_square_or_not() {
        let mut game = Slidey::with_seed(6, 1);
        let sides: Vec<String> = (2..=30).map(|n| n.to_string()).collect();
        let actions = game.actions();
        assert_eq!(
            (actions[0].label.as_str(), actions[1].label.as_str()),
            ("Across", "Down")
        );
        for action in &actions[..2] {
            assert_eq!(
                action.kind,
                game_api::ActionKind::Choice {
                    options: sides.clone(),
                    selected: "6".into()
                }
            );
        }
        game.invoke_action(ACROSS_ACTION, "4").unwrap();
        assert_eq!(game.board().size(), Size::new(4, 6));
        game.invoke_action(DOWN_ACTION, "2").unwrap();
        assert_eq!(game.board().size(), Size::new(4, 2));
        assert_eq!(game.moves(), 0);
        assert!(!game.is_won() && game.board().is_solvable());
        assert_eq!(pictures(&game).len(), 7);
        // Each tile is a 120×240 piece of the picture, drawn that size.
        let drawn = pictures(&game);
        assert!(
            drawn
                .iter()
                .all(|(_, size, _)| *size == Point::new(120.0, 240.0))
        );
        let tile = game.board().tile(Cell::new(0, 0));
        let piece = game.tile_pixels(usize::from(tile));
        assert_eq!((piece.width, piece.height), (120, 240));
        assert_eq!(
            piece,
            &Image::builtin(Builtin::Landscape).cut(4, 2)[usize::from(tile) - 1]
        );
        game.invoke_action(ACROSS_ACTION, "30").unwrap();
        game.invoke_action(DOWN_ACTION, "30").unwrap();
        assert_eq!(game.board().size(), Size::square(30));
        assert_eq!(pictures(&game).len(), 899);
        for bad in ["1", "31", "6×6", ""] {
            let err = game.invoke_action(ACROSS_ACTION, bad).unwrap_err();
            assert!(err.0.contains("2 to 30 tiles across and down"), "{err:?}");
        }
        assert!(game.invoke_action("fly", "").is_err());
    }

    #[test]
    fn numbers_fit_the_smallest_tiles() {
        let mut game = Slidey::with_seed(30, 5);
        game.invoke_action(NUMBERS_ACTION, "").unwrap();
        let pitch = game.pitch();
        let mut badges = 0;
        for shape in shapes(&game) {
            if let Shape::RoundedRect {
                min, size, style, ..
            } = shape
                && style.fill == Some(NUMBER_BADGE)
            {
                let cell = game.cell_at(min).unwrap();
                let far = game.cell_min(cell);
                assert!(min.x + size.x < far.x + pitch.x, "{size:?}");
                assert!(min.y + size.y < far.y + pitch.y, "{size:?}");
                badges += 1;
            }
        }
        assert_eq!(badges, 899);
    }

    #[test]
    fn the_picture_choice_and_the_players_picture_change_the_tiles_only() {
        let mut game = Slidey::with_seed(3, 4);
        let board = game.board().clone();
        game.invoke_action(PICTURE_ACTION, "Rings").unwrap();
        assert_eq!(game.picture(), &Image::builtin(Rings));
        let tile = usize::from(game.board().tile(Cell::new(0, 0)));
        assert_eq!(
            game.tile_pixels(tile),
            &Image::builtin(Rings).cut(3, 3)[tile - 1]
        );
        assert!(game.invoke_action(PICTURE_ACTION, "Your picture").is_err());
        // A PNG of the player's: a 4×2 of two colours, cropped to the middle.
        let mut png = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut png, 4, 2);
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header().unwrap();
            let row = [[9, 9, 9], [200, 0, 0], [0, 0, 200], [9, 9, 9]].concat();
            writer
                .write_image_data(&[row.clone(), row].concat())
                .unwrap();
        }
        game.set_picture_bytes(&png).unwrap();
        assert_eq!(game.picture_choice(), PictureChoice::Own);
        assert_eq!(game.picture().pixel(0, 0), [200, 0, 0, 255]);
        assert_eq!(game.picture().pixel(SIDE - 1, 0), [0, 0, 200, 255]);
        let choices = &game.actions()[2].kind;
        assert!(
            matches!(choices, game_api::ActionKind::Choice { options, selected }
                if options == &["Landscape", "Rings", "Your picture"] && selected == "Your picture")
        );
        assert_eq!(game.board(), &board);
        // Bad bytes are refused and the picture kept.
        let err = game.set_picture_bytes(b"not a picture").unwrap_err();
        assert_eq!(
            err.0,
            "That file is not a picture Slidey can read: it reads PNG and JPEG files."
        );
        assert_eq!(game.picture_choice(), PictureChoice::Own);
        game.invoke_action(PICTURE_ACTION, "Landscape").unwrap();
        assert_eq!(game.picture(), &Image::builtin(Builtin::Landscape));
    }

    #[test]
    fn a_chosen_picture_file_is_taken_or_refused_in_the_status_line() {
        let mut game = Slidey::with_seed(3, 6);
        game.picture_file_chosen("notes.txt", b"hello");
        assert_eq!(
            game.status(),
            "Moves: 0 — notes.txt: That file is not a picture Slidey can read: it reads PNG and JPEG files."
        );
        assert_eq!(
            game.picture_choice(),
            PictureChoice::Builtin(Builtin::Landscape)
        );
        let png = Image::builtin(Rings).to_png();
        game.picture_file_chosen("rings.png", &png);
        assert_eq!(game.status(), "Moves: 0 — The picture is now rings.png");
        assert_eq!(game.picture_choice(), PictureChoice::Own);
        assert_eq!(game.picture(), &Image::builtin(Rings));
        // The next move ends the note.
        let slidable = game.board().gap().step(Dir::Up, 3).unwrap();
        game.click_cell(slidable);
        assert_eq!(game.note(), None);
        assert!(game.status().starts_with("Moves: 1 — slide the tiles"));
    }

    #[test]
    fn choose_picture_without_a_file_dialog_says_what_to_do() {
        let mut game = Slidey::with_seed(3, 6);
        let choose = game.actions().pop().unwrap();
        assert_eq!(
            (
                choose.id.as_str(),
                choose.label.as_str(),
                choose.shortcut.as_deref()
            ),
            (CHOOSE_ACTION, "Choose picture…", Some("o"))
        );
        assert_eq!(game.invoke_action(CHOOSE_ACTION, ""), Ok(Response::REDRAW));
        assert!(game.status().contains("no file dialog: put a picture.png"));
        // The launcher's answers.
        let png = Image::builtin(Rings).to_png();
        let chosen = FileChoice::Chosen(game_api::ChosenFile {
            kind: FileKind::Picture,
            name: "rings.png".into(),
            bytes: png,
        });
        assert_eq!(game.file_chosen(chosen), Response::REDRAW);
        assert_eq!(game.picture(), &Image::builtin(Rings));
        assert_eq!(game.status(), "Moves: 0 — The picture is now rings.png");
        assert_eq!(
            game.file_chosen(FileChoice::Cancelled(FileKind::Picture)),
            Response::NONE
        );
        game.file_chosen(FileChoice::Refused("a dialog is open already".into()));
        assert_eq!(game.status(), "Moves: 0 — a dialog is open already");
    }

    #[test]
    fn regions_name_every_cell_for_screen_readers() {
        let game = two_from_solved();
        let regions = game.regions();
        assert_eq!(regions.len(), 9);
        let labels: Vec<&str> = regions.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels[0], "row 1, column 1: tile 1, in place");
        assert_eq!(labels[1], "row 1, column 2: tile 2, in place, slides down");
        assert_eq!(labels[4], "row 2, column 2: the gap");
        assert_eq!(
            labels[7],
            "row 3, column 2: tile 5, belongs at row 2, column 2, slides up"
        );
        assert_eq!(
            labels[8],
            "row 3, column 3: tile 8, belongs at row 3, column 2"
        );
        for (region, cell) in regions.iter().zip(game.board().all_cells()) {
            assert_eq!(game.cell_at(region.center()), Some(cell));
        }
    }

    #[test]
    fn n_deals_a_new_game_without_a_launcher() {
        let mut game = two_from_solved();
        game.slide(Dir::Up);
        assert_eq!(game.handle_event(&Event::key("n")), Response::REDRAW);
        assert_eq!(game.moves(), 0);
        assert_eq!(game.board().size(), Size::square(3));
        assert!(!game.is_won() && game.board().is_solvable());
    }
}
