//! Painting only what changed (added for the PLT Games launcher; see
//! `PATCH.md` at the crate's root).
//!
//! A new frame is compared with the last ([`frame_damage`]): only the
//! region that changed is cleared and painted. On a software rasteriser
//! (Mesa's llvmpipe) painting is most of a frame's cost, so a pointer move
//! that lights one button costs that button, not the window. Two ways:
//!
//! - **In place**, on Mesa's software rasterisers under GLX: the region is
//!   painted into the window's back buffer and that region alone is shown
//!   with `glXCopySubBufferMESA`, which copies without swapping, so the
//!   back buffer keeps the whole frame for the next (and for an exposed
//!   window, shown again without painting anything).
//! - **Kept texture**, elsewhere: each window keeps its last frame in a
//!   texture of its own; the region is painted there, then the texture is
//!   copied to the window whole and swapped as before.
//!
//! Where the context cannot (OpenGL before 3.0 or ES 2, no framebuffer
//! objects, a failed copy) or `EFRAME_PAINT_WHOLE_FRAMES=1` is set, every
//! frame is painted whole, as egui does.

#![allow(unsafe_code)] // OpenGL, each call with its SAFETY note.

use egui::epaint::ClippedShape;
use egui::{TexturesDelta, ViewportId};
use egui_glow::glow::{self, HasContext as _};
use frame_damage::{Changes, Damage, Frames};

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Each window's last frame, and the textures of windows gone (freed at the
/// next paint, when the context is current).
#[derive(Default)]
pub(crate) struct DamagePainters {
    windows: HashMap<ViewportId, WindowFrames>,
    retired: Vec<Target>,
    /// The windows whose pixels the window system may have lost since
    /// they were last shown (an expose): their next frame is shown.
    exposed: std::collections::HashSet<ViewportId>,
    /// Counts the frames that changed the pixels of textures in use, in
    /// any window: the windows share their textures (the font atlas above
    /// all), so a texture set in one changes what the others' shapes paint.
    texture_changes: u64,
    /// The textures set and not freed since.
    textures: std::collections::HashSet<egui::TextureId>,
    skia: Option<Skia>,
}

thread_local! {
    pub(crate) static EXP_XWIN: std::cell::Cell<std::ffi::c_ulong> = const { std::cell::Cell::new(0) };
}

fn exp_skia() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("EXP_SKIA").is_some())
}

fn xlib() -> &'static x11_dl::xlib::Xlib {
    static X: std::sync::OnceLock<x11_dl::xlib::Xlib> = std::sync::OnceLock::new();
    X.get_or_init(|| x11_dl::xlib::Xlib::open().expect("libX11"))
}

/// EXPERIMENT: egui's shapes filled by tiny-skia.
#[derive(Default)]
struct Skia {
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
    gc: x11_dl::xlib::GC,
    visual: *mut x11_dl::xlib::Visual,
    depth: i32,
    /// A window whose visual is not 24-bit true colour, red high: GL paints it.
    usable: bool,
}

/// Whether every shape of `shapes` is one the software path paints.
fn soft_paints(shapes: &[egui::epaint::ClippedShape]) -> bool {
    fn ok(shape: &egui::Shape) -> bool {
        match shape {
            egui::Shape::Noop | egui::Shape::Circle(_) | egui::Shape::Ellipse(_) | egui::Shape::LineSegment { .. } => true,
            egui::Shape::Vec(shapes) => shapes.iter().all(ok),
            egui::Shape::Rect(r) => r.brush.is_none() && r.blur_width == 0.0 && r.angle == 0.0,
            egui::Shape::Path(p) => matches!(p.stroke.color, egui::epaint::ColorMode::Solid(_)),
            egui::Shape::Text(t) => t.angle == 0.0 && !t.galley.rows.iter().any(|r| r.glyphs.iter().any(|g| g.is_color)),
            _ => false,
        }
    }
    shapes.iter().all(|c| ok(&c.shape))
}

fn paint_of(c: egui::Color32) -> tiny_skia::Paint<'static> {
    let [r, g, b, a] = c.to_srgba_unmultiplied();
    let mut paint = tiny_skia::Paint::default();
    paint.set_color_rgba8(r, g, b, a);
    paint.anti_alias = true;
    paint
}

fn rounded(rect: egui::Rect, r: egui::CornerRadius) -> Option<tiny_skia::Path> {
    let (x0, y0, x1, y1) = (rect.min.x, rect.min.y, rect.max.x, rect.max.y);
    let limit = rect.width().min(rect.height()) / 2.0;
    let [nw, ne, sw, se] = [r.nw, r.ne, r.sw, r.se].map(|v| (v as f32).min(limit).max(0.0));
    let k = 0.5523;
    let mut pb = tiny_skia::PathBuilder::new();
    pb.move_to(x0 + nw, y0);
    pb.line_to(x1 - ne, y0);
    if ne > 0.0 { pb.cubic_to(x1 - ne + k * ne, y0, x1, y0 + ne - k * ne, x1, y0 + ne); }
    pb.line_to(x1, y1 - se);
    if se > 0.0 { pb.cubic_to(x1, y1 - se + k * se, x1 - se + k * se, y1, x1 - se, y1); }
    pb.line_to(x0 + sw, y1);
    if sw > 0.0 { pb.cubic_to(x0 + sw - k * sw, y1, x0, y1 - sw + k * sw, x0, y1 - sw); }
    pb.line_to(x0, y0 + nw);
    if nw > 0.0 { pb.cubic_to(x0, y0 + nw - k * nw, x0 + nw - k * nw, y0, x0 + nw, y0); }
    pb.close();
    pb.finish()
}

fn rounded_f(rect: egui::Rect, [nw, ne, sw, se]: [f32; 4]) -> Option<tiny_skia::Path> {
    let (x0, y0, x1, y1) = (rect.min.x, rect.min.y, rect.max.x, rect.max.y);
    let limit = rect.width().min(rect.height()) / 2.0;
    let [nw, ne, sw, se] = [nw, ne, sw, se].map(|v| v.min(limit).max(0.0));
    let k = 0.5523;
    let mut pb = tiny_skia::PathBuilder::new();
    pb.move_to(x0 + nw, y0);
    pb.line_to(x1 - ne, y0);
    if ne > 0.0 { pb.cubic_to(x1 - ne + k * ne, y0, x1, y0 + ne - k * ne, x1, y0 + ne); }
    pb.line_to(x1, y1 - se);
    if se > 0.0 { pb.cubic_to(x1, y1 - se + k * se, x1 - se + k * se, y1, x1 - se, y1); }
    pb.line_to(x0 + sw, y1);
    if sw > 0.0 { pb.cubic_to(x0 + sw - k * sw, y1, x0, y1 - sw + k * sw, x0, y1 - sw); }
    pb.line_to(x0, y0 + nw);
    if nw > 0.0 { pb.cubic_to(x0, y0 + nw - k * nw, x0 + nw - k * nw, y0, x0 + nw, y0); }
    pb.close();
    pb.finish()
}

