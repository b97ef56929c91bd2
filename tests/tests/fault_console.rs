//! The real console, driven by egui_kittest, on a games directory holding
//! every fault fixture at once plus Chat Noir: every problem is shown with
//! its file, each broken game explains itself when clicked, a game that
//! panics while starting, drawing, handling input or closing loses its
//! window with the message while the console stays and the game starts
//! again, and Chat Noir plays throughout.

#[path = "../fixtures/faults.rs"]
mod faults;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use faults::{FAULTS, FaultGames, Found, fault, lay_out};
use game_api::Point;
use launcher::LauncherApp;
use launcher::catalog::Severity;
use launcher::help_viewer::HelpWindows;
use launcher_tests::Settle;
use support::open_dirs;

mod support;

struct Console {
    harness: Harness<'static, LauncherApp>,
    games: FaultGames,
    _cache: tempfile::TempDir,
}

fn console() -> Console {
    let games = lay_out();
    let cache = tempfile::tempdir().unwrap();
    let mut config = launcher_tests::console_config([games.games.path(), games.more.as_path()]);
    // The launcher's own not-responding time, as the tests of hangs use a
    // short one: some of these games are slow on every frame (Garbage
    // draws a million circles), and on a loaded machine a window that keeps
    // re-reading such a game is only ever settled by being "not responding".
    config.processes.answer_within = launcher::game_host::DEFAULT_ANSWER_WITHIN;
    let app =
        LauncherApp::new(config).with_help_windows(HelpWindows::new(cache.path().to_path_buf()));
    // Tall enough to show all thirty games and the problems under them.
    // Missing glyphs draw a box ("tofu"), as egui does by default outside
    // tests: game text may hold anything, U+FFFD for invalid UTF-8 included.
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([1600.0, 2600.0])
        .allow_missing_glyphs()
        .build_ui_state(|ui, app: &mut LauncherApp| app.frame(ui), app);
    harness.settle();
    Console {
        harness,
        games,
        _cache: cache,
    }
}

impl Console {
    fn click_game(&mut self, name: &str) {
        self.harness
            .get_by_role_and_label(Role::Button, name)
            .click();
        self.harness.settle();
    }

    fn open(&self) -> Vec<String> {
        open_dirs(&self.harness)
    }

    /// Waits (bounded) until the game windows open are `dirs`, as a click
    /// or a crash leaves them once the game's process has answered: on a
    /// loaded machine that may take more than the frames a settle runs.
    fn shows_open(&mut self, dirs: &[&str]) {
        launcher_tests::run_until(
            &mut self.harness,
            &format!("the game windows open to be {dirs:?}"),
            |h| open_dirs(h) == dirs,
        );
    }

    fn last_notice(&self) -> String {
        self.harness
            .state()
            .notices()
            .last()
            .map(|n| n.text.clone())
            .unwrap_or_default()
    }

    fn close_game_window(&mut self) {
        self.harness.get_by_label("Game").click();
        launcher_tests::run_until(&mut self.harness, "the Game menu open", |h| {
            h.query_by_label("Close window").is_some()
        });
        self.harness.get_by_label("Close window").click();
        self.harness.settle();
    }

    /// Chat Noir starts, takes events (one off the canvas, one not a
    /// number, one a move), draws without warnings, and closes quietly:
    /// its neighbours did not break it.
    fn chat_noir_plays(&mut self) {
        let notices = self.harness.state().notices().len();
        self.click_game("Chat Noir");
        self.shows_open(&["chat-noir"]);
        let game = self.harness.state_mut().open_game_mut("chat-noir").unwrap();
        for pos in [
            Point::new(-5.0, 1.0e9),
            Point::new(f32::NAN, 10.0),
            Point::new(60.0, 60.0),
        ] {
            game.send(&game_api::Event::PointerMove { pos }).unwrap();
            game.send(&game_api::Event::PointerRelease {
                pos,
                button: game_api::Button::Primary,
                modifiers: game_api::Modifiers::NONE,
            })
            .unwrap();
        }
        self.harness.settle();
        let game = self.harness.state_mut().open_game_mut("chat-noir").unwrap();
        assert!(game.warning().is_none(), "{:?}", game.warning());
        assert!(!game.drawing().shapes.is_empty());
        self.close_game_window();
        self.shows_open(&[]);
        assert_eq!(self.harness.state().notices().len(), notices);
    }
}

