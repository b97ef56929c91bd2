//! `plt-games --install-game DIR` and `--uninstall-game NAME`: a game put
//! into (or taken out of) the user's games directory whole, after it has
//! been checked, never half.
//!
//! Installing copies the game's directory into a temporary directory
//! beside its place (`<games>/.installing-<pid>/<name>`, which the catalog
//! does not see: a game is a directory with an `info.toml` directly
//! inside), reads and checks *that copy* (its `info.toml` and files as the
//! catalog does, then its library started in a confined child, as `--check`
//! does), and only then renames it into place: an installed game of that
//! name is exchanged with it in one step where the system can (Linux), so
//! the games directory never lacks the game. A broken game is refused and
//! nothing changes. Open games are not disturbed either way: each runs a
//! private copy of its library ([`crate::library_copy`]), and its window
//! offers the new version.

use crate::catalog::{Catalog, GameEntry, Severity};
use crate::check::CheckOutcome;
use crate::search_path::{APP_DIR_NAME, SearchPath};
use std::path::{Path, PathBuf};

/// The user's games directory, where `--install-game` puts games
/// (`$XDG_DATA_HOME/game-launcher/games`, else
/// `~/.local/share/game-launcher/games`, on Linux): the same directory as
/// on the search path.
pub fn user_games_dir() -> Option<PathBuf> {
    Some(dirs::data_dir()?.join(APP_DIR_NAME).join("games"))
}

/// A game installed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Installed {
    /// The game's name (its button's label).
    pub name: String,
    /// Its directory's name, its identity (`chat-noir`).
    pub dir_name: String,
    /// Where it is now.
    pub dir: PathBuf,
    /// An installed game of that name was replaced.
    pub replaced: bool,
    /// Warnings about the game (it plays, but the author may want to know).
    pub warnings: Vec<String>,
}

/// A game uninstalled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uninstalled {
    /// The game's name, if its `info.toml` said it.
    pub name: Option<String>,
    /// The directory removed.
    pub dir: PathBuf,
}

/// Installs the game in `source` (a game directory: `info.toml`, its
/// library and files) into `games_dir` under the same directory name,
/// after `check` has found its library fine (see the module's
/// documentation). Says why not, for the player, when the game is broken
/// or cannot be copied; nothing in `games_dir` has changed then.
pub fn install_game(
    source: &Path,
    games_dir: &Path,
    check: impl FnOnce(&Path) -> CheckOutcome,
) -> Result<Installed, String> {
    let source_meta = std::fs::metadata(source)
        .map_err(|e| format!("cannot read the game directory {}: {e}", source.display()))?;
    if !source_meta.is_dir() {
        return Err(format!(
            "{} is not a directory; give the game's directory, the one with its info.toml",
            source.display()
        ));
    }
    let source = source
        .canonicalize()
        .map_err(|e| format!("cannot read the game directory {}: {e}", source.display()))?;
    let dir_name = source
        .file_name()
        .and_then(|n| n.to_str())
        .filter(|n| !n.starts_with('.'))
        .ok_or_else(|| {
            format!(
                "{}: a game directory's name must be readable text not starting with a dot, like chat-noir",
                source.display()
            )
        })?
        .to_owned();
    if !source.join("info.toml").exists() {
        return Err(format!(
            "{} has no info.toml, so it is not a game directory (see the guide, \"Writing a game\")",
            source.display()
        ));
    }
    let target = games_dir.join(&dir_name);
    if target.canonicalize().ok().as_deref() == Some(source.as_path()) {
        return Err(format!("{} is already installed there", source.display()));
    }
    std::fs::create_dir_all(games_dir).map_err(|e| {
        format!(
            "cannot make the games directory {}: {e}",
            games_dir.display()
        )
    })?;
    let staging = games_dir.join(format!(".installing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    let result = (|| {
        std::fs::create_dir(&staging)
            .map_err(|e| format!("cannot write in {}: {e}", games_dir.display()))?;
        let copy = staging.join(&dir_name);
        copy_dir(&source, &copy)?;
        let entry = checked(&staging, &dir_name, &source, check)?;
        let replaced = put_in_place(&copy, &target)?;
        Ok(Installed {
            name: entry.name.clone(),
            dir_name: dir_name.clone(),
            dir: target.clone(),
            replaced,
            warnings: entry
                .problems
                .iter()
                .filter(|p| p.severity == Severity::Warning)
                .map(|p| {
                    p.message
                        .replace(&copy.display().to_string(), &source.display().to_string())
                })
                .collect(),
        })
    })();
    // The copy when refused, or the replaced game.
    let _ = std::fs::remove_dir_all(&staging);
    result
}

