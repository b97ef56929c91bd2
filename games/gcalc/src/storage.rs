//! The storage area (the right side of the window): forty cells, five
//! across and eight down as in the original, each empty or holding a cube
//! with an optional name, and its text form.
//!
//! The text starts with the line `GCALC 1`; then one line per cell, in
//! order (row by row): `name = cube` for a named cube, `cube` for an
//! unnamed one, `_` for an empty cell. Names are trimmed and cannot hold
//! `=`; blank lines and lines starting with `;` are comments. Cells not
//! written are empty.

use std::fmt;

use crate::expr::{Expr, ParseError};

/// Rows of the storage area, as the original.
pub const ROWS: usize = 8;
/// Columns of the storage area, as the original.
pub const COLUMNS: usize = 5;
/// Cells of the storage area.
pub const CELLS: usize = ROWS * COLUMNS;

/// The first line of a storage text.
pub const HEADER: &str = "GCALC 1";

/// A stored cube and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name shown on the cell, if any.
    pub name: Option<String>,
    /// The cube.
    pub expr: Expr,
}

/// The storage area: [`CELLS`] cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Storage {
    cells: Vec<Option<Entry>>,
}

impl Default for Storage {
    fn default() -> Storage {
        Storage {
            cells: vec![None; CELLS],
        }
    }
}

/// Why a storage text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageError {
    /// The first line is not [`HEADER`].
    Header,
    /// More cells than the storage has.
    TooManyCells,
    /// A cube of that line (counted from 1) is not valid.
    Cube {
        /// The line number.
        line: usize,
        /// What was wrong.
        error: ParseError,
    },
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageError::Header => write!(f, "not a GCalc storage (no {HEADER:?} line)"),
            StorageError::TooManyCells => write!(f, "more than {CELLS} cells"),
            StorageError::Cube { line, error } => write!(f, "line {line}: {error}"),
        }
    }
}

impl std::error::Error for StorageError {}

impl Storage {
    /// The cells, row by row.
    pub fn cells(&self) -> &[Option<Entry>] {
        &self.cells
    }

    /// The cell at `index` (row by row).
    pub fn get(&self, index: usize) -> Option<&Entry> {
        self.cells.get(index).and_then(Option::as_ref)
    }

    /// Puts `entry` in the cell at `index` (`None` empties it). Indexes
    /// beyond the storage are ignored.
    pub fn set(&mut self, index: usize, entry: Option<Entry>) {
        if let Some(cell) = self.cells.get_mut(index) {
            *cell = entry;
        }
    }

    /// The first cube of that name.
    pub fn find(&self, name: &str) -> Option<&Expr> {
        self.cells
            .iter()
            .flatten()
            .find(|e| e.name.as_deref() == Some(name))
            .map(|e| &e.expr)
    }

    /// The names, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.cells
            .iter()
            .flatten()
            .filter_map(|e| e.name.as_deref())
    }

    /// Reads the text form.
    pub fn parse(text: &str) -> Result<Storage, StorageError> {
        let mut lines = text.lines().enumerate();
        if lines.next().map(|(_, l)| l.trim()) != Some(HEADER) {
            return Err(StorageError::Header);
        }
        Storage::parse_cells(content_lines(lines))
    }

    /// The storage of the cell lines `lines` (each with its index from 0).
    fn parse_cells<'a>(
        lines: impl Iterator<Item = (usize, &'a str)>,
    ) -> Result<Storage, StorageError> {
        let mut cells = Vec::new();
        for (i, line) in lines {
            if cells.len() == CELLS {
                return Err(StorageError::TooManyCells);
            }
            let cell =
                parse_line(line).map_err(|error| StorageError::Cube { line: i + 1, error })?;
            cells.push(cell);
        }
        cells.resize(CELLS, None);
        Ok(Storage { cells })
    }

    /// The text form (without trailing empty cells).
    pub fn to_text(&self) -> String {
        format!("{HEADER}\n{}", self.cell_lines())
    }

    /// The cells' lines, without trailing empty cells.
    fn cell_lines(&self) -> String {
        let used = self
            .cells
            .iter()
            .rposition(Option::is_some)
            .map_or(0, |i| i + 1);
        let mut out = String::new();
        for cell in &self.cells[..used] {
            out.push_str(&line_of(cell.as_ref()));
            out.push('\n');
        }
        out
    }

    /// How many cells hold a cube.
    pub fn count(&self) -> usize {
        self.cells.iter().flatten().count()
    }
}

/// The lines of a text form that say something (not blank, not a `;`
/// comment), trimmed, each with its index from 0.
fn content_lines<'a>(
    lines: impl Iterator<Item = (usize, &'a str)>,
) -> impl Iterator<Item = (usize, &'a str)> {
    lines
        .map(|(i, l)| (i, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with(';'))
}

/// The first line of a kept file that holds the main cell too.
pub const HEADER_WITH_MAIN: &str = "GCALC 2";

/// What Save keeps, as the original's Save: the main cell and the storage.
/// Its text form is `GCALC 2`, then `main:` and the main cell's line
/// (`main: = red | blue`, `main: _`), then the storage's cells as in
/// [`Storage::to_text`]; a `GCALC 1` text (the storage alone, as this
/// game wrote before) is read too, with an empty main cell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kept {
    /// The main cell's cube and name.
    pub main: Option<Entry>,
    /// The storage.
    pub storage: Storage,
}

