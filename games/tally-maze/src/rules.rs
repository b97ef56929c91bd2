//! The rules of Tally Maze, after the original's `state.rkt`: the blue
//! ball, the two pumpkins and the turns. No launcher types here.
//!
//! * The ball starts in the top-left cell, both pumpkins in the
//!   bottom-right one, which is also the exit.
//! * A turn is a step of the ball through an open passage (a step into a
//!   wall is no turn), a wait (the original's space and `.`), or a move to
//!   the next maze of the enumeration (`n`). After each, the pumpkins move.
//! * The pumpkins: the one nearer the ball in this maze (the first on a
//!   tie) takes one step along the way to the ball. The other takes the
//!   first step of the way to the ball *in the next maze*, but only if
//!   that step is open in this maze; otherwise it stays. So one chases you
//!   here, and the other waits for you where you would be after `n`.
//! * The ball wins on reaching the exit; it is caught when it shares a cell
//!   with a pumpkin (it walked into one, or one walked onto it). A finished
//!   game takes no more turns.

use crate::maze::{Cell, Dir, Enumeration, Maze};
use crate::nat::Nat;
use std::collections::HashMap;
use std::rc::Rc;

/// One turn of the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The ball steps one cell (arrow keys).
    Step(Dir),
    /// The ball stays, the pumpkins move (space or `.`).
    Wait,
    /// On to the next maze of the enumeration (`n`); then the pumpkins move.
    NextMaze,
}

impl Turn {
    /// Every turn: the four steps, the wait, the next maze.
    pub const ALL: [Turn; 6] = [
        Turn::Step(Dir::Up),
        Turn::Step(Dir::Down),
        Turn::Step(Dir::Left),
        Turn::Step(Dir::Right),
        Turn::Wait,
        Turn::NextMaze,
    ];

    /// The key the original uses for it: `u`, `d`, `l`, `r` for the arrows
    /// (written so in scripts), space, `n`.
    pub fn letter(self) -> char {
        match self {
            Turn::Step(Dir::Up) => 'u',
            Turn::Step(Dir::Down) => 'd',
            Turn::Step(Dir::Left) => 'l',
            Turn::Step(Dir::Right) => 'r',
            Turn::Wait => 's',
            Turn::NextMaze => 'n',
        }
    }

    /// The turn of [`Turn::letter`].
    pub fn from_letter(c: char) -> Option<Turn> {
        Turn::ALL.into_iter().find(|t| t.letter() == c)
    }
}

/// Where everything is: the ball, the pumpkins, and how many times the
/// player went on to the next maze since the game's first maze.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// How many times `n` was pressed: the maze is the game's first maze
    /// number plus this (round the enumeration).
    pub presses: u32,
    /// The blue ball.
    pub player: Cell,
    /// The two pumpkins (the original's `computer1` and `computer2`).
    pub pumpkins: [Cell; 2],
}

impl Position {
    /// The start on a board `width × height`: the ball top left, both
    /// pumpkins on the exit, bottom right.
    pub fn start(width: usize, height: usize) -> Position {
        let exit = Cell::new(width - 1, height - 1);
        Position {
            presses: 0,
            player: Cell::new(0, 0),
            pumpkins: [exit, exit],
        }
    }
}

/// The pumpkins' move after a turn (the original's `move-computer`):
/// `this` is the maze now, `next` the maze after it in the enumeration.
/// Nothing moves once a pumpkin has the ball.
pub fn chase(this: &Maze, next: &Maze, player: Cell, pumpkins: [Cell; 2]) -> [Cell; 2] {
    if pumpkins.contains(&player) {
        return pumpkins;
    }
    let here = this.distances_to(player);
    let there = next.distances_to(player);
    let [c1, c2] = pumpkins;
    let (step1, dist1) = this.step_towards(&here, c1);
    let (step2, dist2) = this.step_towards(&here, c2);
    // The other pumpkin's way in the next maze, if this maze lets it.
    let lurk = |c: Cell| {
        let (step, _) = next.step_towards(&there, c);
        if this.connects(c, step) { step } else { c }
    };
    if dist1 <= dist2 {
        [step1, lurk(c2)]
    } else {
        [lurk(c1), step2]
    }
}

