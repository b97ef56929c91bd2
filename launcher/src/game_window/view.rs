//! What the game shows, read again after a change, and the window fitted
//! to it (or the game laid out to the window).

use super::fit::WindowFit;
use super::process::Life;
use super::{FrameStage, GameWindow, fit};
use egui::Vec2;
use launcher_core::running::GameError;

impl GameWindow {
    /// Re-reads everything the game shows after something changed, and
    /// its new frame.
    pub(super) fn refresh(&mut self) -> Result<(), GameError> {
        let ctx = self.ctx.clone();
        let view = self.game.game().view(&mut |size, style, text| {
            crate::render::styled_text_size(&ctx, size, style, text)
        })?;
        let canvas = Vec2::new(view.canvas_size.x, view.canvas_size.y);
        // What is drawn around the canvas, to tell whether this frame has
        // drawn it already with what it was.
        let chrome = (
            self.canvas,
            self.title.clone(),
            self.status.clone(),
            self.actions.clone(),
            self.warning.clone(),
        );
        if canvas != self.canvas && !self.signals.layout.get() {
            // A new board size: the window follows it (unless the canvas
            // follows the window).
            self.fit = WindowFit::start();
        }
        self.canvas = canvas;
        self.title = view.title;
        self.status = view.status;
        let mut actions = self.host_actions();
        actions.extend(view.actions);
        self.actions = actions;
        // The choices a game started with are its variant (records per
        // variant in the statistics). The text fields take the game's
        // values as they are drawn (`controls_ui`), not while the player
        // types in them.
        self.midend.note_choices(&self.actions);
        self.regions = view.regions;
        self.action_error = None;
        self.drawing = view.drawing;
        // What the launcher clamped or dropped, said in the window.
        let warnings: Vec<String> = view
            .notes
            .into_iter()
            .chain(view.report.describe())
            .map(|w| capitalised(&w) + ".")
            .collect();
        self.draw_warning = (!warnings.is_empty()).then(|| warnings.join(" "));
        self.warning = self.draw_warning.clone();
        self.plan = None;
        self.dirty = false;
        // Another frame only where this one cannot show the change: a
        // refresh between frames, after the canvas was painted, or one
        // that changed what was drawn around it already. A pointer move
        // answered in time is then one frame, not two.
        let chrome_changed = chrome
            != (
                self.canvas,
                self.title.clone(),
                self.status.clone(),
                self.actions.clone(),
                self.warning.clone(),
            );
        let shown_this_frame = match self.stage {
            FrameStage::Before => true,
            FrameStage::Chrome => !chrome_changed,
            FrameStage::Between | FrameStage::Painted => false,
        };
        if !shown_this_frame {
            ctx.request_repaint();
        }
        Ok(())
    }

    /// The warning under the status line: what the host dropped from the
    /// frame, what the budget skipped, and the picture files that cannot be
    /// shown.
    pub(super) fn compose_warning(&mut self) {
        let plan_warning = self.plan.as_ref().and_then(|(_, plan)| plan.describe());
        let parts: Vec<String> = self
            .draw_warning
            .iter()
            .cloned()
            .chain(plan_warning.map(|w| capitalised(&w)))
            .chain(self.picture_problems.iter().map(|p| capitalised(p) + "."))
            .collect();
        self.warning = (!parts.is_empty()).then(|| parts.join(" "));
    }

