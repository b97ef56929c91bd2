//! Whether a patience can still be won: a best-first search over the
//! game's own moves (autoplay after each, as the game plays it), the
//! positions with the fewest cards out of place first, every position
//! seen once, bounded by a number of positions expanded (nodes, never
//! time), so the same question gets the same answer on any machine.
//!
//! A win found is a proof: its moves are played in order. "Cannot be won"
//! is a proof too, since the search left no legal move untried; columns
//! and free cells are compared as sets (which column holds a run does not
//! change what can follow), and moving a whole column into an empty one is
//! skipped, as it only swaps two columns. When the budget runs out first,
//! the answer is "undecided".

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use super::{Move, Patience, Role};

/// The budget the games give a question asked from the table.
pub const GAME_BUDGET: u64 = 100_000;

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Won by these moves, in order (autoplay after each).
    Winnable(Vec<Move>),
    /// No sequence of moves wins.
    Unwinnable,
    /// The budget ran out first.
    Undecided,
}

/// The verdict and the positions expanded to reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// What was found.
    pub verdict: Verdict,
    /// Positions expanded (at most the budget).
    pub nodes: u64,
}

impl Solution {
    /// A move that keeps the win found, if one was.
    pub fn first_move(&self) -> Option<Move> {
        match &self.verdict {
            Verdict::Winnable(path) => path.first().copied(),
            _ => None,
        }
    }
}

/// Searches `game` (as it stands, autoplay done) for a win, expanding at
/// most `budget` positions.
///
/// ```
/// use cards::patience::{KLONDIKE_RULES, Patience, Role, Move};
/// use cards::patience::solver::{Verdict, solve};
/// use cards::card::read_cards;
/// // A finished game but for the king of spades on the waste (which
/// // autoplay leaves to the player).
/// let mut roles = vec![Role::Foundation; 4];
/// roles.push(Role::Waste);
/// let mut game = Patience::new(KLONDIKE_RULES, &roles);
/// for (f, suit) in "CDHS".chars().enumerate() {
///     let run: Vec<String> = "A23456789TJQK".chars().map(|r| format!("{r}{suit}")).collect();
///     game.piles[f].cards = read_cards(&run.join(" ")).unwrap();
/// }
/// let king = game.piles[3].cards.pop().unwrap();
/// game.piles[4].cards.push(king);
/// let solution = solve(&game, 10);
/// assert_eq!(solution.verdict, Verdict::Winnable(vec![Move::Cards { from: 4, count: 1, to: 3 }]));
/// ```
pub fn solve(game: &Patience, budget: u64) -> Solution {
    let mut search = Search::new(game, budget);
    loop {
        if let Some(solution) = search.run(budget) {
            return solution;
        }
    }
}

/// A position expanded: where it came from, by which move, and the
/// position packed ([`Search::pack`]: a tenth of its size as piles, for a
/// search keeps every position it expanded).
struct Expanded {
    parent: usize,
    by: Option<Move>,
    packed: Box<[u8]>,
}

/// A search under way, run a number of nodes at a time ([`Search::run`]),
/// so a game can think across ticks and stay responsive: the same
/// positions in the same order as [`solve`], whatever the steps.
pub struct Search {
    budget: u64,
    seen: HashSet<Box<[u8]>, BuildHasherDefault<Fnv>>,
    /// The positions waiting, as the move from an expanded one, the most
    /// promising (fewest cards out of place), then the newest, first.
    waiting: BinaryHeap<Reverse<Waiting>>,
    expanded: Vec<Expanded>,
    pushed: u64,
    done: Option<Solution>,
    /// The game's rules and empty piles, to unpack positions into.
    empty: Patience,
}

impl Search {
    /// A search of `game` (autoplay done first) within `budget` nodes.
    pub fn new(game: &Patience, budget: u64) -> Search {
        let mut search = Search {
            budget,
            seen: HashSet::default(),
            waiting: BinaryHeap::new(),
            expanded: Vec::new(),
            pushed: 0,
            done: None,
            empty: Patience {
                piles: game
                    .piles
                    .iter()
                    .map(|p| super::Pile {
                        role: p.role,
                        cards: Vec::new(),
                        down: 0,
                    })
                    .collect(),
                moves: 0,
                ..game.clone()
            },
        };
        let mut start = game.clone();
        start.autoplay();
        if start.won() {
            search.done = Some(Solution {
                verdict: Verdict::Winnable(Vec::new()),
                nodes: 0,
            });
            return search;
        }
        search.seen.insert(key(&start).into_boxed_slice());
        search.expand(start, 0, None);
        search
    }

