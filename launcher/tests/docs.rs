//! The documentation players and authors read: the launcher's own manual
//! (`docs/manual.md`, shown by Help → Launcher manual) parses cleanly and has
//! the sections other documents point to, and the plugin authors' guide
//! (`docs/writing-a-game.md`) points to files and sections that exist and
//! quotes the template's code, and the C game's, as it is.

use launcher_help::manual::{Manual, slugify};
use launcher_tests::workspace_root;
use std::path::Path;

fn read(relative: &str) -> String {
    let path = workspace_root().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

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
    // Every flag `launcher --help` shows.
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_launcher"))
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

/// The `(target)` of each Markdown link and picture in `text`, outside code.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        // Leave out inline code: `![x](y)` there is an example, not a link.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].to_owned());
            rest = &after[end..];
        }
    }
    targets
}

#[test]
fn the_guide_links_to_files_and_sections_that_exist() {
    let guide = read("docs/writing-a-game.md");
    let headings: Vec<String> = guide
        .lines()
        .filter_map(|l| l.strip_prefix('#'))
        .map(|l| slugify(l.trim_start_matches('#').trim()))
        .collect();
    let targets = link_targets(&guide);
    assert!(targets.len() > 20, "{targets:?}");
    for target in targets {
        if let Some(section) = target.strip_prefix('#') {
            assert!(
                headings.iter().any(|h| h == section),
                "no section #{section}"
            );
        } else if !target.contains("://") {
            let path = workspace_root().join("docs").join(&target);
            assert!(path.exists(), "{target} does not exist");
        }
    }
}

/// Whether `needle`'s non-blank lines appear in `haystack` in order, each
/// trimmed (so indentation and elided lines do not matter).
fn quotes(haystack: &str, needle: &str) -> bool {
    let lines: Vec<&str> = haystack.lines().map(str::trim).collect();
    let wanted: Vec<&str> = needle
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//") && !l.contains("/* "))
        .collect();
    let mut at = 0;
    for w in wanted {
        match lines[at..].iter().position(|l| *l == w) {
            Some(i) => at += i + 1,
            None => return false,
        }
    }
    true
}

#[test]
fn the_guide_quotes_the_template_as_it_is() {
    let guide = read("docs/writing-a-game.md");
    let template = read("docs/template-game/src/lib.rs");
    let cargo = read("docs/template-game/Cargo.toml");
    let info = read("docs/template-game/info.toml");
    let c_game = read("docs/template-c-game/lamp_grid.c");
    let c_info = read("docs/template-c-game/info.toml");
    let mut blocks = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in guide.lines() {
        match (&mut current, line.trim_start().strip_prefix("```")) {
            (None, Some(lang)) => current = Some((lang.to_owned(), String::new())),
            (Some(_), Some(_)) => blocks.push(current.take().unwrap()),
            (Some((_, text)), None) => {
                text.push_str(line);
                text.push('\n');
            }
            (None, None) => {}
        }
    }
    let mut checked = 0;
    for (lang, code) in &blocks {
        let source = match lang.as_str() {
            "rust"
                if code.contains("fn start(services: Recorder)")
                    || code.contains("fn game() -> DotCatcher")
                    || code.contains("pub struct DotCatcher")
                    || code.contains("fn handle_event")
                    || code.contains("fn actions")
                    || code.contains("fn invoke_action")
                    || code.contains("host.log(\"Dot Catcher started\")")
                    || code.contains("let fill = if self.hover")
                    || code.contains("game_api::export_game!(DotCatcher")
                    || code.contains("impl NewGame for DotCatcher")
                    || code.contains("impl SaveLoad for DotCatcher")
                    || code.contains("impl Outcomes for DotCatcher")
                    || code.contains("self.host.request_ticks(TICK)")
                    || code.contains("fn glide_on")
                    || code.contains("modifiers.shift")
                    || code.contains("self.host.request_new_game()") =>
            {
                &template
            }
            "toml" if code.contains("[lib]") => &cargo,
            "toml" if code.contains("game = \"dot_catcher\"") => &info,
            // Section 14 quotes the game written in C.
            "c" => &c_game,
            "toml" if code.contains("game = \"lamp_grid\"") => &c_info,
            _ => continue,
        };
        // `handle_event`'s last line is folded onto one line in the guide.
        let code = code.replace(
            "if changed { Response::REDRAW } else { Response::NONE }",
            "",
        );
        assert!(
            quotes(source, &code),
            "the guide's {lang} block is not in the template (or the C game):\n{code}"
        );
        checked += 1;
    }
    assert!(checked >= 25, "only {checked} blocks checked");
    assert!(Path::new(&workspace_root().join("docs/template-game/dot-catcher.png")).is_file());
}

/// Every character of the documents the launcher shows (its manual, each
/// bundled game's manual and text help) has a glyph in the fonts the
/// launcher draws with: none shows as an empty box.
#[test]
fn the_documents_shown_in_app_have_a_glyph_for_every_character() {
    let ctx = egui::Context::default();
    let _ = ctx.run_ui(egui::RawInput::default(), |_| {});
    let mut documents = vec!["docs/manual.md".to_string()];
    for game in std::fs::read_dir(workspace_root().join("games")).unwrap() {
        let game = game.unwrap().path();
        for file in ["manual.md", "doc.txt"] {
            if game.join(file).is_file() {
                let relative = game.strip_prefix(workspace_root()).unwrap().join(file);
                documents.push(relative.to_string_lossy().into_owned());
            }
        }
    }
    let mut missing = Vec::new();
    for document in &documents {
        let text = read(document);
        let mut seen = std::collections::BTreeSet::new();
        for c in text.chars().filter(|c| !c.is_control()) {
            for font in [
                egui::FontId::proportional(14.0),
                egui::FontId::monospace(14.0),
            ] {
                if seen.insert((c, font.family.clone()))
                    && !ctx.fonts_mut(|f| f.has_glyph(&font, c))
                {
                    missing.push(format!(
                        "{document}: {c:?} (U+{:04X}) in {:?}",
                        c as u32, font.family
                    ));
                }
            }
        }
    }
    assert!(documents.len() >= 4, "{documents:?}");
    assert!(missing.is_empty(), "no glyph for:\n{}", missing.join("\n"));
}
