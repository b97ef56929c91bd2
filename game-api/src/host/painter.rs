//! The painter a game draws through: each shape is checked against the
//! frame's limits before it reaches the host's painter.

use std::ffi::c_void;
use std::panic::{AssertUnwindSafe, catch_unwind};

use super::{
    MAX_COORDINATE, MAX_PICTURE_BYTES_PER_FRAME, MAX_PICTURE_PATH_BYTES, MAX_PICTURE_SIDE,
    MAX_POINTS_PER_FRAME, MAX_POLYGON_POINTS, MAX_SHAPES_PER_FRAME, MAX_TEXT_BYTES,
    MAX_TEXT_BYTES_PER_FRAME,
};
use crate::abi::{AbiStr, Point, RawPainter, RawPictureStyle, RawStyle, Rgba};
use crate::{Painter, Picture, PictureStyle, Stroke, Style, TextStyle};

/// What the launcher dropped from one frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DrawReport {
    /// Shapes drawn.
    pub shapes: usize,
    /// Shapes dropped for coordinates that are not finite numbers.
    pub invalid: usize,
    /// Shapes dropped past the frame's limits: [`MAX_SHAPES_PER_FRAME`]
    /// shapes, [`MAX_POINTS_PER_FRAME`] polygon corners,
    /// [`MAX_TEXT_BYTES_PER_FRAME`] bytes of text.
    pub over_limit: usize,
    /// Shapes dropped for a coordinate, size or width beyond
    /// ±[`MAX_COORDINATE`].
    pub out_of_range: usize,
    /// Pictures dropped for a path that is not a relative `.png` path inside
    /// the game's directory, pixels whose count does not match their size,
    /// a side beyond [`MAX_PICTURE_SIDE`], or more than
    /// [`MAX_PICTURE_BYTES_PER_FRAME`] of pixels in the frame.
    pub bad_pictures: usize,
}

impl DrawReport {
    /// Whether nothing was dropped: every shape the game drew was kept.
    pub fn is_clean(&self) -> bool {
        self.invalid == 0
            && self.over_limit == 0
            && self.out_of_range == 0
            && self.bad_pictures == 0
    }

    /// What was dropped, in a sentence for the player; `None` when nothing was.
    pub fn describe(&self) -> Option<String> {
        if self.is_clean() {
            return None;
        }
        let mut parts = Vec::new();
        if self.invalid > 0 {
            parts.push(format!(
                "{} with coordinates that are not numbers",
                shapes(self.invalid)
            ));
        }
        if self.out_of_range > 0 {
            parts.push(format!(
                "{} with coordinates or sizes beyond ±{MAX_COORDINATE}",
                shapes(self.out_of_range)
            ));
        }
        if self.over_limit > 0 {
            parts.push(format!(
                "{} past the frame's limits ({MAX_SHAPES_PER_FRAME} shapes, {MAX_POINTS_PER_FRAME} polygon corners, {} KiB of text)",
                shapes(self.over_limit),
                MAX_TEXT_BYTES_PER_FRAME / 1024
            ));
        }
        if self.bad_pictures > 0 {
            parts.push(format!(
                "{} with a bad path or size (a relative .png path in the game's folder, at most {MAX_PICTURE_SIDE} pixels a side)",
                count(self.bad_pictures, "picture", "pictures")
            ));
        }
        let total = self.invalid + self.out_of_range + self.over_limit + self.bad_pictures;
        let pronoun = if total == 1 { "it was" } else { "they were" };
        Some(format!(
            "the game drew {}; {pronoun} skipped",
            parts.join(", ")
        ))
    }
}

/// "1 shape", "2 shapes".
fn shapes(n: usize) -> String {
    count(n, "shape", "shapes")
}

