//! The rules of Parcheesi as the original PLT program plays them, free of
//! any launcher type.
//!
//! * The main ring has [`MAIN_SIZE`] squares, numbered as in the original
//!   (green enters on 5 and turns off into its home row after 0, red on 22
//!   and 17, blue on 39 and 34, yellow on 56 and 51). The entry squares,
//!   the exit squares and 12, 29, 46, 63 are safe.
//! * Each colour has a home row of [`HOME_ROW_SIZE`] squares, then home.
//! * A [`Board`] is where each of the 16 pawns is: [`Loc::Start`] (the
//!   nest), [`Loc::Main`], [`Loc::HomeRow`] (its own colour's row) or
//!   [`Loc::Home`].
//! * A turn is a list of [`Move`]s, each using one die ("mini-moves"):
//!   entering takes a 5 (or two dice summing to 5), a bop earns a bonus of
//!   [`BOP_BONUS`] and reaching home one of [`HOME_BONUS`], used like
//!   extra dice.
//!
//! [`take_turn`] checks a whole turn as the original's `take-turn` does;
//! [`TurnTree`] knows every legal way to finish a turn, which the game
//! uses to offer only legal moves and to insist that every rolled die that
//! can be used is used.

use std::collections::HashMap;
use std::fmt;

/// Squares of the main ring.
pub const MAIN_SIZE: u8 = 68;
/// Squares of a home row.
pub const HOME_ROW_SIZE: u8 = 7;
/// The bonus for sending an opponent's pawn back to its nest.
pub const BOP_BONUS: u8 = 20;
/// The bonus for bringing a pawn home.
pub const HOME_BONUS: u8 = 10;

/// A player's colour, in the order of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Plays first; enters at the bottom right.
    Green,
    /// Plays second.
    Red,
    /// Plays third.
    Blue,
    /// Plays fourth.
    Yellow,
}

impl Color {
    /// The four colours in the order of play.
    pub const ALL: [Color; 4] = [Color::Green, Color::Red, Color::Blue, Color::Yellow];

    /// 0 to 3, the order of play.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour of index `i` (0 to 3).
    pub fn from_index(i: usize) -> Color {
        Color::ALL[i % 4]
    }

    /// The colour that plays after this one.
    pub fn next(self) -> Color {
        Color::from_index(self.index() + 1)
    }

    /// The square where this colour's pawns enter the ring.
    pub fn enter_pos(self) -> u8 {
        [5, 22, 39, 56][self.index()]
    }

    /// The last square of the ring before this colour's home row.
    pub fn exit_pos(self) -> u8 {
        [0, 17, 34, 51][self.index()]
    }

    /// The colour's name ("Green").
    pub fn name(self) -> &'static str {
        ["Green", "Red", "Blue", "Yellow"][self.index()]
    }

    /// The one-letter name used in game records ("g").
    pub fn letter(self) -> char {
        ['g', 'r', 'b', 'y'][self.index()]
    }

    /// The colour of a record letter.
    pub fn from_letter(c: char) -> Option<Color> {
        Color::ALL.into_iter().find(|col| col.letter() == c)
    }
}

/// One of the sixteen pawns: a colour and a number 0 to 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pawn(u8);

impl Pawn {
    /// Pawn `id` (0 to 3) of `color`.
    pub fn new(color: Color, id: u8) -> Pawn {
        assert!(id < 4, "a colour has pawns 0 to 3");
        Pawn(color.index() as u8 * 4 + id)
    }

    /// The pawn of index `i` (0 to 15).
    pub fn from_index(i: usize) -> Pawn {
        Pawn(i as u8 % 16)
    }

    /// 0 to 15: green's pawns first.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The pawn's colour.
    pub fn color(self) -> Color {
        Color::from_index(self.0 as usize / 4)
    }

    /// The pawn's number within its colour.
    pub fn id(self) -> u8 {
        self.0 % 4
    }

    /// The four pawns of `color`.
    pub fn of(color: Color) -> [Pawn; 4] {
        [0, 1, 2, 3].map(|id| Pawn::new(color, id))
    }
}

impl fmt::Display for Pawn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} pawn {}", self.color().name(), self.id() + 1)
    }
}

/// Where a pawn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Loc {
    /// In its nest, waiting to enter.
    #[default]
    Start,
    /// On square 0 to 67 of the main ring.
    Main(u8),
    /// On square 0 to 6 of its own colour's home row.
    HomeRow(u8),
    /// Home, in the centre: done.
    Home,
}

impl Loc {
    fn code(self) -> u8 {
        match self {
            Loc::Start => 0,
            Loc::Main(i) => 1 + i,
            Loc::HomeRow(i) => 1 + MAIN_SIZE + i,
            Loc::Home => 1 + MAIN_SIZE + HOME_ROW_SIZE,
        }
    }
}

/// Whether main square `i` is a safe square.
pub fn is_safe(i: u8) -> bool {
    matches!(i, 5 | 22 | 39 | 56 | 0 | 17 | 34 | 51 | 12 | 29 | 46 | 63)
}

/// A square where pawns of one colour may stand: the ring, or a home row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    /// Main ring square.
    Main(u8),
    /// A colour's home row square.
    Row(Color, u8),
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Square::Main(i) => write!(f, "square {i}"),
            Square::Row(c, i) => write!(f, "square {} of {}'s home row", i + 1, c.name()),
        }
    }
}

