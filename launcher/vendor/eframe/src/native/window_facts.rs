//! PLT Games: what eframe asks the window system about a window at every
//! pass — its size and place, whether it is minimized or maximized — kept
//! from pass to pass while nothing could have changed it.
//!
//! On X11 each of these is a round trip to the X server (winit reads
//! `_NET_WM_STATE`, translates coordinates, gets the geometry): about ten
//! a pass, two passes a pointer move in a drag, each waking the server and
//! waiting for it. Input events (pointer, keys, wheel) and eframe's own
//! redraws cannot change any of them, so a pass after only those uses
//! what was asked last (but for the size, asked at the top of every pass
//! and after a viewport's commands as eframe does, two round trips where
//! a window gone must make winit panic); any other window event (resized, moved, focused,
//! occluded, scale, an expose) forgets it, and so do viewport commands
//! (the app asked the window to change). A state some window systems
//! change without an event (X11's minimized) is asked again at the first
//! pass [`FRESH`] after it was last asked.

use std::{
    cell::RefCell,
    collections::HashMap,
    time::{Duration, Instant},
};

use egui::ViewportInfo;
use winit::{
    dpi::PhysicalSize,
    event::WindowEvent,
    window::{Window, WindowId},
};

/// How long what was asked of a window is used without an event.
pub const FRESH: Duration = Duration::from_millis(500);

/// What was last asked of a window, each fact when first needed: a call
/// that the window system may fail for a window gone (winit panics) is
/// made only where eframe made it before, never by a question that did
/// not need it.
struct Facts {
    asked: Instant,
    inner_size: Option<PhysicalSize<u32>>,
    minimized: Option<Option<bool>>,
    /// What `egui_winit::update_viewport_info` wrote, when it was asked,
    /// and the points per pixel its rectangles were measured in (the
    /// zoom can change without a window event).
    info: Option<(f32, ViewportInfo)>,
}

thread_local! {
    static FACTS: RefCell<HashMap<WindowId, Facts>> = RefCell::new(HashMap::new());
}

/// Whether `event` may change what is kept of its window: anything but
/// input and redraws.
pub fn may_change_facts(event: &WindowEvent) -> bool {
    !matches!(
        event,
        WindowEvent::CursorMoved { .. }
            | WindowEvent::CursorEntered { .. }
            | WindowEvent::CursorLeft { .. }
            | WindowEvent::MouseWheel { .. }
            | WindowEvent::MouseInput { .. }
            | WindowEvent::KeyboardInput { .. }
            | WindowEvent::ModifiersChanged(_)
            | WindowEvent::Ime(_)
            | WindowEvent::AxisMotion { .. }
            | WindowEvent::Touch(_)
            | WindowEvent::TouchpadPressure { .. }
            | WindowEvent::PinchGesture { .. }
            | WindowEvent::PanGesture { .. }
            | WindowEvent::DoubleTapGesture { .. }
            | WindowEvent::RotationGesture { .. }
            | WindowEvent::RedrawRequested
    )
}

/// Forgets what was asked of `window`: the next pass asks again.
pub fn forget(window: WindowId) {
    FACTS.with(|facts| facts.borrow_mut().remove(&window));
}

/// Runs `f` on the facts of `window`, none known unless fresh. The table
/// is not borrowed while `f` asks the window system, so a panic there
/// (a window gone) leaves it as it was.
fn with_facts<R>(window: &Window, f: impl FnOnce(&mut Facts) -> R) -> R {
    let known = FACTS.with(|facts| {
        facts
            .borrow_mut()
            .remove(&window.id())
            .filter(|known| known.asked.elapsed() < FRESH)
    });
    let mut facts = known.unwrap_or(Facts {
        asked: Instant::now(),
        inner_size: None,
        minimized: None,
        info: None,
    });
    let result = f(&mut facts);
    FACTS.with(|all| all.borrow_mut().insert(window.id(), facts));
    result
}

