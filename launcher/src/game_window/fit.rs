//! Fitting a game's window to its canvas: the window asks for canvas plus
//! the chrome measured around it, when the game opens and whenever its
//! canvas size changes.

use crate::render::CanvasTransform;
use egui::Vec2;

/// Height of the launcher's chrome around a game's canvas, in points: the
/// menu bar, one row of game controls, the status line and the central
/// panel's margins, as egui's default style lays them out (measured in a
/// real window). It sizes the window the game opens in; the real chrome is
/// then measured and the window fitted to it (see [`WindowFit`]).
pub(super) const CHROME_HEIGHT: f32 = 91.0;

/// Width of the central panel's margins left and right of a game's canvas,
/// in points.
pub(super) const CHROME_WIDTH: f32 = 16.0;

/// The height of a second row of controls (the launcher's commands above
/// the Game ID field and the game's own controls).
pub(super) const CONTROLS_ROW_HEIGHT: f32 = 23.0;

/// How many frames the launcher spends at most fitting a game's window to
/// its canvas, before leaving the window as the window manager keeps it.
const FIT_FRAMES: u8 = 20;

/// Fitting a game's window so that the canvas shows at its natural size:
/// when the game opens, and again whenever the game changes its canvas size
/// (a bigger board). The chrome (menu, controls that may wrap to several
/// rows, status lines) is measured on a frame whose layout has settled, the
/// window is asked for canvas plus chrome, and this repeats until the canvas
/// fits or [`FIT_FRAMES`] have passed. Once it fits, the player's own
/// resizing is left alone.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct WindowFit {
    /// Whether the window still has to be fitted.
    pub(super) pending: bool,
    /// Frames spent fitting so far.
    frames: u8,
    /// The window's inner size and the canvas area last frame.
    last_layout: Option<(Vec2, Vec2)>,
    /// The inner size last asked for, not to ask twice.
    asked: Option<Vec2>,
}

impl WindowFit {
    pub(super) fn start() -> WindowFit {
        WindowFit {
            pending: true,
            ..WindowFit::default()
        }
    }

    /// A frame without the window's size: counts against [`FIT_FRAMES`].
    pub(super) fn wait(&mut self) {
        self.frames += 1;
        self.pending = self.frames <= FIT_FRAMES;
    }

    /// The window size to ask for this frame, if any.
    pub(super) fn next(
        &mut self,
        canvas: Vec2,
        min_width: f32,
        inner: Vec2,
        area: Vec2,
        monitor: Option<Vec2>,
        max_surface: Vec2,
    ) -> Option<Vec2> {
        if !self.pending {
            return None;
        }
        self.frames += 1;
        let steady = self.last_layout == Some((inner, area));
        self.last_layout = Some((inner, area));
        if self.frames > FIT_FRAMES {
            self.pending = false;
            return None;
        }
        if !steady {
            return None;
        }
        let chrome = inner - area;
        // Wide enough for the menu beside a small canvas, and for the
        // controls in one row unless that would make the window much wider
        // than its canvas (then they wrap, and the chrome measured says so).
        let controls = min_width.ceil().min(canvas.x.max(MAX_CONTROLS_WIDTH));
        let mut wanted = Vec2::new(
            canvas.x.max(MIN_CANVAS_WIDTH).max(controls) + chrome.x,
            canvas.y + chrome.y,
        );
        if let Some(monitor) = monitor.filter(|m| m.x > 0.0 && m.y > 0.0) {
            // Never bigger than the screen: the canvas scales down instead.
            wanted = wanted.min(monitor * 0.95);
        }
        // Never bigger than the GPU can draw a window (its largest texture).
        wanted = wanted.min(max_surface);
        let wanted = wanted.round();
        if (wanted - inner).abs().max_elem() <= 0.5 || self.asked == Some(wanted) {
            // It fits, or the window manager would not give us the size.
            self.pending = false;
            return None;
        }
        self.asked = Some(wanted);
        Some(wanted)
    }
}

/// The largest window a game opens in, in points, before its fit knows the
/// screen: a huge canvas opens scaled down, as fast as a small one, and
/// never asks the window system or the GPU for a surface it cannot make.
pub(super) const MAX_OPENING_SIZE: Vec2 = Vec2::new(1280.0, 960.0);

