//! The game as the launcher sees it: [`Gobblet`] implements
//! [`game_api::Game`]: it draws the board from above (each piece a disc
//! whose rings tell its size), takes drags, clicks and keys, keeps the move
//! list with rewind `<` and replay `>`, and runs the computer players on a
//! thread of their own, polling their answers on ticks.
//!
//! A computer's move costs at most [`ai::max_nodes`] positions of search on
//! its thread, whatever the ticks do; the ticks only collect it, once
//! [`COMPUTER_PACE`] seconds of them have passed (seconds, not a count of
//! ticks: a busy machine's fewer, longer ticks bring it as soon), and while
//! it only thinks they come [`THINKING_TICK`](game_api::computer::THINKING_TICK) apart, as each costs the
//! window a frame the search would otherwise have. A search whose answer is
//! no longer wanted (a move, rewind, load, new game or change of player) is
//! told to stop and ends at its next position, so it neither burns the CPU
//! nor keeps the next search waiting for the shared 3×3 memory.
//!
//! Controls:
//!
//! * drag a piece (from its reserve beside the board, or on the board) and
//!   drop it on a square; the landing shadow shows where it goes, a red
//!   ring that it cannot go there. Clicking a piece and then a square does
//!   the same;
//! * the arrow keys move a cursor over the board and both reserves (left of
//!   the board red's, right yellow's); `Enter` or `Space` picks up the
//!   piece under it and puts it down; `Escape` drops the choice;
//! * `<` (Comma) rewinds one move, `>` (Period) replays one; a move played
//!   after a rewind replaces the rest of the line;
//! * `g` lets the computer play the move now (for either side).

use crate::ai::{self, Level};
use crate::record::{self, square_name};
use crate::rules::{Color, Move, Position, Variant};
use game_api::computer::{Poll, Search, Ticks};
use game_api::grid::Dir;
use game_api::settings::SettingsFile;
use game_api::{
    Action, Anchor, Button, Event, Game, GameError, Host, NewGame, Painter, Point, Region,
    Response, Rgba, Stroke, Style,
};
use std::time::Duration;

/// The canvas's width.
pub const WIDTH: f32 = 800.0;
/// The canvas's height.
pub const HEIGHT: f32 = 600.0;
/// The top of the board.
pub const BOARD_TOP: f32 = 80.0;

/// The canvas background.
pub const BACKGROUND: Rgba = Rgba::rgb(38, 42, 50);
/// The light squares.
pub const SQUARE_LIGHT: Rgba = Rgba::rgb(222, 198, 152);
/// The dark squares.
pub const SQUARE_DARK: Rgba = Rgba::rgb(198, 168, 118);
/// The tray a reserve sits in.
pub const TRAY: Rgba = Rgba::rgb(58, 63, 74);
/// Red's pieces.
pub const RED: Rgba = Rgba::rgb(204, 46, 46);
/// Yellow's pieces.
pub const YELLOW: Rgba = Rgba::rgb(244, 198, 44);
/// The keyboard cursor.
pub const CURSOR: Rgba = Rgba::rgb(90, 170, 255);
/// The ring around a picked-up piece.
pub const PICKED: Rgba = Rgba::rgb(255, 255, 255);
/// The landing shadow of a dragged piece.
pub const SHADOW: Rgba = Rgba::with_alpha(0, 0, 0, 90);
/// The ring where a dragged piece cannot land.
pub const REFUSED: Rgba = Rgba::rgb(230, 40, 40);
/// The line drawn through a winning line.
pub const WIN_LINE: Rgba = Rgba::with_alpha(40, 200, 90, 220);
/// Text.
pub const TEXT: Rgba = Rgba::rgb(236, 236, 236);
/// Text of the moves after a rewind.
pub const TEXT_DIM: Rgba = Rgba::rgb(130, 134, 146);

/// How long a computer move waits before it is shown, at least, so that a
/// game between two computers can be followed.
pub const COMPUTER_PACE: f32 = 0.35;
/// How long a moved piece slides.
pub const SLIDE_SECONDS: f32 = 0.25;
const TICK: Duration = Duration::from_millis(30);

/// Who plays a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person, with the mouse or the keyboard.
    Person,
    /// A computer player.
    Computer(Level),
}

impl Player {
    /// The names of the choice.
    pub const OPTIONS: [&'static str; 3] = ["Person", "Smart", "Ok"];

    /// Its name in the choice.
    pub fn name(self) -> &'static str {
        match self {
            Player::Person => "Person",
            Player::Computer(level) => level.name(),
        }
    }

    /// The player named `name`.
    pub fn parse(name: &str) -> Option<Player> {
        match name.trim() {
            "Person" => Some(Player::Person),
            "Smart" => Some(Player::Computer(Level::Smart)),
            "Ok" => Some(Player::Computer(Level::Ok)),
            _ => None,
        }
    }
}

/// A place a piece can be taken from or put on: a square, or a slot of a
/// player's reserve (3×3: one slot per size, largest first; 4×4: one per
/// stack, fullest first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// A square of the board.
    Cell(u8),
    /// A slot of a reserve.
    Reserve(Color, u8),
}

/// A computer's search, about the key of the position it started from.
type Thinking = Search<Move, u128>;

