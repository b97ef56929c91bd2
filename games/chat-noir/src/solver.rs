//! An exact solver: can the player force a win against the classic cat?
//!
//! # The game it solves
//!
//! A position is a board and the cat's cell, with the player to move. The
//! player blocks a free cell other than the cat's; then the cat steps to one
//! of its candidate cells, the neighbours with the least finite distance to
//! the edge ([`crate::best_moves`]), exactly as [`crate::World::play`] does.
//! If there is no candidate the cat is boxed in and the player has won; if
//! the cat steps onto a boundary cell it has escaped and the player has
//! lost. The classic cat draws among its candidates at random; the solver
//! lets the cat pick the candidate that is worst for the player, so a win
//! it finds is a win against every draw, the random one included.
//!
//! # The search
//!
//! A depth-first AND/OR search over the whole game (no depth limit: every
//! player move blocks a cell, so every line ends), with a transposition
//! table keyed by the free cells and the cat's cell as 128-bit sets
//! ([`crate::bitboard`]). OR nodes are the player's turns (one winning block
//! is enough), AND nodes the cat's (every candidate must lose for it).
//!
//! * **Move ordering.** The player's blocks on the cat's shortest paths come
//!   first, ordered by the cat's distance after the block (larger first,
//!   a block that boxes the cat in wins at once) and then by how few
//!   candidates the cat keeps. A block after which the cat can step onto the
//!   edge loses at once and is not searched further.
//! * **Proving a loss needs every move, and the solver keeps that exact
//!   with a relevance zone.** Before the remaining blocks, the solver looks
//!   at a *pass*: the cat steps with the board unchanged. If the cat
//!   escapes after the pass, the proof of that escape examined only some
//!   cells: the cells the cat stepped on, one shortest path from each of
//!   them to the edge (which keeps each step among the cat's candidates, as
//!   a block elsewhere only lengthens other paths), and, at each of the
//!   player's turns in the proof, the zones of the blocks it had to answer.
//!   That union is the proof's *zone*. A block outside the zone changes
//!   nothing the proof relies on, so the same cat steps still escape: every
//!   such block loses, and only the blocks inside the zone need a search of
//!   their own. The loss of a node is recorded with the union of the zones
//!   it relied on, so the argument composes (the proof by induction is in
//!   the manual). When the pass does not lose (a cat left alone may walk
//!   into a trap), every block is searched.
//! * **Budget.** The search counts nodes and looks at the clock; when
//!   either limit is reached it stops and answers [`Verdict::Undecided`].
//! * **A full table.** Every entry records how many positions its search
//!   visited. When the table is full, the half of the entries that cost
//!   least to compute are dropped (the "small tree" garbage collection of
//!   the df-pn literature) and the search goes on. The proof-number search
//!   keeps the numbers of the current path's children on its own stack, so
//!   it never depends on the table to make progress: a table of any size,
//!   even none, gives the same answers, only more slowly.
//!
//! Boards up to [`MAX_SOLVER_SIZE`] (11 × 11) are solved; larger boards are
//! always [`Verdict::Undecided`].
//!
//! ```
//! use chat_noir::solver::{Budget, Solver, Verdict};
//! use chat_noir::{Board, Pos};
//!
//! // The cat on (1,1) of a 5×5 board, next to the boundary cells (1,0) and
//! // (2,0) only: the other four neighbours are blocked. One block cannot
//! // stop it.
//! let board = Board::empty(5)?.with_blocked([(0, 1), (2, 1), (1, 2), (2, 2)]);
//! let mut solver = Solver::new();
//! assert_eq!(solver.solve(&board, Pos::new(1, 1), &Budget::default()), Verdict::Lost);
//!
//! // With (2,0) blocked as well, blocking (1,0) boxes the cat in.
//! let board = board.with_blocked([(2, 0)]);
//! assert_eq!(
//!     solver.solve(&board, Pos::new(1, 1), &Budget::default()),
//!     Verdict::Winnable { best_move: Pos::new(1, 0) },
//! );
//! # Ok::<(), chat_noir::SizeError>(())
//! ```

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::bitboard::{CatView, Geometry, MAX_BITBOARD_SIZE, bit, bits};
use crate::board::{Board, Pos};

