//! The drawing API a game draws through, in its own canvas coordinates.
//!
//! As in Simon Tatham's puzzle collection, the game never sees the windowing
//! system: it calls a handful of primitives on a [`Painter`] the frontend
//! supplies. The launcher renders them with egui; tests use
//! [`RecordingPainter`] and compare the [`Shape`]s a game drew.

pub use crate::abi::{Point, Rgba};

/// Opaque black.
pub const BLACK: Rgba = Rgba::rgb(0, 0, 0);
/// Opaque white.
pub const WHITE: Rgba = Rgba::rgb(255, 255, 255);
/// Fully transparent (nothing is painted).
pub const TRANSPARENT: Rgba = Rgba {
    r: 0,
    g: 0,
    b: 0,
    a: 0,
};

impl Rgba {
    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba { r, g, b, a: 255 }
    }

    /// A colour with opacity `a`.
    pub const fn with_alpha(r: u8, g: u8, b: u8, a: u8) -> Rgba {
        Rgba { r, g, b, a }
    }
}

impl Point {
    /// A point at `(x, y)`.
    pub const fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }
}

/// An outline: width in canvas pixels and colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Width in canvas pixels.
    pub width: f32,
    /// Colour.
    pub color: Rgba,
}

/// How a closed shape is painted.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Style {
    /// The fill, if any.
    pub fill: Option<Rgba>,
    /// The outline, if any.
    pub stroke: Option<Stroke>,
}

impl Style {
    /// Filled with `color`, no outline (2htdp's `'solid`).
    pub const fn solid(color: Rgba) -> Style {
        Style {
            fill: Some(color),
            stroke: None,
        }
    }

    /// A one-pixel outline of `color`, no fill (2htdp's `'outline`).
    pub const fn outline(color: Rgba) -> Style {
        Style {
            fill: None,
            stroke: Some(Stroke { width: 1.0, color }),
        }
    }
}

/// Where a text's position is on the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Anchor {
    /// `pos` is the top-left corner of the text.
    #[default]
    TopLeft,
    /// `pos` is the centre of the text.
    Center,
}

/// The drawing primitives. Coordinates are canvas pixels, origin top-left,
/// y pointing down.
pub trait Painter {
    /// A circle by centre and radius.
    fn circle(&mut self, center: Point, radius: f32, style: Style);
    /// An axis-aligned ellipse by centre and its horizontal and vertical radii.
    fn ellipse(&mut self, center: Point, radius_x: f32, radius_y: f32, style: Style);
    /// A closed polygon.
    fn polygon(&mut self, points: &[Point], style: Style);
    /// A line segment.
    fn line(&mut self, from: Point, to: Point, stroke: Stroke);
    /// An axis-aligned rectangle by top-left corner and size.
    fn rect(&mut self, min: Point, size: Point, style: Style);
    /// An axis-aligned rectangle with rounded corners of `radius` (at most
    /// half its shorter side). A painter that has none draws a plain
    /// rectangle (a launcher older than ABI revision 3 does).
    fn rounded_rect(&mut self, min: Point, size: Point, radius: f32, style: Style) {
        let _ = radius;
        self.rect(min, size, style);
    }
    /// A line of text.
    fn text(&mut self, pos: Point, anchor: Anchor, font_size: f32, color: Rgba, text: &str);
    /// Restricts drawing to a rectangle until the matching [`Painter::pop_clip`].
    fn push_clip(&mut self, min: Point, size: Point);
    /// Ends the innermost clip.
    fn pop_clip(&mut self);
}

/// One drawing call, as recorded by [`RecordingPainter`].
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// See [`Painter::circle`].
    Circle {
        /// Centre.
        center: Point,
        /// Radius.
        radius: f32,
        /// Paint.
        style: Style,
    },
    /// See [`Painter::ellipse`].
    Ellipse {
        /// Centre.
        center: Point,
        /// Horizontal radius.
        radius_x: f32,
        /// Vertical radius.
        radius_y: f32,
        /// Paint.
        style: Style,
    },
    /// See [`Painter::polygon`].
    Polygon {
        /// Corners in order.
        points: Vec<Point>,
        /// Paint.
        style: Style,
    },
    /// See [`Painter::line`].
    Line {
        /// Start.
        from: Point,
        /// End.
        to: Point,
        /// Width and colour.
        stroke: Stroke,
    },
    /// See [`Painter::rect`].
    Rect {
        /// Top-left corner.
        min: Point,
        /// Width and height.
        size: Point,
        /// Paint.
        style: Style,
    },
    /// See [`Painter::text`].
    Text {
        /// Position of the anchor.
        pos: Point,
        /// Which point of the text `pos` is.
        anchor: Anchor,
        /// Font size in canvas pixels.
        font_size: f32,
        /// Colour.
        color: Rgba,
        /// The text.
        text: String,
    },
    /// See [`Painter::rounded_rect`].
    RoundedRect {
        /// Top-left corner.
        min: Point,
        /// Width and height.
        size: Point,
        /// The corners' radius.
        radius: f32,
        /// Fill and outline.
        style: Style,
    },
    /// See [`Painter::push_clip`].
    PushClip {
        /// Top-left corner.
        min: Point,
        /// Width and height.
        size: Point,
    },
    /// See [`Painter::pop_clip`].
    PopClip,
}

/// A painter that records every call, for tests and for hosts that render later.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordingPainter {
    /// The calls, in order.
    pub shapes: Vec<Shape>,
}

impl RecordingPainter {
    /// An empty recording.
    pub fn new() -> Self {
        Self::default()
    }
}

impl Painter for RecordingPainter {
    fn circle(&mut self, center: Point, radius: f32, style: Style) {
        self.shapes.push(Shape::Circle {
            center,
            radius,
            style,
        });
    }
    fn ellipse(&mut self, center: Point, radius_x: f32, radius_y: f32, style: Style) {
        self.shapes.push(Shape::Ellipse {
            center,
            radius_x,
            radius_y,
            style,
        });
    }
    fn polygon(&mut self, points: &[Point], style: Style) {
        self.shapes.push(Shape::Polygon {
            points: points.to_vec(),
            style,
        });
    }
    fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        self.shapes.push(Shape::Line { from, to, stroke });
    }
    fn rect(&mut self, min: Point, size: Point, style: Style) {
        self.shapes.push(Shape::Rect { min, size, style });
    }
    fn rounded_rect(&mut self, min: Point, size: Point, radius: f32, style: Style) {
        self.shapes.push(Shape::RoundedRect {
            min,
            size,
            radius,
            style,
        });
    }
    fn text(&mut self, pos: Point, anchor: Anchor, font_size: f32, color: Rgba, text: &str) {
        self.shapes.push(Shape::Text {
            pos,
            anchor,
            font_size,
            color,
            text: text.to_owned(),
        });
    }
    fn push_clip(&mut self, min: Point, size: Point) {
        self.shapes.push(Shape::PushClip { min, size });
    }
    fn pop_clip(&mut self) {
        self.shapes.push(Shape::PopClip);
    }
}
