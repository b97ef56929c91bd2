//! The documentation players and authors read: the launcher's own manual
//! (`docs/manual.md`, shown by Help → Launcher manual) parses cleanly and has
//! the sections other documents point to, and the plugin authors' guide
//! (`docs/writing-a-game.md`) points to files and sections that exist and
//! quotes the template's code, and the C game's, as it is, and the sizes it
//! gives files are theirs; the README's game list is the games directory.

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

/// The value of a number written in words ("twenty-two", "three hundred")
/// or digits ("1,000"), or `None` when `words` is not a number.
fn number(words: &str) -> Option<u64> {
    let digits = words.replace(',', "");
    if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
        return digits.parse().ok();
    }
    const UNITS: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 8] = [
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    let (mut total, mut current) = (0, 0);
    let mut any = false;
    for word in words
        .to_lowercase()
        .split([' ', '-'])
        .filter(|w| !w.is_empty())
    {
        if let Some(n) = UNITS.iter().position(|u| *u == word) {
            current += n as u64;
        } else if let Some(n) = TENS.iter().position(|t| *t == word) {
            current += 20 + 10 * n as u64;
        } else if word == "hundred" {
            current = current.max(1) * 100;
        } else if word == "thousand" {
            total += current.max(1) * 1000;
            current = 0;
        } else {
            return None;
        }
        any = true;
    }
    any.then_some(total + current)
}

/// README.md's list of the games, as the README groups them: its bullets
/// `- **Card Games**: Aces, Blackjack, ...;` under "It comes with
/// twenty-two games:", each a game set and the names in it (a description
/// in parentheses left out), and the number of games it says it has.
fn readme_game_list(readme: &str) -> (u64, std::collections::BTreeMap<String, Vec<String>>) {
    let (before, after) = readme
        .split_once(" games:\n")
        .expect("README.md introduces its game list with \"... games:\"");
    let count_words = before
        .rsplit_once("with")
        .map(|(_, words)| words.replace('\n', " "))
        .unwrap_or_default();
    let count = number(count_words.trim())
        .unwrap_or_else(|| panic!("README.md: not a number of games: {count_words:?}"));
    let list = after.trim_start().split("\n\n").next().unwrap_or_default();
    let mut sets = std::collections::BTreeMap::new();
    for item in list.split("\n- ").map(|item| item.trim_start_matches("- ")) {
        let item = item.replace('\n', " ");
        let (set, names) = item
            .strip_prefix("**")
            .and_then(|rest| rest.split_once("**:"))
            .unwrap_or_else(|| panic!("README.md: not a `- **Game Set**: names` item: {item}"));
        // Leave out "(block the cat before it escapes the board)".
        let mut plain = String::new();
        let mut depth = 0;
        for c in names.chars() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        let names: Vec<String> = plain
            .trim()
            .trim_end_matches([';', '.'])
            .split(',')
            .map(|name| name.trim().trim_start_matches("and ").trim().to_owned())
            .filter(|name| !name.is_empty())
            .collect();
        assert!(
            sets.insert(set.to_owned(), names).is_none(),
            "README.md names the set {set} twice"
        );
    }
    (count, sets)
}

