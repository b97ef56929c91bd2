//! Drawing a cube in 3-D with the launcher's painter.
//!
//! An oblique projection as the original's: the cube is seen from the
//! front, a little from the left and from above, so three faces show: the
//! front face (in the cube's own colour), the top face (lighter) and the
//! left face (darker). Depth goes up and to the left: a point `z` deep
//! (0 at the back, 1 at the front) is moved right by 0.4 and down by 0.5 of
//! `z`, as in the original.
//!
//! A composition halves the cube along its axis (left-right, top-bottom,
//! front-back); the nearer half (left, top, front) is drawn last. An
//! abstraction is its body with a circle of the bound colour in the top-left
//! corner of the front face (one more circle, to the right, per nested
//! abstraction); circles keep a minimum radius so they stay legible in a
//! small cell, and a transparent variable's circle is an outline. An
//! application is drawn small in the middle: the function behind, the
//! argument in front. The transparent and the empty cube draw nothing.
//!
//! Pieces smaller than the cutoff (the original's "Cutoff evaluation when
//! smaller", 8 pixels) are not divided further: their first part fills them.

use game_api::{Painter, Point, Rgba, Stroke, Style};

use crate::expr::{Axis, Colour, Expr, Kind};

/// How much depth moves a point right, as a fraction of the cube's width.
pub const DEPTH_DX: f32 = 0.4;
/// How much depth moves a point down, as a fraction of the cube's height.
pub const DEPTH_DY: f32 = 0.5;
/// The share of a cube an application's parts take, as the original.
pub const APPLY_SIZE: f32 = 0.4;
/// The smallest radius of an abstraction circle, in pixels.
pub const MIN_CIRCLE_RADIUS: f32 = 3.0;
/// The original's default cutoff, in pixels.
pub const DEFAULT_CUTOFF: f32 = 8.0;

/// The colour a cube's face is painted with, `None` for nothing.
pub fn paint(kind: &Kind) -> Option<Rgba> {
    match kind {
        Kind::Cube(c) | Kind::Var(c) => c.rgb().map(|[r, g, b]| Rgba::rgb(r, g, b)),
        Kind::Rgb([r, g, b]) => Some(Rgba::rgb(*r, *g, *b)),
        _ => None,
    }
}

fn toward(c: Rgba, target: u8, amount: f32) -> Rgba {
    let mix = |v: u8| (f32::from(v) + (f32::from(target) - f32::from(v)) * amount).round() as u8;
    Rgba::rgb(mix(c.r), mix(c.g), mix(c.b))
}

/// The outline of a face or circle of that colour: black, or white on a
/// dark colour (the original draws black cubes with a white pen).
pub fn outline(fill: Rgba) -> Rgba {
    let light = u32::from(fill.r) * 3 + u32::from(fill.g) * 6 + u32::from(fill.b);
    if light < 500 {
        Rgba::rgb(255, 255, 255)
    } else {
        Rgba::rgb(0, 0, 0)
    }
}

#[derive(Clone, Copy)]
struct Box3 {
    x1: f32,
    y1: f32,
    z1: f32,
    x2: f32,
    y2: f32,
    z2: f32,
}

struct Projection {
    min: Point,
    size: f32,
    cutoff: f32,
}

impl Projection {
    fn at(&self, x: f32, y: f32, z: f32) -> Point {
        Point::new(
            self.min.x + (x + DEPTH_DX * z) / (1.0 + DEPTH_DX) * self.size,
            self.min.y + (y + DEPTH_DY * z) / (1.0 + DEPTH_DY) * self.size,
        )
    }

    /// The width on screen of a length along x.
    fn px(&self, length: f32) -> f32 {
        length / (1.0 + DEPTH_DX) * self.size
    }

    /// The height on screen of a length along y.
    fn py(&self, length: f32) -> f32 {
        length / (1.0 + DEPTH_DY) * self.size
    }
}

/// Draws `expr` as a cube filling the square at `min` of side `size`, with
/// the original's cutoff.
pub fn draw_cube(painter: &mut dyn Painter, expr: &Expr, min: Point, size: f32) {
    draw_cube_with_cutoff(painter, expr, min, size, DEFAULT_CUTOFF);
}

/// Draws `expr` as [`draw_cube`] does, with pieces narrower than `cutoff`
/// pixels not divided further.
pub fn draw_cube_with_cutoff(
    painter: &mut dyn Painter,
    expr: &Expr,
    min: Point,
    size: f32,
    cutoff: f32,
) {
    let margin = (size * 0.04).max(1.0);
    let view = Projection {
        min: Point::new(min.x + margin, min.y + margin),
        size: (size - 2.0 * margin).max(0.0),
        cutoff,
    };
    let whole = Box3 {
        x1: 0.0,
        y1: 0.0,
        z1: 0.0,
        x2: 1.0,
        y2: 1.0,
        z2: 1.0,
    };
    draw(painter, &view, expr, whole, 0, Faces::ALL);
}