/// The game `dir_name` in `staging`, read as the catalog reads it and its
/// library checked. Says everything wrong with a broken one.
fn checked(
    staging: &Path,
    dir_name: &str,
    source: &Path,
    check: impl FnOnce(&Path) -> CheckOutcome,
) -> Result<GameEntry, String> {
    // Said of the directory the player named, not of the copy checked.
    let copy = staging.join(dir_name).display().to_string();
    let source = source.display().to_string();
    let said = |text: &str| text.replace(&copy, &source);
    let catalog = Catalog::scan(&SearchPath::only([staging]), &[]);
    let Some(entry) = catalog.find(dir_name) else {
        return Err(format!("{dir_name}: the launcher found no game in it"));
    };
    let errors: Vec<String> = entry
        .problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .map(|p| format!("  {}", said(&p.message)))
        .collect();
    if !errors.is_empty() {
        return Err(format!(
            "{} is broken, so it was not installed:\n{}",
            entry.name,
            errors.join("\n")
        ));
    }
    let Some(library) = &entry.library else {
        return Err(format!(
            "{} has no library in its directory ({}), so it was not installed; build the game and copy its library beside its info.toml first",
            entry.name,
            crate::catalog::library_file_name(
                entry
                    .manifest
                    .as_ref()
                    .map_or(dir_name, |m| m.game.as_str())
            )
        ));
    };
    match check(library) {
        CheckOutcome::Fine(_) => Ok(entry.clone()),
        CheckOutcome::Broken(why) | CheckOutcome::Hung(why) => Err(format!(
            "{} is broken, so it was not installed: {}",
            entry.name,
            said(&why)
        )),
    }
}

/// Renames `copy` to `target`, in one step. An existing `target` is
/// exchanged with it (Linux), or moved aside just before; it ends at
/// `copy`'s place, to be removed. Returns whether there was one.
fn put_in_place(copy: &Path, target: &Path) -> Result<bool, String> {
    let cannot = |e: &dyn std::fmt::Display| {
        format!(
            "cannot put the game in place at {}: {e}; nothing was changed",
            target.display()
        )
    };
    if std::fs::symlink_metadata(target).is_err() {
        std::fs::rename(copy, target).map_err(|e| cannot(&e))?;
        return Ok(false);
    }
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{CWD, RenameFlags, renameat_with};
        if renameat_with(CWD, copy, CWD, target, RenameFlags::EXCHANGE).is_ok() {
            return Ok(true);
        }
    }
    // Two steps: the old game aside (where the copy's staging is removed),
    // then the new one in.
    let aside = copy.with_extension("replaced");
    std::fs::rename(target, &aside).map_err(|e| cannot(&e))?;
    if let Err(e) = std::fs::rename(copy, target) {
        let _ = std::fs::rename(&aside, target);
        return Err(cannot(&e));
    }
    Ok(true)
}

