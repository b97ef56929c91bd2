//! The bundle `cargo xtask dist` makes, and `cargo xtask install` /
//! `uninstall` into a prefix, with this test's launcher binary and the game
//! libraries the other tests build (the xtask's library lays them out, so
//! no cargo runs inside cargo). The bundled launcher is run from another
//! working directory with an empty home, as someone who unpacked it would.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use xtask::bundle::{self, Artifacts, Bundle};
use xtask::install::{self, Prefix};

/// A bundle of this test's launcher and the built games in `dir/game-launcher`.
fn lay_out_bundle(dir: &Path) -> Bundle {
    let artifacts = Artifacts {
        launcher: PathBuf::from(env!("CARGO_BIN_EXE_plt-games")),
        libraries: launcher_tests::libraries_dir().to_path_buf(),
        stripped: false,
    };
    let out = dir.join("game-launcher");
    bundle::lay_out(&xtask::workspace_root(), &artifacts, &out).expect("the bundle is laid out")
}

/// `plt-games --list` run as a newcomer would: from `dir/elsewhere`, with an
/// empty home `dir/home`, no data directories of the user's or the
/// system's, and no games path.
fn list_as_a_newcomer(launcher: &Path, dir: &Path) -> String {
    let elsewhere = dir.join("elsewhere");
    let home = dir.join("home");
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    let out: Output = Command::new(launcher)
        .arg("--list")
        .current_dir(&elsewhere)
        .env("HOME", &home)
        .env_remove("XDG_DATA_HOME")
        .env(launcher::catalog::XDG_DATA_DIRS_ENV, dir.join("nowhere"))
        .env_remove(launcher::catalog::GAMES_PATH_ENV)
        .output()
        .expect("the bundled launcher runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Asserts that `--list` found Chat Noir and Lights Out in the games
/// directory `games`, playable, and nothing wrong: a help file or manual
/// their info.toml names and the launcher did not find would be a problem.
fn assert_both_games_listed_from(stdout: &str, games: &Path) {
    assert!(stdout.contains("Puzzle Games:\n"), "{stdout}");
    for (name, dir, base) in [
        ("Chat Noir", "chat-noir", "chat_noir"),
        ("Lights Out", "lights-out", "lights_out"),
    ] {
        let dir = games.join(dir);
        let library = dir.join(launcher_tests::libloading_name(base));
        let block = format!(
            "  {name}\n    directory: {}\n    library:   {}\n    state:     ok (game ABI {})\n",
            dir.display(),
            library.display(),
            game_api::ABI_VERSION
        );
        assert!(stdout.contains(&block), "no {block:?} in:\n{stdout}");
    }
    assert!(!stdout.contains("Problems"), "{stdout}");
}

/// Every file and directory under `root`, relative to it.
fn tree(root: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, relative: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(root.join(relative)).unwrap() {
            let entry = entry.unwrap();
            let path = relative.join(entry.file_name());
            out.push(path.clone());
            if entry.file_type().unwrap().is_dir() {
                walk(root, &path, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(root, Path::new(""), &mut out);
    out.sort();
    out
}

#[test]
fn the_bundle_runs_from_anywhere_with_an_empty_home_and_finds_both_games_and_their_help() {
    let dir = tempfile::tempdir().unwrap();
    // The launcher knows itself by its canonical path.
    let dir_path = dir.path().canonicalize().unwrap();
    let made = lay_out_bundle(&dir_path);
    let root = &made.root;
    for game in ["chat-noir", "lights-out"] {
        assert!(made.games.iter().any(|g| g == game), "{:?}", made.games);
    }

    let games = bundle::games_dir(root);
    assert_eq!(games, root.join("lib/game-launcher/games"));
    for file in [
        "bin/plt-games",
        "lib/game-launcher/games/chat-noir/info.toml",
        "lib/game-launcher/games/chat-noir/chat-noir.png",
        "lib/game-launcher/games/chat-noir/doc.txt",
        "lib/game-launcher/games/chat-noir/manual.md",
        "lib/game-launcher/games/chat-noir/manual/empty-7.png",
        "lib/game-launcher/games/lights-out/doc.txt",
        "lib/game-launcher/games/lights-out/lights-out.png",
        "share/doc/game-launcher/manual.md",
        "share/applications/game-launcher.desktop",
        "share/mime/packages/game-launcher.xml",
        "share/icons/hicolor/32x32/apps/game-launcher.png",
        "share/icons/hicolor/256x256/apps/game-launcher.png",
    ] {
        assert!(root.join(file).is_file(), "the bundle has no {file}");
    }
    let sources = ["src", "tests", "Cargo.toml", "benches", "examples"];
    for game in ["chat-noir", "lights-out"] {
        for source in sources {
            assert!(!games.join(game).join(source).exists(), "{game}/{source}");
        }
    }
    let entry =
        std::fs::read_to_string(root.join("share/applications/game-launcher.desktop")).unwrap();
    assert_eq!(bundle::APP_ID, launcher::APP_ID, "one application id");
    assert!(
        entry.contains(&format!("\nStartupWMClass={}\n", launcher::APP_ID)),
        "{entry}"
    );
    // It opens saved games, the type the bundle's MIME package declares.
    assert!(entry.contains("\nExec=plt-games %f\n"), "{entry}");
    assert!(
        entry.contains(&format!("\nMimeType={};\n", bundle::MIME_TYPE)),
        "{entry}"
    );
    // desktop-file-utils, where installed, knows the specification best.
    if let Ok(out) = Command::new("desktop-file-validate")
        .arg(root.join("share/applications/game-launcher.desktop"))
        .output()
    {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
    if bundle::strip_tool().is_some() {
        assert!(made.stripped);
        assert!(
            made.launcher_bytes < made.launcher_built_bytes,
            "stripped: {} of {} bytes",
            made.launcher_bytes,
            made.launcher_built_bytes
        );
    }

    let stdout = list_as_a_newcomer(&bundle::launcher_path(root), &dir_path);
    assert_both_games_listed_from(&stdout, &games);

    // What the console's Help menus open: Chat Noir's help and manual, and
    // the launcher's manual, found from the bundled executable's place.
    let catalog =
        launcher::catalog::Catalog::scan(&launcher::catalog::SearchPath::only([&games]), &[]);
    let chat_noir = catalog.find("chat-noir").unwrap();
    assert_eq!(chat_noir.help, Some(games.join("chat-noir/doc.txt")));
    assert_eq!(chat_noir.manual, Some(games.join("chat-noir/manual.md")));
    let launcher_manual = launcher_help::manual::launcher_manual_candidates_for(
        Some(&root.join("bin")),
        Some(&dir_path.join("home/.local/share")),
    )
    .into_iter()
    .find(|c| c.is_absolute() && c.is_file());
    assert_eq!(launcher_manual, Some(bundle::manual_path(root)));
}

#[test]
fn installing_into_a_prefix_and_uninstalling_leaves_it_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let dir_path = dir.path().canonicalize().unwrap();
    let made = lay_out_bundle(&dir_path.join("bundle"));
    // A prefix with another program's files in the directories shared.
    let root = dir_path.join("prefix");
    std::fs::create_dir_all(root.join("bin")).unwrap();
    std::fs::create_dir_all(root.join("share/applications")).unwrap();
    std::fs::write(root.join("bin/other-tool"), "#!/bin/sh\n").unwrap();
    std::fs::write(root.join("share/applications/other.desktop"), "").unwrap();
    let before = tree(&root);

    let prefix = Prefix::at(&root);
    let installed = install::install(&made.root, &prefix).expect("the install succeeds");
    assert!(installed.replaced.is_none());
    let files = xtask::files_under(&made.root).unwrap();
    assert_eq!(installed.record.files.len(), files.len());
    for file in &files {
        assert!(
            root.join(file).is_file(),
            "{} was not installed",
            file.display()
        );
    }
    assert!(prefix.installed_files().is_file());
    let entry =
        std::fs::read_to_string(root.join("share/applications/game-launcher.desktop")).unwrap();
    let launcher = root.join("bin/plt-games");
    assert!(
        entry.contains(&format!("\nExec={} %f\n", launcher.display())),
        "{entry}"
    );
    // The desktop's MIME database knows .pltgame files, where
    // shared-mime-info is installed to make it.
    let globs = root.join("share/mime/globs2");
    if Command::new("update-mime-database")
        .arg("-v")
        .output()
        .is_ok()
    {
        let globs = std::fs::read_to_string(&globs).unwrap();
        assert!(
            globs.contains("application/x-plt-game:*.pltgame"),
            "{globs}"
        );
    } else {
        eprintln!("update-mime-database (shared-mime-info) is not installed: no database to check");
    }
    assert!(installed.notes.is_empty(), "{:?}", installed.notes);

    let stdout = list_as_a_newcomer(&launcher, &dir_path);
    assert_both_games_listed_from(&stdout, &root.join("lib/game-launcher/games"));

    // Installing again replaces the installation, file for file.
    let again = install::install(&made.root, &prefix).expect("the second install succeeds");
    assert_eq!(again.replaced.map(|r| r.files_removed), Some(files.len()));

    let done = install::uninstall(&prefix).expect("the uninstall succeeds");
    assert_eq!(done.files_removed, files.len());
    assert!(done.missing.is_empty() && done.refused.is_empty() && done.dirs_kept.is_empty());
    assert_eq!(tree(&root), before, "the prefix is as it was");
    let e = install::uninstall(&prefix).unwrap_err().to_string();
    assert!(e.contains("nothing to uninstall"), "{e}");
}
