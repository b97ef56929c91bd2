//! The saved game and the game ID, as text.
//!
//! A game ID is the deal's seed, `12345`. A save is lines of
//! [`game_api::saved_text`], cards in the kit's compact notation (`7H`,
//! `TS`):
//!
//! ```text
//! Aces save 1
//! seed 12345
//! moves 17
//! stock 7H TS ...     the next card dealt first
//! stack 9S 4S         four stack lines, each from its first card to its top
//! stack
//! stack AD
//! stack KC 2H
//! removed 3S 5D ...   the cards removed, in order
//! end
//! ```
//!
//! A save that does not hold the 52 cards exactly once is refused.

use cards::card::{deck, read_cards, write_cards};
use game_api::saved_text::{SavedText, SavedTextWriter};

use crate::rules::{Aces, STACKS};

const GAME: &str = "Aces";
const HEADER: &str = "Aces save";
const FORMAT: u32 = 1;

/// What a save holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The table.
    pub game: Aces,
    /// The deal's seed (for the game ID).
    pub seed: u64,
}

/// The game ID of a deal: its seed.
pub fn game_id(seed: u64) -> String {
    seed.to_string()
}

/// Reads a game ID: a deal number.
///
/// ```
/// use aces::save::parse_game_id;
/// assert_eq!(parse_game_id(" 77 "), Ok(77));
/// assert!(parse_game_id("seven").is_err());
/// ```
pub fn parse_game_id(id: &str) -> Result<u64, String> {
    cards::deal::parse_deal_number(id)
}

/// The save's bytes.
pub fn write(saved: &Saved) -> Vec<u8> {
    let g = &saved.game;
    let mut w = SavedTextWriter::new(HEADER, FORMAT)
        .field("seed", saved.seed)
        .field("moves", g.moves)
        .field("stock", write_cards(&g.stock));
    for s in &g.stacks {
        w = w.field("stack", write_cards(s));
    }
    w.field("removed", write_cards(&g.removed)).finish()
}

/// Reads a save, or says what is wrong with it.
pub fn read(bytes: &[u8]) -> Result<Saved, String> {
    let mut s = SavedText::read(bytes, GAME, HEADER, FORMAT)?;
    let number = |s: &SavedText, text: &str, what: &str| -> Result<u64, String> {
        text.parse()
            .map_err(|_| s.damaged(&format!("its {what} \"{text}\" is not a number")))
    };
    let seed_text = s.field("seed")?;
    let seed = number(&s, seed_text, "seed")?;
    let moves_text = s.field("moves")?;
    let moves = u32::try_from(number(&s, moves_text, "moves")?)
        .map_err(|_| s.damaged("its moves are too many"))?;
    let cards = |s: &mut SavedText, name: &str| -> Result<Vec<cards::Card>, String> {
        let text = s.field(name)?;
        read_cards(text).map_err(|e| s.damaged(&format!("its {name} line has {e}")))
    };
    let stock = cards(&mut s, "stock")?;
    let mut stacks: [Vec<cards::Card>; STACKS] = Default::default();
    for stack in &mut stacks {
        *stack = cards(&mut s, "stack")?;
    }
    let removed = cards(&mut s, "removed")?;
    s.finish("the removed cards")?;
    let game = Aces {
        stock,
        stacks,
        removed,
        moves,
    };
    if game.all_cards() != deck() {
        return Err(game_api::saved_text::damaged(
            GAME,
            "it does not hold the 52 cards exactly once",
        ));
    }
    Ok(Saved { game, seed })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, simple_move};

    #[test]
    fn a_save_reads_back() {
        let mut game = Aces::deal(5);
        for _ in 0..9 {
            let mv = simple_move(&game).unwrap_or(Move::Deal);
            game.play(mv).ok();
        }
        let saved = Saved { game, seed: 5 };
        assert_eq!(read(&write(&saved)), Ok(saved));
    }

    #[test]
    fn a_save_without_its_52_cards_is_refused() {
        let text = String::from_utf8(write(&Saved {
            game: Aces::deal(5),
            seed: 5,
        }))
        .unwrap();
        let first = text.lines().nth(3).unwrap()[6..8].to_string();
        let bad = text.replacen(&format!(" {first}"), "", 1);
        assert!(read(bad.as_bytes()).unwrap_err().contains("52 cards"));
        assert!(read(b"Aces save 1\nseed 1\n").is_err());
        assert!(read(b"Memory save 1\nend\n").is_err());
    }
}
