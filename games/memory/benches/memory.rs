//! Memory's benches through the C ABI as the launcher's game process does
//! it: a pointer move over the table and the frame drawn (Memory has no
//! drag: its cards are only clicked), and a turn (a click on a card, then
//! the frame). Memory has no computer player.

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::host::{GameLibrary, NoServices};
use game_api::{Event, Point, RecordingPainter};

fn frames(c: &mut Criterion) {
    let mut game = GameLibrary::from_static(&memory::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    game.layout(Point::new(1280.0, 720.0)).unwrap();
    game.start_from_game_id("1").unwrap();
    let regions = game.regions().unwrap();
    let first = regions
        .iter()
        .find(|r| r.label.ends_with("top of row 1 column 1"))
        .unwrap()
        .center();
    let mut x = 0.0;
    c.bench_function("pointer frame (move and draw)", |b| {
        b.iter(|| {
            x = (x + 7.0) % 600.0;
            let pos = Point::new(first.x + x, first.y + 40.0);
            game.handle_event(&Event::PointerMove { pos }).unwrap();
            let mut p = RecordingPainter::new();
            game.draw(&mut p).unwrap();
            p.shapes.len()
        })
    });
    c.bench_function("turn a card (click and draw)", |b| {
        b.iter(|| {
            // The same card each time: turned up, then back (cancel).
            game.handle_event(&Event::press(first)).unwrap();
            game.handle_event(&Event::release(first)).unwrap();
            let mut p = RecordingPainter::new();
            game.draw(&mut p).unwrap();
            p.shapes.len()
        })
    });
}

criterion_group!(benches, frames);
criterion_main!(benches);
