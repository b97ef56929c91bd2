//! What a frame of GCalc's window costs through the C ABI, as the launcher
//! calls it: drawing the whole window with the example storage open (58
//! cubes), and a pointer move during a drag followed by the frame it asks
//! for.
//!
//! Run with `cargo bench -p gcalc --bench window -- --warm-up-time 1
//! --measurement-time 3`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::host::{GameInstance, GameLibrary, NoServices};
use game_api::{Event, Point, RecordingPainter};
use gcalc::layout::CellId;

fn game() -> GameInstance {
    let mut game = GameLibrary::from_static(&gcalc::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    game.layout(Point::new(963.0, 520.0)).unwrap();
    game.invoke_action("example", "").unwrap();
    game
}

fn frames(c: &mut Criterion) {
    let mut group = c.benchmark_group("window");
    let mut g = game();
    group.bench_function("frame_with_examples", |b| {
        b.iter(|| {
            let mut p = RecordingPainter::new();
            g.draw(&mut p).unwrap();
            black_box(p.shapes.len())
        })
    });
    let layout = gcalc::layout::Layout::for_canvas(Point::new(963.0, 520.0));
    let from = layout.square(CellId::Store(2)).center();
    let over = [
        layout.square(CellId::Main).center(),
        layout.square(CellId::Store(20)).center(),
    ];
    g.handle_event(&Event::press(from)).unwrap();
    let mut i = 0;
    group.bench_function("drag_move_and_frame", |b| {
        b.iter(|| {
            i += 1;
            g.handle_event(&Event::PointerMove { pos: over[i % 2] })
                .unwrap();
            let mut p = RecordingPainter::new();
            g.draw(&mut p).unwrap();
            black_box(p.shapes.len())
        })
    });
    group.finish();
}

criterion_group!(benches, frames);
criterion_main!(benches);