fn polyline(points: &[egui::Pos2], closed: bool) -> Option<tiny_skia::Path> {
    let mut pb = tiny_skia::PathBuilder::new();
    for (i, p) in points.iter().enumerate() {
        if i == 0 { pb.move_to(p.x, p.y) } else { pb.line_to(p.x, p.y) }
    }
    if closed { pb.close(); }
    pb.finish()
}

impl Skia {
    fn textures(&mut self, delta: &TexturesDelta) {
        for (id, deltas) in &delta.set {
            if *id != egui::TextureId::default() { continue; }
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
    fn window(&mut self, display: *mut x11_dl::xlib::Display, xwin: std::ffi::c_ulong) -> &mut SoftWindow {
        self.windows.entry(xwin).or_insert_with(|| {
            let xl = xlib();
            // SAFETY: experiment: Xlib calls on the display eframe's window lives on.
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
                    gc: (xl.XCreateGC)(display, xwin, 0, std::ptr::null_mut()),
                    visual,
                    depth: attributes.depth,
                    usable,
                }
            }
        })
    }

    /// Whether the window can be painted here, and has a whole frame of `size_px`.
    fn has_frame(&mut self, display: *mut std::ffi::c_void, xwin: std::ffi::c_ulong, size_px: [u32; 2]) -> Option<bool> {
        let window = self.window(display.cast(), xwin);
        if !window.usable {
            return None;
        }
        Some(window.frame.as_ref().is_some_and(|f| [f.width(), f.height()] == size_px))
    }

    /// Forgets the window's frame (GL painted it since).
    fn forget(&mut self, xwin: std::ffi::c_ulong) {
        if let Some(window) = self.windows.get_mut(&xwin) {
            window.frame = None;
        }
    }

    /// Paints `shapes` (those reaching the region) in `[x, y, w, h]` of the
    /// window's frame, in pixels from its top left, and shows that region.
    #[allow(clippy::too_many_arguments)]
    fn paint(&mut self, shapes: &[egui::epaint::ClippedShape], [x, y, w, h]: [i32; 4], size_px: [u32; 2], ppp: f32, display: *mut std::ffi::c_void, xwin: std::ffi::c_ulong) {
        if w <= 0 || h <= 0 { return; }
        let Some(mut pixmap) = tiny_skia::Pixmap::new(w as u32, h as u32) else { return };
        pixmap.fill(tiny_skia::Color::BLACK);
        let transform = tiny_skia::Transform::from_row(ppp, 0.0, 0.0, ppp, -x as f32, -y as f32);
        let region_px = egui::Rect::from_min_size(egui::pos2(x as f32, y as f32), egui::vec2(w as f32, h as f32));
        for clipped in shapes {
            let clip_px = egui::Rect::from_min_max((clipped.clip_rect.min.to_vec2() * ppp).to_pos2().round(), (clipped.clip_rect.max.to_vec2() * ppp).to_pos2().round());
            let clip = clip_px.intersect(region_px);
            if !clip.is_positive() { continue; }
            let mask = if clip.contains_rect(region_px) { None } else {
                let mut m = tiny_skia::Mask::new(w as u32, h as u32).unwrap();
                let r = tiny_skia::Rect::from_xywh(clip.min.x - x as f32, clip.min.y - y as f32, clip.width(), clip.height()).unwrap();
                m.fill_path(&tiny_skia::PathBuilder::from_rect(r), tiny_skia::FillRule::Winding, false, tiny_skia::Transform::identity());
                Some(m)
            };
            self.shape(&mut pixmap, &clipped.shape, transform, mask.as_ref(), ppp, [x, y], clip);
        }
        let window = self.window(display.cast(), xwin);
        let frame = window.frame.get_or_insert_with(|| tiny_skia::Pixmap::new(size_px[0].max(1), size_px[1].max(1)).expect("a window's size"));
        if [frame.width(), frame.height()] != size_px {
            *frame = tiny_skia::Pixmap::new(size_px[0].max(1), size_px[1].max(1)).expect("a window's size");
        }
        frame.draw_pixmap(x, y, pixmap.as_ref(), &tiny_skia::PixmapPaint { blend_mode: tiny_skia::BlendMode::Source, ..Default::default() }, tiny_skia::Transform::identity(), None);
        self.show(display, xwin, [x, y, w, h]);
    }