    /// Tells the game, which asked to fill its window, the size its canvas
    /// has when it changed (whole logical pixels, at least 1 a side), and
    /// reads it again: always drawn anew, and never a cause to resize the
    /// window (which does not follow the canvas then).
    pub(super) fn lay_out(&mut self, area: Vec2) -> Result<(), GameError> {
        let size = game_api::Point::new(area.x.floor().max(1.0), area.y.floor().max(1.0));
        if self.laid_out == Some(size) || self.life != Life::Playing || !self.can_call() {
            return Ok(());
        }
        self.laid_out = Some(size);
        let response = self.game.game().layout(size);
        self.pump();
        match response {
            Ok(response) if response.redraw => self.changed(),
            Ok(_) => self.refresh(),
            // A game without `layout` is scaled as before.
            Err(e) if e.is_unsupported() => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// The clock of the status row, for a game whose manifest asks for one
    /// (`clock = true`): the time played (the host's clock, `Host::play_time`,
    /// the statistics' best time), "Time 2:05". While the game goes on and
    /// the window is not minimised, the window is drawn again when the
    /// next second is due, and not before; it stops at the outcome.
    pub(super) fn clock_face(&self, ctx: &egui::Context) -> Option<String> {
        if !self.shows_clock || self.life != Life::Playing {
            return None;
        }
        let ms = self.signals.clock.get();
        let minimised = ctx.input(|i| i.viewport().minimized == Some(true));
        if !self.midend.counted() && !minimised {
            let next = 1000 - ms % 1000;
            ctx.request_repaint_after(std::time::Duration::from_millis(next));
        }
        Some(format!("Time {}", clock_text(ms)))
    }

    /// The time played on the game, as its clock shows it (see
    /// [`GameWindow::clock_face`]), if the window shows a clock.
    pub fn clock_shown(&self) -> Option<String> {
        (self.shows_clock && self.life == Life::Playing)
            .then(|| format!("Time {}", clock_text(self.signals.clock.get())))
    }

    /// The board's scale the player chose (View ▸ Zoom), if any; without
    /// one the board is scaled to fit the window.
    pub fn zoom(&self) -> Option<f32> {
        self.zoom
    }

    /// Zooms one step in (`step` > 0) or out, from the scale the board is
    /// shown at now.
    pub(super) fn zoom_step(&mut self, step: i32) {
        let now = self.zoom.or(self.transform.map(|t| t.scale)).unwrap_or(1.0);
        self.set_zoom(fit::zoom_step(now, step > 0));
    }

    /// Shows the board at `zoom` (1: its own size) and fits the window to
    /// it, within the screen; remembered for the game with its window.
    /// Not for a game that lays its canvas out to the window.
    pub fn set_zoom(&mut self, zoom: f32) {
        if self.fills_window() || !zoom.is_finite() || zoom <= 0.0 {
            return;
        }
        self.zoom = Some(zoom);
        self.fit = WindowFit::start();
        if let Some(memory) = &self.memory {
            memory.set_zoom(&crate::window_memory::game_key(&self.dir_name), zoom);
        }
        self.ctx.request_repaint();
    }

    /// Asks for the window size that shows the canvas at its natural size
    /// (times the zoom), while [`WindowFit`] says so. Not when viewports are embedded as egui
    /// windows (tests), whose size is not the window's.
    pub(super) fn fit_window(&mut self, ctx: &egui::Context) {
        if self.signals.layout.get() {
            // The canvas follows the window: the window never follows it.
            self.fit.pending = false;
        }
        if !self.fit.pending {
            return;
        }
        if !self.in_root && ctx.viewport_id() != self.viewport_id {
            // An egui window inside another (viewports embedded, as in
            // tests): its size is not a window's.
            self.fit.pending = false;
            return;
        }
        let (inner, monitor) = ctx.input(|i| {
            let v = i.viewport();
            (v.inner_rect.map(|r| r.size()), v.monitor_size)
        });
        // Without a window system (tests) the root window is the screen.
        let inner = inner.or_else(|| self.in_root.then(|| ctx.content_rect().size()));
        match (inner, self.area) {
            (Some(inner), Some(area)) => {
                let controls = self.controls_width;
                // The board at the player's zoom, else its own size.
                let canvas = self.canvas * self.zoom.unwrap_or(1.0);
                let surface =
                    fit::max_surface(ctx.input(|i| i.max_texture_side), ctx.pixels_per_point());
                if let Some(size) = self
                    .fit
                    .next(canvas, controls, inner, area, monitor, surface)
                {
                    self.on_screen.resize(ctx, size);
                }
            }
            // The window's size is not known yet.
            _ => self.fit.wait(),
        }
        if self.fit.pending {
            // Another frame to see the layout settle or the new size arrive,
            // without waiting for the pointer to move.
            ctx.request_repaint();
        }
    }
}

/// Milliseconds as a clock shows them: minutes and seconds, "2:05", with
/// hours once past the hour, "1:02:05".
pub(super) fn clock_text(ms: u64) -> String {
    let seconds = ms / 1000;
    if seconds < 3600 {
        format!("{}:{:02}", seconds / 60, seconds % 60)
    } else {
        format!(
            "{}:{:02}:{:02}",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        )
    }
}

/// A sentence with its first letter in upper case.
pub(super) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_clock_shows_minutes_and_seconds_then_hours() {
        use super::clock_text;
        assert_eq!(clock_text(0), "0:00");
        assert_eq!(clock_text(125_999), "2:05");
        assert_eq!(clock_text(3_725_000), "1:02:05");
    }
}
