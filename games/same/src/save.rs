//! What the launcher builds its New game, Game ID field, undo, redo,
//! restart, resume and statistics on: [`Same`]'s implementations of
//! game-api's optional [`NewGame`], [`SaveLoad`] and [`Outcomes`].
//!
//! **Game IDs.** A game ID is the board as dealt: its rows from the top
//! with `/` between them, each dot a digit from 1 to 6 for its colour
//! (1 blue, 2 red, 3 brown, 4 green, 5 purple, 6 gold). Any full board of
//! an offered size with three to six colours and a move to make can be
//! played from its ID ([`parse_game_id`]):
//!
//! ```
//! use same::save::parse_game_id;
//! let id = "1122334455/".repeat(8);
//! let board = parse_game_id(id.trim_end_matches('/')).unwrap();
//! assert_eq!((board.width(), board.height(), board.colours()), (10, 8, 5));
//! assert!(parse_game_id("12/21").unwrap_err().contains("10×8"));
//! ```
//!
//! **Saved games.** A save is a few lines of UTF-8 text:
//!
//! ```text
//! Same save 1
//! start 1123/2213/3312
//! board ..../1.../1223
//! clicks 17
//! end
//! ```
//!
//! `start` is the board as dealt (so the game ID survives an undo),
//! `board` the dots now (`.` for an empty cell), `clicks` the points the
//! clicks scored; the bonus follows from the board. What the pointer or the
//! cursor is on, and the dots' fall being drawn, are not saved: they are
//! not part of a position.
//!
//! **Outcome.** The game is over when no group of two dots is left. A
//! cleared board is won; a game that ends with dots left is lost. Either
//! way its score is the final total, clicks plus bonus (higher is better).

use game_api::saved_text::SavedText;
use game_api::{GameError, NewGame, Outcome, Outcomes, SaveLoad};

use crate::board::{Board, MAX_COLOURS};
use crate::game::Same;
use crate::settings::{COLOURS, SIZES, size_label};

/// The first line of a save, before the format's number.
pub const HEADER: &str = "Same save";

/// The format this version writes and reads.
pub const FORMAT: u32 = 1;

/// "a, b, c and d".
fn list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// Reads a game ID a player typed or pasted, and accepts a board the game
/// can deal: full, of an offered size, with an offered number of colours,
/// and with a move to make.
///
/// # Errors
///
/// What is wrong, in a player's words.
pub fn parse_game_id(text: &str) -> Result<Board, String> {
    let board = parse_dealt(text)?;
    if !board.has_move() {
        return Err(
            "That board has no two touching dots of one colour: there is nothing to play.".into(),
        );
    }
    Ok(board)
}

/// Reads a board as dealt: full, of an offered size, with an offered
/// number of colours (a save's `start`, which may even have no move).
fn parse_dealt(text: &str) -> Result<Board, String> {
    let text = text.trim();
    let form = "A game ID gives the board's rows from the top with / between them, each dot a digit from 1 to 6 for its colour; the ID of a 10×8 board is 8 rows of 10 digits.";
    if text.is_empty() {
        return Err(format!("Type or paste a game ID, then press Enter. {form}"));
    }
    let board: Board = text
        .parse()
        .map_err(|e| format!("That is not a game ID of Same: {e}. {form}"))?;
    if board.dot_count() < board.width() * board.height() {
        return Err(format!(
            "A game ID is a board as it was dealt, full of dots, but that one has empty cells ('.'). {form}"
        ));
    }
    let size = (board.width(), board.height());
    if !SIZES.contains(&size) {
        let sizes: Vec<String> = SIZES.into_iter().map(size_label).collect();
        return Err(format!(
            "That game ID is for a board of {} columns and {} rows ({}); Same offers {}.",
            size.0,
            size.1,
            size_label(size),
            list(&sizes)
        ));
    }
    if !COLOURS.contains(&board.colours()) {
        let mut offered = COLOURS;
        offered.sort_unstable();
        let offered: Vec<String> = offered.iter().map(ToString::to_string).collect();
        return Err(format!(
            "That game ID uses the colours 1 to {}; Same plays with {} colours.",
            board.colours(),
            list(&offered).replace(" and ", " or ")
        ));
    }
    Ok(board)
}

/// The message for a save whose lines are wrong in the way `what` says.
fn damaged(what: &str) -> GameError {
    GameError(game_api::saved_text::damaged("Same", what))
}

