//! What moves on the board after the rules changed it: the two jewels of a
//! swap sliding past each other, the lines shrinking away, the jewels above
//! falling into the gaps, and a refused swap going there and back. All of
//! it is drawing only: the game's state changed at once
//! ([`crate::play::Play::try_swap`]), and an animation is dropped whenever
//! something else happens (undo, a new game, the next swap).
//!
//! Positions are in cells (row and column, fractional), so this module
//! knows nothing of pixels.
//!
//! The timings follow the original's frames of 30 ms: a swap took 19
//! frames, vanishing 20 (both shortened here), and falling jewels gained
//! 0.05 cells of speed every frame: an acceleration of [`GRAVITY`].

use crate::board::{Board, CELLS, Cell, Falls, Mask};
use crate::play::Cascade;

/// How long the two jewels of a swap take to trade places, in seconds.
pub const SWAP_SECONDS: f32 = 0.2;
/// How long a line takes to vanish.
pub const VANISH_SECONDS: f32 = 0.3;
/// How long a refused swap takes to go there and back.
pub const REFUSED_SECONDS: f32 = 0.4;
/// The falling jewels' acceleration in cells per second squared: the
/// original's 0.05 cells per frame, every frame of 30 ms.
pub const GRAVITY: f32 = 0.05 / (0.030 * 0.030);
/// How long the points of a line float over the board.
pub const FLOAT_SECONDS: f32 = 1.5;

/// How long a jewel takes to fall `cells` cells from rest.
pub fn fall_seconds(cells: f32) -> f32 {
    (2.0 * cells.max(0.0) / GRAVITY).sqrt()
}

/// How far a jewel that falls `cells` cells still has to go after
/// `seconds`.
pub fn fall_left(cells: f32, seconds: f32) -> f32 {
    (cells - 0.5 * GRAVITY * seconds * seconds).max(0.0)
}

/// What moves.
#[derive(Clone, Debug, PartialEq)]
pub enum Motion {
    /// An accepted swap and the rounds of lines it set off.
    Cascade(Cascade),
    /// A refused swap: the jewels at `a` and `b` trade places and go back.
    Refused {
        /// The jewel the player moved.
        a: Cell,
        /// Its neighbour.
        b: Cell,
    },
}

/// An animation: what moves, and for how long it has.
#[derive(Clone, Debug, PartialEq)]
pub struct Anim {
    motion: Motion,
    elapsed: f32,
}

/// What one moment of an animation shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Frame<'a> {
    /// The swapped board, the jewels at `a` and `b` `progress` (0 to 1) of
    /// the way from each other's cell to their own.
    Swapping {
        /// The board just after the swap.
        board: &'a Board,
        /// One of the two cells.
        a: Cell,
        /// The other.
        b: Cell,
        /// How far they got, 0 to 1.
        progress: f32,
    },
    /// The lines of `vanished` shrinking, `progress` (0 to 1) gone.
    Vanishing {
        /// The board with the lines.
        board: &'a Board,
        /// The jewels that vanish.
        vanished: Mask,
        /// How far they shrank, 0 to 1.
        progress: f32,
    },
    /// The board after a round, each jewel still `falls[i]` fallen
    /// `seconds` ago.
    Falling {
        /// The board after the fall.
        board: &'a Board,
        /// How far each jewel falls.
        falls: &'a Falls,
        /// Seconds since the fall began.
        seconds: f32,
    },
    /// The board as it is, the jewels at `a` and `b` `offset` (0 to 1) of
    /// the way to each other's cell.
    Refused {
        /// The jewel the player moved.
        a: Cell,
        /// Its neighbour.
        b: Cell,
        /// How far towards each other's cell they are, 0 to 1.
        offset: f32,
    },
}

