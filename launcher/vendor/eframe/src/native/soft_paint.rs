//! Painting in place by software (added for the PLT Games launcher; see
//! `PATCH.md`): the regions a frame changes are filled by `tiny-skia` from
//! egui's shapes themselves (a rounded rectangle is one analytic fill,
//! where llvmpipe sets up some 250 feathered triangles), glyphs copied from
//! egui's font atlas, into a whole frame kept per window, and shown with
//! `XPutImage`. A frame with a shape this painter does not paint is left
//! to GL, painted whole.

#![allow(unsafe_code)] // Xlib, each call with its SAFETY note.

use egui::TexturesDelta;
use std::collections::HashMap;

/// Whether every frame is painted whole here (`EFRAME_SOFT_WHOLE_FRAMES=1`):
/// what painting by regions is compared with.
pub(super) fn whole_frames() -> bool {
    static WHOLE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *WHOLE.get_or_init(|| std::env::var_os("EFRAME_SOFT_WHOLE_FRAMES").is_some_and(|v| v == "1"))
}

/// Whether frames painted in place are painted here: not with
/// `EFRAME_NO_SOFT_PAINT=1`.
pub(super) fn enabled() -> bool {
    static OFF: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    !*OFF.get_or_init(|| std::env::var_os("EFRAME_NO_SOFT_PAINT").is_some_and(|v| v == "1"))
}

/// Xlib's functions, opened once: `None` where libX11 cannot be loaded
/// (then GL paints every frame).
fn xlib() -> Option<&'static x11_dl::xlib::Xlib> {
    static X: std::sync::OnceLock<Option<x11_dl::xlib::Xlib>> = std::sync::OnceLock::new();
    X.get_or_init(|| x11_dl::xlib::Xlib::open().ok()).as_ref()
}

/// The software painter: egui's shapes filled by tiny-skia.
#[derive(Default)]
pub(super) struct Skia {
    /// The font atlas's coverage, width.
    atlas: Vec<u8>,
    atlas_width: usize,
    /// Each X window's last frame whole, as painted here.
    windows: HashMap<std::ffi::c_ulong, SoftWindow>,
    bgra: Vec<u8>,
}

/// One window painted by [`Skia`].
struct SoftWindow {
    /// The whole frame; `None` until painted whole at this size.
    frame: Option<tiny_skia::Pixmap>,
    display: *mut x11_dl::xlib::Display,
    gc: x11_dl::xlib::GC,
    visual: *mut x11_dl::xlib::Visual,
    depth: i32,
    /// A window whose visual is not 24-bit true colour, red high: GL paints it.
    usable: bool,
}

/// Whether every shape of `shapes` is one the software path paints.
pub(super) fn soft_paints(shapes: &[egui::epaint::ClippedShape]) -> bool {
    fn ok(shape: &egui::Shape) -> bool {
        match shape {
            egui::Shape::Noop
            | egui::Shape::Circle(_)
            | egui::Shape::Ellipse(_)
            | egui::Shape::LineSegment { .. } => true,
            egui::Shape::Vec(shapes) => shapes.iter().all(ok),
            egui::Shape::Rect(r) => r.brush.is_none() && r.blur_width == 0.0 && r.angle == 0.0,
            egui::Shape::Path(p) => matches!(p.stroke.color, egui::epaint::ColorMode::Solid(_)),
            // An underline (egui's, under the whole text) is left to GL.
            egui::Shape::Text(t) => {
                t.angle == 0.0
                    && t.underline.is_empty()
                    && !t
                        .galley
                        .rows
                        .iter()
                        .any(|r| r.glyphs.iter().any(|g| g.is_color))
            }
            _ => false,
        }
    }
    shapes.iter().all(|c| ok(&c.shape))
}

/// A solid, anti-aliased paint of egui's colour.
fn paint_of(c: egui::Color32) -> tiny_skia::Paint<'static> {
    let [r, g, b, a] = c.to_srgba_unmultiplied();
    let mut paint = tiny_skia::Paint::default();
    paint.set_color_rgba8(r, g, b, a);
    paint.anti_alias = true;
    paint
}