/// The mazes of one game: its first maze number and the enumeration, with
/// the walls of the mazes met so far kept (decoding one takes a while on a
/// big board).
#[derive(Clone, Debug)]
pub struct Mazes {
    enumeration: Rc<Enumeration>,
    first: Nat,
    walls: HashMap<u64, Rc<Maze>>,
}

impl Mazes {
    /// How many mazes' walls are kept before the oldest are forgotten.
    const KEPT: usize = 64;

    /// The mazes of a game that starts with maze `first`, or `None` when
    /// the enumeration has no maze of that number.
    pub fn new(enumeration: Rc<Enumeration>, first: Nat) -> Option<Mazes> {
        (first < *enumeration.count()).then(|| Mazes {
            enumeration,
            first,
            walls: HashMap::new(),
        })
    }

    /// The enumeration.
    pub fn enumeration(&self) -> &Rc<Enumeration> {
        &self.enumeration
    }

    /// The game's first maze number (its game ID).
    pub fn first(&self) -> &Nat {
        &self.first
    }

    /// The board's width.
    pub fn width(&self) -> usize {
        self.enumeration.width()
    }

    /// The board's height.
    pub fn height(&self) -> usize {
        self.enumeration.height()
    }

    /// The exit: the bottom-right cell.
    pub fn exit(&self) -> Cell {
        Cell::new(self.width() - 1, self.height() - 1)
    }

    /// The number of the maze after `presses` presses of `n` (a `u64`, so
    /// that the maze after a position's is always at hand).
    pub fn number(&self, presses: u64) -> Nat {
        self.first
            .add(&Nat::from(presses))
            .div_rem(self.enumeration.count())
            .1
    }

    /// The walls of the maze after `presses` presses of `n`.
    pub fn get(&mut self, presses: u64) -> Rc<Maze> {
        if let Some(maze) = self.walls.get(&presses) {
            return maze.clone();
        }
        if self.walls.len() >= Self::KEPT {
            self.walls.clear();
        }
        let maze = Rc::new(
            self.enumeration
                .maze(&self.number(presses))
                .expect("numbers are reduced below the count"),
        );
        self.walls.insert(presses, maze.clone());
        maze
    }

    /// Whether the ball is on the exit.
    pub fn is_won(&self, position: &Position) -> bool {
        position.player == self.exit()
    }

    /// Whether a pumpkin has the ball (and it is not on the exit: reaching
    /// the exit wins, as the original's winner's picture shows).
    pub fn is_caught(&self, position: &Position) -> bool {
        !self.is_won(position) && position.pumpkins.contains(&position.player)
    }

    /// The position after `turn`, or `None` when the turn cannot be taken:
    /// the game is over, or a wall is in the way.
    pub fn apply(&mut self, position: &Position, turn: Turn) -> Option<Position> {
        if self.is_won(position) || self.is_caught(position) {
            return None;
        }
        let mut after = *position;
        match turn {
            Turn::Step(dir) => {
                let maze = self.get(position.presses.into());
                if !maze.is_open(position.player, dir) {
                    return None;
                }
                after.player = maze
                    .step(position.player, dir)
                    .expect("open steps stay on the board");
            }
            Turn::Wait => {}
            Turn::NextMaze => after.presses = position.presses.checked_add(1)?,
        }
        let this = self.get(after.presses.into());
        let next = self.get(u64::from(after.presses) + 1);
        after.pumpkins = chase(&this, &next, after.player, after.pumpkins);
        Some(after)
    }
}

/// A game of Tally Maze: its mazes, the position and the positions before
/// (for `z`, the original's undo).
#[derive(Clone, Debug)]
pub struct Tally {
    mazes: Mazes,
    position: Position,
    history: Vec<Position>,
}

impl Tally {
    /// A new game on maze `first` of `enumeration`, or `None` when there is
    /// no such maze.
    pub fn new(enumeration: Rc<Enumeration>, first: Nat) -> Option<Tally> {
        let mazes = Mazes::new(enumeration, first)?;
        let position = Position::start(mazes.width(), mazes.height());
        Some(Tally {
            mazes,
            position,
            history: Vec::new(),
        })
    }

    /// A game of `width × height` on maze `first`, with the shared
    /// enumeration of that size.
    pub fn on_board(width: usize, height: usize, first: &Nat) -> Option<Tally> {
        Tally::new(Enumeration::shared(width, height), first.clone())
    }

    /// The game's mazes.
    pub fn mazes(&self) -> &Mazes {
        &self.mazes
    }

