//! §1.18.9's drawing tests (`render-cell`, `render-board`, `render-world`,
//! `chop-whiskers`, `world-width`/`world-height`, `cell-center-x`/`-y`) and
//! the cat of §1.18.6, ported against [`RecordingPainter`]: the calls the
//! drawing code makes are compared with the calls the spec's images stand
//! for, so a wrong colour, radius, position or layer order fails.
//!
//! The spec compares images pixel by pixel (`equal?` on images). Where its
//! expected image is built differently from the actual one but looks the
//! same (a white dot hidden under the cat), the test also renders both with
//! `game-raster` and compares the pixels, as the spec does.
//!
//! Line numbers refer to `shared/seeds/004_6f67c7526535aa8f.txt`.

use std::f32::consts::PI;

use crate::common::{boxed_in, on_cats_path, p};
use chat_noir::render::{
    Mood, canvas_size, cat, cell_center, chop_whiskers, regular_polygon, render_board, render_cell,
    render_world,
};
use chat_noir::{Board, Pos, State, World};
use game_api::{Painter, Point, RecordingPainter, Rgba, Shape, Stroke, Style};

/// `'lightskyblue`, `'black`, `'white`, `'lightgray`, `'pink`, `'limegreen`
/// as Racket's colour database has them (written out here, not taken from
/// the crate, so a wrong constant fails).
const LIGHT_SKY_BLUE: Rgba = Rgba::rgb(135, 206, 250);
const BLACK: Rgba = Rgba::rgb(0, 0, 0);
const WHITE: Rgba = Rgba::rgb(255, 255, 255);
const LIGHT_GRAY: Rgba = Rgba::rgb(211, 211, 211);
const PINK: Rgba = Rgba::rgb(255, 192, 203);
const LIME_GREEN: Rgba = Rgba::rgb(50, 205, 50);

/// `circle-radius` and `circle-spacing`.
const R: f32 = 20.0;
const S: f32 = 22.0;

fn record(draw: impl FnOnce(&mut dyn Painter)) -> Vec<Shape> {
    let mut painter = RecordingPainter::new();
    draw(&mut painter);
    painter.shapes
}

fn solid_circle(center: Point, radius: f32, color: Rgba) -> Shape {
    Shape::Circle {
        center,
        radius,
        style: Style::solid(color),
    }
}

/// The spec's `(move-pinhole (circle circle-radius 'solid color) ...)` at
/// the cell `q`, optionally overlaid with a dot of radius
/// `(quotient circle-radius 2)`.
fn cell_shapes(q: Pos, color: Rgba, dot: Option<Rgba>) -> Vec<Shape> {
    let c = cell_center(q);
    let mut shapes = vec![solid_circle(c, R, color)];
    if let Some(dot) = dot {
        shapes.push(solid_circle(c, 10.0, dot));
    }
    shapes
}

/// `(nw:rectangle (world-width size) (world-height size) 'solid 'white)`.
fn background(width: f32, height: f32) -> Shape {
    Shape::Rect {
        min: Point::new(0.0, 0.0),
        size: Point::new(width, height),
        style: Style::solid(WHITE),
    }
}

/// `chop-whiskers` of a picture of `width` × `height`: the picture inside
/// a clip to its rectangle.
fn chopped(width: f32, height: f32, inner: Vec<Shape>) -> Vec<Shape> {
    let mut shapes = vec![Shape::PushClip {
        min: Point::new(0.0, 0.0),
        size: Point::new(width, height),
    }];
    shapes.extend(inner);
    shapes.push(Shape::PopClip);
    shapes
}

fn cat_shapes(at: Pos, mood: Mood) -> Vec<Shape> {
    record(|painter| cat(painter, cell_center(at), mood))
}

/// The pixels of a drawing of a canvas of `width` × `height`.
fn pixels(width: u32, height: u32, draw: impl FnOnce(&mut dyn Painter)) -> Vec<u8> {
    game_raster::render(width, height, 1.0, draw).rgba()
}

fn close(a: Point, b: (f32, f32)) -> bool {
    (a.x - b.0).abs() < 1e-3 && (a.y - b.1).abs() < 1e-3
}

