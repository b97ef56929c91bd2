//! Reading puzzle files in Steve Simpson's `.non` format, the plain-text
//! format most nonogram collections and solvers exchange.
//!
//! ```text
//! title "Cup"
//! by "A. Player"
//! width 5
//! height 4
//!
//! rows
//! 5
//! 1 3
//! 1,3
//! 3
//!
//! columns
//! 3
//! 1,1
//! 4
//! 4
//! 3
//!
//! goal "11111101111011101110"
//! ```
//!
//! * `width` and `height` (also written `columns 5`, `rows 4`) come before
//!   the clues.
//! * `rows` starts the row clues: exactly `height` lines, from the top; each
//!   line is the lengths of the blue runs, separated by commas or spaces;
//!   `0` is a row without blue cells. Blank lines between them are skipped.
//!   `columns` does the same for the columns, from the left.
//! * `title`, `by` (or `author`) and `goal` (the solution, row by row, `0`
//!   for white and `1` for blue) are optional; quotes around a value are
//!   dropped. Other keys (`catalogue`, `copyright`, `license`, ...) are
//!   ignored. Colour puzzles (`color`) are refused.
//!
//! Every error names the line it was found on.

use std::fmt;

use crate::puzzle::{Clue, Clues, MAX_SIDE, Picture, clue_joined, clue_text, min_length};

/// A puzzle read from a `.non` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NonPuzzle {
    /// Its `title`, if it has one.
    pub title: Option<String>,
    /// Its author (`by` or `author`), if it names one.
    pub author: Option<String>,
    /// Its clues, checked ([`Clues::check`]).
    pub clues: Clues,
    /// Its `goal`, the solution it gives, if any; it has the clues.
    pub goal: Option<Picture>,
}

/// What is wrong with a file, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NonError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for NonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for NonError {}

fn error(line: usize, message: impl Into<String>) -> NonError {
    NonError {
        line,
        message: message.into(),
    }
}

/// A value without the quotes around it, with the common HTML character
/// references the format allows decoded.
fn unquote(value: &str) -> String {
    let value = value.trim();
    let value = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(value);
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(end) = rest.find(';').filter(|&e| e <= 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let name = &rest[1..end];
        let decoded = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => name
                .strip_prefix('#')
                .and_then(|n| match n.strip_prefix(['x', 'X']) {
                    Some(hex) => u32::from_str_radix(hex, 16).ok(),
                    None => n.parse().ok(),
                })
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Which clues a section holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Rows,
    Columns,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Rows => "row",
            Kind::Columns => "column",
        }
    }
}

/// Reads one clue line: numbers separated by commas or spaces.
fn parse_clue(text: &str, line: usize, kind: Kind, length: usize) -> Result<Clue, NonError> {
    let mut clue = Vec::new();
    for word in text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
    {
        let n: usize = word.parse().map_err(|_| {
            error(
                line,
                format!(
                    "{word:?} is not a number; a {} clue is the lengths of its blue runs, such as 3,1,2",
                    kind.word()
                ),
            )
        })?;
        clue.push(n);
    }
    if clue == [0] {
        return Ok(Vec::new());
    }
    if clue.is_empty() || clue.contains(&0) {
        return Err(error(
            line,
            format!(
                "a {} clue has runs of 1 or more cells; write 0 alone for a {} without blue cells",
                kind.word(),
                kind.word()
            ),
        ));
    }
    if min_length(&clue) > length {
        return Err(error(
            line,
            format!(
                "the clue {} needs {} cells but a {} has {length}",
                clue_text(&clue),
                min_length(&clue),
                kind.word()
            ),
        ));
    }
    Ok(clue)
}

