//! The options a game keeps for the player between sessions (a board size,
//! a variant, the computer's strength), as the collection's games keep
//! them: `settings.txt` in the game's data directory ([`Host::data_dir`]),
//! one `key value` line each.
//!
//! ```text
//! size 20x16
//! x computer medium
//! training on
//! ```
//!
//! [`SettingsFile`] reads and writes that file so that a game need not:
//!
//! - a missing, unreadable or damaged file (not text, larger than
//!   [`MAX_BYTES`], a directory) gives what could be read of it, often
//!   nothing, so the game's defaults: an option is never worth an error,
//!   and nothing here panics;
//! - lines the game does not know (another version's options) are kept and
//!   written back as they were, in their place;
//! - a value may hold anything, `=`, line breaks, spaces at its ends,
//!   backslashes: those that would break the line are written as `\n`,
//!   `\r`, `\t`, `\s` (a space at an end) and `\\`;
//! - it is written atomically (a temporary file beside it, then a rename),
//!   so a crash or a full disk leaves the old file whole, never half of it.
//!
//! The format is the one the collection's games wrote before this module
//! existed (`key value`, the first space ends the key, a later line of the
//! same key wins), so their files load as they did.
//!
//! ```
//! use game_api::settings::SettingsFile;
//!
//! let mut file = SettingsFile::parse("size 7\ncolour blue\n");
//! let size: usize = file.get_parsed("size").filter(|n| [5, 7, 9].contains(n)).unwrap_or(5);
//! assert_eq!(size, 7);
//! file.set("size", 9);
//! file.set_flag("hints", true);
//! assert_eq!(file.to_text(), "size 9\ncolour blue\nhints on\n");
//! ```
//!
//! A game that keeps the file as it read it writes it back when the player
//! changes an option, with [`SettingsFile::keep`]; a game that keeps its
//! options in a struct of its own writes them into the file on disk with
//! [`SettingsFile::update_for`] (the host's data directory) or
//! [`SettingsFile::update`] (a directory). See the guide, `docs/writing-a-game.md`,
//! section 8.13.

use std::fmt::Display;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::Host;

/// The file's name in the game's data directory.
pub const FILE_NAME: &str = "settings.txt";

/// The most of a settings file that is read: a larger file is not a game's
/// options, and is read as empty (the defaults).
pub const MAX_BYTES: u64 = 64 * 1024;

/// The lines of a settings file: keys and their values, in the file's
/// order. Reading never fails; see the [module](self).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsFile {
    entries: Vec<(String, String)>,
}

impl SettingsFile {
    /// An empty file: every option at the game's default.
    pub fn new() -> SettingsFile {
        SettingsFile::default()
    }

    /// The settings written in `text`. Blank lines are skipped; a line
    /// with no space is a key whose value is empty.
    ///
    /// ```
    /// use game_api::settings::SettingsFile;
    /// let file = SettingsFile::parse("size 7\n\nsize 9\nname Ann\\sLee\\n\n");
    /// assert_eq!(file.get("size"), Some("9"));
    /// assert_eq!(file.get("name"), Some("Ann Lee\n"));
    /// assert_eq!(file.get("colour"), None);
    /// ```
    pub fn parse(text: &str) -> SettingsFile {
        let entries = text
            .lines()
            .map(|line| line.trim_matches(BLANKS))
            .filter(|line| !line.is_empty())
            .map(|line| {
                let (key, value) = line.split_once(BLANKS).unwrap_or((line, ""));
                (unescape(key), unescape(value.trim_matches(BLANKS)))
            })
            .collect();
        SettingsFile { entries }
    }

