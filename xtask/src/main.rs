//! `cargo xtask`: `dist`, `install`, `uninstall` (see the crate's library,
//! and the README's "Install" section).

use clap::{Args, Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use xtask::bundle::{self, Artifacts, Bundle};
use xtask::install::{self, Prefix};
use xtask::{human_size, workspace_root};

/// The workspace's tasks: a relocatable bundle of the launcher and its games,
/// and installing it into a prefix.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask", version)]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Debug, Subcommand)]
enum Task {
    /// Build the launcher and every game of games/ (release) and lay them
    /// out as a bundle that runs from any directory: bin/plt-games,
    /// lib/game-launcher/games/<game>/, share/ (desktop entry, icons, manual).
    Dist {
        #[command(flatten)]
        bundle: BundleArgs,
        /// Also pack the bundle as a .tar.gz beside it (with tar).
        #[arg(long)]
        archive: bool,
    },
    /// Make the bundle (as `dist` does), or take --bundle, and copy it into
    /// a prefix, recording what was installed for `uninstall`.
    Install {
        #[command(flatten)]
        prefix: PrefixArgs,
        #[command(flatten)]
        bundle: BundleArgs,
        /// Install this bundle, made already, instead of making one (nothing
        /// is built: for `sudo`).
        #[arg(long, value_name = "DIR", conflicts_with_all = ["out", "no_build", "target_dir"])]
        bundle_dir: Option<PathBuf>,
    },
    /// Remove what `install` put into the prefix, and the directories it made
    /// that are empty now; nothing else.
    Uninstall {
        #[command(flatten)]
        prefix: PrefixArgs,
    },
}

#[derive(Debug, Args)]
struct BundleArgs {
    /// Where to lay out the bundle (default: <target dir>/bundle/game-launcher).
    /// An earlier bundle there is replaced; anything else is refused.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Do not run cargo: take the launcher and the games' libraries built
    /// already in <target dir>/release.
    #[arg(long)]
    no_build: bool,
    /// Cargo's target directory (default: $CARGO_TARGET_DIR, else target/ in
    /// the workspace).
    #[arg(long, value_name = "DIR")]
    target_dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct PrefixArgs {
    /// The prefix: bin/, lib/ and share/ in it (default /usr/local).
    #[arg(long, value_name = "DIR")]
    prefix: Option<PathBuf>,
    /// For you alone: ~/.local, with share/ in $XDG_DATA_HOME if it is set.
    #[arg(long, conflicts_with = "prefix")]
    user: bool,
}

impl PrefixArgs {
    fn resolve(&self) -> Result<Prefix, String> {
        if self.user {
            let home = dirs::home_dir()
                .ok_or("cannot tell your home directory (is HOME set?); give --prefix instead")?;
            return Ok(Prefix::user(
                &home,
                std::env::var_os("XDG_DATA_HOME").as_deref(),
            ));
        }
        let prefix = self
            .prefix
            .clone()
            .unwrap_or_else(|| PathBuf::from(install::DEFAULT_PREFIX));
        // The desktop entry names the launcher by its absolute path.
        std::path::absolute(&prefix)
            .map(|p| Prefix::at(&p))
            .map_err(|e| format!("{}: {e}", prefix.display()))
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.task {
        Task::Dist { bundle, archive } => dist(bundle).and_then(|made| {
            if *archive {
                let archive = bundle::archive(&made.root)?;
                let size = xtask::disk_size(&archive).unwrap_or(0);
                println!("Archive: {} ({})", archive.display(), human_size(size));
            }
            Ok(())
        }),
        Task::Install {
            prefix,
            bundle,
            bundle_dir,
        } => install_task(prefix, bundle, bundle_dir.as_deref()),
        Task::Uninstall { prefix } => uninstall_task(prefix),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Cargo's target directory for these arguments.
fn target_dir(args: &BundleArgs) -> PathBuf {
    args.target_dir
        .clone()
        .or_else(|| std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from))
        .unwrap_or_else(|| workspace_root().join("target"))
}

/// Where the bundle goes for these arguments.
fn bundle_out(args: &BundleArgs) -> PathBuf {
    args.out
        .clone()
        .unwrap_or_else(|| target_dir(args).join("bundle").join("game-launcher"))
}

fn dist(args: &BundleArgs) -> Result<Bundle, String> {
    let workspace = workspace_root();
    let target = target_dir(args);
    let artifacts = if args.no_build {
        Artifacts::in_profile_dir(&target.join("release"), false)
    } else {
        // With a `strip` tool, copies of the everyday release build are
        // stripped (nothing is built twice); without, the `dist` profile
        // builds binaries without symbols.
        let profile = if bundle::strip_tool().is_some() {
            "release"
        } else {
            "dist"
        };
        let games = bundle::bundled_games(&workspace)?;
        bundle::build(&workspace, &target, profile, &games)?
    };
    let made = bundle::lay_out(&workspace, &artifacts, &bundle_out(args))?;
    for warning in &made.warnings {
        eprintln!("xtask: warning: {warning}");
    }
    let files = xtask::files_under(&made.root).map_or(0, |f| f.len());
    println!(
        "Bundle: {} ({} in {files} files)",
        made.root.display(),
        human_size(made.total_bytes)
    );
    println!(
        "  bin/{}: {} ({}; {} as built)",
        bundle::LAUNCHER_FILE,
        human_size(made.launcher_bytes),
        if made.stripped {
            "stripped"
        } else {
            "not stripped"
        },
        human_size(made.launcher_built_bytes)
    );
    println!("  games: {}", made.games.join(", "));
    println!(
        "Run it from anywhere: {}",
        bundle::launcher_path(&made.root).display()
    );
    Ok(made)
}

fn install_task(
    prefix_args: &PrefixArgs,
    bundle_args: &BundleArgs,
    bundle_dir: Option<&Path>,
) -> Result<(), String> {
    let prefix = prefix_args.resolve()?;
    let bundle = match bundle_dir {
        Some(dir) => dir.to_path_buf(),
        None => dist(bundle_args)?.root,
    };
    match install::install(&bundle, &prefix) {
        Ok(installed) => {
            if let Some(replaced) = &installed.replaced {
                println!(
                    "Replaced the earlier installation ({} files).",
                    replaced.files_removed
                );
            }
            println!(
                "Installed {} files into {prefix}; the list is {}.",
                installed.record.files.len(),
                prefix.installed_files().display()
            );
            println!(
                "Run {}, or PLT Games from your desktop's menu; file managers open .pltgame files with it.",
                prefix.bin.join(bundle::LAUNCHER_FILE).display()
            );
            for note in &installed.notes {
                eprintln!("xtask: warning: {note}");
            }
            Ok(())
        }
        Err(install::Error::NotWritable { path, error }) => {
            let exe = std::env::current_exe().unwrap_or_else(|_| "target/release/xtask".into());
            let bundle = std::path::absolute(&bundle).unwrap_or(bundle);
            Err(format!(
                "cannot write {} ({error}): nothing was installed.\n{}",
                path.display(),
                install::not_writable_advice(&prefix, &exe, &bundle)
            ))
        }
        Err(e) => Err(e.to_string()),
    }
}

fn uninstall_task(prefix_args: &PrefixArgs) -> Result<(), String> {
    let prefix = prefix_args.resolve()?;
    match install::uninstall(&prefix) {
        Ok(done) => {
            println!(
                "Removed {} files and {} directories from {prefix}.",
                done.files_removed, done.dirs_removed
            );
            for dir in &done.dirs_kept {
                println!("Kept {}: it holds files of others now.", dir.display());
            }
            if !done.missing.is_empty() {
                println!("{} files were gone already.", done.missing.len());
            }
            for note in &done.notes {
                eprintln!("xtask: warning: {note}");
            }
            for path in &done.refused {
                println!(
                    "Left {} alone: the list names it, but it is outside {prefix}.",
                    path.display()
                );
            }
            Ok(())
        }
        Err(install::Error::NotWritable { path, error }) => Err(format!(
            "cannot remove {} ({error}); the installation is left as it is.\n\
             An installation for everyone is removed as root: sudo {} uninstall --prefix {prefix}",
            path.display(),
            std::env::current_exe()
                .unwrap_or_else(|_| "target/release/xtask".into())
                .display(),
        )),
        Err(e) => Err(e.to_string()),
    }
}
