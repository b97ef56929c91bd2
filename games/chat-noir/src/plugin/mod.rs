//! The game as the launcher runs it: [`ChatNoir`] implements
//! [`game_api::Game`] on top of the core's [`World`], and the optional
//! functions of game-api the launcher builds on.
//!
//! * Moving the pointer marks the circle under it with a black dot;
//!   releasing the (primary) button on a free circle blocks it and the cat
//!   answers with one step (§1.18.8), which it walks over 150 ms
//!   ([`walk`]; the board takes the next click at once).
//! * The keyboard plays too ([`keyboard`]): the arrow keys move a cursor
//!   (an orange ring, also the circle "under the pointer" for help), and
//!   Enter or Space blocks the circle under it.
//! * `h` toggles help, the white dots on the cat's shortest paths to the
//!   edge assuming the circle under the pointer were blocked; `n` starts a
//!   new game of the same size once the game is over, as the launcher's
//!   New game does ([`Host::request_new_game`]). (The 2009 text shows help
//!   while `h` is held; this follows the later upstream program, see the
//!   crate's documentation.)
//! * The tool bar ([`ChatNoir::actions`]): **Hint** (`?`) rings a block to
//!   play and says whether it is a proved win ([`assist`]); **Solve** (`s`)
//!   plays the winning line one move at a time, each move a move of the
//!   launcher's undo chain; the **Cat** choice (`c`) sets the difficulty
//!   ([`Difficulty`]) and **Size** the board, each starting a new game;
//!   **Show winnable** adds to the status line whether the position can be
//!   won; **Training** shows that badge, rings in red the block that lost a
//!   proved win and says after each block why ([`ChatNoir::status_text`]).
//!   Difficulty, badge and training are kept between sessions
//!   ([`settings`]).
//! * Hints and Solve's moves are counted in the save and make the game's
//!   outcome *assisted*: the launcher's statistics count such a win apart.
//!   Training alone does not: it judges the blocks already played, never
//!   chooses one, so a win in training without Hint or Solve is a win.
//! * Each circle is a labelled region ("cell 3, 4: free") for screen
//!   readers, which can block it by activating it.
//! * [`NewGame`]: the launcher's New game deals a board from a seed with
//!   the core's reproducible generator ([`World::new_game`]); the game ID
//!   is the board the game *started* from, to replay or share it, and an
//!   ID the player types starts from that board ([`check_game_id`] says
//!   what is wrong with one). The ID of the position now is
//!   [`ChatNoir::position_id`].
//! * [`SaveLoad`]: the board the game started from, the position, the
//!   generator and the help used, as text ([`crate::save`]), for the
//!   launcher's undo, redo, restart and resume.
//! * [`Outcomes`]: trapping the cat wins, letting it escape loses.
//! * Help, the cursor and the difficulty stay across new games, undos and
//!   loads: they are the player's, not part of a board. The status line
//!   always says which cat and whether help is on.
//!
//! The first game is seeded from the operating system's entropy.

pub mod assist;
pub mod keyboard;
pub mod settings;
pub mod walk;

use std::time::Duration;

use game_api::Ticks;
use game_api::rng::fresh_seed;
use game_api::{
    Action, Button, Event, Game, GameError, Host, NewGame, Outcome, Outcomes, Painter, Point,
    Region, Response, Rgba, SaveLoad, keys,
};

use crate::board::{DEFAULT_SIZE, Pos, SizeError};
use crate::cat::CatsPath;
use crate::cats::Difficulty;
use crate::game_id::{GameId, GameIdError};
use crate::geometry::CIRCLE_RADIUS;
use crate::hint::{Hint, HintKind};
use crate::input::MouseEvent;
use crate::render::{Mood, canvas_size, cell_center, render_world_with, ring};
use crate::save::Saved;
use crate::solver::Verdict;
use crate::world::{State, World};
use assist::{
    BADGE_THINKING, Minds, badge_text, cannot_solve, cell_name, hint_text, thinking_hint_text,
};
use game_api::settings::SettingsFile;
use settings::Settings;
use walk::Walk;

/// The board sizes offered in the size choice.
pub use crate::board::SIZES;

/// The window title.
pub const TITLE: &str = "Chat Noir";

/// The ID of the board-size choice.
pub const BOARD_SIZE: &str = "size";

/// The ID of the cat's difficulty choice (labelled "Cat", key `c`).
pub const DIFFICULTY: &str = "cat";

/// The ID of the Hint button (key `?`).
pub const HINT: &str = "hint";

/// The ID of the Solve button (Stop solving while it plays).
pub const SOLVE: &str = "solve";

/// The ID of the button that shows or hides the "winnable?" badge.
pub const BADGE: &str = "badge";

/// The ID of the button that turns Training on or off.
pub const TRAINING: &str = "training";

/// The ring around the block that lost a win the badge had proved.
pub const LOST_WIN_COLOR: Rgba = Rgba::rgb(210, 30, 30);

