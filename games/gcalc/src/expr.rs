//! Cube expressions, as the original GCalc models them, and their text
//! notation.
//!
//! A cube is one of:
//!
//! * a basic colour cube ([`Colour`], one of the eighteen of the left panel,
//!   the transparent one included), written by its name: `red`;
//! * a variable: the colour bound by an enclosing abstraction, drawn like the
//!   colour cube;
//! * an explicit colour `rgb(r,g,b)`, made only by the "colours as functions"
//!   preference when it mixes two colours;
//! * the empty cube `_` (an empty cell);
//! * a composition of two cubes along an [`Axis`]: `a | b` (left, right),
//!   `a - b` (top, bottom), `a / b` (front, back);
//! * an abstraction `\green. body`: the body with a green circle, green being
//!   the bound variable;
//! * an application `f a` (juxtaposition; `f a b` is `(f a) b`).
//!
//! # The notation
//!
//! Application binds tightest. The three compositions bind looser, all
//! associate to the left (`a | b | c` is `(a | b) | c`), and two different
//! ones must be told apart with parentheses (`(a | b) - c`; `a | b - c` is an
//! error). An abstraction extends as far right as it can and needs
//! parentheses anywhere but at the top or as another abstraction's body.
//!
//! Inside `\green. ...`, the word `green` is the variable; everywhere else it
//! is the green cube. Two marks override the scope: `#green` is always the
//! green cube (as when a green cube is substituted under a green circle) and
//! `'green` is always the variable (a free one). The printer uses them only
//! when needed, so `print(parse(s))` gives back the canonical text and
//! `parse(print(e)) == e` for every expression.

use std::fmt;
use std::rc::Rc;
use std::str::FromStr;

/// The basic colours of the original, in the order of its left panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// The transparent cube: nothing is drawn.
    Transparent,
    /// Black (0, 0, 0).
    Black,
    /// Dark gray (64, 64, 64).
    DarkGray,
    /// Gray (128, 128, 128).
    Gray,
    /// Light gray (192, 192, 192).
    LightGray,
    /// White (255, 255, 255).
    White,
    /// Dark red (128, 0, 0).
    DarkRed,
    /// Red (255, 0, 0).
    Red,
    /// Dark green (0, 128, 0).
    DarkGreen,
    /// Green (0, 255, 0).
    Green,
    /// Dark blue (0, 0, 128).
    DarkBlue,
    /// Blue (0, 0, 255).
    Blue,
    /// Dark yellow (128, 128, 0).
    DarkYellow,
    /// Yellow (255, 255, 0).
    Yellow,
    /// Dark cyan (0, 128, 128).
    DarkCyan,
    /// Cyan (0, 255, 255).
    Cyan,
    /// Dark magenta (128, 0, 128).
    DarkMagenta,
    /// Magenta (255, 0, 255).
    Magenta,
}

impl Colour {
    /// All eighteen, in the order of the original's panel of basic cubes.
    pub const ALL: [Colour; 18] = [
        Colour::Transparent,
        Colour::Black,
        Colour::DarkGray,
        Colour::Gray,
        Colour::LightGray,
        Colour::White,
        Colour::DarkRed,
        Colour::Red,
        Colour::DarkGreen,
        Colour::Green,
        Colour::DarkBlue,
        Colour::Blue,
        Colour::DarkYellow,
        Colour::Yellow,
        Colour::DarkCyan,
        Colour::Cyan,
        Colour::DarkMagenta,
        Colour::Magenta,
    ];

