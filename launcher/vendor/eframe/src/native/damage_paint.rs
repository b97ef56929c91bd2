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

use super::soft_paint::{Skia, soft_paints};
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
    /// The last frame shown was painted by [`Skia`]: the back buffer
    /// missed it.
    soft_shown: bool,
    /// The X window the software painter shows this window's frames in.
    x_window: Option<std::ffi::c_ulong>,
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
    /// The X window itself (GLX draws to a drawable of its own), which
    /// the software painter shows its frames in.
    x_window: std::ffi::c_ulong,
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
        window: &winit::window::Window,
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
        use winit::raw_window_handle::{HasWindowHandle as _, RawWindowHandle};
        let x_window = match window.window_handle().ok()?.as_raw() {
            RawWindowHandle::Xlib(handle) => handle.window,
            _ => return None,
        };
        Some(Self {
            // SAFETY: the address GLX gives for this name, whose extension
            // the display has, is a function of this signature.
            copy: unsafe { std::mem::transmute::<*const std::ffi::c_void, CopySubBuffer>(copy) },
            display: x_display.cast_mut(),
            // A GLXDrawable is an XID, an unsigned long.
            #[allow(trivial_numeric_casts, clippy::cast_possible_truncation)]
            drawable: drawable as std::ffi::c_ulong,
            x_window,
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
        _window: &winit::window::Window,
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
        if let Some(skia) = &mut self.skia {
            let shown: std::collections::HashSet<std::ffi::c_ulong> =
                self.windows.values().filter_map(|w| w.x_window).collect();
            skia.retain(|xwin| shown.contains(&xwin));
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
        // The software painter keeps the font atlas too, where frames are
        // painted in place (a software rasteriser).
        if enabled(&gl) && in_place(&gl) && super::soft_paint::enabled() {
            self.skia
                .get_or_insert_with(Skia::default)
                .textures(frame.textures_delta);
        }
        #[expect(clippy::iter_over_hash_type)] // Order doesn't matter here
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
    let xwin = sub_buffer.x_window;
    window.x_window = Some(xwin);
    let mut damage = damage;
    if let Some(skia) = skia {
        let soft = !wants_pixels && soft_paints(&shapes);
        match skia.has_frame(sub_buffer.display, xwin, size_px) {
            Some(has_frame) if soft => {
                let whole = egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(size_px[0] as f32, size_px[1] as f32) / pixels_per_point,
                );
                let regions: Vec<egui::Rect> = match &damage {
                    _ if !has_frame || super::soft_paint::whole_frames() => vec![whole],
                    Damage::Nothing => vec![],
                    Damage::Whole => vec![whole],
                    Damage::Regions(r) => r.clone(),
                };
                for region in regions {
                    let [x, yb, w, h] =
                        frame_damage::scissor_px(region, pixels_per_point, size_px[1]);
                    let rect = [x, size_px[1] as i32 - yb - h, w, h];
                    skia.paint(
                        frame_damage::reaching_shown(&shapes, region, pixels_per_point),
                        rect,
                        size_px,
                        pixels_per_point,
                        sub_buffer.display,
                        xwin,
                    );
                }
                // Exposed, or shown again for nothing changed: the whole frame.
                if must_present || damage == Damage::Nothing {
                    skia.show(
                        sub_buffer.display,
                        xwin,
                        [0, 0, size_px[0] as i32, size_px[1] as i32],
                    );
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
