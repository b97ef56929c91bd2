//! The game launcher's core, without any UI: everything the console, `--list`
//! and the help viewer share, and nothing that draws. The egui application
//! (the `launcher` crate) sits on top of it; this crate depends on no egui,
//! eframe or wgpu crate (`tests/layering.rs` checks it).
//!
//! Data flows one way, down this list:
//!
//! - [`files`]: the one way the launcher reads a file a game ships
//!   (untrusted input), with caps from [`limits`];
//! - [`manifest`]: a game's `info.toml`;
//! - [`catalog`]: the search path scanned into games and problems, loading
//!   nothing ([`icon`] checks icons on the way); [`watch`] follows the
//!   games directories for changes;
//! - [`loader`]: a game's library loaded and its ABI checked, only when the
//!   game is started;
//! - [`check`]: a game started, drawn once and closed without a window,
//!   once per library per session, in a thread or a child process;
//!   [`budget`] says what of a frame a window would draw;
//! - [`messages`]: what the launcher says to the player, and the help
//!   requests games and menus make;
//! - [`running`]: a running game, in this process or its own, as a game
//!   window and the [`midend`] see it;
//! - [`library_copy`]: the private, read-only copies of libraries that
//!   game processes run, so installing never crashes an open game;
//!   [`install`]: `--install-game` and `--uninstall-game`;
//! - [`player`]: what the launcher remembers of its player (settings, what
//!   was played, favourites), in readable files written atomically.

pub mod budget;
pub mod catalog;
pub mod check;
pub mod files;
pub mod game_file;
pub mod icon;
pub mod install;
pub mod library_copy;
pub mod limits;
pub mod loader;
pub mod manifest;
pub mod messages;
pub mod midend;
pub mod player;
pub mod running;
pub mod saves;
pub mod search_path;
pub mod terminal;
pub mod watch;
