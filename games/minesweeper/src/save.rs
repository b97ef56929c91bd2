//! What the launcher builds its New game, Game ID field, undo, redo,
//! restart, resume and statistics on: [`Minesweeper`]'s implementations of
//! game-api's optional [`NewGame`], [`SaveLoad`] and [`Outcomes`].
//!
//! **Game IDs.** `WxH:M:MODE:SEED`, and once the first tile is uncovered
//! `:COL,ROW` of that tile (counted from 1): the board, its mines, how
//! they are laid (`no-guess` or `classic`), the seed, and the first click,
//! which together lay the same mines again ([`GameId`]):
//!
//! ```
//! use minesweeper::save::GameId;
//! let id: GameId = "30x16:99:no-guess:42:15,8".parse().unwrap();
//! assert_eq!(id.to_string(), "30x16:99:no-guess:42:15,8");
//! assert!("30x16:99:no-guess".parse::<GameId>().is_err());
//! ```
//!
//! An ID with a first click starts with that tile uncovered and the clock
//! running; one without waits for the first click. (The ID changes at the
//! first click, and the launcher takes that for the start of the game:
//! Restart goes back to the board just after it.)
//!
//! **Saved games.** A few lines of UTF-8 text:
//!
//! ```text
//! Minesweeper save 1
//! game 9x9:10:no-guess:42:5,5
//! mines *......../......*../...
//! tiles ooooF..o./...
//! exploded -
//! clock 12250
//! end
//! ```
//!
//! `mines` are the rows of the board, `*` a mine (`-` before the first
//! click); `tiles` what each tile shows, `.` covered, `F` flagged, `?`
//! a question mark, `o` uncovered; `exploded` the mine that went off (its index, or `-`);
//! `clock` the clock's milliseconds at the last move. The pointer and the
//! cursor are not saved, nor the seconds that passed since the last move.
//!
//! **Outcome.** Every tile without a mine uncovered is won, scored by the
//! seconds it took, fewer being better (`ScoreKind::fewest("seconds")`,
//! ABI revision 5); a mine uncovered is lost.

use std::fmt;
use std::str::FromStr;

use game_api::saved_text::SavedText;
use game_api::{GameError, NewGame, Outcome, Outcomes, SaveLoad};

use crate::board::{Board, Size, Tile};
use crate::game::Minesweeper;
use crate::generate::Mode;
use crate::settings::{parse_size_word, size_word};

/// The first line of a save, before the format's number.
pub const HEADER: &str = "Minesweeper save";

/// The format this version writes and reads.
pub const FORMAT: u32 = 1;

/// An example game ID, for messages.
pub const EXAMPLE_ID: &str = "16x16:30:no-guess:2024";

/// A game: its board, how its mines are laid, its seed and its first click.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameId {
    /// The board.
    pub size: Size,
    /// How the mines are laid.
    pub mode: Mode,
    /// The seed they are laid from.
    pub seed: u64,
    /// The first tile uncovered (its index), once there was one.
    pub first: Option<usize>,
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}",
            size_word(self.size),
            self.mode.word(),
            self.seed
        )?;
        if let Some(first) = self.first {
            let (row, col) = self.size.grid().row_col(first);
            write!(f, ":{},{}", col + 1, row + 1)?;
        }
        Ok(())
    }
}

impl FromStr for GameId {
    type Err = String;

    /// Reads an ID a player typed or pasted; what is wrong, in a player's
    /// words.
    fn from_str(text: &str) -> Result<GameId, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err(format!(
                "Type or paste a game ID, such as {EXAMPLE_ID}, then press Enter."
            ));
        }
        let parts: Vec<&str> = text.split(':').collect();
        if !(4..=5).contains(&parts.len()) {
            return Err(format!(
                "{text:?} is not a game ID of Minesweeper. A game ID is the board, the mines, no-guess or classic and a seed, with : between them, such as {EXAMPLE_ID}; it may end with the first click's column and row, such as :8,8."
            ));
        }
        let size = parse_size_word(&format!("{}:{}", parts[0], parts[1]))?;
        let mode = Mode::from_word(parts[2]).ok_or_else(|| {
            format!(
                "{:?} in that game ID is neither no-guess nor classic.",
                parts[2]
            )
        })?;
        let seed = parts[3].trim().parse::<u64>().map_err(|_| {
            format!(
                "The seed of a game ID is a whole number from 0 to {}, not {:?}.",
                u64::MAX,
                parts[3]
            )
        })?;
        let first = match parts.get(4) {
            None => None,
            Some(cell) => {
                let bad = || {
                    format!(
                        "The first click {cell:?} is not a column from 1 to {} and a row from 1 to {}, such as 3,5.",
                        size.width, size.height
                    )
                };
                let (col, row) = cell.split_once(',').ok_or_else(bad)?;
                let col: usize = col.trim().parse().map_err(|_| bad())?;
                let row: usize = row.trim().parse().map_err(|_| bad())?;
                if !(1..=size.width).contains(&col) || !(1..=size.height).contains(&row) {
                    return Err(bad());
                }
                Some(size.grid().index(row - 1, col - 1))
            }
        };
        Ok(GameId {
            size,
            mode,
            seed,
            first,
        })
    }
}

