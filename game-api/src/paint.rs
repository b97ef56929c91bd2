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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stroke {
    /// Width in canvas pixels.
    pub width: f32,
    /// Colour.
    pub color: Rgba,
}

/// How a closed shape is painted.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
        Style::stroked(1.0, color)
    }

    /// An outline `width` pixels wide of `color`, no fill (a keyboard
    /// cursor's frame, a ring round a piece).
    pub const fn stroked(width: f32, color: Rgba) -> Style {
        Style {
            fill: None,
            stroke: Some(Stroke { width, color }),
        }
    }
}

/// Where a text's position is on the text: which of the nine points of
/// its box (corners, edge midpoints, centre) `pos` names. A text of several
/// lines aligns its lines to the same side: left, centred or right.
///
/// The seven anchors besides [`Anchor::TopLeft`] and [`Anchor::Center`]
/// came with ABI revision 3; drawn for an older launcher, they are placed
/// with [`estimate_text_size`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Anchor {
    /// `pos` is the top-left corner of the text.
    #[default]
    TopLeft,
    /// `pos` is the middle of the text's top edge.
    Top,
    /// `pos` is the top-right corner.
    TopRight,
    /// `pos` is the middle of the left edge.
    Left,
    /// `pos` is the centre of the text.
    Center,
    /// `pos` is the middle of the right edge.
    Right,
    /// `pos` is the bottom-left corner.
    BottomLeft,
    /// `pos` is the middle of the bottom edge.
    Bottom,
    /// `pos` is the bottom-right corner.
    BottomRight,
}

impl Anchor {
    /// Every anchor, row by row from the top-left.
    pub const ALL: [Anchor; 9] = [
        Anchor::TopLeft,
        Anchor::Top,
        Anchor::TopRight,
        Anchor::Left,
        Anchor::Center,
        Anchor::Right,
        Anchor::BottomLeft,
        Anchor::Bottom,
        Anchor::BottomRight,
    ];

    /// Where `pos` lies across and down the text's box, each 0 (left, top),
    /// 0.5 (middle) or 1 (right, bottom).
    pub fn fractions(self) -> (f32, f32) {
        let index = Anchor::ALL.iter().position(|a| *a == self).unwrap_or(0);
        let fraction = |i: usize| i as f32 * 0.5;
        (fraction(index % 3), fraction(index / 3))
    }

    /// The top-left corner of a text of `size` anchored at `pos`.
    pub fn top_left(self, pos: Point, size: Point) -> Point {
        let (fx, fy) = self.fractions();
        Point::new(pos.x - fx * size.x, pos.y - fy * size.y)
    }
}

/// An estimate of the size of `text` at `font_size`, for painters without
/// fonts ([`RecordingPainter`], a launcher older than ABI revision 3): each
/// character 0.55 × `font_size` wide, each line 1.2 × `font_size` tall. The
/// launcher measures with the font it draws with ([`Painter::text_size`]).
pub fn estimate_text_size(font_size: f32, text: &str) -> Point {
    let widest = text
        .split('\n')
        .map(|line| line.chars().count())
        .max()
        .unwrap_or(0);
    let lines = text.split('\n').count();
    Point::new(
        widest as f32 * 0.55 * font_size,
        lines as f32 * 1.2 * font_size,
    )
}

/// How text is drawn (ABI revision 5): bold, italic, and the monospace
/// family. The launcher draws monospace with egui's monospace font,
/// italic slanted, and bold by drawing the text twice, a twentieth of its
/// size apart (its default fonts have no bold face); each is measured as
/// drawn ([`Painter::styled_text_size`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TextStyle {
    /// Bold.
    pub bold: bool,
    /// Italic (slanted).
    pub italic: bool,
    /// The monospace family: every character as wide (scores, clocks,
    /// grids of letters).
    pub monospace: bool,
}

