//! What Slidey spends time on: dealing a shuffle, making its own picture,
//! reading a player's PNG and cutting tiles (once per picture or size), a
//! frame drawn through the C ABI as the launcher draws it (every redraw),
//! a save and a load (after every move), and the IDA* solver on 3×3.
//!
//! Run with `cargo bench -p slidey -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::host::{GameLibrary, NoServices};
use game_api::{Event, RecordingPainter, SaveLoad};
use slidey::Slidey;
use slidey::board::{Board, Dir, Shuffle};
use slidey::picture::{Image, Landscape};
use slidey::solver::solve;

fn deal(c: &mut Criterion) {
    let mut group = c.benchmark_group("shuffle");
    for n in [3, 6] {
        group.bench_function(format!("{n}x{n}"), |b| {
            b.iter(|| Shuffle::new(black_box(n), black_box(2024)))
        });
    }
    group.finish();
}

/// A photo-sized PNG: 1024 × 768 of a gradient.
fn photo_png() -> Vec<u8> {
    let (w, h) = (1024u32, 768u32);
    let mut png = Vec::new();
    let mut encoder = png::Encoder::new(&mut png, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    let mut data = Vec::with_capacity((w * h * 3) as usize);
    for y in 0..h {
        for x in 0..w {
            data.extend([(x % 256) as u8, (y % 256) as u8, ((x + y) % 256) as u8]);
        }
    }
    writer.write_image_data(&data).unwrap();
    writer.finish().unwrap();
    png
}

fn pictures(c: &mut Criterion) {
    let mut group = c.benchmark_group("picture");
    group.bench_function("compute_landscape", |b| {
        b.iter(|| Image::compute(black_box(Landscape)))
    });
    let image = Image::builtin(Landscape);
    group.bench_function("cut_6x6", |b| b.iter(|| black_box(&image).cut(6, 6)));
    let png = photo_png();
    group.bench_function("from_png_1024x768", |b| {
        b.iter(|| Image::from_png(black_box(&png)).unwrap())
    });
    group.finish();
}

fn frames_and_saves(c: &mut Criterion) {
    let mut group = c.benchmark_group("play_6x6");
    let mut game = GameLibrary::from_static(&slidey::GAME_TABLE)
        .unwrap()
        .start(Box::new(NoServices))
        .unwrap();
    game.new_game(2024).unwrap();
    game.handle_event(&Event::key("ArrowDown")).unwrap();
    game.handle_event(&Event::Tick { dt: 1.0 }).unwrap();
    group.bench_function("draw_abi", |b| {
        b.iter(|| {
            let mut painter = RecordingPainter::new();
            game.draw(&mut painter).unwrap();
            painter
        })
    });
    let mut rust = Slidey::with_seed(6, 2024);
    rust.slide(Dir::Down);
    let bytes = rust.save();
    group.bench_function("save", |b| b.iter(|| black_box(&rust).save()));
    group.bench_function("load", |b| b.iter(|| rust.load(black_box(&bytes)).unwrap()));
    group.finish();
}

fn solver(c: &mut Criterion) {
    let boards: Vec<Board> = (0..8).map(|seed| Board::shuffled(3, seed)).collect();
    c.bench_function("ida_star_3x3_eight_shuffles", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(solve(board, 10_000_000).unwrap());
            }
        })
    });
}

criterion_group!(benches, deal, pictures, frames_and_saves, solver);
criterion_main!(benches);
