//! The world (§1.18.2): the board, the cat, the state of the game, the cell
//! under the pointer and whether help is showing.
//!
//! This module holds [`World`]'s constructors, its accessors and the moves
//! of the game ([`World::play`], [`World::move_cat`]). Two other modules add
//! methods beside the types they use: [`crate::input`] has the input
//! handlers ([`World::mouse_event`], [`World::key_press`],
//! [`World::key_hold`], [`World::update_mouse`], [`World::player_moved`]),
//! and [`crate::game_id`] has [`World::game_id`].

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::board::{Board, DEFAULT_SIZE, Pos, SizeError};
use crate::cat::{self, CatsPath};
use crate::cats::{Cat, Difficulty};
use crate::graph::Graph;
use crate::rng::Rng;
use crate::search::Search;

/// How many random cells a new game blocks (§1.18.10).
pub const INITIAL_BLOCKED: usize = 6;

/// The state of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum State {
    /// The game is going on (the initial state).
    #[default]
    Playing,
    /// The cat reached the boundary: the player lost.
    CatWon,
    /// The cat is boxed in: the player won.
    CatLost,
}

impl State {
    /// Whether the game is over.
    pub fn is_over(self) -> bool {
        self != State::Playing
    }
}

/// Why a world could not be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorldError {
    /// The board size is invalid.
    Size(SizeError),
    /// The cat's position is not a cell of the board.
    CatOffBoard(Pos),
    /// The cat's position is a blocked cell.
    CatOnBlockedCell(Pos),
}

impl fmt::Display for WorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorldError::Size(e) => e.fmt(f),
            WorldError::CatOffBoard(p) => write!(f, "the cat's position {p} is not on the board"),
            WorldError::CatOnBlockedCell(p) => {
                write!(f, "the cat's position {p} is a blocked cell")
            }
        }
    }
}

impl std::error::Error for WorldError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WorldError::Size(e) => Some(e),
            _ => None,
        }
    }
}

impl From<SizeError> for WorldError {
    fn from(e: SizeError) -> WorldError {
        WorldError::Size(e)
    }
}

/// Why a player's move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The game is over.
    GameOver,
    /// The position is not a cell of the board.
    NotACell(Pos),
    /// The cell is already blocked.
    AlreadyBlocked(Pos),
    /// The cat stands on the cell.
    CatThere(Pos),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::GameOver => f.write_str("the game is over"),
            MoveError::NotACell(p) => write!(f, "{p} is not a cell of the board"),
            MoveError::AlreadyBlocked(p) => write!(f, "{p} is already blocked"),
            MoveError::CatThere(p) => write!(f, "the cat stands on {p}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// The whole state of a game of Chat Noir (the spec's `world`).
///
/// Besides the spec's six fields it holds the game's random generator, so
/// a world evolves deterministically: the same world and the same events
/// give the same game.
///
/// Invariants: the cat stands on an unblocked cell of the board, and the
/// cell under the pointer, if any, is a cell of the board other than the
/// cat's.
///
/// ```
/// use chat_noir::{Pos, State, World};
/// let mut world = World::new_game(11, 2024)?;
/// assert_eq!(world.cat(), Pos::new(5, 5));
/// assert_eq!(world.board().blocked_count(), 6);
/// // Block a free cell; the cat answers with a step.
/// let free = world.board().cells().find(|&(p, b)| !b && p != world.cat()).unwrap().0;
/// world.play(free)?;
/// assert_eq!(world.board().blocked_count(), 7);
/// assert_ne!(world.cat(), Pos::new(5, 5));
/// assert_eq!(world.state(), State::Playing);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct World {
    board: Board,
    cat: Pos,
    state: State,
    mouse: Option<Pos>,
    help: bool,
    rng: Rng,
    scratch: Scratch,
}

/// The cat's search memory, kept by the world so that each move reuses it
/// instead of allocating. It is not part of the world's value: every
/// scratch compares equal, hashes to nothing, and a clone starts empty.
#[derive(Default)]
struct Scratch(Search);

impl Clone for Scratch {
    fn clone(&self) -> Scratch {
        Scratch::default()
    }
}

impl PartialEq for Scratch {
    fn eq(&self, _: &Scratch) -> bool {
        true
    }
}

impl Eq for Scratch {}

impl Hash for Scratch {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

impl fmt::Debug for Scratch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Scratch")
    }
}

impl World {
    /// The empty world of size `size` (the spec's `empty-world`): empty
    /// board, cat in the centre, playing, no cell under the pointer, help
    /// off, generator seeded with 0.
    ///
    /// # Errors
    ///
    /// Refuses sizes that are even, below 3 or above
    /// [`MAX_SIZE`](crate::board::MAX_SIZE).
    pub fn empty(size: u32) -> Result<World, SizeError> {
        let board = Board::empty(size)?;
        let cat = board.centre();
        Ok(World::playing(board, cat))
    }