impl TextStyle {
    /// Plain text, as [`Painter::text`] draws it.
    pub const PLAIN: TextStyle = TextStyle {
        bold: false,
        italic: false,
        monospace: false,
    };
    /// Bold.
    pub const BOLD: TextStyle = TextStyle {
        bold: true,
        ..TextStyle::PLAIN
    };
    /// Italic.
    pub const ITALIC: TextStyle = TextStyle {
        italic: true,
        ..TextStyle::PLAIN
    };
    /// Monospace.
    pub const MONOSPACE: TextStyle = TextStyle {
        monospace: true,
        ..TextStyle::PLAIN
    };

    /// The same style, bold too.
    pub const fn bold(self) -> TextStyle {
        TextStyle { bold: true, ..self }
    }

    /// The same style, italic too.
    pub const fn italic(self) -> TextStyle {
        TextStyle {
            italic: true,
            ..self
        }
    }

    /// The same style, monospace too.
    pub const fn monospace(self) -> TextStyle {
        TextStyle {
            monospace: true,
            ..self
        }
    }

    /// The style's `TEXT_*` bits.
    pub fn to_raw(self) -> u32 {
        let bit = |on: bool, bit: u32| if on { bit } else { 0 };
        bit(self.bold, crate::abi::TEXT_BOLD)
            | bit(self.italic, crate::abi::TEXT_ITALIC)
            | bit(self.monospace, crate::abi::TEXT_MONOSPACE)
    }

    /// The style of `TEXT_*` bits; other bits are ignored.
    pub fn from_raw(raw: u32) -> TextStyle {
        TextStyle {
            bold: raw & crate::abi::TEXT_BOLD != 0,
            italic: raw & crate::abi::TEXT_ITALIC != 0,
            monospace: raw & crate::abi::TEXT_MONOSPACE != 0,
        }
    }
}

/// How a picture is drawn (ABI revision 5): tinted, faded, turned.
///
/// ```
/// use game_api::{PictureStyle, Rgba};
/// let dimmed = PictureStyle::PLAIN.with_opacity(0.5);
/// assert_eq!(dimmed.tint, Rgba::with_alpha(255, 255, 255, 128));
/// let sideways = PictureStyle::PLAIN.tinted(Rgba::rgb(255, 255, 0)).turned(1);
/// assert_eq!(sideways.quarter_turns, 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PictureStyle {
    /// Each pixel's colour is multiplied by it: white leaves the picture
    /// as it is; its alpha is the picture's opacity.
    pub tint: Rgba,
    /// Clockwise quarter turns inside the picture's rectangle, 0–3.
    pub quarter_turns: u8,
}

impl Default for PictureStyle {
    fn default() -> PictureStyle {
        PictureStyle::PLAIN
    }
}

impl PictureStyle {
    /// The picture as it is.
    pub const PLAIN: PictureStyle = PictureStyle {
        tint: WHITE,
        quarter_turns: 0,
    };

    /// The same style, its colour multiplied by `tint`'s (keeping the
    /// opacity so far, multiplied by `tint`'s alpha).
    pub fn tinted(self, tint: Rgba) -> PictureStyle {
        let alpha = (u16::from(self.tint.a) * u16::from(tint.a) / 255) as u8;
        PictureStyle {
            tint: Rgba::with_alpha(tint.r, tint.g, tint.b, alpha),
            ..self
        }
    }

    /// The same style at `opacity` (0 invisible, 1 opaque).
    pub fn with_opacity(self, opacity: f32) -> PictureStyle {
        let a = (opacity.clamp(0.0, 1.0) * 255.0).round() as u8;
        PictureStyle {
            tint: Rgba { a, ..self.tint },
            ..self
        }
    }

    /// The same style turned clockwise by `quarter_turns` more quarter
    /// turns.
    pub fn turned(self, quarter_turns: u8) -> PictureStyle {
        PictureStyle {
            quarter_turns: (self.quarter_turns + quarter_turns % 4) % 4,
            ..self
        }
    }
}