/// The ring around the circle under the keyboard's cursor.
pub const CURSOR_COLOR: Rgba = Rgba::rgb(255, 140, 0);

/// The ring around the circle a hint suggests.
pub const HINT_COLOR: Rgba = Rgba::rgb(0, 128, 0);

/// How long Solve waits between the end of the cat's step and its next
/// move, so the player can follow the line.
pub const SOLVE_PAUSE: f32 = 0.35;

/// How often the game asks for ticks while something moves.
const TICK: Duration = Duration::from_millis(16);

/// A game of Chat Noir in the launcher: the world, the board it started
/// from, the help's paths kept up to date with it, the player's settings,
/// what the game is showing them (cursor, hint, the cat's walk) and the
/// launcher's services.
#[derive(Clone, Debug)]
pub struct ChatNoir {
    host: Host,
    world: World,
    /// The board the game started from (its game ID).
    start: GameId,
    path: CatsPath,
    /// The size the Size choice shows: the board's, or the one just chosen
    /// while the launcher starts a game of it.
    size: u32,
    /// The cat of this game and the solver behind hints.
    minds: Minds,
    /// The difficulty chosen (the next game's cat) and the badge.
    settings: Settings,
    /// The keyboard's cursor, while the keyboard plays.
    cursor: Option<Pos>,
    /// The cat's step being drawn.
    walk: Option<Walk>,
    /// The hint shown, until the next move.
    hint: Option<Hint>,
    /// Whether the hint shown is a guess to be replaced by the solver's
    /// answer when it arrives.
    hint_waiting: bool,
    /// A message for the player that replaces the status line's first part
    /// until the next move.
    note: Option<String>,
    /// Hints shown and moves Solve played in this game.
    helped: u32,
    /// While Solve plays: seconds since its last step ended.
    solving: Option<f32>,
    /// The badge's answer for the position now.
    verdict: Option<Verdict>,
    /// The block just played and what the badge had proved of the position
    /// before it: judged once the answer for the position after it comes
    /// (see [`ChatNoir::judge_block`]).
    lost_win_check: Option<(Pos, Before)>,
    /// "Your block of cell 2, 3 lost the win; cell 4, 6 kept it" (and in
    /// training why, or that a block kept the win): shown beside the badge
    /// until the next move (in training, a lost win until the game is
    /// winnable again, undone or new).
    lost_win: Option<String>,
    /// The block that lost the win, ringed in red while `lost_win` says so.
    lost_cell: Option<Pos>,
    /// Whether ticks were asked for.
    ticking: Ticks,
}

/// What the badge had proved of the position before a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Before {
    /// A forced win, by blocking this cell.
    Winnable(Pos),
    /// The cat could escape whatever the player did.
    Lost,
}

/// What the player can see of a game, to tell whether an event changed
/// anything visible.
#[derive(PartialEq)]
struct Seen {
    mouse: Option<Pos>,
    cat: Pos,
    state: State,
    blocked: usize,
    help: bool,
    size: u32,
    cursor: Option<Pos>,
    walk: Option<Walk>,
    hint: Option<Hint>,
    hint_waiting: bool,
    note: Option<String>,
    helped: u32,
    solving: bool,
    verdict: Option<Verdict>,
    lost_win: Option<String>,
    lost_cell: Option<Pos>,
    settings: Settings,
    difficulty: Difficulty,
}

impl ChatNoir {
    /// A new game of size `size` seeded with `seed` (see
    /// [`World::new_game`]), with a host that offers nothing
    /// ([`Host::detached`]).
    ///
    /// # Errors
    ///
    /// Refuses invalid sizes, like [`World::new_game`].
    pub fn with_seed(size: u32, seed: u64) -> Result<ChatNoir, SizeError> {
        Ok(ChatNoir::from_world(World::new_game(size, seed)?))
    }

    /// A game that goes on from `world`, with a host that offers nothing.
    pub fn from_world(world: World) -> ChatNoir {
        let start = start_of(&world);
        let mut game = ChatNoir {
            host: Host::detached(),
            size: world.size(),
            world,
            start,
            path: CatsPath::new(),
            minds: Minds::default(),
            settings: Settings::default(),
            cursor: None,
            walk: None,
            hint: None,
            hint_waiting: false,
            note: None,
            helped: 0,
            solving: None,
            verdict: None,
            lost_win_check: None,
            lost_win: None,
            lost_cell: None,
            ticking: Ticks::default(),
        };
        game.world.update_cats_path(&mut game.path);
        game
    }

    /// This game with the launcher's services `host`, and the player's
    /// settings kept in the host's data directory (the cat of the settings
    /// plays this game).
    pub fn with_host(mut self, host: Host) -> ChatNoir {
        self.settings = Settings::load(host.data_dir().as_deref());
        self.host = host;
        self.minds = Minds::new(self.settings.difficulty);
        self.update_badge();
        self
    }

