//! The help windows as a player sees them: text help (§4) and manuals (§3),
//! opened from the console, from a game's Help menu and by a game itself.
//!
//! In the test harness, viewports are embedded as egui windows titled like
//! the native window would be.
//!
//! Longer than most files: the §3 and §4 windows share their harness and
//! fixtures here; the manual's CommonMark rendering has its own file,
//! `manual_rendering.rs`.

mod support;
use launcher_tests::Settle;
use support::galleys_with;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use launcher::LauncherApp;
use launcher::help_viewer::{HelpKind, HelpOwner, HelpWindows};
use launcher::messages::HelpRequest;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Tests that set `$BROWSER` (or open a browser) run one at a time.
static BROWSER_ENV: Mutex<()> = Mutex::new(());

const DOC: &str = "\
**hidden editor note**
Test Game
=========

Catch the cat
before it escapes.

* Click a dot to block it.
* The cat moves
  after each click.
";

const MANUAL: &str = "\
# Test Game

Welcome. See [the rules](#rules) before you play.

## Rules {#rules}

The cat may not pass a blocked dot. A cat on the edge escapes through a corner.

## Strategy

Block early, block often.
";

/// A temporary games directory, a help cache and the launcher on them.
struct Fixture {
    dir: tempfile::TempDir,
}

impl Fixture {
    fn new() -> Fixture {
        let fixture = Fixture {
            dir: tempfile::tempdir().unwrap(),
        };
        std::fs::create_dir_all(fixture.games()).unwrap();
        fixture
    }

    fn games(&self) -> PathBuf {
        self.dir.path().join("games")
    }

    fn cache(&self) -> PathBuf {
        self.dir.path().join("cache")
    }

    /// Adds a game directory with an info.toml and the given files.
    fn game(&self, dir_name: &str, info: &str, files: &[(&str, &[u8])]) -> PathBuf {
        let dir = self.games().join(dir_name);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("info.toml"), info).unwrap();
        for (name, bytes) in files {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        dir
    }

    fn app(&self) -> LauncherApp {
        self.app_with(HelpWindows::new(self.cache()))
    }

    fn app_with(&self, help: HelpWindows) -> LauncherApp {
        LauncherApp::new(launcher_tests::console_config([self.games()])).with_help_windows(help)
    }

    fn harness(&self) -> Harness<'static, LauncherApp> {
        harness(self.app())
    }
}

fn harness(app: LauncherApp) -> Harness<'static, LauncherApp> {
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([1400.0, 900.0])
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    harness.settle();
    harness
}

/// The standard test game: doc.txt and manual.md.
fn test_game(fixture: &Fixture) -> PathBuf {
    fixture.game(
        "test-game",
        "game = \"test_game\"\nname = \"Test Game\"\n",
        &[
            ("doc.txt", DOC.as_bytes()),
            ("manual.md", MANUAL.as_bytes()),
        ],
    )
}

fn text_help(game: &str, title: &str, verbatim: bool) -> HelpRequest {
    HelpRequest::TextHelp {
        game: game.into(),
        title: title.into(),
        verbatim,
    }
}

/// Clicks "?" beside a game's button, then an entry of its menu.
fn console_help(harness: &mut Harness<'_, LauncherApp>, game_name: &str, entry: &str) {
    harness
        .get_by_role_and_label(Role::Button, &format!("Help for {game_name}"))
        .click();
    harness.settle();
    harness.get_by_label(entry).click();
    harness.settle();
}

/// The text a node shows: a label's value, another widget's label.
fn text_of(node: &egui_kittest::Node<'_>) -> String {
    let node = node.accesskit_node();
    let text = if node.role() == Role::Label {
        node.value()
    } else {
        node.label()
    };
    text.unwrap_or_default()
}

fn count(harness: &Harness<'_, LauncherApp>, label: &str) -> usize {
    harness.query_all_by_label(label).count()
}

#[test]
fn how_to_play_shows_the_formatted_text_help_in_a_window_titled_as_asked() {
    let fixture = Fixture::new();
    test_game(&fixture);
    let mut harness = fixture.harness();

    console_help(&mut harness, "Test Game", "How to play");

    assert_eq!(count(&harness, "Test Game Help"), 1, "the window's title");
    // The title line, flowed paragraph and bullets, formatted by §4's rules.
    harness.get_by_label("Test Game");
    harness.get_by_label("Catch the cat before it escapes.");
    harness.get_by_label("Click a dot to block it.");
    harness.get_by_label("The cat moves after each click.");
    assert_eq!(count(&harness, "•"), 2, "one bullet mark per bullet");
    assert!(harness.query_by_label("=========").is_none());
    assert!(
        harness
            .query_by_label_contains("hidden editor note")
            .is_none()
    );
    let window = harness
        .state()
        .help_windows()
        .text_window("test-game")
        .unwrap();
    assert_eq!(window.title(), "Test Game Help");
    assert!(!window.is_verbatim());
}

