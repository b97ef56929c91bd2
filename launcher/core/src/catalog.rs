//! The catalog: every game found in `games/*/info.toml` along the search path.
//!
//! Scanning reads manifests and looks for files; it never loads a library.
//! Anything wrong with a game becomes a [`Problem`] on its entry, so one broken
//! game never hides the others.

use crate::files::{self, FileProblem};
use crate::manifest::{self, Manifest};
pub use crate::messages::Severity;
pub use crate::search_path::*;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

/// Something wrong with a game or a games directory, with the file it is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Warning or error.
    pub severity: Severity,
    /// The file or directory concerned.
    pub file: PathBuf,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = match self.severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        write!(f, "{level}: {}: {}", self.file.display(), self.message)
    }
}

/// One game directory found on the search path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEntry {
    /// The directory's name, the game's identity (`chat-noir`).
    pub dir_name: String,
    /// The game's directory.
    pub dir: PathBuf,
    /// The button's label.
    pub name: String,
    /// The set the game is shown in.
    pub game_set: String,
    /// The manifest, if it could be read.
    pub manifest: Option<Manifest>,
    /// The library file found for the game.
    pub library: Option<PathBuf>,
    /// The icon file, if it exists (otherwise the launcher's fallback is shown).
    pub icon: Option<PathBuf>,
    /// The text help file, if it was found and is readable (see
    /// [`GameEntry::text_help_file`] for the one to show).
    pub help: Option<PathBuf>,
    /// The manual file, if it was found and is readable (see
    /// [`GameEntry::manual_file`]).
    pub manual: Option<PathBuf>,
    /// Everything wrong with this game.
    pub problems: Vec<Problem>,
    /// Directories of the same name later on the search path, hidden by this one.
    pub shadowed: Vec<PathBuf>,
}

impl GameEntry {
    /// Whether the game can be started (no error-level problem).
    pub fn is_playable(&self) -> bool {
        self.library.is_some() && self.problems.iter().all(|p| p.severity < Severity::Error)
    }

    /// The first error, for a one-line summary.
    pub fn first_error(&self) -> Option<&Problem> {
        self.problems.iter().find(|p| p.severity == Severity::Error)
    }

    /// The text help file to show: the one found, else the one the
    /// manifest names, else `doc.txt` (which may be missing: the help
    /// window then says so, rather than the Help menu going quiet).
    pub fn text_help_file(&self) -> PathBuf {
        self.help.clone().unwrap_or_else(|| {
            let named = self.manifest.as_ref().and_then(|m| m.help.clone());
            self.dir
                .join(named.unwrap_or_else(|| PathBuf::from("doc.txt")))
        })
    }

    /// The manual to show: the one found, else the one the manifest names
    /// (which may be missing: the viewer says so), else none.
    pub fn manual_file(&self) -> Option<PathBuf> {
        self.manual.clone().or_else(|| {
            self.manifest
                .as_ref()
                .and_then(|m| m.manual.as_ref())
                .map(|p| self.dir.join(p))
        })
    }
}

/// A game set: its label and its games, ordered by name.
#[derive(Debug)]
pub struct GameSet<'a> {
    /// The set's label.
    pub name: &'a str,
    /// Its games.
    pub games: Vec<&'a GameEntry>,
}

/// Everything found on the search path.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Catalog {
    /// The games, one per directory name (the first on the path).
    pub games: Vec<GameEntry>,
    /// Problems with the search path itself (an unreadable directory).
    pub problems: Vec<Problem>,
}

