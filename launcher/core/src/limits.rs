//! How much of each file a game ships the launcher reads: one place for
//! every cap, so that the catalog's checks, the console's icons and the
//! help viewer refuse the same files with the same numbers.

pub use crate::manifest::MAX_MANIFEST_BYTES;

/// The largest icon file read, in bytes (4 MiB).
pub const MAX_ICON_BYTES: u64 = 4 * 1024 * 1024;

/// The largest icon decoded, in pixels per side.
pub const MAX_ICON_PIXELS: u32 = 2048;

/// The largest text help (`doc.txt`) read, in bytes (1 MiB).
pub const MAX_DOC_BYTES: u64 = 1024 * 1024;

/// The largest manual read, in bytes (4 MiB).
pub const MAX_MANUAL_BYTES: u64 = 4 * 1024 * 1024;

/// The largest picture file a manual viewer reads, in bytes (8 MiB).
pub const MAX_PICTURE_BYTES: u64 = 8 * 1024 * 1024;

/// The largest picture decoded, in pixels per side.
pub const MAX_PICTURE_PIXELS: u32 = 4096;

/// The largest player file (settings, play history) read, in bytes (1 MiB).
pub const MAX_PLAYER_FILE_BYTES: u64 = 1024 * 1024;