    /// Positions expanded so far.
    pub fn nodes(&self) -> u64 {
        self.expanded.len() as u64
    }

    /// Expands up to `nodes` more positions; the solution once there is
    /// one (then the same every call).
    pub fn run(&mut self, nodes: u64) -> Option<Solution> {
        let mut left = nodes;
        while self.done.is_none() && left > 0 {
            left -= 1;
            let Some(Reverse((_, _, parent, mv))) = self.waiting.pop() else {
                self.done = Some(Solution {
                    verdict: Verdict::Unwinnable,
                    nodes: self.nodes(),
                });
                break;
            };
            if self.nodes() >= self.budget {
                self.done = Some(Solution {
                    verdict: Verdict::Undecided,
                    nodes: self.nodes(),
                });
                break;
            }
            let mut state = self.unpack(&self.expanded[parent].packed);
            state.apply(mv);
            state.autoplay();
            self.expand(state, parent, Some(mv));
        }
        self.done.clone()
    }

    /// Expands `state` (reached from `parent` by `by`): its children wait
    /// their turn, or one wins and the search is done.
    fn expand(&mut self, state: Patience, parent: usize, by: Option<Move>) {
        let at = self.expanded.len();
        let moves = ordered_moves(&state);
        let packed = Self::pack(&state);
        self.expanded.push(Expanded { parent, by, packed });
        for mv in moves {
            let mut child = state.clone();
            child.apply(mv);
            child.autoplay();
            if child.won() {
                self.done = Some(Solution {
                    verdict: Verdict::Winnable(self.path_to(at, mv)),
                    nodes: self.nodes(),
                });
                return;
            }
            if self.seen.insert(key(&child).into_boxed_slice()) {
                self.pushed += 1;
                let order = (distance(&child), Reverse(self.pushed), at, mv);
                self.waiting.push(Reverse(order));
            }
        }
    }

    /// `game` as bytes: the redeals used (two bytes), then each pile's
    /// face-down count, length and cards (1 to 52).
    fn pack(game: &Patience) -> Box<[u8]> {
        let used = game.redeals_used.min(u32::from(u16::MAX)) as u16;
        let mut out = used.to_le_bytes().to_vec();
        for p in &game.piles {
            out.push(p.down as u8);
            out.push(p.cards.len() as u8);
            out.extend(p.cards.iter().map(|c| c.index() as u8));
        }
        out.into_boxed_slice()
    }

    /// The position [`Search::pack`] packed.
    fn unpack(&self, packed: &[u8]) -> Patience {
        let mut game = self.empty.clone();
        game.redeals_used = u32::from(u16::from_le_bytes([packed[0], packed[1]]));
        let mut at = 2;
        for p in &mut game.piles {
            p.down = usize::from(packed[at]);
            let n = usize::from(packed[at + 1]);
            p.cards = packed[at + 2..at + 2 + n]
                .iter()
                .filter_map(|&i| crate::card::Card::from_index(usize::from(i)))
                .collect();
            at += 2 + n;
        }
        game
    }

    /// The moves from the start to expanded position `at`, then `last`.
    fn path_to(&self, mut at: usize, last: Move) -> Vec<Move> {
        let mut path = vec![last];
        while let Some(mv) = self.expanded[at].by {
            path.push(mv);
            at = self.expanded[at].parent;
        }
        path.reverse();
        path
    }
}

/// A position waiting to be expanded: its distance from a win, the
/// order it was found in (the newest first among equals), the expanded
/// position it comes from and the move from there.
type Waiting = (u32, Reverse<u64>, usize, Move);

