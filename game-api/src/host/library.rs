//! Checking a game library's table before anything else is read.

use std::fmt;

use super::{CallError, GameInstance, HostServices};
use crate::abi::{self, GameTable};

/// Why a library's table was refused before any call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AbiError {
    /// The entry function returned a null pointer.
    NullTable,
    /// The library was built against another `game-api` ABI version.
    VersionMismatch {
        /// The version in the library.
        library: u32,
        /// The version this launcher speaks.
        launcher: u32,
    },
    /// Same version, but the table's size differs: a corrupt or forged table.
    TableSizeMismatch {
        /// The size the library states.
        library: u32,
        /// The size this launcher expects.
        launcher: u32,
    },
}

impl fmt::Display for AbiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AbiError::NullTable => write!(
                f,
                "the library's game table is missing (its entry function returned null)"
            ),
            AbiError::VersionMismatch { library, launcher } => write!(
                f,
                "the game was built for game ABI version {library}, but this launcher speaks version {launcher}; rebuild the game against game-api with ABI version {launcher}"
            ),
            AbiError::TableSizeMismatch { library, launcher } => write!(
                f,
                "the game's table is {library} bytes but ABI version {} needs {launcher}; the library is corrupt or was built with a modified game-api",
                abi::ABI_VERSION
            ),
        }
    }
}

impl std::error::Error for AbiError {}

/// A game library's table, checked to be of this ABI version.
#[derive(Clone, Copy)]
pub struct GameLibrary {
    table: &'static GameTable,
}

impl fmt::Debug for GameLibrary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameLibrary")
            .field("abi_version", &self.table.abi_version)
            .finish()
    }
}

impl GameLibrary {
    /// Checks the header of the table an entry function returned and, if it is
    /// this ABI version and size, wraps it.
    ///
    /// # Safety
    /// `table` must be null or point to memory that starts with an
    /// [`abi::TableHeader`] and, if the header matches, holds a whole
    /// [`GameTable`] whose functions honour the ABI; it must stay valid for the
    /// rest of the process (the library is never unloaded).
    pub unsafe fn from_entry(table: *const GameTable) -> Result<GameLibrary, AbiError> {
        if table.is_null() {
            return Err(AbiError::NullTable);
        }
        // SAFETY: every ABI version starts its table with this header; we read
        // only the header until it has been checked.
        let header = unsafe { (table as *const abi::TableHeader).read() };
        if header.abi_version != abi::ABI_VERSION {
            return Err(AbiError::VersionMismatch {
                library: header.abi_version,
                launcher: abi::ABI_VERSION,
            });
        }
        if header.table_size != abi::GAME_TABLE_SIZE {
            return Err(AbiError::TableSizeMismatch {
                library: header.table_size,
                launcher: abi::GAME_TABLE_SIZE,
            });
        }
        // SAFETY: version and size match, so this is a whole table, and it
        // lives as long as the process (caller's promise).
        Ok(GameLibrary {
            table: unsafe { &*table },
        })
    }

    /// The table of a game linked into this program, e.g. a game's own tests.
    pub fn from_static(table: &'static GameTable) -> Result<GameLibrary, AbiError> {
        // SAFETY: a reference to a static table is valid for the whole process.
        unsafe { Self::from_entry(table) }
    }

    /// Starts a game with the given services.
    pub fn start(&self, services: Box<dyn HostServices>) -> Result<GameInstance, CallError> {
        GameInstance::start(self.table, services)
    }
}
