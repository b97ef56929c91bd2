//! What the game process's sandbox costs a player (issue 26), measured on
//! Chat Noir with the real launcher binary as the game process, with every
//! layer that holds here (namespaces, Landlock, seccomp, the memory limit:
//! `sandboxed`) beside the same process with none (`--no-sandbox`:
//! `unsandboxed`):
//!
//! * `sandbox_first_frame/*`: the console's click to the game's first frame:
//!   spawn the process, enter its namespaces and confine it, load and start
//!   the game, read its canvas size, title, status, controls, regions and
//!   first frame.
//! * `sandbox_event/*`: one pointer event and the new frame back (one
//!   message there and back).
//!
//! Run with `cargo bench -p launcher --bench sandbox`; the medians are what
//! issue 26 asks for (≤ 100 ms to the first frame, ≤ 200 µs per event, with
//! the new layers). It prints which layers held.

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::{Event, Point};
use game_host::{Call, GameProcess, HostCommand, Options};
use launcher_tests::library;
use std::time::Duration;

fn host() -> HostCommand {
    HostCommand::new(env!("CARGO_BIN_EXE_plt-games"), &["--game-host"])
}

/// Two points over different cells of Chat Noir's board: moving between
/// them changes the highlighted cell, so each move redraws.
const HOVER: [Point; 2] = [Point { x: 60.0, y: 60.0 }, Point { x: 100.0, y: 60.0 }];

/// The two ways a game process runs here.
const WAYS: [(&str, bool); 2] = [("sandboxed", true), ("unsandboxed", false)];

fn options(sandbox: bool) -> Options {
    Options {
        sandbox,
        ..Options::default()
    }
}

/// A started Chat Noir process, its first frame read.
fn started(sandbox: bool) -> GameProcess {
    let game = GameProcess::spawn(&host(), &library("chat_noir"), options(sandbox)).unwrap();
    let answers = game
        .calls_within(Call::view(), Duration::from_secs(30))
        .unwrap();
    assert!(answers.iter().all(Result::is_ok));
    game
}

fn first_frame(c: &mut Criterion) {
    // Time the games as players run them (optimised builds).
    launcher_tests::optimised_games();
    let sandbox = started(true).sandbox().unwrap();
    println!("games run {sandbox}: {}", sandbox.layers());
    let mut group = c.benchmark_group("sandbox_first_frame");
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(10));
    for (name, sandbox) in WAYS {
        group.bench_function(name, |b| b.iter(|| started(sandbox)));
    }
    group.finish();
}

fn event(c: &mut Criterion) {
    launcher_tests::optimised_games();
    let mut group = c.benchmark_group("sandbox_event");
    for (name, sandbox) in WAYS {
        let game = started(sandbox);
        let mut turn = 0;
        group.bench_function(name, |b| {
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
    }
    group.finish();
}

criterion_group!(benches, first_frame, event);
criterion_main!(benches);