impl Kept {
    /// Reads the text form (either header).
    pub fn parse(text: &str) -> Result<Kept, StorageError> {
        let mut lines = text.lines().enumerate();
        match lines.next().map(|(_, l)| l.trim()) {
            Some(HEADER) => Ok(Kept {
                main: None,
                storage: Storage::parse(text)?,
            }),
            Some(HEADER_WITH_MAIN) => {
                let mut lines = content_lines(lines).peekable();
                let mut main = None;
                if let Some((i, line)) = lines.next_if(|(_, l)| l.starts_with("main:")) {
                    main = parse_line(&line["main:".len()..])
                        .map_err(|error| StorageError::Cube { line: i + 1, error })?;
                }
                Ok(Kept {
                    main,
                    storage: Storage::parse_cells(lines)?,
                })
            }
            _ => Err(StorageError::Header),
        }
    }

    /// The text form.
    pub fn to_text(&self) -> String {
        format!(
            "{HEADER_WITH_MAIN}\n; The main cell, then the storage's cells row by row.\nmain: {}\n{}",
            line_of(self.main.as_ref()),
            self.storage.cell_lines()
        )
    }
}

/// One cell as a line of the text form: `name = cube`, `= cube` for an
/// unnamed cube, `_` for an empty cell.
pub fn line_of(cell: Option<&Entry>) -> String {
    match cell {
        None => "_".to_string(),
        Some(Entry {
            name: Some(n),
            expr,
        }) => format!("{} = {expr}", clean_name(n)),
        Some(Entry { name: None, expr }) => format!("= {expr}"),
    }
}

/// Reads one cell's line of the text form (see [`line_of`]); an unnamed
/// empty cube is an empty cell.
pub fn parse_line(line: &str) -> Result<Option<Entry>, ParseError> {
    let line = line.trim();
    let (name, cube) = match line.split_once('=') {
        Some((name, cube)) => (Some(name.trim()).filter(|n| !n.is_empty()), cube),
        None => (None, line),
    };
    let expr: Expr = cube.parse()?;
    Ok(if name.is_none() && expr.is_empty() {
        None
    } else {
        Some(Entry {
            name: name.map(str::to_string),
            expr,
        })
    })
}

/// A name as the text form can hold it: no `=`, no line breaks, trimmed.
pub fn clean_name(name: &str) -> String {
    name.replace(['=', '\n', '\r'], " ").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse;

    #[test]
    fn text_round_trip() {
        let text = "GCALC 1\n; a comment\n\nred cube = red\n_\n= \\green. green | red\n= _\n";
        let s = Storage::parse(text).unwrap();
        assert_eq!(s.cells().len(), CELLS);
        assert_eq!(s.find("red cube"), Some(&parse("red")));
        assert_eq!(s.get(1), None);
        assert_eq!(s.get(2).unwrap().name, None);
        assert_eq!(s.get(2).unwrap().expr, parse("\\green. green | red"));
        // "= _" is an empty cell too (unnamed, empty cube).
        assert_eq!(s.get(3), None);
        let back = s.to_text();
        assert_eq!(back, "GCALC 1\nred cube = red\n_\n= \\green. green | red\n");
        assert_eq!(Storage::parse(&back).unwrap(), s);
    }

    #[test]
    fn the_main_cell_is_kept_with_the_storage_and_the_old_form_is_read() {
        let mut storage = Storage::default();
        storage.set(
            1,
            Some(Entry {
                name: Some("two".into()),
                expr: parse("red | blue"),
            }),
        );
        let kept = Kept {
            main: Some(Entry {
                name: Some("mine".into()),
                expr: parse("\\red. red | green"),
            }),
            storage: storage.clone(),
        };
        let text = kept.to_text();
        assert!(text.starts_with("GCALC 2\n"), "{text}");
        assert!(text.contains("\nmain: mine = "), "{text}");
        assert_eq!(Kept::parse(&text), Ok(kept));
        // An empty main cell.
        let empty = Kept {
            main: None,
            storage: storage.clone(),
        };
        assert!(empty.to_text().contains("\nmain: _\n"));
        assert_eq!(Kept::parse(&empty.to_text()), Ok(empty.clone()));
        // The storage alone, as saved before: the main cell empty.
        assert_eq!(Kept::parse(&storage.to_text()), Ok(empty));
        assert_eq!(Kept::parse("GCALC 3\n"), Err(StorageError::Header));
        let err = Kept::parse("GCALC 2\nmain: purple\n").unwrap_err();
        assert!(matches!(err, StorageError::Cube { line: 2, .. }), "{err}");
    }

    #[test]
    fn bad_texts_are_refused() {
        assert_eq!(Storage::parse("red"), Err(StorageError::Header));
        let err = Storage::parse("GCALC 1\nx = red\ny = purple\n").unwrap_err();
        assert!(matches!(err, StorageError::Cube { line: 3, .. }), "{err}");
        let many = format!("GCALC 1\n{}", "red\n".repeat(CELLS + 1));
        assert_eq!(Storage::parse(&many), Err(StorageError::TooManyCells));
    }

    #[test]
    fn names_are_kept_writable() {
        let mut s = Storage::default();
        s.set(
            5,
            Some(Entry {
                name: Some("a = b\nc".into()),
                expr: parse("red"),
            }),
        );
        s.set(CELLS, None);
        let back = Storage::parse(&s.to_text()).unwrap();
        assert_eq!(back.get(5).unwrap().name.as_deref(), Some("a   b c"));
    }
}