// ---------------------------------------------------------------------
// cell-center-x, cell-center-y: where render-cell puts its circle.

/// The centre of the circle `render-cell` draws for `q`.
fn drawn_center(q: Pos) -> Point {
    match record(|painter| render_cell(painter, q, false, false, false)).as_slice() {
        [Shape::Circle { center, .. }] => *center,
        other => panic!("one circle expected, got {other:?}"),
    }
}

/// Line 1390: the first cell of the third row is flush with the edge:
/// `(cell-center-x (make-posn 0 2))` is `circle-radius`.
#[test]
fn cell_center_x_line_1390() {
    assert_eq!(drawn_center(p(0, 2)).x, R);
}

/// Line 1399: `(cell-center-x (make-posn 0 1))` is
/// `(+ circle-spacing circle-radius)`.
#[test]
fn cell_center_x_line_1399() {
    assert_eq!(drawn_center(p(0, 1)).x, S + R);
}

/// Line 1424: `(cell-center-y (make-posn 1 0))` is `circle-radius`.
#[test]
fn cell_center_y_line_1424() {
    assert_eq!(drawn_center(p(1, 0)).y, R);
}

/// Line 2481: `(cell-center-x (make-posn 0 0))` is `circle-radius`.
#[test]
fn cell_center_x_line_2481() {
    assert_eq!(drawn_center(p(0, 0)).x, R);
}

/// Line 2483: `(cell-center-x (make-posn 1 0))` is
/// `(+ (* 2 circle-spacing) circle-radius)`.
#[test]
fn cell_center_x_line_2483() {
    assert_eq!(drawn_center(p(1, 0)).x, 2.0 * S + R);
}

/// Line 2485: `(cell-center-x (make-posn 1 1))` is
/// `(+ (* 3 circle-spacing) circle-radius)`.
#[test]
fn cell_center_x_line_2485() {
    assert_eq!(drawn_center(p(1, 1)).x, 3.0 * S + R);
}

/// Line 2492: `(cell-center-y (make-posn 1 1))` is
/// `(+ circle-radius (* 2 circle-spacing 433/500))`.
#[test]
fn cell_center_y_line_2492() {
    let expected = (20.0 + 2.0 * 22.0 * 433.0 / 500.0) as f32;
    assert_eq!(drawn_center(p(1, 1)).y, expected);
}

// ---------------------------------------------------------------------
// world-width, world-height: the board's picture and the game's canvas.

/// Lines 2474-2475: `(world-width 3)` is 150 and `(world-height 3)` is
/// 117; the board's background and the canvas have that size.
#[test]
fn world_width_and_height_lines_2474_2475() {
    assert_eq!(canvas_size(3), Point::new(150.0, 117.0));
    let shapes = record(|painter| render_board(painter, [], 3, |_| false, None));
    assert_eq!(shapes, [background(150.0, 117.0)]);
    // And the game's canvas for its default size 11: 502 × 422.
    assert_eq!(canvas_size(11), Point::new(502.0, 422.0));
}

// ---------------------------------------------------------------------
// render-cell.

/// Line 2449: a free cell off the paths and not under the pointer is a
/// light sky blue circle of radius 20 whose centre is (20, 20) for (0, 0).
#[test]
fn render_cell_line_2449() {
    let shapes = record(|painter| render_cell(painter, p(0, 0), false, false, false));
    assert_eq!(
        shapes,
        [solid_circle(Point::new(20.0, 20.0), R, LIGHT_SKY_BLUE)]
    );
}

/// Line 2453: a blocked cell is a black circle.
#[test]
fn render_cell_line_2453() {
    let shapes = record(|painter| render_cell(painter, p(0, 0), true, false, false));
    assert_eq!(shapes, [solid_circle(Point::new(20.0, 20.0), R, BLACK)]);
}

/// Line 2457: a cell on the cat's path has a white dot of radius 10 on
/// top.
#[test]
fn render_cell_line_2457() {
    let shapes = record(|painter| render_cell(painter, p(0, 0), false, true, false));
    let c = Point::new(20.0, 20.0);
    assert_eq!(
        shapes,
        [
            solid_circle(c, R, LIGHT_SKY_BLUE),
            solid_circle(c, 10.0, WHITE)
        ]
    );
}

