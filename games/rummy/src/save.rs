//! The saved game and the game ID, as text.
//!
//! A game ID is the deal's seed, `1234`. A save is lines of
//! [`game_api::saved_text`]:
//!
//! ```text
//! Rummy save 1
//! seed 1234
//! rng 987654           the reshuffles' dice
//! phase draw           draw, discard, computer-draw, computer-discard,
//!                      or over you|computer|tie [dealt]
//! turns 3
//! stock 7H TS ...      the top first
//! discards 2C ...      the bottom first
//! hand 2C 9D ...       yours, then the computer player's
//! hand ...
//! end
//! ```
//!
//! A save that does not hold the 52 cards exactly, or whose hands do not
//! hold the cards its turn calls for, is refused.

use cards::Card;
use cards::card::{read_cards, write_cards};
use game_api::Rng;
use game_api::saved_text::{SavedText, SavedTextWriter};

use crate::rules::{COMPUTER, DEAL_COUNT, Phase, Rummy, Winner, YOU};

/// The save's first line, before the format number.
pub const HEADER: &str = "Rummy save";
/// The save's format.
pub const FORMAT: u32 = 1;
const GAME: &str = "Rummy";

/// What a save holds beyond the rules' state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The game.
    pub game: Rummy,
    /// The deal's seed (the game ID).
    pub seed: u64,
}

/// Reads a game ID: the deal's number.
///
/// ```
/// assert_eq!(rummy::save::parse_game_id(" 77 "), Ok(77));
/// assert!(rummy::save::parse_game_id("seven").is_err());
/// ```
pub fn parse_game_id(id: &str) -> Result<u64, String> {
    cards::deal::parse_deal_number(id)
}

fn phase_text(phase: Phase) -> String {
    match phase {
        Phase::Draw => "draw".into(),
        Phase::Discard => "discard".into(),
        Phase::ComputerDraw => "computer-draw".into(),
        Phase::ComputerDiscard => "computer-discard".into(),
        Phase::Over { winner, dealt } => format!(
            "over {}{}",
            match winner {
                Winner::You => "you",
                Winner::Computer => "computer",
                Winner::Tie => "tie",
            },
            if dealt { " dealt" } else { "" }
        ),
    }
}

/// The save's bytes.
pub fn write(saved: &Saved) -> Vec<u8> {
    let g = &saved.game;
    SavedTextWriter::new(HEADER, FORMAT)
        .field("seed", saved.seed)
        .field("rng", g.rng.state())
        .field("phase", phase_text(g.phase))
        .field("turns", g.turns)
        .field("stock", write_cards(&g.stock))
        .field("discards", write_cards(&g.discards))
        .field("hand", write_cards(&g.hands[YOU]))
        .field("hand", write_cards(&g.hands[COMPUTER]))
        .finish()
}

