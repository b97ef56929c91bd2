//! The option that outlives a game: whether the next game is played with
//! pairs (the original) or books of four, kept in `settings.txt` in the
//! game's data directory ([`game_api::Host::data_dir`]):
//!
//! ```text
//! match pairs
//! ```
//!
//! A missing or damaged file gives the original's pairs.

use std::path::Path;

use crate::rules::MatchSize;

/// The file's name in the game's data directory.
pub const FILE_NAME: &str = "settings.txt";

/// The match size written in `text`, or pairs.
///
/// ```
/// use go_fish::rules::MatchSize;
/// use go_fish::settings::parse;
/// assert_eq!(parse("match books\n"), MatchSize::Books);
/// assert_eq!(parse("match triples"), MatchSize::Pairs);
/// assert_eq!(parse(""), MatchSize::Pairs);
/// ```
pub fn parse(text: &str) -> MatchSize {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("match "))
        .filter_map(MatchSize::from_word)
        .next_back()
        .unwrap_or(MatchSize::Pairs)
}

/// The match size kept in `dir`, or pairs.
pub fn load(dir: Option<&Path>) -> MatchSize {
    dir.and_then(|d| std::fs::read_to_string(d.join(FILE_NAME)).ok())
        .map_or(MatchSize::Pairs, |t| parse(&t))
}

/// Keeps `size` in `dir`; what went wrong, for the launcher's log.
pub fn store(dir: &Path, size: MatchSize) -> Result<(), String> {
    let file = dir.join(FILE_NAME);
    std::fs::write(&file, format!("match {}\n", size.word())).map_err(|e| {
        format!(
            "Go Fish could not keep its settings in {}: {e}",
            file.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_match_size_is_kept_in_the_data_directory() {
        let dir = std::env::temp_dir().join(format!("go-fish-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(load(Some(&dir)), MatchSize::Pairs);
        store(&dir, MatchSize::Books).unwrap();
        assert_eq!(load(Some(&dir)), MatchSize::Books);
        assert_eq!(load(None), MatchSize::Pairs);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