#[test]
fn the_context_menu_of_a_game_button_offers_its_help_too() {
    let fixture = Fixture::new();
    test_game(&fixture);
    let mut harness = fixture.harness();

    harness
        .get_by_role_and_label(Role::Button, "Test Game (cannot start)")
        .click_secondary();
    harness.settle();
    harness.get_by_label("How to play");
    harness.get_by_label("Manual").click();
    harness.settle();

    assert!(
        harness
            .state()
            .help_windows()
            .is_open(&HelpOwner::game("test-game"), HelpKind::Manual)
    );
    assert_eq!(count(&harness, "Test Game Manual"), 1);
}

#[test]
fn asking_again_brings_the_same_window_instead_of_a_second_one() {
    let fixture = Fixture::new();
    test_game(&fixture);
    let mut harness = fixture.harness();

    console_help(&mut harness, "Test Game", "How to play");
    console_help(&mut harness, "Test Game", "How to play");
    harness
        .state_mut()
        .request_help(text_help("test-game", "Test Game Help", false));
    harness.settle();

    assert_eq!(harness.state().help_windows().text_windows().len(), 1);
    assert_eq!(count(&harness, "Test Game Help"), 1);
    assert_eq!(count(&harness, "Click a dot to block it."), 1);
}

/// Escape closes the help window in front, as a dialog closes; the one
/// behind stays until Escape again.
#[test]
fn escape_closes_the_help_window_in_front() {
    let fixture = Fixture::new();
    test_game(&fixture);
    let mut harness = fixture.harness();
    console_help(&mut harness, "Test Game", "How to play");
    console_help(&mut harness, "Test Game", "Manual");
    assert_eq!(count(&harness, "Test Game Help"), 1);
    assert_eq!(count(&harness, "Test Game Manual"), 1);
    harness.key_press(egui::Key::Escape);
    harness.settle();
    assert_eq!(
        count(&harness, "Test Game Manual"),
        0,
        "the manual, in front, closed"
    );
    assert_eq!(
        count(&harness, "Test Game Help"),
        1,
        "the help behind it stays"
    );
    harness.key_press(egui::Key::Escape);
    harness.settle();
    assert!(harness.state().help_windows().is_empty());
}

#[test]
fn a_closed_help_window_opens_anew_when_asked_again() {
    let fixture = Fixture::new();
    test_game(&fixture);
    let mut harness = fixture.harness();

    console_help(&mut harness, "Test Game", "How to play");
    harness.get_by_role_and_label(Role::Button, "Close").click();
    harness.settle();
    assert!(harness.state().help_windows().is_empty());
    assert_eq!(count(&harness, "Test Game Help"), 0);
    assert!(harness.query_by_label("Click a dot to block it.").is_none());

    console_help(&mut harness, "Test Game", "How to play");
    assert_eq!(harness.state().help_windows().text_windows().len(), 1);
    assert_eq!(count(&harness, "Test Game Help"), 1);
    harness.get_by_label("Click a dot to block it.");
}

#[test]
fn verbatim_help_shows_the_file_as_it_is() {
    let fixture = Fixture::new();
    test_game(&fixture);
    let mut harness = fixture.harness();

    harness
        .state_mut()
        .request_help(text_help("test-game", "Raw Help", true));
    harness.settle();

    assert_eq!(count(&harness, "Raw Help"), 1);
    harness.get_by_label("=========");
    harness.get_by_label("**hidden editor note**");
    harness.get_by_label("* Click a dot to block it.");
    harness.get_by_label("  after each click.");
    assert_eq!(count(&harness, "•"), 0);
    assert!(
        harness
            .state()
            .help_windows()
            .text_window("test-game")
            .unwrap()
            .is_verbatim()
    );
}

#[test]
fn asking_with_another_title_or_mode_updates_the_open_window() {
    let fixture = Fixture::new();
    test_game(&fixture);
    let mut harness = fixture.harness();

    harness
        .state_mut()
        .request_help(text_help("test-game", "Formatted", false));
    harness.settle();
    harness
        .state_mut()
        .request_help(text_help("test-game", "Raw", true));
    harness.settle();

    assert_eq!(harness.state().help_windows().len(), 1);
    assert_eq!(count(&harness, "Formatted"), 0);
    assert_eq!(count(&harness, "Raw"), 1);
    harness.get_by_label("=========");
}

