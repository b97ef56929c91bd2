//! The manual's pictures are what the drawing code draws now: they are
//! rendered again and compared byte for byte (the rasteriser is
//! deterministic), so they cannot go stale. After changing the drawing,
//! run `cargo run -p same --example render_pictures`.

#[path = "../examples/render_pictures.rs"]
mod render_pictures;

use same::game::{COLOURS_RGB, MARGIN, PITCH, Same, pale};
use same::{Board, Cell};
use std::path::PathBuf;

fn file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name)
}

#[test]
fn the_committed_pictures_are_up_to_date() {
    game_test::files::assert_pictures_fresh(
        env!("CARGO_MANIFEST_DIR"),
        render_pictures::pictures(),
        "cargo run -p same --example render_pictures",
    );
}

/// The pixel at the body of the dot at `cell` (below and right of its
/// centre, clear of the lit side).
fn body_pixel(rgba: &[u8], width: u32, cell: Cell) -> [u8; 4] {
    let c = Same::cell_center(cell);
    let (x, y) = ((c.x + 6.0) as u32, (c.y + 6.0) as u32);
    let i = 4 * (y * width + x) as usize;
    [rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]]
}

/// The board a picture shows, read from its pixels.
fn seen(name: &str, pale_ok: bool) -> Board {
    let (w, h, rgba) = game_raster::decode_png(&std::fs::read(file(name)).unwrap()).unwrap();
    let side = |n: u32| ((n as f32 - 2.0 * MARGIN) / PITCH).round() as usize;
    let mut board = Board::empty(side(w), side(h));
    for cell in board.cells().collect::<Vec<_>>() {
        let p = body_pixel(&rgba, w, cell);
        let colour = COLOURS_RGB.iter().position(|c| {
            [c.r, c.g, c.b, 255] == p
                || (pale_ok && {
                    let q = pale(*c);
                    [q.r, q.g, q.b, 255] == p
                })
        });
        board.set(cell, colour.map(|c| c as u8));
    }
    board
}

#[test]
fn the_pictures_show_the_rule_books_example_stage_by_stage() {
    let stages = render_pictures::example_stages();
    for (i, stage) in stages.iter().enumerate() {
        let name = format!("manual/example-{}.png", i + 1);
        assert_eq!(&seen(&name, false), stage, "{name}");
    }
    // The text's claims: the green group goes first, then the purple.
    assert_eq!(stages[0].removable(Cell::new(4, 4)), 3);
    assert_eq!(stages[1].removable(Cell::new(4, 3)), 3, "the new blue row");
    assert_eq!(
        stages[2].removable(Cell::new(4, 5)),
        0,
        "the blue between browns"
    );
    assert_eq!(
        stages[4].get(Cell::new(5, 5)),
        None,
        "the last column closed"
    );
    // The highlight picture: the example with the green group pale.
    assert_eq!(seen("manual/highlight.png", true), stages[0]);
}

/// The pixel at `x`, `y` of a rendered picture.
fn pixel_at(rgba: &[u8], width: u32, x: f32, y: f32) -> [u8; 4] {
    let i = 4 * (y as u32 * width + x as u32) as usize;
    [rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]]
}

#[test]
fn a_group_reads_as_one_blob_of_its_colour() {
    // The example as dealt: the green column of three and the purple pair
    // above it are groups; blue and red alternate, touching no dot of
    // their own colour.
    let stage = &render_pictures::example_stages()[0];
    let (w, _, rgba) =
        game_raster::decode_png(&std::fs::read(file("manual/example-1.png")).unwrap()).unwrap();
    let board = same::game::BOARD;
    let colour = |cell: Cell| {
        let c = COLOURS_RGB[stage.get(cell).unwrap() as usize];
        [c.r, c.g, c.b, 255]
    };
    let between = |a: Cell, b: Cell| {
        let (p, q) = (Same::cell_center(a), Same::cell_center(b));
        ((p.x + q.x) / 2.0, (p.y + q.y) / 2.0)
    };
    let mut joined = 0;
    for cell in stage.cells() {
        for next in [
            Cell::new(cell.col + 1, cell.row),
            Cell::new(cell.col, cell.row + 1),
        ] {
            if stage.get(next).is_none() {
                continue;
            }
            let (x, y) = between(cell, next);
            // The gap between the dots, and a little to either side of
            // the line joining them.
            for (dx, dy) in [(0.0, 0.0), (0.0, 5.0), (5.0, 0.0), (0.0, -5.0), (-5.0, 0.0)] {
                let seen = pixel_at(&rgba, w, x + dx, y + dy);
                let along = if cell.row == next.row { dx } else { dy };
                if stage.get(next) == stage.get(cell) {
                    assert_eq!(seen, colour(cell), "between {cell:?} and {next:?}");
                } else if along == 0.0 {
                    // Across the gap, where no dot is: the board.
                    assert_eq!(
                        seen,
                        [board.r, board.g, board.b, 255],
                        "between {cell:?} and {next:?}"
                    );
                }
            }
            joined += usize::from(stage.get(next) == stage.get(cell));
        }
    }
    assert_eq!(joined, 3, "green twice, purple once");
}
