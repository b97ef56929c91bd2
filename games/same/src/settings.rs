//! The options that outlive a game: the board size and the number of
//! colours the next game is dealt with, kept in `settings.txt` in the
//! directory the launcher gives the game ([`game_api::Host::data_dir`]).
//!
//! ```text
//! size 20x16
//! colours 5
//! ```
//!
//! Unknown lines and values the game does not offer are ignored, and a
//! missing or damaged file gives the original's defaults (20 × 16, five
//! colours): a setting is never worth an error.

use std::path::{Path, PathBuf};

/// The board sizes offered, as (columns, rows): the original's first.
pub const SIZES: [(usize, usize); 4] = [(20, 16), (10, 8), (15, 12), (25, 20)];

/// The numbers of colours offered: the original's first.
pub const COLOURS: [usize; 4] = [5, 3, 4, 6];

/// The file's name in the game's data directory.
pub const FILE_NAME: &str = "settings.txt";

/// The options for the next game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Columns and rows.
    pub size: (usize, usize),
    /// The number of colours.
    pub colours: usize,
}

impl Default for Settings {
    /// The original's: 20 columns of 16 dots in five colours.
    fn default() -> Settings {
        Settings {
            size: SIZES[0],
            colours: COLOURS[0],
        }
    }
}

/// A size as the Size choice shows it: `20×16`.
pub fn size_label((width, height): (usize, usize)) -> String {
    format!("{width}×{height}")
}

/// The offered size a label names (`20×16`, or `20x16` as typed), if any.
pub fn parse_size(text: &str) -> Option<(usize, usize)> {
    let (w, h) = text.trim().split_once(['×', 'x', 'X'])?;
    let size = (w.trim().parse().ok()?, h.trim().parse().ok()?);
    SIZES.contains(&size).then_some(size)
}

impl Settings {
    /// The settings written in `text`.
    ///
    /// ```
    /// use same::settings::Settings;
    /// let s = Settings::parse("size 10x8\ncolours 3\nsomething else\n");
    /// assert_eq!(s, Settings { size: (10, 8), colours: 3 });
    /// assert_eq!(Settings::parse(&s.to_text()), s);
    /// assert_eq!(Settings::parse("size 7x7\ncolours 9"), Settings::default());
    /// ```
    pub fn parse(text: &str) -> Settings {
        let mut settings = Settings::default();
        for line in text.lines() {
            match line.trim().split_once(' ') {
                Some(("size", value)) => {
                    if let Some(size) = parse_size(value) {
                        settings.size = size;
                    }
                }
                Some(("colours", value)) => {
                    if let Ok(n) = value.trim().parse()
                        && COLOURS.contains(&n)
                    {
                        settings.colours = n;
                    }
                }
                _ => {}
            }
        }
        settings
    }

    /// The settings as the file's text.
    pub fn to_text(self) -> String {
        format!(
            "size {}x{}\ncolours {}\n",
            self.size.0, self.size.1, self.colours
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
                "Same could not keep its settings in {}: {e}",
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
    fn sizes_read_back_from_their_labels() {
        for size in SIZES {
            assert_eq!(parse_size(&size_label(size)), Some(size));
        }
        assert_eq!(size_label((20, 16)), "20×16");
        assert_eq!(parse_size(" 25 x 20 "), Some((25, 20)));
        assert_eq!(parse_size("30×30"), None);
        assert_eq!(parse_size("big"), None);
    }

    #[test]
    fn settings_are_kept_in_the_data_directory() {
        let dir = std::env::temp_dir().join(format!("same-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(Settings::load(Some(&dir)), Settings::default());
        let chosen = Settings {
            size: (15, 12),
            colours: 6,
        };
        chosen.store(&dir).unwrap();
        assert_eq!(Settings::load(Some(&dir)), chosen);
        assert_eq!(Settings::load(None), Settings::default());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