    /// The name used by the notation (and shown to the player).
    pub fn name(self) -> &'static str {
        match self {
            Colour::Transparent => "transparent",
            Colour::Black => "black",
            Colour::DarkGray => "dark-gray",
            Colour::Gray => "gray",
            Colour::LightGray => "light-gray",
            Colour::White => "white",
            Colour::DarkRed => "dark-red",
            Colour::Red => "red",
            Colour::DarkGreen => "dark-green",
            Colour::Green => "green",
            Colour::DarkBlue => "dark-blue",
            Colour::Blue => "blue",
            Colour::DarkYellow => "dark-yellow",
            Colour::Yellow => "yellow",
            Colour::DarkCyan => "dark-cyan",
            Colour::Cyan => "cyan",
            Colour::DarkMagenta => "dark-magenta",
            Colour::Magenta => "magenta",
        }
    }

    /// The colour of that name, if any.
    pub fn from_name(name: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Red, green and blue, or `None` for the transparent cube.
    pub fn rgb(self) -> Option<[u8; 3]> {
        Some(match self {
            Colour::Transparent => return None,
            Colour::Black => [0, 0, 0],
            Colour::DarkGray => [64, 64, 64],
            Colour::Gray => [128, 128, 128],
            Colour::LightGray => [192, 192, 192],
            Colour::White => [255, 255, 255],
            Colour::DarkRed => [128, 0, 0],
            Colour::Red => [255, 0, 0],
            Colour::DarkGreen => [0, 128, 0],
            Colour::Green => [0, 255, 0],
            Colour::DarkBlue => [0, 0, 128],
            Colour::Blue => [0, 0, 255],
            Colour::DarkYellow => [128, 128, 0],
            Colour::Yellow => [255, 255, 0],
            Colour::DarkCyan => [0, 128, 128],
            Colour::Cyan => [0, 255, 255],
            Colour::DarkMagenta => [128, 0, 128],
            Colour::Magenta => [255, 0, 255],
        })
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The three axes along which two cubes are composed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// `a | b`: `a` on the left, `b` on the right.
    LeftRight,
    /// `a - b`: `a` on top, `b` at the bottom.
    TopBottom,
    /// `a / b`: `a` in front, `b` at the back.
    FrontBack,
}

impl Axis {
    /// The operator of the notation.
    pub fn symbol(self) -> char {
        match self {
            Axis::LeftRight => '|',
            Axis::TopBottom => '-',
            Axis::FrontBack => '/',
        }
    }
}

/// The kind of a composite node, as the original's `split-expr` takes it:
/// a composition, an application or an abstraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// A composition along an axis.
    Compose(Axis),
    /// An application.
    Apply,
    /// An abstraction.
    Lambda,
}

/// One node of a cube expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The empty cube (an empty cell): `_`.
    Empty,
    /// A basic colour cube.
    Cube(Colour),
    /// An explicit colour, made by mixing colours ("colours as functions").
    Rgb([u8; 3]),
    /// The variable of an abstraction over that colour.
    Var(Colour),
    /// Two cubes composed along an axis (the first on the left, top or front).
    Compose(Axis, Expr, Expr),
    /// An abstraction: the body with a circle of the bound colour.
    Lambda(Colour, Expr),
    /// A function applied to an argument.
    Apply(Expr, Expr),
}

struct Node {
    kind: Kind,
    /// Whether an application occurs outside every abstraction: only such
    /// expressions can be reduced by the evaluator.
    active: bool,
    /// The number of nodes of the tree (shared parts counted each time),
    /// saturated.
    size: u64,
    /// Whether drawing it shows something transparent (see
    /// [`Expr::contains_transparent`]), kept so drawing asks it cheaply.
    transparent: bool,
}

/// A cube expression: an immutable tree whose parts are shared, so cloning is
/// cheap and a reduction step rebuilds only the path to the part it changes.
#[derive(Clone)]
pub struct Expr(Rc<Node>);

impl PartialEq for Expr {
    fn eq(&self, other: &Expr) -> bool {
        Rc::ptr_eq(&self.0, &other.0) || self.0.kind == other.0.kind
    }
}

impl Eq for Expr {}

impl std::hash::Hash for Expr {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.kind.hash(state)
    }
}

impl fmt::Debug for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Expr({self})")
    }
}

