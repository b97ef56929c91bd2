//! Game IDs: short text that names a position, to share or replay it.
//!
//! A game ID is `SIZE:X,Y:CELLS`, optionally followed by `:won` or `:lost`
//! when the game is over (no suffix means playing; `:playing` is accepted
//! too):
//!
//! * `SIZE` is the board size in decimal;
//! * `X,Y` is the cat's position;
//! * `CELLS` is the set of blocked cells as a bitset over the cells in the
//!   order of [`Board::cells`] (by column, then row), five bits per
//!   character in Crockford's base 32 (`0-9 A-Z` without `I L O U`), first
//!   cell in the most significant bit, with trailing `0` characters left
//!   out (an empty board is `0`). Parsing ignores case and reads `O` as `0`
//!   and `I`, `L` as `1`.
//!
//! An 11 × 11 position takes at most 31 characters, e.g.
//! `11:5,5:800002000G80020000000G` (a new game from seed 7) — one a person
//! can type.
//!
//! ```
//! use chat_noir::{GameId, World};
//! let world = World::new_game(11, 7)?;
//! let id = world.game_id().to_string();
//! let again: GameId = id.parse()?;
//! assert_eq!(again.to_world().board(), world.board());
//! assert!("11:5,5:U".parse::<GameId>().is_err()); // U is not base-32
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, Pos, SizeError};
use crate::world::{State, World, WorldError};

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

fn decode_char(c: char) -> Option<u8> {
    let c = c.to_ascii_uppercase();
    let c = match c {
        'O' => '0',
        'I' | 'L' => '1',
        _ => c,
    };
    ALPHABET
        .iter()
        .position(|&a| char::from(a) == c)
        .map(|i| i as u8)
}

/// A position: board (size and blocked cells), cat and state. Its
/// [`Display`](fmt::Display) form is the game ID, and [`FromStr`] parses it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameId {
    board: Board,
    cat: Pos,
    state: State,
}

impl GameId {
    /// The position of `world`.
    pub fn of(world: &World) -> GameId {
        GameId {
            board: world.board().clone(),
            cat: world.cat(),
            state: world.state(),
        }
    }

    /// A position from its parts.
    ///
    /// # Errors
    ///
    /// Refuses a cat that is off the board or on a blocked cell.
    pub fn new(board: Board, cat: Pos, state: State) -> Result<GameId, WorldError> {
        let world = World::new(board, cat)?.with_state(state);
        Ok(GameId::of(&world))
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The cat's position.
    pub fn cat(&self) -> Pos {
        self.cat
    }

    /// The state of the game.
    pub fn state(&self) -> State {
        self.state
    }

    /// A world in this position, with nothing under the pointer, help off
    /// and the generator seeded with 0.
    pub fn to_world(&self) -> World {
        self.to_world_with_seed(0)
    }

    /// A world in this position whose generator is seeded with `seed`.
    pub fn to_world_with_seed(&self, seed: u64) -> World {
        match World::new(self.board.clone(), self.cat) {
            Ok(w) => w.with_state(self.state).with_seed(seed),
            Err(e) => unreachable!("a game ID's cat is on a free cell: {e}"),
        }
    }
}

impl From<&World> for GameId {
    fn from(world: &World) -> GameId {
        GameId::of(world)
    }
}

impl World {
    /// The game ID of this world's position.
    pub fn game_id(&self) -> GameId {
        GameId::of(self)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{},{}:", self.board.size(), self.cat.x, self.cat.y)?;
        let mut text = String::with_capacity(self.board.cell_count().div_ceil(5));
        let mut group = 0u8;
        let mut bits = 0;
        for (_, blocked) in self.board.cells() {
            group = (group << 1) | u8::from(blocked);
            bits += 1;
            if bits == 5 {
                text.push(char::from(ALPHABET[usize::from(group)]));
                group = 0;
                bits = 0;
            }
        }
        if bits > 0 {
            text.push(char::from(ALPHABET[usize::from(group << (5 - bits))]));
        }
        let trimmed = text.trim_end_matches('0');
        f.write_str(if trimmed.is_empty() { "0" } else { trimmed })?;
        match self.state {
            State::Playing => Ok(()),
            State::CatWon => f.write_str(":won"),
            State::CatLost => f.write_str(":lost"),
        }
    }
}

/// Why a game ID could not be read; each variant names the part that is
/// wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameIdError {
    /// The ID does not have 3 or 4 `:`-separated parts.
    Parts(usize),
    /// Part 1 (size) is not a decimal number.
    SizeNotANumber(String),
    /// Part 1 (size) is not a valid board size.
    Size(SizeError),
    /// Part 2 (cat) is not of the form `X,Y`.
    CatMalformed(String),
    /// Part 2 (cat) names a position that is not a cell of the board.
    CatOffBoard(Pos),
    /// Part 2 (cat) names a cell that part 3 blocks.
    CatOnBlockedCell(Pos),
    /// Part 3 (cells) has a character outside the base-32 alphabet.
    CellsCharacter {
        /// The character's index within the part, from 0.
        index: usize,
        /// The character.
        found: char,
    },
    /// Part 3 (cells) is longer than the board has cells for.
    CellsTooLong {
        /// The most characters a board of this size needs.
        max: usize,
        /// The characters found.
        found: usize,
    },
    /// Part 3 (cells) is empty.
    CellsEmpty,
    /// Part 3 (cells) sets bits past the board's last cell.
    CellsPastEnd,
    /// Part 4 (state) is not `won`, `lost` or `playing`.
    State(String),
}