/// Whether `now` is a position that clicks scoring `clicks` points can
/// leave of `start`: the same size, settled, no colour with more dots than
/// it was dealt, and the points possible for the dots gone. Each click
/// removes a group of `n` ≥ 2 dots of one colour for `n²` points, so of
/// colour `c` either none went or two or more, and the points lie between
/// `2 × gone` (all in pairs) and the sum of the squares of the dots gone
/// of each colour (each colour in one click); and as `n²` and `n` are
/// both odd or both even, the points and the dots gone are too.
fn reachable(start: &Board, now: &Board, clicks: u64) -> Result<(), String> {
    if (start.width(), start.height()) != (now.width(), now.height()) {
        return Err("its board is not the size of the board as dealt".into());
    }
    if !now.is_settled() {
        return Err("its board has dots in the air or an empty column left of dots".into());
    }
    let (dealt, left) = (start.colour_counts(), now.colour_counts());
    let mut gone_total = 0u64;
    let mut most = 0u64;
    for c in 0..MAX_COLOURS {
        let gone = dealt[c]
            .checked_sub(left[c])
            .ok_or("its board has more dots of a colour than were dealt")?;
        if gone == 1 {
            return Err("a single dot of a colour is gone, and dots go two or more at once".into());
        }
        gone_total += gone as u64;
        most += (gone as u64) * (gone as u64);
    }
    if clicks < 2 * gone_total || clicks > most || clicks % 2 != gone_total % 2 {
        return Err(format!(
            "its {clicks} points cannot be scored by removing {gone_total} dots"
        ));
    }
    Ok(())
}

/// New games from seeds, and game IDs: the board as dealt.
impl NewGame for Same {
    /// Deals the board [`crate::deal::deal`] makes from `seed`, with the
    /// size and colours chosen.
    fn new_game(&mut self, seed: u64) {
        self.deal(seed);
    }

    fn game_id(&self) -> String {
        self.start.to_string()
    }

    /// Deals the board `id` names if the game can play it, and says why
    /// not otherwise.
    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let board = parse_game_id(id).map_err(GameError)?;
        self.begin(board.clone(), board, 0);
        Ok(())
    }
}

/// The position for the launcher's undo, redo, restart and resume.
impl SaveLoad for Same {
    fn save(&self) -> Vec<u8> {
        format!(
            "{HEADER} {FORMAT}\nstart {}\nboard {}\nclicks {}\nend\n",
            self.start, self.board, self.clicks
        )
        .into_bytes()
    }

    /// Goes on from the saved position, keeping the pointer and cursor.
    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let mut saved = SavedText::read(bytes, "Same", HEADER, FORMAT)?;
        let start = parse_dealt(saved.field("start")?)
            .map_err(|e| damaged(&format!("its board as dealt is not one Same deals ({e})")))?;
        let board: Board = saved
            .field("board")?
            .parse()
            .map_err(|e| damaged(&format!("its board is not a board ({e})")))?;
        let text = saved.field("clicks")?;
        let clicks: u64 = text
            .parse()
            .map_err(|_| damaged(&format!("its points {text:?} are not a number")))?;
        saved.finish("the points")?;
        reachable(&start, &board, clicks).map_err(|e| damaged(&e))?;
        self.begin(start, board, clicks);
        Ok(())
    }
}

