//! The puzzle being played, where it came from, and game IDs.
//!
//! **Game IDs.** A dealt puzzle's ID is its size and seed, `10x10:1234`:
//! the generator ([`crate::generate`]) makes the same puzzle from it on
//! every machine. A puzzle from a file (or typed in) has its clues as ID,
//! so that it can be shared without the file and without giving the
//! picture away: `WxH:` then the row clues from the top, a `/`, and the
//! column clues from the left; clues are separated by `,` and the numbers
//! of one clue by `.`, `0` being an empty clue:
//!
//! ```
//! use paint_by_numbers::deal::{Puzzle, parse_game_id};
//! let cup = parse_game_id("5x4:5,1.3,1.3,3/3,1.1,4,4,3").unwrap();
//! assert_eq!(cup.clues.rows[1], vec![1, 3]);
//! assert_eq!(cup.solution.as_ref().unwrap().to_rows(), "#####/#.###/#.###/.###.");
//! assert_eq!(cup.game_id(), "5x4:5,1.3,1.3,3/3,1.1,4,4,3");
//! ```
//!
//! A third form is accepted from players: a picture, its rows of `#`
//! (blue) and `.` (white) with `/` between them (`5x4:#####/#.###/...`);
//! its clues become the puzzle, if they have exactly one solution.

use crate::generate::generate;
use crate::puzzle::{Clue, Clues, MAX_SIDE, Picture, clue_joined};
use crate::solver::{LineSolve, line_solve, search};

/// How many lines the search may solve for a puzzle from a file or an ID
/// that the line solver alone does not solve (a fraction of a second for
/// the largest puzzles).
pub const SEARCH_BUDGET: u64 = 20_000;

/// The smallest and largest side of a dealt (seeded) puzzle.
pub const DEALT_SIDES: std::ops::RangeInclusive<usize> = 5..=25;

/// An example ID for the messages.
pub const EXAMPLE_ID: &str = "10x10:1234";

/// Where a puzzle came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Dealt by the generator from this seed.
    Dealt {
        /// The seed.
        seed: u64,
    },
    /// Read from this file of the game's puzzle folder.
    File {
        /// The file's name, such as `cup.non`.
        name: String,
    },
    /// Typed in (or pasted) as a game ID of clues or of a picture.
    Typed,
}

/// What is known of a puzzle's solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// Exactly this one picture has the clues.
    Unique(Picture),
    /// More than one picture has them (or the search gave up before it
    /// could tell): any picture with the clues wins.
    NotUnique,
}

/// The puzzle being played: its clues, its solution if it has exactly one,
/// a title and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The clues.
    pub clues: Clues,
    /// The one solution, when the puzzle has exactly one (dealt puzzles
    /// always do).
    pub solution: Option<Picture>,
    /// Its title, from its file.
    pub title: Option<String>,
    /// Where it came from.
    pub origin: Origin,
}

impl Puzzle {
    /// The puzzle `seed` deals at `width` × `height`.
    pub fn dealt(width: usize, height: usize, seed: u64) -> Puzzle {
        let picture = generate(width, height, seed);
        Puzzle {
            clues: picture.clues(),
            solution: Some(picture),
            title: None,
            origin: Origin::Dealt { seed },
        }
    }

    /// A puzzle of `clues` (checked), with the solution found by the line
    /// solver or, failing it, a bounded search, or given as `goal`.
    ///
    /// # Errors
    ///
    /// The clues have no solution.
    pub fn from_clues(
        clues: Clues,
        goal: Option<Picture>,
        title: Option<String>,
        origin: Origin,
    ) -> Result<Puzzle, String> {
        clues.check()?;
        let solution = match solutions(&clues, goal)? {
            Solutions::Unique(picture) => Some(picture),
            Solutions::NotUnique => None,
        };
        Ok(Puzzle {
            clues,
            solution,
            title,
            origin,
        })
    }

    /// Its game ID: size and seed for a dealt puzzle, the clues otherwise.
    pub fn game_id(&self) -> String {
        let (w, h) = (self.clues.width, self.clues.height);
        match self.origin {
            Origin::Dealt { seed } => format!("{w}x{h}:{seed}"),
            _ => format!("{w}x{h}:{}", clues_id(&self.clues)),
        }
    }
}

