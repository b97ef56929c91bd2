//! The evaluator: the original's reductions, one step at a time.
//!
//! A step contracts one application, found outermost first and left to
//! right (the function part before the argument), never inside an
//! abstraction (as the original, which does not evaluate a function's
//! body before it is applied):
//!
//! * an abstraction applied to a cube gives its body with the cube put in
//!   place of the variable (not under an inner abstraction of the same
//!   colour, which binds its own variable);
//! * a composition of functions applied to a cube (a "spatial function",
//!   §1.19.3) gives the composition of the applications, each part of the
//!   function applied to the matching half of the cube: `(f | g) a` is
//!   `f a1 | g a2` where `a1`, `a2` are the left and right halves of `a`
//!   (a cube that is not composed left-right is its own halves);
//! * with "colours as functions", a colour applied to a cube mixes that
//!   colour into every colour of the cube.
//!
//! Anything else applied (a colour without that preference, a variable,
//! the empty cube) does not reduce; its argument is still evaluated.
//!
//! Two limits keep an evaluation finite: the caller's **step limit** and
//! the **depth limit** of the preferences (the original's "Evaluation depth
//! limit", 18 by default): an application nested in more than that many
//! compositions and applications is left as it is, as the original leaves
//! parts too deep (or too small) to draw. The original also charged that
//! depth for each repeated reduction at one place; here the step limit does
//! that job, so a runaway such as the Y combinator applied to the identity
//! stops when the steps run out, reported as such.

use crate::expr::{Axis, Colour, Expr, Kind, Op};

/// The deepest the evaluator ever reduces, whatever the preferences say
/// (it keeps the recursion of a runaway within the stack).
pub const HARD_DEPTH: u32 = 1000;

/// The preferences of the original that change the computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// "Evaluation depth limit": reduce only applications nested in fewer
    /// compositions and applications than this (`None`: no limit but
    /// [`HARD_DEPTH`]). The original's default is 18.
    pub depth: Option<u32>,
    /// "Split arg by function body structure": when a cube is put in place
    /// of a variable, each part of a composition gets the matching half of
    /// the cube, not the whole. Off by default.
    pub split_args: bool,
    /// "Use colours as functions": a colour applied to a cube mixes into its
    /// colours. Off by default.
    pub colour_ops: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            depth: Some(18),
            split_args: false,
            colour_ops: false,
        }
    }
}

impl Settings {
    fn max_depth(&self) -> u32 {
        self.depth.map_or(HARD_DEPTH, |d| d.min(HARD_DEPTH))
    }
}

/// Which rule a step used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// An abstraction over this colour was applied.
    Beta(Colour),
    /// A composition of functions along this axis was applied.
    Spatial(Axis),
    /// A colour was mixed into a cube ("colours as functions").
    Recolour,
}

/// One reduction step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The whole expression after the step.
    pub expr: Expr,
    /// The rule used.
    pub rule: Rule,
    /// How many compositions and applications enclose the contracted one.
    pub depth: u32,
}

/// Why an evaluation stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// No application anywhere can be reduced: the cube is final.
    Done,
    /// Reducible applications remain, but only deeper than the depth limit.
    DepthLimit,
    /// The step limit was reached (a runaway, or a long computation).
    StepLimit,
}

/// The result of [`evaluate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The cube reached.
    pub expr: Expr,
    /// How many steps were taken.
    pub steps: usize,
    /// Why it stopped.
    pub stop: Stop,
}

/// The one step the evaluator takes next from `expr`, or `None` when no
/// application within the depth limit can be reduced.
pub fn step(expr: &Expr, settings: &Settings) -> Option<Step> {
    step_at(expr, 0, settings.max_depth(), settings).map(|(expr, rule, depth)| Step {
        expr,
        rule,
        depth,
    })
}

/// Evaluates `expr` for at most `max_steps` steps.
pub fn evaluate(expr: &Expr, settings: &Settings, max_steps: usize) -> Evaluation {
    let mut current = expr.clone();
    let mut steps = 0;
    loop {
        let stop = match step(&current, settings) {
            Some(_) if steps == max_steps => Stop::StepLimit,
            Some(s) => {
                current = s.expr;
                steps += 1;
                continue;
            }
            None if has_redex(&current, settings) => Stop::DepthLimit,
            None => Stop::Done,
        };
        return Evaluation {
            expr: current,
            steps,
            stop,
        };
    }
}

/// The steps of an evaluation, one by one (for a display that shows them).
pub struct Steps {
    current: Expr,
    settings: Settings,
}

