//! The launcher's midend in the real console (egui_kittest), with the
//! `counter` fixture, a game that opts in to every revision-2 function:
//! New game, Restart, Undo and Redo (buttons and shortcuts, across New game
//! and Restart), the Game ID field and its error, Random seed…, results
//! counted in the statistics, resume from the state directory, and ticks
//! only while the game asks for them.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use game_api::Point;
use launcher::LauncherApp;
use launcher::player::PlayerFiles;
use launcher_tests::GamesDir;
use launcher_tests::Settle;
use std::path::Path;
use support::{click_at, enter_id};

mod support;

const DIR: &str = "counter";

fn games() -> GamesDir {
    let games = GamesDir::new();
    games.add_with_library(DIR, "game = \"counter\"\nname = \"Counter\"\n", "counter");
    games
}

/// The console, with the player's files in `player` when given.
fn console(games: &GamesDir, player: Option<&Path>) -> Harness<'static, LauncherApp> {
    let mut config = launcher_tests::console_config([games.path()]);
    config.player = player.map(PlayerFiles::in_dir);
    // Frames as a screen shows them, so that two clicks can be a double
    // click (the harness's default is four frames a second).
    let mut harness = Harness::builder()
        .with_size([900.0, 700.0])
        .with_step_dt(1.0 / 60.0)
        .with_max_steps(60)
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    harness.settle();
    harness
}

fn open_counter(harness: &mut Harness<'_, LauncherApp>) {
    if harness.state_mut().open_game_mut(DIR).is_some() {
        // Opened again by itself: it was open when the last console closed.
        return;
    }
    // With a player, "Recently played" shows it a second time: either opens it.
    harness
        .get_all_by_role_and_label(Role::Button, "Counter")
        .next()
        .expect("a button for the counter")
        .click();
    harness.settle();
    assert!(
        harness.state_mut().open_game_mut(DIR).is_some(),
        "it opened"
    );
}

fn status(harness: &mut Harness<'_, LauncherApp>) -> String {
    let game = harness.state_mut().open_game_mut(DIR).expect("open");
    game.status().to_owned()
}

fn count(harness: &mut Harness<'_, LauncherApp>) -> u32 {
    let status = status(harness);
    status
        .strip_prefix("Count: ")
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a count in {status:?}"))
}

/// Where the centre of the counter's canvas is on the screen.
fn canvas_centre(harness: &mut Harness<'_, LauncherApp>) -> egui::Pos2 {
    let transform = harness
        .state_mut()
        .open_game_mut(DIR)
        .unwrap()
        .canvas_transform()
        .unwrap();
    transform.to_screen(Point::new(50.0, 50.0))
}

fn click_canvas(harness: &mut Harness<'_, LauncherApp>) {
    let centre = canvas_centre(harness);
    click_at(harness, centre);
}

fn press(harness: &mut Harness<'_, LauncherApp>, label: &str) {
    harness.get_by_role_and_label(Role::Button, label).click();
    harness.settle();
}

fn enabled(harness: &Harness<'_, LauncherApp>, label: &str) -> bool {
    !harness
        .get_by_role_and_label(Role::Button, label)
        .accesskit_node()
        .is_disabled()
}

fn game_id(harness: &mut Harness<'_, LauncherApp>) -> String {
    let game = harness.state_mut().open_game_mut(DIR).unwrap();
    game.midend().game_id().unwrap_or_default().to_owned()
}

