//! Window plumbing shared by the launcher's secondary windows (games, help):
//! showing one as a native window or, where the backend has no viewports,
//! as an egui window inside the console; bringing one to the front; and
//! hearing the player ask to close it (the window manager's close button,
//! or Ctrl/Cmd+W).
//!
//! As in egui's `examples/multiple_viewports`, every window is an immediate
//! viewport whose contents say each frame whether it stays open.

use egui::{ViewportBuilder, ViewportClass, ViewportCommand, ViewportId};

/// The id of the egui window that stands for a viewport where the backend
/// has none (as egui's own embedding names it).
fn embedded_window_id(id: ViewportId) -> egui::Id {
    egui::Id::unique(id)
}

/// Shows a window: its own native window (an immediate viewport), or, where
/// the backend embeds viewports (the test harness, backends without multiple
/// windows), an egui window placed right of the middle and cascaded by
/// `slot`, so it does not hide the console's buttons when it opens.
/// `None` when the embedded window was not shown this frame.
pub fn show<R>(
    ctx: &egui::Context,
    id: ViewportId,
    builder: ViewportBuilder,
    slot: usize,
    mut contents: impl FnMut(&mut egui::Ui, ViewportClass) -> R,
) -> Option<R> {
    if !ctx.embed_viewports() {
        return Some(ctx.show_viewport_immediate(id, builder, contents));
    }
    let screen = ctx.content_rect();
    let step = 28.0 * slot as f32;
    let mut window = egui::Window::new(builder.title.clone().unwrap_or_default())
        .id(embedded_window_id(id))
        .collapsible(false)
        .resizable(true)
        .default_pos(egui::pos2(
            screen.center().x - 120.0 + step,
            screen.top() + 40.0 + step,
        ));
    if let Some(size) = builder.inner_size {
        window = window.default_size(size.min(screen.size() * 0.9));
    }
    if let Some(size) = builder.min_inner_size {
        window = window.min_size(size);
    }
    window
        .show(ctx, |ui| contents(ui, ViewportClass::EmbeddedWindow))
        .and_then(|response| response.inner)
}

/// Brings a window shown by [`show`] to the front.
pub fn focus(ctx: &egui::Context, id: ViewportId) {
    if ctx.embed_viewports() {
        ctx.move_to_top(egui::LayerId::new(
            egui::Order::Middle,
            embedded_window_id(id),
        ));
        ctx.request_repaint();
    } else {
        ctx.send_viewport_cmd_to(id, ViewportCommand::Focus);
    }
}

/// Whether the player asked this frame to close the window whose contents
/// `ui` draws: the window manager's close button, or Ctrl/Cmd+W (consumed).
/// For a window that may be embedded, use [`close_requested_in`].
pub fn close_requested(ui: &egui::Ui) -> bool {
    ui.input(|i| i.viewport().close_requested())
        || ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::W))
}

/// [`close_requested`] for a window of the given class: an embedded window
/// never is, since the input it sees is its parent's.
pub fn close_requested_in(ui: &egui::Ui, class: ViewportClass) -> bool {
    class != ViewportClass::EmbeddedWindow && close_requested(ui)
}

/// [`close_requested_in`] for a help window of its own, which Escape
/// closes too when it has the keyboard (no game sees that key there),
/// unless a menu is open (Escape closes the menu first). Embedded help
/// windows share their parent's keyboard: see [`escape_pressed`].
pub fn help_close_requested_in(ui: &egui::Ui, class: ViewportClass) -> bool {
    close_requested_in(ui, class)
        || (class != ViewportClass::EmbeddedWindow && escape_pressed(ui.ctx()))
}

/// Whether Escape was pressed this frame in `ctx`'s window with no menu
/// open.
pub fn escape_pressed(ctx: &egui::Context) -> bool {
    !egui::Popup::is_any_open(ctx) && ctx.input(|i| i.key_pressed(egui::Key::Escape))
}

/// Keeping a window wholly on its screen: once as it opens (a remembered
/// place from a larger screen, or a window manager that put it low) and
/// again after the launcher itself resizes it (a game's window fitted to a
/// bigger canvas grows down and right). The player's own moves are left
/// alone: a window dragged half off screen stays there.
#[derive(Clone, Copy, Debug, Default)]
pub struct OnScreen {
    /// Whether the window's place has been checked since it opened or was
    /// last resized by the launcher.
    checked: bool,
}