impl Minesweeper {
    /// The ID of the game being played.
    pub fn id(&self) -> GameId {
        GameId {
            size: self.size(),
            mode: self.mode,
            seed: self.seed,
            first: self.first,
        }
    }

    /// Starts the game `id` names: covered, or with its first click made.
    pub fn start(&mut self, id: GameId) {
        self.deal_size(id.size, id.mode, id.seed);
        if let Some(first) = id.first {
            self.uncover(first);
        }
    }
}

/// The rows of `mines`, `*` a mine, `/` between rows.
fn mines_text(board: &Board) -> String {
    let grid = board.grid();
    let mut text = String::with_capacity(grid.cells() + grid.height);
    for (i, &m) in board.mines().iter().enumerate() {
        if i > 0 && i % grid.width == 0 {
            text.push('/');
        }
        text.push(if m { '*' } else { '.' });
    }
    text
}

fn damaged(what: &str) -> GameError {
    GameError(game_api::saved_text::damaged("Minesweeper", what))
}

/// New games from seeds, and game IDs.
impl NewGame for Minesweeper {
    /// Deals a covered board of the chosen size and mode; the mines are
    /// laid at the first click, from `seed` and that tile.
    fn new_game(&mut self, seed: u64) {
        self.deal(seed);
    }

    fn game_id(&self) -> String {
        self.id().to_string()
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let id: GameId = id.parse().map_err(GameError)?;
        self.start(id);
        Ok(())
    }
}

/// The position for the launcher's undo, redo, restart and resume.
impl SaveLoad for Minesweeper {
    fn save(&self) -> Vec<u8> {
        let b = &self.board;
        let mines = if b.is_placed() {
            mines_text(b)
        } else {
            "-".into()
        };
        let tiles: String = b
            .tiles()
            .iter()
            .map(|t| match t {
                Tile::Covered => '.',
                Tile::Flagged => 'F',
                Tile::Marked => '?',
                Tile::Open => 'o',
            })
            .collect();
        let exploded = b.exploded().map_or("-".into(), |e| e.to_string());
        format!(
            "{HEADER} {FORMAT}\ngame {}\nmines {mines}\ntiles {tiles}\nexploded {exploded}\nclock {}\nend\n",
            self.id(),
            self.clock_ms
        )
        .into_bytes()
    }

    /// Goes on from the saved position. Within the same game the clock
    /// never runs backwards: an undo takes the tiles back, not the time.
    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let mut saved = SavedText::read(bytes, "Minesweeper", HEADER, FORMAT)?;
        let id: GameId = saved
            .field("game")?
            .parse()
            .map_err(|e| damaged(&format!("its game is not a game ID ({e})")))?;
        let mines = saved.field("mines")?;
        let tiles = saved.field("tiles")?;
        let exploded = saved.field("exploded")?;
        let clock = saved.field("clock")?;
        saved.finish("the clock")?;

        let size = id.size;
        let mut board = Board::new(size);
        if mines != "-" {
            let rows: Vec<&str> = mines.split('/').collect();
            if rows.len() != size.height || rows.iter().any(|r| r.len() != size.width) {
                return Err(damaged("its mines are not a board of its size"));
            }
            let laid: Vec<bool> = rows.concat().chars().map(|c| c == '*').collect();
            board
                .place(laid)
                .map_err(|e| damaged(&format!("its mines do not fit: {e}")))?;
        }
        if board.is_placed() != id.first.is_some() {
            return Err(damaged("its mines and its first click do not agree"));
        }
        if let Some(first) = id.first
            && board.is_mine(first)
        {
            return Err(damaged("its first click is on a mine"));
        }
        if tiles.len() != size.cells() {
            return Err(damaged("its tiles are not one per cell"));
        }
        let tiles = tiles
            .chars()
            .map(|c| match c {
                '.' => Ok(Tile::Covered),
                'F' => Ok(Tile::Flagged),
                '?' => Ok(Tile::Marked),
                'o' => Ok(Tile::Open),
                other => Err(damaged(&format!("{other:?} is not a tile"))),
            })
            .collect::<Result<Vec<Tile>, GameError>>()?;
        let exploded = match exploded {
            "-" => None,
            n => Some(
                n.parse::<usize>()
                    .map_err(|_| damaged(&format!("{n:?} is not a tile's number")))?,
            ),
        };
        board.restore(tiles, exploded).map_err(|e| damaged(&e))?;
        let clock_ms: u64 = clock
            .parse()
            .map_err(|_| damaged(&format!("its clock {clock:?} is not a time")))?;

        let same_game = id == self.id();
        let now_ms = (self.elapsed * 1000.0) as u64;
        let clock_ms = if same_game && !board.is_over() {
            clock_ms.max(now_ms)
        } else {
            clock_ms
        };
        if !same_game {
            self.may_need_guess = false;
        }
        self.board = board;
        self.mode = id.mode;
        self.seed = id.seed;
        self.first = id.first;
        self.clock_ms = clock_ms;
        self.elapsed = clock_ms as f64 / 1000.0;
        self.settle();
        Ok(())
    }
}

