//! The manual viewer as a player sees a CommonMark manual: nested lists and
//! quotes, aligned tables, footnotes, styled links, code blocks, task
//! lists, search highlights, links to other documents and to the web, and
//! the manuals that ship.
//!
//! Each test opens a manual as the launcher's own (Help > Launcher manual);
//! in the test harness its window is embedded in the console.

mod support;
use launcher_tests::Settle;
use support::format_in;

use egui::accesskit::{Role, Toggled};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use launcher::LauncherApp;
use launcher::help_viewer::{HelpOwner, HelpWindows};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A manual in a directory of its own, open in the viewer.
struct Viewer {
    dir: tempfile::TempDir,
    harness: Harness<'static, LauncherApp>,
}

impl Viewer {
    /// Opens `source` as `manual.md`, with `files` beside it.
    fn open(source: &str, files: &[(&str, &[u8])]) -> Viewer {
        let dir = tempfile::tempdir().unwrap();
        let manual = dir.path().join("manual.md");
        std::fs::write(&manual, source).unwrap();
        for (name, bytes) in files {
            std::fs::write(dir.path().join(name), bytes).unwrap();
        }
        Viewer::open_path(dir, manual)
    }

    /// Opens the manual at `manual`, keeping `dir` while the viewer lives.
    fn open_path(dir: tempfile::TempDir, manual: PathBuf) -> Viewer {
        let help = HelpWindows::new(dir.path().join("cache")).with_launcher_manual(manual);
        let app = LauncherApp::new(launcher_tests::console_config([dir.path().join("games")]))
            .with_help_windows(help);
        let mut harness = Harness::builder()
            .with_max_steps(launcher_tests::KITTEST_STEPS)
            .with_size([1400.0, 900.0])
            .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
        harness.settle();
        harness.get_by_role_and_label(Role::Button, "Help").click();
        harness.settle();
        harness.get_by_label("Launcher manual").click();
        harness.settle();
        Viewer { dir, harness }
    }

    fn rect(&self, label: &str) -> egui::Rect {
        self.harness.get_by_label(label).rect()
    }

    fn tag(&self) -> String {
        self.viewer().current_tag().to_string()
    }

    fn viewer(&self) -> &launcher::help_viewer::ManualViewer {
        self.harness
            .state()
            .help_windows()
            .manual_viewer(&HelpOwner::Launcher)
            .expect("the viewer is open")
    }

    /// The text galleys drawn last frame whose text contains `needle`.
    fn galleys_with(&self, needle: &str) -> Vec<Arc<egui::Galley>> {
        support::galleys_with(&self.harness, needle)
    }

    /// The format of the text `needle` in the one galley that holds it.
    fn format_of(&self, needle: &str) -> egui::TextFormat {
        let galleys = self.galleys_with(needle);
        assert_eq!(galleys.len(), 1, "one galley holds {needle:?}");
        format_in(&galleys[0], needle)
    }
}

#[test]
fn nested_lists_are_indented_level_by_level_with_their_blocks() {
    let v = Viewer::open(
        "# Lists\n\n\
         - Fruit\n  - Apples\n    1. Cox\n    2. Gala\n  - Pears\n\n\
         - Tools, with a paragraph\n\n  A second paragraph of the item.\n\n  ```\n  make --fast\n  ```\n",
        &[],
    );
    let (fruit, apples, cox) = (v.rect("Fruit"), v.rect("Apples"), v.rect("Cox"));
    assert!(apples.left() > fruit.left() + 10.0, "{apples:?} {fruit:?}");
    assert!(cox.left() > apples.left() + 10.0, "{cox:?} {apples:?}");
    assert!((v.rect("Pears").left() - apples.left()).abs() < 1.0);
    assert!((v.rect("Gala").left() - cox.left()).abs() < 1.0);
    // Each level has its mark, numbers for the numbered list.
    assert!(v.rect("1.").right() <= cox.left() && v.rect("2.").top() > v.rect("1.").top());
    let dash = v
        .harness
        .get_all_by_label("–")
        .next()
        .expect("a dash")
        .rect();
    assert!(dash.right() <= apples.left() && dash.left() > fruit.left() - 20.0);
    // The item's second paragraph and its code sit under its first line.
    let tools = v.rect("Tools, with a paragraph");
    let second = v.rect("A second paragraph of the item.");
    assert!((second.left() - tools.left()).abs() < 1.0 && second.top() > tools.bottom());
    let code = v.format_of("make --fast");
    assert_eq!(code.font_id.family, egui::FontFamily::Monospace);
    assert!(v.rect("make --fast").left() >= tools.left());
}