/// How far a position looks from a win: cards not home count two, cards
/// face down three more, a card lying on a lower one (which it hides)
/// one more, a card in a free cell three. Only the order of the search
/// depends on it.
fn distance(game: &Patience) -> u32 {
    let mut d = 0u32;
    for p in &game.piles {
        match p.role {
            Role::Foundation => {}
            Role::FreeCell => d += 3 * p.cards.len() as u32,
            Role::Tableau => {
                d += 2 * p.cards.len() as u32 + 3 * p.down as u32;
                let mut lowest = u8::MAX;
                for c in &p.cards {
                    if c.rank.value() > lowest {
                        d += 1;
                    }
                    lowest = lowest.min(c.rank.value());
                }
            }
            Role::Stock | Role::Waste => d += 2 * p.cards.len() as u32,
        }
    }
    d
}

/// The move the search would try first: the likeliest to help.
pub fn likeliest_move(game: &Patience) -> Option<Move> {
    ordered_moves(game).first().copied()
}

/// The legal moves, the likeliest to help first: cards home, a face-down
/// card uncovered, cards from the waste and free cells, the stock, other
/// column moves, cards into free cells, cards back from home last. A
/// whole column into an empty one is left out (it swaps two columns).
fn ordered_moves(game: &Patience) -> Vec<Move> {
    // Empty free cells are alike, and so are empty columns: one of each
    // is tried for a given run.
    let mut to_empty: Vec<(usize, usize, Role)> = Vec::new();
    let mut scored: Vec<(u8, Move)> = Vec::new();
    for mv in game.legal_moves() {
        let Move::Cards { from, count, to } = mv else {
            scored.push((4, mv));
            continue;
        };
        let source = &game.piles[from];
        let target = &game.piles[to];
        if target.cards.is_empty() && target.role != Role::Foundation {
            if to_empty.contains(&(from, count, target.role)) {
                continue;
            }
            to_empty.push((from, count, target.role));
        }
        let uncovers = count == source.cards.len() - source.down;
        let score = match (source.role, target.role) {
            (_, Role::Foundation) => 0,
            (Role::Tableau, Role::Tableau) if uncovers && source.down > 0 => 1,
            // A whole column into an empty one, or a card from cell to
            // cell, only changes which pile holds it.
            (Role::Tableau, Role::Tableau) if uncovers && target.cards.is_empty() => continue,
            (Role::FreeCell, Role::FreeCell) => continue,
            (Role::Tableau, Role::Tableau) if uncovers => 2,
            (Role::Waste | Role::FreeCell, Role::Tableau) => 3,
            (Role::Tableau, Role::Tableau) => 5,
            (_, Role::FreeCell) => 6,
            _ => 7,
        };
        scored.push((score, mv));
    }
    scored.sort_by_key(|&(score, _)| score);
    scored.into_iter().map(|(_, mv)| mv).collect()
}

