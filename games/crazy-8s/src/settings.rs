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
//! The file is read and written by [`game_api::settings`]: unknown lines
//! are kept as they were, and a missing or damaged line gives the
//! original's default: one opponent, seven cards, played by clicking.

use game_api::settings::SettingsFile;

use crate::rules::Options;

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

/// The settings in `settings.txt`, each missing or damaged one at its
/// default.
///
/// ```
/// use crazy_8s::rules::Options;
/// use crazy_8s::settings::Settings;
/// use game_api::settings::Options as _;
/// assert_eq!(Settings::parse("players 3 7\ndrag 1\n"), Settings { options: Options::ALL[3], drag: true });
/// assert_eq!(Settings::parse("players 5 5\n"), Settings::default());
/// ```
impl game_api::settings::Options for Settings {
    fn read(file: &SettingsFile) -> Settings {
        let mut s = Settings::default();
        let players: Vec<&str> = file
            .get("players")
            .map(|v| v.split_whitespace().collect())
            .unwrap_or_default();
        if let [n, c] = players[..]
            && let (Ok(n), Ok(c)) = (n.parse::<usize>(), c.parse::<usize>())
            && let Some(o) = Options::ALL
                .into_iter()
                .find(|o| o.opponents == n && o.hand_size == c)
        {
            s.options = o;
        }
        if let Some(d) = file.get("drag") {
            s.drag = d == "1";
        }
        s
    }

    fn write(&self, file: &mut SettingsFile) {
        let o = self.options;
        file.set("players", format_args!("{} {}", o.opponents, o.hand_size));
        file.set("drag", u8::from(self.drag));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::settings::Options as _;

    #[test]
    fn every_choice_is_written_and_read_back() {
        let s = Settings {
            options: Options::ALL[0],
            drag: true,
        };
        assert_eq!(
            s.to_text(),
            format!(
                "players {} {}\ndrag 1\n",
                s.options.opponents, s.options.hand_size
            )
        );
        for options in Options::ALL {
            for drag in [false, true] {
                let s = Settings { options, drag };
                assert_eq!(Settings::parse(&s.to_text()), s);
            }
        }
    }
}
