//! The saved game and the game ID, as text.
//!
//! A game ID is the number of suits and the deal's seed, `2:12345` (a bare
//! seed deals with the suits chosen now). A save is a few lines:
//!
//! ```text
//! spider 1
//! suits 2
//! seed 12345
//! moves 17
//! hints 0
//! stock 7H TS ...        the next card dealt last
//! done S H               the suits finished, by letter
//! column 4 9S 8H 7H ...  face-down count, then the cards, the bottom first
//! ```
//!
//! with ten `column` lines. A save that does not hold the 104 cards of its
//! suits exactly, or a column whose top is face down, is refused.

use cards::Suit;
use cards::card::{read_cards, write_cards};

use crate::rules::{COLUMNS, Column, RUNS, Spider, Suits};

/// What a save holds beyond the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The table.
    pub game: Spider,
    /// The deal's seed (for the game ID).
    pub seed: u64,
    /// Hints asked for.
    pub hints: u32,
}

/// The game ID of a deal.
///
/// ```
/// use spider::rules::Suits;
/// use spider::save::{game_id, parse_game_id};
/// assert_eq!(game_id(Suits::Four, 77), "4:77");
/// assert_eq!(parse_game_id("4:77", Suits::Two), Ok((Suits::Four, 77)));
/// assert_eq!(parse_game_id(" 77 ", Suits::One), Ok((Suits::One, 77)));
/// assert!(parse_game_id("3:77", Suits::Two).is_err());
/// ```
pub fn game_id(suits: Suits, seed: u64) -> String {
    format!("{}:{seed}", suits.count())
}

/// Reads a game ID: `suits:seed`, or a bare seed dealt with `suits`.
pub fn parse_game_id(id: &str, suits: Suits) -> Result<(Suits, u64), String> {
    cards::deal::parse_option_id(id, suits, |n| {
        n.parse()
            .ok()
            .and_then(Suits::from_count)
            .ok_or_else(|| format!("\"{n}\" is not a number of suits (1, 2 or 4)"))
    })
}

/// The save's text.
pub fn write(saved: &Saved) -> String {
    let g = &saved.game;
    let mut text = format!(
        "spider 1\nsuits {}\nseed {}\nmoves {}\nhints {}\nstock {}\ndone {}\n",
        g.suits.count(),
        saved.seed,
        g.moves,
        saved.hints,
        write_cards(&g.stock),
        g.done
            .iter()
            .map(|s| s.letter().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    for c in &g.columns {
        text.push_str(&format!("column {} {}\n", c.down, write_cards(&c.cards)));
    }
    text
}

/// Reads a save, or says what is wrong with it.
pub fn read(bytes: &[u8]) -> Result<Saved, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "not a saved game of Spider".to_string())?;
    let mut lines = text.lines();
    let mut field = |name: &str| -> Result<String, String> {
        let line = lines
            .next()
            .ok_or_else(|| format!("the save ends before its {name} line"))?;
        let rest = line
            .strip_prefix(name)
            .ok_or_else(|| format!("expected a {name} line, found \"{line}\""))?;
        if !rest.is_empty() && !rest.starts_with(' ') {
            return Err(format!("expected a {name} line, found \"{line}\""));
        }
        Ok(rest.trim().to_string())
    };
    if field("spider")? != "1" {
        return Err("not a saved game of this Spider".into());
    }
    let number = |value: String, what: &str| -> Result<u64, String> {
        value
            .parse()
            .map_err(|_| format!("\"{value}\" is not a number of {what}"))
    };
    let n = number(field("suits")?, "suits")?;
    let suits = u8::try_from(n)
        .ok()
        .and_then(Suits::from_count)
        .ok_or_else(|| format!("{n} suits: Spider plays 1, 2 or 4"))?;
    let seed = number(field("seed")?, "seed")?;
    let moves = u32::try_from(number(field("moves")?, "moves")?).map_err(|_| "too many moves")?;
    let hints = u32::try_from(number(field("hints")?, "hints")?).map_err(|_| "too many hints")?;
    let stock = read_cards(&field("stock")?).map_err(|e| e.to_string())?;
    let done = field("done")?
        .split_whitespace()
        .map(|w| {
            let mut chars = w.chars();
            match (chars.next().and_then(Suit::from_letter), chars.next()) {
                (Some(s), None) => Ok(s),
                _ => Err(format!("\"{w}\" is not a suit letter")),
            }
        })
        .collect::<Result<Vec<Suit>, String>>()?;
    if done.len() > RUNS {
        return Err("more than eight suits finished".into());
    }
    let mut columns = Vec::with_capacity(COLUMNS);
    for i in 0..COLUMNS {
        let line = field("column")?;
        let (down, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
        let down = number(down.to_string(), "face-down cards")? as usize;
        let cards = read_cards(rest).map_err(|e| e.to_string())?;
        if !cards.is_empty() && down >= cards.len() {
            return Err(format!("column {} has its top card face down", i + 1));
        }
        if cards.is_empty() && down != 0 {
            return Err(format!("column {} is empty but has face-down cards", i + 1));
        }
        columns.push(Column { cards, down });
    }
    let game = Spider {
        suits,
        stock,
        columns,
        done,
        moves,
    };
    if game.all_cards() != suits.cards() {
        return Err(format!(
            "a saved game of {} suit{} must hold its 104 cards exactly",
            suits.count(),
            if suits.count() == 1 { "" } else { "s" }
        ));
    }
    Ok(Saved { game, seed, hints })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_reads_back() {
        let mut game = Spider::deal(Suits::Four, 31);
        let mv = crate::hint::hint(&game).unwrap();
        game.play(mv).unwrap();
        let saved = Saved {
            game,
            seed: 31,
            hints: 2,
        };
        let text = write(&saved);
        assert!(text.starts_with("spider 1\nsuits 4\nseed 31\nmoves 1\nhints 2\n"));
        assert_eq!(read(text.as_bytes()), Ok(saved));
    }

    #[test]
    fn damaged_saves_are_refused_with_a_reason() {
        let game = Spider::deal(Suits::Two, 5);
        let good = write(&Saved {
            game: game.clone(),
            seed: 5,
            hints: 0,
        });
        assert!(read(b"\xff\xfe").is_err());
        assert!(read(b"").unwrap_err().contains("ends"));
        assert!(read(good.replace("suits 2", "suits 3").as_bytes()).is_err());
        // A card too many.
        let extra = good.replacen("stock ", "stock AS ", 1);
        assert!(read(extra.as_bytes()).unwrap_err().contains("104"));
        // A face-down top.
        let mut lines: Vec<String> = good.lines().map(String::from).collect();
        lines[7] = lines[7].replacen("column 5", "column 6", 1);
        assert!(
            read(lines.join("\n").as_bytes())
                .unwrap_err()
                .contains("face down")
        );
        // Cut short.
        let short: String = good.lines().take(9).collect::<Vec<_>>().join("\n");
        assert!(read(short.as_bytes()).is_err());
        // The same cards in another suit count.
        let mut one = game;
        one.suits = Suits::One;
        let wrong = write(&Saved {
            game: one,
            seed: 5,
            hints: 0,
        });
        assert!(read(wrong.as_bytes()).is_err());
    }
}
