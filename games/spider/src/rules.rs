//! Spider's rules, with no UI: the two-deck deal for one, two or four
//! suits, sequence moves, dealing a row from the stock, and the removal of
//! a finished king-to-ace suit. After the original's `spider.rkt`.
//!
//! ```
//! use spider::rules::{Spider, Suits};
//! let mut game = Spider::deal(Suits::Two, 7);
//! assert_eq!(game.stock.len(), 50);
//! assert_eq!(game.columns.iter().map(|c| c.cards.len()).sum::<usize>(), 54);
//! assert!(game.can_deal());
//! game.deal_row().unwrap();
//! assert_eq!(game.stock.len(), 40);
//! ```

use cards::card::deck;
use cards::{Card, Rank, Suit};
use game_api::Rng;

/// The tableau's columns.
pub const COLUMNS: usize = 10;
/// The suits to finish to win (two decks).
pub const RUNS: usize = 8;
/// All the cards: two decks' worth.
pub const CARDS: usize = 104;

/// How many suits the 104 cards have (the original's option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suits {
    /// Spades only: eight of each card (easiest).
    One,
    /// Spades and hearts: four of each card (the original's default).
    Two,
    /// All four suits: two decks (hardest).
    Four,
}

impl Suits {
    /// Every choice, easiest first.
    pub const ALL: [Suits; 3] = [Suits::One, Suits::Two, Suits::Four];

    /// The number of suits.
    pub fn count(self) -> u8 {
        match self {
            Suits::One => 1,
            Suits::Two => 2,
            Suits::Four => 4,
        }
    }

    /// The choice for `n` suits, if offered.
    pub fn from_count(n: u8) -> Option<Suits> {
        Suits::ALL.into_iter().find(|s| s.count() == n)
    }

    /// The suits used, as the original picks them.
    pub fn suits(self) -> &'static [Suit] {
        match self {
            Suits::One => &[Suit::Spades],
            Suits::Two => &[Suit::Spades, Suit::Hearts],
            Suits::Four => &[Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds],
        }
    }

    /// The 104 cards, sorted: each card of the chosen suits as many times
    /// as makes 104.
    pub fn cards(self) -> Vec<Card> {
        let copies = 8 / usize::from(self.count());
        let mut all: Vec<Card> = deck()
            .into_iter()
            .filter(|c| self.suits().contains(&c.suit))
            .flat_map(|c| std::iter::repeat_n(c, copies))
            .collect();
        all.sort();
        all
    }
}

/// A tableau column: its cards, the bottom first; the first `down` are
/// face down.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Column {
    /// The cards, the bottom first (the top, nearest the player, last).
    pub cards: Vec<Card>,
    /// How many at the bottom are face down.
    pub down: usize,
}

impl Column {
    /// The top card.
    pub fn top(&self) -> Option<Card> {
        self.cards.last().copied()
    }

    /// Whether card `index` is face up.
    pub fn is_up(&self, index: usize) -> bool {
        index >= self.down && index < self.cards.len()
    }

    /// The lowest index of the sequence on top: the cards from it up are
    /// face up, of one suit, each one lower than the card under it. The
    /// column's length when it is empty.
    pub fn run_start(&self) -> usize {
        let n = self.cards.len();
        if n == 0 {
            return 0;
        }
        let mut i = n - 1;
        while i > self.down && follows(self.cards[i - 1], self.cards[i]) {
            i -= 1;
        }
        i
    }

    /// Turns the top card face up if it is face down (a card is revealed
    /// when it becomes the top).
    fn reveal(&mut self) {
        if !self.cards.is_empty() && self.down >= self.cards.len() {
            self.down = self.cards.len() - 1;
        }
    }
}

/// Whether `upper` sits in sequence on `under`: the same suit, one lower.
pub fn follows(under: Card, upper: Card) -> bool {
    under.suit == upper.suit && under.rank.value() == upper.rank.value() + 1
}

/// What a player may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Move the cards from `index` up of column `from` onto column `to`.
    Sequence {
        /// The column they leave.
        from: usize,
        /// The lowest card moved.
        index: usize,
        /// The column they go to.
        to: usize,
    },
    /// Deal a row of ten from the stock.
    Deal,
}