/// Why a move or a turn is not legal, in a player's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadMove {
    /// The pawn is not where the move says.
    NotThere(Pawn),
    /// Entering needs a 5 or two dice summing to 5.
    NoFive,
    /// The entry square holds a blockade (the original's "cannot move out
    /// into a blockade").
    EntryBlocked,
    /// A blockade stands on the squares passed or landed on (the
    /// original's "there is a blockade at … in the main ring", "… in the
    /// home row").
    Blockade(Square),
    /// A move of one square on the ring onto a blockade (the original's
    /// "cannot move directly onto a blockade").
    OntoBlockade(u8),
    /// Safe squares cannot be shared with another colour.
    SafeTaken(u8),
    /// Past home: home needs an exact count.
    TooFar,
    /// No die shows that number.
    NoSuchDie(u8),
    /// One turn moves one colour.
    TwoColors,
    /// It is another colour's turn.
    NotYourTurn(Color),
    /// A pawn could still enter.
    CanEnter,
    /// A die could still be used.
    DieUnused(u8),
    /// Both pawns of a blockade moved to the same new square.
    BlockadeMoved,
    /// Another way of playing uses more of the dice.
    UsesFewerDice,
}

impl fmt::Display for BadMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadMove::NotThere(p) => write!(f, "{p} is not there"),
            BadMove::NoFive => write!(f, "entering needs a 5 (or two dice that make 5)"),
            BadMove::EntryBlocked => write!(
                f,
                "a pawn cannot move out into a blockade: two pawns stand on the entry square"
            ),
            BadMove::Blockade(sq) => write!(f, "there is a blockade on {sq}, in the way"),
            BadMove::OntoBlockade(i) => {
                write!(
                    f,
                    "a pawn cannot move directly onto a blockade (on square {i})"
                )
            }
            BadMove::SafeTaken(i) => {
                write!(f, "square {i} is safe and another colour's pawn is on it")
            }
            BadMove::TooFar => write!(f, "that goes past home: home needs the exact count"),
            BadMove::NoSuchDie(d) => write!(f, "no die left shows {d}"),
            BadMove::TwoColors => write!(f, "a turn moves pawns of one colour only"),
            BadMove::NotYourTurn(c) => write!(f, "it is {}'s turn", c.name()),
            BadMove::CanEnter => write!(f, "a pawn can still enter"),
            BadMove::DieUnused(d) => write!(f, "the {d} can still be used"),
            BadMove::BlockadeMoved => {
                write!(f, "the two pawns of a blockade cannot move together")
            }
            BadMove::UsesFewerDice => write!(
                f,
                "another way of playing uses more of the dice, and every die must be used where possible"
            ),
        }
    }
}

/// One mini-move: a pawn entering, or moving by one die (or bonus).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The pawn leaves its nest for its entry square (uses a 5).
    Enter(Pawn),
    /// The pawn, on main square `start`, moves `distance` squares.
    Main(Pawn, u8, u8),
    /// The pawn, on square `start` of its home row, moves `distance`.
    Home(Pawn, u8, u8),
}

impl Move {
    /// The pawn that moves.
    pub fn pawn(self) -> Pawn {
        match self {
            Move::Enter(p) | Move::Main(p, _, _) | Move::Home(p, _, _) => p,
        }
    }

    /// How far it moves (0 for entering).
    pub fn distance(self) -> u8 {
        match self {
            Move::Enter(_) => 0,
            Move::Main(_, _, d) | Move::Home(_, _, d) => d,
        }
    }

    /// The move of `pawn` by `die` from where it stands on `board`
    /// (entering from the nest whatever the die).
    pub fn of(board: &Board, pawn: Pawn, die: u8) -> Option<Move> {
        match board.loc(pawn) {
            Loc::Start => Some(Move::Enter(pawn)),
            Loc::Main(i) => Some(Move::Main(pawn, i, die)),
            Loc::HomeRow(i) => Some(Move::Home(pawn, i, die)),
            Loc::Home => None,
        }
    }
}

#[derive(Default)]
struct SmallPawns {
    pawns: [Pawn; 3],
    len: usize,
}

impl SmallPawns {
    fn as_slice(&self) -> &[Pawn] {
        &self.pawns[..self.len]
    }
}

/// Where the sixteen pawns are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    locs: [Loc; 16],
}

impl Board {
    /// Every pawn in its nest.
    pub fn new() -> Board {
        Board::default()
    }

    /// A board with the given pawns placed, the rest in their nests.
    pub fn with(placed: &[(Pawn, Loc)]) -> Board {
        let mut b = Board::new();
        for &(p, l) in placed {
            b.locs[p.index()] = l;
        }
        b
    }

    /// Where `pawn` is.
    pub fn loc(&self, pawn: Pawn) -> Loc {
        self.locs[pawn.index()]
    }

    /// Puts `pawn` at `loc`.
    pub fn set(&mut self, pawn: Pawn, loc: Loc) {
        self.locs[pawn.index()] = loc;
    }

    /// A compact key (7 bits a pawn).
    pub fn key(&self) -> u128 {
        self.locs
            .iter()
            .fold(0u128, |k, l| (k << 7) | u128::from(l.code()))
    }

    /// The pawns on main square `i`, in pawn order.
    pub fn at_main(&self, i: u8) -> Vec<Pawn> {
        self.pawns_where(|_, l| l == Loc::Main(i))
    }

