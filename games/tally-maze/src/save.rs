//! Game IDs and saved games: the text the launcher's Game ID field shows,
//! and the bytes its undo, redo, restart and resume keep. No launcher
//! types here.
//!
//! **Game ID.** The number of the game's first maze in the original's
//! enumeration. On the original's 12 × 12 board that is the whole ID
//! (`254377…` up to 51 digits); on another board the size comes first,
//! `8x8:12345`. A plain number always means the 12 × 12 board.
//!
//! **Saved game** (format 1): `TALLY`, the format byte, the board's width
//! and height, the first maze number (a length byte, then its bytes, least
//! significant first), then the position now and every position before it
//! (for the game's own take-back key): a count of positions (4 bytes),
//! and each as 4 bytes of `n` presses and the ball's and the pumpkins'
//! columns and rows, one byte each. The last position is the one now.

use crate::maze::{Cell, Enumeration, MAX_SIDE};
use crate::nat::Nat;
use crate::rules::{Position, Tally};

/// The board side of the original, and of a game ID without a size.
pub const ORIGINAL_SIDE: usize = 12;
/// The smallest board side a game ID may name.
pub const MIN_SIDE: usize = 2;

/// The first bytes of a saved game.
const MAGIC: &[u8] = b"TALLY";
/// The saved games' format.
const FORMAT: u8 = 1;

/// A game as its ID names it: the board and the first maze's number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameId {
    /// The board's width.
    pub width: usize,
    /// The board's height.
    pub height: usize,
    /// The number of the first maze.
    pub number: Nat,
}

impl GameId {
    /// The ID of `tally`'s game.
    pub fn of(tally: &Tally) -> GameId {
        GameId {
            width: tally.width(),
            height: tally.height(),
            number: tally.first().clone(),
        }
    }

    /// Reads an ID a player typed: `<number>` (12 × 12) or
    /// `<width>x<height>:<number>`, spaces around it allowed; says what is
    /// wrong in a player's words.
    pub fn parse(text: &str) -> Result<GameId, String> {
        let text = text.trim();
        let (width, height, digits) = match text.split_once(':') {
            None => (ORIGINAL_SIDE, ORIGINAL_SIDE, text),
            Some((size, digits)) => {
                let (w, h) = size
                    .trim()
                    .split_once(['x', 'X', '×'])
                    .ok_or_else(|| format!("the board size {size:?} should look like 8x8"))?;
                let side = |s: &str| -> Result<usize, String> {
                    s.trim()
                        .parse::<usize>()
                        .ok()
                        .filter(|n| (MIN_SIDE..=MAX_SIDE).contains(n))
                        .ok_or_else(|| {
                            format!(
                                "a board side is a whole number from {MIN_SIDE} to {MAX_SIDE}, not {:?}",
                                s.trim()
                            )
                        })
                };
                (side(w)?, side(h)?, digits.trim())
            }
        };
        let number = Nat::parse_decimal(digits).ok_or_else(|| {
            format!("a game ID is a maze number such as 1234 (or 8x8:1234), not {text:?}")
        })?;
        let count = Enumeration::shared(width, height).count().clone();
        if number >= count {
            return Err(format!(
                "the {width}x{height} board has mazes numbered 0 to {}; there is no maze {number}",
                count.checked_sub(&Nat::one()).expect("at least one maze")
            ));
        }
        Ok(GameId {
            width,
            height,
            number,
        })
    }

    /// The game this ID names, at its start.
    pub fn start(&self) -> Tally {
        Tally::on_board(self.width, self.height, &self.number).expect("checked maze number")
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.width == ORIGINAL_SIDE && self.height == ORIGINAL_SIDE {
            write!(f, "{}", self.number)
        } else {
            write!(f, "{}x{}:{}", self.width, self.height, self.number)
        }
    }
}

