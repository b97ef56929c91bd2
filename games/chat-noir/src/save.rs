//! Saved games: the bytes [`game_api::SaveLoad`] hands the launcher for
//! undo, redo, restart and resume ([`Saved`]).
//!
//! A save is a few lines of UTF-8 text, readable in a file or a test:
//!
//! ```text
//! Chat Noir save 1
//! start 11:5,5:800002000G80020000000G
//! position 11:5,4:800002000G80020200000G
//! rng 11400714819323198485
//! end
//! ```
//!
//! * `start` is the game ID of the board the game started from (what the
//!   Game ID field shows), so the ID survives an undo or a resume;
//! * `position` is the game ID of the position now, ending in `:won` or
//!   `:lost` once the game is over;
//! * `rng` is the state of the game's generator, so the cat breaks its ties
//!   the same way after an undo as before it;
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

use crate::game_id::GameId;
use crate::plugin::SIZES;
use crate::rng::Rng;
use crate::world::{State, World};

/// The first line of a save, before the format's number.
pub const HEADER: &str = "Chat Noir save";

/// The format this version writes and reads.
pub const FORMAT: u32 = 1;

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
}

impl Saved {
    /// The save of `world`, a game that started from `start`.
    pub fn of(start: &GameId, world: &World) -> Saved {
        Saved {
            start: start.clone(),
            position: world.game_id(),
            rng: world.rng().clone(),
        }
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
            "{HEADER} {FORMAT}\nstart {}\nposition {}\nrng {}\nend\n",
            self.start,
            self.position,
            self.rng.state()
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
        let mut saved = SavedText::read(bytes, "Chat Noir", HEADER, FORMAT)?;
        let start = game_id(saved.field("start")?, "start board")?;
        let position = game_id(saved.field("position")?, "position")?;
        let rng = saved.field("rng")?;
        let rng = rng
            .parse::<u64>()
            .map_err(|_| damaged(&format!("its generator state {rng:?} is not a number")))?;
        saved.finish("the position")?;
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
        assert_eq!(lines[0], "Chat Noir save 1");
        assert_eq!(lines[1], "start 11:5,5:800002000G80020000000G");
        assert!(lines[2].starts_with("position 11:"), "{text}");
        assert!(lines[3].starts_with("rng "), "{text}");
        assert_eq!(lines[4], "end");
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
        let e = with("save 1", "save 2").unwrap_err();
        assert!(e.contains("format 2, from a newer version"), "{e}");
        let e = with("rng", "seed").unwrap_err();
        assert!(e.contains("no rng line"), "{e}");
        let e = with("\nend\n", "\nmore\nend\n").unwrap_err();
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
