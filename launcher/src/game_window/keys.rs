//! Keys: the window's own (help, full screen, zoom), which reach the
//! game, and which are a control's shortcut.

use super::{GameWindow, input};
use game_api::{ActionKind, Event};
use launcher_core::messages::HelpRequest;
use launcher_core::running::GameError;

/// What the player asked of the window itself with a host key or the View
/// menu, never of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum WindowAsk {
    /// F1: the game's help (How to play, else its manual).
    Help,
    /// Shift+F1: the game's manual (else its How to play).
    Manual,
    /// F11: full screen, or back.
    FullScreen,
    /// Ctrl+plus (or Ctrl+=): a bigger canvas.
    ZoomIn,
    /// Ctrl+minus: a smaller canvas.
    ZoomOut,
    /// Ctrl+0: the canvas at its own size.
    ActualSize,
}

impl GameWindow {
    /// The window's own keys this frame, taken before the game or egui
    /// see them (egui would zoom the whole interface on Ctrl+plus): F1,
    /// Shift+F1, F11 and the zoom keys. They work while a text field has
    /// the focus too, as they type nothing.
    pub(super) fn window_keys(&mut self, ui: &mut egui::Ui) {
        use egui::{Key, Modifiers};
        let asks: Vec<WindowAsk> = ui.input_mut(|i| {
            let mut asks = Vec::new();
            // The most specific first: Shift+F1 before F1.
            if i.consume_key(Modifiers::SHIFT, Key::F1) {
                asks.push(WindowAsk::Manual);
            }
            if i.consume_key(Modifiers::NONE, Key::F1) {
                asks.push(WindowAsk::Help);
            }
            if i.consume_key(Modifiers::NONE, Key::F11) {
                asks.push(WindowAsk::FullScreen);
            }
            if i.consume_key(Modifiers::COMMAND, Key::Plus)
                || i.consume_key(Modifiers::COMMAND, Key::Equals)
            {
                asks.push(WindowAsk::ZoomIn);
            }
            if i.consume_key(Modifiers::COMMAND, Key::Minus) {
                asks.push(WindowAsk::ZoomOut);
            }
            if i.consume_key(Modifiers::COMMAND, Key::Num0) {
                asks.push(WindowAsk::ActualSize);
            }
            asks
        });
        for ask in asks {
            self.window_ask(ui.ctx(), ask);
        }
    }

    /// Does what the player asked of the window.
    pub(super) fn window_ask(&mut self, ctx: &egui::Context, ask: WindowAsk) {
        let how_to_play = || HelpRequest::how_to_play(&self.dir_name, &self.name);
        let manual = || HelpRequest::manual(&self.dir_name);
        let help = match ask {
            WindowAsk::Help if self.has_help => Some(how_to_play()),
            WindowAsk::Help | WindowAsk::Manual if self.has_manual => Some(manual()),
            WindowAsk::Manual if self.has_help => Some(how_to_play()),
            WindowAsk::Help | WindowAsk::Manual => None,
            WindowAsk::FullScreen => {
                if self.own_window(ctx) {
                    let now = ctx.input(|i| i.viewport().fullscreen.unwrap_or(false));
                    ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(!now));
                }
                None
            }
            WindowAsk::ZoomIn => {
                self.zoom_step(1);
                None
            }
            WindowAsk::ZoomOut => {
                self.zoom_step(-1);
                None
            }
            WindowAsk::ActualSize => {
                self.set_zoom(1.0);
                None
            }
        };
        self.requests.borrow_mut().extend(help);
    }

    /// The View menu: Zoom in, Zoom out, Actual size (not for a game that
    /// lays its board out to the window) and Full screen; returns what
    /// was chosen.
    pub(super) fn view_menu_ui(&self, ui: &mut egui::Ui) -> Option<WindowAsk> {
        let zoomable = !self.fills_window();
        let mut ask = None;
        for (label, keys, chosen) in [
            ("Zoom in", "Ctrl++", WindowAsk::ZoomIn),
            ("Zoom out", "Ctrl+-", WindowAsk::ZoomOut),
            ("Actual size", "Ctrl+0", WindowAsk::ActualSize),
        ] {
            let button = egui::Button::new(label).shortcut_text(keys);
            if ui.add_enabled(zoomable, button).clicked() {
                ask = Some(chosen);
            }
        }
        ui.separator();
        let full = ui.input(|i| i.viewport().fullscreen.unwrap_or(false));
        let button = egui::Button::new("Full screen")
            .selected(full)
            .shortcut_text("F11");
        if ui.add_enabled(self.own_window(ui.ctx()), button).clicked() {
            ask = Some(WindowAsk::FullScreen);
        }
        ask
    }

    /// Whether `ctx` draws this game's own window (its viewport, or the
    /// root one with `--play`), not a window embedded in the console.
    pub(super) fn own_window(&self, ctx: &egui::Context) -> bool {
        self.in_root || ctx.viewport_id() == self.viewport_id
    }

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
            // Their releases go to the field or the menu.
            self.held_keys = input::HeldKeys::default();
            return Ok(());
        }
        let keys = ui.input(|i| self.held_keys.game_keys(&i.events));
        // In tests, game windows may be egui windows inside the console,
        // whose focus is the console's too: leave that alone.
        let own_window = self.own_window(&ctx);
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
