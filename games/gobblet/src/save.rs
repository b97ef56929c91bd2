//! What the launcher builds its New game, Game ID field, undo, redo,
//! restart, resume and statistics on: [`Gobblet`]'s implementations of
//! game-api's optional [`SaveLoad`] and [`Outcomes`] (and [`NewGame`] in
//! [`crate::game`]).
//!
//! **Game IDs** are game records ([`crate::record`]): `3: Lb2 La1 b2>c3`,
//! the board and the moves on it.
//!
//! **Saved games** are a few lines of text:
//!
//! ```text
//! Gobblet save 1
//! moves 3: Lb2 La1 b2>c3 Mb2
//! at 3
//! seed 42
//! helped 0
//! end
//! ```
//!
//! `moves` is the whole line of moves, including those rewound that `>`
//! replays; `at` how many are on the board; `seed` the game's seed (the
//! computer's tie-breaks); `helped` how many moves the computer played
//! for a person. Who plays each colour is a setting, not part of a save.
//!
//! **Outcome.** With one person against the computer, the person's win
//! is won and the computer's win lost; between two people a finished game
//! counts as won; between two computers it is nobody's
//! ([`Outcome::for_nobody`]). The score is the number of moves played
//! (fewer is better). Moves the computer played for a person make the
//! game assisted.

use game_api::saved_text::SavedText;
use game_api::{GameError, NewGame, Outcome, Outcomes, SaveLoad};

use crate::game::{Gobblet, Player};
use crate::record;
use crate::rules::Color;

/// The first line of a save, before the format's number.
pub const HEADER: &str = "Gobblet save";
/// The format this version writes and reads.
pub const FORMAT: u32 = 1;

impl SaveLoad for Gobblet {
    fn save(&self) -> Vec<u8> {
        format!(
            "{HEADER} {FORMAT}\nmoves {}\nat {}\nseed {}\nhelped {}\nend\n",
            record::record_text(self.variant, &self.moves),
            self.at,
            self.seed,
            self.helped
        )
        .into_bytes()
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let mut saved = SavedText::read(bytes, "Gobblet", HEADER, FORMAT).map_err(GameError)?;
        let moves = saved.field("moves").map_err(GameError)?;
        let (variant, moves) = record::parse_record(moves)
            .map_err(|e| GameError(saved.damaged(&format!("its moves are wrong: {e}"))))?;
        let number = |saved: &SavedText, text: &str, what: &str| -> Result<u64, GameError> {
            text.parse().map_err(|_| {
                GameError(saved.damaged(&format!("its {what} {text:?} is not a number")))
            })
        };
        let at = saved.field("at").map_err(GameError)?;
        let at = number(&saved, at, "move count")? as usize;
        if at > moves.len() {
            return Err(GameError(saved.damaged("it is further on than its moves")));
        }
        let seed = saved.field("seed").map_err(GameError)?;
        let seed = number(&saved, seed, "seed")?;
        let helped = saved.field("helped").map_err(GameError)?;
        let helped = number(&saved, helped, "help count")?;
        saved.finish("the help count").map_err(GameError)?;
        self.seed = seed;
        self.helped = helped.min(u32::MAX as u64) as u32;
        self.set_game(variant, moves, at);
        Ok(())
    }
}

impl Outcomes for Gobblet {
    fn outcome(&self) -> Outcome {
        let Some(winner) = self.winner() else {
            return Outcome::PLAYING;
        };
        let people: Vec<Color> = [Color::Red, Color::Yellow]
            .into_iter()
            .filter(|&c| self.player(c) == Player::Person)
            .collect();
        let result = match people[..] {
            [person] if person != winner => Outcome::lost(),
            _ => Outcome::won(),
        };
        let result = result
            .with_score(self.at as i64)
            .with_assistance(self.helped > 0);
        // Two computers played: nobody's game.
        if people.is_empty() {
            result.for_nobody()
        } else {
            result
        }
    }

    fn score_kind(&self) -> game_api::ScoreKind {
        game_api::ScoreKind::fewest("moves")
    }
}

/// The game ID of a game (its record), as [`NewGame::game_id`] gives it.
pub fn game_id(game: &Gobblet) -> String {
    game.game_id()
}
