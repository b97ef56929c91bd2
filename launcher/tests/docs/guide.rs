//! The plugin authors' guide (`docs/writing-a-game.md`) points to files
//! and sections that exist, quotes the template's code and the C game's as
//! they are, lists its sections, and names only flags and recorder lines
//! the launcher has.

use super::read;
use launcher_help::manual::slugify;
use launcher_tests::workspace_root;
use std::path::Path;

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
    // A Rust block that names one of the template's own constants or types
    // (`WIDTH`, `SIZES`, `DotCatcher`) is a quote of it, whatever it shows.
    let template_names = item_names(&template);
    assert!(template_names.len() >= 10, "{template_names:?}");
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
                    || code.contains("self.host.request_new_game()")
                    || code.contains("use game_api::{") =>
            {
                &template
            }
            "rust" if names_any(code, &template_names) => &template,
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
    assert!(checked >= 28, "only {checked} blocks checked");
    assert!(Path::new(&workspace_root().join("docs/template-game/dot-catcher.png")).is_file());
}

/// The names of the constants, statics and types `source` declares at the
/// start of a line (`pub const WIDTH`, `struct Glide`).
fn item_names(source: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|line| {
            let line = line.strip_prefix("pub ").unwrap_or(line);
            ["const ", "static ", "struct ", "enum "]
                .iter()
                .find_map(|kind| line.strip_prefix(kind))
        })
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|name| name.len() > 2)
        .collect()
}

/// Whether `code` names any of `names` as a whole word.
fn names_any(code: &str, names: &[String]) -> bool {
    code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|word| names.iter().any(|name| name == word))
}

/// The guide's Contents list is its numbered sections, every one, in order,
/// each under its own title and linking to its heading.
#[test]
fn the_guides_contents_list_every_numbered_section() {
    let guide = read("docs/writing-a-game.md");
    let contents = guide
        .split_once("\nContents:\n")
        .and_then(|(_, rest)| rest.split_once("\n## "))
        .map(|(list, _)| list)
        .expect("the guide has a Contents list before its first section");
    // (number, title, link) of each entry: `8. [More…](#8-more…)`, and
    // `   1. [Services…](#81-services…)` under it as 8.1.
    let mut listed = Vec::new();
    let mut chapter = String::new();
    for line in contents.lines().filter(|l| !l.trim().is_empty()) {
        let nested = line.starts_with(' ');
        let (number, entry) = line
            .trim()
            .split_once(". [")
            .unwrap_or_else(|| panic!("not a Contents entry: {line:?}"));
        let (title, link) = entry
            .strip_suffix(')')
            .and_then(|e| e.split_once("](#"))
            .unwrap_or_else(|| panic!("not a link to a section: {line:?}"));
        let number = if nested {
            format!("{chapter}.{number}")
        } else {
            chapter = number.to_owned();
            number.to_owned()
        };
        listed.push((number, title.to_owned(), link.to_owned()));
    }
    // (number, title, slug) of each numbered heading: `## 8. More…`,
    // `### 8.1 Services…`.
    let mut in_code = false;
    let mut headings = Vec::new();
    for line in guide.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        let Some(text) = line
            .strip_prefix("## ")
            .or_else(|| line.strip_prefix("### "))
            .filter(|_| !in_code)
        else {
            continue;
        };
        let Some((number, title)) = text.split_once(' ') else {
            continue;
        };
        let number = number.trim_end_matches('.');
        if !number.is_empty() && number.chars().all(|c| c.is_ascii_digit() || c == '.') {
            headings.push((number.to_owned(), title.to_owned(), slugify(text)));
        }
    }
    assert!(headings.len() >= 25, "{headings:#?}");
    assert_eq!(
        listed, headings,
        "the Contents list (left) is not the guide's numbered sections (right)"
    );
}

/// Every flag the guide names is one of `plt-games --help` (or the hidden
/// `--game-host`), or one of the few flags of cargo and its tools it shows:
/// a flag renamed in the launcher cannot stay in the guide.
#[test]
fn the_guide_names_only_flags_the_launcher_has() {
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_plt-games"))
        .arg("--help")
        .output()
        .expect("the launcher runs");
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    let flags = |text: &str| -> std::collections::BTreeSet<String> {
        text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|w| w.starts_with("--") && w.len() > 2 && !w.ends_with('-'))
            .map(str::to_owned)
            .collect()
    };
    let known = flags(&help);
    // cargo's (`--release`, `--example`, `cargo doc --open`), cargo xtask's
    // (`--user`), criterion's, and the game process's hidden flag.
    let others = [
        "--release",
        "--example",
        "--open",
        "--user",
        "--warm-up-time",
        "--measurement-time",
        "--game-host",
    ];
    let guide = read("docs/writing-a-game.md");
    let unknown: Vec<String> = flags(&guide)
        .into_iter()
        .filter(|f| !known.contains(f) && !others.contains(&f.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "the guide names flags plt-games --help does not show: {unknown:?}\n{help}"
    );
}

/// What an author copies into a crate of their own builds there: no
/// `Cargo.toml` block of the guide inherits from the launcher's workspace
/// (`game-api.workspace = true` only works inside it).
#[test]
fn the_guides_cargo_blocks_work_outside_the_launchers_workspace() {
    let guide = read("docs/writing-a-game.md");
    // `None` outside a fenced block; `Some(whether it is TOML)` inside.
    let mut block: Option<bool> = None;
    let mut blocks = 0;
    for line in guide.lines() {
        match (line.trim_start().strip_prefix("```"), block) {
            (Some(lang), None) => {
                block = Some(lang == "toml");
                blocks += usize::from(lang == "toml");
            }
            (Some(_), Some(_)) => block = None,
            (None, Some(true)) => assert!(
                !line.contains("workspace = true"),
                "a toml block of the guide needs the launcher's workspace: {line}"
            ),
            (None, _) => {}
        }
    }
    assert!(blocks >= 5, "only {blocks} toml blocks");
}

/// The guide's list of what `Recorder` records is `Recorder`'s: each line
/// it writes begins with a word the guide shows (`help`, `tick stop`,
/// `layout`), so a test an author writes from the guide expects real lines.
#[test]
fn the_guide_lists_every_line_the_recorder_writes() {
    let services = read("game-api/src/host/services.rs");
    let recorder = services
        .split_once("impl HostServices for Recorder")
        .map(|(_, rest)| rest)
        .and_then(|rest| rest.split_once("\n}\n"))
        .map(|(body, _)| body)
        .expect("services.rs implements HostServices for Recorder");
    let mut lines = Vec::new();
    for call in recorder.split("self.record(").skip(1) {
        // `format!("help {title} {verbatim}")` or `"redraw".into()`.
        let text = call.trim_start_matches("format!(");
        let Some(text) = text.strip_prefix('"') else {
            panic!("not a literal: {call}");
        };
        let words = text.split(['"', '{']).next().unwrap_or_default().trim();
        lines.push(words.to_owned());
    }
    assert!(lines.len() >= 10, "{lines:?}");
    let guide = read("docs/writing-a-game.md");
    let listed = guide
        .split_once("`Recorder` remembers each one as a line")
        .and_then(|(_, rest)| rest.split_once("```"))
        .map(|(text, _)| text.replace('\n', " "))
        .expect("the guide says what Recorder records");
    for line in &lines {
        assert!(
            listed.contains(&format!("`{line}`")) || listed.contains(&format!("`{line} ")),
            "the guide's list of Recorder's lines has no `{line}`: {listed}"
        );
    }
}
