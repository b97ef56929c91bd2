//! The project's own example storage (Open Example): Church numerals and
//! arithmetic, booleans, pairs, lists, a Y combinator and a few cube tools,
//! each named, in the notation of [`crate::expr`].
//!
//! Variables follow a convention: a numeral is `\green. \red. ...` (apply
//! green to red n times), a boolean `\green. \red. ...` (choose green or
//! red), a pair waits for a selector called cyan.
//!
//! To see a numeral as a cube, apply it to `slice` and to any cube: `n
//! slice blue` is the blue cube followed by n red slices. To see a boolean,
//! apply it to two cubes: `true white black` is white.

use crate::storage::Storage;

/// The example storage, as text.
pub const EXAMPLES: &str = r"GCALC 1
; The storage is five cells across: each line of five below is a row.
; Church numerals: n f x applies f n times.
zero = \green. \red. red
one = \green. \red. green red
two = \green. \red. green (green red)
three = \green. \red. green (green (green red))
four = \green. \red. green (green (green (green red)))
five = \green. \red. green (green (green (green (green red))))
successor = \blue. \green. \red. green (blue green red)
plus = \blue. \yellow. \green. \red. blue green (yellow green red)
times = \blue. \yellow. \green. blue (yellow green)
; A function to see numerals with: a red slice on the right.
slice = \white. white | red
; Booleans: a boolean chooses between two cubes.
true = \green. \red. green
false = \green. \red. red
and = \blue. \yellow. blue yellow blue
or = \blue. \yellow. blue blue yellow
not = \blue. \green. \red. blue red green
; Pairs: a pair gives its two parts to a selector.
pair = \blue. \yellow. \cyan. cyan blue yellow
first = \cyan. cyan (\green. \red. green)
second = \cyan. cyan (\green. \red. red)
_
_
; Lists: pairs of a head and a tail, ending in nil.
cons = \blue. \yellow. \cyan. cyan blue yellow
nil = \cyan. \green. \red. green
head = \cyan. cyan (\green. \red. green)
tail = \cyan. cyan (\green. \red. red)
null? = \blue. blue (\green. \red. \green. \red. red)
; The Y combinator: Y f is f (Y f). Try Y slice.
Y = \red. (\green. red (green green)) (\green. red (green green))
; Cube tools: spatial functions act on each half of a cube.
identity = \white. white
hole = \white. transparent
left half = (\white. white) | (\white. transparent)
top half = (\white. white) - (\white. transparent)";