/// A picture to draw with [`Painter::picture`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture<'a> {
    /// A PNG file in the game's own directory, by its path relative to that
    /// directory with `/` between folders (`"cards/ace-of-spades.png"`).
    /// The launcher reads and decodes it once (at most 8 MiB and 4096
    /// pixels a side) and keeps it while the window is open.
    File(&'a str),
    /// Pixels the game made: `width` × `height`, four bytes each (red,
    /// green, blue, alpha; not premultiplied), row by row from the top.
    /// At most 4096 a side.
    Rgba {
        /// Pixels per row.
        width: u32,
        /// Rows.
        height: u32,
        /// `width × height × 4` bytes.
        pixels: &'a [u8],
    },
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
    /// An X: the two diagonals of the square of half side `half` round
    /// `center` (a crossed-out mark).
    ///
    /// ```
    /// use game_api::{Painter, Point, RecordingPainter, Rgba, Shape, Stroke};
    /// let mut painter = RecordingPainter::new();
    /// let ink = Stroke { width: 2.0, color: Rgba::rgb(200, 0, 0) };
    /// painter.cross(Point::new(10.0, 10.0), 4.0, ink);
    /// assert_eq!(
    ///     painter.shapes,
    ///     [
    ///         Shape::Line { from: Point::new(6.0, 6.0), to: Point::new(14.0, 14.0), stroke: ink },
    ///         Shape::Line { from: Point::new(6.0, 14.0), to: Point::new(14.0, 6.0), stroke: ink },
    ///     ]
    /// );
    /// ```
    fn cross(&mut self, center: Point, half: f32, stroke: Stroke) {
        let (x, y) = (center.x, center.y);
        self.line(
            Point::new(x - half, y - half),
            Point::new(x + half, y + half),
            stroke,
        );
        self.line(
            Point::new(x - half, y + half),
            Point::new(x + half, y - half),
            stroke,
        );
    }
    /// The canvas's background: the rectangle from the origin of `size`
    /// (the game's [`crate::Game::canvas_size`]) filled with `color`.
    fn fill_canvas(&mut self, size: Point, color: Rgba) {
        self.rect(Point::new(0.0, 0.0), size, Style::solid(color));
    }
    /// An axis-aligned rectangle with rounded corners of `radius` (at most
    /// half its shorter side). A painter that has none draws a plain
    /// rectangle (a launcher older than ABI revision 3 does).
    fn rounded_rect(&mut self, min: Point, size: Point, radius: f32, style: Style) {
        let _ = radius;
        self.rect(min, size, style);
    }
    /// Text, one line or several (split at `\n`), its box placed by
    /// `anchor` at `pos`.
    fn text(&mut self, pos: Point, anchor: Anchor, font_size: f32, color: Rgba, text: &str);
    /// The size `text` takes when drawn at `font_size`, in canvas pixels,
    /// to lay out before drawing (a label in a box, a button that fits its
    /// text). The launcher measures with the font it draws with; a painter
    /// without fonts gives [`estimate_text_size`].
    fn text_size(&mut self, font_size: f32, text: &str) -> Point {
        estimate_text_size(font_size, text)
    }
    /// A picture scaled into the rectangle at `min` of `size` (ABI revision
    /// 3; a painter without pictures draws nothing). A file that is missing
    /// or not a PNG is reported to the player once, and nothing is drawn.
    fn picture(&mut self, picture: Picture<'_>, min: Point, size: Point) {
        let _ = (picture, min, size);
    }
    /// Text in a [`TextStyle`] (ABI revision 5): bold, italic, monospace.
    /// A painter without styles draws it plain (a launcher older than
    /// revision 5 does).
    fn styled_text(
        &mut self,
        pos: Point,
        anchor: Anchor,
        font_size: f32,
        color: Rgba,
        style: TextStyle,
        text: &str,
    ) {
        let _ = style;
        self.text(pos, anchor, font_size, color, text);
    }
    /// The size `text` takes in `style` at `font_size` (ABI revision 5);
    /// a painter without styles measures it plain.
    fn styled_text_size(&mut self, font_size: f32, style: TextStyle, text: &str) -> Point {
        let _ = style;
        self.text_size(font_size, text)
    }
    /// A picture tinted, faded and turned as `style` says (ABI revision
    /// 5); a painter without styles draws it as it is.
    fn styled_picture(
        &mut self,
        picture: Picture<'_>,
        min: Point,
        size: Point,
        style: PictureStyle,
    ) {
        let _ = style;
        self.picture(picture, min, size);
    }
    /// Restricts drawing to a rectangle until the matching [`Painter::pop_clip`].
    fn push_clip(&mut self, min: Point, size: Point);
    /// Ends the innermost clip.
    fn pop_clip(&mut self);
}

