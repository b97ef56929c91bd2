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
//! Unknown lines are ignored, and a missing or damaged file gives the
//! defaults (Classic, no badge, no training): a setting is never worth an error.

use std::path::{Path, PathBuf};

use crate::cats::Difficulty;

/// The file's name in the game's data directory.
pub const FILE_NAME: &str = "settings.txt";

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
    /// The settings written in `text`.
    ///
    /// ```
    /// use chat_noir::Difficulty;
    /// use chat_noir::plugin::settings::Settings;
    /// let s = Settings::parse("difficulty expert\nwinnable-badge on\ntraining on\nsomething else\n");
    /// assert_eq!(s, Settings { difficulty: Difficulty::Expert, badge: true, training: true });
    /// assert_eq!(Settings::parse(&s.to_text()), s);
    /// assert_eq!(Settings::parse("difficulty impossible"), Settings::default());
    /// ```
    pub fn parse(text: &str) -> Settings {
        let mut settings = Settings::default();
        for line in text.lines() {
            match line.trim().split_once(' ') {
                Some(("difficulty", value)) => {
                    if let Some(d) = Difficulty::ALL
                        .into_iter()
                        .find(|d| d.name().eq_ignore_ascii_case(value.trim()))
                    {
                        settings.difficulty = d;
                    }
                }
                Some(("winnable-badge", value)) => settings.badge = value.trim() == "on",
                Some(("training", value)) => settings.training = value.trim() == "on",
                _ => {}
            }
        }
        settings
    }

    /// The settings as the file's text.
    pub fn to_text(self) -> String {
        format!(
            "difficulty {}\nwinnable-badge {}\ntraining {}\n",
            self.difficulty.name().to_ascii_lowercase(),
            on_off(self.badge),
            on_off(self.training)
        )
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
                "Chat Noir could not keep its settings in {}: {e}",
                file.display()
            )
        })
    }
}

fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

fn path(dir: &Path) -> PathBuf {
    dir.join(FILE_NAME)
}
