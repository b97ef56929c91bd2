//! Draws the manual's pictures with the game's own drawing code (text is
//! not drawn by the rasteriser, so the pictures show the board only):
//!
//! * `manual/board.png`: the board of game `0:2024` at the start;
//! * `manual/difficulties.png`: one row of the seven kinds at each of the
//!   five difficulties.
//!
//! Run `cargo run -p jewel --example render_pictures`, or pass another
//! directory to write them there.

use game_api::{Game, Point, Style};
use jewel::board::{Jewel, KINDS};
use jewel::draw::{BACKGROUND, CELL, HEIGHT, WIDTH, jewel};
use jewel::{Difficulty, JewelGame, Play};
use std::path::PathBuf;

fn main() {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("manual"));
    std::fs::create_dir_all(&dir).expect("make the directory");

    let mut game = JewelGame::with_seed(2024, Difficulty::Beginner);
    game.start();
    let board = game_raster::render_png(WIDTH as u32, HEIGHT as u32, 1.0, |p| game.draw(p));
    std::fs::write(dir.join("board.png"), board).expect("write board.png");

    // Seven kinds, decoys shifted by three, at each difficulty.
    let jewels: Vec<Jewel> = (0..KINDS)
        .map(|kind| Jewel {
            kind,
            decoy: (kind + 3) % KINDS,
        })
        .collect();
    let rows = Difficulty::ALL.len() as f32;
    let picture = game_raster::render_png((7.0 * CELL) as u32, (rows * CELL) as u32, 1.0, |p| {
        p.rect(
            Point::new(0.0, 0.0),
            Point::new(7.0 * CELL, rows * CELL),
            Style::solid(BACKGROUND),
        );
        for (row, difficulty) in Difficulty::ALL.into_iter().enumerate() {
            let play = Play::deal(2024, difficulty);
            for (col, j) in jewels.iter().enumerate() {
                let c = Point::new((col as f32 + 0.5) * CELL, (row as f32 + 0.5) * CELL);
                jewel(p, c, CELL / 2.0, play.look(*j));
            }
        }
    });
    std::fs::write(dir.join("difficulties.png"), picture).expect("write difficulties.png");
    println!("wrote {}", dir.display());
}