impl Catalog {
    /// Scans every directory of `search`; libraries are looked for in each
    /// game's directory, then in `library_dirs`. Loads no library.
    pub fn scan(search: &SearchPath, library_dirs: &[PathBuf]) -> Catalog {
        let mut catalog = Catalog::default();
        let mut by_name: HashMap<String, usize> = HashMap::new();
        // A set, not a list: 40,000 directories on the search path must not
        // cost 40,000² comparisons.
        let mut seen_dirs = HashSet::new();
        for dir in &search.dirs {
            // The same directory reached twice (./games beside the executable)
            // is one directory, not a shadowing.
            let canonical = dir.path.canonicalize().unwrap_or_else(|_| dir.path.clone());
            if !seen_dirs.insert(canonical) {
                continue;
            }
            // Standard places that do not exist are normal; a directory the
            // user named explicitly is worth a word.
            let explicit = matches!(dir.origin, Origin::CommandLine | Origin::Environment);
            if let Some(kind) = files::kernel_file_system(&dir.path) {
                catalog.problems.push(Problem {
                    severity: Severity::Warning,
                    file: dir.path.clone(),
                    message: format!(
                        "games directory from {} is on the kernel's {kind} file system, where no game can be; it is skipped",
                        dir.origin
                    ),
                });
                continue;
            }
            let entries = match std::fs::read_dir(&dir.path) {
                Ok(entries) => entries,
                Err(e) => {
                    if explicit || e.kind() != std::io::ErrorKind::NotFound {
                        catalog.problems.push(Problem {
                            severity: Severity::Warning,
                            file: dir.path.clone(),
                            message: format!(
                                "games directory from {} cannot be read: {e}",
                                dir.origin
                            ),
                        });
                    }
                    continue;
                }
            };
            // A game directory is one with anything called info.toml in it:
            // what that is (a directory, a pipe, a dangling link) is the
            // game's problem to report, not a reason to hide the game.
            // Only metadata is read here; nothing is opened.
            let mut game_dirs: Vec<(String, PathBuf)> = entries
                .filter_map(Result::ok)
                .filter(|e| files::entry_exists(&e.path().join("info.toml")))
                .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
                .collect();
            game_dirs.sort();
            if game_dirs.is_empty() && explicit {
                catalog.problems.push(Problem {
                    severity: Severity::Warning,
                    file: dir.path.clone(),
                    message: format!(
                        "games directory from {} holds no games; a game is a directory with an info.toml inside ({}/<game>/info.toml)",
                        dir.origin,
                        dir.path.display()
                    ),
                });
            }
            for (dir_name, path) in game_dirs {
                if let Some(&index) = by_name.get(&dir_name) {
                    let winner = &mut catalog.games[index];
                    winner.shadowed.push(path.clone());
                    winner.problems.push(Problem {
                        severity: Severity::Warning,
                        file: path.clone(),
                        message: format!(
                            "shadowed by {}, which comes first on the search path; rename one of the directories to see both",
                            winner.dir.display()
                        ),
                    });
                    continue;
                }
                by_name.insert(dir_name.clone(), catalog.games.len());
                catalog.games.push(read_entry(dir_name, path, library_dirs));
            }
        }
        catalog
    }

    /// The game sets in console order: most games first, then by name.
    pub fn game_sets(&self) -> Vec<GameSet<'_>> {
        let mut sets: Vec<GameSet<'_>> = Vec::new();
        let mut index: HashMap<&str, usize> = HashMap::new();
        for game in &self.games {
            match index.get(game.game_set.as_str()) {
                Some(&i) => sets[i].games.push(game),
                None => {
                    index.insert(&game.game_set, sets.len());
                    sets.push(GameSet {
                        name: &game.game_set,
                        games: vec![game],
                    });
                }
            }
        }
        for set in &mut sets {
            set.games
                .sort_by_cached_key(|g| (g.name.to_lowercase(), g.dir_name.clone()));
        }
        sets.sort_by(|a, b| {
            b.games
                .len()
                .cmp(&a.games.len())
                .then_with(|| a.name.cmp(b.name))
        });
        sets
    }

    /// [`Catalog::game_sets`] with only the games whose name, set or
    /// directory name contains `query` (ignoring case and surrounding
    /// spaces); sets left empty are dropped, the others keep their order.
    /// An empty query matches every game.
    pub fn game_sets_matching(&self, query: &str) -> Vec<GameSet<'_>> {
        let query = query.trim().to_lowercase();
        let mut sets = self.game_sets();
        if !query.is_empty() {
            for set in &mut sets {
                let set_matches = set.name.to_lowercase().contains(&query);
                set.games.retain(|g| {
                    set_matches
                        || g.name.to_lowercase().contains(&query)
                        || g.dir_name.to_lowercase().contains(&query)
                });
            }
            sets.retain(|s| !s.games.is_empty());
        }
        sets
    }

    /// The game whose directory is named `dir_name`.
    pub fn find(&self, dir_name: &str) -> Option<&GameEntry> {
        self.games.iter().find(|g| g.dir_name == dir_name)
    }

    /// Every problem: the search path's, then each game's.
    pub fn all_problems(&self) -> impl Iterator<Item = &Problem> {
        self.problems
            .iter()
            .chain(self.games.iter().flat_map(|g| g.problems.iter()))
    }
}

/// The platform's file name for a library base name (`libx.so`, `x.dll`, `libx.dylib`).
pub fn library_file_name(base: &str) -> String {
    libloading::library_filename(base)
        .to_string_lossy()
        .into_owned()
}

