//! The mazes and their enumeration, after the original's `maze.rkt`.
//!
//! A maze of `w × h` cells is made by recursive division: a point inside
//! the board is chosen, and four walls run from it to the border (left,
//! up, right and down). One of the four is whole; the other three each
//! have one gap, one cell wide. That splits the board into four rooms
//! joined by exactly one path each, and each room is divided again the
//! same way, until a room is one cell wide or high. The result is a
//! *perfect* maze: every cell can be reached from every other by exactly
//! one path.
//!
//! The original does not draw mazes at random: it **numbers** every maze
//! its recursion can make, with Racket's `data/enumerate` library, and a
//! game is a maze number. [`Enumeration`] reproduces that numbering
//! exactly, number for number (the tests check the original's own
//! values): maze `n + 1` is only a little different from maze `n`, which is
//! what the game's `n` key (next maze) is about.
//!
//! How `data/enumerate` numbers them, as used by `maze/e`:
//!
//! * a board one cell wide or high has one maze (number 0);
//! * otherwise a maze is a pair: a *head* (the upper-left room's width
//!   `ul_w` and height `ul_h`, and which wall is whole, `missing`), and a
//!   *tail* that depends on the head (the gaps of the three other walls
//!   and the four rooms' mazes). Racket's `cons/de` with finite dependent
//!   ranges numbers all the tails of the first head first, then all those
//!   of the second head, and so on;
//! * heads and tails are fixed-length lists of finite enumerations, which
//!   `list/e` splits in two halves and pairs with `fin-cons/e`: the pair
//!   number `n` gives the smaller side `n mod s` and the other `n div s`,
//!   where `s` is the smaller side's count (the first side on a tie).

use crate::nat::Nat;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

/// The largest board side the game offers (the enumeration itself has no
/// limit; cells are numbered with a `u8` in saved games).
pub const MAX_SIDE: usize = 16;

/// A cell of the board: column `x` from the left, row `y` from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The column, 0 at the left.
    pub x: usize,
    /// The row, 0 at the top.
    pub y: usize,
}

impl Cell {
    /// The cell in column `x` and row `y`.
    pub const fn new(x: usize, y: usize) -> Cell {
        Cell { x, y }
    }
}

impl fmt::Display for Cell {
    /// The original's pair notation, `(x . y)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({} . {})", self.x, self.y)
    }
}

/// One division of a room, as `maze/e` enumerates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Division {
    /// The width of the upper-left room (1 to the room's width − 1).
    pub ul_w: usize,
    /// The height of the upper-left room (1 to the room's height − 1).
    pub ul_h: usize,
    /// Which of the four walls has no gap: 0 left, 1 up, 2 right, 3 down.
    pub missing: usize,
    /// The gap in each wall (left, up, right, down), counted in cells from
    /// the wall's left or top end. `None` for the whole wall.
    pub breaks: [Option<usize>; 4],
    /// The rooms: upper-left, upper-right, lower-left, lower-right.
    pub rooms: Box<[MazeSpec; 4]>,
}

/// A maze as `maze/e` enumerates it: how each room is divided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MazeSpec {
    /// A room one cell wide or high: nothing to divide (the original's
    /// `#f`).
    Undivided,
    /// A room divided in four.
    Divided(Division),
}