#[derive(Clone, Copy, Debug)]
struct Slide {
    mv: Move,
    color: Color,
    from: Point,
    elapsed: f32,
}

#[derive(Clone, Copy, Debug)]
struct Drag {
    from: Spot,
    pos: Point,
    moved: bool,
}

/// A game of Gobblet.
#[derive(Debug)]
pub struct Gobblet {
    pub(crate) host: Host,
    pub(crate) variant: Variant,
    /// The line of moves: those played, then those rewound (replayable).
    pub(crate) moves: Vec<Move>,
    /// How many of them are on the board.
    pub(crate) at: usize,
    pub(crate) position: Position,
    /// The seed of this game, which the computer players' tie-breaks
    /// follow.
    pub(crate) seed: u64,
    /// Moves the computer played for a person (with `g`).
    pub(crate) helped: u32,
    players: [Player; 2],
    cursor: Option<Spot>,
    selected: Option<Spot>,
    drag: Option<Drag>,
    message: Option<String>,
    thinking: Option<Thinking>,
    paused: bool,
    slide: Option<Slide>,
    ticking: Ticks,
}

impl Gobblet {
    /// A game on `variant`, red a person and yellow the Smart computer,
    /// with a host that offers nothing. For tests and tools.
    pub fn with_variant(variant: Variant) -> Gobblet {
        Gobblet {
            host: Host::detached(),
            variant,
            moves: Vec::new(),
            at: 0,
            position: Position::new(variant),
            seed: 0,
            helped: 0,
            players: [Player::Person, Player::Computer(Level::Smart)],
            cursor: None,
            selected: None,
            drag: None,
            message: None,
            thinking: None,
            paused: false,
            slide: None,
            ticking: Ticks::default(),
        }
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves on the board, from the first.
    pub fn played(&self) -> &[Move] {
        &self.moves[..self.at]
    }

    /// The moves that `>` replays.
    pub fn rewound(&self) -> &[Move] {
        &self.moves[self.at..]
    }

    /// Who plays `color`.
    pub fn player(&self, color: Color) -> Player {
        self.players[color as usize]
    }

    /// Sets who plays `color` (a setting: kept in the data directory, not
    /// in the saved game). A computer given the move starts thinking.
    pub fn set_player(&mut self, color: Color, player: Player) {
        self.players[color as usize] = player;
        if self.thinking.is_some() && self.player(self.position.to_move()) == Player::Person {
            self.stop_thinking();
        }
        self.paused = false;
        self.store_settings();
        self.maybe_think();
    }

    /// Whether a computer player is thinking now.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The winner, if the game is over.
    pub fn winner(&self) -> Option<Color> {
        self.position.winner()
    }

    /// The board's side in squares.
    fn side(&self) -> usize {
        self.variant.side()
    }

    /// A square's side in canvas pixels.
    pub fn cell_size(&self) -> f32 {
        match self.variant {
            Variant::Small => 120.0,
            Variant::Large => 100.0,
        }
    }

    fn board_left(&self) -> f32 {
        (WIDTH - self.cell_size() * self.side() as f32) / 2.0
    }

    /// The centre of square `cell`.
    pub fn cell_center(&self, cell: usize) -> Point {
        let s = self.cell_size();
        let (row, col) = (cell / self.side(), cell % self.side());
        Point::new(
            self.board_left() + (col as f32 + 0.5) * s,
            BOARD_TOP + (row as f32 + 0.5) * s,
        )
    }

    /// The number of slots of a reserve.
    pub fn slots(&self) -> u8 {
        3
    }

    /// The centre of slot `slot` of `color`'s reserve.
    pub fn slot_center(&self, color: Color, slot: u8) -> Point {
        let x = self.board_left() / 2.0;
        let x = match color {
            Color::Red => x,
            Color::Yellow => WIDTH - x,
        };
        let pitch = self.cell_size() * self.side() as f32 / 3.0;
        Point::new(x, BOARD_TOP + (slot as f32 + 0.5) * pitch)
    }

    /// The centre of `spot`.
    pub fn spot_center(&self, spot: Spot) -> Point {
        match spot {
            Spot::Cell(c) => self.cell_center(c as usize),
            Spot::Reserve(color, slot) => self.slot_center(color, slot),
        }
    }

    /// The radius of a piece of `size`.
    pub fn radius(&self, size: u8) -> f32 {
        let s = self.cell_size();
        match self.variant {
            Variant::Small => s * (0.19 + 0.09 * size as f32),
            Variant::Large => s * (0.16 + 0.08 * size as f32),
        }
    }

    /// The spot under `pos`.
    pub fn spot_at(&self, pos: Point) -> Option<Spot> {
        let s = self.cell_size();
        let side = self.side() as f32;
        let x = (pos.x - self.board_left()) / s;
        let y = (pos.y - BOARD_TOP) / s;
        if x >= 0.0 && y >= 0.0 && x < side && y < side {
            return Some(Spot::Cell((y as usize * self.side() + x as usize) as u8));
        }
        for color in [Color::Red, Color::Yellow] {
            for slot in 0..self.slots() {
                let c = self.slot_center(color, slot);
                if (pos.x - c.x).abs() <= s / 2.0 && (pos.y - c.y).abs() <= s / 2.0 {
                    return Some(Spot::Reserve(color, slot));
                }
            }
        }
        None
    }

    /// The sizes waiting in slot `slot` of `color`'s reserve, from the top.
    pub fn slot_pieces(&self, color: Color, slot: u8) -> Vec<u8> {
        let groups = self.position.reserve(color);
        match self.variant {
            Variant::Small => {
                let size = self.variant.sizes() - 1 - slot;
                groups
                    .into_iter()
                    .find(|g| g.first() == Some(&size))
                    .unwrap_or_default()
            }
            Variant::Large => groups.into_iter().nth(slot as usize).unwrap_or_default(),
        }
    }

    /// The piece a player could take from `spot` now: its size, if it is
    /// the player to move's.
    fn movable(&self, spot: Spot) -> Option<u8> {
        let me = self.position.to_move();
        match spot {
            Spot::Cell(c) => self
                .position
                .top(c as usize)
                .filter(|p| p.color == me)
                .map(|p| p.size),
            Spot::Reserve(color, slot) if color == me => {
                self.slot_pieces(color, slot).first().copied()
            }
            Spot::Reserve(..) => None,
        }
    }

    /// The move of the piece at `from` to square `to`.
    fn move_between(&self, from: Spot, to: u8) -> Option<Move> {
        let size = self.movable(from)?;
        Some(Move {
            size,
            from: match from {
                Spot::Cell(c) => Some(c),
                Spot::Reserve(..) => None,
            },
            to,
        })
    }

    /// Whether a person may move now.
    fn person_to_move(&self) -> bool {
        self.winner().is_none() && self.player(self.position.to_move()) == Player::Person
    }

    /// Plays `mv` for the player to move, as a person would: refused with
    /// the reason (also shown in the status line) when it breaks a rule.
    ///
    /// # Errors
    ///
    /// The rule it breaks, in words.
    pub fn try_move(&mut self, mv: Move) -> Result<(), String> {
        match self.position.check(mv) {
            Ok(()) => {
                self.commit(mv, None);
                self.paused = false;
                self.maybe_think();
                Ok(())
            }
            Err(e) => {
                let text = format!("Not there: {e}.");
                self.message = Some(text.clone());
                Err(text)
            }
        }
    }

    /// Puts `mv` (legal) on the board: replaces the rewound moves unless it
    /// is the next of them, and starts its slide.
    fn commit(&mut self, mv: Move, slide_from: Option<Point>) {
        let color = self.position.to_move();
        let from = slide_from.unwrap_or_else(|| match mv.from {
            Some(c) => self.cell_center(c as usize),
            None => {
                let slot = (0..self.slots())
                    .find(|&s| self.slot_pieces(color, s).first() == Some(&mv.size))
                    .unwrap_or(0);
                self.slot_center(color, slot)
            }
        });
        if self.moves.get(self.at) != Some(&mv) {
            self.moves.truncate(self.at);
            self.moves.push(mv);
        }
        self.at += 1;
        self.position.apply(mv);
        self.stop_thinking();
        self.clear_choice();
        self.slide = Some(Slide {
            mv,
            color,
            from,
            elapsed: 0.0,
        });
        self.update_ticks();
    }

    fn clear_choice(&mut self) {
        self.selected = None;
        self.drag = None;
        self.message = None;
    }

    /// Rewinds one move (`<`). Computers then wait for `g` or a move.
    pub fn rewind(&mut self) -> bool {
        if self.at == 0 {
            return false;
        }
        self.at -= 1;
        self.reset_position();
        self.paused = true;
        true
    }

    /// Replays one rewound move (`>`).
    pub fn replay(&mut self) -> bool {
        if self.at >= self.moves.len() {
            return false;
        }
        self.at += 1;
        self.reset_position();
        self.paused = true;
        true
    }

    fn reset_position(&mut self) {
        self.position = record::replay(self.variant, &self.moves[..self.at]);
        self.stop_thinking();
        self.clear_choice();
        self.slide = None;
        self.update_ticks();
    }

    /// Starts a new game on `variant` from `seed`.
    pub fn start(&mut self, variant: Variant, seed: u64) {
        self.variant = variant;
        self.moves.clear();
        self.at = 0;
        self.seed = seed;
        self.helped = 0;
        self.cursor = None;
        self.reset_position();
        self.paused = false;
        self.maybe_think();
    }

    /// Replaces the game with `moves` on `variant` (all played), as a
    /// load or a game ID does; computers wait for `g` or a move.
    pub(crate) fn set_game(&mut self, variant: Variant, moves: Vec<Move>, at: usize) {
        self.variant = variant;
        self.moves = moves;
        self.at = at.min(self.moves.len());
        if let Some(Spot::Cell(c)) = self.cursor
            && c as usize >= variant.cells()
        {
            self.cursor = None;
        }
        self.reset_position();
        self.paused = true;
    }

    /// The keys of the positions before the one on the board, for the
    /// computer's search.
    fn history(&self) -> Vec<u128> {
        let mut p = Position::new(self.variant);
        let mut keys = vec![p.key()];
        for &mv in &self.moves[..self.at.saturating_sub(1)] {
            p.apply(mv);
            keys.push(p.key());
        }
        if self.at == 0 {
            keys.clear();
        }
        keys
    }

    /// Starts the computer thinking if it is to move and not paused.
    fn maybe_think(&mut self) {
        if self.thinking.is_none()
            && !self.paused
            && self.winner().is_none()
            && matches!(self.player(self.position.to_move()), Player::Computer(_))
        {
            self.think();
        }
    }

    /// Starts a search for the player to move on a thread of its own.
    fn think(&mut self) {
        let level = match self.player(self.position.to_move()) {
            Player::Computer(level) => level,
            Player::Person => Level::Smart,
        };
        let position = self.position;
        let history = self.history();
        let seed = self.seed ^ (self.at as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.thinking = Some(Search::start(
            &self.host,
            "gobblet-computer",
            position.key(),
            move |stop| ai::think(&position, &history, level, seed, Some(stop.clone())).mv,
        ));
        self.update_ticks();
    }

    fn stop_thinking(&mut self) {
        // The thread's answer goes to a closed channel and is dropped.
        self.thinking = None;
        self.update_ticks();
    }

    fn update_ticks(&mut self) {
        let moving = self.slide.is_some().then_some(TICK);
        self.ticking
            .pace(&self.host, moving, self.thinking.is_some());
    }

    /// Lets the computer play the move for the player to move now (`g`):
    /// counted as help when that player is a person.
    pub fn computer_move(&mut self) -> bool {
        if self.winner().is_some() || self.thinking.is_some() {
            return false;
        }
        if self.player(self.position.to_move()) == Player::Person {
            self.helped += 1;
        }
        self.paused = false;
        self.think();
        true
    }

    /// Waits for the thinking computer's answer without playing it (the
    /// next tick after [`COMPUTER_PACE`] seconds of ticks plays it): for
    /// tests and tools, as it blocks. False when nobody thinks or the
    /// search ended without a move.
    pub fn wait_for_answer(&mut self) -> bool {
        self.thinking.as_mut().and_then(Search::wait).is_some()
    }

    /// Time passes: slides move on, and a computer's answer is taken when
    /// it has come (and was asked for this position).
    pub fn tick(&mut self, dt: f32) -> bool {
        let mut changed = false;
        if let Some(slide) = &mut self.slide {
            slide.elapsed += dt;
            if slide.elapsed >= SLIDE_SECONDS {
                self.slide = None;
            }
            changed = true;
        }
        if let Some(thinking) = &mut self.thinking
            && thinking.tick(dt) == Poll::Ended
        {
            self.thinking = None;
            changed = true;
        }
        if let Some(thinking) = &self.thinking
            && let Some(&mv) = thinking.ready(COMPUTER_PACE)
        {
            let fresh = *thinking.about() == self.position.key() && self.position.check(mv).is_ok();
            self.thinking = None;
            if fresh {
                self.commit(mv, None);
                self.maybe_think();
            }
            changed = true;
        }
        self.update_ticks();
        changed
    }

    // ----- the pointer and the keyboard -----

    fn press(&mut self, pos: Point) -> bool {
        let Some(spot) = self.spot_at(pos) else {
            let changed = self.selected.is_some();
            self.selected = None;
            return changed;
        };
        if !self.person_to_move() {
            self.message = Some(self.not_your_turn());
            return true;
        }
        if let (Some(from), Spot::Cell(to)) = (self.selected, spot)
            && from != spot
            && let Some(mv) = self.move_between(from, to)
            && (self.movable(spot).is_none() || self.position.check(mv).is_ok())
        {
            // A click on a square with a piece picked up: put it there.
            let _ = self.try_move(mv);
            return true;
        }
        if self.movable(spot).is_some() {
            self.drag = Some(Drag {
                from: spot,
                pos,
                moved: false,
            });
            self.message = None;
            return true;
        }
        if let (Some(from), Spot::Cell(to)) = (self.selected, spot)
            && let Some(mv) = self.move_between(from, to)
        {
            let _ = self.try_move(mv);
            return true;
        }
        self.message = Some(match spot {
            Spot::Cell(_) => format!(
                "Pick up one of {}'s pieces first.",
                self.position.to_move().name()
            ),
            Spot::Reserve(color, _) if color != self.position.to_move() => {
                format!("It is {}'s turn.", self.position.to_move().name())
            }
            Spot::Reserve(..) => "That stack is empty.".into(),
        });
        true
    }

    fn release(&mut self, pos: Point) -> bool {
        let Some(drag) = self.drag.take() else {
            return false;
        };
        let target = self.spot_at(pos);
        match target {
            Some(spot) if spot == drag.from => {
                // A click: pick the piece up (or put it back down).
                self.selected = if self.selected == Some(spot) {
                    None
                } else {
                    Some(spot)
                };
            }
            Some(Spot::Cell(to)) => {
                if let Some(mv) = self.move_between(drag.from, to) {
                    match self.position.check(mv) {
                        Ok(()) => {
                            self.commit(mv, Some(pos));
                            self.paused = false;
                            self.maybe_think();
                        }
                        Err(e) => self.message = Some(format!("Not there: {e}.")),
                    }
                }
            }
            _ => {
                self.message = Some("Drop a piece on a square of the board.".into());
            }
        }
        true
    }

    fn not_your_turn(&self) -> String {
        match self.winner() {
            Some(_) => "The game is over: press N for a new game, or < to rewind.".into(),
            None => format!(
                "{} is the computer's: wait for its move, or press < to rewind.",
                self.position.to_move().name()
            ),
        }
    }

    fn move_cursor(&mut self, d_row: i32, d_col: i32) -> bool {
        let side = self.side() as i32;
        let (row, col) = match self.cursor {
            None => (side / 2, side / 2),
            Some(Spot::Cell(c)) => (c as i32 / side + d_row, c as i32 % side + d_col),
            Some(Spot::Reserve(color, slot)) => {
                let row = (slot as i32 * side / 3 + d_row).clamp(0, side - 1);
                match color {
                    Color::Red => (row, -1 + d_col),
                    Color::Yellow => (row, side + d_col),
                }
            }
        };
        let col = col.clamp(-1, side);
        let row = row.clamp(0, side - 1);
        let spot = if col == -1 || col == side {
            let color = if col == -1 { Color::Red } else { Color::Yellow };
            Spot::Reserve(color, ((row * 3) / side).min(2) as u8)
        } else {
            Spot::Cell((row * side + col) as u8)
        };
        let changed = self.cursor != Some(spot);
        self.cursor = Some(spot);
        changed
    }

    fn activate(&mut self) -> bool {
        let Some(spot) = self.cursor else {
            return self.move_cursor(0, 0);
        };
        if !self.person_to_move() {
            self.message = Some(self.not_your_turn());
            return true;
        }
        match (self.selected, spot) {
            (Some(sel), _) if sel == spot => {
                self.selected = None;
                true
            }
            (Some(from), Spot::Cell(to)) if self.movable(spot).is_none() || from != spot => {
                if self.movable(spot).is_some() && self.position.top(to as usize).is_some() {
                    // Would the picked piece gobble it? Try; else pick this.
                    if let Some(mv) = self.move_between(from, to)
                        && self.position.check(mv).is_ok()
                    {
                        let _ = self.try_move(mv);
                        return true;
                    }
                    self.selected = Some(spot);
                    self.message = None;
                    return true;
                }
                if let Some(mv) = self.move_between(from, to) {
                    let _ = self.try_move(mv);
                }
                true
            }
            _ if self.movable(spot).is_some() => {
                self.selected = Some(spot);
                self.message = None;
                true
            }
            _ => {
                self.message = Some(format!(
                    "Move the cursor to one of {}'s pieces and press Enter.",
                    self.position.to_move().name()
                ));
                true
            }
        }
    }

    fn handle_key(&mut self, key: &str) -> bool {
        if let Some(dir) = Dir::from_arrow(key) {
            let (d_row, d_col) = dir.delta();
            return self.move_cursor(d_row as i32, d_col as i32);
        }
        match key {
            "Enter" | "Space" => self.activate(),
            "Escape" => {
                let changed = self.selected.is_some() || self.message.is_some();
                self.selected = None;
                self.message = None;
                changed
            }
            "Comma" => self.rewind(),
            "Period" => self.replay(),
            "g" => self.computer_move(),
            "n" => self.ask_for_new_game(),
            _ => false,
        }
    }

    fn ask_for_new_game(&mut self) -> bool {
        let host = self.host;
        host.new_game_or(|_| {
            let seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            self.start(self.variant, seed);
        })
    }

    // ----- texts -----

    fn player_text(&self, color: Color) -> String {
        match self.player(color) {
            Player::Person => color.name().to_string(),
            Player::Computer(level) => format!("{} ({})", color.name(), level.name()),
        }
    }

    /// The status line.
    pub fn status_text(&self) -> String {
        let moves = self.at;
        if let Some(winner) = self.winner() {
            let last_mover = self.position.to_move().other();
            let how = if winner == last_mover {
                format!("{} made a line", winner.name())
            } else {
                format!(
                    "{}'s move uncovered {}'s line",
                    last_mover.name(),
                    winner.name()
                )
            };
            return format!(
                "{} wins after {moves} moves: {how}. Press N for a new game, or < to rewind.",
                self.player_text(winner)
            );
        }
        let to_move = self.position.to_move();
        let who = self.player_text(to_move);
        let base = if self.thinking.is_some() {
            format!("{who} is thinking... (you can undo, rewind with <, or close)")
        } else {
            match self.player(to_move) {
                Player::Computer(_) => {
                    format!("{who} to move, paused: press G for its move, or move for it")
                }
                Player::Person => match self.selected {
                    Some(_) => format!("{who} to move: now choose a square for the piece"),
                    None => format!(
                        "{who} to move: drag a piece from the {} or on the board",
                        if to_move == Color::Red {
                            "left"
                        } else {
                            "right"
                        }
                    ),
                },
            }
        };
        let line = self.variant.side();
        let mut text = format!("Move {}. {base}. {line} in a row wins.", moves + 1);
        if let Some(message) = &self.message {
            text = format!("{message} {text}");
        }
        text
    }

    fn piece_name(&self, size: u8) -> &'static str {
        match (self.variant, size) {
            (Variant::Small, 0) => "small",
            (Variant::Small, 1) => "medium",
            (Variant::Small, _) => "large",
            (Variant::Large, 0) => "small",
            (Variant::Large, 1) => "medium-small",
            (Variant::Large, 2) => "medium-large",
            (Variant::Large, _) => "large",
        }
    }

    // ----- drawing -----

    fn color_of(color: Color) -> Rgba {
        match color {
            Color::Red => RED,
            Color::Yellow => YELLOW,
        }
    }

    /// Draws a piece from above: a disc with a rim, and one ring inside for
    /// each smaller size, so that its size can be counted.
    fn draw_piece(&self, painter: &mut dyn Painter, center: Point, size: u8, color: Color) {
        let base = Self::color_of(color);
        let shade = |c: u8, f: f32| (c as f32 * f) as u8;
        let rim = Rgba::rgb(
            shade(base.r, 0.55),
            shade(base.g, 0.55),
            shade(base.b, 0.55),
        );
        // A soft shadow under it.
        painter.circle(
            Point::new(center.x + 3.0, center.y + 4.0),
            self.radius(size),
            Style::solid(Rgba::with_alpha(0, 0, 0, 70)),
        );
        painter.circle(
            center,
            self.radius(size),
            Style {
                fill: Some(base),
                stroke: Some(Stroke {
                    width: 3.0,
                    color: rim,
                }),
            },
        );
        for inner in 0..size {
            painter.circle(
                center,
                self.radius(inner) - 2.0,
                Style::outline(Rgba::with_alpha(rim.r, rim.g, rim.b, 200)),
            );
        }
    }

    fn draw_board(&self, painter: &mut dyn Painter) {
        let s = self.cell_size();
        let side = self.side();
        let left = self.board_left();
        painter.rect(
            Point::new(left - 6.0, BOARD_TOP - 6.0),
            Point::new(s * side as f32 + 12.0, s * side as f32 + 12.0),
            Style::solid(Rgba::rgb(120, 88, 52)),
        );
        for cell in 0..side * side {
            let (row, col) = (cell / side, cell % side);
            let fill = if (row + col) % 2 == 0 {
                SQUARE_LIGHT
            } else {
                SQUARE_DARK
            };
            painter.rect(
                Point::new(left + col as f32 * s, BOARD_TOP + row as f32 * s),
                Point::new(s, s),
                Style::solid(fill),
            );
        }
        // Square names along the edges.
        for i in 0..side {
            let file = ((b'a' + i as u8) as char).to_string();
            painter.text(
                Point::new(
                    left + (i as f32 + 0.5) * s,
                    BOARD_TOP + side as f32 * s + 10.0,
                ),
                Anchor::Top,
                14.0,
                TEXT_DIM,
                &file,
            );
            painter.text(
                Point::new(left - 12.0, BOARD_TOP + (i as f32 + 0.5) * s),
                Anchor::Right,
                14.0,
                TEXT_DIM,
                &(side - i).to_string(),
            );
        }
    }

    fn draw_reserves(&self, painter: &mut dyn Painter) {
        let s = self.cell_size();
        let to_move = self.position.to_move();
        for color in [Color::Red, Color::Yellow] {
            let top = self.slot_center(color, 0);
            let bottom = self.slot_center(color, self.slots() - 1);
            let h = bottom.y - top.y + s;
            let turn = color == to_move && self.winner().is_none();
            painter.rounded_rect(
                Point::new(top.x - s / 2.0, top.y - s / 2.0),
                Point::new(s, h),
                10.0,
                Style {
                    fill: Some(TRAY),
                    stroke: turn.then_some(Stroke {
                        width: 3.0,
                        color: Self::color_of(color),
                    }),
                },
            );
            painter.text(
                Point::new(top.x, top.y - s / 2.0 - 8.0),
                Anchor::Bottom,
                16.0,
                TEXT,
                &self.player_text(color),
            );
            for slot in 0..self.slots() {
                let pieces = self.slot_pieces(color, slot);
                let center = self.slot_center(color, slot);
                let dragged = self
                    .drag
                    .is_some_and(|d| d.moved && d.from == Spot::Reserve(color, slot));
                let shown = if dragged {
                    pieces.get(1)
                } else {
                    pieces.first()
                };
                if let Some(&size) = shown {
                    self.draw_piece(painter, center, size, color);
                }
                let count = pieces.len() - usize::from(dragged && !pieces.is_empty());
                if count > 0 {
                    let label = match self.variant {
                        Variant::Small => format!("x{count}"),
                        Variant::Large => format!("{count} in stack"),
                    };
                    painter.text(
                        Point::new(center.x, center.y + s / 2.0 - 4.0),
                        Anchor::Bottom,
                        12.0,
                        TEXT,
                        &label,
                    );
                }
            }
        }
    }

    fn draw_pieces(&self, painter: &mut dyn Painter) {
        let dragged_cell = match self.drag {
            Some(Drag {
                from: Spot::Cell(c),
                moved: true,
                ..
            }) => Some(c as usize),
            _ => None,
        };
        let sliding_to = self.slide.map(|s| s.mv.to as usize);
        for cell in 0..self.variant.cells() {
            let stack = self.position.stack(cell);
            let skip = usize::from(dragged_cell == Some(cell) || sliding_to == Some(cell));
            if let Some(p) = stack.get(skip) {
                self.draw_piece(painter, self.cell_center(cell), p.size, p.color);
            }
        }
        if let Some(slide) = self.slide {
            let to = self.cell_center(slide.mv.to as usize);
            let t = (slide.elapsed / SLIDE_SECONDS).clamp(0.0, 1.0);
            let t = t * t * (3.0 - 2.0 * t);
            let at = Point::new(
                slide.from.x + (to.x - slide.from.x) * t,
                slide.from.y + (to.y - slide.from.y) * t,
            );
            self.draw_piece(painter, at, slide.mv.size, slide.color);
        }
    }

    fn draw_marks(&self, painter: &mut dyn Painter) {
        let s = self.cell_size();
        if let Some(spot) = self.selected {
            let c = self.spot_center(spot);
            if let Some(size) = self.movable(spot) {
                painter.circle(c, self.radius(size) + 5.0, Style::stroked(3.0, PICKED));
            }
        }
        if let Some(spot) = self.cursor {
            let c = self.spot_center(spot);
            painter.rect(
                Point::new(c.x - s / 2.0 + 3.0, c.y - s / 2.0 + 3.0),
                Point::new(s - 6.0, s - 6.0),
                Style::stroked(3.0, CURSOR),
            );
        }
    }

    fn draw_drag(&self, painter: &mut dyn Painter) {
        let Some(drag) = self.drag.filter(|d| d.moved) else {
            return;
        };
        let Some(size) = self.movable(drag.from) else {
            return;
        };
        let color = self.position.to_move();
        if let Some(Spot::Cell(to)) = self.spot_at(drag.pos)
            && Spot::Cell(to) != drag.from
        {
            let c = self.cell_center(to as usize);
            let legal = self
                .move_between(drag.from, to)
                .is_some_and(|mv| self.position.check(mv).is_ok());
            if legal {
                painter.circle(c, self.radius(size), Style::solid(SHADOW));
            } else {
                painter.circle(c, self.radius(size), Style::stroked(4.0, REFUSED));
            }
        }
        self.draw_piece(painter, drag.pos, size, color);
    }

    fn draw_win(&self, painter: &mut dyn Painter) {
        let Some(winner) = self.winner() else {
            return;
        };
        let Some(line) = self.position.line_of(winner) else {
            return;
        };
        let cells: Vec<usize> = (0..self.variant.cells())
            .filter(|&c| line & (1 << c) != 0)
            .collect();
        if let (Some(&a), Some(&b)) = (cells.first(), cells.last()) {
            painter.line(
                self.cell_center(a),
                self.cell_center(b),
                Stroke {
                    width: 10.0,
                    color: WIN_LINE,
                },
            );
        }
    }

    fn draw_record(&self, painter: &mut dyn Painter) {
        let side = self.side();
        let y = HEIGHT - 24.0;
        let mut words: Vec<(String, bool)> = Vec::new();
        for (i, &mv) in self.moves.iter().enumerate() {
            words.push((
                format!("{}.{}", i + 1, record::move_text(side, mv)),
                i < self.at,
            ));
        }
        // The last moves that fit, ending a little after the position.
        let end = (self.at + 4).min(words.len());
        let start = end.saturating_sub(12);
        let mut x = 20.0;
        if start > 0 {
            painter.text(Point::new(x, y), Anchor::Left, 15.0, TEXT_DIM, "...");
            x += painter.text_size(15.0, "... ").x;
        }
        for (word, played) in &words[start..end] {
            let color = if *played { TEXT } else { TEXT_DIM };
            painter.text(Point::new(x, y), Anchor::Left, 15.0, color, word);
            x += painter.text_size(15.0, word).x + 10.0;
        }
        if words.is_empty() {
            painter.text(
                Point::new(20.0, y),
                Anchor::Left,
                15.0,
                TEXT_DIM,
                "No moves yet. Red moves first.",
            );
        }
    }
}

impl Game for Gobblet {
    fn new(host: Host) -> Result<Self, GameError> {
        let mut game = Gobblet::with_variant(Variant::Small);
        game.host = host;
        game.ticking.forget();
        game.load_settings();
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        game.start(game.variant, seed);
        Ok(game)
    }