impl Expr {
    /// The expression of one node.
    pub fn new(kind: Kind) -> Expr {
        let (active, size) = match &kind {
            Kind::Empty | Kind::Cube(_) | Kind::Rgb(_) | Kind::Var(_) => (false, 1),
            Kind::Lambda(_, body) => (false, body.size().saturating_add(1)),
            Kind::Compose(_, a, b) => (
                a.0.active || b.0.active,
                a.size().saturating_add(b.size()).saturating_add(1),
            ),
            Kind::Apply(a, b) => (true, a.size().saturating_add(b.size()).saturating_add(1)),
        };
        let transparent = match &kind {
            Kind::Empty | Kind::Cube(Colour::Transparent) | Kind::Var(Colour::Transparent) => true,
            Kind::Cube(_) | Kind::Rgb(_) | Kind::Var(_) => false,
            Kind::Lambda(_, body) => body.0.transparent,
            Kind::Apply(..) => true,
            Kind::Compose(_, a, b) => a.0.transparent || b.0.transparent,
        };
        Expr(Rc::new(Node {
            kind,
            active,
            size,
            transparent,
        }))
    }

    /// The empty cube.
    pub fn empty() -> Expr {
        Expr::new(Kind::Empty)
    }

    /// A basic colour cube.
    pub fn cube(colour: Colour) -> Expr {
        Expr::new(Kind::Cube(colour))
    }

    /// A variable (normally made by [`Expr::abstraction`]).
    pub fn var(colour: Colour) -> Expr {
        Expr::new(Kind::Var(colour))
    }

    /// Two cubes composed along `axis`, `first` on the left, top or front.
    pub fn compose(axis: Axis, first: Expr, second: Expr) -> Expr {
        Expr::new(Kind::Compose(axis, first, second))
    }

    /// `function` applied to `argument`.
    pub fn apply(function: Expr, argument: Expr) -> Expr {
        Expr::new(Kind::Apply(function, argument))
    }

    /// An abstraction node over `colour` whose body already holds its
    /// variables (see [`Expr::abstraction`] for the player's operation).
    pub fn lambda(colour: Colour, body: Expr) -> Expr {
        Expr::new(Kind::Lambda(colour, body))
    }

    /// The player's abstraction (a right click on a basic cube): every
    /// `colour` cube of `body`, inside inner abstractions too, becomes the
    /// variable, and the whole gets a circle of that colour. As in the
    /// original, `\green. red | green` is `abstraction(Green, red | green)`.
    pub fn abstraction(colour: Colour, body: &Expr) -> Expr {
        fn mark(e: &Expr, colour: Colour) -> Expr {
            match e.kind() {
                Kind::Cube(c) if *c == colour => Expr::var(colour),
                Kind::Compose(axis, a, b) => Expr::compose(*axis, mark(a, colour), mark(b, colour)),
                Kind::Apply(a, b) => Expr::apply(mark(a, colour), mark(b, colour)),
                Kind::Lambda(v, b) => Expr::lambda(*v, mark(b, colour)),
                _ => e.clone(),
            }
        }
        Expr::lambda(colour, mark(body, colour))
    }

    /// The node at the top.
    pub fn kind(&self) -> &Kind {
        &self.0.kind
    }

    /// The number of nodes (the original's `expr-size`), saturated.
    pub fn size(&self) -> u64 {
        self.0.size
    }

    /// Whether an application occurs outside every abstraction.
    pub fn is_active(&self) -> bool {
        self.0.active
    }

    /// Whether this is the empty cube.
    pub fn is_empty(&self) -> bool {
        matches!(self.kind(), Kind::Empty)
    }

