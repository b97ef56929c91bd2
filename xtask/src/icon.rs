//! The launcher's icon for the desktop: `assets/fallback-icon.png` (a die
//! showing five, 32×32) at 32 pixels, and the same die drawn again with
//! [`game_raster`] at the larger sizes menus and docks ask for, so they are
//! sharp rather than scaled up.

use game_api::{Painter, Point, Rgba, Stroke, Style};

/// The sizes, in pixels a side, of the icons in a bundle
/// (`share/icons/hicolor/<size>x<size>/apps/game-launcher.png`).
pub const ICON_SIZES: [u32; 5] = [32, 48, 64, 128, 256];

/// The launcher's own 32×32 icon, as its windows show it.
pub const ICON_32_PNG: &[u8] = include_bytes!("../../assets/fallback-icon.png");

/// The die's ink: its outline and pips.
const INK: Rgba = Rgba::rgb(40, 48, 72);
/// The die's face.
const FACE: Rgba = Rgba::rgb(245, 245, 250);

/// The icon as a PNG file's bytes, `size` pixels a side: the asset itself at
/// 32, the die drawn at `size / 32` times the asset's scale otherwise.
pub fn icon_png(size: u32) -> Vec<u8> {
    if size == 32 {
        return ICON_32_PNG.to_vec();
    }
    game_raster::render_png(32, 32, size as f32 / 32.0, draw_die)
}

/// The die in the asset's 32×32 canvas: a rounded square from 2 to 30 with
/// a 2-pixel outline, and five pips.
fn draw_die(painter: &mut dyn Painter) {
    let face = rounded_square(3.0, 29.0, 4.5);
    painter.polygon(
        &face,
        Style {
            fill: Some(FACE),
            stroke: Some(Stroke {
                width: 2.0,
                color: INK,
            }),
        },
    );
    for (x, y) in [
        (10.0, 10.0),
        (22.0, 10.0),
        (16.0, 16.0),
        (10.0, 22.0),
        (22.0, 22.0),
    ] {
        painter.circle(Point::new(x, y), 2.6, Style::solid(INK));
    }
}

/// The corners of a square from `min` to `max` on both axes whose corners are
/// rounded with `radius`, as a polygon fine enough for 256 pixels.
fn rounded_square(min: f32, max: f32, radius: f32) -> Vec<Point> {
    const STEPS: usize = 16;
    let centres = [
        (max - radius, min + radius, -90.0_f32),
        (max - radius, max - radius, 0.0),
        (min + radius, max - radius, 90.0),
        (min + radius, min + radius, 180.0),
    ];
    let mut points = Vec::with_capacity(4 * (STEPS + 1));
    for (cx, cy, start) in centres {
        for step in 0..=STEPS {
            let angle = (start + 90.0 * step as f32 / STEPS as f32).to_radians();
            points.push(Point::new(
                cx + radius * angle.cos(),
                cy + radius * angle.sin(),
            ));
        }
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_size_is_a_png_of_that_size_with_the_die_in_it() {
        for size in ICON_SIZES {
            let (width, height, rgba) = game_raster::decode_png(&icon_png(size)).unwrap();
            assert_eq!((width, height), (size, size));
            let pixel = |x: u32, y: u32| {
                let at = ((y * size + x) * 4) as usize;
                [rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3]]
            };
            let at = |canvas: f32| (canvas * size as f32 / 32.0) as u32;
            assert_eq!(pixel(0, 0)[3], 0, "{size}: transparent corner");
            assert_eq!(
                pixel(at(16.0), at(16.0)),
                [40, 48, 72, 255],
                "{size}: centre pip"
            );
            assert_eq!(
                pixel(at(16.0), at(7.0)),
                [245, 245, 250, 255],
                "{size}: face"
            );
        }
    }
}