    fn canvas_size(&self) -> Point {
        Point::new(WIDTH, HEIGHT)
    }

    fn title(&self) -> String {
        format!("Gobblet {0}x{0}", self.side())
    }

    fn status(&self) -> String {
        self.status_text()
    }

    fn draw(&self, painter: &mut dyn Painter) {
        painter.fill_canvas(Point::new(WIDTH, HEIGHT), BACKGROUND);
        let heading = match self.winner() {
            Some(w) => format!("{} wins!", w.name()),
            None if self.thinking.is_some() => format!(
                "{} is thinking...",
                self.player_text(self.position.to_move())
            ),
            None => format!("{} to move", self.position.to_move().name()),
        };
        painter.text(
            Point::new(WIDTH / 2.0, 36.0),
            Anchor::Center,
            24.0,
            TEXT,
            &heading,
        );
        self.draw_board(painter);
        self.draw_reserves(painter);
        self.draw_pieces(painter);
        self.draw_win(painter);
        self.draw_marks(painter);
        self.draw_drag(painter);
        self.draw_record(painter);
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        let changed = match event {
            Event::PointerPress {
                pos,
                button: Button::Primary,
                ..
            } => self.press(*pos),
            Event::PointerRelease {
                pos,
                button: Button::Primary,
                ..
            } => self.release(*pos),
            Event::PointerMove { pos } => match &mut self.drag {
                Some(drag) => {
                    drag.pos = *pos;
                    drag.moved = true;
                    true
                }
                None => false,
            },
            Event::PointerLeave => self.drag.take().is_some(),
            Event::KeyPress { key, modifiers } if !modifiers.ctrl && !modifiers.alt => {
                self.handle_key(key)
            }
            Event::Tick { dt } => self.tick(*dt),
            _ => false,
        };
        Response::redraw_if(changed)
    }

