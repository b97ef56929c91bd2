//! The game launcher: finds game plugins on the search path, shows them in a
//! console window grouped by game set, and runs each game in its own window
//! through the versioned C ABI of `game-api`.
//!
//! This crate is the egui application on top of `launcher-core`, which scans,
//! loads and checks without any UI (its modules are re-exported here).
//! Data flows one way: [`catalog`] scans `games/*/info.toml` ([`manifest`])
//! without loading anything; the [`console`] shows the games and says which
//! one the player clicked; [`games`] has the [`loader`] load its library,
//! [`check`] it once this session, and opens it in a [`game_window`], which
//! runs the game, caching what it draws; [`render`] paints that with egui
//! (its pictures kept as textures by [`pictures`]).
//! [`help_viewer`] shows the games' text help and manuals, in-app and in the
//! browser; [`app`] ties these together each frame, and [`cli`] reads the
//! flags and writes `--list`.

pub mod app;
pub mod cli;
pub mod console;
pub mod game_process;
pub mod game_window;
pub mod games;
pub mod help_viewer;
pub mod icons;
pub mod pictures;
pub mod render;
pub mod screenshot;
pub mod theme;
pub mod viewport;
pub mod window_memory;
pub mod window_system;

pub use app::{LauncherApp, LauncherConfig};
/// Each game in a process of its own (re-exported for tests and tools).
pub use game_host;
pub use launcher_core::{
    budget, catalog, files, game_file, install, library_copy, loader, manifest, messages, midend,
    player, saves, watch,
};

/// Checking a game before it is trusted: the outcome and the session's
/// memory of it (`launcher-core`), and the [`check::Checker`] that runs a
/// game in a game process of its own and judges its answers (`game-host`).
pub mod check {
    pub use game_host::checker::Checker;
    pub use launcher_core::check::*;
}

/// The application id of every launcher window, the console's and the
/// games': the Wayland app id and the X11 `WM_CLASS` class, so that
/// taskbars group the windows as one application.
pub const APP_ID: &str = "game-launcher";