/// "1 picture", "2 pictures".
fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The host's side of one `draw` call: the painter the game's thunks draw
/// into, and the counts that enforce the frame's limits.
pub(super) struct PainterBridge<'a> {
    painter: &'a mut dyn Painter,
    report: DrawReport,
    clip_depth: usize,
    /// Polygon corners drawn this frame.
    points: usize,
    /// Bytes of text drawn this frame.
    text_bytes: usize,
    /// Bytes of text measured this frame.
    measured_bytes: usize,
    /// Bytes of pixels drawn this frame.
    picture_bytes: usize,
}

impl<'a> PainterBridge<'a> {
    /// A bridge to `painter` for one frame.
    pub(super) fn new(painter: &'a mut dyn Painter) -> PainterBridge<'a> {
        PainterBridge {
            painter,
            report: DrawReport::default(),
            clip_depth: 0,
            points: 0,
            text_bytes: 0,
            measured_bytes: 0,
            picture_bytes: 0,
        }
    }

    /// The painter table a game's `draw` calls, with this bridge as its
    /// context. The bridge must stay put while the game draws.
    pub(super) fn raw(&mut self) -> RawPainter {
        RawPainter {
            struct_size: std::mem::size_of::<RawPainter>() as u32,
            ctx: self as *mut PainterBridge as *mut c_void,
            circle: paint_circle,
            ellipse: paint_ellipse,
            polygon: paint_polygon,
            line: paint_line,
            rect: paint_rect,
            text: paint_text,
            push_clip: paint_push_clip,
            pop_clip: paint_pop_clip,
            rounded_rect: paint_rounded_rect,
            measure_text: paint_measure_text,
            picture_file: paint_picture_file,
            picture_rgba: paint_picture_rgba,
            text_styled: paint_text_styled,
            measure_text_styled: paint_measure_text_styled,
            picture_file_styled: paint_picture_file_styled,
            picture_rgba_styled: paint_picture_rgba_styled,
        }
    }

    /// Ends the frame: pops the clips the game forgot to pop, so the host's
    /// clip stack is intact, and returns what was dropped.
    pub(super) fn finish(self) -> DrawReport {
        for _ in 0..self.clip_depth {
            self.painter.pop_clip();
        }
        self.report
    }
}

/// Whether every value is a finite number within ±[`MAX_COORDINATE`]; counts
/// the shape as invalid or out of range in `report` if not.
fn in_range(report: &mut DrawReport, numbers: impl IntoIterator<Item = f32>) -> bool {
    let mut out_of_range = false;
    for v in numbers {
        if !v.is_finite() {
            report.invalid += 1;
            return false;
        }
        out_of_range |= v.abs() > MAX_COORDINATE;
    }
    if out_of_range {
        report.out_of_range += 1;
    }
    !out_of_range
}

impl PainterBridge<'_> {
    /// Counts a shape and says whether to draw it: its numbers must be finite
    /// and in range, and the frame must have room for one more shape.
    fn admit(&mut self, numbers: &[f32]) -> bool {
        if !in_range(&mut self.report, numbers.iter().copied()) {
            false
        } else {
            self.admit_checked()
        }
    }

    /// Counts a shape whose numbers were checked and says whether to draw it.
    fn admit_checked(&mut self) -> bool {
        if self.report.shapes >= MAX_SHAPES_PER_FRAME {
            self.report.over_limit += 1;
            false
        } else {
            self.report.shapes += 1;
            true
        }
    }
}

