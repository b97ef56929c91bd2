//! The options that outlive a game: the board size and the number of
//! colours the next game is dealt with, kept in `settings.txt` in the
//! directory the launcher gives the game ([`game_api::Host::data_dir`]).
//!
//! ```text
//! size 20x16
//! colours 5
//! ```
//!
//! The file is read and written by [`game_api::settings`]: unknown lines
//! are kept as they were, values the game does not offer are ignored, and
//! a missing or damaged file gives the original's defaults (20 × 16, five
//! colours): a setting is never worth an error.

use game_api::settings::{Options, SettingsFile};

/// The board sizes offered, as (columns, rows): the original's first.
pub const SIZES: [(usize, usize); 4] = [(20, 16), (10, 8), (15, 12), (25, 20)];

/// The numbers of colours offered: the original's first.
pub const COLOURS: [usize; 4] = [5, 3, 4, 6];

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

/// The settings in `settings.txt`, through [`Options`].
impl Options for Settings {
    /// The settings written in `file`, each missing or unoffered one at
    /// its default.
    ///
    /// ```
    /// use game_api::settings::Options;
    /// use game_api::settings::SettingsFile;
    /// use same::settings::Settings;
    /// let s = Settings::read(&SettingsFile::parse("size 10x8\ncolours 3\nsomething else\n"));
    /// assert_eq!(s, Settings { size: (10, 8), colours: 3 });
    /// let mut file = SettingsFile::new();
    /// s.write(&mut file);
    /// assert_eq!(file.to_text(), "size 10x8\ncolours 3\n");
    /// let odd = SettingsFile::parse("size 7x7\ncolours 9");
    /// assert_eq!(Settings::read(&odd), Settings::default());
    /// ```
    fn read(file: &SettingsFile) -> Settings {
        let mut settings = Settings::default();
        if let Some(size) = file.get("size").and_then(parse_size) {
            settings.size = size;
        }
        if let Some(n) = file.get_parsed("colours").filter(|n| COLOURS.contains(n)) {
            settings.colours = n;
        }
        settings
    }

    /// Writes the settings into `file`.
    fn write(&self, file: &mut SettingsFile) {
        file.set("size", format_args!("{}x{}", self.size.0, self.size.1));
        file.set("colours", self.colours);
    }
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
        SettingsFile::update(&dir, |f| chosen.write(f)).unwrap();
        assert_eq!(Settings::load(Some(&dir)), chosen);
        assert_eq!(Settings::load(None), Settings::default());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