/// Copies the directory `from` to `to` (which must not exist): files,
/// directories and links as they are, but for a version control's
/// directory (`.git`) and a cache directory marked by a `CACHEDIR.TAG` file
/// (Cargo's `target/`, hundreds of megabytes of build output when a crate's
/// own directory is installed), which no game reads.
///
/// Through descriptors, never through a path that could have changed: each
/// entry is looked at without following it, then opened relative to its
/// directory's descriptor with `O_NOFOLLOW`, and what was opened is checked
/// to be what was looked at (its kind, device and inode). So an entry
/// swapped for a link while the game is copied is never followed (a link
/// is copied as a link, which every reader of a game's files refuses when
/// it leads out of the game's folder), and a named pipe or a device is
/// refused without being opened.
#[cfg(unix)]
fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    use rustix::fs::{Mode, OFlags};
    let source = rustix::fs::open(
        from,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .map_err(|e| cannot_copy(from, e.into()))?;
    std::fs::create_dir(to).map_err(|e| cannot_copy(to, e))?;
    let target = rustix::fs::open(
        to,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .map_err(|e| cannot_copy(to, e.into()))?;
    copy_entries(&source, from, &target)
}

/// "cannot copy … into the games directory: …".
#[cfg(unix)]
fn cannot_copy(path: &Path, e: std::io::Error) -> String {
    format!(
        "cannot copy {} into the games directory: {e}",
        path.display()
    )
}

/// Copies the entries of the open directory `source` (at `shown`, for
/// messages) into the open, empty directory `target` (see [`copy_dir`]).
#[cfg(unix)]
fn copy_entries(
    source: &std::os::fd::OwnedFd,
    shown: &Path,
    target: &std::os::fd::OwnedFd,
) -> Result<(), String> {
    use rustix::fs::{AtFlags, FileType, Mode, OFlags};
    use std::os::unix::ffi::OsStrExt;
    let changed = |path: &Path| {
        format!(
            "{} changed while it was copied; install the game again once nothing changes it",
            path.display()
        )
    };
    let dir = rustix::fs::Dir::read_from(source).map_err(|e| cannot_copy(shown, e.into()))?;
    for entry in dir {
        let entry = entry.map_err(|e| cannot_copy(shown, e.into()))?;
        let name = entry.file_name();
        if matches!(name.to_bytes(), b"." | b"..") {
            continue;
        }
        let path = shown.join(std::ffi::OsStr::from_bytes(name.to_bytes()));
        let looked = rustix::fs::statat(source, name, AtFlags::SYMLINK_NOFOLLOW)
            .map_err(|e| cannot_copy(&path, e.into()))?;
        let kind = FileType::from_raw_mode(looked.st_mode);
        // Opens what was looked at, never through a link, and checks it is.
        let open_same = |flags: OFlags| {
            let fd = rustix::fs::openat(
                source,
                name,
                flags | OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::NOCTTY,
                Mode::empty(),
            )
            .map_err(|e| match e {
                rustix::io::Errno::LOOP | rustix::io::Errno::NOTDIR => changed(&path),
                e => cannot_copy(&path, e.into()),
            })?;
            let opened = rustix::fs::fstat(&fd).map_err(|e| cannot_copy(&path, e.into()))?;
            let same = FileType::from_raw_mode(opened.st_mode) == kind
                && opened.st_dev == looked.st_dev
                && opened.st_ino == looked.st_ino;
            if same { Ok(fd) } else { Err(changed(&path)) }
        };
        match kind {
            FileType::Directory => {
                let from = open_same(OFlags::RDONLY | OFlags::DIRECTORY)?;
                if name.to_bytes() == b".git" || is_cache_dir(&from) {
                    continue;
                }
                rustix::fs::mkdirat(target, name, Mode::from_bits_truncate(0o755))
                    .map_err(|e| cannot_copy(&path, e.into()))?;
                let to = rustix::fs::openat(
                    target,
                    name,
                    OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
                    Mode::empty(),
                )
                .map_err(|e| cannot_copy(&path, e.into()))?;
                copy_entries(&from, &path, &to)?;
            }
            FileType::RegularFile => {
                let from = open_same(OFlags::RDONLY | OFlags::NONBLOCK)?;
                let mode =
                    Mode::from_bits_truncate(looked.st_mode) & Mode::from_bits_truncate(0o777);
                let to = rustix::fs::openat(
                    target,
                    name,
                    OFlags::WRONLY
                        | OFlags::CREATE
                        | OFlags::EXCL
                        | OFlags::NOFOLLOW
                        | OFlags::CLOEXEC,
                    mode,
                )
                .map_err(|e| cannot_copy(&path, e.into()))?;
                let (mut from, mut to) = (std::fs::File::from(from), std::fs::File::from(to));
                std::io::copy(&mut from, &mut to).map_err(|e| cannot_copy(&path, e))?;
            }
            FileType::Symlink => {
                let link =
                    rustix::fs::readlinkat(source, name, Vec::new()).map_err(|e| match e {
                        rustix::io::Errno::INVAL => changed(&path),
                        e => cannot_copy(&path, e.into()),
                    })?;
                rustix::fs::symlinkat(link.as_c_str(), target, name)
                    .map_err(|e| cannot_copy(&path, e.into()))?;
            }
            _ => {
                return Err(format!(
                    "{} is {}; a game directory holds only files, directories and links",
                    path.display(),
                    kind_name(kind)
                ));
            }
        }
    }
    Ok(())
}

/// A cache directory, marked by a regular `CACHEDIR.TAG` file, looked at
/// through its open descriptor.
#[cfg(unix)]
fn is_cache_dir(dir: &std::os::fd::OwnedFd) -> bool {
    rustix::fs::statat(dir, "CACHEDIR.TAG", rustix::fs::AtFlags::SYMLINK_NOFOLLOW)
        .is_ok_and(|stat| rustix::fs::FileType::from_raw_mode(stat.st_mode).is_file())
}

/// What an entry that is no file, directory or link is, with its article.
#[cfg(unix)]
fn kind_name(kind: rustix::fs::FileType) -> &'static str {
    use rustix::fs::FileType;
    match kind {
        FileType::Fifo => "a named pipe (FIFO)",
        FileType::CharacterDevice => "a character device",
        FileType::BlockDevice => "a block device",
        FileType::Socket => "a socket",
        _ => "a special file",
    }
}