/// Which faces of a box may be seen: those not covered by a neighbour
/// (the original's `left?`, `top?`, `front?`).
#[derive(Clone, Copy)]
struct Faces {
    left: bool,
    top: bool,
    front: bool,
}

impl Faces {
    const ALL: Faces = Faces {
        left: true,
        top: true,
        front: true,
    };
}

fn draw(p: &mut dyn Painter, view: &Projection, e: &Expr, b: Box3, circles: usize, seen: Faces) {
    match e.kind() {
        Kind::Empty => {}
        Kind::Cube(_) | Kind::Var(_) | Kind::Rgb(_) => {
            if let Some(fill) = paint(e.kind()) {
                solid(p, view, b, fill);
            }
        }
        Kind::Compose(axis, first, second) => {
            let (near, far) = halves(*axis, b);
            let extent = match axis {
                Axis::LeftRight => view.px(b.x2 - b.x1),
                Axis::TopBottom => view.py(b.y2 - b.y1),
                Axis::FrontBack => view.px(b.z2 - b.z1) * DEPTH_DX,
            };
            if extent < view.cutoff {
                draw(p, view, first, b, circles, seen);
            } else {
                // The farther half shows only through a face the nearer
                // one does not cover, or through the nearer one when it is
                // transparent somewhere (the original's culling).
                let clear = first.contains_transparent();
                let (far_seen, visible) = match axis {
                    Axis::LeftRight => (
                        Faces {
                            left: clear,
                            ..seen
                        },
                        seen.top || seen.front,
                    ),
                    Axis::TopBottom => (Faces { top: clear, ..seen }, seen.left || seen.front),
                    Axis::FrontBack => (
                        Faces {
                            front: clear,
                            ..seen
                        },
                        seen.left || seen.top,
                    ),
                };
                if visible || clear {
                    draw(p, view, second, far, 0, far_seen);
                }
                draw(p, view, first, near, 0, seen);
            }
        }
        Kind::Lambda(colour, body) => {
            draw(p, view, body, b, circles + 1, seen);
            circle(p, view, b, *colour, circles);
        }
        Kind::Apply(f, a) => {
            let cx = (b.x1 + b.x2) / 2.0;
            let cy = (b.y1 + b.y2) / 2.0;
            let dx = (b.x2 - b.x1) * APPLY_SIZE / 2.0;
            let dy = (b.y2 - b.y1) * APPLY_SIZE / 2.0;
            let dz = (b.z2 - b.z1) * APPLY_SIZE;
            let part = |z1: f32, z2: f32| Box3 {
                x1: cx - dx,
                y1: cy - dy,
                z1,
                x2: cx + dx,
                y2: cy + dy,
                z2,
            };
            draw(p, view, f, part(b.z1, b.z1 + dz), 0, seen);
            draw(p, view, a, part(b.z2 - dz, b.z2), 0, seen);
        }
    }
}

/// The nearer and the farther half of `b` along `axis`.
fn halves(axis: Axis, b: Box3) -> (Box3, Box3) {
    match axis {
        Axis::LeftRight => {
            let m = (b.x1 + b.x2) / 2.0;
            (Box3 { x2: m, ..b }, Box3 { x1: m, ..b })
        }
        Axis::TopBottom => {
            let m = (b.y1 + b.y2) / 2.0;
            (Box3 { y2: m, ..b }, Box3 { y1: m, ..b })
        }
        Axis::FrontBack => {
            let m = (b.z1 + b.z2) / 2.0;
            (Box3 { z1: m, ..b }, Box3 { z2: m, ..b })
        }
    }
}

fn solid(p: &mut dyn Painter, view: &Projection, b: Box3, fill: Rgba) {
    let small = view.px(b.x2 - b.x1).min(view.py(b.y2 - b.y1)) < 6.0;
    let stroke = (!small).then_some(Stroke {
        width: 1.0,
        color: outline(fill),
    });
    let style = |fill| Style {
        fill: Some(fill),
        stroke,
    };
    let Box3 {
        x1,
        y1,
        z1,
        x2,
        y2,
        z2,
    } = b;
    // Top face.
    p.polygon(
        &[
            view.at(x1, y1, z1),
            view.at(x2, y1, z1),
            view.at(x2, y1, z2),
            view.at(x1, y1, z2),
        ],
        style(toward(fill, 255, 0.35)),
    );
    // Left face.
    p.polygon(
        &[
            view.at(x1, y1, z1),
            view.at(x1, y1, z2),
            view.at(x1, y2, z2),
            view.at(x1, y2, z1),
        ],
        style(toward(fill, 0, 0.35)),
    );
    // Front face, in the cube's colour.
    p.polygon(
        &[
            view.at(x1, y1, z2),
            view.at(x2, y1, z2),
            view.at(x2, y2, z2),
            view.at(x1, y2, z2),
        ],
        style(fill),
    );
}

