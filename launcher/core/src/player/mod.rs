//! What the launcher remembers of its player, between runs: the settings
//! (theme, the console's window) in the config directory, and what was
//! played (how often, when, favourites, won and lost) in the state
//! directory. Both are readable TOML files, written atomically (a temporary
//! file beside them, then a rename), so a crash never leaves half a file.
//! A file that cannot be read back is set aside (`*.corrupt`), reported
//! once, and replaced: nothing the player did is lost beyond that file, and
//! nothing crashes. Nothing leaves the machine.
//!
//! The records of play are in `plays`, what the statistics say of them
//! in `text`.

use crate::files;
use crate::limits::MAX_PLAYER_FILE_BYTES;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod plays;
mod text;
pub use plays::{
    GamePlays, PlayHistory, RECENT_GAMES, VariantPlays, records_by_unmatched, variant_name,
};
pub use text::{ago, bests, clock, now, score_text};

/// Where the player's files are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerFiles {
    /// `settings.toml`'s directory (`~/.config/game-launcher` on Linux).
    pub config_dir: PathBuf,
    /// `plays.toml`'s directory (`~/.local/state/game-launcher` on Linux).
    pub state_dir: PathBuf,
    /// The launcher's data directory (`~/.local/share/game-launcher` on
    /// Linux): each game's own files are kept under `data/<game directory>`.
    pub data_dir: PathBuf,
}

impl PlayerFiles {
    /// The platform's directories: the config directory, and the state
    /// directory where the platform has one (else the local data directory).
    pub fn standard() -> Option<PlayerFiles> {
        let config = dirs::config_dir()?;
        let state = dirs::state_dir().or_else(dirs::data_local_dir)?;
        let data = dirs::data_dir()?;
        Some(PlayerFiles {
            config_dir: config.join(crate::catalog::APP_DIR_NAME),
            state_dir: state.join(crate::catalog::APP_DIR_NAME),
            data_dir: data.join(crate::catalog::APP_DIR_NAME),
        })
    }

    /// Everything in `dir`: for tests and portable installs.
    pub fn in_dir(dir: impl Into<PathBuf>) -> PlayerFiles {
        let dir = dir.into();
        PlayerFiles {
            config_dir: dir.clone(),
            state_dir: dir.clone(),
            data_dir: dir,
        }
    }

    /// The directory the game in `dir_name` keeps its own files in (see
    /// `game_api::Host::data_dir`); created when the game first asks.
    pub fn game_data_dir(&self, dir_name: &str) -> PathBuf {
        self.data_dir.join("data").join(dir_name)
    }

    /// The settings file.
    pub fn settings_path(&self) -> PathBuf {
        self.config_dir.join("settings.toml")
    }

    /// The play history file.
    pub fn plays_path(&self) -> PathBuf {
        self.state_dir.join("plays.toml")
    }
}

/// The theme the player chose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThemeChoice {
    /// Follow the system's light or dark setting.
    #[default]
    System,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
}

/// A window's place and size on screen, in points.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct WindowGeometry {
    /// The left edge of the window's inner area.
    pub x: f32,
    /// The top edge of the window's inner area.
    pub y: f32,
    /// The inner width.
    pub width: f32,
    /// The inner height.
    pub height: f32,
    /// The scale of a game's board (View ▸ Zoom), if the player chose one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zoom: Option<f32>,
}

impl WindowGeometry {
    /// Whether the numbers could be a window (finite, of a usable size),
    /// so that a hand-edited file cannot ask for a window of 0 or 10⁹.
    pub fn is_sane(&self) -> bool {
        [self.x, self.y, self.width, self.height]
            .iter()
            .all(|v| v.is_finite() && v.abs() < 100_000.0)
            && self.width >= 100.0
            && self.height >= 80.0
            && self.zoom.is_none_or(|z| (0.1..=10.0).contains(&z))
    }
}