/// Whether `dir`, inside a game directory, is left out of its install:
/// a version control's (`.git`) or a cache directory marked by a
/// `CACHEDIR.TAG` file (Cargo's `target/`, hundreds of megabytes of build
/// output when a crate's own directory is installed), which no game reads.
#[cfg(not(unix))]
fn left_out(dir: &Path) -> bool {
    dir.file_name().is_some_and(|n| n == ".git") || dir.join("CACHEDIR.TAG").is_file()
}

/// Copies the directory `from` to `to` (which must not exist): files,
/// directories and links as they are, but for directories [`left_out`].
#[cfg(not(unix))]
fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    let cannot = |path: &Path, e: std::io::Error| {
        format!(
            "cannot copy {} into the games directory: {e}",
            path.display()
        )
    };
    std::fs::create_dir(to).map_err(|e| cannot(to, e))?;
    let entries = std::fs::read_dir(from).map_err(|e| cannot(from, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| cannot(from, e))?;
        let path = entry.path();
        let dest = to.join(entry.file_name());
        let kind = entry.file_type().map_err(|e| cannot(&path, e))?;
        if kind.is_dir() && left_out(&path) {
            continue;
        } else if kind.is_dir() {
            copy_dir(&path, &dest)?;
        } else if kind.is_file() {
            std::fs::copy(&path, &dest).map_err(|e| cannot(&path, e))?;
        } else if kind.is_symlink() {
            #[cfg(unix)]
            {
                let link = std::fs::read_link(&path).map_err(|e| cannot(&path, e))?;
                std::os::unix::fs::symlink(link, &dest).map_err(|e| cannot(&path, e))?;
            }
        } else {
            return Err(format!(
                "{} is neither a file, a directory nor a link; a game directory holds only those",
                path.display()
            ));
        }
    }
    Ok(())
}

