//! `cargo xtask install` and `uninstall`: a bundle copied into a prefix, and
//! taken out again.
//!
//! A bundle's `bin/`, `lib/` and `share/` go to the prefix's (for one user,
//! `share/` goes to `$XDG_DATA_HOME`, as the XDG base directory rules
//! say). The install writes what it put where in
//! `<lib>/game-launcher/installed-files.txt`: each file, and each directory
//! it had to make. Uninstalling removes exactly those files, then those
//! directories that are empty, and nothing else, so files of other programs
//! sharing `bin/` or `share/applications/` are never touched.
//!
//! The desktop reads what is in `share/mime/packages` and
//! `share/applications` through databases made from them
//! (`update-mime-database`, `update-desktop-database`), so that a file
//! manager offers PLT Games for `.pltgame` files. Install and uninstall run
//! those tools where they are installed, and a tool missing or failing is
//! said, never an error. The one exception to "nothing else": the database
//! files a tool made at the install (that were not there before it) go
//! too, so that the prefix is left as it was found; a database that was
//! there before is made again without the launcher's files.

use crate::bundle;
use launcher_core::catalog::APP_DIR_NAME;
use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::fmt;
use std::io::ErrorKind;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

/// The prefix an install goes to unless told otherwise.
pub const DEFAULT_PREFIX: &str = "/usr/local";

/// The list of installed files, in `<lib>/game-launcher/`.
pub const INSTALLED_FILES: &str = "installed-files.txt";

/// Where an install puts a bundle's `bin/`, `lib/` and `share/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prefix {
    /// Executables (`<prefix>/bin`).
    pub bin: PathBuf,
    /// Libraries and the games (`<prefix>/lib`).
    pub lib: PathBuf,
    /// Data: the desktop entry, icons, the manual (`<prefix>/share`).
    pub share: PathBuf,
}

impl Prefix {
    /// `bin`, `lib` and `share` in `prefix`.
    pub fn at(prefix: &Path) -> Prefix {
        Prefix {
            bin: prefix.join("bin"),
            lib: prefix.join("lib"),
            share: prefix.join("share"),
        }
    }

    /// One user's prefix: `~/.local`, with `share/` in `$XDG_DATA_HOME`
    /// when it is set to an absolute path (the XDG rules ignore a relative
    /// one), so that the desktop finds the entry and the icons where it
    /// looks for the user's.
    pub fn user(home: &Path, xdg_data_home: Option<&OsStr>) -> Prefix {
        let mut prefix = Prefix::at(&home.join(".local"));
        if let Some(data) = xdg_data_home.map(Path::new).filter(|p| p.is_absolute()) {
            prefix.share = data.to_path_buf();
        }
        prefix
    }

    /// The list of what was installed here.
    pub fn installed_files(&self) -> PathBuf {
        self.lib.join(APP_DIR_NAME).join(INSTALLED_FILES)
    }

    /// Where the bundle's file `relative` goes, if it is under its `bin/`,
    /// `lib/` or `share/`.
    fn destination(&self, relative: &Path) -> Option<PathBuf> {
        let mut components = relative.components();
        let top = match components.next()? {
            Component::Normal(top) => top.to_str()?,
            _ => return None,
        };
        let rest = components.as_path();
        if rest.as_os_str().is_empty()
            || rest
                .components()
                .any(|c| !matches!(c, Component::Normal(_)))
        {
            return None;
        }
        let base = match top {
            "bin" => &self.bin,
            "lib" => &self.lib,
            "share" => &self.share,
            _ => return None,
        };
        Some(base.join(rest))
    }

    /// Whether `path` is inside this prefix's `bin`, `lib` or `share`, the
    /// only places an uninstall removes anything from.
    fn holds(&self, path: &Path) -> bool {
        let lexical = |p: &Path| p.components().all(|c| !matches!(c, Component::ParentDir));
        lexical(path)
            && [&self.bin, &self.lib, &self.share]
                .iter()
                .any(|base| path.starts_with(base) && path != base.as_path())
    }
}

impl fmt::Display for Prefix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.bin.parent() {
            Some(root) if *self == Prefix::at(root) => write!(f, "{}", root.display()),
            _ => write!(
                f,
                "{}, {} and {}",
                self.bin.display(),
                self.lib.display(),
                self.share.display()
            ),
        }
    }
}