#[test]
fn a_missing_help_file_gives_a_clear_message_in_the_window() {
    let fixture = Fixture::new();
    fixture.game("bare", "game = \"bare\"\nname = \"Bare Game\"\n", &[]);
    let mut harness = fixture.harness();

    harness
        .state_mut()
        .request_help(text_help("bare", "Bare Game Help", false));
    harness.settle();

    assert_eq!(count(&harness, "Bare Game Help"), 1);
    harness.get_by_label("This help cannot be shown.");
    let message = harness.get_by_label_contains("not found");
    let text = text_of(&message);
    assert!(text.contains("doc.txt"), "{text}");
    assert!(harness.state().notices().is_empty());
}

#[test]
fn help_that_is_not_utf8_or_too_large_is_refused_with_a_message() {
    let fixture = Fixture::new();
    fixture.game("latin1", "game = \"x\"\n", &[("doc.txt", b"caf\xe9\n")]);
    let big = vec![b'a'; 2 * 1024 * 1024];
    fixture.game("huge", "game = \"y\"\n", &[("doc.txt", &big)]);
    let mut harness = fixture.harness();

    harness
        .state_mut()
        .request_help(text_help("latin1", "Latin-1", false));
    harness.settle();
    harness.get_by_label_contains("is not valid UTF-8");
    harness.get_by_role_and_label(Role::Button, "Close").click();
    harness.settle();

    harness
        .state_mut()
        .request_help(text_help("huge", "Huge", false));
    harness.settle();
    harness.get_by_label_contains("bytes allowed");
}

#[test]
fn help_for_a_game_that_is_not_there_is_a_notice() {
    let fixture = Fixture::new();
    let mut harness = fixture.harness();
    harness
        .state_mut()
        .request_help(text_help("nowhere", "Nowhere Help", false));
    harness.settle();
    assert!(harness.state().help_windows().is_empty());
    let notices = harness.state().notices();
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].text.contains("\"nowhere\""),
        "{}",
        notices[0].text
    );
}

#[test]
fn the_manual_viewer_shows_contents_and_follows_links() {
    let fixture = Fixture::new();
    test_game(&fixture);
    let mut harness = fixture.harness();

    console_help(&mut harness, "Test Game", "Manual");

    assert_eq!(count(&harness, "Test Game Manual"), 1);
    harness.get_by_label("Contents");
    // The contents list every section; the top of the manual shows them all.
    for title in ["Test Game", "Rules", "Strategy"] {
        assert_eq!(count(&harness, title), 2, "{title}: contents and heading");
    }
    harness.get_by_label("Block early, block often.");
    let viewer = harness
        .state()
        .help_windows()
        .manual_viewer(&HelpOwner::game("test-game"));
    assert_eq!(viewer.unwrap().current_tag(), "");

    harness
        .get_by_role_and_label(Role::Link, "the rules")
        .click();
    harness.settle();

    let viewer = harness
        .state()
        .help_windows()
        .manual_viewer(&HelpOwner::game("test-game"));
    assert_eq!(viewer.unwrap().current_tag(), "rules");
    harness.get_by_label_contains("may not pass a blocked dot");
    assert!(
        harness
            .query_by_label("Block early, block often.")
            .is_none()
    );
    assert!(harness.query_by_label_contains("Welcome.").is_none());

    // Back returns to the top; the contents go anywhere.
    harness.get_by_role_and_label(Role::Button, "Back").click();
    harness.settle();
    harness.get_by_label_contains("Welcome.");
    let strategy = harness
        .get_all_by_label("Strategy")
        .find(|n| n.accesskit_node().role() != Role::Label)
        .expect("a contents entry for Strategy");
    strategy.click();
    harness.settle();
    let viewer = harness
        .state()
        .help_windows()
        .manual_viewer(&HelpOwner::game("test-game"));
    assert_eq!(viewer.unwrap().current_tag(), "strategy");
    harness.get_by_label("Block early, block often.");
    assert!(harness.query_by_label_contains("may not pass").is_none());
}