    /// Shows `[x, y, w, h]` of the window's frame.
    fn show(&mut self, display: *mut std::ffi::c_void, xwin: std::ffi::c_ulong, [x, y, w, h]: [i32; 4]) {
        let Some(window) = self.windows.get(&xwin) else { return };
        let Some(frame) = &window.frame else { return };
        let (fw, fh) = (frame.width() as i32, frame.height() as i32);
        let (x0, y0) = (x.clamp(0, fw), y.clamp(0, fh));
        let (x1, y1) = ((x + w).clamp(0, fw), (y + h).clamp(0, fh));
        let (w, h) = (x1 - x0, y1 - y0);
        if w <= 0 || h <= 0 { return; }
        self.bgra.clear();
        let data = frame.data();
        for row in y0..y1 {
            let start = ((row * fw + x0) * 4) as usize;
            for px in data[start..start + (w * 4) as usize].chunks_exact(4) {
                self.bgra.extend_from_slice(&[px[2], px[1], px[0], 255]);
            }
        }
        let xl = xlib();
        let display = display.cast::<x11_dl::xlib::Display>();
        // SAFETY: experiment: an image over our own buffer, freed without it.
        unsafe {
            let image = (xl.XCreateImage)(display, window.visual, window.depth as u32, x11_dl::xlib::ZPixmap, 0, self.bgra.as_mut_ptr().cast(), w as u32, h as u32, 32, w * 4);
            if image.is_null() { return; }
            (xl.XPutImage)(display, xwin, window.gc, image, 0, 0, x0, y0, w as u32, h as u32);
            (*image).data = std::ptr::null_mut();
            (xl.XFree)(image.cast());
            (xl.XFlush)(display);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn shape(&self, pixmap: &mut tiny_skia::Pixmap, shape: &egui::Shape, t: tiny_skia::Transform, mask: Option<&tiny_skia::Mask>, ppp: f32, origin: [i32; 2], clip: egui::Rect) {
        use egui::Shape;
        let fill = |pixmap: &mut tiny_skia::Pixmap, path: &tiny_skia::Path, c: egui::Color32| {
            if c.a() > 0 { pixmap.fill_path(path, &paint_of(c), tiny_skia::FillRule::Winding, t, mask); }
        };
        let stroke = |pixmap: &mut tiny_skia::Pixmap, path: &tiny_skia::Path, s: egui::Stroke| {
            if s.width > 0.0 && s.color.a() > 0 {
                let st = tiny_skia::Stroke { width: s.width, ..Default::default() };
                pixmap.stroke_path(path, &paint_of(s.color), &st, t, mask);
            }
        };
        match shape {
            Shape::Vec(shapes) => for s in shapes { self.shape(pixmap, s, t, mask, ppp, origin, clip) },
            Shape::Rect(r) => {
                // As epaint's `tessellate_rect`: rounded to pixels by the
                // stroke's kind, then the outer border of the stroke.
                use egui::emath::GuiRounding as _;
                let mut rect = r.rect;
                let mut fill_colour = r.fill;
                let mut st = r.stroke;
                if st.width == 0.0 { st.color = egui::Color32::TRANSPARENT; }
                if !st.is_empty() {
                    let with = match r.stroke_kind { egui::StrokeKind::Inside => rect, egui::StrokeKind::Middle => rect.expand(st.width * 0.5), egui::StrokeKind::Outside => rect.expand(st.width) };
                    if with.size().min_elem() <= 2.0 * st.width + 0.5 {
                        rect = with; fill_colour = st.color; st = egui::Stroke::NONE;
                    }
                }
                if r.round_to_pixels.unwrap_or(true) {
                    rect = match r.stroke_kind {
                        egui::StrokeKind::Middle if st.width > 0.0 && (st.width * ppp <= 1.0 || ((st.width * ppp).round() as i32) % 2 == 1) => rect.round_to_pixel_center(ppp),
                        _ => rect.round_to_pixels(ppp),
                    };
                }
                let expand = match r.stroke_kind { egui::StrokeKind::Inside => 0.0, egui::StrokeKind::Middle => st.width * 0.5, egui::StrokeKind::Outside => st.width };
                let outer = rect.expand(expand);
                let cr = |v: u8| if v == 0 { 0.0 } else { (v as f32 + expand + 0.4).max(st.width + 0.1) };
                let radii = [cr(r.corner_radius.nw), cr(r.corner_radius.ne), cr(r.corner_radius.sw), cr(r.corner_radius.se)];
                let w = st.width.max(0.0);
                let inner = outer.shrink(w);
                let inner_radii = radii.map(|v| (v - w).max(0.0));
                if st.is_empty() {
                    if let Some(p) = rounded_f(outer, radii) { fill(pixmap, &p, fill_colour); }
                } else {
                    if inner.is_positive() && let Some(p) = rounded_f(inner, inner_radii) { fill(pixmap, &p, fill_colour); }
                    let mut pb = tiny_skia::PathBuilder::new();
                    if let Some(p) = rounded_f(outer, radii) { pb.push_path(&p); }
                    if inner.is_positive() && let Some(p) = rounded_f(inner, inner_radii) { pb.push_path(&p); }
                    if let Some(band) = pb.finish() && st.color.a() > 0 {
                        pixmap.fill_path(&band, &paint_of(st.color), tiny_skia::FillRule::EvenOdd, t, mask);
                    }
                }
            }
            Shape::Circle(c) => {
                if let Some(p) = tiny_skia::PathBuilder::from_circle(c.center.x, c.center.y, c.radius) { fill(pixmap, &p, c.fill); stroke(pixmap, &p, c.stroke); }
            }
            Shape::Ellipse(e) => {
                if let Some(r) = tiny_skia::Rect::from_xywh(e.center.x - e.radius.x, e.center.y - e.radius.y, 2.0 * e.radius.x, 2.0 * e.radius.y)
                    && let Some(p) = tiny_skia::PathBuilder::from_oval(r) { fill(pixmap, &p, e.fill); stroke(pixmap, &p, e.stroke); }
            }
            Shape::Path(p) => {
                if let Some(path) = polyline(&p.points, p.closed) {
                    if p.closed { fill(pixmap, &path, p.fill); }
                    if let egui::epaint::ColorMode::Solid(c) = p.stroke.color { stroke(pixmap, &path, egui::Stroke::new(p.stroke.width, c)); }
                }
            }
            Shape::LineSegment { points, stroke: s } => {
                if let Some(path) = polyline(points, false) { stroke(pixmap, &path, *s); }
            }
            Shape::Text(text) => self.text(pixmap, text, ppp, origin, clip),
            _ => {}
        }
    }

    fn text(&self, pixmap: &mut tiny_skia::Pixmap, text: &egui::epaint::TextShape, ppp: f32, [ox, oy]: [i32; 2], clip: egui::Rect) {
        if self.atlas_width == 0 { return; }
        let pos = (text.pos.to_vec2() * ppp).round() / ppp;
        let width = pixmap.width() as i32;
        let data = pixmap.data_mut();
        for row in &text.galley.rows {
            let base = pos + row.pos.to_vec2();
            let v = &row.visuals.mesh.vertices;
            for (qi, quad) in v.chunks_exact(4).enumerate() {
                let _ = qi;
                let mut color = quad[0].color;
                if let Some(c) = text.override_text_color { color = c; } else if color == egui::Color32::PLACEHOLDER { color = text.fallback_color; }
                let (p0, p1) = (quad[0].pos + base, quad[3].pos + base);
                let (u0, v0, u1, v1) = (quad[0].uv.x, quad[0].uv.y, quad[3].uv.x, quad[3].uv.y);
                let x0 = (p0.x * ppp).round() as i32; let y0 = (p0.y * ppp).round() as i32;
                let x1 = (p1.x * ppp).round() as i32; let y1 = (p1.y * ppp).round() as i32;
                let (cx0, cy0, cx1, cy1) = (x0.max(clip.min.x as i32), y0.max(clip.min.y as i32), x1.min(clip.max.x as i32), y1.min(clip.max.y as i32));
                if cx0 >= cx1 || cy0 >= cy1 { continue; }
                let [cr, cg, cb, ca] = color.to_array();
                let sx = (u1 - u0) / (x1 - x0).max(1) as f32;
                let sy = (v1 - v0) / (y1 - y0).max(1) as f32;
                for py in cy0..cy1 {
                    let tv = (v0 + (py - y0) as f32 * sy + sy * 0.5) as usize;
                    for px in cx0..cx1 {
                        let tu = (u0 + (px - x0) as f32 * sx + sx * 0.5) as usize;
                        let cov = *self.atlas.get(tv * self.atlas_width + tu).unwrap_or(&255) as u32;
                        if cov == 0 { continue; }
                        let at = (((py - oy) * width + (px - ox)) * 4) as usize;
                        let src = [cr, cg, cb, ca].map(|c| (c as u32 * cov + 127) / 255);
                        let inv = 255 - src[3];
                        for k in 0..4 { data[at + k] = (src[k] + (data[at + k] as u32 * inv + 127) / 255) as u8; }
                    }
                }
            }
        }
    }
}


#[derive(Default)]
struct WindowFrames {
    frames: Frames,
    target: Option<Target>,
    /// [`DamagePainters::texture_changes`] when this window last painted.
    texture_changes: u64,
    /// When the last frame that changed nothing was not shown: one is
    /// shown [`SHOW_AGAIN_AFTER`] later (see [`DamagePainters::paint`]).
    skipped_at: Option<Instant>,
    /// The last frame shown changed nothing: it was the one shown again,
    /// and no other is owed until something changes.
    shown_again: bool,
    /// Painting in place: the window's size when its buffers were last
    /// swapped (see [`paint_in_place`]).
    swapped_at: Option<[u32; 2]>,
    /// The last frame changed nothing the window shows outside the areas
    /// its pass paints itself (see [`DamagePainters::last_frame_settled`]).
    settled: bool,
    /// EXPERIMENT: the last frame shown was painted by [`Skia`]: the back
    /// buffer missed it.
    soft_shown: bool,
}

/// Whether a frame with `changes` needs no settle pass after it: it
/// changed nothing, or only shapes clipped to the areas `viewport_id`'s
/// pass paints itself.
fn settled(egui_ctx: &egui::Context, viewport_id: ViewportId, changes: &Changes) -> bool {
    changes.clipped_within(&super::settle::self_painted(egui_ctx, viewport_id))
}

/// How long after a frame that changed nothing and was not shown the
/// window is shown again anyway: an expose that came while eframe's own
/// redraw was pending reaches eframe as one redraw, which looks like
/// eframe's, so the window's lost pixels are put back at most this late.
const SHOW_AGAIN_AFTER: Duration = Duration::from_millis(300);

/// A texture holding a window's last frame, and its framebuffer.
struct Target {
    framebuffer: glow::Framebuffer,
    texture: glow::Texture,
    size_px: [u32; 2],
}

/// Shows a region of a window's back buffer without a swap
/// (`GLX_MESA_copy_sub_buffer`): the back buffer keeps its pixels.
#[derive(Clone, Copy)]
pub(crate) struct SubBufferCopy {
    copy: CopySubBuffer,
    display: *mut std::ffi::c_void,
    drawable: std::ffi::c_ulong,
}

/// `void glXCopySubBufferMESA(Display *dpy, GLXDrawable drawable, int x,
/// int y, int width, int height)`.
type CopySubBuffer = unsafe extern "C" fn(
    *mut std::ffi::c_void,
    std::ffi::c_ulong,
    std::ffi::c_int,
    std::ffi::c_int,
    std::ffi::c_int,
    std::ffi::c_int,
);

impl SubBufferCopy {
    /// The copy for `surface`'s window: GLX with `GLX_MESA_copy_sub_buffer`,
    /// else `None`.
    #[cfg(all(
        feature = "x11",
        any(
            target_os = "linux",
            target_os = "freebsd",
            target_os = "dragonfly",
            target_os = "netbsd",
            target_os = "openbsd"
        )
    ))]
    pub(crate) fn of(
        surface: &glutin::surface::Surface<glutin::surface::WindowSurface>,
    ) -> Option<Self> {
        use glutin::display::{
            AsRawDisplay as _, GetDisplayExtensions as _, GetGlDisplay as _, GlDisplay as _,
            RawDisplay,
        };
        use glutin::surface::{AsRawSurface as _, RawSurface};
        let display = surface.display();
        let glutin::display::Display::Glx(glx) = &display else {
            return None;
        };
        if !glx.extensions().contains("GLX_MESA_copy_sub_buffer") {
            return None;
        }
        let (RawDisplay::Glx(x_display), RawSurface::Glx(drawable)) =
            (display.raw_display(), surface.raw_surface())
        else {
            return None;
        };
        let copy = display.get_proc_address(c"glXCopySubBufferMESA");
        if copy.is_null() || x_display.is_null() {
            return None;
        }
        Some(Self {
            // SAFETY: the address GLX gives for this name, whose extension
            // the display has, is a function of this signature.
            copy: unsafe { std::mem::transmute::<*const std::ffi::c_void, CopySubBuffer>(copy) },
            display: x_display.cast_mut(),
            // A GLXDrawable is an XID, an unsigned long.
            #[allow(trivial_numeric_casts, clippy::cast_possible_truncation)]
            drawable: drawable as std::ffi::c_ulong,
        })
    }

    /// No copy where there is no GLX.
    #[cfg(not(all(
        feature = "x11",
        any(
            target_os = "linux",
            target_os = "freebsd",
            target_os = "dragonfly",
            target_os = "netbsd",
            target_os = "openbsd"
        )
    )))]
    pub(crate) fn of(
        _surface: &glutin::surface::Surface<glutin::surface::WindowSurface>,
    ) -> Option<Self> {
        None
    }

    /// Shows `[x, y, width, height]` (from the bottom left, in pixels) of
    /// the back buffer of the window whose surface is current.
    fn show(&self, [x, y, width, height]: [i32; 4]) {
        // SAFETY: the display and drawable of a live window surface (the
        // copy is made for each frame from the surface painted), current on
        // this thread; GLX clips the rectangle to the drawable.
        unsafe { (self.copy)(self.display, self.drawable, x, y, width, height) }
    }
}