/// Why an install or uninstall failed.
#[derive(Debug)]
pub enum Error {
    /// A place in the prefix cannot be written (permission, read-only file
    /// system): another prefix, `--user`, or root is needed.
    NotWritable {
        /// The file or directory that could not be written.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// Files that exist in the prefix and were not installed there by this
    /// tool; an install would overwrite them and an uninstall delete them.
    Conflict(Vec<PathBuf>),
    /// Anything else, said as what to do.
    Other(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NotWritable { path, error } => {
                write!(f, "cannot write {}: {error}", path.display())
            }
            Error::Conflict(paths) => {
                let shown: Vec<String> = paths
                    .iter()
                    .take(5)
                    .map(|p| p.display().to_string())
                    .collect();
                let more = paths.len().saturating_sub(shown.len());
                write!(
                    f,
                    "{}{} already exist{} and {} not installed by `cargo xtask install`; \
                     move {} away or choose another prefix",
                    shown.join(", "),
                    if more > 0 {
                        format!(" and {more} more")
                    } else {
                        String::new()
                    },
                    if paths.len() == 1 { "s" } else { "" },
                    if paths.len() == 1 { "was" } else { "were" },
                    if paths.len() == 1 { "it" } else { "them" },
                )
            }
            Error::Other(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

/// An I/O error on `path`: [`Error::NotWritable`] when it is about
/// permission or a read-only file system.
fn io_error(path: &Path, what: &str, error: std::io::Error) -> Error {
    match error.kind() {
        ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem => Error::NotWritable {
            path: path.to_path_buf(),
            error,
        },
        _ => Error::Other(format!("cannot {what} {}: {error}", path.display())),
    }
}

/// What to do when `prefix` cannot be written: install for oneself, or as
/// root with the xtask binary `xtask` from the bundle made already (so that
/// root runs no cargo and writes nothing in the workspace).
pub fn not_writable_advice(prefix: &Prefix, xtask: &Path, bundle: &Path) -> String {
    format!(
        "Install for yourself alone with `cargo xtask install --user` (into ~/.local),\n\
         or into {prefix} for everyone, as root, from this bundle:\n    \
         sudo {} install --bundle-dir {} --prefix {prefix}",
        xtask.display(),
        bundle.display()
    )
}

/// What an installation holds, as its list records it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The files installed.
    pub files: Vec<PathBuf>,
    /// The directories the install made, which did not exist before.
    pub dirs: Vec<PathBuf>,
    /// The desktop databases' files that the install's tools made, which
    /// did not exist before (`share/applications/mimeinfo.cache` in a
    /// directory of other programs' entries, say).
    pub made: Vec<PathBuf>,
}

impl Record {
    fn to_text(&self) -> String {
        let mut text = String::from(
            "# Installed by `cargo xtask install`. `cargo xtask uninstall` removes\n\
             # these files, then these directories if they are empty.\n",
        );
        for file in &self.files {
            text.push_str(&format!("file\t{}\n", file.display()));
        }
        for dir in &self.dirs {
            text.push_str(&format!("dir\t{}\n", dir.display()));
        }
        for made in &self.made {
            text.push_str(&format!("made\t{}\n", made.display()));
        }
        text
    }

    fn parse(text: &str, list: &Path) -> Result<Record, Error> {
        let mut record = Record::default();
        for (number, line) in text.lines().enumerate() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match line.split_once('\t') {
                Some(("file", path)) => record.files.push(PathBuf::from(path)),
                Some(("dir", path)) => record.dirs.push(PathBuf::from(path)),
                Some(("made", path)) => record.made.push(PathBuf::from(path)),
                _ => {
                    return Err(Error::Other(format!(
                        "{}, line {}: not `file<TAB>path`, `dir<TAB>path` or `made<TAB>path`; \
                         was the list edited? Remove the files by hand",
                        list.display(),
                        number + 1
                    )));
                }
            }
        }
        Ok(record)
    }

    /// The list installed at `prefix`, if there is one.
    pub fn read(prefix: &Prefix) -> Result<Option<Record>, Error> {
        let list = prefix.installed_files();
        match std::fs::read_to_string(&list) {
            Ok(text) => Record::parse(&text, &list).map(Some),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io_error(&list, "read", e)),
        }
    }
}

/// What [`install`] did.
#[derive(Debug)]
pub struct Installed {
    /// What it installed, as recorded.
    pub record: Record,
    /// The earlier installation it replaced, if there was one.
    pub replaced: Option<Uninstalled>,
    /// What to tell of the desktop's databases (a tool that failed), if
    /// anything: the install is done all the same.
    pub notes: Vec<String>,
}

/// Installs the bundle `bundle` (made by [`bundle::lay_out`]) into
/// `prefix`, replacing an earlier installation there, and records what it
/// installed in [`Prefix::installed_files`]. The desktop entry's `Exec`
/// then names the installed launcher by its absolute path, since the
/// prefix's `bin` may not be on the desktop's `PATH` (`~/.local/bin`
/// often is not).
///
/// Nothing is overwritten that an earlier install did not put there; if a
/// copy fails, what this install had copied is removed again.
///
/// # Errors
///
/// [`Error::NotWritable`] when the prefix cannot be written,
/// [`Error::Conflict`] when a file of another origin is in the way, and
/// [`Error::Other`] when `bundle` is not a bundle.
pub fn install(bundle: &Path, prefix: &Prefix) -> Result<Installed, Error> {
    if !bundle::launcher_path(bundle).is_file() {
        return Err(Error::Other(format!(
            "{} is not a bundle (it has no bin/{}); make one with `cargo xtask dist`",
            bundle.display(),
            bundle::LAUNCHER_FILE
        )));
    }
    let relative_files = crate::files_under(bundle)
        .map_err(|e| Error::Other(format!("cannot read the bundle {}: {e}", bundle.display())))?;
    let mut plan = Vec::new();
    for relative in relative_files {
        let to = prefix.destination(&relative).ok_or_else(|| {
            Error::Other(format!(
                "{} in the bundle is not under bin/, lib/ or share/; is {} a bundle?",
                relative.display(),
                bundle.display()
            ))
        })?;
        let recordable = to.to_str().is_some_and(|s| !s.contains(['\n', '\t', '\r']));
        if !recordable || !to.is_absolute() {
            return Err(Error::Other(format!(
                "cannot install to {}: the prefix must be an absolute path in UTF-8, without tabs or line breaks",
                to.display()
            )));
        }
        plan.push((bundle.join(&relative), to));
    }

    let earlier = Record::read(prefix)?;
    let ours: BTreeSet<&PathBuf> = earlier.iter().flat_map(|r| &r.files).collect();
    let conflicts: Vec<PathBuf> = plan
        .iter()
        .map(|(_, to)| to)
        .filter(|to| std::fs::symlink_metadata(to).is_ok() && !ours.contains(to))
        .cloned()
        .collect();
    if !conflicts.is_empty() {
        return Err(Error::Conflict(conflicts));
    }
    let replaced = match earlier {
        Some(_) => Some(uninstall(prefix)?),
        None => None,
    };

    let mut record = Record::default();
    let installed = copy_all(&plan, prefix, &mut record).and_then(|()| {
        let before = database_files(prefix);
        let notes = update_databases(prefix);
        record.made = database_files(prefix)
            .into_iter()
            .filter(|file| !before.contains(file))
            .collect();
        if !record.made.is_empty() {
            let list = prefix.installed_files();
            std::fs::write(&list, record.to_text()).map_err(|e| io_error(&list, "write", e))?;
        }
        Ok(notes)
    });
    match installed {
        Ok(notes) => Ok(Installed {
            notes,
            record,
            replaced,
        }),
        Err(e) => {
            // Leave the prefix as it was: remove what was copied.
            remove_recorded(prefix, &record);
            Err(e)
        }
    }
}

/// Copies every `(from, to)` of the plan, making and recording directories
/// on the way, then writes the list; `record` holds what was done so far.
fn copy_all(
    plan: &[(PathBuf, PathBuf)],
    prefix: &Prefix,
    record: &mut Record,
) -> Result<(), Error> {
    let desktop_entry = bundle::desktop_entry_path(Path::new(""));
    let launcher = prefix.bin.join(bundle::LAUNCHER_FILE);
    for (from, to) in plan {
        make_dirs(to.parent().unwrap_or(to), record)?;
        if from.ends_with(&desktop_entry) {
            let text = std::fs::read_to_string(from)
                .map_err(|e| Error::Other(format!("cannot read {}: {e}", from.display())))?;
            std::fs::write(to, point_entry_at(&text, &launcher))
                .map_err(|e| io_error(to, "write", e))?;
        } else {
            std::fs::copy(from, to).map_err(|e| io_error(to, "write", e))?;
        }
        record.files.push(to.clone());
    }
    let list = prefix.installed_files();
    make_dirs(list.parent().unwrap_or(&list), record)?;
    std::fs::write(&list, record.to_text()).map_err(|e| io_error(&list, "write", e))
}

/// Makes `dir` and the directories above it that are missing, recording
/// each made.
fn make_dirs(dir: &Path, record: &mut Record) -> Result<(), Error> {
    let missing: Vec<&Path> = dir
        .ancestors()
        .take_while(|d| std::fs::symlink_metadata(d).is_err())
        .collect();
    for dir in missing.into_iter().rev() {
        std::fs::create_dir(dir).map_err(|e| io_error(dir, "make the directory", e))?;
        record.dirs.push(dir.to_path_buf());
    }
    Ok(())
}

/// The desktop entry `text` with its `Exec` and `TryExec` naming the launcher,
/// quoted and escaped as the desktop entry specification asks.
pub fn point_entry_at(text: &str, launcher: &Path) -> String {
    let path = launcher.to_string_lossy();
    // A string value escapes `\`; Exec's arguments escape `%`, and are
    // quoted when they hold a reserved character.
    let string = |s: &str| s.replace('\\', "\\\\");
    let plain = path
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+,@".contains(c));
    let exec = if plain {
        path.to_string()
    } else {
        let mut quoted = String::from('"');
        for c in path.chars() {
            if matches!(c, '"' | '`' | '$' | '\\') {
                quoted.push('\\');
            }
            quoted.push(c);
        }
        quoted.push('"');
        quoted
    };
    let exec = string(&exec.replace('%', "%%"));
    let mut out = String::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("Exec=plt-games") {
            out.push_str(&format!("Exec={exec}{rest}"));
        } else if line == "TryExec=plt-games" {
            out.push_str(&format!("TryExec={}", string(&path)));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// What [`uninstall`] did.
#[derive(Debug, Default)]
pub struct Uninstalled {
    /// Files removed.
    pub files_removed: usize,
    /// Files the list names that were gone already.
    pub missing: Vec<PathBuf>,
    /// Paths the list names outside the prefix, left alone.
    pub refused: Vec<PathBuf>,
    /// Directories the install made, removed now that they are empty.
    pub dirs_removed: usize,
    /// Directories the install made that hold other files now, kept.
    pub dirs_kept: Vec<PathBuf>,
    /// What to tell of the desktop's databases (a tool that failed), if
    /// anything: the uninstall is done all the same.
    pub notes: Vec<String>,
}

/// Removes the installation in `prefix`: the files its list names, the list,
/// then the directories the install made, deepest first, when they are
/// empty. Only paths inside the prefix's `bin`, `lib` and `share` are
/// removed, whatever the list says.
///
/// # Errors
///
/// No installation there ([`Error::Other`]), or a file that cannot be
/// removed ([`Error::NotWritable`]; the list is kept, to try again).
pub fn uninstall(prefix: &Prefix) -> Result<Uninstalled, Error> {
    let list = prefix.installed_files();
    let record = Record::read(prefix)?.ok_or_else(|| {
        Error::Other(format!(
            "nothing to uninstall in {prefix}: there is no {} (an install for one user is \
             uninstalled with --user, one into another prefix with --prefix)",
            list.display()
        ))
    })?;
    let mut done = Uninstalled::default();
    for file in &record.files {
        if !prefix.holds(file) {
            done.refused.push(file.clone());
            continue;
        }
        match std::fs::remove_file(file) {
            Ok(()) => done.files_removed += 1,
            Err(e) if e.kind() == ErrorKind::NotFound => done.missing.push(file.clone()),
            Err(e) => return Err(io_error(file, "remove", e)),
        }
    }
    std::fs::remove_file(&list).map_err(|e| io_error(&list, "remove", e))?;
    done.notes = forget_databases(prefix, &record);
    remove_dirs(prefix, &record.dirs, &mut done);
    Ok(done)
}

/// The desktop's databases made from a directory of `share/`: the tool
/// that makes them, the directory, and whether a file there is one of
/// their sources (not a database file the tool made).
struct Database {
    tool: &'static str,
    dir: &'static str,
    is_source: fn(&Path) -> bool,
}

/// The MIME database (`mime/packages/*.xml` → `mime/mime.cache`, `globs2`,
/// `application/x-plt-game.xml`, …) and the desktop entries' MIME types
/// (`applications/*.desktop` → `applications/mimeinfo.cache`).
const DATABASES: [Database; 2] = [
    Database {
        tool: "update-mime-database",
        dir: "mime",
        is_source: |path| path.file_name() == Some(OsStr::new("packages")),
    },
    Database {
        tool: "update-desktop-database",
        dir: "applications",
        is_source: |path| path.extension() != Some(OsStr::new("cache")),
    },
];

/// Runs each database's tool on its directory of the prefix's `share/`, where
/// both are there; returns what to tell: a tool that failed. A tool not
/// installed is nothing to tell (shared-mime-info and desktop-file-utils
/// are not on every system; a desktop that has neither reads the files
/// themselves or nothing).
fn update_databases(prefix: &Prefix) -> Vec<String> {
    DATABASES
        .iter()
        .filter_map(|db| run_tool(db.tool, &prefix.share.join(db.dir)))
        .collect()
}

/// The database files (not sources) in each database directory of the
/// prefix's `share/`, as they stand now.
fn database_files(prefix: &Prefix) -> BTreeSet<PathBuf> {
    DATABASES
        .iter()
        .flat_map(|db| {
            let entries = std::fs::read_dir(prefix.share.join(db.dir))
                .into_iter()
                .flatten();
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|path| !(db.is_source)(path))
        })
        .collect()
}

/// After the files are removed: in a directory the install made that holds
/// no source of anyone's now, the files its tool made removed, so that the
/// directory goes too; where the install's tool made the database (it was
/// not there before), the files it made removed; elsewhere each database
/// made again without the launcher's files.
fn forget_databases(prefix: &Prefix, record: &Record) -> Vec<String> {
    let mut notes = Vec::new();
    for db in &DATABASES {
        let dir = prefix.share.join(db.dir);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        let sources_left = entries.iter().any(|path| {
            (db.is_source)(path)
                && (path.is_file() || std::fs::read_dir(path).is_ok_and(|mut d| d.next().is_some()))
        });
        let made_here: Vec<&PathBuf> = record
            .made
            .iter()
            .filter(|made| made.parent() == Some(dir.as_path()) && prefix.holds(made))
            .collect();
        let made_by_install = |path: &PathBuf| record.made.contains(path);
        if !made_here.is_empty()
            && entries
                .iter()
                .all(|p| (db.is_source)(p) || made_by_install(p))
        {
            // Every database file here is the install's: take them away
            // rather than make a database the prefix did not have.
            for path in made_here {
                let _ = if path.is_dir() {
                    std::fs::remove_dir_all(path)
                } else {
                    std::fs::remove_file(path)
                };
            }
        } else if record.dirs.contains(&dir) && !sources_left {
            for path in entries.iter().filter(|p| !(db.is_source)(p)) {
                let _ = if path.is_dir() {
                    std::fs::remove_dir_all(path)
                } else {
                    std::fs::remove_file(path)
                };
            }
        } else {
            notes.extend(run_tool(db.tool, &dir));
        }
    }
    notes
}

/// Runs `tool dir`; what to tell if it failed (nothing if it is not
/// installed, or `dir` is not there).
fn run_tool(tool: &str, dir: &Path) -> Option<String> {
    if !dir.is_dir() {
        return None;
    }
    match Command::new(tool).arg(dir).output() {
        Ok(out) if out.status.success() => None,
        Err(e) if e.kind() == ErrorKind::NotFound => None,
        Err(e) => Some(format!(
            "could not run {tool} {} ({e}); run it yourself so that file managers \
             open .pltgame files with PLT Games",
            dir.display()
        )),
        Ok(out) => Some(format!(
            "{tool} {} failed ({}): {}; run it again so that file managers open \
             .pltgame files with PLT Games",
            dir.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )),
    }
}

/// Removes the directories of `dirs` inside the prefix that are empty,
/// deepest first.
fn remove_dirs(prefix: &Prefix, dirs: &[PathBuf], done: &mut Uninstalled) {
    let mut dirs: Vec<&PathBuf> = dirs.iter().collect();
    dirs.sort_by_key(|d| std::cmp::Reverse(d.components().count()));
    for dir in dirs {
        // A made prefix directory itself (`/opt/pg` above its `bin`) is the
        // parent of `bin`, `lib` or `share`: removable too when empty.
        let in_prefix = prefix.holds(dir)
            || [&prefix.bin, &prefix.lib, &prefix.share]
                .iter()
                .any(|base| base.starts_with(dir));
        if !in_prefix {
            done.refused.push(dir.clone());
            continue;
        }
        match std::fs::remove_dir(dir) {
            Ok(()) => done.dirs_removed += 1,
            Err(e) if e.kind() == ErrorKind::NotFound => {}
            Err(_) => done.dirs_kept.push(dir.clone()),
        }
    }
}

/// Undoes a failed install: its files, then its directories.
fn remove_recorded(prefix: &Prefix, record: &Record) {
    for file in &record.files {
        let _ = std::fs::remove_file(file);
    }
    let _ = std::fs::remove_file(prefix.installed_files());
    remove_dirs(prefix, &record.dirs, &mut Uninstalled::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_install_puts_share_in_xdg_data_home_when_it_is_absolute() {
        let home = Path::new("/home/me");
        let default = Prefix::user(home, None);
        assert_eq!(default, Prefix::at(Path::new("/home/me/.local")));
        let data = Prefix::user(home, Some(OsStr::new("/data/me")));
        assert_eq!(data.share, Path::new("/data/me"));
        assert_eq!(data.bin, Path::new("/home/me/.local/bin"));
        assert_eq!(
            Prefix::user(home, Some(OsStr::new("relative"))),
            default,
            "a relative XDG_DATA_HOME is ignored"
        );
        assert_eq!(
            default.installed_files(),
            Path::new("/home/me/.local/lib/game-launcher/installed-files.txt")
        );
    }

    #[test]
    fn bundle_files_go_to_bin_lib_or_share_and_nowhere_else() {
        let prefix = Prefix::user(Path::new("/h"), Some(OsStr::new("/d")));
        let to = |p: &str| prefix.destination(Path::new(p));
        assert_eq!(
            to("bin/plt-games"),
            Some(PathBuf::from("/h/.local/bin/plt-games"))
        );
        assert_eq!(to("share/doc/x"), Some(PathBuf::from("/d/doc/x")));
        assert_eq!(to("etc/x"), None);
        assert_eq!(to("bin"), None);
        assert_eq!(to("bin/../../x"), None);
        assert!(prefix.holds(Path::new("/d/applications/x.desktop")));
        assert!(!prefix.holds(Path::new("/d")));
        assert!(!prefix.holds(Path::new("/etc/passwd")));
        assert!(!prefix.holds(Path::new("/d/../etc/passwd")));
    }

    #[test]
    fn the_desktop_entry_names_the_installed_launcher() {
        let entry = bundle::desktop_entry("plt-games", "plt-games");
        let plain = point_entry_at(&entry, Path::new("/usr/local/bin/plt-games"));
        assert!(
            plain.contains("\nExec=/usr/local/bin/plt-games %f\n"),
            "{plain}"
        );
        assert!(
            plain.contains("\nTryExec=/usr/local/bin/plt-games\n"),
            "{plain}"
        );
        assert!(plain.contains("\nIcon=game-launcher\n"), "{plain}");
        let odd = point_entry_at(&entry, Path::new("/home/a b/100%/bin/plt-games"));
        assert!(
            odd.contains("\nExec=\"/home/a b/100%%/bin/plt-games\" %f\n"),
            "{odd}"
        );
        assert!(
            odd.contains("\nTryExec=/home/a b/100%/bin/plt-games\n"),
            "{odd}"
        );
    }

    /// A bundle with a few files and no real binary, in `dir/bundle`.
    fn fake_bundle(dir: &Path) -> PathBuf {
        let root = dir.join("bundle");
        for (file, text) in [
            ("bin/plt-games", "not a program"),
            ("lib/game-launcher/games/g/info.toml", "game = \"g\"\n"),
            ("share/doc/game-launcher/manual.md", "# Manual\n"),
        ] {
            std::fs::create_dir_all(root.join(file).parent().unwrap()).unwrap();
            std::fs::write(root.join(file), text).unwrap();
        }
        let entry = bundle::desktop_entry_path(&root);
        std::fs::create_dir_all(entry.parent().unwrap()).unwrap();
        std::fs::write(entry, bundle::desktop_entry("plt-games", "plt-games")).unwrap();
        root
    }

    /// Every file and directory under `root`.
    fn tree(root: &Path) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = Vec::new();
        let mut todo = vec![root.to_path_buf()];
        while let Some(dir) = todo.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    todo.push(path.clone());
                }
                out.push(path);
            }
        }
        out.sort();
        out
    }

    #[test]
    fn a_user_install_goes_to_dot_local_and_xdg_data_home_and_uninstalls_clean() {
        let dir = tempfile::tempdir().unwrap();
        let bundle = fake_bundle(dir.path());
        let home = dir.path().join("home");
        std::fs::create_dir(&home).unwrap();
        let data = dir.path().join("data");
        let prefix = Prefix::user(&home, Some(data.as_os_str()));
        let installed = install(&bundle, &prefix).unwrap();
        assert_eq!(installed.record.files.len(), 4);
        assert!(home.join(".local/bin/plt-games").is_file());
        assert!(
            home.join(".local/lib/game-launcher/games/g/info.toml")
                .is_file()
        );
        assert!(data.join("doc/game-launcher/manual.md").is_file());
        let entry =
            std::fs::read_to_string(data.join("applications/game-launcher.desktop")).unwrap();
        let exec = format!(
            "\nExec={} %f\n",
            home.join(".local/bin/plt-games").display()
        );
        assert!(entry.contains(&exec), "{entry}");
        assert!(installed.record.dirs.contains(&data), "made, so removed");

        let done = uninstall(&prefix).unwrap();
        assert_eq!(done.files_removed, 4);
        assert_eq!(tree(&home), Vec::<PathBuf>::new());
        assert!(!data.exists());
    }

    #[test]
    fn an_install_overwrites_nothing_it_did_not_install() {
        let dir = tempfile::tempdir().unwrap();
        let bundle = fake_bundle(dir.path());
        let root = dir.path().join("prefix");
        std::fs::create_dir_all(root.join("bin")).unwrap();
        std::fs::write(root.join("bin/plt-games"), "someone else's").unwrap();
        let before = tree(&root);
        let e = install(&bundle, &Prefix::at(&root)).unwrap_err();
        assert!(matches!(&e, Error::Conflict(paths) if paths == &[root.join("bin/plt-games")]));
        assert!(
            e.to_string()
                .contains("not installed by `cargo xtask install`"),
            "{e}"
        );
        assert_eq!(tree(&root), before);
    }

    #[test]
    fn a_failed_install_takes_back_what_it_had_copied() {
        let dir = tempfile::tempdir().unwrap();
        let bundle = fake_bundle(dir.path());
        let root = dir.path().join("prefix");
        std::fs::create_dir_all(&root).unwrap();
        // bin/ and lib/ are copied, then share/ cannot be made.
        std::fs::write(root.join("share"), "a file in the way").unwrap();
        let before = tree(&root);
        assert!(install(&bundle, &Prefix::at(&root)).is_err());
        assert_eq!(tree(&root), before);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn an_unwritable_prefix_says_so_and_what_to_do() {
        let dir = tempfile::tempdir().unwrap();
        let bundle = fake_bundle(dir.path());
        // The kernel's /sys takes no new directory, not even from root.
        let prefix = Prefix::at(Path::new("/sys/game-launcher-test"));
        let e = install(&bundle, &prefix).unwrap_err();
        assert!(matches!(e, Error::NotWritable { .. }), "{e:?}");
        let advice = not_writable_advice(&prefix, Path::new("/w/target/release/xtask"), &bundle);
        assert!(advice.contains("cargo xtask install --user"), "{advice}");
        assert!(
            advice.contains(&format!(
                "sudo /w/target/release/xtask install --bundle-dir {} --prefix /sys/game-launcher-test",
                bundle.display()
            )),
            "{advice}"
        );
    }

    #[test]
    fn an_uninstall_removes_nothing_outside_the_prefix() {
        let dir = tempfile::tempdir().unwrap();
        let prefix = Prefix::at(&dir.path().join("prefix"));
        let outside = dir.path().join("precious");
        std::fs::write(&outside, "x").unwrap();
        std::fs::create_dir_all(prefix.installed_files().parent().unwrap()).unwrap();
        let record = Record {
            files: vec![outside.clone(), prefix.bin.join("../../precious")],
            dirs: vec![],
            made: vec![outside.clone()],
        };
        std::fs::write(prefix.installed_files(), record.to_text()).unwrap();
        let done = uninstall(&prefix).unwrap();
        assert_eq!(done.refused.len(), 2);
        assert!(outside.is_file());
    }

    #[test]
    fn the_record_reads_back_what_it_wrote() {
        let record = Record {
            files: vec![PathBuf::from("/p/bin/plt-games")],
            dirs: vec![PathBuf::from("/p/lib/game-launcher")],
            made: vec![PathBuf::from("/p/share/applications/mimeinfo.cache")],
        };
        let list = Path::new("list");
        assert_eq!(Record::parse(&record.to_text(), list).unwrap(), record);
        assert!(Record::parse("rm -rf /\n", list).is_err());
    }

    /// Whether shared-mime-info's tool is installed here.
    fn has_update_mime_database() -> bool {
        Command::new("update-mime-database")
            .arg("-v")
            .output()
            .is_ok_and(|o| o.status.success())
    }

    #[test]
    fn the_mime_type_goes_into_the_desktops_database_and_out_again() {
        let dir = tempfile::tempdir().unwrap();
        let bundle = fake_bundle(dir.path());
        let package = bundle::mime_package_path(&bundle);
        std::fs::create_dir_all(package.parent().unwrap()).unwrap();
        std::fs::write(&package, bundle::mime_package()).unwrap();
        let home = dir.path().join("home");
        std::fs::create_dir(&home).unwrap();
        let data = dir.path().join("data");
        let prefix = Prefix::user(&home, Some(data.as_os_str()));
        let installed = install(&bundle, &prefix).unwrap();
        assert!(installed.notes.is_empty(), "{:?}", installed.notes);
        assert!(data.join("mime/packages/game-launcher.xml").is_file());
        let tool = has_update_mime_database();
        if tool {
            let globs = std::fs::read_to_string(data.join("mime/globs2")).unwrap();
            assert!(
                globs.contains("\napplication/x-plt-game:*.pltgame\n")
                    || globs.contains(":application/x-plt-game:*.pltgame"),
                "{globs}"
            );
            assert!(data.join("mime/application/x-plt-game.xml").is_file());
        } else {
            eprintln!(
                "update-mime-database (shared-mime-info) is not installed: the install \
                 is checked without the database it would make"
            );
        }
        // The database files the tool made go with the package, and so do
        // the directories the install made.
        let done = uninstall(&prefix).unwrap();
        assert!(done.notes.is_empty(), "{:?}", done.notes);
        assert!(done.dirs_kept.is_empty(), "{:?}", done.dirs_kept);
        assert_eq!(tree(&home), Vec::<PathBuf>::new());
        assert!(!data.exists(), "{:?}", tree(&data));

        // Beside another program's type, its database made: the database
        // is made again without ours, and theirs stays.
        let other = data.join("mime/packages/other.xml");
        std::fs::create_dir_all(other.parent().unwrap()).unwrap();
        std::fs::write(
            &other,
            "<?xml version=\"1.0\"?>\n<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">\n\
             <mime-type type=\"application/x-other\"><glob pattern=\"*.other\"/></mime-type>\n</mime-info>\n",
        )
        .unwrap();
        if tool {
            assert_eq!(run_tool("update-mime-database", &data.join("mime")), None);
        }
        let before = tree(&data);
        install(&bundle, &prefix).unwrap();
        uninstall(&prefix).unwrap();
        assert_eq!(
            tree(&data),
            before,
            "the database's files are the ones it had"
        );
        assert!(other.is_file());
        assert!(!data.join("mime/packages/game-launcher.xml").exists());
        if tool {
            let globs = std::fs::read_to_string(data.join("mime/globs2")).unwrap();
            assert!(globs.contains("application/x-other:*.other"), "{globs}");
            assert!(!globs.contains("x-plt-game"), "{globs}");
            assert!(!data.join("mime/application/x-plt-game.xml").exists());
        }
    }
}
