//! The player's settings that outlive a game: the board size for new games
//! and who plays X and O, kept in `settings.txt` in the directory the
//! launcher gives the game (see [`game_api::Host::data_dir`]).
//!
//! ```text
//! size 4
//! x person
//! o computer medium
//! ```
//!
//! The file is read and written by [`game_api::settings`]: unknown lines
//! are kept as they were, and a missing or damaged file gives the defaults
//! (4 by 4, a person as X against the Medium computer as O): a setting is
//! never worth an error.

use game_api::settings::{Options, SettingsFile};

use crate::computer::Strength;
use crate::rules::{DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Player};

/// Who plays a colour: a person, or the computer at a strength ("Person",
/// "Computer Easy", ... in the X and O controls and `settings.txt`).
pub type Seat = game_api::computer::Seat<Strength>;

/// The settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The side of the board of new games.
    pub size: usize,
    /// Who plays X.
    pub x: Seat,
    /// Who plays O.
    pub o: Seat,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            size: DEFAULT_SIZE,
            x: Seat::Person,
            o: Seat::Computer(Strength::Medium),
        }
    }
}

impl Settings {
    /// Who plays `player`.
    pub fn seat(&self, player: Player) -> Seat {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// Sets who plays `player`.
    pub fn set_seat(&mut self, player: Player, seat: Seat) {
        match player {
            Player::X => self.x = seat,
            Player::O => self.o = seat,
        }
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
    /// use pousse::settings::{Seat, Settings};
    /// use pousse::computer::Strength;
    /// let file = SettingsFile::parse("size 6\nx computer hard\no person\nsomething else\n");
    /// let s = Settings::read(&file);
    /// assert_eq!(s, Settings { size: 6, x: Seat::Computer(Strength::Hard), o: Seat::Person });
    /// let mut written = SettingsFile::new();
    /// s.write(&mut written);
    /// assert_eq!(written.to_text(), "size 6\nx computer hard\no person\n");
    /// assert_eq!(Settings::read(&SettingsFile::parse("size 21")), Settings::default());
    /// ```
    fn read(file: &SettingsFile) -> Settings {
        let mut settings = Settings::default();
        if let Some(n) = file
            .get_parsed("size")
            .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
        {
            settings.size = n;
        }
        if let Some(seat) = file.get("x").and_then(Seat::from_label) {
            settings.x = seat;
        }
        if let Some(seat) = file.get("o").and_then(Seat::from_label) {
            settings.o = seat;
        }
        settings
    }

    /// Writes the settings into `file`.
    fn write(&self, file: &mut SettingsFile) {
        file.set("size", self.size);
        file.set("x", self.x.to_string().to_ascii_lowercase());
        file.set("o", self.o.to_string().to_ascii_lowercase());
    }
}
