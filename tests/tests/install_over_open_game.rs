//! Installing a game never crashes one that is open (issue 25): the
//! console's game process runs a private copy of its library, so plain
//! `cp` over the library, or `--install-game` over the game, leaves the
//! open game playing, and its window offers the new version.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use launcher::LauncherApp;
use launcher::check::CheckOutcome;
use launcher::library_copy::LibraryCopies;
use launcher_tests::{GamesDir, Settle, libloading_name};
use support::{chat_noir_plays, step_until};

mod support;

fn console(games: &std::path::Path, copies: &std::path::Path) -> Harness<'static, LauncherApp> {
    let mut config = launcher_tests::console_config([games]);
    config.processes.library_copies = Some(LibraryCopies::new(copies));
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size([900.0, 700.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    harness.settle();
    let ctx = harness.ctx.clone();
    harness.state_mut().open_game(&ctx, "chat-noir");
    harness.settle();
    harness
}

#[test]
fn cp_over_an_open_games_library_leaves_it_playing_and_offers_the_new_version() {
    let games = GamesDir::new();
    let dir = games.add_bundled("chat-noir", "chat_noir");
    let copies = games.path().join("copies");
    let mut harness = console(games.path(), &copies);
    chat_noir_plays(&mut harness);
    let first = harness.state().open_games()[0].process_id().unwrap();

    // Another game's code written over the library, in place.
    std::fs::copy(
        launcher_tests::library("lights_out"),
        dir.join(libloading_name("chat_noir")),
    )
    .unwrap();
    step_until(&mut harness, "the new version offered", |h| {
        h.query_by_label("Restart with the new version").is_some()
    });
    // The same process plays on.
    chat_noir_plays(&mut harness);
    chat_noir_plays(&mut harness);
    let game = &harness.state().open_games()[0];
    assert_eq!(game.process_id(), Some(first));
    assert!(game.stopped().is_none(), "{:?}", game.stopped());
}

#[test]
fn install_game_over_an_open_game_leaves_it_playing_and_restart_runs_the_new_one() {
    let user = GamesDir::new();
    let source = GamesDir::new();
    let new_version = source.add_bundled("chat-noir", "chat_noir");
    let installed = launcher::install::install_game(&new_version, user.path(), |_| {
        CheckOutcome::Fine(Vec::new())
    })
    .expect("installed");
    assert!(!installed.replaced);
    let copies = user.path().join("copies");
    let mut harness = console(user.path(), &copies);
    chat_noir_plays(&mut harness);
    let first = harness.state().open_games()[0].process_id().unwrap();

    // A rebuilt version (one byte more), installed over the open game.
    let library = new_version.join(libloading_name("chat_noir"));
    let mut bytes = std::fs::read(&library).unwrap();
    bytes.push(0);
    std::fs::write(&library, bytes).unwrap();
    let installed = launcher::install::install_game(&new_version, user.path(), |_| {
        CheckOutcome::Fine(Vec::new())
    })
    .expect("installed again");
    assert!(installed.replaced);
    step_until(&mut harness, "the new version offered", |h| {
        h.query_by_label("Restart with the new version").is_some()
    });
    chat_noir_plays(&mut harness);
    assert_eq!(harness.state().open_games()[0].process_id(), Some(first));

    harness.get_by_label("Restart with the new version").click();
    harness.settle();
    let game = &harness.state().open_games()[0];
    assert_ne!(game.process_id(), Some(first), "a new process");
    assert!(game.stopped().is_none(), "{:?}", game.stopped());
    // Two copies now: the old version's and the new one's.
    assert_eq!(std::fs::read_dir(&copies).unwrap().count(), 2);
}