/// What to do about a library that is in none of the places looked in,
/// from the files the usual slips of a build leave there (looked at, never
/// opened): Cargo's output still in `target/`, only a Rust library built
/// (no `crate-type = ["cdylib"]`), a `-` in `game` that Cargo wrote as `_`,
/// or a library of another name in the game's directory.
pub fn missing_library_fix(game: &str, game_dir: &Path, library_dirs: &[PathBuf]) -> String {
    let file_name = library_file_name(game);
    let built: Vec<PathBuf> = ["release", "debug"]
        .iter()
        .map(|profile| game_dir.join("target").join(profile))
        .collect();
    // Cargo's output, left where it was built.
    if let Some(target) = built.iter().find(|d| d.join(&file_name).is_file()) {
        return format!(
            "Cargo left it in {}: copy it into the game's directory (or, to play it from there without installing, give `--library-dir {}`)",
            target.display(),
            target.display()
        );
    }
    let places: Vec<&Path> = std::iter::once(game_dir)
        .chain(built.iter().map(PathBuf::as_path))
        .chain(library_dirs.iter().map(PathBuf::as_path))
        .collect();
    let cargo_name = game.replace('-', "_");
    // A crate without `crate-type = ["cdylib"]` builds only an rlib.
    let rlib = format!("lib{cargo_name}.rlib");
    if let Some(dir) = places.iter().find(|d| d.join(&rlib).is_file()) {
        return format!(
            "{} holds {rlib}, a Rust library the launcher cannot load: add `crate-type = [\"cdylib\"]` under `[lib]` in the game's Cargo.toml and build it again (`cargo build --release`)",
            dir.display()
        );
    }
    // Cargo writes a `-` of a library's name as `_`.
    if cargo_name != game {
        let cargo_file = library_file_name(&cargo_name);
        if places.iter().any(|d| d.join(&cargo_file).is_file()) {
            return format!(
                "Cargo names the library {cargo_file}, with `_` for `-`: write `game = \"{cargo_name}\"` in info.toml"
            );
        }
    }
    // Another library in the game's directory: `game` names the wrong one.
    let (prefix, suffix) = (std::env::consts::DLL_PREFIX, std::env::consts::DLL_SUFFIX);
    let mut others: Vec<String> = std::fs::read_dir(game_dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|name| {
            let base = name.strip_prefix(prefix)?.strip_suffix(suffix)?;
            (!base.is_empty()).then(|| base.to_owned())
        })
        .collect();
    others.sort();
    if let Some(base) = others.first() {
        return format!(
            "the game's directory holds {}: `game` names a library without `{prefix}` and `{suffix}` (`game = \"{base}\"` for {})",
            others
                .iter()
                .take(3)
                .map(|b| library_file_name(b))
                .collect::<Vec<_>>()
                .join(", "),
            library_file_name(base)
        );
    }
    "build it (`cargo build --release`) and copy it into the game's directory".into()
}