/// Line 2463: on the path and under the pointer, the pointer's black dot
/// wins.
#[test]
fn render_cell_line_2463() {
    let shapes = record(|painter| render_cell(painter, p(0, 0), false, true, true));
    let c = Point::new(20.0, 20.0);
    assert_eq!(
        shapes,
        [
            solid_circle(c, R, LIGHT_SKY_BLUE),
            solid_circle(c, 10.0, BLACK)
        ]
    );
}

/// Not a spec case, but what the game does with it: the pointer's dot on a
/// blocked circle is black on black.
#[test]
fn render_cell_blocked_under_the_pointer() {
    let shapes = record(|painter| render_cell(painter, p(3, 4), true, false, true));
    let c = cell_center(p(3, 4));
    assert_eq!(
        shapes,
        [solid_circle(c, R, BLACK), solid_circle(c, 10.0, BLACK)]
    );
}

// ---------------------------------------------------------------------
// render-board.

/// Line 2365: one free cell off the path: the white background, then the
/// cell.
#[test]
fn render_board_line_2365() {
    let shapes = record(|painter| render_board(painter, [(p(0, 0), false)], 3, |_| false, None));
    let mut expected = vec![background(150.0, 117.0)];
    expected.extend(cell_shapes(p(0, 0), LIGHT_SKY_BLUE, None));
    assert_eq!(shapes, expected);
}

/// Line 2378: every cell on the path: the cell gets a white dot.
#[test]
fn render_board_line_2378() {
    let shapes = record(|painter| render_board(painter, [(p(0, 0), false)], 3, |_| true, None));
    let mut expected = vec![background(150.0, 117.0)];
    expected.extend(cell_shapes(p(0, 0), LIGHT_SKY_BLUE, Some(WHITE)));
    assert_eq!(shapes, expected);
}

/// Line 2391: the same as line 2365 (the spec repeats it).
#[test]
fn render_board_line_2391() {
    let shapes = record(|painter| render_board(painter, [(p(0, 0), false)], 3, |_| false, None));
    let mut expected = vec![background(150.0, 117.0)];
    expected.extend(cell_shapes(p(0, 0), LIGHT_SKY_BLUE, None));
    assert_eq!(shapes, expected);
}

/// Line 2409: two cells, only (0, 1) on the path; cells are drawn in list
/// order.
#[test]
fn render_board_line_2409() {
    let shapes = record(|painter| {
        render_board(
            painter,
            [(p(0, 0), false), (p(0, 1), false)],
            3,
            |q| q == p(0, 1),
            None,
        )
    });
    let mut expected = vec![background(150.0, 117.0)];
    expected.extend(cell_shapes(p(0, 0), LIGHT_SKY_BLUE, None));
    expected.extend(cell_shapes(p(0, 1), LIGHT_SKY_BLUE, Some(WHITE)));
    assert_eq!(shapes, expected);
}

/// Line 2426: as line 2409 with the pointer on (0, 0): a black dot there.
#[test]
fn render_board_line_2426() {
    let shapes = record(|painter| {
        render_board(
            painter,
            [(p(0, 0), false), (p(0, 1), false)],
            3,
            |q| q == p(0, 1),
            Some(p(0, 0)),
        )
    });
    let mut expected = vec![background(150.0, 117.0)];
    expected.extend(cell_shapes(p(0, 0), LIGHT_SKY_BLUE, Some(BLACK)));
    expected.extend(cell_shapes(p(0, 1), LIGHT_SKY_BLUE, Some(WHITE)));
    assert_eq!(shapes, expected);
}

// ---------------------------------------------------------------------
// chop-whiskers.