    /// The pawns on square `i` of `color`'s home row.
    pub fn at_row(&self, color: Color, i: u8) -> Vec<Pawn> {
        self.pawns_where(|p, l| p.color() == color && l == Loc::HomeRow(i))
    }

    /// Up to two pawns on main square `i`, without allocating.
    fn main_pawns(&self, i: u8) -> SmallPawns {
        let mut out = SmallPawns::default();
        for (k, &l) in self.locs.iter().enumerate() {
            if l == Loc::Main(i) && out.len < 3 {
                out.pawns[out.len] = Pawn::from_index(k);
                out.len += 1;
            }
        }
        out
    }

    /// The pawns on `square`.
    pub fn at(&self, square: Square) -> Vec<Pawn> {
        match square {
            Square::Main(i) => self.at_main(i),
            Square::Row(c, i) => self.at_row(c, i),
        }
    }

    fn count_at(&self, square: Square) -> usize {
        (0..16)
            .filter(|&i| Board::square_of(Pawn::from_index(i), self.locs[i]) == Some(square))
            .count()
    }

    /// Whether two pawns stand on `square`.
    pub fn is_blockade(&self, square: Square) -> bool {
        self.count_at(square) >= 2
    }

    /// The square a pawn at `loc` stands on (none in the nest or home).
    pub fn square_of(pawn: Pawn, loc: Loc) -> Option<Square> {
        match loc {
            Loc::Main(i) => Some(Square::Main(i)),
            Loc::HomeRow(i) => Some(Square::Row(pawn.color(), i)),
            Loc::Start | Loc::Home => None,
        }
    }

    fn pawns_where(&self, f: impl Fn(Pawn, Loc) -> bool) -> Vec<Pawn> {
        (0..16)
            .map(Pawn::from_index)
            .filter(|&p| f(p, self.loc(p)))
            .collect()
    }

    /// `color`'s pawns in the nest.
    pub fn in_start(&self, color: Color) -> Vec<Pawn> {
        self.pawns_where(|p, l| p.color() == color && l == Loc::Start)
    }

    /// How many of `color`'s pawns are home.
    pub fn home_count(&self, color: Color) -> usize {
        Pawn::of(color)
            .iter()
            .filter(|&&p| self.loc(p) == Loc::Home)
            .count()
    }

    /// Whether all four of `color`'s pawns are home.
    pub fn has_won(&self, color: Color) -> bool {
        self.home_count(color) == 4
    }

    /// Whether none of `color`'s pawns is in the nest (doubles then move
    /// by the tops and the bottoms of the dice).
    pub fn all_out(&self, color: Color) -> bool {
        self.in_start(color).is_empty()
    }

    /// `color`'s blockades: the squares where two of its pawns stand,
    /// with the two pawns (the lower first).
    pub fn blockades_of(&self, color: Color) -> Vec<(Square, Pawn, Pawn)> {
        let pawns = Pawn::of(color);
        let mut out = Vec::new();
        for a in 0..4 {
            for b in a + 1..4 {
                let (pa, pb) = (pawns[a], pawns[b]);
                if let Some(sq) = Board::square_of(pa, self.loc(pa))
                    && Board::square_of(pb, self.loc(pb)) == Some(sq)
                {
                    out.push((sq, pa, pb));
                }
            }
        }
        out
    }

    /// The squares holding two pawns: bit `i` for main square `i`, bit
    /// `68 + 7c + i` for square `i` of colour `c`'s home row.
    pub fn blockade_mask(&self) -> u128 {
        let mut seen = 0u128;
        let mut twice = 0u128;
        for (i, &l) in self.locs.iter().enumerate() {
            let bit = match l {
                Loc::Main(j) => j as u32,
                Loc::HomeRow(j) => 68 + 7 * (i as u32 / 4) + j as u32,
                _ => continue,
            };
            let b = 1u128 << bit;
            twice |= seen & b;
            seen |= b;
        }
        twice
    }

    /// The first blockade (of any colour) on the main squares from `start`
    /// to `end` inclusive, going round the ring, as the original's
    /// `find-blockade/between` looks.
    pub fn blockade_between_main(&self, start: u8, end: u8) -> Option<u8> {
        blockade_between_in(self.blockade_mask(), start, end)
    }

    /// The first blockade (of any colour) on the squares from `start` to
    /// `end` inclusive along a pawn's way, as the original's
    /// `find-blockade/between` looks: round the ring from one main square
    /// to another; from a main square into a home row (the ring up to that
    /// colour's exit, then its row); or along one home row. Squares out of
    /// that order (a row before the ring, two colours' rows) hold none.
    pub fn blockade_between(&self, start: Square, end: Square) -> Option<Square> {
        let mask = self.blockade_mask();
        let row = |c: Color, from: u8, to: u8| {
            (from..=to.min(HOME_ROW_SIZE - 1))
                .find(|&i| mask & (1u128 << square_bit(Square::Row(c, i))) != 0)
                .map(|i| Square::Row(c, i))
        };
        match (start, end) {
            (Square::Main(s), Square::Main(e)) => blockade_between_in(mask, s, e).map(Square::Main),
            (Square::Main(s), Square::Row(c, n)) => blockade_between_in(mask, s, c.exit_pos())
                .map(Square::Main)
                .or_else(|| row(c, 0, n)),
            (Square::Row(c, a), Square::Row(d, b)) if c == d => row(c, a, b),
            _ => None,
        }
    }
}

