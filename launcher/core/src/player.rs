//! What the launcher remembers of its player, between runs: the settings
//! (theme, the console's window) in the config directory, and what was
//! played (how often, when, favourites, won and lost) in the state
//! directory. Both are readable TOML files, written atomically (a temporary
//! file beside them, then a rename), so a crash never leaves half a file.
//! A file that cannot be read back is set aside (`*.corrupt`), reported
//! once, and replaced: nothing the player did is lost beyond that file, and
//! nothing crashes. Nothing leaves the machine.

use crate::files;
use crate::limits::MAX_PLAYER_FILE_BYTES;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

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

/// What the player did with one game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct GamePlays {
    /// How many times the game was opened.
    pub times_played: u32,
    /// When it was last opened, in seconds since 1970 (UTC).
    pub last_played: Option<u64>,
    /// Marked as a favourite.
    pub favourite: bool,
    /// Games won, for games that report their outcome (with those won
    /// with the game's help).
    pub won: u32,
    /// Of the games won, those the game helped with (hints, a solver).
    pub won_with_help: u32,
    /// Games lost, for games that report their outcome.
    pub lost: u32,
    /// Games won in a row, up to the last one.
    pub current_streak: u32,
    /// The most games won in a row.
    pub best_streak: u32,
    /// The shortest time a game was won in, in milliseconds.
    pub best_time_ms: Option<u64>,
    /// The best score of a won or lost game, for games that keep one:
    /// the highest, or the lowest where `lower-is-better`.
    pub best_score: Option<i64>,
    /// Whether the game said its scores are better lower (ABI revision
    /// 5). A best score recorded before, when such games reported minus
    /// their moves, is turned round when the first result comes.
    pub lower_is_better: bool,
    /// What the game's score counts ("moves"; empty for points).
    pub score_unit: String,
    /// The records of each variant played, by the variant's name ("Size 7,
    /// Cat Clever"): the values, when the game started, of the choices the
    /// game's manifest names in `records-by`. The fields above are the
    /// totals over every variant. Files written before variants existed
    /// have none, and read as they were.
    pub variants: BTreeMap<String, VariantPlays>,
}

/// What the player did in one variant of a game (see
/// [`GamePlays::variants`]): the same records as the game's totals.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct VariantPlays {
    /// Games won (with those won with the game's help).
    pub won: u32,
    /// Of the games won, those the game helped with.
    pub won_with_help: u32,
    /// Games lost.
    pub lost: u32,
    /// Games won in a row, up to the last one.
    pub current_streak: u32,
    /// The most games won in a row.
    pub best_streak: u32,
    /// The shortest time a game was won in, in milliseconds.
    pub best_time_ms: Option<u64>,
    /// The best score of a won or lost game, for games that keep one.
    pub best_score: Option<i64>,
}

impl VariantPlays {
    /// Whether any result was recorded.
    pub fn has_results(&self) -> bool {
        self.won + self.lost > 0
    }

    /// Counts a finished game: won or lost, the streaks, the best time and
    /// (with `kind`, how scores compare) the best score. A win the game
    /// helped with counts as won (and won with help) but sets no record.
    fn record(&mut self, finished: &crate::midend::Finished, kind: &game_api::ScoreKind) {
        match finished.result {
            game_api::GameResult::Won if finished.assisted => {
                self.won = self.won.saturating_add(1);
                self.won_with_help = self.won_with_help.saturating_add(1);
                return;
            }
            game_api::GameResult::Won => {
                self.won = self.won.saturating_add(1);
                self.current_streak = self.current_streak.saturating_add(1);
                self.best_streak = self.best_streak.max(self.current_streak);
                let ms = u64::try_from(finished.time.as_millis()).unwrap_or(u64::MAX);
                if self.best_time_ms.is_none_or(|best| ms < best) {
                    self.best_time_ms = Some(ms);
                }
            }
            game_api::GameResult::Lost => {
                self.lost = self.lost.saturating_add(1);
                self.current_streak = 0;
                // A lost game's moves or seconds are no feat: a quick loss
                // would beat every win. Its points are (a game with no
                // winning, as Jewel, keeps only those).
                if finished.assisted || kind.lower_is_better {
                    return;
                }
            }
            game_api::GameResult::Playing => return,
        }
        if let Some(score) = finished.score
            && self
                .best_score
                .is_none_or(|best| kind.is_better(score, best))
        {
            self.best_score = Some(score);
        }
    }
}