/// `(chop-whiskers (rectangle w w 'solid 'black))`: the rectangle's pinhole
/// is at `(⌊w/2⌋, ⌊w/2⌋)`, so its top-left corner is drawn there, and the
/// picture keeps what lies right of and below the pinhole.
fn chop_square(w: f32) -> (Vec<Shape>, Vec<u8>, u32) {
    let pinhole = (w / 2.0).floor();
    let kept = (w - pinhole) as u32;
    let draw = |painter: &mut dyn Painter| {
        chop_whiskers(painter, kept, kept, |painter| {
            painter.rect(
                Point::new(-pinhole, -pinhole),
                Point::new(w, w),
                Style::solid(BLACK),
            )
        })
    };
    (record(draw), pixels(kept, kept, draw), kept)
}

/// `(put-pinhole (rectangle 3 3 'solid 'black) 0 0)`, as pixels.
fn black_square_3() -> Vec<u8> {
    pixels(3, 3, |painter| {
        painter.rect(
            Point::new(0.0, 0.0),
            Point::new(3.0, 3.0),
            Style::solid(BLACK),
        )
    })
}

/// Line 1288: chopping a 5×5 rectangle leaves the 3×3 rectangle with its
/// pinhole at (0, 0).
#[test]
fn chop_whiskers_line_1288() {
    let (shapes, pixels, kept) = chop_square(5.0);
    assert_eq!(kept, 3);
    assert_eq!(
        shapes,
        chopped(
            3.0,
            3.0,
            vec![Shape::Rect {
                min: Point::new(-2.0, -2.0),
                size: Point::new(5.0, 5.0),
                style: Style::solid(BLACK),
            }]
        )
    );
    assert_eq!(pixels, black_square_3());
}

/// Line 2328: chopping a 6×6 rectangle (pinhole (3, 3)) also leaves 3×3.
#[test]
fn chop_whiskers_line_2328() {
    let (_, pixels, kept) = chop_square(6.0);
    assert_eq!(kept, 3);
    assert_eq!(pixels, black_square_3());
}

/// Whether a world's drawing is clipped to its canvas and paints nothing
/// outside it, although the cat's whiskers reach out: rendered on a larger
/// canvas, every pixel outside the board's rectangle stays transparent.
fn stays_on_the_board(world: &World) {
    let size = world.size();
    let (w, h) = (chat_noir::world_width(size), chat_noir::world_height(size));
    let shapes = record(|painter| render_world(painter, world, |_| false));
    assert_eq!(
        shapes.first(),
        Some(&Shape::PushClip {
            min: Point::new(0.0, 0.0),
            size: Point::new(w as f32, h as f32)
        })
    );
    assert_eq!(shapes.last(), Some(&Shape::PopClip));
    let reach_out = shapes.iter().any(|s| match s {
        Shape::Line { from, to, .. } => [from, to].iter().any(|q| q.x < 0.0 || q.x > w as f32),
        _ => false,
    });
    assert!(reach_out, "the whiskers stick out of the board");

    // Drawn 40 pixels off the left and top edges of a larger canvas.
    let margin = 40.0;
    let raster = game_raster::render(w + 80, h + 80, 1.0, |painter| {
        let mut shifted = Shifted {
            inner: painter,
            by: Point::new(margin, margin),
        };
        render_world(&mut shifted, world, |_| false);
    });
    for y in 0..raster.height() {
        for x in 0..raster.width() {
            let inside = (40..40 + w).contains(&x) && (40..40 + h).contains(&y);
            if !inside {
                assert_eq!(raster.pixel(x, y).unwrap().a, 0, "pixel ({x}, {y})");
            }
        }
    }
}

/// A painter that moves everything by `by`, to look around a drawing.
struct Shifted<'a> {
    inner: &'a mut dyn Painter,
    by: Point,
}

impl Shifted<'_> {
    fn at(&self, q: Point) -> Point {
        Point::new(q.x + self.by.x, q.y + self.by.y)
    }
}