/// A rectangle with its corners (north-west, north-east, south-west,
/// south-east) rounded by quarter circles of those radii (cubic
/// approximations, as tiny-skia's own), each at most half the shorter side.
fn rounded_f(rect: egui::Rect, [nw, ne, sw, se]: [f32; 4]) -> Option<tiny_skia::Path> {
    let (x0, y0, x1, y1) = (rect.min.x, rect.min.y, rect.max.x, rect.max.y);
    let limit = rect.width().min(rect.height()) / 2.0;
    let [nw, ne, sw, se] = [nw, ne, sw, se].map(|v| v.min(limit).max(0.0));
    let k = 0.5523;
    let mut pb = tiny_skia::PathBuilder::new();
    pb.move_to(x0 + nw, y0);
    pb.line_to(x1 - ne, y0);
    if ne > 0.0 {
        pb.cubic_to(x1 - ne + k * ne, y0, x1, y0 + ne - k * ne, x1, y0 + ne);
    }
    pb.line_to(x1, y1 - se);
    if se > 0.0 {
        pb.cubic_to(x1, y1 - se + k * se, x1 - se + k * se, y1, x1 - se, y1);
    }
    pb.line_to(x0 + sw, y1);
    if sw > 0.0 {
        pb.cubic_to(x0 + sw - k * sw, y1, x0, y1 - sw + k * sw, x0, y1 - sw);
    }
    pb.line_to(x0, y0 + nw);
    if nw > 0.0 {
        pb.cubic_to(x0, y0 + nw - k * nw, x0 + nw - k * nw, y0, x0 + nw, y0);
    }
    pb.close();
    pb.finish()
}

/// The path through `points`, closed or not.
fn polyline(points: &[egui::Pos2], closed: bool) -> Option<tiny_skia::Path> {
    let mut pb = tiny_skia::PathBuilder::new();
    for (i, p) in points.iter().enumerate() {
        if i == 0 {
            pb.move_to(p.x, p.y)
        } else {
            pb.line_to(p.x, p.y)
        }
    }
    if closed {
        pb.close();
    }
    pb.finish()
}

/// The largest area, in pixels, a region grows to hold one shape whole
/// (a larger curve is cut at the region's border, its edge there within
/// half a pixel of the whole frame's).
const GROWTH_LIMIT_PX: f32 = 512.0 * 512.0;

/// A new frame of `size_px`, black.
fn new_frame(size_px: [u32; 2]) -> tiny_skia::Pixmap {
    tiny_skia::Pixmap::new(size_px[0].max(1), size_px[1].max(1)).expect("a window's size")
}

/// Where `shape` paints, in pixels, with room for its anti-aliasing and
/// mitres, if tiny-skia would paint its edges differently when the
/// pixmap's border cuts them: curves and slanted lines. `None` for what
/// no border changes: text (its glyphs copied here), rectangles without
/// rounded corners, lines along the axes.
fn cut_bounds(shape: &egui::Shape, ppp: f32) -> Option<egui::Rect> {
    use egui::Shape;
    let along_axes = |points: &[egui::Pos2], closed: bool| {
        let ends = points.iter().zip(points.iter().skip(1));
        let closing = closed.then(|| (points.last(), points.first()));
        ends.map(|(a, b)| (Some(a), Some(b)))
            .chain(closing)
            .all(|(a, b)| match (a, b) {
                (Some(a), Some(b)) => a.x == b.x || a.y == b.y,
                _ => true,
            })
    };
    let cut = match shape {
        Shape::Vec(shapes) => {
            return shapes
                .iter()
                .filter_map(|s| cut_bounds(s, ppp))
                .reduce(|a, b| a.union(b));
        }
        Shape::Noop | Shape::Text(_) => false,
        Shape::Rect(r) => r.corner_radius != egui::CornerRadius::ZERO,
        Shape::LineSegment { points, .. } => !along_axes(points, false),
        Shape::Path(p) => !along_axes(&p.points, p.closed),
        _ => true,
    };
    cut.then(|| reach_px(shape, max_stroke(shape), ppp))
}

/// The widest stroke of `shape`, in points.
fn max_stroke(shape: &egui::Shape) -> f32 {
    use egui::Shape;
    match shape {
        Shape::Vec(shapes) => shapes.iter().map(max_stroke).fold(0.0, f32::max),
        Shape::Rect(r) => r.stroke.width,
        Shape::LineSegment { stroke, .. } => stroke.width,
        Shape::Path(p) => p.stroke.width,
        Shape::Circle(c) => c.stroke.width,
        Shape::Ellipse(e) => e.stroke.width,
        _ => 0.0,
    }
}