    fn actions(&self) -> Vec<Action> {
        let sizes = ["3x3", "4x4"];
        let size = if self.variant == Variant::Small {
            sizes[0]
        } else {
            sizes[1]
        };
        vec![
            Action::choice("size", "Board", sizes, size),
            Action::choice(
                "red",
                "Red",
                Player::OPTIONS,
                self.player(Color::Red).name(),
            ),
            Action::choice(
                "yellow",
                "Yellow",
                Player::OPTIONS,
                self.player(Color::Yellow).name(),
            ),
            Action::button("rewind", "<")
                .with_shortcut("Comma")
                .enabled(self.at > 0),
            Action::button("replay", ">")
                .with_shortcut("Period")
                .enabled(self.at < self.moves.len()),
            Action::button("go", "Computer move")
                .with_shortcut("g")
                .enabled(self.winner().is_none() && self.thinking.is_none()),
        ]
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        match id {
            "size" => {
                let variant = match value.trim() {
                    "3x3" => Variant::Small,
                    "4x4" => Variant::Large,
                    other => return Err(GameError(format!("\"{other}\" is not 3x3 or 4x4"))),
                };
                if variant != self.variant {
                    self.start(variant, self.seed);
                    self.store_settings();
                }
            }
            "red" | "yellow" => {
                let player = Player::parse(value)
                    .ok_or_else(|| GameError(format!("\"{value}\" is not one of the choices")))?;
                let color = if id == "red" {
                    Color::Red
                } else {
                    Color::Yellow
                };
                self.set_player(color, player);
            }
            "rewind" => {
                self.rewind();
            }
            "replay" => {
                self.replay();
            }
            "go" => {
                self.computer_move();
            }
            _ => return Err(GameError(format!("unknown action {id:?}"))),
        }
        Ok(Response::REDRAW)
    }