impl Frame<'_> {
    /// Where the jewel of `cell` is drawn now, in cells (row, column), and
    /// its scale (1 whole, 0 gone); `None` when the frame shows the board
    /// as it is there.
    pub fn place(&self, cell: Cell) -> Option<(f32, f32, f32)> {
        let at = |c: Cell| (c.row as f32, c.col as f32);
        let lerp = |from: Cell, to: Cell, t: f32| {
            let (fr, fc) = at(from);
            let (tr, tc) = at(to);
            (fr + (tr - fr) * t, fc + (tc - fc) * t)
        };
        match *self {
            Frame::Swapping { a, b, progress, .. } => {
                let other = if cell == a {
                    b
                } else if cell == b {
                    a
                } else {
                    return None;
                };
                let (r, c) = lerp(other, cell, progress);
                Some((r, c, 1.0))
            }
            Frame::Vanishing {
                vanished, progress, ..
            } => vanished.contains(cell).then(|| {
                let (r, c) = at(cell);
                (r, c, 1.0 - progress)
            }),
            Frame::Falling { falls, seconds, .. } => {
                let fall = f32::from(falls[cell.index()]);
                (fall > 0.0).then(|| {
                    let (r, c) = at(cell);
                    (r - fall_left(fall, seconds), c, 1.0)
                })
            }
            Frame::Refused { a, b, offset } => {
                let other = if cell == a {
                    b
                } else if cell == b {
                    a
                } else {
                    return None;
                };
                let (r, c) = lerp(cell, other, offset);
                Some((r, c, 1.0))
            }
        }
    }

    /// The board this frame shows (`None`: the board as it is).
    pub fn board(&self) -> Option<&Board> {
        match *self {
            Frame::Swapping { board, .. }
            | Frame::Vanishing { board, .. }
            | Frame::Falling { board, .. } => Some(board),
            Frame::Refused { .. } => None,
        }
    }
}

impl Anim {
    /// An animation of `motion` from its start.
    pub fn new(motion: Motion) -> Anim {
        Anim {
            motion,
            elapsed: 0.0,
        }
    }

    /// What moves.
    pub fn motion(&self) -> &Motion {
        &self.motion
    }

    /// Seconds since it began.
    pub fn elapsed(&self) -> f32 {
        self.elapsed
    }

    /// Whether the game's clock stands still while this plays: as in the
    /// original, which ran its clock only while it waited for the player,
    /// lines vanish and jewels fall in the player's time; a refused swap
    /// does not.
    pub fn holds_the_clock(&self) -> bool {
        matches!(self.motion, Motion::Cascade(_))
    }

    /// How long each round of a cascade takes: vanishing, then the longest
    /// fall.
    fn round_seconds(falls: &Falls) -> f32 {
        let longest = falls.iter().copied().max().unwrap_or(0);
        VANISH_SECONDS + fall_seconds(f32::from(longest))
    }

    /// When each round of a cascade begins, in seconds from the swap.
    pub fn round_starts(cascade: &Cascade) -> Vec<f32> {
        let mut at = SWAP_SECONDS;
        cascade
            .steps
            .iter()
            .map(|step| {
                let start = at;
                at += Anim::round_seconds(&step.falls);
                start
            })
            .collect()
    }

    /// Its whole length in seconds.
    pub fn duration(&self) -> f32 {
        match &self.motion {
            Motion::Cascade(cascade) => {
                SWAP_SECONDS
                    + cascade
                        .steps
                        .iter()
                        .map(|s| Anim::round_seconds(&s.falls))
                        .sum::<f32>()
            }
            Motion::Refused { .. } => REFUSED_SECONDS,
        }
    }

    /// Lets `seconds` pass. Returns the seconds left over past its end
    /// (`Some`, then it is finished), or `None` while it goes on.
    pub fn advance(&mut self, seconds: f32) -> Option<f32> {
        self.elapsed += seconds.max(0.0);
        let end = self.duration();
        (self.elapsed >= end).then_some(self.elapsed - end)
    }

    /// What it shows now.
    pub fn frame(&self) -> Frame<'_> {
        let t = self.elapsed;
        match &self.motion {
            Motion::Refused { a, b } => Frame::Refused {
                a: *a,
                b: *b,
                offset: (std::f32::consts::PI * (t / REFUSED_SECONDS).clamp(0.0, 1.0)).sin(),
            },
            Motion::Cascade(cascade) => {
                let first = &cascade.steps[0];
                if t < SWAP_SECONDS {
                    return Frame::Swapping {
                        board: &first.before,
                        a: cascade.from,
                        b: cascade.to,
                        progress: t / SWAP_SECONDS,
                    };
                }
                let mut at = t - SWAP_SECONDS;
                for step in &cascade.steps {
                    if at < VANISH_SECONDS {
                        return Frame::Vanishing {
                            board: &step.before,
                            vanished: step.vanished,
                            progress: at / VANISH_SECONDS,
                        };
                    }
                    at -= VANISH_SECONDS;
                    let longest = step.falls.iter().copied().max().unwrap_or(0);
                    let fall = fall_seconds(f32::from(longest));
                    if at < fall {
                        return Frame::Falling {
                            board: &step.after,
                            falls: &step.falls,
                            seconds: at,
                        };
                    }
                    at -= fall;
                }
                let last = cascade.steps.last().unwrap_or(first);
                Frame::Falling {
                    board: &last.after,
                    falls: &NO_FALLS,
                    seconds: 0.0,
                }
            }
        }
    }
}