/// The bytes of `tally`'s game, position and history.
pub fn save(tally: &Tally) -> Vec<u8> {
    let number = tally.first().to_le_bytes();
    let positions: Vec<Position> = tally
        .history()
        .iter()
        .copied()
        .chain([tally.position()])
        .collect();
    let mut bytes = Vec::with_capacity(MAGIC.len() + 8 + number.len() + 10 * positions.len());
    bytes.extend_from_slice(MAGIC);
    bytes.push(FORMAT);
    bytes.push(tally.width() as u8);
    bytes.push(tally.height() as u8);
    bytes.push(number.len() as u8);
    bytes.extend_from_slice(&number);
    bytes.extend_from_slice(&(positions.len() as u32).to_le_bytes());
    for p in positions {
        bytes.extend_from_slice(&p.presses.to_le_bytes());
        for c in [p.player, p.pumpkins[0], p.pumpkins[1]] {
            bytes.push(c.x as u8);
            bytes.push(c.y as u8);
        }
    }
    bytes
}

/// Reads the bytes of [`save`], or says why they are not a Tally Maze
/// game.
pub fn load(bytes: &[u8]) -> Result<Tally, String> {
    let mut r = Reader(bytes);
    if r.take(MAGIC.len())? != MAGIC {
        return Err("this is not a saved Tally Maze game".into());
    }
    let format = r.byte()?;
    if format != FORMAT {
        return Err(format!(
            "this Tally Maze game was saved in format {format}, which this version does not read"
        ));
    }
    let (width, height) = (r.byte()? as usize, r.byte()? as usize);
    if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
        return Err(format!(
            "a saved board of {width}x{height} cells is not one this game plays"
        ));
    }
    let len = r.byte()? as usize;
    let number = Nat::from_le_bytes(r.take(len)?);
    let mut tally = Tally::on_board(width, height, &number)
        .ok_or_else(|| format!("the {width}x{height} board has no maze {number}"))?;
    let count = u32::from_le_bytes(r.take(4)?.try_into().expect("four bytes"));
    // Ten bytes a position: a count larger than the bytes left is damage.
    if count == 0 || count as usize > r.0.len() / 10 {
        return Err("the saved game is cut short".into());
    }
    let mut positions = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let presses = u32::from_le_bytes(r.take(4)?.try_into().expect("four bytes"));
        let mut cell =
            || -> Result<Cell, String> { Ok(Cell::new(r.byte()? as usize, r.byte()? as usize)) };
        let player = cell()?;
        let pumpkins = [cell()?, cell()?];
        positions.push(Position {
            presses,
            player,
            pumpkins,
        });
    }
    if !r.0.is_empty() {
        return Err("the saved game has bytes after its end".into());
    }
    let position = positions.pop().expect("at least one position");
    tally
        .restore(position, positions)
        .map_err(|e| format!("the saved game is damaged: {e}"))?;
    Ok(tally)
}