/// Runs a painter thunk's body with the bridge, never letting a host panic
/// unwind into the game's frames.
///
/// # Safety
/// `ctx` must be the `PainterBridge` of the `draw` call in progress.
unsafe fn with_bridge(ctx: *mut c_void, f: impl FnOnce(&mut PainterBridge<'_>)) {
    // SAFETY: per the contract; only this thunk touches the bridge now.
    let Some(bridge) = (unsafe { (ctx as *mut PainterBridge<'_>).as_mut() }) else {
        return;
    };
    let _ = catch_unwind(AssertUnwindSafe(|| f(bridge)));
}

fn style(raw: RawStyle) -> Style {
    let mut s = crate::codec::style_from_raw(raw);
    if let Some(stroke) = &mut s.stroke {
        if stroke.width.is_finite() {
            stroke.width = stroke.width.min(MAX_COORDINATE);
        } else {
            s.stroke = None;
        }
    }
    s
}

unsafe extern "C" fn paint_circle(ctx: *mut c_void, center: Point, radius: f32, raw: RawStyle) {
    // SAFETY: called by the game during our `draw`, with our bridge.
    unsafe {
        with_bridge(ctx, |b| {
            if b.admit(&[center.x, center.y, radius]) {
                b.painter.circle(center, radius, style(raw))
            }
        })
    }
}

unsafe extern "C" fn paint_ellipse(
    ctx: *mut c_void,
    center: Point,
    rx: f32,
    ry: f32,
    raw: RawStyle,
) {
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            if b.admit(&[center.x, center.y, rx, ry]) {
                b.painter.ellipse(center, rx, ry, style(raw))
            }
        })
    }
}

unsafe extern "C" fn paint_polygon(
    ctx: *mut c_void,
    points: *const Point,
    len: usize,
    raw: RawStyle,
) {
    if points.is_null() || len == 0 {
        return;
    }
    // SAFETY: the game promises `len` points at `points` during this call; we
    // read at most MAX_POLYGON_POINTS of them.
    let points = unsafe { std::slice::from_raw_parts(points, len.min(MAX_POLYGON_POINTS)) };
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            // Check the budget first, so a flood of polygons costs no scan.
            if b.points + points.len() > MAX_POINTS_PER_FRAME {
                b.report.over_limit += 1;
                return;
            }
            let numbers = points.iter().flat_map(|p| [p.x, p.y]);
            if in_range(&mut b.report, numbers) && b.admit_checked() {
                b.points += points.len();
                b.painter.polygon(points, style(raw))
            }
        })
    }
}

unsafe extern "C" fn paint_line(ctx: *mut c_void, from: Point, to: Point, width: f32, color: Rgba) {
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            if b.admit(&[from.x, from.y, to.x, to.y, width]) {
                b.painter.line(from, to, Stroke { width, color })
            }
        })
    }
}

unsafe extern "C" fn paint_rect(ctx: *mut c_void, min: Point, size: Point, raw: RawStyle) {
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            if b.admit(&[min.x, min.y, size.x, size.y]) {
                b.painter.rect(min, size, style(raw))
            }
        })
    }
}

unsafe extern "C" fn paint_rounded_rect(
    ctx: *mut c_void,
    min: Point,
    size: Point,
    radius: f32,
    raw: RawStyle,
) {
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            if b.admit(&[min.x, min.y, size.x, size.y, radius]) {
                // Never more than half the shorter side, never negative.
                let half = (size.x.abs().min(size.y.abs()) / 2.0).max(0.0);
                b.painter
                    .rounded_rect(min, size, radius.clamp(0.0, half), style(raw))
            }
        })
    }
}

unsafe extern "C" fn paint_text(
    ctx: *mut c_void,
    pos: Point,
    anchor: u32,
    font_size: f32,
    color: Rgba,
    text: AbiStr,
) {
    // SAFETY: the same call, plain.
    unsafe { paint_text_styled(ctx, pos, anchor, font_size, color, 0, text) }
}

unsafe extern "C" fn paint_text_styled(
    ctx: *mut c_void,
    pos: Point,
    anchor: u32,
    font_size: f32,
    color: Rgba,
    style: u32,
    text: AbiStr,
) {
    let style = TextStyle::from_raw(style);
    let anchor = crate::codec::anchor_from_raw(anchor);
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            let len = text.len.min(MAX_TEXT_BYTES);
            if b.text_bytes + len > MAX_TEXT_BYTES_PER_FRAME {
                b.report.over_limit += 1;
                return;
            }
            if b.admit(&[pos.x, pos.y, font_size]) {
                b.text_bytes += len;
                // SAFETY: the game's string is valid during this call.
                let (text, _) = text.to_string_lossy(MAX_TEXT_BYTES);
                let font_size = font_size.clamp(1.0, 512.0);
                if style == TextStyle::PLAIN {
                    b.painter.text(pos, anchor, font_size, color, &text)
                } else {
                    b.painter
                        .styled_text(pos, anchor, font_size, color, style, &text)
                }
            }
        })
    }
}