/// What a frame asks to be painted.
pub(crate) struct FrameToPaint<'a> {
    pub(crate) viewport_id: ViewportId,
    pub(crate) size_px: [u32; 2],
    pub(crate) pixels_per_point: f32,
    pub(crate) shapes: Vec<ClippedShape>,
    pub(crate) textures_delta: &'a mut TexturesDelta,
    pub(crate) clear_color: [f32; 4],
    /// Show the frame even if nothing changed (its pixels are read back).
    pub(crate) must_present: bool,
    /// The window's copy of regions of its back buffer, where it has one.
    pub(crate) sub_buffer: Option<SubBufferCopy>,
}

impl DamagePainters {
    /// The window system may have lost the pixels of `viewport_id`'s
    /// window: show its next frame whatever changed.
    pub(crate) fn exposed(&mut self, viewport_id: ViewportId) {
        self.exposed.insert(viewport_id);
    }

    /// Whether `delta` changes pixels that shapes already painted show, and
    /// keeps track of the textures set. Not: a new texture (no shape of an
    /// earlier frame shows it), glyphs added to the font atlas (egui adds
    /// them where it had none, and sets the atlas whole when it starts it
    /// again), a texture freed (the shapes that showed it are gone too).
    /// Anything else (a picture set again) paints every window whole.
    fn textures_repainted(&mut self, delta: &TexturesDelta) -> bool {
        let mut repainted = false;
        for (id, deltas) in &delta.set {
            let known = !self.textures.insert(*id);
            let glyphs_added =
                *id == egui::TextureId::default() && deltas.iter().all(|d| d.pos.is_some());
            repainted |= known && !glyphs_added;
        }
        for id in &delta.free {
            self.textures.remove(id);
        }
        repainted
    }