impl fmt::Display for MazeSpec {
    /// The original's notation for a decoded maze, as Racket prints it:
    /// `((ul-w ul-h missing) (left up right down) ul ur ll lr)`, with `#f`
    /// for an undivided room and a whole wall.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MazeSpec::Undivided => f.write_str("#f"),
            MazeSpec::Divided(d) => {
                write!(f, "(({} {} {}) (", d.ul_w, d.ul_h, d.missing)?;
                for (i, b) in d.breaks.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    match b {
                        Some(b) => write!(f, "{b}")?,
                        None => f.write_str("#f")?,
                    }
                }
                f.write_str(")")?;
                for room in d.rooms.iter() {
                    write!(f, " {room}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// The counts `maze/e` needs for one room size.
#[derive(Clone, Debug)]
struct Table {
    /// How many mazes a room of this size has.
    count: Nat,
    /// `cumulative[i]`: how many mazes have a head numbered `i` or less.
    cumulative: Vec<Nat>,
}

/// The numbering of all the mazes of one board size (`maze/e` of the
/// original), with the counts of every smaller room size.
#[derive(Clone, Debug)]
pub struct Enumeration {
    width: usize,
    height: usize,
    /// `tables[(w - 1) * height + (h - 1)]` for a room `w` wide, `h` high.
    tables: Vec<Table>,
}

thread_local! {
    static SHARED: RefCell<HashMap<(usize, usize), Rc<Enumeration>>> = RefCell::new(HashMap::new());
}

/// The head numbered `i` of a room `w × h` (both at least 2):
/// `(ul_w, ul_h, missing)`. `list/e` of `below/e 4`, `ul_h − 1` and
/// `ul_w − 1`, reversed.
fn head(w: usize, h: usize, i: usize) -> (usize, usize, usize) {
    let sizes = (h - 1) * (w - 1);
    let (missing, m) = if 4 <= sizes {
        (i % 4, i / 4)
    } else {
        (i / sizes, i % sizes)
    };
    // fin-cons/e of (h − 1) and (w − 1) sizes: the first is the smaller
    // when h − 1 ≤ w − 1, that is h ≤ w.
    let (b, c) = if h <= w {
        (m % (h - 1), m / (h - 1))
    } else {
        (m / (w - 1), m % (w - 1))
    };
    (c + 1, b + 1, missing)
}

/// The four walls' lengths of a division: left, up, right, down.
fn wall_lengths(w: usize, h: usize, ul_w: usize, ul_h: usize) -> [usize; 4] {
    [ul_w, ul_h, w - ul_w, h - ul_h]
}

/// Decodes `n` as `list/e` of enumerations of the given `counts` does
/// (all finite): the halves paired by `fin-cons/e`, recursively.
fn decode_list(counts: &[Nat], n: Nat) -> Vec<Nat> {
    if counts.len() == 1 {
        return vec![n];
    }
    let split = counts.len() / 2;
    let (left, right) = counts.split_at(split);
    let product = |cs: &[Nat]| cs.iter().fold(Nat::one(), |acc, c| acc.mul(c));
    let (s1, s2) = (product(left), product(right));
    let (n1, n2) = if s1 <= s2 {
        let (q, r) = n.div_rem(&s1);
        (r, q)
    } else {
        n.div_rem(&s2)
    };
    let mut out = decode_list(left, n1);
    out.extend(decode_list(right, n2));
    out
}

impl Enumeration {
    /// The numbering of the mazes of a board `width × height` (each side at
    /// least 1).
    ///
    /// # Panics
    ///
    /// When a side is zero.
    pub fn new(width: usize, height: usize) -> Enumeration {
        assert!(width >= 1 && height >= 1, "a board has at least one cell");
        let mut e = Enumeration {
            width,
            height,
            tables: Vec::with_capacity(width * height),
        };
        for w in 1..=width {
            for h in 1..=height {
                let table = if w == 1 || h == 1 {
                    Table {
                        count: Nat::one(),
                        cumulative: Vec::new(),
                    }
                } else {
                    let mut total = Nat::ZERO;
                    let cumulative = (0..4 * (w - 1) * (h - 1))
                        .map(|i| {
                            let counts = e.tail_counts(w, h, head(w, h, i));
                            let tails = counts.iter().fold(Nat::one(), |acc, c| acc.mul(c));
                            total = total.add(&tails);
                            total.clone()
                        })
                        .collect();
                    Table {
                        count: total,
                        cumulative,
                    }
                };
                e.tables.push(table);
            }
        }
        e
    }

    /// The numbering for `width × height`, made once per thread and shared.
    pub fn shared(width: usize, height: usize) -> Rc<Enumeration> {
        SHARED.with(|shared| {
            shared
                .borrow_mut()
                .entry((width, height))
                .or_insert_with(|| Rc::new(Enumeration::new(width, height)))
                .clone()
        })
    }

    fn table(&self, w: usize, h: usize) -> &Table {
        &self.tables[(w - 1) * self.height + (h - 1)]
    }

    /// The counts of a tail's five parts: the gaps of the walls, then the
    /// four rooms' mazes.
    fn tail_counts(
        &self,
        w: usize,
        h: usize,
        (ul_w, ul_h, missing): (usize, usize, usize),
    ) -> [Nat; 5] {
        let [_, _, lr_w, lr_h] = wall_lengths(w, h, ul_w, ul_h);
        let gaps = wall_lengths(w, h, ul_w, ul_h)
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != missing)
            .fold(1u64, |acc, (_, &len)| acc * len as u64);
        [
            Nat::from(gaps),
            self.table(ul_w, ul_h).count.clone(),
            self.table(lr_w, ul_h).count.clone(),
            self.table(ul_w, lr_h).count.clone(),
            self.table(lr_w, lr_h).count.clone(),
        ]
    }

    /// The board's width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The board's height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// How many mazes the board has (`maze-count`).
    pub fn count(&self) -> &Nat {
        &self.table(self.width, self.height).count
    }

    /// How many mazes a room `w × h` has (`(enum-count (maze/e w h))`), for
    /// rooms no larger than the board.
    pub fn count_of(&self, w: usize, h: usize) -> &Nat {
        &self.table(w, h).count
    }

    /// The maze numbered `n` (`decode-maze`), or `None` when `n` is not
    /// below [`Enumeration::count`].
    pub fn decode(&self, n: &Nat) -> Option<MazeSpec> {
        (n < self.count()).then(|| self.decode_room(self.width, self.height, n.clone()))
    }

    fn decode_room(&self, w: usize, h: usize, n: Nat) -> MazeSpec {
        if w == 1 || h == 1 {
            return MazeSpec::Undivided;
        }
        let cumulative = &self.table(w, h).cumulative;
        // The first head whose running total passes n (find-size).
        let index = cumulative.partition_point(|total| *total <= n);
        let before = if index == 0 {
            Nat::ZERO
        } else {
            cumulative[index - 1].clone()
        };
        let rest = n.checked_sub(&before).expect("n is past the heads before");
        let (ul_w, ul_h, missing) = head(w, h, index);
        let counts = self.tail_counts(w, h, (ul_w, ul_h, missing));
        let parts = decode_list(&counts, rest);
        let lengths = wall_lengths(w, h, ul_w, ul_h);
        let mut gap_counts = Vec::with_capacity(4);
        for (i, &len) in lengths.iter().enumerate() {
            gap_counts.push(Nat::from(if i == missing { 1 } else { len }));
        }
        let gaps = decode_list(&gap_counts, parts[0].clone());
        let mut breaks = [None; 4];
        for (i, gap) in gaps.iter().enumerate() {
            if i != missing {
                breaks[i] = Some(gap.to_u64().expect("a gap fits the wall") as usize);
            }
        }
        let [_, _, lr_w, lr_h] = lengths;
        let rooms = Box::new([
            self.decode_room(ul_w, ul_h, parts[1].clone()),
            self.decode_room(lr_w, ul_h, parts[2].clone()),
            self.decode_room(ul_w, lr_h, parts[3].clone()),
            self.decode_room(lr_w, lr_h, parts[4].clone()),
        ]);
        MazeSpec::Divided(Division {
            ul_w,
            ul_h,
            missing,
            breaks,
            rooms,
        })
    }

    /// The walls of the maze numbered `n`, or `None` when there is no such
    /// maze.
    pub fn maze(&self, n: &Nat) -> Option<Maze> {
        self.decode(n)
            .map(|spec| Maze::build(&spec, self.width, self.height))
    }

    /// The number after `n` in the enumeration, round to 0 after the last
    /// (what the `n` key goes to).
    pub fn next(&self, n: &Nat) -> Nat {
        let next = n.add(&Nat::one());
        if next >= *self.count() {
            Nat::ZERO
        } else {
            next
        }
    }

    /// A maze number as the original's `pick-a-maze` picks one, from `rng`:
    /// the sum of two numbers below a quarter of the count, in the first or
    /// (on a coin's toss) the second half: numbers near the middle of each
    /// half are the likeliest.
    pub fn pick(&self, rng: &mut game_api::Rng) -> Nat {
        let count = self.count();
        let half = count.div_rem(&Nat::from(2u64)).0;
        let quarter = count.div_rem(&Nat::from(4u64)).0;
        let base = if rng.below(2) == 0 { half } else { Nat::ZERO };
        let a = Nat::random_below(&quarter, rng);
        let b = Nat::random_below(&quarter, rng);
        base.add(&a).add(&b)
    }
}

/// Bit of [`Maze`]'s cells: the passage to the cell on the right is open.
const EAST: u8 = 1;
/// Bit of [`Maze`]'s cells: the passage to the cell below is open.
const SOUTH: u8 = 2;

/// A step in one of the four directions.
pub use game_api::grid::Dir;

/// The passages of one maze: which neighbouring cells are joined.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Maze {
    width: usize,
    height: usize,
    /// [`EAST`] and [`SOUTH`] bits of each cell, row by row.
    open: Vec<u8>,
}

impl Maze {
    /// A board `width × height` with every passage open (no walls inside).
    pub fn open(width: usize, height: usize) -> Maze {
        let mut open = vec![0; width * height];
        for y in 0..height {
            for x in 0..width {
                let mut bits = 0;
                if x + 1 < width {
                    bits |= EAST;
                }
                if y + 1 < height {
                    bits |= SOUTH;
                }
                open[y * width + x] = bits;
            }
        }
        Maze {
            width,
            height,
            open,
        }
    }

