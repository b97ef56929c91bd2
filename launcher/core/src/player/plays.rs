//! What was played (`plays.toml`): each game's times, favourite, won and
//! lost, streaks and bests, in total and by variant.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