impl Steps {
    /// The steps from `expr`.
    pub fn new(expr: Expr, settings: Settings) -> Steps {
        Steps {
            current: expr,
            settings,
        }
    }

    /// The expression reached so far.
    pub fn current(&self) -> &Expr {
        &self.current
    }
}

impl Iterator for Steps {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        let s = step(&self.current, &self.settings)?;
        self.current = s.expr.clone();
        Some(s)
    }
}

/// Whether any application outside abstractions can be reduced, at any
/// depth.
pub fn has_redex(expr: &Expr, settings: &Settings) -> bool {
    let unlimited = Settings {
        depth: None,
        ..*settings
    };
    step_at(expr, 0, HARD_DEPTH, &unlimited).is_some()
}

fn step_at(e: &Expr, depth: u32, max: u32, s: &Settings) -> Option<(Expr, Rule, u32)> {
    if !e.is_active() || depth >= max {
        return None;
    }
    match e.kind() {
        Kind::Apply(f, a) => {
            if let Some((result, rule)) = contract(f, a, s) {
                return Some((result, rule, depth));
            }
            let in_function = if matches!(f.kind(), Kind::Apply(..)) {
                step_at(f, depth + 1, max, s).map(|(f2, r, d)| (Expr::apply(f2, a.clone()), r, d))
            } else {
                None
            };
            in_function.or_else(|| {
                step_at(a, depth + 1, max, s).map(|(a2, r, d)| (Expr::apply(f.clone(), a2), r, d))
            })
        }
        Kind::Compose(axis, x, y) => step_at(x, depth + 1, max, s)
            .map(|(x2, r, d)| (Expr::compose(*axis, x2, y.clone()), r, d))
            .or_else(|| {
                step_at(y, depth + 1, max, s)
                    .map(|(y2, r, d)| (Expr::compose(*axis, x.clone(), y2), r, d))
            }),
        _ => None,
    }
}

/// Contracts `f a` if `f` is a function; `None` if it does not reduce.
fn contract(f: &Expr, a: &Expr, s: &Settings) -> Option<(Expr, Rule)> {
    match f.kind() {
        Kind::Lambda(colour, body) => Some((
            substitute(body, *colour, a, s.split_args).unwrap_or_else(|| body.clone()),
            Rule::Beta(*colour),
        )),
        Kind::Compose(axis, f1, f2) => {
            let (a1, a2) = a.split(Op::Compose(*axis));
            Some((
                Expr::compose(
                    *axis,
                    Expr::apply(f1.clone(), a1),
                    Expr::apply(f2.clone(), a2),
                ),
                Rule::Spatial(*axis),
            ))
        }
        Kind::Cube(_) | Kind::Rgb(_) | Kind::Empty if s.colour_ops => {
            Some((recolour(f.kind(), a), Rule::Recolour))
        }
        _ => None,
    }
}

