//! The search path: the games directories, in order of precedence, with
//! where each comes from (beside the launcher, its install prefix, the
//! user's and the system's data directories, `$GAME_LAUNCHER_PATH`,
//! `--games-dir`).

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::{Path, PathBuf};

/// The environment variable holding extra games directories, a list separated
/// like `PATH` (`:` on Unix, `;` on Windows).
pub const GAMES_PATH_ENV: &str = "GAME_LAUNCHER_PATH";

/// The application's name in the user's data directory.
pub const APP_DIR_NAME: &str = "game-launcher";

/// The XDG base directory variable listing the system's data directories,
/// separated by `:`, most important first.
pub const XDG_DATA_DIRS_ENV: &str = "XDG_DATA_DIRS";

/// The system's data directories when [`XDG_DATA_DIRS_ENV`] is unset or
/// empty, as the XDG base directory specification says.
pub const DEFAULT_XDG_DATA_DIRS: [&str; 2] = ["/usr/local/share", "/usr/share"];

/// Where a games directory on the search path came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// `./games`.
    WorkingDirectory,
    /// `games` beside the launcher executable.
    BesideExecutable,
    /// `lib/game-launcher/games` in the prefix the launcher runs from
    /// (`<prefix>/bin/plt-games`): the games of a bundle or an installation.
    Installed,
    /// The user's data directory.
    UserData,
    /// `game-launcher/games` in a directory of `$XDG_DATA_DIRS`: games
    /// installed for every user of the system.
    SystemData,
    /// The [`GAMES_PATH_ENV`] variable.
    Environment,
    /// `--games-dir` on the command line.
    CommandLine,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Origin::WorkingDirectory => "working directory",
            Origin::BesideExecutable => "beside the launcher",
            Origin::Installed => "the launcher's installation",
            Origin::UserData => "user data directory",
            Origin::SystemData => XDG_DATA_DIRS_ENV,
            Origin::Environment => GAMES_PATH_ENV,
            Origin::CommandLine => "--games-dir",
        })
    }
}

/// One games directory on the search path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchDir {
    /// The directory that holds game directories.
    pub path: PathBuf,
    /// Where it came from.
    pub origin: Origin,
}

/// The ordered list of games directories; the first holding a game directory
/// name wins.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchPath {
    /// The directories, in order of precedence.
    pub dirs: Vec<SearchDir>,
}

impl SearchPath {
    /// The standard search path for this process ([`Places::current`]);
    /// see [`SearchPath::from_places`] for the order.
    pub fn standard(command_line_dirs: &[PathBuf]) -> SearchPath {
        SearchPath::from_places(&Places::current(), command_line_dirs)
    }

    /// The standard search path made of `places`, in this order:
    ///
    /// 1. `./games` (the bundled games, in a source tree);
    /// 2. `games` beside the executable;
    /// 3. `lib/game-launcher/games` in the executable's prefix (the
    ///    directory above its own: `<prefix>/bin/plt-games`), where a bundle
    ///    and an installation keep their games;
    /// 4. the user's data directory (`~/.local/share/game-launcher/games` on
    ///    Linux);
    /// 5. `game-launcher/games` in each system data directory
    ///    ([`XDG_DATA_DIRS_ENV`]), after the user's own as the XDG rules
    ///    order them;
    /// 6. each directory of [`GAMES_PATH_ENV`];
    /// 7. each `--games-dir`.
    ///
    /// The games shipped with the launcher come before the user's, as
    /// `games` beside the executable always did: they match its ABI.
    pub fn from_places(places: &Places, command_line_dirs: &[PathBuf]) -> SearchPath {
        let mut path = SearchPath::default();
        path.push(PathBuf::from("games"), Origin::WorkingDirectory);
        if let Some(dir) = &places.executable_dir {
            path.push(dir.join("games"), Origin::BesideExecutable);
            if let Some(prefix) = dir.parent() {
                path.push(installed_games_dir(prefix), Origin::Installed);
            }
        }
        if let Some(data) = &places.user_data_dir {
            path.push(data.join(APP_DIR_NAME).join("games"), Origin::UserData);
        }
        for data in &places.system_data_dirs {
            path.push(data.join(APP_DIR_NAME).join("games"), Origin::SystemData);
        }
        if let Some(list) = &places.games_path {
            for dir in std::env::split_paths(list).filter(|d| !d.as_os_str().is_empty()) {
                path.push(dir, Origin::Environment);
            }
        }
        for dir in command_line_dirs {
            path.push(dir.clone(), Origin::CommandLine);
        }
        path
    }

    /// Only the given directories, in order, as if each were a `--games-dir`:
    /// for tests and tools that must not see the user's own games.
    pub fn only<P: Into<PathBuf>>(dirs: impl IntoIterator<Item = P>) -> SearchPath {
        let mut path = SearchPath::default();
        for dir in dirs {
            path.push(dir.into(), Origin::CommandLine);
        }
        path
    }

    /// Appends a directory.
    pub fn push(&mut self, path: PathBuf, origin: Origin) {
        self.dirs.push(SearchDir { path, origin });
    }
}

/// The directory of the running executable, where `cargo build` puts the
/// game libraries too.
pub fn executable_dir() -> Option<PathBuf> {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf))
}

/// Where an installation or a bundle whose prefix is `prefix` keeps its
/// games: `<prefix>/lib/game-launcher/games`, one directory per game with
/// its library inside.
pub fn installed_games_dir(prefix: &Path) -> PathBuf {
    prefix.join("lib").join(APP_DIR_NAME).join("games")
}

/// The system's data directories from the value of [`XDG_DATA_DIRS_ENV`]:
/// its absolute entries in order, or [`DEFAULT_XDG_DATA_DIRS`] when it is
/// unset or empty. Relative entries are ignored, as the XDG rules say.
/// Windows has no such default.
pub fn xdg_data_dirs(value: Option<&OsStr>) -> Vec<PathBuf> {
    match value.filter(|v| !v.is_empty()) {
        Some(list) => std::env::split_paths(list)
            .filter(|d| d.is_absolute())
            .collect(),
        None if cfg!(windows) => Vec::new(),
        None => DEFAULT_XDG_DATA_DIRS.iter().map(PathBuf::from).collect(),
    }
}

/// What the standard search path is made of. [`Places::current`] reads them
/// from this process; tests build their own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Places {
    /// The directory of the launcher's executable.
    pub executable_dir: Option<PathBuf>,
    /// The user's data directory (`$XDG_DATA_HOME`, else
    /// `~/.local/share`, on Linux).
    pub user_data_dir: Option<PathBuf>,
    /// The system's data directories ([`xdg_data_dirs`]).
    pub system_data_dirs: Vec<PathBuf>,
    /// The value of [`GAMES_PATH_ENV`], if set.
    pub games_path: Option<OsString>,
}

impl Places {
    /// The places of this process: its executable, its environment.
    pub fn current() -> Places {
        Places {
            executable_dir: executable_dir(),
            user_data_dir: dirs::data_dir(),
            system_data_dirs: xdg_data_dirs(std::env::var_os(XDG_DATA_DIRS_ENV).as_deref()),
            games_path: std::env::var_os(GAMES_PATH_ENV),
        }
    }
}