impl Painter for Shifted<'_> {
    fn circle(&mut self, center: Point, radius: f32, style: Style) {
        let c = self.at(center);
        self.inner.circle(c, radius, style)
    }
    fn ellipse(&mut self, center: Point, rx: f32, ry: f32, style: Style) {
        let c = self.at(center);
        self.inner.ellipse(c, rx, ry, style)
    }
    fn polygon(&mut self, points: &[Point], style: Style) {
        let moved: Vec<Point> = points.iter().map(|&q| self.at(q)).collect();
        self.inner.polygon(&moved, style)
    }
    fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        let (a, b) = (self.at(from), self.at(to));
        self.inner.line(a, b, stroke)
    }
    fn rect(&mut self, min: Point, size: Point, style: Style) {
        let m = self.at(min);
        self.inner.rect(m, size, style)
    }
    fn text(&mut self, pos: Point, anchor: game_api::Anchor, size: f32, color: Rgba, text: &str) {
        let at = self.at(pos);
        self.inner.text(at, anchor, size, color, text)
    }
    fn push_clip(&mut self, min: Point, size: Point) {
        let m = self.at(min);
        self.inner.push_clip(m, size)
    }
    fn pop_clip(&mut self) {
        self.inner.pop_clip()
    }
}

/// Line 2331: the cat on the left edge — the spec's (0, 0) is a removed
/// corner, so the cat stands on (0, 2) of a 5×5 board, whose whiskers
/// reach 10 pixels past the left edge — and the picture's origin stays in
/// the top-left corner of the board (`pinhole-x` is 0): nothing is drawn
/// left of it.
#[test]
fn chop_whiskers_line_2331() {
    let world = World::new(Board::empty(5).unwrap(), p(0, 2)).unwrap();
    stays_on_the_board(&world.with_mouse(Some(p(0, 0))));
}

/// Line 2347: the cat on (0, 1) of the 3×3 board; and, since the spec's
/// images keep the board's size on the right too (the window shows only
/// the board), the cat on the rightmost cell (2, 1).
#[test]
fn chop_whiskers_line_2347() {
    let board = Board::empty(3).unwrap();
    let world = World::new(board.clone(), p(0, 1)).unwrap();
    let shapes = record(|painter| render_world(painter, &world, |_| false));
    assert_eq!(
        shapes.first(),
        Some(&Shape::PushClip {
            min: Point::new(0.0, 0.0),
            size: Point::new(150.0, 117.0)
        })
    );
    stays_on_the_board(&World::new(board, p(2, 1)).unwrap());
}

// ---------------------------------------------------------------------
// render-world.

/// The 3×3 board's cells, free, with their flag.
fn empty_3() -> Vec<(Pos, bool)> {
    Board::empty(3).unwrap().cells().collect()
}

/// The spec's expected image for lines 2197, 2214 and 2231: the one-cell
/// board `(list (make-cell (make-posn 0 1) #f))` drawn with *every* cell on
/// the path, and the cat of `mood` on (0, 1). The cat hides the white dot,
/// so this looks like the same board with no cell on the path, which is
/// what the world (help off) draws: compare the pixels.
fn one_cell_world_looks_right(mood: Mood) {
    let spec_expected = pixels(150, 117, |painter| {
        chop_whiskers(painter, 150, 117, |painter| {
            render_board(painter, [(p(0, 1), false)], 3, |_| true, None);
            cat(painter, cell_center(p(0, 1)), mood);
        })
    });
    let actual = pixels(150, 117, |painter| {
        chop_whiskers(painter, 150, 117, |painter| {
            render_board(painter, [(p(0, 1), false)], 3, |_| false, None);
            cat(painter, cell_center(p(0, 1)), mood);
        })
    });
    assert!(spec_expected == actual, "the cat hides the dot");
}

/// `render-world` of the whole 3×3 empty board with the cat on (0, 1) in
/// `state` and help off: the board (no dots), then the cat of the state's
/// mood, clipped to the board.
fn whole_board_world(state: State, mood: Mood) {
    let world = World::new(Board::empty(3).unwrap(), p(0, 1))
        .unwrap()
        .with_state(state)
        // (make-posn 0 0) is a removed corner: no cell is under the pointer.
        .with_mouse(Some(p(0, 0)));
    assert_eq!(world.mouse(), None);
    let shapes = record(|painter| render_world(painter, &world, on_cats_path(&world)));
    let mut inner = vec![background(150.0, 117.0)];
    for (q, _) in empty_3() {
        inner.extend(cell_shapes(q, LIGHT_SKY_BLUE, None));
    }
    inner.extend(cat_shapes(p(0, 1), mood));
    assert_eq!(shapes, chopped(150.0, 117.0, inner));
}