/// FNV-1a: the positions' keys are short and made by the game, so a
/// hash that resists chosen inputs buys nothing and costs the search a
/// third of its time.
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// The position as bytes, the same for positions that differ only in which
/// column or free cell holds what: cards as 1–52, each pile closed by a
/// byte of 100 + its face-down count, groups in the layout's order.
fn key(game: &Patience) -> Vec<u8> {
    let mut out = Vec::with_capacity(96);
    let mut group: Vec<&super::Pile> = Vec::with_capacity(8);
    for role in [
        Role::Stock,
        Role::Waste,
        Role::Foundation,
        Role::Tableau,
        Role::FreeCell,
    ] {
        group.clear();
        group.extend(game.piles.iter().filter(|p| p.role == role));
        if matches!(role, Role::Tableau | Role::FreeCell | Role::Foundation) {
            group.sort_by(|a, b| (&a.cards, a.down).cmp(&(&b.cards, b.down)));
        }
        for p in &group {
            out.extend(p.cards.iter().map(|c| c.index() as u8 + 1));
            out.push(100 + p.down.min(150) as u8);
        }
        out.push(255);
    }
    if game.rules.redeals.is_some() {
        out.push(game.redeals_used.min(250) as u8);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::read_cards;
    use crate::patience::{FREECELL_RULES, KLONDIKE_RULES, PatienceRules};

    fn game(rules: PatienceRules, columns: &[&str]) -> Patience {
        let mut roles = vec![Role::Stock, Role::Waste];
        roles.extend([Role::Foundation; 4]);
        roles.extend(columns.iter().map(|_| Role::Tableau));
        let mut g = Patience::new(rules, &roles);
        for (i, text) in columns.iter().enumerate() {
            g.piles[6 + i].cards = read_cards(text).unwrap();
        }
        g
    }

    /// The 52 cards in four columns: each a suit from king to ace, but
    /// with the aces of clubs and spades swapped deep down.
    fn four_suits(swap: bool) -> Vec<String> {
        let mut columns: Vec<Vec<String>> = "CDHS"
            .chars()
            .map(|s| "KQJT98765432A".chars().map(|r| format!("{r}{s}")).collect())
            .collect();
        if swap {
            let (a, b) = (columns[0][1].clone(), columns[3][1].clone());
            columns[0][1] = b;
            columns[3][1] = a;
        }
        columns.into_iter().map(|c| c.join(" ")).collect()
    }

    #[test]
    fn a_sorted_table_is_won_by_autoplay_alone() {
        let columns = four_suits(false);
        let refs: Vec<&str> = columns.iter().map(String::as_str).collect();
        let g = game(KLONDIKE_RULES, &refs);
        let s = solve(&g, 1);
        assert_eq!(s.verdict, Verdict::Winnable(Vec::new()));
    }

    /// The 48 cards home but the queens and kings of clubs and spades,
    /// which lie in `columns`.
    fn nearly_done(rules: PatienceRules, columns: &[&str]) -> Patience {
        let mut g = game(rules, columns);
        for (f, suit) in "CDHS".chars().enumerate() {
            let last = if "CS".contains(suit) { 11 } else { 13 };
            let run: String = "A23456789TJQK"
                .chars()
                .take(last)
                .map(|r| format!("{r}{suit} "))
                .collect();
            g.piles[2 + f].cards = read_cards(&run).unwrap();
        }
        assert_eq!(g.all_cards(), crate::card::deck());
        g
    }

    #[test]
    fn a_win_is_found_with_its_moves_and_a_table_with_no_way_out_is_proven_lost() {
        // Each queen lies face down under the other suit's king; a king
        // must go to the empty column to free a queen.
        let mut g = nearly_done(KLONDIKE_RULES, &["QS KC", "QC KS", ""]);
        g.piles[6].down = 1;
        g.piles[7].down = 1;
        let s = solve(&g, 1000);
        let Verdict::Winnable(path) = &s.verdict else {
            panic!("{s:?}");
        };
        assert_eq!(
            path[0],
            Move::Cards {
                from: 6,
                count: 1,
                to: 8
            }
        );
        let mut replay = g.clone();
        for &mv in path {
            replay.play(mv).unwrap();
            replay.autoplay();
        }
        assert!(replay.won(), "the moves found win");
        // Without the empty column (FreeCell, no free cell): stuck.
        let stuck = nearly_done(FREECELL_RULES, &["QS KC", "QC KS"]);
        let s = solve(&stuck, 1000);
        assert_eq!(s.verdict, Verdict::Unwinnable);
        assert_eq!(s.first_move(), None);
    }

    #[test]
    fn the_budget_counts_positions_and_leaves_it_undecided() {
        let mut g = game(KLONDIKE_RULES, &[""; 7]);
        g.deal_rows(
            &crate::deal::shuffled_deck(7),
            &[1, 2, 3, 4, 5, 6, 7],
            false,
        );
        let short = solve(&g, 2);
        assert_eq!(
            short,
            Solution {
                verdict: Verdict::Undecided,
                nodes: 2
            }
        );
        let longer = solve(&g, 5_000);
        assert!(longer.nodes > 2 && longer.nodes <= 5_000, "{longer:?}");
        // The same answer every time: nodes are counted, not timed; and
        // the same when the search runs a hundred nodes at a time.
        assert_eq!(solve(&g, 5_000), longer);
        let mut search = Search::new(&g, 5_000);
        let mut steps = 0;
        let stepped = loop {
            steps += 1;
            if let Some(solution) = search.run(100) {
                break solution;
            }
            assert_eq!(
                search.nodes(),
                1 + steps * 100,
                "the start, a hundred more each step"
            );
        };
        assert_eq!(stepped, longer);
        assert_eq!(search.run(100), Some(longer), "done stays done");
    }
}