/// Whether `one`, `two` and `three` come in that order round a circle
/// (each may equal the next): the original's `<=/m`, with which it tells
/// whether a move round the ring passes a colour's exit.
pub fn le_m(one: u8, two: u8, three: u8) -> bool {
    let in_order = |a: u8, b: u8, c: u8| a <= b && b <= c;
    in_order(one, two, three) || in_order(two, three, one) || in_order(three, one, two)
}

/// [`Board::blockade_between_main`] with the board's blockades known.
pub fn blockade_between_in(mask: u128, start: u8, end: u8) -> Option<u8> {
    let upto = |i: u8| (1u128 << (u32::from(i) + 1)) - 1;
    let ring = upto(MAIN_SIZE - 1);
    let range = if start <= end {
        upto(end) & !(upto(start) >> 1)
    } else {
        (ring & !(upto(start) >> 1)) | upto(end)
    };
    let hit = mask & range;
    (hit != 0).then(|| hit.trailing_zeros() as u8)
}

fn square_bit(sq: Square) -> u32 {
    match sq {
        Square::Main(i) => u32::from(i),
        Square::Row(c, i) => 68 + 7 * c.index() as u32 + u32::from(i),
    }
}

/// The square after `loc` on `color`'s way (None past home).
fn next_loc(color: Color, loc: Loc) -> Option<Loc> {
    match loc {
        Loc::Main(i) if i == color.exit_pos() => Some(Loc::HomeRow(0)),
        Loc::Main(i) => Some(Loc::Main((i + 1) % MAIN_SIZE)),
        Loc::HomeRow(i) if i + 1 == HOME_ROW_SIZE => Some(Loc::Home),
        Loc::HomeRow(i) => Some(Loc::HomeRow(i + 1)),
        Loc::Start | Loc::Home => None,
    }
}

/// Where a pawn of `color` on `from` ends after `distance` squares, and
/// the squares it passes on the way (the last one included, home not).
pub fn path(color: Color, from: Loc, distance: u8) -> Result<(Loc, Vec<Square>), BadMove> {
    let mut at = from;
    let mut passed = Vec::with_capacity(distance as usize);
    for _ in 0..distance {
        at = next_loc(color, at).ok_or(BadMove::TooFar)?;
        if let Some(sq) = Board::square_of(Pawn::new(color, 0), at) {
            passed.push(sq);
        }
    }
    Ok((at, passed))
}

/// The result of one mini-move: the board after it and the bonus it earned.
pub type MoveResult = Result<(Board, Option<u8>), BadMove>;

/// Enters `pawn` from its nest: onto its entry square, bopping a pawn of
/// another colour there (even on this safe square) for a bonus of 20.
pub fn enter(board: &Board, pawn: Pawn) -> MoveResult {
    if board.loc(pawn) != Loc::Start {
        return Err(BadMove::NotThere(pawn));
    }
    let pos = pawn.color().enter_pos();
    let there = board.at_main(pos);
    let mut b = *board;
    b.set(pawn, Loc::Main(pos));
    match there.as_slice() {
        [] => Ok((b, None)),
        [_, _, ..] => Err(BadMove::EntryBlocked),
        [other] if other.color() == pawn.color() => Ok((b, None)),
        [other] => {
            b.set(*other, Loc::Start);
            Ok((b, Some(BOP_BONUS)))
        }
    }
}

/// Moves `pawn`, on main square `start` or home row square `start` (as
/// `loc` says), `distance` squares.
fn move_from(board: &Board, pawn: Pawn, loc: Loc, distance: u8) -> MoveResult {
    if board.loc(pawn) != loc {
        return Err(BadMove::NotThere(pawn));
    }
    let color = pawn.color();
    let mask = board.blockade_mask();
    let mut end = loc;
    for _ in 0..distance {
        end = next_loc(color, end).ok_or(BadMove::TooFar)?;
        if let Some(sq) = Board::square_of(pawn, end)
            && mask & (1u128 << square_bit(sq)) != 0
        {
            // The original looks for blockades passed only on a move of
            // more than one square round the ring; one square onto a
            // blockade there has its own reason.
            return Err(match (loc, sq) {
                (Loc::Main(_), Square::Main(i)) if distance == 1 => BadMove::OntoBlockade(i),
                _ => BadMove::Blockade(sq),
            });
        }
    }
    let mut b = *board;
    b.set(pawn, end);
    match end {
        Loc::Home => Ok((b, Some(HOME_BONUS))),
        Loc::HomeRow(_) => Ok((b, None)),
        Loc::Main(i) => match board.main_pawns(i).as_slice() {
            [] => Ok((b, None)),
            [other] if other.color() == color => Ok((b, None)),
            [_] if is_safe(i) => Err(BadMove::SafeTaken(i)),
            [other] => {
                b.set(*other, Loc::Start);
                Ok((b, Some(BOP_BONUS)))
            }
            _ => Err(BadMove::Blockade(Square::Main(i))),
        },
        Loc::Start => Err(BadMove::TooFar),
    }
}

/// Moves `pawn` from main square `start` by `distance` (the original's
/// `board-move-piece-main`).
pub fn move_main(board: &Board, pawn: Pawn, start: u8, distance: u8) -> MoveResult {
    move_from(board, pawn, Loc::Main(start), distance)
}

/// Moves `pawn` from square `start` of its home row by `distance`.
pub fn move_home(board: &Board, pawn: Pawn, start: u8, distance: u8) -> MoveResult {
    move_from(board, pawn, Loc::HomeRow(start), distance)
}

