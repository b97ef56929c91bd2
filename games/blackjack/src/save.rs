//! The saved round and the game ID, as text.
//!
//! A game ID names a round's deal: the shoe's seed and how many of its
//! cards earlier rounds used, `12345-36` (a bare seed is the shoe's first
//! round). A save is the round as it started and the player's moves since,
//! which the rules replay (a move they refuse damages the save):
//!
//! ```text
//! blackjack 1
//! seed 12345
//! start 36
//! money 100     the bankroll before the round's bet
//! moves PHSS    H hit, S stand, D double, P split, C go on; - for none
//! id 0          1 when the round was started from a typed game ID
//! end
//! ```

use game_api::saved_text::{SavedText, SavedTextWriter};

use crate::rules::{LAST_START, Move, Round};

/// What a save holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The round, rebuilt from its deal and moves.
    pub round: Round,
    /// Whether the round was dealt from a game ID the player typed.
    pub from_id: bool,
}

const HEADER: &str = "blackjack";
const FORMAT: u32 = 1;
/// A bankroll further from zero than this is a damaged save.
const MONEY_LIMIT: i64 = 1_000_000_000_000;

/// The game ID of a round.
///
/// ```
/// use blackjack::save::{game_id, parse_game_id};
/// assert_eq!(game_id(77, 36), "77-36");
/// assert_eq!(parse_game_id("77-36"), Ok((77, 36)));
/// assert_eq!(parse_game_id(" 77 "), Ok((77, 0)));
/// assert!(parse_game_id("77-200").is_err());
/// assert!(parse_game_id("seven").is_err());
/// ```
pub fn game_id(seed: u64, start: usize) -> String {
    format!("{seed}-{start}")
}

/// Reads a game ID: `seed-start`, or a bare seed (the shoe's first round).
pub fn parse_game_id(id: &str) -> Result<(u64, usize), String> {
    let id = id.trim();
    let (seed, start) = id.split_once('-').unwrap_or((id, "0"));
    let seed = seed.trim().parse().map_err(|_| {
        format!("a game ID is a shoe number and a place in it, like 12345-36, not \"{id}\"")
    })?;
    let start: usize = start
        .trim()
        .parse()
        .map_err(|_| format!("\"{}\" is not a place in the shoe", start.trim()))?;
    if start > LAST_START {
        return Err(format!(
            "a round starts at most {LAST_START} cards into the shoe (the shoe is reshuffled after that), not {start}"
        ));
    }
    Ok((seed, start))
}

/// The save's bytes.
pub fn write(saved: &Saved) -> Vec<u8> {
    let r = &saved.round;
    let moves: String = r.moves.iter().map(|m| m.letter()).collect();
    SavedTextWriter::new(HEADER, FORMAT)
        .field("seed", r.seed)
        .field("start", r.start)
        .field("money", r.money_before)
        .field("moves", if moves.is_empty() { "-".into() } else { moves })
        .field("id", u8::from(saved.from_id))
        .finish()
}

/// Reads a save, or says what is wrong with it.
pub fn read(bytes: &[u8]) -> Result<Saved, String> {
    let mut s = SavedText::read(bytes, "Blackjack", HEADER, FORMAT)?;
    let seed: u64 = s
        .field("seed")?
        .parse()
        .map_err(|_| s.damaged("its seed is not a number"))?;
    let start: usize = s
        .field("start")?
        .parse()
        .map_err(|_| s.damaged("its place in the shoe is not a number"))?;
    let money: i64 = s
        .field("money")?
        .parse()
        .map_err(|_| s.damaged("its bankroll is not a number"))?;
    let moves = match s.field("moves")? {
        "-" => Vec::new(),
        text => text
            .chars()
            .map(|c| Move::from_letter(c).ok_or_else(|| s.damaged(&format!("{c:?} is not a move"))))
            .collect::<Result<Vec<Move>, String>>()?,
    };
    let from_id = match s.field("id")? {
        "0" => false,
        "1" => true,
        _ => return Err(s.damaged("its id line is neither 0 nor 1")),
    };
    if !(-MONEY_LIMIT..=MONEY_LIMIT).contains(&money) {
        return Err(s.damaged("its bankroll is out of reach"));
    }
    let round = Round::replay(seed, start, money, &moves)
        .map_err(|r| s.damaged(&format!("a move it holds is refused ({r})")))?;
    s.finish("the moves")?;
    Ok(Saved { round, from_id })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_reads_back_as_the_same_round() {
        let mut round = Round::deal(42, 20, 77);
        while let Some(m) = [Move::Hit, Move::Stand, Move::Continue]
            .into_iter()
            .find(|&m| round.check(m).is_ok())
        {
            round.play(m).unwrap();
            let saved = Saved {
                round: round.clone(),
                from_id: true,
            };
            assert_eq!(read(&write(&saved)), Ok(saved));
        }
        let empty = Saved {
            round: Round::deal(1, 0, 100),
            from_id: false,
        };
        let bytes = write(&empty);
        assert_eq!(
            String::from_utf8(bytes.clone()).unwrap(),
            "blackjack 1\nseed 1\nstart 0\nmoney 100\nmoves -\nid 0\nend\n"
        );
        assert_eq!(read(&bytes), Ok(empty));
    }

    #[test]
    fn damaged_saves_are_refused_in_words() {
        assert_eq!(
            read(b"chess 1\nend\n"),
            Err("These bytes are not a saved game of Blackjack.".into())
        );
        let bad_move = b"blackjack 1\nseed 1\nstart 0\nmoney 100\nmoves X\nid 0\nend\n";
        assert!(read(bad_move).unwrap_err().contains("'X' is not a move"));
        let late = b"blackjack 1\nseed 1\nstart 190\nmoney 100\nmoves -\nid 0\nend\n";
        assert!(read(late).unwrap_err().contains("at most 156"));
        // Continue while the hand is being played is refused by the rules.
        let illegal = b"blackjack 1\nseed 1\nstart 0\nmoney 100\nmoves CCCC\nid 0\nend\n";
        assert!(read(illegal).unwrap_err().contains("is refused"));
    }
}
