//! What the launcher does after every move: one `save` (to record the move
//! for undo) and one `load` (an undo, or a resume), of a mid-game: the
//! puzzle of seed 2024 with three presses and a hint. Measured through the
//! game's Rust API and through the C ABI table as the launcher calls it.
//!
//! Run with `cargo bench -p lights-out --bench save_load -- --warm-up-time 1
//! --measurement-time 3`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::host::{GameInstance, GameLibrary, NoServices};
use game_api::{Game, NewGame, SaveLoad};
use lights_out::{Cell, LightsOut};

fn mid_game() -> LightsOut {
    let mut game = LightsOut::with_seed(0);
    game.new_game(2024);
    for cell in [Cell::new(0, 0), Cell::new(2, 3), Cell::new(4, 1)] {
        game.press(cell);
    }
    game.invoke_action("hint", "").unwrap();
    assert!(!game.is_won() && game.shown_hint().is_some());
    game
}

fn mid_game_through_abi() -> GameInstance {
    let mut game = GameLibrary::from_static(&lights_out::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    game.load(&mid_game().save()).unwrap();
    game
}

fn rust_api(c: &mut Criterion) {
    let mut group = c.benchmark_group("save_load_5x5");
    let mut game = mid_game();
    let bytes = game.save();
    group.bench_function("save", |b| b.iter(|| black_box(game.save())));
    group.bench_function("load", |b| b.iter(|| game.load(black_box(&bytes)).unwrap()));
    group.bench_function("save_and_load", |b| {
        b.iter(|| {
            let bytes = game.save();
            game.load(black_box(&bytes)).unwrap();
        })
    });
    group.finish();
}

fn through_abi(c: &mut Criterion) {
    let mut group = c.benchmark_group("save_load_5x5_abi");
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