/// README.md's game list is the games directory: every directory under
/// `games/` with an `info.toml` is named by its `name`, in its game set
/// (the launcher's own reading of the manifest, so a game with no
/// `game-set` is in Other Games), the README names no game that is not
/// there, and the number it says is the number of games.
#[test]
fn the_readmes_game_list_is_the_games_directory() {
    let mut games = std::collections::BTreeMap::<String, Vec<String>>::new();
    for entry in std::fs::read_dir(workspace_root().join("games")).unwrap() {
        let dir = entry.unwrap().path();
        if !dir.join("info.toml").is_file() {
            continue; // the cards kit: a library, not a game
        }
        let dir_name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let manifest = launcher::manifest::read(&dir, &dir_name)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.join("info.toml").display()));
        games
            .entry(manifest.game_set)
            .or_default()
            .push(manifest.name);
    }
    let (count, mut listed) = readme_game_list(&read("README.md"));
    for names in games.values_mut().chain(listed.values_mut()) {
        names.sort();
    }
    let total: usize = games.values().map(Vec::len).sum();
    assert!(total >= 20, "only {total} games under games/: {games:?}");
    let mut wrong = Vec::new();
    for (set, names) in &games {
        for name in names {
            match listed.iter().find(|(_, listed)| listed.contains(name)) {
                Some((listed_set, _)) if listed_set == set => {}
                Some((listed_set, _)) => wrong.push(format!(
                    "README.md lists {name} in {listed_set}; its info.toml puts it in {set}"
                )),
                None => wrong.push(format!("README.md does not name {name} ({set})")),
            }
        }
    }
    for (set, names) in &listed {
        for name in names {
            if !games.values().any(|names| names.contains(name)) {
                wrong.push(format!(
                    "README.md names {name} in {set}, but no game under games/ is called so"
                ));
            }
        }
    }
    if count != total as u64 {
        wrong.push(format!(
            "README.md says it comes with {count} games; games/ has {total}"
        ));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A claim of a document that a file of the workspace is "<N> lines" long.
#[derive(Debug)]
struct LineClaim {
    /// The claim as written, with the words before it ("about 800 lines").
    text: String,
    /// The document's line the word "lines" is on.
    line: usize,
    /// "about", "under", "over" or "" (exactly).
    qualifier: &'static str,
    /// The number of lines said.
    lines: u64,
    /// The file's path, relative to the document's directory.
    file: String,
}

/// Every "<N> lines" (or "<N>-line") in `document`'s prose, with the file it
/// is about: the last link to a file (not to a directory or a section)
/// before it in its sentence, or else the first after it. A claim with no
/// such link is an `Err` naming its line, so every size stated is checked.
fn line_claims(document: &str, text: &str) -> Vec<Result<LineClaim, String>> {
    let directory = Path::new(document).parent().unwrap();
    let is_file = |target: &str| workspace_root().join(directory).join(target).is_file();
    // Paragraphs of prose, each line of a table on its own, with the
    // document's line number of each paragraph's first line.
    let mut paragraphs: Vec<(usize, String)> = Vec::new();
    let mut in_code = false;
    let mut current: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        in_code ^= fence;
        let prose = !(fence || in_code || line.trim().is_empty() || line.starts_with('#'));
        if !prose || line.starts_with('|') {
            paragraphs.extend(current.take());
        }
        if prose {
            // Inline code is blanked, backticks too (so the paragraph keeps
            // its length): a number there is an example.
            let blanked: String = line
                .split('`')
                .enumerate()
                .map(|(n, part)| {
                    if n % 2 == 0 {
                        part.to_owned()
                    } else {
                        " ".repeat(part.len() + 2)
                    }
                })
                .collect();
            let (_, paragraph) = current.get_or_insert_with(|| (i + 1, String::new()));
            paragraph.push_str(&blanked);
            paragraph.push('\n');
            if line.starts_with('|') {
                paragraphs.extend(current.take());
            }
        }
    }
    paragraphs.extend(current);
    let mut claims = Vec::new();
    for (first_line, paragraph) in paragraphs {
        // Sentences end at '.', '!' or '?' before a space or a line break
        // (so `lib.rs` does not end one).
        let mut sentences = Vec::new();
        let mut start = 0;
        let bytes = paragraph.as_bytes();
        for i in 0..bytes.len() {
            let end = matches!(bytes[i], b'.' | b'!' | b'?')
                && bytes.get(i + 1).is_none_or(u8::is_ascii_whitespace);
            if end || i + 1 == bytes.len() {
                sentences.push(start..i + 1);
                start = i + 1;
            }
        }
        for range in sentences {
            let sentence = &paragraph[range.clone()];
            // (where, target) of each link to a file.
            let files: Vec<(usize, &str)> = sentence
                .match_indices("](")
                .filter_map(|(at, _)| {
                    let target = sentence[at + 2..].split(')').next()?;
                    let target = target.split('#').next()?;
                    (!target.is_empty() && is_file(target)).then_some((at, target))
                })
                .collect();
            // (where, word) of each word, punctuation around it left out.
            let words: Vec<(usize, &str)> = sentence
                .split_whitespace()
                .map(|w| {
                    let at = w.as_ptr() as usize - sentence.as_ptr() as usize;
                    (
                        at,
                        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-' && c != ','),
                    )
                })
                .map(|(at, w)| (at, w.trim_end_matches(',')))
                .collect();
            for (i, &(at, word)) in words.iter().enumerate() {
                // "82 lines", "three hundred lines" or "82-line".
                let (amount, before) = if word == "lines" {
                    let first = (0..i)
                        .rev()
                        .take_while(|&j| number(words[j].1).is_some())
                        .last();
                    let Some(first) = first else { continue };
                    let amount: Vec<&str> = words[first..i].iter().map(|w| w.1).collect();
                    (amount.join(" "), first)
                } else if let Some(digits) =
                    word.strip_suffix("-line").or(word.strip_suffix("-lines"))
                    && number(digits).is_some()
                    && digits.chars().all(|c| c.is_ascii_digit() || c == ',')
                {
                    (digits.to_owned(), i)
                } else {
                    continue;
                };
                let lines = number(&amount).unwrap();
                let previous = |n: usize| before.checked_sub(n).map(|j| words[j].1.to_lowercase());
                let qualifier = match (previous(2).as_deref(), previous(1).as_deref()) {
                    (_, Some("about" | "around" | "some" | "roughly" | "nearly")) => "about",
                    (_, Some("under" | "below")) | (Some("fewer" | "less"), Some("than")) => {
                        "under"
                    }
                    (_, Some("over")) | (Some("more"), Some("than")) => "over",
                    _ => "",
                };
                let from = before.saturating_sub(usize::from(!qualifier.is_empty()));
                let text = format!(
                    "{} {}",
                    words[from..i]
                        .iter()
                        .map(|w| w.1)
                        .collect::<Vec<_>>()
                        .join(" "),
                    word
                );
                let line = first_line + paragraph[..range.start + at].matches('\n').count();
                let file = files
                    .iter()
                    .rev()
                    .find(|(link, _)| *link < at)
                    .or_else(|| files.iter().find(|(link, _)| *link > at));
                claims.push(match file {
                    Some((_, file)) => Ok(LineClaim {
                        text,
                        line,
                        qualifier,
                        lines,
                        file: (*file).to_owned(),
                    }),
                    None => Err(format!(
                        "{document}:{line}: \"{text}\" links no file in its sentence, so its size cannot be checked: link the file it is about, or say it without a number of lines"
                    )),
                });
            }
        }
    }
    claims
}

