//! What the launcher builds its New game, Game ID field, undo, redo,
//! restart, resume and statistics on: [`PousseGame`]'s implementations of
//! game-api's optional [`NewGame`], [`SaveLoad`] and [`Outcomes`].
//!
//! **Records and game IDs.** A game's record is its moves separated by
//! spaces, `L1 T2 R4`, after its size and a colon when the board is not 4
//! by 4: `5:L1 T2` ([`crate::rules::record_text`]). The game ID is the
//! record the game *started from*: `4:` (or `5:`, …) for a game started on
//! an empty board, the record typed for a game started from one. (The
//! launcher takes a change of game ID for a new game, so the ID cannot
//! grow with every move; the moves played so far are in the Record field
//! of the tool bar and in the list beside the board.)
//!
//! ```
//! use pousse::save::parse_game;
//! let game = parse_game("L1 T2 R4").unwrap();
//! assert_eq!(game.record(), "L1 T2 R4");
//! assert_eq!(parse_game("5:").unwrap().size(), 5);
//! assert!(parse_game("L1 T9").unwrap_err().contains("T9 is not a move on a 4 by 4 board"));
//! ```
//!
//! **Saved games.** A save is a few lines of UTF-8 text:
//!
//! ```text
//! Pousse save 1
//! size 4
//! seed 42
//! start -
//! moves L1 T2 R4
//! end
//! ```
//!
//! `size` is the board's side, `seed` the seed the computer tells equal
//! moves apart by, `start` the moves the game started from (`-` for none),
//! `moves` the moves played (they begin with `start`). The position is
//! found again by playing the moves. Who plays X and O, the highlight and
//! the slide of the last push are not saved: they are no part of a
//! position.
//!
//! **Outcome.** With a person on one side and the computer on the other,
//! the game is won or lost from the person's side. Between two people it
//! is counted as won (the status line says who won). A game nobody played
//! by hand counts for nobody ([`Outcome::for_nobody`]): between two
//! computers, or started from a typed record (the Record field, a game ID)
//! and ended without a move by a person after it. One a person played on
//! from a typed record is won or lost with help. The score is the moves
//! the game took (fewer is better).

use std::fmt::Write as _;

use game_api::saved_text::SavedText;
use game_api::{GameError, NewGame, Outcome, Outcomes, SaveLoad};

use crate::game::PousseGame;
use crate::rules::{Match, Move, Player, parse_record};

/// The first line of a save, before the format's number.
pub const HEADER: &str = "Pousse save";

/// The format this version writes and reads.
pub const FORMAT: u32 = 1;

/// Reads a record a player typed or pasted and plays it (the rules'
/// reader, here too for the saves' readers).
pub use crate::rules::parse_game;

/// The game ID of a game of side `n` started from `start`.
pub fn game_id(n: usize, start: &[Move]) -> String {
    if start.is_empty() {
        format!("{n}:")
    } else {
        crate::rules::record_text(n, start)
    }
}

fn moves_text(moves: &[Move]) -> String {
    if moves.is_empty() {
        "-".into()
    } else {
        crate::rules::record_text(4, moves)
    }
}

fn damaged(what: &str) -> GameError {
    GameError(game_api::saved_text::damaged("Pousse", what))
}

/// New games on an empty board of the chosen size, and game IDs.
impl NewGame for PousseGame {
    /// An empty board of the size the Size choice shows; `seed` tells the
    /// computer's equal moves apart.
    fn new_game(&mut self, seed: u64) {
        let game = Match::new(self.settings.size).expect("settings hold a size the game offers");
        self.begin(game, seed);
    }

    fn game_id(&self) -> String {
        game_id(self.game.size(), &self.start)
    }

    /// Plays the record `id` and goes on from there (the computer waits to
    /// be told to go on when it is to move).
    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let game = parse_game(id).map_err(GameError)?;
        self.begin(game, self.seed);
        Ok(())
    }
}