#[test]
fn undo_and_redo_cross_new_game_and_restart() {
    let games = games();
    let mut harness = console(&games, None);
    open_counter(&mut harness);
    enter_id(&mut harness, "counter-2");
    assert_eq!(game_id(&mut harness), "counter-2");
    assert_eq!(count(&mut harness), 2);
    assert!(!enabled(&harness, "Redo"));

    click_canvas(&mut harness);
    click_canvas(&mut harness);
    assert_eq!(count(&mut harness), 4);
    assert!(enabled(&harness, "Undo") && enabled(&harness, "Restart"));

    // Undo with the button, redo with the shortcut.
    press(&mut harness, "Undo");
    assert_eq!(count(&mut harness), 3);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    harness.settle();
    assert_eq!(count(&mut harness), 4);

    // Restart is undoable.
    press(&mut harness, "Restart");
    assert_eq!(count(&mut harness), 2);
    assert!(!enabled(&harness, "Restart"), "already at the start");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.settle();
    assert_eq!(count(&mut harness), 4);

    // A new game from another ID, then undo goes back into the first game.
    enter_id(&mut harness, "counter-7");
    assert_eq!(count(&mut harness), 7);
    click_canvas(&mut harness);
    assert_eq!(count(&mut harness), 8);
    press(&mut harness, "Undo");
    press(&mut harness, "Undo");
    assert_eq!(count(&mut harness), 4, "back across the new game");
    assert_eq!(game_id(&mut harness), "counter-2", "and its ID is shown");
    // Restart restarts the game shown, not the last one started.
    press(&mut harness, "Restart");
    assert_eq!(count(&mut harness), 2);
    // Ctrl+Shift+Z redoes too.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.settle();
    harness.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    harness.settle();
    assert_eq!(count(&mut harness), 2);
}

#[test]
fn a_game_id_the_game_refuses_is_explained_beside_the_field() {
    let games = games();
    let mut harness = console(&games, None);
    open_counter(&mut harness);
    enter_id(&mut harness, "counter-3");
    enter_id(&mut harness, "dog-3");
    harness.get_by_label("\"dog-3\" is not a counter ID (counter-0 to counter-99)");
    assert_eq!(game_id(&mut harness), "counter-3", "the game goes on");
    assert_eq!(count(&mut harness), 3);
    // The next good ID clears it.
    enter_id(&mut harness, "counter-4");
    assert!(
        harness
            .query_by_label_contains("is not a counter ID")
            .is_none()
    );
}

#[test]
fn new_game_and_random_seed_start_new_games_and_the_games_own_key_goes_the_same_way() {
    let games = games();
    let mut harness = console(&games, None);
    open_counter(&mut harness);
    // A seed typed as text is hashed: the same text, the same game.
    harness.get_by_label("Game").click();
    harness.settle();
    harness.get_by_label("Random seed…").click();
    harness.settle();
    harness
        .get_by_role_and_label(Role::TextInput, "Seed:")
        .focus();
    harness.settle();
    harness
        .get_by_role_and_label(Role::TextInput, "Seed:")
        .type_text("13");
    harness.settle();
    press(&mut harness, "Start");
    assert_eq!(
        game_id(&mut harness),
        "counter-3",
        "seed 13 starts at 13 % 5"
    );

    click_canvas(&mut harness);
    // The game's own `n` asks the launcher: undoable like New game.
    harness.key_press(egui::Key::N);
    harness.settle();
    assert!(enabled(&harness, "Undo"));
    press(&mut harness, "Undo");
    assert_eq!(count(&mut harness), 4, "the position before the new game");
    press(&mut harness, "New game");
    assert!(game_id(&mut harness).starts_with("counter-"));
    assert!(enabled(&harness, "Undo"));
}

#[test]
fn a_won_and_a_lost_game_are_counted_once_each() {
    let games = games();
    let home = tempfile::tempdir().unwrap();
    let mut harness = console(&games, Some(home.path()));
    open_counter(&mut harness);
    enter_id(&mut harness, "counter-4");
    for _ in 0..6 {
        click_canvas(&mut harness);
    }
    assert_eq!(count(&mut harness), 10);
    let plays = harness.state().plays().games[DIR].clone();
    assert_eq!((plays.won, plays.lost), (1, 0));
    assert_eq!((plays.current_streak, plays.best_streak), (1, 1));
    assert_eq!(plays.best_score, Some(10));
    assert!(plays.best_time_ms.is_some());

    // Undoing and winning again is the same game: not counted twice.
    press(&mut harness, "Undo");
    click_canvas(&mut harness);
    assert_eq!(harness.state().plays().games[DIR].won, 1);

    // A new game, lost.
    enter_id(&mut harness, "counter-0");
    harness.key_press(egui::Key::L);
    harness.settle();
    let plays = harness.state().plays().games[DIR].clone();
    assert_eq!((plays.won, plays.lost), (1, 1));
    assert_eq!(plays.current_streak, 0);
    assert_eq!(plays.best_streak, 1);

    // They are in plays.toml.
    let written = std::fs::read_to_string(home.path().join("plays.toml")).unwrap();
    assert!(
        written.contains("won = 1") && written.contains("lost = 1"),
        "{written}"
    );
}

