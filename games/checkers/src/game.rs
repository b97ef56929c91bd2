//! The game as the launcher runs it: [`Checkers`] implements
//! [`game_api::Game`] on top of the rules of [`crate::board`] and the
//! computer player of [`crate::search`].
//!
//! * **Moving.** Click one of your pieces, then the square it goes to; for
//!   a multi-jump, click each square it lands on. Or drag the piece there.
//!   The squares it may go to are marked; when a capture is forced, the
//!   pieces that can capture are ringed. A move that is not allowed is
//!   refused with the reason in the status line.
//! * **Keyboard.** The arrow keys move a cursor over the board; Enter or
//!   Space acts on its square as a click does; Escape drops the piece
//!   picked up; `h` shows the help, `n` starts a new game.
//! * **Players.** The tool bar's Black and White choices say who plays
//!   each side: a person, or the computer at Easy, Medium or Hard. The
//!   computer thinks on a thread of the game's own; the game polls it on
//!   ticks and plays its move on the tick that finds it (an answer for a
//!   position that is no longer on the board is dropped). The window stays
//!   free: the player can undo, change the players or close the game while
//!   it thinks. After an undo, redo or restart that leaves the computer to
//!   move, it waits for Go (`g`), so that undoing its move does not make it
//!   play again at once.
//! * The board is drawn with White at the bottom, unless a person plays
//!   Black against the computer: then Black is at the bottom.
//! * Each dark square is a labelled region for screen readers ("square 11:
//!   black man").
//! * A move slides its piece along its path (ticks while it moves); the
//!   position changes at once.

use std::time::Duration;

use game_api::computer::{Poll, Search, Seat, Ticks};
use game_api::grid::{Dir, cursor_step};
use game_api::rng::fresh_seed;
use game_api::settings::{Options, SettingsFile};
use game_api::{
    Action, Anchor, Button, Event, Game, GameError, Host, NewGame, Painter, Point, Region,
    Response, Rgba, Stroke, Style, keys,
};

use crate::board::{
    Color, End, Move, Piece, Position, capture_list, col_of, end_text, row_of, square_at, why_not,
};
use crate::search::{Strength, best_move};

/// Space around the board, in canvas pixels.
pub const MARGIN: f32 = 20.0;
/// The side of a square.
pub const CELL: f32 = 64.0;
/// The canvas's width and height.
pub const CANVAS_SIDE: f32 = 2.0 * MARGIN + 8.0 * CELL;
/// The radius of a piece.
pub const PIECE_RADIUS: f32 = 25.0;

/// The canvas background.
pub const BACKGROUND: Rgba = Rgba::rgb(58, 40, 28);
/// The light squares (never played on).
pub const LIGHT_SQUARE: Rgba = Rgba::rgb(232, 214, 178);
/// The dark squares, where the game is played.
pub const DARK_SQUARE: Rgba = Rgba::rgb(121, 91, 67);
/// Black's pieces.
pub const BLACK_PIECE: Rgba = Rgba::rgb(34, 34, 38);
/// White's pieces.
pub const WHITE_PIECE: Rgba = Rgba::rgb(244, 238, 222);
/// The crown mark on a king.
pub const CROWN: Rgba = Rgba::rgb(230, 180, 40);
/// The fill of the square of the piece picked up.
pub const SELECTED: Rgba = Rgba::rgb(70, 130, 90);
/// The dot on a square the piece picked up may go to.
pub const TARGET: Rgba = Rgba::rgb(120, 220, 140);
/// The ring around a piece that can capture while a capture is forced.
pub const MUST_CAPTURE: Rgba = Rgba::rgb(230, 90, 60);
/// The squares of the last move.
pub const LAST_MOVE: Rgba = Rgba::rgb(150, 120, 70);
/// The keyboard cursor's outline.
pub const CURSOR: Rgba = Rgba::rgb(90, 170, 255);
/// The square numbers.
pub const NUMBER: Rgba = Rgba::rgb(200, 180, 150);

/// The window title.
pub const TITLE: &str = "Checkers";
/// The ID of the Black player choice.
pub const BLACK_PLAYER: &str = "black";
/// The ID of the White player choice.
pub const WHITE_PLAYER: &str = "white";
/// The ID of the Go button (the computer plays after an undo).
pub const GO: &str = "go";

/// Seconds a moving piece takes for each step of its path.
pub const STEP_SECONDS: f32 = 0.12;
/// How often the game asks for ticks while a piece moves.
const ANIMATION_TICK: Duration = Duration::from_millis(16);

