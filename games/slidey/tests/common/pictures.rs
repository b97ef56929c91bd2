//! The manual's pictures, drawn by the game and rasterised by
//! `game-raster`: shared by `examples/render_pictures.rs`, which writes
//! them, and `tests/pictures.rs`, which checks them.

use game_api::{Event, Game};
use slidey::Slidey;
use slidey::board::{Cell, Shuffle};
use slidey::game::{CANVAS_SIDE, MISPLACED_ACTION};

/// The 4×4 deal the pictures show, with the pointer on a tile of the
/// gap's column.
pub fn shown_game() -> Slidey {
    let mut game = Slidey::with_board(Shuffle::new(4, 2024).board);
    let gap = game.board().gap();
    let pointer = Cell::new((gap.row + 2) % 4, gap.col);
    game.handle_event(&Event::PointerMove {
        pos: game.cell_center(pointer),
    });
    game
}

/// A game's canvas as PNG bytes.
pub fn png_of(game: &Slidey) -> Vec<u8> {
    let side = CANVAS_SIDE as u32;
    game_raster::render_png(side, side, 1.0, |p| game.draw(p))
}

/// The pictures, by path relative to the crate's directory, as PNG bytes.
pub fn pictures() -> Vec<(&'static str, Vec<u8>)> {
    let game = shown_game();
    let mut misplaced = shown_game();
    misplaced
        .invoke_action(MISPLACED_ACTION, "")
        .expect("Show misplaced");
    vec![
        ("manual/shuffled.png", png_of(&game)),
        ("manual/misplaced.png", png_of(&misplaced)),
    ]
}