/// The position for the launcher's undo, redo, restart and resume.
impl SaveLoad for PousseGame {
    fn save(&self) -> Vec<u8> {
        let mut text = String::with_capacity(64 + 4 * self.game.moves().len());
        // Writing to a String cannot fail.
        let _ = write!(
            text,
            "{HEADER} {FORMAT}\nsize {}\nseed {}\nstart {}\nmoves {}\nend\n",
            self.game.size(),
            self.seed,
            moves_text(&self.start),
            moves_text(self.game.moves()),
        );
        text.into_bytes()
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let mut saved = SavedText::read(bytes, "Pousse", HEADER, FORMAT)?;
        let size = saved.field("size")?;
        let n: usize = size
            .parse()
            .ok()
            .filter(|n| (crate::rules::MIN_SIZE..=crate::rules::MAX_SIZE).contains(n))
            .ok_or_else(|| damaged(&format!("its size {size:?} is not one of the game's")))?;
        let seed_text = saved.field("seed")?;
        let seed: u64 = seed_text
            .parse()
            .map_err(|_| damaged(&format!("its seed {seed_text:?} is not a number")))?;
        let read_moves = |text: &str, what: &str| -> Result<Vec<Move>, GameError> {
            if text == "-" {
                return Ok(Vec::new());
            }
            let (_, moves) = parse_record(&format!("{n}:{text}"))
                .map_err(|e| damaged(&format!("its {what} are not moves ({e})")))?;
            if moves.is_empty() {
                return Err(damaged(&format!("its {what} are empty, not -")));
            }
            Ok(moves)
        };
        let start = read_moves(saved.field("start")?, "starting moves")?;
        let moves = read_moves(saved.field("moves")?, "moves")?;
        saved.finish("the moves")?;
        if !moves.starts_with(&start) {
            return Err(damaged("its moves do not begin with its starting moves"));
        }
        let game = Match::replay(n, &moves)
            .map_err(|e| damaged(&format!("its moves cannot be played ({e})")))?;
        self.restore(game, start, seed);
        Ok(())
    }
}

/// Won or lost from the person's side against the computer; won between
/// two people; nobody's between two computers or when no person moved
/// after a typed record; with help when a person played on from one.
/// Scored by the moves played.
impl Outcomes for PousseGame {
    fn outcome(&self) -> Outcome {
        let Some(ending) = self.game.ending() else {
            return Outcome::PLAYING;
        };
        let moves = self.game.moves();
        let score = moves.len() as i64;
        let winner = ending.winner();
        let person = |p: Player| !self.settings.seat(p).is_computer();
        let people: Vec<Player> = Player::BOTH.into_iter().filter(|&p| person(p)).collect();
        // X moves first, and the players take turns: move k is X's when k
        // is even.
        let mover = |k: usize| {
            if k.is_multiple_of(2) {
                Player::X
            } else {
                Player::O
            }
        };
        let typed = !self.start.is_empty();
        let by_hand = (self.start.len().min(moves.len())..moves.len()).any(|k| person(mover(k)));
        let outcome = match people[..] {
            [person] if person != winner => Outcome::lost(),
            _ => Outcome::won(),
        };
        let outcome = if people.is_empty() || (typed && !by_hand) {
            outcome.for_nobody()
        } else {
            outcome.with_assistance(typed)
        };
        outcome.with_score(score)
    }

