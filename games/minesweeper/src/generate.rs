//! Laying the mines: after the first click, from the game's seed and the
//! cell clicked, so that the same seed and click always lay the same
//! mines (with [`game_api::Rng`], whose numbers never change).
//!
//! The first click is never a mine: the cell clicked and, when the board
//! has room, its eight neighbours stay clear, so the first click opens an
//! area ([`safe_zone`]).
//!
//! With **no guessing** ([`Mode::NoGuess`]), a board is kept only when the
//! deduction solver ([`crate::solver::solves`]) clears it from the first
//! click. As in Simon Tatham's Mines, where the solver gets stuck the
//! board is changed so that it can go on
//! ([`crate::solver::solve_perturbing`]: the covered tiles around a number
//! are all cleared or all mined, the difference moved to tiles no number
//! sees yet), and the changed board is checked again from the start;
//! after [`ROUNDS`] such checks, or when nothing can be moved, the mines
//! are laid afresh from the same generator. Attempts are counted, not
//! timed: after [`MAX_ATTEMPTS`] boards, or [`CHANGES_PER_CELL`] changes
//! per cell in all, the last is kept (and
//! [`Layout::no_guess`] says it may need a guess), which only happens on
//! boards much denser than the classic sizes.

use game_api::Rng;

use crate::board::{Grid, Size};
use crate::solver::{solve_perturbing, solves};

/// How the mines are laid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// At random, as the original does (after the first click): the end
    /// may need a guess.
    Classic,
    /// Only boards the deduction solver clears from the first click.
    NoGuess,
}

impl Mode {
    /// The mode's word in game IDs and saves: `classic` or `no-guess`.
    pub fn word(self) -> &'static str {
        match self {
            Mode::Classic => "classic",
            Mode::NoGuess => "no-guess",
        }
    }

    /// The mode a word names.
    pub fn from_word(word: &str) -> Option<Mode> {
        [Mode::Classic, Mode::NoGuess]
            .into_iter()
            .find(|m| m.word().eq_ignore_ascii_case(word))
    }
}

/// The most boards laid afresh for one no-guessing board.
pub const MAX_ATTEMPTS: u32 = 100;

/// The most changes made where the solver is stuck, over all attempts,
/// per cell of the board: a bound on the work for boards too dense to be
/// cleared without guessing.
pub const CHANGES_PER_CELL: usize = 4;

/// How many times one board is changed where the solver gets stuck and
/// checked again before it is laid afresh.
pub const ROUNDS: u32 = 10;

/// Mines laid for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Where the mines are, one flag per cell.
    pub mines: Vec<bool>,
    /// How many boards were laid afresh to find it (1 for
    /// [`Mode::Classic`]).
    pub attempts: u32,
    /// Whether the solver clears it from the first click.
    pub no_guess: bool,
}

/// The cells kept clear of mines for a first click on `first`: the cell
/// and its neighbours, or only the cell when the board would not hold its
/// mines outside them. In reading order.
pub fn safe_zone(size: Size, first: usize) -> Vec<usize> {
    let grid = size.grid();
    let mut zone: Vec<usize> = grid.neighbours(first).chain([first]).collect();
    zone.sort_unstable();
    if size.cells() - zone.len() < size.mines {
        vec![first]
    } else {
        zone
    }
}

/// `size.mines` mines laid at random outside the safe zone of `first`.
pub fn random_mines(size: Size, first: usize, rng: &mut Rng) -> Vec<bool> {
    let zone = safe_zone(size, first);
    let mut free: Vec<usize> = (0..size.cells())
        .filter(|i| zone.binary_search(i).is_err())
        .collect();
    let mut mines = vec![false; size.cells()];
    // A partial Fisher-Yates shuffle: the first `mines` cells of `free`.
    for k in 0..size.mines.min(free.len()) {
        let pick = k + rng.below((free.len() - k) as u64) as usize;
        free.swap(k, pick);
        mines[free[k]] = true;
    }
    mines
}

/// The mines of the game of `seed` on a board of `size` whose first click
/// is on `first`.
///
/// ```
/// use minesweeper::board::Size;
/// use minesweeper::generate::{Mode, generate};
/// let a = generate(Size::BEGINNER, Mode::NoGuess, 42, 40);
/// assert_eq!(a, generate(Size::BEGINNER, Mode::NoGuess, 42, 40));
/// assert!(a.no_guess && !a.mines[40]);
/// assert_eq!(a.mines.iter().filter(|&&m| m).count(), 10);
/// ```
pub fn generate(size: Size, mode: Mode, seed: u64, first: usize) -> Layout {
    // The first click stirs the seed: two first clicks lay unrelated boards.
    let mut rng = Rng::new(seed ^ (first as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03));
    let grid: Grid = size.grid();
    let mut attempts = 0;
    let mut budget = CHANGES_PER_CELL * size.cells();
    loop {
        attempts += 1;
        let mines = random_mines(size, first, &mut rng);
        if mode == Mode::Classic {
            return Layout {
                mines,
                attempts,
                no_guess: false,
            };
        }
        let mut mines = mines;
        let mut ok = false;
        // Perturb where the solver is stuck, then check the board afresh
        // (the changes may have altered numbers the solver read before).
        for _ in 0..ROUNDS {
            if !solve_perturbing(grid, &mut mines, first, &mut rng, &mut budget) {
                break;
            }
            if solves(grid, &mines, first) {
                ok = true;
                break;
            }
        }
        if ok || attempts >= MAX_ATTEMPTS || budget == 0 {
            return Layout {
                mines,
                attempts,
                no_guess: ok,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_safe_zone_is_the_click_and_its_neighbours_when_there_is_room() {
        let size = Size::BEGINNER;
        assert_eq!(safe_zone(size, 0), [0, 1, 9, 10]);
        assert_eq!(safe_zone(size, 40), [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        let full = Size::new(9, 9, 72).unwrap();
        assert_eq!(safe_zone(full, 40).len(), 9);
        // 5×5 with 16 mines: the nine around the centre leave exactly 16.
        let tight = Size::new(5, 5, 16).unwrap();
        assert_eq!(safe_zone(tight, 12).len(), 9);
        let corner_zone = safe_zone(tight, 0);
        assert_eq!(corner_zone, [0, 1, 5, 6]);
    }

    #[test]
    fn classic_boards_lay_every_mine_outside_the_zone() {
        for seed in 0..50 {
            let first = (seed as usize * 7) % 81;
            let layout = generate(Size::BEGINNER, Mode::Classic, seed, first);
            assert_eq!(layout.attempts, 1);
            assert_eq!(layout.mines.iter().filter(|&&m| m).count(), 10);
            for i in safe_zone(Size::BEGINNER, first) {
                assert!(!layout.mines[i]);
            }
        }
    }

    #[test]
    fn the_seed_and_the_first_click_decide_the_board() {
        let a = generate(Size::INTERMEDIATE, Mode::Classic, 1, 100);
        assert_eq!(a, generate(Size::INTERMEDIATE, Mode::Classic, 1, 100));
        assert_ne!(a, generate(Size::INTERMEDIATE, Mode::Classic, 2, 100));
        assert_ne!(a, generate(Size::INTERMEDIATE, Mode::Classic, 1, 101));
    }

    #[test]
    fn modes_have_words() {
        for mode in [Mode::Classic, Mode::NoGuess] {
            assert_eq!(Mode::from_word(mode.word()), Some(mode));
        }
        assert_eq!(Mode::from_word("NO-GUESS"), Some(Mode::NoGuess));
        assert_eq!(Mode::from_word("easy"), None);
    }
}
