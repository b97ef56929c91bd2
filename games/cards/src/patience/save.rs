//! A patience's table as text, in the kit's card notation (`7H`, `TS`):
//! a few lines of counters, then a line per pile in the layout's order,
//! its role, how many of its bottom cards lie face down, and its cards
//! from the bottom up:
//!
//! ```text
//! klondike 1
//! options 3,unlimited      the variant's choices (- when it has none)
//! seed 12345
//! moves 17
//! redeals 1                the waste turned back so far
//! help 0                   hints and questions asked
//! stock 21 7H TS ...       all face down; the last card is the next turned
//! waste 0 AD 5C 9H
//! foundation 0 AS 2S
//! tableau 3 KD 5C 2H 9S    three face down, the nine of spades face up
//! cell 0                   an empty free cell
//! ```
//!
//! A save is refused, saying why, unless it holds every card of the deck
//! exactly once, each pile where the layout has one, foundations built up
//! in suit from the ace, a free cell holding at most one card, no stock
//! card face up and no column with its top card face down.

use crate::card::{Card, deck, read_cards, write_cards};

use super::{Patience, Role};

/// What a save holds: the table and what the game keeps beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The table, its rules and counters.
    pub game: Patience,
    /// The variant's choices as written in the game ID (`3,unlimited`).
    pub options: String,
    /// The deal's seed.
    pub seed: u64,
    /// Hints and questions asked (a win after one is a helped win).
    pub help: u32,
}

/// The save's text; `name` is its first word ("klondike").
pub fn write(name: &str, saved: &Saved) -> String {
    let g = &saved.game;
    let options = if saved.options.is_empty() {
        "-"
    } else {
        &saved.options
    };
    let mut text = format!(
        "{name} 1\noptions {options}\nseed {}\nmoves {}\nredeals {}\nhelp {}\n",
        saved.seed, g.moves, g.redeals_used, saved.help
    );
    for p in &g.piles {
        let cards = write_cards(&p.cards);
        let sep = if cards.is_empty() { "" } else { " " };
        text.push_str(&format!("{} {}{sep}{cards}\n", p.role.word(), p.down));
    }
    text
}

/// Reads a save of `name`. `table` gives the empty piles and rules of the
/// variant whose choices the save names (or says what is wrong with them).
pub fn read(
    name: &str,
    bytes: &[u8],
    table: impl Fn(&str) -> Result<Patience, String>,
) -> Result<Saved, String> {
    let not_ours = || format!("not a saved game of {name}");
    let text = std::str::from_utf8(bytes).map_err(|_| not_ours())?;
    let mut lines = text.lines();
    let mut field = |key: &str| -> Result<String, String> {
        let line = lines
            .next()
            .ok_or_else(|| format!("the save ends before its {key} line"))?;
        match line.split_once(' ') {
            Some((k, rest)) if k == key => Ok(rest.trim().to_string()),
            None if line == key => Ok(String::new()),
            _ => Err(format!("expected a {key} line, found \"{line}\"")),
        }
    };
    if field(name).map_err(|_| not_ours())? != "1" {
        return Err(format!("not a saved game of this {name}"));
    }
    let number = |value: String, what: &str| -> Result<u64, String> {
        value
            .parse()
            .map_err(|_| format!("\"{value}\" is not a number of {what}"))
    };
    let options = field("options")?;
    let options = if options == "-" {
        String::new()
    } else {
        options
    };
    let mut game = table(&options)?;
    let seed = number(field("seed")?, "seed")?;
    let small = |n: u64, what: &str| u32::try_from(n).map_err(|_| format!("too many {what}"));
    game.moves = small(number(field("moves")?, "moves")?, "moves")?;
    game.redeals_used = small(number(field("redeals")?, "redeals")?, "redeals")?;
    let help = small(number(field("help")?, "hints")?, "hints")?;
    if let Some(limit) = game.rules.redeals
        && game.redeals_used > limit
    {
        return Err(format!(
            "{} redeals used where the game allows {limit}",
            game.redeals_used
        ));
    }
    for (i, pile) in game.piles.iter_mut().enumerate() {
        let word = pile.role.word();
        let line = field(word).map_err(|e| format!("pile {}: {e}", i + 1))?;
        let (down, cards) = line.split_once(' ').unwrap_or((line.as_str(), ""));
        pile.down = number(down.to_string(), "face-down cards")? as usize;
        pile.cards = read_cards(cards).map_err(|e| e.to_string())?;
        check_pile(pile).map_err(|e| format!("the {word} (pile {}) {e}", i + 1))?;
    }
    check_every_card_once(&game.all_cards())?;
    Ok(Saved {
        game,
        options,
        seed,
        help,
    })
}