/// Every pixel `shape`, stroked `stroke_width` wide, may paint, with room
/// for anti-aliasing and mitres: mitres reach twice the stroke's width past
/// a corner (tiny-skia's limit of 4), a hairline's clip is outset by a
/// pixel.
fn reach_px(shape: &egui::Shape, stroke_width: f32, ppp: f32) -> egui::Rect {
    let room = (2.0 * stroke_width * ppp).max(0.0) + 3.0;
    let bounds = shape.visual_bounding_rect();
    egui::Rect::from_min_max(
        (bounds.min.to_vec2() * ppp).to_pos2().floor(),
        (bounds.max.to_vec2() * ppp).to_pos2().ceil(),
    )
    .expand(room)
}

/// The clip masks of the shapes painted in one pixmap: consecutive shapes
/// mostly share a clip, so the last mask is kept.
#[derive(Default)]
struct Masks {
    last: Option<(egui::Rect, tiny_skia::Mask)>,
}

impl Masks {
    /// The mask clipping to `clip` a pixmap covering `painted_px`, both in
    /// the frame's pixels.
    fn of(&mut self, clip: egui::Rect, painted_px: egui::Rect) -> Option<&tiny_skia::Mask> {
        if self.last.as_ref().is_none_or(|(last, _)| *last != clip) {
            let mask = {
                let size = painted_px.size();
                let mut mask =
                    tiny_skia::Mask::new(size.x as u32, size.y as u32).expect("a region's size");
                let origin = painted_px.min.to_vec2();
                if let Some(rect) = tiny_skia::Rect::from_xywh(
                    clip.min.x - origin.x,
                    clip.min.y - origin.y,
                    clip.width(),
                    clip.height(),
                ) {
                    mask.fill_path(
                        &tiny_skia::PathBuilder::from_rect(rect),
                        tiny_skia::FillRule::Winding,
                        false,
                        tiny_skia::Transform::identity(),
                    );
                }
                mask
            };
            self.last = Some((clip, mask));
        }
        self.last.as_ref().map(|(_, mask)| mask)
    }
}

impl Skia {
    /// Keeps the font atlas's changes (its coverage, the alpha of egui's
    /// white glyphs): the only texture this painter samples.
    pub(super) fn textures(&mut self, delta: &TexturesDelta) {
        for (id, deltas) in &delta.set {
            if *id != egui::TextureId::default() {
                continue;
            }
            for d in deltas {
                let egui::ImageData::Color(image) = &d.image;
                let [w, h] = image.size;
                let [x, y] = d.pos.unwrap_or([0, 0]);
                if d.pos.is_none() {
                    self.atlas = vec![0; w * h];
                    self.atlas_width = w;
                }
                for row in 0..h {
                    for col in 0..w {
                        let at = (y + row) * self.atlas_width + x + col;
                        if at < self.atlas.len() {
                            self.atlas[at] = image.pixels[row * w + col].a();
                        }
                    }
                }
            }
        }
    }

    /// The window `xwin`'s state, its visual asked of the X server once.
    fn window(
        &mut self,
        display: *mut x11_dl::xlib::Display,
        xwin: std::ffi::c_ulong,
    ) -> &mut SoftWindow {
        self.windows.entry(xwin).or_insert_with(|| {
            let Some(xl) = xlib() else {
                return SoftWindow {
                    frame: None,
                    display,
                    gc: std::ptr::null_mut(),
                    visual: std::ptr::null_mut(),
                    depth: 0,
                    usable: false,
                };
            };
            // SAFETY: `display` is the open connection the window was made
            // on (glutin's, from winit), used on this, its thread; `xwin`
            // is that window's id (a destroyed window makes the calls
            // fail, reported to winit's error handler, never undefined).
            // `attributes` is plain data Xlib fills, read only if it says
            // it did; its visual then points into the display's own data,
            // alive as long as the display.
            unsafe {
                let mut attributes: x11_dl::xlib::XWindowAttributes = std::mem::zeroed();
                let got = (xl.XGetWindowAttributes)(display, xwin, &mut attributes) != 0;
                let visual = attributes.visual;
                let usable = got
                    && !visual.is_null()
                    && (attributes.depth == 24 || attributes.depth == 32)
                    && (*visual).red_mask == 0xff_0000
                    && (*visual).green_mask == 0xff00
                    && (*visual).blue_mask == 0xff;
                SoftWindow {
                    frame: None,
                    display,
                    gc: (xl.XCreateGC)(display, xwin, 0, std::ptr::null_mut()),
                    visual,
                    depth: attributes.depth,
                    usable,
                }
            }
        })
    }

