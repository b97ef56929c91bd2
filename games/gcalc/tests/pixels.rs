//! The drawn cubes read back as pixels from the deterministic rasteriser:
//! what a player sees in a cell.

use game_api::{Point, Rgba};
use gcalc::draw::draw_cube;
use gcalc::expr::parse;

fn pixel(text: &str, size: u32, x: u32, y: u32) -> Rgba {
    let painter = game_raster::render(size, size, 1.0, |p| {
        draw_cube(p, &parse(text), Point::new(0.0, 0.0), size as f32)
    });
    painter.pixel(x, y).unwrap()
}

#[test]
fn the_front_face_shows_the_cube_colour() {
    // The front face of a 100-pixel cell spans about x 32..96, y 36..96.
    assert_eq!(pixel("red", 100, 64, 66), Rgba::rgb(255, 0, 0));
    assert_eq!(pixel("red | blue", 100, 45, 66), Rgba::rgb(255, 0, 0));
    assert_eq!(pixel("red | blue", 100, 85, 66), Rgba::rgb(0, 0, 255));
    assert_eq!(pixel("red - blue", 100, 64, 50), Rgba::rgb(255, 0, 0));
    assert_eq!(pixel("red - blue", 100, 64, 85), Rgba::rgb(0, 0, 255));
    // Nothing at all for the transparent cube.
    assert_eq!(pixel("transparent", 100, 64, 66).a, 0);
}

#[test]
fn the_abstraction_circle_is_on_the_front_face_corner() {
    // The circle of \green sits near the front face's top-left corner.
    let at = |text| pixel(text, 100, 39, 43);
    assert_eq!(at("\\green. red"), Rgba::rgb(0, 255, 0));
    assert_eq!(at("red"), Rgba::rgb(255, 0, 0));
}
