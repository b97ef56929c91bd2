//! What a player feels of each game running in a process of its own,
//! through the console's own code (issue 10), on Chat Noir:
//!
//! * `click/process`: what a click on Chat Noir's console button does
//!   (`LauncherApp::open_game`), then console frames (layout and
//!   tessellation, no GPU) until its window holds the game's first frame:
//!   the process spawn, the game's start and its first view included.
//! * `click/in_process`: the same window started from the library loaded
//!   in this process (`GameWindow::start`, as tests and tools do) to the
//!   same first frame: the ratio's other side.
//! * `window_event/process`: one pointer move through Chat Noir's window
//!   (`GameWindow::send`): the event to the game process and the new view
//!   (canvas, texts, controls, regions, frame) back into the window;
//!   `window_event/in_process`: the same on the in-process window.
//!
//! * `card_drag/process`: one pointer move while a card of Spider is held
//!   (issue 24's card drag): the move to the game process, and the table
//!   drawn with the card under the pointer back in the window.
//!
//! Run with `cargo bench -p launcher --bench console_games`. Idle CPU and
//! memory of a real console and its game process: `--bench idle`.

use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use game_api::{Event, Point};
use launcher::game_window::{GameFiles, GameWindow, ProcessSettings};
use launcher::{LauncherApp, LauncherConfig};
use launcher_tests::GamesDir;
use std::time::{Duration, Instant};

/// Two points over different cells of Chat Noir's board: moving between
/// them changes the highlighted cell, so each move redraws.
const HOVER: [Point; 2] = [Point { x: 60.0, y: 60.0 }, Point { x: 100.0, y: 60.0 }];

fn config(games: &GamesDir) -> LauncherConfig {
    let mut config = LauncherConfig::only_games_dirs([games.path()]);
    config.processes = ProcessSettings::with_host(launcher::game_host::HostCommand::new(
        env!("CARGO_BIN_EXE_plt-games"),
        &["--game-host"],
    ));
    config
}

fn console(games: &GamesDir) -> Harness<'static, LauncherApp> {
    let mut harness = Harness::builder()
        .with_max_steps(64)
        .with_size([1000.0, 800.0])
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config(games)),
        );
    harness.run();
    harness
}

/// Whether Chat Noir's window has drawn its first frame.
fn drawn(harness: &mut Harness<'_, LauncherApp>) -> bool {
    drawn_game(harness, "chat-noir")
}

/// Whether the window of the game in `dir` has drawn its first frame.
fn drawn_game(harness: &mut Harness<'_, LauncherApp>, dir: &str) -> bool {
    harness
        .state_mut()
        .open_game_mut(dir)
        .is_some_and(|game| !game.drawing().shapes.is_empty())
}

/// The game of `entry` in a window, running in this process (as tests and
/// tools start it), with its first frame drawn.
fn start_here(
    loader: &mut launcher::loader::Loader,
    entry: &launcher::catalog::GameEntry,
    ctx: &egui::Context,
) -> GameWindow {
    let library = loader.load(entry.library.as_ref().unwrap()).unwrap();
    GameWindow::start(
        library,
        entry,
        Default::default(),
        ctx,
        GameFiles::default(),
    )
    .unwrap()
}

fn click(c: &mut Criterion) {
    // Time the games as players run them (optimised builds).
    launcher_tests::optimised_games();
    let games = GamesDir::new();
    games.add_bundled("chat-noir", "chat_noir");
    let mut group = c.benchmark_group("click");
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(15));
    group.bench_function("process", |b| {
        b.iter_custom(|iterations| {
            let mut total = Duration::ZERO;
            for _ in 0..iterations {
                // A console showing its games; its set-up is not timed.
                let mut harness = console(&games);
                let ctx = harness.ctx.clone();
                let started = Instant::now();
                harness.state_mut().open_game(&ctx, "chat-noir");
                let deadline = started + Duration::from_secs(30);
                while !drawn(&mut harness) {
                    assert!(Instant::now() < deadline, "no first frame");
                    harness.step();
                }
                total += started.elapsed();
            }
            total
        })
    });
    let entry =
        launcher::catalog::Catalog::scan(&launcher::catalog::SearchPath::only([games.path()]), &[])
            .find("chat-noir")
            .cloned()
            .unwrap();
    let mut loader = launcher::loader::Loader::new();
    let ctx = egui::Context::default();
    group.bench_function("in_process", |b| {
        b.iter(|| {
            let window = start_here(&mut loader, &entry, &ctx);
            assert!(!window.drawing().shapes.is_empty());
            window.close().unwrap();
        })
    });
    group.finish();
}

