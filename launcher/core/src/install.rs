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

/// Whether `dir`, inside a game directory, is left out of its install:
/// a version control's (`.git`) or a cache directory marked by a
/// `CACHEDIR.TAG` file (Cargo's `target/`, hundreds of megabytes of build
/// output when a crate's own directory is installed), which no game reads.
fn left_out(dir: &Path) -> bool {
    dir.file_name().is_some_and(|n| n == ".git") || dir.join("CACHEDIR.TAG").is_file()
}

/// Copies the directory `from` to `to` (which must not exist): files,
/// directories and links as they are, but for directories [`left_out`].
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