#[test]
fn a_game_comes_back_where_it_was_and_a_bad_save_is_set_aside() {
    let games = games();
    let home = tempfile::tempdir().unwrap();
    {
        let mut harness = console(&games, Some(home.path()));
        open_counter(&mut harness);
        enter_id(&mut harness, "counter-1");
        click_canvas(&mut harness);
        click_canvas(&mut harness);
        assert_eq!(count(&mut harness), 3);
    }
    let save = home.path().join("saves").join("counter.save");
    assert!(save.is_file(), "saved after each move");

    // A new launcher: opening the game resumes it, Restart knows its start.
    let mut harness = console(&games, Some(home.path()));
    open_counter(&mut harness);
    assert_eq!(count(&mut harness), 3);
    assert_eq!(game_id(&mut harness), "counter-1");
    press(&mut harness, "Restart");
    assert_eq!(count(&mut harness), 1);
    drop(harness);

    // A save the game refuses: set aside, said, and a fresh game.
    let text = std::fs::read(&save).unwrap();
    let forged = String::from_utf8_lossy(&text).replace("counter:1:1:false", "counter:1:x:false");
    std::fs::write(&save, forged).unwrap();
    let mut harness = console(&games, Some(home.path()));
    open_counter(&mut harness);
    harness.settle();
    assert_eq!(count(&mut harness), 0);
    let notices: Vec<String> = launcher_tests::notice_texts(harness.state());
    assert!(
        notices
            .iter()
            .any(|n| n.contains("could not be restored") && n.contains("not a number")),
        "{notices:?}"
    );
    assert!(save.with_extension("save.corrupt").is_file());

    // Garbage and another game's save are set aside too.
    drop(harness);
    for bad in [&b"\x00\xffgarbage"[..], b"game-launcher save 1\ngame = other\nplayed-ms = 0\ncounted = false\nstart = 0\nstate = 0\n\n"] {
        std::fs::write(&save, bad).unwrap();
        let mut harness = console(&games, Some(home.path()));
        open_counter(&mut harness);
        harness.settle();
        assert_eq!(count(&mut harness), 0);
        assert!(
            harness
                .state()
                .notices()
                .iter()
                .any(|n| n.text.contains("could not be restored")),
        );
    }
}

#[test]
fn the_games_open_when_the_launcher_closed_open_again_where_they_were() {
    let games = games();
    let home = tempfile::tempdir().unwrap();
    {
        let mut harness = console(&games, Some(home.path()));
        open_counter(&mut harness);
        enter_id(&mut harness, "counter-3");
        click_canvas(&mut harness);
    }
    let settings = std::fs::read_to_string(home.path().join("settings.toml")).unwrap();
    assert!(
        settings.contains("open-games = [\"counter\"]"),
        "{settings}"
    );
    // No click: the new console opens the counter by itself, at 4.
    let mut harness = console(&games, Some(home.path()));
    assert_eq!(count(&mut harness), 4);
    // Closed by the player, it stays closed next time.
    harness.get_by_label("Game").click();
    harness.settle();
    harness.get_by_label("Close window").click();
    harness.settle();
    drop(harness);
    let harness = console(&games, Some(home.path()));
    assert!(harness.state().open_games().is_empty());
}

/// ABI revision 3: a rounded rectangle reaches the window as one, its
/// radius at most half its shorter side, and is drawn by egui.
#[test]
fn a_rounded_rectangle_is_drawn_with_its_radius_clamped() {
    let games = games();
    let mut harness = console(&games, None);
    open_counter(&mut harness);
    let game = harness.state_mut().open_game_mut(DIR).unwrap();
    let rounded: Vec<f32> = game
        .drawing()
        .shapes
        .iter()
        .filter_map(|s| match s {
            game_api::Shape::RoundedRect { radius, .. } => Some(*radius),
            _ => None,
        })
        .collect();
    assert_eq!(rounded, [20.0]);
    assert!(game.warning().is_none(), "{:?}", game.warning());
}

