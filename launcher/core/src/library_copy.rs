//! Private, read-only copies of game libraries, so that a game process never
//! runs a file that can be rewritten under it.
//!
//! Installing a game with plain `cp` over the library of an open game
//! rewrites, in place, the pages its process runs: the game dies at its next
//! call. So the console never starts a game process on the library it found:
//! it copies it first into a directory of its own ([`LibraryCopies`], under
//! the user's cache directory), named by its contents, read-only, one copy
//! per content however many windows run it. The window still watches the
//! library it found and offers a new version when it changes.
//!
//! A copy is in use while a [`LibraryCopy`] holds it (a shared lock on the
//! file, for as long as the game's window lives); [`LibraryCopies::clean`],
//! as the console starts, removes every copy no launcher holds.

use std::fs::File;
use std::hash::Hasher;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The directory of the copies, inside the launcher's cache directory.
pub const COPIES_DIR_NAME: &str = "libraries";

/// Temporary directories being made into copies start with this.
const MAKING_PREFIX: &str = ".making-";

/// Different libraries of one hash and length before giving up (a hash
/// collision is already unheard of).
const MAX_NAMES: usize = 8;

/// A directory of private, read-only copies of game libraries
/// (`~/.cache/game-launcher/libraries` on Linux): one directory per
/// content, named by its hash and length, holding the library under its
/// own file name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryCopies {
    dir: PathBuf,
}

/// A private copy of a library, held (so not cleaned away) while this
/// lives.
#[derive(Debug)]
pub struct LibraryCopy {
    path: PathBuf,
    /// The copy, opened and locked shared: [`LibraryCopies::clean`] leaves
    /// it alone.
    _held: File,
}

impl LibraryCopy {
    /// The copy's path, to load the game from.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// What [`LibraryCopies::clean`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cleaned {
    /// Copies removed (no launcher held them).
    pub removed: usize,
    /// Copies kept (a running launcher holds them).
    pub kept: usize,
}

impl LibraryCopies {
    /// Copies kept in `dir` (made when the first copy is).
    pub fn new(dir: impl Into<PathBuf>) -> LibraryCopies {
        LibraryCopies { dir: dir.into() }
    }

    /// The user's: `libraries` in the launcher's cache directory
    /// (`$XDG_CACHE_HOME/game-launcher/libraries`, else
    /// `~/.cache/game-launcher/libraries`, on Linux).
    pub fn standard() -> Option<LibraryCopies> {
        let cache = dirs::cache_dir()?;
        Some(LibraryCopies::new(
            cache
                .join(crate::search_path::APP_DIR_NAME)
                .join(COPIES_DIR_NAME),
        ))
    }

    /// The directory of the copies.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A private, read-only copy of `library` as it is now, made unless
    /// one of the same contents exists, and held until dropped. Says what
    /// went wrong for the player (the library cannot be read, or the cache
    /// directory cannot be written).
    pub fn copy_of(&self, library: &Path) -> Result<LibraryCopy, String> {
        let file_name = library
            .file_name()
            .ok_or_else(|| format!("{} is not a library file", library.display()))?;
        let metadata = std::fs::metadata(library)
            .map_err(|e| format!("cannot read {}: {e}", library.display()))?;
        if !metadata.is_file() {
            return Err(format!("{} is not a regular file", library.display()));
        }
        let bytes = std::fs::read(library)
            .map_err(|e| format!("cannot read {}: {e}", library.display()))?;
        std::fs::create_dir_all(&self.dir).map_err(|e| self.cannot(&self.dir, &e))?;
        let key = format!("{:016x}-{}", content_hash(&bytes), bytes.len());
        let mut attempts = 0;
        let mut index = 0;
        while index < MAX_NAMES && attempts < 4 * MAX_NAMES {
            attempts += 1;
            let name = match index {
                0 => key.clone(),
                n => format!("{key}-{n}"),
            };
            let path = self.dir.join(&name).join(file_name);
            match hold(&path, &bytes) {
                Held::Same(file) => {
                    return Ok(LibraryCopy { path, _held: file });
                }
                // Another library of the same hash and length.
                Held::Different => index += 1,
                // Not there (or cleaned away as it was opened): made now,
                // then held as any copy is.
                Held::Absent => self.make(&name, file_name, &bytes)?,
            }
        }
        Err(format!(
            "cannot make a private copy of {} in {}: too many libraries share its hash",
            library.display(),
            self.dir.display()
        ))
    }