/// Reads a save, or says what is wrong with it.
pub fn read(bytes: &[u8]) -> Result<Saved, String> {
    let mut s = SavedText::read(bytes, GAME, HEADER, FORMAT)?;
    let number = |s: &SavedText, v: &str, what: &str| -> Result<u64, String> {
        v.trim()
            .parse()
            .map_err(|_| s.damaged(&format!("its {what} \"{v}\" is not a number")))
    };
    let seed = s.field("seed")?;
    let seed = number(&s, seed, "seed")?;
    let rng = s.field("rng")?;
    let rng = Rng::from_state(number(&s, rng, "dice")?);
    let phase = s.field("phase")?;
    let words: Vec<&str> = phase.split_whitespace().collect();
    let phase = match words[..] {
        ["draw"] => Phase::Draw,
        ["discard"] => Phase::Discard,
        ["computer-draw"] => Phase::ComputerDraw,
        ["computer-discard"] => Phase::ComputerDiscard,
        ["over", w, ref rest @ ..] if rest.is_empty() || rest == ["dealt"] => {
            let winner = match w {
                "you" => Winner::You,
                "computer" => Winner::Computer,
                "tie" => Winner::Tie,
                _ => return Err(s.damaged(&format!("\"{w}\" is not a winner"))),
            };
            Phase::Over {
                winner,
                dealt: !rest.is_empty(),
            }
        }
        _ => return Err(s.damaged(&format!("\"{phase}\" is not a turn"))),
    };
    let turns = s.field("turns")?;
    let turns = u32::try_from(number(&s, turns, "turns")?)
        .map_err(|_| s.damaged("it has too many turns"))?;
    let cards = |s: &mut SavedText, name: &str| -> Result<Vec<Card>, String> {
        let line = s.field(name)?;
        read_cards(line).map_err(|e| s.damaged(&e.to_string()))
    };
    let stock = cards(&mut s, "stock")?;
    let discards = cards(&mut s, "discards")?;
    let you = cards(&mut s, "hand")?;
    let computer = cards(&mut s, "hand")?;
    s.finish("the hands")?;
    let game = Rummy {
        stock,
        discards,
        hands: [you, computer],
        phase,
        turns,
        rng,
    };
    if game.all_cards() != cards::card::deck() {
        return Err(
            "This saved game of Rummy is damaged: it must hold the 52 cards of a deck exactly."
                .into(),
        );
    }
    let (you, computer) = (game.hands[YOU].len(), game.hands[COMPUTER].len());
    let expected = match phase {
        Phase::Discard => (DEAL_COUNT + 1, DEAL_COUNT),
        Phase::ComputerDiscard => (DEAL_COUNT, DEAL_COUNT + 1),
        _ => (DEAL_COUNT, DEAL_COUNT),
    };
    let needs_discard = matches!(
        phase,
        Phase::Draw | Phase::ComputerDraw | Phase::ComputerDiscard
    );
    if (you, computer) != expected || (game.discards.is_empty() && needs_discard) {
        return Err(
            "This saved game of Rummy is damaged: its hands do not hold the cards of its turn."
                .into(),
        );
    }
    Ok(Saved { game, seed })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Move;

    #[test]
    fn a_save_reads_back() {
        let mut game = Rummy::deal(31);
        if !game.over() {
            game.play(Move::DrawStock).unwrap();
        }
        let saved = Saved { game, seed: 31 };
        let bytes = write(&saved);
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(text.starts_with("Rummy save 1\nseed 31\n"), "{text}");
        assert_eq!(read(&bytes), Ok(saved));
        // You took the only discard: the pile is empty while you discard.
        let mut took = Rummy::deal(7);
        if !took.over() {
            took.play(Move::DrawDiscard).unwrap();
            assert!(took.discards.is_empty());
            let saved = Saved {
                game: took,
                seed: 7,
            };
            assert_eq!(read(&write(&saved)), Ok(saved));
        }
        let over = Saved {
            game: Rummy {
                phase: Phase::Over {
                    winner: Winner::Tie,
                    dealt: true,
                },
                ..Rummy::deal(2)
            },
            seed: 2,
        };
        assert_eq!(read(&write(&over)), Ok(over));
    }

    #[test]
    fn damaged_saves_are_refused_with_a_reason() {
        let good = String::from_utf8(write(&Saved {
            game: Rummy::deal(5),
            seed: 5,
        }))
        .unwrap();
        assert!(read(b"\xff\xfe").is_err());
        assert!(read(b"").is_err());
        assert!(read(good.replace("phase draw", "phase dance").as_bytes()).is_err());
        assert!(
            read(good.replace("phase draw", "phase discard").as_bytes())
                .unwrap_err()
                .contains("turn")
        );
        let extra = good.replacen("stock ", "stock AS ", 1);
        assert!(read(extra.as_bytes()).unwrap_err().contains("52 cards"));
        let short: String = good.lines().take(5).collect::<Vec<_>>().join("\n");
        assert!(read(short.as_bytes()).is_err());
    }
}
