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
//! Unknown lines are ignored, and a missing or damaged file gives the
//! defaults (4 by 4, a person as X against the Medium computer as O): a
//! setting is never worth an error.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::computer::Strength;
use crate::rules::{DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Player};

/// The file's name in the game's data directory.
pub const FILE_NAME: &str = "settings.txt";

/// Who plays a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A person, with the mouse or the keyboard.
    Person,
    /// The computer, at a strength.
    Computer(Strength),
}

impl Seat {
    /// The four choices, as the X and O controls list them.
    pub const ALL: [Seat; 4] = [
        Seat::Person,
        Seat::Computer(Strength::Easy),
        Seat::Computer(Strength::Medium),
        Seat::Computer(Strength::Hard),
    ];

    /// Whether the computer plays this seat.
    pub fn is_computer(self) -> bool {
        matches!(self, Seat::Computer(_))
    }

    /// The seat a control's label names.
    pub fn from_label(label: &str) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|s| s.to_string().eq_ignore_ascii_case(label.trim()))
    }
}

impl fmt::Display for Seat {
    /// "Person", "Computer Easy", "Computer Medium", "Computer Hard".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Person => f.write_str("Person"),
            Seat::Computer(s) => write!(f, "Computer {}", s.name()),
        }
    }
}

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

    /// The settings written in `text`.
    ///
    /// ```
    /// use pousse::settings::{Seat, Settings};
    /// use pousse::computer::Strength;
    /// let s = Settings::parse("size 6\nx computer hard\no person\nsomething else\n");
    /// assert_eq!(s, Settings { size: 6, x: Seat::Computer(Strength::Hard), o: Seat::Person });
    /// assert_eq!(Settings::parse(&s.to_text()), s);
    /// assert_eq!(Settings::parse("size 12"), Settings::default());
    /// ```
    pub fn parse(text: &str) -> Settings {
        let mut settings = Settings::default();
        for line in text.lines() {
            match line.trim().split_once(' ') {
                Some(("size", value)) => {
                    if let Ok(n) = value.trim().parse::<usize>()
                        && (MIN_SIZE..=MAX_SIZE).contains(&n)
                    {
                        settings.size = n;
                    }
                }
                Some(("x", value)) => {
                    if let Some(seat) = Seat::from_label(value) {
                        settings.x = seat;
                    }
                }
                Some(("o", value)) => {
                    if let Some(seat) = Seat::from_label(value) {
                        settings.o = seat;
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
            "size {}\nx {}\no {}\n",
            self.size,
            self.x.to_string().to_ascii_lowercase(),
            self.o.to_string().to_ascii_lowercase()
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
                "Pousse could not keep its settings in {}: {e}",
                file.display()
            )
        })
    }
}

fn path(dir: &Path) -> PathBuf {
    dir.join(FILE_NAME)
}