#[test]
fn block_quotes_nest() {
    let v = Viewer::open(
        "# Quotes\n\nOutside.\n\n> Said once.\n>\n> > Said twice.\n>\n> - listed\n",
        &[],
    );
    let (outside, once, twice) = (
        v.rect("Outside."),
        v.rect("Said once."),
        v.rect("Said twice."),
    );
    assert!(once.left() > outside.left() + 5.0);
    assert!(twice.left() > once.left() + 5.0);
    assert!(v.rect("listed").left() > once.left());
}

#[test]
fn table_cells_are_in_a_grid_and_columns_keep_their_alignment() {
    let v = Viewer::open(
        "# Scores\n\n\
         | player | points | note |\n| :-- | --: | :-: |\n\
         | Ann | 7 | first |\n| Bartholomew | 1234 | a much longer note |\n\nAfter.\n",
        &[],
    );
    let (ann, bart) = (v.rect("Ann"), v.rect("Bartholomew"));
    let (seven, big) = (v.rect("7"), v.rect("1234"));
    // A grid: rows level, columns stacked.
    assert!((ann.center().y - seven.center().y).abs() < 2.0);
    assert!(seven.left() > ann.right());
    assert!(bart.top() >= ann.bottom());
    assert!((ann.left() - bart.left()).abs() < 1.0, "left aligned");
    // Right aligned: the numbers end together; centred: the notes share a centre.
    assert!(
        (seven.right() - big.right()).abs() < 1.5,
        "{seven:?} {big:?}"
    );
    assert!(seven.left() > big.left() + 5.0);
    let (first, long) = (v.rect("first"), v.rect("a much longer note"));
    assert!(
        (first.center().x - long.center().x).abs() < 1.5,
        "{first:?} {long:?}"
    );
    // The header is strong.
    let strong = v.harness.ctx.global_style().visuals.strong_text_color();
    assert_eq!(v.format_of("points").color, strong);
    assert!(v.rect("After.").top() > bart.bottom());
}

#[test]
fn a_footnote_mark_leads_to_its_definition_and_back() {
    let filler: String = (1..=60)
        .map(|i| format!("Filler paragraph {i}.\n\n"))
        .collect();
    let v = Viewer::open(
        &format!(
            "# Notes\n\nThe cat waits.[^wait]\n\n{filler}## Later\n\nMore.\n\n[^wait]: It always does.\n"
        ),
        &[],
    );
    let mut v = v;
    let mark = v.harness.get_by_role_and_label(Role::Link, "[1]");
    let before = v.rect("It always does.");
    assert!(
        before.top() > 900.0,
        "the definition starts out of view: {before:?}"
    );
    mark.click();
    v.harness.settle();
    let after = v.rect("It always does.");
    assert!(
        after.top() > 40.0 && after.bottom() < 700.0,
        "scrolled into view: {after:?}"
    );
    // Its number leads back to the text.
    assert!(
        v.rect("The cat waits.").top() < 0.0,
        "the text scrolled away"
    );
    v.harness.get_by_role_and_label(Role::Link, "1.").click();
    v.harness.settle();
    let text = v.rect("The cat waits.");
    assert!(text.top() > 40.0 && text.bottom() < 700.0, "{text:?}");
    // The definition is not shown where it was written, only once.
    assert_eq!(v.harness.query_all_by_label("It always does.").count(), 1);
}