fn window_event(c: &mut Criterion) {
    // Time the games as players run them (optimised builds).
    launcher_tests::optimised_games();
    let games = GamesDir::new();
    games.add_bundled("chat-noir", "chat_noir");
    let mut harness = console(&games);
    let ctx = harness.ctx.clone();
    harness.state_mut().open_game(&ctx, "chat-noir");
    while !drawn(&mut harness) {
        harness.step();
    }
    // Seed 1's board, which the game's background solver decides in a few
    // milliseconds: the moves are then measured with that thread idle, as
    // a player hovers over a board the game has thought about.
    let board = chat_noir::World::new_game(11, 1)
        .expect("11 is a size")
        .game_id()
        .to_string();
    let game = harness.state_mut().open_game_mut("chat-noir").unwrap();
    game.invoke(launcher::game_window::GAME_ID, &board).unwrap();
    harness.step();
    std::thread::sleep(Duration::from_secs(2));
    let mut group = c.benchmark_group("window_event");
    let mut turn = 0;
    group.bench_function("process", |b| {
        b.iter(|| {
            turn += 1;
            let game = harness.state_mut().open_game_mut("chat-noir").unwrap();
            game.send(&Event::PointerMove {
                pos: HOVER[turn % 2],
            })
            .unwrap();
            assert!(game.warning().is_none());
        })
    });
    let entry = harness
        .state()
        .catalog()
        .find("chat-noir")
        .cloned()
        .unwrap();
    // The loader keeps the library loaded for as long as the window plays.
    let mut loader = launcher::loader::Loader::new();
    let mut here = start_here(&mut loader, &entry, &ctx);
    here.invoke(launcher::game_window::GAME_ID, &board).unwrap();
    std::thread::sleep(Duration::from_secs(2));
    group.bench_function("in_process", |b| {
        b.iter(|| {
            turn += 1;
            here.send(&Event::PointerMove {
                pos: HOVER[turn % 2],
            })
            .unwrap();
        })
    });
    group.finish();
}

fn card_drag(c: &mut Criterion) {
    // Time the games as players run them (optimised builds).
    launcher_tests::optimised_games();
    let games = GamesDir::new();
    games.add_bundled("spider", "spider");
    let mut harness = console(&games);
    let ctx = harness.ctx.clone();
    harness.state_mut().open_game(&ctx, "spider");
    while !drawn_game(&mut harness, "spider") {
        harness.step();
    }
    let game = harness.state_mut().open_game_mut("spider").unwrap();
    // A face-up card, found as a screen reader finds it.
    let card = game
        .regions()
        .iter()
        .find(|r| r.label.contains("face up"))
        .expect("a face-up card on Spider's table")
        .clone();
    let from = Point::new(
        card.min.x + card.size.x / 2.0,
        card.min.y + card.size.y / 2.0,
    );
    game.send(&Event::PointerPress {
        pos: from,
        button: game_api::Button::Primary,
        modifiers: game_api::Modifiers::NONE,
    })
    .unwrap();
    // The held card follows the pointer: each move draws a new table.
    let table = |game: &mut GameWindow, to: Point| {
        game.send(&Event::PointerMove { pos: to }).unwrap();
        format!("{:?}", game.drawing().shapes)
    };
    let a = table(game, Point::new(from.x + 30.0, from.y + 20.0));
    let b = table(game, Point::new(from.x + 60.0, from.y + 40.0));
    assert_ne!(a, b, "the held card follows the pointer");
    let mut group = c.benchmark_group("card_drag");
    let mut turn = 0u32;
    group.bench_function("process", |b| {
        b.iter(|| {
            turn += 1;
            let step = (turn % 40) as f32;
            game.send(&Event::PointerMove {
                pos: Point::new(from.x + 3.0 * step, from.y + 2.0 * step),
            })
            .unwrap();
            assert!(game.warning().is_none());
        })
    });
    group.finish();
}

criterion_group!(benches, click, window_event, card_drag);
criterion_main!(benches);