    /// The walls of `spec` on a board `width × height` (`build-walls`).
    pub fn build(spec: &MazeSpec, width: usize, height: usize) -> Maze {
        let mut maze = Maze::open(width, height);
        maze.divide(spec, 0, 0, width, height);
        maze
    }

    fn divide(&mut self, spec: &MazeSpec, x: usize, y: usize, w: usize, h: usize) {
        let MazeSpec::Divided(d) = spec else {
            return;
        };
        let (lr_w, lr_h) = (w - d.ul_w, h - d.ul_h);
        let [left, up, right, down] = d.breaks;
        self.horizontal_wall(left, d.ul_w, x, y + d.ul_h);
        self.vertical_wall(up, d.ul_h, x + d.ul_w, y);
        self.horizontal_wall(right, lr_w, x + d.ul_w, y + d.ul_h);
        self.vertical_wall(down, lr_h, x + d.ul_w, y + d.ul_h);
        self.divide(&d.rooms[0], x, y, d.ul_w, d.ul_h);
        self.divide(&d.rooms[1], x + d.ul_w, y, lr_w, d.ul_h);
        self.divide(&d.rooms[2], x, y + d.ul_h, d.ul_w, lr_h);
        self.divide(&d.rooms[3], x + d.ul_w, y + d.ul_h, lr_w, lr_h);
    }