#[test]
fn searching_the_manual_lists_sections_that_go_there_when_clicked() {
    let fixture = Fixture::new();
    test_game(&fixture);
    let mut harness = fixture.harness();
    console_help(&mut harness, "Test Game", "Manual");

    harness.get_by_label("Search").focus();
    harness.settle();
    harness.get_by_label("Search").type_text("corner");
    harness.settle();

    harness.get_by_label("1 match");
    let hit = harness
        .get_all_by_label_contains("through a corner")
        .find(|n| n.accesskit_node().role() == Role::Button)
        .expect("a search result button");
    let label = text_of(&hit);
    assert!(label.starts_with("Rules"), "{label}");
    hit.click();
    harness.settle();

    let viewer = harness
        .state()
        .help_windows()
        .manual_viewer(&HelpOwner::game("test-game"));
    assert_eq!(viewer.unwrap().current_tag(), "rules");
    assert!(
        harness
            .query_by_label("Block early, block often.")
            .is_none()
    );

    harness.get_by_label("Search").focus();
    harness.settle();
    harness.get_by_label("Search").type_text("zebra");
    harness.settle();
    harness.get_by_label("No matches");
}

#[test]
fn the_manual_viewer_shows_pictures_beside_the_manual() {
    let fixture = Fixture::new();
    let png =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/fallback-icon.png"))
            .unwrap();
    fixture.game(
        "pictures",
        "game = \"p\"\nname = \"Pictures\"\n",
        &[
            (
                "manual.md",
                b"# Pictures\n\n![A black cat](cat.png)\n\n![Gone](missing.png)\n",
            ),
            ("cat.png", &png),
        ],
    );
    let mut harness = fixture.harness();
    console_help(&mut harness, "Pictures", "Manual");

    let image = harness.get_by_label("A black cat");
    assert_eq!(image.accesskit_node().role(), Role::Image);
    harness.get_by_label("[picture: Gone]");
}

/// A console whose launcher manual is `source`, opened by the player with
/// Help > Launcher manual.
fn launcher_manual_open(fixture: &Fixture, source: &str) -> Harness<'static, LauncherApp> {
    let manual = fixture.dir.path().join("manual.md");
    std::fs::write(&manual, source).unwrap();
    let app = fixture.app_with(HelpWindows::new(fixture.cache()).with_launcher_manual(manual));
    let mut harness = harness(app);
    harness.get_by_role_and_label(Role::Button, "Help").click();
    harness.settle();
    harness.get_by_label("Launcher manual").click();
    harness.settle();
    harness
}

#[test]
fn the_launcher_manual_is_in_the_console_help_menu() {
    let fixture = Fixture::new();
    let harness = launcher_manual_open(
        &fixture,
        "# PLT Games\n\nPick a game.\n\n## Help\n\nPress ?.\n",
    );

    assert!(
        harness
            .state()
            .help_windows()
            .is_open(&HelpOwner::Launcher, HelpKind::Manual)
    );
    harness.get_by_label("Pick a game.");
}

#[test]
fn a_missing_launcher_manual_says_so_in_its_window() {
    let fixture = Fixture::new();
    let missing = fixture.dir.path().join("docs/manual.md");
    let app = fixture.app_with(HelpWindows::new(fixture.cache()).with_launcher_manual(missing));
    let mut harness = harness(app);

    harness.get_by_role_and_label(Role::Button, "Help").click();
    harness.settle();
    harness.get_by_label("Launcher manual").click();
    harness.settle();

    harness.get_by_label("This manual cannot be shown.");
    let message = harness.get_by_label_contains("is not installed");
    let text = text_of(&message);
    assert!(text.contains("docs/manual.md"), "{text}");
}

/// A `$BROWSER` that appends its argument to a file; restores the old value
/// when dropped.
struct RecordingBrowser {
    _guard: std::sync::MutexGuard<'static, ()>,
    _dir: tempfile::TempDir,
    log: PathBuf,
    old: Option<std::ffi::OsString>,
}

impl RecordingBrowser {
    #[cfg(unix)]
    fn install() -> RecordingBrowser {
        let guard = BROWSER_ENV.lock().unwrap_or_else(|e| e.into_inner());
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("opened.txt");
        let script = dir.path().join("browser.sh");
        std::fs::write(
            &script,
            format!("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '{}'\n", log.display()),
        )
        .unwrap();
        let old = std::env::var_os("BROWSER");
        // Run by `sh`, not executed itself: a script this process just
        // wrote cannot be executed while another test's child, forked in
        // between, still holds it open for writing (ETXTBSY).
        // SAFETY: the tests that read or write $BROWSER hold BROWSER_ENV.
        unsafe { std::env::set_var("BROWSER", format!("sh '{}'", script.display())) };
        RecordingBrowser {
            _guard: guard,
            _dir: dir,
            log,
            old,
        }
    }