/// Why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No such column or card, or the card is face down.
    NoSuchCard,
    /// The cards from there up are not one sequence.
    NotASequence,
    /// Onto its own column.
    SameColumn,
    /// The target's top card is not one higher.
    NotOneHigher,
    /// The stock is empty.
    StockEmpty,
    /// A column is empty: fill it first.
    EmptyColumn,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Refusal::NoSuchCard => "there is no face-up card there",
            Refusal::NotASequence => "only a sequence of one suit moves together",
            Refusal::SameColumn => "the cards are already on that column",
            Refusal::NotOneHigher => "a card goes only on a card one higher, or an empty column",
            Refusal::StockEmpty => "the deck is empty",
            Refusal::EmptyColumn => "fill every empty column before dealing",
        })
    }
}

/// A game of Spider.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Spider {
    /// The suits dealt.
    pub suits: Suits,
    /// The stock, the next card dealt last.
    pub stock: Vec<Card>,
    /// The ten columns.
    pub columns: Vec<Column>,
    /// The suits finished and removed, in order.
    pub done: Vec<Suit>,
    /// Moves and deals made.
    pub moves: u32,
}

impl Spider {
    /// The deal for `suits` and `seed`: the 104 cards shuffled by the seed,
    /// five face down in the first four columns and four in the rest, then
    /// a row of ten face up (six, six, six, six, then five cards); fifty
    /// stay in the stock.
    pub fn deal(suits: Suits, seed: u64) -> Spider {
        let mut cards = suits.cards();
        Rng::new(seed).shuffle(&mut cards);
        let mut game = Spider {
            suits,
            stock: cards,
            columns: vec![Column::default(); COLUMNS],
            done: Vec::new(),
            moves: 0,
        };
        for (i, column) in game.columns.iter_mut().enumerate() {
            let n = if i < 4 { 5 } else { 4 };
            for _ in 0..n {
                column.cards.push(game.stock.pop().expect("104 cards"));
            }
            column.down = n;
        }
        game.put_row();
        game
    }

    /// Whether every suit is finished.
    pub fn won(&self) -> bool {
        self.done.len() == RUNS
    }

    /// Rows left in the stock.
    pub fn deals_left(&self) -> usize {
        self.stock.len().div_ceil(COLUMNS)
    }

    /// Whether card `index` of column `col` may be picked up with the
    /// cards on it: face up, and the start of a sequence to the top.
    pub fn movable(&self, col: usize, index: usize) -> bool {
        self.columns
            .get(col)
            .is_some_and(|c| c.is_up(index) && index >= c.run_start())
    }

    /// Whether the cards from `index` up of `from` may go onto `to`.
    pub fn check(&self, mv: Move) -> Result<(), Refusal> {
        match mv {
            Move::Deal => {
                if self.stock.is_empty() {
                    Err(Refusal::StockEmpty)
                } else if self.columns.iter().any(|c| c.cards.is_empty()) {
                    Err(Refusal::EmptyColumn)
                } else {
                    Ok(())
                }
            }
            Move::Sequence { from, index, to } => {
                let (Some(source), Some(target)) = (self.columns.get(from), self.columns.get(to))
                else {
                    return Err(Refusal::NoSuchCard);
                };
                if !source.is_up(index) {
                    return Err(Refusal::NoSuchCard);
                }
                if index < source.run_start() {
                    return Err(Refusal::NotASequence);
                }
                if from == to {
                    return Err(Refusal::SameColumn);
                }
                match target.top() {
                    Some(top) if top.rank.value() != source.cards[index].rank.value() + 1 => {
                        Err(Refusal::NotOneHigher)
                    }
                    _ => Ok(()),
                }
            }
        }
    }

    /// Whether a row may be dealt: cards in the stock, no column empty.
    pub fn can_deal(&self) -> bool {
        self.check(Move::Deal).is_ok()
    }

    /// Makes `mv` if legal: the cards move (or a row is dealt), a card left
    /// face down on top turns up, and finished suits leave the tableau.
    /// The suits finished by it, as `(column, suit)`.
    pub fn play(&mut self, mv: Move) -> Result<Vec<(usize, Suit)>, Refusal> {
        self.check(mv)?;
        match mv {
            Move::Deal => self.put_row(),
            Move::Sequence { from, index, to } => {
                let moved = self.columns[from].cards.split_off(index);
                self.columns[to].cards.extend(moved);
                self.columns[from].reveal();
            }
        }
        self.moves += 1;
        Ok(self.remove_finished())
    }

