//! The records as the statistics say them: scores, clocks, bests, and
//! how long ago a game was played.

use super::plays::{GamePlays, VariantPlays};
use std::time::{SystemTime, UNIX_EPOCH};

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