/// What is known of the solutions of (checked) `clues`; `goal`, if given,
/// is one of them.
///
/// # Errors
///
/// No picture has the clues.
pub fn solutions(clues: &Clues, goal: Option<Picture>) -> Result<Solutions, String> {
    match line_solve(clues) {
        LineSolve::Solved(picture) => return Ok(Solutions::Unique(picture)),
        LineSolve::Contradiction => return Err(no_solution()),
        LineSolve::Stalled(_) => {}
    }
    let found = search(clues, 2, SEARCH_BUDGET);
    if let Some(one) = found.unique() {
        return Ok(Solutions::Unique(one.clone()));
    }
    if found.complete && found.solutions.is_empty() && goal.is_none() {
        return Err(no_solution());
    }
    Ok(Solutions::NotUnique)
}

fn no_solution() -> String {
    "no picture has these clues: they contradict each other".into()
}

/// The clue part of a game ID: rows, `/`, columns.
fn clues_id(clues: &Clues) -> String {
    let part = |lines: &[Clue]| {
        lines
            .iter()
            .map(|clue| clue_joined(clue, "."))
            .collect::<Vec<_>>()
            .join(",")
    };
    format!("{}/{}", part(&clues.rows), part(&clues.cols))
}

/// Reads the clue lines of one part of an ID.
fn parse_clue_part(text: &str, what: &str, count: usize) -> Result<Vec<Clue>, String> {
    let lines: Vec<&str> = text.split(',').collect();
    if lines.len() != count {
        return Err(format!(
            "that game ID has {} {what} clues but the size says {count}",
            lines.len()
        ));
    }
    lines
        .iter()
        .map(|line| {
            let numbers = line
                .split('.')
                .map(|n| n.trim().parse::<usize>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| {
                    format!("{line:?} in that game ID is not a clue (numbers with . between them)")
                })?;
            Ok(if numbers == [0] { Vec::new() } else { numbers })
        })
        .collect()
}

/// A game ID read but not yet made into a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Id {
    /// A size and a seed.
    Seed {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// The seed.
        seed: u64,
    },
    /// Clues (checked).
    Clues(Clues),
    /// A picture.
    Picture(Picture),
}

/// Reads a game ID (white space around it is ignored) without solving or
/// generating anything.
///
/// # Errors
///
/// What is wrong, in a player's words.
pub fn parse_id(text: &str) -> Result<Id, String> {
    let text = text.trim();
    let help = format!(
        "A game ID is a size and a seed, such as {EXAMPLE_ID}, or a size and the clues, such as 5x4:5,1.3,1.3,3/3,1.1,4,4,3."
    );
    if text.is_empty() {
        return Err(format!("Type or paste a game ID, then press Enter. {help}"));
    }
    let Some((size, rest)) = text.split_once(':') else {
        return Err(format!(
            "{text:?} is not a game ID of Paint By Numbers. {help}"
        ));
    };
    let (w, h) = size
        .split_once(['x', 'X', '×'])
        .and_then(|(w, h)| {
            Some((
                w.trim().parse::<usize>().ok()?,
                h.trim().parse::<usize>().ok()?,
            ))
        })
        .ok_or_else(|| format!("{size:?} is not a size such as 10x10. {help}"))?;
    if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
        return Err(format!(
            "A puzzle is 1 to {MAX_SIDE} cells wide and high, not {w}x{h}."
        ));
    }
    let rest = rest.trim();
    if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()) {
        let seed: u64 = rest
            .parse()
            .map_err(|_| format!("The seed {rest} is too large; seeds go up to {}.", u64::MAX))?;
        if !DEALT_SIDES.contains(&w) || !DEALT_SIDES.contains(&h) {
            return Err(format!(
                "Puzzles dealt from a seed are {} to {} cells wide and high, not {w}x{h}.",
                DEALT_SIDES.start(),
                DEALT_SIDES.end()
            ));
        }
        return Ok(Id::Seed {
            width: w,
            height: h,
            seed,
        });
    }
    if !rest.is_empty() && rest.chars().all(|c| matches!(c, '#' | '.' | '/')) {
        let picture = Picture::parse_rows(rest).map_err(|e| format!("In that game ID, {e}."))?;
        if (picture.width(), picture.height()) != (w, h) {
            return Err(format!(
                "That picture is {}x{} but the game ID says {w}x{h}.",
                picture.width(),
                picture.height()
            ));
        }
        return Ok(Id::Picture(picture));
    }
    let Some((rows, cols)) = rest.split_once('/') else {
        return Err(format!(
            "{text:?} is not a game ID of Paint By Numbers. {help}"
        ));
    };
    let clues = Clues {
        width: w,
        height: h,
        rows: parse_clue_part(rows, "row", h)?,
        cols: parse_clue_part(cols, "column", w)?,
    };
    clues
        .check()
        .map_err(|e| format!("That game ID cannot be a puzzle: {e}."))?;
    Ok(Id::Clues(clues))
}

