//! The bankroll, kept across games and sessions in `bankroll.txt` in the
//! game's data directory ([`game_api::Host::data_dir`]), with the shoe it
//! is being dealt from, so that the next round goes on where the last one
//! stopped:
//!
//! ```text
//! money 104
//! shoe 12345 52     the shoe's seed, and the cards already used
//! ```
//!
//! A missing or damaged file gives a new player's $100 and a new shoe.

use std::path::Path;

use crate::rules::START_MONEY;

/// The file's name in the game's data directory.
pub const FILE_NAME: &str = "bankroll.txt";

/// What the file keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bank {
    /// The bankroll, in dollars (it may run below zero, as in the original).
    pub money: i64,
    /// The shoe's seed and the cards used from it, if a shoe is in play.
    pub shoe: Option<(u64, usize)>,
}

impl Default for Bank {
    fn default() -> Self {
        Bank {
            money: START_MONEY,
            shoe: None,
        }
    }
}

/// The bank written in `text`; what is missing or damaged is the default.
///
/// ```
/// use blackjack::bank::{Bank, parse};
/// assert_eq!(parse("money 90\nshoe 7 30\n"), Bank { money: 90, shoe: Some((7, 30)) });
/// assert_eq!(parse("money lots\n"), Bank::default());
/// ```
pub fn parse(text: &str) -> Bank {
    let mut bank = Bank::default();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["money", m] => {
                if let Ok(m) = m.parse() {
                    bank.money = m;
                }
            }
            ["shoe", seed, used] => {
                if let (Ok(seed), Ok(used)) = (seed.parse(), used.parse()) {
                    bank.shoe = Some((seed, used));
                }
            }
            _ => {}
        }
    }
    bank
}

/// The bank's text.
pub fn format(bank: &Bank) -> String {
    let mut text = format!("money {}\n", bank.money);
    if let Some((seed, used)) = bank.shoe {
        text.push_str(&format!("shoe {seed} {used}\n"));
    }
    text
}

/// The bank kept in `dir`, or a new player's.
pub fn load(dir: Option<&Path>) -> Bank {
    dir.and_then(|d| std::fs::read_to_string(d.join(FILE_NAME)).ok())
        .map_or_else(Bank::default, |t| parse(&t))
}

/// Keeps `bank` in `dir`; what went wrong, for the launcher's log.
pub fn store(dir: &Path, bank: &Bank) -> Result<(), String> {
    let file = dir.join(FILE_NAME);
    std::fs::write(&file, format(bank)).map_err(|e| {
        format!(
            "Blackjack could not keep the bankroll in {}: {e}",
            file.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bankroll_is_kept_in_the_data_directory() {
        let dir = std::env::temp_dir().join(format!("blackjack-bank-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(load(Some(&dir)), Bank::default());
        let bank = Bank {
            money: -6,
            shoe: Some((99, 140)),
        };
        store(&dir, &bank).unwrap();
        assert_eq!(load(Some(&dir)), bank);
        assert_eq!(load(None), Bank::default());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