    /// This game against a cat of `difficulty` (which the next games keep).
    pub fn with_difficulty(mut self, difficulty: Difficulty) -> ChatNoir {
        self.settings.difficulty = difficulty;
        self.minds = Minds::new(difficulty);
        self
    }

    /// The world now.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The help's paths for the world now (empty while help is off).
    pub fn cats_path(&self) -> &CatsPath {
        &self.path
    }

    /// The board this game started from, to replay or share it (see
    /// [`GameId`]): what [`NewGame::game_id`] gives as text.
    pub fn start_id(&self) -> GameId {
        self.start.clone()
    }

    /// The ID of the position now, with the game's state (`:won`,
    /// `:lost`): a save rather than a board to replay.
    pub fn position_id(&self) -> GameId {
        self.world.game_id()
    }

    /// The size the Size choice shows.
    pub fn chosen_size(&self) -> u32 {
        self.size
    }

    /// The difficulty of the cat playing now.
    pub fn difficulty(&self) -> Difficulty {
        self.minds.cat.difficulty()
    }

    /// The keyboard's cursor, if the keyboard is playing.
    pub fn cursor(&self) -> Option<Pos> {
        self.cursor
    }

    /// The hint shown, if any.
    pub fn shown_hint(&self) -> Option<Hint> {
        self.hint
    }

    /// How many hints this game showed and moves Solve played in it.
    pub fn helped(&self) -> u32 {
        self.helped
    }

    /// Whether the cat's step is still being drawn.
    pub fn is_walking(&self) -> bool {
        self.walk.is_some()
    }

    /// Whether Solve is playing.
    pub fn is_solving(&self) -> bool {
        self.solving.is_some()
    }

    /// The status line: what to do now (or what the game has to say: a
    /// hint, Solve at work), the cat's difficulty, whether help is on, and
    /// when asked for, whether the position can be won and the help used.
    ///
    /// ```
    /// let game = chat_noir::plugin::ChatNoir::with_seed(11, 1).unwrap();
    /// assert_eq!(
    ///     game.status_text(),
    ///     "Click a circle to block it. Classic cat. Help off (H shows the cat's paths)"
    /// );
    /// ```
    ///
    /// The two ends of a game read alike: "The cat escaped! Press N for a
    /// new game." and "You trapped the cat! Press N for a new game."
    pub fn status_text(&self) -> String {
        let main = if let Some(note) = &self.note {
            note.clone()
        } else if self.solving.is_some() {
            "Solving: the winning line, one move at a time (click or press a key to stop)".into()
        } else if let Some(hint) = &self.hint {
            if self.hint_waiting {
                thinking_hint_text(hint.cell)
            } else {
                hint_text(hint)
            }
        } else {
            match self.world.state() {
                State::Playing => match self.cursor {
                    Some(p) => format!(
                        "Cursor on {} ({}): Enter blocks it",
                        cell_name(p),
                        self.cell_state(p)
                    ),
                    None => "Click a circle to block it".into(),
                },
                State::CatWon => "The cat escaped! Press N for a new game".into(),
                State::CatLost => "You trapped the cat! Press N for a new game".into(),
            }
        };
        let help = if self.world.help() {
            "Help on (H hides the cat's paths)"
        } else {
            "Help off (H shows the cat's paths)"
        };
        let mut parts = vec![main, format!("{} cat", self.difficulty()), help.into()];
        if let Some(verdict) = self.verdict {
            let text = if self.thinking_here() && verdict == Verdict::Undecided {
                BADGE_THINKING
            } else {
                badge_text(verdict)
            };
            parts.push(format!("Winnable? {text}"));
        }
        if let Some(lost_win) = &self.lost_win {
            parts.push(lost_win.clone());
        }
        match self.helped {
            0 => {}
            1 => parts.push("Helped once".into()),
            n => parts.push(format!("Helped {n} times")),
        }
        parts.join(". ")
    }