/// Who plays a side: a person, or the computer at a strength ("Person",
/// "Computer Easy", ... in the tool bar and `settings.txt`).
pub type Player = Seat<Strength>;

/// The players of both sides, Black first: the player's settings, kept in
/// `settings.txt` in the game's data directory (`black Person`, `white
/// Computer Medium`, one a line), through [`game_api::settings`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Players {
    /// Who plays Black.
    pub black: Player,
    /// Who plays White.
    pub white: Player,
}

impl Default for Players {
    fn default() -> Players {
        Players {
            black: Player::Person,
            white: Player::Computer(Strength::Medium),
        }
    }
}

impl Players {
    /// Who plays `color`.
    pub fn of(self, color: Color) -> Player {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The only side a person plays against the computer, if there is one.
    pub fn lone_person(self) -> Option<Color> {
        match (self.black, self.white) {
            (Player::Person, Player::Computer(_)) => Some(Color::Black),
            (Player::Computer(_), Player::Person) => Some(Color::White),
            _ => None,
        }
    }
}

/// The players in `settings.txt`, through [`Options`].
impl Options for Players {
    /// The settings `file` holds; what is missing or unreadable keeps its
    /// default.
    fn read(file: &SettingsFile) -> Players {
        let mut players = Players::default();
        let player = |key: &str| file.get(key).and_then(Player::from_label);
        players.black = player("black").unwrap_or(players.black);
        players.white = player("white").unwrap_or(players.white);
        players
    }

    /// Writes the settings into `file`.
    fn write(&self, file: &mut SettingsFile) {
        file.set("black", self.black.label());
        file.set("white", self.white.label());
    }
}

/// The computer at work on a thread of its own, about the position and
/// the number of moves played when it started.
type Thinking = Search<Move, (Position, usize)>;

/// A piece being dragged by the pointer.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drag {
    from: usize,
    at: Point,
    /// Whether the press picked the piece up (a release on the same square
    /// then keeps it picked up rather than putting it down).
    picked_now: bool,
}

/// The last move, sliding along its path.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Slide {
    mv: Move,
    piece: Piece,
    elapsed: f32,
}

/// A game of checkers in the launcher.
pub struct Checkers {
    pub(crate) host: Host,
    /// The seed of this game (it seeds the Easy computer's wobble).
    pub(crate) seed: u64,
    /// The moves played from the start.
    pub(crate) moves: Vec<Move>,
    /// The position they lead to.
    pub(crate) position: Position,
    players: Players,
    /// The piece picked up and the squares it has jumped to so far.
    selected: Vec<usize>,
    /// The keyboard cursor, a screen cell `(row, col)`.
    cursor: Option<(usize, usize)>,
    drag: Option<Drag>,
    /// Why the last attempt was refused, until the next change.
    note: Option<String>,
    /// Whether the computer waits for Go (after a load).
    pub(crate) paused: bool,
    thinking: Option<Thinking>,
    slide: Option<Slide>,
    ticking: Ticks,
}

impl std::fmt::Debug for Checkers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checkers")
            .field("moves", &self.moves)
            .field("players", &self.players)
            .finish_non_exhaustive()
    }
}

impl Checkers {
    /// A new game with `players`, with a host that offers nothing
    /// ([`Host::detached`]). The computer, if it is to move, starts
    /// thinking.
    pub fn with_players(players: Players, seed: u64) -> Checkers {
        let mut game = Checkers {
            host: Host::detached(),
            seed,
            moves: Vec::new(),
            position: Position::START,
            players,
            selected: Vec::new(),
            cursor: None,
            drag: None,
            note: None,
            paused: false,
            thinking: None,
            slide: None,
            ticking: Ticks::default(),
        };
        game.changed();
        game
    }

