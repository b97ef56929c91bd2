//! What the launcher builds its New game, Game ID field, undo, redo,
//! restart, resume and statistics on: [`LightsOut`]'s implementations of
//! game-api's optional [`NewGame`], [`SaveLoad`] and [`Outcomes`].
//!
//! **Game IDs.** A game ID is the puzzle as dealt, its rows from the
//! top with `/` between them, `#` for a light that is on and `.` for one
//! that is off ([`game_id`], [`parse_game_id`]). The number of rows (each
//! of as many lights) is the board's size, so a 5×5 ID reads as it did
//! when 5×5 was the only size, and a 3×3 one is `#../.../...`:
//!
//! ```
//! use lights_out::save::{game_id, parse_game_id};
//! use lights_out::{Board, Cell};
//! let mut board = Board::OFF;
//! board.press(Cell::new(0, 0));
//! assert_eq!(game_id(board), "##.../#..../...../...../.....");
//! assert_eq!(parse_game_id(" ##.../#..../...../...../..... "), Ok(board));
//! assert_eq!(parse_game_id("#../.../...").unwrap().size(), 3);
//! ```
//!
//! **Saved games.** A save is a few lines of UTF-8 text:
//!
//! ```text
//! Lights Out save 1
//! start ##.../#..../...../....#/...##
//! board ##.../#..../...../...../.....
//! moves 1
//! hints 1
//! ring 0,0
//! end
//! ```
//!
//! `start` is the puzzle as dealt (so the game ID survives an undo),
//! `board` the lights now (both game IDs, so they carry the size, and the
//! saves of the versions that had only 5×5 load as they are), `moves` and `hints` the counters, `ring` the
//! light the Hint ring shows (its row and column from 0, or `-`); `end`
//! marks a save that is whole. The
//! highlight under the pointer is not saved: it is not part of a position.
//!
//! **Outcome.** The puzzle solved is won, with a score of the moves it
//! took, fewer being better (`ScoreKind::fewest("moves")`, ABI revision 5:
//! the statistics say "best score 10 moves"); there is no losing. Before
//! revision 5 the score was minus the moves; the launcher reads such old
//! bests the right way round.

use std::fmt::Write as _;

use game_api::saved_text::SavedText;
use game_api::{GameError, NewGame, Outcome, Outcomes, SaveLoad};

use crate::board::{Board, Cell, MAX_SIZE, SIZES};
use crate::game::LightsOut;

/// The first line of a save, before the format's number.
pub const HEADER: &str = "Lights Out save";

/// The format this version writes and reads.
pub const FORMAT: u32 = 1;

/// The game ID the messages show as an example (two presses in opposite
/// corners).
pub const EXAMPLE_ID: &str = "##.../#..../...../....#/...##";

/// The game ID of a puzzle dealt as `board`: its rows from the top, with
/// `/` between them.
pub fn game_id(board: Board) -> String {
    let size = board.size();
    let mut id = String::with_capacity(size * (size + 1));
    for row in 0..size {
        if row > 0 {
            id.push('/');
        }
        for col in 0..size {
            id.push(if board.is_lit(Cell::new(row, col)) {
                '#'
            } else {
                '.'
            });
        }
    }
    id
}

/// Reads a game ID a player typed or pasted: `n` rows of `n` lights, `n`
/// one of [`SIZES`] (surrounding white space is ignored).
///
/// # Errors
///
/// What is wrong, in a player's words.
pub fn parse_game_id(text: &str) -> Result<Board, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!(
            "Type or paste a game ID, such as {EXAMPLE_ID}, then press Enter."
        ));
    }
    let rows: Vec<&str> = text.split('/').collect();
    let size = rows.len();
    if !SIZES.contains(&size) {
        return Err(format!(
            "{text:?} is not a game ID of Lights Out. A game ID gives the rows of lights from the top (3 to {MAX_SIZE} rows, each of as many lights as there are rows), # for a light that is on and . for one that is off, with / between the rows, such as {EXAMPLE_ID}."
        ));
    }
    let mut board = Board::off(size);
    for (row, line) in rows.iter().enumerate() {
        let n = row + 1;
        if let Some(c) = line.chars().find(|&c| c != '#' && c != '.') {
            return Err(format!(
                "Row {n} of that game ID has {c:?}: a light is # when it is on and . when it is off."
            ));
        }
        if line.len() != size {
            return Err(format!(
                "Row {n} of that game ID has {} lights; a game ID of {size} rows has {size} lights in every row.",
                line.len()
            ));
        }
        for (col, c) in line.chars().enumerate() {
            board.set(Cell::new(row, col), c == '#');
        }
    }
    Ok(board)
}

