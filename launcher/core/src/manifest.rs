//! Reading a game's `info.toml`, after §2 "Implementing New Games".
//!
//! | field | meaning | default |
//! | --- | --- | --- |
//! | `game` | base name of the game's dynamic library | required |
//! | `name` | label on the console button | directory name, `-` → space, title-cased |
//! | `icon` (or §2's `game-icon`) | 32×32 PNG, relative path | `<dir>.png` |
//! | `game-set` | the group the button goes in | `Other Games` |
//! | `help` | text help shown by §4's rules | `doc.txt` if present |
//! | `manual` | Markdown manual (§3) | `manual.md` if present |
//! | `records-by` | choice controls (labels or ids) whose values keep statistics apart | none |
//!
//! A manifest is untrusted input: it is read with a size cap, every field is
//! type-checked with a message naming the field, unknown keys are warnings,
//! and paths may not leave the game's directory.

use std::path::{Component, Path, PathBuf};

/// The largest `info.toml` read, in bytes.
pub const MAX_MANIFEST_BYTES: u64 = 64 * 1024;

/// The longest `name` or `game-set` shown, in characters; longer ones are
/// shortened with "..." and a warning (a label is a button, not a page).
pub const MAX_LABEL_CHARS: usize = 80;

/// The set a game goes in when its manifest names none.
pub const DEFAULT_GAME_SET: &str = "Other Games";

/// A parsed manifest with defaults applied. Paths are relative to the game's
/// directory and checked not to leave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// Base name of the dynamic library (`chat_noir` → `libchat_noir.so`).
    pub game: String,
    /// The button's label.
    pub name: String,
    /// The icon's path, relative to the game's directory.
    pub icon: PathBuf,
    /// The group the button goes in.
    pub game_set: String,
    /// The text help's path, if the manifest names one or `doc.txt` exists.
    pub help: Option<PathBuf>,
    /// The manual's path, if the manifest names one or `manual.md` exists.
    pub manual: Option<PathBuf>,
    /// The choice controls (labels or ids) whose values, when a game
    /// starts, make its variant, with records of its own in the statistics
    /// (`records-by = ["Size", "Cat"]`); empty: one record for the game.
    pub records_by: Vec<String>,
    /// Whether the game window shows the time played in its status row
    /// (`clock = true`; the statistics' best time is that clock).
    pub clock: bool,
    /// Things worth telling the author that do not stop the game (unknown keys).
    pub warnings: Vec<String>,
}

/// Why a manifest was refused: every error found in it (not only the
/// first), each saying what is wrong and how to fix it, and the warnings
/// found beside them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", errors.join("; "))]
pub struct ManifestError {
    /// What is wrong, one message per field, each with its fix; never empty.
    pub errors: Vec<String>,
    /// Things worth telling the author that would not stop the game alone.
    pub warnings: Vec<String>,
}

fn err(message: impl Into<String>) -> ManifestError {
    ManifestError {
        errors: vec![message.into()],
        warnings: Vec::new(),
    }
}