/// Reads bytes from the front of a slice.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        if self.0.len() < n {
            return Err("the saved game is cut short".into());
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }

    fn byte(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Turn;
    use proptest::prelude::*;

    #[test]
    fn ids_name_the_board_and_the_first_maze() {
        let id = GameId::parse("254377512893447941210664002794210519990861507330047").unwrap();
        assert_eq!((id.width, id.height), (12, 12));
        assert_eq!(
            id.to_string(),
            "254377512893447941210664002794210519990861507330047"
        );
        let id = GameId::parse(" 8x8:1234 ").unwrap();
        assert_eq!(
            (id.width, id.height, id.number.to_u64()),
            (8, 8, Some(1234))
        );
        assert_eq!(id.to_string(), "8x8:1234");
        assert_eq!(GameId::parse("5X9:7").unwrap().to_string(), "5x9:7");
        assert_eq!(GameId::parse("12x12:99").unwrap().to_string(), "99");
    }

    #[test]
    fn bad_ids_are_refused_in_a_players_words() {
        assert_eq!(
            GameId::parse("254377512893447941210664002794210519990861507330048"),
            Err("the 12x12 board has mazes numbered 0 to \
                 254377512893447941210664002794210519990861507330047; there is no maze \
                 254377512893447941210664002794210519990861507330048"
                .into())
        );
        assert_eq!(
            GameId::parse("maze 5"),
            Err("a game ID is a maze number such as 1234 (or 8x8:1234), not \"maze 5\"".into())
        );
        assert_eq!(
            GameId::parse("1x8:0"),
            Err("a board side is a whole number from 2 to 16, not \"1\"".into())
        );
        assert_eq!(
            GameId::parse("8by8:0"),
            Err("the board size \"8by8\" should look like 8x8".into())
        );
        assert!(GameId::parse("").is_err());
        assert!(GameId::parse("-3").is_err());
        assert!(GameId::parse("2x2:4").is_err(), "2 × 2 has 4 mazes: 0 to 3");
        assert!(GameId::parse("2x2:3").is_ok());
    }

    fn played(turns: &[Turn]) -> Tally {
        let mut t = GameId::parse("6x6:123456").unwrap().start();
        for &turn in turns {
            t.play(turn);
        }
        t
    }

    #[test]
    fn a_saved_game_loads_back_with_its_history() {
        let t = played(&[
            Turn::Step(crate::maze::Dir::Right),
            Turn::NextMaze,
            Turn::Wait,
        ]);
        let bytes = save(&t);
        let mut back = load(&bytes).unwrap();
        assert_eq!(back.position(), t.position());
        assert_eq!(back.history(), t.history());
        assert_eq!(back.first(), t.first());
        assert_eq!(save(&back), bytes);
        // The take-back key works on the loaded game.
        assert!(back.undo());
        assert_eq!(back.position(), t.history()[t.turns() - 1]);
    }

    #[test]
    fn damaged_saves_are_refused() {
        let bytes = save(&played(&[Turn::Wait, Turn::Wait]));
        for cut in 0..bytes.len() {
            assert!(load(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(load(&longer).is_err());
        let mut other = bytes.clone();
        other[0] = b'X';
        assert_eq!(
            load(&other).err().unwrap(),
            "this is not a saved Tally Maze game"
        );
        let mut newer = bytes.clone();
        newer[5] = 9;
        assert!(load(&newer).err().unwrap().contains("format 9"));
        // A ball off the board.
        let mut off = bytes.clone();
        let last = off.len() - 6;
        off[last] = 40;
        assert!(load(&off).err().unwrap().contains("off the board"));
        // A history that does not begin at the start.
        let mut moved = bytes.clone();
        let number_len = played(&[]).first().to_le_bytes().len();
        let first_player = MAGIC.len() + 4 + number_len + 4 + 4;
        assert_eq!(moved[first_player], 0, "the ball starts in column 0");
        moved[first_player] = 3;
        assert!(load(&moved).is_err());
        // A maze number past the count.
        let t = GameId::parse("2x2:3").unwrap().start();
        let mut past = save(&t);
        past[MAGIC.len() + 4] = 4;
        assert!(load(&past).err().unwrap().contains("no maze 4"));
    }

    #[test]
    fn the_last_press_count_is_still_a_game() {
        // A save can say anything: even u32::MAX presses of `n` decode.
        let t = played(&[Turn::Wait]);
        let mut bytes = save(&t);
        let at = bytes.len() - 10;
        bytes[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        let mut back = load(&bytes).unwrap();
        assert!(!back.play(Turn::NextMaze), "no press past the last");
        assert!(back.play(Turn::Wait));
        assert_eq!(back.next_maze().passages(), 35);
    }

    proptest! {
        #[test]
        fn damaged_saves_never_break_the_game(
            letters in "[udlrsn]{1,12}",
            at in any::<prop::sample::Index>(),
            value in any::<u8>(),
        ) {
            let turns: Vec<Turn> = letters.chars().filter_map(Turn::from_letter).collect();
            let mut bytes = save(&played(&turns));
            let i = at.index(bytes.len());
            bytes[i] = value;
            // Refused, or a game that plays on.
            if let Ok(mut t) = load(&bytes) {
                for turn in Turn::ALL {
                    t.play(turn);
                }
                t.undo();
            }
        }

        #[test]
        fn any_played_game_round_trips(letters in "[udlrsn]{0,30}") {
            let turns: Vec<Turn> = letters.chars().filter_map(Turn::from_letter).collect();
            let t = played(&turns);
            let back = load(&save(&t)).unwrap();
            prop_assert_eq!(back.position(), t.position());
            prop_assert_eq!(back.history(), t.history());
        }
    }
}