#[test]
fn a_link_keeps_the_emphasis_inside_it_and_goes_to_its_section() {
    let mut v = Viewer::open(
        "# Start\n\nRead [the *real* rules](#rules) first.\n\n# Rules {#rules}\n\nNo cheating.\n",
        &[],
    );
    v.harness
        .get_by_role_and_label(Role::Link, "the real rules");
    let italic = v.format_of("real rules");
    assert!(italic.italics);
    let hyperlink = v.harness.ctx.global_style().visuals.hyperlink_color;
    assert_eq!(italic.color, hyperlink);
    assert!(!format_in(&v.galleys_with("real rules")[0], "the ").italics);
    v.harness
        .get_by_role_and_label(Role::Link, "the real rules")
        .click();
    v.harness.settle();
    assert_eq!(v.tag(), "rules");
    assert!(v.harness.query_by_label("No cheating.").is_some());
    assert!(v.harness.query_by_label_contains("first.").is_none());
}

#[test]
fn code_blocks_are_monospaced_and_keep_their_lines() {
    let long = "x".repeat(300);
    let v = Viewer::open(
        &format!(
            "# Code\n\nBefore.\n\n```rust\nfn main() {{\n    println!(\"{long}\");\n}}\n```\n\n    indented block\n"
        ),
        &[],
    );
    let galleys = v.galleys_with("fn main() {");
    assert_eq!(galleys.len(), 1);
    let code = &galleys[0];
    assert_eq!(
        format_in(code, "println").font_id.family,
        egui::FontFamily::Monospace
    );
    // Three lines, the long one not wrapped (the block scrolls sideways).
    assert_eq!(code.rows.len(), 3, "{:?}", code.text());
    assert!(code.size().x > 1000.0);
    assert_eq!(
        v.format_of("indented block").font_id.family,
        egui::FontFamily::Monospace
    );
    assert_eq!(
        v.format_of("Before.").font_id.family,
        egui::FontFamily::Proportional
    );
}

#[test]
fn task_list_items_have_checkboxes() {
    let v = Viewer::open("# Tasks\n\n- [x] Sweep\n- [ ] Mop\n", &[]);
    let boxes: Vec<Option<Toggled>> = v
        .harness
        .get_all_by_role(Role::CheckBox)
        .map(|n| n.accesskit_node().toggled())
        .collect();
    assert_eq!(boxes, [Some(Toggled::True), Some(Toggled::False)]);
    let mop = v.harness.get_by_role_and_label(Role::CheckBox, "Mop");
    assert_eq!(mop.accesskit_node().toggled(), Some(Toggled::False));
    let text = |label: &str| {
        v.harness
            .get_all_by_label(label)
            .find(|n| n.accesskit_node().role() == Role::Label)
            .expect("the item's text")
            .rect()
    };
    assert!(text("Mop").top() > text("Sweep").bottom() - 1.0);
    assert!(text("Mop").left() > mop.rect().right());
}

#[test]
fn search_matches_are_highlighted_on_the_page() {
    let mut v = Viewer::open(
        "# Board\n\nA cat escapes through a corner.\n\nNothing here.\n",
        &[],
    );
    let plain = v.format_of("corner");
    v.harness.get_by_label("Search").focus();
    v.harness.settle();
    v.harness.get_by_label("Search").type_text("CORNER");
    v.harness.settle();
    let page = v
        .galleys_with("A cat escapes through a corner.")
        .into_iter()
        .find(|g| g.text() == "A cat escapes through a corner.")
        .expect("the paragraph");
    let lit = format_in(&page, "corner");
    assert_ne!(lit.background, plain.background, "the match is highlighted");
    assert_eq!(format_in(&page, "escapes").background, plain.background);
    // The hit in the sidebar shows it too.
    let hit = v
        .galleys_with("through a corner")
        .into_iter()
        .find(|g| g.text().starts_with("Board\n"))
        .expect("the search result");
    assert_eq!(format_in(&hit, "corner").background, lit.background);
}