/// Reads a `.non` file.
///
/// ```
/// use paint_by_numbers::non::parse;
/// let puzzle = parse("width 3\nheight 2\nrows\n3\n1\ncolumns\n2\n1\n1\n").unwrap();
/// assert_eq!(puzzle.clues.rows, vec![vec![3], vec![1]]);
/// let bad = parse("width 3\nheight 2\nrows\n3\n4\n").unwrap_err();
/// assert_eq!(bad.to_string(), "line 5: the clue 4 needs 4 cells but a row has 3");
/// ```
///
/// # Errors
///
/// The first thing wrong, with its line.
pub fn parse(text: &str) -> Result<NonPuzzle, NonError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut width: Option<usize> = None;
    let mut height: Option<usize> = None;
    let mut rows: Option<(usize, Vec<Clue>)> = None;
    let mut cols: Option<(usize, Vec<Clue>)> = None;
    let mut title = None;
    let mut author = None;
    let mut goal: Option<(usize, String)> = None;
    // The section being read: its kind, where it started, its clues so far.
    let mut section: Option<(Kind, usize, Vec<Clue>)> = None;
    let mut last_line = 0;

    let size = |value: &str, line: usize, what: &str| -> Result<usize, NonError> {
        match value.trim().parse::<usize>() {
            Ok(n) if (1..=MAX_SIDE).contains(&n) => Ok(n),
            _ => Err(error(
                line,
                format!(
                    "the {what} is a number of cells from 1 to {MAX_SIDE}, not {:?}",
                    value.trim()
                ),
            )),
        }
    };

    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        last_line = line;
        let trimmed = raw.trim();
        if let Some((kind, start, clues)) = &mut section {
            let (kind, start) = (*kind, *start);
            let (wanted, length) = match kind {
                Kind::Rows => (height.unwrap_or(0), width.unwrap_or(0)),
                Kind::Columns => (width.unwrap_or(0), height.unwrap_or(0)),
            };
            if trimmed.is_empty() {
                continue;
            }
            if trimmed.starts_with(|c: char| c.is_ascii_digit()) {
                clues.push(parse_clue(trimmed, line, kind, length)?);
                if clues.len() == wanted {
                    let clues = std::mem::take(clues);
                    match kind {
                        Kind::Rows => rows = Some((start, clues)),
                        Kind::Columns => cols = Some((start, clues)),
                    }
                    section = None;
                }
                continue;
            }
            return Err(error(
                line,
                format!(
                    "the {}s section (line {start}) has {} of its {wanted} clues; write 0 for a {} without blue cells",
                    kind.word(),
                    clues.len(),
                    kind.word()
                ),
            ));
        }
        if trimmed.is_empty() {
            continue;
        }
        let (key, value) = trimmed
            .split_once(char::is_whitespace)
            .map_or((trimmed, ""), |(k, v)| (k, v.trim()));
        match key.to_ascii_lowercase().as_str() {
            "width" => {
                if width.is_some() {
                    return Err(error(line, "the width is given twice"));
                }
                width = Some(size(value, line, "width")?);
            }
            "height" => {
                if height.is_some() {
                    return Err(error(line, "the height is given twice"));
                }
                height = Some(size(value, line, "height")?);
            }
            word @ ("rows" | "columns") => {
                let kind = if word == "rows" {
                    Kind::Rows
                } else {
                    Kind::Columns
                };
                let (dimension, name) = match kind {
                    Kind::Rows => (&mut height, "height"),
                    Kind::Columns => (&mut width, "width"),
                };
                if !value.is_empty() {
                    // `rows 10` is another way to write `height 10`.
                    if dimension.is_some() {
                        return Err(error(line, format!("the {name} is given twice")));
                    }
                    *dimension = Some(size(value, line, name)?);
                    continue;
                }
                if width.is_none() || height.is_none() {
                    return Err(error(
                        line,
                        format!("the {word} clues come before the width and height are given"),
                    ));
                }
                let done = match kind {
                    Kind::Rows => rows.is_some(),
                    Kind::Columns => cols.is_some(),
                };
                if done {
                    return Err(error(line, format!("the {word} clues are given twice")));
                }
                section = Some((kind, line, Vec::new()));
            }
            "title" => title = Some(unquote(value)),
            "by" | "author" => author = Some(unquote(value)),
            "goal" => goal = Some((line, unquote(value))),
            "color" | "colour" => {
                return Err(error(
                    line,
                    "this is a colour puzzle; Paint By Numbers plays puzzles of blue and white only",
                ));
            }
            _ if key.starts_with(|c: char| c.is_ascii_digit()) => {
                return Err(error(
                    line,
                    "a clue outside the rows and columns sections; start them with a line \"rows\" or \"columns\"",
                ));
            }
            // Other keys (catalogue, copyright, license, ...) are ignored.
            _ => {}
        }
    }
    if let Some((kind, start, clues)) = section {
        let wanted = match kind {
            Kind::Rows => height,
            Kind::Columns => width,
        }
        .unwrap_or(0);
        return Err(error(
            last_line,
            format!(
                "the file ends with {} of the {wanted} {} clues the section at line {start} needs",
                clues.len(),
                kind.word()
            ),
        ));
    }
    let end = last_line.max(1);
    let (Some(width), Some(height)) = (width, height) else {
        return Err(error(end, "the file has no width and height"));
    };
    let Some((_, rows)) = rows else {
        return Err(error(end, "the file has no rows section"));
    };
    let Some((cols_line, cols)) = cols else {
        return Err(error(end, "the file has no columns section"));
    };
    let clues = Clues {
        width,
        height,
        rows,
        cols,
    };
    clues.check().map_err(|e| error(cols_line, e))?;
    let goal = match goal {
        None => None,
        Some((line, text)) => {
            let cells: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != width * height {
                return Err(error(
                    line,
                    format!(
                        "the goal has {} cells but a {width}x{height} puzzle has {}",
                        cells.len(),
                        width * height
                    ),
                ));
            }
            if let Some(c) = cells.iter().find(|c| !matches!(c, '0' | '1')) {
                return Err(error(
                    line,
                    format!("the goal has {c:?}: a cell is 0 (white) or 1 (blue)"),
                ));
            }
            let picture =
                Picture::from_cells(width, height, cells.iter().map(|&c| c == '1').collect())
                    .expect("width * height cells");
            if !clues.is_solved_by(&picture) {
                return Err(error(
                    line,
                    "the goal picture does not have the file's clues",
                ));
            }
            Some(picture)
        }
    };
    Ok(NonPuzzle {
        title,
        author,
        clues,
        goal,
    })
}

