//! The saved game and the game ID, as text.
//!
//! A game ID is the match size and the deal's seed, `pairs:12345` or
//! `books:12345` (a bare seed deals with the size chosen now). A save is
//! lines of [`game_api::saved_text`]:
//!
//! ```text
//! Go Fish save 1
//! size pairs
//! seed 12345
//! rng 1234567          the computer players' dice
//! phase turn 0         turn <player>, fishing or over
//! pending -            or <asker> <target> <card>: a computer's ask on show
//! stock 7H TS ...      the top first
//! hand 2C 9D ...       three hand lines (you, Opponent 1, Opponent 2)
//! box 7S 7C ...        three box lines
//! tried QH ...         three memory lines
//! end
//! ```
//!
//! A save that does not hold the 52 cards exactly, a box that is not made
//! of whole matches, or a computer's hand holding a whole match, is
//! refused.

use cards::Card;
use cards::card::{read_cards, write_cards};
use game_api::Rng;
use game_api::saved_text::{SavedText, SavedTextWriter};

use crate::rules::{Ask, GoFish, MatchSize, PLAYERS, Phase, YOU};

/// The save's first line, before the format number.
pub const HEADER: &str = "Go Fish save";
/// The save's format.
pub const FORMAT: u32 = 1;
const GAME: &str = "Go Fish";

/// What a save holds beyond the rules' state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The game.
    pub game: GoFish,
    /// The deal's seed (for the game ID).
    pub seed: u64,
}

/// The game ID of a deal.
///
/// ```
/// use go_fish::rules::MatchSize;
/// use go_fish::save::{game_id, parse_game_id};
/// assert_eq!(game_id(MatchSize::Books, 77), "books:77");
/// assert_eq!(parse_game_id("pairs:77", MatchSize::Books), Ok((MatchSize::Pairs, 77)));
/// assert_eq!(parse_game_id(" 77 ", MatchSize::Books), Ok((MatchSize::Books, 77)));
/// assert!(parse_game_id("triples:77", MatchSize::Pairs).is_err());
/// ```
pub fn game_id(size: MatchSize, seed: u64) -> String {
    format!("{}:{seed}", size.word())
}

/// Reads a game ID: `pairs:seed`, `books:seed`, or a bare seed dealt with
/// `size`.
pub fn parse_game_id(id: &str, size: MatchSize) -> Result<(MatchSize, u64), String> {
    cards::deal::parse_option_id(id, size, |word| {
        MatchSize::from_word(word).ok_or_else(|| format!("\"{word}\" is not pairs or books"))
    })
}

fn phase_text(phase: Phase) -> String {
    match phase {
        Phase::Turn(p) => format!("turn {p}"),
        Phase::Fishing => "fishing".into(),
        Phase::Over => "over".into(),
    }
}

/// The save's bytes.
pub fn write(saved: &Saved) -> Vec<u8> {
    let g = &saved.game;
    let pending = match g.pending {
        None => "-".to_string(),
        Some(a) => format!("{} {} {}", a.asker, a.target, a.card),
    };
    let mut w = SavedTextWriter::new(HEADER, FORMAT)
        .field("size", g.size.word())
        .field("seed", saved.seed)
        .field("rng", g.rng.state())
        .field("phase", phase_text(g.phase))
        .field("pending", pending)
        .field("stock", write_cards(&g.stock));
    for h in &g.hands {
        w = w.field("hand", write_cards(h));
    }
    for b in &g.boxes {
        w = w.field("box", write_cards(b));
    }
    for t in &g.tried {
        w = w.field("tried", write_cards(t));
    }
    w.finish()
}