/// The largest board size the solver decides (11 × 11, the default game).
pub const MAX_SOLVER_SIZE: u32 = MAX_BITBOARD_SIZE;

/// What the solver may spend on one question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The most positions it may visit (player's turns and cat's turns).
    pub nodes: u64,
    /// The most time it may take, if limited.
    pub time: Option<Duration>,
    /// The most positions its transposition table may hold; each takes
    /// about [`TABLE_ENTRY_BYTES`] bytes.
    pub table_entries: usize,
}

/// The memory one entry of the transposition table takes, about (key, value
/// and the hash table's own byte).
pub const TABLE_ENTRY_BYTES: usize = 49;

impl Default for Budget {
    /// Two seconds, fifty million nodes, a table of two million entries
    /// (about 100 MB).
    fn default() -> Budget {
        Budget {
            nodes: 50_000_000,
            time: Some(Duration::from_secs(2)),
            table_entries: 2 << 20,
        }
    }
}

impl Budget {
    /// A budget of `time`, with no separate node limit and the default
    /// table.
    pub fn time(time: Duration) -> Budget {
        Budget {
            nodes: u64::MAX,
            time: Some(time),
            ..Budget::default()
        }
    }

    /// A budget of `nodes` positions and no time limit, so the answer does
    /// not depend on the machine's speed.
    pub fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes,
            time: None,
            ..Budget::default()
        }
    }
}

/// The solver's answer for a position with the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The player can force a win, whatever the cat draws among its
    /// candidates; blocking `best_move` keeps the win.
    Winnable {
        /// A block that keeps a forced win.
        best_move: Pos,
    },
    /// Whatever the player does, the cat can escape: when it draws its
    /// candidates well, it reaches the edge.
    Lost,
    /// The cat is already boxed in: the game is won whatever is played
    /// (in a game, the cat's last move already ended it).
    Trapped,
    /// The budget ran out before either was proved, or the board is
    /// larger than [`MAX_SOLVER_SIZE`].
    Undecided,
}

impl Verdict {
    /// Whether the player can force a win (or has already won).
    pub fn is_won(self) -> bool {
        matches!(self, Verdict::Winnable { .. } | Verdict::Trapped)
    }
}

/// What the last [`Solver::solve`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions visited.
    pub nodes: u64,
    /// Entries in the transposition table afterwards.
    pub table_entries: usize,
    /// How long it took.
    pub time: Duration,
}

impl Stats {
    /// The transposition table's memory, about.
    pub fn table_bytes(&self) -> usize {
        self.table_entries * TABLE_ENTRY_BYTES
    }
}

/// The result of a node of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// The player wins; at a player's turn, by blocking this cell.
    Win(u8),
    /// The cat escapes; the proof relies only on the cells of this zone.
    Loss(u128),
    /// The budget ran out.
    Unknown,
}

/// A stored result of a player's turn: a win by blocking `best`, or, when
/// `best` is [`LOSS`], a loss whose proof relies on `zone`; with the
/// positions its search visited (`work`), which decides what a full table
/// keeps.
#[derive(Clone, Copy, Debug)]
struct Entry {
    zone: u128,
    work: u32,
    best: u8,
    /// The question ([`Solver::solve`] call) that stored it.
    generation: u8,
}

/// The `best` of a lost [`Entry`].
const LOSS: u8 = u8::MAX;

/// Mixes a 128-bit key into 64 bits (the table's keys are already
/// well-spread sets; a multiply folds them).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }

    fn write_u128(&mut self, key: u128) {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        let m = u128::from(folded) * 0x9E37_79B9_7F4A_7C15;
        self.0 = (m as u64) ^ ((m >> 64) as u64);
    }
}

type Table = HashMap<u128, Entry, BuildHasherDefault<KeyHasher>>;

/// Proof and disproof numbers of a node of the first phase.
#[derive(Clone, Copy, Debug)]
struct PnEntry {
    pn: u32,
    dn: u32,
    /// The positions its searches visited, in all.
    work: u32,
    /// The question ([`Solver::solve`] call) that stored it.
    generation: u8,
}