#[test]
fn the_console_shows_every_problem_with_its_file() {
    let mut c = console();
    for fault in FAULTS {
        let label = if fault.found == Found::Scan && fault.error {
            format!("{} (cannot start)", fault.name)
        } else {
            fault.name.to_owned()
        };
        c.harness.get_by_role_and_label(Role::Button, &label);
        if fault.found == Found::Scan {
            let level = if fault.error { "error" } else { "warning" };
            let file = c.games.file(fault);
            for part in fault.message {
                let shown = c
                    .harness
                    .query_all_by_label_contains(&format!("{level}: {}: ", file.display()))
                    .any(|node| {
                        // A label's text is its accesskit value.
                        node.accesskit_node()
                            .value()
                            .is_some_and(|l| l.contains(part))
                    });
                assert!(
                    shown,
                    "{}: no `{level}: {}: …{part}…`",
                    fault.dir,
                    file.display()
                );
            }
        }
    }
    c.harness.get_by_role_and_label(Role::Button, "Chat Noir");

    // A bad icon's button shows the fallback and, on hover, why.
    for (name, reason) in [
        ("Icon Not PNG", "the icon is not a usable PNG"),
        ("Icon Huge", "the icon is not a usable PNG"),
    ] {
        c.harness.get_by_role_and_label(Role::Button, name).hover();
        c.harness.settle();
        assert!(
            c.harness
                .query_all_by_label_contains(reason)
                .next()
                .is_some(),
            "{name}: no tooltip with `{reason}`"
        );
    }
    c.chat_noir_plays();
}

#[test]
fn each_broken_library_explains_itself_when_clicked_and_the_console_stays() {
    let mut c = console();
    for fault in FAULTS
        .iter()
        .filter(|f| f.found == Found::Load && f.error && f.dir != "panic-start")
    {
        c.click_game(fault.name);
        c.shows_open(&[]);
        let notice = c.last_notice();
        assert!(
            notice.starts_with(&format!("{} ", fault.name)),
            "{}: {notice}",
            fault.dir
        );
        for part in fault.message {
            assert!(notice.contains(part), "{}: {notice}", fault.dir);
        }
        c.harness.get_by_label_contains(&notice);
    }
    // Every notice is an error the player can read, and dismiss.
    let count = c.harness.state().notices().len();
    assert!(
        c.harness
            .state()
            .notices()
            .iter()
            .all(|n| n.severity == Severity::Error)
    );
    c.harness
        .query_all_by_label("Dismiss")
        .next()
        .unwrap()
        .click();
    c.harness.settle();
    assert_eq!(c.harness.state().notices().len(), count - 1);
    c.chat_noir_plays();
}

#[test]
fn a_game_that_panics_while_starting_is_reported_each_time_in_a_fresh_process() {
    let mut c = console();
    let said = "Panic Start could not start: the game crashed (panicked) in create: panic-start panicked while starting (start number 1)";
    c.click_game("Panic Start");
    c.shows_open(&[]);
    assert_eq!(c.last_notice(), said);
    c.harness
        .get_by_label_contains("panic-start panicked while starting");
    // Each start is a new game process: its first start again, not a
    // second start in a process the panic left behind.
    c.click_game("Panic Start");
    c.shows_open(&[]);
    assert_eq!(c.last_notice(), said);
    c.chat_noir_plays();
}

