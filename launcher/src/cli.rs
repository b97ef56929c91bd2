//! The command line: flags, and the `--list` report.

use crate::catalog::{Catalog, GameEntry, Severity};
use crate::check::{CheckOutcome, Checker, SessionChecks, check_in_background};
use crate::install::Installed;
pub use crate::messages::count_of;
use clap::Parser;
use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::mpsc;

/// A game launcher: lists the games it finds in games/*/info.toml and runs
/// each in its own window.
///
/// Games are looked for in: ./games, the games directory beside the launcher,
/// lib/game-launcher/games in the launcher's prefix (<prefix>/bin/plt-games),
/// the user's data directory (e.g. ~/.local/share/game-launcher/games),
/// game-launcher/games in each directory of XDG_DATA_DIRS (/usr/local/share
/// and /usr/share by default), each directory of the GAME_LAUNCHER_PATH
/// environment variable (separated like PATH), and each --games-dir, in that
/// order; the first directory of a name wins.
#[derive(Debug, Parser)]
#[command(name = "plt-games", version)]
#[command(group(clap::ArgGroup::new("report").args(["list", "check"]).multiple(true)))]
pub struct Args {
    /// Also look for games in DIR (after the standard places; may be repeated).
    #[arg(long = "games-dir", value_name = "DIR")]
    pub games_dirs: Vec<PathBuf>,

    /// Also look for game libraries in DIR, after each game's own directory and
    /// the launcher's directory (may be repeated).
    #[arg(long = "library-dir", value_name = "DIR")]
    pub library_dirs: Vec<PathBuf>,

    /// Print every game found (set, name, directory, library, state) and every
    /// problem, then exit 0. Each game's line is printed as soon as it is
    /// known. Each library is loaded and its game started once without a
    /// window, in a process of its own (several at a time), to check its ABI
    /// version, canvas, texts and first frame, unless --no-load is given; a
    /// game that crashes or hangs there is listed as broken with the cause.
    #[arg(long)]
    pub list: bool,

    /// Like --list, but exit with status 1 when any game is broken (for
    /// scripts and a game's CI), 0 when every game is fine.
    #[arg(long)]
    pub check: bool,

    /// With --list or --check: do not load libraries, only report what the
    /// files say.
    #[arg(long, requires = "report")]
    pub no_load: bool,

    /// Run one game for the console that started this process, talking to
    /// it on stdin and stdout (the console runs the launcher again this
    /// way for each game it opens).
    #[arg(long = "game-host", hide = true, exclusive = true)]
    pub game_host: bool,

    /// How long a game may take to load, start, draw its first frame and
    /// close when the launcher checks it in a process of its own (--list,
    /// and the console's checks as it starts); a game that takes longer is
    /// reported as hanging.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = crate::app::DEFAULT_PROBE_TIMEOUT.as_secs_f64(),
        value_parser = seconds,
        conflicts_with = "no_load"
    )]
    pub probe_timeout: f64,

    /// For debugging a game: run games without the sandbox that keeps each
    /// game process from the player's files, the network, other processes
    /// and programs (Linux's Landlock and a system-call filter). The
    /// launcher says so loudly when it starts.
    #[arg(long)]
    pub no_sandbox: bool,

    /// The most memory each game process may use, in MiB (0: no limit); a
    /// game that needs more stops with "it ran out of memory". Default:
    /// the settings file's game-memory-limit-mib, else 2048 (2 GiB).
    #[arg(long, value_name = "MIB")]
    pub memory_limit: Option<u64>,

    /// How many seconds a game may take to answer before its window says
    /// it is not responding and offers Wait and Stop. Default: the
    /// settings file's not-responding-after, else 2.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub not_responding_after: Option<f64>,

    /// For game authors: when a game's library is rebuilt, its open windows
    /// restart with the new version by themselves (without it, they offer
    /// to).
    #[arg(long)]
    pub dev: bool,

    /// Install the game in directory DIR (its info.toml, library and
    /// files) into your games directory (e.g.
    /// ~/.local/share/game-launcher/games/<name>): checked first, as
    /// --check does, then put in place in one step, replacing an installed
    /// game of the same directory name. A broken game is refused and
    /// nothing changes. Open games keep playing (their windows offer the
    /// new version).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["report", "play", "uninstall_game"])]
    pub install_game: Option<PathBuf>,

    /// Remove the game whose directory is NAME (e.g. chat-noir) from your
    /// games directory, where --install-game puts games.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["report", "play"])]
    pub uninstall_game: Option<String>,

    /// Open the game in directory DIR-NAME (e.g. chat-noir) directly, without the console.
    #[arg(long, value_name = "DIR-NAME", conflicts_with = "report")]
    pub play: Option<String>,

    /// Open a saved game (a .pltgame file written by Game > Save game as…)
    /// in its game, without the console.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["report", "play"])]
    pub open: Option<PathBuf>,

    /// A saved game to open, as --open FILE does: the desktop entry starts
    /// the launcher this way for a .pltgame file opened in a file manager
    /// (`Exec=plt-games %f`, where %f is nothing from the menu).
    #[arg(
        value_name = "FILE",
        conflicts_with_all = ["report", "play", "open", "install_game", "uninstall_game"]
    )]
    pub file: Option<PathBuf>,

    /// Save a PNG of the window to FILE once it has drawn, then quit (for
    /// documentation and smoke tests).
    #[arg(long, value_name = "FILE", conflicts_with = "report")]
    pub screenshot: Option<PathBuf>,

    /// With --screenshot: wait at least this many seconds, and until the
    /// games have answered and their windows are fitted, before taking it.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 0.5,
        value_parser = seconds,
        requires = "screenshot"
    )]
    pub screenshot_delay: f64,
}

