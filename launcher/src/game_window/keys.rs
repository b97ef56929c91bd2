//! Keys: which reach the game, and which are a control's shortcut.

use super::{GameWindow, input};
use game_api::{ActionKind, Event};
use launcher_core::running::GameError;

impl GameWindow {
    /// Sends this frame's keys to the game, before the window's widgets see
    /// them: whatever menu or control has the keyboard focus, the game's
    /// keys reach the game, except while the player types in a text field
    /// or has a menu or list open. With a control focused, Space and Enter
    /// are taken from it (they are the game's keys, and would otherwise
    /// click the control: Space on a focused "New game" would throw the
    /// game away), and the arrow keys stay with it instead of moving the
    /// focus.
    pub(super) fn keys_to_game(&mut self, ui: &mut egui::Ui) -> Result<(), GameError> {
        let ctx = ui.ctx().clone();
        if ctx.text_edit_focused() || egui::Popup::is_any_open(&ctx) {
            return Ok(());
        }
        let keys = ui.input(|i| input::game_keys(&i.events));
        // In tests, game windows may be egui windows inside the console,
        // whose focus is the console's too: leave that alone.
        let own_window = self.in_root || ctx.viewport_id() == self.viewport_id;
        if let Some(focused) = ctx.memory(|m| m.focused()).filter(|_| own_window) {
            ui.input_mut(|i| {
                i.events.retain(|event| {
                    !matches!(
                        event,
                        egui::Event::Key {
                            key: egui::Key::Space | egui::Key::Enter,
                            ..
                        }
                    )
                });
            });
            ctx.memory_mut(|m| {
                m.set_focus_lock_filter(
                    focused,
                    egui::EventFilter {
                        horizontal_arrows: true,
                        vertical_arrows: true,
                        ..Default::default()
                    },
                );
            });
        }
        for key in keys {
            match self.shortcut_for(&key) {
                // The game's control, invoked as if clicked; the key itself
                // does not reach the game.
                Some(ShortcutUse::Invoke(id, value)) => self.invoke(&id, &value)?,
                Some(ShortcutUse::Swallow) => {}
                None => self.send(&key)?,
            }
        }
        Ok(())
    }

    /// What a key event does when it is a game control's shortcut, pressed
    /// without Ctrl, Alt or Command; `None` when it is not one (it goes to
    /// the game).
    pub(super) fn shortcut_for(&self, event: &Event) -> Option<ShortcutUse> {
        let (key, modifiers, pressed) = match event {
            Event::KeyPress { key, modifiers } => (key, modifiers, true),
            Event::KeyRelease { key, modifiers } => (key, modifiers, false),
            _ => return None,
        };
        if modifiers.ctrl || modifiers.alt || modifiers.command {
            return None;
        }
        let action = self
            .actions
            .iter()
            .find(|a| a.shortcut.as_deref() == Some(key.as_str()))?;
        if !pressed || !action.enabled {
            return Some(ShortcutUse::Swallow);
        }
        Some(match &action.kind {
            ActionKind::Button => ShortcutUse::Invoke(action.id.clone(), String::new()),
            ActionKind::Choice { options, selected } => {
                // The next option, round to the first after the last.
                let at = options.iter().position(|o| o == selected);
                match at.map_or(options.first(), |i| options.get((i + 1) % options.len())) {
                    Some(next) => ShortcutUse::Invoke(action.id.clone(), next.clone()),
                    None => ShortcutUse::Swallow,
                }
            }
            // A text field is typed into, not invoked by a key.
            ActionKind::Text { .. } => ShortcutUse::Swallow,
        })
    }
}

/// What a game control's shortcut key does (see `GameWindow::shortcut_for`).
pub(super) enum ShortcutUse {
    /// Invokes the control `.0` with the value `.1`.
    Invoke(String, String),
    /// Nothing: the release of a shortcut, or a disabled control's key.
    Swallow,
}