    /// A wall along the grid line above row `y`, from column `x` for
    /// `len` cells, with a gap at `x + gap`.
    fn horizontal_wall(&mut self, gap: Option<usize>, len: usize, x: usize, y: usize) {
        for i in 0..len {
            if Some(i) != gap {
                self.open[(y - 1) * self.width + x + i] &= !SOUTH;
            }
        }
    }

    /// A wall along the grid line left of column `x`, from row `y` for
    /// `len` cells, with a gap at `y + gap`.
    fn vertical_wall(&mut self, gap: Option<usize>, len: usize, x: usize, y: usize) {
        for i in 0..len {
            if Some(i) != gap {
                self.open[(y + i) * self.width + x - 1] &= !EAST;
            }
        }
    }

    /// The board's width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The board's height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The cell a step `dir` from `cell` leads to, if it is on the board
    /// (whether or not a wall is in the way).
    pub fn step(&self, cell: Cell, dir: Dir) -> Option<Cell> {
        let (dy, dx) = dir.delta();
        let x = cell.x.checked_add_signed(dx)?;
        let y = cell.y.checked_add_signed(dy)?;
        (x < self.width && y < self.height).then_some(Cell::new(x, y))
    }

    /// Whether a step `dir` from `cell` is open: on the board and through
    /// no wall.
    pub fn is_open(&self, cell: Cell, dir: Dir) -> bool {
        let Some(to) = self.step(cell, dir) else {
            return false;
        };
        match dir {
            Dir::Right => self.open[cell.y * self.width + cell.x] & EAST != 0,
            Dir::Down => self.open[cell.y * self.width + cell.x] & SOUTH != 0,
            Dir::Left => self.open[to.y * self.width + to.x] & EAST != 0,
            Dir::Up => self.open[to.y * self.width + to.x] & SOUTH != 0,
        }
    }