/// The size a game's window opens at for `canvas`: the canvas and the
/// chrome, at most [`MAX_OPENING_SIZE`].
pub(super) fn opening_size(canvas: Vec2) -> Vec2 {
    Vec2::new(
        canvas.x.max(MIN_CANVAS_WIDTH) + CHROME_WIDTH,
        canvas.y + CHROME_HEIGHT,
    )
    .min(MAX_OPENING_SIZE)
}

/// The largest window, in points, whose surface the GPU can make at
/// `pixels_per_point`: its largest texture side, less a margin for the
/// window's decorations.
pub(super) fn max_surface(max_texture_side: usize, pixels_per_point: f32) -> Vec2 {
    Vec2::splat((max_texture_side as f32 / pixels_per_point.max(0.1) - 64.0).max(256.0))
}

/// The narrowest a game's window opens, in canvas points, so that its menu
/// and controls have room beside a small canvas.
pub(super) const MIN_CANVAS_WIDTH: f32 = 320.0;

/// The widest, in points, that a game's window is made for its controls to
/// fit in one row when its canvas is narrower; more controls wrap.
const MAX_CONTROLS_WIDTH: f32 = 680.0;

/// The scales of View ▸ Zoom in and Zoom out, in order; 1 is the
/// board's own size (Actual size).
pub(super) const ZOOM_STEPS: [f32; 13] = [
    0.5, 0.67, 0.75, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0,
];

/// The zoom one step from `now` (which need not be a step: a board
/// scaled to its window): the next step up when `up`, else down; `now`
/// itself past the last step.
pub(super) fn zoom_step(now: f32, up: bool) -> f32 {
    // A scale within 1% of a step counts as that step.
    let near = |step: f32| (step - now).abs() <= 0.01 * step;
    if up {
        ZOOM_STEPS
            .into_iter()
            .find(|&s| s > now && !near(s))
            .unwrap_or(now.max(ZOOM_STEPS[ZOOM_STEPS.len() - 1]))
    } else {
        ZOOM_STEPS
            .into_iter()
            .rev()
            .find(|&s| s < now && !near(s))
            .unwrap_or(now.min(ZOOM_STEPS[0]))
    }
}

/// Where a `canvas` is drawn in `area` at `zoom`: as large as fits when
/// the player chose none, else at that scale, smaller if the area is
/// (never cut off), centred.
pub(super) fn zoomed(canvas: Vec2, area: egui::Rect, zoom: Option<f32>) -> CanvasTransform {
    let fitted = CanvasTransform::fit(canvas, area);
    match zoom {
        Some(zoom) if zoom < fitted.scale => CanvasTransform {
            origin: area.center() - canvas * zoom / 2.0,
            scale: zoom,
            canvas,
        },
        _ => fitted,
    }
}

#[cfg(test)]
mod tests {
    use super::{
        FIT_FRAMES, MAX_OPENING_SIZE, WindowFit, max_surface, opening_size, zoom_step, zoomed,
    };
    use egui::Vec2;

    /// Feeds frames (window inner size, canvas area) to a fit, returning what
    /// it asked for.
    fn fit_frames(canvas: Vec2, frames: &[(Vec2, Vec2)]) -> (Vec<Option<Vec2>>, bool) {
        let mut fit = WindowFit::start();
        let asked = frames
            .iter()
            .map(|&(inner, area)| {
                fit.next(
                    canvas,
                    0.0,
                    inner,
                    area,
                    Some(Vec2::new(1920.0, 1080.0)),
                    Vec2::splat(8192.0),
                )
            })
            .collect();
        (asked, fit.pending)
    }

    #[test]
    fn a_window_is_fitted_to_its_canvas_once_the_layout_settles() {
        let canvas = Vec2::new(400.0, 300.0);
        // Opened too small: the controls wrapped to two rows, 120 points of
        // chrome, 16 of margins. Asked once the layout repeats; then it fits.
        let small = (Vec2::new(416.0, 391.0), Vec2::new(400.0, 271.0));
        let fitted = (Vec2::new(416.0, 420.0), Vec2::new(400.0, 300.0));
        let (asked, pending) = fit_frames(canvas, &[small, small, fitted, fitted]);
        assert_eq!(asked, [None, Some(Vec2::new(416.0, 420.0)), None, None]);
        assert!(!pending, "done once it fits");
    }

