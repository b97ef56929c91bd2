//! Patience (solitaire) as data: the standard piles and their rules, so a
//! patience is its layout, its deal and a few rule choices, as in
//! PySolFC's stack classes or Aisleriot's `api.scm`.
//!
//! - [`Patience`]: the piles of one game ([`Role`]: stock, waste,
//!   foundations, tableau columns, free cells), each a [`Pile`] of cards
//!   with its face-down ones at the bottom, and the [`PatienceRules`] that
//!   say how cards build and move.
//! - [`Move`]: turning cards from the stock (redealing the waste when it
//!   is empty), and moving the top cards of a pile onto another. A legal
//!   move uncovers and turns the card under it; [`Patience::autoplay`]
//!   then sends the cards home that no game needs any more.
//! - [`solver`]: whether the deal can still be won, with a node budget,
//!   and a move that keeps a proven win.
//! - [`save`]: a table as text in the kit's card notation, face-down cards
//!   counted, refused unless every card is there once.
//! - [`game`]: [`game::PatienceGame`], one [`game_api::Game`] for every
//!   patience described by a [`game::Variant`].
//! - [`drive`]: a patience played through its C ABI table by the labels
//!   of its regions, for the games' tests.
//!
//! ```
//! use cards::patience::{Move, Patience, Role};
//! use cards::card::read_cards;
//!
//! // Klondike's piles on a table of one column holding a red seven.
//! let mut game = Patience::new(cards::patience::KLONDIKE_RULES, &[Role::Stock, Role::Waste,
//!     Role::Foundation, Role::Tableau, Role::Tableau]);
//! game.piles[3].cards = read_cards("8S").unwrap();
//! game.piles[4].cards = read_cards("KC 7H").unwrap();
//! game.piles[4].down = 1;
//! // The seven goes onto the black eight; the king under it turns up.
//! game.play(Move::Cards { from: 4, count: 1, to: 3 }).unwrap();
//! assert_eq!(game.piles[4].down, 0);
//! assert!(game.play(Move::Cards { from: 3, count: 1, to: 4 }).is_err(), "not on a king");
//! ```

pub mod drive;
pub mod figures;
pub mod game;
pub mod save;
pub mod solver;

use std::fmt;

use crate::card::{Card, Rank};

/// What a pile is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The stock: face down, turned onto the waste a few at a time.
    Stock,
    /// The waste: the cards turned from the stock, its top one playable.
    Waste,
    /// A foundation: one suit built up from the ace.
    Foundation,
    /// A tableau column, built down; face-down cards at its bottom.
    Tableau,
    /// A free cell: holds one card.
    FreeCell,
}

impl Role {
    /// The word a save writes for it ("tableau").
    pub fn word(self) -> &'static str {
        match self {
            Role::Stock => "stock",
            Role::Waste => "waste",
            Role::Foundation => "foundation",
            Role::Tableau => "tableau",
            Role::FreeCell => "cell",
        }
    }
}

/// How a tableau column builds down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Build {
    /// One lower, in the other colour (Klondike, FreeCell).
    AlternateColours,
    /// One lower, in the same suit.
    SameSuit,
    /// One lower, any suit.
    AnySuit,
}

impl Build {
    /// Whether `card` may lie on `under`.
    pub fn allows(self, under: Card, card: Card) -> bool {
        under.rank.value() == card.rank.value() + 1
            && match self {
                Build::AlternateColours => under.is_red() != card.is_red(),
                Build::SameSuit => under.suit == card.suit,
                Build::AnySuit => true,
            }
    }
}

/// What an empty tableau column takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EmptyColumn {
    /// Any card or run (FreeCell).
    Anything,
    /// Only a king, or a run from a king (Klondike).
    KingsOnly,
}

/// How many cards move at once from a tableau column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Runs {
    /// Any built run of face-up cards (Klondike).
    Any,
    /// As many as the empty free cells and columns could carry one by one:
    /// (free cells + 1) × 2^(empty columns), the target not counted
    /// (FreeCell's "supermove").
    FreeCellLimit,
}

/// The rules a patience picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PatienceRules {
    /// How the tableau builds.
    pub build: Build,
    /// What an empty column takes.
    pub empty_column: EmptyColumn,
    /// How many cards move at once.
    pub runs: Runs,
    /// How many cards a turn of the stock puts on the waste.
    pub draw: usize,
    /// How many times the waste may be turned back into the stock;
    /// `None`: as often as the player likes.
    pub redeals: Option<u32>,
    /// Whether a foundation's top card may come back to the tableau.
    pub take_back: bool,
}

