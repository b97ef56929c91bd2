//! What isolating a game in its own process costs a player (issue 10),
//! measured on Chat Noir with the real launcher binary as the game process:
//!
//! * `first_frame/process`: the console's click to the game's first frame
//!   in the console: spawn the process, load and start the game, and read
//!   its canvas size, title, status, controls, regions and first frame;
//!   `first_frame/in_process`: the same calls on a game loaded in this
//!   process, as the console does today (the library already mapped).
//! * `event/process`: one pointer event and the new frame back (one message
//!   there and back: the event, then the frame, text measured in the game
//!   process); `event/in_process`: the same two calls in this process.
//! * `event_only/process`: a pointer event alone, the protocol's floor.
//!
//! Run with `cargo bench -p launcher --bench game_process`; the medians are
//! what issue 10 asks for (≤ 100 ms to the first frame, ≤ 200 µs per event).

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::host::NoServices;
use game_api::{Event, Point, RecordingPainter};
use game_host::{Call, GameProcess, HostCommand, Options};
use launcher::render::measuring_recorder;
use launcher_tests::library;
use std::time::Duration;

fn host() -> HostCommand {
    HostCommand::new(env!("CARGO_BIN_EXE_plt-games"), &["--game-host"])
}

/// An egui context whose fonts measure, as the console's do.
fn fonts() -> egui::Context {
    let ctx = egui::Context::default();
    ctx.run_ui(egui::RawInput::default(), |_| {})
        .textures_delta
        .clear();
    ctx
}

/// Two points over different cells of Chat Noir's board: moving between
/// them changes the highlighted cell, so each move redraws.
const HOVER: [Point; 2] = [Point { x: 60.0, y: 60.0 }, Point { x: 100.0, y: 60.0 }];

fn first_frame(c: &mut Criterion) {
    // Time the games as players run them (optimised builds).
    launcher_tests::optimised_games();
    let chat_noir = library("chat_noir");
    let mut group = c.benchmark_group("first_frame");
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("process", |b| {
        b.iter(|| {
            let game = GameProcess::spawn(&host(), &chat_noir, Options::default()).unwrap();
            let answers = game
                .calls_within(Call::view(), Duration::from_secs(30))
                .unwrap();
            assert!(answers.iter().all(Result::is_ok));
            answers
        })
    });
    let ctx = fonts();
    let mut loader = launcher::loader::Loader::new();
    group.bench_function("in_process", |b| {
        b.iter(|| {
            let library = loader.load(&chat_noir).unwrap();
            let mut game = library.start(Box::new(NoServices)).unwrap();
            let size = game.canvas_size().unwrap();
            let texts = (game.title().unwrap(), game.status().unwrap());
            let controls = (game.actions().unwrap(), game.regions().unwrap());
            let mut recording = RecordingPainter::new();
            game.draw(&mut measuring_recorder(&mut recording, &ctx))
                .unwrap();
            game.close().unwrap();
            (size, texts, controls, recording)
        })
    });
    group.finish();
}

fn event(c: &mut Criterion) {
    // Time the games as players run them (optimised builds).
    launcher_tests::optimised_games();
    let chat_noir = library("chat_noir");
    let game = GameProcess::spawn(&host(), &chat_noir, Options::default()).unwrap();
    game.calls_within(Call::view(), Duration::from_secs(30))
        .unwrap();
    let mut group = c.benchmark_group("event");
    let mut turn = 0;
    group.bench_function("process", |b| {
        b.iter(|| {
            turn += 1;
            let pos = HOVER[turn % 2];
            let answers = game
                .calls_within(
                    vec![Call::HandleEvent(Event::PointerMove { pos }), Call::Draw],
                    Duration::from_secs(5),
                )
                .unwrap();
            assert!(answers.iter().all(Result::is_ok));
            answers
        })
    });
    let ctx = fonts();
    let mut loader = launcher::loader::Loader::new();
    let mut in_process = loader
        .load(&chat_noir)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    group.bench_function("in_process", |b| {
        b.iter(|| {
            turn += 1;
            let pos = HOVER[turn % 2];
            let response = in_process
                .handle_event(&Event::PointerMove { pos })
                .unwrap();
            let mut recording = RecordingPainter::new();
            in_process
                .draw(&mut measuring_recorder(&mut recording, &ctx))
                .unwrap();
            (response, recording)
        })
    });
    group.finish();
    let mut group = c.benchmark_group("event_only");
    group.bench_function("process", |b| {
        b.iter(|| {
            turn += 1;
            game.handle_event(&Event::PointerMove {
                pos: HOVER[turn % 2],
            })
            .unwrap()
        })
    });
    group.finish();
    // How much memory a game process takes.
    if let Ok(status) = std::fs::read_to_string(format!("/proc/{}/status", game.pid())) {
        for line in status
            .lines()
            .filter(|l| l.starts_with("VmRSS") || l.starts_with("VmHWM"))
        {
            println!("Chat Noir's game process: {line}");
        }
    }
}

criterion_group!(benches, first_frame, event);
criterion_main!(benches);