    #[test]
    fn a_small_canvas_keeps_room_for_the_controls_and_a_huge_one_the_screen() {
        let (asked, _) = fit_frames(
            Vec2::new(100.0, 50.0),
            &[(Vec2::new(336.0, 141.0), Vec2::new(320.0, 50.0)); 2],
        );
        assert_eq!(asked[1], None, "320 wide already: it fits");
        let (asked, _) = fit_frames(
            Vec2::new(5000.0, 4000.0),
            &[(Vec2::new(800.0, 600.0), Vec2::new(784.0, 509.0)); 2],
        );
        assert_eq!(
            asked[1],
            Some(Vec2::new(1824.0, 1026.0)),
            "95% of the screen"
        );
    }

    #[test]
    fn the_largest_canvas_opens_small_and_never_outgrows_the_gpu() {
        let huge = Vec2::splat(8192.0);
        assert_eq!(opening_size(huge), MAX_OPENING_SIZE);
        assert_eq!(
            opening_size(Vec2::new(400.0, 300.0)),
            Vec2::new(416.0, 391.0)
        );
        // No screen size known: the GPU's limit still holds.
        let mut fit = WindowFit::start();
        let layout = (Vec2::new(1280.0, 960.0), Vec2::new(1264.0, 869.0));
        let limit = max_surface(8192, 1.0);
        fit.next(huge, 0.0, layout.0, layout.1, None, limit);
        let asked = fit
            .next(huge, 0.0, layout.0, layout.1, None, limit)
            .unwrap();
        assert!(asked.max_elem() <= 8192.0 - 64.0, "{asked:?}");
        // At twice the pixels per point, half as many points.
        assert_eq!(max_surface(8192, 2.0), Vec2::splat(4032.0));
    }

    #[test]
    fn a_window_manager_that_refuses_the_size_is_not_pestered() {
        let canvas = Vec2::new(400.0, 300.0);
        let tiled = (Vec2::new(600.0, 300.0), Vec2::new(584.0, 209.0));
        let (asked, pending) = fit_frames(canvas, &[tiled; 5]);
        assert_eq!(asked.iter().flatten().count(), 1, "asked once: {asked:?}");
        assert!(!pending);
        // A layout that never settles stops after FIT_FRAMES.
        let frames: Vec<_> = (0..=FIT_FRAMES)
            .map(|i| {
                (
                    Vec2::new(416.0, 391.0 + f32::from(i)),
                    Vec2::new(400.0, 271.0),
                )
            })
            .collect();
        let (asked, pending) = fit_frames(canvas, &frames);
        assert!(asked.iter().all(Option::is_none));
        assert!(!pending);
    }

    #[test]
    fn zoom_goes_step_by_step_and_never_cuts_the_board() {
        assert_eq!(zoom_step(1.0, true), 1.1);
        assert_eq!(zoom_step(1.0, false), 0.9);
        // From a board scaled to its window, the nearest step that way.
        assert_eq!(zoom_step(1.3, true), 1.5);
        assert_eq!(zoom_step(1.3, false), 1.25);
        assert_eq!(zoom_step(1.248, false), 1.1, "1.248 counts as 1.25");
        assert_eq!(zoom_step(3.0, true), 3.0);
        assert_eq!(zoom_step(0.5, false), 0.5);
        let canvas = Vec2::new(200.0, 100.0);
        let area = egui::Rect::from_min_size(egui::pos2(10.0, 20.0), Vec2::new(400.0, 400.0));
        assert_eq!(zoomed(canvas, area, None).scale, 2.0);
        let half = zoomed(canvas, area, Some(0.5));
        assert_eq!(half.scale, 0.5);
        assert_eq!(half.screen_rect().center(), area.center());
        assert_eq!(
            zoomed(canvas, area, Some(3.0)).scale,
            2.0,
            "as large as fits"
        );
    }
}
