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
