//! Drawing the cat (§1.18.6) and the world (§1.18.7) through a
//! [`Painter`], in the pixels of [`crate::geometry`].
//!
//! The spec builds images with the 2009 `htdp/image` teachpack, whose
//! images carry a *pinhole*: `overlay` lines images up at their pinholes
//! and paints the later ones over the earlier ones, and `(move-pinhole img
//! dx dy)` moves the pinhole by `(dx, dy)`, so the picture itself lands at
//! `-(dx, dy)` from the point it is put on. This module draws the same
//! pictures with painter calls, in the same order, so that later calls
//! cover earlier ones exactly as the overlays do:
//!
//! * `(circle r ...)` and `(ellipse w h ...)` are centred on their pinhole;
//!   an ellipse's `w` and `h` are its full width and height, so its radii
//!   are `w/2` and `h/2`;
//! * `(rectangle w h ...)` has its pinhole at `(⌊w/2⌋, ⌊h/2⌋)` from its
//!   top-left corner;
//! * `(regular-polygon n r mode color angle)` is an image of `2r × 2r`
//!   pixels with its pinhole in the middle, but its corners lie on a circle
//!   of radius `r − 1` centred one pixel up and left of the pinhole, at the
//!   angles `angle + 2πk/n` for `k = n … 1`, measured clockwise on screen
//!   (y points down) — see [`regular_polygon`];
//! * `(add-line img x1 y1 x2 y2 color)` draws a one-pixel line with its ends
//!   relative to the pinhole.
//!
//! `htdp/image` also rounds positions down to whole pixels (`overlay/xy`
//! and `move-pinhole` floor their offsets). Here cells and the cat are
//! drawn at the exact centres of [`cell_center_x`] and [`cell_center_y`],
//! the same centres that decide which circle a click hits; the difference
//! is under one pixel at the board's natural size and the launcher scales
//! the drawing to the window anyway.

use std::f32::consts::PI;

use game_api::{BLACK, Painter, Point, Rgba, Stroke, Style, WHITE};

use crate::board::Pos;
use crate::geometry::{CIRCLE_RADIUS, cell_center_x, cell_center_y, world_height, world_width};
use crate::world::{State, World};

/// The colour of a free circle (the spec's `normal-color`,
/// `'lightskyblue`).
pub const NORMAL_COLOR: Rgba = Rgba::rgb(135, 206, 250);
/// The dot on circles on the cat's shortest paths (the spec's
/// `on-shortest-path-color`, `'white`).
pub const ON_SHORTEST_PATH_COLOR: Rgba = WHITE;
/// The colour of a blocked circle (the spec's `blocked-color`, `'black`).
pub const BLOCKED_COLOR: Rgba = BLACK;
/// The dot on the circle under the pointer (the spec's
/// `under-mouse-color`, `'black`).
pub const UNDER_MOUSE_COLOR: Rgba = BLACK;
/// The board's background (`render-board` starts from a white rectangle).
pub const BACKGROUND_COLOR: Rgba = WHITE;
/// The cat's face while it thinks or is happy (`'lightgray`).
pub const FACE_COLOR: Rgba = Rgba::rgb(211, 211, 211);
/// The cat's face when it is mad (`'pink`).
pub const MAD_FACE_COLOR: Rgba = Rgba::rgb(255, 192, 203);
/// The middle of the cat's eyes (`'limegreen`).
pub const EYE_COLOR: Rgba = Rgba::rgb(50, 205, 50);

/// The radius of the dots that mark the circle under the pointer and the
/// circles on the cat's paths: `(quotient circle-radius 2)`.
pub const DOT_RADIUS: u32 = CIRCLE_RADIUS / 2;

/// The face's width and height (the spec's `face-width`, `face-height`).
pub const FACE_SIZE: (f32, f32) = (36.0, 22.0);

/// The spec's three cats (§1.18.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mood {
    /// No mouth: the game is going on (`thinking-cat`).
    Thinking,
    /// Smiling: the cat escaped (`happy-cat`).
    Happy,
    /// A pink face: the cat is boxed in (`mad-cat`).
    Mad,
}

impl Mood {
    /// The cat `render-world` shows in a game in `state`.
    pub fn of(state: State) -> Mood {
        match state {
            State::Playing => Mood::Thinking,
            State::CatWon => Mood::Happy,
            State::CatLost => Mood::Mad,
        }
    }
}

/// The centre of the circle at `p` in canvas pixels (see
/// [`cell_center_x`], [`cell_center_y`]).
pub fn cell_center(p: Pos) -> Point {
    Point::new(cell_center_x(p) as f32, cell_center_y(p) as f32)
}

/// The canvas of a board of size `size`: [`world_width`] ×
/// [`world_height`] pixels.
pub fn canvas_size(size: u32) -> Point {
    Point::new(world_width(size) as f32, world_height(size) as f32)
}