    /// "free", "blocked" or "the cat": what is on the circle at `p`.
    fn cell_state(&self, p: Pos) -> &'static str {
        if p == self.world.cat() {
            "the cat"
        } else if self.world.is_blocked(p) {
            "blocked"
        } else {
            "free"
        }
    }

    /// Goes on from `world`, a game that started from `start` (a new game
    /// when `new_game`, with no help used yet), keeping the help setting
    /// and the cursor, with the chosen difficulty's cat; whatever was being
    /// shown of the last position goes.
    fn begin(&mut self, world: World, start: GameId, new_game: bool) {
        let other_board = start != self.start;
        let other_cat = self.difficulty() != self.settings.difficulty;
        self.world = world.with_help(self.world.help());
        self.size = self.world.size();
        self.start = start;
        if self.difficulty() != self.settings.difficulty {
            self.minds = Minds::new(self.settings.difficulty);
        } else if other_board {
            self.minds.forget();
        }
        if new_game {
            self.helped = 0;
        }
        self.cursor = self.cursor.filter(|&p| self.world.board().contains(p));
        if self.world.state() == State::Playing
            && let Some(p) = self.cursor
        {
            self.world.set_mouse((p != self.world.cat()).then_some(p));
        }
        self.walk = None;
        self.hint = None;
        self.hint_waiting = false;
        self.note = None;
        self.lost_win = None;
        self.lost_cell = None;
        self.lost_win_check = None;
        if new_game && other_cat {
            // Choosing another cat starts a new game (a game is won against
            // one cat): say so, or the board seems to change by itself.
            self.note = Some(format!(
                "A new game: the {} cat plays from now on",
                self.settings.difficulty
            ));
        }
        self.solving = None;
        self.update_badge();
        self.update_ticks();
        self.world.update_cats_path(&mut self.path);
    }

    /// A new game, as the player asked for with `n`, the Size or the Cat
    /// choice: the launcher starts it, as its New game does (a fresh seed,
    /// one move to undo), when it offers that; otherwise the game deals one
    /// from a fresh seed itself.
    fn ask_for_new_game(&mut self) {
        let host = self.host;
        host.new_game_or(|seed| self.new_game(seed));
    }

    fn seen(&self) -> Seen {
        Seen {
            mouse: self.world.mouse(),
            cat: self.world.cat(),
            state: self.world.state(),
            blocked: self.world.board().blocked_count(),
            help: self.world.help(),
            size: self.world.size(),
            cursor: self.cursor,
            walk: self.walk,
            hint: self.hint,
            hint_waiting: self.hint_waiting,
            note: self.note.clone(),
            helped: self.helped,
            solving: self.solving.is_some(),
            verdict: self.verdict,
            lost_win: self.lost_win.clone(),
            lost_cell: self.lost_cell,
            settings: self.settings,
            difficulty: self.difficulty(),
        }
    }

    /// Where the cat is drawn now: on its cell, or along its step.
    fn cat_drawn_at(&self) -> Point {
        self.walk
            .map_or_else(|| cell_center(self.world.cat()), |w| w.position())
    }

    /// Blocks `p` and lets the cat answer, if that is a move; the cat's
    /// step is then walked on screen.
    fn play(&mut self, p: Pos) {
        let from = self.cat_drawn_at();
        let cat_before = self.world.cat();
        let before = match self.verdict {
            Some(Verdict::Winnable { best_move }) => Some(Before::Winnable(best_move)),
            Some(Verdict::Lost) => Some(Before::Lost),
            _ => None,
        };
        if self.world.play_with(p, &mut self.minds.cat).is_err() {
            return;
        }
        // In training the block that lost the win stays marked while the
        // game stays lost: the player sees where it went wrong.
        if !(self.settings.training && self.lost_cell.is_some()) {
            self.lost_win = None;
            self.lost_cell = None;
        }
        self.lost_win_check = before.map(|before| (p, before));
        self.hint = None;
        self.hint_waiting = false;
        self.note = None;
        // Without ticks (an older launcher) the cat simply jumps.
        if self.world.cat() != cat_before && self.host.has_revision_2() {
            self.walk = Some(Walk::new(from, self.world.cat()));
        } else {
            self.walk = None;
        }
        if self.world.state() != State::Playing {
            self.solving = None;
        }
        self.update_badge();
        self.judge_block();
        self.update_ticks();
    }

    /// Judges the block just played once the position after it is known:
    /// a block that lost a win the badge had proved is marked (so that the
    /// badge never seems to have lied) with the block that kept it; in
    /// training, the status line also says why it lost (the cat now gets
    /// out whatever is blocked, and how near it is), that a block kept the
    /// win, or that the cat's step gave a lost game back. An undecided
    /// answer is waited for; a block after which the position is not
    /// decided is not judged.
    fn judge_block(&mut self) {
        let Some((played, before)) = self.lost_win_check else {
            return;
        };
        // Whether the position after the block is won (`Some(true)`), lost
        // (`Some(false)`), or not known.
        let after = match self.world.state() {
            State::CatWon => Some(false),
            State::CatLost => Some(true),
            State::Playing => match self.verdict {
                Some(Verdict::Lost) => Some(false),
                Some(Verdict::Winnable { .. } | Verdict::Trapped) => Some(true),
                Some(Verdict::Undecided) if self.thinking_here() => return,
                _ => None,
            },
        };
        self.lost_win_check = None;
        let training = self.settings.training;
        match (before, after) {
            (Before::Winnable(kept), Some(false)) => {
                let mut text = format!(
                    "Your block of {} lost the win; {} kept it",
                    cell_name(played),
                    cell_name(kept)
                );
                if training {
                    text.push_str(&self.why_lost());
                }
                self.lost_win = Some(text);
                self.lost_cell = Some(played);
            }
            (Before::Winnable(_), Some(true)) if training && !self.world.state().is_over() => {
                self.lost_win = Some(format!("Your block of {} kept the win", cell_name(played)));
            }
            (Before::Lost, Some(true)) if training && !self.world.state().is_over() => {
                self.lost_win = Some("The cat's step gave the win back: winnable again".to_owned());
                self.lost_cell = None;
            }
            _ => {}
        }
    }

    /// Why a lost position is lost, from the solver's answer and the cat's
    /// distance: ": whatever you block now, the cat gets out (it is 3 steps
    /// from escaping)".
    fn why_lost(&self) -> String {
        if self.world.state() == State::CatWon {
            return ": the cat got out at once".to_owned();
        }
        let mut search = crate::search::Search::new();
        let steps = search
            .run(&self.world.graph(), crate::graph::Node::Boundary)
            .get(self.world.cat())
            .finite();
        match steps {
            Some(1) => {
                ": whatever you block now, the cat gets out (it is 1 step from escaping)".to_owned()
            }
            Some(n) => format!(
                ": whatever you block now, the cat gets out (it is {n} steps from escaping)"
            ),
            None => ": whatever you block now, the cat gets out".to_owned(),
        }
    }

    fn pointer(&mut self, pos: Point, event: MouseEvent) {
        let (x, y) = (f64::from(pos.x), f64::from(pos.y));
        if let Some(p) = self.world.player_moved(x, y, event) {
            self.play(p);
        }
        let still_here = self.world.state() == State::Playing && event != MouseEvent::Leave;
        self.world.update_mouse(still_here.then_some((x, y)));
    }

    fn key(&mut self, key: &str) {
        match key {
            keys::ENTER | keys::SPACE => {
                if let Some(p) = self.cursor {
                    self.play(p);
                    self.point_at(p);
                }
            }
            other => {
                let from = self
                    .cursor
                    .or(self.world.mouse())
                    .unwrap_or(self.world.cat());
                if let Some(to) = keyboard::step(self.world.size(), from, other) {
                    self.point_at(to);
                    return;
                }
                match other.to_ascii_lowercase().as_str() {
                    "h" => self.world.key_press('h'),
                    "n" if self.world.state().is_over() => self.ask_for_new_game(),
                    _ => {}
                }
            }
        }
    }

    /// Puts the keyboard's cursor on `p`, which is then the circle "under
    /// the pointer" too (its dot and help's paths follow it).
    fn point_at(&mut self, p: Pos) {
        self.cursor = Some(p);
        let playing = self.world.state() == State::Playing;
        self.world
            .set_mouse((playing && p != self.world.cat()).then_some(p));
    }

    fn tick(&mut self, dt: f32) {
        if self.minds.poll() {
            self.take_answer();
        }
        if let Some(walk) = &mut self.walk
            && walk.advance(dt)
        {
            self.walk = None;
        }
        if self.walk.is_none()
            && let Some(waited) = &mut self.solving
        {
            *waited += dt.max(0.0);
            if *waited >= SOLVE_PAUSE {
                self.solve_step();
            }
        }
        self.update_ticks();
    }

    /// Whether the background thread is working on the position now.
    fn thinking_here(&self) -> bool {
        self.minds.is_thinking(self.world.board(), self.world.cat())
    }

    /// The background's answer for the position now, if it came: the
    /// badge and a hint that waited for it take it.
    fn take_answer(&mut self) {
        let Some(verdict) = self.minds.answer(self.world.board(), self.world.cat()) else {
            return;
        };
        if self.verdict.is_some() {
            self.verdict = Some(verdict);
            self.judge_block();
        }
        if self.hint_waiting {
            self.hint_waiting = false;
            if let Some(hint) = self.minds.hint(self.world.board(), self.world.cat()) {
                self.hint = Some(hint);
            }
        }
    }

    /// Asks for ticks while the cat walks, Solve plays, or the player
    /// waits for the solver (a hint or the badge), and for none otherwise.
    fn update_ticks(&mut self) {
        let waiting =
            (self.hint_waiting || self.verdict == Some(Verdict::Undecided)) && self.thinking_here();
        let wanted = self.walk.is_some() || self.solving.is_some() || waiting;
        self.ticking.want(&self.host, wanted.then_some(TICK));
    }

    /// The badge's answer for the position now, when the badge is shown
    /// and the game goes on. The background thread solves a position only
    /// while the badge is shown, or when a hint or Solve asks about it:
    /// otherwise the player would pay, after every move, seconds of CPU
    /// for an answer no one sees.
    fn update_badge(&mut self) {
        if self.world.state() == State::Playing && self.host.has_revision_2() {
            self.minds.start_thinking();
            if self.badge_shown() {
                self.minds.think_about(self.world.board(), self.world.cat());
            }
        }
        self.verdict = (self.badge_shown() && self.world.state() == State::Playing)
            .then(|| self.minds.verdict(self.world.board(), self.world.cat()));
    }

    /// Whether the badge is shown: asked for, or in training.
    fn badge_shown(&self) -> bool {
        self.settings.badge || self.settings.training
    }

    /// Whether Training is on.
    pub fn training(&self) -> bool {
        self.settings.training
    }

    fn stop_solving(&mut self) {
        self.solving = None;
        self.update_ticks();
    }

    /// Shows a hint (counted as help), or says why there is none.
    fn show_hint(&mut self) {
        self.stop_solving();
        if self.world.state() != State::Playing {
            self.note = Some("The game is over: press N for a new game".into());
            return;
        }
        match self.minds.hint(self.world.board(), self.world.cat()) {
            Some(hint) => {
                self.hint = Some(hint);
                self.hint_waiting =
                    hint.kind == (HintKind::Heuristic { lost: false }) && self.thinking_here();
                self.note = None;
                self.helped += 1;
                self.update_ticks();
            }
            None => self.note = Some("No hint: the cat is boxed in".into()),
        }
    }

    /// Solve's next move: the solver's winning block, counted as help; or,
    /// when it has none, Solve stops and says why.
    fn solve_step(&mut self) {
        if self.world.state() != State::Playing {
            self.stop_solving();
            return;
        }
        let board = self.world.board().clone();
        match self.minds.verdict(&board, self.world.cat()) {
            Verdict::Winnable { best_move } => {
                self.helped += 1;
                let pointer = self.world.mouse();
                self.play(best_move);
                if self.solving.is_some() {
                    self.solving = Some(0.0);
                }
                if self.world.state() == State::Playing {
                    self.world
                        .set_mouse(pointer.filter(|&p| p != self.world.cat()));
                }
            }
            Verdict::Undecided if self.solving.is_some() && self.thinking_here() => {
                // Solve waits for the background's answer.
            }
            verdict => {
                self.solving = None;
                self.note = Some(cannot_solve(&board, verdict).into());
            }
        }
        self.update_ticks();
    }

    /// Solve pressed: starts playing the winning line (one move now, the
    /// next ones on ticks), or stops it.
    fn toggle_solve(&mut self) {
        if self.solving.is_some() {
            self.stop_solving();
            return;
        }
        if self.world.state() != State::Playing {
            self.note = Some("The game is over: press N for a new game".into());
            return;
        }
        // Without ticks (an older launcher) each press plays one move.
        if self.host.has_revision_2() {
            self.solving = Some(SOLVE_PAUSE);
        }
        self.solve_step();
    }
}