/// The player's settings (`settings.toml`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Settings {
    /// Light, dark, or as the system says.
    pub theme: ThemeChoice,
    /// Where the console was, and how big, when the launcher last closed.
    pub console_window: Option<WindowGeometry>,
    /// Where each game and help window was, and how big, by key
    /// (`game:<dir>`, `help:<owner>:text`, `help:<owner>:manual`).
    pub windows: BTreeMap<String, WindowGeometry>,
    /// The games whose windows were open when the launcher last closed, by
    /// directory name: the console opens them again, each where its game
    /// was left.
    pub open_games: Vec<String>,
    /// Each game process's memory limit, in MiB (`game-memory-limit-mib`;
    /// 0: no limit; unset: 2048). `--memory-limit` overrides it.
    pub game_memory_limit_mib: Option<u64>,
    /// How many seconds a game may leave a call unanswered before its
    /// window says it is not responding (`not-responding-after`; unset: 2).
    /// `--not-responding-after` overrides it.
    pub not_responding_after: Option<f64>,
    /// The quota of each game's data directory, in MiB
    /// (`game-data-quota-mib`; 0: none; unset: 256). Over it, or over
    /// `game-data-quota-files`, the game's window and the console say so.
    pub game_data_quota_mib: Option<u64>,
    /// The most files in each game's data directory
    /// (`game-data-quota-files`; 0: none; unset: 10,000).
    pub game_data_quota_files: Option<u64>,
}

/// Reads a player file: its value, or the default when there is none yet.
/// A file that cannot be read back (not TOML, wrong fields, too large, not a
/// regular file) is renamed to `<name>.corrupt` so the next write does not
/// destroy it, and the problem is returned to be reported once.
pub fn load<T: Default + for<'de> Deserialize<'de>>(path: &Path) -> (T, Option<String>) {
    let bytes = match files::read_capped(path, MAX_PLAYER_FILE_BYTES) {
        Ok(bytes) => bytes,
        Err(files::FileProblem::Missing) => return (T::default(), None),
        Err(problem) => {
            return (
                T::default(),
                Some(format!(
                    "{} {problem}; the launcher starts afresh with defaults",
                    path.display()
                )),
            );
        }
    };
    let parsed = std::str::from_utf8(&bytes)
        .map_err(|e| e.to_string())
        .and_then(|text| toml::from_str::<T>(text).map_err(|e| e.to_string()));
    match parsed {
        Ok(value) => (value, None),
        Err(error) => {
            let aside = path.with_extension("toml.corrupt");
            let kept = match std::fs::rename(path, &aside) {
                Ok(()) => format!("it was kept as {}", aside.display()),
                Err(_) => "it will be replaced".into(),
            };
            let error = error.lines().next().unwrap_or_default().to_owned();
            (
                T::default(),
                Some(format!(
                    "{} could not be read ({error}); {kept}, and the launcher starts afresh with defaults",
                    path.display()
                )),
            )
        }
    }
}