impl GamePlays {
    /// Whether any result was recorded.
    pub fn has_results(&self) -> bool {
        self.won + self.lost > 0
    }

    /// The game's totals, as a variant's record.
    pub fn totals(&self) -> VariantPlays {
        VariantPlays {
            won: self.won,
            won_with_help: self.won_with_help,
            lost: self.lost,
            current_streak: self.current_streak,
            best_streak: self.best_streak,
            best_time_ms: self.best_time_ms,
            best_score: self.best_score,
        }
    }

    fn set_totals(&mut self, totals: VariantPlays) {
        let VariantPlays {
            won,
            won_with_help,
            lost,
            current_streak,
            best_streak,
            best_time_ms,
            best_score,
        } = totals;
        self.won = won;
        self.won_with_help = won_with_help;
        self.lost = lost;
        self.current_streak = current_streak;
        self.best_streak = best_streak;
        self.best_time_ms = best_time_ms;
        self.best_score = best_score;
    }
}

/// The name of the variant a game was played in: the values of the
/// choices `records_by` names (each a choice's label or id, compared
/// without regard to case), in that order, as "Size 7, Cat Clever"; `None`
/// when the game has no such choice (or `records_by` is empty).
///
/// ```
/// use launcher_core::midend::ChoiceValue;
/// use launcher_core::player::variant_name;
/// let choices = [
///     ChoiceValue { id: "difficulty".into(), label: "Cat".into(), value: "Clever".into() },
///     ChoiceValue { id: "size".into(), label: "Size".into(), value: "7".into() },
/// ];
/// let by = ["Size".to_string(), "cat".to_string()];
/// assert_eq!(variant_name(&choices, &by).as_deref(), Some("Size 7, Cat Clever"));
/// assert_eq!(variant_name(&choices, &[]), None);
/// ```
pub fn variant_name(
    choices: &[crate::midend::ChoiceValue],
    records_by: &[String],
) -> Option<String> {
    let parts: Vec<String> = records_by
        .iter()
        .filter_map(|name| {
            choices.iter().find(|c| {
                c.label.eq_ignore_ascii_case(name.trim()) || c.id.eq_ignore_ascii_case(name.trim())
            })
        })
        .map(|c| format!("{} {}", c.label, c.value))
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// What to tell a game's author when its manifest's `records-by` names
/// something that is none of the game's choice controls (by label or id,
/// without regard to case): such a name keeps no records apart, and
/// nothing else would say so. `None` when every name is a choice.
///
/// ```
/// use launcher_core::midend::ChoiceValue;
/// use launcher_core::player::records_by_unmatched;
/// let choices = [ChoiceValue { id: "size".into(), label: "Size".into(), value: "7".into() }];
/// assert_eq!(records_by_unmatched(&choices, &["size".to_string()]), None);
/// assert_eq!(
///     records_by_unmatched(&choices, &["Sise".to_string()]).as_deref(),
///     Some("`records-by` names \"Sise\", which is none of the game's choice controls (Size); write a choice's label or id")
/// );
/// ```
pub fn records_by_unmatched(
    choices: &[crate::midend::ChoiceValue],
    records_by: &[String],
) -> Option<String> {
    let unmatched: Vec<String> = records_by
        .iter()
        .filter(|name| {
            !choices.iter().any(|c| {
                c.label.eq_ignore_ascii_case(name.trim()) || c.id.eq_ignore_ascii_case(name.trim())
            })
        })
        .map(|name| format!("{name:?}"))
        .collect();
    if unmatched.is_empty() {
        return None;
    }
    let labels: Vec<&str> = choices.iter().map(|c| c.label.as_str()).collect();
    let choices = if labels.is_empty() {
        "it has none".to_owned()
    } else {
        labels.join(", ")
    };
    Some(format!(
        "`records-by` names {}, which {} none of the game's choice controls ({choices}); write a choice's label or id",
        unmatched.join(" and "),
        if unmatched.len() == 1 { "is" } else { "are" }
    ))
}

/// What was played (`plays.toml`), by game directory name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayHistory {
    /// Each game's record.
    pub games: BTreeMap<String, GamePlays>,
}

