//! A game of Jewel as its rules see it, without the launcher: the board,
//! the generator its refills come from, the difficulty, the score, the
//! level and the clock.
//!
//! The numbers are the original's (`jewel.rkt`, a port of Dave Ashley's
//! C program):
//!
//! * the clock ("life") starts at [`START_LIFE`] and loses the current
//!   decay every frame of [`FRAME`] seconds: [`INITIAL_DECAY`], plus
//!   [`DECAY_ADD`] for each level reached, so a new game has 75 seconds;
//! * each line of `n` jewels scores `n - 1` points (`addlife` with a chain
//!   bonus of 0, which the original always passes) and adds [`CREDIT`]
//!   units of life per point; every [`NEXT_LEVEL`] points' worth of lines
//!   (the "stage") is a level up, and the clock runs faster;
//! * lines that refills and falls make (cascades) vanish and score in
//!   turn, each line for itself;
//! * the game is over when the clock runs out ("time is up"), and, as the
//!   launcher's issue asks, when no swap can make a line any more (the
//!   original filled the board anew instead).
//!
//! Everything here changes at once; the game draws the vanishing and
//! falling afterwards ([`Cascade`] keeps each step for that).

use std::fmt;

use game_api::Rng;

use crate::board::{Board, Cell, Falls, KINDS, Mask, Run};

/// The clock at the start of a game, in the original's units of life.
pub const START_LIFE: f64 = 1000.0;
/// The life that fills the clock's dial (more is shown as a full dial).
pub const LIFE_VISIBLE: f64 = 2.0 * START_LIFE;
/// Life each point of a line adds.
pub const CREDIT: f64 = 10.0;
/// Life lost per frame at level 0.
pub const INITIAL_DECAY: f64 = 0.4;
/// How much more life each level loses per frame.
pub const DECAY_ADD: f64 = 0.02;
/// The points' worth of lines ("stage") that make a level.
pub const NEXT_LEVEL: u32 = 10;
/// The original's frame: its timer ran the clock every 30 ms.
pub const FRAME: f64 = 0.030;

/// How hard the jewels are to tell apart: the original's five levels of
/// difficulty. Lines are always made of one kind; the difficulty decides
/// whether the kind shows as a colour, a shape or both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// 0: every kind has its own colour and its own shape.
    #[default]
    Beginner,
    /// 1: one shape for all; the colour tells the kind.
    Easy,
    /// 2: one colour for all; the shape tells the kind.
    Medium,
    /// 3: the colour tells the kind; shapes are random.
    High,
    /// 4: the shape tells the kind; colours are random.
    Extreme,
}

impl Difficulty {
    /// The five difficulties, from 0.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Beginner,
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::High,
        Difficulty::Extreme,
    ];

    /// Its number, 0 to 4, as the original's keys choose it.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The difficulty numbered `number`.
    pub fn from_number(number: u8) -> Option<Difficulty> {
        Difficulty::ALL.get(usize::from(number)).copied()
    }

    /// Its name, as the original's menu gives it.
    pub const fn name(self) -> &'static str {
        match self {
            Difficulty::Beginner => "Beginner",
            Difficulty::Easy => "Easy",
            Difficulty::Medium => "Medium",
            Difficulty::High => "High",
            Difficulty::Extreme => "Extreme",
        }
    }

    /// What tells the kinds apart, as the original's menu says it.
    pub const fn what_matches(self) -> &'static str {
        match self {
            Difficulty::Beginner => "match everything",
            Difficulty::Easy | Difficulty::High => "match colours",
            Difficulty::Medium | Difficulty::Extreme => "match shapes",
        }
    }

    /// "2 Medium": the option of the Difficulty choice.
    pub fn label(self) -> String {
        format!("{} {}", self.number(), self.name())
    }
}

/// How a jewel looks: one of seven colours and one of seven shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Look {
    /// The colour, 0 to 6.
    pub color: u8,
    /// The shape, 0 to 6.
    pub shape: u8,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The clock ran out.
    TimeUp,
    /// No swap could make a line any more.
    NoMoves,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Dealt, waiting for the player to start it (the clock stands still).
    Ready,
    /// Being played: the clock runs.
    Playing,
    /// Over.
    Over(End),
}

