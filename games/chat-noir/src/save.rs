//! Saved games: the bytes [`game_api::SaveLoad`] hands the launcher for
//! undo, redo, restart and resume ([`Saved`]).
//!
//! A save is a few lines of UTF-8 text, readable in a file or a test:
//!
//! ```text
//! Chat Noir save 2
//! start 11:5,5:800002000G80020000000G
//! position 11:5,4:800002000G80020200000G
//! rng 11400714819323198485
//! helped 0
//! end
//! ```
//!
//! * `start` is the game ID of the board the game started from (what the
//!   Game ID field shows), so the ID survives an undo or a resume;
//! * `position` is the game ID of the position now, ending in `:won` or
//!   `:lost` once the game is over;
//! * `rng` is the state of the game's generator, so the cat breaks its ties
//!   the same way after an undo as before it;
//! * `helped` counts the hints shown and the moves Solve played in this
//!   game, which make its outcome *assisted* (format 2; a save of format 1,
//!   which has no such line, reads as 0);
//! * `end` marks a save that is whole: a save cut short anywhere lacks it.
//!
//! The pointer and the help setting are not saved: they are not part of a
//! position (help is the player's setting), so hovering or pressing `h`
//! never records a move.
//!
//! ```
//! use chat_noir::save::Saved;
//! use chat_noir::World;
//! let world = World::new_game(11, 7)?;
//! let saved = Saved::of(&world.game_id(), &world);
//! let again = Saved::decode(&saved.encode())?;
//! assert_eq!(again.to_world(), world);
//! assert!(Saved::decode(b"Lights Out save 1\n").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use game_api::saved_text::SavedText;
use std::fmt::Write as _;

use crate::board::SIZES;
use crate::game_id::GameId;
use crate::rng::Rng;
use crate::world::{State, World};

/// The first line of a save, before the format's number.
pub const HEADER: &str = "Chat Noir save";

/// The format this version writes; it reads this one and format 1.
pub const FORMAT: u32 = 2;

/// A saved game: the board it started from, the position now and the
/// state of its generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The board the game started from (its game ID), still to play.
    pub start: GameId,
    /// The position now.
    pub position: GameId,
    /// The game's generator.
    pub rng: Rng,
    /// The hints shown and Solve's moves in this game.
    pub helped: u32,
}

impl Saved {
    /// The save of `world`, a game that started from `start`.
    pub fn of(start: &GameId, world: &World) -> Saved {
        Saved {
            start: start.clone(),
            position: world.game_id(),
            rng: world.rng().clone(),
            helped: 0,
        }
    }

    /// This save with `helped` hints and Solve moves.
    pub fn with_helped(self, helped: u32) -> Saved {
        Saved { helped, ..self }
    }

    /// The world this save holds: its position and generator, nothing
    /// under the pointer, help off.
    pub fn to_world(&self) -> World {
        self.position.to_world().with_rng(self.rng.clone())
    }

    /// The save as bytes (see the module's documentation).
    pub fn encode(&self) -> Vec<u8> {
        let mut text = String::with_capacity(128);
        // Writing to a String cannot fail.
        let _ = write!(
            text,
            "{HEADER} {FORMAT}\nstart {}\nposition {}\nrng {}\nhelped {}\nend\n",
            self.start,
            self.position,
            self.rng.state(),
            self.helped
        );
        text.into_bytes()
    }

    /// Reads a save, perhaps of an older build, perhaps damaged.
    ///
    /// # Errors
    ///
    /// Says, for the player, why the bytes are not a save this version can
    /// play: not a Chat Noir save at all (another game's, say), a save of
    /// a newer format, one cut short, or one whose lines are damaged or do
    /// not fit together (a position on another board than the one the game
    /// started from).
    pub fn decode(bytes: &[u8]) -> Result<Saved, String> {
        // Format 1 is format 2 without its `helped` line.
        let format = if bytes.starts_with(format!("{HEADER} 1\n").as_bytes()) {
            1
        } else {
            FORMAT
        };
        let mut saved = SavedText::read(bytes, "Chat Noir", HEADER, format)?;
        let start = game_id(saved.field("start")?, "start board")?;
        let position = game_id(saved.field("position")?, "position")?;
        let rng = saved.field("rng")?;
        let rng = rng
            .parse::<u64>()
            .map_err(|_| damaged(&format!("its generator state {rng:?} is not a number")))?;
        let helped = if format >= 2 {
            let helped = saved.field("helped")?;
            helped
                .parse::<u32>()
                .map_err(|_| damaged(&format!("its count of help {helped:?} is not a number")))?
        } else {
            0
        };
        saved.finish(if format >= 2 {
            "the help"
        } else {
            "the position"
        })?;
        if start.state() != State::Playing {
            return Err(damaged("its start board is a finished game"));
        }
        if position.board().size() != start.board().size() {
            return Err(damaged(&format!(
                "its position is on a board of size {}, but the game started on one of size {}",
                position.board().size(),
                start.board().size()
            )));
        }
        if !position.board().blocks_all_of(start.board()) {
            return Err(damaged(
                "its position has free circles that were blocked when the game started",
            ));
        }
        Ok(Saved {
            start,
            position,
            rng: Rng::new(rng),
            helped,
        })
    }
}