impl Args {
    /// The saved game to open: `--open FILE`, or a FILE given alone.
    pub fn saved_game(&self) -> Option<&PathBuf> {
        self.open.as_ref().or(self.file.as_ref())
    }
}

/// A number of seconds from the command line: finite, from 0 to an hour.
fn seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(value) if (0.0..=3600.0).contains(&value) => Ok(value),
        _ => Err(format!(
            "expected a number of seconds from 0 to 3600, like 2 or 0.5, not {text:?}"
        )),
    }
}

/// What a `--list` report found, for the exit status of `--check`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ListSummary {
    /// Games that cannot be played.
    pub broken: usize,
    /// Error-level problems (of games and of the search path).
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
}

/// Writes the `--list` report to `out`, each game's lines as soon as they
/// are known (a script, or a person watching, sees every game checked so
/// far even if something goes badly wrong later). With a checker, each
/// playable game is checked in a child process ([`Checker`]), `jobs` at a
/// time, and reported in catalog order: what fails, crashes or hangs is an
/// error, what the launcher had to clamp or drop is a warning.
pub fn write_list_report(
    out: &mut dyn Write,
    catalog: &Catalog,
    checker: Option<&Checker>,
    jobs: usize,
) -> std::io::Result<ListSummary> {
    let sets = catalog.game_sets();
    let games: Vec<&GameEntry> = sets.iter().flat_map(|s| s.games.iter().copied()).collect();
    // The libraries to check, in the order they are reported.
    let to_check: Vec<(usize, PathBuf)> = games
        .iter()
        .enumerate()
        .filter(|(_, g)| g.first_error().is_none())
        .filter_map(|(i, g)| g.library.clone().map(|l| (i, l)))
        .collect();
    let (sender, results) = mpsc::channel::<(usize, CheckOutcome)>();
    // Two games may share a library (from a library directory): it is
    // checked once.
    if let Some(checker) = checker {
        let checks = std::sync::Arc::new(SessionChecks::new());
        check_in_background(
            checker,
            &checks,
            to_check,
            jobs,
            sender,
            std::sync::Arc::new(|| {}),
        );
    } else {
        drop(sender);
    }
    let mut done: HashMap<usize, CheckOutcome> = HashMap::new();
    let mut summary = ListSummary::default();
    let mut load_problems = Vec::new();
    if catalog.games.is_empty() {
        writeln!(out, "No games found.")?;
    }
    let mut index = 0;
    for set in &sets {
        writeln!(out, "{}:", set.name)?;
        for game in &set.games {
            let library = game
                .library
                .as_ref()
                .map_or_else(|| "(not found)".to_string(), |p| p.display().to_string());
            writeln!(out, "  {}", game.name)?;
            writeln!(out, "    directory: {}", game.dir.display())?;
            writeln!(out, "    library:   {library}")?;
            out.flush()?;
            let state = match (game.first_error(), &game.library, checker) {
                (Some(_), _, _) | (None, None, _) => {
                    summary.broken += 1;
                    "broken".to_string()
                }
                (None, Some(_), None) => "ok (library not loaded)".to_string(),
                (None, Some(path), Some(_)) => {
                    let outcome = loop {
                        if let Some(outcome) = done.remove(&index) {
                            break outcome;
                        }
                        match results.recv() {
                            Ok((i, outcome)) => {
                                done.insert(i, outcome);
                            }
                            Err(_) => {
                                break CheckOutcome::Broken(format!(
                                    "{}: the launcher could not check it",
                                    path.display()
                                ));
                            }
                        }
                    };
                    match outcome {
                        CheckOutcome::Fine(warnings) => {
                            let count = warnings.len();
                            for warning in warnings {
                                load_problems
                                    .push(format!("warning: {}: {warning}", path.display()));
                            }
                            match count {
                                0 => format!("ok (game ABI {})", game_api::ABI_VERSION),
                                n => format!(
                                    "ok (game ABI {}), {}",
                                    game_api::ABI_VERSION,
                                    count_of(n, "warning")
                                ),
                            }
                        }
                        CheckOutcome::Broken(e) | CheckOutcome::Hung(e) => {
                            summary.broken += 1;
                            load_problems.push(format!("error: {e}"));
                            format!("broken: {e}")
                        }
                    }
                }
            };
            writeln!(out, "    state:     {state}")?;
            out.flush()?;
            index += 1;
        }
    }
    let problems: Vec<_> = catalog.all_problems().collect();
    summary.errors = problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count()
        + load_problems
            .iter()
            .filter(|p| p.starts_with("error: "))
            .count();
    summary.warnings = problems.len() + load_problems.len() - summary.errors;
    if !problems.is_empty() || !load_problems.is_empty() {
        writeln!(
            out,
            "\nProblems ({}, {}):",
            count_of(summary.errors, "error"),
            count_of(summary.warnings, "warning")
        )?;
        for problem in problems {
            writeln!(out, "  {problem}")?;
        }
        // Errors first, as before: then the warnings of games that play.
        load_problems.sort_by_key(|p| !p.starts_with("error: "));
        for problem in load_problems {
            writeln!(out, "  {problem}")?;
        }
    }
    out.flush()?;
    Ok(summary)
}

