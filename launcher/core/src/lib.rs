//! The game launcher's core, without any UI: what the console, `--list` and
//! the help viewer share. [`files`] is the one way the launcher reads a file
//! a game ships (manifests, icons, help documents, manuals, pictures, library
//! headers); [`manifest`] reads a game's `info.toml`.

pub mod files;
pub mod manifest;
