//! The option that outlives a game: whether the next game is played with
//! pairs (the original) or books of four, kept in `settings.txt` in the
//! game's data directory ([`game_api::Host::data_dir`]):
//!
//! ```text
//! match pairs
//! ```
//!
//! The file is read and written by [`game_api::settings`]: unknown lines
//! are kept as they were, and a missing or damaged file gives the
//! original's pairs.

use std::path::Path;

use game_api::settings::SettingsFile;

use crate::rules::MatchSize;

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
    read(&SettingsFile::parse(text))
}

/// The match size `file` holds, or pairs.
pub fn read(file: &SettingsFile) -> MatchSize {
    file.get("match")
        .and_then(MatchSize::from_word)
        .unwrap_or(MatchSize::Pairs)
}

/// The match size kept in `dir`, or pairs.
pub fn load(dir: Option<&Path>) -> MatchSize {
    read(&SettingsFile::load(dir))
}

/// Keeps `size` in `dir`, with the file's other lines; what went wrong,
/// for the launcher's log.
pub fn store(dir: &Path, size: MatchSize) -> Result<(), String> {
    SettingsFile::update(dir, |file| file.set("match", size.word()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_match_size_is_kept_in_the_data_directory() {
        let dir = std::env::temp_dir().join(format!("go-fish-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(load(Some(&dir)), MatchSize::Pairs);
        std::fs::write(
            dir.join(game_api::settings::FILE_NAME),
            "match pairs\nlater 1\n",
        )
        .unwrap();
        store(&dir, MatchSize::Books).unwrap();
        assert_eq!(load(Some(&dir)), MatchSize::Books);
        assert_eq!(
            std::fs::read_to_string(dir.join(game_api::settings::FILE_NAME)).unwrap(),
            "match books\nlater 1\n"
        );
        assert_eq!(load(None), MatchSize::Pairs);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