/// Line 2197: a playing world shows the thinking cat on its cell.
#[test]
fn render_world_line_2197() {
    one_cell_world_looks_right(Mood::Thinking);
    whole_board_world(State::Playing, Mood::Thinking);
}

/// Line 2214: once the cat won, it is the happy cat.
#[test]
fn render_world_line_2214() {
    one_cell_world_looks_right(Mood::Happy);
    whole_board_world(State::CatWon, Mood::Happy);
}

/// Line 2231: once the cat lost, it is the mad cat.
#[test]
fn render_world_line_2231() {
    one_cell_world_looks_right(Mood::Mad);
    whole_board_world(State::CatLost, Mood::Mad);
}

/// Line 2253: the cat boxed in on (1, 1), every other cell blocked: black
/// circles around a free one, no dots, the mad cat.
#[test]
fn render_world_line_2253() {
    let world = World::new(boxed_in(&[]), p(1, 1))
        .unwrap()
        .with_state(State::CatLost);
    let shapes = record(|painter| render_world(painter, &world, on_cats_path(&world)));
    let mut inner = vec![background(150.0, 117.0)];
    for (q, _) in empty_3() {
        let color = if q == p(1, 1) { LIGHT_SKY_BLUE } else { BLACK };
        inner.extend(cell_shapes(q, color, None));
    }
    inner.extend(cat_shapes(p(1, 1), Mood::Mad));
    assert_eq!(shapes, chopped(150.0, 117.0, inner));
}

/// Line 2288: the empty 3×3 board with help on and the cat on (1, 1):
/// every cell is on a shortest path (all of them are one step from the
/// edge), so every circle has a white dot; the "mouse position" the spec
/// gives is a pixel position, not a cell, so no black dot; the mad cat.
#[test]
fn render_world_line_2288() {
    let mouse = p(cell_center(p(0, 1)).x as i32, cell_center(p(0, 1)).y as i32);
    let world = World::new(Board::empty(3).unwrap(), p(1, 1))
        .unwrap()
        .with_state(State::CatLost)
        .with_mouse(Some(mouse))
        .with_help(true);
    assert_eq!(world.mouse(), None);
    // The game keeps a CatsPath up to date; it agrees with on-cats-path?.
    let mut path = chat_noir::CatsPath::new();
    world.update_cats_path(&mut path);
    let shapes = record(|painter| render_world(painter, &world, |q| path.contains(q)));
    assert_eq!(
        shapes,
        record(|painter| render_world(painter, &world, on_cats_path(&world)))
    );
    let mut inner = vec![background(150.0, 117.0)];
    for (q, _) in empty_3() {
        inner.extend(cell_shapes(q, LIGHT_SKY_BLUE, Some(WHITE)));
    }
    inner.extend(cat_shapes(p(1, 1), Mood::Mad));
    assert_eq!(shapes, chopped(150.0, 117.0, inner));
}

// ---------------------------------------------------------------------
// The cat (§1.18.6, lines 1131-1200).

fn style_of(shape: &Shape) -> Option<Style> {
    match shape {
        Shape::Circle { style, .. }
        | Shape::Ellipse { style, .. }
        | Shape::Polygon { style, .. }
        | Shape::Rect { style, .. } => Some(*style),
        _ => None,
    }
}