/// `egui_winit::update_viewport_info`, asked of the window system only
/// when what was asked last may be out of date.
pub fn update_viewport_info(
    info: &mut ViewportInfo,
    egui_ctx: &egui::Context,
    window: &Window,
    is_init: bool,
) {
    let pixels_per_point = egui_winit::pixels_per_point(egui_ctx, window);
    if is_init {
        forget(window.id());
    }
    // One round trip at the top of every pass, as egui_winit's first: for
    // a window another program destroyed, winit panics here, where the
    // launcher recovers (with it cached, the panic came later and a
    // destructor panicked while unwinding: the launcher aborted). Its
    // answer is the size the pass and its paint use.
    let size = window.inner_size();
    with_facts(window, |facts| {
        if facts.inner_size.is_some_and(|known| known != size) {
            facts.info = None;
        }
        facts.inner_size = Some(size);
    });
    with_facts(window, |facts| match &facts.info {
        Some((measured_in, known)) if *measured_in == pixels_per_point => {
            // Only what `update_viewport_info` writes: events and the
            // rest of `info` are the viewport's own.
            info.title.clone_from(&known.title);
            info.native_pixels_per_point = known.native_pixels_per_point;
            info.monitor_size = known.monitor_size;
            info.inner_rect = known.inner_rect;
            info.outer_rect = known.outer_rect;
            info.maximized = known.maximized;
            info.minimized = known.minimized;
            info.fullscreen = known.fullscreen;
            info.focused = Some(window.has_focus());
        }
        _ => {
            egui_winit::update_viewport_info(info, egui_ctx, window, is_init);
            facts.info = Some((pixels_per_point, info.clone()));
        }
    });
}

/// `egui_winit::State::take_egui_input`, with the window's size as last
/// asked ([`update_viewport_info`]'s rule).
pub fn take_egui_input(
    state: &mut egui_winit::State,
    egui_ctx: &egui::Context,
    window: &Window,
    viewport_id: egui::ViewportId,
) -> egui::RawInput {
    let size = inner_size(window);
    // As `take_egui_input` does, but for the size's round trip (its time
    // eframe sets after).
    let pixels_per_point = egui_winit::pixels_per_point(egui_ctx, window);
    let input = state.egui_input_mut();
    input.viewport_id = viewport_id;
    let size_in_points = egui::vec2(size.width as f32, size.height as f32) / pixels_per_point;
    input.screen_rect = (size_in_points.x > 0.0 && size_in_points.y > 0.0)
        .then(|| egui::Rect::from_min_size(egui::Pos2::ZERO, size_in_points));
    input
        .viewports
        .entry(viewport_id)
        .or_default()
        .native_pixels_per_point = Some(window.scale_factor() as f32);
    input.take()
}

/// The size of `window`'s inside in pixels, as last asked.
pub fn inner_size(window: &Window) -> PhysicalSize<u32> {
    with_facts(window, |facts| {
        *facts.inner_size.get_or_insert_with(|| window.inner_size())
    })
}

/// Whether `window` is minimized, as last asked.
pub fn is_minimized(window: &Window) -> Option<bool> {
    with_facts(window, |facts| {
        *facts.minimized.get_or_insert_with(|| window.is_minimized())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use winit::dpi::{PhysicalPosition, PhysicalSize};

    #[test]
    fn input_and_redraws_keep_the_facts_and_other_window_events_forget_them() {
        for kept in [
            WindowEvent::RedrawRequested,
            WindowEvent::ModifiersChanged(Default::default()),
        ] {
            assert!(!may_change_facts(&kept), "{kept:?}");
        }
        for changes in [
            WindowEvent::Resized(PhysicalSize::new(10, 10)),
            WindowEvent::Moved(PhysicalPosition::new(1, 2)),
            WindowEvent::Focused(true),
            WindowEvent::Occluded(false),
            WindowEvent::Occluded(true),
            WindowEvent::CloseRequested,
            WindowEvent::Destroyed,
        ] {
            assert!(may_change_facts(&changes), "{changes:?}");
        }
    }
}
