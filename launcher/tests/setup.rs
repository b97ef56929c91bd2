//! The README's first command, `cargo run --release`, on a fresh clone:
//! cargo must find one program to run (the launcher's), and build every
//! game's library with it, or the console opens with no game to play.
//! Read from the workspace's manifests, without running cargo inside cargo.

use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace above launcher/")
        .to_path_buf()
}

fn manifest(dir: &Path) -> toml::Table {
    let text = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    text.parse().unwrap()
}

/// The member directories a `members`/`default-members` list names, its
/// `dir/*` globs expanded to the directories with a Cargo.toml.
fn expand(list: &toml::Value) -> Vec<PathBuf> {
    let root = workspace();
    let mut dirs = Vec::new();
    for entry in list.as_array().expect("a list") {
        let entry = entry.as_str().expect("a path");
        if let Some(parent) = entry.strip_suffix("/*") {
            let mut found: Vec<PathBuf> = std::fs::read_dir(root.join(parent))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.join("Cargo.toml").is_file())
                .collect();
            found.sort();
            dirs.extend(found);
        } else {
            dirs.push(root.join(entry));
        }
    }
    dirs
}

/// The programs a package builds: its `[[bin]]`s, else `src/main.rs`.
fn binaries(dir: &Path) -> Vec<String> {
    let package = manifest(dir);
    match package.get("bin").and_then(|b| b.as_array()) {
        Some(bins) => bins
            .iter()
            .map(|b| b["name"].as_str().unwrap().to_owned())
            .collect(),
        None if dir.join("src/main.rs").is_file() => {
            vec![package["package"]["name"].as_str().unwrap().to_owned()]
        }
        None => Vec::new(),
    }
}

fn is_game_library(dir: &Path) -> bool {
    manifest(dir)
        .get("lib")
        .and_then(|l| l.get("crate-type"))
        .and_then(|t| t.as_array())
        .is_some_and(|types| types.iter().any(|t| t.as_str() == Some("cdylib")))
}

#[test]
fn cargo_run_finds_one_program_and_builds_every_game_with_it() {
    let root = manifest(&workspace());
    let workspace_table = &root["workspace"];
    let defaults = expand(
        workspace_table
            .get("default-members")
            .expect("default-members: without it `cargo run` cannot tell which program to run"),
    );
    let programs: Vec<String> = defaults.iter().flat_map(|d| binaries(d)).collect();
    assert_eq!(
        programs,
        ["plt-games"],
        "`cargo run --release` must find exactly the launcher's program among the default members"
    );
    let games: Vec<PathBuf> = expand(&workspace_table["members"])
        .into_iter()
        .filter(|d| is_game_library(d))
        .collect();
    assert!(games.len() >= 20, "the collection's games: {games:?}");
    for game in &games {
        assert!(
            defaults.contains(game),
            "{} is not a default member, so `cargo run --release` would not build its library",
            game.display()
        );
    }
}