/// The circle of an abstraction over `colour`, the `index`th of nested ones.
fn circle(p: &mut dyn Painter, view: &Projection, b: Box3, colour: Colour, index: usize) {
    let w = view.px(b.x2 - b.x1);
    let h = view.py(b.y2 - b.y1);
    let r = (0.12 * w.min(h)).max(MIN_CIRCLE_RADIUS);
    let corner = view.at(b.x1, b.y1, b.z2);
    let step = 2.3 * r;
    let center = Point::new(corner.x + 1.3 * r + step * index as f32, corner.y + 1.3 * r);
    let style = match colour.rgb() {
        Some([red, green, blue]) => {
            let fill = Rgba::rgb(red, green, blue);
            Style {
                fill: Some(fill),
                stroke: Some(Stroke {
                    width: (r / 6.0).clamp(1.0, 3.0),
                    color: outline(fill),
                }),
            }
        }
        None => Style {
            fill: None,
            stroke: Some(Stroke {
                width: (r / 4.0).clamp(1.0, 4.0),
                color: Rgba::rgb(0, 0, 0),
            }),
        },
    };
    p.circle(center, r, style);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse;
    use game_api::{RecordingPainter, Shape};

    fn record(text: &str, size: f32) -> Vec<Shape> {
        let mut p = RecordingPainter::new();
        draw_cube(&mut p, &parse(text), Point::new(10.0, 20.0), size);
        p.shapes
    }

    /// The fill colours of the front faces (the third polygon of each cube).
    fn front_faces(shapes: &[Shape]) -> Vec<(Rgba, Vec<Point>)> {
        let polygons: Vec<_> = shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Polygon { points, style } => Some((style.fill.unwrap(), points.clone())),
                _ => None,
            })
            .collect();
        polygons.chunks(3).map(|c| c[2].clone()).collect()
    }

    fn inside(shapes: &[Shape], min: Point, size: f32) -> bool {
        let ok = |q: &Point| {
            q.x >= min.x - 0.01
                && q.y >= min.y - 0.01
                && q.x <= min.x + size + 0.01
                && q.y <= min.y + size + 0.01
        };
        shapes.iter().all(|s| match s {
            Shape::Polygon { points, .. } => points.iter().all(ok),
            Shape::Circle { center, radius, .. } => {
                ok(&Point::new(center.x - radius, center.y - radius))
                    && ok(&Point::new(center.x + radius, center.y + radius))
            }
            _ => false,
        })
    }

    const RED: Rgba = Rgba::rgb(255, 0, 0);
    const GREEN: Rgba = Rgba::rgb(0, 255, 0);
    const BLUE: Rgba = Rgba::rgb(0, 0, 255);

    #[test]
    fn a_basic_cube_shows_three_faces_front_in_its_colour() {
        let shapes = record("red", 100.0);
        assert_eq!(shapes.len(), 3);
        let fronts = front_faces(&shapes);
        assert_eq!(fronts.len(), 1);
        assert_eq!(fronts[0].0, RED);
        // The top face is lighter, the left one darker, both reddish.
        let fills: Vec<Rgba> = shapes
            .iter()
            .map(|s| match s {
                Shape::Polygon { style, .. } => style.fill.unwrap(),
                _ => unreachable!(),
            })
            .collect();
        assert!(fills[0].g > 0 && fills[0].r == 255);
        assert!(fills[1].r < 255 && fills[1].g == 0);
        assert!(inside(&shapes, Point::new(10.0, 20.0), 100.0));
    }

    #[test]
    fn nothing_for_transparent_and_empty() {
        assert!(record("transparent", 100.0).is_empty());
        assert!(record("_", 100.0).is_empty());
        assert_eq!(front_faces(&record("red | transparent", 100.0)).len(), 1);
    }

    #[test]
    fn compositions_put_each_part_in_its_place() {
        let lr = front_faces(&record("red | green", 100.0));
        // Right (green) is drawn first, the nearer left (red) last.
        assert_eq!(lr.iter().map(|f| f.0).collect::<Vec<_>>(), [GREEN, RED]);
        assert!(
            lr[1].1[1].x <= lr[0].1[0].x + 0.01,
            "red ends where green starts"
        );
        let tb = front_faces(&record("red - green", 100.0));
        assert_eq!(tb.iter().map(|f| f.0).collect::<Vec<_>>(), [GREEN, RED]);
        assert!(tb[1].1[2].y <= tb[0].1[0].y + 0.01, "red above green");
        let fb = front_faces(&record("red / green", 100.0));
        assert_eq!(fb.iter().map(|f| f.0).collect::<Vec<_>>(), [GREEN, RED]);
        // The front face of the front part is lower right of the back one.
        assert!(fb[1].1[0].x > fb[0].1[0].x && fb[1].1[0].y > fb[0].1[0].y);
        let four = front_faces(&record("(red | green) - (blue | red)", 100.0));
        assert_eq!(four.len(), 4);
    }

    #[test]
    fn abstraction_circles_are_drawn_over_the_body() {
        let shapes = record("\\green. red | green", 120.0);
        let Some(Shape::Circle { style, radius, .. }) = shapes.last() else {
            panic!("{shapes:?}");
        };
        assert_eq!(style.fill, Some(GREEN));
        assert!(*radius > MIN_CIRCLE_RADIUS);
        // Nested abstractions: one circle each, left to right, outer first
        // drawn last.
        let shapes = record("\\blue. \\green. red", 120.0);
        let circles: Vec<(Point, Option<Rgba>)> = shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Circle { center, style, .. } => Some((*center, style.fill)),
                _ => None,
            })
            .collect();
        assert_eq!(circles.len(), 2);
        assert_eq!(circles[0].1, Some(GREEN));
        assert_eq!(circles[1].1, Some(BLUE));
        assert!(circles[0].0.x > circles[1].0.x);
        // A transparent variable's circle is an outline.
        let shapes = record("\\transparent. red", 120.0);
        assert!(matches!(shapes.last(), Some(Shape::Circle { style, .. })
            if style.fill.is_none() && style.stroke.is_some()));
    }

    #[test]
    fn circles_stay_legible_when_small() {
        for size in [12.0, 24.0, 48.0, 400.0] {
            let shapes = record("\\green. \\red. green (green red)", size);
            let radii: Vec<f32> = shapes
                .iter()
                .filter_map(|s| match s {
                    Shape::Circle { radius, .. } => Some(*radius),
                    _ => None,
                })
                .collect();
            assert_eq!(radii.len(), 2, "{size}");
            assert!(radii.iter().all(|r| *r >= MIN_CIRCLE_RADIUS));
            if size >= 48.0 {
                assert!(inside(&shapes, Point::new(10.0, 20.0), size), "{size}");
            }
        }
    }

    #[test]
    fn applications_are_drawn_small_function_behind() {
        let shapes = record("(\\green. green) blue", 100.0);
        let fronts = front_faces(&shapes);
        // The function's body is a variable (drawn as a green cube), then
        // the blue argument in front.
        assert_eq!(
            fronts.iter().map(|f| f.0).collect::<Vec<_>>(),
            [GREEN, BLUE]
        );
        let width = fronts[1].1[1].x - fronts[1].1[0].x;
        let whole = front_faces(&record("blue", 100.0))[0].clone();
        let whole_width = whole.1[1].x - whole.1[0].x;
        assert!((width / whole_width - APPLY_SIZE).abs() < 0.01);
    }

    #[test]
    fn small_pieces_are_cut_off() {
        // Twelve balanced halvings would be 4096 pieces; in a 64-pixel cell
        // the cutoff keeps them to what can be seen.
        let mut e = parse("red");
        for i in 0..12 {
            let axis = [Axis::LeftRight, Axis::TopBottom, Axis::FrontBack][i % 3];
            e = Expr::compose(axis, e.clone(), e);
        }
        let mut p = RecordingPainter::new();
        draw_cube(&mut p, &e, Point::new(10.0, 20.0), 64.0);
        // About 42 by 39 pixels of front face: three halvings across, three
        // down, two in depth before the pieces get under 8 pixels; of those
        // 8 × 8 × 4 pieces, the ones with no face on the left, top or front
        // of the cube are hidden and not drawn.
        let seen = |x: usize, y: usize, z: usize| x * y * z - (x - 1) * (y - 1) * (z - 1);
        assert_eq!(p.shapes.len(), 3 * seen(8, 8, 4));
        assert!(inside(&p.shapes, Point::new(10.0, 20.0), 64.0));
        let mut all = RecordingPainter::new();
        draw_cube_with_cutoff(&mut all, &e, Point::new(0.0, 0.0), 64.0, 0.0);
        assert_eq!(all.shapes.len(), 3 * seen(16, 16, 16));
        // Through a transparent piece the pieces behind it show.
        let mut holed = Expr::compose(Axis::LeftRight, parse("transparent"), parse("red"));
        for _ in 0..2 {
            holed = Expr::compose(Axis::LeftRight, holed.clone(), holed);
        }
        let mut p = RecordingPainter::new();
        draw_cube_with_cutoff(&mut p, &holed, Point::new(0.0, 0.0), 64.0, 0.0);
        assert_eq!(p.shapes.len(), 3 * 4);
    }
}