/// The corners of `(regular-polygon sides radius 'solid color angle)`
/// whose pinhole is put at `pinhole`, in the order `htdp/image` lists them:
/// for `k = sides, sides − 1, …, 1`, the point at angle
/// `angle + 2πk/sides` on the circle of radius `⌊radius⌋ − 1` centred at
/// `pinhole − (1, 1)`. Angles grow clockwise on screen.
///
/// ```
/// use chat_noir::render::regular_polygon;
/// use game_api::Point;
/// // The cat's nose: a triangle pointing down.
/// let nose = regular_polygon(Point::new(0.0, 0.0), 3, 5.0, std::f32::consts::PI / 2.0);
/// assert!((nose[0].x - -1.0).abs() < 1e-5 && (nose[0].y - 3.0).abs() < 1e-5);
/// assert!(nose[1].y < nose[0].y && nose[2].y < nose[0].y);
/// ```
pub fn regular_polygon(pinhole: Point, sides: u32, radius: f32, angle: f32) -> Vec<Point> {
    let r = radius.floor() - 1.0;
    (1..=sides)
        .rev()
        .map(|k| {
            let theta = angle + 2.0 * PI * k as f32 / sides as f32;
            Point::new(
                pinhole.x - 1.0 + r * theta.cos(),
                pinhole.y - 1.0 + r * theta.sin(),
            )
        })
        .collect()
}

/// Where an image moved with `(move-pinhole img dx dy)` and put at
/// `at` is drawn: its own pinhole lands at `at − (dx, dy)`.
fn move_pinhole(at: Point, dx: f32, dy: f32) -> Point {
    Point::new(at.x - dx, at.y - dy)
}

/// The spec's `mouth-happy` (a black arc under a face-coloured disc, its
/// top covered by a face-coloured rectangle) or `mouth-no-expression`
/// (all face colour), with its pinhole at `at`.
fn mouth(painter: &mut dyn Painter, at: Point, mood: Mood, face: Rgba) {
    painter.circle(at, 4.0, Style::solid(face));
    let outline = if mood == Mood::Happy { BLACK } else { face };
    painter.circle(at, 4.0, Style::outline(outline));
    // (rectangle 10 5 ...) has its pinhole at (5, 2); the happy mouth's is
    // moved down by 4, which lifts the rectangle over the arc's top.
    let lift = if mood == Mood::Happy { 4.0 } else { 0.0 };
    painter.rect(
        Point::new(at.x - 5.0, at.y - 2.0 - lift),
        Point::new(10.0, 5.0),
        Style::solid(face),
    );
}

/// The spec's `eye`: a black 12×8 ellipse with a lime-green 6×4 one on
/// top, centred at `at`.
fn eye(painter: &mut dyn Painter, at: Point) {
    painter.ellipse(at, 6.0, 4.0, Style::solid(BLACK));
    painter.ellipse(at, 3.0, 2.0, Style::solid(EYE_COLOR));
}

/// Draws the cat `(cat mode)` of §1.18.6 with its pinhole (the middle of
/// its face) at `center`, bottom layer first: the two ears, the black rim,
/// the face, the two mouths, the two eyes, the nose, then the six whiskers.
pub fn cat(painter: &mut dyn Painter, center: Point, mood: Mood) {
    let face = if mood == Mood::Mad {
        MAD_FACE_COLOR
    } else {
        FACE_COLOR
    };
    let black = Style::solid(BLACK);
    let (ear_x, ear_y) = (14.0, 9.0);
    let (eye_x, eye_y) = (8.0, 3.0);
    let (mouth_x, mouth_y) = (4.0, -5.0);
    let (face_w, face_h) = FACE_SIZE;

    // (move-pinhole left-ear (- ear-x-offset) ear-y-offset): the "left"
    // ear lands on the right, and the "right" ear, moved by
    // (- ear-x-offset 1), on the left.
    let left_ear = regular_polygon(move_pinhole(center, -ear_x, ear_y), 3, 8.0, -PI / 3.0);
    painter.polygon(&left_ear, black);
    let right_ear = regular_polygon(move_pinhole(center, ear_x - 1.0, ear_y), 3, 8.0, 0.0);
    painter.polygon(&right_ear, black);
    painter.ellipse(center, (face_w + 4.0) / 2.0, (face_h + 4.0) / 2.0, black);
    painter.ellipse(center, face_w / 2.0, face_h / 2.0, Style::solid(face));
    mouth(painter, move_pinhole(center, -mouth_x, mouth_y), mood, face);
    mouth(painter, move_pinhole(center, mouth_x, mouth_y), mood, face);
    eye(painter, move_pinhole(center, -eye_x, eye_y));
    eye(painter, move_pinhole(center, eye_x, eye_y));
    let nose = regular_polygon(move_pinhole(center, -1.0, -4.0), 3, 5.0, PI / 2.0);
    painter.polygon(&nose, black);

    let whisker = Stroke {
        width: 1.0,
        color: BLACK,
    };
    for (x1, y1, x2, y2) in [
        (6.0, 4.0, 30.0, 12.0),
        (6.0, 4.0, 30.0, 4.0),
        (6.0, 4.0, 30.0, -4.0),
        (-6.0, 4.0, -30.0, 12.0),
        (-6.0, 4.0, -30.0, 4.0),
        (-6.0, 4.0, -30.0, -4.0),
    ] {
        painter.line(
            Point::new(center.x + x1, center.y + y1),
            Point::new(center.x + x2, center.y + y2),
            whisker,
        );
    }
}