/// Reads a game ID a player typed or pasted and makes its puzzle: deals
/// it, or solves its clues.
///
/// # Errors
///
/// What is wrong, in a player's words.
pub fn parse_game_id(text: &str) -> Result<Puzzle, String> {
    match parse_id(text)? {
        Id::Seed {
            width,
            height,
            seed,
        } => Ok(Puzzle::dealt(width, height, seed)),
        Id::Picture(picture) => {
            let clues = picture.clues();
            if search(&clues, 2, SEARCH_BUDGET).unique().is_none() {
                return Err(
                    "More than one picture has the clues of that picture, so it would not be a fair puzzle; add or remove a few blue cells."
                        .into(),
                );
            }
            Ok(Puzzle {
                clues,
                solution: Some(picture),
                title: None,
                origin: Origin::Typed,
            })
        }
        Id::Clues(clues) => Puzzle::from_clues(clues, None, None, Origin::Typed)
            .map_err(|e| format!("That game ID cannot be a puzzle: {e}.")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dealt_ids_round_trip() {
        let p = Puzzle::dealt(15, 15, 42);
        assert_eq!(p.game_id(), "15x15:42");
        assert_eq!(parse_game_id(" 15x15:42 ").unwrap(), p);
        assert_eq!(parse_game_id("20X15:7").unwrap().clues.width, 20);
    }

    #[test]
    fn clue_ids_round_trip() {
        let p = Puzzle::dealt(10, 10, 3);
        let typed = parse_game_id(&format!("10x10:{}", clues_id(&p.clues))).unwrap();
        assert_eq!(typed.clues, p.clues);
        assert_eq!(typed.solution, p.solution);
        assert_eq!(typed.origin, Origin::Typed);
        assert_eq!(parse_game_id(&typed.game_id()).unwrap(), typed);
    }

    #[test]
    fn picture_ids_make_their_puzzle_when_it_is_unique() {
        let p = parse_game_id("3x3:.#./###/.#.").unwrap();
        assert_eq!(p.game_id(), "3x3:1,3,1/1,3,1");
        assert!(
            parse_game_id("2x2:#./.#")
                .unwrap_err()
                .starts_with("More than one picture")
        );
    }

    #[test]
    fn ambiguous_clues_are_played_without_a_solution() {
        let p = parse_game_id("2x2:1,1/1,1").unwrap();
        assert_eq!(p.solution, None);
    }

    #[test]
    fn bad_ids_are_refused_with_reasons() {
        let cases = [
            ("", "Type or paste a game ID"),
            ("hello", "\"hello\" is not a game ID"),
            ("axb:1", "\"axb\" is not a size"),
            ("0x5:1", "1 to 60 cells"),
            ("3x3:12", "Puzzles dealt from a seed are 5 to 25"),
            ("10x10:99999999999999999999", "too large"),
            ("2x2:1,1/1", "1 column clues but the size says 2"),
            ("2x2:1,x/1,1", "\"x\" in that game ID is not a clue"),
            ("2x2:3,0/1,1", "needs 3 cells"),
            ("2x2:#./.", "row 2 of the picture has 1 cells"),
            ("3x2:#./.#", "That picture is 2x2"),
        ];
        for (id, expected) in cases {
            let e = parse_game_id(id).unwrap_err();
            assert!(e.contains(expected), "{id}: {e}");
        }
    }
}
