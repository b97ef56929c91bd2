//! Scoring, as the original's `calc-score` and `set-score-label` compute
//! it: a click scores the square of the number of dots it removes, and
//! once 50 dots or fewer are left the board pays a bonus of 100 points for
//! each dot fewer than 50: 100 with 49 left, 200 with 48, … 5000 for a
//! cleared board. The total is the clicks' points plus the bonus, shown as
//! `clicks + bonus = total`.
//!
//! ```
//! use same::score::{Score, bonus, click_score};
//! assert_eq!(click_score(6), 36);
//! assert_eq!(bonus(47), 300);
//! let score = Score { clicks: 120, bonus: bonus(12) };
//! assert_eq!(score.to_string(), "120 + 3800 = 3920");
//! ```

use std::fmt;

/// The number of dots left at or under which the bonus starts.
pub const BONUS_START: usize = 50;

/// The bonus for each dot fewer than [`BONUS_START`].
pub const BONUS_PER_DOT: u64 = 100;

/// The points a click removing `removed` dots scores: their number squared.
pub const fn click_score(removed: usize) -> u64 {
    let n = removed as u64;
    n * n
}

/// The bonus with `dots_left` dots on the board: 100 points for each dot
/// fewer than 50, nothing with 50 or more.
pub const fn bonus(dots_left: usize) -> u64 {
    if dots_left <= BONUS_START {
        BONUS_PER_DOT * (BONUS_START - dots_left) as u64
    } else {
        0
    }
}

/// A score: the clicks' points and the bonus.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// The sum of every click's points.
    pub clicks: u64,
    /// The bonus for the dots left.
    pub bonus: u64,
}

impl Score {
    /// The score of `clicks` points with `dots_left` dots on the board.
    pub const fn with_dots_left(clicks: u64, dots_left: usize) -> Score {
        Score {
            clicks,
            bonus: bonus(dots_left),
        }
    }

    /// The clicks' points and the bonus together.
    pub const fn total(self) -> u64 {
        self.clicks + self.bonus
    }
}

/// `clicks + bonus = total`, as the original's score label shows it.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} + {} = {}", self.clicks, self.bonus, self.total())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_scores_the_square_of_the_dots_removed() {
        let table = [(2, 4), (3, 9), (4, 16), (5, 25), (10, 100), (320, 102_400)];
        for (removed, points) in table {
            assert_eq!(click_score(removed), points, "{removed}");
        }
        // Bigger groups pay more than the same dots in smaller ones.
        assert!(click_score(6) > 3 * click_score(2));
    }

    #[test]
    fn the_bonus_is_as_the_rules_give_it() {
        // "if you have 49 cells left, you get a 100 point bonus, 48 cells
        // left yields a 200 point bonus, 47 cells a 300 point bonus etc.,
        // and if there are no cells left, you get a 5000 point bonus."
        assert_eq!(bonus(49), 100);
        assert_eq!(bonus(48), 200);
        assert_eq!(bonus(47), 300);
        assert_eq!(bonus(0), 5000);
        // The original's code: 50 left is in the range but pays nothing.
        assert_eq!(bonus(50), 0);
        assert_eq!(bonus(51), 0);
        assert_eq!(bonus(320), 0);
    }

    #[test]
    fn the_label_adds_the_bonus_to_the_clicks() {
        assert_eq!(Score::default().to_string(), "0 + 0 = 0");
        let cleared = Score::with_dots_left(6_200, 0);
        assert_eq!(cleared.total(), 11_200);
        assert_eq!(cleared.to_string(), "6200 + 5000 = 11200");
    }
}