/// The thinking cat at the origin, piece by piece, bottom layer first.
#[test]
fn the_thinking_cat_is_built_as_in_section_1_18_6() {
    let shapes = record(|painter| cat(painter, Point::new(0.0, 0.0), Mood::Thinking));
    assert_eq!(shapes.len(), 2 + 2 + 2 * 3 + 2 * 2 + 1 + 6, "{shapes:#?}");

    // The ears: (regular-polygon 3 8 'solid 'black angle), corners on a
    // circle of radius 7 centred one pixel up-left of the pinhole, which
    // move-pinhole puts at (14, -9) and (-13, -9).
    let ear = |shape: &Shape, centre: (f32, f32), angle: f32| match shape {
        Shape::Polygon { points, style } => {
            assert_eq!(*style, Style::solid(BLACK));
            assert_eq!(points.len(), 3);
            for (k, q) in (1..=3).rev().zip(points) {
                let theta = angle + 2.0 * PI * k as f32 / 3.0;
                let expected = (centre.0 + 7.0 * theta.cos(), centre.1 + 7.0 * theta.sin());
                assert!(close(*q, expected), "{q:?} != {expected:?}");
            }
        }
        other => panic!("an ear, not {other:?}"),
    };
    ear(&shapes[0], (13.0, -10.0), -PI / 3.0);
    ear(&shapes[1], (-14.0, -10.0), 0.0);
    // Their tips stick up above the face: (16.5, -16.06) and (-17.5, -16.06).
    match (&shapes[0], &shapes[1]) {
        (Shape::Polygon { points: a, .. }, Shape::Polygon { points: b, .. }) => {
            assert!(close(a[0], (16.5, -16.062)));
            assert!(close(b[1], (-17.5, -16.062)));
        }
        _ => unreachable!(),
    }

    // The black rim (ellipse 40 26) and the face (ellipse 36 22): full
    // width and height, so radii 20 × 13 and 18 × 11.
    let origin = Point::new(0.0, 0.0);
    assert_eq!(
        shapes[2],
        Shape::Ellipse {
            center: origin,
            radius_x: 20.0,
            radius_y: 13.0,
            style: Style::solid(BLACK)
        }
    );
    assert_eq!(
        shapes[3],
        Shape::Ellipse {
            center: origin,
            radius_x: 18.0,
            radius_y: 11.0,
            style: Style::solid(LIGHT_GRAY)
        }
    );

    // Two expressionless mouths at (4, 5) and (-4, 5): face-coloured disc,
    // face-coloured ring, face-coloured 10×5 rectangle whose pinhole (5, 2)
    // is on the mouth's.
    for (i, x) in [(4, 4.0), (7, -4.0)] {
        let m = Point::new(x, 5.0);
        assert_eq!(
            shapes[i..i + 3],
            [
                solid_circle(m, 4.0, LIGHT_GRAY),
                Shape::Circle {
                    center: m,
                    radius: 4.0,
                    style: Style::outline(LIGHT_GRAY)
                },
                Shape::Rect {
                    min: Point::new(x - 5.0, 3.0),
                    size: Point::new(10.0, 5.0),
                    style: Style::solid(LIGHT_GRAY)
                },
            ]
        );
    }
    // The eyes at (8, -3) and (-8, -3): black 12×8, lime-green 6×4.
    for (i, x) in [(10, 8.0), (12, -8.0)] {
        let e = Point::new(x, -3.0);
        assert_eq!(
            shapes[i..i + 2],
            [
                Shape::Ellipse {
                    center: e,
                    radius_x: 6.0,
                    radius_y: 4.0,
                    style: Style::solid(BLACK)
                },
                Shape::Ellipse {
                    center: e,
                    radius_x: 3.0,
                    radius_y: 2.0,
                    style: Style::solid(LIME_GREEN)
                },
            ]
        );
    }
    // The nose: (regular-polygon 3 5 'solid 'black (/ pi 2)) moved to
    // (1, 4): a triangle pointing down, tip at (0, 7).
    match &shapes[14] {
        Shape::Polygon { points, style } => {
            assert_eq!(*style, Style::solid(BLACK));
            assert_eq!(
                *points,
                regular_polygon(Point::new(1.0, 4.0), 3, 5.0, PI / 2.0)
            );
            assert!(close(points[0], (0.0, 7.0)));
            assert!(close(points[1], (3.0f32.sqrt() * 2.0, 1.0)));
            assert!(close(points[2], (-(3.0f32.sqrt()) * 2.0, 1.0)));
        }
        other => panic!("the nose, not {other:?}"),
    }
    // The whiskers, in add-line order, one pixel wide, black.
    let whiskers: Vec<(Point, Point)> = shapes[15..]
        .iter()
        .map(|s| match s {
            Shape::Line { from, to, stroke } => {
                assert_eq!(
                    *stroke,
                    Stroke {
                        width: 1.0,
                        color: BLACK
                    }
                );
                (*from, *to)
            }
            other => panic!("a whisker, not {other:?}"),
        })
        .collect();
    let q = Point::new;
    assert_eq!(
        whiskers,
        [
            (q(6.0, 4.0), q(30.0, 12.0)),
            (q(6.0, 4.0), q(30.0, 4.0)),
            (q(6.0, 4.0), q(30.0, -4.0)),
            (q(-6.0, 4.0), q(-30.0, 12.0)),
            (q(-6.0, 4.0), q(-30.0, 4.0)),
            (q(-6.0, 4.0), q(-30.0, -4.0)),
        ]
    );
}

