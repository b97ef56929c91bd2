//! Checking a game library's table before anything else is read.

use std::fmt;
use std::mem::{MaybeUninit, offset_of, size_of};
use std::sync::Arc;

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
    /// Same version, but the table is smaller than the first revision's:
    /// a corrupt or forged table.
    TableTooSmall {
        /// The size the library states.
        library: u32,
        /// The smallest size this launcher accepts.
        smallest: u32,
    },
    /// A function every game must have is null in the table.
    MissingFunction(&'static str),
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
            AbiError::TableTooSmall { library, smallest } => write!(
                f,
                "the game's table is {library} bytes but ABI version {} needs at least {smallest}; the library is corrupt or was built with a modified game-api",
                abi::ABI_VERSION
            ),
            AbiError::MissingFunction(name) => write!(
                f,
                "the game's table has no `{name}` function (a null pointer); every game must provide it"
            ),
        }
    }
}

impl std::error::Error for AbiError {}

/// The functions every game's table must have (those of revision 1), with
/// their offsets: checked to be non-null before the table is used.
const REQUIRED: [(&str, usize); 11] = [
    ("create", offset_of!(GameTable, create)),
    ("destroy", offset_of!(GameTable, destroy)),
    ("canvas_size", offset_of!(GameTable, canvas_size)),
    ("title", offset_of!(GameTable, title)),
    ("status", offset_of!(GameTable, status)),
    ("draw", offset_of!(GameTable, draw)),
    ("handle_event", offset_of!(GameTable, handle_event)),
    ("action_count", offset_of!(GameTable, action_count)),
    ("action", offset_of!(GameTable, action)),
    ("invoke_action", offset_of!(GameTable, invoke_action)),
    ("last_error", offset_of!(GameTable, last_error)),
];

/// A game library's table, checked to be of this ABI version, copied into
/// the launcher's own layout: the functions of revisions the library
/// predates are absent (`None`), those of later revisions left out.
#[derive(Clone)]
pub struct GameLibrary {
    table: Arc<GameTable>,
}

impl fmt::Debug for GameLibrary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameLibrary")
            .field("abi_version", &self.table.abi_version)
            .field("table_size", &self.table.table_size)
            .finish()
    }
}

impl GameLibrary {
    /// Checks the header of the table an entry function returned and, if it
    /// is this ABI version and at least revision 1's size, copies the part
    /// of it this launcher knows.
    ///
    /// # Safety
    /// `table` must be null or point to memory that starts with an
    /// [`abi::TableHeader`] and, if the header matches, holds `table_size`
    /// readable bytes laid out as [`GameTable`]'s first `table_size` bytes,
    /// whose functions honour the ABI.
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
        if header.table_size < abi::GAME_TABLE_SIZE_V1 {
            return Err(AbiError::TableTooSmall {
                library: header.table_size,
                smallest: abi::GAME_TABLE_SIZE_V1,
            });
        }
        // Copy what both sides know; the rest of ours stays zero, which is
        // `None` for every optional (revision 2 and later) function.
        // Whole fields only: a size that ends inside a function pointer
        // must not leave half a pointer in our copy.
        let known = (header.table_size as usize).min(size_of::<GameTable>());
        let known = known - known % std::mem::align_of::<usize>();
        let mut copy = MaybeUninit::<GameTable>::zeroed();
        // SAFETY: the library promises `table_size` readable bytes at
        // `table`, and `known` fits in our table.
        unsafe {
            std::ptr::copy_nonoverlapping(table as *const u8, copy.as_mut_ptr() as *mut u8, known)
        };
        for (name, offset) in REQUIRED {
            // SAFETY: `offset` is inside the copy, which is fully initialised
            // (copied or zeroed), and a function pointer is one `usize` wide.
            let word = unsafe {
                (copy.as_ptr() as *const u8)
                    .add(offset)
                    .cast::<usize>()
                    .read()
            };
            if word == 0 {
                return Err(AbiError::MissingFunction(name));
            }
        }
        // SAFETY: every required function pointer is non-null (checked just
        // above), every optional one is a valid `Option` (copied or `None`),
        // and the numbers are plain data.
        let table = unsafe { copy.assume_init() };
        Ok(GameLibrary {
            table: Arc::new(table),
        })
    }

    /// The table of a game linked into this program, e.g. a game's own tests.
    pub fn from_static(table: &'static GameTable) -> Result<GameLibrary, AbiError> {
        // SAFETY: a reference to a static table is a whole table.
        unsafe { Self::from_entry(table) }
    }

    /// Which optional features the game offers.
    pub fn features(&self) -> super::Features {
        super::Features::of(&self.table)
    }

    /// The table size the library states: which revision it was built for.
    pub fn table_size(&self) -> u32 {
        self.table.table_size
    }

    /// Starts a game with the given services.
    pub fn start(&self, services: Box<dyn HostServices>) -> Result<GameInstance, CallError> {
        GameInstance::start(self.table.clone(), services)
    }
}
