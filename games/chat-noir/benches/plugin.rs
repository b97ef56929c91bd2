//! The plugin boundary: drawing a frame of the 11×11 board, a pointer move
//! and a click (a blocked circle and the cat's answer), each through the
//! game's C ABI table as the launcher calls it.
//!
//! Run with `cargo bench -p chat-noir --bench plugin -- --warm-up-time 1
//! --measurement-time 3`.

use std::hint::black_box;

use chat_noir::render::cell_center;
use chat_noir::{GameId, Pos, World};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use game_api::host::{GameInstance, GameLibrary, NoServices};
use game_api::{Event, RecordingPainter};

/// The position of the benchmarks: a new 11×11 game (six blocked
/// circles), loaded from its game ID so every run plays the same board.
fn position() -> GameId {
    World::new_game(11, 2024).unwrap().game_id()
}

fn start(help: bool) -> GameInstance {
    let library = GameLibrary::from_static(&chat_noir::GAME_TABLE).unwrap();
    let mut game = library.start(Box::new(NoServices)).unwrap();
    game.start_from_game_id(&position().to_string()).unwrap();
    if help {
        game.handle_event(&Event::key("h")).unwrap();
    }
    game
}

fn draw(c: &mut Criterion) {
    let mut group = c.benchmark_group("plugin_draw_11x11");
    for (name, help) in [("help_off", false), ("help_on", true)] {
        let mut game = start(help);
        let mut painter = RecordingPainter::new();
        group.bench_function(name, |b| {
            b.iter(|| {
                painter.shapes.clear();
                black_box(game.draw(&mut painter).unwrap());
            })
        });
    }
    group.finish();
}

fn pointer_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("plugin_pointer_move_11x11");
    for (name, help) in [("help_off", false), ("help_on", true)] {
        let mut game = start(help);
        // Alternate between two circles so every move changes the cell
        // under the pointer (and, with help, the paths).
        let cells = [cell_center(Pos::new(2, 3)), cell_center(Pos::new(7, 8))];
        let mut i = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                i ^= 1;
                let pos = cells[i];
                black_box(game.handle_event(&Event::PointerMove { pos }).unwrap())
            })
        });
    }
    group.finish();
}

fn click(c: &mut Criterion) {
    let id = position();
    let target = id
        .board()
        .cells()
        .find(|&(p, blocked)| !blocked && p != id.cat() && p.y == 1)
        .unwrap()
        .0;
    let pos = cell_center(target);
    c.bench_function("plugin_click_11x11", |b| {
        b.iter_batched(
            || start(false),
            |mut game| {
                black_box(game.handle_event(&Event::release(pos)).unwrap());
                game
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, draw, pointer_move, click);
criterion_main!(benches);