/// Klondike's rules, drawing one card with unlimited redeals.
pub const KLONDIKE_RULES: PatienceRules = PatienceRules {
    build: Build::AlternateColours,
    empty_column: EmptyColumn::KingsOnly,
    runs: Runs::Any,
    draw: 1,
    redeals: None,
    take_back: true,
};

/// FreeCell's rules.
pub const FREECELL_RULES: PatienceRules = PatienceRules {
    build: Build::AlternateColours,
    empty_column: EmptyColumn::Anything,
    runs: Runs::FreeCellLimit,
    draw: 0,
    redeals: Some(0),
    take_back: true,
};

/// One pile: its role, its cards (the bottom first) and how many of them,
/// from the bottom, lie face down.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pile {
    /// What it is for.
    pub role: Role,
    /// Its cards, the bottom first.
    pub cards: Vec<Card>,
    /// How many of the bottom cards are face down (all of a stock's).
    pub down: usize,
}

impl Pile {
    /// The top card.
    pub fn top(&self) -> Option<Card> {
        self.cards.last().copied()
    }

    /// Whether card `index` is face up.
    pub fn is_up(&self, index: usize) -> bool {
        index >= self.down
    }
}

/// A move of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Turn cards from the stock onto the waste, or turn the waste back
    /// over into the stock when the stock is empty.
    Draw,
    /// The top `count` cards of pile `from` onto pile `to`.
    Cards {
        /// The pile they leave.
        from: usize,
        /// How many, from the top.
        count: usize,
        /// The pile they go to.
        to: usize,
    },
}

/// Why a move is refused, in words for the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn refuse<T>(why: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(why.into()))
}

/// A game of patience: its piles and rules, and what was played.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Patience {
    /// The rules.
    pub rules: PatienceRules,
    /// The piles, in the layout's order.
    pub piles: Vec<Pile>,
    /// How many times the waste was turned back into the stock.
    pub redeals_used: u32,
    /// Moves made (each turn of the stock counts; autoplay does not).
    pub moves: u32,
}

impl Patience {
    /// Empty piles of `roles` under `rules`.
    pub fn new(rules: PatienceRules, roles: &[Role]) -> Patience {
        Patience {
            rules,
            piles: roles
                .iter()
                .map(|&role| Pile {
                    role,
                    cards: Vec::new(),
                    down: 0,
                })
                .collect(),
            redeals_used: 0,
            moves: 0,
        }
    }

    /// Deals `cards` in rows across the tableau, the first card to the
    /// first column: column `c` gets `counts[c]` cards (a row skips the
    /// columns already full), face down but for its top unless `all_up`;
    /// what is left goes to the stock face down, the last card on top.
    pub fn deal_rows(&mut self, cards: &[Card], counts: &[usize], all_up: bool) {
        let columns: Vec<usize> = self.of(Role::Tableau).collect();
        let mut next = cards.iter().copied();
        let rows = counts.iter().copied().max().unwrap_or(0);
        for row in 0..rows {
            for (c, &pile) in columns.iter().enumerate() {
                if counts.get(c).is_some_and(|&n| n > row)
                    && let Some(card) = next.next()
                {
                    self.piles[pile].cards.push(card);
                }
            }
        }
        for &pile in &columns {
            let p = &mut self.piles[pile];
            p.down = if all_up {
                0
            } else {
                p.cards.len().saturating_sub(1)
            };
        }
        let stock = self.of(Role::Stock).next();
        if let Some(stock) = stock {
            self.piles[stock].cards = next.collect();
            self.piles[stock].down = self.piles[stock].cards.len();
        }
    }

