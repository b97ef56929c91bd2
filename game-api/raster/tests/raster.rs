//! What the rasteriser draws: colours where shapes are, transparency where
//! they are not, clips, scale, and PNG round trips.

use game_api::{BLACK, Painter, Point, Rgba, Stroke, Style, WHITE};
use game_raster::{RasterPainter, decode_png, render, render_png};

const RED: Rgba = Rgba::rgb(255, 0, 0);
const CLEAR: Rgba = Rgba::with_alpha(0, 0, 0, 0);

#[test]
fn a_circle_is_filled_inside_and_transparent_outside() {
    let p = render(40, 40, 1.0, |p| {
        p.circle(Point::new(20.0, 20.0), 10.0, Style::solid(RED))
    });
    assert_eq!((p.width(), p.height()), (40, 40));
    assert_eq!(p.pixel(20, 20), Some(RED));
    assert_eq!(p.pixel(13, 20), Some(RED));
    assert_eq!(p.pixel(2, 2), Some(CLEAR));
    assert_eq!(p.pixel(31, 20), Some(CLEAR));
    assert_eq!(p.pixel(40, 0), None);
}

/// Issue 15: rounded rectangles (ABI revision 3). Their corners are cut
/// away; a radius past half the shorter side is a half circle at each end.
#[test]
fn a_rounded_rectangle_has_round_corners() {
    let p = render(100, 60, 1.0, |p| {
        p.rounded_rect(
            Point::new(0.0, 0.0),
            Point::new(100.0, 60.0),
            20.0,
            Style::solid(RED),
        )
    });
    assert_eq!(p.pixel(50, 30), Some(RED), "inside");
    assert_eq!(
        p.pixel(1, 30),
        Some(RED),
        "the left edge, between the corners"
    );
    assert_eq!(p.pixel(50, 1), Some(RED), "the top edge");
    for (x, y) in [(1, 1), (98, 1), (1, 58), (98, 58)] {
        assert_eq!(p.pixel(x, y), Some(CLEAR), "the corner at {x}, {y}");
    }
    // A plain rectangle fills its corners.
    let square = render(100, 60, 1.0, |p| {
        p.rounded_rect(
            Point::new(0.0, 0.0),
            Point::new(100.0, 60.0),
            0.0,
            Style::solid(RED),
        )
    });
    assert_eq!(square.pixel(1, 1), Some(RED));
}

#[test]
fn ellipses_take_radii_and_later_shapes_cover_earlier_ones() {
    let p = render(60, 30, 1.0, |p| {
        p.rect(
            Point::new(0.0, 0.0),
            Point::new(60.0, 30.0),
            Style::solid(WHITE),
        );
        p.ellipse(Point::new(30.0, 15.0), 25.0, 5.0, Style::solid(BLACK));
    });
    assert_eq!(p.pixel(8, 15), Some(BLACK));
    assert_eq!(p.pixel(30, 11), Some(BLACK));
    assert_eq!(p.pixel(30, 7), Some(WHITE));
    assert_eq!(p.pixel(2, 15), Some(WHITE));
}

#[test]
fn polygons_lines_and_outlines() {
    let p = render(40, 40, 1.0, |p| {
        p.polygon(
            &[
                Point::new(0.0, 0.0),
                Point::new(20.0, 0.0),
                Point::new(0.0, 20.0),
            ],
            Style::solid(RED),
        );
        p.line(
            Point::new(0.0, 30.5),
            Point::new(40.0, 30.5),
            Stroke {
                width: 1.0,
                color: BLACK,
            },
        );
        p.circle(Point::new(30.0, 10.0), 6.0, Style::outline(BLACK));
    });
    assert_eq!(p.pixel(3, 3), Some(RED));
    assert_eq!(p.pixel(17, 17), Some(CLEAR));
    assert_eq!(p.pixel(20, 30), Some(BLACK));
    assert_eq!(p.pixel(20, 29), Some(CLEAR));
    // The ring is drawn, its middle is not.
    assert_eq!(p.pixel(30, 10), Some(CLEAR));
    assert!(p.pixel(30, 4).unwrap().a > 100);
}

#[test]
fn clips_nest_and_intersect() {
    let p = render(30, 30, 1.0, |p| {
        p.push_clip(Point::new(0.0, 0.0), Point::new(20.0, 20.0));
        p.push_clip(Point::new(10.0, 10.0), Point::new(20.0, 20.0));
        p.rect(
            Point::new(0.0, 0.0),
            Point::new(30.0, 30.0),
            Style::solid(RED),
        );
        p.pop_clip();
        p.rect(
            Point::new(0.0, 0.0),
            Point::new(5.0, 5.0),
            Style::solid(BLACK),
        );
        p.pop_clip();
        // A pop without a push is ignored.
        p.pop_clip();
        p.rect(
            Point::new(25.0, 25.0),
            Point::new(5.0, 5.0),
            Style::solid(BLACK),
        );
        // An empty clip draws nothing.
        p.push_clip(Point::new(0.0, 0.0), Point::new(0.0, 30.0));
        p.rect(
            Point::new(0.0, 25.0),
            Point::new(5.0, 5.0),
            Style::solid(RED),
        );
        p.pop_clip();
    });
    assert_eq!(p.pixel(15, 15), Some(RED));
    assert_eq!(p.pixel(5, 15), Some(CLEAR));
    assert_eq!(p.pixel(22, 22), Some(CLEAR));
    assert_eq!(p.pixel(2, 2), Some(BLACK));
    assert_eq!(p.pixel(27, 27), Some(BLACK));
    assert_eq!(p.pixel(2, 27), Some(CLEAR));
}