/// `--install-game DIR`: installs the game in `source` into `games_dir`
/// after `checker` has checked it, and says on `out` what was done (why
/// not, on `err`). `search` is the search path, to say when another
/// directory of the same name comes first. Returns whether it was
/// installed.
pub fn install_game(
    out: &mut dyn Write,
    err: &mut dyn Write,
    source: &std::path::Path,
    games_dir: &std::path::Path,
    checker: &Checker,
    search: &crate::catalog::SearchPath,
) -> std::io::Result<bool> {
    let installed =
        crate::install::install_game(source, games_dir, |library| checker.check(library));
    let installed = match installed {
        Ok(installed) => installed,
        Err(why) => {
            writeln!(err, "plt-games: {why}")?;
            return Ok(false);
        }
    };
    let Installed {
        name,
        dir_name,
        dir,
        replaced,
        warnings,
    } = &installed;
    if *replaced {
        writeln!(
            out,
            "Replaced {name} ({dir_name}) in {} with the one from {}; its open windows offer to restart with the new version.",
            dir.display(),
            source.display()
        )?;
    } else {
        writeln!(
            out,
            "Installed {name} ({dir_name}) in {}; the console lists it (open consoles too).",
            dir.display()
        )?;
    }
    for warning in warnings {
        writeln!(out, "warning: {warning}")?;
    }
    // A directory of that name earlier on the search path wins.
    let games_dir = games_dir.canonicalize().unwrap_or(games_dir.to_path_buf());
    for place in &search.dirs {
        let canonical = place.path.canonicalize().unwrap_or(place.path.clone());
        if canonical == games_dir {
            break;
        }
        let first = place.path.join(dir_name);
        if first.join("info.toml").exists() {
            writeln!(
                out,
                "note: {} comes first on the search path, so the launcher plays that one; remove or rename it to play this one.",
                first.display()
            )?;
            break;
        }
    }
    Ok(true)
}

/// `--uninstall-game NAME`: removes the game `dir_name` from `games_dir`
/// and says so on `out` (why not, on `err`). Returns whether it was
/// removed.
pub fn uninstall_game(
    out: &mut dyn Write,
    err: &mut dyn Write,
    dir_name: &str,
    games_dir: &std::path::Path,
) -> std::io::Result<bool> {
    match crate::install::uninstall_game(dir_name, games_dir) {
        Ok(gone) => {
            let name = gone.name.map_or(String::new(), |n| format!("{n} "));
            writeln!(
                out,
                "Uninstalled {name}({dir_name}): removed {}; its open windows play on until closed.",
                gone.dir.display()
            )?;
            Ok(true)
        }
        Err(why) => {
            writeln!(err, "plt-games: {why}")?;
            Ok(false)
        }
    }
}
