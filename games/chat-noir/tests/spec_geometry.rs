//! §1.18.7 geometry (the numeric part of drawing) and the hit-testing of
//! §1.18.8: `cell-center-x`, `cell-center-y`, `world-width`, `world-height`,
//! `point-in-this-circle?`, `circle-at-point`.
//! Line numbers refer to `shared/seeds/004_6f67c7526535aa8f.txt`.

use crate::common::p;
use chat_noir::{
    CIRCLE_RADIUS, CIRCLE_SPACING, cell_at_point, cell_center_x, cell_center_y, circle_at_point,
    point_in_this_circle, world_height, world_width,
};

const R: f64 = CIRCLE_RADIUS as f64;
const S: f64 = CIRCLE_SPACING as f64;

/// The spec computes `cell-center-y` with exact rationals; we use `f64`, so
/// compare to within a billionth of a pixel.
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Line 1390 (example in §1.18.7): `(cell-center-x (make-posn 0 2))` is `circle-radius`.
#[test]
fn cell_center_x_example_line_1390() {
    assert_eq!(cell_center_x(p(0, 2)), R);
}

/// Line 1399 (example): `(cell-center-x (make-posn 0 1))` is
/// `(+ circle-spacing circle-radius)`.
#[test]
fn cell_center_x_example_line_1399() {
    assert_eq!(cell_center_x(p(0, 1)), S + R);
}

/// Line 1424 (example): `(cell-center-y (make-posn 1 0))` is `circle-radius`.
#[test]
fn cell_center_y_example_line_1424() {
    assert_eq!(cell_center_y(p(1, 0)), R);
}

/// Line 1561 (example in §1.18.8): a point (14,14) away from the centre of
/// (1,0) is in its circle.
#[test]
fn point_in_this_circle_example_line_1561() {
    let q = p(1, 0);
    assert!(point_in_this_circle(
        q,
        cell_center_x(q) + 14.0,
        cell_center_y(q) + 14.0
    ));
}

/// Line 1573 (example): a point (15,15) away is not.
#[test]
fn point_in_this_circle_example_line_1573() {
    let q = p(1, 0);
    assert!(!point_in_this_circle(
        q,
        cell_center_x(q) + 15.0,
        cell_center_y(q) + 15.0
    ));
}

/// Line 2474: `(world-width 3) 150`.
#[test]
fn world_width_case_1() {
    assert_eq!(world_width(3), 150);
}

/// Line 2475: `(world-height 3) 117`.
#[test]
fn world_height_case_1() {
    assert_eq!(world_height(3), 117);
}

/// Line 2481: `(cell-center-x (make-posn 0 0))` is `circle-radius`.
#[test]
fn cell_center_x_case_1() {
    assert_eq!(cell_center_x(p(0, 0)), R);
}

/// Line 2483: `(cell-center-x (make-posn 1 0))` is `(+ (* 2 circle-spacing) circle-radius)`.
#[test]
fn cell_center_x_case_2() {
    assert_eq!(cell_center_x(p(1, 0)), 2.0 * S + R);
}

/// Line 2485: `(cell-center-x (make-posn 1 1))` is `(+ (* 3 circle-spacing) circle-radius)`.
#[test]
fn cell_center_x_case_3() {
    assert_eq!(cell_center_x(p(1, 1)), 3.0 * S + R);
}

/// Line 2492: `(cell-center-y (make-posn 1 1))` is
/// `(+ circle-radius (* 2 circle-spacing 433/500))`.
#[test]
fn cell_center_y_case_1() {
    assert!(close(cell_center_y(p(1, 1)), R + 2.0 * S * 433.0 / 500.0));
}

/// Line 2787: the centre of (0,0) is in its circle.
#[test]
fn point_in_this_circle_case_1() {
    assert!(point_in_this_circle(
        p(0, 0),
        cell_center_x(p(0, 0)),
        cell_center_y(p(0, 0))
    ));
}

/// Line 2791: the point (0,0) is not in the circle of (0,0).
#[test]
fn point_in_this_circle_case_2() {
    assert!(!point_in_this_circle(p(0, 0), 0.0, 0.0));
}

/// Line 2834: `(circle-at-point empty 0 0) #f`.
#[test]
fn circle_at_point_case_1() {
    assert_eq!(circle_at_point([], 0.0, 0.0), None);
}

/// Line 2835: the centre of (0,0) on a board holding only (0,0) is (0,0).
#[test]
fn circle_at_point_case_2() {
    assert_eq!(
        circle_at_point([p(0, 0)], cell_center_x(p(0, 0)), cell_center_y(p(0, 0))),
        Some(p(0, 0))
    );
}

/// Line 2839: the centre of (0,1) on a board holding (0,0) and (0,1) is (0,1).
#[test]
fn circle_at_point_case_3() {
    assert_eq!(
        circle_at_point(
            [p(0, 0), p(0, 1)],
            cell_center_x(p(0, 1)),
            cell_center_y(p(0, 1))
        ),
        Some(p(0, 1))
    );
}

/// Line 2844: the point (0,0) is in no circle of a board holding (0,0).
#[test]
fn circle_at_point_case_4() {
    assert_eq!(circle_at_point([p(0, 0)], 0.0, 0.0), None);
}

// ---- Beyond the spec's cases ----

/// World sizes for the default board, and the row height constant.
#[test]
fn world_size_of_the_default_board() {
    // 20 + 10·44 + 22 + 20
    assert_eq!(world_width(11), 502);
    // ceiling(20 + 10·38.104 + 20) = ceiling(421.04)
    assert_eq!(world_height(11), 422);
    assert!(close(chat_noir::ROW_HEIGHT, 2.0 * 22.0 * 433.0 / 500.0));
}

/// The constant-time `cell_at_point` agrees with the spec's linear
/// `circle-at-point` over a whole board, on a grid of points covering it.
#[test]
fn cell_at_point_agrees_with_circle_at_point() {
    for size in [3, 5, 11] {
        let board = chat_noir::Board::empty(size).unwrap();
        let cells: Vec<_> = board.cells().map(|(q, _)| q).collect();
        let (w, h) = (world_width(size) as i32, world_height(size) as i32);
        for yi in -10..(h + 10) * 2 {
            for xi in -10..(w + 10) * 2 {
                let (x, y) = (f64::from(xi) / 2.0, f64::from(yi) / 2.0);
                assert_eq!(
                    cell_at_point(size, x, y),
                    circle_at_point(cells.iter().copied(), x, y),
                    "size {size} at ({x}, {y})"
                );
            }
        }
    }
    assert_eq!(cell_at_point(11, f64::NAN, 20.0), None);
    assert_eq!(cell_at_point(11, f64::INFINITY, 20.0), None);
}
