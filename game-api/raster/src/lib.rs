//! # game-raster: a game's drawing, as pixels
//!
//! [`RasterPainter`] implements [`game_api::Painter`] with
//! [tiny-skia](https://docs.rs/tiny-skia), a deterministic anti-aliasing CPU
//! rasteriser: the same calls always give the same pixels, on every
//! machine. Games use it to draw their console icon and their manual's
//! pictures with their own drawing code, and tests use it to compare what
//! two drawings look like.
//!
//! ```
//! use game_api::{Point, Rgba, Style};
//! let png = game_raster::render_png(40, 20, 1.0, |p| {
//!     p.circle(Point::new(10.0, 10.0), 8.0, Style::solid(Rgba::rgb(255, 0, 0)));
//! });
//! assert_eq!(&png[1..4], b"PNG");
//! ```
//!
//! Text is not drawn: [`Painter::text`] calls are counted in
//! [`RasterPainter::skipped_text`] and otherwise ignored, because a
//! rasteriser of text would need fonts, which this crate does not carry.
//!
//! Pictures ([`Painter::picture`]) are drawn scaled with bilinear filtering:
//! pixels always, PNG files when the painter knows the game's directory
//! ([`RasterPainter::with_picture_dir`]); a file it cannot read is counted
//! in [`RasterPainter::skipped_pictures`].

#![warn(missing_docs)]

pub mod icon;
pub mod window;

use game_api::{Anchor, Painter, Picture, Point, Rgba, Stroke, Style};
use std::path::PathBuf;
use tiny_skia::{
    FillRule, FilterQuality, LineCap, Mask, Paint, PathBuilder, Pattern, Pixmap, Rect, SpreadMode,
    Transform,
};

/// A [`Painter`] that draws into an RGBA pixel buffer.
///
/// Coordinates are canvas pixels; the buffer is the canvas times `scale`.
/// Shapes are anti-aliased and blended source-over. Clips
/// ([`Painter::push_clip`]) nest and intersect; shapes outside the buffer
/// are cut off by its edges.
pub struct RasterPainter {
    pixmap: Pixmap,
    transform: Transform,
    /// The clip rectangles pushed, in canvas coordinates.
    clips: Vec<[f32; 4]>,
    /// The mask of the intersection of `clips`, or `None` without clips.
    mask: Option<Mask>,
    /// Whether everything is clipped away (an empty intersection).
    clipped_out: bool,
    skipped_text: usize,
    /// Where [`Picture::File`] paths start, if anywhere.
    picture_dir: Option<PathBuf>,
    skipped_pictures: usize,
}

impl std::fmt::Debug for RasterPainter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RasterPainter")
            .field("width", &self.pixmap.width())
            .field("height", &self.pixmap.height())
            .field("clips", &self.clips.len())
            .finish()
    }
}

/// The size in pixels of a canvas side of `side` canvas pixels at `scale`:
/// rounded, and at least 1.
fn pixels(side: u32, scale: f32) -> u32 {
    ((side as f32 * scale).round() as u32).max(1)
}

fn color(c: Rgba) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(c.r, c.g, c.b, c.a)
}

fn paint(c: Rgba) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color(c));
    paint.anti_alias = true;
    paint
}

impl RasterPainter {
    /// A transparent buffer for a canvas of `width` × `height` canvas
    /// pixels drawn at `scale` (so `round(width · scale)` ×
    /// `round(height · scale)` pixels).
    ///
    /// # Panics
    ///
    /// If `scale` is not a positive finite number.
    pub fn new(width: u32, height: u32, scale: f32) -> RasterPainter {
        assert!(
            scale.is_finite() && scale > 0.0,
            "the scale must be a positive number, not {scale}"
        );
        let (w, h) = (pixels(width, scale), pixels(height, scale));
        let pixmap =
            Pixmap::new(w, h).unwrap_or_else(|| panic!("cannot allocate a {w} × {h} pixel buffer"));
        RasterPainter {
            pixmap,
            transform: Transform::from_scale(scale, scale),
            clips: Vec::new(),
            mask: None,
            clipped_out: false,
            skipped_text: 0,
            picture_dir: None,
            skipped_pictures: 0,
        }
    }

    /// Reads [`Picture::File`] pictures from `dir` (the game's directory).
    pub fn with_picture_dir(mut self, dir: impl Into<PathBuf>) -> RasterPainter {
        self.picture_dir = Some(dir.into());
        self
    }

    /// How many pictures were not drawn: files without a picture directory,
    /// missing or not 8-bit PNGs, or pixels of the wrong length.
    pub fn skipped_pictures(&self) -> usize {
        self.skipped_pictures
    }

