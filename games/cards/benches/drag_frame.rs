//! A card drag frame through the C ABI, as the launcher's game process
//! does it: a pointer move with a card held, then the frame drawn. The
//! kit's example game, Foundations, with its waste's top card dragged.

#[allow(dead_code)]
#[path = "../tests/foundations/mod.rs"]
mod foundations;

use criterion::{Criterion, criterion_group, criterion_main};
use foundations::Foundations;
use game_api::{Event, Point};
use game_test::play;

game_api::export_game!(Foundations, save, new_game, outcome);

fn bench(c: &mut Criterion) {
    let mut game = play::start_at(&GAME_TABLE, Point::new(1280.0, 500.0));
    // Turn twenty cards onto the waste, then pick its top card up.
    let stock = game.regions().unwrap()[0].center();
    for _ in 0..20 {
        play::click(&mut game, stock);
    }
    let top = play::center_of(&mut game, |l| l.ends_with("top of waste"));
    play::send(&mut game, Event::press(top));
    let mut frame = play::pointer_sweep(&mut game, Point::new(top.x, top.y + 40.0));
    c.bench_function("drag frame (move and draw)", |b| b.iter(&mut frame));
}

criterion_group!(benches, bench);
criterion_main!(benches);
