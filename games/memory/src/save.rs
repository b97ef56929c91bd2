//! The saved game and the game ID, as text.
//!
//! A game ID is the deal's seed, `12345`. A save is lines of
//! [`game_api::saved_text`]:
//!
//! ```text
//! Memory save 1
//! seed 12345
//! cards 40913872561280345697   the picture at each place, row by row
//! removed 00100000001000000000 1 where the card was matched
//! first 7                      the first card of a pair face up, or -
//! turns 9
//! clock 12.5                   the clock when the last card was turned, - before the first
//! end
//! ```
//!
//! A pair showing when the game is saved is saved settled (a match
//! removed, a mismatch turned back). A save whose pictures are not ten
//! pairs, or whose removed cards are not whole pairs, is refused.

use game_api::saved_text::{SavedText, SavedTextWriter};

use crate::rules::{CARDS, Memory, Picture};

/// The name of the game in refusals.
const GAME: &str = "Memory";
/// The save's first line.
const HEADER: &str = "Memory save";
/// The save's format.
const FORMAT: u32 = 1;

/// What a save holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    /// The table (a showing pair settled).
    pub game: Memory,
    /// The deal's seed (for the game ID).
    pub seed: u64,
    /// Seconds on the clock when the last card was turned (ticks alone
    /// never change a save); `None` before the first turn.
    pub clock: Option<f64>,
}

/// The game ID of a deal: its seed.
pub fn game_id(seed: u64) -> String {
    seed.to_string()
}

/// Reads a game ID: a deal number.
///
/// ```
/// use memory::save::parse_game_id;
/// assert_eq!(parse_game_id(" 77 "), Ok(77));
/// assert!(parse_game_id("seven").is_err());
/// ```
pub fn parse_game_id(id: &str) -> Result<u64, String> {
    cards::deal::parse_deal_number(id)
}

/// The save's bytes.
pub fn write(saved: &Saved) -> Vec<u8> {
    let mut g = saved.game.clone();
    g.settle();
    let cards: String = g.cards.iter().map(|p| p.digit()).collect();
    let removed: String = g
        .removed
        .iter()
        .map(|&r| if r { '1' } else { '0' })
        .collect();
    let first = g.first.map_or("-".to_string(), |f| f.to_string());
    let clock = saved.clock.map_or("-".to_string(), |c| format!("{c:.3}"));
    SavedTextWriter::new(HEADER, FORMAT)
        .field("seed", saved.seed)
        .field("cards", cards)
        .field("removed", removed)
        .field("first", first)
        .field("turns", g.turns)
        .field("clock", clock)
        .finish()
}

/// Reads a save, or says what is wrong with it.
pub fn read(bytes: &[u8]) -> Result<Saved, String> {
    let mut s = SavedText::read(bytes, GAME, HEADER, FORMAT)?;
    let seed_text = s.field("seed")?;
    let seed = seed_text
        .parse()
        .map_err(|_| s.damaged(&format!("its seed \"{seed_text}\" is not a number")))?;
    let cards_text = s.field("cards")?;
    let pictures: Option<Vec<Picture>> = cards_text.chars().map(Picture::from_digit).collect();
    let pictures = pictures
        .filter(|p| Memory::valid_cards(p))
        .ok_or_else(|| s.damaged("its cards are not ten pairs of pictures"))?;
    let removed_text = s.field("removed")?;
    let removed: Option<Vec<bool>> = removed_text
        .chars()
        .map(|c| match c {
            '0' => Some(false),
            '1' => Some(true),
            _ => None,
        })
        .collect();
    let removed = removed
        .filter(|r| r.len() == CARDS)
        .ok_or_else(|| s.damaged("its removed cards are not twenty marks"))?;
    let mut cards = [Picture::Club; CARDS];
    cards.copy_from_slice(&pictures);
    let mut game = Memory::with_cards(cards);
    for (p, &r) in removed.iter().enumerate() {
        game.removed[p] = r;
    }
    if (0..CARDS).any(|p| game.removed[p] != game.removed[game.twin(p)]) {
        return Err(s.damaged("a card was removed without its pair"));
    }
    game.matches = removed.iter().filter(|&&r| r).count() / 2;
    let first_text = s.field("first")?;
    game.first = match first_text {
        "-" => None,
        n => match n.parse::<usize>() {
            Ok(p) if game.on_table(p) => Some(p),
            _ => return Err(s.damaged(&format!("its first card \"{n}\" is not on the table"))),
        },
    };
    let turns_text = s.field("turns")?;
    game.turns = turns_text
        .parse()
        .map_err(|_| s.damaged(&format!("its turns \"{turns_text}\" are not a number")))?;
    let clock_text = s.field("clock")?;
    let clock = match clock_text {
        "-" => None,
        c => match c.parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.0 => Some(v),
            _ => return Err(s.damaged(&format!("its clock \"{c}\" is not a time"))),
        },
    };
    s.finish("the clock")?;
    Ok(Saved { game, seed, clock })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deal `seed` with its first card and that card's twin turned up.
    fn deal_with_a_pair_turned(seed: u64) -> Memory {
        let mut game = Memory::deal(seed);
        let t = game.twin(0);
        game.flip(0).unwrap();
        game.flip(t).unwrap();
        game
    }

    #[test]
    fn a_save_reads_back() {
        let mut game = deal_with_a_pair_turned(11);
        game.flip(3).ok();
        let saved = Saved {
            game,
            seed: 11,
            clock: Some(4.5),
        };
        let back = read(&write(&saved)).unwrap();
        assert_eq!(back.seed, 11);
        assert_eq!(back.clock, Some(4.5));
        assert_eq!(back.game.matches, 1);
        assert_eq!(back.game.first, saved.game.first);
        assert_eq!(back.game.cards, saved.game.cards);
        assert_eq!(back.game.turns, 3);
    }

    #[test]
    fn a_showing_pair_is_saved_settled() {
        let game = deal_with_a_pair_turned(12);
        let t = game.twin(0);
        let back = read(&write(&Saved {
            game,
            seed: 12,
            clock: None,
        }))
        .unwrap();
        assert!(back.game.removed[0] && back.game.removed[t]);
        assert_eq!(back.game.showing, None);
    }

    #[test]
    fn damaged_saves_are_refused() {
        let good = String::from_utf8(write(&Saved {
            game: Memory::deal(1),
            seed: 1,
            clock: None,
        }))
        .unwrap();
        let cards = good.lines().nth(2).unwrap().to_string();
        let bad = good.replace(&cards, "cards 00000000000000000000");
        assert!(read(bad.as_bytes()).unwrap_err().contains("ten pairs"));
        let bad = good.replace(
            "removed 00000000000000000000",
            "removed 10000000000000000000",
        );
        assert!(
            read(bad.as_bytes())
                .unwrap_err()
                .contains("without its pair")
        );
        assert!(read(b"Chess 1\nend\n").is_err());
    }
}