/// Why a swap was not made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The game has not started, or is over.
    NotPlaying,
    /// The game is paused.
    Paused,
    /// The two jewels are not neighbours.
    NotNeighbours,
    /// The swap would make no line of three.
    NoLine,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::NotPlaying => "The game is not being played",
            Refusal::Paused => "The game is paused: press P to go on",
            Refusal::NotNeighbours => "Only neighbours (above, below, left, right) can be swapped",
            Refusal::NoLine => "That swap makes no line of three: the jewels went back",
        })
    }
}

/// One round of a cascade: the lines on the board, scored and removed,
/// and the board after the jewels above fell and new ones came.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The board with the lines.
    pub before: Board,
    /// The lines, rows first, and the points each scored.
    pub runs: Vec<(Run, u32)>,
    /// The jewels that vanished.
    pub vanished: Mask,
    /// The board after the fall and the refill.
    pub after: Board,
    /// How far each jewel of `after` fell.
    pub falls: Falls,
}

/// What an accepted swap did: the two cells, then each round of lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Cascade {
    /// The jewel the player moved.
    pub from: Cell,
    /// Where it went (the other jewel went the other way).
    pub to: Cell,
    /// The rounds, the swap's own lines first, then each cascade.
    pub steps: Vec<Step>,
}

impl Cascade {
    /// The points all its lines scored.
    pub fn points(&self) -> u32 {
        self.steps
            .iter()
            .flat_map(|s| s.runs.iter().map(|(_, p)| p))
            .sum()
    }
}

/// A game of Jewel.
#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    /// The seed it was dealt from.
    pub(crate) seed: u64,
    pub(crate) difficulty: Difficulty,
    pub(crate) board: Board,
    /// Where the refills come from.
    pub(crate) rng: Rng,
    /// The colour of every jewel at difficulty 2.
    pub(crate) one_color: u8,
    /// The shape of every jewel at difficulty 1.
    pub(crate) one_shape: u8,
    pub(crate) phase: Phase,
    pub(crate) paused: bool,
    pub(crate) score: u32,
    pub(crate) level: u32,
    /// Points' worth of lines towards the next level.
    pub(crate) stage: u32,
    /// The clock now.
    pub(crate) life: f64,
    /// The clock as the last move left it (what a save keeps).
    pub(crate) life_at_move: f64,
}

impl Play {
    /// The game `seed` deals at `difficulty`: the board
    /// ([`Board::deal`]), then difficulty 2's colour and difficulty 1's
    /// shape, each from the seed's generator, which then gives the
    /// refills. It waits to be started.
    pub fn deal(seed: u64, difficulty: Difficulty) -> Play {
        let mut rng = Rng::new(seed);
        let board = Board::deal(&mut rng);
        let one_color = rng.below(u64::from(KINDS)) as u8;
        let one_shape = rng.below(u64::from(KINDS)) as u8;
        Play {
            seed,
            difficulty,
            board,
            rng,
            one_color,
            one_shape,
            phase: Phase::Ready,
            paused: false,
            score: 0,
            level: 0,
            stage: 0,
            life: START_LIFE,
            life_at_move: START_LIFE,
        }
    }

    /// A game of `board` at `difficulty`, its refills from `rng`, already
    /// started. For tests and tools.
    pub fn with_board(board: Board, rng: Rng, difficulty: Difficulty) -> Play {
        Play {
            board,
            rng,
            phase: Phase::Playing,
            ..Play::deal(0, difficulty)
        }
    }

    /// The seed the game was dealt from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The difficulty.
    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// Changes the difficulty of a game not started yet (the board stays;
    /// only the looks change). Returns whether it changed.
    pub fn set_difficulty(&mut self, difficulty: Difficulty) -> bool {
        if self.phase != Phase::Ready || self.difficulty == difficulty {
            return false;
        }
        self.difficulty = difficulty;
        true
    }

