//! One frame of a cascade, as the launcher asks for it while jewels fall:
//! one tick (the animation moves on, the clock holds) and the whole
//! board drawn into a `RecordingPainter`. Also the swap itself (the rules
//! finding lines, letting jewels fall and refilling until the board is at
//! rest), and a save, which the launcher takes after every redraw.
//!
//! Run with `cargo bench -p jewel --bench cascade -- --warm-up-time 1
//! --measurement-time 3`.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use game_api::{Event, Game, RecordingPainter, Rng, SaveLoad};
use jewel::anim::{Frame, SWAP_SECONDS, VANISH_SECONDS};
use jewel::board::{Board, Cell};
use jewel::{Difficulty, JewelGame, Play};

/// A swap at (4, 2)-(3, 2) makes 2 2 2 in row 3; when it is gone, the 6
/// above column 0 falls onto two more 6s: a cascade of two rounds or more.
const CASCADE: &str = "01234560/12345601/63456012/22560123/65201234/66012345/10123456/01234560";

/// A game in the middle of its cascade's first fall.
fn falling() -> JewelGame {
    let board = Board::parse(CASCADE).unwrap();
    let mut game = JewelGame::from_play(Play::with_board(board, Rng::new(3), Difficulty::Beginner));
    assert!(game.swap(Cell::new(4, 2), Cell::new(3, 2)));
    // Ticks of a frame at 60 Hz, past the swap and the first vanishing.
    let frames = ((SWAP_SECONDS + VANISH_SECONDS) * 60.0).ceil() as usize + 2;
    for _ in 0..frames {
        game.tick(1.0 / 60.0);
    }
    assert!(matches!(
        game.anim().unwrap().frame(),
        Frame::Falling { .. }
    ));
    game
}

fn cascade_frame(c: &mut Criterion) {
    let mut group = c.benchmark_group("cascade_frame");
    let game = falling();
    group.bench_function("tick_and_draw", |b| {
        b.iter_batched(
            || game.clone(),
            |mut g| {
                let r = g.handle_event(&Event::Tick { dt: 1.0 / 60.0 });
                let mut painter = RecordingPainter::new();
                g.draw(&mut painter);
                black_box((r, painter.shapes.len()))
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("draw", |b| {
        b.iter(|| {
            let mut painter = RecordingPainter::new();
            game.draw(&mut painter);
            black_box(painter.shapes.len())
        })
    });
    group.finish();
}

fn rules(c: &mut Criterion) {
    let mut group = c.benchmark_group("rules");
    let board = Board::parse(CASCADE).unwrap();
    let play = Play::with_board(board, Rng::new(3), Difficulty::Beginner);
    group.bench_function("swap_with_cascade", |b| {
        b.iter_batched(
            || play.clone(),
            |mut p| black_box(p.try_swap(Cell::new(4, 2), Cell::new(3, 2)).unwrap()),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("legal_swaps", |b| b.iter(|| black_box(board.legal_swaps())));
    let game = falling();
    group.bench_function("save", |b| b.iter(|| black_box(game.save())));
    group.finish();
}

criterion_group!(benches, cascade_frame, rules);
criterion_main!(benches);