/// Uninstalls the game whose directory is `dir_name` from `games_dir`:
/// moved out of the games directory in one step, then removed. Says why
/// not when there is no such game there.
pub fn uninstall_game(dir_name: &str, games_dir: &Path) -> Result<Uninstalled, String> {
    if dir_name.is_empty()
        || dir_name.starts_with('.')
        || dir_name.contains(['/', '\\'])
        || Path::new(dir_name).components().count() != 1
    {
        return Err(format!(
            "{dir_name:?} is not a game's directory name; give one like chat-noir (`plt-games --list` shows them)"
        ));
    }
    let dir = games_dir.join(dir_name);
    if !dir.join("info.toml").exists() {
        return Err(format!(
            "no game {dir_name:?} is installed in {}; `plt-games --list` shows where each game is",
            games_dir.display()
        ));
    }
    let name = Catalog::scan(&SearchPath::only([games_dir]), &[])
        .find(dir_name)
        .and_then(|e| e.manifest.as_ref().map(|m| m.name.clone()));
    let removing = games_dir.join(format!(".uninstalling-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&removing);
    std::fs::create_dir(&removing)
        .and_then(|()| std::fs::rename(&dir, removing.join(dir_name)))
        .map_err(|e| {
            let _ = std::fs::remove_dir_all(&removing);
            format!("cannot remove {}: {e}; nothing was changed", dir.display())
        })?;
    let _ = std::fs::remove_dir_all(&removing);
    Ok(Uninstalled { name, dir })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 41, attack 3: `doc.txt` swapped for a link to the player's key
    /// while the game is copied, as fast as a thread can rename a link and
    /// a regular file over it in turn. Every copy holds the game's text or
    /// the link itself (which every reader refuses), never the key: the
    /// copy opened what the listing said, with `std::fs::copy`, following
    /// a link swapped in meanwhile, within a few hundred copies.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_swapped_for_a_link_while_copied_never_copies_what_it_leads_to() {
        use std::sync::atomic::{AtomicBool, Ordering};
        let home = tempfile::tempdir().unwrap();
        std::fs::write(home.path().join("id_rsa"), "KEY").unwrap();
        let source = home.path().join("sneaky");
        std::fs::create_dir(&source).unwrap();
        std::fs::write(source.join("info.toml"), "game = \"sneaky\"\n").unwrap();
        let doc = source.join("doc.txt");
        std::fs::write(&doc, "inside").unwrap();
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let swapper = {
            let (stop, source, doc) = (stop.clone(), source.clone(), doc.clone());
            std::thread::spawn(move || {
                let (link, file) = (source.join(".link"), source.join(".file"));
                while !stop.load(Ordering::Relaxed) {
                    std::os::unix::fs::symlink("../id_rsa", &link).unwrap();
                    std::fs::rename(&link, &doc).unwrap();
                    std::fs::write(&file, "inside").unwrap();
                    std::fs::rename(&file, &doc).unwrap();
                }
            })
        };
        let copies = home.path().join("copies");
        std::fs::create_dir(&copies).unwrap();
        let (mut files, mut links) = (0, 0);
        let started = std::time::Instant::now();
        for n in 0.. {
            if (files >= 300 && links >= 300) || started.elapsed().as_secs() >= 20 {
                break;
            }
            let copy = copies.join(n.to_string());
            // A copy may fail saying the file changed under it; it is
            // then not installed, which is as good as the link.
            if copy_dir(&source, &copy).is_err() {
                continue;
            }
            let copied = copy.join("doc.txt");
            // The staging copies of the swapper's own files are only noise.
            let meta = std::fs::symlink_metadata(&copied).unwrap();
            if meta.file_type().is_symlink() {
                links += 1;
            } else {
                let text = std::fs::read_to_string(&copied).unwrap();
                assert_eq!(text, "inside", "copy #{n} holds the player's key");
                files += 1;
            }
            std::fs::remove_dir_all(&copy).unwrap();
        }
        stop.store(true, Ordering::Relaxed);
        swapper.join().unwrap();
        assert!(files > 0 && links > 0, "{files} files, {links} links");
    }

    #[cfg(unix)]
    #[test]
    fn what_is_neither_a_file_a_directory_nor_a_link_is_refused_unopened() {
        let home = tempfile::tempdir().unwrap();
        let source = home.path().join("game");
        std::fs::create_dir(&source).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(source.join("doc.txt"))
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        // Opening the pipe the ordinary way would wait for a writer forever.
        let error = copy_dir(&source, &home.path().join("copy")).unwrap_err();
        assert!(error.contains("doc.txt is a named pipe (FIFO)"), "{error}");
    }
}