type PnTable = HashMap<u128, PnEntry, BuildHasherDefault<KeyHasher>>;

/// An infinite proof or disproof number.
const INF: u32 = u32::MAX;

/// The bit after the last cell index: the cat's index is stored above it.
const CAT_SHIFT: u32 = 121;

/// The exact solver, with its transposition table.
///
/// The table is kept between calls (positions of one game share most of
/// their subtrees, so the next question is answered faster) and cleared
/// when the board size changes or [`Solver::clear`] is called.
#[derive(Debug, Default)]
pub struct Solver {
    geometry: Option<Geometry>,
    table: Table,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    table_limit: usize,
    out_of_budget: bool,
    /// Counts the questions, to drop older answers first.
    generation: u8,
    /// The ticket of a question that may be superseded.
    stop: Option<(Arc<AtomicU64>, u64)>,
    stats: Stats,
    scratch: Vec<CatView>,
    pn_table: PnTable,
}

/// A block the player may try, with what it does to the cat.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    cell: u8,
    ties: u128,
    distance: u32,
}

impl Solver {
    /// A solver with an empty table.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Forgets every stored position.
    pub fn clear(&mut self) {
        self.table.clear();
        self.pn_table.clear();
    }

    /// [`Solver::solve`] for a question another may supersede: the search
    /// stops, and answers [`Verdict::Undecided`], once `latest` no longer
    /// holds `ticket` (it looks every 1024 positions).
    pub fn solve_unless_superseded(
        &mut self,
        board: &Board,
        cat: Pos,
        budget: &Budget,
        latest: &Arc<AtomicU64>,
        ticket: u64,
    ) -> Verdict {
        self.stop = Some((Arc::clone(latest), ticket));
        let verdict = self.solve(board, cat, budget);
        self.stop = None;
        verdict
    }

    /// What the last [`Solver::solve`] did.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Decides the position of `board` with the cat on `cat` and the player
    /// to move, within `budget`.
    ///
    /// A cat that is not on a free cell of the board has no position: the
    /// answer is [`Verdict::Undecided`], as for boards larger than
    /// [`MAX_SOLVER_SIZE`].
    pub fn solve(&mut self, board: &Board, cat: Pos, budget: &Budget) -> Verdict {
        let start = Instant::now();
        let verdict = self.solve_inner(board, cat, budget, start);
        self.stats = Stats {
            nodes: self.nodes,
            table_entries: self.table.len() + self.pn_table.len(),
            time: start.elapsed(),
        };
        verdict
    }

    fn solve_inner(&mut self, board: &Board, cat: Pos, budget: &Budget, start: Instant) -> Verdict {
        self.nodes = 0;
        self.out_of_budget = false;
        if !board.contains(cat) || board.is_blocked(cat) {
            return Verdict::Undecided;
        }
        if self.geometry.as_ref().map(Geometry::size) != Some(board.size()) {
            self.geometry = Geometry::new(board.size());
            self.clear();
        }
        let Some(geometry) = &self.geometry else {
            return Verdict::Undecided;
        };
        let free = geometry.free_cells(board);
        let Some(c) = geometry.index(cat) else {
            return Verdict::Undecided;
        };
        if geometry.ties(free, c).0 == 0 {
            return Verdict::Trapped;
        }
        self.node_limit = budget.nodes;
        self.deadline = budget.time.map(|t| start + t);
        self.table_limit = budget.table_entries;
        self.generation = self.generation.wrapping_add(1);
        // A smaller table than last time: make it fit.
        while self.table.len() + self.pn_table.len() > self.table_limit {
            self.collect_garbage();
        }
        // First phase: proof-number search for a win among the blocks on
        // the cat's shortest paths.
        let (pn, _, best) = self.pn_player(or_key(free, c), free, c, INF - 1, INF - 1);
        if pn == 0 {
            return Verdict::Winnable {
                best_move: self.geometry().pos(best),
            };
        }
        if self.out_of_budget {
            return Verdict::Undecided;
        }
        // Second phase: the exact search, which proves losses.
        match self.player_turn(free, c, 0) {
            Outcome::Win(b) => Verdict::Winnable {
                best_move: self.geometry().pos(b),
            },
            Outcome::Loss(_) => Verdict::Lost,
            Outcome::Unknown => Verdict::Undecided,
        }
    }

