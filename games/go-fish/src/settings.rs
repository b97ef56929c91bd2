//! The option that outlives a game: whether the next game is played with
//! pairs (the original) or books of four, kept in `settings.txt` in the
//! game's data directory ([`game_api::Host::data_dir`]):
//!
//! ```text
//! match pairs
//! ```
//!
//! The file is read and written by [`game_api::settings`]: unknown lines
//! are kept as they were, and a missing or damaged file gives the
//! original's pairs.

use game_api::settings::{Options, SettingsFile};

use crate::rules::MatchSize;

/// The match size in `settings.txt`, pairs when missing or damaged.
///
/// ```
/// use game_api::settings::Options;
/// use go_fish::rules::MatchSize;
/// assert_eq!(MatchSize::parse("match books\n"), MatchSize::Books);
/// assert_eq!(MatchSize::parse("match triples"), MatchSize::Pairs);
/// assert_eq!(MatchSize::parse(""), MatchSize::Pairs);
/// ```
impl Options for MatchSize {
    fn read(file: &SettingsFile) -> MatchSize {
        file.get("match")
            .and_then(MatchSize::from_word)
            .unwrap_or(MatchSize::Pairs)
    }

    fn write(&self, file: &mut SettingsFile) {
        file.set("match", self.word());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_match_size_is_written_as_a_word_and_read_back() {
        assert_eq!(MatchSize::Books.to_text(), "match books\n");
        for size in MatchSize::ALL {
            assert_eq!(MatchSize::parse(&size.to_text()), size);
        }
    }
}