    /// Deals a row: the move [`Move::Deal`], refused with the reason.
    pub fn deal_row(&mut self) -> Result<Vec<(usize, Suit)>, Refusal> {
        self.play(Move::Deal)
    }

    fn put_row(&mut self) {
        for column in &mut self.columns {
            if let Some(card) = self.stock.pop() {
                column.cards.push(card);
                column.reveal();
            }
        }
    }

    /// Removes every king-to-ace sequence of one suit on top of a column
    /// (face up), revealing the card under it.
    fn remove_finished(&mut self) -> Vec<(usize, Suit)> {
        let mut finished = Vec::new();
        for (i, column) in self.columns.iter_mut().enumerate() {
            let n = column.cards.len();
            if n >= 13 && column.run_start() <= n - 13 && column.cards[n - 13].rank == Rank::KING {
                let suit = column.cards[n - 1].suit;
                column.cards.truncate(n - 13);
                column.reveal();
                self.done.push(suit);
                finished.push((i, suit));
            }
        }
        finished
    }

    /// Every legal move now: sequence moves (each sequence start to each
    /// column that takes it), then the deal if allowed.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        for (from, column) in self.columns.iter().enumerate() {
            for index in column.run_start()..column.cards.len() {
                for to in 0..COLUMNS {
                    let mv = Move::Sequence { from, index, to };
                    if self.check(mv).is_ok() {
                        moves.push(mv);
                    }
                }
            }
        }
        if self.can_deal() {
            moves.push(Move::Deal);
        }
        moves
    }

    /// Every card in play: stock, columns and finished suits (each as its
    /// thirteen cards), sorted: the same 104 as [`Suits::cards`] always.
    pub fn all_cards(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self.stock.clone();
        for c in &self.columns {
            all.extend(&c.cards);
        }
        for &suit in &self.done {
            all.extend(Rank::ALL.into_iter().map(|r| Card::new(r, suit)));
        }
        all.sort();
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    fn cards(text: &str) -> Vec<Card> {
        cards::card::read_cards(text).unwrap()
    }

    /// A game with the given columns (all face up unless `down` says).
    fn table(columns: &[(&str, usize)]) -> Spider {
        let mut game = Spider::deal(Suits::Two, 1);
        game.stock.clear();
        for (i, c) in game.columns.iter_mut().enumerate() {
            *c = match columns.get(i) {
                Some(&(text, down)) => Column {
                    cards: cards(text),
                    down,
                },
                None => Column {
                    cards: cards("KC"),
                    down: 0,
                },
            };
        }
        game
    }

    #[test]
    fn the_deal_is_the_originals() {
        for suits in Suits::ALL {
            let game = Spider::deal(suits, 99);
            let lengths: Vec<usize> = game.columns.iter().map(|c| c.cards.len()).collect();
            assert_eq!(lengths, [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]);
            assert!(game.columns.iter().all(|c| c.down + 1 == c.cards.len()));
            assert_eq!(game.stock.len(), 50);
            assert_eq!(game.deals_left(), 5);
            assert_eq!(game.all_cards(), suits.cards());
            assert_eq!(game.all_cards().len(), CARDS);
        }
        let one = Suits::One.cards();
        assert!(one.iter().all(|c| c.suit == Suit::Spades));
        assert_eq!(one.iter().filter(|c| c.rank == Rank::ACE).count(), 8);
        let four = Suits::Four.cards();
        assert_eq!(four.iter().filter(|&&c| c == card("7D")).count(), 2);
        assert_eq!(Spider::deal(Suits::Two, 5), Spider::deal(Suits::Two, 5));
        assert_ne!(Spider::deal(Suits::Two, 5), Spider::deal(Suits::Two, 6));
    }

    #[test]
    fn only_a_sequence_of_one_suit_moves_and_onto_one_higher() {
        // Column 1: 9S 8H 7H (8H-7H a sequence); column 2: 9C; column 3: 8S.
        let mut game = table(&[("9S 8H 7H", 0), ("9C", 0), ("8S", 0)]);
        assert_eq!(game.columns[0].run_start(), 1);
        assert!(game.movable(0, 1) && game.movable(0, 2) && !game.movable(0, 0));
        let mv = |from, index, to| Move::Sequence { from, index, to };
        assert_eq!(game.check(mv(0, 0, 1)), Err(Refusal::NotASequence));
        assert_eq!(game.check(mv(0, 1, 0)), Err(Refusal::SameColumn));
        assert_eq!(game.check(mv(0, 2, 1)), Err(Refusal::NotOneHigher));
        // 7H onto 8S: any suit one higher takes it.
        assert_eq!(game.check(mv(0, 2, 2)), Ok(()));
        // 8H 7H onto 9C together.
        game.play(mv(0, 1, 1)).unwrap();
        assert_eq!(game.columns[1].cards, cards("9C 8H 7H"));
        assert_eq!(game.columns[0].cards, cards("9S"));
        assert_eq!(game.moves, 1);
        // 7H onto 8S alone, off a card one higher of the same suit.
        game.play(mv(1, 2, 2)).unwrap();
        assert_eq!(game.columns[2].cards, cards("8S 7H"));
    }

    #[test]
    fn a_face_down_card_turns_up_when_it_becomes_the_top() {
        let mut game = table(&[("4D 5H 6S", 2), ("7S", 0)]);
        assert!(!game.movable(0, 1));
        assert_eq!(
            game.check(Move::Sequence {
                from: 0,
                index: 1,
                to: 1
            }),
            Err(Refusal::NoSuchCard)
        );
        game.play(Move::Sequence {
            from: 0,
            index: 2,
            to: 1,
        })
        .unwrap();
        assert_eq!(game.columns[0].down, 1);
        assert!(game.columns[0].is_up(1));
    }

    #[test]
    fn any_sequence_goes_to_an_empty_column_and_dealing_waits_for_none() {
        let mut game = table(&[("", 0), ("QH JH", 0)]);
        game.stock = cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS");
        assert_eq!(game.check(Move::Deal), Err(Refusal::EmptyColumn));
        assert!(!game.legal_moves().contains(&Move::Deal));
        game.play(Move::Sequence {
            from: 1,
            index: 0,
            to: 0,
        })
        .unwrap();
        assert!(game.columns[1].cards.is_empty());
        game.play(Move::Sequence {
            from: 0,
            index: 1,
            to: 1,
        })
        .unwrap();
        assert!(game.can_deal());
        game.deal_row().unwrap();
        // The top of the stock (its last card) goes to the first column.
        assert_eq!(game.columns[0].top(), Some(card("TS")));
        assert_eq!(game.columns[9].top(), Some(card("AS")));
        assert_eq!(game.check(Move::Deal), Err(Refusal::StockEmpty));
    }

    #[test]
    fn a_finished_suit_leaves_the_tableau() {
        let mut game = table(&[("3C KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", 1), ("AH", 0)]);
        let finished = game
            .play(Move::Sequence {
                from: 1,
                index: 0,
                to: 0,
            })
            .unwrap();
        assert_eq!(finished, [(0, Suit::Hearts)]);
        assert_eq!(game.columns[0].cards, cards("3C"));
        assert_eq!(game.columns[0].down, 0, "the card under it turns up");
        assert_eq!(game.done, [Suit::Hearts]);
        // A king-to-ace of mixed suits stays.
        let mut mixed = table(&[("KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2S", 0), ("AH", 0)]);
        let none = mixed
            .play(Move::Sequence {
                from: 1,
                index: 0,
                to: 0,
            })
            .unwrap();
        assert!(none.is_empty());
        assert_eq!(mixed.columns[0].cards.len(), 13);
    }

    #[test]
    fn eight_suits_win() {
        let mut game = table(&[("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 0), ("AS", 0)]);
        game.done = vec![Suit::Spades; 7];
        assert!(!game.won());
        game.play(Move::Sequence {
            from: 1,
            index: 0,
            to: 0,
        })
        .unwrap();
        assert!(game.won());
    }

    #[test]
    fn suit_counts_read_back() {
        for s in Suits::ALL {
            assert_eq!(Suits::from_count(s.count()), Some(s));
            assert_eq!(s.cards().len(), CARDS);
        }
        assert_eq!(Suits::from_count(3), None);
    }
}
