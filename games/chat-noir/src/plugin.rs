//! The game as the launcher runs it: [`ChatNoir`] implements
//! [`game_api::Game`] on top of the core's [`World`], and the optional
//! functions of game-api's revision 2 the launcher builds on.
//!
//! * Moving the pointer marks the circle under it with a black dot;
//!   releasing the (primary) button on a free circle blocks it and the cat
//!   answers with one step (§1.18.8).
//! * `h` toggles help, the white dots on the cat's shortest paths to the
//!   edge assuming the circle under the pointer were blocked; `n` starts a
//!   new game of the same size once the game is over, as the launcher's
//!   New game does ([`Host::request_new_game`]). (The 2009 text shows help
//!   while `h` is held; this follows the later upstream program, see the
//!   crate's documentation.)
//! * The game's one tool-bar action is the board size (`size`, odd sizes
//!   from 5 to 21, 11 at first); choosing one starts a new game of that
//!   size, again as the launcher's New game does.
//! * [`NewGame`]: the launcher's New game deals a board from a seed with
//!   the core's reproducible generator ([`World::new_game`]); the game ID
//!   is the board the game *started* from, to replay or share it, and an
//!   ID the player types starts from that board ([`check_game_id`] says
//!   what is wrong with one). The ID of the position now is
//!   [`ChatNoir::position_id`].
//! * [`SaveLoad`]: the board the game started from, the position and the
//!   generator, as text ([`crate::save`]), for the launcher's undo, redo,
//!   restart and resume.
//! * [`Outcomes`]: trapping the cat wins, letting it escape loses.
//! * Help stays on or off across new games, undos and loads: it is the
//!   player's setting (the status line always says which), not part of a
//!   board.
//!
//! The first game is seeded from the operating system's entropy.

use game_api::{
    Action, Button, Event, Game, GameError, Host, NewGame, Outcome, Outcomes, Painter, Point,
    Response, SaveLoad,
};

use crate::board::{DEFAULT_SIZE, Pos, SizeError};
use crate::cat::CatsPath;
use crate::game_id::{GameId, GameIdError};
use crate::input::MouseEvent;
use crate::render::{canvas_size, render_world};
use crate::save::Saved;
use crate::world::{State, World};

/// The board sizes offered in the size choice.
pub const SIZES: [u32; 9] = [5, 7, 9, 11, 13, 15, 17, 19, 21];

/// The window title.
pub const TITLE: &str = "Chat Noir";

/// The ID of the board-size choice.
pub const BOARD_SIZE: &str = "size";

/// A game of Chat Noir in the launcher: the world, the board it started
/// from, the help's paths kept up to date with it, and the launcher's
/// services.
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
}

/// What the player can see of a world, to tell whether an event changed
/// anything visible.
#[derive(PartialEq, Eq)]
struct Seen {
    mouse: Option<Pos>,
    cat: Pos,
    state: State,
    blocked: usize,
    help: bool,
    size: u32,
}