    /// This game with the launcher's services `host` and the players kept
    /// in its data directory.
    pub fn with_host(mut self, host: Host) -> Checkers {
        self.host = host;
        self.players = Players::read(&SettingsFile::load_from(&host));
        self.thinking = None;
        self.ticking.forget();
        self.changed();
        self
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played from the start.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Who plays each side.
    pub fn players(&self) -> Players {
        self.players
    }

    /// Whether the computer is thinking now.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Whether the computer is to move but waits for Go.
    pub fn is_paused(&self) -> bool {
        self.paused && self.computer_to_move().is_some()
    }

    /// The piece picked up and the squares it jumped to so far.
    pub fn selected(&self) -> &[usize] {
        &self.selected
    }

    /// How the game ended, if it did.
    pub fn end(&self) -> Option<End> {
        self.position.end()
    }

    /// Whether the board is drawn with Black at the bottom.
    pub fn flipped(&self) -> bool {
        self.players.lone_person() == Some(Color::Black)
    }

    /// The screen cell `(row, col)` of board cell `(row, col)`.
    fn screen_cell(&self, row: usize, col: usize) -> (usize, usize) {
        if self.flipped() {
            (7 - row, 7 - col)
        } else {
            (row, col)
        }
    }

    /// The top-left corner of square `sq` on the canvas.
    pub fn square_min(&self, sq: usize) -> Point {
        let (r, c) = self.screen_cell(row_of(sq), col_of(sq));
        Point::new(MARGIN + c as f32 * CELL, MARGIN + r as f32 * CELL)
    }

    /// The centre of square `sq` (`0..32`) on the canvas.
    pub fn square_center(&self, sq: usize) -> Point {
        let min = self.square_min(sq);
        Point::new(min.x + CELL / 2.0, min.y + CELL / 2.0)
    }

    /// The screen cell under `pos`.
    fn cell_at(pos: Point) -> Option<(usize, usize)> {
        let x = (pos.x - MARGIN) / CELL;
        let y = (pos.y - MARGIN) / CELL;
        if !(x >= 0.0 && y >= 0.0 && x < 8.0 && y < 8.0) {
            return None;
        }
        Some((y as usize, x as usize))
    }

    /// The board square of a screen cell, if it is a dark one.
    fn square_of_cell(&self, (r, c): (usize, usize)) -> Option<usize> {
        let (row, col) = self.screen_cell(r, c);
        square_at(row, col)
    }

    /// The square (`0..32`) under `pos`, if it is a dark one.
    pub fn square_at_point(&self, pos: Point) -> Option<usize> {
        Self::cell_at(pos).and_then(|cell| self.square_of_cell(cell))
    }

    /// The side to move when it is the computer's.
    fn computer_to_move(&self) -> Option<Strength> {
        if self.end().is_some() {
            return None;
        }
        match self.players.of(self.position.turn()) {
            Player::Computer(s) => Some(s),
            Player::Person => None,
        }
    }

    /// Whether a person is to move in a game going on.
    fn person_to_move(&self) -> bool {
        self.end().is_none() && self.players.of(self.position.turn()) == Player::Person
    }

    /// The legal moves that begin with the path picked so far.
    fn continuing(&self) -> Vec<Move> {
        self.position
            .legal_moves()
            .into_iter()
            .filter(|m| {
                m.path().len() > self.selected.len()
                    && m.path()
                        .take(self.selected.len())
                        .eq(self.selected.iter().copied())
            })
            .collect()
    }

    /// The squares the piece picked up may go to next.
    pub fn targets(&self) -> Vec<usize> {
        if self.selected.is_empty() {
            return Vec::new();
        }
        let n = self.selected.len();
        let mut targets: Vec<usize> = self
            .continuing()
            .iter()
            .filter_map(|m| m.path().nth(n))
            .collect();
        targets.sort_unstable();
        targets.dedup();
        targets
    }

    /// The squares of the pieces of the side to move that can move.
    pub fn movable(&self) -> Vec<usize> {
        let mut from: Vec<usize> = self.position.legal_moves().iter().map(Move::from).collect();
        from.dedup();
        from
    }

    /// Acts on a click (or Enter) on square `sq` (`None`: a light square
    /// or off the board): picks a piece up, puts it down, or moves it.
    /// Returns whether anything changed.
    pub fn click_square(&mut self, sq: Option<usize>) -> bool {
        let before = (self.selected.clone(), self.note.clone(), self.moves.len());
        self.note = None;
        if let Some(reason) = self.cannot_move_now() {
            self.note = Some(reason);
        } else if let Some(sq) = sq {
            self.click_on(sq);
        } else if self.selected.len() == 1 {
            self.selected.clear();
        }
        before != (self.selected.clone(), self.note.clone(), self.moves.len())
    }

    /// Why a person cannot move now, if so.
    fn cannot_move_now(&self) -> Option<String> {
        if let Some(end) = self.end() {
            return Some(format!("The game is over: {}", end_text(end)));
        }
        if self.players.of(self.position.turn()) != Player::Person {
            let turn = self.position.turn();
            return Some(if self.is_paused() {
                format!("It is the computer's turn ({turn}): press G (Go) to let it play")
            } else {
                format!("It is the computer's turn ({turn}): wait for its move")
            });
        }
        None
    }

    fn click_on(&mut self, sq: usize) {
        let turn = self.position.turn();
        if !self.selected.is_empty() {
            if self.targets().contains(&sq) {
                self.selected.push(sq);
                let done = self
                    .position
                    .legal_moves()
                    .into_iter()
                    .find(|m| m.path().eq(self.selected.iter().copied()));
                if let Some(mv) = done {
                    self.play(mv);
                }
                return;
            }
            if self.selected.len() > 1 {
                // In the middle of a multi-jump.
                let at = self.selected[self.selected.len() - 1];
                self.note = Some(format!(
                    "Not allowed: the piece on {} must go on jumping, to {}",
                    at + 1,
                    join_squares(&self.targets())
                ));
                return;
            }
            if self.selected[0] == sq {
                self.selected.clear();
                return;
            }
            if self.position.piece(sq).map(|p| p.color) != Some(turn) {
                self.note = Some(format!(
                    "Not allowed: {}",
                    why_not(&self.position, self.selected[0], sq)
                ));
                return;
            }
        }
        match self.position.piece(sq) {
            None => {
                self.note = Some(format!(
                    "Square {} is empty: click one of {turn}'s pieces",
                    sq + 1
                ));
            }
            Some(p) if p.color != turn => {
                self.note = Some(format!(
                    "That is one of {}'s pieces: it is {turn}'s turn",
                    p.color
                ));
            }
            Some(_) if self.movable().contains(&sq) => self.selected = vec![sq],
            Some(_) => {
                let moves = self.position.legal_moves();
                self.selected.clear();
                self.note = Some(if moves.first().is_some_and(Move::is_capture) {
                    format!(
                        "Not allowed: a capture is forced ({})",
                        capture_list(&moves)
                    )
                } else {
                    format!("The piece on {} cannot move", sq + 1)
                });
            }
        }
    }

    /// Plays `mv` (legal in the position now), slides it on screen and
    /// lets the computer answer if it is its turn.
    pub fn play(&mut self, mv: Move) {
        let piece = self.position.piece(mv.from());
        self.position = self.position.play(&mv);
        self.moves.push(mv);
        self.selected.clear();
        self.drag = None;
        self.note = None;
        self.slide = piece
            .filter(|_| self.host.has_revision_2())
            .map(|piece| Slide {
                mv,
                piece,
                elapsed: 0.0,
            });
        self.paused = false;
        self.changed();
    }

    /// Puts the game at the position after `moves` (legal from the start),
    /// as a load or a game ID does.
    pub(crate) fn set_moves(&mut self, moves: Vec<Move>, position: Position, paused: bool) {
        self.moves = moves;
        self.position = position;
        self.selected.clear();
        self.drag = None;
        self.note = None;
        self.slide = None;
        self.paused = paused;
        self.thinking = None;
        self.changed();
    }

    /// After any change: drops a computer's work for a position no longer
    /// on the board, starts the computer if it is due, and asks for the
    /// ticks needed.
    fn changed(&mut self) {
        if let Some(t) = &self.thinking
            && (!self.is_about_now(t) || self.computer_to_move().is_none())
        {
            self.thinking = None;
        }
        if self.thinking.is_none()
            && !self.paused
            && let Some(strength) = self.computer_to_move()
        {
            self.start_thinking(strength);
        }
        self.update_ticks();
    }

    /// Whether `thinking` is about the position on the board now.
    fn is_about_now(&self, thinking: &Thinking) -> bool {
        *thinking.about() == (self.position, self.moves.len())
    }

    fn start_thinking(&mut self, strength: Strength) {
        let position = self.position;
        let seed = self.seed ^ (self.moves.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let about = (position, self.moves.len());
        self.thinking = Some(Search::start(
            &self.host,
            "checkers-computer",
            about,
            move |stop| Some(best_move(&position, strength.budget(), Some(seed), Some(stop))?.best),
        ));
    }

    /// Plays the computer's move if it has answered. Returns whether it
    /// did.
    fn poll_computer(&mut self) -> bool {
        let Some(t) = &mut self.thinking else {
            return false;
        };
        match t.poll() {
            Poll::Answered => {
                let mv = t.answer().copied();
                let fresh = *t.about() == (self.position, self.moves.len());
                self.thinking = None;
                match mv {
                    Some(mv) if fresh && self.position.legal_moves().contains(&mv) => {
                        self.play(mv);
                        true
                    }
                    _ => {
                        self.changed();
                        false
                    }
                }
            }
            Poll::Thinking => false,
            Poll::Ended => {
                self.thinking = None;
                self.update_ticks();
                false
            }
        }
    }

    /// Waits for the computer's answer and plays it: for tests and tools
    /// (it blocks). Returns whether a move was played.
    pub fn finish_thinking(&mut self) -> bool {
        let Some(t) = &mut self.thinking else {
            return false;
        };
        let answer = t.wait().copied();
        let fresh = *t.about() == (self.position, self.moves.len());
        self.thinking = None;
        match answer {
            Some(mv) if fresh => {
                self.play(mv);
                true
            }
            _ => {
                self.changed();
                false
            }
        }
    }

    /// Ticks while a piece slides (often) or the computer thinks (less
    /// often), none otherwise.
    fn update_ticks(&mut self) {
        let moving = self.slide.is_some().then_some(ANIMATION_TICK);
        self.ticking
            .pace(&self.host, moving, self.thinking.is_some());
    }

    fn tick(&mut self, dt: f32) -> bool {
        let mut changed = false;
        if let Some(slide) = &mut self.slide {
            slide.elapsed += dt.max(0.0);
            let steps = (slide.mv.path().len() - 1) as f32;
            if slide.elapsed >= steps * STEP_SECONDS {
                self.slide = None;
            }
            changed = true;
        }
        changed |= self.poll_computer();
        self.update_ticks();
        changed
    }

    /// Lets the computer play after it waited (Go).
    pub fn go(&mut self) -> bool {
        if !self.is_paused() {
            return false;
        }
        self.paused = false;
        self.changed();
        true
    }

    /// Changes who plays `color`; the game goes on.
    pub fn set_player(&mut self, color: Color, player: Player) {
        match color {
            Color::Black => self.players.black = player,
            Color::White => self.players.white = player,
        }
        self.selected.clear();
        self.drag = None;
        self.note = None;
        self.paused = false;
        SettingsFile::update_for(&self.host, |file| self.players.write(file));
        self.changed();
    }

    /// "Black (you)", "White (computer, Hard)", "Black".
    fn side_name(&self, color: Color) -> String {
        match (self.players.of(color), self.players.lone_person()) {
            (Player::Computer(s), _) => format!("{color} (computer, {})", s.name()),
            (Player::Person, Some(_)) => format!("{color} (you)"),
            (Player::Person, None) => color.to_string(),
        }
    }

    /// The status line: what to do now and the pieces left.
    pub fn status_text(&self) -> String {
        let pos = &self.position;
        let turn = pos.turn();
        let main = if let Some(end) = self.end() {
            let how = match end {
                End::Win(winner) => match self.players.lone_person() {
                    Some(me) if me == winner => format!("You win! {} has no move", winner.other()),
                    Some(_) => format!("The computer wins: {} has no move", winner.other()),
                    None => format!("{winner} wins: {} has no move", winner.other()),
                },
                End::Draw => "Drawn: 40 moves each without a capture or a man's move".into(),
            };
            format!("{how}. Press N for a new game")
        } else if let Some(note) = &self.note {
            note.clone()
        } else if self.thinking.is_some() {
            format!("{} is thinking", self.side_name(turn))
        } else if self.is_paused() {
            format!(
                "{} to move: press G (Go) to let it play",
                self.side_name(turn)
            )
        } else if self.selected.len() > 1 {
            format!(
                "{}: go on jumping, to {}",
                self.side_name(turn),
                join_squares(&self.targets())
            )
        } else if let [from] = self.selected[..] {
            format!(
                "{}: move {} to {}",
                self.side_name(turn),
                from + 1,
                join_squares(&self.targets())
            )
        } else {
            let forced = pos.has_capture();
            format!(
                "{} to move{}",
                self.side_name(turn),
                if forced {
                    ": a capture is forced"
                } else {
                    ": click a piece, then where it goes"
                }
            )
        };
        format!(
            "{main}. Move {}. Pieces: Black {}, White {}",
            self.moves.len() / 2 + 1,
            pos.count(Color::Black),
            pos.count(Color::White)
        )
    }

    /// Moves the keyboard cursor a step in `dir` (`None`: shows it); from
    /// none it starts in the middle.
    fn move_cursor(&mut self, dir: Option<Dir>) -> bool {
        let next = cursor_step(self.cursor, dir, (8, 8), (4, 3));
        let changed = self.cursor != Some(next);
        self.cursor = Some(next);
        changed
    }

    fn key(&mut self, key: &str) -> bool {
        if let Some(dir) = Dir::from_arrow(key) {
            return self.move_cursor(Some(dir));
        }
        match key {
            keys::ENTER | keys::SPACE => match self.cursor {
                Some(cell) => {
                    let sq = self.square_of_cell(cell);
                    self.click_square(sq)
                }
                None => self.move_cursor(None),
            },
            keys::ESCAPE => {
                let had = self.selected.len() == 1;
                if had {
                    self.selected.clear();
                    self.drag = None;
                }
                had
            }
            "h" => {
                self.host.show_text_help("Checkers Help", false);
                false
            }
            "g" => self.go(),
            "n" => {
                let host = self.host;
                host.new_game_or(|seed| self.new_game(seed))
            }
            _ => false,
        }
    }

    fn press(&mut self, pos: Point) -> bool {
        let Some(sq) = self.square_at_point(pos) else {
            return false;
        };
        if !self.person_to_move() {
            return false;
        }
        let last = self.selected.last().copied();
        if last == Some(sq) {
            self.drag = Some(Drag {
                from: sq,
                at: pos,
                picked_now: false,
            });
            return true;
        }
        if self.selected.len() <= 1 && self.movable().contains(&sq) {
            self.selected = vec![sq];
            self.note = None;
            self.drag = Some(Drag {
                from: sq,
                at: pos,
                picked_now: true,
            });
            return true;
        }
        false
    }

    fn release(&mut self, pos: Point) -> bool {
        let sq = self.square_at_point(pos);
        match self.drag.take() {
            Some(drag) if sq == Some(drag.from) => {
                if drag.picked_now {
                    true
                } else {
                    self.click_square(sq);
                    true
                }
            }
            Some(_) => {
                self.click_square(sq);
                true
            }
            None => self.click_square(sq),
        }
    }

    /// Where the piece on `sq` is drawn, if it is drawn apart from its
    /// square (sliding or dragged).
    fn drawn_apart(&self) -> Option<(usize, Point, Piece)> {
        if let Some(drag) = self.drag
            && let Some(&from) = self.selected.first()
            && let Some(piece) = self.position.piece(from)
        {
            return Some((drag.from, drag.at, piece));
        }
        let slide = self.slide?;
        let path: Vec<usize> = slide.mv.path().collect();
        let t = slide.elapsed / STEP_SECONDS;
        let i = (t.floor() as usize).min(path.len() - 2);
        let f = (t - i as f32).clamp(0.0, 1.0);
        let (a, b) = (self.square_center(path[i]), self.square_center(path[i + 1]));
        let at = Point::new(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f);
        Some((slide.mv.to(), at, slide.piece))
    }

    fn draw_piece(painter: &mut dyn Painter, at: Point, piece: Piece, alpha: u8) {
        let (fill, edge) = match piece.color {
            Color::Black => (BLACK_PIECE, Rgba::rgb(90, 90, 96)),
            Color::White => (WHITE_PIECE, Rgba::rgb(150, 140, 120)),
        };
        let fill = Rgba::with_alpha(fill.r, fill.g, fill.b, alpha);
        painter.circle(
            at,
            PIECE_RADIUS,
            Style {
                fill: Some(fill),
                stroke: Some(Stroke {
                    width: 2.0,
                    color: edge,
                }),
            },
        );
        painter.circle(at, PIECE_RADIUS * 0.7, Style::stroked(1.5, edge));
        if piece.king {
            // A crown: three points on a band.
            let (x, y) = (at.x, at.y);
            let points = [
                Point::new(x - 12.0, y + 7.0),
                Point::new(x - 12.0, y - 7.0),
                Point::new(x - 6.0, y - 1.0),
                Point::new(x, y - 10.0),
                Point::new(x + 6.0, y - 1.0),
                Point::new(x + 12.0, y - 7.0),
                Point::new(x + 12.0, y + 7.0),
            ];
            painter.polygon(&points, Style::solid(CROWN));
        }
    }
}

/// "15, 16 or 19".
fn join_squares(squares: &[usize]) -> String {
    let names: Vec<String> = squares.iter().map(|s| (s + 1).to_string()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

impl Game for Checkers {
    fn new(host: Host) -> Result<Self, GameError> {
        Ok(Checkers::with_players(Players::default(), fresh_seed()).with_host(host))
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
        let last = self.moves.last();
        let targets = self.targets();
        let forced = self.person_to_move() && self.position.has_capture();
        let movable = if forced && self.selected.is_empty() {
            self.movable()
        } else {
            Vec::new()
        };
        for r in 0..8 {
            for c in 0..8 {
                let min = Point::new(MARGIN + c as f32 * CELL, MARGIN + r as f32 * CELL);
                let size = Point::new(CELL, CELL);
                let Some(sq) = self.square_of_cell((r, c)) else {
                    painter.rect(min, size, Style::solid(LIGHT_SQUARE));
                    continue;
                };
                let fill = if self.selected.first() == Some(&sq) {
                    SELECTED
                } else if last.is_some_and(|m| m.from() == sq || m.to() == sq) {
                    LAST_MOVE
                } else {
                    DARK_SQUARE
                };
                painter.rect(min, size, Style::solid(fill));
                painter.text(
                    Point::new(min.x + 3.0, min.y + 2.0),
                    Anchor::TopLeft,
                    11.0,
                    NUMBER,
                    &(sq + 1).to_string(),
                );
            }
        }
        let apart = self.drawn_apart();
        // The pieces jumped so far in a multi-jump being clicked, faded.
        let mut jumped = 0u32;
        for pair in self.selected.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if let Some(mid) = square_at((row_of(a) + row_of(b)) / 2, (col_of(a) + col_of(b)) / 2) {
                jumped |= 1 << mid;
            }
        }
        for sq in 0..32 {
            let Some(piece) = self.position.piece(sq) else {
                continue;
            };
            let center = self.square_center(sq);
            if apart.is_some_and(|(from, _, _)| from == sq) {
                continue;
            }
            if self.selected.len() > 1 && self.selected[0] == sq {
                // Drawn where the multi-jump has got to.
                continue;
            }
            let alpha = if jumped & (1 << sq) != 0 { 90 } else { 255 };
            Self::draw_piece(painter, center, piece, alpha);
            if movable.contains(&sq) {
                painter.circle(
                    center,
                    PIECE_RADIUS + 4.0,
                    Style::stroked(3.0, MUST_CAPTURE),
                );
            }
        }
        if self.selected.len() > 1
            && let Some(piece) = self.position.piece(self.selected[0])
            && apart.is_none()
        {
            let at = self.square_center(self.selected[self.selected.len() - 1]);
            Self::draw_piece(painter, at, piece, 255);
        }
        for &t in &targets {
            painter.circle(self.square_center(t), 9.0, Style::solid(TARGET));
        }
        if let Some((cursor_r, cursor_c)) = self.cursor {
            painter.rect(
                Point::new(
                    MARGIN + cursor_c as f32 * CELL + 2.0,
                    MARGIN + cursor_r as f32 * CELL + 2.0,
                ),
                Point::new(CELL - 4.0, CELL - 4.0),
                Style::stroked(3.0, CURSOR),
            );
        }
        if let Some((_, at, piece)) = apart {
            Self::draw_piece(painter, at, piece, 255);
        }
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        let mut changed = self.poll_computer();
        changed |= match event {
            Event::PointerPress {
                pos,
                button: Button::Primary,
                ..
            } => self.press(*pos),
            Event::PointerMove { pos } => match &mut self.drag {
                Some(drag) => {
                    drag.at = *pos;
                    true
                }
                None => false,
            },
            Event::PointerRelease {
                pos,
                button: Button::Primary,
                ..
            } => self.release(*pos),
            Event::PointerLeave => self.drag.take().is_some(),
            Event::KeyPress { key, .. } => self.key(key),
            Event::Tick { dt } => self.tick(*dt),
            _ => false,
        };
        Response::redraw_if(changed)
    }

    /// Who plays Black and White, and Go (`g`) while the computer waits.
    fn actions(&self) -> Vec<Action> {
        let labels = Player::labels();
        vec![
            Action::choice(
                BLACK_PLAYER,
                "Black",
                labels.clone(),
                self.players.black.label(),
            ),
            Action::choice(WHITE_PLAYER, "White", labels, self.players.white.label()),
            Action::button(GO, "Go")
                .with_shortcut("g")
                .enabled(self.is_paused()),
        ]
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        match id {
            BLACK_PLAYER | WHITE_PLAYER => {
                let player = Player::from_label(value).ok_or_else(|| {
                    GameError(format!(
                        "{value:?} is not a player: choose Person, Computer Easy, Computer Medium or Computer Hard"
                    ))
                })?;
                let color = if id == BLACK_PLAYER {
                    Color::Black
                } else {
                    Color::White
                };
                self.set_player(color, player);
            }
            GO => {
                if !self.go() {
                    return Ok(Response::NONE);
                }
            }
            _ => return Err(GameError(format!("Checkers has no action {id:?}"))),
        }
        Ok(Response::REDRAW)
    }

    /// Each dark square: "square 11: black man", with "picked up", "can go
    /// here" or "must capture" when so.
    fn regions(&self) -> Vec<Region> {
        let targets = self.targets();
        (0..32)
            .map(|sq| {
                let mut label = format!(
                    "square {}: {}",
                    sq + 1,
                    self.position
                        .piece(sq)
                        .map_or_else(|| "empty".to_string(), Piece::describe)
                );
                if self.selected.first() == Some(&sq) {
                    label.push_str(", picked up");
                }
                if targets.contains(&sq) {
                    label.push_str(", it can go here");
                }
                Region::new(label, self.square_min(sq), Point::new(CELL, CELL))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_move;

    fn two_people() -> Checkers {
        Checkers::with_players(
            Players {
                black: Player::Person,
                white: Player::Person,
            },
            1,
        )
    }

    fn click(game: &mut Checkers, number: usize) -> Response {
        let pos = game.square_center(number - 1);
        game.handle_event(&Event::press(pos));
        game.handle_event(&Event::release(pos))
    }

    #[test]
    fn click_click_moves_a_piece() {
        let mut game = two_people();
        assert_eq!(
            game.status(),
            "Black to move: click a piece, then where it goes. Move 1. Pieces: Black 12, White 12"
        );
        assert_eq!(click(&mut game, 11), Response::REDRAW);
        assert_eq!(game.targets(), [14, 15]);
        assert!(game.status().starts_with("Black: move 11 to 15 or 16."));
        click(&mut game, 15);
        assert_eq!(game.moves().len(), 1);
        assert_eq!(game.position().turn(), Color::White);
        assert!(game.status().starts_with("White to move"));
    }

    #[test]
    fn a_forced_capture_is_explained() {
        let mut game = two_people();
        for text in ["11-15", "24-19"] {
            let mv = parse_move(game.position(), text).unwrap();
            game.play(mv);
        }
        assert!(
            game.status()
                .starts_with("Black to move: a capture is forced")
        );
        click(&mut game, 9);
        assert_eq!(
            game.status_text().split(". ").next().unwrap(),
            "Not allowed: a capture is forced (15x24)"
        );
        click(&mut game, 15);
        click(&mut game, 24);
        assert_eq!(game.moves().last().unwrap().to_string(), "15x24");
    }

    #[test]
    fn dragging_moves_a_piece() {
        let mut game = two_people();
        let from = game.square_center(10);
        let to = game.square_center(14);
        game.handle_event(&Event::press(from));
        game.handle_event(&Event::PointerMove { pos: to });
        game.handle_event(&Event::release(to));
        assert_eq!(game.moves()[0].to_string(), "11-15");
    }

    #[test]
    fn the_keyboard_plays() {
        let mut game = two_people();
        // The cursor starts at screen cell (4, 3); square 11 is row 2,
        // column 5 and 15 is row 3, column 4 (White at the bottom).
        game.handle_event(&Event::key(keys::ARROW_UP));
        for k in [
            keys::ARROW_UP,
            keys::ARROW_UP,
            keys::ARROW_RIGHT,
            keys::ARROW_RIGHT,
        ] {
            game.handle_event(&Event::key(k));
        }
        game.handle_event(&Event::key(keys::ENTER));
        assert_eq!(game.selected(), [10]);
        game.handle_event(&Event::key(keys::ARROW_DOWN));
        game.handle_event(&Event::key(keys::ARROW_LEFT));
        game.handle_event(&Event::key(keys::SPACE));
        assert_eq!(game.moves()[0].to_string(), "11-15");
    }

    #[test]
    fn the_computer_answers_on_its_thread() {
        let mut game = Checkers::with_players(
            Players {
                black: Player::Person,
                white: Player::Computer(Strength::Easy),
            },
            3,
        );
        assert!(game.flipped());
        click(&mut game, 11);
        click(&mut game, 15);
        assert!(game.is_thinking());
        assert!(
            game.status()
                .starts_with("White (computer, Easy) is thinking.")
        );
        assert!(game.finish_thinking());
        assert_eq!(game.moves().len(), 2);
        assert_eq!(game.position().turn(), Color::Black);
        assert!(!game.is_thinking());
    }

    #[test]
    fn kings_wear_a_crown_and_forced_captures_are_ringed() {
        use game_api::{RecordingPainter, Shape};
        let mut game = two_people();
        game.position = Position::setup(&[], &[18], &[14], &[27], Color::Black);
        let mut painter = RecordingPainter::new();
        game.draw(&mut painter);
        let crowns = painter
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Polygon { style, .. } if style.fill == Some(CROWN)))
            .count();
        assert_eq!(crowns, 2);
        // Black's king on 18 must capture 14: it is ringed.
        let ring = painter
            .shapes
            .iter()
            .find_map(|s| match s {
                Shape::Circle { center, style, .. }
                    if style.stroke.map(|s| s.color) == Some(MUST_CAPTURE) =>
                {
                    Some(*center)
                }
                _ => None,
            })
            .unwrap();
        assert_eq!(ring, game.square_center(17));
        click(&mut game, 27);
        assert!(
            game.status()
                .starts_with("That is one of White's pieces: it is Black's turn")
        );
    }
}
