//! Draws Chat Noir's pictures with the game's own drawing code
//! ([`chat_noir::render`]) and the deterministic rasteriser of
//! `game-raster`:
//!
//! * `chat-noir.png`, the console icon: the thinking cat's face and ears,
//!   32×32 on a transparent background (the whiskers are cut at the face's
//!   sides);
//! * `manual/empty-3.png` and `manual/empty-7.png`, the empty worlds of
//!   sizes 3 and 7 (§1.18.2);
//! * `manual/cat-distance.png`, the world of size 7 with the cat at (2, 2)
//!   and help showing: the white dots mark the cells on the cat's shortest
//!   paths to the edge (§1.18.5).
//!
//! Run `cargo run -p chat-noir --example render_pictures` to write them
//! into the crate's directory (or into the directory given as argument).
//! The test `tests/pictures.rs` renders them again and compares them with
//! the committed files, so they never go stale.

use chat_noir::render::{FACE_SIZE, Mood, cat, render_world};
use chat_noir::{Board, Pos, World, world_height, world_width};
use game_api::Point;

/// The side of the square of canvas pixels the icon shows: the face's rim
/// (40 wide) and the ears' tips (16 above the centre) fit in it.
pub const ICON_CANVAS: u32 = 40;
/// The icon's side in pixels.
pub const ICON_SIDE: u32 = 32;

/// The pictures, by path relative to the crate's directory, as PNG bytes.
pub fn pictures() -> Vec<(&'static str, Vec<u8>)> {
    let world_png = |world: &World| {
        let size = world.size();
        let path = world.cats_path();
        game_raster::render_png(world_width(size), world_height(size), 1.0, |p| {
            render_world(p, world, |q| path.contains(q))
        })
    };
    let empty = |size| World::empty(size).expect("a valid size");
    let cat_distance = World::new(Board::empty(7).expect("a valid size"), Pos::new(2, 2))
        .expect("the cat is on a free cell")
        .with_help(true);
    vec![
        ("chat-noir.png", icon()),
        ("manual/empty-3.png", world_png(&empty(3))),
        ("manual/empty-7.png", world_png(&empty(7))),
        ("manual/cat-distance.png", world_png(&cat_distance)),
    ]
}

/// The console icon: the thinking cat, its face (rim included) as wide as
/// the icon and the box from the ears' tips to the rim's bottom centred
/// vertically.
pub fn icon() -> Vec<u8> {
    let side = ICON_CANVAS as f32;
    // The ears' tips are 16.06 above the centre, the rim 13 below it.
    let (top, bottom) = (16.06, (FACE_SIZE.1 + 4.0) / 2.0);
    let center = Point::new(side / 2.0, (side - top - bottom) / 2.0 + top);
    game_raster::render_png(ICON_CANVAS, ICON_CANVAS, ICON_SIDE as f32 / side, |p| {
        cat(p, center, Mood::Thinking)
    })
}

#[allow(dead_code)]
fn main() {
    game_raster::icon::make_pictures(env!("CARGO_MANIFEST_DIR"), pictures());
}