    /// Whether the last frame of `viewport_id` changed nothing it shows,
    /// but within the areas its pass paints itself (`settle::paints_itself`):
    /// then egui's settle pass after it is not run (`settle.rs`).
    pub(crate) fn last_frame_settled(&self, viewport_id: ViewportId) -> bool {
        self.windows.get(&viewport_id).is_some_and(|w| w.settled)
    }

    /// Forgets the windows not in `alive`; their textures go at the next
    /// paint.
    pub(crate) fn retain(&mut self, alive: impl Fn(&ViewportId) -> bool) {
        let gone: Vec<ViewportId> = self
            .windows
            .keys()
            .filter(|id| !alive(id))
            .copied()
            .collect();
        for id in gone {
            if let Some(target) = self.windows.remove(&id).and_then(|w| w.target) {
                self.retired.push(target);
            }
        }
    }

    /// Paints `frame` into the window whose surface is current, where it
    /// changed: in place, shown region by region ([`paint_in_place`]), or
    /// into the window's kept texture, copied to the window whole (or the
    /// whole frame straight to the window where neither can be). Returns
    /// whether to swap: not when the frame is shown already (in place), or
    /// nothing changed and the window still shows the last frame.
    pub(crate) fn paint(
        &mut self,
        egui_ctx: &egui::Context,
        painter: &mut egui_glow::Painter,
        frame: FrameToPaint<'_>,
    ) -> bool {
        let gl = painter.gl().clone();
        for target in self.retired.drain(..) {
            target.delete(&gl);
        }
        if self.textures_repainted(frame.textures_delta) {
            self.texture_changes += 1;
        }
        // The textures are set now, whether this window paints or not:
        // they are shared, and another window may show glyphs that this
        // window's frame brought to the font atlas.
        #[expect(clippy::iter_over_hash_type)] // Order doesn't matter here
        if exp_skia() {
            self.skia.get_or_insert_with(Skia::default).textures(frame.textures_delta);
        }
        for (id, image_deltas) in frame.textures_delta.set.drain() {
            for image_delta in image_deltas {
                painter.set_texture(id, &image_delta);
            }
        }
        let free: Vec<egui::TextureId> = frame.textures_delta.free.drain().collect();
        let shown = self.paint_frame(egui_ctx, painter, frame);
        for id in free {
            painter.free_texture(id);
        }
        shown
    }

    /// [`DamagePainters::paint`] once the textures are set.
    fn paint_frame(
        &mut self,
        egui_ctx: &egui::Context,
        painter: &mut egui_glow::Painter,
        frame: FrameToPaint<'_>,
    ) -> bool {
        let gl = painter.gl().clone();
        let texture_changes = self.texture_changes;
        let window = self.windows.entry(frame.viewport_id).or_default();
        // Until its changes say otherwise.
        window.settled = false;
        let must_present = self.exposed.remove(&frame.viewport_id) || frame.must_present;
        if !enabled(&gl) {
            paint_whole(egui_ctx, painter, frame);
            return true;
        }
        if let Some(sub_buffer) = frame.sub_buffer.filter(|_| in_place(&gl)) {
            let textures_changed =
                std::mem::replace(&mut window.texture_changes, texture_changes) != texture_changes;
            return paint_in_place(
                egui_ctx,
                painter,
                window,
                frame,
                sub_buffer,
                textures_changed,
                must_present,
                self.skia.as_mut(),
            );
        }
        if window.target.as_ref().map(|t| t.size_px) != Some(frame.size_px) {
            if let Some(old) = window.target.take() {
                old.delete(&gl);
            }
            window.frames.forget();
            match Target::new(&gl, frame.size_px) {
                Some(target) => window.target = Some(target),
                None => {
                    paint_whole(egui_ctx, painter, frame);
                    return true;
                }
            }
        }
        let Some(framebuffer) = window.target.as_ref().map(|t| t.framebuffer) else {
            paint_whole(egui_ctx, painter, frame);
            return true;
        };
        let FrameToPaint {
            viewport_id,
            size_px,
            pixels_per_point,
            shapes,
            textures_delta,
            clear_color,
            ..
        } = frame;
        let textures_changed =
            std::mem::replace(&mut window.texture_changes, texture_changes) != texture_changes;
        let changes = window
            .frames
            .changes(&shapes, size_px, pixels_per_point, textures_changed);
        window.settled = settled(egui_ctx, viewport_id, &changes);
        let damage = changes.damage;
        if !window.to_show(egui_ctx, viewport_id, &damage, must_present) {
            window.frames.remember(shapes, size_px, pixels_per_point);
            return false;
        }
        // SAFETY: plain GL calls on the context eframe made current for
        // this window, on objects this painter made in it.
        unsafe {
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(framebuffer));
        }
        // The kept frame is upside down (see `upside_down`).
        paint_damage(
            egui_ctx,
            painter,
            Painting {
                shapes: &shapes,
                damage: &damage,
                size_px,
                pixels_per_point,
                clear_color,
                upside_down: true,
            },
        );
        let [width, height] = size_px.map(|n| n as i32);
        // SAFETY: as above; the copy reads the texture's framebuffer into
        // the window's, the same size.
        let copied = unsafe {
            gl.bind_framebuffer(glow::READ_FRAMEBUFFER, Some(framebuffer));
            gl.bind_framebuffer(glow::DRAW_FRAMEBUFFER, None);
            gl.disable(glow::SCISSOR_TEST);
            gl.blit_framebuffer(
                0,
                height,
                width,
                0,
                0,
                0,
                width,
                height,
                glow::COLOR_BUFFER_BIT,
                glow::NEAREST,
            );
            let error = gl.get_error();
            gl.bind_framebuffer(glow::FRAMEBUFFER, None);
            error == glow::NO_ERROR
        };
        if !copied {
            // A window the copy cannot reach (multisampled, another
            // format): paint whole frames from now on.
            log::warn!("eframe: cannot copy a kept frame to the window; painting whole frames");
            DISABLED.store(true, std::sync::atomic::Ordering::Relaxed);
            window.frames.forget();
            let primitives = egui_ctx.tessellate(shapes, pixels_per_point);
            egui_glow::painter::clear(&gl, size_px, clear_color);
            painter.paint_and_update_textures(
                size_px,
                pixels_per_point,
                &primitives,
                textures_delta,
            );
        } else {
            window.frames.remember(shapes, size_px, pixels_per_point);
        }
        true
    }
}