/// How many games "Recently played" shows.
pub const RECENT_GAMES: usize = 6;

impl PlayHistory {
    /// Records that `dir_name` was opened at `now` (seconds since 1970).
    pub fn record_play(&mut self, dir_name: &str, now: u64) {
        let game = self.games.entry(dir_name.to_owned()).or_default();
        game.times_played = game.times_played.saturating_add(1);
        game.last_played = Some(now);
    }

    /// The games played, most recent first, at most [`RECENT_GAMES`].
    pub fn recent(&self) -> Vec<&str> {
        let mut played: Vec<(&str, u64)> = self
            .games
            .iter()
            .filter_map(|(name, g)| g.last_played.map(|t| (name.as_str(), t)))
            .collect();
        // Most recent first; a tie (same second) by name, so the order is stable.
        played.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        played
            .into_iter()
            .take(RECENT_GAMES)
            .map(|(n, _)| n)
            .collect()
    }

    /// Records a finished game of `dir_name`: won or lost, its time, its
    /// score; keeps the streaks and the bests. A game still going on
    /// records nothing. A win the game helped with counts as won (and as
    /// won with help) but sets no record: it neither lengthens nor breaks
    /// the streak, and its time and score are not bests.
    pub fn record_result(&mut self, dir_name: &str, finished: &crate::midend::Finished) {
        self.record_result_by(dir_name, finished, &[]);
    }

    /// [`PlayHistory::record_result`], and the same in the record of the
    /// game's variant: the values its choices named in `records_by` (the
    /// manifest's `records-by`) had when it started ([`variant_name`]).
    pub fn record_result_by(
        &mut self,
        dir_name: &str,
        finished: &crate::midend::Finished,
        records_by: &[String],
    ) {
        if finished.result == game_api::GameResult::Playing {
            return;
        }
        let game = self.games.entry(dir_name.to_owned()).or_default();
        let kind = &finished.score_kind;
        // A result the game helped with sets no record, and leaves the
        // bests as they were.
        if !finished.assisted {
            if kind.lower_is_better && !game.lower_is_better {
                // Saved when fewer-is-better games reported minus their
                // moves: -10 was 10 moves.
                game.best_score = game.best_score.map(|best| best.saturating_abs());
                for variant in game.variants.values_mut() {
                    variant.best_score = variant.best_score.map(|best| best.saturating_abs());
                }
            }
            game.lower_is_better = kind.lower_is_better;
            game.score_unit = kind.unit.clone();
        }
        let mut totals = game.totals();
        totals.record(finished, kind);
        game.set_totals(totals);
        if let Some(name) = variant_name(&finished.choices, records_by) {
            game.variants
                .entry(name)
                .or_default()
                .record(finished, kind);
        }
    }

    /// Whether `dir_name` is a favourite.
    pub fn is_favourite(&self, dir_name: &str) -> bool {
        self.games.get(dir_name).is_some_and(|g| g.favourite)
    }

    /// Marks or unmarks `dir_name` as a favourite.
    pub fn set_favourite(&mut self, dir_name: &str, favourite: bool) {
        self.games.entry(dir_name.to_owned()).or_default().favourite = favourite;
    }

    /// The favourites, by directory name.
    pub fn favourites(&self) -> Vec<&str> {
        self.games
            .iter()
            .filter(|(_, g)| g.favourite)
            .map(|(n, _)| n.as_str())
            .collect()
    }

    /// Forgets what was played of `dir_name` (times, last played, won and
    /// lost, streaks and bests); a favourite stays one.
    pub fn reset(&mut self, dir_name: &str) {
        if let Some(game) = self.games.get_mut(dir_name) {
            *game = GamePlays {
                favourite: game.favourite,
                ..GamePlays::default()
            };
        }
    }