/// The happy cat differs only in its mouths: a black ring whose top is
/// covered by the face-coloured rectangle moved up by 4 (a smile).
#[test]
fn the_happy_cat_smiles() {
    let thinking = record(|painter| cat(painter, Point::new(0.0, 0.0), Mood::Thinking));
    let happy = record(|painter| cat(painter, Point::new(0.0, 0.0), Mood::Happy));
    let differ: Vec<usize> = (0..happy.len())
        .filter(|&i| happy[i] != thinking[i])
        .collect();
    assert_eq!(differ, [5, 6, 8, 9]);
    for (i, x) in [(5, 4.0), (8, -4.0)] {
        assert_eq!(
            happy[i],
            Shape::Circle {
                center: Point::new(x, 5.0),
                radius: 4.0,
                style: Style::outline(BLACK)
            }
        );
        assert_eq!(
            happy[i + 1],
            Shape::Rect {
                min: Point::new(x - 5.0, -1.0),
                size: Point::new(10.0, 5.0),
                style: Style::solid(LIGHT_GRAY)
            }
        );
    }
}

/// The mad cat's face, and its mouths, turn pink; nothing else changes.
#[test]
fn the_mad_cat_is_pink() {
    let thinking = record(|painter| cat(painter, Point::new(0.0, 0.0), Mood::Thinking));
    let mad = record(|painter| cat(painter, Point::new(0.0, 0.0), Mood::Mad));
    for (t, m) in thinking.iter().zip(&mad) {
        let recolour = |s: Style| Style {
            fill: s.fill.map(|c| if c == LIGHT_GRAY { PINK } else { c }),
            stroke: s.stroke.map(|st| Stroke {
                color: if st.color == LIGHT_GRAY {
                    PINK
                } else {
                    st.color
                },
                ..st
            }),
        };
        match (style_of(t), style_of(m)) {
            (Some(ts), Some(ms)) => assert_eq!(recolour(ts), ms),
            _ => assert_eq!(t, m),
        }
    }
    assert!(mad.iter().any(|s| style_of(s) == Some(Style::solid(PINK))));
}

/// The cat is drawn where it stands: every shape of the cat on (3, 4) is
/// the cat at the origin moved to the cell's centre.
#[test]
fn the_cat_moves_with_its_cell() {
    let at = cell_center(p(3, 4));
    let here = record(|painter| cat(painter, at, Mood::Happy));
    let there = record(|painter| {
        let mut shifted = Shifted {
            inner: painter,
            by: at,
        };
        cat(&mut shifted, Point::new(0.0, 0.0), Mood::Happy)
    });
    assert_eq!(here.len(), there.len());
    for (a, b) in here.iter().zip(&there) {
        let points = |s: &Shape| -> Vec<Point> {
            match s {
                Shape::Circle { center, .. } | Shape::Ellipse { center, .. } => vec![*center],
                Shape::Polygon { points, .. } => points.clone(),
                Shape::Line { from, to, .. } => vec![*from, *to],
                Shape::Rect { min, .. } => vec![*min],
                _ => vec![],
            }
        };
        for (u, v) in points(a).iter().zip(points(b)) {
            assert!(close(*u, (v.x, v.y)), "{a:?} vs {b:?}");
        }
    }
}