    /// The indices of the piles of `role`, in order.
    pub fn of(&self, role: Role) -> impl Iterator<Item = usize> + '_ {
        (0..self.piles.len()).filter(move |&p| self.piles[p].role == role)
    }

    /// The cards on the foundations.
    pub fn home(&self) -> usize {
        self.of(Role::Foundation)
            .map(|f| self.piles[f].cards.len())
            .sum()
    }

    /// Every card of the table, sorted.
    pub fn all_cards(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self.piles.iter().flat_map(|p| p.cards.clone()).collect();
        all.sort();
        all
    }

    /// Whether every card is home.
    pub fn won(&self) -> bool {
        self.piles
            .iter()
            .all(|p| p.role == Role::Foundation || p.cards.is_empty())
    }

    /// Redeals left; `None` when unlimited.
    pub fn redeals_left(&self) -> Option<u32> {
        self.rules
            .redeals
            .map(|r| r.saturating_sub(self.redeals_used))
    }

    /// Whether the stock can be turned (or the waste turned back).
    pub fn can_draw(&self) -> bool {
        let stock = self.of(Role::Stock).next();
        let waste = self.of(Role::Waste).next();
        match (stock, waste) {
            (Some(s), Some(w)) => {
                !self.piles[s].cards.is_empty()
                    || (!self.piles[w].cards.is_empty() && self.redeals_left() != Some(0))
            }
            _ => false,
        }
    }

    /// Whether the top cards of `pile` from `index` up may be picked up:
    /// the top of a waste, a free cell or (when taken back) a foundation;
    /// a built run of face-up cards in a column.
    pub fn movable(&self, pile: usize, index: usize) -> bool {
        let p = &self.piles[pile];
        if index >= p.cards.len() || !p.is_up(index) {
            return false;
        }
        let top = index + 1 == p.cards.len();
        match p.role {
            Role::Stock => false,
            Role::Waste | Role::FreeCell => top,
            Role::Foundation => top && self.rules.take_back,
            Role::Tableau => p.cards[index..]
                .windows(2)
                .all(|w| self.rules.build.allows(w[0], w[1])),
        }
    }

    /// How many cards may move at once onto pile `to` now.
    pub fn run_limit(&self, to: usize) -> usize {
        match self.rules.runs {
            Runs::Any => usize::MAX,
            Runs::FreeCellLimit => {
                let cells = self
                    .of(Role::FreeCell)
                    .filter(|&c| self.piles[c].cards.is_empty())
                    .count();
                let columns = self
                    .of(Role::Tableau)
                    .filter(|&c| c != to && self.piles[c].cards.is_empty())
                    .count();
                (cells + 1) << columns.min(20)
            }
        }
    }

    /// Whether `mv` is legal, or why not.
    pub fn check(&self, mv: Move) -> Result<(), Refusal> {
        let (from, count, to) = match mv {
            Move::Draw => {
                return if self.can_draw() {
                    Ok(())
                } else if self.of(Role::Stock).next().is_none() {
                    refuse("this game has no stock")
                } else {
                    refuse("the stock is empty and no redeal is left")
                };
            }
            Move::Cards { from, count, to } => (from, count, to),
        };
        if from >= self.piles.len() || to >= self.piles.len() || from == to {
            return refuse("no such move");
        }
        let source = &self.piles[from];
        if count == 0 || count > source.cards.len() {
            return refuse("no such cards");
        }
        let index = source.cards.len() - count;
        if !self.movable(from, index) {
            return refuse(match source.role {
                Role::Stock => "cards of the stock are turned onto the waste, not moved".into(),
                Role::Tableau if source.is_up(index) => {
                    "only a run built down in turn moves together".to_string()
                }
                _ => "that card cannot move".into(),
            });
        }
        let card = source.cards[index];
        let target = &self.piles[to];
        match target.role {
            Role::Foundation if source.role == Role::Foundation => {
                refuse(format!("the {} is home already", card.name()))
            }
            Role::Foundation => {
                if count > 1 {
                    return refuse("cards go home one at a time");
                }
                match target.top() {
                    None if card.rank == Rank::ACE => Ok(()),
                    None => refuse("a foundation starts with an ace"),
                    Some(top)
                        if top.suit == card.suit && top.rank.value() + 1 == card.rank.value() =>
                    {
                        Ok(())
                    }
                    Some(top) => refuse(format!(
                        "only the {} goes on the {}",
                        next_up(top),
                        top.name()
                    )),
                }
            }
            Role::FreeCell if !target.cards.is_empty() => refuse("a free cell holds one card"),
            Role::FreeCell if count > 1 => refuse("a free cell holds one card"),
            Role::FreeCell => Ok(()),
            Role::Tableau => {
                let limit = self.run_limit(to);
                if count > limit {
                    return refuse(format!(
                        "with the free cells and columns empty now, {limit} card{} can move at once",
                        if limit == 1 { "" } else { "s" }
                    ));
                }
                match target.top() {
                    None => match self.rules.empty_column {
                        EmptyColumn::Anything => Ok(()),
                        EmptyColumn::KingsOnly if card.rank == Rank::KING => Ok(()),
                        EmptyColumn::KingsOnly => refuse("only a king goes into an empty column"),
                    },
                    Some(top) if self.rules.build.allows(top, card) => Ok(()),
                    Some(top) => refuse(format!(
                        "the {} does not go on the {}: {}",
                        card.name(),
                        top.name(),
                        match self.rules.build {
                            Build::AlternateColours => "build down in the other colour",
                            Build::SameSuit => "build down in the same suit",
                            Build::AnySuit => "build down",
                        }
                    )),
                }
            }
            Role::Stock | Role::Waste => {
                refuse(format!("nothing is put on the {}", target.role.word()))
            }
        }
    }

    /// Makes `mv` if it is legal: the card it uncovers turns face up.
    pub fn play(&mut self, mv: Move) -> Result<(), Refusal> {
        self.check(mv)?;
        self.apply(mv);
        self.moves += 1;
        Ok(())
    }

    /// Makes a move [`Patience::check`] allowed (moves not counted).
    fn apply(&mut self, mv: Move) {
        match mv {
            Move::Draw => {
                let stock = self.of(Role::Stock).next().expect("a stock");
                let waste = self.of(Role::Waste).next().expect("a waste");
                if self.piles[stock].cards.is_empty() {
                    let mut back = std::mem::take(&mut self.piles[waste].cards);
                    back.reverse();
                    self.piles[stock].down = back.len();
                    self.piles[stock].cards = back;
                    self.redeals_used += 1;
                } else {
                    for _ in 0..self.rules.draw.max(1) {
                        let Some(card) = self.piles[stock].cards.pop() else {
                            break;
                        };
                        self.piles[waste].cards.push(card);
                    }
                    self.piles[stock].down = self.piles[stock].cards.len();
                }
            }
            Move::Cards { from, count, to } => {
                let at = self.piles[from].cards.len() - count;
                let moved = self.piles[from].cards.split_off(at);
                self.piles[to].cards.extend(moved);
                let source = &mut self.piles[from];
                if source.role != Role::Stock {
                    source.down = source.down.min(source.cards.len().saturating_sub(1));
                }
            }
        }
    }

    /// The foundation that takes the top card of `pile` now, if any.
    pub fn home_for(&self, pile: usize) -> Option<usize> {
        let source = &self.piles[pile];
        let card = source.top()?;
        let playable = match source.role {
            Role::Foundation | Role::Stock => false,
            Role::Waste | Role::FreeCell | Role::Tableau => source.is_up(source.cards.len() - 1),
        };
        if !playable {
            return None;
        }
        self.of(Role::Foundation)
            .find(|&to| match self.piles[to].top() {
                None => card.rank == Rank::ACE,
                Some(top) => top.suit == card.suit && top.rank.value() + 1 == card.rank.value(),
            })
    }

    /// Sends the top card of `pile` home (a double click or right click
    /// on it); whether it went.
    pub fn send_home(&mut self, pile: usize) -> bool {
        match self.home_for(pile) {
            Some(to) => self
                .play(Move::Cards {
                    from: pile,
                    count: 1,
                    to,
                })
                .is_ok(),
            None => false,
        }
    }

    /// Whether `card` is no use anywhere but home: an ace or a two, or a
    /// card both of whose lower cards of the other colour are home (so no
    /// card could still want to lie on it). Only for alternate colours;
    /// other builds call every card useful.
    pub fn no_longer_needed(&self, card: Card) -> bool {
        let value = card.rank.value();
        if value <= 2 {
            return true;
        }
        if self.rules.build != Build::AlternateColours {
            return false;
        }
        let home = self.home_ranks();
        crate::card::Suit::ALL
            .into_iter()
            .filter(|s| s.is_red() != card.is_red())
            .all(|s| home[s as usize] + 1 >= value)
    }

    /// Sends home every card of a column or free cell that no game needs
    /// any more ([`Patience::no_longer_needed`]), until none is left: the
    /// moves it made, in order. Waste cards stay for the player, since
    /// taking one changes which cards later turns of the stock show.
    pub fn autoplay(&mut self) -> Vec<Move> {
        let mut made = Vec::new();
        'again: loop {
            for from in 0..self.piles.len() {
                if !matches!(self.piles[from].role, Role::Tableau | Role::FreeCell) {
                    continue;
                }
                let Some(card) = self.piles[from].top() else {
                    continue;
                };
                if !self.no_longer_needed(card) {
                    continue;
                }
                if let Some(to) = self.home_for(from) {
                    let mv = Move::Cards { from, count: 1, to };
                    self.apply(mv);
                    made.push(mv);
                    continue 'again;
                }
            }
            return made;
        }
    }

    /// Every legal move now, the stock's turn included. Built from the
    /// rules directly rather than by asking [`Patience::check`] of every
    /// pair of piles: the solver calls it for each position.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.can_draw() {
            moves.push(Move::Draw);
        }
        let build = self.rules.build;
        // How many cards may move onto a column that holds cards, and
        // onto an empty one (which then is not counted as a help).
        let (onto_cards, onto_empty) = match self.rules.runs {
            Runs::Any => (usize::MAX, usize::MAX),
            Runs::FreeCellLimit => {
                let cells = self
                    .of(Role::FreeCell)
                    .filter(|&c| self.piles[c].cards.is_empty())
                    .count();
                let empty = self
                    .of(Role::Tableau)
                    .filter(|&c| self.piles[c].cards.is_empty())
                    .count();
                let limit = |columns: usize| (cells + 1) << columns.min(20);
                (limit(empty), limit(empty.saturating_sub(1)))
            }
        };
        let home: [u8; 4] = self.home_ranks();
        for (from, source) in self.piles.iter().enumerate() {
            let n = source.cards.len();
            if n == 0 || source.role == Role::Stock || !source.is_up(n - 1) {
                continue;
            }
            if source.role == Role::Foundation && !self.rules.take_back {
                continue;
            }
            // The lowest card that may move with those on it.
            let mut lowest = n - 1;
            if source.role == Role::Tableau {
                while lowest > source.down
                    && build.allows(source.cards[lowest - 1], source.cards[lowest])
                {
                    lowest -= 1;
                }
            }
            let top = source.cards[n - 1];
            for (to, target) in self.piles.iter().enumerate() {
                if to == from {
                    continue;
                }
                match target.role {
                    Role::Foundation if source.role != Role::Foundation => {
                        let fits = match target.top() {
                            None => top.rank == Rank::ACE,
                            Some(t) => t.suit == top.suit && t.rank.value() + 1 == top.rank.value(),
                        };
                        if fits && home[top.suit as usize] + 1 == top.rank.value() {
                            moves.push(Move::Cards { from, count: 1, to });
                        }
                    }
                    Role::FreeCell if target.cards.is_empty() => {
                        moves.push(Move::Cards { from, count: 1, to });
                    }
                    Role::Tableau => match target.top() {
                        Some(t) => {
                            // The one card of the run that fits: one lower.
                            let wanted = t.rank.value().saturating_sub(1);
                            let Some(rise) = wanted.checked_sub(top.rank.value()) else {
                                continue;
                            };
                            let Some(index) = (n - 1).checked_sub(usize::from(rise)) else {
                                continue;
                            };
                            let count = n - index;
                            if index >= lowest
                                && build.allows(t, source.cards[index])
                                && count <= onto_cards
                            {
                                moves.push(Move::Cards { from, count, to });
                            }
                        }
                        None => {
                            for index in lowest..n {
                                let count = n - index;
                                let fits = match self.rules.empty_column {
                                    EmptyColumn::Anything => count <= onto_empty,
                                    EmptyColumn::KingsOnly => {
                                        source.cards[index].rank == Rank::KING
                                    }
                                };
                                if fits {
                                    moves.push(Move::Cards { from, count, to });
                                }
                            }
                        }
                    },
                    _ => {}
                }
            }
        }
        moves
    }

    /// The rank home in each suit (0 for none), by suit order.
    fn home_ranks(&self) -> [u8; 4] {
        let mut home = [0u8; 4];
        for f in self.of(Role::Foundation) {
            if let Some(top) = self.piles[f].top() {
                home[top.suit as usize] = top.rank.value();
            }
        }
        home
    }
}

