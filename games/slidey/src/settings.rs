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
//! The file is read and written by [`game_api::settings`]: unknown lines
//! are kept as they were, and a missing or damaged file gives the
//! defaults (the player's picture if there is one, else the landscape; no
//! numbers; misplaced tiles not marked): a setting is never worth an error.

use game_api::settings::{Options, SettingsFile};

use crate::picture::Builtin;

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

/// The settings in `settings.txt`, written and read back through
/// [`Options`].
///
/// ```
/// use game_api::settings::Options;
/// use slidey::settings::{PictureChoice, Settings};
/// use slidey::picture::Builtin;
/// let s = Settings::parse("picture rings\nnumbers on\nwhatever\n");
/// assert_eq!(s.picture, Some(PictureChoice::Builtin(Builtin::Rings)));
/// assert!(s.numbers && !s.misplaced);
/// assert_eq!(Settings::parse(&s.to_text()), s);
/// assert_eq!(Settings::parse("picture mona-lisa"), Settings::default());
/// ```
impl Options for Settings {
    /// The settings `file` holds, each missing or damaged one at its
    /// default.
    fn read(file: &SettingsFile) -> Settings {
        let mut settings = Settings::default();
        let choices = [
            PictureChoice::Builtin(Builtin::Landscape),
            PictureChoice::Builtin(Builtin::Rings),
            PictureChoice::Own,
        ];
        if let Some(value) = file.get("picture")
            && let Some(c) = choices.into_iter().find(|c| c.word() == value)
        {
            settings.picture = Some(c);
        }
        if let Some(value) = file.get("numbers") {
            settings.numbers = value == "on";
        }
        if let Some(value) = file.get("misplaced") {
            settings.misplaced = value == "on";
        }
        settings
    }

    /// Writes the settings into `file` (no `picture` line while none is
    /// chosen).
    fn write(&self, file: &mut SettingsFile) {
        match self.picture {
            Some(picture) => file.set("picture", picture.word()),
            None => {
                file.remove("picture");
            }
        }
        file.set_flag("numbers", self.numbers);
        file.set_flag("misplaced", self.misplaced);
    }
}
