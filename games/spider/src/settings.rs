//! The option that outlives a game: the number of suits the next game is
//! dealt with (the original's `spider:num-suits` preference), kept in
//! `settings.txt` in the game's data directory ([`game_api::Host::data_dir`]):
//!
//! ```text
//! suits 2
//! ```
//!
//! The file is read and written by [`game_api::settings`]: unknown lines
//! are kept as they were, and a missing or damaged file gives the
//! original's default, two suits.

use std::path::Path;

use game_api::settings::SettingsFile;

use crate::rules::Suits;

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
    read(&SettingsFile::parse(text))
}

/// The suits `file` holds, or two.
pub fn read(file: &SettingsFile) -> Suits {
    file.get_parsed("suits")
        .and_then(Suits::from_count)
        .unwrap_or(Suits::Two)
}

/// The suits kept in `dir`, or two.
pub fn load(dir: Option<&Path>) -> Suits {
    read(&SettingsFile::load(dir))
}

/// Keeps `suits` in `dir`, with the file's other lines; what went wrong,
/// for the launcher's log.
pub fn store(dir: &Path, suits: Suits) -> Result<(), String> {
    SettingsFile::update(dir, |file| file.set("suits", suits.count()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suits_are_kept_in_the_data_directory() {
        let dir = std::env::temp_dir().join(format!("spider-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(load(Some(&dir)), Suits::Two);
        std::fs::write(
            dir.join(game_api::settings::FILE_NAME),
            "later 1\nsuits 2\n",
        )
        .unwrap();
        store(&dir, Suits::One).unwrap();
        assert_eq!(load(Some(&dir)), Suits::One);
        assert_eq!(
            std::fs::read_to_string(dir.join(game_api::settings::FILE_NAME)).unwrap(),
            "later 1\nsuits 1\n"
        );
        assert_eq!(load(None), Suits::Two);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