impl WindowFrames {
    /// Whether a frame that changes `damage` is to be shown. One that
    /// changes nothing is not (the window shows it already), unless it
    /// `must_present` or the window may have lost its pixels since the
    /// last change shown (see [`SHOW_AGAIN_AFTER`]): once after each change.
    fn to_show(
        &mut self,
        egui_ctx: &egui::Context,
        viewport_id: ViewportId,
        damage: &Damage,
        must_present: bool,
    ) -> bool {
        let now = Instant::now();
        let owed = self
            .skipped_at
            .is_some_and(|at| now.duration_since(at) >= SHOW_AGAIN_AFTER);
        if *damage == Damage::Nothing && !must_present && !owed {
            if self.skipped_at.is_none() && !self.shown_again {
                self.skipped_at = Some(now);
                egui_ctx.request_repaint_after_for(SHOW_AGAIN_AFTER, viewport_id);
            }
            return false;
        }
        // Shown again for nothing changed, or for a change.
        self.shown_again = *damage == Damage::Nothing;
        self.skipped_at = None;
        true
    }
}

/// Paints `frame` in the window's back buffer, only where it changed, and
/// shows that region ([`SubBufferCopy`]); nothing is swapped, so the back
/// buffer always holds the last frame whole. Returns whether to swap: at a
/// new size, as Mesa reads a window's new size at a swap (never at a copy),
/// so at a new size the last frame is swapped, and the next is painted
/// whole in the buffer of the right size.
fn paint_in_place(
    egui_ctx: &egui::Context,
    painter: &mut egui_glow::Painter,
    window: &mut WindowFrames,
    frame: FrameToPaint<'_>,
    sub_buffer: SubBufferCopy,
    textures_changed: bool,
    must_present: bool,
    skia: Option<&mut Skia>,
) -> bool {
    // Read back (a screenshot): GL paints it, from its back buffer.
    let wants_pixels = frame.must_present;
    let FrameToPaint {
        viewport_id,
        size_px,
        pixels_per_point,
        shapes,
        textures_delta,
        clear_color,
        ..
    } = frame;
    let changes = window
        .frames
        .changes(&shapes, size_px, pixels_per_point, textures_changed);
    window.settled = settled(egui_ctx, viewport_id, &changes);
    let damage = changes.damage;
    let gl = painter.gl().clone();
    // SAFETY: a plain GL call on the context eframe made current for this
    // window: paint to its own (back) buffer.
    unsafe { gl.bind_framebuffer(glow::FRAMEBUFFER, None) };
    if window.swapped_at != Some(size_px) {
        // A window's first frame is painted whole (its buffer may be the
        // right size already). At a later size the buffer is still the old
        // size: the swap alone shows the last frame again, and the next is
        // the first painted at the new size (not one cut to the old size,
        // which would look finished where it is not).
        if window.swapped_at.is_none() {
            let primitives = egui_ctx.tessellate(shapes.clone(), pixels_per_point);
            clear(&gl, size_px, None, clear_color);
            painter.paint_and_update_textures(
                size_px,
                pixels_per_point,
                &primitives,
                textures_delta,
            );
            warm_up_regions(
                egui_ctx,
                painter,
                &shapes,
                size_px,
                pixels_per_point,
                clear_color,
            );
        }
        window.swapped_at = Some(size_px);
        window.frames.forget();
        egui_ctx.request_repaint_of(viewport_id);
        return true;
    }
    if !window.to_show(egui_ctx, viewport_id, &damage, must_present) {
        window.frames.remember(shapes, size_px, pixels_per_point);
        return false;
    }
    let xwin = EXP_XWIN.get();
    let mut damage = damage;
    if let Some(skia) = skia {
        let soft = !wants_pixels && soft_paints(&shapes);
        match skia.has_frame(sub_buffer.display, xwin, size_px) {
            Some(has_frame) if soft => {
                let whole = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size_px[0] as f32, size_px[1] as f32) / pixels_per_point);
                let regions: Vec<egui::Rect> = match &damage {
                    _ if !has_frame => vec![whole],
                    Damage::Nothing => vec![],
                    Damage::Whole => vec![whole],
                    Damage::Regions(r) => r.clone(),
                };
                for region in regions {
                    let [x, yb, w, h] = frame_damage::scissor_px(region, pixels_per_point, size_px[1]);
                    let rect = [x, size_px[1] as i32 - yb - h, w, h];
                    let to_paint = frame_damage::to_paint_in_covered(&shapes, region, pixels_per_point);
                    skia.paint(&to_paint.shapes, rect, size_px, pixels_per_point, sub_buffer.display, xwin);
                }
                // Exposed, or shown again for nothing changed: the whole frame.
                if must_present || damage == Damage::Nothing {
                    skia.show(sub_buffer.display, xwin, [0, 0, size_px[0] as i32, size_px[1] as i32]);
                }
                window.soft_shown = true;
                window.frames.remember(shapes, size_px, pixels_per_point);
                return false;
            }
            _ => {
                // GL paints this frame: whole, if the back buffer missed
                // what the software path painted.
                skia.forget(xwin);
                if std::mem::take(&mut window.soft_shown) {
                    damage = Damage::Whole;
                }
            }
        }
    }
    let painted = paint_damage(
        egui_ctx,
        painter,
        Painting {
            shapes: &shapes,
            damage: &damage,
            size_px,
            pixels_per_point,
            clear_color,
            upside_down: false,
        },
    );
    if painted.is_empty() || must_present {
        // To be shown whole (the window may have lost its pixels, or they
        // are read back): the back buffer holds the whole frame.
        sub_buffer.show([0, 0, size_px[0] as i32, size_px[1] as i32]);
    } else {
        for rect in painted {
            sub_buffer.show(rect);
        }
    }
    window.frames.remember(shapes, size_px, pixels_per_point);
    false
}