    /// The board now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The generator the next refills come from.
    pub fn rng(&self) -> Rng {
        self.rng
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the game is being played and not paused: the clock runs.
    pub fn is_running(&self) -> bool {
        self.phase == Phase::Playing && !self.paused
    }

    /// Whether the game is paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// The score: the points of every line so far.
    pub fn score(&self) -> u32 {
        self.score
    }

    /// The level: one more for every [`NEXT_LEVEL`] points' worth of lines.
    pub fn level(&self) -> u32 {
        self.level
    }

    /// Points' worth of lines made towards the next level.
    pub fn stage(&self) -> u32 {
        self.stage
    }

    /// The clock, in the original's units of life.
    pub fn life(&self) -> f64 {
        self.life
    }

    /// The clock as the last move (a swap, the start, the end) left it.
    pub fn life_at_move(&self) -> f64 {
        self.life_at_move
    }

    /// Life lost per frame of [`FRAME`] seconds at this level.
    pub fn decay(&self) -> f64 {
        INITIAL_DECAY + f64::from(self.level) * DECAY_ADD
    }

    /// The seconds left on the clock at this level's pace.
    pub fn seconds_left(&self) -> f64 {
        self.life * FRAME / self.decay()
    }

    /// How the jewel `jewel` looks at this game's difficulty.
    pub fn look(&self, jewel: crate::board::Jewel) -> Look {
        let (color, shape) = match self.difficulty {
            Difficulty::Beginner => (jewel.kind, jewel.kind),
            Difficulty::Easy => (jewel.kind, self.one_shape),
            Difficulty::Medium => (self.one_color, jewel.kind),
            Difficulty::High => (jewel.kind, jewel.decoy),
            Difficulty::Extreme => (jewel.decoy, jewel.kind),
        };
        Look { color, shape }
    }

    /// Starts a dealt game: the clock starts running. Returns whether the
    /// game was waiting to start.
    pub fn start(&mut self) -> bool {
        if self.phase != Phase::Ready {
            return false;
        }
        self.phase = Phase::Playing;
        self.paused = false;
        self.life = START_LIFE;
        self.life_at_move = START_LIFE;
        true
    }

    /// Pauses a game being played, or goes on with a paused one. Returns
    /// whether anything changed.
    pub fn set_paused(&mut self, paused: bool) -> bool {
        if self.phase != Phase::Playing || self.paused == paused {
            return false;
        }
        self.paused = paused;
        true
    }

    /// Swaps the jewels at `from` and `to` if that makes a line, then
    /// removes every line, lets the jewels above fall and refills the board
    /// from the generator, over and over until no line is left, scoring
    /// each line. Ends the game when no swap could make a line any more.
    ///
    /// # Errors
    ///
    /// Why the swap was refused; the game is then as it was.
    pub fn try_swap(&mut self, from: Cell, to: Cell) -> Result<Cascade, Refusal> {
        match self.phase {
            Phase::Playing if self.paused => return Err(Refusal::Paused),
            Phase::Playing => {}
            _ => return Err(Refusal::NotPlaying),
        }
        if !from.is_next_to(to) {
            return Err(Refusal::NotNeighbours);
        }
        if !self.board.swap_makes_line(from, to) {
            return Err(Refusal::NoLine);
        }
        self.board.swap(from, to);
        let mut steps = Vec::new();
        loop {
            let runs = self.board.runs();
            if runs.is_empty() {
                break;
            }
            let before = self.board;
            let mut vanished = Mask::EMPTY;
            let mut scored = Vec::with_capacity(runs.len());
            for run in runs {
                run.cells().for_each(|c| vanished.insert(c));
                scored.push((run, self.add_line(run.len)));
            }
            let falls = self.board.collapse(vanished, &mut self.rng);
            steps.push(Step {
                before,
                runs: scored,
                vanished,
                after: self.board,
                falls,
            });
        }
        self.life_at_move = self.life;
        if !self.board.has_move() {
            self.phase = Phase::Over(End::NoMoves);
        }
        Ok(Cascade { from, to, steps })
    }

    /// Scores a line of `len` jewels as the original's `addlife` does with
    /// no chain bonus: `len - 1` points, as many towards the next level,
    /// and [`CREDIT`] units of life per point. Returns the points.
    fn add_line(&mut self, len: usize) -> u32 {
        let value = len.saturating_sub(1) as u32;
        self.score += value;
        self.stage += value;
        self.life += f64::from(value) * CREDIT;
        if self.stage >= NEXT_LEVEL {
            self.stage -= NEXT_LEVEL;
            self.level += 1;
        }
        value
    }

    /// Runs the clock for `seconds` while the game is played and not
    /// paused; time is up when it falls below zero. Returns whether the
    /// clock changed.
    pub fn run_clock(&mut self, seconds: f64) -> bool {
        if !self.is_running() || seconds.is_nan() || seconds <= 0.0 {
            return false;
        }
        self.life -= self.decay() * seconds / FRAME;
        if self.life < 0.0 {
            self.life = 0.0;
            self.life_at_move = 0.0;
            self.phase = Phase::Over(End::TimeUp);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Dir, Jewel};

    fn board(text: &str) -> Board {
        Board::parse(text).unwrap()
    }

    /// The calm board with one swap: (0, 2) with (1, 2) makes 0 0 0.
    const ONE_MOVE: &str =
        "00134560/12045601/23456012/34560123/45601234/56012345/60123456/01234560";

    /// A swap at (3, 2)-(4, 2) makes 2 2 2 in row 3; when it is gone, the
    /// 6 above column 0 falls onto two more 6s: a cascade.
    const CASCADE: &str = "01234560/12345601/63456012/22560123/65201234/66012345/10123456/01234560";

    #[test]
    fn a_new_game_waits_with_a_full_clock_of_75_seconds() {
        let mut play = Play::deal(11, Difficulty::Beginner);
        assert_eq!(play.phase(), Phase::Ready);
        assert_eq!((play.score(), play.level(), play.life()), (0, 0, 1000.0));
        assert!((play.seconds_left() - 75.0).abs() < 1e-9);
        // The clock stands still until the game starts.
        assert!(!play.run_clock(10.0));
        assert_eq!(
            play.try_swap(Cell::new(0, 0), Cell::new(0, 1)),
            Err(Refusal::NotPlaying)
        );
        assert!(play.start());
        assert!(!play.start());
        assert!(play.run_clock(0.3));
        // Ten frames of 0.4.
        assert!((play.life() - 996.0).abs() < 1e-9);
    }

    #[test]
    fn a_line_of_three_scores_two_and_lengthens_the_clock_by_twenty() {
        let mut play = Play::with_board(board(ONE_MOVE), Rng::new(1), Difficulty::Beginner);
        play.run_clock(0.3);
        let before = play.life();
        let cascade = play.try_swap(Cell::new(1, 2), Cell::new(0, 2)).unwrap();
        let first = &cascade.steps[0];
        assert_eq!(first.runs.len(), 1);
        let (run, points) = first.runs[0];
        assert_eq!(
            (run.start, run.len, run.horizontal, run.kind),
            (Cell::new(0, 0), 3, true, 0)
        );
        assert_eq!(points, 2);
        // Any cascade from the refills scores on top, each line len - 1.
        let total: u32 = cascade
            .steps
            .iter()
            .flat_map(|s| {
                s.runs.iter().map(|(r, p)| {
                    assert_eq!(*p as usize, r.len - 1);
                    *p
                })
            })
            .sum();
        assert_eq!(play.score(), total);
        assert_eq!(cascade.points(), total);
        assert!((play.life() - (before + 10.0 * f64::from(total))).abs() < 1e-9);
        assert_eq!(play.life_at_move(), play.life());
        // The board at rest has no line left.
        assert!(!play.board().has_match());
    }

    #[test]
    fn longer_lines_score_one_less_than_their_length() {
        for (len, points) in [(3, 2), (4, 3), (5, 4), (8, 7)] {
            let mut play = Play::with_board(board(ONE_MOVE), Rng::new(1), Difficulty::Beginner);
            assert_eq!(play.add_line(len), points);
            assert_eq!(play.score(), points);
            assert_eq!(play.life(), START_LIFE + 10.0 * f64::from(points));
        }
    }

    #[test]
    fn a_cascade_scores_each_round() {
        let start = board(CASCADE);
        assert!(!start.has_match(), "{start}");
        let mut play = Play::with_board(start, Rng::new(3), Difficulty::Beginner);
        let cascade = play.try_swap(Cell::new(4, 2), Cell::new(3, 2)).unwrap();
        assert!(cascade.steps.len() >= 2, "{cascade:?}");
        let first: Vec<Run> = cascade.steps[0].runs.iter().map(|(r, _)| *r).collect();
        assert_eq!(first.len(), 1);
        assert_eq!(
            (first[0].start, first[0].len, first[0].horizontal),
            (Cell::new(3, 0), 3, true)
        );
        // Row 3's line gone, column 0 fell by one: 6 6 6 down rows 3 to 5.
        let second = &cascade.steps[1];
        assert!(second.runs.iter().any(|(r, p)| r.start == Cell::new(3, 0)
            && !r.horizontal
            && r.kind == 6
            && r.len == 3
            && *p == 2));
        assert_eq!(second.before, cascade.steps[0].after);
        assert!(play.score() >= 4);
        assert_eq!(play.score(), cascade.points());
        // Each round's board is the last one's after the fall.
        for pair in cascade.steps.windows(2) {
            assert_eq!(pair[0].after, pair[1].before);
        }
        assert_eq!(cascade.steps.last().unwrap().after, *play.board());
    }

    #[test]
    fn refused_swaps_change_nothing() {
        let mut play = Play::with_board(board(ONE_MOVE), Rng::new(1), Difficulty::Beginner);
        let before = play.clone();
        assert_eq!(
            play.try_swap(Cell::new(5, 5), Cell::new(5, 6)),
            Err(Refusal::NoLine)
        );
        assert_eq!(
            play.try_swap(Cell::new(0, 2), Cell::new(2, 2)),
            Err(Refusal::NotNeighbours)
        );
        assert_eq!(play, before);
        play.set_paused(true);
        assert_eq!(
            play.try_swap(Cell::new(1, 2), Cell::new(0, 2)),
            Err(Refusal::Paused)
        );
        assert!(!play.run_clock(5.0));
        play.set_paused(false);
        assert!(play.try_swap(Cell::new(1, 2), Cell::new(0, 2)).is_ok());
    }

    #[test]
    fn ten_points_of_lines_make_a_level_and_the_clock_runs_faster() {
        let mut play = Play::with_board(board(ONE_MOVE), Rng::new(1), Difficulty::Beginner);
        for _ in 0..4 {
            play.add_line(3);
        }
        assert_eq!((play.level(), play.stage()), (0, 8));
        play.add_line(4);
        assert_eq!((play.level(), play.stage(), play.score()), (1, 1, 11));
        assert!((play.decay() - 0.42).abs() < 1e-12);
        let life = play.life();
        play.run_clock(0.3);
        assert!((life - play.life() - 4.2).abs() < 1e-9);
    }

    #[test]
    fn time_is_up_when_the_clock_falls_below_zero() {
        let mut play = Play::deal(5, Difficulty::Beginner);
        play.start();
        assert!(play.run_clock(74.9));
        assert_eq!(play.phase(), Phase::Playing);
        assert!(play.run_clock(0.2));
        assert_eq!(play.phase(), Phase::Over(End::TimeUp));
        assert_eq!((play.life(), play.life_at_move()), (0.0, 0.0));
        assert!(!play.run_clock(1.0));
        let cell = Cell::new(0, 0);
        assert_eq!(
            play.try_swap(cell, cell.step(Dir::Right).unwrap()),
            Err(Refusal::NotPlaying)
        );
    }

    /// Pairs in rows, other kinds in the rows around: no swap makes a line.
    pub(crate) const NO_MOVE: &str =
        "00110011/22332233/00110011/22332233/00110011/22332233/00110011/22332233";

    #[test]
    fn the_game_is_over_when_no_swap_makes_a_line() {
        let stuck = board(NO_MOVE);
        assert!(!stuck.has_match() && !stuck.has_move());
        // One 0 in row 1 gives the board one move: (0, 2) with (1, 2)
        // makes 0 0 0 in row 0.
        let mut start = stuck;
        start.set(Cell::new(1, 2), Jewel::of_kind(0));
        assert!(!start.has_match());
        assert!(
            start
                .legal_swaps()
                .contains(&(Cell::new(0, 2), Cell::new(1, 2)))
        );
        let mut ended = 0;
        for seed in 0..200 {
            let mut play = Play::with_board(start, Rng::new(seed), Difficulty::Beginner);
            play.try_swap(Cell::new(1, 2), Cell::new(0, 2)).unwrap();
            // Over exactly when the board the refills left has no move.
            assert_eq!(
                play.board().has_move(),
                play.phase() == Phase::Playing,
                "seed {seed}"
            );
            if play.phase() == Phase::Over(End::NoMoves) {
                ended += 1;
                assert_eq!(
                    play.try_swap(Cell::new(4, 4), Cell::new(4, 5)),
                    Err(Refusal::NotPlaying)
                );
                assert!(!play.run_clock(1.0));
            }
        }
        assert!(ended > 0, "some refills leave no move");
    }

    #[test]
    fn the_difficulty_decides_what_tells_the_kinds_apart() {
        let mut play = Play::deal(9, Difficulty::Beginner);
        let jewels: Vec<Jewel> = (0..KINDS)
            .map(|k| Jewel {
                kind: k,
                decoy: (k + 3) % KINDS,
            })
            .collect();
        let looks = |play: &Play| -> Vec<(u8, u8)> {
            jewels
                .iter()
                .map(|&j| {
                    let l = play.look(j);
                    (l.color, l.shape)
                })
                .collect()
        };
        assert_eq!(looks(&play), (0..7).map(|k| (k, k)).collect::<Vec<_>>());
        play.set_difficulty(Difficulty::Easy);
        assert!(
            looks(&play)
                .iter()
                .enumerate()
                .all(|(k, &(c, s))| c == k as u8 && s == play.one_shape)
        );
        play.set_difficulty(Difficulty::Medium);
        assert!(
            looks(&play)
                .iter()
                .enumerate()
                .all(|(k, &(c, s))| s == k as u8 && c == play.one_color)
        );
        play.set_difficulty(Difficulty::High);
        assert!(
            looks(&play)
                .iter()
                .enumerate()
                .all(|(k, &(c, s))| c == k as u8 && s == (k as u8 + 3) % 7)
        );
        play.set_difficulty(Difficulty::Extreme);
        assert!(
            looks(&play)
                .iter()
                .enumerate()
                .all(|(k, &(c, s))| s == k as u8 && c == (k as u8 + 3) % 7)
        );
        // Once started, the difficulty stays.
        play.start();
        assert!(!play.set_difficulty(Difficulty::Beginner));
        assert_eq!(play.difficulty(), Difficulty::Extreme);
        assert_eq!(Difficulty::Medium.label(), "2 Medium");
        assert_eq!(Difficulty::from_number(4), Some(Difficulty::Extreme));
        assert_eq!(Difficulty::from_number(5), None);
    }

    #[test]
    fn the_same_seed_deals_the_same_game() {
        let a = Play::deal(42, Difficulty::High);
        let b = Play::deal(42, Difficulty::High);
        assert_eq!(a, b);
        // The difficulty changes the looks, not the board.
        assert_eq!(Play::deal(42, Difficulty::Beginner).board(), a.board());
        assert_ne!(Play::deal(43, Difficulty::High).board(), a.board());
    }
}