impl fmt::Display for GameIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid game ID: ")?;
        match self {
            GameIdError::Parts(n) => write!(
                f,
                "expected SIZE:X,Y:CELLS with an optional :STATE, found {n} part(s)"
            ),
            GameIdError::SizeNotANumber(s) => write!(f, "part 1 (size) {s:?} is not a number"),
            GameIdError::Size(e) => write!(f, "part 1 (size): {e}"),
            GameIdError::CatMalformed(s) => {
                write!(f, "part 2 (cat) {s:?} is not of the form X,Y")
            }
            GameIdError::CatOffBoard(p) => {
                write!(f, "part 2 (cat): {p} is not a cell of the board")
            }
            GameIdError::CatOnBlockedCell(p) => {
                write!(f, "part 2 (cat): {p} is a blocked cell")
            }
            GameIdError::CellsCharacter { index, found } => write!(
                f,
                "part 3 (cells): character {found:?} at index {index} is not base-32"
            ),
            GameIdError::CellsTooLong { max, found } => write!(
                f,
                "part 3 (cells) has {found} characters; this board needs at most {max}"
            ),
            GameIdError::CellsEmpty => f.write_str("part 3 (cells) is empty"),
            GameIdError::CellsPastEnd => {
                f.write_str("part 3 (cells) blocks cells past the last cell of the board")
            }
            GameIdError::State(s) => {
                write!(f, "part 4 (state) {s:?} is not won, lost or playing")
            }
        }
    }
}

impl std::error::Error for GameIdError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GameIdError::Size(e) => Some(e),
            _ => None,
        }
    }
}

fn parse_cat(text: &str) -> Option<Pos> {
    let (x, y) = text.split_once(',')?;
    Some(Pos::new(x.parse().ok()?, y.parse().ok()?))
}

impl FromStr for GameId {
    type Err = GameIdError;

    /// Reads a game ID (surrounding whitespace is ignored).
    fn from_str(text: &str) -> Result<GameId, GameIdError> {
        let parts: Vec<&str> = text.trim().split(':').collect();
        if !(3..=4).contains(&parts.len()) {
            return Err(GameIdError::Parts(parts.len()));
        }
        let size: u32 = parts[0]
            .parse()
            .map_err(|_| GameIdError::SizeNotANumber(parts[0].to_owned()))?;
        let mut board = Board::empty(size).map_err(GameIdError::Size)?;
        let cat =
            parse_cat(parts[1]).ok_or_else(|| GameIdError::CatMalformed(parts[1].to_owned()))?;
        if !board.contains(cat) {
            return Err(GameIdError::CatOffBoard(cat));
        }

        let cells = parts[2];
        if cells.is_empty() {
            return Err(GameIdError::CellsEmpty);
        }
        let count = board.cell_count();
        let max = count.div_ceil(5);
        let found = cells.chars().count();
        if found > max {
            return Err(GameIdError::CellsTooLong { max, found });
        }
        // Each character gives the next five cells, in the order of
        // `Board::cells`. Only the last character can reach past the last
        // cell (the length is checked above), so a bad character anywhere
        // is found before bits past the end.
        let mut positions = board.layout().positions();
        for (index, c) in cells.chars().enumerate() {
            let v = decode_char(c).ok_or(GameIdError::CellsCharacter { index, found: c })?;
            for bit in (0..5).rev().map(|b| v >> b & 1 == 1) {
                match positions.next() {
                    Some(p) if bit => {
                        board.block(p);
                    }
                    None if bit => return Err(GameIdError::CellsPastEnd),
                    _ => {}
                }
            }
        }
        if board.is_blocked(cat) {
            return Err(GameIdError::CatOnBlockedCell(cat));
        }

        let state = match parts.get(3).map(|s| s.to_ascii_lowercase()) {
            None => State::Playing,
            Some(s) if s == "playing" => State::Playing,
            Some(s) if s == "won" => State::CatWon,
            Some(s) if s == "lost" => State::CatLost,
            Some(_) => return Err(GameIdError::State(parts[3].to_owned())),
        };
        Ok(GameId { board, cat, state })
    }
}