/// Paints a small region of a window's first frame again, as it is: the
/// first draw a scissor cuts makes llvmpipe compile a variant of its
/// rasteriser (about 25 ms of LLVM), which would otherwise come at the
/// player's first drag or deal, as a stall in the middle of it.
fn warm_up_regions(
    egui_ctx: &egui::Context,
    painter: &mut egui_glow::Painter,
    shapes: &[ClippedShape],
    size_px: [u32; 2],
    pixels_per_point: f32,
    clear_color: [f32; 4],
) {
    let centre = egui::pos2(size_px[0] as f32, size_px[1] as f32) / (2.0 * pixels_per_point);
    let region = egui::Rect::from_center_size(centre, egui::vec2(8.0, 8.0)).round();
    paint_damage(
        egui_ctx,
        painter,
        Painting {
            shapes,
            damage: &Damage::Regions(vec![region]),
            size_px,
            pixels_per_point,
            clear_color,
            upside_down: false,
        },
    );
}

/// A frame to paint where it changed, into the bound framebuffer.
struct Painting<'a> {
    shapes: &'a [ClippedShape],
    damage: &'a Damage,
    size_px: [u32; 2],
    pixels_per_point: f32,
    clear_color: [f32; 4],
    /// Painted upside down (a kept frame's texture, see [`upside_down`]).
    upside_down: bool,
}

/// Paints `frame` where it changed (each region cleared, then its shapes
/// clipped to it), its textures set already. Returns
/// the rectangles painted: x and y from the bottom left of the window,
/// width, height, in pixels; none when nothing changed.
fn paint_damage(
    egui_ctx: &egui::Context,
    painter: &mut egui_glow::Painter,
    frame: Painting<'_>,
) -> Vec<[i32; 4]> {
    let Painting {
        shapes,
        damage,
        size_px,
        pixels_per_point,
        clear_color,
        upside_down: flip,
    } = frame;
    let height = size_px[1] as i32;
    let regions: Vec<Option<egui::Rect>> = match damage {
        Damage::Nothing => Vec::new(),
        Damage::Whole => vec![None],
        Damage::Regions(regions) => regions.iter().copied().map(Some).collect(),
    };
    let mut painted = Vec::with_capacity(regions.len());
    for region in regions {
        let rect = match region {
            None => [0, 0, size_px[0] as i32, height],
            Some(region) => frame_damage::scissor_px(region, pixels_per_point, size_px[1]),
        };
        let [x, y, w, h] = rect;
        // Upside down, the scissor counts from the top.
        let scissor = region.map(|_| {
            if flip {
                [x, height - y - h, w, h]
            } else {
                rect
            }
        });
        clear(painter.gl(), size_px, scissor, clear_color);
        let mut primitives = match region {
            None => egui_ctx.tessellate(shapes.to_vec(), pixels_per_point),
            Some(region) => tessellate_in(egui_ctx, shapes, region, pixels_per_point),
        };
        if let Some(region) = region {
            for primitive in &mut primitives {
                // Tessellated with their own clips, as in a whole frame;
                // painted in the region alone.
                primitive.clip_rect = primitive.clip_rect.intersect(region);
                if let egui::epaint::Primitive::Mesh(mesh) = &mut primitive.primitive {
                    frame_damage::cull_outside(mesh, region);
                }
            }
            primitives.retain(|p| match &p.primitive {
                egui::epaint::Primitive::Mesh(mesh) => !mesh.indices.is_empty(),
                egui::epaint::Primitive::Callback(_) => true,
            });
        }
        if flip {
            upside_down(&mut primitives, size_px[1] as f32 / pixels_per_point);
        }
        painter.paint_primitives(size_px, pixels_per_point, &primitives);
        painted.push(rect);
    }
    painted
}

/// The primitives of the shapes that show in `region`
/// (`frame_damage::to_paint_in_covered`), less the triangles that opaque
/// rectangles painted after them there hide. Each shape is tessellated
/// alone, as egui tessellates it in a whole frame, so that its triangles
/// are known; then the meshes that follow one another with the same clip
/// and texture are one again, one draw each as in a whole frame.
fn tessellate_in(
    egui_ctx: &egui::Context,
    shapes: &[egui::epaint::ClippedShape],
    region: egui::Rect,
    pixels_per_point: f32,
) -> Vec<egui::epaint::ClippedPrimitive> {
    use egui::epaint::Primitive;
    let to_paint = frame_damage::to_paint_in_covered(shapes, region, pixels_per_point);
    let mut primitives: Vec<egui::epaint::ClippedPrimitive> = Vec::new();
    for (index, shape) in to_paint.shapes.iter().enumerate() {
        for mut primitive in egui_ctx.tessellate(vec![shape.clone()], pixels_per_point) {
            if let Primitive::Mesh(mesh) = &mut primitive.primitive {
                to_paint.cull_hidden(index, mesh);
                if let Some(last) = primitives.last_mut()
                    && last.clip_rect == primitive.clip_rect
                    && let Primitive::Mesh(last_mesh) = &mut last.primitive
                    && last_mesh.texture_id == mesh.texture_id
                {
                    last_mesh.append(std::mem::take(mesh));
                    continue;
                }
            }
            primitives.push(primitive);
        }
    }
    primitives
}

