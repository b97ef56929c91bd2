//! The option that outlives a game: the number of suits the next game is
//! dealt with (the original's `spider:num-suits` preference), kept in
//! `settings.txt` in the game's data directory ([`game_api::Host::data_dir`]):
//!
//! ```text
//! suits 2
//! ```
//!
//! The file is read and written by [`game_api::settings`]: unknown lines
//! are kept as they were, and a missing or damaged file gives the
//! original's default, two suits.

use game_api::settings::{Options, SettingsFile};

use crate::rules::Suits;

/// The number of suits in `settings.txt`, two when missing or damaged.
///
/// ```
/// use game_api::settings::Options;
/// use spider::rules::Suits;
/// assert_eq!(Suits::parse("suits 4\n"), Suits::Four);
/// assert_eq!(Suits::parse("suits 3"), Suits::Two);
/// assert_eq!(Suits::parse(""), Suits::Two);
/// ```
impl Options for Suits {
    fn read(file: &SettingsFile) -> Suits {
        file.get_parsed("suits")
            .and_then(Suits::from_count)
            .unwrap_or(Suits::Two)
    }

    fn write(&self, file: &mut SettingsFile) {
        file.set("suits", self.count());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_number_of_suits_is_written_and_read_back() {
        assert_eq!(Suits::One.to_text(), "suits 1\n");
        for suits in Suits::ALL {
            assert_eq!(Suits::parse(&suits.to_text()), suits);
        }
    }
}