/// ABI revision 3: a game keeps its own files in the directory the launcher
/// gives it, `<data dir>/data/<game directory>`, created for it.
#[test]
fn a_game_keeps_its_own_files_in_its_data_directory() {
    let games = games();
    let home = tempfile::tempdir().unwrap();
    let mut harness = console(&games, Some(home.path()));
    open_counter(&mut harness);
    let dir = home.path().join("data").join("counter");
    // Created for the game before it starts (its sandbox lets it write
    // there and nowhere else), empty until the game writes.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    enter_id(&mut harness, "counter-3");
    harness.key_press(egui::Key::D);
    harness.settle();
    assert_eq!(std::fs::read_to_string(dir.join("count.txt")).unwrap(), "3");
}

fn scroll_over_canvas(harness: &mut Harness<'_, LauncherApp>) {
    let centre = canvas_centre(harness);
    harness.hover_at(centre);
    harness.settle();
    harness.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: egui::vec2(0.0, -1.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: egui::Modifiers::NONE,
    });
    harness.settle();
}

/// Two quick clicks on the counter's canvas: a double click.
fn double_click_canvas(harness: &mut Harness<'_, LauncherApp>) {
    let pos = canvas_centre(harness);
    harness.hover_at(pos);
    harness.settle();
    // One event a frame; the console's frames are 1/60 s apart here.
    for pressed in [true, false, true, false] {
        harness.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        });
        harness.step();
    }
    harness.settle();
}

/// ABI revision 3: scroll and double-click events reach a game only once it
/// asks for them (the counter asks on `i`).
#[test]
fn scroll_and_double_clicks_arrive_once_the_game_asks_for_them() {
    let games = games();
    let mut harness = console(&games, None);
    open_counter(&mut harness);
    scroll_over_canvas(&mut harness);
    click_canvas(&mut harness);
    click_canvas(&mut harness);
    assert!(
        status(&mut harness).starts_with("Count: 2 Scrolls: 0 Double clicks: 0"),
        "{}",
        status(&mut harness)
    );
    harness.key_press(egui::Key::I);
    harness.settle();
    scroll_over_canvas(&mut harness);
    double_click_canvas(&mut harness);
    assert!(
        status(&mut harness).starts_with("Count: 4 Scrolls: 1 Double clicks: 1"),
        "{}",
        status(&mut harness)
    );
}

#[test]
fn ticks_arrive_only_while_the_game_asks_for_them() {
    let games = games();
    let mut harness = console(&games, None);
    open_counter(&mut harness);
    harness.settle();
    assert!(status(&mut harness).ends_with("Ticks: 0"));
    // Without a request, frames deliver no ticks.
    for _ in 0..5 {
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(15));
    }
    assert!(status(&mut harness).ends_with("Ticks: 0"));

    // `t` asks for ticks every 10 ms; the game stops asking after three.
    harness.key_press(egui::Key::T);
    launcher_tests::run_until(&mut harness, "three ticks", |h| {
        h.state()
            .open_games()
            .iter()
            .any(|w| w.status().ends_with("Ticks: 3"))
    });
    for _ in 0..10 {
        std::thread::sleep(std::time::Duration::from_millis(12));
        harness.step();
    }
    assert!(
        status(&mut harness).ends_with("Ticks: 3"),
        "no tick after the game stopped asking"
    );
}