    /// The board's width.
    pub fn width(&self) -> usize {
        self.mazes.width()
    }

    /// The board's height.
    pub fn height(&self) -> usize {
        self.mazes.height()
    }

    /// The game's first maze number.
    pub fn first(&self) -> &Nat {
        self.mazes.first()
    }

    /// The number of the maze now.
    pub fn number(&self) -> Nat {
        self.mazes.number(self.position.presses.into())
    }

    /// The walls now.
    pub fn maze(&mut self) -> Rc<Maze> {
        self.mazes.get(self.position.presses.into())
    }

    /// The walls of the next maze of the enumeration.
    pub fn next_maze(&mut self) -> Rc<Maze> {
        self.mazes.get(u64::from(self.position.presses) + 1)
    }

    /// Where everything is.
    pub fn position(&self) -> Position {
        self.position
    }

    /// The positions before each turn, oldest first.
    pub fn history(&self) -> &[Position] {
        &self.history
    }

    /// The turns taken (and not undone).
    pub fn turns(&self) -> usize {
        self.history.len()
    }

    /// The exit, bottom right.
    pub fn exit(&self) -> Cell {
        self.mazes.exit()
    }

    /// Whether the ball reached the exit.
    pub fn is_won(&self) -> bool {
        self.mazes.is_won(&self.position)
    }

    /// Whether a pumpkin caught the ball.
    pub fn is_caught(&self) -> bool {
        self.mazes.is_caught(&self.position)
    }

    /// Whether the game is over, won or lost.
    pub fn is_over(&self) -> bool {
        self.is_won() || self.is_caught()
    }

    /// Takes `turn`; returns whether it could be taken (not into a wall,
    /// not after the end).
    pub fn play(&mut self, turn: Turn) -> bool {
        match self.mazes.apply(&self.position, turn) {
            Some(after) => {
                self.history.push(self.position);
                self.position = after;
                true
            }
            None => false,
        }
    }