#[test]
fn a_link_to_another_document_beside_the_manual_opens_it_here() {
    let mut v = Viewer::open(
        "# Main\n\nSee [the extra rules](extra.md#scoring).\n",
        &[(
            "extra.md",
            b"# Extra\n\nIntro.\n\n## Scoring {#scoring}\n\nTen points.\n",
        )],
    );
    v.harness
        .get_by_role_and_label(Role::Link, "the extra rules")
        .click();
    v.harness.settle();
    assert_eq!(v.tag(), "scoring");
    assert!(v.viewer().path().unwrap().ends_with("extra.md"));
    v.harness.get_by_label("Ten points.");
    v.harness
        .get_by_role_and_label(Role::Button, "Back")
        .click();
    v.harness.settle();
    assert_eq!(v.tag(), "");
    assert!(v.viewer().path().unwrap().ends_with("manual.md"));
    v.harness.get_by_label_contains("See ");
}

#[cfg(unix)]
#[test]
fn a_web_link_opens_in_the_browser_named_by_browser() {
    let mut v = Viewer::open(
        "# Web\n\nThe [*project* site](https://example.org/x?a=1&b=2).\n",
        &[],
    );
    let log = v.dir.path().join("opened.txt");
    let script = v.dir.path().join("browser.sh");
    std::fs::write(
        &script,
        format!("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '{}'\n", log.display()),
    )
    .unwrap();
    // Run by `sh`, not executed itself: a script this process just wrote
    // cannot be executed while another test's child, forked in between,
    // still holds it open for writing (ETXTBSY, then `xdg-open` is tried).
    // SAFETY: the only test of this binary that reads or writes $BROWSER.
    unsafe { std::env::set_var("BROWSER", format!("sh '{}' %s", script.display())) };
    v.harness
        .get_by_role_and_label(Role::Link, "project site")
        .click();
    v.harness.settle();
    let deadline = std::time::Instant::now() + launcher_tests::PATIENCE;
    while !std::fs::read_to_string(&log).is_ok_and(|t| t.ends_with('\n')) {
        assert!(std::time::Instant::now() < deadline, "no browser started");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        "https://example.org/x?a=1&b=2\n"
    );
    assert_eq!(v.viewer().message(), None);
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A copy of a shipped manual (and what is beside it), opened in the viewer.
fn shipped(relative: &str) -> Viewer {
    let dir = tempfile::tempdir().unwrap();
    Viewer::open_path(dir, workspace().join(relative))
}

#[test]
fn the_launchers_manual_shows_its_fields_table_as_a_grid() {
    let mut v = shipped("docs/manual.md");
    v.harness
        .get_all_by_label("The manifest: info.toml")
        .find(|n| n.accesskit_node().role() != Role::Label)
        .expect("a contents entry")
        .click();
    v.harness.settle();
    assert_eq!(v.tag(), "info-toml");
    let (icon, png) = (v.rect("icon"), v.rect("<directory name>.png"));
    assert!((icon.center().y - png.center().y).abs() < 2.0);
    let (game, required) = (v.rect("game"), v.rect("(required)"));
    assert!((game.left() - icon.left()).abs() < 1.0 && icon.top() > game.bottom());
    assert!((required.left() - png.left()).abs() < 1.0);
    // The list under the table: its items' code in the monospaced font.
    assert_eq!(
        v.format_of("game = \"dot_catcher\"").font_id.family,
        egui::FontFamily::Monospace
    );
}

#[test]
fn chat_noirs_manual_shows_its_pictures_and_rules() {
    let mut v = shipped("games/chat-noir/manual.md");
    let pictures = v.harness.get_all_by_role(Role::Image).count();
    assert_eq!(pictures, 3, "every picture of the manual is drawn");
    v.harness
        .get_all_by_label("Rules")
        .find(|n| n.accesskit_node().role() != Role::Label)
        .expect("a contents entry")
        .click();
    v.harness.settle();
    assert_eq!(v.tag(), "rules");
    // "**Your move:** click a free …": one piece of text, its start strong.
    let item = v.galleys_with("Your move: click a free (light blue)");
    assert_eq!(item.len(), 1);
    let strong = v.harness.ctx.global_style().visuals.strong_text_color();
    assert_eq!(format_in(&item[0], "Your move:").color, strong);
    assert_ne!(format_in(&item[0], "click a free").color, strong);
}
