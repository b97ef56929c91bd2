//! A card drag frame through the C ABI, as the launcher's game process
//! does it: a pointer move with a card held, then the frame drawn. The
//! kit's example game, Foundations, with its waste's top card dragged.

#[allow(dead_code)]
#[path = "../tests/foundations/mod.rs"]
mod foundations;

use criterion::{Criterion, criterion_group, criterion_main};
use foundations::Foundations;
use game_api::host::{GameLibrary, NoServices};
use game_api::{Event, Point, RecordingPainter};

game_api::export_game!(Foundations, save, new_game, outcome);

fn bench(c: &mut Criterion) {
    let mut game = GameLibrary::from_static(&GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    game.layout(Point::new(1280.0, 500.0)).unwrap();
    // Turn twenty cards onto the waste, then pick its top card up.
    let stock = game.regions().unwrap()[0].center();
    for _ in 0..20 {
        game.handle_event(&Event::press(stock)).unwrap();
        game.handle_event(&Event::release(stock)).unwrap();
    }
    let top = game
        .regions()
        .unwrap()
        .into_iter()
        .find(|r| r.label.ends_with("top of waste"))
        .unwrap()
        .center();
    game.handle_event(&Event::press(top)).unwrap();
    let mut x = 0.0;
    c.bench_function("drag frame (move and draw)", |b| {
        b.iter(|| {
            x = (x + 7.0) % 600.0;
            let pos = Point::new(top.x + x, top.y + 40.0);
            game.handle_event(&Event::PointerMove { pos }).unwrap();
            let mut p = RecordingPainter::new();
            game.draw(&mut p).unwrap();
            p.shapes.len()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