/// Host services are rate-limited per player action (issue 26): a game that
/// asks for its manual at 256 sections in one key press gets one request
/// through (here: one notice that it has no manual, not 256 browsers), and
/// one that asks for help on a tick gets none.
#[test]
fn a_game_gets_one_help_request_per_key_and_none_on_a_tick() {
    let games = games();
    let mut harness = console(&games, None);
    open_counter(&mut harness);
    let before = harness.state().notices().len();
    harness.key_press(egui::Key::H);
    harness.settle();
    let said: Vec<String> = harness.state().notices()[before..]
        .iter()
        .map(|n| n.text.clone())
        .collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("has no manual"), "{said:?}");

    harness.key_press(egui::Key::T);
    launcher_tests::run_until(&mut harness, "the three ticks", |h| {
        h.state().open_games()[0].status().ends_with("Ticks: 3")
    });
    assert!(
        harness.state().help_windows().is_empty(),
        "no help window opened on a tick"
    );
    assert_eq!(harness.state().notices().len(), before + 1);
}

/// A game whose process crashes while loading its resume file (issue 26)
/// would crash at every start until disabled: the file is set aside
/// (`.save.corrupt`) and said once, and the next start is a fresh game.
#[test]
fn a_resume_file_the_game_crashes_on_is_set_aside() {
    let games = games();
    let home = tempfile::tempdir().unwrap();
    {
        let mut harness = console(&games, Some(home.path()));
        open_counter(&mut harness);
        click_canvas(&mut harness);
    }
    let save = home.path().join("saves").join("counter.save");
    let mut saved =
        launcher::saves::SavedGame::decode(&std::fs::read(&save).unwrap(), DIR).unwrap();
    saved.snapshot.state = std::sync::Arc::from(&b"counter:abort"[..]);
    std::fs::write(&save, saved.encode()).unwrap();

    let mut harness = console(&games, Some(home.path()));
    open_counter(&mut harness);
    launcher_tests::run_until(&mut harness, "the crash on the resume file said", |h| {
        h.state().notices().iter().any(|n| {
            n.text.contains("could not be restored") && n.text.contains("while loading it")
        })
    });
    assert!(save.with_extension("save.corrupt").is_file());
    assert!(!save.exists());
    drop(harness);

    // The next start is a fresh game, and says nothing more.
    let mut harness = console(&games, Some(home.path()));
    open_counter(&mut harness);
    assert_eq!(count(&mut harness), 0);
    assert!(
        !harness
            .state()
            .notices()
            .iter()
            .any(|n| n.text.contains("could not be restored")),
        "{:?}",
        harness.state().notices()
    );
}

fn undo_depth(harness: &mut Harness<'_, LauncherApp>) -> (usize, usize) {
    let game = harness.state_mut().open_game_mut(DIR).expect("open");
    game.midend().history().expect("the counter saves").depth()
}

fn save_file(home: &Path) -> std::path::PathBuf {
    home.join("saves").join("counter.save")
}

/// Quit and come back: the resume file kept the whole undo chain, so Undo
/// walks back through the moves made before quitting (across the New game
/// made then), and Redo forward again.
#[test]
fn undo_and_redo_walk_through_the_moves_made_before_quitting() {
    let games = games();
    let home = tempfile::tempdir().unwrap();
    {
        let mut harness = console(&games, Some(home.path()));
        open_counter(&mut harness);
        enter_id(&mut harness, "counter-1");
        click_canvas(&mut harness);
        click_canvas(&mut harness);
        click_canvas(&mut harness);
        assert_eq!(count(&mut harness), 4);
        press(&mut harness, "Undo");
        assert_eq!(count(&mut harness), 3);
        // Quit: the console goes, the game with it.
    }
    let written = std::fs::read(save_file(home.path())).unwrap();
    assert!(written.starts_with(b"game-launcher save 2\n"));

    let mut harness = console(&games, Some(home.path()));
    open_counter(&mut harness);
    assert_eq!(count(&mut harness), 3);
    assert_eq!(undo_depth(&mut harness), (3, 1));
    assert!(enabled(&harness, "Undo") && enabled(&harness, "Redo"));
    press(&mut harness, "Redo");
    assert_eq!(count(&mut harness), 4);
    let mut seen = vec![count(&mut harness)];
    while enabled(&harness, "Undo") {
        press(&mut harness, "Undo");
        seen.push(count(&mut harness));
    }
    // Back through the moves to counter-1's start, then across New game to
    // the game the counter opened with.
    assert_eq!(seen, [4, 3, 2, 1, 0]);
    assert_eq!(game_id(&mut harness), "counter-0");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    harness.settle();
    assert_eq!(count(&mut harness), 1);
    assert_eq!(game_id(&mut harness), "counter-1");
    assert!(harness.state().notices().is_empty(), "nothing to say");
}

