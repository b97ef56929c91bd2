//! The committed pictures are what the drawing code draws now: the icon
//! and the manual's pictures are rendered again and compared byte for byte
//! (tiny-skia is deterministic), so they cannot go stale. After changing
//! the drawing, run `cargo run -p chat-noir --example render_pictures`.

#[path = "../examples/render_pictures.rs"]
mod render_pictures;

use chat_noir::render::{EYE_COLOR, FACE_COLOR};
use game_api::Rgba;
use std::path::PathBuf;

fn file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name)
}

#[test]
fn the_committed_pictures_are_up_to_date() {
    let pictures = render_pictures::pictures();
    let names: Vec<&str> = pictures.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        names,
        [
            "chat-noir.png",
            "manual/empty-3.png",
            "manual/empty-7.png",
            "manual/cat-distance.png"
        ]
    );
    game_test::files::assert_pictures_fresh(
        env!("CARGO_MANIFEST_DIR"),
        pictures,
        "cargo run -p chat-noir --example render_pictures",
    );
}

#[test]
fn the_icon_is_the_cats_face_on_a_transparent_32_by_32_square() {
    let (w, h, rgba) = game_raster::decode_png(&std::fs::read(file("chat-noir.png")).unwrap())
        .expect("an RGBA PNG");
    assert_eq!((w, h), (32, 32));
    let pixel = |x: u32, y: u32| {
        let i = 4 * (y * w + x) as usize;
        Rgba::with_alpha(rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    };
    // Transparent corners; the face's grey, the eyes' green and the black
    // rim and ears inside.
    for (x, y) in [(0, 0), (31, 0), (0, 31), (31, 31)] {
        assert_eq!(pixel(x, y).a, 0, "corner ({x}, {y})");
    }
    let has = |c: Rgba| (0..32).any(|y| (0..32).any(|x| pixel(x, y) == c));
    assert!(has(FACE_COLOR) && has(EYE_COLOR) && has(game_api::BLACK));
    // Cropped to the face: the rim nearly touches both sides, the ears'
    // tips the top.
    let opaque_columns: Vec<u32> = (0..32)
        .filter(|&x| (0..32).any(|y| pixel(x, y).a > 128))
        .collect();
    assert!(opaque_columns.first() <= Some(&1) && opaque_columns.last() >= Some(&30));
    let first_row = (0..32).find(|&y| (0..32).any(|x| pixel(x, y).a > 128));
    assert!(first_row <= Some(5), "{first_row:?}");
}

#[test]
fn the_manual_pictures_have_the_boards_sizes() {
    for (name, size) in [
        ("manual/empty-3.png", 3),
        ("manual/empty-7.png", 7),
        ("manual/cat-distance.png", 7),
    ] {
        let (w, h, _) = game_raster::decode_png(&std::fs::read(file(name)).unwrap()).unwrap();
        assert_eq!(
            (w, h),
            (chat_noir::world_width(size), chat_noir::world_height(size)),
            "{name}"
        );
    }
}
