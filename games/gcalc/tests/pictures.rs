//! The manual's pictures and the icon are what the drawing code draws now:
//! they are rendered again and compared byte for byte (the rasteriser is
//! deterministic), so they cannot go stale. After changing the drawing,
//! run `cargo run -p gcalc --example render_pictures` and
//! `cargo run -p gcalc --example make_icon`.

#[path = "../examples/render_pictures.rs"]
mod render_pictures;

#[path = "../examples/make_icon.rs"]
mod make_icon;

use std::path::PathBuf;

fn file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name)
}

#[test]
fn the_committed_pictures_are_up_to_date() {
    game_test::files::assert_pictures_fresh(
        env!("CARGO_MANIFEST_DIR"),
        render_pictures::pictures(),
        "cargo run -p gcalc --example render_pictures",
    );
    let icon = vec![("gcalc.png", make_icon::icon())];
    let command = "cargo run -p gcalc --example make_icon";
    game_test::files::assert_pictures_fresh(env!("CARGO_MANIFEST_DIR"), icon, command);
}

#[test]
fn the_applied_picture_shows_red_left_of_blue() {
    let (w, _, rgba) =
        game_raster::decode_png(&std::fs::read(file("manual/applied.png")).unwrap()).unwrap();
    let at = |x: u32, y: u32| {
        let i = 4 * (y * w + x) as usize;
        [rgba[i], rgba[i + 1], rgba[i + 2]]
    };
    // The front face spans about x 53..153, y 58..153 of the 160 pixels.
    assert_eq!(at(75, 110), [255, 0, 0]);
    assert_eq!(at(130, 110), [0, 0, 255]);
}
