//! The options that outlive a game, kept in `settings.txt` in the game's
//! data directory ([`game_api::Host::data_dir`]) as the original keeps its
//! preferences (`crazy8s:num-opponents`, `crazy8s:hand-size`,
//! `crazy8s:drag-mode`):
//!
//! ```text
//! players 2 7
//! drag 1
//! ```
//!
//! The file is read and written by [`game_api::settings`]: unknown lines
//! are kept as they were, and a missing or damaged line gives the
//! original's default: one opponent, seven cards, played by clicking.

use std::path::Path;

use game_api::settings::SettingsFile;

use crate::rules::Options;

/// The options kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Opponents and cards for the next game.
    pub options: Options,
    /// Cards are dragged instead of clicked.
    pub drag: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            options: Options::DEFAULT,
            drag: false,
        }
    }
}

/// The settings written in `text`.
///
/// ```
/// use crazy_8s::rules::Options;
/// use crazy_8s::settings::{Settings, parse};
/// assert_eq!(parse("players 3 7\ndrag 1\n"), Settings { options: Options::ALL[3], drag: true });
/// assert_eq!(parse("players 5 5\n"), Settings::default());
/// ```
pub fn parse(text: &str) -> Settings {
    read(&SettingsFile::parse(text))
}

/// The settings `file` holds, each missing or damaged one at its default.
pub fn read(file: &SettingsFile) -> Settings {
    let mut s = Settings::default();
    let players: Vec<&str> = file
        .get("players")
        .map(|v| v.split_whitespace().collect())
        .unwrap_or_default();
    if let [n, c] = players[..]
        && let (Ok(n), Ok(c)) = (n.parse::<usize>(), c.parse::<usize>())
        && let Some(o) = Options::ALL
            .into_iter()
            .find(|o| o.opponents == n && o.hand_size == c)
    {
        s.options = o;
    }
    if let Some(d) = file.get("drag") {
        s.drag = d == "1";
    }
    s
}

/// The settings kept in `dir`, or the default.
pub fn load(dir: Option<&Path>) -> Settings {
    read(&SettingsFile::load(dir))
}

/// Keeps `settings` in `dir`, with the file's other lines; what went
/// wrong, for the launcher's log.
pub fn store(dir: &Path, settings: Settings) -> Result<(), String> {
    SettingsFile::update(dir, |file| {
        file.set(
            "players",
            format_args!(
                "{} {}",
                settings.options.opponents, settings.options.hand_size
            ),
        );
        file.set("drag", u8::from(settings.drag));
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_settings_are_kept_in_the_data_directory() {
        let dir = std::env::temp_dir().join(format!("crazy8s-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(load(Some(&dir)), Settings::default());
        let s = Settings {
            options: Options::ALL[0],
            drag: true,
        };
        store(&dir, s).unwrap();
        assert_eq!(load(Some(&dir)), s);
        assert_eq!(load(None), Settings::default());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