    /// Writes `bytes` as the copy `name/file_name`, read-only, whole or not
    /// at all (made in a temporary directory, then renamed). A copy made by
    /// another launcher meanwhile is as good.
    fn make(&self, name: &str, file_name: &std::ffi::OsStr, bytes: &[u8]) -> Result<(), String> {
        static MADE: AtomicU64 = AtomicU64::new(0);
        let making = self.dir.join(format!(
            "{MAKING_PREFIX}{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        ));
        let result = (|| {
            std::fs::create_dir(&making).map_err(|e| self.cannot(&making, &e))?;
            let file = making.join(file_name);
            let mut out = File::create(&file).map_err(|e| self.cannot(&file, &e))?;
            out.write_all(bytes).map_err(|e| self.cannot(&file, &e))?;
            let mut read_only = out
                .metadata()
                .map_err(|e| self.cannot(&file, &e))?
                .permissions();
            read_only.set_readonly(true);
            out.set_permissions(read_only)
                .map_err(|e| self.cannot(&file, &e))?;
            out.sync_all().map_err(|e| self.cannot(&file, &e))?;
            Ok(())
        })();
        if result.is_ok() && std::fs::rename(&making, self.dir.join(name)).is_ok() {
            return Ok(());
        }
        // Failed, or another launcher made the same copy first.
        let _ = std::fs::remove_dir_all(&making);
        result
    }

    fn cannot(&self, path: &Path, e: &std::io::Error) -> String {
        format!(
            "cannot make a private copy of the game's library at {} ({e}); check that the \
             launcher's cache directory {} can be written",
            path.display(),
            self.dir.display()
        )
    }

    /// Removes every copy no running launcher holds, and what a launcher
    /// that ended left half made. Called as the console starts; never
    /// removes a copy a game of any running launcher was started from.
    pub fn clean(&self) -> Cleaned {
        let mut cleaned = Cleaned::default();
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return cleaned;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if let Some(rest) = name.strip_prefix(MAKING_PREFIX) {
                // Half made by a launcher that has ended.
                let pid = rest.split('-').next().unwrap_or_default();
                if !pid.is_empty() && !process_exists(pid) {
                    let _ = std::fs::remove_dir_all(&path);
                }
                continue;
            }
            if !entry.file_type().is_ok_and(|t| t.is_dir()) {
                continue;
            }
            // Every file of the copy locked, so no launcher holds it.
            let mut locks = Vec::new();
            let mut held = false;
            if let Ok(files) = std::fs::read_dir(&path) {
                for file in files.flatten() {
                    match File::open(file.path()) {
                        Ok(f) if f.try_lock().is_ok() => locks.push(f),
                        Ok(_) => held = true,
                        Err(_) => {}
                    }
                }
            }
            if held {
                cleaned.kept += 1;
            } else if std::fs::remove_dir_all(&path).is_ok() {
                cleaned.removed += 1;
            }
            drop(locks);
        }
        cleaned
    }
}

/// What stands at a copy's path.
enum Held {
    /// A copy of these bytes, now held.
    Same(File),
    /// A copy of other bytes.
    Different,
    /// Nothing (or a copy cleaned away as it was opened).
    Absent,
}

/// Opens and holds the copy at `path` if it is a copy of `bytes`.
fn hold(path: &Path, bytes: &[u8]) -> Held {
    let Ok(file) = File::open(path) else {
        return Held::Absent;
    };
    if file.lock_shared().is_err() {
        return Held::Absent;
    }
    // Locked: no launcher removes it now. But it may have been removed
    // between the opening and the lock: then it is not at `path` any more.
    if !same_file(&file, path) {
        return Held::Absent;
    }
    match std::fs::read(path) {
        Ok(copy) if copy == bytes => Held::Same(file),
        Ok(_) => Held::Different,
        Err(_) => Held::Absent,
    }
}

/// Whether `file` is the file at `path`.
#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_file: &File, path: &Path) -> bool {
    path.exists()
}