/// The card one higher in the same suit ("eight of hearts").
fn next_up(card: Card) -> String {
    match Rank::new(card.rank.value() + 1) {
        Some(r) => Card::new(r, card.suit).name(),
        None => "nothing more".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::read_cards;

    fn cards(text: &str) -> Vec<Card> {
        read_cards(text).unwrap()
    }

    /// Stock, waste, four foundations, three columns and two free cells.
    fn small(rules: PatienceRules) -> Patience {
        let mut roles = vec![Role::Stock, Role::Waste];
        roles.extend([Role::Foundation; 4]);
        roles.extend([Role::Tableau; 3]);
        roles.extend([Role::FreeCell; 2]);
        Patience::new(rules, &roles)
    }

    const COL: usize = 6;
    const CELL: usize = 9;

    #[test]
    fn columns_build_down_in_the_other_colour_and_turn_the_card_uncovered() {
        let mut g = small(KLONDIKE_RULES);
        g.piles[COL].cards = cards("2C 9H");
        g.piles[COL].down = 1;
        g.piles[COL + 1].cards = cards("TS");
        g.piles[COL + 2].cards = cards("TD");
        let onto_red = Move::Cards {
            from: COL,
            count: 1,
            to: COL + 2,
        };
        let err = g.play(onto_red).unwrap_err();
        assert!(err.0.contains("other colour"), "{err}");
        g.play(Move::Cards {
            from: COL,
            count: 1,
            to: COL + 1,
        })
        .unwrap();
        assert_eq!(g.piles[COL + 1].cards, cards("TS 9H"));
        assert_eq!(
            (g.piles[COL].cards.clone(), g.piles[COL].down),
            (cards("2C"), 0)
        );
        // The empty column takes only a king in Klondike; anything in FreeCell.
        g.piles[COL].cards.clear();
        let err = g
            .check(Move::Cards {
                from: COL + 1,
                count: 2,
                to: COL,
            })
            .unwrap_err();
        assert!(err.0.contains("king"), "{err}");
        g.rules = FREECELL_RULES;
        assert!(
            g.check(Move::Cards {
                from: COL + 1,
                count: 2,
                to: COL
            })
            .is_ok()
        );
    }

    #[test]
    fn runs_move_together_within_the_free_cell_limit() {
        let mut g = small(FREECELL_RULES);
        g.piles[COL].cards = cards("KS 8D 7C 6H 5S");
        g.piles[COL + 1].cards = cards("9S");
        g.piles[COL + 2].cards = cards("QH");
        // Two empty cells, no empty column: three cards at once.
        assert!(g.movable(COL, 1));
        assert!(!g.movable(COL, 0), "the king does not build on the eight");
        assert_eq!(g.run_limit(COL + 1), 3);
        let err = g
            .check(Move::Cards {
                from: COL,
                count: 4,
                to: COL + 1,
            })
            .unwrap_err();
        assert!(err.0.contains("3 cards can move at once"), "{err}");
        g.piles[CELL].cards = cards("AD");
        assert_eq!(g.run_limit(COL + 1), 2);
        g.piles[COL + 2].cards.clear();
        assert_eq!(g.run_limit(COL + 1), 4, "an empty column doubles it");
        assert_eq!(g.run_limit(COL + 2), 2, "not when it is the target");
        g.play(Move::Cards {
            from: COL,
            count: 4,
            to: COL + 1,
        })
        .unwrap();
        assert_eq!(g.piles[COL + 1].cards, cards("9S 8D 7C 6H 5S"));
        // Klondike moves any built run.
        g.rules = KLONDIKE_RULES;
        assert_eq!(g.run_limit(COL), usize::MAX);
    }

    #[test]
    fn free_cells_and_foundations() {
        let mut g = small(FREECELL_RULES);
        g.piles[COL].cards = cards("3H 2H AH");
        g.play(Move::Cards {
            from: COL,
            count: 1,
            to: CELL,
        })
        .unwrap();
        let err = g
            .check(Move::Cards {
                from: COL,
                count: 1,
                to: CELL,
            })
            .unwrap_err();
        assert!(err.0.contains("one card"));
        assert_eq!(g.home_for(COL), None, "a two cannot start a foundation");
        assert!(g.send_home(CELL));
        assert_eq!(g.piles[2].cards, cards("AH"));
        let err = g
            .check(Move::Cards {
                from: COL,
                count: 1,
                to: 3,
            })
            .unwrap_err();
        assert!(err.0.contains("ace"));
        assert!(g.send_home(COL));
        assert!(!g.won());
        assert!(g.send_home(COL));
        assert!(g.won() && g.home() == 3);
        // Taken back from the foundation, and the move counted.
        assert!(g.movable(2, 2));
        assert_eq!(g.moves, 4);
    }

    #[test]
    fn the_stock_turns_onto_the_waste_and_back_within_the_redeals() {
        let mut g = small(PatienceRules {
            draw: 3,
            redeals: Some(1),
            ..KLONDIKE_RULES
        });
        g.piles[0].cards = cards("5D 4D 3D 2D AD");
        g.piles[0].down = 5;
        g.play(Move::Draw).unwrap();
        assert_eq!(
            g.piles[1].cards,
            cards("AD 2D 3D"),
            "the third card turned lies on top"
        );
        assert_eq!(g.piles[0].down, 2);
        assert!(!g.movable(1, 1) && g.movable(1, 2));
        g.play(Move::Draw).unwrap();
        assert_eq!(g.piles[1].cards, cards("AD 2D 3D 4D 5D"));
        assert_eq!(g.redeals_left(), Some(1));
        g.play(Move::Draw).unwrap();
        assert_eq!(
            g.piles[0].cards,
            cards("5D 4D 3D 2D AD"),
            "turned back as it was"
        );
        assert_eq!(g.redeals_left(), Some(0));
        g.play(Move::Draw).unwrap();
        g.play(Move::Draw).unwrap();
        let err = g.play(Move::Draw).unwrap_err();
        assert!(err.0.contains("no redeal"), "{err}");
        assert!(!g.legal_moves().contains(&Move::Draw));
    }

    #[test]
    fn the_legal_moves_are_exactly_those_check_allows() {
        for (rules, seed) in [
            (KLONDIKE_RULES, 3),
            (FREECELL_RULES, 4),
            (KLONDIKE_RULES, 9),
        ] {
            let mut g = small(rules);
            let deck = crate::deal::shuffled_deck(seed);
            g.deal_rows(&deck[..20], &[6, 7, 7], rules.draw == 0);
            g.piles[2].cards = vec![];
            let mut checked = Vec::new();
            let n = g.piles.len();
            for from in 0..n {
                for count in 1..=g.piles[from].cards.len() {
                    for to in 0..n {
                        let mv = Move::Cards { from, count, to };
                        if g.check(mv).is_ok() {
                            checked.push(mv);
                        }
                    }
                }
            }
            for _ in 0..30 {
                let mut fast: Vec<Move> = g
                    .legal_moves()
                    .into_iter()
                    .filter(|m| *m != Move::Draw)
                    .collect();
                let mut slow = checked.clone();
                fast.sort_by_key(|m| format!("{m:?}"));
                slow.sort_by_key(|m| format!("{m:?}"));
                assert_eq!(fast, slow, "{g:?}");
                // Play on: the first move, and look again.
                let Some(&mv) = g.legal_moves().iter().find(|m| **m != Move::Draw) else {
                    break;
                };
                g.play(mv).unwrap();
                checked = (0..n)
                    .flat_map(|from| {
                        (1..=g.piles[from].cards.len()).map(move |count| (from, count))
                    })
                    .flat_map(|(from, count)| (0..n).map(move |to| Move::Cards { from, count, to }))
                    .filter(|&mv| g.check(mv).is_ok())
                    .collect();
            }
        }
    }

    #[test]
    fn autoplay_sends_home_only_cards_nothing_needs() {
        let mut g = small(KLONDIKE_RULES);
        g.piles[2].cards = cards("AH 2H");
        g.piles[3].cards = cards("AS");
        g.piles[COL].cards = cards("3S 3H");
        g.piles[COL + 1].cards = cards("2S");
        g.piles[1].cards = cards("AC");
        let made = g.autoplay();
        // The two of spades goes; the red three waits for the black twos
        // (the two of clubs is not home); the waste's ace stays.
        assert_eq!(
            made,
            [Move::Cards {
                from: COL + 1,
                count: 1,
                to: 3
            }]
        );
        assert_eq!(g.piles[1].cards, cards("AC"));
        assert_eq!(g.piles[COL].cards, cards("3S 3H"));
        assert_eq!(g.moves, 0, "autoplay is not the player's move");
    }
}