/// A seed from the operating system's entropy.
fn fresh_seed() -> u64 {
    rand::random()
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
        };
        game.world.update_cats_path(&mut game.path);
        game
    }

    /// This game with the launcher's services `host`.
    pub fn with_host(mut self, host: Host) -> ChatNoir {
        self.host = host;
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

    /// The status line: what to do now, and whether help is on.
    ///
    /// ```
    /// let game = chat_noir::plugin::ChatNoir::with_seed(11, 1).unwrap();
    /// assert_eq!(
    ///     game.status_text(),
    ///     "Click a circle to block it. Help off (H shows the cat's paths)"
    /// );
    /// ```
    ///
    /// The two ends of a game read alike: "The cat escaped! Press N for a
    /// new game." and "You trapped the cat! Press N for a new game."
    pub fn status_text(&self) -> String {
        let main = match self.world.state() {
            State::Playing => "Click a circle to block it",
            State::CatWon => "The cat escaped! Press N for a new game",
            State::CatLost => "You trapped the cat! Press N for a new game",
        };
        let help = if self.world.help() {
            "Help on (H hides the cat's paths)"
        } else {
            "Help off (H shows the cat's paths)"
        };
        format!("{main}. {help}")
    }

    /// Goes on from `world`, a game that started from `start`, keeping the
    /// help setting.
    fn begin(&mut self, world: World, start: GameId) {
        self.world = world.with_help(self.world.help());
        self.size = self.world.size();
        self.start = start;
        self.world.update_cats_path(&mut self.path);
    }

    /// A new game, as the player asked for with `n` or the Size choice:
    /// the launcher starts it, as its New game does (a fresh seed, one
    /// move to undo), when it offers that; otherwise the game deals one
    /// from a fresh seed itself.
    fn ask_for_new_game(&mut self) {
        if self.host.has_revision_2() {
            self.host.request_new_game();
        } else {
            self.new_game(fresh_seed());
        }
    }

    fn seen(&self) -> Seen {
        Seen {
            mouse: self.world.mouse(),
            cat: self.world.cat(),
            state: self.world.state(),
            blocked: self.world.board().blocked_count(),
            help: self.world.help(),
            size: self.world.size(),
        }
    }

    fn pointer(&mut self, pos: Point, event: MouseEvent) {
        self.world
            .mouse_event(f64::from(pos.x), f64::from(pos.y), event);
    }

    fn key(&mut self, key: &str) {
        match key.to_ascii_lowercase().as_str() {
            "h" => self.world.key_press('h'),
            "n" if self.world.state().is_over() => self.ask_for_new_game(),
            _ => {}
        }
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

    fn draw(&self, painter: &mut dyn Painter) {
        render_world(painter, &self.world, |p| self.path.contains(p));
    }

    fn handle_event(&mut self, event: &Event) -> Response {
        let before = self.seen();
        match event {
            Event::PointerMove { pos } | Event::PointerEnter { pos } => {
                self.pointer(*pos, MouseEvent::Move)
            }
            Event::PointerPress { pos, .. } => self.pointer(*pos, MouseEvent::ButtonDown),
            Event::PointerRelease {
                pos,
                button: Button::Primary,
                ..
            } => self.pointer(*pos, MouseEvent::ButtonUp),
            // Other buttons are not moves; they only move the pointer.
            Event::PointerRelease { pos, .. } => self.pointer(*pos, MouseEvent::Move),
            Event::PointerLeave => self.pointer(Point::new(0.0, 0.0), MouseEvent::Leave),
            Event::KeyPress { key, .. } => self.key(key),
            Event::KeyRelease { .. }
            | Event::Tick { .. }
            | Event::Scroll { .. }
            | Event::DoubleClick { .. } => {}
        }
        if self.seen() == before {
            Response::NONE
        } else {
            self.world.update_cats_path(&mut self.path);
            Response::REDRAW
        }
    }

    fn actions(&self) -> Vec<Action> {
        vec![Action::choice(BOARD_SIZE, "Size", SIZES, self.size)]
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
            _ => return Err(GameError(format!("Chat Noir has no action {id:?}"))),
        }
        Ok(Response::REDRAW)
    }
}

/// A new game of the size the Size choice shows, as the launcher's New
/// game and Game ID field start them; help stays as it was.
impl NewGame for ChatNoir {
    /// Deals the board of [`World::new_game`] for `seed`: the same seed
    /// gives the same board, and the same cat.
    fn new_game(&mut self, seed: u64) {
        let world = match World::new_game(self.size, seed) {
            Ok(world) => world,
            Err(e) => unreachable!("the chosen size is one of SIZES: {e}"),
        };
        let start = start_of(&world);
        self.begin(world, start);
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
        self.begin(id.to_world_with_seed(fresh_seed()), id);
        Ok(())
    }
}

/// The position for the launcher's undo, redo, restart and resume (see
/// [`crate::save`]).
impl SaveLoad for ChatNoir {
    fn save(&self) -> Vec<u8> {
        Saved::of(&self.start, &self.world).encode()
    }

    /// Goes on from the saved position, keeping the help setting and, while
    /// the game is on, the circle under the pointer.
    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let saved = Saved::decode(bytes).map_err(GameError)?;
        let mut world = saved.to_world();
        if world.state() == State::Playing {
            world.set_mouse(self.world.mouse());
        }
        self.begin(world, saved.start);
        Ok(())
    }
}

/// Trapping the cat wins; letting it reach the edge loses. No score.
impl Outcomes for ChatNoir {
    fn outcome(&self) -> Outcome {
        match self.world.state() {
            State::Playing => Outcome::PLAYING,
            State::CatLost => Outcome::won(),
            State::CatWon => Outcome::lost(),
        }
    }
}
