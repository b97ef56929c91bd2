//! The command line: flags, and the `--list` report.

use crate::catalog::{Catalog, Severity};
use crate::loader::{Loader, probe_within};
use clap::Parser;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

/// A game launcher: lists the games it finds in games/*/info.toml and runs
/// each in its own window.
///
/// Games are looked for in: ./games, the games directory beside the launcher,
/// the user's data directory (e.g. ~/.local/share/game-launcher/games), each
/// directory of the GAME_LAUNCHER_PATH environment variable (separated like
/// PATH), and each --games-dir, in that order; the first directory of a name wins.
#[derive(Debug, Parser)]
#[command(name = "launcher", version)]
pub struct Args {
    /// Also look for games in DIR (after the standard places; may be repeated).
    #[arg(long = "games-dir", value_name = "DIR")]
    pub games_dirs: Vec<PathBuf>,

    /// Also look for game libraries in DIR, after each game's own directory and
    /// the launcher's directory (may be repeated).
    #[arg(long = "library-dir", value_name = "DIR")]
    pub library_dirs: Vec<PathBuf>,

    /// Print every game found (set, name, directory, library, state) and every
    /// problem, then exit. Loads each library to check its ABI version and
    /// starts each game once without a window to check its canvas, texts and
    /// first frame, unless --no-load is given.
    #[arg(long)]
    pub list: bool,

    /// With --list: do not load libraries, only report what the files say.
    #[arg(long, requires = "list")]
    pub no_load: bool,

    /// How long a game may take to start, draw its first frame and close when
    /// the launcher checks it on a thread of its own (by --list, and before
    /// a game's first start in a session); a game that takes longer may hang
    /// and is not opened.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = crate::app::DEFAULT_PROBE_TIMEOUT.as_secs_f64(),
        value_parser = seconds,
        conflicts_with = "no_load"
    )]
    pub probe_timeout: f64,

    /// Open the game in directory DIR-NAME (e.g. chat-noir) directly, without the console.
    #[arg(long, value_name = "DIR-NAME", conflicts_with = "list")]
    pub play: Option<String>,

    /// Save a PNG of the window to FILE once it has drawn, then quit (for
    /// documentation and smoke tests).
    #[arg(long, value_name = "FILE", conflicts_with = "list")]
    pub screenshot: Option<PathBuf>,

    /// With --screenshot: wait this many seconds before taking it.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 0.5,
        value_parser = seconds,
        requires = "screenshot"
    )]
    pub screenshot_delay: f64,
}

/// `1 error`, `2 errors`.
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
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

/// The `--list` report. With a loader, each playable game's library is loaded
/// and its ABI checked, and the game is started once without a window
/// ([`probe_within`] `probe_timeout`): what fails or hangs is an error, what
/// the launcher had to clamp or drop is a warning.
pub fn list_report(
    catalog: &Catalog,
    mut loader: Option<&mut Loader>,
    probe_timeout: Duration,
) -> String {
    let mut out = String::new();
    let mut load_problems = Vec::new();
    let mut load_warnings = Vec::new();
    if catalog.games.is_empty() {
        out.push_str("No games found.\n");
    }
    for set in catalog.game_sets() {
        let _ = writeln!(out, "{}:", set.name);
        for game in set.games {
            let state = match (game.first_error(), &game.library, loader.as_deref_mut()) {
                (Some(_), _, _) => "broken".to_string(),
                (None, Some(path), Some(loader)) => match loader
                    .load(path)
                    .map_err(|e| e.to_string())
                    .and_then(|library| {
                        probe_within(library, probe_timeout)
                            .map_err(|e| format!("{}: {e}", path.display()))
                    }) {
                    Ok(warnings) => {
                        let count = warnings.len();
                        for warning in warnings {
                            load_warnings.push(format!("warning: {}: {warning}", path.display()));
                        }
                        match count {
                            0 => format!("ok (game ABI {})", game_api::ABI_VERSION),
                            1 => format!("ok (game ABI {}), 1 warning", game_api::ABI_VERSION),
                            n => format!("ok (game ABI {}), {n} warnings", game_api::ABI_VERSION),
                        }
                    }
                    Err(e) => {
                        load_problems.push(format!("error: {e}"));
                        format!("broken: {e}")
                    }
                },
                (None, Some(_), None) => "ok (library not loaded)".to_string(),
                (None, None, _) => "broken".to_string(),
            };
            let library = game
                .library
                .as_ref()
                .map_or_else(|| "(not found)".to_string(), |p| p.display().to_string());
            let _ = writeln!(out, "  {}", game.name);
            let _ = writeln!(out, "    directory: {}", game.dir.display());
            let _ = writeln!(out, "    library:   {library}");
            let _ = writeln!(out, "    state:     {state}");
        }
    }
    let problems: Vec<_> = catalog.all_problems().collect();
    if !problems.is_empty() || !load_problems.is_empty() || !load_warnings.is_empty() {
        let errors = problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .count()
            + load_problems.len();
        let warnings = problems.len() + load_problems.len() + load_warnings.len() - errors;
        let _ = writeln!(
            out,
            "\nProblems ({}, {}):",
            count(errors, "error"),
            count(warnings, "warning")
        );
        for problem in problems {
            let _ = writeln!(out, "  {problem}");
        }
        for problem in load_problems.into_iter().chain(load_warnings) {
            let _ = writeln!(out, "  {problem}");
        }
    }
    out
}