/// One drawing call, as recorded by [`RecordingPainter`].
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    /// See [`Painter::picture`].
    Picture {
        /// What to draw.
        source: PictureSource,
        /// Top-left corner of the rectangle it is scaled into.
        min: Point,
        /// Width and height of that rectangle.
        size: Point,
    },
    /// See [`Painter::styled_text`] (ABI revision 5).
    StyledText {
        /// Position of the anchor.
        pos: Point,
        /// Which point of the text `pos` is.
        anchor: Anchor,
        /// Font size in canvas pixels.
        font_size: f32,
        /// Colour.
        color: Rgba,
        /// Bold, italic, monospace.
        style: TextStyle,
        /// The text.
        text: String,
    },
    /// See [`Painter::styled_picture`] (ABI revision 5).
    StyledPicture {
        /// What to draw.
        source: PictureSource,
        /// Top-left corner of the rectangle it is scaled into.
        min: Point,
        /// Width and height of that rectangle.
        size: Point,
        /// Tint, opacity and quarter turns.
        style: PictureStyle,
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

/// A recorded picture: a file of the game's directory, or pixels.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PictureSource {
    /// See [`Picture::File`].
    File(String),
    /// See [`Picture::Rgba`].
    Rgba(Pixels),
}

/// Pixels a game drew ([`Picture::Rgba`]), shared cheaply between frames.
///
/// With the `serde` feature, pixels whose length does not match their size
/// are refused when read, and the key is computed again from the bytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "PixelsOnWire", try_from = "PixelsOnWire")
)]
pub struct Pixels {
    /// Pixels per row.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// `width × height × 4` bytes: red, green, blue, alpha.
    pub rgba: std::sync::Arc<[u8]>,
    /// A hash of the size and the bytes: equal pixels have equal keys, so a
    /// host can keep one texture for pictures that do not change.
    pub key: u64,
}

impl Pixels {
    /// Copies `rgba` (`width × height × 4` bytes; `None` otherwise).
    pub fn new(width: u32, height: u32, rgba: &[u8]) -> Option<Pixels> {
        let expected = (width as usize)
            .checked_mul(height as usize)?
            .checked_mul(4)?;
        if rgba.len() != expected {
            return None;
        }
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (width, height, rgba).hash(&mut hasher);
        Some(Pixels {
            width,
            height,
            rgba: rgba.into(),
            key: hasher.finish(),
        })
    }
}

/// [`Pixels`] as they are written: the key is not trusted, but made again.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct PixelsOnWire {
    width: u32,
    height: u32,
    #[serde(with = "serde_bytes")]
    rgba: Vec<u8>,
}