fn check_pile(pile: &super::Pile) -> Result<(), String> {
    let n = pile.cards.len();
    match pile.role {
        Role::Stock if pile.down != n => return Err("must be all face down".into()),
        Role::Tableau if n > 0 && pile.down >= n => return Err("has its top card face down".into()),
        Role::Tableau if n == 0 && pile.down > 0 => {
            return Err("is empty but has face-down cards".into());
        }
        Role::Waste | Role::Foundation | Role::FreeCell if pile.down > 0 => {
            return Err("cannot hold face-down cards".into());
        }
        Role::FreeCell if n > 1 => return Err("holds one card at most".into()),
        _ => {}
    }
    if pile.role == Role::Foundation {
        for (i, card) in pile.cards.iter().enumerate() {
            if usize::from(card.rank.value()) != i + 1 || card.suit != pile.cards[0].suit {
                return Err("must be built up in suit from the ace".into());
            }
        }
    }
    Ok(())
}

/// Ok when `sorted` is the deck exactly; else which cards are missing
/// and which are there more than once, in words.
pub fn check_every_card_once(sorted: &[Card]) -> Result<(), String> {
    let mut problems = Vec::new();
    for card in deck() {
        match sorted.iter().filter(|&&c| c == card).count() {
            1 => {}
            0 => problems.push(format!("the {} is missing", card.name())),
            n => problems.push(format!("the {} is there {n} times", card.name())),
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patience::{KLONDIKE_RULES, Move};

    fn klondike(_options: &str) -> Result<Patience, String> {
        let mut roles = vec![Role::Stock, Role::Waste];
        roles.extend([Role::Foundation; 4]);
        roles.extend([Role::Tableau; 7]);
        Ok(Patience::new(KLONDIKE_RULES, &roles))
    }

    fn dealt() -> Saved {
        let mut game = klondike("").unwrap();
        game.deal_rows(
            &crate::deal::shuffled_deck(5),
            &[1, 2, 3, 4, 5, 6, 7],
            false,
        );
        game.play(Move::Draw).unwrap();
        Saved {
            game,
            options: "1,unlimited".into(),
            seed: 5,
            help: 1,
        }
    }

    #[test]
    fn a_table_with_face_down_cards_reads_back() {
        let saved = dealt();
        let text = write("klondike", &saved);
        assert!(
            text.starts_with(
                "klondike 1\noptions 1,unlimited\nseed 5\nmoves 1\nredeals 0\nhelp 1\nstock 23 "
            ),
            "{text}"
        );
        assert!(text.contains("\ntableau 6 "), "{text}");
        assert!(text.contains("\nfoundation 0\n"), "{text}");
        assert_eq!(read("klondike", text.as_bytes(), klondike), Ok(saved));
    }

    #[test]
    fn a_damaged_table_is_refused_saying_why() {
        let text = write("klondike", &dealt());
        let refused = |t: String| read("klondike", t.as_bytes(), klondike).unwrap_err();
        assert!(
            refused(text.replace("klondike 1", "freecell 1"))
                .contains("not a saved game of klondike")
        );
        let stock_line = text.lines().find(|l| l.starts_with("stock")).unwrap();
        let first = stock_line.split(' ').nth(2).unwrap();
        let card: Card = first.parse().unwrap();
        // A card dropped: missing; a card written twice: there twice.
        let dropped = text.replacen(&format!("stock 23 {first} "), "stock 22 ", 1);
        assert_eq!(refused(dropped), format!("the {} is missing", card.name()));
        let swapped = text.replacen(&format!("stock 23 {first} "), "stock 23 AS ", 1);
        let both = refused(swapped);
        assert!(
            both.contains(&format!("the {} is missing", card.name())),
            "{both}"
        );
        assert!(
            card == "AS".parse().unwrap() || both.contains("the ace of spades is there 2 times"),
            "{both}"
        );
        let twice = text.replacen("waste 0 ", &format!("waste 0 {first} "), 1);
        assert_eq!(
            refused(twice),
            format!("the {} is there 2 times", card.name())
        );
        // A column whose top is face down, a stock card face up.
        let top_down = text.replacen("tableau 0 ", "tableau 1 ", 1);
        assert!(refused(top_down).contains("top card face down"));
        assert!(refused(text.replacen("stock 23", "stock 22", 1)).contains("all face down"));
        let home = text.replacen("foundation 0", "foundation 0 2C", 1);
        assert!(refused(home).contains("from the ace"));
        assert!(
            refused(text.lines().take(9).collect::<Vec<_>>().join("\n")).contains("ends before")
        );
    }
}