#[test]
fn a_game_that_panics_while_drawing_handling_input_or_closing_loses_its_window_and_starts_again() {
    let mut c = console();
    let again = "You can start it again from the console.";

    // Drawing.
    c.click_game("Panicky");
    c.shows_open(&["panicky"]);
    c.harness.get_by_label("Panic in draw").click();
    c.harness.settle();
    c.shows_open(&[]);
    assert_eq!(
        c.last_notice(),
        format!(
            "Panicky was closed: the game crashed (panicked) in draw: panicky panicked while drawing. {again}"
        )
    );

    // Handling input: the key "p".
    c.click_game("Panicky");
    c.shows_open(&["panicky"]);
    c.harness.key_press(egui::Key::P);
    c.harness.settle();
    c.shows_open(&[]);
    assert_eq!(
        c.last_notice(),
        format!(
            "Panicky was closed: the game crashed (panicked) in handle_event: panicky panicked handling a key. {again}"
        )
    );

    // Closing: the player closes the window; destroy panics, and says so.
    c.click_game("Panicky");
    c.shows_open(&["panicky"]);
    c.harness.get_by_label("Panic when closed").click();
    c.harness.settle();
    assert_eq!(c.open(), ["panicky"], "arming the panic is not one");
    c.close_game_window();
    c.shows_open(&[]);
    assert_eq!(
        c.last_notice(),
        "Panicky failed while closing: the game crashed (panicked) in destroy: panicky panicked while closing. Its window is closed; you can start it again from the console."
    );
    c.harness
        .get_by_label_contains("panicky panicked while closing");

    // And after all that, it starts and plays, as does everything else.
    c.click_game("Panicky");
    c.shows_open(&["panicky"]);
    c.harness.get_by_label("Press P to panic");
    c.close_game_window();
    c.shows_open(&[]);
    assert_eq!(
        c.harness.state().notices().len(),
        3,
        "closing normally says nothing"
    );
    c.chat_noir_plays();
}

#[test]
fn garbage_text_and_absurd_drawings_are_clamped_and_said_in_the_window() {
    let mut c = console();
    c.click_game("Garbage");
    c.shows_open(&["garbage"]);
    launcher_tests::run_until(&mut c.harness, "Garbage's title read", |h| {
        h.state().open_games()[0].title() == "G\u{fffd}\u{fffd}ar\u{fffd}"
    });
    let game = c.harness.state_mut().open_game_mut("garbage").unwrap();
    assert_eq!(game.status().len(), game_api::host::MAX_TEXT_BYTES);
    let warning = game.warning().unwrap().to_owned();
    for part in fault("garbage").message {
        let mut capital = part.chars();
        let first = capital.next().unwrap().to_uppercase().collect::<String>();
        assert!(
            warning.contains(&format!("{first}{}", capital.as_str())),
            "{warning}"
        );
    }
    c.harness.get_by_label(&warning);
    c.close_game_window();

    c.click_game("Huge Drawing");
    c.shows_open(&["huge-drawing"]);
    let game = c.harness.state_mut().open_game_mut("huge-drawing").unwrap();
    let warning = game.warning().unwrap().to_owned();
    assert!(
        warning.starts_with("The game drew 4 shapes with coordinates or sizes beyond ±1000000, 399644 shapes past the frame's limits"),
        "{warning}"
    );
    assert_eq!(game.drawing().shapes.len(), 357);
    c.harness.get_by_label(&warning);
    c.close_game_window();
    c.chat_noir_plays();
}

#[test]
fn broken_documents_open_a_help_window_that_says_why() {
    let mut c = console();
    for (dir, name, says) in [
        (
            "doc-binary",
            "Doc Binary",
            "looks binary (NUL byte at offset 22)",
        ),
        (
            "doc-huge",
            "Doc Huge",
            "is 5242880 bytes, more than the 1048576 bytes allowed",
        ),
    ] {
        c.harness
            .get_by_role_and_label(Role::Button, &format!("Help for {name}"))
            .click();
        c.harness.settle();
        c.harness.get_by_label("How to play").click();
        c.harness.settle();
        let window = c
            .harness
            .state()
            .help_windows()
            .text_window(dir)
            .unwrap_or_else(|| panic!("{dir}: no help window"));
        let error = window.error().unwrap_or_else(|| panic!("{dir}: shown"));
        assert!(error.contains(says), "{dir}: {error}");
        assert!(c.harness.query_all_by_label_contains(says).next().is_some());
    }
    c.chat_noir_plays();
}