    /// The URLs opened, waiting for the first (at most
    /// [`launcher_tests::PATIENCE`]).
    fn opened(&self) -> Vec<String> {
        let deadline = Instant::now() + launcher_tests::PATIENCE;
        loop {
            if let Ok(text) = std::fs::read_to_string(&self.log)
                && text.ends_with('\n')
            {
                return text.lines().map(str::to_owned).collect();
            }
            if Instant::now() > deadline {
                return Vec::new();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether nothing was opened (after giving a browser time to start).
    fn nothing_opened(&self) -> bool {
        std::thread::sleep(Duration::from_millis(300));
        !self.log.exists()
    }
}

impl Drop for RecordingBrowser {
    fn drop(&mut self) {
        // SAFETY: BROWSER_ENV is still held (the guard drops after this).
        unsafe {
            match &self.old {
                Some(old) => std::env::set_var("BROWSER", old),
                None => std::env::remove_var("BROWSER"),
            }
        }
    }
}

#[cfg(unix)]
#[test]
fn a_manual_section_opens_in_the_browser_at_its_tag() {
    let browser = RecordingBrowser::install();
    let fixture = Fixture::new();
    test_game(&fixture);
    let mut harness = fixture.harness();

    harness
        .state_mut()
        .request_help(HelpRequest::ManualSection {
            game: "test-game".into(),
            tag: "rules".into(),
        });
    harness.settle();

    assert!(
        harness.state().notices().is_empty(),
        "{:?}",
        harness.state().notices()
    );
    let page = fixture.cache().join("test-game").join("manual.html");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("id=\"rules\""), "{html}");
    let opened = browser.opened();
    assert_eq!(opened.len(), 1, "{opened:?}");
    assert_eq!(
        opened[0],
        format!("file://{}#rules", page.display()),
        "the page's URL at the section"
    );
    // The browser, not an in-app window.
    assert!(harness.state().help_windows().is_empty());
}

#[cfg(unix)]
#[test]
fn an_unknown_section_tag_is_refused_with_a_notice_naming_manual_and_tag() {
    let browser = RecordingBrowser::install();
    let fixture = Fixture::new();
    let game = test_game(&fixture);
    let mut harness = fixture.harness();

    harness
        .state_mut()
        .request_help(HelpRequest::ManualSection {
            game: "test-game".into(),
            tag: "ruels".into(),
        });
    harness.settle();

    let notices = harness.state().notices();
    assert_eq!(notices.len(), 1, "{notices:?}");
    let text = &notices[0].text;
    assert!(text.contains("#ruels"), "{text}");
    assert!(text.contains("\"ruels\""), "{text}");
    let manual = game.join("manual.md");
    assert!(text.contains(&manual.display().to_string()), "{text}");
    assert!(text.contains("did you mean \"rules\""), "{text}");
    // The notice is shown in the console.
    harness.get_by_label(text);
    assert!(browser.nothing_opened());
}

#[cfg(unix)]
#[test]
fn the_viewer_opens_the_page_shown_in_the_browser() {
    let browser = RecordingBrowser::install();
    let fixture = Fixture::new();
    test_game(&fixture);
    let mut harness = fixture.harness();
    console_help(&mut harness, "Test Game", "Manual");
    harness
        .get_by_role_and_label(Role::Link, "the rules")
        .click();
    harness.settle();

    harness
        .get_by_role_and_label(Role::Button, "Open in browser")
        .click();
    harness.settle();

    let page = fixture.cache().join("test-game").join("manual.html");
    assert_eq!(
        browser.opened(),
        vec![format!("file://{}#rules", page.display())]
    );
    let viewer = harness
        .state()
        .help_windows()
        .manual_viewer(&HelpOwner::game("test-game"));
    assert_eq!(viewer.unwrap().message(), None);
}

#[test]
fn a_game_without_a_manual_is_a_notice() {
    let fixture = Fixture::new();
    fixture.game("bare", "game = \"bare\"\nname = \"Bare Game\"\n", &[]);
    let mut harness = fixture.harness();
    harness
        .state_mut()
        .request_help(HelpRequest::ManualSection {
            game: "bare".into(),
            tag: String::new(),
        });
    harness.settle();
    let notices = harness.state().notices();
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].text.contains("Bare Game has no manual"),
        "{notices:?}"
    );
    assert!(harness.state().help_windows().is_empty());
}

/// A games directory with the fixture game `hello_game` (which asks for
/// its text help "Hello Help" when H is pressed), with a doc.txt and a manual.
fn hello_game() -> launcher_tests::GamesDir {
    let games = launcher_tests::GamesDir::new();
    let dir = games.add_with_library(
        "hello-game",
        "game = \"hello_game\"\nname = \"Hello Game\"\n",
        "hello_game",
    );
    std::fs::write(dir.join("doc.txt"), "Hello\n=====\n\n* Press H for help.\n").unwrap();
    std::fs::write(dir.join("manual.md"), MANUAL).unwrap();
    games
}