/// Cleared is won, scored by the seconds it took (fewer is better); a mine uncovered
/// is lost.
impl Outcomes for Minesweeper {
    fn outcome(&self) -> Outcome {
        if self.board().is_won() {
            Outcome::won().with_score(self.seconds() as i64)
        } else if self.board().is_lost() {
            Outcome::lost()
        } else {
            Outcome::PLAYING
        }
    }

    fn score_kind(&self) -> game_api::ScoreKind {
        game_api::ScoreKind::fewest("seconds")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_bad_ones_are_explained() {
        for text in [
            "9x9:10:classic:0",
            "30x16:99:no-guess:18446744073709551615:30,16",
            "5x5:16:no-guess:1:1,1",
        ] {
            let id: GameId = text.parse().unwrap();
            assert_eq!(id.to_string(), text);
        }
        let err = |t: &str| t.parse::<GameId>().unwrap_err();
        assert!(err("").contains(EXAMPLE_ID));
        assert!(err("hello").contains("not a game ID"));
        assert!(err("9x9:10:easy:3").contains("neither no-guess nor classic"));
        assert!(err("9x9:10:classic:-3").contains("whole number"));
        assert!(err("9x9:10:classic:3:10,1").contains("column from 1 to 9"));
        assert!(err("9x9:99:classic:3").contains("1 to 72 mines"));
    }

    #[test]
    fn every_cut_of_a_save_is_refused() {
        let mut game = Minesweeper::with_seed(Size::BEGINNER, Mode::NoGuess, 3);
        game.uncover(40);
        let bytes = game.save();
        for len in 0..bytes.len() {
            let mut other = Minesweeper::with_seed(Size::BEGINNER, Mode::NoGuess, 4);
            assert!(other.load(&bytes[..len]).is_err(), "{len}");
            assert!(!other.board().is_placed());
        }
        let mut other = Minesweeper::with_seed(Size::EXPERT, Mode::Classic, 4);
        other.load(&bytes).unwrap();
        assert_eq!(other.board(), game.board());
        assert_eq!(other.game_id(), game.game_id());
    }

    #[test]
    fn ticks_and_the_pointer_change_no_saved_byte() {
        use game_api::{Event, Game, Point};
        let mut game = Minesweeper::with_seed(Size::BEGINNER, Mode::NoGuess, 8);
        game.uncover(40);
        let before = game.save();
        assert!(game.tick(2.5));
        game.handle_event(&Event::PointerMove {
            pos: Point::new(20.0, 70.0),
        });
        assert_eq!(game.save(), before, "no move for the launcher to record");
        // The next move keeps the clock's time.
        let covered = (0..81)
            .find(|&i| game.board().tile(i) == Tile::Covered)
            .unwrap();
        game.toggle_flag(covered);
        assert!(
            String::from_utf8(game.save())
                .unwrap()
                .contains("\nclock 2500\n")
        );
    }

    #[test]
    fn undo_keeps_the_time_and_resume_goes_on_from_the_last_move() {
        let mut game = Minesweeper::with_seed(Size::BEGINNER, Mode::NoGuess, 8);
        game.uncover(40);
        let early = game.save();
        game.tick(3.0);
        let covered = (0..81)
            .find(|&i| game.board().tile(i) == Tile::Covered)
            .unwrap();
        game.toggle_flag(covered);
        let late = game.save();
        game.tick(4.0);
        assert_eq!(game.seconds(), 7);
        // Undo: the flag goes, the clock stays.
        game.load(&early).unwrap();
        assert_eq!(game.board().tile(covered), Tile::Covered);
        assert_eq!(game.seconds(), 7);
        // Resume in a new window: the time of the last move.
        let mut resumed = Minesweeper::with_seed(Size::ORIGINAL, Mode::NoGuess, 1);
        resumed.load(&late).unwrap();
        assert_eq!(resumed.seconds(), 3);
        assert!(resumed.clock_runs());
        assert_eq!(resumed.board().tile(covered), Tile::Flagged);
    }

    #[test]
    fn a_win_scores_minus_the_seconds_and_a_loss_is_lost() {
        let mut game = Minesweeper::with_seed(Size::BEGINNER, Mode::NoGuess, 12);
        assert_eq!(game.outcome(), Outcome::PLAYING);
        game.uncover(0);
        game.tick(41.7);
        let safe: Vec<usize> = (0..81).filter(|&i| !game.board().is_mine(i)).collect();
        for i in safe {
            game.uncover(i);
        }
        assert_eq!(game.outcome(), Outcome::won().with_score(41));
        let mut lost = Minesweeper::with_seed(Size::BEGINNER, Mode::NoGuess, 12);
        lost.uncover(0);
        let mine = (0..81).find(|&i| lost.board().is_mine(i)).unwrap();
        lost.uncover(mine);
        assert_eq!(lost.outcome(), Outcome::lost());
    }
}
