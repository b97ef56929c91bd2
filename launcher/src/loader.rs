//! Loading game libraries, only when a game is started.
//!
//! A library, once loaded, stays loaded for the life of the process: unloading
//! is unsound while any pointer into it (its static table, a string it
//! returned) might still be alive.

use game_api::abi::{ENTRY_SYMBOL, EntryFn};
use game_api::host::{AbiError, GameLibrary};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Why a game's library could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The operating system refused to load the file.
    #[error(
        "{path}: cannot load it as a dynamic library ({reason}); is it a game library built for this platform ({arch}-{os})?",
        path = .path.display(), arch = std::env::consts::ARCH, os = std::env::consts::OS
    )]
    Open {
        /// The library file.
        path: PathBuf,
        /// The loader's own words.
        reason: String,
    },
    /// The library has no game entry point.
    #[error(
        "{path}: not a game library: it has no `{ENTRY_SYMBOL}` function; a game exports one with `game_api::export_game!(YourGame);`",
        path = .path.display()
    )]
    NoEntry {
        /// The library file.
        path: PathBuf,
    },
    /// The game's table is of another ABI version or size.
    #[error("{path}: {error}", path = .path.display())]
    Abi {
        /// The library file.
        path: PathBuf,
        /// What the header said.
        error: AbiError,
    },
}

/// Loads libraries and keeps them loaded for the rest of the process (even
/// after the loader is dropped: a game instance may outlive it); loading the
/// same path twice returns the same table.
#[derive(Default)]
pub struct Loader {
    loaded: HashMap<PathBuf, GameLibrary>,
}

impl std::fmt::Debug for Loader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Loader")
            .field("loaded", &self.loaded.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl Loader {
    /// An empty loader.
    pub fn new() -> Self {
        Self::default()
    }

    /// Loads the game library at `path` and checks its ABI.
    pub fn load(&mut self, path: &Path) -> Result<GameLibrary, LoadError> {
        if let Some(library) = self.loaded.get(path) {
            return Ok(*library);
        }
        // SAFETY: loading runs the library's initialisers. A game library is
        // code the user chose to install, which is the trust model of any
        // plugin host; everything we read from it afterwards is checked.
        let library = unsafe { libloading::Library::new(path) }.map_err(|e| LoadError::Open {
            path: path.to_owned(),
            reason: e.to_string(),
        })?;
        // SAFETY: the symbol is only called as `EntryFn`, the signature every
        // ABI version of `export_game!` gives it.
        let entry = unsafe { library.get::<EntryFn>(ENTRY_SYMBOL.as_bytes()) }
            .map(|symbol| *symbol)
            .map_err(|_| LoadError::NoEntry {
                path: path.to_owned(),
            });
        // Never unload: code of it may have run, and its table and strings must
        // outlive every instance. Forgetting the handle keeps it loaded.
        std::mem::forget(library);
        let entry = entry?;
        // SAFETY: the entry function takes no arguments and returns its static
        // table; `from_entry` reads only the header until it has checked it,
        // and the library stays loaded for the life of the process.
        let game = unsafe { GameLibrary::from_entry(entry()) }.map_err(|error| LoadError::Abi {
            path: path.to_owned(),
            error,
        })?;
        self.loaded.insert(path.to_owned(), game);
        Ok(game)
    }
}