#[cfg(feature = "serde")]
impl From<Pixels> for PixelsOnWire {
    fn from(p: Pixels) -> PixelsOnWire {
        PixelsOnWire {
            width: p.width,
            height: p.height,
            rgba: p.rgba.to_vec(),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<PixelsOnWire> for Pixels {
    type Error = &'static str;
    fn try_from(p: PixelsOnWire) -> Result<Pixels, Self::Error> {
        Pixels::new(p.width, p.height, &p.rgba)
            .ok_or("pixels whose length is not width × height × 4")
    }
}

impl PictureSource {
    /// The recorded form of `picture`; `None` for pixels of the wrong length.
    pub fn of(picture: Picture<'_>) -> Option<PictureSource> {
        match picture {
            Picture::File(path) => Some(PictureSource::File(path.to_owned())),
            Picture::Rgba {
                width,
                height,
                pixels,
            } => Pixels::new(width, height, pixels).map(PictureSource::Rgba),
        }
    }

    /// The picture to draw again (to replay a recording).
    pub fn as_picture(&self) -> Picture<'_> {
        match self {
            PictureSource::File(path) => Picture::File(path),
            PictureSource::Rgba(p) => Picture::Rgba {
                width: p.width,
                height: p.height,
                pixels: &p.rgba,
            },
        }
    }
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

/// A [`RecordingPainter`] whose text is measured by `measure` (font size,
/// style, text → width and height) instead of [`estimate_text_size`]: how a host
/// with fonts records a game's drawing (the launcher's window with egui's
/// fonts, its game process with the same fonts, headless).
pub struct MeasuringRecorder<'a, M: FnMut(f32, TextStyle, &str) -> Point> {
    /// Where the shapes go.
    pub recording: &'a mut RecordingPainter,
    /// Measures a text at a font size in a style, in canvas pixels.
    pub measure: M,
}

impl<M: FnMut(f32, TextStyle, &str) -> Point> Painter for MeasuringRecorder<'_, M> {
    fn styled_text(
        &mut self,
        pos: Point,
        anchor: Anchor,
        font_size: f32,
        color: Rgba,
        style: TextStyle,
        text: &str,
    ) {
        self.recording
            .styled_text(pos, anchor, font_size, color, style, text)
    }
    fn styled_text_size(&mut self, font_size: f32, style: TextStyle, text: &str) -> Point {
        (self.measure)(font_size, style, text)
    }
    fn styled_picture(
        &mut self,
        picture: Picture<'_>,
        min: Point,
        size: Point,
        style: PictureStyle,
    ) {
        self.recording.styled_picture(picture, min, size, style)
    }
    fn circle(&mut self, center: Point, radius: f32, style: Style) {
        self.recording.circle(center, radius, style)
    }
    fn ellipse(&mut self, center: Point, radius_x: f32, radius_y: f32, style: Style) {
        self.recording.ellipse(center, radius_x, radius_y, style)
    }
    fn polygon(&mut self, points: &[Point], style: Style) {
        self.recording.polygon(points, style)
    }
    fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        self.recording.line(from, to, stroke)
    }
    fn rect(&mut self, min: Point, size: Point, style: Style) {
        self.recording.rect(min, size, style)
    }
    fn rounded_rect(&mut self, min: Point, size: Point, radius: f32, style: Style) {
        self.recording.rounded_rect(min, size, radius, style)
    }
    fn text(&mut self, pos: Point, anchor: Anchor, font_size: f32, color: Rgba, text: &str) {
        self.recording.text(pos, anchor, font_size, color, text)
    }
    fn text_size(&mut self, font_size: f32, text: &str) -> Point {
        (self.measure)(font_size, TextStyle::PLAIN, text)
    }
    fn picture(&mut self, picture: Picture<'_>, min: Point, size: Point) {
        self.recording.picture(picture, min, size)
    }
    fn push_clip(&mut self, min: Point, size: Point) {
        self.recording.push_clip(min, size)
    }
    fn pop_clip(&mut self) {
        self.recording.pop_clip()
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
    fn picture(&mut self, picture: Picture<'_>, min: Point, size: Point) {
        if let Some(source) = PictureSource::of(picture) {
            self.shapes.push(Shape::Picture { source, min, size });
        }
    }
    fn styled_text(
        &mut self,
        pos: Point,
        anchor: Anchor,
        font_size: f32,
        color: Rgba,
        style: TextStyle,
        text: &str,
    ) {
        self.shapes.push(Shape::StyledText {
            pos,
            anchor,
            font_size,
            color,
            style,
            text: text.to_owned(),
        });
    }
    fn styled_picture(
        &mut self,
        picture: Picture<'_>,
        min: Point,
        size: Point,
        style: PictureStyle,
    ) {
        if let Some(source) = PictureSource::of(picture) {
            self.shapes.push(Shape::StyledPicture {
                source,
                min,
                size,
                style,
            });
        }
    }
    fn push_clip(&mut self, min: Point, size: Point) {
        self.shapes.push(Shape::PushClip { min, size });
    }
    fn pop_clip(&mut self) {
        self.shapes.push(Shape::PopClip);
    }
}
