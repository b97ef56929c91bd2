//! The saved game and the game ID, as text.
//!
//! A game ID is the options and the deal's seed, `1x7:12345` (one
//! opponent, seven cards; a bare seed deals with the options chosen now).
//! A save is the deal and every action since, which the rules replay (an
//! action they refuse damages the save):
//!
//! ```text
//! crazy-8s 1
//! options 1 7       opponents, cards each
//! seed 12345
//! actions 5H O D =C O P
//! end
//! ```
//!
//! An action is a card of yours discarded (`5H`), `D` a draw, `P` a
//! pass, `=C` the suit named for your 8 (by letter), `O` an opponent's
//! whole turn; `-` stands for none.

use cards::{Card, Suit};
use game_api::saved_text::{SavedText, SavedTextWriter};

use crate::rules::{Action, Crazy8s, Options};

const HEADER: &str = "crazy-8s";
const FORMAT: u32 = 1;

/// The game ID of a deal.
///
/// ```
/// use crazy_8s::rules::Options;
/// use crazy_8s::save::{game_id, parse_game_id};
/// assert_eq!(game_id(Options::ALL[2], 77), "2x7:77");
/// assert_eq!(parse_game_id("2x7:77", Options::DEFAULT), Ok((Options::ALL[2], 77)));
/// assert_eq!(parse_game_id(" 77 ", Options::ALL[0]), Ok((Options::ALL[0], 77)));
/// assert!(parse_game_id("2x10:77", Options::DEFAULT).is_err());
/// ```
pub fn game_id(options: Options, seed: u64) -> String {
    format!("{}x{}:{seed}", options.opponents, options.hand_size)
}

/// Reads a game ID: `opponents x cards : seed`, or a bare seed dealt with
/// `options`.
pub fn parse_game_id(id: &str, options: Options) -> Result<(Options, u64), String> {
    cards::deal::parse_option_id(id, options, |o| {
        let found = o.split_once('x').and_then(|(n, c)| {
            let (n, c): (usize, usize) = (n.trim().parse().ok()?, c.trim().parse().ok()?);
            Options::ALL
                .into_iter()
                .find(|x| x.opponents == n && x.hand_size == c)
        });
        found.ok_or_else(|| {
            format!(
                "\"{o}\" is not one of the games offered (1x10, 1x7, 2x7 or 3x7: opponents x cards)"
            )
        })
    })
}

fn action_text(a: Action) -> String {
    match a {
        Action::Draw => "D".into(),
        Action::Pass => "P".into(),
        Action::Opponent => "O".into(),
        Action::ChooseSuit(s) => format!("={}", s.letter()),
        Action::Discard(c) => c.to_string(),
    }
}

fn read_action(word: &str) -> Option<Action> {
    match word {
        "D" => Some(Action::Draw),
        "P" => Some(Action::Pass),
        "O" => Some(Action::Opponent),
        _ => match word.strip_prefix('=') {
            Some(s) => {
                let mut chars = s.chars();
                match (chars.next().and_then(Suit::from_letter), chars.next()) {
                    (Some(suit), None) => Some(Action::ChooseSuit(suit)),
                    _ => None,
                }
            }
            None => word.parse::<Card>().ok().map(Action::Discard),
        },
    }
}

/// The save's bytes.
pub fn write(game: &Crazy8s) -> Vec<u8> {
    let actions: Vec<String> = game.log.iter().map(|&a| action_text(a)).collect();
    SavedTextWriter::new(HEADER, FORMAT)
        .field(
            "options",
            format!("{} {}", game.options.opponents, game.options.hand_size),
        )
        .field("seed", game.seed)
        .field(
            "actions",
            if actions.is_empty() {
                "-".into()
            } else {
                actions.join(" ")
            },
        )
        .finish()
}

/// Reads a save, or says what is wrong with it.
pub fn read(bytes: &[u8]) -> Result<Crazy8s, String> {
    let mut s = SavedText::read(bytes, "Crazy 8s", HEADER, FORMAT)?;
    let options = s.field("options")?;
    let options = options
        .split_once(' ')
        .and_then(|(n, c)| {
            let (n, c): (usize, usize) = (n.parse().ok()?, c.parse().ok()?);
            Options::ALL
                .into_iter()
                .find(|o| o.opponents == n && o.hand_size == c)
        })
        .ok_or_else(|| s.damaged(&format!("its options \"{options}\" are not offered")))?;
    let seed: u64 = s
        .field("seed")?
        .parse()
        .map_err(|_| s.damaged("its seed is not a number"))?;
    let log = match s.field("actions")? {
        "-" => Vec::new(),
        text => text
            .split_whitespace()
            .map(|w| read_action(w).ok_or_else(|| s.damaged(&format!("\"{w}\" is not an action"))))
            .collect::<Result<Vec<Action>, String>>()?,
    };
    let game = Crazy8s::replay(options, seed, &log)
        .map_err(|r| s.damaged(&format!("an action it holds is refused ({r})")))?;
    s.finish("the actions")?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_reads_back_as_the_same_game() {
        let mut g = Crazy8s::deal(Options::ALL[3], 4);
        let empty = String::from_utf8(write(&g)).unwrap();
        assert_eq!(empty, "crazy-8s 1\noptions 3 7\nseed 4\nactions -\nend\n");
        for _ in 0..60 {
            let Some(a) = g.some_action(Suit::Spades) else {
                break;
            };
            g.play(a).unwrap();
            assert_eq!(read(&write(&g)), Ok(g.clone()));
        }
    }

    #[test]
    fn damaged_saves_are_refused_in_words() {
        assert_eq!(
            read(b"spider 1\nend\n"),
            Err("These bytes are not a saved game of Crazy 8s.".into())
        );
        let bad = b"crazy-8s 1\noptions 4 7\nseed 1\nactions -\nend\n";
        assert!(read(bad).unwrap_err().contains("are not offered"));
        let bad = b"crazy-8s 1\noptions 1 7\nseed 1\nactions X\nend\n";
        assert!(read(bad).unwrap_err().contains("\"X\" is not an action"));
        let bad = b"crazy-8s 1\noptions 1 7\nseed 1\nactions O\nend\n";
        assert!(read(bad).unwrap_err().contains("is refused"));
    }
}