impl OnScreen {
    /// Checks the window's place again on its next frame.
    pub fn recheck(&mut self) {
        self.checked = false;
    }

    /// Runs in the window's own frame: moves it onto its screen if it is
    /// not wholly on it, once its place and screen are known. Embedded
    /// windows (tests, backends without windows) have no place of their own.
    pub fn step(&mut self, ctx: &egui::Context, class: ViewportClass) {
        if self.checked || class == ViewportClass::EmbeddedWindow {
            return;
        }
        let (outer, monitor) = ctx.input(|i| (i.viewport().outer_rect, i.viewport().monitor_size));
        let (Some(outer), Some(monitor)) = (outer, monitor) else {
            // Not known yet: the next frame.
            return;
        };
        self.checked = true;
        if let Some(place) = place_on_screen(outer, monitor) {
            ctx.send_viewport_cmd(ViewportCommand::OuterPosition(place));
        }
    }

    /// Asks for a new inner size for the window `ctx` draws, and moves it
    /// in the same breath if at that size it would leave its screen.
    pub fn resize(&mut self, ctx: &egui::Context, inner_size: egui::Vec2) {
        ctx.send_viewport_cmd(ViewportCommand::InnerSize(inner_size));
        let (outer, inner, monitor) = ctx.input(|i| {
            let v = i.viewport();
            (v.outer_rect, v.inner_rect, v.monitor_size)
        });
        if let (Some(outer), Some(inner), Some(monitor)) = (outer, inner, monitor) {
            // The decorations stay as they are; the window grows from its
            // top-left corner.
            let frame = outer.size() - inner.size();
            let after = egui::Rect::from_min_size(outer.min, inner_size + frame);
            if let Some(place) = place_on_screen(after, monitor) {
                ctx.send_viewport_cmd(ViewportCommand::OuterPosition(place));
            }
        }
        self.checked = true;
    }
}

/// Where a window whose outer rectangle is `outer` must move to lie wholly
/// on a screen of `monitor` points, if it does not: as little as possible,
/// its top-left corner kept on screen when it is bigger than the screen.
/// `None` when it already fits, and for a window wholly off that screen
/// (egui gives a monitor's size, not its place: such a window is on another
/// monitor, where it is left).
pub fn place_on_screen(outer: egui::Rect, monitor: egui::Vec2) -> Option<egui::Pos2> {
    if monitor.x <= 0.0 || monitor.y <= 0.0 {
        return None;
    }
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, monitor);
    if !screen.intersects(outer) {
        return None;
    }
    let x = outer.min.x.min(monitor.x - outer.width()).max(0.0);
    let y = outer.min.y.min(monitor.y - outer.height()).max(0.0);
    let place = egui::pos2(x, y);
    ((place - outer.min).length() > 0.5).then_some(place)
}

#[cfg(test)]
mod tests {
    use super::place_on_screen;
    use egui::{Rect, pos2, vec2};

    #[test]
    fn a_window_that_leaves_its_screen_moves_just_enough_onto_it() {
        let screen = vec2(1440.0, 900.0);
        // Lights Out of the trial: at y=432, 489 high (plus a title bar).
        let low = Rect::from_min_size(pos2(300.0, 432.0), vec2(416.0, 520.0));
        assert_eq!(place_on_screen(low, screen), Some(pos2(300.0, 380.0)));
        // The console 870 wide at x=479 on a 1280-wide screen.
        let wide = Rect::from_min_size(pos2(479.0, 20.0), vec2(870.0, 400.0));
        assert_eq!(
            place_on_screen(wide, vec2(1280.0, 800.0)),
            Some(pos2(410.0, 20.0))
        );
        // Bigger than the screen: its top-left corner shows.
        let huge = Rect::from_min_size(pos2(-50.0, 100.0), vec2(2000.0, 1000.0));
        assert_eq!(place_on_screen(huge, screen), Some(pos2(0.0, 0.0)));
    }

    #[test]
    fn a_window_on_its_screen_or_on_another_monitor_stays_where_it_is() {
        let screen = vec2(1440.0, 900.0);
        let inside = Rect::from_min_size(pos2(10.0, 10.0), vec2(500.0, 400.0));
        assert_eq!(place_on_screen(inside, screen), None);
        let beyond = Rect::from_min_size(pos2(1600.0, 100.0), vec2(500.0, 400.0));
        assert_eq!(place_on_screen(beyond, screen), None, "another monitor");
    }
}
