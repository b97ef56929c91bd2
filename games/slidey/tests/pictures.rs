//! What the player sees, in pixels: the game's drawing rasterised by
//! `game-raster`. Each cell shows its tile's piece of the picture, and the
//! manual's pictures are what the game draws today.

#[path = "common/pictures.rs"]
mod pictures;

use game_api::Game;
use slidey::game::{CANVAS_SIDE, CURSOR, GAP, MISPLACED};
use slidey::picture::{Image, Landscape};
use std::path::PathBuf;

#[test]
fn every_cell_shows_its_tiles_piece_of_the_picture() {
    let game = pictures::shown_game();
    let side = CANVAS_SIDE as u32;
    let raster = game_raster::render(side, side, 1.0, |p| game.draw(p));
    let tiles = Image::builtin(Landscape).cut(4, 4);
    for cell in game.board().all_cells() {
        let c = game.cell_center(cell);
        let seen = raster.pixel(c.x as u32, c.y as u32).unwrap();
        let seen = [seen.r, seen.g, seen.b, seen.a];
        match game.board().tile(cell) {
            0 => assert_eq!(seen, [GAP.r, GAP.g, GAP.b, 255], "the gap"),
            tile => {
                let piece = &tiles[usize::from(tile) - 1];
                let expected = piece.pixel(piece.width / 2, piece.height / 2);
                assert_eq!(seen, expected, "tile {tile} at {cell}");
            }
        }
    }
    // The tile under the pointer has the orange outline.
    let cursor = game.cursor().unwrap();
    let min = game.cell_min(cursor);
    let edge = raster.pixel(min.x as u32 + 1, min.y as u32 + 40).unwrap();
    assert_eq!((edge.r, edge.g, edge.b), (CURSOR.r, CURSOR.g, CURSOR.b));
}

#[test]
fn the_manuals_pictures_are_up_to_date() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for (name, bytes) in pictures::pictures() {
        let committed = std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            committed == bytes,
            "{name} is stale: run `cargo run -p slidey --example render_pictures`"
        );
    }
    // The second shows red outlines, the first none.
    let red = |name: &str| {
        let (_, _, rgba) =
            game_raster::decode_png(&std::fs::read(dir.join(name)).unwrap()).unwrap();
        rgba.chunks(4)
            .filter(|p| p[..3] == [MISPLACED.r, MISPLACED.g, MISPLACED.b])
            .count()
    };
    assert_eq!(red("manual/shuffled.png"), 0);
    assert!(red("manual/misplaced.png") > 1000);
}
