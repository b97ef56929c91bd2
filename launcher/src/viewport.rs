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
