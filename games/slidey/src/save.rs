//! What the launcher builds its New game, Game ID field, undo, redo,
//! restart, resume and statistics on: [`Slidey`]'s implementations of
//! game-api's optional [`NewGame`], [`SaveLoad`] and [`Outcomes`].
//!
//! **Game IDs.** A game ID is the board as dealt ([`Board::to_id`]): its
//! rows from the top with `/` between them, the tiles of a row with `,`
//! between them, `_` for the gap; `1,2,3/4,_,6/7,5,8` is a 3×3 board two
//! slides from solved. An ID the player types may have its gap anywhere,
//! but must be solvable and not solved already.
//!
//! **Saved games.** A few lines of UTF-8 text:
//!
//! ```text
//! Slidey save 1
//! start 1,2,3/4,_,6/7,5,8
//! board 1,2,3/4,5,6/7,_,8
//! moves 1
//! end
//! ```
//!
//! `start` is the board as dealt (so the game ID survives an undo),
//! `board` the tiles now, `moves` the count. The picture, the cursor, the
//! peek and the glide are not saved: they are not part of a position.
//!
//! **Outcome.** The picture repaired is won, scored by the moves (tiles
//! moved one cell each) it took, fewer being better
//! (`ScoreKind::fewest("moves")`, ABI revision 5). There is no losing.

use game_api::saved_text::SavedText;
use game_api::{GameError, NewGame, Outcome, Outcomes, SaveLoad};

use crate::board::{Board, Shuffle};
use crate::game::Slidey;

/// The first line of a save, before the format's number.
pub const HEADER: &str = "Slidey save";

/// The format this version writes and reads.
pub const FORMAT: u32 = 1;

/// A board the player may start from a game ID: readable, solvable and
/// not solved already.
///
/// # Errors
///
/// What is wrong, in a player's words.
pub fn playable(id: &str) -> Result<Board, String> {
    let board = Board::from_id(id)?;
    if board.is_solved() {
        return Err("That board is already solved: there is nothing to slide.".into());
    }
    if !board.is_solvable() {
        return Err(
            "That board cannot be solved: no slides put its tiles in order (two of its tiles would have to swap places). Only half of all boards can be."
                .into(),
        );
    }
    Ok(board)
}

fn damaged(what: &str) -> GameError {
    GameError(game_api::saved_text::damaged("Slidey", what))
}

/// New boards from seeds, and game IDs: the board as dealt.
impl NewGame for Slidey {
    /// Deals the [`Shuffle`] of `seed` at the size the Across and Down
    /// choices show.
    fn new_game(&mut self, seed: u64) {
        self.deal(Shuffle::new(self.chosen_size(), seed).board);
    }

    fn game_id(&self) -> String {
        self.start.to_id()
    }

    /// Deals the board `id` names (its size becomes the Across and Down
    /// choices'), or
    /// says why not.
    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        self.deal(playable(id).map_err(GameError)?);
        Ok(())
    }
}

/// The position for the launcher's undo, redo, restart and resume.
impl SaveLoad for Slidey {
    fn save(&self) -> Vec<u8> {
        format!(
            "{HEADER} {FORMAT}\nstart {}\nboard {}\nmoves {}\nend\n",
            self.start.to_id(),
            self.board.to_id(),
            self.moves
        )
        .into_bytes()
    }

    /// Goes on from the saved position, keeping the picture and settings.
    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let mut saved = SavedText::read(bytes, "Slidey", HEADER, FORMAT)?;
        let board = |text: &str, what: &str| {
            Board::from_id(text).map_err(|e| damaged(&format!("its {what} are not a board ({e})")))
        };
        let start = board(saved.field("start")?, "tiles as dealt")?;
        let now = board(saved.field("board")?, "tiles")?;
        let moves_text = saved.field("moves")?;
        let moves = moves_text
            .parse::<u32>()
            .map_err(|_| damaged(&format!("its move count {moves_text:?} is not a count")))?;
        saved.finish("the move count")?;
        if start.size() != now.size() {
            return Err(damaged("its board is not the size of the board as dealt"));
        }
        if !start.is_solvable() || !now.is_solvable() {
            return Err(damaged("its tiles cannot be slid back in order"));
        }
        self.start = start;
        let size = now.size();
        self.go_on(now, moves);
        self.set_chosen_size(size);
        Ok(())
    }
}

