//! The game launcher: finds game plugins on the search path, shows them in a
//! console window grouped by game set, and runs each game in its own window
//! through the versioned C ABI of `game-api`.
//!
//! Data flows one way: [`catalog`] scans `games/*/info.toml` ([`manifest`])
//! without loading anything; clicking a game has the [`loader`] load its
//! library and check its ABI; [`game_window`] runs the game, caching what it
//! draws, and [`render`] paints that with egui. [`help_viewer`] shows the
//! games' text help and manuals, in-app and in the browser.

pub mod app;
pub mod budget;
pub mod catalog;
pub mod checker;
pub mod cli;
pub mod game_window;
pub mod help_viewer;
pub mod icons;
pub mod loader;
pub mod render;
pub mod screenshot;
pub mod viewport;
pub mod watch;

pub use app::{LauncherApp, LauncherConfig};
pub use launcher_core::{files, manifest};

/// The application id of every launcher window, the console's and the
/// games': the Wayland app id and the X11 `WM_CLASS` class, so that
/// taskbars group the windows as one application.
pub const APP_ID: &str = "game-launcher";