    /// Whether the window can be painted here, and has a whole frame of `size_px`.
    pub(super) fn has_frame(
        &mut self,
        display: *mut std::ffi::c_void,
        xwin: std::ffi::c_ulong,
        size_px: [u32; 2],
    ) -> Option<bool> {
        let window = self.window(display.cast(), xwin);
        if !window.usable {
            return None;
        }
        Some(
            window
                .frame
                .as_ref()
                .is_some_and(|f| [f.width(), f.height()] == size_px),
        )
    }

    /// Forgets the windows not in `alive` (their ids), and frees their
    /// graphics contexts.
    pub(super) fn retain(&mut self, alive: impl Fn(std::ffi::c_ulong) -> bool) {
        self.windows.retain(|&xwin, window| {
            let keep = alive(xwin);
            if !keep {
                // SAFETY: a GC this painter made on that display, still
                // open (eframe's, for the event loop's life), used by
                // nothing else and not again; freeing it after its window
                // is destroyed is allowed.
                if let Some(xl) = xlib()
                    && !window.gc.is_null()
                {
                    unsafe { (xl.XFreeGC)(window.display, window.gc) };
                }
            }
            keep
        });
    }

    /// Forgets the window's frame (GL painted it since).
    pub(super) fn forget(&mut self, xwin: std::ffi::c_ulong) {
        if let Some(window) = self.windows.get_mut(&xwin) {
            window.frame = None;
        }
    }

