//! What a turn costs on the original's 12 × 12 board: decoding a maze from
//! its number (every `n` decodes the maze after the next), the pumpkins'
//! move, and the launcher's save and load after it; and building the
//! numbering's tables (once per board size).
//!
//! Run with `cargo bench -p tally-maze --bench maze -- --warm-up-time 1
//! --measurement-time 3`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use game_api::{NewGame, SaveLoad};
use tally_maze::TallyMaze;
use tally_maze::maze::Enumeration;
use tally_maze::nat::Nat;
use tally_maze::rules::{Tally, Turn};

const MAZE: &str = "67563176759168587958759611729762092727812947989501";

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("tally_maze_12x12");
    let number = Nat::parse_decimal(MAZE).unwrap();
    let e = Enumeration::shared(12, 12);
    group.bench_function("decode_maze", |b| {
        b.iter(|| black_box(e.maze(black_box(&number))))
    });
    group.bench_function("numbering_tables", |b| {
        b.iter(|| black_box(Enumeration::new(12, 12)))
    });
    let tally = Tally::new(e.clone(), number.clone()).unwrap();
    let mut mazes = tally.mazes().clone();
    let at = tally.position();
    mazes.get(0);
    mazes.get(1);
    group.bench_function("pumpkins_move", |b| {
        b.iter(|| black_box(mazes.apply(black_box(&at), Turn::Wait)))
    });
    let mut game = TallyMaze::with_seed(12, 0);
    game.start_from_game_id(MAZE).unwrap();
    for c in "ddrurddddldnnnnnn".chars() {
        game.play(Turn::from_letter(c).unwrap());
    }
    let bytes = game.save();
    group.bench_function("save", |b| b.iter(|| black_box(game.save())));
    group.bench_function("load", |b| b.iter(|| game.load(black_box(&bytes)).unwrap()));
    group.finish();
}

criterion_group!(maze, benches);
criterion_main!(maze);
