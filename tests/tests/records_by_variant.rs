//! Records per variant (issue 30): Lights Out's manifest says
//! `records-by = ["Size"]`, so the statistics keep each board size's own
//! record beside the game's totals. A 7×7 and a 5×5 game are chosen with
//! the window's Size choice and won by clicking the lights of a shortest
//! solution (read from the screen-reader regions, as a player reads the
//! board); the Statistics window then shows the totals, and a row per
//! variant with its own games and bests.

mod support;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use launcher::LauncherApp;
use launcher::player::PlayerFiles;
use launcher_tests::{GamesDir, Settle};
use lights_out::game::LightsOut;
use lights_out::{Board, Cell};
use std::path::Path;
use support::click_at;

const DIR: &str = "lights-out";

fn console(games: &GamesDir, player: &Path) -> Harness<'static, LauncherApp> {
    let mut config = launcher_tests::console_config([games.path()]);
    config.player = Some(PlayerFiles::in_dir(player));
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([1000.0, 760.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    harness.settle();
    harness
}

/// The board the open window shows, read from its regions' labels ("row
/// 2, column 3: on"), one per light.
fn shown_board(harness: &Harness<'_, LauncherApp>) -> Board {
    let game = harness
        .state()
        .open_games()
        .into_iter()
        .find(|g| g.dir_name == DIR)
        .expect("Lights Out is open");
    let regions = game.regions();
    let size = (regions.len() as f64).sqrt() as usize;
    assert_eq!(size * size, regions.len(), "one region per light");
    let mut board = Board::off(size);
    for (i, region) in regions.iter().enumerate() {
        let cell = Cell::from_index(i, size);
        let expected = format!("row {}, column {}: ", cell.row + 1, cell.col + 1);
        let state = region
            .label
            .strip_prefix(&expected)
            .unwrap_or_else(|| panic!("{:?} is not {expected}…", region.label));
        board.set(cell, state == "on");
    }
    board
}

/// Chooses `size` ("7×7") in the window's Size choice, and waits for the
/// board of that size.
fn choose_size(harness: &mut Harness<'static, LauncherApp>, size: usize) {
    harness
        .get_by_role_and_label(Role::ComboBox, "Size")
        .click();
    harness.settle();
    harness.get_by_label(&format!("{size}×{size}")).click();
    launcher_tests::run_until(harness, "the new board", |h| {
        shown_board(h).size() == size && !shown_board(h).is_solved()
    });
}

/// Clicks the lights of a shortest solution of the board shown, and waits
/// for the win; returns the moves it took.
fn solve_by_hand(harness: &mut Harness<'static, LauncherApp>) -> usize {
    let board = shown_board(harness);
    let solution = board.solve().expect("every dealt board is solvable");
    for cell in solution.iter() {
        let transform = harness
            .state_mut()
            .open_game_mut(DIR)
            .unwrap()
            .canvas_transform()
            .expect("a canvas");
        let at = transform.to_screen(LightsOut::cell_center(cell));
        click_at(harness, at);
    }
    let moves = solution.len();
    let plural = if moves == 1 { "" } else { "s" };
    let won = format!("Solved in {moves} move{plural}!");
    launcher_tests::run_until(harness, "the win", |h| {
        h.state()
            .open_games()
            .into_iter()
            .any(|g| g.dir_name == DIR && g.status().starts_with(&won))
    });
    moves
}

#[test]
fn the_statistics_keep_each_sizes_bests_under_the_totals() {
    let games = GamesDir::new();
    games.add_bundled(DIR, "lights_out");
    let player = tempfile::tempdir().unwrap();
    let mut harness = console(&games, player.path());
    harness
        .get_all_by_role_and_label(Role::Button, "Lights Out")
        .next()
        .unwrap()
        .click();
    harness.settle();

    choose_size(&mut harness, 7);
    let big_moves = solve_by_hand(&mut harness) as i64;
    choose_size(&mut harness, 5);
    let small_moves = solve_by_hand(&mut harness) as i64;

    let plays = harness.state().plays().games[DIR].clone();
    assert_eq!((plays.won, plays.lost), (2, 0));
    assert_eq!(plays.best_score, Some(big_moves.min(small_moves)));
    let names: Vec<&str> = plays.variants.keys().map(String::as_str).collect();
    assert_eq!(names, ["Size 5×5", "Size 7×7"]);
    let big = &plays.variants["Size 7×7"];
    let small = &plays.variants["Size 5×5"];
    assert_eq!((big.won, big.best_score), (1, Some(big_moves)));
    assert_eq!((small.won, small.best_score), (1, Some(small_moves)));
    let time = |ms: Option<u64>| launcher::player::clock(ms.expect("a best time"));
    assert_eq!(
        plays.best_time_ms,
        big.best_time_ms.min(small.best_time_ms),
        "the totals' best time is the better of the two"
    );

    // The game's window may cover the console's menu: close it first.
    harness.get_by_label("Game").click();
    harness.settle();
    harness.get_by_label("Close window").click();
    launcher_tests::run_until(&mut harness, "the game window closed", |h| {
        h.state().open_games().is_empty()
    });
    harness.get_by_label("Launcher").click();
    harness.settle();
    harness.get_by_label("Statistics...").click();
    harness.settle();
    // A row for each variant, under the game's, with its own bests.
    harness.get_by_label("   Size 7×7");
    harness.get_by_label("   Size 5×5");
    let best = |ms: Option<u64>, moves: i64| format!("{} · {moves} moves", time(ms));
    for shown in [
        best(big.best_time_ms, big_moves),
        best(small.best_time_ms, small_moves),
        best(plays.best_time_ms, big_moves.min(small_moves)),
    ] {
        assert!(
            harness.query_all_by_label(&shown).next().is_some(),
            "no {shown:?} in the Statistics window"
        );
    }
    // The totals count both games: Played 2, Won 2.
    assert!(harness.query_all_by_label("2").count() >= 2);
    let saved = std::fs::read_to_string(player.path().join("plays.toml")).unwrap();
    assert!(
        saved.contains("[games.lights-out.variants.\"Size 7×7\"]"),
        "{saved}"
    );
}

/// Every bundled game's `records-by` names choice controls it has, as it
/// opens: a name that matches none keeps nothing apart, and the launcher
/// says so to the author (`player::records_by_unmatched`, printed when a
/// result is recorded) — here, for the collection, before it ships.
#[test]
fn every_bundled_games_records_by_names_its_choices() {
    use game_api::host::NoServices;
    use launcher::midend::ChoiceValue;
    use launcher::player::records_by_unmatched;
    let mut loader = launcher::loader::Loader::new();
    let mut checked = 0;
    for game in launcher_tests::bundled_games() {
        let dir = launcher_tests::workspace_root()
            .join("games")
            .join(&game.dir_name);
        let manifest = launcher::manifest::read(&dir, &game.dir_name).expect("its manifest");
        if manifest.records_by.is_empty() {
            continue;
        }
        let library = loader
            .load(&launcher_tests::library(&game.library))
            .unwrap_or_else(|e| panic!("{}: {e}", game.name));
        let mut instance = library.start(Box::new(NoServices)).unwrap();
        let choices = ChoiceValue::of(&instance.actions().unwrap());
        assert_eq!(
            records_by_unmatched(&choices, &manifest.records_by),
            None,
            "{}",
            game.name
        );
        // A slip of the pen is caught, and worded for the author.
        let slip = records_by_unmatched(&choices, &["Sise".to_owned()]).unwrap();
        assert!(
            slip.starts_with(
                "`records-by` names \"Sise\", which is none of the game's choice controls ("
            ),
            "{slip}"
        );
        checked += 1;
    }
    assert!(
        checked >= 2,
        "Chat Noir and Lights Out keep records by variant"
    );
}
