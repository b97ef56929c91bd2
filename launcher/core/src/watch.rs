//! Watching the games directories, so that a game dropped into one (or
//! removed, or its `info.toml` edited) shows in the console without a restart
//! or F5.
//!
//! The watch is shallow on purpose: each games directory, and each game
//! directory in it, not whole trees (a `--games-dir` could be a home
//! directory). A games directory that does not exist yet is watched through
//! its parent, so creating it is noticed. Events are coalesced: the console
//! rescans once things have been quiet for [`SETTLE`], so copying a game in
//! file by file costs one scan, not one per file.

use crate::catalog::{Catalog, SearchPath};
use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long after the last change the console rescans.
pub const SETTLE: Duration = Duration::from_millis(300);

/// The directories worth watching for this search path and catalog: each
/// games directory (or, if it does not exist, its parent) and each game's
/// own directory.
pub fn directories_to_watch(search: &SearchPath, catalog: &Catalog) -> BTreeSet<PathBuf> {
    let mut dirs = BTreeSet::new();
    for dir in &search.dirs {
        if dir.path.is_dir() {
            dirs.insert(dir.path.clone());
        } else if let Some(parent) = dir.path.parent().filter(|p| p.is_dir()) {
            dirs.insert(parent.to_path_buf());
        }
    }
    for game in &catalog.games {
        dirs.insert(game.dir.clone());
    }
    dirs
}

/// A watch on the games directories that tells the console when to rescan.
pub struct GamesWatcher {
    watcher: RecommendedWatcher,
    watched: BTreeSet<PathBuf>,
    last_change: Arc<Mutex<Option<Instant>>>,
}

impl GamesWatcher {
    /// Starts watching; `wake` is called (from another thread) after each
    /// change, to have the UI look again in [`SETTLE`]. Fails if the system
    /// offers no file watching (the console then relies on F5).
    pub fn start(wake: impl Fn(Duration) + Send + 'static) -> notify::Result<GamesWatcher> {
        let last_change = Arc::new(Mutex::new(None));
        let seen = last_change.clone();
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let relevant = match event {
                // Reading a file (as scanning does) is not a change; a
                // file closed after writing is.
                Ok(event) => match event.kind {
                    EventKind::Access(notify::event::AccessKind::Close(
                        notify::event::AccessMode::Write,
                    )) => true,
                    EventKind::Access(_) => false,
                    _ => true,
                },
                // Lost events (a queue overflow): better rescan.
                Err(_) => true,
            };
            if relevant {
                *seen.lock().unwrap_or_else(PoisonError::into_inner) = Some(Instant::now());
                wake(SETTLE);
            }
        })?;
        Ok(GamesWatcher {
            watcher,
            watched: BTreeSet::new(),
            last_change,
        })
    }

    /// Watches exactly `dirs` from now on. A directory that cannot be
    /// watched (gone already, no permission) is skipped.
    pub fn watch(&mut self, dirs: BTreeSet<PathBuf>) {
        for gone in self.watched.difference(&dirs) {
            let _ = self.watcher.unwatch(gone);
        }
        let mut watched = BTreeSet::new();
        for dir in dirs {
            if self.watched.contains(&dir)
                || self
                    .watcher
                    .watch(&dir, RecursiveMode::NonRecursive)
                    .is_ok()
            {
                watched.insert(dir);
            }
        }
        self.watched = watched;
    }

    /// The directories watched now.
    pub fn watched(&self) -> &BTreeSet<PathBuf> {
        &self.watched
    }

    /// Whether something changed and has been quiet for [`SETTLE`]: then the
    /// change is taken and the caller should rescan. `Err(wait)` says how
    /// long to wait before asking again while changes are still settling.
    pub fn take_settled_change(&self) -> Result<bool, Duration> {
        let mut last = self
            .last_change
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match *last {
            None => Ok(false),
            Some(at) => {
                let quiet = at.elapsed();
                if quiet >= SETTLE {
                    *last = None;
                    Ok(true)
                } else {
                    Err(SETTLE - quiet)
                }
            }
        }
    }
}

/// What identifies one version of a file: its size and modification time.
/// A rebuilt library differs in at least one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileStamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
}

impl FileStamp {
    /// The stamp of the file at `path` now (following links), if it can be
    /// read.
    pub fn of(path: &std::path::Path) -> Option<FileStamp> {
        let metadata = std::fs::metadata(path).ok()?;
        Some(FileStamp {
            len: metadata.len(),
            modified: metadata.modified().ok(),
        })
    }
}

/// A game's library, watched from when its game started: says when it has
/// been rebuilt (written again and quiet for [`SETTLE`]), so that its
/// windows can offer the new version.
pub struct LibraryWatch {
    path: PathBuf,
    stamp: Option<FileStamp>,
    /// Whether a rebuild has been seen (it stays seen).
    seen: bool,
    last_change: Arc<Mutex<Option<Instant>>>,
    /// Kept for its thread; `None` where the system offers no watching
    /// (then a rebuild is seen only when asked after one).
    _watcher: Option<RecommendedWatcher>,
}

impl LibraryWatch {
    /// Watches the library at `path` (its directory, for the file's
    /// events); `wake` is called from another thread after each change,
    /// with how long to wait before asking again.
    pub fn start(path: &std::path::Path, wake: impl Fn(Duration) + Send + 'static) -> LibraryWatch {
        let last_change = Arc::new(Mutex::new(None));
        let seen = last_change.clone();
        let name = path.file_name().map(|n| n.to_owned());
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let ours = match event {
                Ok(event) => {
                    !matches!(event.kind, EventKind::Access(_))
                        && event.paths.iter().any(|p| p.file_name() == name.as_deref())
                }
                Err(_) => true,
            };
            if ours {
                *seen.lock().unwrap_or_else(PoisonError::into_inner) = Some(Instant::now());
                wake(SETTLE);
            }
        })
        .ok()
        .and_then(|mut watcher| {
            let dir = path.parent()?;
            watcher.watch(dir, RecursiveMode::NonRecursive).ok()?;
            Some(watcher)
        });
        LibraryWatch {
            path: path.to_owned(),
            stamp: FileStamp::of(path),
            seen: false,
            last_change,
            _watcher: watcher,
        }
    }

    /// The library's stamp when its game started.
    pub fn stamp(&self) -> Option<FileStamp> {
        self.stamp
    }

    /// Whether the library has changed since its game started, once the
    /// writing is over: `Ok(true)` when it has (and is there to start
    /// again), `Err(wait)` while a change is still settling.
    pub fn rebuilt(&mut self) -> Result<bool, Duration> {
        if self.seen {
            return Ok(true);
        }
        let mut last = self
            .last_change
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let Some(at) = *last else {
            // Nothing happened to the file: no need to look at it.
            return Ok(false);
        };
        let quiet = at.elapsed();
        if quiet < SETTLE {
            return Err(SETTLE - quiet);
        }
        *last = None;
        let now = FileStamp::of(&self.path);
        self.seen = now.is_some() && now != self.stamp;
        Ok(self.seen)
    }
}