/// Writes a player file atomically: into a temporary file beside it, then
/// renamed over it, creating the directory if needed.
pub fn save<T: Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let text = toml::to_string_pretty(value).map_err(|e| e.to_string())?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let fail = |what: &str, e: std::io::Error| format!("cannot {what} {}: {e}", path.display());
    std::fs::create_dir_all(dir).map_err(|e| fail("create the directory of", e))?;
    let temporary = path.with_extension(format!("toml.{}.tmp", std::process::id()));
    std::fs::write(&temporary, text).map_err(|e| fail("write", e))?;
    std::fs::rename(&temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        fail("replace", e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `plays.toml` written before variants existed (this text is one)
    /// loads as it was, and is written back with the variants beside.
    #[test]
    fn an_old_plays_file_without_variants_loads() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("plays.toml");
        std::fs::write(
            &path,
            "[games.lights-out]\ntimes-played = 4\nlast-played = 1780000000\nfavourite = true\nwon = 3\nwon-with-help = 1\nlost = 0\ncurrent-streak = 2\nbest-streak = 2\nbest-time-ms = 41000\nbest-score = 9\nlower-is-better = true\nscore-unit = \"moves\"\n",
        )
        .unwrap();
        let (mut plays, problem) = load::<PlayHistory>(&path);
        assert_eq!(problem, None);
        let g = &plays.games["lights-out"];
        assert_eq!((g.times_played, g.won, g.won_with_help), (4, 3, 1));
        assert_eq!((g.best_time_ms, g.best_score), (Some(41_000), Some(9)));
        assert!(g.favourite && g.variants.is_empty());
        plays.record_result_by(
            "lights-out",
            &crate::midend::Finished {
                result: game_api::GameResult::Won,
                score: Some(12),
                time: std::time::Duration::from_secs(60),
                assisted: false,
                score_kind: game_api::ScoreKind::fewest("moves"),
                choices: vec![crate::midend::ChoiceValue {
                    id: "size".into(),
                    label: "Size".into(),
                    value: "7×7".into(),
                }],
            },
            &["Size".to_string()],
        );
        save(&path, &plays).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains("[games.lights-out.variants.\"Size 7×7\"]"),
            "{text}"
        );
        let (again, _) = load::<PlayHistory>(&path);
        assert_eq!(again, plays);
        let g = &again.games["lights-out"];
        assert_eq!((g.won, g.best_score), (4, Some(9)));
        assert_eq!(g.variants["Size 7×7"].best_score, Some(12));
    }

    #[test]
    fn files_round_trip_and_are_readable_toml() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deep").join("plays.toml");
        let mut plays = PlayHistory::default();
        plays.record_play("chat-noir", 1_780_000_000);
        plays.set_favourite("lights-out", true);
        save(&path, &plays).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("[games.chat-noir]"), "{text}");
        assert!(text.contains("times-played = 1"), "{text}");
        assert_eq!(load::<PlayHistory>(&path), (plays, None));
        let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(leftovers, ["plays.toml"], "no temporary file is left");
    }

    #[test]
    fn a_corrupt_file_is_set_aside_reported_once_and_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        std::fs::write(&path, "theme = [[[ not toml").unwrap();
        let (settings, problem) = load::<Settings>(&path);
        assert_eq!(settings, Settings::default());
        let problem = problem.unwrap();
        assert!(problem.contains("could not be read"), "{problem}");
        assert!(problem.contains("settings.toml.corrupt"), "{problem}");
        assert!(dir.path().join("settings.toml.corrupt").exists());
        // The next start finds no file: no second report.
        assert_eq!(load::<Settings>(&path), (Settings::default(), None));
        // A wrong value is as bad as bad syntax.
        std::fs::write(&path, "theme = \"purple\"").unwrap();
        assert!(load::<Settings>(&path).1.is_some());
    }

    #[test]
    fn unknown_fields_and_missing_ones_are_fine() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        std::fs::write(&path, "theme = \"dark\"\nfrom-a-newer-launcher = 1\n").unwrap();
        let (settings, problem) = load::<Settings>(&path);
        assert_eq!(problem, None);
        assert_eq!(settings.theme, ThemeChoice::Dark);
        assert_eq!(settings.console_window, None);
    }

    #[test]
    fn window_geometry_from_a_file_must_be_a_window() {
        let ok = WindowGeometry {
            x: 10.0,
            y: 20.0,
            width: 560.0,
            height: 400.0,
            zoom: None,
        };
        assert!(ok.is_sane());
        assert!(
            WindowGeometry {
                zoom: Some(1.5),
                ..ok
            }
            .is_sane()
        );
        assert!(
            !WindowGeometry {
                zoom: Some(0.0),
                ..ok
            }
            .is_sane()
        );
        assert!(!WindowGeometry { width: 0.0, ..ok }.is_sane());
        assert!(!WindowGeometry { x: f32::NAN, ..ok }.is_sane());
        assert!(!WindowGeometry { height: 1e9, ..ok }.is_sane());
    }

    #[test]
    fn fewer_is_better_keeps_the_lowest_and_reads_old_negative_bests() {
        use crate::midend::Finished;
        use game_api::GameResult::Won;
        use std::time::Duration;
        let mut plays = PlayHistory::default();
        // Recorded before revision 5, when Lights Out scored minus its
        // moves: -12 was 12 moves.
        plays.games.entry("lo".into()).or_default().best_score = Some(-12);
        let record = |plays: &mut PlayHistory, moves: i64| {
            plays.record_result(
                "lo",
                &Finished {
                    result: Won,
                    score: Some(moves),
                    time: Duration::from_secs(30),
                    assisted: false,
                    score_kind: game_api::ScoreKind::fewest("moves"),
                    choices: Vec::new(),
                },
            )
        };
        record(&mut plays, 15);
        assert_eq!(plays.games["lo"].best_score, Some(12), "12 moves stands");
        record(&mut plays, 10);
        record(&mut plays, 11);
        let g = &plays.games["lo"];
        assert_eq!(g.best_score, Some(10));
        assert!(g.lower_is_better);
        assert_eq!(score_text(g, 10), "10 moves");
    }
}