fn hello_harness(games: &launcher_tests::GamesDir, cache: &Path) -> Harness<'static, LauncherApp> {
    let app = LauncherApp::new(launcher_tests::console_config([games.path()]))
        .with_help_windows(HelpWindows::new(cache.to_path_buf()));
    let mut harness = harness(app);
    harness
        .get_by_role_and_label(Role::Button, "Hello Game")
        .click();
    harness.settle();
    assert_eq!(
        harness.state().open_games().len(),
        1,
        "{:?}",
        harness.state().notices()
    );
    harness
}

#[test]
fn a_game_asking_for_its_help_through_the_host_opens_the_window_it_names() {
    let games = hello_game();
    let cache = tempfile::tempdir().unwrap();
    let mut harness = hello_harness(&games, cache.path());

    harness.key_press(egui::Key::H);
    harness.settle();

    assert_eq!(
        count(&harness, "Hello Help"),
        1,
        "the title the game asked for"
    );
    harness.get_by_label("Press H for help.");
    harness.key_press(egui::Key::H);
    harness.settle();
    assert_eq!(harness.state().help_windows().len(), 1);
}

#[test]
fn the_help_menu_of_a_game_window_opens_its_help_and_manual() {
    let games = hello_game();
    let cache = tempfile::tempdir().unwrap();
    let mut harness = hello_harness(&games, cache.path());

    // The console's Help menu comes first, the game window's last.
    let open_game_help = |harness: &mut Harness<'_, LauncherApp>, entry: &str| {
        harness
            .get_all_by_role_and_label(Role::Button, "Help")
            .last()
            .unwrap()
            .click();
        harness.settle();
        harness.get_by_role_and_label(Role::Button, entry).click();
        harness.settle();
    };
    open_game_help(&mut harness, "How to play");
    assert_eq!(count(&harness, "Hello Game Help"), 1);
    harness.get_by_label("Press H for help.");

    open_game_help(&mut harness, "Manual");
    assert_eq!(count(&harness, "Hello Game Manual"), 1);
    harness.get_by_role_and_label(Role::Link, "the rules");
    assert_eq!(harness.state().help_windows().len(), 2);
}

#[test]
fn the_manual_viewer_shows_tables_cell_by_cell() {
    let fixture = Fixture::new();
    let harness = launcher_manual_open(
        &fixture,
        "# Fields\n\n| field | default |\n| --- | --- |\n| game-set | \"Other Games\" |\n| icon | `<dir>.png` |\n\nAfter the table.\n",
    );

    // Each cell is its own label, laid out in rows and columns: a cell's
    // neighbour in its row is level with it and to its right.
    let rect = |label: &str| harness.get_by_label(label).rect();
    for header in ["field", "default"] {
        harness.get_by_label(header);
    }
    let (set, default) = (rect("game-set"), rect("\"Other Games\""));
    assert!((set.center().y - default.center().y).abs() < 2.0);
    assert!(default.left() > set.right());
    let icon = rect("icon");
    assert!(icon.top() >= set.bottom(), "rows are stacked");
    assert!((icon.left() - set.left()).abs() < 2.0, "columns line up");
    assert!((rect("<dir>.png").left() - default.left()).abs() < 2.0);
    assert!(rect("After the table.").top() > icon.bottom());
}

/// The font of the run of `galley` that holds `needle`.
fn font_of(galley: &egui::Galley, needle: &str) -> egui::FontId {
    support::format_in(galley, needle).font_id
}

/// Issue 17 (9): search results show their snippet at the body text's
/// size, not egui's small size (about 8 pixels high).
#[test]
fn search_snippets_are_as_large_as_body_text() {
    let fixture = Fixture::new();
    test_game(&fixture);
    let mut harness = fixture.harness();
    console_help(&mut harness, "Test Game", "Manual");
    harness.get_by_label("Search").focus();
    harness.settle();
    harness.get_by_label("Search").type_text("corner");
    harness.settle();
    let body = harness.ctx.global_style().text_styles[&egui::TextStyle::Body].size;
    let galleys = galleys_with(&harness, "through a corner");
    let snippet = galleys
        .iter()
        .find(|g| g.text().starts_with("Rules\n"))
        .expect("the search result");
    let font = font_of(snippet, "through a corner");
    assert!(font.size >= body, "{font:?}, body text is {body}");
}

