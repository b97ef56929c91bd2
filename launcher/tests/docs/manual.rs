//! The launcher's own manual (`docs/manual.md`, shown by Help → Launcher
//! manual) parses cleanly, has the sections other documents point to, and
//! documents every flag and manifest field.

use super::read;
use launcher_help::manual::Manual;

#[test]
fn the_launcher_manual_parses_without_warnings_and_has_its_tags() {
    let manual = Manual::parse("docs/manual.md", &read("docs/manual.md"));
    assert!(manual.warnings().is_empty(), "{:#?}", manual.warnings());
    assert_eq!(manual.title(), "PLT Games");
    for tag in [
        "console",
        "game-window",
        "games",
        "chat-noir",
        "lights-out",
        "command-line",
        "search-path",
        "implementing-new-games",
        "game-directory",
        "info-toml",
        "game-api",
        "building-and-installing",
        "troubleshooting",
        "showing-text-help",
        "showing-scribbled-help",
        "section-tags",
        "manual-viewer",
        "browser",
    ] {
        manual
            .section(tag)
            .unwrap_or_else(|e| panic!("docs/manual.md: {e}"));
    }
    assert!(manual.image_paths().is_empty());
}

#[test]
fn the_launcher_manual_documents_every_flag_and_manifest_field() {
    let source = read("docs/manual.md");
    // Every flag `plt-games --help` shows.
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_plt-games"))
        .arg("--help")
        .output()
        .expect("the launcher runs");
    let help = String::from_utf8_lossy(&help.stdout);
    let flags: std::collections::BTreeSet<&str> = help
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|word| word.starts_with("--") && word.len() > 2)
        .collect();
    for flag in ["--list", "--memory-limit", "--no-sandbox", "--help"] {
        assert!(flags.contains(flag), "--help shows no {flag}: {help}");
    }
    // The README's command line lists them all too.
    let readme = read("README.md");
    let command_line = readme
        .split_once("## Command line")
        .and_then(|(_, rest)| rest.split_once("\n## "))
        .map(|(block, _)| block)
        .expect("README.md has a Command line section");
    for flag in &flags {
        assert!(source.contains(&format!("`{flag}")), "no {flag}");
        assert!(
            [" ", "\n", ","]
                .iter()
                .any(|after| command_line.contains(&format!("{flag}{after}"))),
            "README.md's command line lists no {flag}"
        );
    }
    let manifest = Manual::parse("docs/manual.md", &source);
    let fields = manifest.section("info-toml").unwrap().plain_text();
    for field in ["game", "name", "icon", "game-set", "help", "manual"] {
        assert!(
            fields.contains(&format!("\n{field} ")),
            "no {field}: {fields}"
        );
    }
    assert!(fields.contains("game-icon"), "{fields}");
    for default in [
        "(required)",
        "<directory name>.png",
        "\"Other Games\"",
        "doc.txt, if the file exists",
        "manual.md, if the file exists",
    ] {
        assert!(fields.contains(default), "no default {default}");
    }
    assert!(source.contains(launcher::catalog::GAMES_PATH_ENV));
    assert!(source.contains(launcher::manifest::DEFAULT_GAME_SET));
}