    /// The file's text: a `key value` line for each key, in order.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (key, value) in &self.entries {
            if key.is_empty() {
                continue;
            }
            text.push_str(&escape(key, true));
            if !value.is_empty() {
                text.push(' ');
                text.push_str(&escape(value, false));
            }
            text.push('\n');
        }
        text
    }

    /// The value of `key`, if the file has it (the last line of that key
    /// when there are several, as a reader line by line would leave it).
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The value of `key` read as a `T` (a number, or any type that
    /// parses), or `None` when the file has no such key or its value does
    /// not parse: then the game uses its default.
    pub fn get_parsed<T: FromStr>(&self, key: &str) -> Option<T> {
        self.get(key)?.parse().ok()
    }

    /// The value of `key` as a switch: `on` is true, `off` false, anything
    /// else `None`.
    pub fn flag(&self, key: &str) -> Option<bool> {
        match self.get(key)? {
            "on" => Some(true),
            "off" => Some(false),
            _ => None,
        }
    }

    /// Sets `key` to `value` (anything that prints: a number, a word, a
    /// line of text): its line keeps its place, a new key goes last. A key
    /// is never empty; an empty one is not written.
    pub fn set(&mut self, key: &str, value: impl Display) {
        let value = value.to_string();
        match self.entries.iter().position(|(k, _)| k == key) {
            Some(first) => {
                self.entries[first].1 = value;
                let mut index = 0;
                self.entries.retain(|(k, _)| {
                    index += 1;
                    index - 1 <= first || k != key
                });
            }
            None => self.entries.push((key.to_string(), value)),
        }
    }

    /// Sets `key` to `on` or `off`.
    pub fn set_flag(&mut self, key: &str, on: bool) {
        self.set(key, if on { "on" } else { "off" });
    }

    /// Takes `key` out of the file; returns its value if it had one.
    pub fn remove(&mut self, key: &str) -> Option<String> {
        let value = self.get(key).map(str::to_string);
        self.entries.retain(|(k, _)| k != key);
        value
    }

    /// The keys and values, in the file's order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The settings kept in `dir` ([`FILE_NAME`] in it), or an empty file
    /// when there is no directory (a test host, an older launcher) or no
    /// readable file.
    pub fn load(dir: Option<&Path>) -> SettingsFile {
        dir.map_or_else(SettingsFile::new, |d| {
            SettingsFile::load_file(&d.join(FILE_NAME))
        })
    }

    /// The settings kept in the file at `path`, or what could be read of
    /// it: nothing when it is missing, not a regular file, or larger than
    /// [`MAX_BYTES`]; bytes that are not UTF-8 are read as `�` (so a damaged
    /// line gives its key's default, and the others are kept).
    pub fn load_file(path: &Path) -> SettingsFile {
        read_capped(path)
            .map(|bytes| SettingsFile::parse(&String::from_utf8_lossy(&bytes)))
            .unwrap_or_default()
    }

    /// The settings kept in the host's data directory ([`Host::data_dir`]).
    pub fn load_from(host: &Host) -> SettingsFile {
        SettingsFile::load(host.data_dir().as_deref())
    }

    /// Writes the settings into `dir` ([`FILE_NAME`] in it), atomically.
    ///
    /// # Errors
    ///
    /// What went wrong, naming the file, for the launcher's log
    /// ([`Host::log`]); the file on disk is then as it was.
    pub fn store(&self, dir: &Path) -> Result<(), String> {
        self.store_file(&dir.join(FILE_NAME))
    }

    /// Writes the settings to the file at `path` atomically: a temporary
    /// file in the same directory, flushed to the disk, then renamed over
    /// it.
    ///
    /// # Errors
    ///
    /// As [`SettingsFile::store`].
    pub fn store_file(&self, path: &Path) -> Result<(), String> {
        write_atomically(path, self.to_text().as_bytes())
            .map_err(|e| format!("could not keep the settings in {}: {e}", path.display()))
    }

    /// Writes the settings into the host's data directory, if it has one:
    /// what a game does when the player changes an option. A failure is
    /// written to the launcher's log, never shown: the game goes on with
    /// the option until it closes. Returns whether the file was written.
    pub fn keep(&self, host: &Host) -> bool {
        let Some(dir) = host.data_dir() else {
            return false;
        };
        self.store(&dir).map_err(|e| host.log(&e)).is_ok()
    }

    /// [`SettingsFile::update`] in the host's data directory, if it has
    /// one: what a game that keeps its options in a struct of its own does
    /// when the player changes one. A failure is written to the launcher's
    /// log, as with [`SettingsFile::keep`]. Returns whether the file was
    /// written.
    pub fn update_for(host: &Host, change: impl FnOnce(&mut SettingsFile)) -> bool {
        let Some(dir) = host.data_dir() else {
            return false;
        };
        SettingsFile::update(&dir, change)
            .map_err(|e| host.log(&e))
            .is_ok()
    }

    /// Reads the settings kept in `dir`, lets `change` set the game's
    /// options in them, and writes them back: the lines the game does not
    /// know stay as they were.
    ///
    /// # Errors
    ///
    /// As [`SettingsFile::store`].
    pub fn update(dir: &Path, change: impl FnOnce(&mut SettingsFile)) -> Result<(), String> {
        let mut file = SettingsFile::load(Some(dir));
        change(&mut file);
        file.store(dir)
    }
}