/// A resume file of the first format (no history, as launchers before
/// this one wrote) still resumes its game; the next move writes the new
/// format.
#[test]
fn a_resume_file_of_the_old_format_still_resumes() {
    use launcher::midend::Snapshot;
    use launcher::saves::SavedGame;
    let games = games();
    let home = tempfile::tempdir().unwrap();
    let save = save_file(home.path());
    SavedGame {
        game: DIR.into(),
        snapshot: Snapshot {
            start: b"counter:2:2:false".as_slice().into(),
            state: b"counter:2:6:false".as_slice().into(),
            withheld: Default::default(),
        },
        played: std::time::Duration::from_secs(3),
        counted: false,
    }
    .write(&save)
    .unwrap();
    assert!(
        std::fs::read(&save)
            .unwrap()
            .starts_with(b"game-launcher save 1\n")
    );

    let mut harness = console(&games, Some(home.path()));
    open_counter(&mut harness);
    assert_eq!(count(&mut harness), 6);
    assert_eq!(game_id(&mut harness), "counter-2");
    assert!(!enabled(&harness, "Undo") && enabled(&harness, "Restart"));
    assert!(harness.state().notices().is_empty());
    click_canvas(&mut harness);
    press(&mut harness, "Undo");
    assert_eq!(count(&mut harness), 6);
    assert!(
        std::fs::read(&save)
            .unwrap()
            .starts_with(b"game-launcher save 2\n")
    );
}

/// A chain larger than the resume file keeps (4 MiB) loses its oldest
/// moves, not its newest, and the file stays within the cap.
#[test]
fn a_chain_over_the_cap_keeps_its_newest_moves() {
    use launcher::midend::Snapshot;
    use launcher::saves::{MAX_CHAIN_BYTES, SavedGame, SavedHistory};
    let games = games();
    let home = tempfile::tempdir().unwrap();
    let save = save_file(home.path());
    let start: std::sync::Arc<[u8]> = b"counter:0:0:false".as_slice().into();
    let at = |n: u32| Snapshot {
        start: start.clone(),
        state: format!("counter:0:{n}:false").as_bytes().into(),
        withheld: Default::default(),
    };
    // About 30 bytes a move: 200,000 moves are more than 4 MiB.
    const MOVES: u32 = 200_000;
    let history = SavedHistory {
        undo: (0..MOVES).map(at).collect(),
        redo: Vec::new(),
    };
    let saved = SavedGame {
        game: DIR.into(),
        snapshot: at(MOVES),
        played: std::time::Duration::ZERO,
        counted: false,
    };
    saved.write_with_history(&save, &history).unwrap();

    let mut harness = console(&games, Some(home.path()));
    open_counter(&mut harness);
    assert_eq!(count(&mut harness), MOVES);
    press(&mut harness, "Undo");
    press(&mut harness, "Undo");
    assert_eq!(count(&mut harness), MOVES - 2, "the newest moves are kept");
    assert!(enabled(&harness, "Redo"));

    let written = std::fs::read(&save).unwrap();
    assert!(
        written.len() <= MAX_CHAIN_BYTES + 4096,
        "{} bytes",
        written.len()
    );
    let game = harness.state_mut().open_game_mut(DIR).unwrap();
    let undo = game.midend().history().unwrap().undo_positions();
    let oldest = std::str::from_utf8(&undo[0].state).unwrap().to_owned();
    let newest = std::str::from_utf8(&undo[undo.len() - 1].state)
        .unwrap()
        .to_owned();
    assert_ne!(oldest, "counter:0:0:false", "the oldest moves were dropped");
    assert_eq!(newest, format!("counter:0:{}:false", MOVES - 3));
    // The file the launcher wrote after the Undo holds the same chain.
    let launcher::saves::Resume::Saved {
        history: Ok(chain), ..
    } = launcher::saves::read(&save, DIR)
    else {
        panic!("a good resume file");
    };
    assert_eq!(chain.redo.len(), 2);
    assert_eq!(chain.undo.last(), undo.last());
    // The two redo steps took the room of the oldest undo step, at most.
    assert!(undo.len() - chain.undo.len() <= 1, "{}", chain.undo.len());
    assert!(
        undo.len() > 100_000 && undo.len() < MOVES as usize,
        "{}",
        undo.len()
    );
}