/// Solved is won, scored by the moves it took (fewer is better); there is
/// no losing.
impl Outcomes for Slidey {
    fn outcome(&self) -> Outcome {
        if self.is_won() {
            Outcome::won().with_score(i64::from(self.moves))
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
    use crate::board::{Cell, Dir, Size};

    #[test]
    fn a_save_reads_back_as_the_same_position() {
        let mut game = Slidey::with_seed(4, 7);
        game.slide(Dir::Right);
        game.click_cell(Cell::new(0, 2));
        let bytes = game.save();
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(text.starts_with("Slidey save 1\nstart "), "{text}");
        assert!(text.ends_with("\nend\n"), "{text}");
        let mut other = Slidey::with_seed(3, 1);
        other.load(&bytes).unwrap();
        assert_eq!(other.board(), game.board());
        assert_eq!(other.start_board(), game.start_board());
        assert_eq!(other.moves(), game.moves());
        assert_eq!(other.chosen_size(), Size::square(4));
        assert_eq!(other.game_id(), game.game_id());
        assert_eq!(other.save(), bytes);
    }

    #[test]
    fn every_cut_of_a_save_is_refused_and_the_game_kept() {
        let mut game = Slidey::with_seed(3, 3);
        game.slide(Dir::Down);
        let bytes = game.save();
        for len in 0..bytes.len() - 1 {
            let mut other = Slidey::with_seed(5, 4);
            assert!(other.load(&bytes[..len]).is_err(), "{len}");
            assert_eq!(other.board(), &Shuffle::new(5, 4).board);
        }
    }

    #[test]
    fn a_save_with_an_impossible_board_is_refused() {
        let bad = "Slidey save 1\nstart 1,2,3/4,_,6/7,5,8\nboard 2,1,3/4,5,6/7,8,_\nmoves 3\nend\n";
        let mut game = Slidey::with_seed(3, 3);
        let err = game.load(bad.as_bytes()).unwrap_err();
        assert!(err.0.contains("cannot be slid back in order"), "{err}");
        let sizes = "Slidey save 1\nstart 1,2,3/4,_,6/7,5,8\nboard 1,2,3,4/5,6,7,8/9,10,11,12/13,14,_,15\nmoves 3\nend\n";
        assert!(
            game.load(sizes.as_bytes())
                .unwrap_err()
                .0
                .contains("not the size")
        );
        assert!(game.load(b"Lights Out save 1\nend\n").is_err());
    }

    #[test]
    fn game_ids_replay_the_deal_and_bad_ones_are_refused() {
        let mut game = Slidey::with_seed(3, 11);
        let id = game.game_id();
        game.slide(Dir::Right);
        assert_eq!(game.game_id(), id, "the ID is the deal, not the position");
        game.new_game(12);
        game.start_from_game_id(&id).unwrap();
        assert_eq!(game.board(), &Shuffle::new(3, 11).board);
        assert_eq!(game.moves(), 0);
        game.start_from_game_id("1,2,3,4/5,6,7,8/9,10,11,12/13,14,_,15")
            .unwrap();
        assert_eq!(game.chosen_size(), Size::square(4));
        assert_eq!(
            game.start_from_game_id("1,2,3/4,5,6/7,8,_").unwrap_err().0,
            "That board is already solved: there is nothing to slide."
        );
        assert!(
            game.start_from_game_id("2,1,3/4,5,6/7,8,_")
                .unwrap_err()
                .0
                .starts_with("That board cannot be solved")
        );
        // The game was kept through the refusals.
        assert_eq!(game.chosen_size(), Size::square(4));
    }

    #[test]
    fn the_outcome_is_won_with_minus_the_moves() {
        let mut game = Slidey::with_board(Board::from_id("1,2,3/4,_,6/7,5,8").unwrap());
        assert_eq!(game.outcome(), Outcome::PLAYING);
        game.slide(Dir::Up);
        game.slide(Dir::Left);
        assert_eq!(game.outcome(), Outcome::won().with_score(2));
    }
}
