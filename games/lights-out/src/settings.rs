//! The player's settings that outlive a game: the board size new games
//! start at, kept in `settings.txt` in the directory the launcher gives the
//! game (see [`game_api::Host::data_dir`]).
//!
//! ```text
//! size 7
//! ```
//!
//! The file is read and written by [`game_api::settings`]: unknown lines
//! are kept as they were, and a missing or damaged file gives the default
//! (5×5, the original's): a setting is never worth an error.

use game_api::settings::{Options, SettingsFile};

use crate::board::{DEFAULT_SIZE, SIZES};

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

/// The settings in `settings.txt`, through [`Options`].
impl Options for Settings {
    /// The settings written in `file`, each missing or unoffered one at
    /// its default.
    ///
    /// ```
    /// use game_api::settings::Options;
    /// use game_api::settings::SettingsFile;
    /// use lights_out::settings::Settings;
    /// let s = Settings::read(&SettingsFile::parse("size 7\nsomething else\n"));
    /// assert_eq!(s, Settings { size: 7 });
    /// assert_eq!(Settings::read(&SettingsFile::parse("size 12")), Settings::default());
    /// ```
    fn read(file: &SettingsFile) -> Settings {
        let mut settings = Settings::default();
        if let Some(size) = file.get_parsed("size").filter(|n| SIZES.contains(n)) {
            settings.size = size;
        }
        settings
    }

    /// Writes the settings into `file`.
    fn write(&self, file: &mut SettingsFile) {
        file.set("size", self.size);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_a_directory_and_default_without_one() {
        let dir = std::env::temp_dir().join(format!("lights-out-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(Settings::load(Some(&dir)), Settings::default());
        SettingsFile::update(&dir, |f| Settings { size: 9 }.write(f)).unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.join(game_api::settings::FILE_NAME)).unwrap(),
            "size 9\n"
        );
        assert_eq!(Settings::load(Some(&dir)), Settings { size: 9 });
        std::fs::write(dir.join(game_api::settings::FILE_NAME), "size nine\n").unwrap();
        assert_eq!(Settings::load(Some(&dir)).size, 5);
        assert_eq!(Settings::load(None).size, 5);
        // A file an earlier version wrote, with a line this one does not
        // know: read as before, and the line kept when the size changes.
        std::fs::write(
            dir.join(game_api::settings::FILE_NAME),
            "size 7\nsomething else\n",
        )
        .unwrap();
        assert_eq!(Settings::load(Some(&dir)).size, 7);
        SettingsFile::update(&dir, |f| Settings { size: 5 }.write(f)).unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.join(game_api::settings::FILE_NAME)).unwrap(),
            "size 5\nsomething else\n"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