/// A game ID the game can deal: readable, with a light on, and solvable.
fn playable(text: &str) -> Result<Board, String> {
    let board = parse_game_id(text)?;
    if board.is_solved() {
        return Err("Every light of that board is already off: there is nothing to solve.".into());
    }
    if !board.is_solvable() {
        return Err(
            "That board cannot be solved: no presses turn all its lights off. On the 4×4, 5×5 and 9×9 boards only some boards can be (a quarter of the 5×5 ones)."
                .into(),
        );
    }
    Ok(board)
}

/// The cell `ROW,COL` (each from 0) names, if it is on a board of `size`.
fn cell(text: &str, size: usize) -> Option<Cell> {
    let (row, col) = text.split_once(',')?;
    let (row, col) = (row.parse().ok()?, col.parse().ok()?);
    (row < size && col < size).then(|| Cell::new(row, col))
}

/// The message for a save whose lines are wrong in the way `what` says.
fn damaged(what: &str) -> GameError {
    GameError(game_api::saved_text::damaged("Lights Out", what))
}

/// New puzzles from seeds, and game IDs: the puzzle as dealt.
impl NewGame for LightsOut {
    /// Deals the puzzle [`Board::random_solvable_sized`] makes from `seed`,
    /// at the size the Size choice shows.
    fn new_game(&mut self, seed: u64) {
        self.deal(Board::random_solvable_sized(self.size, seed));
    }

    fn game_id(&self) -> String {
        game_id(self.start)
    }

    /// Deals the board `id` names, at its size, if it can be solved, and
    /// says why not otherwise.
    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        self.deal(playable(id).map_err(GameError)?);
        Ok(())
    }
}

/// The position for the launcher's undo, redo, restart and resume.
impl SaveLoad for LightsOut {
    fn save(&self) -> Vec<u8> {
        let mut text = String::with_capacity(128);
        // Writing to a String cannot fail.
        let _ = write!(
            text,
            "{HEADER} {FORMAT}\nstart {}\nboard {}\nmoves {}\nhints {}\nring ",
            game_id(self.start),
            game_id(self.board),
            self.moves,
            self.hints,
        );
        let _ = match self.hint {
            Some(cell) => writeln!(text, "{},{}", cell.row, cell.col),
            None => writeln!(text, "-"),
        };
        text.push_str("end\n");
        text.into_bytes()
    }

    /// Goes on from the saved position, keeping the highlight.
    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let mut saved = SavedText::read(bytes, "Lights Out", HEADER, FORMAT)?;
        let board = |text: &str, what: &str| {
            parse_game_id(text).map_err(|e| damaged(&format!("its {what} are not a board ({e})")))
        };
        let count = |text: &str, what: &str| {
            text.parse::<u32>()
                .map_err(|_| damaged(&format!("its {what} {text:?} is not a count")))
        };
        let start = board(saved.field("start")?, "lights as dealt")?;
        let now = board(saved.field("board")?, "lights")?;
        let moves = count(saved.field("moves")?, "move count")?;
        let hints = count(saved.field("hints")?, "hint count")?;
        let ring = match saved.field("ring")? {
            "-" => None,
            text => Some(cell(text, start.size()).ok_or_else(|| {
                damaged(&format!(
                    "its ring {text:?} is not a light's row and column"
                ))
            })?),
        };
        saved.finish("the counters")?;
        if start.size() != now.size() {
            return Err(damaged(&format!(
                "its lights as dealt are {0}×{0} and its lights now {1}×{1}",
                start.size(),
                now.size()
            )));
        }
        if !Board::with_bits(start.size(), start.bits() ^ now.bits()).is_solvable() {
            return Err(damaged(
                "no presses turn the lights as dealt into the lights it has now",
            ));
        }
        self.stop_solving();
        self.start = start;
        self.size = start.size();
        self.cursor_on_board();
        self.board = now;
        self.moves = moves;
        self.hints = hints;
        self.pressed = None;
        self.hint = ring;
        Ok(())
    }
}