/// The label a game gets when its manifest has no `name`: the directory name
/// with `-` and `_` as spaces, each word capitalised (`chat-noir` → `Chat Noir`).
pub fn default_name(dir_name: &str) -> String {
    dir_name
        .split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads and parses `dir/info.toml` through [`crate::files`]: whatever
/// stands there that is not a regular file of at most
/// [`MAX_MANIFEST_BYTES`] is refused without being opened or read whole.
pub fn read(dir: &Path, dir_name: &str) -> Result<Manifest, ManifestError> {
    use crate::files::{self, FileProblem};
    let path = dir.join("info.toml");
    let bytes = files::read_capped_within(dir, &path, MAX_MANIFEST_BYTES).map_err(|problem| match problem {
        FileProblem::TooLarge { .. } => err(format!(
            "it is larger than {} KiB; a manifest holds a few short fields — is this the right file?",
            MAX_MANIFEST_BYTES / 1024
        )),
        FileProblem::NotRegular { .. }
        | FileProblem::DanglingLink { .. }
        | FileProblem::LinkLoop => err(format!(
            "it {problem}; a game's info.toml must be a small text file"
        )),
        other => err(format!("it {other}")),
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        err(format!(
            "it is not UTF-8 text (invalid byte at offset {}); save it as UTF-8",
            e.utf8_error().valid_up_to()
        ))
    })?;
    // Anything standing at a default name counts: what it is (a pipe, a
    // dangling link) is reported when the catalog checks the document.
    parse(&text, dir_name, |p| files::entry_exists(&dir.join(p)))
}

/// Parses manifest text for the game directory `dir_name`. `exists` says
/// whether a relative path exists in the game's directory (for the optional
/// defaults `doc.txt` and `manual.md`). Every field is checked, so a
/// manifest with several bad fields reports all of them.
pub fn parse(
    text: &str,
    dir_name: &str,
    exists: impl Fn(&Path) -> bool,
) -> Result<Manifest, ManifestError> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let position = e
            .span()
            .map(|span| {
                let (line, column) = line_column(text, span.start);
                format!("line {line}, column {column}: ")
            })
            .unwrap_or_default();
        err(format!(
            "{position}TOML syntax error: {}",
            e.message().trim()
        ))
    })?;

    let mut warnings = Vec::new();
    let mut errors = Vec::new();
    for key in table.keys() {
        if !matches!(
            key.as_str(),
            "game"
                | "name"
                | "icon"
                | "game-icon"
                | "game-set"
                | "help"
                | "manual"
                | "records-by"
                | "clock"
        ) {
            warnings.push(format!(
                "unknown key `{key}` is ignored (known keys: game, name, icon, game-set, help, manual, records-by, clock)"
            ));
        }
    }
    // Each field on its own: an error is kept and the next field read.
    let mut keep = |result: Result<Option<PathBuf>, ManifestError>| match result {
        Ok(value) => value,
        Err(e) => {
            errors.extend(e.errors);
            None
        }
    };
    let icon_field = keep(path_field(&table, "icon"));
    let game_icon_field = keep(path_field(&table, "game-icon"));
    let help = keep(optional_document(&table, "help", "doc.txt", &exists));
    let manual = keep(optional_document(&table, "manual", "manual.md", &exists));

    let game = match string_field(&table, "game") {
        Ok(Some(game))
            if game
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') =>
        {
            Some(game)
        }
        Ok(Some(game)) => {
            errors.insert(0, format!(
                "`game = {game:?}` must be a library base name (letters, digits, `_`, `-`), not a path or file name"
            ));
            None
        }
        Ok(None) => {
            errors.insert(0, format!(
                "the required field `game` is missing; add `game = \"{}\"` naming the game's library",
                dir_name.replace('-', "_")
            ));
            None
        }
        Err(e) => {
            errors.splice(0..0, e.errors);
            None
        }
    };
    let clock = match table.get("clock") {
        None => false,
        Some(toml::Value::Boolean(on)) => *on,
        Some(other) => {
            errors.push(format!(
                "`clock` must be `true` or `false`, not {}; write `clock = true` to show the time played",
                other.type_str()
            ));
            false
        }
    };
    let mut text_field = |key: &str, default: String| match string_field(&table, key) {
        Ok(value) => value.map_or(default, |text| label(key, text, &mut warnings)),
        Err(e) => {
            errors.extend(e.errors);
            String::new()
        }
    };
    let name = text_field("name", default_name(dir_name));
    let game_set = text_field("game-set", DEFAULT_GAME_SET.into());
    let records_by = match records_by(&table) {
        Ok(names) => names,
        Err(e) => {
            errors.extend(e.errors);
            Vec::new()
        }
    };

    if table.contains_key("icon") && table.contains_key("game-icon") {
        warnings.push("both `icon` and `game-icon` are given; `icon` is used".into());
    }
    let (Some(game), true) = (game, errors.is_empty()) else {
        return Err(ManifestError { errors, warnings });
    };
    let icon = icon_field
        .or(game_icon_field)
        .unwrap_or_else(|| PathBuf::from(format!("{dir_name}.png")));
    Ok(Manifest {
        game,
        name,
        icon,
        game_set,
        help,
        manual,
        records_by,
        clock,
        warnings,
    })
}