    fn score_kind(&self) -> game_api::ScoreKind {
        game_api::ScoreKind::fewest("moves")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::Strength;
    use crate::settings::{Seat, Settings};
    use game_api::GameResult;

    fn game(x: Seat, o: Seat) -> PousseGame {
        PousseGame::with_settings(Settings { size: 4, x, o }, 5)
    }

    #[test]
    fn a_save_loads_back_to_the_same_position() {
        let mut g = game(Seat::Person, Seat::Person);
        g.start_from_game_id("L1 T2").unwrap();
        for m in ["R4", "B3"] {
            g.play(m.parse().unwrap());
        }
        let bytes = g.save();
        assert_eq!(
            String::from_utf8(bytes.clone()).unwrap(),
            "Pousse save 1\nsize 4\nseed 5\nstart L1 T2\nmoves L1 T2 R4 B3\nend\n"
        );
        let mut other = game(Seat::Person, Seat::Person);
        other.load(&bytes).unwrap();
        assert_eq!(other.game().record(), "L1 T2 R4 B3");
        assert_eq!(other.game_id(), "L1 T2");
        assert_eq!(other.save(), bytes);
    }

    #[test]
    fn every_cut_of_a_save_and_damaged_ones_are_refused() {
        let mut g = game(Seat::Person, Seat::Person);
        g.start_from_game_id("6:L1 T2 R4").unwrap();
        let bytes = g.save();
        for len in 0..bytes.len() {
            let mut other = game(Seat::Person, Seat::Person);
            assert!(other.load(&bytes[..len]).is_err(), "{len}");
            assert_eq!(other.game().moves().len(), 0);
        }
        for bad in [
            "Pousse save 1\nsize 21\nseed 1\nstart -\nmoves -\nend\n",
            "Pousse save 1\nsize 4\nseed x\nstart -\nmoves -\nend\n",
            "Pousse save 1\nsize 4\nseed 1\nstart L1\nmoves T1\nend\n",
            "Pousse save 1\nsize 3\nseed 1\nstart -\nmoves L1 L1 L1 L1 L1 L1\nend\n",
            "Pousse save 1\nsize 4\nseed 1\nstart -\nmoves L5\nend\n",
            "Pousse save 2\nsize 4\nseed 1\nstart -\nmoves -\nend\n",
            "Lights Out save 1\nend\n",
        ] {
            let mut other = game(Seat::Person, Seat::Person);
            assert!(other.load(bad.as_bytes()).is_err(), "{bad}");
        }
    }

    #[test]
    fn game_ids_name_the_start_and_refuse_what_is_not_a_record() {
        let mut g = game(Seat::Person, Seat::Person);
        assert_eq!(g.game_id(), "4:");
        g.play("L1".parse().unwrap());
        // The ID stays the game's start as the moves are played.
        assert_eq!(g.game_id(), "4:");
        g.start_from_game_id("5:L1 T2").unwrap();
        assert_eq!(g.game_id(), "5:L1 T2");
        assert_eq!(g.game().size(), 5);
        let err = g
            .start_from_game_id("L1 L1 L1 L1 L1 L1 L1 L1 X3")
            .unwrap_err();
        assert!(err.0.contains("\"X3\" is not a move"), "{err}");
        assert_eq!(g.game_id(), "5:L1 T2", "kept as it was");
        let err = g.start_from_game_id("3:L1 L1 L1 L1 L1 T1").unwrap_err();
        assert!(
            err.0.contains("the game is over after move 5 (L1)"),
            "{err}"
        );
    }

    /// X wins on its fourth move.
    const X_WINS: &str = "T1 R2 T1 R3 T1 R4 T1";

    fn play_moves(g: &mut PousseGame, moves: &str) {
        for m in moves.split(' ') {
            assert!(g.play(m.parse().unwrap()), "{m}");
        }
    }

    #[test]
    fn outcomes_follow_who_plays() {
        let medium = Seat::Computer(Strength::Medium);
        for (x, o, result, nobody) in [
            (Seat::Person, medium, GameResult::Won, false),
            (medium, Seat::Person, GameResult::Lost, false),
            (Seat::Person, Seat::Person, GameResult::Won, false),
            (medium, medium, GameResult::Won, true),
        ] {
            let mut g = game(x, o);
            assert_eq!(g.outcome(), Outcome::PLAYING);
            play_moves(&mut g, X_WINS);
            let outcome = g.outcome();
            assert_eq!(
                (outcome.result, outcome.for_nobody, outcome.assisted),
                (result, nobody, false),
                "{x} {o}"
            );
            assert_eq!(outcome.score, Some(7));
        }
    }

    /// A record typed into the Record field (or the Game ID) and played to
    /// its end by nobody is nobody's game: no win for the person, no loss,
    /// no best score (issue 40: won=2 with no game won by hand).
    #[test]
    fn a_typed_record_is_nobodys_game_and_playing_on_from_one_is_helped() {
        let medium = Seat::Computer(Strength::Medium);
        let mut g = game(Seat::Person, medium);
        game_api::Game::invoke_action(&mut g, "record", X_WINS).unwrap();
        let outcome = g.outcome();
        assert_eq!(outcome.result, GameResult::Won);
        assert!(outcome.for_nobody, "{outcome:?}");
        // The person (O) loses to the computer's move after the record:
        // still no move of the person's.
        let mut g = game(medium, Seat::Person);
        g.start_from_game_id("T1 R2 T1 R3 T1 R4").unwrap();
        play_moves(&mut g, "T1");
        assert!(g.outcome().for_nobody, "{:?}", g.outcome());
        // The person plays the winning move after the record: a win, with
        // help (the position was typed in).
        let mut g = game(Seat::Person, medium);
        g.start_from_game_id("T1 R2 T1 R3 T1 R4").unwrap();
        play_moves(&mut g, "T1");
        let outcome = g.outcome();
        assert_eq!(
            (outcome.result, outcome.for_nobody, outcome.assisted),
            (GameResult::Won, false, true)
        );
        // A new game on an empty board is the person's own again.
        g.new_game(1);
        play_moves(&mut g, X_WINS);
        assert!(!g.outcome().for_nobody && !g.outcome().assisted);
    }
}