/// Nothing falls.
static NO_FALLS: Falls = [0; CELLS];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::play::{Difficulty, Play};
    use game_api::Rng;

    const CASCADE: &str = "01234560/12345601/63456012/22560123/65201234/66012345/10123456/01234560";

    fn cascade() -> Cascade {
        let mut play = Play::with_board(
            Board::parse(CASCADE).unwrap(),
            Rng::new(3),
            Difficulty::Beginner,
        );
        play.try_swap(Cell::new(4, 2), Cell::new(3, 2)).unwrap()
    }

    #[test]
    fn falls_take_the_originals_time() {
        // One cell: about 7 frames of 30 ms; the whole board: about 18.
        assert!((fall_seconds(1.0) - 0.19).abs() < 0.01);
        assert!((fall_seconds(8.0) - 0.54).abs() < 0.01);
        assert_eq!(fall_left(3.0, 0.0), 3.0);
        assert_eq!(fall_left(3.0, fall_seconds(3.0) + 0.01), 0.0);
    }

    #[test]
    fn a_cascade_swaps_then_each_round_vanishes_and_falls() {
        let cascade = cascade();
        let rounds = cascade.steps.len();
        let mut anim = Anim::new(Motion::Cascade(cascade.clone()));
        assert!(anim.holds_the_clock());
        let Frame::Swapping { a, b, progress, .. } = anim.frame() else {
            panic!("{:?}", anim.frame())
        };
        assert_eq!((a, b, progress), (Cell::new(4, 2), Cell::new(3, 2), 0.0));
        // At the start the moved jewel is drawn where it came from.
        assert_eq!(anim.frame().place(Cell::new(3, 2)), Some((4.0, 2.0, 1.0)));
        assert_eq!(anim.frame().place(Cell::new(0, 0)), None);
        assert_eq!(anim.advance(SWAP_SECONDS + 0.1), None);
        let Frame::Vanishing {
            vanished, progress, ..
        } = anim.frame()
        else {
            panic!()
        };
        assert_eq!(vanished, cascade.steps[0].vanished);
        assert!((progress - 1.0 / 3.0).abs() < 1e-4);
        let starts = Anim::round_starts(&cascade);
        assert_eq!(starts.len(), rounds);
        assert_eq!(starts[0], SWAP_SECONDS);
        // Halfway through the first fall, the jewels above are still above.
        anim.advance(VANISH_SECONDS - 0.1 + 0.05);
        let frame = anim.frame();
        assert!(matches!(frame, Frame::Falling { .. }), "{frame:?}");
        let (row, col, scale) = frame.place(Cell::new(3, 0)).unwrap();
        assert!(row < 3.0 && row > 2.0 && col == 0.0 && scale == 1.0);
        // Then the second round vanishes.
        anim.elapsed = starts[1] + 0.01;
        assert!(
            matches!(anim.frame(), Frame::Vanishing { board, .. } if *board == cascade.steps[1].before)
        );
        let left = anim.advance(100.0).unwrap();
        assert!((left - (anim.elapsed() - anim.duration())).abs() < 1e-4);
    }

    #[test]
    fn a_refused_swap_goes_there_and_back() {
        let (a, b) = (Cell::new(2, 2), Cell::new(2, 3));
        let mut anim = Anim::new(Motion::Refused { a, b });
        assert!(!anim.holds_the_clock());
        anim.advance(REFUSED_SECONDS / 2.0);
        let (row, col, _) = anim.frame().place(a).unwrap();
        assert!((row - 2.0).abs() < 1e-5 && (col - 3.0).abs() < 1e-5);
        assert_eq!(anim.advance(REFUSED_SECONDS / 2.0), Some(0.0));
        let (_, col, _) = anim.frame().place(a).unwrap();
        assert!((col - 2.0).abs() < 1e-5);
    }
}