/// `records-by`: a list of the names of choice controls, each a non-empty
/// string; absent, an empty list.
fn records_by(table: &toml::Table) -> Result<Vec<String>, ManifestError> {
    const EXAMPLE: &str = "records-by = [\"Size\"]";
    match table.get("records-by") {
        None => Ok(Vec::new()),
        Some(toml::Value::Array(items)) => items
            .iter()
            .map(|item| match item {
                toml::Value::String(s) if !s.trim().is_empty() => Ok(s.trim().to_owned()),
                toml::Value::String(_) => Err(err(format!(
                    "`records-by` holds an empty name; name a choice control by its label or id, as in {EXAMPLE}"
                ))),
                other => Err(err(format!(
                    "`records-by` must list names in quotes, as in {EXAMPLE}, but it holds {} {other}",
                    article_type(other)
                ))),
            })
            .collect(),
        Some(other) => Err(err(format!(
            "`records-by` must be a list of names in quotes, as in {EXAMPLE}, but it is {} {other}",
            article_type(other)
        ))),
    }
}

/// A label as the console shows it: control characters (a line break would
/// split a button or a `--list` line) become spaces, and it is cut to
/// [`MAX_LABEL_CHARS`]. Each change is a warning.
fn label(key: &str, text: String, warnings: &mut Vec<String>) -> String {
    let mut label = text;
    if label.chars().any(char::is_control) {
        label = label
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        warnings.push(format!(
            "`{key}` contains line breaks or other control characters; they are shown as spaces"
        ));
    }
    let length = label.chars().count();
    if length > MAX_LABEL_CHARS {
        let mut short: String = label.chars().take(MAX_LABEL_CHARS - 3).collect();
        short.truncate(short.trim_end().len());
        short.push_str("...");
        warnings.push(format!(
            "`{key}` is {length} characters long; the console shows the first {} (\"{short}\"); keep it under {MAX_LABEL_CHARS}",
            MAX_LABEL_CHARS - 3
        ));
        label = short;
    }
    label
}

/// A document field: the given path, or the default file when it exists.
fn optional_document(
    table: &toml::Table,
    key: &str,
    default: &str,
    exists: &impl Fn(&Path) -> bool,
) -> Result<Option<PathBuf>, ManifestError> {
    Ok(match path_field(table, key)? {
        Some(p) => Some(p),
        None => Some(PathBuf::from(default)).filter(|p| exists(p)),
    })
}

fn string_field(table: &toml::Table, key: &str) -> Result<Option<String>, ManifestError> {
    match table.get(key) {
        None => Ok(None),
        Some(toml::Value::String(s)) if s.trim().is_empty() => Err(err(format!(
            "`{key}` is an empty string; give it a value or remove the line"
        ))),
        Some(toml::Value::String(s)) => Ok(Some(s.trim().to_owned())),
        Some(other) => Err(err(format!(
            "`{key}` must be a string in quotes, but it is {} {other}",
            article_type(other)
        ))),
    }
}

fn article_type(value: &toml::Value) -> &'static str {
    match value {
        toml::Value::String(_) => "a string",
        toml::Value::Integer(_) => "an integer",
        toml::Value::Float(_) => "a float",
        toml::Value::Boolean(_) => "a boolean",
        toml::Value::Datetime(_) => "a date",
        toml::Value::Array(_) => "an array",
        toml::Value::Table(_) => "a table",
    }
}

fn path_field(table: &toml::Table, key: &str) -> Result<Option<PathBuf>, ManifestError> {
    let Some(text) = string_field(table, key)? else {
        return Ok(None);
    };
    let path = PathBuf::from(&text);
    // Checked the same way on every platform, so a manifest that is safe on
    // one is safe on all: `\` separates too, and `C:` starts a drive.
    let bytes = text.as_bytes();
    let drive = bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':';
    let escapes = path.components().any(|c| {
        matches!(
            c,
            Component::ParentDir | Component::RootDir | Component::Prefix(_)
        )
    }) || text.starts_with('/')
        || text.starts_with('\\')
        || text.split(['/', '\\']).any(|segment| segment == "..")
        || drive;
    if escapes {
        return Err(err(format!(
            "`{key} = {text:?}` leaves the game's directory; paths must be relative and stay inside it (no `..`, no leading `/` or `\\`, no drive letter)"
        )));
    }
    Ok(Some(path))
}