/// The game ID of the board `world` shows, as a board to start from.
fn start_of(world: &World) -> GameId {
    GameId::of(&world.clone().with_state(State::Playing))
}

/// An example of a game ID, for messages.
const EXAMPLE_ID: &str = "11:5,5:800002000G80020000000G";

/// Reads a game ID a player typed or pasted, and accepts only a board the
/// game offers: a size of the Size choice, the cat on a free circle that
/// is not on the edge (it would escape on the first click), a game still
/// to play.
///
/// # Errors
///
/// What is wrong, written for a player rather than a programmer:
///
/// ```
/// use chat_noir::plugin::check_game_id;
/// assert!(check_game_id("11:5,5:800002000G80020000000G").is_ok());
/// assert_eq!(
///     check_game_id("23:11,11:0").unwrap_err(),
///     "That game ID is for a board of size 23; the Size choice offers 5, 7, 9, 11, 13, 15, 17, 19 and 21."
/// );
/// ```
pub fn check_game_id(text: &str) -> Result<GameId, String> {
    let text = text.trim();
    let not_an_id = || {
        format!(
            "{text:?} is not a game ID. A game ID looks like {EXAMPLE_ID}: the board's size, the cat's column and row, then the blocked circles."
        )
    };
    if text.is_empty() {
        return Err(format!(
            "Type or paste a game ID, such as {EXAMPLE_ID}, then press Enter."
        ));
    }
    let sizes = {
        let all: Vec<String> = SIZES.iter().map(u32::to_string).collect();
        let (last, rest) = all.split_last().expect("sizes");
        format!("{} and {last}", rest.join(", "))
    };
    let size_refused = |size: &str| {
        format!("That game ID is for a board of size {size}; the Size choice offers {sizes}.")
    };
    // The size first, so that a board the game does not offer is refused
    // as such whatever else is wrong with it.
    if let Some((size, _)) = text.split_once(':')
        && let Ok(size) = size.parse::<u32>()
        && !SIZES.contains(&size)
    {
        return Err(size_refused(&size.to_string()));
    }
    let id: GameId = text.parse().map_err(|e| match e {
        GameIdError::Parts(_)
        | GameIdError::SizeNotANumber(_)
        | GameIdError::CatMalformed(_)
        | GameIdError::Size(_) => not_an_id(),
        GameIdError::CatOffBoard(_) => {
            "That game ID puts the cat outside the board. Check that it was copied whole.".into()
        }
        GameIdError::CatOnBlockedCell(_) => {
            "That game ID puts the cat on a blocked circle. Check that it was copied whole.".into()
        }
        GameIdError::CellsCharacter { found, .. } => format!(
            "A game ID has no {found:?} in it: only digits, letters and the \":\" and \",\" between its parts. Check that it was copied whole."
        ),
        GameIdError::CellsTooLong { .. } | GameIdError::CellsEmpty | GameIdError::CellsPastEnd => {
            "The blocked circles of that game ID do not fit its board. Check that it was copied whole.".into()
        }
        GameIdError::State(_) => not_an_id(),
    })?;
    if id.state() != State::Playing {
        return Err(
            "That is the position at the end of a game (it ends in \":won\" or \":lost\"), not a board to play. A game ID gives the board a game starts from.".into(),
        );
    }
    if id.board().on_boundary(id.cat()) {
        return Err(
            "That game ID puts the cat on the edge of the board, where it escapes at once. The cat must start inside.".into(),
        );
    }
    Ok(id)
}