    /// The pixels of `picture`, premultiplied, or `None` when they cannot be
    /// had.
    fn picture_pixmap(&self, picture: Picture<'_>) -> Option<Pixmap> {
        let (width, height, rgba) = match picture {
            Picture::File(path) => {
                let bytes = std::fs::read(self.picture_dir.as_ref()?.join(path)).ok()?;
                decode_png(&bytes).ok()?
            }
            Picture::Rgba {
                width,
                height,
                pixels,
            } => (width, height, pixels.to_vec()),
        };
        let size = tiny_skia::IntSize::from_wh(width, height)?;
        if rgba.len() != (width as usize) * (height as usize) * 4 {
            return None;
        }
        let premultiplied = rgba
            .chunks_exact(4)
            .flat_map(|p| {
                let c = tiny_skia::ColorU8::from_rgba(p[0], p[1], p[2], p[3]).premultiply();
                [c.red(), c.green(), c.blue(), c.alpha()]
            })
            .collect();
        Pixmap::from_vec(premultiplied, size)
    }

    /// The buffer's width in pixels.
    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    /// The buffer's height in pixels.
    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// How many [`Painter::text`] calls were ignored.
    pub fn skipped_text(&self) -> usize {
        self.skipped_text
    }

    /// The colour of the pixel at `(x, y)` (not premultiplied), or `None`
    /// outside the buffer.
    pub fn pixel(&self, x: u32, y: u32) -> Option<Rgba> {
        if x >= self.width() || y >= self.height() {
            return None;
        }
        let p = self.pixmap.pixel(x, y)?.demultiply();
        Some(Rgba::with_alpha(p.red(), p.green(), p.blue(), p.alpha()))
    }

    /// The pixels, row by row, as RGBA bytes (not premultiplied).
    pub fn rgba(&self) -> Vec<u8> {
        self.pixmap
            .pixels()
            .iter()
            .flat_map(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue(), c.alpha()]
            })
            .collect()
    }

    /// The picture as an 8-bit RGBA PNG file.
    pub fn to_png(&self) -> Vec<u8> {
        encode_png(self.width(), self.height(), &self.rgba())
    }

    /// Rebuilds the mask after the clip stack changed.
    fn update_mask(&mut self) {
        self.mask = None;
        self.clipped_out = false;
        let Some(first) = self.clips.first() else {
            return;
        };
        let [mut x0, mut y0, mut x1, mut y1] = *first;
        for &[a0, b0, a1, b1] in &self.clips[1..] {
            x0 = x0.max(a0);
            y0 = y0.max(b0);
            x1 = x1.min(a1);
            y1 = y1.min(b1);
        }
        let rect = Rect::from_ltrb(x0, y0, x1, y1);
        let Some(rect) = rect.filter(|_| x1 > x0 && y1 > y0) else {
            self.clipped_out = true;
            return;
        };
        let mut mask = Mask::new(self.width(), self.height())
            .unwrap_or_else(|| unreachable!("a mask as large as the buffer"));
        mask.fill_path(
            &PathBuilder::from_rect(rect),
            FillRule::Winding,
            true,
            self.transform,
        );
        self.mask = Some(mask);
    }

    fn fill_and_stroke(&mut self, path: Option<tiny_skia::Path>, style: Style) {
        let Some(path) = path else { return };
        if self.clipped_out {
            return;
        }
        if let Some(fill) = style.fill {
            self.pixmap.fill_path(
                &path,
                &paint(fill),
                FillRule::Winding,
                self.transform,
                self.mask.as_ref(),
            );
        }
        if let Some(stroke) = style.stroke {
            self.stroke(&path, stroke);
        }
    }

    fn stroke(&mut self, path: &tiny_skia::Path, stroke: Stroke) {
        if self.clipped_out || stroke.width.is_nan() || stroke.width <= 0.0 {
            return;
        }
        let s = tiny_skia::Stroke {
            width: stroke.width,
            line_cap: LineCap::Butt,
            ..Default::default()
        };
        self.pixmap.stroke_path(
            path,
            &paint(stroke.color),
            &s,
            self.transform,
            self.mask.as_ref(),
        );
    }
}

impl Painter for RasterPainter {
    fn circle(&mut self, center: Point, radius: f32, style: Style) {
        self.fill_and_stroke(PathBuilder::from_circle(center.x, center.y, radius), style);
    }

    fn ellipse(&mut self, center: Point, radius_x: f32, radius_y: f32, style: Style) {
        let oval = Rect::from_xywh(
            center.x - radius_x,
            center.y - radius_y,
            2.0 * radius_x,
            2.0 * radius_y,
        );
        self.fill_and_stroke(oval.and_then(PathBuilder::from_oval), style);
    }

    fn polygon(&mut self, points: &[Point], style: Style) {
        let mut builder = PathBuilder::new();
        for (i, p) in points.iter().enumerate() {
            if i == 0 {
                builder.move_to(p.x, p.y);
            } else {
                builder.line_to(p.x, p.y);
            }
        }
        builder.close();
        self.fill_and_stroke(builder.finish(), style);
    }

    fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        let mut builder = PathBuilder::new();
        builder.move_to(from.x, from.y);
        builder.line_to(to.x, to.y);
        if let Some(path) = builder.finish() {
            self.stroke(&path, stroke);
        }
    }

    fn rect(&mut self, min: Point, size: Point, style: Style) {
        let rect = Rect::from_xywh(min.x, min.y, size.x, size.y);
        self.fill_and_stroke(rect.map(PathBuilder::from_rect), style);
    }

    fn rounded_rect(&mut self, min: Point, size: Point, radius: f32, style: Style) {
        let (x0, y0, x1, y1) = (min.x, min.y, min.x + size.x, min.y + size.y);
        let r = radius.clamp(0.0, (size.x.abs().min(size.y.abs())) / 2.0);
        if r <= 0.0 {
            return self.rect(min, size, style);
        }
        // Each corner a quarter circle of cubic Béziers (k = 0.5523).
        let k = r * 0.552_284_8;
        let mut b = PathBuilder::new();
        b.move_to(x0 + r, y0);
        b.line_to(x1 - r, y0);
        b.cubic_to(x1 - r + k, y0, x1, y0 + r - k, x1, y0 + r);
        b.line_to(x1, y1 - r);
        b.cubic_to(x1, y1 - r + k, x1 - r + k, y1, x1 - r, y1);
        b.line_to(x0 + r, y1);
        b.cubic_to(x0 + r - k, y1, x0, y1 - r + k, x0, y1 - r);
        b.line_to(x0, y0 + r);
        b.cubic_to(x0, y0 + r - k, x0 + r - k, y0, x0 + r, y0);
        b.close();
        self.fill_and_stroke(b.finish(), style);
    }

    /// Not drawn: counted in [`RasterPainter::skipped_text`].
    fn text(&mut self, _pos: Point, _anchor: Anchor, _size: f32, _color: Rgba, _text: &str) {
        self.skipped_text += 1;
    }

    fn picture(&mut self, picture: Picture<'_>, min: Point, size: Point) {
        let Some(pixels) = self.picture_pixmap(picture) else {
            self.skipped_pictures += 1;
            return;
        };
        if self.clipped_out {
            return;
        }
        let Some(rect) = Rect::from_xywh(min.x, min.y, size.x, size.y) else {
            return;
        };
        // The pattern maps the picture's pixels onto the rectangle.
        let to_rect = Transform::from_row(
            size.x / pixels.width() as f32,
            0.0,
            0.0,
            size.y / pixels.height() as f32,
            min.x,
            min.y,
        );
        let paint = Paint {
            shader: Pattern::new(
                pixels.as_ref(),
                SpreadMode::Pad,
                FilterQuality::Bilinear,
                1.0,
                to_rect,
            ),
            anti_alias: true,
            ..Paint::default()
        };
        self.pixmap
            .fill_rect(rect, &paint, self.transform, self.mask.as_ref());
    }

    fn push_clip(&mut self, min: Point, size: Point) {
        self.clips.push([
            min.x,
            min.y,
            min.x + size.x.max(0.0),
            min.y + size.y.max(0.0),
        ]);
        self.update_mask();
    }

    fn pop_clip(&mut self) {
        if self.clips.pop().is_some() {
            self.update_mask();
        }
    }
}

/// Draws a canvas of `width` × `height` canvas pixels at `scale` on a
/// transparent background and returns the picture as a PNG file's bytes
/// (see [`RasterPainter`]).
pub fn render_png(
    width: u32,
    height: u32,
    scale: f32,
    draw: impl FnOnce(&mut dyn Painter),
) -> Vec<u8> {
    render(width, height, scale, draw).to_png()
}

/// Draws a canvas like [`render_png`] and returns the painter, to read its
/// pixels.
pub fn render(
    width: u32,
    height: u32,
    scale: f32,
    draw: impl FnOnce(&mut dyn Painter),
) -> RasterPainter {
    let mut painter = RasterPainter::new(width, height, scale);
    draw(&mut painter);
    painter
}

/// `rgba` (row by row, 4 bytes a pixel, not premultiplied) as an 8-bit
/// RGBA PNG file of `width` × `height`.
///
/// # Panics
///
/// When `rgba` does not hold `width` × `height` pixels.
pub fn encode_png(width: u32, height: u32, rgba: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let result = encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(rgba));
    // Writing to memory fails only on a bug in the encoder's use (or
    // pixels that are not the size said).
    if let Err(e) = result {
        panic!("encoding a PNG in memory failed: {e}");
    }
    bytes
}

/// Decodes an 8-bit RGBA or RGB PNG into its width, height and RGBA bytes.
///
/// # Errors
///
/// A message when the bytes are not such a PNG.
pub fn decode_png(bytes: &[u8]) -> Result<(u32, u32, Vec<u8>), String> {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let size = reader
        .output_buffer_size()
        .ok_or("the PNG is too large to decode")?;
    let mut buffer = vec![0; size];
    let info = reader.next_frame(&mut buffer).map_err(|e| e.to_string())?;
    buffer.truncate(info.buffer_size());
    if info.bit_depth != png::BitDepth::Eight {
        return Err(format!(
            "the PNG has {:?} bits per sample, not 8",
            info.bit_depth
        ));
    }
    let rgba = match info.color_type {
        png::ColorType::Rgba => buffer,
        png::ColorType::Rgb => buffer
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        other => return Err(format!("the PNG is {other:?}, not RGB or RGBA")),
    };
    Ok((info.width, info.height, rgba))
}
