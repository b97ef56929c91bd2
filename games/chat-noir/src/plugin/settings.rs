//! The player's settings that outlive a game: the cat's difficulty, the
//! "winnable?" badge and Training, kept in `settings.txt` in the directory the
//! launcher gives the game (see [`game_api::Host::data_dir`]).
//!
//! ```text
//! difficulty clever
//! winnable-badge on
//! training off
//! ```
//!
//! The file is read and written by [`game_api::settings`]: unknown lines
//! are kept as they were, and a missing or damaged file gives the defaults
//! (Classic, no badge, no training): a setting is never worth an error.

use std::path::Path;

use game_api::settings::SettingsFile;

use crate::cats::Difficulty;

/// The settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The cat's difficulty.
    pub difficulty: Difficulty,
    /// Whether the status line says if the position can be won.
    pub badge: bool,
    /// Training: the badge, the block that lost a proved win marked, and
    /// why, after each block.
    pub training: bool,
}

impl Settings {
    /// The settings written in `file`, each missing or unoffered one at
    /// its default.
    ///
    /// ```
    /// use chat_noir::Difficulty;
    /// use chat_noir::plugin::settings::Settings;
    /// use game_api::settings::SettingsFile;
    /// let file = SettingsFile::parse("difficulty expert\nwinnable-badge on\ntraining on\nsomething else\n");
    /// let s = Settings::read(&file);
    /// assert_eq!(s, Settings { difficulty: Difficulty::Expert, badge: true, training: true });
    /// let mut written = SettingsFile::new();
    /// s.write(&mut written);
    /// assert_eq!(written.to_text(), "difficulty expert\nwinnable-badge on\ntraining on\n");
    /// let odd = SettingsFile::parse("difficulty impossible");
    /// assert_eq!(Settings::read(&odd), Settings::default());
    /// ```
    pub fn read(file: &SettingsFile) -> Settings {
        let mut settings = Settings::default();
        if let Some(d) = file.get("difficulty").and_then(|value| {
            Difficulty::ALL
                .into_iter()
                .find(|d| d.name().eq_ignore_ascii_case(value))
        }) {
            settings.difficulty = d;
        }
        settings.badge = file.flag("winnable-badge").unwrap_or(settings.badge);
        settings.training = file.flag("training").unwrap_or(settings.training);
        settings
    }

    /// Writes the settings into `file`.
    pub fn write(self, file: &mut SettingsFile) {
        file.set("difficulty", self.difficulty.name().to_ascii_lowercase());
        file.set_flag("winnable-badge", self.badge);
        file.set_flag("training", self.training);
    }

    /// The settings kept in `dir`, or the defaults.
    pub fn load(dir: Option<&Path>) -> Settings {
        Settings::read(&SettingsFile::load(dir))
    }
}
