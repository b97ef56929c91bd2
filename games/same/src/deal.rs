//! Dealing a board from a seed, as the original's `build-board` does: every
//! dot gets a random colour, then (to make groups a little bigger than pure
//! chance would) each dot not in the top row or the left column takes, one
//! time in five, the colour of the dot above it or of the dot to its left,
//! either one as likely. Random numbers come from [`game_api::Rng`]
//! (SplitMix64), so a seed deals the same board on every machine, for ever.
//!
//! ```
//! use same::deal::deal;
//! let board = deal(20, 16, 5, 7);
//! assert_eq!((board.width(), board.height(), board.dot_count()), (20, 16, 320));
//! assert_eq!(board, deal(20, 16, 5, 7));
//! ```

use game_api::Rng;

use crate::board::{Board, Cell, MAX_COLOURS};

/// One dot in this many takes a neighbour's colour.
pub const CLUMP_ODDS: u64 = 5;

/// A full board of `width` × `height` dots of `colours` colours dealt from
/// `seed`.
///
/// # Panics
///
/// When a side is 0, or `colours` is 0 or more than [`MAX_COLOURS`].
pub fn deal(width: usize, height: usize, colours: usize, seed: u64) -> Board {
    assert!((1..=MAX_COLOURS).contains(&colours), "{colours} colours");
    let mut rng = Rng::new(seed);
    let mut board = Board::empty(width, height);
    // Column by column, as the original builds its vector of columns.
    for col in 0..width {
        for row in 0..height {
            board.set(Cell::new(col, row), Some(rng.below(colours as u64) as u8));
        }
    }
    for col in 1..width {
        for row in 1..height {
            if rng.below(CLUMP_ODDS) == 0 {
                let from = if rng.below(2) == 0 {
                    Cell::new(col, row - 1)
                } else {
                    Cell::new(col - 1, row)
                };
                board.set(Cell::new(col, row), board.get(from));
            }
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_deals_one_board_and_seeds_differ() {
        assert_eq!(deal(10, 8, 3, 1), deal(10, 8, 3, 1));
        assert_ne!(deal(10, 8, 3, 1), deal(10, 8, 3, 2));
        // Pinned: the generator and SplitMix64 never change, so IDs and
        // seeds replay the same boards in every version.
        assert_eq!(deal(4, 3, 5, 2024).to_string(), PINNED);
    }

    const PINNED: &str = "2121/3451/2541";

    #[test]
    fn every_colour_is_dealt_and_no_other() {
        for colours in 1..=MAX_COLOURS {
            let board = deal(20, 16, colours, colours as u64);
            let counts = board.colour_counts();
            assert!(counts[..colours].iter().all(|&n| n > 0), "{counts:?}");
            assert!(counts[colours..].iter().all(|&n| n == 0), "{counts:?}");
            assert_eq!(board.colours(), colours);
        }
    }

    #[test]
    fn clumping_makes_touching_pairs_more_common_than_chance() {
        // With 5 colours, a neighbour matches 1 time in 5 by chance; the
        // original's clumping raises that. Count over many boards.
        let (mut same, mut pairs) = (0usize, 0usize);
        for seed in 0..50 {
            let board = deal(20, 16, 5, seed);
            for (cell, colour) in board.dots() {
                for n in [
                    Cell::new(cell.col + 1, cell.row),
                    Cell::new(cell.col, cell.row + 1),
                ] {
                    if let Some(other) = board.get(n) {
                        pairs += 1;
                        same += usize::from(other == colour);
                    }
                }
            }
        }
        let share = same as f64 / pairs as f64;
        assert!((0.25..0.35).contains(&share), "{share}");
    }
}