/// Writes `clues` (and a title) as a `.non` file that [`parse`] reads back.
pub fn write(clues: &Clues, title: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(title) = title {
        out.push_str(&format!("title \"{}\"\n", title.replace('"', "&quot;")));
    }
    out.push_str(&format!(
        "width {}\nheight {}\n\nrows\n",
        clues.width, clues.height
    ));
    let line = |clue: &Clue| clue_joined(clue, ",");
    for clue in &clues.rows {
        out.push_str(&line(clue));
        out.push('\n');
    }
    out.push_str("\ncolumns\n");
    for clue in &clues.cols {
        out.push_str(&line(clue));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const CUP: &str = "catalogue \"test 1\"\ntitle \"Cup &amp; saucer\"\nby \"A. Player\"\nwidth 5\nheight 4\n\nrows\n5\n1 3\n1,3\n3\n\ncolumns\n3\n1,1\n4\n4\n3\n\ngoal \"11111101111011101110\"\n";

    #[test]
    fn a_whole_file_is_read() {
        let p = parse(CUP).unwrap();
        assert_eq!(p.title.as_deref(), Some("Cup & saucer"));
        assert_eq!(p.author.as_deref(), Some("A. Player"));
        assert_eq!((p.clues.width, p.clues.height), (5, 4));
        assert_eq!(p.clues.rows, vec![vec![5], vec![1, 3], vec![1, 3], vec![3]]);
        assert_eq!(p.clues.cols[1], vec![1, 1]);
        assert_eq!(p.goal.unwrap().to_rows(), "#####/#.###/#.###/.###.");
    }

    #[test]
    fn sizes_as_rows_and_columns_and_empty_lines() {
        let p = parse("rows 2\ncolumns 2\nrows\n0\n\n2\ncolumns\n1\n1\n").unwrap();
        assert_eq!(p.clues.rows, vec![vec![], vec![2]]);
        assert_eq!(p.goal, None);
    }

    #[test]
    fn errors_name_their_line() {
        let cases = [
            (
                "width x\n",
                "line 1: the width is a number of cells from 1 to 60, not \"x\"",
            ),
            (
                "width 2\nheight 2\nrows\n1\n1a\n",
                "line 5: \"1a\" is not a number; a row clue is the lengths of its blue runs, such as 3,1,2",
            ),
            (
                "width 2\nheight 2\nrows\n1\ncolumns\n",
                "line 5: the rows section (line 3) has 1 of its 2 clues; write 0 for a row without blue cells",
            ),
            (
                "rows\n1\n",
                "line 1: the rows clues come before the width and height are given",
            ),
            (
                "width 2\nheight 2\nrows\n1\n",
                "line 4: the file ends with 1 of the 2 row clues the section at line 3 needs",
            ),
            (
                "width 2\nheight 1\nrows\n1\ncolumns\n1\n1\n",
                "line 5: the row clues paint 1 blue cells but the column clues paint 2",
            ),
            (
                "width 2\nheight 1\nrows\n1,0\n",
                "line 4: a row clue has runs of 1 or more cells; write 0 alone for a row without blue cells",
            ),
            (
                "width 2\nheight 1\ncolor a #ff0000\n",
                "line 3: this is a colour puzzle; Paint By Numbers plays puzzles of blue and white only",
            ),
            (
                "width 1\nheight 1\n1\n",
                "line 3: a clue outside the rows and columns sections; start them with a line \"rows\" or \"columns\"",
            ),
            (
                "width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal 0\n",
                "line 7: the goal picture does not have the file's clues",
            ),
            (
                "width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal 01\n",
                "line 7: the goal has 2 cells but a 1x1 puzzle has 1",
            ),
            ("title \"x\"\n", "line 1: the file has no width and height"),
            ("width 1\nwidth 2\n", "line 2: the width is given twice"),
        ];
        for (text, message) in cases {
            assert_eq!(parse(text).unwrap_err().to_string(), message, "{text}");
        }
    }

    #[test]
    fn written_files_are_read_back() {
        let p = parse(CUP).unwrap();
        let again = parse(&write(&p.clues, Some("Cup \"2\""))).unwrap();
        assert_eq!(again.clues, p.clues);
        assert_eq!(again.title.as_deref(), Some("Cup \"2\""));
    }

    #[test]
    fn references_are_decoded() {
        assert_eq!(unquote("\"Caf&#233; &lt;1&gt; &#x41;\""), "Café <1> A");
        assert_eq!(unquote("a & b &bogus; c"), "a & b &bogus; c");
    }
}