/// Whether frames are painted in place ([`paint_in_place`]) where the
/// window can show a region of its back buffer: on Mesa's software
/// rasterisers, where the copy of a kept texture to the window is a pass
/// of the rasteriser over every pixel, and whose copy of a region is known
/// to keep the back buffer. `EFRAME_PAINT_KEPT_TEXTURE=1` keeps textures.
fn in_place(gl: &glow::Context) -> bool {
    static IN_PLACE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *IN_PLACE.get_or_init(|| {
        let kept = std::env::var_os("EFRAME_PAINT_KEPT_TEXTURE").is_some_and(|v| v == "1");
        // SAFETY: a plain GL query on the current context.
        let renderer = unsafe { gl.get_parameter_string(glow::RENDERER) };
        !kept
            && ["llvmpipe", "softpipe", "swrast"]
                .iter()
                .any(|r| renderer.contains(r))
    })
}

/// Turns a frame's primitives upside down, in a window `height` points
/// high. The kept frame is painted upside down and copied the right way up:
/// a window's framebuffer has its rows the other way round from a texture's
/// (on Mesa), so the copy of an upright frame flips it, which llvmpipe does
/// by drawing it through its shaders; the two flips cancel, and the copy is
/// a copy of memory.
fn upside_down(primitives: &mut [egui::ClippedPrimitive], height: f32) {
    for primitive in primitives {
        let clip = primitive.clip_rect;
        primitive.clip_rect = egui::Rect::from_min_max(
            egui::pos2(clip.min.x, height - clip.max.y),
            egui::pos2(clip.max.x, height - clip.min.y),
        );
        if let egui::epaint::Primitive::Mesh(mesh) = &mut primitive.primitive {
            for vertex in &mut mesh.vertices {
                vertex.pos.y = height - vertex.pos.y;
            }
        }
    }
}

/// Set once a copy failed: every later frame is painted whole.
static DISABLED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether frames are painted by their changes on this context: OpenGL 3.0
/// or ES 3.0 (framebuffer objects and their copy), not switched off.
fn enabled(gl: &glow::Context) -> bool {
    static WHOLE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let whole = *WHOLE
        .get_or_init(|| std::env::var_os("EFRAME_PAINT_WHOLE_FRAMES").is_some_and(|v| v == "1"));
    !whole && !DISABLED.load(std::sync::atomic::Ordering::Relaxed) && gl.version().major >= 3
}

/// The frame painted whole, straight to the window, as egui paints.
fn paint_whole(
    egui_ctx: &egui::Context,
    painter: &mut egui_glow::Painter,
    frame: FrameToPaint<'_>,
) {
    let primitives = egui_ctx.tessellate(frame.shapes, frame.pixels_per_point);
    egui_glow::painter::clear(painter.gl(), frame.size_px, frame.clear_color);
    painter.paint_and_update_textures(
        frame.size_px,
        frame.pixels_per_point,
        &primitives,
        frame.textures_delta,
    );
}

/// Clears the bound framebuffer, within `scissor` (x, y from the bottom,
/// width, height) or whole.
fn clear(
    gl: &glow::Context,
    [width, height]: [u32; 2],
    scissor: Option<[i32; 4]>,
    colour: [f32; 4],
) {
    // SAFETY: plain GL state calls on the current context.
    unsafe {
        gl.viewport(0, 0, width as i32, height as i32);
        match scissor {
            Some([x, y, w, h]) => {
                gl.enable(glow::SCISSOR_TEST);
                gl.scissor(x, y, w, h);
            }
            None => gl.disable(glow::SCISSOR_TEST),
        }
        gl.clear_color(colour[0], colour[1], colour[2], colour[3]);
        gl.clear(glow::COLOR_BUFFER_BIT);
        gl.disable(glow::SCISSOR_TEST);
    }
}

impl Target {
    /// A texture of `size_px` and its framebuffer, or `None` if the
    /// driver refuses them.
    fn new(gl: &glow::Context, [width, height]: [u32; 2]) -> Option<Target> {
        if width == 0 || height == 0 {
            return None;
        }
        // SAFETY: GL calls on the current context; every object made is
        // either returned or deleted here.
        unsafe {
            let texture = gl.create_texture().ok()?;
            gl.bind_texture(glow::TEXTURE_2D, Some(texture));
            gl.tex_parameter_i32(
                glow::TEXTURE_2D,
                glow::TEXTURE_MIN_FILTER,
                glow::NEAREST as i32,
            );
            gl.tex_parameter_i32(
                glow::TEXTURE_2D,
                glow::TEXTURE_MAG_FILTER,
                glow::NEAREST as i32,
            );
            gl.tex_image_2d(
                glow::TEXTURE_2D,
                0,
                glow::RGBA8 as i32,
                width as i32,
                height as i32,
                0,
                // Blue first, as windows' framebuffers are on most drivers:
                // the copy to the window is then a copy of memory (on
                // llvmpipe a textured quad through its shaders otherwise).
                if gl.version().is_embedded {
                    glow::RGBA
                } else {
                    glow::BGRA
                },
                glow::UNSIGNED_BYTE,
                glow::PixelUnpackData::Slice(None),
            );
            gl.bind_texture(glow::TEXTURE_2D, None);
            let Ok(framebuffer) = gl.create_framebuffer() else {
                gl.delete_texture(texture);
                return None;
            };
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(framebuffer));
            gl.framebuffer_texture_2d(
                glow::FRAMEBUFFER,
                glow::COLOR_ATTACHMENT0,
                glow::TEXTURE_2D,
                Some(texture),
                0,
            );
            let complete =
                gl.check_framebuffer_status(glow::FRAMEBUFFER) == glow::FRAMEBUFFER_COMPLETE;
            gl.bind_framebuffer(glow::FRAMEBUFFER, None);
            let target = Target {
                framebuffer,
                texture,
                size_px: [width, height],
            };
            if complete {
                Some(target)
            } else {
                target.delete(gl);
                None
            }
        }
    }

    fn delete(self, gl: &glow::Context) {
        // SAFETY: objects made by `Target::new` in this context, used by
        // nothing once their window is gone.
        unsafe {
            gl.delete_framebuffer(self.framebuffer);
            gl.delete_texture(self.texture);
        }
    }
}
