//! What the launcher does after every move: one `save` (to record the move
//! for undo) and one `load` (an undo, or a resume), of an 11×11 mid-game:
//! a new game of seed 2024 and four moves. Measured through the game's
//! Rust API (with help off and on: a load with help on works out the cat's
//! paths again) and through the C ABI table as the launcher calls it.
//!
//! Run with `cargo bench -p chat-noir --bench save_load -- --warm-up-time 1
//! --measurement-time 3`.

use std::hint::black_box;

use chat_noir::plugin::ChatNoir;
use chat_noir::render::cell_center;
use chat_noir::{Pos, State};
use criterion::{Criterion, criterion_group, criterion_main};
use game_api::host::{GameInstance, GameLibrary, NoServices};
use game_api::{Event, Game, SaveLoad};

/// The cells the player blocks: far from the cat, so the game goes on.
const MOVES: [Pos; 4] = [
    Pos::new(1, 1),
    Pos::new(9, 9),
    Pos::new(1, 9),
    Pos::new(9, 1),
];

fn mid_game(help: bool) -> ChatNoir {
    let mut game = ChatNoir::with_seed(11, 2024).unwrap();
    for q in MOVES {
        game.handle_event(&Event::release(cell_center(q)));
    }
    if help {
        game.handle_event(&Event::key("h"));
    }
    assert_eq!(game.world().state(), State::Playing);
    assert_eq!(game.world().board().blocked_count(), 10);
    game
}

fn mid_game_through_abi() -> GameInstance {
    let mut game = GameLibrary::from_static(&chat_noir::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    game.load(&mid_game(false).save()).unwrap();
    game
}

fn rust_api(c: &mut Criterion) {
    let mut group = c.benchmark_group("save_load_11x11");
    for (name, help) in [("help_off", false), ("help_on", true)] {
        let mut game = mid_game(help);
        let bytes = game.save();
        group.bench_function(format!("save/{name}"), |b| {
            b.iter(|| black_box(game.save()))
        });
        group.bench_function(format!("load/{name}"), |b| {
            b.iter(|| game.load(black_box(&bytes)).unwrap())
        });
        group.bench_function(format!("save_and_load/{name}"), |b| {
            b.iter(|| {
                let bytes = game.save();
                game.load(black_box(&bytes)).unwrap();
            })
        });
    }
    group.finish();
}

fn through_abi(c: &mut Criterion) {
    let mut group = c.benchmark_group("save_load_11x11_abi");
    let mut game = mid_game_through_abi();
    let bytes = game.save().unwrap();
    group.bench_function("save", |b| b.iter(|| black_box(game.save().unwrap())));
    group.bench_function("load", |b| b.iter(|| game.load(black_box(&bytes)).unwrap()));
    group.bench_function("save_and_load", |b| {
        b.iter(|| {
            let bytes = game.save().unwrap();
            game.load(black_box(&bytes)).unwrap();
        })
    });
    group.finish();
}

criterion_group!(benches, rust_api, through_abi);
criterion_main!(benches);