fn read_entry(dir_name: String, dir: PathBuf, library_dirs: &[PathBuf]) -> GameEntry {
    let manifest_path = dir.join("info.toml");
    let mut entry = GameEntry {
        name: manifest::default_name(&dir_name),
        game_set: manifest::DEFAULT_GAME_SET.into(),
        dir_name,
        dir,
        manifest: None,
        library: None,
        icon: None,
        help: None,
        manual: None,
        problems: Vec::new(),
        shadowed: Vec::new(),
    };
    let manifest = match manifest::read(&entry.dir, &entry.dir_name) {
        Ok(m) => m,
        Err(e) => {
            for message in e.errors {
                entry.problems.push(Problem {
                    severity: Severity::Error,
                    file: manifest_path.clone(),
                    message,
                });
            }
            for message in e.warnings {
                entry.problems.push(Problem {
                    severity: Severity::Warning,
                    file: manifest_path.clone(),
                    message,
                });
            }
            return entry;
        }
    };
    for warning in &manifest.warnings {
        entry.problems.push(Problem {
            severity: Severity::Warning,
            file: manifest_path.clone(),
            message: warning.clone(),
        });
    }
    entry.name = manifest.name.clone();
    entry.game_set = manifest.game_set.clone();

    let file_name = library_file_name(&manifest.game);
    let candidates: Vec<PathBuf> = std::iter::once(entry.dir.clone())
        .chain(library_dirs.iter().cloned())
        .collect();
    // The first place where anything of the library's name stands decides:
    // a pipe or a dangling link there is reported, not skipped over.
    match candidates
        .iter()
        .map(|d| d.join(&file_name))
        .find(|p| files::entry_exists(p))
    {
        Some(path) => match files::check(&path) {
            Ok(_) => entry.library = Some(path),
            Err(problem) => entry.problems.push(Problem {
                severity: Severity::Error,
                file: path,
                message: format!(
                    "the game's library {file_name} {problem}; put the game's built library there (`cargo build --release`)"
                ),
            }),
        },
        None => {
            let places: Vec<String> =
                candidates.iter().map(|d| d.display().to_string()).collect();
            entry.problems.push(Problem {
                severity: Severity::Error,
                file: manifest_path.clone(),
                message: format!(
                    "the game's library {file_name} (from `game = \"{}\"`) is not in {}; {}",
                    manifest.game,
                    places.join(" or "),
                    missing_library_fix(&manifest.game, &entry.dir, library_dirs)
                ),
            });
        }
    }

    let icon = entry.dir.join(&manifest.icon);
    match files::check_within(&entry.dir, &icon) {
        Ok(_) => {
            if let Err(reason) = crate::icon::check_icon_file_within(&entry.dir, &icon) {
                entry.problems.push(Problem {
                    severity: Severity::Warning,
                    file: icon.clone(),
                    message: format!("{reason}; the launcher's own icon is shown"),
                });
            }
            entry.icon = Some(icon);
        }
        // Only an icon the manifest names is worth a warning when missing;
        // the default is optional.
        Err(FileProblem::Missing)
            if manifest.icon == Path::new(&format!("{}.png", entry.dir_name)) => {}
        Err(FileProblem::Missing) => entry.problems.push(Problem {
            severity: Severity::Warning,
            file: icon,
            message: "the icon named in info.toml does not exist; the launcher's own icon is shown"
                .into(),
        }),
        Err(problem) => entry.problems.push(Problem {
            severity: Severity::Warning,
            file: icon,
            message: format!("the icon {problem}; the launcher's own icon is shown"),
        }),
    }
    for (field, slot, path, max) in [
        (
            "help",
            &mut entry.help,
            &manifest.help,
            crate::limits::MAX_DOC_BYTES,
        ),
        (
            "manual",
            &mut entry.manual,
            &manifest.manual,
            crate::limits::MAX_MANUAL_BYTES,
        ),
    ] {
        if let Some(path) = path {
            let full = entry.dir.join(path);
            match files::check_within(&entry.dir, &full) {
                Ok(_) => {
                    if let Err(message) = check_document_within(&entry.dir, &full, field, max) {
                        entry.problems.push(Problem {
                            severity: Severity::Warning,
                            file: full.clone(),
                            message,
                        });
                    }
                    *slot = Some(full);
                }
                Err(problem) => entry.problems.push(Problem {
                    severity: Severity::Warning,
                    file: full,
                    message: format!("the `{field}` document named in info.toml {problem}"),
                }),
            }
        }
    }
    entry.manifest = Some(manifest);
    entry
}

/// How much of a document the catalog reads to tell text from binary.
const DOCUMENT_SNIFF_BYTES: u64 = 8 * 1024;

/// Checks a help document cheaply, as the help viewer will refuse it: its
/// size against `max`, and its first bytes for NUL (binary or UTF-16) and
/// for invalid UTF-8. `field` is the manifest field that names it.
pub fn check_document(path: &Path, field: &str, max: u64) -> Result<(), String> {
    let (head, size) = files::read_head(path, DOCUMENT_SNIFF_BYTES)
        .map_err(|problem| format!("the `{field}` document {problem}"))?;
    check_document_head(&head, size, field, max)
}

/// [`check_document`] of a document of the game in `folder`, read only
/// inside it (`files::read_head_within`), as the catalog reads it.
pub fn check_document_within(
    folder: &Path,
    path: &Path,
    field: &str,
    max: u64,
) -> Result<(), String> {
    let (head, size) = files::read_head_within(folder, path, DOCUMENT_SNIFF_BYTES)
        .map_err(|problem| format!("the `{field}` document {problem}"))?;
    check_document_head(&head, size, field, max)
}

/// The checks of [`check_document`] on a document's first bytes and size.
fn check_document_head(head: &[u8], size: u64, field: &str, max: u64) -> Result<(), String> {
    if size > max {
        return Err(format!(
            "the `{field}` document is {size} bytes, more than the {max} bytes the help viewer shows; shorten it{}",
            if field == "help" {
                " or split it into a manual"
            } else {
                " or move pictures out of it"
            }
        ));
    }
    if let Some(offset) = head.iter().position(|&b| b == 0) {
        return Err(format!(
            "the `{field}` document looks binary (NUL byte at offset {offset}); help must be plain UTF-8 text"
        ));
    }
    if let Err(e) = std::str::from_utf8(head)
        && e.error_len().is_some()
    {
        return Err(format!(
            "the `{field}` document is not UTF-8 text (bad byte at offset {}); save it as UTF-8",
            e.valid_up_to()
        ));
    }
    Ok(())
}