    /// Forgets what was played of every game; favourites stay.
    pub fn reset_all(&mut self) {
        let names: Vec<String> = self.games.keys().cloned().collect();
        for name in names {
            self.reset(&name);
        }
    }
}

/// A best score as the statistics show it: "10 moves" with the game's
/// unit, "120" for points.
pub fn score_text(game: &GamePlays, score: i64) -> String {
    if game.score_unit.is_empty() {
        score.to_string()
    } else {
        format!("{score} {}", game.score_unit)
    }
}

/// A game's time as the player reads it: "42 s", "3:07", "1:02:03".
///
/// ```
/// use launcher_core::player::clock;
/// assert_eq!(clock(42_400), "42 s");
/// assert_eq!(clock(187_000), "3:07");
/// assert_eq!(clock(3_723_000), "1:02:03");
/// ```
pub fn clock(ms: u64) -> String {
    let seconds = ms / 1000;
    match seconds {
        0..60 => format!("{seconds} s"),
        60..3600 => format!("{}:{:02}", seconds / 60, seconds % 60),
        _ => format!(
            "{}:{:02}:{:02}",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        ),
    }
}

/// Whether a game's scores count seconds: such a score is a time.
fn score_is_time(game: &GamePlays) -> bool {
    matches!(game.score_unit.trim(), "seconds" | "second" | "s")
}

/// The bests of a record (a game's totals or one variant's) as the
/// statistics show them: the best time, then the best score. A score
/// counted in seconds is a time too: it is shown once, as a clock, in the
/// time's place (it is the game's own clock, the one the player saw), not
/// beside the time the launcher measured ("3:37 · 217 seconds").
///
/// ```
/// use launcher_core::player::{GamePlays, VariantPlays, bests};
/// let record = VariantPlays { best_time_ms: Some(207_000), best_score: Some(8), ..Default::default() };
/// let turns = GamePlays { score_unit: "turns".into(), ..Default::default() };
/// assert_eq!(bests(&turns, &record), ["3:27", "8 turns"]);
/// let record = VariantPlays { best_time_ms: Some(217_400), best_score: Some(217), ..Default::default() };
/// let seconds = GamePlays { score_unit: "seconds".into(), ..Default::default() };
/// assert_eq!(bests(&seconds, &record), ["3:37"]);
/// ```
pub fn bests(game: &GamePlays, record: &VariantPlays) -> Vec<String> {
    match (record.best_time_ms, record.best_score) {
        (_, Some(seconds)) if score_is_time(game) => {
            vec![clock(
                u64::try_from(seconds).unwrap_or(0).saturating_mul(1000),
            )]
        }
        (time, score) => time
            .map(clock)
            .into_iter()
            .chain(score.map(|s| score_text(game, s)))
            .collect(),
    }
}

/// Seconds since 1970 now.
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// "just now", "5 minutes ago", "yesterday", "12 days ago", "on 2026-01-31":
/// how long ago `then` was, seen from `now` (seconds since 1970, UTC).
pub fn ago(then: u64, now: u64) -> String {
    let seconds = now.saturating_sub(then);
    let (minutes, hours, days) = (seconds / 60, seconds / 3600, seconds / 86_400);
    match () {
        _ if minutes == 0 => "just now".into(),
        _ if hours == 0 => plural(minutes, "minute") + " ago",
        _ if days == 0 => plural(hours, "hour") + " ago",
        _ if days == 1 => "yesterday".into(),
        _ if days < 31 => plural(days, "day") + " ago",
        _ => format!("on {}", civil_date(then)),
    }
}

fn plural(n: u64, noun: &str) -> String {
    crate::messages::count_of(n as usize, noun)
}