    /// Whether both are the very same shared node (a cheap test).
    pub fn same_node(&self, other: &Expr) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }

    /// The two halves of the cube along `op`, as the original's `split-expr`:
    /// a composition along that axis gives its two parts; a basic cube, a
    /// variable or an abstraction is the same on both sides; any other
    /// composite is split part by part and the halves recomposed. For
    /// example `(a | b) - (c | d)` split along left-right gives `a - c` and
    /// `b - d`.
    pub fn split(&self, op: Op) -> (Expr, Expr) {
        match (self.kind(), op) {
            (Kind::Compose(axis, a, b), Op::Compose(along)) if *axis == along => {
                (a.clone(), b.clone())
            }
            (Kind::Apply(a, b), Op::Apply) => (a.clone(), b.clone()),
            (Kind::Compose(axis, a, b), _) => {
                let (a1, a2) = a.split(op);
                let (b1, b2) = b.split(op);
                (Expr::compose(*axis, a1, b1), Expr::compose(*axis, a2, b2))
            }
            (Kind::Apply(a, b), _) => {
                let (a1, a2) = a.split(op);
                let (b1, b2) = b.split(op);
                (Expr::apply(a1, b1), Expr::apply(a2, b2))
            }
            _ => (self.clone(), self.clone()),
        }
    }

    /// Whether drawing it shows something transparent (the original's
    /// `expr-contains-transparent?`): the empty or transparent cube, its
    /// variable, or any application.
    pub fn contains_transparent(&self) -> bool {
        self.0.transparent
    }
}

impl From<Colour> for Expr {
    fn from(colour: Colour) -> Expr {
        Expr::cube(colour)
    }
}

// ---------------------------------------------------------------- printing

#[derive(Clone, Copy, PartialEq)]
enum Place {
    Top,
    /// An operand of a composition along this axis; `true` for the first.
    Operand(Axis, bool),
    Function,
    Argument,
}

fn write_expr(
    f: &mut fmt::Formatter<'_>,
    e: &Expr,
    place: Place,
    bound: &mut Vec<Colour>,
) -> fmt::Result {
    match e.kind() {
        Kind::Empty => f.write_str("_"),
        Kind::Cube(c) if bound.contains(c) => write!(f, "#{c}"),
        Kind::Cube(c) => write!(f, "{c}"),
        Kind::Var(c) if bound.contains(c) => write!(f, "{c}"),
        Kind::Var(c) => write!(f, "'{c}"),
        Kind::Rgb([r, g, b]) => write!(f, "rgb({r},{g},{b})"),
        Kind::Lambda(c, body) => {
            let parens = place != Place::Top;
            if parens {
                f.write_str("(")?;
            }
            write!(f, "\\{c}. ")?;
            bound.push(*c);
            let result = write_expr(f, body, Place::Top, bound);
            bound.pop();
            result?;
            if parens {
                f.write_str(")")?;
            }
            Ok(())
        }
        Kind::Compose(axis, a, b) => {
            let parens = !matches!(place, Place::Top) && place != Place::Operand(*axis, true);
            if parens {
                f.write_str("(")?;
            }
            write_expr(f, a, Place::Operand(*axis, true), bound)?;
            write!(f, " {} ", axis.symbol())?;
            write_expr(f, b, Place::Operand(*axis, false), bound)?;
            if parens {
                f.write_str(")")?;
            }
            Ok(())
        }
        Kind::Apply(a, b) => {
            let parens = place == Place::Argument;
            if parens {
                f.write_str("(")?;
            }
            write_expr(f, a, Place::Function, bound)?;
            f.write_str(" ")?;
            write_expr(f, b, Place::Argument, bound)?;
            if parens {
                f.write_str(")")?;
            }
            Ok(())
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_expr(f, self, Place::Top, &mut Vec::new())
    }
}

// ----------------------------------------------------------------- parsing

/// Why a text is not a cube expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The byte offset where the problem was found.
    pub offset: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for ParseError {}

/// The deepest nesting the parser accepts (so a damaged file cannot exhaust
/// the stack).
pub const MAX_NESTING: usize = 400;

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    bound: Vec<Colour>,
    nesting: usize,
}