/// The message for a save whose lines are wrong in the way `what` says.
fn damaged(what: &str) -> String {
    game_api::saved_text::damaged("Chat Noir", what)
}

/// Reads the game ID of the save's `what`, of a size the game offers.
fn game_id(text: &str, what: &str) -> Result<GameId, String> {
    let id: GameId = text
        .parse()
        .map_err(|e| damaged(&format!("its {what} is not a game ID ({e})")))?;
    let size = id.board().size();
    if !SIZES.contains(&size) {
        return Err(damaged(&format!(
            "its {what} is on a board of size {size}, which this version does not offer"
        )));
    }
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Saved {
        let mut world = World::new_game(11, 7).unwrap();
        let start = world.game_id();
        world.play(crate::Pos::new(2, 3)).unwrap();
        Saved::of(&start, &world)
    }

    #[test]
    fn a_save_is_the_documented_text_and_reads_back() {
        let saved = sample();
        let text = String::from_utf8(saved.encode()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Chat Noir save 2");
        assert_eq!(lines[1], "start 11:5,5:800002000G80020000000G");
        assert!(lines[2].starts_with("position 11:"), "{text}");
        assert!(lines[3].starts_with("rng "), "{text}");
        assert_eq!(lines[4], "helped 0");
        assert_eq!(lines[5], "end");
        assert_eq!(Saved::decode(text.as_bytes()).unwrap(), saved);
    }

    #[test]
    fn every_cut_of_a_save_is_refused() {
        let bytes = sample().encode();
        for len in 0..bytes.len() {
            assert!(
                Saved::decode(&bytes[..len]).is_err(),
                "{:?}",
                String::from_utf8_lossy(&bytes[..len])
            );
        }
    }

    #[test]
    fn damaged_lines_are_named() {
        let text = String::from_utf8(sample().encode()).unwrap();
        let with = |from: &str, to: &str| Saved::decode(text.replacen(from, to, 1).as_bytes());
        let e = with("rng ", "rng x").unwrap_err();
        assert!(e.contains("generator state \"x"), "{e}");
        let e = with("start 11:5,5", "start 11:5,5:0:won:").unwrap_err();
        assert!(e.contains("start board is not a game ID"), "{e}");
        let e = with("position 11", "position 13").unwrap_err();
        assert!(
            e.starts_with("This saved game of Chat Noir is damaged"),
            "{e}"
        );
        let e = with("save 2", "save 3").unwrap_err();
        assert!(e.contains("format 3, from a newer version"), "{e}");
        let e = with("helped 0", "helped lots").unwrap_err();
        assert!(e.contains("count of help \"lots\""), "{e}");
        let e = with("rng", "seed").unwrap_err();
        assert!(e.contains("no rng line"), "{e}");
        let e = with("\nend\n", "\nmore\nend\n").unwrap_err();
        assert!(e.contains("lines after the help"), "{e}");
    }

    #[test]
    fn a_save_of_format_1_reads_with_no_help_used() {
        let saved = sample().with_helped(3);
        let text = String::from_utf8(saved.encode()).unwrap();
        let old = text
            .replace("Chat Noir save 2", "Chat Noir save 1")
            .replace("helped 3\n", "");
        let read = Saved::decode(old.as_bytes()).unwrap();
        assert_eq!(read, saved.clone().with_helped(0));
        assert_eq!(Saved::decode(text.as_bytes()).unwrap().helped, 3);
        let e = Saved::decode(old.replace("\nend", "\nhelped 3\nend").as_bytes()).unwrap_err();
        assert!(e.contains("lines after the position"), "{e}");
    }

    #[test]
    fn a_position_that_lost_blocked_circles_is_refused() {
        let start: GameId = "5:2,2:G".parse().unwrap();
        let position: GameId = "5:2,2:0".parse().unwrap();
        let text = format!("Chat Noir save 1\nstart {start}\nposition {position}\nrng 1\nend\n");
        let e = Saved::decode(text.as_bytes()).unwrap_err();
        assert!(e.contains("free circles that were blocked"), "{e}");
    }
}