unsafe extern "C" fn paint_push_clip(ctx: *mut c_void, min: Point, size: Point) {
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            if in_range(&mut b.report, [min.x, min.y, size.x, size.y]) {
                b.clip_depth += 1;
                b.painter.push_clip(min, size)
            }
        })
    }
}

unsafe extern "C" fn paint_pop_clip(ctx: *mut c_void) {
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            // A pop without a push would pop the host's own clip: ignore it.
            if b.clip_depth > 0 {
                b.clip_depth -= 1;
                b.painter.pop_clip()
            }
        })
    }
}

unsafe extern "C" fn paint_measure_text(
    ctx: *mut c_void,
    font_size: f32,
    text: AbiStr,
    out: *mut Point,
) {
    // SAFETY: the same call, plain.
    unsafe { paint_measure_text_styled(ctx, font_size, 0, text, out) }
}

unsafe extern "C" fn paint_measure_text_styled(
    ctx: *mut c_void,
    font_size: f32,
    style: u32,
    text: AbiStr,
    out: *mut Point,
) {
    let style = TextStyle::from_raw(style);
    if out.is_null() {
        return;
    }
    let mut size = Point::new(0.0, 0.0);
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            if !font_size.is_finite() {
                return;
            }
            // SAFETY: the game's string is valid during this call.
            let (text, _) = text.to_string_lossy(MAX_TEXT_BYTES);
            let font_size = font_size.clamp(1.0, 512.0);
            // Measuring costs the host a text layout: past a frame's worth
            // of text, the game gets the estimate instead.
            b.measured_bytes += text.len();
            size = if b.measured_bytes > MAX_TEXT_BYTES_PER_FRAME {
                crate::estimate_text_size(font_size, &text)
            } else if style == TextStyle::PLAIN {
                b.painter.text_size(font_size, &text)
            } else {
                b.painter.styled_text_size(font_size, style, &text)
            };
        })
    }
    if !(size.x.is_finite() && size.y.is_finite()) {
        size = Point::new(0.0, 0.0);
    }
    // SAFETY: `out` is non-null and the game's slot for the answer.
    unsafe { out.write(size) };
}

/// Whether `path` names a PNG file inside the game's directory: relative,
/// `/` between folders, no `.` or `..` part, ending in `.png` (the rule for
/// every host that draws a game's pictures, the game process's checks too).
pub fn picture_path_ok(path: &str) -> bool {
    !path.is_empty()
        && path.len() <= MAX_PICTURE_PATH_BYTES
        && !path.starts_with('/')
        && !path.contains(['\\', '\0', ':'])
        && path
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..")
        && path.to_ascii_lowercase().ends_with(".png")
}

/// The picture style of its C struct.
fn picture_style(look: RawPictureStyle) -> PictureStyle {
    PictureStyle {
        tint: look.tint,
        quarter_turns: (look.quarter_turns % 4) as u8,
    }
}

unsafe extern "C" fn paint_picture_file(ctx: *mut c_void, path: AbiStr, min: Point, size: Point) {
    // SAFETY: the same call, plain.
    unsafe { paint_picture_file_styled(ctx, path, min, size, plain_look()) }
}

/// The style of a picture drawn as it is.
fn plain_look() -> RawPictureStyle {
    RawPictureStyle {
        tint: crate::WHITE,
        quarter_turns: 0,
    }
}