    /// A new game (§1.18.10): the empty world of size `size` with
    /// [`INITIAL_BLOCKED`] random cells other than the cat's blocked, all
    /// drawn from a generator seeded with `seed`, which the world keeps for
    /// the cat's tie-breaking and for later games.
    ///
    /// # Errors
    ///
    /// Refuses invalid sizes, like [`World::empty`].
    pub fn new_game(size: u32, seed: u64) -> Result<World, SizeError> {
        let mut world = World::empty(size)?.with_seed(seed);
        world.next_game();
        Ok(world)
    }

    /// A new game of the default size 11 (see [`World::new_game`]).
    pub fn new_default_game(seed: u64) -> World {
        match World::new_game(DEFAULT_SIZE, seed) {
            Ok(w) => w,
            Err(e) => unreachable!("the default size is valid: {e}"),
        }
    }

    /// A world with the given board and cat, playing, no cell under the
    /// pointer, help off and the generator seeded with 0 (the spec's
    /// `make-world`, completed with the `with_*` methods).
    ///
    /// # Errors
    ///
    /// Refuses a cat that is not on a cell of the board or on a blocked
    /// cell.
    pub fn new(board: Board, cat: Pos) -> Result<World, WorldError> {
        if !board.contains(cat) {
            return Err(WorldError::CatOffBoard(cat));
        }
        if board.is_blocked(cat) {
            return Err(WorldError::CatOnBlockedCell(cat));
        }
        Ok(World::playing(board, cat))
    }

    /// A world of a cat already checked to stand free on `board`: playing, no
    /// cell under the pointer, help off, the generator seeded with 0.
    fn playing(board: Board, cat: Pos) -> World {
        World {
            board,
            cat,
            state: State::Playing,
            mouse: None,
            help: false,
            rng: Rng::default(),
            scratch: Scratch::default(),
        }
    }

    /// This world with its state set to `state`.
    pub fn with_state(mut self, state: State) -> World {
        self.state = state;
        self
    }

    /// This world with the cell under the pointer set to `mouse`. A
    /// position that is not a cell of the board (such as the removed corner
    /// `(0, 0)` the spec's tests use), or is the cat's cell, means no cell
    /// is under the pointer.
    pub fn with_mouse(mut self, mouse: Option<Pos>) -> World {
        self.set_mouse(mouse);
        self
    }

    /// This world with help showing or not.
    pub fn with_help(mut self, help: bool) -> World {
        self.help = help;
        self
    }

    /// This world with a generator seeded with `seed`.
    pub fn with_seed(mut self, seed: u64) -> World {
        self.rng = Rng::new(seed);
        self
    }

    /// This world with the given generator.
    pub fn with_rng(mut self, rng: Rng) -> World {
        self.rng = rng;
        self
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board's size.
    pub fn size(&self) -> u32 {
        self.board.size()
    }

    /// Every cell with whether it is blocked, in the order of
    /// [`Board::cells`].
    pub fn cells(&self) -> impl Iterator<Item = (Pos, bool)> + '_ {
        self.board.cells()
    }

    /// Whether `p` is a blocked cell.
    pub fn is_blocked(&self, p: Pos) -> bool {
        self.board.is_blocked(p)
    }

    /// The cat's position.
    pub fn cat(&self) -> Pos {
        self.cat
    }

    /// The state of the game.
    pub fn state(&self) -> State {
        self.state
    }

    /// The cell under the pointer, if any (the spec's `mouse-posn`).
    pub fn mouse(&self) -> Option<Pos> {
        self.mouse
    }

    /// Whether help (the cat's shortest paths) is showing (the spec's
    /// `h-down?`).
    pub fn help(&self) -> bool {
        self.help
    }

    /// The game's random generator.
    pub fn rng(&self) -> &Rng {
        &self.rng
    }

    /// Sets the cell under the pointer (see [`World::with_mouse`]).
    pub fn set_mouse(&mut self, mouse: Option<Pos>) {
        self.mouse = mouse.filter(|&p| self.board.contains(p) && p != self.cat);
    }

    /// Shows or hides help.
    pub fn set_help(&mut self, help: bool) {
        self.help = help;
    }