/// A resume file whose undo chain is damaged keeps its position: the file
/// is set aside and said, the game goes on where it was (without its
/// history), and its resume file is written again at once.
#[test]
fn a_damaged_chain_is_set_aside_and_the_position_kept() {
    let games = games();
    let home = tempfile::tempdir().unwrap();
    {
        let mut harness = console(&games, Some(home.path()));
        open_counter(&mut harness);
        click_canvas(&mut harness);
        click_canvas(&mut harness);
    }
    let save = save_file(home.path());
    let mut bytes = std::fs::read(&save).unwrap();
    let last = bytes.len() - 2;
    bytes[last] ^= 0x01;
    std::fs::write(&save, bytes).unwrap();

    let mut harness = console(&games, Some(home.path()));
    open_counter(&mut harness);
    assert_eq!(count(&mut harness), 2);
    assert!(!enabled(&harness, "Undo"));
    let notices: Vec<String> = launcher_tests::notice_texts(harness.state());
    assert!(
        notices
            .iter()
            .any(|n| n.contains("undo history") && n.contains("without its earlier moves")),
        "{notices:?}"
    );
    assert!(save.with_extension("save.corrupt").is_file());
    drop(harness);
    // Written again: the next start resumes at 2, saying nothing.
    let mut harness = console(&games, Some(home.path()));
    open_counter(&mut harness);
    assert_eq!(count(&mut harness), 2);
    assert!(harness.state().notices().is_empty());
}

/// A version of the game that refuses the position it was left at (its
/// saves changed) goes on from the newest earlier position it accepts, and
/// says so; one it refuses on Undo is forgotten with the older ones.
#[test]
fn a_version_that_refuses_a_position_goes_on_from_the_last_it_accepts() {
    use launcher::midend::Snapshot;
    use launcher::saves::{SavedGame, SavedHistory};
    let games = games();
    let home = tempfile::tempdir().unwrap();
    let save = save_file(home.path());
    let start: std::sync::Arc<[u8]> = b"counter:0:0:false".as_slice().into();
    let at = |state: &str| Snapshot {
        start: start.clone(),
        state: state.as_bytes().into(),
        withheld: Default::default(),
    };
    let history = SavedHistory {
        undo: vec![
            at("counter:0:0:false"),
            at("counter:0:one:false"),
            at("counter:0:2:false"),
            at("counter:0:3:false"),
            at("counter:0:four:false"),
        ],
        redo: vec![at("counter:0:six:false")],
    };
    SavedGame {
        game: DIR.into(),
        snapshot: at("counter:0:five:false"),
        played: std::time::Duration::ZERO,
        counted: false,
    }
    .write_with_history(&save, &history)
    .unwrap();

    let mut harness = console(&games, Some(home.path()));
    open_counter(&mut harness);
    assert_eq!(count(&mut harness), 3);
    let notices: Vec<String> = launcher_tests::notice_texts(harness.state());
    assert!(
        notices
            .iter()
            .any(|n| n.contains("refused the position it was left at")
                && n.contains("not a number")
                && n.contains("2 moves earlier")),
        "{notices:?}"
    );
    assert!(!enabled(&harness, "Redo"), "the refused moves are gone");
    press(&mut harness, "Undo");
    assert_eq!(count(&mut harness), 2);
    // The next position back is refused: said, and forgotten.
    press(&mut harness, "Undo");
    assert_eq!(count(&mut harness), 2);
    let error = harness
        .state_mut()
        .open_game_mut(DIR)
        .unwrap()
        .action_error()
        .map(str::to_owned);
    assert!(
        error.as_deref().is_some_and(
            |e| e.contains("could not go to that position") && e.contains("not a number")
        ),
        "{error:?}"
    );
    assert!(!enabled(&harness, "Undo"));
}

