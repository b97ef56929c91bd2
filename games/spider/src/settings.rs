//! The option that outlives a game: the number of suits the next game is
//! dealt with (the original's `spider:num-suits` preference), kept in
//! `settings.txt` in the game's data directory ([`game_api::Host::data_dir`]):
//!
//! ```text
//! suits 2
//! ```
//!
//! A missing or damaged file gives the original's default, two suits.

use std::path::Path;

use crate::rules::Suits;

/// The file's name in the game's data directory.
pub const FILE_NAME: &str = "settings.txt";

/// The suits written in `text`, or two.
///
/// ```
/// use spider::rules::Suits;
/// use spider::settings::parse;
/// assert_eq!(parse("suits 4\n"), Suits::Four);
/// assert_eq!(parse("suits 3"), Suits::Two);
/// assert_eq!(parse(""), Suits::Two);
/// ```
pub fn parse(text: &str) -> Suits {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("suits "))
        .filter_map(|v| v.trim().parse().ok().and_then(Suits::from_count))
        .next_back()
        .unwrap_or(Suits::Two)
}

/// The suits kept in `dir`, or two.
pub fn load(dir: Option<&Path>) -> Suits {
    dir.and_then(|d| std::fs::read_to_string(d.join(FILE_NAME)).ok())
        .map_or(Suits::Two, |t| parse(&t))
}

/// Keeps `suits` in `dir`; what went wrong, for the launcher's log.
pub fn store(dir: &Path, suits: Suits) -> Result<(), String> {
    let file = dir.join(FILE_NAME);
    std::fs::write(&file, format!("suits {}\n", suits.count())).map_err(|e| {
        format!(
            "Spider could not keep its settings in {}: {e}",
            file.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suits_are_kept_in_the_data_directory() {
        let dir = std::env::temp_dir().join(format!("spider-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(load(Some(&dir)), Suits::Two);
        store(&dir, Suits::One).unwrap();
        assert_eq!(load(Some(&dir)), Suits::One);
        assert_eq!(load(None), Suits::Two);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