    /// Takes back the last turn (`z`); returns whether there was one.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(before) => {
                self.position = before;
                true
            }
            None => false,
        }
    }

    /// Takes the walls `other` has decoded, when it is the same game (the
    /// same board and first maze): a loaded game then needs no decoding.
    pub fn share_mazes_from(&mut self, other: &Tally) {
        if self.width() == other.width()
            && self.height() == other.height()
            && self.first() == other.first()
        {
            self.mazes.walls = other.mazes.walls.clone();
        }
    }

    /// Puts the game at `position` with `history` before it (a saved
    /// game), or says why it cannot be: a cell off the board, or a history
    /// that does not start at the start.
    pub fn restore(&mut self, position: Position, history: Vec<Position>) -> Result<(), String> {
        let on_board = |c: Cell| c.x < self.width() && c.y < self.height();
        for p in history.iter().chain([&position]) {
            if !on_board(p.player) || !p.pumpkins.iter().all(|&c| on_board(c)) {
                return Err("a cell is off the board".into());
            }
        }
        let start = Position::start(self.width(), self.height());
        if history.first().unwrap_or(&position) != &start {
            return Err("the game does not begin at the start".into());
        }
        self.position = position;
        self.history = history;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Maze 0 of a 3 × 2 board, whose passages are `130/110`.
    fn small() -> Tally {
        Tally::on_board(3, 2, &Nat::ZERO).unwrap()
    }

    #[test]
    fn the_game_starts_with_the_ball_top_left_and_the_pumpkins_on_the_exit() {
        let t = small();
        assert_eq!(t.position().player, Cell::new(0, 0));
        assert_eq!(t.position().pumpkins, [Cell::new(2, 1); 2]);
        assert_eq!(t.exit(), Cell::new(2, 1));
        assert!(!t.is_over());
        assert_eq!(t.turns(), 0);
    }

    #[test]
    fn a_step_into_a_wall_is_no_turn_and_undo_takes_turns_back() {
        let mut t = small();
        // Up is off the board; maze 0 of 3 × 2 is 130/110.
        assert!(!t.play(Turn::Step(Dir::Up)));
        assert!(!t.play(Turn::Step(Dir::Left)));
        assert_eq!(t.turns(), 0);
        let before = t.position();
        assert!(t.play(Turn::Wait));
        assert_eq!(t.turns(), 1);
        assert_ne!(t.position(), before, "the pumpkins moved");
        assert!(t.undo());
        assert_eq!(t.position(), before);
        assert!(!t.undo());
    }

    #[test]
    fn the_turn_letters_round_trip() {
        for turn in Turn::ALL {
            assert_eq!(Turn::from_letter(turn.letter()), Some(turn));
        }
        assert_eq!(Turn::from_letter('x'), None);
    }

    use proptest::prelude::*;

    fn turns() -> impl Strategy<Value = Vec<Turn>> {
        prop::collection::vec(prop::sample::select(Turn::ALL.to_vec()), 0..40)
    }

    proptest! {
        #[test]
        fn each_turn_moves_each_pumpkin_at_most_one_open_step(seed in any::<u64>(), turns in turns()) {
            let e = Enumeration::shared(6, 6);
            let mut t = Tally::new(e.clone(), e.pick(&mut game_api::Rng::new(seed))).unwrap();
            for turn in turns {
                let before = t.position();
                if !t.play(turn) {
                    continue;
                }
                let after = t.position();
                let maze = t.maze();
                for i in 0..2 {
                    let (a, b) = (before.pumpkins[i], after.pumpkins[i]);
                    prop_assert!(a == b || maze.connects(a, b), "{a} to {b}");
                }
                // The nearer pumpkin gains one step on the ball, unless it
                // already has it.
                if !before.pumpkins.contains(&after.player) {
                    let dist = maze.distances_to(after.player);
                    let d = |c: Cell| dist[c.y * 6 + c.x].unwrap();
                    let nearest = before.pumpkins.iter().map(|&c| d(c)).min().unwrap();
                    let now = after.pumpkins.iter().map(|&c| d(c)).min().unwrap();
                    prop_assert!(now < nearest, "{nearest} to {now}");
                }
            }
        }

        #[test]
        fn undo_goes_back_through_every_position(seed in any::<u64>(), turns in turns()) {
            let e = Enumeration::shared(6, 6);
            let mut t = Tally::new(e.clone(), e.pick(&mut game_api::Rng::new(seed))).unwrap();
            let mut seen = vec![t.position()];
            for turn in turns {
                if t.play(turn) {
                    seen.push(t.position());
                }
            }
            prop_assert_eq!(t.turns(), seen.len() - 1);
            while let Some(p) = seen.pop() {
                prop_assert_eq!(t.position(), p);
                t.undo();
            }
            prop_assert!(!t.undo());
        }

        #[test]
        fn a_finished_game_takes_no_more_turns(seed in any::<u64>(), turns in turns()) {
            let e = Enumeration::shared(6, 6);
            let mut t = Tally::new(e.clone(), e.pick(&mut game_api::Rng::new(seed))).unwrap();
            for turn in turns {
                let was_over = t.is_over();
                let took = t.play(turn);
                prop_assert!(!(was_over && took));
            }
        }
    }

    #[test]
    fn the_pumpkin_nearer_the_ball_chases_and_the_other_lurks_in_the_next_maze() {
        // A 4 × 4 board: this maze and the next (numbers 0 and 1), the ball
        // at (0, 0), pumpkins at the exit and beside the ball's way.
        let e = Enumeration::shared(4, 4);
        let this = e.maze(&Nat::ZERO).unwrap();
        let next = e.maze(&Nat::one()).unwrap();
        let ball = Cell::new(0, 0);
        let [far, near] = [Cell::new(3, 3), Cell::new(2, 2)];
        let d = this.distances_to(ball);
        let at = |c: Cell| d[c.y * 4 + c.x].unwrap();
        assert!(at(near) < at(far));
        let moved = chase(&this, &next, ball, [far, near]);
        // The second is nearer: it chases in this maze.
        assert_eq!(moved[1], this.preferred_direction(near, ball).0);
        // The first takes its next-maze step if this maze allows it.
        let (step, _) = next.preferred_direction(far, ball);
        let expected = if this.connects(far, step) { step } else { far };
        assert_eq!(moved[0], expected);
        // A tie goes to the first pumpkin.
        let moved = chase(&this, &next, ball, [far, far]);
        assert_eq!(moved[0], this.preferred_direction(far, ball).0);
        // A pumpkin on the ball: nobody moves.
        assert_eq!(chase(&this, &next, ball, [ball, far]), [ball, far]);
    }
}
