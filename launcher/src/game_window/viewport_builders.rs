//! The viewports a game window opens in: its own window, or embedded.

use super::{GameWindow, fit, midend_ui};
use egui::ViewportBuilder;
use game_api::ActionKind;

impl GameWindow {
    /// The window for this game where windows are embedded in the console
    /// (backends without native windows, the tests): such a window is not
    /// fitted to what it shows afterwards, so its size must hold a second
    /// row of controls from the start, or it grows frame after frame.
    pub fn embedded_viewport_builder(&self) -> ViewportBuilder {
        let mut builder = self.viewport_builder();
        if self.two_control_rows()
            && let Some(size) = &mut builder.inner_size
        {
            size.y += fit::CONTROLS_ROW_HEIGHT;
        }
        builder
    }

    /// Whether the controls take two rows (the launcher's commands, then
    /// the Game ID field and the game's own controls).
    pub(super) fn two_control_rows(&self) -> bool {
        let commands = self
            .actions
            .iter()
            .filter(|a| midend_ui::is_host_action(&a.id) && a.kind == ActionKind::Button)
            .count();
        commands > 0 && commands < self.actions.len()
    }

    /// The window to open for this game: its title, its size, the
    /// launcher's app id (so that taskbars group it with the console) and
    /// the game's icon, if it has one (`icon`, see
    /// [`crate::icons::window_icon`]).
    pub fn viewport_builder(&self) -> ViewportBuilder {
        let builder = ViewportBuilder::default()
            .with_title(self.title())
            .with_app_id(crate::APP_ID)
            .with_inner_size(self.initial_size)
            .with_min_inner_size([160.0, 120.0]);
        let builder = match &self.icon {
            Some(icon) => builder.with_icon(icon.clone()),
            None => builder,
        };
        crate::window_memory::open_at(self.opening_place, builder)
    }
}