impl Game for ChatNoir {
    fn new(host: Host) -> Result<Self, GameError> {
        let game = ChatNoir::with_seed(DEFAULT_SIZE, fresh_seed())
            .map_err(|e| GameError(e.to_string()))?;
        Ok(game.with_host(host))
    }

    fn canvas_size(&self) -> Point {
        canvas_size(self.world.size())
    }

    fn title(&self) -> String {
        TITLE.into()
    }

    fn status(&self) -> String {
        self.status_text()
    }

    /// The world, with the cat along its step while it walks (thinking: the
    /// won or lost cat shows once it stands), the hint's green ring and the
    /// cursor's orange one.
    fn draw(&self, painter: &mut dyn Painter) {
        let (cat_at, mood) = match &self.walk {
            Some(walk) => (walk.position(), Mood::Thinking),
            None => (cell_center(self.world.cat()), Mood::of(self.world.state())),
        };
        let marks = |painter: &mut dyn Painter| {
            if let Some(lost) = self.lost_cell.filter(|_| self.lost_win.is_some()) {
                ring(painter, lost, LOST_WIN_COLOR, 4.0, 0.0);
            }
            if let Some(hint) = &self.hint {
                ring(painter, hint.cell, HINT_COLOR, 4.0, 0.0);
            }
            if let Some(cursor) = self.cursor {
                let inset = if self.hint.is_some_and(|h| h.cell == cursor) {
                    4.0
                } else {
                    0.0
                };
                ring(painter, cursor, CURSOR_COLOR, 3.0, inset);
            }
        };
        render_world_with(
            painter,
            &self.world,
            |p| self.path.contains(p),
            cat_at,
            mood,
            marks,
        );
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        let before = self.seen();
        match event {
            Event::PointerMove { pos } | Event::PointerEnter { pos } => {
                // The mouse takes over from the keyboard.
                self.cursor = None;
                self.pointer(*pos, MouseEvent::Move)
            }
            Event::PointerPress { pos, .. } => self.pointer(*pos, MouseEvent::ButtonDown),
            Event::PointerRelease {
                pos,
                button: Button::Primary,
                ..
            } => {
                self.stop_solving();
                self.pointer(*pos, MouseEvent::ButtonUp)
            }
            // Other buttons are not moves; they only move the pointer.
            Event::PointerRelease { pos, .. } => self.pointer(*pos, MouseEvent::Move),
            Event::PointerLeave => self.pointer(Point::new(0.0, 0.0), MouseEvent::Leave),
            Event::KeyPress { key, .. } => {
                self.stop_solving();
                self.key(key)
            }
            Event::Tick { dt } => self.tick(*dt),
            Event::KeyRelease { .. } | Event::Scroll { .. } | Event::DoubleClick { .. } => {}
        }
        if self.seen() == before {
            Response::NONE
        } else {
            self.world.update_cats_path(&mut self.path);
            Response::REDRAW
        }
    }

