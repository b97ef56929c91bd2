//! The player's settings that outlive a game: the board size new games
//! start at, kept in `settings.txt` in the directory the launcher gives the
//! game (see [`game_api::Host::data_dir`]).
//!
//! ```text
//! size 7
//! ```
//!
//! Unknown lines are ignored, and a missing or damaged file gives the
//! default (5×5, the original's): a setting is never worth an error.

use std::path::{Path, PathBuf};

use crate::board::{DEFAULT_SIZE, SIZES};

/// The file's name in the game's data directory.
pub const FILE_NAME: &str = "settings.txt";

/// The settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The board size new games start at, one of [`SIZES`].
    pub size: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { size: DEFAULT_SIZE }
    }
}

impl Settings {
    /// The settings written in `text`.
    ///
    /// ```
    /// use lights_out::settings::Settings;
    /// let s = Settings::parse("size 7\nsomething else\n");
    /// assert_eq!(s, Settings { size: 7 });
    /// assert_eq!(Settings::parse(&s.to_text()), s);
    /// assert_eq!(Settings::parse("size 12"), Settings::default());
    /// ```
    pub fn parse(text: &str) -> Settings {
        let mut settings = Settings::default();
        for line in text.lines() {
            if let Some(("size", value)) = line.trim().split_once(' ')
                && let Ok(size) = value.trim().parse()
                && SIZES.contains(&size)
            {
                settings.size = size;
            }
        }
        settings
    }

    /// The settings as the file's text.
    pub fn to_text(self) -> String {
        format!("size {}\n", self.size)
    }

    /// The settings kept in `dir`, or the defaults.
    pub fn load(dir: Option<&Path>) -> Settings {
        dir.and_then(|d| std::fs::read_to_string(path(d)).ok())
            .map(|text| Settings::parse(&text))
            .unwrap_or_default()
    }

    /// Keeps the settings in `dir`.
    ///
    /// # Errors
    ///
    /// What went wrong writing the file, for the launcher's log.
    pub fn store(self, dir: &Path) -> Result<(), String> {
        let file = path(dir);
        std::fs::write(&file, self.to_text()).map_err(|e| {
            format!(
                "Lights Out could not keep its settings in {}: {e}",
                file.display()
            )
        })
    }
}

fn path(dir: &Path) -> PathBuf {
    dir.join(FILE_NAME)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_a_directory_and_default_without_one() {
        let dir = std::env::temp_dir().join(format!("lights-out-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(Settings::load(Some(&dir)), Settings::default());
        Settings { size: 9 }.store(&dir).unwrap();
        assert_eq!(Settings::load(Some(&dir)), Settings { size: 9 });
        std::fs::write(dir.join(FILE_NAME), "size nine\n").unwrap();
        assert_eq!(Settings::load(Some(&dir)).size, 5);
        assert_eq!(Settings::load(None).size, 5);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