    /// Whether `a` and `b` are neighbours joined by a passage
    /// (`edge-connecting?`).
    pub fn connects(&self, a: Cell, b: Cell) -> bool {
        Dir::ALL
            .into_iter()
            .any(|d| self.step(a, d) == Some(b) && self.is_open(a, d))
    }

    /// The cells joined to `cell` by a passage.
    pub fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        Dir::ALL
            .into_iter()
            .filter(move |&d| self.is_open(cell, d))
            .filter_map(move |d| self.step(cell, d))
    }

    /// How many passages the maze has (a perfect maze of `n` cells has
    /// `n − 1`).
    pub fn passages(&self) -> usize {
        self.open.iter().map(|b| b.count_ones() as usize).sum()
    }

    /// The distance from every cell to `to` through the passages (`None`
    /// for a cell that cannot reach it), row by row.
    pub fn distances_to(&self, to: Cell) -> Vec<Option<usize>> {
        let mut dist = vec![None; self.width * self.height];
        let mut queue = std::collections::VecDeque::new();
        dist[to.y * self.width + to.x] = Some(0);
        queue.push_back(to);
        while let Some(c) = queue.pop_front() {
            let d = dist[c.y * self.width + c.x].expect("queued cells have a distance");
            for n in self.neighbours(c) {
                let slot = &mut dist[n.y * self.width + n.x];
                if slot.is_none() {
                    *slot = Some(d + 1);
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// The original's `preferred-direction`: the first cell on the way from
    /// `from` to `to` (`from` itself when they are the same) and the
    /// length of that way. In a perfect maze the way is unique.
    pub fn preferred_direction(&self, from: Cell, to: Cell) -> (Cell, usize) {
        let dist = self.distances_to(to);
        self.step_towards(&dist, from)
    }

    /// [`Maze::preferred_direction`] with the distances to the target
    /// already known ([`Maze::distances_to`]).
    pub fn step_towards(&self, dist: &[Option<usize>], from: Cell) -> (Cell, usize) {
        let d = dist[from.y * self.width + from.x].expect("a perfect maze is connected");
        if d == 0 {
            return (from, 0);
        }
        let next = self
            .neighbours(from)
            .find(|n| dist[n.y * self.width + n.x] == Some(d - 1))
            .expect("a neighbour is one step closer");
        (next, d)
    }

    /// The passages as text, one hexadecimal digit a cell, row by row with
    /// `/` between rows: bit 1 for the passage to the right, bit 2 for the
    /// one below. (For tests: the original's edges are printed the same
    /// way.)
    pub fn code(&self) -> String {
        self.open
            .chunks(self.width)
            .map(|row| {
                row.iter()
                    .map(|b| char::from(b"0123"[*b as usize]))
                    .collect()
            })
            .collect::<Vec<String>>()
            .join("/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_come_in_the_originals_order() {
        // list/e of (below/e 4) (ul-h − 1) (ul-w − 1), reversed.
        assert_eq!(head(2, 2, 0), (1, 1, 0));
        assert_eq!(head(2, 2, 3), (1, 1, 3));
        assert_eq!(head(6, 6, 0), (1, 1, 0));
        assert_eq!(head(6, 6, 1), (1, 1, 1));
        assert_eq!(head(6, 6, 4), (1, 2, 0));
        assert_eq!(head(6, 6, 20), (2, 1, 0));
        // 2 × 3: fewer sizes than 4 walls, so the wall is the quotient.
        assert_eq!(head(3, 2, 1), (2, 1, 0));
        assert_eq!(head(3, 2, 2), (1, 1, 1));
    }

    #[test]
    fn a_one_cell_wide_board_has_one_maze_without_walls() {
        let e = Enumeration::new(1, 5);
        assert_eq!(*e.count(), Nat::one());
        assert_eq!(e.decode(&Nat::ZERO), Some(MazeSpec::Undivided));
        assert_eq!(e.decode(&Nat::one()), None);
        assert_eq!(e.maze(&Nat::ZERO).unwrap().code(), "2/2/2/2/0");
    }

    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_maze_is_perfect(w in 2usize..=9, h in 2usize..=9, seed in any::<u64>()) {
            let e = Enumeration::shared(w, h);
            let n = Nat::random_below(e.count(), &mut game_api::Rng::new(seed));
            let maze = e.maze(&n).unwrap();
            // A tree: every cell reachable, and one passage fewer than cells.
            prop_assert_eq!(maze.passages(), w * h - 1);
            prop_assert!(maze.distances_to(Cell::new(0, 0)).iter().all(Option::is_some));
        }

        #[test]
        fn decoding_is_deterministic(seed in any::<u64>()) {
            let (a, b) = (Enumeration::new(7, 5), Enumeration::new(7, 5));
            let n = Nat::random_below(a.count(), &mut game_api::Rng::new(seed));
            prop_assert_eq!(a.decode(&n), b.decode(&n));
            prop_assert_eq!(a.maze(&n), b.maze(&n));
        }

        #[test]
        fn picked_numbers_are_mazes_and_seeds_repeat(seed in any::<u64>()) {
            let e = Enumeration::shared(12, 12);
            let n = e.pick(&mut game_api::Rng::new(seed));
            prop_assert!(n < *e.count());
            prop_assert_eq!(e.pick(&mut game_api::Rng::new(seed)), n);
        }
    }

    #[test]
    fn big_boards_are_perfect_too() {
        let e = Enumeration::shared(16, 16);
        for seed in 0..5 {
            let maze = e.maze(&e.pick(&mut game_api::Rng::new(seed))).unwrap();
            assert_eq!(maze.passages(), 255);
            assert!(
                maze.distances_to(Cell::new(15, 15))
                    .iter()
                    .all(Option::is_some)
            );
        }
    }

    #[test]
    fn the_way_through_a_corridor() {
        // A board one cell high is one corridor.
        let maze = Enumeration::new(5, 1).maze(&Nat::ZERO).unwrap();
        assert_eq!(
            maze.preferred_direction(Cell::new(4, 0), Cell::new(1, 0)),
            (Cell::new(3, 0), 3)
        );
        assert_eq!(
            maze.preferred_direction(Cell::new(2, 0), Cell::new(2, 0)),
            (Cell::new(2, 0), 0)
        );
    }
}