/// `body` with `new` in place of the variable `var`; `None` when unchanged
/// (so unchanged parts stay shared).
fn substitute(body: &Expr, var: Colour, new: &Expr, split_args: bool) -> Option<Expr> {
    let halves = |op: Op| {
        if split_args {
            new.split(op)
        } else {
            (new.clone(), new.clone())
        }
    };
    match body.kind() {
        Kind::Var(v) if *v == var => Some(new.clone()),
        Kind::Lambda(v, _) if *v == var => None,
        Kind::Lambda(v, inner) => {
            let (_, n2) = halves(Op::Lambda);
            substitute(inner, var, &n2, split_args).map(|b| Expr::lambda(*v, b))
        }
        Kind::Compose(axis, x, y) => {
            let (n1, n2) = halves(Op::Compose(*axis));
            let x2 = substitute(x, var, &n1, split_args);
            let y2 = substitute(y, var, &n2, split_args);
            if x2.is_none() && y2.is_none() {
                return None;
            }
            Some(Expr::compose(
                *axis,
                x2.unwrap_or_else(|| x.clone()),
                y2.unwrap_or_else(|| y.clone()),
            ))
        }
        Kind::Apply(x, y) => {
            let (n1, n2) = halves(Op::Apply);
            let x2 = substitute(x, var, &n1, split_args);
            let y2 = substitute(y, var, &n2, split_args);
            if x2.is_none() && y2.is_none() {
                return None;
            }
            Some(Expr::apply(
                x2.unwrap_or_else(|| x.clone()),
                y2.unwrap_or_else(|| y.clone()),
            ))
        }
        _ => None,
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Paint {
    Nothing,
    Transparent,
    Rgb([u8; 3]),
}

fn paint_of(kind: &Kind) -> Option<Paint> {
    match kind {
        Kind::Empty => Some(Paint::Nothing),
        Kind::Cube(c) => Some(c.rgb().map_or(Paint::Transparent, Paint::Rgb)),
        Kind::Rgb(v) => Some(Paint::Rgb(*v)),
        _ => None,
    }
}

/// The original rounds halves to even.
fn average(a: u8, b: u8) -> u8 {
    let sum = u16::from(a) + u16::from(b);
    let half = sum / 2;
    let rounded = if sum % 2 == 1 && half % 2 == 1 {
        half + 1
    } else {
        half
    };
    rounded as u8
}

/// Mixes the colour `paint` into every colour of `e` (the original's
/// `recolor-expr`): equal colours stay (as explicit colours), the empty
/// cube as paint empties every colour, transparency wins over any colour,
/// and two colours average component by component. Variables and empty
/// cubes are kept; abstractions and applications are entered.
pub fn recolour(paint: &Kind, e: &Expr) -> Expr {
    let Some(p) = paint_of(paint) else {
        return e.clone();
    };
    fn go(p: Paint, e: &Expr) -> Expr {
        match e.kind() {
            Kind::Var(_) | Kind::Empty => e.clone(),
            Kind::Cube(_) | Kind::Rgb(_) => {
                let q = paint_of(e.kind()).unwrap_or(Paint::Nothing);
                match (p, q) {
                    (Paint::Rgb(x), Paint::Rgb(y)) if x == y => Expr::new(Kind::Rgb(x)),
                    (Paint::Nothing, _) => Expr::empty(),
                    (Paint::Transparent, _) | (_, Paint::Transparent) => {
                        Expr::cube(Colour::Transparent)
                    }
                    (Paint::Rgb(x), Paint::Rgb(y)) => Expr::new(Kind::Rgb([
                        average(x[0], y[0]),
                        average(x[1], y[1]),
                        average(x[2], y[2]),
                    ])),
                    (Paint::Rgb(_), Paint::Nothing) => e.clone(),
                }
            }
            Kind::Compose(axis, a, b) => Expr::compose(*axis, go(p, a), go(p, b)),
            Kind::Apply(a, b) => Expr::apply(go(p, a), go(p, b)),
            Kind::Lambda(v, b) => Expr::lambda(*v, go(p, b)),
        }
    }
    go(p, e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse;

    fn eval(text: &str) -> Evaluation {
        evaluate(&parse(text), &Settings::default(), 10_000)
    }

    fn value(text: &str) -> String {
        let r = eval(text);
        assert_eq!(r.stop, Stop::Done, "{text}");
        r.expr.to_string()
    }

    #[test]
    fn the_manual_example_applied() {
        // λG. R|G applied to blue is R|B.
        let r = eval("(\\green. red | green) blue");
        assert_eq!(r.expr, parse("red | blue"));
        assert_eq!((r.steps, r.stop), (1, Stop::Done));
        let s = step(&parse("(\\green. red | green) blue"), &Settings::default()).unwrap();
        assert_eq!((s.rule, s.depth), (Rule::Beta(Colour::Green), 0));
    }

    #[test]
    fn compositions_are_evaluated_part_by_part() {
        let text = "(\\green. green | red) blue - (\\red. red) yellow";
        let mut steps = Steps::new(parse(text), Settings::default());
        let first = steps.next().unwrap();
        assert_eq!(first.expr, parse("(blue | red) - (\\red. red) yellow"));
        assert_eq!(first.depth, 1);
        let second = steps.next().unwrap();
        assert_eq!(second.expr, parse("(blue | red) - yellow"));
        assert!(steps.next().is_none());
        assert_eq!(steps.current(), &parse("(blue | red) - yellow"));
    }

    #[test]
    fn plain_cubes_and_functions_are_already_values() {
        for text in [
            "red",
            "(red | green) / blue",
            "\\green. (\\red. red) green",
            "_",
        ] {
            let r = eval(text);
            assert_eq!((r.steps, r.stop), (0, Stop::Done), "{text}");
            assert_eq!(r.expr, parse(text));
        }
    }

    #[test]
    fn colours_and_variables_do_not_reduce_but_their_arguments_do() {
        assert_eq!(value("red ((\\green. green) blue)"), "red blue");
        assert_eq!(value("_ red"), "_ red");
        assert_eq!(
            value("(\\red. \\blue. red blue) yellow"),
            "\\blue. yellow blue"
        );
    }

    #[test]
    fn an_inner_abstraction_of_the_same_colour_keeps_its_variable() {
        assert_eq!(value("(\\green. \\green. green) red"), "\\green. green");
        assert_eq!(
            value("(\\green. green | (\\green. green)) red"),
            "red | (\\green. green)"
        );
        // A green cube put under a green circle is a cube, not the variable.
        let k = eval("(\\red. \\green. red) green").expr;
        assert_eq!(k.to_string(), "\\green. #green");
        assert_eq!(value(&format!("({k}) blue")), "green");
    }

    #[test]
    fn currying() {
        let pair = "\\green. \\red. green | red";
        let half = eval(&format!("({pair}) blue"));
        assert_eq!(half.expr.to_string(), "\\red. blue | red");
        assert_eq!(value(&format!("({}) yellow", half.expr)), "blue | yellow");
        assert_eq!(value(&format!("({pair}) blue yellow")), "blue | yellow");
    }

    #[test]
    fn spatial_functions_apply_each_part_to_its_half() {
        let id = "(\\green. green)";
        let under_red = "(\\green. green - red)";
        // f|g on a left-right cube: f on the left, g on the right.
        assert_eq!(
            value(&format!("({id} | {under_red}) (blue | yellow)")),
            "blue | (yellow - red)"
        );
        // On a single cube both halves are the cube.
        assert_eq!(
            value(&format!("({id} | {under_red}) blue")),
            "blue | (blue - red)"
        );
        // A cube built along another axis is split inside.
        assert_eq!(
            value(&format!(
                "({under_red} | {id}) ((blue | yellow) - (cyan | white))"
            )),
            "(blue - cyan - red) | (yellow - white)"
        );
        // Top-bottom and front-back functions.
        assert_eq!(
            value(&format!("({id} - (\\green. white)) (blue - yellow)")),
            "blue - white"
        );
        assert_eq!(
            value(&format!("((\\green. white) / {id}) (blue / yellow)")),
            "white / yellow"
        );
        let s = step(&parse(&format!("({id} | {id}) red")), &Settings::default()).unwrap();
        assert_eq!(s.rule, Rule::Spatial(Axis::LeftRight));
    }

    #[test]
    fn split_args_gives_each_part_its_half() {
        let text = "(\\green. green | green) (red | blue)";
        assert_eq!(value(text), "red | blue | (red | blue)");
        let split = Settings {
            split_args: true,
            ..Settings::default()
        };
        let r = evaluate(&parse(text), &split, 100);
        assert_eq!(r.expr, parse("red | blue"));
    }

    #[test]
    fn colours_as_functions_mix() {
        let on = Settings {
            colour_ops: true,
            ..Settings::default()
        };
        let mix = |text: &str| evaluate(&parse(text), &on, 100).expr.to_string();
        // (255 + 0) / 2 = 127.5 rounds to the even 128, as Racket's round.
        assert_eq!(mix("red blue"), "rgb(128,0,128)");
        assert_eq!(mix("red gray"), "rgb(192,64,64)");
        assert_eq!(mix("red red"), "rgb(255,0,0)");
        assert_eq!(mix("red transparent"), "transparent");
        assert_eq!(mix("transparent red"), "transparent");
        assert_eq!(mix("_ red"), "_");
        assert_eq!(
            mix("white (black | (\\green. green | black))"),
            "rgb(128,128,128) | (\\green. green | rgb(128,128,128))"
        );
        // Off (the default), a colour applied to a cube stays as it is.
        assert_eq!(value("red blue"), "red blue");
        assert_eq!(average(1, 2), 2);
        assert_eq!(average(0, 1), 0);
    }

    // Church numerals, seen as cubes: n f x with f adding a red slice on
    // the right, so the numeral n is x followed by n red slices.
    const ZERO: &str = "(\\green. \\red. red)";
    const TWO: &str = "(\\green. \\red. green (green red))";
    const THREE: &str = "(\\green. \\red. green (green (green red)))";
    const FIVE: &str = "(\\green. \\red. green (green (green (green (green red)))))";
    const SIX: &str = "(\\green. \\red. green (green (green (green (green (green red))))))";
    const PLUS: &str = "(\\blue. \\yellow. \\green. \\red. blue green (yellow green red))";
    const TIMES: &str = "(\\blue. \\yellow. \\green. blue (yellow green))";
    const SLICE: &str = "(\\white. white | red)";

    fn as_cube(numeral: &str) -> Expr {
        let r = eval(&format!("{numeral} {SLICE} blue"));
        assert_eq!(r.stop, Stop::Done, "{numeral}");
        r.expr
    }

    fn slices(n: usize) -> Expr {
        parse(&format!("blue{}", " | red".repeat(n)))
    }

    #[test]
    fn church_numerals_are_seen_as_cubes() {
        assert_eq!(as_cube(ZERO), slices(0));
        assert_eq!(as_cube(TWO), slices(2));
        assert_eq!(as_cube(THREE), slices(3));
        assert_ne!(as_cube(TWO), as_cube(THREE));
    }

    #[test]
    fn church_two_plus_three_is_five() {
        let sum = format!("({PLUS} {TWO} {THREE})");
        // The sum itself evaluates to a function (its body is not entered)...
        let f = eval(&sum);
        assert!(matches!(f.expr.kind(), Kind::Lambda(..)));
        // ...which draws the same cube as five.
        assert_eq!(as_cube(&sum), as_cube(FIVE));
        assert_eq!(as_cube(&sum), slices(5));
    }

    #[test]
    fn church_two_times_three_is_six() {
        let product = format!("({TIMES} {TWO} {THREE})");
        assert_eq!(as_cube(&product), as_cube(SIX));
        assert_eq!(as_cube(&product), slices(6));
        assert_ne!(as_cube(&product), slices(5));
    }

    const Y: &str = "(\\red. (\\green. red (green green)) (\\green. red (green green)))";

    #[test]
    fn the_y_combinator_is_stopped_by_the_step_limit() {
        let runaway = parse(&format!("{Y} (\\green. green)"));
        for limit in [0, 1, 50, 1000] {
            let r = evaluate(&runaway, &Settings::default(), limit);
            assert_eq!((r.steps, r.stop), (limit, Stop::StepLimit));
        }
        let unlimited = Settings {
            depth: None,
            ..Settings::default()
        };
        let r = evaluate(&runaway, &unlimited, 300);
        assert_eq!((r.steps, r.stop), (300, Stop::StepLimit));
        assert_eq!(
            Steps::new(runaway, Settings::default()).take(500).count(),
            500
        );
    }

    #[test]
    fn the_y_combinator_draws_a_fractal_down_to_the_depth_limit() {
        // Y (λg. g | red): each unfolding adds a red slice, one level deeper.
        let fractal = parse(&format!("{Y} {SLICE}"));
        let shallow = Settings {
            depth: Some(4),
            ..Settings::default()
        };
        let r = evaluate(&fractal, &shallow, 10_000);
        assert_eq!(r.stop, Stop::DepthLimit);
        // Four compositions deep, then the rest is left unevaluated.
        let mut e = r.expr.clone();
        for _ in 0..4 {
            match e.kind().clone() {
                Kind::Compose(Axis::LeftRight, left, right) => {
                    assert_eq!(right, parse("red"));
                    e = left;
                }
                other => panic!("{other:?} in {}", r.expr),
            }
        }
        assert!(matches!(e.kind(), Kind::Apply(..)));
        // Without a depth limit, only the steps stop it.
        let r = evaluate(
            &fractal,
            &Settings {
                depth: None,
                ..Settings::default()
            },
            200,
        );
        assert_eq!(r.stop, Stop::StepLimit);
    }

    mod props {
        use super::super::*;
        use crate::expr::tests::props::arb_expr;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn evaluation_respects_its_limit_and_agrees_with_the_steps(
                e in arb_expr(),
                limit in 0usize..40,
                colour_ops: bool,
                split_args: bool,
            ) {
                let settings = Settings { depth: Some(6), colour_ops, split_args };
                let r = evaluate(&e, &settings, limit);
                prop_assert!(r.steps <= limit);
                let mut steps = Steps::new(e.clone(), settings);
                let taken = steps.by_ref().take(r.steps).count();
                prop_assert_eq!(taken, r.steps);
                prop_assert_eq!(steps.current(), &r.expr);
                match r.stop {
                    Stop::StepLimit => {
                        prop_assert_eq!(r.steps, limit);
                        prop_assert!(step(&r.expr, &settings).is_some());
                    }
                    Stop::Done => {
                        prop_assert!(!has_redex(&r.expr, &settings));
                    }
                    Stop::DepthLimit => {
                        prop_assert!(step(&r.expr, &settings).is_none());
                        prop_assert!(has_redex(&r.expr, &settings));
                    }
                }
            }
        }
    }
}