/// Makes one move, checking only the board (not the dice).
pub fn make_move(board: &Board, mv: Move) -> MoveResult {
    match mv {
        Move::Enter(p) => enter(board, p),
        Move::Main(p, s, d) => move_main(board, p, s, d),
        Move::Home(p, s, d) => move_home(board, p, s, d),
    }
}

/// Makes the moves in turn, collecting the bonuses earned (the original's
/// `make-moves`, used to set up positions).
pub fn make_moves(board: &Board, moves: &[Move]) -> Result<(Board, Vec<u8>), BadMove> {
    let mut b = *board;
    let mut bonuses = Vec::new();
    for &mv in moves {
        let (nb, bonus) = make_move(&b, mv)?;
        b = nb;
        bonuses.extend(bonus);
    }
    Ok((b, bonuses))
}

/// Whether the dice can enter a pawn: a 5, or 1 and 4, or 2 and 3.
pub fn has_entering_roll(dice: &[u8]) -> bool {
    let has = |d| dice.contains(&d);
    has(5) || (has(1) && has(4)) || (has(2) && has(3))
}

fn remove_one(dice: &mut Vec<u8>, d: u8) -> bool {
    match dice.iter().position(|&x| x == d) {
        Some(i) => {
            dice.remove(i);
            true
        }
        None => false,
    }
}

/// The die a player picks to enter with: the 5, or the lower of two dice
/// that make 5.
pub fn enter_die(dice: &[u8]) -> Option<u8> {
    let has = |d| dice.contains(&d);
    if has(5) {
        Some(5)
    } else if has(1) && has(4) {
        Some(1)
    } else if has(2) && has(3) {
        Some(2)
    } else {
        None
    }
}

/// The dice left after `mv` uses its die (a 5, or 1 and 4, or 2 and 3
/// to enter), or why it cannot.
pub fn use_dice(dice: &[u8], mv: Move) -> Result<Vec<u8>, BadMove> {
    let mut left = dice.to_vec();
    match mv {
        Move::Enter(_) => {
            if remove_one(&mut left, 5) {
                return Ok(left);
            }
            for (a, b) in [(1, 4), (2, 3)] {
                if left.contains(&a) && left.contains(&b) {
                    remove_one(&mut left, a);
                    remove_one(&mut left, b);
                    return Ok(left);
                }
            }
            Err(BadMove::NoFive)
        }
        Move::Main(_, _, d) | Move::Home(_, _, d) => {
            if remove_one(&mut left, d) {
                Ok(left)
            } else {
                Err(BadMove::NoSuchDie(d))
            }
        }
    }
}

/// Whether a blockade of `color` on `new` is the same two pawns as a
/// blockade on `original`, on another square (moved together).
pub fn blockade_moved(original: &Board, new: &Board, color: Color) -> bool {
    let pawns = Pawn::of(color);
    let square = |b: &Board, p: Pawn| Board::square_of(p, b.loc(p));
    for i in 0..4 {
        for j in i + 1..4 {
            let (a, b) = (pawns[i], pawns[j]);
            if let (Some(now), Some(then)) = (square(new, a), square(original, a))
                && square(new, b) == Some(now)
                && square(original, b) == Some(then)
                && now != then
            {
                return true;
            }
        }
    }
    false
}

/// Whether `color`'s entry square holds a blockade.
pub fn entering_blockade(board: &Board, color: Color) -> bool {
    board.is_blockade(Square::Main(color.enter_pos()))
}

/// The moves `color` could make on `board` with `die` (entering not
/// included), and the boards they give.
pub fn moves_with_die(board: &Board, color: Color, die: u8) -> Vec<(Move, Board)> {
    Pawn::of(color)
        .iter()
        .filter_map(|&p| match board.loc(p) {
            Loc::Main(_) | Loc::HomeRow(_) => {
                let mv = Move::of(board, p, die)?;
                make_move(board, mv).ok().map(|(b, _)| (mv, b))
            }
            _ => None,
        })
        .collect()
}

/// Checks a whole turn as the original's `take-turn`: the moves in order
/// with the dice they use (bonuses added as they are earned), then that
/// no pawn can still enter, no die left can still be used (other than by
/// moving a blockade together) and no blockade moved together. Gives the
/// board after the turn.
pub fn take_turn(
    color: Color,
    original: &Board,
    dice: &[u8],
    moves: &[Move],
) -> Result<Board, BadMove> {
    if moves.iter().any(|m| m.pawn().color() != color) {
        return Err(BadMove::TwoColors);
    }
    let mut board = *original;
    let mut left = dice.to_vec();
    for &mv in moves {
        let after = use_dice(&left, mv)?;
        let (b, bonus) = make_move(&board, mv)?;
        board = b;
        left = after;
        if let Some(bonus) = bonus {
            left.insert(0, bonus);
        }
    }
    if has_entering_roll(&left)
        && !board.in_start(color).is_empty()
        && !entering_blockade(&board, color)
    {
        return Err(BadMove::CanEnter);
    }
    for &die in &left {
        if moves_with_die(&board, color, die)
            .iter()
            .any(|(_, b)| !blockade_moved(original, b, color))
        {
            return Err(BadMove::DieUnused(die));
        }
    }
    if blockade_moved(original, &board, color) {
        return Err(BadMove::BlockadeMoved);
    }
    Ok(board)
}

