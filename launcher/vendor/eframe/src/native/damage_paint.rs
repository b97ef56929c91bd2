//! Painting only what changed (added for the PLT Games launcher; see
//! `PATCH.md` at the crate's root).
//!
//! Each window keeps its last frame's pixels in a texture of its own. A new
//! frame is compared with the last ([`frame_damage`]): only the region that
//! changed is cleared and painted into the texture, then the texture is
//! copied to the window whole and swapped as before. On a software
//! rasteriser (Mesa's llvmpipe) painting is most of a frame's cost, so a
//! pointer move that lights one button costs that button, not the window.
//! The window always receives a whole frame, so an exposed or restored
//! window is never left unpainted.
//!
//! Where the context cannot (OpenGL before 3.0 or ES 2, no framebuffer
//! objects, a failed copy) or `EFRAME_PAINT_WHOLE_FRAMES=1` is set, every
//! frame is painted whole, as egui does.

#![allow(unsafe_code)] // OpenGL, each call with its SAFETY note.

use egui::epaint::ClippedShape;
use egui::{TexturesDelta, ViewportId};
use egui_glow::glow::{self, HasContext as _};
use frame_damage::{Damage, Frames};

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
    /// Counts the frames that set or freed textures, in any window: the
    /// windows share their textures (the font atlas above all), so a
    /// texture set in one changes what the others' shapes paint.
    texture_changes: u64,
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
}

impl DamagePainters {
    /// The window system may have lost the pixels of `viewport_id`'s
    /// window: show its next frame whatever changed.
    pub(crate) fn exposed(&mut self, viewport_id: ViewportId) {
        self.exposed.insert(viewport_id);
    }

    /// Forgets the windows not in `alive`; their textures go at the next
    /// paint.
    pub(crate) fn retain(&mut self, alive: impl Fn(&ViewportId) -> bool) {
        let gone: Vec<ViewportId> = self.windows.keys().filter(|id| !alive(id)).copied().collect();
        for id in gone {
            if let Some(target) = self.windows.remove(&id).and_then(|w| w.target) {
                self.retired.push(target);
            }
        }
    }

    /// Paints `frame` into the window whose surface is current: the
    /// changed region into its texture, then the texture to the window
    /// (or the whole frame straight to the window where that cannot be).
    /// Returns whether the window's buffer holds the frame to swap: not
    /// when nothing changed and the window still shows the last frame.
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
        if !frame.textures_delta.set.is_empty() || !frame.textures_delta.free.is_empty() {
            self.texture_changes += 1;
        }
        let texture_changes = self.texture_changes;
        let window = self.windows.entry(frame.viewport_id).or_default();
        let must_present = self.exposed.remove(&frame.viewport_id) || frame.must_present;
        if !enabled(&gl) {
            paint_whole(egui_ctx, painter, frame);
            return true;
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
        let Some(target) = &window.target else {
            paint_whole(egui_ctx, painter, frame);
            return true;
        };
        let FrameToPaint {
            size_px,
            pixels_per_point,
            shapes,
            textures_delta,
            clear_color,
            ..
        } = frame;
        let textures_changed = std::mem::replace(&mut window.texture_changes, texture_changes)
            != texture_changes;
        let damage = window
            .frames
            .damage(&shapes, size_px, pixels_per_point, textures_changed);
        let now = Instant::now();
        let owed = window
            .skipped_at
            .is_some_and(|at| now.duration_since(at) >= SHOW_AGAIN_AFTER);
        if damage == Damage::Nothing && !must_present && !owed {
            // The window shows this frame already: no copy, no swap; but
            // once more a little later, in case the window system lost its
            // pixels meanwhile (see `SHOW_AGAIN_AFTER`), once after each
            // change shown.
            if window.skipped_at.is_none() && !window.shown_again {
                window.skipped_at = Some(now);
                egui_ctx.request_repaint_after_for(SHOW_AGAIN_AFTER, frame.viewport_id);
            }
            window.frames.remember(shapes, size_px, pixels_per_point);
            return false;
        }
        // Shown again for nothing changed, or for a change.
        window.shown_again = damage == Damage::Nothing;
        window.skipped_at = None;
        let to_paint = match damage {
            Damage::Nothing => None,
            Damage::Whole => Some((shapes.clone(), None)),
            Damage::Region(region) => {
                Some((frame_damage::within(shapes.clone(), region), Some(region)))
            }
        };
        // SAFETY: plain GL calls on the context eframe made current for
        // this window, on objects this painter made in it.
        unsafe {
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(target.framebuffer));
        }
        if let Some((shapes, region)) = to_paint {
            // The kept frame is upside down (see `upside_down`): its
            // scissor counts from the top.
            let scissor = region.map(|r| {
                let [x, y, w, h] = frame_damage::scissor_px(r, pixels_per_point, size_px[1]);
                [x, size_px[1] as i32 - y - h, w, h]
            });
            clear(&gl, size_px, scissor, clear_color);
            let mut primitives = egui_ctx.tessellate(shapes, pixels_per_point);
            upside_down(&mut primitives, size_px[1] as f32 / pixels_per_point);
            painter.paint_and_update_textures(size_px, pixels_per_point, &primitives, textures_delta);
        }
        let [width, height] = size_px.map(|n| n as i32);
        // SAFETY: as above; the copy reads the texture's framebuffer into
        // the window's, the same size.
        let copied = unsafe {
            gl.bind_framebuffer(glow::READ_FRAMEBUFFER, Some(target.framebuffer));
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
            painter.paint_and_update_textures(size_px, pixels_per_point, &primitives, textures_delta);
        } else {
            window.frames.remember(shapes, size_px, pixels_per_point);
        }
        true
    }
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
    let whole = *WHOLE.get_or_init(|| {
        std::env::var_os("EFRAME_PAINT_WHOLE_FRAMES").is_some_and(|v| v == "1")
    });
    !whole && !DISABLED.load(std::sync::atomic::Ordering::Relaxed) && gl.version().major >= 3
}

/// The frame painted whole, straight to the window, as egui paints.
fn paint_whole(egui_ctx: &egui::Context, painter: &mut egui_glow::Painter, frame: FrameToPaint<'_>) {
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
fn clear(gl: &glow::Context, [width, height]: [u32; 2], scissor: Option<[i32; 4]>, colour: [f32; 4]) {
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
            gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MIN_FILTER, glow::NEAREST as i32);
            gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MAG_FILTER, glow::NEAREST as i32);
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
                if gl.version().is_embedded { glow::RGBA } else { glow::BGRA },
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
            let complete = gl.check_framebuffer_status(glow::FRAMEBUFFER) == glow::FRAMEBUFFER_COMPLETE;
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