    /// Paints `shapes` (those reaching the region, less what is hidden
    /// there) in `[x, y, w, h]` of the window's frame, in pixels from its
    /// top left, and shows that region.
    ///
    /// tiny-skia cuts a path's edges at the border of the pixmap it paints
    /// (a curve chopped there, a line's ends moved onto it), and the cut
    /// moves its anti-aliased edge by up to half a pixel: a region's border
    /// would show as a seam. So the pixmap painted is the region grown to
    /// hold whole every shape reaching it whose edges would be cut (see
    /// [`cut_bounds`]), as far as the frame: each is then cut only where
    /// the whole frame cuts it, and the region painted alone is the whole
    /// frame's, pixel for pixel.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn paint<'s>(
        &mut self,
        shapes: impl IntoIterator<Item = &'s egui::epaint::ClippedShape>,
        [x, y, w, h]: [i32; 4],
        size_px: [u32; 2],
        ppp: f32,
        display: *mut std::ffi::c_void,
        xwin: std::ffi::c_ulong,
    ) {
        let frame_px = egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(size_px[0] as f32, size_px[1] as f32),
        );
        let region_px = egui::Rect::from_min_size(
            egui::pos2(x as f32, y as f32),
            egui::vec2(w as f32, h as f32),
        )
        .intersect(frame_px);
        if !region_px.is_positive() {
            return;
        }
        let shapes: Vec<&egui::epaint::ClippedShape> = shapes.into_iter().collect();
        let mut painted_px = region_px;
        for clipped in &shapes {
            if let Some(bounds) = cut_bounds(&clipped.shape, ppp) {
                let bounds = bounds.intersect(frame_px);
                if bounds.area() <= GROWTH_LIMIT_PX {
                    painted_px = painted_px.union(bounds);
                }
            }
        }
        let painted_px = egui::Rect::from_min_max(painted_px.min.floor(), painted_px.max.ceil());
        let [px, py] = [painted_px.min.x as i32, painted_px.min.y as i32];
        let [pw, ph] = [painted_px.width() as u32, painted_px.height() as u32];
        let Some(mut pixmap) = tiny_skia::Pixmap::new(pw, ph) else {
            return;
        };
        pixmap.fill(tiny_skia::Color::BLACK);
        let transform = tiny_skia::Transform::from_row(ppp, 0.0, 0.0, ppp, -px as f32, -py as f32);
        let mut masks = Masks::default();
        for clipped in shapes {
            let clip_px = egui::Rect::from_min_max(
                (clipped.clip_rect.min.to_vec2() * ppp).to_pos2().round(),
                (clipped.clip_rect.max.to_vec2() * ppp).to_pos2().round(),
            );
            let clip = clip_px.intersect(painted_px);
            if !clip.is_positive() {
                continue;
            }
            // tiny-skia blends a masked shape in other steps than an
            // unmasked one (its edges' colours a few units apart), so
            // whether a shape is masked depends on the shape and its clip
            // alone, never on the region: masked where it may reach past
            // its clip.
            let mask =
                if clip_px.contains_rect(reach_px(&clipped.shape, max_stroke(&clipped.shape), ppp))
                {
                    None
                } else {
                    masks.of(clip, painted_px)
                };
            self.shape(
                &mut pixmap,
                &clipped.shape,
                transform,
                mask,
                ppp,
                [px, py],
                clip,
            );
        }
        let window = self.window(display.cast(), xwin);
        let frame = window.frame.get_or_insert_with(|| new_frame(size_px));
        if [frame.width(), frame.height()] != size_px {
            *frame = new_frame(size_px);
        }
        // The region's rows, copied from the pixmap painted into the frame.
        let (x0, y0) = (region_px.min.x as usize, region_px.min.y as usize);
        let (w, h) = (region_px.width() as usize, region_px.height() as usize);
        let (from_x, from_y) = (x0 - px as usize, y0 - py as usize);
        let frame_width = frame.width() as usize;
        let painted = pixmap.data();
        let into = frame.data_mut();
        for row in 0..h {
            let from = ((from_y + row) * pw as usize + from_x) * 4;
            let to = ((y0 + row) * frame_width + x0) * 4;
            into[to..to + w * 4].copy_from_slice(&painted[from..from + w * 4]);
        }
        self.show(display, xwin, [x0 as i32, y0 as i32, w as i32, h as i32]);
    }

    /// Shows `[x, y, w, h]` of the window's frame.
    pub(super) fn show(
        &mut self,
        display: *mut std::ffi::c_void,
        xwin: std::ffi::c_ulong,
        [x, y, w, h]: [i32; 4],
    ) {
        let Some(window) = self.windows.get(&xwin) else {
            return;
        };
        let Some(frame) = &window.frame else { return };
        let (fw, fh) = (frame.width() as i32, frame.height() as i32);
        let (x0, y0) = (x.clamp(0, fw), y.clamp(0, fh));
        let (x1, y1) = ((x + w).clamp(0, fw), (y + h).clamp(0, fh));
        let (w, h) = (x1 - x0, y1 - y0);
        if w <= 0 || h <= 0 {
            return;
        }
        self.bgra.clear();
        let data = frame.data();
        for row in y0..y1 {
            let start = ((row * fw + x0) * 4) as usize;
            for px in data[start..start + (w * 4) as usize].chunks_exact(4) {
                self.bgra.extend_from_slice(&[px[2], px[1], px[0], 255]);
            }
        }
        let Some(xl) = xlib() else { return };
        if !window.usable {
            return;
        }
        let display = display.cast::<x11_dl::xlib::Display>();
        // SAFETY: the display and window as in `window` (its GC made
        // there). The image describes `bgra`, which holds `h` rows of `w`
        // 32-bit pixels (`w * 4` bytes a row, as told), in the window's
        // visual and depth (24 or 32, 32 bits a pixel). `XPutImage` copies
        // it into the request before returning; the image's data pointer
        // is then cleared so `XFree` frees the structure only, not our
        // buffer.
        unsafe {
            let image = (xl.XCreateImage)(
                display,
                window.visual,
                window.depth as u32,
                x11_dl::xlib::ZPixmap,
                0,
                self.bgra.as_mut_ptr().cast(),
                w as u32,
                h as u32,
                32,
                w * 4,
            );
            if image.is_null() {
                return;
            }
            (xl.XPutImage)(
                display, xwin, window.gc, image, 0, 0, x0, y0, w as u32, h as u32,
            );
            (*image).data = std::ptr::null_mut();
            (xl.XFree)(image.cast());
            (xl.XFlush)(display);
        }
    }

    /// Fills one shape into `pixmap` (whose top left is `origin` in the
    /// frame), transformed from points by `t`, masked by `mask`; texts
    /// are clipped to `clip` (frame pixels) by hand.
    #[allow(clippy::too_many_arguments)]
    fn shape(
        &self,
        pixmap: &mut tiny_skia::Pixmap,
        shape: &egui::Shape,
        t: tiny_skia::Transform,
        mask: Option<&tiny_skia::Mask>,
        ppp: f32,
        origin: [i32; 2],
        clip: egui::Rect,
    ) {
        use egui::Shape;
        let fill = |pixmap: &mut tiny_skia::Pixmap, path: &tiny_skia::Path, c: egui::Color32| {
            if c.a() > 0 {
                pixmap.fill_path(path, &paint_of(c), tiny_skia::FillRule::Winding, t, mask);
            }
        };
        let stroke = |pixmap: &mut tiny_skia::Pixmap, path: &tiny_skia::Path, s: egui::Stroke| {
            if s.width > 0.0 && s.color.a() > 0 {
                let st = tiny_skia::Stroke {
                    width: s.width,
                    ..Default::default()
                };
                pixmap.stroke_path(path, &paint_of(s.color), &st, t, mask);
            }
        };
        match shape {
            Shape::Vec(shapes) => {
                for s in shapes {
                    self.shape(pixmap, s, t, mask, ppp, origin, clip)
                }
            }
            Shape::Rect(r) => {
                // As epaint's `tessellate_rect`: rounded to pixels by the
                // stroke's kind, then the outer border of the stroke.
                use egui::emath::GuiRounding as _;
                let mut rect = r.rect;
                let mut fill_colour = r.fill;
                let mut st = r.stroke;
                if st.width == 0.0 {
                    st.color = egui::Color32::TRANSPARENT;
                }
                if !st.is_empty() {
                    let with = match r.stroke_kind {
                        egui::StrokeKind::Inside => rect,
                        egui::StrokeKind::Middle => rect.expand(st.width * 0.5),
                        egui::StrokeKind::Outside => rect.expand(st.width),
                    };
                    if with.size().min_elem() <= 2.0 * st.width + 0.5 {
                        rect = with;
                        fill_colour = st.color;
                        st = egui::Stroke::NONE;
                    }
                }
                if r.round_to_pixels.unwrap_or(true) {
                    rect = match r.stroke_kind {
                        egui::StrokeKind::Middle
                            if st.width > 0.0
                                && (st.width * ppp <= 1.0
                                    || ((st.width * ppp).round() as i32) % 2 == 1) =>
                        {
                            rect.round_to_pixel_center(ppp)
                        }
                        _ => rect.round_to_pixels(ppp),
                    };
                }
                let expand = match r.stroke_kind {
                    egui::StrokeKind::Inside => 0.0,
                    egui::StrokeKind::Middle => st.width * 0.5,
                    egui::StrokeKind::Outside => st.width,
                };
                let outer = rect.expand(expand);
                let cr = |v: u8| {
                    if v == 0 {
                        0.0
                    } else {
                        (v as f32 + expand + 0.4).max(st.width + 0.1)
                    }
                };
                let radii = [
                    cr(r.corner_radius.nw),
                    cr(r.corner_radius.ne),
                    cr(r.corner_radius.sw),
                    cr(r.corner_radius.se),
                ];
                let w = st.width.max(0.0);
                let inner = outer.shrink(w);
                let inner_radii = radii.map(|v| (v - w).max(0.0));
                if st.is_empty() {
                    if let Some(p) = rounded_f(outer, radii) {
                        fill(pixmap, &p, fill_colour);
                    }
                } else {
                    if inner.is_positive()
                        && let Some(p) = rounded_f(inner, inner_radii)
                    {
                        fill(pixmap, &p, fill_colour);
                    }
                    let mut pb = tiny_skia::PathBuilder::new();
                    if let Some(p) = rounded_f(outer, radii) {
                        pb.push_path(&p);
                    }
                    if inner.is_positive()
                        && let Some(p) = rounded_f(inner, inner_radii)
                    {
                        pb.push_path(&p);
                    }
                    if let Some(band) = pb.finish()
                        && st.color.a() > 0
                    {
                        pixmap.fill_path(
                            &band,
                            &paint_of(st.color),
                            tiny_skia::FillRule::EvenOdd,
                            t,
                            mask,
                        );
                    }
                }
            }
            Shape::Circle(c) => {
                if let Some(p) =
                    tiny_skia::PathBuilder::from_circle(c.center.x, c.center.y, c.radius)
                {
                    fill(pixmap, &p, c.fill);
                    stroke(pixmap, &p, c.stroke);
                }
            }
            Shape::Ellipse(e) => {
                if let Some(r) = tiny_skia::Rect::from_xywh(
                    e.center.x - e.radius.x,
                    e.center.y - e.radius.y,
                    2.0 * e.radius.x,
                    2.0 * e.radius.y,
                ) && let Some(p) = tiny_skia::PathBuilder::from_oval(r)
                {
                    fill(pixmap, &p, e.fill);
                    stroke(pixmap, &p, e.stroke);
                }
            }
            Shape::Path(p) => {
                if let Some(path) = polyline(&p.points, p.closed) {
                    if p.closed {
                        fill(pixmap, &path, p.fill);
                    }
                    if let egui::epaint::ColorMode::Solid(c) = p.stroke.color {
                        stroke(pixmap, &path, egui::Stroke::new(p.stroke.width, c));
                    }
                }
            }
            Shape::LineSegment { points, stroke: s } => {
                if let Some(path) = polyline(points, false) {
                    stroke(pixmap, &path, *s);
                }
            }
            Shape::Text(text) => self.text(pixmap, text, ppp, origin, clip),
            _ => {}
        }
    }

    /// Copies a text's glyphs from the font atlas, each glyph's box as egui
    /// places it (rounded to pixels), blended over `pixmap` in the text's
    /// colour, within `clip` (frame pixels).
    fn text(
        &self,
        pixmap: &mut tiny_skia::Pixmap,
        text: &egui::epaint::TextShape,
        ppp: f32,
        [ox, oy]: [i32; 2],
        clip: egui::Rect,
    ) {
        if self.atlas_width == 0 {
            return;
        }
        let pos = (text.pos.to_vec2() * ppp).round() / ppp;
        let width = pixmap.width() as i32;
        let data = pixmap.data_mut();
        for row in &text.galley.rows {
            let base = pos + row.pos.to_vec2();
            let v = &row.visuals.mesh.vertices;
            for quad in v.chunks_exact(4) {
                let mut color = quad[0].color;
                if let Some(c) = text.override_text_color {
                    color = c;
                } else if color == egui::Color32::PLACEHOLDER {
                    color = text.fallback_color;
                }
                if text.opacity_factor < 1.0 {
                    color = color.gamma_multiply(text.opacity_factor);
                }
                let (p0, p1) = (quad[0].pos + base, quad[3].pos + base);
                let (u0, v0, u1, v1) = (quad[0].uv.x, quad[0].uv.y, quad[3].uv.x, quad[3].uv.y);
                let x0 = (p0.x * ppp).round() as i32;
                let y0 = (p0.y * ppp).round() as i32;
                let x1 = (p1.x * ppp).round() as i32;
                let y1 = (p1.y * ppp).round() as i32;
                let (cx0, cy0, cx1, cy1) = (
                    x0.max(clip.min.x as i32),
                    y0.max(clip.min.y as i32),
                    x1.min(clip.max.x as i32),
                    y1.min(clip.max.y as i32),
                );
                if cx0 >= cx1 || cy0 >= cy1 {
                    continue;
                }
                let [cr, cg, cb, ca] = color.to_array();
                let sx = (u1 - u0) / (x1 - x0).max(1) as f32;
                let sy = (v1 - v0) / (y1 - y0).max(1) as f32;
                for py in cy0..cy1 {
                    let tv = (v0 + (py - y0) as f32 * sy + sy * 0.5) as usize;
                    for px in cx0..cx1 {
                        let tu = (u0 + (px - x0) as f32 * sx + sx * 0.5) as usize;
                        let cov =
                            *self.atlas.get(tv * self.atlas_width + tu).unwrap_or(&255) as u32;
                        if cov == 0 {
                            continue;
                        }
                        let at = (((py - oy) * width + (px - ox)) * 4) as usize;
                        let src = [cr, cg, cb, ca].map(|c| (c as u32 * cov + 127) / 255);
                        let inv = 255 - src[3];
                        for k in 0..4 {
                            data[at + k] = (src[k] + (data[at + k] as u32 * inv + 127) / 255) as u8;
                        }
                    }
                }
            }
        }
    }
}
