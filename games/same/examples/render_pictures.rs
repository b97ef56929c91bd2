//! Draws the pictures of Same's manual with the game's own drawing code
//! ([`Same::draw_board`], without the game-over veil) and the deterministic rasteriser of `game-raster`:
//! the rule book's worked example, a 6×6 board, in its five stages
//! (`manual/example-1.png` to `manual/example-5.png`), and the group under
//! the pointer highlighted (`manual/highlight.png`).
//!
//! Run `cargo run -p same --example render_pictures` to write them into
//! the crate's directory (or into the directory given as argument). The
//! test `tests/pictures.rs` renders them again and compares them with the
//! committed files, so they never go stale.

use game_api::{Event, Game};
use same::board::{Board, Cell};
use same::game::Same;

/// The worked example's board (the original's scribblings): alternating
/// blue and red, a green column of three with a purple pair above it in
/// column 4, brown dots either side of the green's foot.
pub fn example_board() -> Board {
    let mut board = Board::empty(6, 6);
    for cell in board.cells().collect::<Vec<_>>() {
        let (i, j) = (cell.col, cell.row);
        let colour = if i == 4 && (3..=5).contains(&j) {
            3
        } else if i == 4 && (1..=2).contains(&j) {
            4
        } else if (i == 3 || i == 5) && j == 5 {
            2
        } else {
            ((i + j) % 2) as u8
        };
        board.set(cell, Some(colour));
    }
    board
}

/// The example's five boards: as dealt; after the green; after the green
/// and the purple; after the green and the new blue row; after those and
/// the purple.
pub fn example_stages() -> [Board; 5] {
    let one = example_board();
    let click = |board: &Board, cell: Cell| {
        let mut next = board.clone();
        next.remove(cell).expect("a group of two or more");
        next
    };
    let two = click(&one, Cell::new(4, 3));
    let three = click(&two, Cell::new(4, 5));
    let four = click(&two, Cell::new(4, 3));
    let five = click(&four, Cell::new(4, 5));
    [one, two, three, four, five]
}

fn png(game: &Same) -> Vec<u8> {
    let size = game.canvas_size();
    game_raster::render_png(size.x as u32, size.y as u32, 1.0, |p| game.draw_board(p))
}

/// The pictures, by path relative to the crate's directory, as PNG bytes.
pub fn pictures() -> Vec<(&'static str, Vec<u8>)> {
    let names = [
        "manual/example-1.png",
        "manual/example-2.png",
        "manual/example-3.png",
        "manual/example-4.png",
        "manual/example-5.png",
    ];
    let mut pictures: Vec<(&'static str, Vec<u8>)> = names
        .into_iter()
        .zip(example_stages())
        .map(|(name, board)| (name, png(&Same::with_board(board))))
        .collect();
    let mut hover = Same::with_board(example_board());
    hover.handle_event(&Event::PointerMove {
        pos: Same::cell_center(Cell::new(4, 4)),
    });
    pictures.push(("manual/highlight.png", png(&hover)));
    pictures
}

#[allow(dead_code)]
fn main() {
    game_raster::icon::make_pictures(env!("CARGO_MANIFEST_DIR"), pictures());
}