    /// Hint (`?`), Solve (`s`), the Cat (`c`) and Size choices, the badge's
    /// switch and Training's. Hint and Solve are off once the game is over;
    /// the badge's switch while training shows the badge.
    fn actions(&self) -> Vec<Action> {
        let playing = self.world.state() == State::Playing;
        let solve = if self.solving.is_some() {
            "Stop solving"
        } else {
            "Solve"
        };
        let badge = if self.badge_shown() {
            "Hide winnable"
        } else {
            "Show winnable"
        };
        let training = if self.settings.training {
            "Stop training"
        } else {
            "Training"
        };
        vec![
            Action::button(HINT, "Hint")
                .with_shortcut(keys::QUESTION_MARK)
                .enabled(playing),
            Action::button(SOLVE, solve)
                .with_shortcut("s")
                .enabled(playing),
            Action::choice(DIFFICULTY, "Cat", Difficulty::ALL, self.settings.difficulty)
                .with_shortcut("c"),
            Action::choice(BOARD_SIZE, "Size", SIZES, self.size),
            Action::button(BADGE, badge).enabled(!self.settings.training),
            Action::button(TRAINING, training),
        ]
    }

    /// Each circle, labelled for screen readers: "cell 3, 4: free",
    /// "blocked" or "the cat". Activating one clicks its centre.
    fn regions(&self) -> Vec<Region> {
        let r = CIRCLE_RADIUS as f32;
        self.world
            .cells()
            .map(|(p, _)| {
                let c = cell_center(p);
                Region::new(
                    format!("{}: {}", cell_name(p), self.cell_state(p)),
                    Point::new(c.x - r, c.y - r),
                    Point::new(2.0 * r, 2.0 * r),
                )
            })
            .collect()
    }

    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        match id {
            BOARD_SIZE => {
                self.size = value
                    .trim()
                    .parse()
                    .ok()
                    .filter(|s| SIZES.contains(s))
                    .ok_or_else(|| {
                        GameError(format!(
                            "the board size {value:?} is not one of {}",
                            SIZES.map(|s| s.to_string()).join(", ")
                        ))
                    })?;
                self.ask_for_new_game();
            }
            DIFFICULTY => {
                let difficulty = Difficulty::ALL
                    .into_iter()
                    .find(|d| d.name() == value.trim())
                    .ok_or_else(|| {
                        GameError(format!(
                            "the cat {value:?} is not one of Classic, Clever and Expert"
                        ))
                    })?;
                if difficulty != self.settings.difficulty {
                    self.settings.difficulty = difficulty;
                    self.store_settings();
                    // A new cat plays a new game: a game is won against one cat.
                    self.ask_for_new_game();
                }
            }
            HINT => self.show_hint(),
            SOLVE => self.toggle_solve(),
            BADGE => {
                if self.settings.training {
                    return Err(GameError(
                        "the badge stays on while training; stop training to hide it".into(),
                    ));
                }
                self.settings.badge = !self.settings.badge;
                self.store_settings();
                self.update_badge();
            }
            TRAINING => {
                self.settings.training = !self.settings.training;
                self.store_settings();
                if !self.settings.training {
                    self.lost_win = None;
                    self.lost_cell = None;
                    self.lost_win_check = None;
                }
                self.update_badge();
                self.update_ticks();
                self.note = Some(if self.settings.training {
                    "Training: after each block, the status line says whether you kept the win; a block that lost it is ringed in red".into()
                } else {
                    "Training off".into()
                });
            }
            _ => return Err(GameError(format!("Chat Noir has no action {id:?}"))),
        }
        self.world.update_cats_path(&mut self.path);
        Ok(Response::REDRAW)
    }
}

