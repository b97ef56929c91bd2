//! The working panel's operations (§1.19.3), free of any user interface:
//! the eight operation cells around the main cell, what dropping a cube on
//! each does, what a right click on each does, and abstraction by a right
//! click on a basic cube.
//!
//! The cells, as the original lays them out:
//!
//! ```text
//! Back         Top     Apply (func)
//! Left         Main    Right
//! Apply (arg)  Bottom  Front
//! ```

use crate::expr::{Axis, Colour, Expr, Op};

/// One of the eight operation cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpCell {
    /// Top left: the dropped cube goes behind the main one.
    Back,
    /// Top: the dropped cube goes on top of the main one.
    Top,
    /// Top right: the dropped cube is a function applied to the main one.
    ApplyFunction,
    /// Left: the dropped cube goes on the left of the main one.
    Left,
    /// Right: the dropped cube goes on the right of the main one.
    Right,
    /// Bottom left: the main cube is applied to the dropped one.
    ApplyArgument,
    /// Bottom: the dropped cube goes under the main one.
    Bottom,
    /// Bottom right: the dropped cube goes in front of the main one.
    Front,
}

impl OpCell {
    /// The eight cells, row by row, as the original lays them out (the
    /// main cell is between [`OpCell::Left`] and [`OpCell::Right`]).
    pub const ALL: [OpCell; 8] = [
        OpCell::Back,
        OpCell::Top,
        OpCell::ApplyFunction,
        OpCell::Left,
        OpCell::Right,
        OpCell::ApplyArgument,
        OpCell::Bottom,
        OpCell::Front,
    ];

    /// The label the original shows on the cell.
    pub fn label(self) -> &'static str {
        match self {
            OpCell::Back => "Back",
            OpCell::Top => "Top",
            OpCell::ApplyFunction => "Apply (func)",
            OpCell::Left => "Left",
            OpCell::Right => "Right",
            OpCell::ApplyArgument => "Apply (arg)",
            OpCell::Bottom => "Bottom",
            OpCell::Front => "Front",
        }
    }

    /// The kind of node the cell makes.
    pub fn op(self) -> Op {
        match self {
            OpCell::Back | OpCell::Front => Op::Compose(Axis::FrontBack),
            OpCell::Top | OpCell::Bottom => Op::Compose(Axis::TopBottom),
            OpCell::Left | OpCell::Right => Op::Compose(Axis::LeftRight),
            OpCell::ApplyFunction | OpCell::ApplyArgument => Op::Apply,
        }
    }

    /// Whether it is one of the two application cells (whose result the
    /// original evaluates at once, with "Evaluate immediately on
    /// application").
    pub fn is_application(self) -> bool {
        self.op() == Op::Apply
    }

    /// The new main cube when `dropped` is dropped on this cell.
    pub fn drop(self, dropped: Expr, main: Expr) -> Expr {
        use Axis::*;
        match self {
            OpCell::Back => Expr::compose(FrontBack, main, dropped),
            OpCell::Front => Expr::compose(FrontBack, dropped, main),
            OpCell::Top => Expr::compose(TopBottom, dropped, main),
            OpCell::Bottom => Expr::compose(TopBottom, main, dropped),
            OpCell::Left => Expr::compose(LeftRight, dropped, main),
            OpCell::Right => Expr::compose(LeftRight, main, dropped),
            OpCell::ApplyFunction => Expr::apply(dropped, main),
            OpCell::ApplyArgument => Expr::apply(main, dropped),
        }
    }

    /// The new main cube after a right click on this cell: the main cube is
    /// split in two along the cell's operation and the half on the cell's
    /// side thrown away (a right click on Right keeps the left half; on
    /// Apply (func), the argument of an application; on Apply (arg), its
    /// function).
    pub fn right_click(self, main: &Expr) -> Expr {
        let (first, second) = main.split(self.op());
        match self {
            OpCell::Right | OpCell::Bottom | OpCell::Back | OpCell::ApplyArgument => first,
            OpCell::Left | OpCell::Top | OpCell::Front | OpCell::ApplyFunction => second,
        }
    }
}

/// The new main cube after a right click on the basic cube `colour`: the
/// abstraction over that colour, or `None` when the main cell is empty (the
/// original does nothing then).
pub fn abstract_main(colour: Colour, main: &Expr) -> Option<Expr> {
    (!main.is_empty()).then(|| Expr::abstraction(colour, main))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse;

    #[test]
    fn drops_compose_on_the_cell_side() {
        let main = || parse("red");
        let g = || parse("green");
        let cases = [
            (OpCell::Left, "green | red"),
            (OpCell::Right, "red | green"),
            (OpCell::Top, "green - red"),
            (OpCell::Bottom, "red - green"),
            (OpCell::Front, "green / red"),
            (OpCell::Back, "red / green"),
            (OpCell::ApplyFunction, "green red"),
            (OpCell::ApplyArgument, "red green"),
        ];
        for (cell, expected) in cases {
            assert_eq!(cell.drop(g(), main()), parse(expected), "{}", cell.label());
        }
        assert_eq!(OpCell::ALL.iter().filter(|c| c.is_application()).count(), 2);
    }

    #[test]
    fn right_click_on_right_throws_the_right_side() {
        // §1.19.3: "a right-click on the right cell always splits the main
        // cube to two halves and throws the right side".
        let main = parse("(red | green) - (blue | yellow)");
        assert_eq!(OpCell::Right.right_click(&main), parse("red - blue"));
        assert_eq!(OpCell::Left.right_click(&main), parse("green - yellow"));
        assert_eq!(OpCell::Bottom.right_click(&main), parse("red | green"));
        assert_eq!(OpCell::Top.right_click(&main), parse("blue | yellow"));
        // A cube not composed that way is its own halves.
        assert_eq!(OpCell::Front.right_click(&main), main);
        // A right click undoes a drop on the same cell.
        for cell in OpCell::ALL {
            let dropped = cell.drop(parse("green"), parse("red | blue"));
            assert_eq!(
                cell.right_click(&dropped),
                parse("red | blue"),
                "{}",
                cell.label()
            );
        }
    }

    #[test]
    fn abstraction_needs_a_main_cube() {
        assert_eq!(
            abstract_main(Colour::Green, &parse("red | green")),
            Some(parse("\\green. red | green"))
        );
        assert_eq!(abstract_main(Colour::Green, &Expr::empty()), None);
    }
}