/// What separates a key from its value and is trimmed from a line's ends.
const BLANKS: [char; 2] = [' ', '\t'];

/// `text` with what would break its line (or, for a key, end it) escaped;
/// spaces inside a value stay as they are.
fn escape(text: &str, key: bool) -> String {
    let last = text.chars().count().saturating_sub(1);
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.chars().enumerate() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            ' ' if key || i == 0 || i == last => out.push_str("\\s"),
            c => out.push(c),
        }
    }
    out
}

/// The text [`escape`] wrote; a backslash before anything else is kept as
/// it stands, so a hand-written `C:\games` reads as written.
fn unescape(text: &str) -> String {
    if !text.contains('\\') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let escaped = match chars.peek() {
            Some('\\') => '\\',
            Some('n') => '\n',
            Some('r') => '\r',
            Some('t') => '\t',
            Some('s') => ' ',
            _ => {
                out.push('\\');
                continue;
            }
        };
        chars.next();
        out.push(escaped);
    }
    out
}

/// The bytes of the regular file at `path`, if it has at most
/// [`MAX_BYTES`]. A pipe or a device is never opened (it could block).
fn read_capped(path: &Path) -> Option<Vec<u8>> {
    let metadata = std::fs::metadata(path).ok()?;
    if !metadata.is_file() || metadata.len() > MAX_BYTES {
        return None;
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .ok()?;
    (bytes.len() as u64 <= MAX_BYTES).then_some(bytes)
}

/// Writes `bytes` to a temporary file beside `path`, flushes it to the
/// disk and renames it over `path`. The temporary file is made anew
/// (`create_new`), under a name of this process, time and call: two
/// windows of one game may run at once, each game process in a process
/// namespace of its own where every game has the same process id, so the
/// id alone would not tell their files apart.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map_or_else(|| FILE_NAME.into(), |n| n.to_string_lossy().into_owned());
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let mut attempt = 0;
    let (temporary, mut file) = loop {
        let temporary: PathBuf = path.with_file_name(format!(
            ".{name}.{}-{nanos:08x}-{}.tmp",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
        {
            Ok(file) => break (temporary, file),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempt < 16 => {
                attempt += 1;
            }
            Err(e) => return Err(e),
        }
    };
    let result = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&temporary, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result
}

/// A game's options kept in `settings.txt`: the type says how it reads
/// itself from a [`SettingsFile`] and writes itself into one; its text,
/// loading it from a directory and keeping it there come with the trait,
/// the same for every game.
///
/// ```
/// use game_api::settings::{Options, SettingsFile};
/// #[derive(Debug, PartialEq)]
/// struct Size(usize);
/// impl Options for Size {
///     fn read(file: &SettingsFile) -> Size {
///         Size(file.get_parsed("size").unwrap_or(5))
///     }
///     fn write(&self, file: &mut SettingsFile) {
///         file.set("size", self.0);
///     }
/// }
/// assert_eq!(Size(7).to_text(), "size 7\n");
/// assert_eq!(Size::parse("size 9\nother line\n"), Size(9));
/// assert_eq!(Size::load(None), Size(5));
/// ```
pub trait Options: Sized {
    /// The options `file` holds, each missing or damaged one at its
    /// default.
    fn read(file: &SettingsFile) -> Self;

    /// Writes the options into `file`.
    fn write(&self, file: &mut SettingsFile);

    /// The options written in `text`.
    fn parse(text: &str) -> Self {
        Self::read(&SettingsFile::parse(text))
    }

    /// The options as the file's text.
    fn to_text(&self) -> String {
        let mut file = SettingsFile::new();
        self.write(&mut file);
        file.to_text()
    }

    /// The options kept in `dir`, or the defaults (no directory, no file).
    fn load(dir: Option<&Path>) -> Self {
        Self::read(&SettingsFile::load(dir))
    }

    /// Keeps the options in `dir`, with the file's other lines.
    ///
    /// # Errors
    ///
    /// What went wrong writing the file, for the launcher's log.
    fn store(&self, dir: &Path) -> Result<(), String> {
        SettingsFile::update(dir, |file| self.write(file))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_kept_in_a_directory_beside_lines_they_do_not_know() {
        #[derive(Debug, PartialEq)]
        struct Marks(bool);
        impl Options for Marks {
            fn read(file: &SettingsFile) -> Marks {
                Marks(file.flag("marks").unwrap_or(false))
            }
            fn write(&self, file: &mut SettingsFile) {
                file.set_flag("marks", self.0);
            }
        }
        let dir = TempDir::new("options");
        std::fs::write(dir.0.join(FILE_NAME), "size 7\n").unwrap();
        assert_eq!(Marks::load(Some(&dir.0)), Marks(false));
        Marks(true).store(&dir.0).unwrap();
        assert_eq!(Marks::load(Some(&dir.0)), Marks(true));
        let text = std::fs::read_to_string(dir.0.join(FILE_NAME)).unwrap();
        assert_eq!(text, "size 7\nmarks on\n");
        assert_eq!(Marks::parse(&Marks(true).to_text()), Marks(true));
    }

    /// A fresh directory of this test's own under the system's temporary
    /// directory, removed when dropped.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(name: &str) -> TempDir {
            let dir = std::env::temp_dir()
                .join(format!("game-api-settings-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            TempDir(dir)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn settings_round_trip_through_a_directory_keeping_unknown_lines_in_place() {
        let dir = TempDir::new("round-trip");
        std::fs::write(
            dir.0.join(FILE_NAME),
            "size 7\nfrom-a-newer-version yes please\nx computer medium\n",
        )
        .unwrap();
        let mut file = SettingsFile::load(Some(&dir.0));
        assert_eq!(file.get_parsed::<usize>("size"), Some(7));
        assert_eq!(file.get("x"), Some("computer medium"));
        file.set("size", 9);
        file.set_flag("training", true);
        file.store(&dir.0).unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.0.join(FILE_NAME)).unwrap(),
            "size 9\nfrom-a-newer-version yes please\nx computer medium\ntraining on\n"
        );
        let again = SettingsFile::load(Some(&dir.0));
        assert_eq!(again, file);
        assert_eq!(again.flag("training"), Some(true));
        // Nothing but the file is left: the temporary file was renamed.
        assert_eq!(names_in(&dir.0), [FILE_NAME]);
    }

    #[test]
    fn update_changes_only_the_keys_it_sets() {
        let dir = TempDir::new("update");
        std::fs::write(dir.0.join(FILE_NAME), "colours 5\nsize 20x16\n").unwrap();
        SettingsFile::update(&dir.0, |file| file.set("size", "10x8")).unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.0.join(FILE_NAME)).unwrap(),
            "colours 5\nsize 10x8\n"
        );
        // Into a directory with no file yet.
        let empty = TempDir::new("update-empty");
        SettingsFile::update(&empty.0, |file| file.set("size", 5)).unwrap();
        assert_eq!(
            std::fs::read_to_string(empty.0.join(FILE_NAME)).unwrap(),
            "size 5\n"
        );
    }

    #[test]
    fn a_missing_file_or_directory_gives_an_empty_file() {
        let dir = TempDir::new("missing");
        assert_eq!(SettingsFile::load(Some(&dir.0)), SettingsFile::new());
        assert_eq!(SettingsFile::load(None), SettingsFile::new());
        assert_eq!(
            SettingsFile::load(Some(&dir.0.join("not-there"))),
            SettingsFile::new()
        );
        assert_eq!(SettingsFile::new().get("size"), None);
        assert_eq!(SettingsFile::new().to_text(), "");
        assert_eq!(
            SettingsFile::load_from(&Host::detached()),
            SettingsFile::new()
        );
        // With no data directory there is nowhere to keep them, and no error.
        assert!(!SettingsFile::new().keep(&Host::detached()));
        assert!(!SettingsFile::update_for(&Host::detached(), |f| f.set("size", 5)));
    }

    #[test]
    fn a_damaged_file_gives_what_could_be_read_and_never_panics() {
        let dir = TempDir::new("damaged");
        let path = dir.0.join(FILE_NAME);
        // Bytes that are not UTF-8 spoil their own line only.
        std::fs::write(&path, b"size \xff\xfe7\ncolours 4\n\x00\x01\x02\n").unwrap();
        let file = SettingsFile::load(Some(&dir.0));
        assert_eq!(file.get_parsed::<usize>("size"), None);
        assert_eq!(file.get_parsed::<usize>("colours"), Some(4));
        // Larger than the cap: not a game's options.
        std::fs::write(&path, "size 7\n".repeat(MAX_BYTES as usize / 7 + 1)).unwrap();
        assert_eq!(SettingsFile::load(Some(&dir.0)), SettingsFile::new());
        // A directory where the file should be: read as nothing, and
        // writing says so without touching it.
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir(&path).unwrap();
        assert_eq!(SettingsFile::load(Some(&dir.0)), SettingsFile::new());
        let error = SettingsFile::parse("size 7").store(&dir.0).unwrap_err();
        assert!(
            error.starts_with(&format!(
                "could not keep the settings in {}: ",
                path.display()
            )),
            "{error}"
        );
        assert!(path.is_dir());
        assert_eq!(names_in(&dir.0), [FILE_NAME], "no temporary file is left");
        // Junk of every byte value, cut anywhere.
        let junk: Vec<u8> = (0..=255u8).cycle().take(3000).collect();
        for end in (0..junk.len()).step_by(97) {
            let file = SettingsFile::parse(&String::from_utf8_lossy(&junk[..end]));
            assert_eq!(SettingsFile::parse(&file.to_text()), file);
        }
    }

    #[test]
    fn values_with_equals_signs_line_breaks_and_blanks_round_trip() {
        let values = [
            "a = b",
            "=",
            "two\nlines",
            "\r\n",
            "  spaces at both ends  ",
            " ",
            "tab\there",
            "back\\slash\\n not a line break",
            "\\",
            "ends with a backslash\\",
            "ünïcødé ✓",
            "",
        ];
        let mut file = SettingsFile::new();
        for (i, value) in values.iter().enumerate() {
            file.set(&format!("key{i}"), value);
        }
        file.set("a key with spaces", "and = a value");
        let text = file.to_text();
        assert_eq!(text.lines().count(), values.len() + 1, "{text}");
        let again = SettingsFile::parse(&text);
        for (i, value) in values.iter().enumerate() {
            let key = format!("key{i}");
            assert_eq!(again.get(&key), Some(*value), "{key} in {text}");
        }
        assert_eq!(again.get("a key with spaces"), Some("and = a value"));
        assert_eq!(again, file);
    }

    #[test]
    fn files_written_by_hand_read_as_the_games_read_them() {
        // A space or a tab ends the key, blanks at either end of a value
        // are not part of it, a later line wins, a backslash before
        // anything but an escape stays.
        let file = SettingsFile::parse(
            "  size   7  \r\nsize\t9\ndifficulty\npath C:\\games\\x\nsize nine\n",
        );
        assert_eq!(file.get("size"), Some("nine"));
        assert_eq!(file.get_parsed::<usize>("size"), None);
        assert_eq!(file.get("difficulty"), Some(""));
        assert_eq!(file.get("path"), Some("C:\\games\\x"));
        assert_eq!(file.flag("difficulty"), None);
        assert_eq!(SettingsFile::parse("badge off").flag("badge"), Some(false));
        assert_eq!(SettingsFile::parse("badge yes").flag("badge"), None);
    }

    #[test]
    fn set_keeps_a_keys_place_and_remove_takes_every_line_of_it() {
        let mut file = SettingsFile::parse("a 1\nb 2\na 3\nc 4\n");
        assert_eq!(file.get("a"), Some("3"));
        file.set("a", 5);
        assert_eq!(file.to_text(), "a 5\nb 2\nc 4\n");
        file.set("", "not written");
        assert_eq!(file.to_text(), "a 5\nb 2\nc 4\n");
        assert_eq!(file.remove("b"), Some("2".into()));
        assert_eq!(file.remove("b"), None);
        assert_eq!(
            file.iter().collect::<Vec<_>>(),
            [("a", "5"), ("c", "4"), ("", "not written")]
        );
    }

    #[test]
    fn writers_at_once_leave_one_whole_file_and_no_temporary_one() {
        let dir = TempDir::new("writers");
        let texts: Vec<String> = (0..6)
            .map(|i| format!("writer {i}\n{}", "line\n".repeat(200 * (i + 1))))
            .collect();
        std::thread::scope(|scope| {
            for text in &texts {
                let dir = &dir.0;
                scope.spawn(move || {
                    for _ in 0..20 {
                        write_atomically(&dir.join(FILE_NAME), text.as_bytes()).unwrap();
                    }
                });
            }
        });
        let kept = std::fs::read_to_string(dir.0.join(FILE_NAME)).unwrap();
        assert!(
            texts.contains(&kept),
            "a mix of writers: {} bytes",
            kept.len()
        );
        assert_eq!(names_in(&dir.0), [FILE_NAME]);
    }
}