/// Replaces the counter's library file as a build does (a new file moved
/// over the old one), with different contents.
fn rebuild_counter(games: &GamesDir) {
    let library = games
        .path()
        .join(DIR)
        .join(launcher_tests::libloading_name("counter"));
    let fresh = library.with_extension("new");
    let mut bytes = std::fs::read(launcher_tests::library("counter")).unwrap();
    bytes.push(0);
    std::fs::write(&fresh, bytes).unwrap();
    std::fs::rename(&fresh, &library).unwrap();
}

/// "Restart with the new version", offered when the game's library was
/// rebuilt, keeps the undo history: the new version resumes the chain.
#[test]
fn restart_with_the_new_version_keeps_undo() {
    let games = games();
    let home = tempfile::tempdir().unwrap();
    let mut harness = console(&games, Some(home.path()));
    open_counter(&mut harness);
    click_canvas(&mut harness);
    click_canvas(&mut harness);
    click_canvas(&mut harness);
    press(&mut harness, "Undo");
    assert_eq!(count(&mut harness), 2);
    let first = harness.state().open_games()[0].process_id().unwrap();

    rebuild_counter(&games);
    support::step_until(&mut harness, "the rebuild offered", |h| {
        h.query_by_label("Restart with the new version").is_some()
    });
    harness.get_by_label("Restart with the new version").click();
    support::step_until(&mut harness, "the new version started", |h| {
        h.state()
            .open_games()
            .first()
            .is_some_and(|g| g.process_id() != Some(first) && g.is_settled())
    });
    assert!(harness.query_by_label("The game was rebuilt —").is_none());
    assert_eq!(count(&mut harness), 2);
    assert!(enabled(&harness, "Undo") && enabled(&harness, "Redo"));
    press(&mut harness, "Redo");
    assert_eq!(count(&mut harness), 3);
    press(&mut harness, "Undo");
    press(&mut harness, "Undo");
    press(&mut harness, "Undo");
    assert_eq!(count(&mut harness), 0);
    assert!(!enabled(&harness, "Undo"));
}

/// The launcher deals the first game from its own seed, as every later
/// one (issue 42): the counter's `new` starts at 0, its first game here is
/// seed 13's, with nothing to undo back to and the ID of the game dealt;
/// a game resumed where it was left is loaded, not dealt again.
#[test]
fn the_first_game_is_dealt_from_the_launchers_seed_and_a_resumed_one_is_not() {
    let games = games();
    let home = tempfile::tempdir().unwrap();
    let open_with_seed = |seed: u64| {
        let mut config = launcher_tests::console_config([games.path()]);
        config.player = Some(PlayerFiles::in_dir(home.path()));
        config.processes.first_seed = Some(seed);
        let mut harness = Harness::builder()
            .with_size([900.0, 700.0])
            .with_max_steps(60)
            .build_ui_state(
                |ui, app: &mut LauncherApp| app.frame(ui),
                LauncherApp::new(config),
            );
        harness.settle();
        open_counter(&mut harness);
        harness
    };
    {
        let mut harness = open_with_seed(13);
        assert_eq!(
            game_id(&mut harness),
            "counter-3",
            "seed 13 starts at 13 % 5"
        );
        assert_eq!(count(&mut harness), 3);
        assert!(status(&mut harness).contains("Games: 1"), "dealt once");
        assert!(!enabled(&harness, "Undo"), "nothing before the first game");
        assert!(!enabled(&harness, "Restart"));
        assert_eq!(undo_depth(&mut harness), (0, 0));
        click_canvas(&mut harness);
        assert_eq!(count(&mut harness), 4);
        press(&mut harness, "Restart");
        assert_eq!(count(&mut harness), 3, "the dealt game is where it starts");
    }
    // Back where it was left, whatever the seed now.
    let mut harness = open_with_seed(14);
    assert_eq!(count(&mut harness), 3);
    assert_eq!(game_id(&mut harness), "counter-3");
    assert!(
        status(&mut harness).contains("Games: 0"),
        "loaded, not dealt"
    );
}