    /// The graph the help searches (the spec's `neighbors` of this world):
    /// the board's graph in which the cell under the pointer also counts
    /// as blocked.
    pub fn graph(&self) -> Graph<'_> {
        Graph::new(&self.board, self.mouse)
    }

    /// Which cells are on the cat's shortest paths to the boundary, as the
    /// help shows them (see [`CatsPath`]). Allocates; keep a [`CatsPath`]
    /// and call [`World::update_cats_path`] to reuse memory.
    pub fn cats_path(&self) -> CatsPath {
        let mut path = CatsPath::new();
        self.update_cats_path(&mut path);
        path
    }

    /// Recomputes `path` for this world: the cat's shortest paths in
    /// [`World::graph`] while help shows, no cell otherwise (then without
    /// searching).
    pub fn update_cats_path(&self, path: &mut CatsPath) {
        if self.help {
            path.update(&self.graph(), self.cat);
        } else {
            path.clear();
        }
    }

    /// Blocks the cell at `p` without moving the cat (the spec's
    /// `block-cell/world`, refusing cells that are not a legal move).
    ///
    /// # Errors
    ///
    /// Refuses positions that are not cells, cells already blocked, and the
    /// cat's cell; the world is unchanged then.
    pub fn block_cell(&mut self, p: Pos) -> Result<(), MoveError> {
        if !self.board.contains(p) {
            Err(MoveError::NotACell(p))
        } else if p == self.cat {
            Err(MoveError::CatThere(p))
        } else if !self.board.block(p) {
            Err(MoveError::AlreadyBlocked(p))
        } else {
            Ok(())
        }
    }

    /// The player's move: blocks the cell at `p`, then the cat answers
    /// ([`World::move_cat`]).
    ///
    /// # Errors
    ///
    /// Refuses the move, leaving the world unchanged, when the game is over,
    /// `p` is not a cell, is already blocked or is the cat's cell (the later
    /// upstream program ignores clicks on blocked cells; the 2009 text would
    /// "block" them again and let the cat move).
    pub fn play(&mut self, p: Pos) -> Result<(), MoveError> {
        if self.state.is_over() {
            return Err(MoveError::GameOver);
        }
        self.block_cell(p)?;
        self.move_cat();
        Ok(())
    }

    /// The cat's move (the spec's `move-cat`): among the six
    /// [`adjacent`](crate::board::adjacent) positions, those with the least
    /// finite distance to the boundary are the candidates, and one is drawn
    /// with the world's generator. With no finite candidate the cat stays
    /// and the state becomes [`State::CatLost`]; otherwise the cat steps,
    /// and the state becomes [`State::CatWon`] if the new cell is on the
    /// boundary and [`State::Playing`] if not. Like the spec, this does not
    /// look at the current state.
    ///
    /// Unlike the spec, the distances come from the board alone: the cell
    /// under the pointer does not count as blocked for the cat's decision
    /// (see [`cat::best_moves`]). And if the cat steps onto the cell under
    /// the pointer, that cell is cleared, keeping the invariant that the
    /// pointer's cell is never the cat's (the spec restores it at once in
    /// `clack` through `update-world-posn`, so clicks behave the same).
    ///
    /// The search reuses the world's own memory, so moves on a board of
    /// one size allocate nothing after the first.
    pub fn move_cat(&mut self) {
        let next = cat::choose_move(&self.board, self.cat, &mut self.scratch.0, &mut self.rng);
        self.step_cat(next);
    }

    /// The player's move against a cat of any [`Difficulty`]: blocks the
    /// cell at `p`, then `cat` answers ([`World::move_cat_with`]). With a
    /// [`Difficulty::Classic`] cat this is exactly [`World::play`].
    ///
    /// # Errors
    ///
    /// Refuses the same moves as [`World::play`], leaving the world
    /// unchanged.
    pub fn play_with(&mut self, p: Pos, cat: &mut Cat) -> Result<(), MoveError> {
        if self.state.is_over() {
            return Err(MoveError::GameOver);
        }
        self.block_cell(p)?;
        self.move_cat_with(cat);
        Ok(())
    }

    /// The cat's move, decided by `cat`: the classic cat draws with the
    /// world's generator exactly as [`World::move_cat`] does; the others
    /// decide without it. The state changes as in [`World::move_cat`]:
    /// no step means the cat is boxed in, a step onto the boundary means it
    /// escaped.
    pub fn move_cat_with(&mut self, cat: &mut Cat) {
        if cat.difficulty() == Difficulty::Classic {
            self.move_cat();
        } else {
            let next = cat.choose_move(&self.board, self.cat, &mut self.rng);
            self.step_cat(next);
        }
    }

    /// Puts the cat on `next`, or declares it boxed in when there is none.
    fn step_cat(&mut self, next: Option<Pos>) {
        match next {
            None => self.state = State::CatLost,
            Some(next) => {
                self.cat = next;
                if self.mouse == Some(next) {
                    self.mouse = None;
                }
                self.state = if self.board.on_boundary(next) {
                    State::CatWon
                } else {
                    State::Playing
                };
            }
        }
    }

    /// Starts a new game of the same size in place: empty board, cat in the
    /// centre, [`INITIAL_BLOCKED`] random cells blocked with the world's
    /// generator, playing, nothing under the pointer. Help stays as it was.
    pub fn next_game(&mut self) {
        let mut board = match Board::empty(self.size()) {
            Ok(b) => b,
            Err(e) => unreachable!("a world's size is valid: {e}"),
        };
        let cat = board.centre();
        board.add_random_blocked(INITIAL_BLOCKED, cat, &mut self.rng);
        self.board = board;
        self.cat = cat;
        self.state = State::Playing;
        self.mouse = None;
    }
}