/// The dice a roll gives: the two dice, or with doubles when all of the
/// player's pawns are out of the nest, the tops and the bottoms of both.
pub fn roll_dice(d1: u8, d2: u8, board: &Board, color: Color) -> Vec<u8> {
    if d1 == d2 && board.all_out(color) {
        vec![d1, d2, 7 - d1, 7 - d2]
    } else {
        vec![d1, d2]
    }
}

/// The penalty for a third doubles: `color`'s pawn furthest along goes
/// back to its nest (the original's `board-doubles-penalty`; of two on
/// one square, the higher-numbered).
pub fn doubles_penalty(board: &Board, color: Color) -> Board {
    let mut b = *board;
    for i in (0..HOME_ROW_SIZE).rev() {
        if let Some(&p) = board.at_row(color, i).last() {
            b.set(p, Loc::Start);
            return b;
        }
    }
    let enter = color.enter_pos();
    let mut i = enter;
    loop {
        i = (i + MAIN_SIZE - 1) % MAIN_SIZE;
        if let Some(&p) = board.at_main(i).iter().rfind(|p| p.color() == color) {
            b.set(p, Loc::Start);
            return b;
        }
        if i == enter {
            return b;
        }
    }
}

/// How many rolled dice (not bonuses) are in `dice`.
pub fn rolled_left(dice: &[u8]) -> usize {
    dice.iter().filter(|&&d| d <= 6).count()
}

/// A position within a turn: the board and the dice left (sorted).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurnState {
    /// The board.
    pub board: Board,
    /// The dice and bonuses not yet used, smallest first.
    pub dice: Vec<u8>,
}

impl TurnState {
    /// The state at the start of a turn.
    pub fn new(board: Board, dice: &[u8]) -> TurnState {
        let mut dice = dice.to_vec();
        dice.sort_unstable();
        TurnState { board, dice }
    }

    /// A compact key for the state (the board's and the dice's).
    pub fn key(&self) -> (u128, u64) {
        let d = self
            .dice
            .iter()
            .fold(0u64, |k, &d| (k << 5) | u64::from(d.min(31)));
        (self.board.key(), d | ((self.dice.len() as u64) << 58))
    }
}

/// The mini-moves `color` may try from `state`, each with the state it
/// gives: every pawn with every different die left (entering once for all
/// nest pawns: the lowest), without the moves that move a blockade of the
/// turn's `original` board together.
pub fn next_states(original: &Board, color: Color, state: &TurnState) -> Vec<(Move, TurnState)> {
    let mut out = Vec::new();
    let mut entered = false;
    for p in Pawn::of(color) {
        let loc = state.board.loc(p);
        let tries: Vec<Move> = match loc {
            Loc::Home => continue,
            Loc::Start if entered => continue,
            Loc::Start => {
                entered = true;
                vec![Move::Enter(p)]
            }
            _ => {
                let mut ds = state.dice.clone();
                ds.dedup();
                ds.into_iter()
                    .filter_map(|d| Move::of(&state.board, p, d))
                    .collect()
            }
        };
        for mv in tries {
            let Ok(left) = use_dice(&state.dice, mv) else {
                continue;
            };
            let Ok((b, bonus)) = make_move(&state.board, mv) else {
                continue;
            };
            if blockade_moved(original, &b, color) {
                continue;
            }
            let mut dice = left;
            if let Some(bonus) = bonus {
                dice.push(bonus);
                dice.sort_unstable();
            }
            out.push((mv, TurnState { board: b, dice }));
        }
    }
    out
}

/// Every legal way to go on with a turn: for each state reached, the
/// fewest rolled dice that can be left unused from it. A mini-move is
/// legal when the state it leads to can still leave as few as the best
/// way of playing the whole turn (so every die that can be used is used),
/// and the turn is over when no mini-move is left.
#[derive(Clone, Debug)]
pub struct TurnTree {
    color: Color,
    original: Board,
    best: HashMap<(u128, u64), u8>,
    target: u8,
    nodes: usize,
}

impl TurnTree {
    /// Explores the turn of `color` that starts on `original` with `dice`.
    pub fn new(original: &Board, color: Color, dice: &[u8]) -> TurnTree {
        let mut tree = TurnTree {
            color,
            original: *original,
            best: HashMap::new(),
            target: 0,
            nodes: 0,
        };
        tree.target = tree.explore(&TurnState::new(*original, dice));
        tree
    }

    fn explore(&mut self, state: &TurnState) -> u8 {
        let key = state.key();
        if let Some(&v) = self.best.get(&key) {
            return v;
        }
        self.nodes += 1;
        let nexts = next_states(&self.original, self.color, state);
        let v = if nexts.is_empty() {
            rolled_left(&state.dice) as u8
        } else {
            nexts
                .iter()
                .map(|(_, s)| self.explore(s))
                .min()
                .unwrap_or(u8::MAX)
        };
        self.best.insert(key, v);
        v
    }

    /// The fewest rolled dice a whole turn can leave unused.
    pub fn target(&self) -> u8 {
        self.target
    }

    /// How many different positions the turn can pass through.
    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// The legal mini-moves from `state`, with the states they give.
    pub fn legal_moves(&mut self, state: &TurnState) -> Vec<(Move, TurnState)> {
        next_states(&self.original, self.color, state)
            .into_iter()
            .filter(|(_, s)| self.explore(s) == self.target)
            .collect()
    }

