//! What every document says alike: the ABI's revision, the launcher's
//! name on the command line, and only characters the fonts draw.

use super::read;
use launcher_tests::workspace_root;

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