/// Reads a save, or says what is wrong with it.
pub fn read(bytes: &[u8]) -> Result<Saved, String> {
    let mut s = SavedText::read(bytes, GAME, HEADER, FORMAT)?;
    let size = s.field("size")?;
    let size = MatchSize::from_word(size)
        .ok_or_else(|| s.damaged(&format!("\"{size}\" is not pairs or books")))?;
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
    let phase = match phase.split_whitespace().collect::<Vec<_>>()[..] {
        ["turn", p] => match p.parse::<usize>() {
            Ok(p) if p < PLAYERS => Phase::Turn(p),
            _ => return Err(s.damaged(&format!("\"{p}\" is not a player"))),
        },
        ["fishing"] => Phase::Fishing,
        ["over"] => Phase::Over,
        _ => return Err(s.damaged(&format!("\"{phase}\" is not a turn"))),
    };
    let pending = s.field("pending")?;
    let pending = match pending.split_whitespace().collect::<Vec<_>>()[..] {
        ["-"] => None,
        [a, t, c] => {
            let (asker, target) = (a.parse::<usize>(), t.parse::<usize>());
            let card = c.parse::<Card>();
            match (asker, target, card) {
                (Ok(asker), Ok(target), Ok(card))
                    if asker < PLAYERS && target < PLAYERS && asker != target && asker != YOU =>
                {
                    Some(Ask {
                        asker,
                        target,
                        card,
                    })
                }
                _ => return Err(s.damaged(&format!("\"{pending}\" is not an ask"))),
            }
        }
        _ => return Err(s.damaged(&format!("\"{pending}\" is not an ask"))),
    };
    let cards = |s: &mut SavedText, name: &str| -> Result<Vec<Card>, String> {
        let line = s.field(name)?;
        read_cards(line).map_err(|e| s.damaged(&e.to_string()))
    };
    let stock = cards(&mut s, "stock")?;
    let mut hands: [Vec<Card>; PLAYERS] = Default::default();
    for h in &mut hands {
        *h = cards(&mut s, "hand")?;
    }
    let mut boxes: [Vec<Card>; PLAYERS] = Default::default();
    for b in &mut boxes {
        *b = cards(&mut s, "box")?;
    }
    let mut tried: [Vec<Card>; PLAYERS] = Default::default();
    for t in &mut tried {
        *t = cards(&mut s, "tried")?;
    }
    s.finish("the memories")?;
    let game = GoFish {
        size,
        stock,
        hands,
        boxes,
        tried,
        phase,
        pending,
        rng,
    };
    if game.all_cards() != cards::card::deck() {
        return Err(cards_message());
    }
    for p in 0..PLAYERS {
        let whole = game.boxes[p]
            .chunks(size.cards())
            .all(|m| m.len() == size.cards() && m.iter().all(|c| c.rank == m[0].rank));
        if !whole {
            return Err(format!(
                "This saved game of Go Fish is damaged: a box holds cards that are not whole {}.",
                size.word()
            ));
        }
        if p != YOU && game.full_rank(p).is_some() {
            return Err(
                "This saved game of Go Fish is damaged: a computer player kept a whole match in hand."
                    .into(),
            );
        }
    }
    if let Some(ask) = game.pending
        && (game.phase != Phase::Turn(ask.asker) || !game.hands[ask.asker].contains(&ask.card))
    {
        return Err(
            "This saved game of Go Fish is damaged: its ask on show is not a turn's.".into(),
        );
    }
    Ok(Saved { game, seed })
}

fn cards_message() -> String {
    "This saved game of Go Fish is damaged: it must hold the 52 cards of a deck exactly.".into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Move;

    #[test]
    fn a_save_reads_back() {
        let mut game = GoFish::deal(MatchSize::Pairs, 31);
        let card = game.hands[YOU][0];
        game.play(Move::Ask { target: 2, card }).unwrap();
        if game.phase == Phase::Fishing {
            game.play(Move::Draw).unwrap();
        }
        while game.computer_to_play() && game.pending.is_none() {
            game.computer_step();
        }
        let saved = Saved { game, seed: 31 };
        let bytes = write(&saved);
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(
            text.starts_with("Go Fish save 1\nsize pairs\nseed 31\n"),
            "{text}"
        );
        assert_eq!(read(&bytes), Ok(saved));
    }

    #[test]
    fn damaged_saves_are_refused_with_a_reason() {
        let game = GoFish::deal(MatchSize::Books, 5);
        let good = String::from_utf8(write(&Saved { game, seed: 5 })).unwrap();
        assert!(read(b"\xff\xfe").is_err());
        assert!(read(b"").is_err());
        assert!(read(good.replace("size books", "size triples").as_bytes()).is_err());
        let extra = good.replacen("stock ", "stock AS ", 1);
        assert!(read(extra.as_bytes()).unwrap_err().contains("52 cards"));
        assert!(read(good.replace("phase turn 0", "phase turn 3").as_bytes()).is_err());
        assert!(read(good.replace("pending -", "pending 0 1 AS").as_bytes()).is_err());
        let short: String = good.lines().take(9).collect::<Vec<_>>().join("\n");
        assert!(read(short.as_bytes()).is_err());
        // The same cards as pairs: the boxes are not whole pairs, or fine.
        let pairs = good.replace("size books", "size pairs");
        let _ = read(pairs.as_bytes());
    }
}
