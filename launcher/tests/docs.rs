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

/// The ABI's revision and version are said the same everywhere: wherever
/// the guide, the manual, `game-api`'s `Cargo.toml`, the C header or
/// ARCHITECTURE name `ABI_REVISION` or `ABI_VERSION` with a number, it is
/// `abi.rs`'s, and no document speaks of a revision newer than it.
#[test]
fn the_abi_revision_is_the_same_in_every_document() {
    let revision = game_api::abi::ABI_REVISION;
    let version = game_api::abi::ABI_VERSION;
    let abi = read("game-api/src/abi.rs");
    assert!(abi.contains(&format!("pub const ABI_REVISION: u32 = {revision};")));
    let documents = [
        "docs/writing-a-game.md",
        "docs/manual.md",
        "docs/ARCHITECTURE.md",
        "game-api/Cargo.toml",
        "game-api/include/game_api.h",
        "game-api/src/lib.rs",
        "README.md",
    ];
    let mut numbered = std::collections::BTreeMap::new();
    for document in documents {
        let text = read(document);
        for (name, value) in [("ABI_REVISION", revision), ("ABI_VERSION", version)] {
            for (at, _) in text.match_indices(name) {
                // The first number within a few characters after the name:
                // "`game_api::ABI_REVISION` (now 5)", "GAME_API_ABI_REVISION 5u".
                let after: String = text[at + name.len()..].chars().take(12).collect();
                let after = after.split('\n').next().unwrap_or_default();
                let digits: String = after
                    .chars()
                    .skip_while(|c| !c.is_ascii_digit())
                    .take_while(char::is_ascii_digit)
                    .collect();
                if let Ok(number) = digits.parse::<u32>() {
                    assert_eq!(
                        number,
                        value,
                        "{document} says {name} is {number}: {:?}",
                        &text[at..(at + 40).min(text.len())]
                    );
                    *numbered.entry((document, name)).or_insert(0) += 1;
                }
            }
        }
        // No revision newer than the current one ("revision 6", "revisions
        // 3 to 6").
        let lower = text.to_lowercase();
        for (at, _) in lower.match_indices("revision") {
            let after = &lower[at + "revision".len()..];
            let after = after.strip_prefix('s').unwrap_or(after);
            let words: Vec<&str> = after.split_whitespace().take(3).collect();
            for word in [
                words.first(),
                words.get(2).filter(|_| words.get(1) == Some(&"to")),
            ]
            .into_iter()
            .flatten()
            {
                let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
                if let Ok(number) = digits.parse::<u32>() {
                    assert!(
                        number <= revision,
                        "{document} speaks of revision {number}, but abi.rs's is {revision}"
                    );
                }
            }
        }
    }
    // Each of these says the current numbers at least once.
    for key in [
        ("docs/writing-a-game.md", "ABI_REVISION"),
        ("docs/writing-a-game.md", "ABI_VERSION"),
        ("game-api/Cargo.toml", "ABI_REVISION"),
        ("game-api/include/game_api.h", "ABI_REVISION"),
        ("game-api/include/game_api.h", "ABI_VERSION"),
    ] {
        assert!(numbered.contains_key(&key), "{key:?} names no number");
    }
    assert!(
        read("docs/ARCHITECTURE.md").contains(&format!(
            "## The plugin ABI (version {version}, revision {revision})"
        )),
        "ARCHITECTURE.md's plugin ABI heading names another version or revision"
    );
}

/// Every character of the documents the launcher shows (its manual, each
/// bundled game's manual and text help) has a glyph in the fonts the
/// launcher draws with: none shows as an empty box.
#[test]
fn the_documents_shown_in_app_have_a_glyph_for_every_character() {
    let ctx = egui::Context::default();
    // No renderer here: the font atlas's first upload is dropped on purpose.
    ctx.run_ui(egui::RawInput::default(), |_| {})
        .textures_delta
        .clear();
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

/// The launcher's binary is `plt-games`: no document tells an author to run
/// `launcher` (its old name), in a shell block or in inline code, even one
/// broken across lines.
#[test]
fn the_documents_run_the_launcher_by_its_name() {
    let mut wrong = Vec::new();
    for document in [
        "docs/writing-a-game.md",
        "docs/manual.md",
        "README.md",
        "docs/template-game/Cargo.toml",
        "docs/template-game/src/lib.rs",
        "docs/template-c-game/lamp_grid.c",
    ] {
        let text = read(document);
        // Inline code, with line breaks as spaces: "`launcher\n--no-sandbox`".
        let flowed = text.replace('\n', " ");
        for (i, span) in flowed.split('`').enumerate().skip(1).step_by(2) {
            let first = span.split_whitespace().next().unwrap_or_default();
            if span.contains(" --") && matches!(first, "launcher" | "game-launcher") {
                wrong.push(format!("{document}: inline code {i}: `{span}`"));
            }
        }
        // Shell lines: the command after any VAR=value assignments.
        // `None` outside a fenced block; `Some(whether it is shell)` inside.
        let mut block: Option<bool> = None;
        for line in text.lines() {
            let fence = line.trim_start().strip_prefix("```");
            match (fence, block) {
                (Some(lang), None) => block = Some(lang == "sh" || lang.is_empty()),
                (Some(_), Some(_)) => block = None,
                (None, Some(true)) => {
                    let command = line
                        .split_whitespace()
                        .find(|word| !word.contains('='))
                        .unwrap_or_default();
                    if matches!(command, "launcher" | "game-launcher") {
                        wrong.push(format!("{document}: {line}"));
                    }
                }
                (None, _) => {}
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the launcher's binary is plt-games:\n{}",
        wrong.join("\n")
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