/// Draws one circle of the board (the spec's `render-cell`): black if
/// blocked, light sky blue if not, with a black dot if it is under the
/// pointer, or else a white dot if it is on the cat's shortest paths.
pub fn render_cell(
    painter: &mut dyn Painter,
    p: Pos,
    blocked: bool,
    on_short_path: bool,
    under_mouse: bool,
) {
    let center = cell_center(p);
    let main = if blocked { BLOCKED_COLOR } else { NORMAL_COLOR };
    painter.circle(center, CIRCLE_RADIUS as f32, Style::solid(main));
    let dot = if under_mouse {
        Some(UNDER_MOUSE_COLOR)
    } else if on_short_path {
        Some(ON_SHORTEST_PATH_COLOR)
    } else {
        None
    };
    if let Some(color) = dot {
        painter.circle(center, DOT_RADIUS as f32, Style::solid(color));
    }
}

/// Draws a board of size `size` (the spec's `render-board`): a white
/// rectangle of [`world_width`] × [`world_height`] pixels, then each of
/// `cells` (positions with whether they are blocked) in order, with
/// `on_cat_path` marking the cells on the cat's paths and `mouse` the cell
/// under the pointer.
pub fn render_board(
    painter: &mut dyn Painter,
    cells: impl IntoIterator<Item = (Pos, bool)>,
    size: u32,
    on_cat_path: impl Fn(Pos) -> bool,
    mouse: Option<Pos>,
) {
    painter.fill_canvas(canvas_size(size), BACKGROUND_COLOR);
    for (p, blocked) in cells {
        render_cell(painter, p, blocked, on_cat_path(p), mouse == Some(p));
    }
}

/// Runs `draw` clipped to the `width` × `height` rectangle at the origin
/// (the spec's `chop-whiskers`): whatever hangs off the board, such as the
/// whiskers of a cat on an edge cell, is cut off, and the picture keeps
/// its size and its origin in the top-left corner.
pub fn chop_whiskers(
    painter: &mut dyn Painter,
    width: u32,
    height: u32,
    draw: impl FnOnce(&mut dyn Painter),
) {
    painter.push_clip(
        Point::new(0.0, 0.0),
        Point::new(width as f32, height as f32),
    );
    draw(painter);
    painter.pop_clip();
}

/// Draws the world (the spec's `render-world`): the board with the cell
/// under the pointer and, as `on_cats_path` says, the cells on the cat's
/// paths marked; then the cat of the game's state on its cell; all clipped
/// to the board by [`chop_whiskers`].
///
/// Pass `|p| path.contains(p)` for a [`CatsPath`](crate::cat::CatsPath)
/// kept up to date with the world ([`World::update_cats_path`]).
pub fn render_world(painter: &mut dyn Painter, world: &World, on_cats_path: impl Fn(Pos) -> bool) {
    let cat_at = cell_center(world.cat());
    render_world_with(
        painter,
        world,
        on_cats_path,
        cat_at,
        Mood::of(world.state()),
        |_| {},
    );
}

/// [`render_world`] with the cat drawn at `cat_at` in `mood` (the game
/// draws it between two cells while it walks) and `marks` drawn over the
/// board, under the cat (the keyboard's cursor, a hint).
pub fn render_world_with(
    painter: &mut dyn Painter,
    world: &World,
    on_cats_path: impl Fn(Pos) -> bool,
    cat_at: Point,
    mood: Mood,
    marks: impl FnOnce(&mut dyn Painter),
) {
    let size = world.size();
    chop_whiskers(painter, world_width(size), world_height(size), |painter| {
        render_board(painter, world.cells(), size, on_cats_path, world.mouse());
        marks(painter);
        cat(painter, cat_at, mood);
    });
}

/// A ring of `width` pixels in `color` around the circle at `p`, `inset`
/// pixels inside its rim (so two rings on one circle stay apart).
pub fn ring(painter: &mut dyn Painter, p: Pos, color: Rgba, width: f32, inset: f32) {
    let radius = CIRCLE_RADIUS as f32 + 1.0 - inset - width / 2.0;
    painter.circle(
        cell_center(p),
        radius,
        Style {
            fill: None,
            stroke: Some(Stroke { width, color }),
        },
    );
}
