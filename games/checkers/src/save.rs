//! What the launcher builds its New game, Game ID field, undo, redo,
//! restart, resume and statistics on: [`Checkers`]'s implementations of
//! game-api's [`NewGame`], [`SaveLoad`] and [`Outcomes`].
//!
//! **Game IDs** are game records: the moves played from the start, in
//! standard notation, separated by spaces (`11-15 23-19 8-11`), or `start`
//! before the first move ([`crate::board::record_text`]). Typing or pasting
//! one plays those moves and goes on from there; a record with a move that
//! cannot be played is refused with the move and the reason.
//!
//! **Saves** are a few lines of text:
//!
//! ```text
//! Checkers save 1
//! seed 42
//! moves 11-15 23-19
//! end
//! ```
//!
//! The seed seeds the Easy computer's wobble; the players are settings,
//! not part of a position, and are not saved. A loaded position where the
//! computer is to move waits for Go.
//!
//! **Outcome.** When one person plays the computer, the outcome is that
//! person's: won or lost, a won game scored by the pieces the person has
//! left. When nobody or two people play, it is Black's. A drawn game
//! records no outcome (it is neither won nor lost); the status line says
//! it is drawn.

use game_api::saved_text::SavedText;
use game_api::{GameError, NewGame, Outcome, Outcomes, SaveLoad};

use crate::board::{Color, End, Position, parse_record, record_text};
use crate::game::{Checkers, Player};

/// The first line of a save, before the format's number.
pub const HEADER: &str = "Checkers save";

/// The format this version writes and reads.
pub const FORMAT: u32 = 1;

impl NewGame for Checkers {
    /// A new game from the start; `seed` seeds the Easy computer.
    fn new_game(&mut self, seed: u64) {
        self.seed = seed;
        self.set_moves(Vec::new(), Position::START, false);
    }

    /// The moves played so far, as a record.
    fn game_id(&self) -> String {
        record_text(&self.moves)
    }

    /// Plays the moves of a record from the start and goes on from there.
    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let (moves, position) = parse_record(id).map_err(|e| {
            GameError(format!(
                "That game record cannot be played: {e}. A record lists the moves from the start, such as 11-15 23-19 8-11."
            ))
        })?;
        self.set_moves(moves, position, false);
        Ok(())
    }
}

impl SaveLoad for Checkers {
    fn save(&self) -> Vec<u8> {
        format!(
            "{HEADER} {FORMAT}\nseed {}\nmoves {}\nend\n",
            self.seed,
            record_text(&self.moves)
        )
        .into_bytes()
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let mut saved = SavedText::read(bytes, "Checkers", HEADER, FORMAT).map_err(GameError)?;
        let seed = saved.field("seed").map_err(GameError)?;
        let seed: u64 = seed
            .parse()
            .map_err(|_| GameError(saved.damaged(&format!("its seed {seed:?} is not a number"))))?;
        let record = saved.field("moves").map_err(GameError)?;
        let (moves, position) = parse_record(record)
            .map_err(|e| GameError(saved.damaged(&format!("its moves cannot be played ({e})"))))?;
        saved.finish("the moves").map_err(GameError)?;
        self.seed = seed;
        self.set_moves(moves, position, true);
        Ok(())
    }
}

impl Outcomes for Checkers {
    fn outcome(&self) -> Outcome {
        let players = self.players();
        let me = players.lone_person().unwrap_or(Color::Black);
        let outcome = match self.end() {
            Some(End::Win(winner)) if winner == me => {
                Outcome::won().with_score(i64::from(self.position.count(me)))
            }
            Some(End::Win(_)) => Outcome::lost(),
            Some(End::Draw) | None => Outcome::PLAYING,
        };
        // Two computers played: nobody's game.
        let computers_only = [players.black, players.white]
            .iter()
            .all(|p| matches!(p, Player::Computer(_)));
        if computers_only {
            outcome.for_nobody()
        } else {
            outcome
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Player, Players};

    #[test]
    fn a_save_loads_back_and_cuts_are_refused() {
        let people = Players {
            black: Player::Person,
            white: Player::Person,
        };
        let mut game = Checkers::with_players(people, 5);
        game.start_from_game_id("11-15 23-19 8-11").unwrap();
        let bytes = game.save();
        assert_eq!(
            String::from_utf8(bytes.clone()).unwrap(),
            "Checkers save 1\nseed 5\nmoves 11-15 23-19 8-11\nend\n"
        );
        let mut other = Checkers::with_players(people, 9);
        other.load(&bytes).unwrap();
        assert_eq!(other.game_id(), "11-15 23-19 8-11");
        for len in 0..bytes.len() {
            let mut fresh = Checkers::with_players(people, 9);
            assert!(fresh.load(&bytes[..len]).is_err(), "{len}");
            assert_eq!(fresh.game_id(), "start");
        }
        assert!(
            other
                .load(b"Checkers save 1\nseed 5\nmoves 11-15 11-15\nend\n")
                .is_err()
        );
        assert_eq!(other.game_id(), "11-15 23-19 8-11");
    }

    fn finished(players: Players, position: Position) -> Checkers {
        let mut game = Checkers::with_players(players, 1);
        game.position = position;
        game
    }

    #[test]
    fn the_outcome_is_the_persons_against_the_computer() {
        use crate::search::Strength;
        let vs_computer = Players {
            black: Player::Computer(Strength::Easy),
            white: Player::Person,
        };
        // White (the person) has two kings, Black nothing: White won.
        let white_won = Position::setup(&[], &[], &[], &[5, 9], Color::Black);
        let game = finished(vs_computer, white_won);
        assert_eq!(game.outcome(), Outcome::won().with_score(2));
        assert!(
            game.status_text()
                .starts_with("You win! Black has no move. Press N")
        );
        let black_won = Position::setup(&[1], &[], &[], &[], Color::White);
        let game = finished(vs_computer, black_won);
        assert_eq!(game.outcome(), Outcome::lost());
        assert!(
            game.status_text()
                .starts_with("The computer wins: White has no move")
        );
        // Two people: Black's side.
        let people = Players {
            black: Player::Person,
            white: Player::Person,
        };
        assert_eq!(
            finished(people, black_won).outcome(),
            Outcome::won().with_score(1)
        );
        assert_eq!(finished(people, white_won).outcome(), Outcome::lost());
        assert_eq!(
            finished(people, Position::START).outcome(),
            Outcome::PLAYING
        );
        // Two computers: nobody's game, counted for nobody.
        let computers = Players {
            black: Player::Computer(Strength::Easy),
            white: Player::Computer(Strength::Easy),
        };
        assert!(finished(computers, black_won).outcome().for_nobody);
        assert!(!finished(vs_computer, black_won).outcome().for_nobody);
    }

    #[test]
    fn a_draw_is_said_but_not_counted() {
        let people = Players {
            black: Player::Person,
            white: Player::Person,
        };
        let mut pos = Position::setup(&[], &[29], &[], &[4], Color::Black);
        for i in 0..40 {
            for text in [["29-25", "25-29"], ["4-8", "8-4"]] {
                pos = pos.play(&crate::board::parse_move(&pos, text[i % 2]).unwrap());
            }
        }
        let game = finished(people, pos);
        assert_eq!(game.end(), Some(End::Draw));
        assert_eq!(game.outcome(), Outcome::PLAYING);
        assert!(game.status_text().starts_with(
            "Drawn: 40 moves each without a capture or a man's move. Press N for a new game"
        ));
    }
}