    fn geometry(&self) -> &Geometry {
        match &self.geometry {
            Some(g) => g,
            None => unreachable!("the search runs only with a geometry"),
        }
    }

    /// Counts a node; false when the budget is spent.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        let over = self.nodes > self.node_limit
            || (self.nodes.is_multiple_of(1024)
                && (self.deadline.is_some_and(|d| Instant::now() >= d)
                    || self
                        .stop
                        .as_ref()
                        .is_some_and(|(latest, t)| latest.load(Ordering::Relaxed) != *t)));
        if over {
            self.out_of_budget = true;
        }
        !self.out_of_budget
    }

    /// The positions visited since `start` (a node count), as an entry's
    /// work.
    fn work_since(&self, start: u64) -> u32 {
        u32::try_from(self.nodes.saturating_sub(start)).unwrap_or(u32::MAX)
    }

    /// Makes room for one more entry: when the tables are full, drops the
    /// half of their entries that cost least to compute. False when the
    /// table may hold nothing (a limit below two).
    fn make_room(&mut self) -> bool {
        if self.table_limit < 2 {
            return false;
        }
        if self.table.len() + self.pn_table.len() >= self.table_limit {
            self.collect_garbage();
        }
        self.table.len() + self.pn_table.len() < self.table_limit
    }

    /// Drops the entries of earlier questions if there are any, and then,
    /// if more than half the limit are left, keeps the costliest half of
    /// the limit and drops the others.
    fn collect_garbage(&mut self) {
        let now = self.generation;
        let before = self.table.len() + self.pn_table.len();
        self.table.retain(|_, e| e.generation == now);
        self.pn_table.retain(|_, e| e.generation == now);
        if self.table.len() + self.pn_table.len() < before {
            return;
        }
        let mut works: Vec<u32> = self
            .table
            .values()
            .map(|e| e.work)
            .chain(self.pn_table.values().map(|e| e.work))
            .collect();
        let keep = self.table_limit / 2;
        if works.len() <= keep {
            return;
        }
        // Entries above the threshold are kept; at most `keep` of them.
        let cut = works.len() - keep - 1;
        let (_, &mut threshold, _) = works.select_nth_unstable(cut);
        self.table.retain(|_, e| e.work > threshold);
        self.pn_table.retain(|_, e| e.work > threshold);
    }

    fn store(&mut self, key: u128, entry: Entry) {
        if self.make_room() {
            self.table.insert(key, entry);
        }
    }

    /// A scratch view for recursion depth `depth`.
    fn view(&mut self, depth: usize) -> CatView {
        if depth < self.scratch.len() {
            std::mem::replace(
                &mut self.scratch[depth],
                CatView {
                    ties: 0,
                    tie_distance: 0,
                    layers: Vec::new(),
                },
            )
        } else {
            CatView {
                ties: 0,
                tie_distance: 0,
                layers: Vec::with_capacity(16),
            }
        }
    }

    fn give_back(&mut self, depth: usize, view: CatView) {
        if depth >= self.scratch.len() {
            self.scratch.resize_with(depth + 1, || CatView {
                ties: 0,
                tie_distance: 0,
                layers: Vec::new(),
            });
        }
        self.scratch[depth] = view;
    }

    /// Stores the numbers of a node of the first phase, if there is room.
    fn pn_store(&mut self, key: u128, entry: PnEntry) {
        if let Some(e) = self.pn_table.get_mut(&key) {
            *e = entry;
        } else if self.make_room() {
            self.pn_table.insert(key, entry);
        }
    }

    /// The work already stored for a node of the first phase.
    fn pn_work(&self, key: u128) -> u32 {
        self.pn_table.get(&key).map_or(0, |e| e.work)
    }

    /// The player's turn in the first phase: depth-first proof-number
    /// search (df-pn) with thresholds `th_pn`, `th_dn`. Returns the node's
    /// proof and disproof numbers and the block with the least proof
    /// number (the winning block when the proof number is 0). Only blocks
    /// on the cat's shortest paths are tried, so a proof is a real win, but
    /// a disproof only says that those blocks do not win.
    ///
    /// The children's numbers are kept here, on the stack, as well as in
    /// the table: when the table has no room the search still moves on.
    fn pn_player(
        &mut self,
        key: u128,
        free: u128,
        cat: u8,
        th_pn: u32,
        th_dn: u32,
    ) -> (u32, u32, u8) {
        if !self.tick() {
            return (1, 1, 0);
        }
        let start = self.nodes - 1;
        let prior = self.pn_work(key);
        let g = self.geometry();
        let view = g.cat_view(free, cat);
        // A cat on the boundary may be on its own paths (a neighbour's way
        // out can lead back through its cell); its cell is no move.
        let on_path = view.shortest_paths(g) & !bit(cat);
        // Children: cell, free after, ties after, and their numbers.
        let mut children: Vec<(u8, u128, u128, u32, u32)> =
            Vec::with_capacity(on_path.count_ones() as usize);
        for b in bits(on_path) {
            let after = free & !bit(b);
            let (ties, _) = g.ties(after, cat);
            if ties == 0 {
                let work = prior.saturating_add(1);
                self.pn_store(
                    key,
                    PnEntry {
                        pn: 0,
                        dn: INF,
                        work,
                        generation: self.generation,
                    },
                );
                return (0, INF, b);
            }
            if ties & g.boundary == 0 {
                children.push((b, after, ties, 0, 0));
            }
        }
        for child in &mut children {
            (child.3, child.4) = self.pn_value_cat(child.1, cat, child.2);
        }
        loop {
            let mut pn = INF;
            let mut pn2 = INF;
            let mut dn: u32 = 0;
            let mut best = usize::MAX;
            let mut best_dn = 0;
            for (i, child) in children.iter_mut().enumerate() {
                // A transposition may have moved the stored numbers on.
                if let Some(e) = self.pn_table.get(&and_key(child.1, cat)) {
                    (child.3, child.4) = (e.pn, e.dn);
                }
                let (cpn, cdn) = (child.3, child.4);
                dn = dn.saturating_add(cdn);
                if cpn < pn {
                    pn2 = pn;
                    pn = cpn;
                    best = i;
                    best_dn = cdn;
                } else if cpn < pn2 {
                    pn2 = cpn;
                }
            }
            let cell = children.get(best).map_or(0, |c| c.0);
            if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn || self.out_of_budget {
                if !self.out_of_budget {
                    let work = prior.saturating_add(self.work_since(start));
                    self.pn_store(
                        key,
                        PnEntry {
                            pn,
                            dn,
                            work,
                            generation: self.generation,
                        },
                    );
                }
                return (pn, dn, cell);
            }
            let (_, after, ties, _, _) = children[best];
            let child_pn = th_pn.min(pn2.saturating_add(1));
            let child_dn = (th_dn - dn).saturating_add(best_dn);
            let (cpn, cdn) = self.pn_cat(after, cat, ties, child_pn, child_dn);
            (children[best].3, children[best].4) = (cpn, cdn);
        }
    }

    /// The stored numbers of the cat's turn, or its first estimate: every
    /// candidate step must be answered.
    fn pn_value_cat(&self, free: u128, cat: u8, ties: u128) -> (u32, u32) {
        match self.pn_table.get(&and_key(free, cat)) {
            Some(e) => (e.pn, e.dn),
            None => (ties.count_ones(), 1),
        }
    }

    /// The stored numbers of a player's turn, or its first estimate: the
    /// more ways the cat has, the harder to win; the nearer the edge, the
    /// easier to lose.
    fn pn_value_player(&self, free: u128, cat: u8) -> (u32, u32) {
        match self.pn_table.get(&or_key(free, cat)) {
            Some(e) => (e.pn, e.dn),
            None => {
                let g = self.geometry();
                let (ties, distance) = g.ties(free, cat);
                let open = (g.neighbours(cat) & free).count_ones();
                (1 + open + ties.count_ones(), distance.max(1))
            }
        }
    }

    /// The cat's turn in the first phase (see [`Solver::pn_player`]).
    fn pn_cat(&mut self, free: u128, cat: u8, ties: u128, th_pn: u32, th_dn: u32) -> (u32, u32) {
        let key = and_key(free, cat);
        if !self.tick() {
            return (1, 1);
        }
        let start = self.nodes - 1;
        let prior = self.pn_work(key);
        let g = self.geometry();
        if ties & g.boundary != 0 {
            self.pn_store(
                key,
                PnEntry {
                    pn: INF,
                    dn: 0,
                    work: prior.saturating_add(1),
                    generation: self.generation,
                },
            );
            return (INF, 0);
        }
        // The cat's steps and their numbers.
        let mut steps: [(u8, u32, u32); 6] = [(0, 0, 0); 6];
        let mut count = 0;
        for t in bits(ties) {
            let (cpn, cdn) = self.pn_value_player(free, t);
            steps[count] = (t, cpn, cdn);
            count += 1;
        }
        let steps = &mut steps[..count];
        loop {
            let mut pn: u32 = 0;
            let mut dn = INF;
            let mut dn2 = INF;
            let mut best = 0usize;
            let mut best_pn = 0;
            for (i, step) in steps.iter_mut().enumerate() {
                if let Some(e) = self.pn_table.get(&or_key(free, step.0)) {
                    (step.1, step.2) = (e.pn, e.dn);
                }
                let (cpn, cdn) = (step.1, step.2);
                pn = pn.saturating_add(cpn);
                if cdn < dn {
                    dn2 = dn;
                    dn = cdn;
                    best = i;
                    best_pn = cpn;
                } else if cdn < dn2 {
                    dn2 = cdn;
                }
            }
            if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn || self.out_of_budget {
                if !self.out_of_budget {
                    let work = prior.saturating_add(self.work_since(start));
                    self.pn_store(
                        key,
                        PnEntry {
                            pn,
                            dn,
                            work,
                            generation: self.generation,
                        },
                    );
                }
                return (pn, dn);
            }
            let child_dn = th_dn.min(dn2.saturating_add(1));
            let child_pn = (th_pn - pn).saturating_add(best_pn);
            let t = steps[best].0;
            let (cpn, cdn, _) = self.pn_player(or_key(free, t), free, t, child_pn, child_dn);
            (steps[best].1, steps[best].2) = (cpn, cdn);
        }
    }

    fn player_turn(&mut self, free: u128, cat: u8, depth: usize) -> Outcome {
        let key = or_key(free, cat);
        if let Some(e) = self.table.get(&key) {
            return match e.best {
                LOSS => Outcome::Loss(e.zone),
                b => Outcome::Win(b),
            };
        }
        if !self.tick() {
            return Outcome::Unknown;
        }
        let start = self.nodes - 1;
        let mut view = self.view(depth);
        self.geometry().cat_view_into(free, cat, &mut view);
        let outcome = self.player_turn_with(free, cat, &view, depth);
        self.give_back(depth, view);
        let work = self.work_since(start);
        match outcome {
            Outcome::Win(b) => self.store(
                key,
                Entry {
                    zone: 0,
                    work,
                    best: b,
                    generation: self.generation,
                },
            ),
            Outcome::Loss(zone) => self.store(
                key,
                Entry {
                    zone,
                    work,
                    best: LOSS,
                    generation: self.generation,
                },
            ),
            Outcome::Unknown => {}
        }
        outcome
    }

    fn player_turn_with(&mut self, free: u128, cat: u8, view: &CatView, depth: usize) -> Outcome {
        let g = self.geometry();
        let cat_bit = bit(cat);
        let movable = free & !cat_bit;
        if view.trapped() {
            // Only reached from outside the search: any block wins.
            return match bits(movable).next() {
                Some(b) => Outcome::Win(b),
                None => Outcome::Loss(0),
            };
        }
        // Blocks that change the cat's next step are on its shortest paths.
        let on_path = view.shortest_paths(g) & movable;
        let mut candidates: Vec<Candidate> = Vec::with_capacity(on_path.count_ones() as usize);
        // Zones of the blocks already known to lose, by cell.
        let mut lost: Vec<(u8, u128)> = Vec::new();
        for b in bits(on_path) {
            let (ties, distance) = g.ties(free & !bit(b), cat);
            if ties == 0 {
                return Outcome::Win(b);
            }
            if ties & g.boundary != 0 {
                lost.push((b, escape_zone(ties & g.boundary)));
            } else {
                candidates.push(Candidate {
                    cell: b,
                    ties,
                    distance,
                });
            }
        }
        candidates.sort_by_key(|c| (std::cmp::Reverse(c.distance), c.ties.count_ones(), c.cell));
        for c in &candidates {
            match self.cat_turn(free & !bit(c.cell), cat, c.ties, depth + 1) {
                Outcome::Win(_) => return Outcome::Win(c.cell),
                Outcome::Loss(z) => lost.push((c.cell, z)),
                Outcome::Unknown => return Outcome::Unknown,
            }
        }
        // No block on the cat's paths wins. A pass tells which other
        // blocks still need a search.
        let (needed, mut zone) = match self.cat_turn(free, cat, view.ties, depth + 1) {
            Outcome::Loss(z) => (z & movable, z),
            Outcome::Win(_) => (movable, 0),
            Outcome::Unknown => return Outcome::Unknown,
        };
        for &(b, z) in &lost {
            if needed & bit(b) != 0 {
                zone |= z;
            }
        }
        for b in bits(needed & !on_path) {
            let (ties, _) = self.geometry().ties(free & !bit(b), cat);
            match self.cat_turn(free & !bit(b), cat, ties, depth + 1) {
                Outcome::Win(_) => return Outcome::Win(b),
                Outcome::Loss(z) => zone |= z,
                Outcome::Unknown => return Outcome::Unknown,
            }
        }
        Outcome::Loss(zone)
    }

    /// The cat's turn (an AND node): it steps to one of `ties`, its
    /// candidates on `free`.
    fn cat_turn(&mut self, free: u128, cat: u8, ties: u128, depth: usize) -> Outcome {
        if ties == 0 {
            return Outcome::Win(u8::MAX);
        }
        let g = self.geometry();
        let escape = ties & g.boundary;
        if escape != 0 {
            return Outcome::Loss(escape_zone(escape));
        }
        if !self.tick() {
            return Outcome::Unknown;
        }
        // The most dangerous step first: the one with the most free
        // neighbours.
        let mut steps: [(u32, u8); 6] = [(0, 0); 6];
        let mut count = 0;
        for t in bits(ties) {
            steps[count] = ((self.geometry().neighbours(t) & free).count_ones(), t);
            count += 1;
        }
        let steps = &mut steps[..count];
        steps.sort_by_key(|&(n, t)| (std::cmp::Reverse(n), t));
        for &(_, next) in steps.iter() {
            match self.player_turn(free, next, depth) {
                Outcome::Win(_) => {}
                Outcome::Loss(z) => {
                    // The step stays a candidate as long as `next` and one
                    // shortest path from it stay free.
                    let view = self.geometry().cat_view(free, cat);
                    let path = view.one_path(self.geometry(), next);
                    return Outcome::Loss(z | bit(next) | path);
                }
                Outcome::Unknown => return Outcome::Unknown,
            }
        }
        Outcome::Win(u8::MAX)
    }
}

/// The key of a player's turn: the free cells (the cat's among them) and
/// the cat's cell.
fn or_key(free: u128, cat: u8) -> u128 {
    free | (u128::from(cat) << CAT_SHIFT)
}

/// The key of the cat's turn: as [`or_key`] without the cat's own cell,
/// which is always free, so the two kinds never share a key.
fn and_key(free: u128, cat: u8) -> u128 {
    (free & !bit(cat)) | (u128::from(cat) << CAT_SHIFT)
}

/// The zone of an immediate escape: the lowest boundary cell among the
/// cat's candidates (it stays a candidate whatever else is blocked).
fn escape_zone(escape: u128) -> u128 {
    escape & escape.wrapping_neg()
}

/// Decides a position with a fresh [`Solver`] (see [`Solver::solve`]).
pub fn solve(board: &Board, cat: Pos, budget: &Budget) -> Verdict {
    Solver::new().solve(board, cat, budget)
}