#[test]
fn the_scale_multiplies_sizes_and_text_is_skipped() {
    let mut p = RasterPainter::new(10, 5, 2.5);
    assert_eq!((p.width(), p.height()), (25, 13));
    p.rect(
        Point::new(4.0, 0.0),
        Point::new(2.0, 5.0),
        Style::solid(RED),
    );
    p.text(
        Point::new(0.0, 0.0),
        game_api::Anchor::TopLeft,
        12.0,
        BLACK,
        "hi",
    );
    assert_eq!(p.skipped_text(), 1);
    assert_eq!(p.pixel(12, 6), Some(RED));
    assert_eq!(p.pixel(9, 6), Some(CLEAR));
    assert_eq!(p.pixel(15, 6), Some(CLEAR));
}

#[test]
fn pngs_round_trip_and_rendering_is_deterministic() {
    let draw = |p: &mut dyn Painter| {
        p.circle(
            Point::new(8.0, 8.0),
            5.5,
            Style::solid(Rgba::with_alpha(10, 200, 30, 180)),
        )
    };
    let png = render_png(16, 16, 1.0, draw);
    assert_eq!(png, render_png(16, 16, 1.0, draw));
    let (w, h, rgba) = decode_png(&png).unwrap();
    assert_eq!((w, h), (16, 16));
    assert_eq!(rgba, render(16, 16, 1.0, draw).rgba());
    assert!(decode_png(b"not a png").is_err());
}

/// A 2 × 2 picture: red, green / blue, white (RGBA, not premultiplied).
fn four_pixels() -> Vec<u8> {
    [
        [255, 0, 0, 255],
        [0, 255, 0, 255],
        [0, 0, 255, 255],
        [255, 255, 255, 255],
    ]
    .concat()
}

/// Issue 15: pictures (ABI revision 3) are scaled into their rectangle:
/// each of a 2 × 2 picture's pixels fills a quarter of it.
#[test]
fn a_picture_of_pixels_is_scaled_into_its_rectangle() {
    let pixels = four_pixels();
    let p = render(100, 100, 1.0, |p| {
        p.picture(
            game_api::Picture::Rgba {
                width: 2,
                height: 2,
                pixels: &pixels,
            },
            Point::new(20.0, 20.0),
            Point::new(60.0, 60.0),
        )
    });
    // Well inside each quarter, away from the bilinear blend at the middle.
    assert_eq!(p.pixel(25, 25), Some(RED));
    assert_eq!(p.pixel(74, 25), Some(Rgba::rgb(0, 255, 0)));
    assert_eq!(p.pixel(25, 74), Some(Rgba::rgb(0, 0, 255)));
    assert_eq!(p.pixel(74, 74), Some(WHITE));
    assert_eq!(p.pixel(10, 10), Some(CLEAR), "outside the rectangle");
    assert_eq!(p.pixel(85, 50), Some(CLEAR), "outside the rectangle");
    assert_eq!(p.skipped_pictures(), 0);
}

/// A PNG file is read from the game's directory; without one, or when the
/// file is missing, the picture is skipped and counted.
#[test]
fn a_picture_file_is_read_from_the_games_directory() {
    let dir = tempfile::tempdir().unwrap();
    let png = render_png(2, 2, 1.0, |p| {
        p.picture(
            game_api::Picture::Rgba {
                width: 2,
                height: 2,
                pixels: &four_pixels(),
            },
            Point::new(0.0, 0.0),
            Point::new(2.0, 2.0),
        )
    });
    std::fs::create_dir(dir.path().join("cards")).unwrap();
    std::fs::write(dir.path().join("cards/four.png"), png).unwrap();
    let mut p = RasterPainter::new(40, 40, 1.0).with_picture_dir(dir.path());
    let (min, size) = (Point::new(0.0, 0.0), Point::new(40.0, 40.0));
    p.picture(game_api::Picture::File("cards/four.png"), min, size);
    assert_eq!(p.pixel(2, 2), Some(RED));
    assert_eq!(p.pixel(37, 37), Some(WHITE));
    p.picture(game_api::Picture::File("cards/missing.png"), min, size);
    assert_eq!(p.skipped_pictures(), 1);
    let mut without_dir = RasterPainter::new(40, 40, 1.0);
    without_dir.picture(game_api::Picture::File("cards/four.png"), min, size);
    assert_eq!(without_dir.skipped_pictures(), 1);
    assert_eq!(without_dir.pixel(2, 2), Some(CLEAR));
}
