//! The player's settings that outlive a game, kept in `settings.txt` in
//! the directory the launcher gives the game ([`game_api::Host::data_dir`]),
//! beside `picture.png`, the player's own picture once chosen.
//!
//! ```text
//! picture rings
//! numbers on
//! misplaced off
//! ```
//!
//! Unknown lines are ignored, and a missing or damaged file gives the
//! defaults (the player's picture if there is one, else the landscape; no
//! numbers; misplaced tiles not marked): a setting is never worth an error.

use std::path::{Path, PathBuf};

use crate::picture::Builtin;

/// The settings file's name in the game's data directory.
pub const FILE_NAME: &str = "settings.txt";

/// The player's own picture's file name in the game's data directory.
pub const PICTURE_FILE: &str = "picture.png";

/// Which picture the puzzle cuts up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PictureChoice {
    /// One the game makes.
    Builtin(Builtin),
    /// The player's own.
    Own,
}

impl PictureChoice {
    /// Its name in the Picture choice.
    pub const fn name(self) -> &'static str {
        match self {
            PictureChoice::Builtin(b) => b.name(),
            PictureChoice::Own => "Your picture",
        }
    }

    /// Its word in the settings file.
    fn word(self) -> &'static str {
        match self {
            PictureChoice::Builtin(Builtin::Landscape) => "landscape",
            PictureChoice::Builtin(Builtin::Rings) => "rings",
            PictureChoice::Own => "own",
        }
    }
}

/// The settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The picture chosen, if the player chose one.
    pub picture: Option<PictureChoice>,
    /// Whether tiles show their numbers.
    pub numbers: bool,
    /// Whether tiles away from home are outlined in red.
    pub misplaced: bool,
}

impl Settings {
    /// The settings written in `text`.
    ///
    /// ```
    /// use slidey::settings::{PictureChoice, Settings};
    /// use slidey::picture::Builtin;
    /// let s = Settings::parse("picture rings\nnumbers on\nwhatever\n");
    /// assert_eq!(s.picture, Some(PictureChoice::Builtin(Builtin::Rings)));
    /// assert!(s.numbers && !s.misplaced);
    /// assert_eq!(Settings::parse(&s.to_text()), s);
    /// assert_eq!(Settings::parse("picture mona-lisa"), Settings::default());
    /// ```
    pub fn parse(text: &str) -> Settings {
        let mut settings = Settings::default();
        for line in text.lines() {
            match line.trim().split_once(' ') {
                Some(("picture", value)) => {
                    let choices = [
                        PictureChoice::Builtin(Builtin::Landscape),
                        PictureChoice::Builtin(Builtin::Rings),
                        PictureChoice::Own,
                    ];
                    if let Some(c) = choices.into_iter().find(|c| c.word() == value.trim()) {
                        settings.picture = Some(c);
                    }
                }
                Some(("numbers", value)) => settings.numbers = value.trim() == "on",
                Some(("misplaced", value)) => settings.misplaced = value.trim() == "on",
                _ => {}
            }
        }
        settings
    }

    /// The settings as the file's text.
    pub fn to_text(self) -> String {
        let on = |b: bool| if b { "on" } else { "off" };
        let mut text = String::new();
        if let Some(picture) = self.picture {
            text.push_str(&format!("picture {}\n", picture.word()));
        }
        text.push_str(&format!(
            "numbers {}\nmisplaced {}\n",
            on(self.numbers),
            on(self.misplaced)
        ));
        text
    }

    /// The settings kept in `dir`, or the defaults.
    pub fn load(dir: Option<&Path>) -> Settings {
        dir.and_then(|d| std::fs::read_to_string(d.join(FILE_NAME)).ok())
            .map(|text| Settings::parse(&text))
            .unwrap_or_default()
    }

    /// Keeps the settings in `dir`.
    ///
    /// # Errors
    ///
    /// What went wrong writing the file, for the launcher's log.
    pub fn store(self, dir: &Path) -> Result<(), String> {
        let file: PathBuf = dir.join(FILE_NAME);
        std::fs::write(&file, self.to_text()).map_err(|e| {
            format!(
                "Slidey could not keep its settings in {}: {e}",
                file.display()
            )
        })
    }
}