/// `YYYY-MM-DD` of a time in seconds since 1970, UTC (Howard Hinnant's
/// days-to-civil algorithm).
fn civil_date(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
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

    #[test]
    fn results_keep_streaks_and_bests() {
        use crate::midend::Finished;
        use game_api::GameResult::{self, Lost, Playing, Won};
        use std::time::Duration;
        let mut plays = PlayHistory::default();
        let mut record = |result: GameResult, secs: u64, score: Option<i64>| {
            let time = Duration::from_secs(secs);
            let finished = Finished {
                result,
                score,
                time,
                assisted: false,
                score_kind: game_api::ScoreKind::points(),
                choices: Vec::new(),
            };
            plays.record_result("g", &finished);
        };
        record(Won, 90, None);
        record(Won, 60, Some(5));
        record(Lost, 10, Some(9));
        record(Won, 120, Some(2));
        record(Playing, 1, Some(100));
        let g = &plays.games["g"];
        assert_eq!((g.won, g.lost), (3, 1));
        assert_eq!((g.current_streak, g.best_streak), (1, 2));
        assert_eq!(
            g.best_time_ms,
            Some(60_000),
            "only won games set a best time"
        );
        assert_eq!(g.best_score, Some(9));
        assert_eq!(g.won_with_help, 0);
        plays.reset("g");
        assert!(!plays.games["g"].has_results());
        assert_eq!(plays.games["g"].best_streak, 0);
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

    /// Pousse and Gobblet count moves, fewest best: a game lost in 7
    /// moves is no best of 7 moves (it would beat every win). Points are
    /// a best even in a lost game: Jewel has no winning, Same a cleared
    /// board seldom.
    #[test]
    fn a_lost_game_sets_a_best_score_only_for_points() {
        use crate::midend::Finished;
        use game_api::GameResult::{Lost, Won};
        use std::time::Duration;
        let finished = |result, score, kind: game_api::ScoreKind| Finished {
            result,
            score: Some(score),
            time: Duration::from_secs(60),
            assisted: false,
            score_kind: kind,
            choices: Vec::new(),
        };
        let mut plays = PlayHistory::default();
        let moves = game_api::ScoreKind::fewest("moves");
        plays.record_result("pousse", &finished(Lost, 7, moves.clone()));
        let g = &plays.games["pousse"];
        assert_eq!((g.lost, g.best_score, g.best_time_ms), (1, None, None));
        plays.record_result("pousse", &finished(Won, 12, moves.clone()));
        plays.record_result("pousse", &finished(Lost, 3, moves));
        assert_eq!(plays.games["pousse"].best_score, Some(12), "the win's");
        let points = game_api::ScoreKind::points();
        plays.record_result("jewel", &finished(Lost, 420, points.clone()));
        plays.record_result("jewel", &finished(Lost, 300, points));
        let g = &plays.games["jewel"];
        assert_eq!((g.lost, g.best_score), (2, Some(420)));
    }

    #[test]
    fn a_win_with_help_counts_but_sets_no_record() {
        use crate::midend::Finished;
        use game_api::GameResult::{Lost, Won};
        use std::time::Duration;
        let mut plays = PlayHistory::default();
        let finished = |result, secs, assisted| Finished {
            result,
            score: Some(secs as i64),
            time: Duration::from_secs(secs),
            assisted,
            score_kind: game_api::ScoreKind::points(),
            choices: Vec::new(),
        };
        plays.record_result("g", &finished(Won, 100, false));
        plays.record_result("g", &finished(Won, 5, true));
        let g = &plays.games["g"];
        assert_eq!((g.won, g.won_with_help), (2, 1));
        assert_eq!(
            (g.current_streak, g.best_streak),
            (1, 1),
            "help neither lengthens nor breaks a streak"
        );
        assert_eq!(
            g.best_time_ms,
            Some(100_000),
            "a win with help is no best time"
        );
        assert_eq!(g.best_score, Some(100), "nor a best score");
        plays.record_result("g", &finished(Lost, 500, true));
        let g = &plays.games["g"];
        assert_eq!((g.lost, g.current_streak, g.best_score), (1, 0, Some(100)));
    }

    use super::*;

    /// Chat Noir's records by board size and cat: the totals count every
    /// game, and each variant keeps its own bests, so a quick 5×5 Classic
    /// win is not the 7×7 Clever best time.
    #[test]
    fn each_variant_keeps_its_own_records_beside_the_totals() {
        use crate::midend::{ChoiceValue, Finished};
        use game_api::GameResult::{Lost, Won};
        use std::time::Duration;
        let choices = |size: &str, cat: &str| {
            vec![
                ChoiceValue {
                    id: "difficulty".into(),
                    label: "Cat".into(),
                    value: cat.into(),
                },
                ChoiceValue {
                    id: "size".into(),
                    label: "Size".into(),
                    value: size.into(),
                },
            ]
        };
        let by = ["Size".to_string(), "Cat".to_string()];
        let mut plays = PlayHistory::default();
        let mut record = |result, secs, size, cat| {
            let finished = Finished {
                result,
                score: None,
                time: Duration::from_secs(secs),
                assisted: false,
                score_kind: game_api::ScoreKind::points(),
                choices: choices(size, cat),
            };
            plays.record_result_by("chat-noir", &finished, &by);
        };
        record(Won, 300, "7", "Clever");
        record(Won, 20, "5", "Classic");
        record(Lost, 50, "7", "Clever");
        record(Won, 200, "7", "Clever");
        let g = &plays.games["chat-noir"];
        assert_eq!((g.won, g.lost, g.best_time_ms), (3, 1, Some(20_000)));
        assert_eq!(g.variants.len(), 2);
        let big = &g.variants["Size 7, Cat Clever"];
        assert_eq!((big.won, big.lost), (2, 1));
        assert_eq!(big.best_time_ms, Some(200_000), "not the 5×5 game's 20 s");
        assert_eq!((big.current_streak, big.best_streak), (1, 1));
        let small = &g.variants["Size 5, Cat Classic"];
        assert_eq!((small.won, small.best_time_ms), (1, Some(20_000)));
        // Without `records-by`, or without the choices, only the totals.
        plays.record_result(
            "chat-noir",
            &Finished {
                result: Won,
                score: None,
                time: Duration::from_secs(1),
                assisted: false,
                score_kind: game_api::ScoreKind::points(),
                choices: choices("9", "Expert"),
            },
        );
        let g = &plays.games["chat-noir"];
        assert_eq!((g.won, g.variants.len()), (4, 2));
        // A reset forgets the variants too.
        plays.reset("chat-noir");
        assert!(plays.games["chat-noir"].variants.is_empty());
    }

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
    fn recent_games_are_the_last_six_most_recent_first() {
        let mut plays = PlayHistory::default();
        for (i, name) in ["a", "b", "c", "d", "e", "f", "g"].iter().enumerate() {
            plays.record_play(name, 1000 + i as u64);
        }
        plays.record_play("a", 2000);
        assert_eq!(plays.recent(), ["a", "g", "f", "e", "d", "c"]);
        assert_eq!(plays.games["a"].times_played, 2);
    }

    #[test]
    fn a_reset_keeps_favourites() {
        let mut plays = PlayHistory::default();
        plays.record_play("chat-noir", 5);
        plays.set_favourite("chat-noir", true);
        plays.games.get_mut("chat-noir").unwrap().won = 3;
        plays.reset_all();
        assert_eq!(
            plays.games["chat-noir"],
            GamePlays {
                favourite: true,
                ..GamePlays::default()
            }
        );
        assert_eq!(plays.recent(), Vec::<&str>::new());
        assert_eq!(plays.favourites(), ["chat-noir"]);
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
    fn how_long_ago_reads_like_a_person_says_it() {
        let now = 1_780_000_000;
        assert_eq!(ago(now - 5, now), "just now");
        assert_eq!(ago(now - 60, now), "1 minute ago");
        assert_eq!(ago(now - 3 * 3600, now), "3 hours ago");
        assert_eq!(ago(now - 86_400 - 10, now), "yesterday");
        assert_eq!(ago(now - 12 * 86_400, now), "12 days ago");
        assert_eq!(ago(0, now), "on 1970-01-01");
        assert_eq!(ago(951_782_400, now), "on 2000-02-29");
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
}
