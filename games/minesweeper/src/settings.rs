//! The player's choices that outlive a game: the board the next games get,
//! whether they are laid without guessing, and whether a right-click on a
//! flag makes a question mark, kept in `settings.txt` in
//! the directory the launcher gives the game
//! ([`game_api::Host::data_dir`]):
//!
//! ```text
//! board 30x16:99
//! mode no-guess
//! marks off
//! ```
//!
//! The file is read and written by [`game_api::settings`]: unknown lines
//! are kept as they were, and a missing or damaged file gives the
//! defaults (the original's 16×16 board with 30 mines, no guessing, no
//! question marks): a
//! setting is never worth an error.

use game_api::settings::{Options, SettingsFile};

use crate::board::Size;
use crate::generate::Mode;

/// A board of the Board choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Its name: "Beginner".
    pub name: &'static str,
    /// Its size.
    pub size: Size,
}

impl Preset {
    /// Its label in the choice: "Beginner 9×9, 10 mines".
    pub fn label(&self) -> String {
        format!("{} {}", self.name, self.size)
    }
}

/// The boards of the Board choice: the original's first (the default),
/// the three classic ones, and two larger ones. Other sizes come from game
/// IDs.
pub const PRESETS: [Preset; 6] = [
    Preset {
        name: "Original",
        size: Size::ORIGINAL,
    },
    Preset {
        name: "Beginner",
        size: Size::BEGINNER,
    },
    Preset {
        name: "Intermediate",
        size: Size::INTERMEDIATE,
    },
    Preset {
        name: "Expert",
        size: Size::EXPERT,
    },
    Preset {
        name: "Custom",
        size: Size {
            width: 20,
            height: 20,
            mines: 60,
        },
    },
    Preset {
        name: "Custom",
        size: Size {
            width: 40,
            height: 24,
            mines: 200,
        },
    },
];

/// The settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The next games' board.
    pub size: Size,
    /// How the next games' mines are laid.
    pub mode: Mode,
    /// Whether a right-click on a flag makes it a question mark (as in the
    /// original) rather than taking it off.
    pub marks: bool,
}

impl Default for Settings {
    /// The original's board, with no guessing (a game should be lost by a
    /// mistake, not by a coin toss at the end), and flags without question
    /// marks (as the original's manual tells it).
    fn default() -> Settings {
        Settings {
            size: Size::ORIGINAL,
            mode: Mode::NoGuess,
            marks: false,
        }
    }
}

/// A size as `WxH:M` ("16x16:30").
pub fn size_word(size: Size) -> String {
    format!("{}x{}:{}", size.width, size.height, size.mines)
}

/// The size `WxH:M` names, if it is one ([`Size::new`]).
///
/// # Errors
///
/// What is wrong with it, in a player's words.
pub fn parse_size_word(text: &str) -> Result<Size, String> {
    let bad = || {
        format!("{text:?} is not a board: write it as width x height : mines, such as 16x16:30.")
    };
    let (dims, mines) = text.split_once(':').ok_or_else(bad)?;
    let (w, h) = dims.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
    Size::new(number(w)?, number(h)?, number(mines)?)
}

/// The settings in `settings.txt`, written and read back through
/// [`Options`].
///
/// ```
/// use game_api::settings::Options;
/// use minesweeper::board::Size;
/// use minesweeper::generate::Mode;
/// use minesweeper::settings::Settings;
/// let s = Settings::parse("board 30x16:99\nmode classic\nmarks on\nother\n");
/// assert_eq!(s, Settings { size: Size::EXPERT, mode: Mode::Classic, marks: true });
/// assert_eq!(Settings::parse(&s.to_text()), s);
/// assert_eq!(Settings::parse("board 2x2:9"), Settings::default());
/// ```
impl Options for Settings {
    /// The settings `file` holds, each missing or damaged one at its
    /// default.
    fn read(file: &SettingsFile) -> Settings {
        let mut settings = Settings::default();
        if let Some(size) = file.get("board").and_then(|v| parse_size_word(v).ok()) {
            settings.size = size;
        }
        if let Some(mode) = file.get("mode").and_then(Mode::from_word) {
            settings.mode = mode;
        }
        settings.marks = file.flag("marks").unwrap_or(settings.marks);
        settings
    }

    /// Writes the settings into `file`.
    fn write(&self, file: &mut SettingsFile) {
        file.set("board", size_word(self.size));
        file.set("mode", self.mode.word());
        file.set_flag("marks", self.marks);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid_and_labelled() {
        for p in PRESETS {
            let s = p.size;
            assert_eq!(Size::new(s.width, s.height, s.mines), Ok(s));
            assert_eq!(parse_size_word(&size_word(s)), Ok(s));
        }
        let labels: Vec<String> = PRESETS.iter().map(Preset::label).collect();
        assert_eq!(labels[0], "Original 16×16, 30 mines");
        assert_eq!(labels[3], "Expert 30×16, 99 mines");
        assert_eq!(labels[4], "Custom 20×20, 60 mines");
    }

    #[test]
    fn bad_sizes_are_explained() {
        assert!(parse_size_word("16x16").unwrap_err().contains("16x16:30"));
        assert!(parse_size_word("ax16:3").is_err());
        assert_eq!(
            parse_size_word("9x9:80"),
            Err("A 9×9 board holds 1 to 72 mines, not 80.".into())
        );
    }
}
