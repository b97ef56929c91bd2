//! Fitting the console's window to its content on its first frames.

use super::FIND_ROW_WIDTH;
use egui::Vec2;

/// Fitting the console's window to its content on its first frames: as
/// wide as the menus with "Find a game" beside them or the game sets in one
/// row, as tall as what is shown at that width, within 90% of the screen.
/// The layout is measured on frames where it has settled, the size asked
/// for, and this repeats (the groups may wrap differently at the new width)
/// until the window fits or [`CONSOLE_FIT_FRAMES`] have passed. Only real
/// windows are fitted; a window manager that keeps its own size wins.
#[derive(Clone, Debug, Default)]
pub(super) struct ConsoleFit {
    pub(super) done: bool,
    frames: u8,
    /// The width the menus take, and the groups in one row, last frame.
    pub(super) menus_width: f32,
    pub(super) groups_width: f32,
    /// Everything above and around the scrolled content, and the content's
    /// height, last frame.
    pub(super) chrome: Vec2,
    pub(super) content_height: f32,
    last: Option<(Vec2, Vec2)>,
    asked: Vec<Vec2>,
    /// Keeps the console on its screen as it opens and as it is fitted.
    on_screen: crate::viewport::OnScreen,
}

/// How many frames the console spends at most fitting its window.
const CONSOLE_FIT_FRAMES: u8 = 30;

/// The smallest the console's window is made when fitted.
const CONSOLE_MIN_SIZE: Vec2 = Vec2::new(260.0, 160.0);

impl ConsoleFit {
    /// The size wanted for the content measured this frame.
    fn wanted(&self, monitor: Option<Vec2>) -> Vec2 {
        // Room for "Find a game" beside the menus, with a margin after it.
        let menus = self.menus_width + FIND_ROW_WIDTH + 8.0;
        let width = menus.max(self.groups_width) + self.chrome.x;
        let height = self.content_height + self.chrome.y;
        let mut wanted = Vec2::new(width, height).max(CONSOLE_MIN_SIZE);
        if let Some(monitor) = monitor.filter(|m| m.x > 0.0 && m.y > 0.0) {
            wanted = wanted.min(monitor * 0.9);
        }
        wanted.ceil()
    }

    /// Runs after each frame of the console: asks for the size that fits.
    pub(super) fn step(&mut self, ctx: &egui::Context) {
        self.on_screen.step(ctx, egui::ViewportClass::Root);
        if self.done {
            return;
        }
        let (inner, monitor) = ctx.input(|i| {
            let v = i.viewport();
            (v.inner_rect.map(|r| r.size()), v.monitor_size)
        });
        let Some(inner) = inner else {
            // No window system (tests): nothing to fit.
            self.done = true;
            return;
        };
        self.frames += 1;
        if self.frames > CONSOLE_FIT_FRAMES {
            self.done = true;
            return;
        }
        let wanted = self.wanted(monitor);
        let steady = self.last == Some((inner, wanted));
        self.last = Some((inner, wanted));
        if steady {
            if (wanted - inner).abs().max_elem() <= 0.5 || self.asked.contains(&wanted) {
                self.done = true;
                return;
            }
            self.asked.push(wanted);
            self.on_screen.resize(ctx, wanted);
        }
        ctx.request_repaint();
    }
}
