//! Drawing a full table of 52 face-up cards (seven fanned columns and a
//! row of spread cards) into a `RecordingPainter`, at the size of a
//! typical window: what one frame of a card game costs in the kit.

use cards::card::deck;
use cards::{Fan, Hand, Pile, Table, TableCard};
use criterion::{Criterion, criterion_group, criterion_main};
use game_api::{Point, RecordingPainter};

fn full_table() -> Table {
    let mut t = Table::new(8.0, 4.0);
    let d = deck();
    for col in 0..7 {
        let mut p = Pile::new(format!("tableau {}", col + 1), (col as f32, 1.0), Fan::Down);
        p.cards = d[col * 6..col * 6 + 6]
            .iter()
            .map(|&c| TableCard::up(c))
            .collect();
        t.add_pile(p);
    }
    let mut row = Pile::new("row", (0.0, 0.0), Fan::Right);
    row.cards = d[42..].iter().map(|&c| TableCard::up(c)).collect();
    t.add_pile(row);
    t.lay_out(Point::new(1280.0, 800.0));
    t
}

fn bench(c: &mut Criterion) {
    let table = full_table();
    let hand = Hand::new();
    c.bench_function("draw 52 cards", |b| {
        b.iter(|| {
            let mut p = RecordingPainter::new();
            hand.draw(&table, &mut p);
            p.shapes.len()
        })
    });
    c.bench_function("regions of 52 cards", |b| b.iter(|| table.regions().len()));
}

criterion_group!(benches, bench);
criterion_main!(benches);