    /// Checks the mini-move `pawn` by `die` from `state` (entering for a
    /// pawn in the nest, with the 5 or one of two dice that make 5), with
    /// the reason when it is not legal.
    pub fn check(&mut self, state: &TurnState, pawn: Pawn, die: u8) -> Result<TurnState, BadMove> {
        if pawn.color() != self.color {
            return Err(BadMove::NotYourTurn(self.color));
        }
        let mv = Move::of(&state.board, pawn, die).ok_or(BadMove::NotThere(pawn))?;
        if let Move::Enter(_) = mv {
            // The die chosen must be the 5 or one of two dice that make 5.
            let has = |d: u8| state.dice.contains(&d);
            if !(die == 5 && has(5) || die < 5 && has(die) && has(5 - die)) {
                return Err(BadMove::NoFive);
            }
        }
        let left = use_dice(&state.dice, mv)?;
        let (b, bonus) = make_move(&state.board, mv)?;
        if blockade_moved(&self.original, &b, self.color) {
            return Err(BadMove::BlockadeMoved);
        }
        let mut dice = left;
        if let Some(bonus) = bonus {
            dice.push(bonus);
            dice.sort_unstable();
        }
        let next = TurnState { board: b, dice };
        if self.explore(&next) != self.target {
            return Err(BadMove::UsesFewerDice);
        }
        Ok(next)
    }

    /// Whether the turn is over at `state`: no legal mini-move is left.
    pub fn is_over(&mut self, state: &TurnState) -> bool {
        self.legal_moves(state).is_empty()
    }
}

/// The original's `find-distance`: how far `color`'s pawns still have to
/// go (100 for a pawn in the nest, 73 for one just entered, 0 home).
pub fn distance(board: &Board, color: Color) -> i32 {
    Pawn::of(color)
        .iter()
        .map(|&p| loc_distance(board.loc(p), color))
        .sum()
}

/// The original's `find-loc-distance`.
pub fn loc_distance(loc: Loc, color: Color) -> i32 {
    match loc {
        Loc::Start => 100,
        Loc::Home => 0,
        Loc::Main(i) => {
            let entry = i32::from(color.enter_pos());
            let i = i32::from(i);
            let to_entry = if entry <= i {
                i - entry
            } else {
                i + i32::from(MAIN_SIZE) - entry
            };
            73 - to_entry
        }
        Loc::HomeRow(i) => i32::from(HOME_ROW_SIZE) - i32::from(i),
    }
}

/// The original's `find-bop-chance`: of the 36 rolls, how many let some
/// opponent bop one of `color`'s pawns on the ring (0 to 36).
pub fn bop_chance(board: &Board, color: Color) -> u32 {
    let mut chances = [[false; 6]; 6];
    let mut add = |a: u8, b: u8| {
        chances[a as usize - 1][b as usize - 1] = true;
        chances[b as usize - 1][a as usize - 1] = true;
    };
    let mine: Vec<u8> = board
        .blockades_of(color)
        .iter()
        .filter_map(|(sq, _, _)| match sq {
            Square::Main(i) => Some(*i),
            Square::Row(..) => None,
        })
        .collect();
    let mask = board.blockade_mask();
    for p in Pawn::of(color) {
        let Loc::Main(me) = board.loc(p) else {
            continue;
        };
        if mine.contains(&me) {
            continue;
        }
        for q in (0..16).map(Pawn::from_index) {
            if q.color() == color {
                continue;
            }
            match board.loc(q) {
                Loc::Start => {
                    let e = q.color().enter_pos();
                    if me == e {
                        for d in 1..=6 {
                            add(5, d);
                        }
                        add(2, 3);
                        add(1, 4);
                    } else if me > e && me <= e + 6 {
                        add(5, me - e);
                    }
                }
                Loc::Main(them)
                    if !is_safe(me) && blockade_between_in(mask, them, me).is_none() =>
                {
                    let dist = if them < me {
                        me - them
                    } else {
                        me + MAIN_SIZE - them
                    };
                    add_chances(dist, &mut add);
                }
                _ => {}
            }
        }
    }
    chances.iter().flatten().filter(|&&c| c).count() as u32
}