impl Parser<'_> {
    fn error<T>(&self, message: impl Into<String>) -> Result<T, ParseError> {
        Err(ParseError {
            offset: self.pos,
            message: message.into(),
        })
    }

    fn skip_space(&mut self) {
        let rest = &self.text[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.text[self.pos..].chars().next()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    /// The letters, digits and dashes from here (not consumed).
    fn word(&mut self) -> &str {
        self.skip_space();
        let rest = &self.text[self.pos..];
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .unwrap_or(rest.len());
        &rest[..len]
    }

    /// The longest colour name here: `red-green` is the red cube followed
    /// by a top-bottom composition, `dark-green` one colour.
    fn colour(&mut self) -> Result<Colour, ParseError> {
        let word = self.word().to_string();
        let mut candidate = word.as_str();
        loop {
            if let Some(c) = Colour::from_name(candidate) {
                self.pos += candidate.len();
                return Ok(c);
            }
            match candidate.rfind('-') {
                Some(cut) => candidate = &candidate[..cut],
                None => break,
            }
        }
        if word.is_empty() {
            self.error("a colour name is expected")
        } else {
            self.error(format!("{word:?} is not a colour"))
        }
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            return self.error("the expression is nested too deeply");
        }
        let result = if self.eat('\\') {
            let colour = self.colour()?;
            if !self.eat('.') {
                return self.error("'.' is expected after the abstraction's colour");
            }
            self.bound.push(colour);
            let body = self.expr();
            self.bound.pop();
            body.map(|body| Expr::lambda(colour, body))
        } else {
            self.composition()
        };
        self.nesting -= 1;
        result
    }

    fn composition(&mut self) -> Result<Expr, ParseError> {
        let mut e = self.application()?;
        let mut axis: Option<Axis> = None;
        loop {
            let next = match self.peek() {
                Some('|') => Axis::LeftRight,
                Some('-') => Axis::TopBottom,
                Some('/') => Axis::FrontBack,
                _ => return Ok(e),
            };
            if axis.is_some_and(|a| a != next) {
                return self.error("different compositions need parentheses");
            }
            self.pos += 1;
            axis = Some(next);
            let b = self.application()?;
            e = Expr::compose(next, e, b);
        }
    }

    fn application(&mut self) -> Result<Expr, ParseError> {
        let mut e = self.atom()?;
        while matches!(self.peek(), Some(c) if c == '(' || c == '_' || c == '#' || c == '\'' || c.is_ascii_alphabetic())
        {
            let a = self.atom()?;
            e = Expr::apply(e, a);
        }
        Ok(e)
    }

    fn atom(&mut self) -> Result<Expr, ParseError> {
        match self.peek() {
            Some('(') => {
                self.pos += 1;
                let e = self.expr()?;
                if !self.eat(')') {
                    return self.error("')' is expected");
                }
                Ok(e)
            }
            Some('_') => {
                self.pos += 1;
                Ok(Expr::empty())
            }
            Some('#') => {
                self.pos += 1;
                Ok(Expr::cube(self.colour()?))
            }
            Some('\'') => {
                self.pos += 1;
                Ok(Expr::var(self.colour()?))
            }
            Some(c) if c.is_ascii_alphabetic() => {
                if self.word() == "rgb" {
                    self.pos += 3;
                    return self.rgb();
                }
                let c = self.colour()?;
                Ok(if self.bound.contains(&c) {
                    Expr::var(c)
                } else {
                    Expr::cube(c)
                })
            }
            Some(c) => self.error(format!("{c:?} cannot start a cube")),
            None => self.error("a cube is expected"),
        }
    }

    fn rgb(&mut self) -> Result<Expr, ParseError> {
        if !self.eat('(') {
            return self.error("'(' is expected after rgb");
        }
        let mut rgb = [0u8; 3];
        for (i, slot) in rgb.iter_mut().enumerate() {
            if i > 0 && !self.eat(',') {
                return self.error("',' is expected");
            }
            self.skip_space();
            let rest = &self.text[self.pos..];
            let len = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            match rest[..len].parse::<u8>() {
                Ok(v) => *slot = v,
                Err(_) => return self.error("a number from 0 to 255 is expected"),
            }
            self.pos += len;
        }
        if !self.eat(')') {
            return self.error("')' is expected");
        }
        Ok(Expr::new(Kind::Rgb(rgb)))
    }
}

