//! Memory's benches through the C ABI as the launcher's game process does
//! it: a pointer move over the table and the frame drawn (Memory has no
//! drag: its cards are only clicked), and a turn (a click on a card, then
//! the frame). Memory has no computer player.

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::Point;
use game_test::play;

fn frames(c: &mut Criterion) {
    let mut game = play::start_at(&memory::GAME_TABLE, Point::new(1280.0, 720.0));
    game.start_from_game_id("1").unwrap();
    let first = play::center_of(&mut game, |l| l.ends_with("top of row 1 column 1"));
    let mut frame = play::pointer_sweep(&mut game, Point::new(first.x, first.y + 40.0));
    c.bench_function("pointer frame (move and draw)", |b| b.iter(&mut frame));
    drop(frame);
    c.bench_function("turn a card (click and draw)", |b| {
        b.iter(|| {
            // The same card each time: turned up, then back (cancel).
            play::click(&mut game, first);
            play::shapes_drawn(&mut game)
        })
    });
}

criterion_group!(benches, frames);
criterion_main!(benches);