/// Solved is won, scored by the moves it took, fewer being better; the
/// puzzle cannot be lost.
impl Outcomes for LightsOut {
    fn outcome(&self) -> Outcome {
        if self.is_won() {
            Outcome::won()
                .with_score(i64::from(self.moves))
                .with_assistance(self.hints > 0)
        } else {
            Outcome::PLAYING
        }
    }

    fn score_kind(&self) -> game_api::ScoreKind {
        game_api::ScoreKind::fewest("moves")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_id_is_a_puzzle() {
        let board = playable(EXAMPLE_ID).unwrap();
        assert_eq!(board.solve().unwrap().len(), 2);
        assert_eq!(game_id(board), EXAMPLE_ID);
    }

    #[test]
    fn every_board_round_trips_through_its_id() {
        for bits in (0..1u128 << 25).step_by(9973) {
            let board = Board::from_bits(bits);
            assert_eq!(parse_game_id(&game_id(board)), Ok(board));
        }
        for size in SIZES {
            for seed in 0..50 {
                let board = Board::random_solvable_sized(size, seed);
                let id = game_id(board);
                assert_eq!(id.split('/').count(), size);
                assert_eq!(parse_game_id(&id), Ok(board));
                assert_eq!(playable(&id), Ok(board));
            }
        }
    }

    #[test]
    fn ids_of_no_size_or_ragged_rows_are_refused_in_a_players_words() {
        let err = parse_game_id("##/##").unwrap_err();
        assert!(err.contains("3 to 9 rows"), "{err}");
        let err = parse_game_id("#../..../...").unwrap_err();
        assert_eq!(
            err,
            "Row 2 of that game ID has 4 lights; a game ID of 3 rows has 3 lights in every row."
        );
        // A lone lit corner cannot be solved on 4×4, but can on 3×3.
        assert!(
            playable("#.../..../..../....")
                .unwrap_err()
                .contains("cannot be solved")
        );
        assert!(playable("#../.../...").is_ok());
    }

    /// A save written by the versions that had only the 5×5 board (this
    /// text is one, byte for byte) still loads.
    #[test]
    fn a_save_from_before_sizes_loads() {
        let old = b"Lights Out save 1\nstart ##.../#..../...../....#/...##\nboard ##.../#..../...../...../.....\nmoves 1\nhints 1\nring 0,0\nend\n";
        let mut game = LightsOut::with_seed(8);
        game.size = 7;
        game.load(old).unwrap();
        assert_eq!(game.size(), 5);
        assert_eq!(game.chosen_size(), 5);
        assert_eq!(game.game_id(), EXAMPLE_ID);
        assert_eq!((game.moves(), game.hints_used()), (1, 1));
        assert_eq!(game.shown_hint(), Some(Cell::new(0, 0)));
        assert_eq!(game.save(), old);
    }

    #[test]
    fn a_7x7_game_saves_and_loads_with_its_size() {
        let mut game = LightsOut::with_board(Board::random_solvable_sized(7, 3));
        game.press(Cell::new(6, 6));
        game.show_hint();
        let bytes = game.save();
        let mut other = LightsOut::with_seed(1);
        other.load(&bytes).unwrap();
        assert_eq!((other.size(), other.chosen_size()), (7, 7));
        assert_eq!(other.board(), game.board());
        assert_eq!(other.game_id(), game.game_id());
        assert_eq!(other.save(), bytes);
        // A save whose two boards differ in size is damaged.
        let text = String::from_utf8(bytes).unwrap();
        let start = text.lines().nth(1).unwrap().to_owned();
        let mixed = text.replace(&start, "start ##.../#..../...../....#/...##");
        assert!(other.load(mixed.as_bytes()).is_err());
    }

    #[test]
    fn every_cut_of_a_save_is_refused() {
        let mut game = LightsOut::with_seed(3);
        game.press(Cell::new(2, 2));
        let bytes = game.save();
        for len in 0..bytes.len() {
            let mut other = LightsOut::with_seed(4);
            assert!(other.load(&bytes[..len]).is_err(), "{len}");
            assert_eq!(other.board(), Board::random_solvable(4));
        }
    }
}
