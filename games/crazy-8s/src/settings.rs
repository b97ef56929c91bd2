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
//! A missing or damaged line gives the original's default: one opponent,
//! seven cards, played by clicking.

use std::path::Path;

use crate::rules::Options;

/// The file's name in the game's data directory.
pub const FILE_NAME: &str = "settings.txt";

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
    let mut s = Settings::default();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["players", n, c] => {
                if let (Ok(n), Ok(c)) = (n.parse::<usize>(), c.parse::<usize>())
                    && let Some(o) = Options::ALL
                        .into_iter()
                        .find(|o| o.opponents == n && o.hand_size == c)
                {
                    s.options = o;
                }
            }
            ["drag", d] => s.drag = d == "1",
            _ => {}
        }
    }
    s
}

/// The settings kept in `dir`, or the default.
pub fn load(dir: Option<&Path>) -> Settings {
    dir.and_then(|d| std::fs::read_to_string(d.join(FILE_NAME)).ok())
        .map_or_else(Settings::default, |t| parse(&t))
}

/// Keeps `settings` in `dir`; what went wrong, for the launcher's log.
pub fn store(dir: &Path, settings: Settings) -> Result<(), String> {
    let file = dir.join(FILE_NAME);
    let text = format!(
        "players {} {}\ndrag {}\n",
        settings.options.opponents,
        settings.options.hand_size,
        u8::from(settings.drag)
    );
    std::fs::write(&file, text).map_err(|e| {
        format!(
            "Crazy 8s could not keep its settings in {}: {e}",
            file.display()
        )
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
