//! The puzzle generator: a random picture, touched up until the line solver
//! alone solves its clues, so that every puzzle dealt has exactly one
//! solution and can be solved one line at a time, without guessing.
//!
//! 1. **A picture with some structure.** Random cells, a little more than
//!    half of them blue, then one smoothing pass (a cell takes the colour
//!    of most of its 3×3 neighbourhood, ties kept), which turns noise into
//!    blobs and holes; about half the pictures are mirrored left to right.
//! 2. **The line solver** ([`crate::solver::line_solve`]) runs on the
//!    picture's clues. If it settles every cell, the puzzle is unique and
//!    done.
//! 3. **Touch-up.** If it stalls, one of the cells it could not settle is
//!    flipped in the picture (the clues change with it) and step 2 runs
//!    again. A stall leaves a region the clues do not pin down; flipping a
//!    cell inside it usually breaks the ambiguity. After
//!    [`MAX_TOUCH_UPS`] flips without success a new picture is drawn.
//!
//! Everything is drawn from one [`Rng`] seeded with the game's seed, so the
//! same seed and size always give the same puzzle.

use game_api::Rng;

use crate::line::Known;
use crate::puzzle::Picture;
use crate::solver::{GridSolver, LineSolve, line_solve_with};

/// The sizes the game offers, from 5×5 to 25×25.
pub const SIZES: [usize; 5] = [5, 10, 15, 20, 25];

/// The size a first game has.
pub const DEFAULT_SIZE: usize = 10;

/// How many flips one picture gets before the generator draws another.
pub const MAX_TOUCH_UPS: usize = 400;

/// The share of cells drawn blue before smoothing, in 1/1000.
const BLUE_PER_MILLE: u64 = 540;

/// What [`generate_counted`] did to find its puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Pictures drawn.
    pub pictures: u32,
    /// Cells flipped in them.
    pub flips: u32,
}

/// A random picture of `width` × `height` cells with some structure (step 1
/// above).
pub fn random_picture(width: usize, height: usize, rng: &mut Rng) -> Picture {
    let mut noise = Picture::blank(width, height);
    for row in 0..height {
        for col in 0..width {
            noise.set(row, col, rng.below(1000) < BLUE_PER_MILLE);
        }
    }
    let mut smooth = noise.clone();
    for row in 0..height {
        for col in 0..width {
            let mut blue = 0;
            let mut all = 0;
            for r in row.saturating_sub(1)..(row + 2).min(height) {
                for c in col.saturating_sub(1)..(col + 2).min(width) {
                    all += 1;
                    blue += usize::from(noise.get(r, c));
                }
            }
            if 2 * blue > all {
                smooth.set(row, col, true);
            } else if 2 * blue < all {
                smooth.set(row, col, false);
            }
        }
    }
    if rng.below(2) == 0 {
        for row in 0..height {
            for col in width.div_ceil(2)..width {
                let mirrored = smooth.get(row, width - 1 - col);
                smooth.set(row, col, mirrored);
            }
        }
    }
    smooth
}

/// The puzzle of `width` × `height` cells that `seed` deals: a picture
/// whose clues the line solver alone solves, so it has exactly one
/// solution.
///
/// ```
/// use paint_by_numbers::generate::generate;
/// use paint_by_numbers::solver::{LineSolve, line_solve};
/// let picture = generate(10, 10, 7);
/// assert_eq!(line_solve(&picture.clues()), LineSolve::Solved(picture.clone()));
/// assert_eq!(generate(10, 10, 7), picture);
/// ```
pub fn generate(width: usize, height: usize, seed: u64) -> Picture {
    generate_counted(width, height, seed).0
}

/// [`generate`], and the effort it took.
pub fn generate_counted(width: usize, height: usize, seed: u64) -> (Picture, Effort) {
    let mut rng = Rng::new(seed);
    let mut solver = GridSolver::default();
    let mut effort = Effort::default();
    loop {
        effort.pictures += 1;
        let mut picture = random_picture(width, height, &mut rng);
        for _ in 0..=MAX_TOUCH_UPS {
            let unknown: Vec<usize> = match line_solve_with(&mut solver, &picture.clues()) {
                LineSolve::Solved(_) => return (picture, effort),
                LineSolve::Stalled(grid) => grid
                    .iter()
                    .enumerate()
                    .filter(|(_, k)| **k == Known::Unknown)
                    .map(|(i, _)| i)
                    .collect(),
                LineSolve::Contradiction => unreachable!("a picture's own clues fit it"),
            };
            let cell = unknown[rng.below(unknown.len() as u64) as usize];
            let (row, col) = (cell / width, cell % width);
            picture.set(row, col, !picture.get(row, col));
            effort.flips += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::line_solve;

    #[test]
    fn pictures_have_structure_and_about_half_blue() {
        let mut rng = Rng::new(3);
        let mut blue = 0;
        let mut cells = 0;
        for _ in 0..40 {
            let p = random_picture(15, 15, &mut rng);
            blue += p.blue_count();
            cells += 15 * 15;
        }
        let share = blue as f64 / cells as f64;
        assert!((0.45..0.75).contains(&share), "{share}");
    }

    #[test]
    fn every_size_deals_a_line_solvable_puzzle() {
        for size in SIZES {
            for seed in 0..3 {
                let p = generate(size, size, seed);
                assert_eq!((p.width(), p.height()), (size, size));
                assert_eq!(line_solve(&p.clues()), LineSolve::Solved(p.clone()));
            }
        }
    }

    #[test]
    fn the_same_seed_deals_the_same_puzzle_and_others_differ() {
        assert_eq!(generate(15, 15, 99), generate(15, 15, 99));
        assert_ne!(generate(15, 15, 99), generate(15, 15, 100));
    }
}