impl FromStr for Expr {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Expr, ParseError> {
        let mut p = Parser {
            text,
            pos: 0,
            bound: Vec::new(),
            nesting: 0,
        };
        let e = p.expr()?;
        if p.peek().is_some() {
            return p.error("unexpected text after the cube");
        }
        Ok(e)
    }
}

/// Parses the notation; panics with the error on a bad text (for tests and
/// the built-in examples).
pub fn parse(text: &str) -> Expr {
    match text.parse() {
        Ok(e) => e,
        Err(e) => panic!("{text:?}: {e}"),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn c(colour: Colour) -> Expr {
        Expr::cube(colour)
    }

    #[test]
    fn notation_builds_the_original_structures() {
        use Colour::*;
        assert_eq!(
            parse("red | green"),
            Expr::compose(Axis::LeftRight, c(Red), c(Green))
        );
        assert_eq!(
            parse("red | green | blue"),
            Expr::compose(
                Axis::LeftRight,
                Expr::compose(Axis::LeftRight, c(Red), c(Green)),
                c(Blue)
            )
        );
        assert_eq!(
            parse("(red - green) / dark-blue"),
            Expr::compose(
                Axis::FrontBack,
                Expr::compose(Axis::TopBottom, c(Red), c(Green)),
                c(DarkBlue)
            )
        );
        // "red-green" is a composition of two cubes, not a colour name.
        assert_eq!(parse("red-green"), parse("red - green"));
        assert_eq!(
            parse("red green blue"),
            Expr::apply(Expr::apply(c(Red), c(Green)), c(Blue))
        );
        assert_eq!(parse("_"), Expr::empty());
        assert_eq!(parse("rgb(1, 2,255)"), Expr::new(Kind::Rgb([1, 2, 255])));
    }

    #[test]
    fn abstraction_of_the_manual_example() {
        // §1.19.3: R|G in the main cell, right-click the green cube: λG.R|G.
        let main = parse("red | green");
        let f = Expr::abstraction(Colour::Green, &main);
        assert_eq!(
            f,
            Expr::lambda(
                Colour::Green,
                Expr::compose(Axis::LeftRight, c(Colour::Red), Expr::var(Colour::Green))
            )
        );
        assert_eq!(f, parse("\\green. red | green"));
        assert_eq!(f.to_string(), "\\green. red | green");
        // Inner abstractions are entered too; their own variables stay.
        let g = Expr::abstraction(Colour::Red, &parse("\\green. green | red"));
        assert_eq!(g.to_string(), "\\red. \\green. green | red");
        assert_eq!(g, parse("\\red. \\green. green | red"));
    }

    #[test]
    fn marks_for_bound_cubes_and_free_variables() {
        let k = Expr::lambda(Colour::Green, c(Colour::Green));
        assert_eq!(k.to_string(), "\\green. #green");
        assert_eq!(parse("\\green. #green"), k);
        assert_ne!(parse("\\green. green"), k);
        assert_eq!(Expr::var(Colour::Red).to_string(), "'red");
        assert_eq!(parse("'red"), Expr::var(Colour::Red));
    }

    #[test]
    fn printing_is_canonical() {
        for text in [
            "red",
            "_",
            "transparent",
            "red | green",
            "(red | green) - blue",
            "red | (green | blue)",
            "(\\green. green) red",
            "\\green. \\red. green (green red)",
        ] {
            assert_eq!(parse(text).to_string(), text);
        }
        assert_eq!(parse("((red))").to_string(), "red");
        assert_eq!(parse("(red green) blue").to_string(), "red green blue");
        assert_eq!(parse("red (green blue)").to_string(), "red (green blue)");
        assert_eq!(
            parse("(\\red. red) | (\\blue. blue)").to_string(),
            "(\\red. red) | (\\blue. blue)"
        );
    }

    #[test]
    fn bad_texts_are_refused_with_a_place() {
        for (text, offset) in [
            ("", 0),
            ("red | green - blue", 12),
            ("purple", 0),
            ("(red", 4),
            ("red )", 4),
            ("\\red red", 5),
            ("rgb(1,2,256)", 8),
            ("red |", 5),
        ] {
            let err = text.parse::<Expr>().unwrap_err();
            assert_eq!(err.offset, offset, "{text:?}: {err}");
        }
        let deep = format!("{}red{}", "(".repeat(1000), ")".repeat(1000));
        assert!(deep.parse::<Expr>().is_err());
    }

    #[test]
    fn split_as_the_original() {
        let (l, r) = parse("(red | green) - (blue | yellow)").split(Op::Compose(Axis::LeftRight));
        assert_eq!((l, r), (parse("red - blue"), parse("green - yellow")));
        let (t, b) = parse("red | green").split(Op::Compose(Axis::TopBottom));
        assert_eq!((t.clone(), b), (parse("red | green"), parse("red | green")));
        let f = parse("\\red. red | blue");
        assert_eq!(
            f.split(Op::Compose(Axis::LeftRight)),
            (f.clone(), f.clone())
        );
        let (front, back) = parse("red / green").split(Op::Compose(Axis::FrontBack));
        assert_eq!((front, back), (c(Colour::Red), c(Colour::Green)));
        assert_eq!(
            parse("(red green) | blue").split(Op::Apply),
            (parse("red | blue"), parse("green | blue"))
        );
    }

    #[test]
    fn sizes_and_transparency() {
        assert_eq!(parse("red | green").size(), 3);
        assert_eq!(parse("\\red. red").size(), 2);
        assert!(parse("red | transparent").contains_transparent());
        assert!(!parse("red | green").contains_transparent());
        assert!(parse("red green").contains_transparent());
        assert!(!parse("\\red. red | green").is_empty());
        assert!(parse("_").is_empty());
    }

    pub(crate) mod props {
        use super::super::*;
        use proptest::prelude::*;

        fn arb_colour() -> impl Strategy<Value = Colour> {
            (0..18usize).prop_map(|i| Colour::ALL[i])
        }

        /// Random expressions of every kind, a few levels deep.
        pub(crate) fn arb_expr() -> impl Strategy<Value = Expr> {
            let leaf = prop_oneof![
                arb_colour().prop_map(Expr::cube),
                arb_colour().prop_map(Expr::var),
                Just(Expr::empty()),
                any::<[u8; 3]>().prop_map(|c| Expr::new(Kind::Rgb(c))),
            ];
            leaf.prop_recursive(6, 64, 2, |inner| {
                prop_oneof![
                    (0..3usize, inner.clone(), inner.clone()).prop_map(|(a, x, y)| {
                        let axis = [Axis::LeftRight, Axis::TopBottom, Axis::FrontBack][a];
                        Expr::compose(axis, x, y)
                    }),
                    (inner.clone(), inner.clone()).prop_map(|(f, a)| Expr::apply(f, a)),
                    (arb_colour(), inner).prop_map(|(c, b)| Expr::lambda(c, b)),
                ]
            })
        }

        proptest! {
            #[test]
            fn print_then_parse_gives_the_same_cube(e in arb_expr()) {
                let text = e.to_string();
                let back: Expr = text.parse().map_err(|err| TestCaseError::fail(format!("{text}: {err}")))?;
                prop_assert_eq!(&back, &e);
                prop_assert_eq!(back.to_string(), text);
            }
        }
    }
}