/// A cleared board is won, a game that ends with dots left is lost; either
/// scores its final total.
impl Outcomes for Same {
    fn outcome(&self) -> Outcome {
        if !self.is_over() {
            return Outcome::PLAYING;
        }
        let outcome = if self.is_cleared() {
            Outcome::won()
        } else {
            Outcome::lost()
        };
        outcome.with_score(i64::try_from(self.score().total()).unwrap_or(i64::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Cell;
    use crate::settings::Settings;

    #[test]
    fn every_cut_of_a_save_is_refused() {
        let mut game = Same::with_seed(Settings::default(), 3);
        let cell = game
            .board()
            .groups()
            .into_iter()
            .find(|g| g.len() >= 2)
            .unwrap()[0];
        game.click(cell);
        let bytes = game.save();
        let fresh = Same::with_seed(Settings::default(), 4);
        for len in 0..bytes.len() {
            let mut other = fresh.clone();
            assert!(other.load(&bytes[..len]).is_err(), "{len}");
            assert_eq!(other.board(), fresh.board());
        }
        let mut other = fresh.clone();
        other.load(&bytes).unwrap();
        assert_eq!(other.board(), game.board());
        assert_eq!(other.score(), game.score());
        assert_eq!(other.game_id(), game.game_id());
    }

    #[test]
    fn impossible_positions_are_refused() {
        let start = "1122334455/".repeat(8);
        let start = start.trim_end_matches('/');
        let load = |board: &str, clicks: u64| {
            let mut game = Same::with_seed(Settings::default(), 1);
            let text = format!("Same save 1\nstart {start}\nboard {board}\nclicks {clicks}\nend\n");
            game.load(text.as_bytes())
                .map(|()| game.board().to_string())
        };
        let full = start.to_string();
        assert_eq!(load(&full, 0), Ok(full.clone()));
        assert!(load(&full, 4).is_err(), "points with no dot gone");
        // Two blue (1) dots gone from the top row: 4 points, no other.
        let two_gone = format!("..22334455/{}", "1122334455/".repeat(7));
        let two_gone = two_gone.trim_end_matches('/');
        // (Only necessary conditions are checked: no dot floats here.)
        assert_eq!(load(two_gone, 4), Ok(two_gone.to_string()));
        assert!(load(two_gone, 5).is_err(), "odd points for an even count");
        assert!(load(two_gone, 6).is_err(), "more than 2²");
        let one_gone = format!(".122334455/{}", "1122334455/".repeat(7));
        assert!(load(one_gone.trim_end_matches('/'), 1).is_err());
        let floating = format!(
            "{}/..........",
            "1122334455/".repeat(7).trim_end_matches('/')
        );
        assert!(load(&floating, 100).is_err());
        assert!(load("11/22", 0).is_err(), "another size");
        let more_blue = format!("1111334455/{}", "1122334455/".repeat(7));
        assert!(load(more_blue.trim_end_matches('/'), 0).is_err());
    }

    #[test]
    fn a_game_dealt_without_a_move_still_saves_and_loads() {
        // No two touching dots alike; its ID is refused, but a save of it
        // (a dealt board, however unlikely) loads for undo and resume.
        let board: Board = "1234512345/2345123451/"
            .repeat(4)
            .trim_end_matches('/')
            .parse()
            .unwrap();
        let game = Same::with_board(board.clone());
        assert!(game.is_over());
        let mut other = Same::with_seed(Settings::default(), 1);
        other.load(&game.save()).unwrap();
        assert_eq!(other.board(), &board);
        assert_eq!(other.outcome(), Outcome::lost().with_score(0));
    }

    #[test]
    fn game_ids_are_refused_in_a_players_words() {
        assert!(parse_game_id("").unwrap_err().starts_with("Type or paste"));
        assert!(
            parse_game_id("12a/111")
                .unwrap_err()
                .starts_with("That is not a game ID of Same: row 1 has 'a'")
        );
        // No two touching dots alike: each row is the one above shifted.
        let ten = "1234512345/2345123451/".repeat(4);
        let ten = ten.trim_end_matches('/');
        assert_eq!(
            parse_game_id(&ten.replacen('1', ".", 1))
                .unwrap_err()
                .split('.')
                .next(),
            Some(
                "A game ID is a board as it was dealt, full of dots, but that one has empty cells ('"
            )
        );
        assert_eq!(
            parse_game_id("11/22").unwrap_err(),
            "That game ID is for a board of 2 columns and 2 rows (2×2); Same offers 20×16, 10×8, 15×12 and 25×20."
        );
        let two_colours = "1212121212/".repeat(8);
        assert_eq!(
            parse_game_id(two_colours.trim_end_matches('/')).unwrap_err(),
            "That game ID uses the colours 1 to 2; Same plays with 3, 4, 5 or 6 colours."
        );
        assert_eq!(
            parse_game_id(ten).unwrap_err(),
            "That board has no two touching dots of one colour: there is nothing to play."
        );
    }

    #[test]
    fn the_outcome_is_won_only_for_a_cleared_board_and_scores_the_total() {
        let mut game = Same::with_board("12/12".parse().unwrap());
        assert_eq!(game.outcome(), Outcome::PLAYING);
        game.click(Cell::new(0, 0));
        game.click(Cell::new(0, 0));
        assert_eq!(game.outcome(), Outcome::won().with_score(5008));
        let mut game = Same::with_board("13/12".parse().unwrap());
        game.click(Cell::new(0, 0));
        assert!(game.is_over());
        assert_eq!(game.outcome(), Outcome::lost().with_score(4 + 4800));
    }
}