    fn regions(&self) -> Vec<Region> {
        let s = self.cell_size();
        let mut regions = Vec::new();
        let side = self.side();
        for cell in 0..self.variant.cells() {
            let c = self.cell_center(cell);
            let label = match self.position.top(cell) {
                Some(p) => format!(
                    "{}: {} {}",
                    square_name(side, cell),
                    p.color.name().to_lowercase(),
                    self.piece_name(p.size)
                ),
                None => format!("{}: empty", square_name(side, cell)),
            };
            regions.push(Region::new(
                label,
                Point::new(c.x - s / 2.0, c.y - s / 2.0),
                Point::new(s, s),
            ));
        }
        for color in [Color::Red, Color::Yellow] {
            for slot in 0..self.slots() {
                let c = self.slot_center(color, slot);
                let pieces = self.slot_pieces(color, slot);
                let label = match pieces.first() {
                    None => format!("{}'s reserve, slot {}: empty", color.name(), slot + 1),
                    Some(&size) => match self.variant {
                        Variant::Small => format!(
                            "{}'s reserve: {} {} piece{}",
                            color.name(),
                            pieces.len(),
                            self.piece_name(size),
                            if pieces.len() == 1 { "" } else { "s" }
                        ),
                        Variant::Large => format!(
                            "{}'s reserve, stack {}: {} on top, {} piece{}",
                            color.name(),
                            slot + 1,
                            self.piece_name(size),
                            pieces.len(),
                            if pieces.len() == 1 { "" } else { "s" }
                        ),
                    },
                };
                regions.push(Region::new(
                    label,
                    Point::new(c.x - s / 2.0, c.y - s / 2.0),
                    Point::new(s, s),
                ));
            }
        }
        regions
    }
}

impl NewGame for Gobblet {
    fn new_game(&mut self, seed: u64) {
        self.start(self.variant, seed);
    }

    fn game_id(&self) -> String {
        record::record_text(self.variant, self.played())
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let (variant, moves) = record::parse_record(id).map_err(GameError)?;
        let at = moves.len();
        self.helped = 0;
        self.set_game(variant, moves, at);
        Ok(())
    }
}

impl Gobblet {
    /// The variant and the players kept in `settings.txt` in the game's
    /// data directory (`size 4`, `red Person`, `yellow Smart`), through
    /// [`game_api::settings`]; what is missing or damaged stays as it is.
    fn load_settings(&mut self) {
        let file = SettingsFile::load_from(&self.host);
        match file.get("size") {
            Some("4") => self.variant = Variant::Large,
            Some("3") => self.variant = Variant::Small,
            _ => {}
        }
        for (i, key) in ["red", "yellow"].into_iter().enumerate() {
            if let Some(p) = file.get(key).and_then(Player::parse) {
                self.players[i] = p;
            }
        }
    }

    /// Keeps the variant and the players, with the file's other lines; a
    /// failure goes to the launcher's log, and the game goes on.
    fn store_settings(&self) {
        SettingsFile::update_for(&self.host, |file| {
            file.set("size", self.side());
            file.set("red", self.players[0].name());
            file.set("yellow", self.players[1].name());
        });
    }
}