/// Issue 17 (11): the pattern table of Lights Out's help is in the
/// monospaced font, its backticks not shown; the words around it are not.
#[test]
fn lights_out_help_shows_its_pattern_table_monospaced() {
    let games = launcher_tests::GamesDir::new();
    games.add_bundled("lights-out", "lights_out");
    let cache = tempfile::tempdir().unwrap();
    let mut harness = harness(
        LauncherApp::new(launcher_tests::console_config([games.path()]))
            .with_help_windows(HelpWindows::new(cache.path().to_owned())),
    );
    console_help(&mut harness, "Lights Out", "How to play");
    for (pattern, rest) in [
        ("###..", " at the bottom: press top light 2."),
        (".#.#.", " at the bottom: press top lights 1 and 4."),
        ("..###", " at the bottom: press top light 4."),
    ] {
        harness
            .get_by_label(&format!("{pattern}{rest}"))
            .scroll_to_me();
        harness.settle();
        let galleys = galleys_with(&harness, &format!("{pattern}{rest}"));
        let galley = galleys.first().expect("the bullet is drawn");
        assert_eq!(
            font_of(galley, pattern).family,
            egui::FontFamily::Monospace,
            "{pattern}"
        );
        assert_eq!(
            font_of(galley, "press top").family,
            egui::FontFamily::Proportional
        );
    }
    assert!(
        harness.query_by_label_contains("`").is_none(),
        "no backticks shown"
    );
}

/// Issue 41, attack 1: a game whose `doc.txt` is a relative link to the
/// player's key, its folder copied into the games directory (and a manual
/// whose picture and linked document lead out too). `--list` warned, yet
/// the game's `show_text_help` showed the key. Every way the console shows
/// a document refuses the link, saying why, and shows nothing of the key:
/// the game's own request (through its sandboxed process), the game
/// window's Help menu (the file a link by then, as after the catalog
/// looked), the manual's picture and linked document, and the page for
/// the browser.
#[cfg(unix)]
#[test]
fn no_help_is_read_through_a_link_out_of_the_game_folder() {
    use std::os::unix::fs::symlink;
    let _browser = RecordingBrowser::install();
    let home = tempfile::tempdir().unwrap();
    let key = "-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXk";
    let secret = home.path().join("id_rsa");
    std::fs::write(&secret, format!("{key}\n")).unwrap();
    std::fs::write(home.path().join("notes.md"), format!("# Notes\n\n{key}\n")).unwrap();
    let games = hello_game();
    let dir = games.path().join("hello-game");
    // A relative link climbs to the root and down to the key, as a folder
    // unpacked anywhere would.
    let up = "../".repeat(dir.components().count());
    let relative = |to: &Path| format!("{up}{}", to.strip_prefix("/").unwrap().display());
    symlink(relative(&secret), dir.join("key.png")).unwrap();
    symlink(
        relative(&home.path().join("notes.md")),
        dir.join("notes.md"),
    )
    .unwrap();
    std::fs::write(
        dir.join("manual.md"),
        "# Hello\n\nRead [the notes](notes.md).\n\n![The key](key.png)\n\n## Rules {#rules}\n\nPress H.\n",
    )
    .unwrap();
    let cache = tempfile::tempdir().unwrap();
    let mut harness = hello_harness(&games, cache.path());
    // The help is a regular file as the console scans, so its menus offer
    // it, and a link by the time it is shown (the console reads the file
    // as it shows it, after any look of the catalog's).
    let link = dir.join(".doc-link");
    symlink(relative(&secret), &link).unwrap();
    std::fs::rename(&link, dir.join("doc.txt")).unwrap();
    let shows_no_key = |harness: &Harness<'_, LauncherApp>, how: &str| {
        assert_eq!(
            harness.query_all_by_label_contains("PRIVATE KEY").count(),
            0,
            "{how} showed the key"
        );
    };
    let text_error = |harness: &Harness<'_, LauncherApp>| {
        let windows = harness.state().help_windows();
        let window = windows.text_window("hello-game").expect("a help window");
        window.error().unwrap_or_default().to_owned()
    };

    // The game asks for its help (H), through its process.
    harness.key_press(egui::Key::H);
    harness.settle();
    assert_eq!(count(&harness, "Hello Help"), 1);
    let error = text_error(&harness);
    assert!(
        error.contains("doc.txt")
            && error.contains("leads out of")
            && error.contains("through a link"),
        "{error}"
    );
    harness.get_by_label_contains("leads out of");
    shows_no_key(&harness, "the game's show_text_help");

    // Closed, so that the game window's menu is the last Help button.
    harness.key_press(egui::Key::Escape);
    harness.settle();
    assert!(harness.state().help_windows().is_empty());

    // The game window's Help menu (the console's asks the same way).
    harness
        .get_all_by_role_and_label(Role::Button, "Help")
        .last()
        .unwrap()
        .click();
    harness.settle();
    harness
        .get_by_role_and_label(Role::Button, "How to play")
        .click();
    harness.settle();
    assert_eq!(count(&harness, "Hello Game Help"), 1);
    let error = text_error(&harness);
    assert!(
        error.contains("doc.txt")
            && error.contains("leads out of")
            && error.contains("through a link"),
        "{error}"
    );
    harness.get_by_label_contains("leads out of");
    shows_no_key(&harness, "the game window's Help menu");

    // The manual: its picture, and the document it links to.
    harness
        .get_all_by_role_and_label(Role::Button, "Help")
        .last()
        .unwrap()
        .click();
    harness.settle();
    harness
        .get_by_role_and_label(Role::Button, "Manual")
        .click();
    harness.settle();
    harness.get_by_label("[picture: The key]");
    harness
        .get_by_role_and_label(Role::Link, "the notes")
        .click();
    harness.settle();
    let viewer = harness
        .state()
        .help_windows()
        .manual_viewer(&HelpOwner::game("hello-game"))
        .expect("the manual viewer");
    let message = viewer.message().unwrap_or_default();
    assert!(message.contains("leads out of"), "{message}");
    assert_eq!(viewer.manual().unwrap().title(), "Hello");
    shows_no_key(&harness, "the manual viewer");

    // The page for the browser copies no picture through the link.
    harness
        .state_mut()
        .request_help(HelpRequest::ManualSection {
            game: "hello-game".into(),
            tag: "rules".into(),
        });
    harness.settle();
    let page_dir = cache.path().join("hello-game");
    assert!(page_dir.join("manual.html").exists());
    assert!(
        !page_dir.join("key.png").exists(),
        "the key was copied beside the page"
    );
}

