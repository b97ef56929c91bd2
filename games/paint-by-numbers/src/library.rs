//! The game's own files in the directory the launcher gives it
//! ([`game_api::Host::data_dir`]): the player's settings (`settings.txt`,
//! the size of the next dealt puzzle) and the player's puzzle collection,
//! the `*.non` files of its `puzzles` folder.
//!
//! The game cannot open files elsewhere (it may run in a sandbox, and the
//! launcher has no file chooser for games yet), so a player brings puzzles
//! by copying them into that folder.

use std::path::{Path, PathBuf};

use crate::deal::{Origin, Puzzle};
use crate::generate::{DEFAULT_SIZE, SIZES};
use game_api::settings::{Options, SettingsFile};

/// The settings file's name.
pub const SETTINGS_FILE: &str = game_api::settings::FILE_NAME;

/// The puzzle folder's name.
pub const PUZZLE_FOLDER: &str = "puzzles";

/// The largest puzzle file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The most puzzle files listed.
pub const MAX_FILES: usize = 200;

/// The player's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The side of the next dealt puzzle, one of [`SIZES`].
    pub size: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { size: DEFAULT_SIZE }
    }
}

/// The settings in `settings.txt`, through [`Options`]: unknown lines and
/// bad values are ignored (a setting is never worth an error).
///
/// ```
/// use game_api::settings::Options;
/// use paint_by_numbers::library::Settings;
/// assert_eq!(Settings::parse("size 15\n").size, 15);
/// assert_eq!(Settings::parse("size 13\nother 1\n").size, 10);
/// ```
impl Options for Settings {
    /// The settings `file` holds, each missing or damaged one at its
    /// default.
    fn read(file: &SettingsFile) -> Settings {
        let mut settings = Settings::default();
        if let Some(size) = file.get_parsed("size").filter(|s| SIZES.contains(s)) {
            settings.size = size;
        }
        settings
    }

    /// Writes the settings into `file`.
    fn write(&self, file: &mut SettingsFile) {
        file.set("size", self.size);
    }
}

/// The puzzle folder of the data directory `dir`.
pub fn puzzle_folder(dir: &Path) -> PathBuf {
    dir.join(PUZZLE_FOLDER)
}

/// The names of the `.non` files in the puzzle folder of `dir`, sorted
/// (at most [`MAX_FILES`]); none when there is no such folder.
pub fn list_puzzles(dir: Option<&Path>) -> Vec<String> {
    let Some(entries) = dir.and_then(|d| std::fs::read_dir(puzzle_folder(d)).ok()) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| {
            Path::new(name)
                .extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("non"))
        })
        .collect();
    names.sort_by_key(|n| n.to_lowercase());
    names.truncate(MAX_FILES);
    names
}

/// Reads the puzzle file `name` of the puzzle folder of `dir`.
///
/// # Errors
///
/// The file cannot be read, or what is wrong with it, with its line:
/// "puzzles/cup.non, line 3: ...".
pub fn read_puzzle(dir: &Path, name: &str) -> Result<Puzzle, String> {
    let shown = format!("{PUZZLE_FOLDER}/{name}");
    if name.contains(['/', '\\']) || name.starts_with('.') {
        return Err(format!("{shown} is not a file of the puzzle folder"));
    }
    let path = puzzle_folder(dir).join(name);
    let size = std::fs::metadata(&path)
        .map_err(|e| format!("{shown} cannot be read: {e}"))?
        .len();
    if size > MAX_FILE_BYTES {
        return Err(format!(
            "{shown} is {size} bytes; a puzzle file is at most {MAX_FILE_BYTES}"
        ));
    }
    let bytes = std::fs::read(&path).map_err(|e| format!("{shown} cannot be read: {e}"))?;
    let text =
        String::from_utf8(bytes).map_err(|_| format!("{shown} is not a text file (UTF-8)"))?;
    let file = crate::non::parse(&text).map_err(|e| format!("{shown}, {e}"))?;
    Puzzle::from_clues(
        file.clues,
        file.goal,
        file.title,
        Origin::File {
            name: name.to_owned(),
        },
    )
    .map_err(|e| format!("{shown}: {e}"))
}

/// The file after `name` in `names`, round to the first (the first if
/// `name` is not there).
pub fn next_after<'a>(names: &'a [String], name: &str) -> Option<&'a String> {
    let at = names.iter().position(|n| n == name).map_or(0, |i| i + 1);
    names.get(at % names.len().max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("paint-by-numbers-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join(PUZZLE_FOLDER)).unwrap();
        dir
    }

    #[test]
    fn settings_round_trip_and_survive_damage() {
        let dir = temp_dir("settings");
        assert_eq!(Settings::load(Some(&dir)), Settings::default());
        Settings { size: 20 }.store(&dir).unwrap();
        assert_eq!(Settings::load(Some(&dir)).size, 20);
        std::fs::write(dir.join(SETTINGS_FILE), "size many\n").unwrap();
        assert_eq!(Settings::load(Some(&dir)).size, DEFAULT_SIZE);
        assert_eq!(Settings::load(None).size, DEFAULT_SIZE);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_folder_lists_non_files_and_reads_them() {
        let dir = temp_dir("folder");
        let folder = puzzle_folder(&dir);
        std::fs::write(
            folder.join("b.non"),
            "width 1\nheight 1\nrows\n1\ncolumns\n1\n",
        )
        .unwrap();
        std::fs::write(
            folder.join("A.NON"),
            "width 1\nheight 1\nrows\n1\ncolumns\n0\n",
        )
        .unwrap();
        std::fs::write(folder.join("notes.txt"), "not a puzzle").unwrap();
        let names = list_puzzles(Some(&dir));
        assert_eq!(names, ["A.NON", "b.non"]);
        let b = read_puzzle(&dir, "b.non").unwrap();
        assert_eq!(b.solution.unwrap().to_rows(), "#");
        assert_eq!(
            read_puzzle(&dir, "A.NON").unwrap_err(),
            "puzzles/A.NON, line 5: the row clues paint 1 blue cells but the column clues paint 0"
        );
        assert!(
            read_puzzle(&dir, "gone.non")
                .unwrap_err()
                .starts_with("puzzles/gone.non cannot be read")
        );
        assert!(read_puzzle(&dir, "../x.non").is_err());
        assert_eq!(next_after(&names, "A.NON").unwrap(), "b.non");
        assert_eq!(next_after(&names, "b.non").unwrap(), "A.NON");
        assert_eq!(next_after(&names, "zzz").unwrap(), "A.NON");
        assert_eq!(next_after(&[], "x"), None);
        assert!(list_puzzles(None).is_empty());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