impl ChatNoir {
    /// Keeps the settings in the launcher's data directory for the game;
    /// a failure is logged, never shown as an error: the game goes on.
    fn store_settings(&self) {
        SettingsFile::update_for(&self.host, |file| self.settings.write(file));
    }
}

/// A new game of the size the Size choice shows, against the cat the Cat
/// choice shows, as the launcher's New game and Game ID field start them;
/// help stays as it was.
impl NewGame for ChatNoir {
    /// Deals the board of [`World::new_game`] for `seed`: the same seed
    /// gives the same board, and the same cat.
    fn new_game(&mut self, seed: u64) {
        let world = match World::new_game(self.size, seed) {
            Ok(world) => world,
            Err(e) => unreachable!("the chosen size is one of SIZES: {e}"),
        };
        let start = start_of(&world);
        self.begin(world, start, true);
    }

    /// The board the game started from, even once it is won or lost.
    fn game_id(&self) -> String {
        self.start.to_string()
    }

    /// Starts from the board `id` names (a fresh seed breaks the cat's
    /// ties). Only boards the game offers are accepted (see
    /// [`check_game_id`]), and the refusal says why in a player's words.
    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let id = check_game_id(id).map_err(GameError)?;
        self.begin(id.to_world_with_seed(fresh_seed()), id, true);
        Ok(())
    }
}

/// The position for the launcher's undo, redo, restart and resume (see
/// [`crate::save`]).
impl SaveLoad for ChatNoir {
    fn save(&self) -> Vec<u8> {
        Saved::of(&self.start, &self.world)
            .with_helped(self.helped)
            .encode()
    }

    /// Goes on from the saved position, keeping the help setting and, while
    /// the game is on, the circle under the pointer. Help used in this game
    /// is never taken back by an undo: the player saw the hint.
    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let saved = Saved::decode(bytes).map_err(GameError)?;
        let mut world = saved.to_world();
        if world.state() == State::Playing {
            world.set_mouse(self.world.mouse());
        }
        let helped = if saved.start == self.start {
            self.helped.max(saved.helped)
        } else {
            saved.helped
        };
        self.begin(world, saved.start, false);
        self.helped = helped;
        Ok(())
    }
}

/// Trapping the cat wins; letting it reach the edge loses. No score; a
/// game the player had help with (hints, Solve) is assisted.
impl Outcomes for ChatNoir {
    fn outcome(&self) -> Outcome {
        let outcome = match self.world.state() {
            State::Playing => Outcome::PLAYING,
            State::CatLost => Outcome::won(),
            State::CatWon => Outcome::lost(),
        };
        outcome.with_assistance(self.helped > 0)
    }
}