unsafe extern "C" fn paint_picture_file_styled(
    ctx: *mut c_void,
    path: AbiStr,
    min: Point,
    size: Point,
    look: RawPictureStyle,
) {
    let style = picture_style(look);
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            // SAFETY: the game's string is valid during this call.
            let (path, cut) = path.to_string_lossy(MAX_PICTURE_PATH_BYTES + 1);
            if cut || !picture_path_ok(&path) {
                b.report.bad_pictures += 1;
                return;
            }
            if b.admit(&[min.x, min.y, size.x, size.y]) {
                if style == PictureStyle::PLAIN {
                    b.painter.picture(Picture::File(&path), min, size);
                } else {
                    b.painter
                        .styled_picture(Picture::File(&path), min, size, style);
                }
            }
        })
    }
}

unsafe extern "C" fn paint_picture_rgba(
    ctx: *mut c_void,
    width: u32,
    height: u32,
    pixels: *const u8,
    len: usize,
    min: Point,
    size: Point,
) {
    // SAFETY: the same call, plain.
    unsafe { paint_picture_rgba_styled(ctx, width, height, pixels, len, min, size, plain_look()) }
}

#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn paint_picture_rgba_styled(
    ctx: *mut c_void,
    width: u32,
    height: u32,
    pixels: *const u8,
    len: usize,
    min: Point,
    size: Point,
    look: RawPictureStyle,
) {
    let style = picture_style(look);
    // SAFETY: see `paint_circle`.
    unsafe {
        with_bridge(ctx, |b| {
            let expected = (width as usize)
                .saturating_mul(height as usize)
                .saturating_mul(4);
            let fits = (1..=MAX_PICTURE_SIDE).contains(&width)
                && (1..=MAX_PICTURE_SIDE).contains(&height)
                && len == expected
                && !pixels.is_null();
            if !fits || b.picture_bytes + len > MAX_PICTURE_BYTES_PER_FRAME {
                b.report.bad_pictures += 1;
                return;
            }
            if b.admit(&[min.x, min.y, size.x, size.y]) {
                b.picture_bytes += len;
                // SAFETY: the game promises `len` readable bytes at `pixels`
                // for the length of this call (checked non-null above).
                let pixels = std::slice::from_raw_parts(pixels, len);
                let picture = Picture::Rgba {
                    width,
                    height,
                    pixels,
                };
                if style == PictureStyle::PLAIN {
                    b.painter.picture(picture, min, size);
                } else {
                    b.painter.styled_picture(picture, min, size, style);
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::DrawReport;
    use super::picture_path_ok;

    #[test]
    fn a_clean_report_says_nothing_and_one_shape_is_one_shape() {
        let clean = DrawReport {
            shapes: 5,
            ..DrawReport::default()
        };
        assert!(clean.is_clean());
        assert_eq!(clean.describe(), None);
        let one = DrawReport {
            invalid: 1,
            ..clean
        };
        assert!(!one.is_clean());
        assert_eq!(
            one.describe().as_deref(),
            Some("the game drew 1 shape with coordinates that are not numbers; it was skipped")
        );
        let two = DrawReport {
            out_of_range: 1,
            ..one
        };
        assert!(two.describe().unwrap().ends_with("; they were skipped"));
    }

    #[test]
    fn only_relative_png_paths_inside_the_games_folder_are_pictures() {
        for ok in ["red.png", "cards/ace-of-spades.PNG", "a/b/c.png"] {
            assert!(picture_path_ok(ok), "{ok}");
        }
        for bad in [
            "",
            "/etc/passwd.png",
            "../outside.png",
            "cards/../../x.png",
            "./red.png",
            "cards//ace.png",
            "C:/x.png",
            "cards\\ace.png",
            "red.jpg",
            "nul\0.png",
        ] {
            assert!(!picture_path_ok(bad), "{bad:?}");
        }
        assert!(!picture_path_ok(&format!("{}.png", "a".repeat(252))));
        assert!(picture_path_ok(&format!("{}.png", "a".repeat(251))));
    }
}