/// 1-based line and column (in characters) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_in(text: &str, dir: &str) -> Result<Manifest, ManifestError> {
        parse(text, dir, |_| false)
    }

    #[test]
    fn records_by_lists_choice_names_and_refuses_other_values() {
        let m = parse_in(
            "game = \"chat_noir\"\nrecords-by = [\"Size\", \"Cat\"]",
            "chat-noir",
        )
        .unwrap();
        assert_eq!(m.records_by, ["Size", "Cat"]);
        assert!(m.warnings.is_empty(), "{:?}", m.warnings);
        let m = parse_in("game = \"chat_noir\"", "chat-noir").unwrap();
        assert!(m.records_by.is_empty());
        for bad in [
            "records-by = \"Size\"",
            "records-by = [1]",
            "records-by = [\" \"]",
        ] {
            let e = parse_in(&format!("game = \"g\"\n{bad}"), "g").unwrap_err();
            assert!(e.errors[0].contains("`records-by`"), "{bad}: {e}");
            assert!(
                e.errors[0].contains("records-by = [\"Size\"]"),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn defaults_follow_the_manual() {
        let m = parse_in("game = \"chat_noir\"", "chat-noir").unwrap();
        assert_eq!(m.game, "chat_noir");
        assert_eq!(m.name, "Chat Noir");
        assert_eq!(m.icon, PathBuf::from("chat-noir.png"));
        assert_eq!(m.game_set, "Other Games");
        assert_eq!(m.help, None);
        assert_eq!(m.manual, None);
        assert!(!m.clock, "no clock unless asked for");
        assert!(m.warnings.is_empty());
    }

    #[test]
    fn a_clock_is_asked_for_with_true_and_anything_else_is_an_error() {
        let m = parse_in("game = \"x\"\nclock = true", "x").unwrap();
        assert!(m.clock);
        assert!(m.warnings.is_empty());
        assert!(!parse_in("game = \"x\"\nclock = false", "x").unwrap().clock);
        let e = parse_in("game = \"x\"\nclock = \"yes\"", "x").unwrap_err();
        assert_eq!(e.errors.len(), 1, "{e:?}");
        assert!(
            e.errors[0].contains("`clock` must be `true` or `false`"),
            "{e:?}"
        );
    }

    #[test]
    fn help_and_manual_default_to_files_that_exist() {
        let m = parse("game = \"x\"", "x", |p| p == Path::new("doc.txt")).unwrap();
        assert_eq!(m.help, Some(PathBuf::from("doc.txt")));
        assert_eq!(m.manual, None);
        let m = parse("game = \"x\"", "x", |_| true).unwrap();
        assert_eq!(m.manual, Some(PathBuf::from("manual.md")));
    }

    #[test]
    fn every_field_is_read() {
        let m = parse_in(
            r#"
game = "lights_out"
name = "Lights Out"
icon = "img/icon.png"
game-set = "Logic Games"
help = "help/doc.txt"
manual = "manual/index.md"
"#,
            "lights",
        )
        .unwrap();
        assert_eq!(m.name, "Lights Out");
        assert_eq!(m.icon, PathBuf::from("img/icon.png"));
        assert_eq!(m.game_set, "Logic Games");
        assert_eq!(m.help, Some(PathBuf::from("help/doc.txt")));
        assert_eq!(m.manual, Some(PathBuf::from("manual/index.md")));
    }

    #[test]
    fn game_icon_is_accepted_as_in_the_original() {
        let m = parse_in("game = \"g\"\ngame-icon = \"face.png\"", "g").unwrap();
        assert_eq!(m.icon, PathBuf::from("face.png"));
    }

    #[test]
    fn default_name_title_cases_words() {
        assert_eq!(default_name("chat-noir"), "Chat Noir");
        assert_eq!(default_name("same"), "Same");
        assert_eq!(default_name("paint-by-numbers"), "Paint By Numbers");
        assert_eq!(default_name("gcalc"), "Gcalc");
    }

    #[test]
    fn unknown_keys_are_warnings_not_errors() {
        let m = parse_in("game = \"g\"\ncolour = \"red\"", "g").unwrap();
        assert_eq!(m.warnings.len(), 1);
        assert!(
            m.warnings[0].contains("unknown key `colour`"),
            "{:?}",
            m.warnings
        );
    }

    #[test]
    fn a_missing_game_field_names_the_fix() {
        let e = parse_in("name = \"Chat Noir\"", "chat-noir").unwrap_err();
        assert!(e.to_string().contains("`game` is missing"), "{e}");
        assert!(e.to_string().contains("game = \"chat_noir\""), "{e}");
    }

    #[test]
    fn syntax_errors_give_line_and_column() {
        let e = parse_in("game = \"g\"\nname = Chat Noir\n", "g").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 2, column 8: TOML syntax error"),
            "{e}"
        );
    }

    #[test]
    fn wrong_types_and_empty_strings_are_refused() {
        let e = parse_in("game = 42", "g").unwrap_err();
        assert!(e.to_string().contains("`game` must be a string"), "{e}");
        assert!(e.to_string().contains("an integer 42"), "{e}");
        let e = parse_in("game = \"g\"\nname = \"  \"", "g").unwrap_err();
        assert!(e.to_string().contains("`name` is an empty string"), "{e}");
    }

    #[test]
    fn paths_may_not_leave_the_game_directory() {
        for bad in [
            "../other/icon.png",
            "/etc/passwd",
            "img/../../x.png",
            "..\\..\\x.png",
            "img\\..\\..\\x.png",
            "\\\\server\\share\\x.png",
            "C:\\Windows\\x.png",
            "c:x.png",
        ] {
            let e = parse_in(&format!("game = \"g\"\nicon = {bad:?}"), "g").unwrap_err();
            assert!(
                e.to_string().contains("leaves the game's directory"),
                "{bad}: {e}"
            );
        }
        let e = parse_in("game = \"g\"\nhelp = \"../doc.txt\"", "g").unwrap_err();
        assert!(e.to_string().contains("`help"), "{e}");
    }

    #[test]
    fn long_labels_are_shortened_and_line_breaks_flattened_with_a_warning() {
        let long = "A".repeat(500);
        let m = parse_in(
            &format!("game = \"x\"\nname = \"{long}\"\ngame-set = \"Two\\nLines\"\n"),
            "x",
        )
        .unwrap();
        assert_eq!(m.name, format!("{}...", "A".repeat(77)));
        assert_eq!(m.name.chars().count(), MAX_LABEL_CHARS);
        assert_eq!(m.game_set, "Two Lines");
        assert_eq!(m.warnings.len(), 2, "{:?}", m.warnings);
        assert!(m.warnings[0].starts_with("`name` is 500 characters long"));
        assert!(m.warnings[1].starts_with("`game-set` contains line breaks"));
        // At the limit, nothing changes.
        let exact = "B".repeat(MAX_LABEL_CHARS);
        let m = parse_in(&format!("game = \"x\"\nname = \"{exact}\"\n"), "x").unwrap();
        assert_eq!((m.name, m.warnings.len()), (exact, 0));
    }

    #[test]
    fn every_bad_field_is_reported_not_only_the_first() {
        let e = parse_in(
            "icon = \"../../etc/passwd\"\nhelp = \"/etc/shadow\"\nname = 3\ncolour = \"red\"\n",
            "g",
        )
        .unwrap_err();
        assert_eq!(e.errors.len(), 4, "{:#?}", e.errors);
        assert!(e.errors[0].contains("`game` is missing"), "{e}");
        assert!(
            e.errors[1].contains("`icon = \"../../etc/passwd\"` leaves"),
            "{e}"
        );
        assert!(
            e.errors[2].contains("`help = \"/etc/shadow\"` leaves"),
            "{e}"
        );
        assert!(e.errors[3].contains("`name` must be a string"), "{e}");
        assert_eq!(e.warnings.len(), 1, "{:?}", e.warnings);
        assert!(e.warnings[0].contains("unknown key `colour`"));
        // The message shown in one line names them all.
        let line = e.to_string();
        for part in ["`game`", "`icon", "`help", "`name`"] {
            assert!(line.contains(part), "{line}");
        }
    }

    #[test]
    fn a_library_name_must_not_be_a_path() {
        let e = parse_in("game = \"../evil\"", "g").unwrap_err();
        assert!(e.to_string().contains("library base name"), "{e}");
    }
}