/// The rolls that let a pawn `dist` squares behind land on one: as the
/// original counts them, which adds every roll with a 1 for any distance
/// up to 6.
fn add_chances(dist: u8, add: &mut impl FnMut(u8, u8)) {
    if (1..=6).contains(&dist) {
        for d in 1..=6 {
            add(1, d);
        }
    }
    let pairs: &[(u8, u8)] = match dist {
        2 => &[(1, 1)],
        3 => &[(1, 2)],
        4 => &[(1, 3), (2, 2)],
        5 => &[(1, 4), (2, 3)],
        6 => &[(1, 5), (2, 4), (3, 3)],
        7 => &[(1, 6), (2, 5), (3, 4)],
        8 => &[(2, 6), (3, 5), (4, 4)],
        9 => &[(3, 6), (4, 5)],
        10 => &[(4, 6), (5, 5)],
        11 => &[(5, 6)],
        12 => &[(6, 6)],
        _ => &[],
    };
    for &(a, b) in pairs {
        add(a, b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(id: u8) -> Pawn {
        Pawn::new(Color::Green, id)
    }
    fn r(id: u8) -> Pawn {
        Pawn::new(Color::Red, id)
    }

    #[test]
    fn entering_takes_a_five_or_a_sum_of_five() {
        assert!(has_entering_roll(&[5, 2]));
        assert!(has_entering_roll(&[1, 4]));
        assert!(has_entering_roll(&[3, 2]));
        assert!(!has_entering_roll(&[6, 6]));
        assert!(!has_entering_roll(&[1, 3]));
        assert_eq!(use_dice(&[6, 1], Move::Enter(g(0))), Err(BadMove::NoFive));
        assert_eq!(use_dice(&[4, 1], Move::Enter(g(0))), Ok(vec![]));
    }

    #[test]
    fn doubles_give_four_dice_only_when_all_are_out() {
        let b = Board::new();
        assert_eq!(roll_dice(3, 3, &b, Color::Green), vec![3, 3]);
        let all = Board::with(&Pawn::of(Color::Green).map(|p| (p, Loc::Main(10))));
        assert_eq!(roll_dice(3, 3, &all, Color::Green), vec![3, 3, 4, 4]);
        assert_eq!(roll_dice(3, 2, &all, Color::Green), vec![3, 2]);
    }

    #[test]
    fn a_bop_sends_home_and_earns_twenty() {
        let b = Board::with(&[(g(0), Loc::Main(20)), (r(0), Loc::Main(24))]);
        let (after, bonus) = move_main(&b, g(0), 20, 4).unwrap();
        assert_eq!(bonus, Some(BOP_BONUS));
        assert_eq!(after.loc(r(0)), Loc::Start);
        assert_eq!(after.loc(g(0)), Loc::Main(24));
    }

    #[test]
    fn no_bop_on_a_safe_square() {
        let b = Board::with(&[(g(0), Loc::Main(20)), (r(0), Loc::Main(29))]);
        assert_eq!(move_main(&b, g(0), 20, 9), Err(BadMove::SafeTaken(29)));
    }

    #[test]
    fn blockades_block_every_colour() {
        let b = Board::with(&[
            (g(0), Loc::Main(10)),
            (r(0), Loc::Main(13)),
            (r(1), Loc::Main(13)),
            (g(1), Loc::Main(14)),
            (g(2), Loc::Main(14)),
        ]);
        assert_eq!(
            move_main(&b, g(0), 10, 4),
            Err(BadMove::Blockade(Square::Main(13)))
        );
        assert!(move_main(&b, g(0), 10, 2).is_ok());
        assert_eq!(
            move_main(&b, r(0), 13, 2),
            Err(BadMove::Blockade(Square::Main(14)))
        );
    }

    #[test]
    fn home_needs_the_exact_count_and_earns_ten() {
        let b = Board::with(&[(g(0), Loc::HomeRow(5))]);
        assert_eq!(move_home(&b, g(0), 5, 3), Err(BadMove::TooFar));
        let (after, bonus) = move_home(&b, g(0), 5, 2).unwrap();
        assert_eq!((after.loc(g(0)), bonus), (Loc::Home, Some(HOME_BONUS)));
    }

    #[test]
    fn one_die_is_enough_when_no_way_uses_both() {
        // A pawn on the first square of its home row with 6 and 5: either
        // die alone takes it near home, and the other then goes too far.
        let b = Board::with(&[
            (g(0), Loc::HomeRow(0)),
            (g(1), Loc::Home),
            (g(2), Loc::Home),
            (g(3), Loc::Home),
        ]);
        let mut t = TurnTree::new(&b, Color::Green, &[6, 5]);
        let s = TurnState::new(b, &[6, 5]);
        assert_eq!(t.target(), 1);
        assert!(t.check(&s, g(0), 6).is_ok());
        assert!(t.check(&s, g(0), 5).is_ok());
    }

    #[test]
    fn a_move_onto_a_taken_safe_square_is_refused_with_the_reason() {
        // Red on 20 with 1 and 2: the 2 would land on green on 22 (red's
        // entry, a safe square); the 1 and then the 2 is fine.
        let b = Board::with(&[(r(0), Loc::Main(20)), (g(0), Loc::Main(22))]);
        let s = TurnState::new(b, &[1, 2]);
        let mut t = TurnTree::new(&b, Color::Red, &[1, 2]);
        assert_eq!(t.target(), 0);
        assert_eq!(t.check(&s, r(0), 2), Err(BadMove::SafeTaken(22)));
        let s2 = t.check(&s, r(0), 1).unwrap();
        assert!(t.check(&s2, r(0), 2).is_ok());
    }

    #[test]
    fn blockades_between_squares_wrap_round_the_ring() {
        let b = Board::with(&[
            (r(0), Loc::Main(2)),
            (r(1), Loc::Main(2)),
            (g(0), Loc::Main(66)),
            (g(1), Loc::Main(66)),
        ]);
        assert_eq!(b.blockade_between_main(0, 1), None);
        assert_eq!(b.blockade_between_main(0, 2), Some(2));
        assert_eq!(b.blockade_between_main(2, 5), Some(2));
        assert_eq!(b.blockade_between_main(3, 65), None);
        assert_eq!(b.blockade_between_main(60, 1), Some(66));
        assert_eq!(b.blockade_between_main(67, 5), Some(2));
        assert_eq!(b.blockade_between_main(67, 1), None);
    }

    #[test]
    fn doubles_penalty_sends_the_furthest_pawn_back() {
        let b = Board::with(&[(g(0), Loc::Main(30)), (g(1), Loc::Main(60))]);
        let after = doubles_penalty(&b, Color::Green);
        assert_eq!(after.loc(g(1)), Loc::Start);
        assert_eq!(after.loc(g(0)), Loc::Main(30));
    }
}