/// Whether the process `pid` (decimal) exists. Where that cannot be told,
/// it is taken to exist (its half-made copy stays).
fn process_exists(pid: &str) -> bool {
    if !pid.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    if cfg!(target_os = "linux") {
        Path::new("/proc").join(pid).exists()
    } else {
        true
    }
}

/// A fast 64-bit hash of a library's contents, for its copy's name (two
/// contents that share one are told apart by comparing them).
fn content_hash(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325 ^ bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        hash = (hash ^ word).wrapping_mul(PRIME).rotate_left(29);
    }
    let mut tail = std::collections::hash_map::DefaultHasher::new();
    tail.write(chunks.remainder());
    hash ^ tail.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn library(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn a_copy_is_read_only_named_by_its_contents_and_made_once() {
        let temp = tempfile::tempdir().unwrap();
        let copies = LibraryCopies::new(temp.path().join("copies"));
        let lib = library(temp.path(), "libgame.so", b"version one");
        let first = copies.copy_of(&lib).unwrap();
        let second = copies.copy_of(&lib).unwrap();
        assert_eq!(first.path(), second.path(), "one copy per content");
        assert_eq!(first.path().file_name().unwrap(), "libgame.so");
        assert_eq!(std::fs::read(first.path()).unwrap(), b"version one");
        assert!(
            std::fs::metadata(first.path())
                .unwrap()
                .permissions()
                .readonly()
        );
        // A new version is a new copy; the old one is untouched.
        std::fs::write(&lib, b"version two").unwrap();
        let third = copies.copy_of(&lib).unwrap();
        assert_ne!(third.path(), first.path());
        assert_eq!(std::fs::read(third.path()).unwrap(), b"version two");
        assert_eq!(std::fs::read(first.path()).unwrap(), b"version one");
    }

    #[test]
    fn cleaning_removes_copies_nobody_holds_and_keeps_held_ones() {
        let temp = tempfile::tempdir().unwrap();
        let copies = LibraryCopies::new(temp.path().join("copies"));
        let a = library(temp.path(), "liba.so", b"game a");
        let b = library(temp.path(), "libb.so", b"game b");
        let held = copies.copy_of(&a).unwrap();
        let dropped = copies.copy_of(&b).unwrap();
        let dropped_path = dropped.path().to_path_buf();
        drop(dropped);
        // What a launcher that ended left half made, and one whose maker
        // still runs.
        let stale = copies.dir().join(format!("{MAKING_PREFIX}999999999-0"));
        std::fs::create_dir(&stale).unwrap();
        let ours = copies
            .dir()
            .join(format!("{MAKING_PREFIX}{}-99", std::process::id()));
        std::fs::create_dir(&ours).unwrap();
        let cleaned = copies.clean();
        assert_eq!(
            cleaned,
            Cleaned {
                removed: 1,
                kept: 1
            }
        );
        assert!(held.path().exists(), "a held copy stays");
        assert!(!dropped_path.exists(), "a copy nobody holds goes");
        assert!(!stale.exists());
        assert!(ours.exists());
        // A copy cleaned away is made again when asked for.
        let again = copies.copy_of(&b).unwrap();
        assert_eq!(std::fs::read(again.path()).unwrap(), b"game b");
    }

    #[test]
    fn a_library_that_cannot_be_read_says_so() {
        let temp = tempfile::tempdir().unwrap();
        let copies = LibraryCopies::new(temp.path().join("copies"));
        let missing = temp.path().join("libmissing.so");
        let e = copies.copy_of(&missing).unwrap_err();
        assert!(
            e.contains("cannot read") && e.contains("libmissing.so"),
            "{e}"
        );
        let e = copies.copy_of(temp.path()).unwrap_err();
        assert!(e.contains("not a regular file"), "{e}");
    }
}