/// The example storage.
pub fn examples() -> Storage {
    match Storage::parse(EXAMPLES) {
        Ok(s) => s,
        Err(e) => panic!("the example storage: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Evaluation, Settings, Stop, evaluate};
    use crate::expr::{Expr, Kind, parse};

    /// Applies named examples and cubes (in the notation) to each other.
    fn run(parts: &[&str]) -> Evaluation {
        let store = examples();
        let mut parts = parts
            .iter()
            .map(|p| store.find(p).cloned().unwrap_or_else(|| parse(p)));
        let first = parts.next().unwrap();
        let e = parts.fold(first, Expr::apply);
        evaluate(&e, &Settings::default(), 100_000)
    }

    fn cube(parts: &[&str]) -> Expr {
        let r = run(parts);
        assert_eq!(r.stop, Stop::Done, "{parts:?} gives {}", r.expr);
        r.expr
    }

    fn slices(n: usize) -> Expr {
        parse(&format!("blue{}", " | red".repeat(n)))
    }

    /// The numeral built by `parts`, seen as a cube.
    fn number(parts: &[&str]) -> Expr {
        let store = examples();
        let numeral = run(parts).expr;
        let e = Expr::apply(
            Expr::apply(numeral, store.find("slice").unwrap().clone()),
            parse("blue"),
        );
        let r = evaluate(&e, &Settings::default(), 100_000);
        assert_eq!(r.stop, Stop::Done);
        r.expr
    }

    const NUMERALS: [&str; 6] = ["zero", "one", "two", "three", "four", "five"];

    #[test]
    fn every_entry_is_named_and_parses() {
        let s = examples();
        let names: Vec<&str> = s.names().collect();
        for name in [
            "zero",
            "five",
            "successor",
            "plus",
            "times",
            "true",
            "false",
            "and",
            "or",
            "not",
            "pair",
            "first",
            "second",
            "cons",
            "nil",
            "head",
            "tail",
            "null?",
            "Y",
        ] {
            assert!(names.contains(&name), "{name}");
        }
        assert!(s.cells().iter().flatten().all(|e| e.name.is_some()));
        // Every example is a closed function or cube: it draws as it is.
        for e in s.cells().iter().flatten() {
            let r = evaluate(&e.expr, &Settings::default(), 1000);
            assert_eq!((r.steps, r.stop), (0, Stop::Done), "{:?}", e.name);
        }
        // The text is the canonical print of what it holds.
        let again = Storage::parse(&s.to_text()).unwrap();
        assert_eq!(again, s);
    }

    #[test]
    fn numerals_count_slices() {
        for (n, name) in NUMERALS.iter().enumerate() {
            assert_eq!(cube(&[name, "slice", "blue"]), slices(n), "{name}");
        }
    }

    #[test]
    fn successor_adds_one() {
        for (n, name) in NUMERALS.iter().enumerate() {
            assert_eq!(number(&["successor", name]), slices(n + 1), "{name}");
        }
    }

    #[test]
    fn plus_and_times() {
        assert_eq!(number(&["plus", "two", "three"]), number(&["five"]));
        assert_eq!(number(&["times", "two", "three"]), slices(6));
        assert_eq!(number(&["times", "three", "four"]), slices(12));
        for (m, a) in NUMERALS.iter().enumerate().take(4) {
            for (n, b) in NUMERALS.iter().enumerate().take(4) {
                assert_eq!(number(&["plus", a, b]), slices(m + n), "{a} + {b}");
                assert_eq!(number(&["times", a, b]), slices(m * n), "{a} x {b}");
            }
        }
    }

    fn truth(parts: &[&str]) -> bool {
        let mut v = parts.to_vec();
        v.extend(["white", "black"]);
        let c = cube(&v);
        assert!(c == parse("white") || c == parse("black"), "{c}");
        c == parse("white")
    }

    #[test]
    fn booleans() {
        assert!(truth(&["true"]));
        assert!(!truth(&["false"]));
        for (a, x) in [("true", true), ("false", false)] {
            assert_eq!(truth(&["not", a]), !x);
            for (b, y) in [("true", true), ("false", false)] {
                assert_eq!(truth(&["and", a, b]), x && y, "{a} and {b}");
                assert_eq!(truth(&["or", a, b]), x || y, "{a} or {b}");
            }
        }
    }

    #[test]
    fn pairs() {
        assert_eq!(
            cube(&["first", "(\\cyan. cyan red (blue | green))"]),
            parse("red")
        );
        let store = examples();
        let pair = |a: &str, b: &str| {
            Expr::apply(
                Expr::apply(store.find("pair").unwrap().clone(), parse(a)),
                parse(b),
            )
        };
        let p = pair("red", "blue | green");
        let get = |name: &str| {
            evaluate(
                &Expr::apply(store.find(name).unwrap().clone(), p.clone()),
                &Settings::default(),
                1000,
            )
            .expr
        };
        assert_eq!(get("first"), parse("red"));
        assert_eq!(get("second"), parse("blue | green"));
    }

    #[test]
    fn lists() {
        let store = examples();
        let named = |n: &str| store.find(n).unwrap().clone();
        let cons = |h: &str, t: Expr| Expr::apply(Expr::apply(named("cons"), parse(h)), t);
        let list = cons("red", cons("blue", named("nil")));
        let eval = |e: Expr| evaluate(&e, &Settings::default(), 1000).expr;
        assert_eq!(eval(Expr::apply(named("head"), list.clone())), parse("red"));
        let rest = Expr::apply(named("tail"), list.clone());
        assert_eq!(
            eval(Expr::apply(named("head"), rest.clone())),
            parse("blue")
        );
        let empty = |l: Expr| {
            let e = Expr::apply(
                Expr::apply(Expr::apply(named("null?"), l), parse("white")),
                parse("black"),
            );
            eval(e) == parse("white")
        };
        assert!(empty(named("nil")));
        assert!(!empty(list));
        assert!(!empty(rest.clone()));
        assert!(empty(Expr::apply(named("tail"), rest)));
    }

    #[test]
    fn y_combinator() {
        // Y slice: red slices all the way down, cut by the depth limit.
        let r = run(&["Y", "slice"]);
        assert_eq!(r.stop, Stop::DepthLimit);
        let mut e = r.expr;
        let mut depth = 0;
        while let Kind::Compose(_, left, right) = e.kind().clone() {
            assert_eq!(right, parse("red"));
            e = left;
            depth += 1;
        }
        assert_eq!(depth, Settings::default().depth.unwrap());
        // Y identity never gets anywhere: the step limit stops it.
        let y_id = Expr::apply(
            examples().find("Y").unwrap().clone(),
            examples().find("identity").unwrap().clone(),
        );
        let r = evaluate(&y_id, &Settings::default(), 500);
        assert_eq!((r.steps, r.stop), (500, Stop::StepLimit));
    }

    #[test]
    fn cube_tools() {
        assert_eq!(
            cube(&["left half", "red | blue"]),
            parse("red | transparent")
        );
        assert_eq!(
            cube(&["top half", "(red - blue) | green"]),
            parse("(red | green) - transparent")
        );
        assert_eq!(cube(&["hole", "red"]), parse("transparent"));
    }
}