/// Every size in lines the guide (and the README) gives a file of the
/// workspace is the file's: "82 lines" is exactly the count `wc -l` gives
/// (its line breaks), "about 800 lines" is within a tenth of it either way,
/// "under three hundred lines" is more than the count ("over" and "more
/// than", less). A claim is about the file its sentence links to (see
/// [`line_claims`]); one that links none fails, so no size goes unchecked.
#[test]
fn the_guides_line_counts_are_the_files() {
    let mut wrong = Vec::new();
    let mut checked = Vec::new();
    for document in ["docs/writing-a-game.md", "README.md"] {
        for claim in line_claims(document, &read(document)) {
            let claim = match claim {
                Ok(claim) => claim,
                Err(problem) => {
                    wrong.push(problem);
                    continue;
                }
            };
            // "docs/../games/x" read as "games/x".
            let mut relative = Path::new(document).parent().unwrap().to_path_buf();
            for part in Path::new(&claim.file).components() {
                match part {
                    std::path::Component::ParentDir => {
                        relative.pop();
                    }
                    part => relative.push(part),
                }
            }
            let count = read(&relative.to_string_lossy()).matches('\n').count() as u64;
            let n = claim.lines;
            let holds = match claim.qualifier {
                "about" => count.abs_diff(n) * 10 <= n,
                "under" => count < n,
                "over" => count > n,
                _ => count == n,
            };
            if !holds {
                wrong.push(format!(
                    "{document}:{}: \"{}\" about {}, which has {count} lines (wc -l)",
                    claim.line,
                    claim.text,
                    relative.display()
                ));
            }
            checked.push(format!("{}: {}", relative.display(), claim.text));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Klondike's lib.rs, Foundations, the C game, the template.
    assert!(checked.len() >= 4, "only these claims found: {checked:#?}");
}