/// Issue 41, attack 7 (a manual's pictures): a manual of 40 pictures of
/// 4096 × 4096 left the manual window blank for 20 s, the console at 367 MB
/// and Ctrl+Q ignored, as each was decoded in the frame that drew it. They
/// are decoded on the viewer's thread, one at a time: the first frame shows
/// the page with "(loading…)" in their places, and the console answers
/// meanwhile; the textures they become stay within
/// `MAX_MANUAL_PICTURE_BYTES`, and each picture past it says why.
#[test]
fn a_manual_of_huge_pictures_never_stops_the_console_and_stays_within_its_memory() {
    use launcher::help_viewer::MAX_MANUAL_PICTURE_BYTES;
    let fixture = Fixture::new();
    let png = game_raster::RasterPainter::new(4096, 4096, 1.0).to_png();
    let names: Vec<String> = (0..40).map(|i| format!("p{i}.png")).collect();
    let mut manual = String::from("# Pictures\n\n");
    for name in &names {
        manual.push_str(&format!("![Picture {name}]({name})\n\n"));
    }
    let mut files: Vec<(&str, &[u8])> = vec![("manual.md", manual.as_bytes())];
    files.extend(names.iter().map(|n| (n.as_str(), png.as_slice())));
    fixture.game(
        "huge-pictures",
        "game = \"h\"\nname = \"Huge Pictures\"\n",
        &files,
    );
    let mut harness = fixture.harness();
    harness
        .get_by_role_and_label(Role::Button, "Help for Huge Pictures")
        .click();
    harness.settle();
    harness.get_by_label("Manual").click();
    // Frame by frame until the page is drawn: its pictures are not there
    // yet, and the frame did not wait for them.
    let deadline = Instant::now() + launcher_tests::PATIENCE;
    while harness
        .query_all_by_label_contains("Picture p")
        .next()
        .is_none()
    {
        assert!(
            Instant::now() < deadline,
            "the manual's page is never drawn"
        );
        harness.step();
    }
    assert!(
        harness
            .query_all_by_label_contains("(loading…)")
            .next()
            .is_some(),
        "the frame that drew the page decoded its pictures"
    );

    harness.settle();
    let viewer = harness
        .state()
        .help_windows()
        .manual_viewer(&HelpOwner::game("huge-pictures"))
        .expect("the manual viewer");
    let shown = harness.query_all_by_role(Role::Image).count();
    let refused = viewer.refused_pictures();
    assert!(viewer.picture_bytes() <= MAX_MANUAL_PICTURE_BYTES);
    assert!(shown > 0, "the first pictures are shown");
    assert_eq!(shown + refused.len(), names.len(), "{refused:?}");
    for (path, why) in &refused {
        assert!(why.contains("would take more than 96 MiB"), "{path}: {why}");
    }
    assert_eq!(harness.query_all_by_label_contains("(loading…)").count(), 0);
}
