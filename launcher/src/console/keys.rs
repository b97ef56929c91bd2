//! The console from the keyboard: typing anywhere starts Find a game, the
//! arrow keys walk the game buttons in reading order, F1 opens the focused
//! game's help and F11 makes the console full screen. `?` is typed into
//! Find like any character: in a game window it is Hint, and the two
//! windows never give one key two meanings.

use super::{Console, ConsoleAsks};
use launcher_core::catalog::Catalog;
use launcher_core::messages::HelpRequest;
use std::collections::HashMap;

/// A game button's place in the console: its group's index and the game.
/// A game may be in two groups (Recently played and its own set).
pub(super) type RowKey = (usize, String);

/// The game buttons in reading order (group by group, each from the top),
/// for the arrow keys: Right and Down go to the next, Left and Up to the
/// one before.
#[derive(Default)]
pub(super) struct KeyNavigation {
    /// Last frame's buttons, in reading order, off-screen ones included.
    order: Vec<RowKey>,
    /// Last frame's drawn buttons: which button is which.
    ids: HashMap<egui::Id, RowKey>,
    /// This frame's, being drawn.
    pub(super) next_order: Vec<RowKey>,
    pub(super) next_ids: HashMap<egui::Id, RowKey>,
    /// The button to focus, and scroll to, this frame.
    pub(super) target: Option<RowKey>,
}

impl KeyNavigation {
    /// The game whose button has the keyboard focus, if one has.
    fn focused(&self, ctx: &egui::Context) -> Option<&RowKey> {
        ctx.memory(|m| m.focused()).and_then(|id| self.ids.get(&id))
    }

    /// Moves the focus `step` buttons along the reading order.
    fn step(&mut self, ctx: &egui::Context, step: isize) {
        if self.order.is_empty() {
            return;
        }
        let next = match self
            .focused(ctx)
            .and_then(|key| self.order.iter().position(|k| k == key))
        {
            Some(at) => at.saturating_add_signed(step).min(self.order.len() - 1),
            // From nowhere (or from Find), the first game.
            None => 0,
        };
        self.target = Some(self.order[next].clone());
    }

    /// The frame is drawn: what was seen becomes the order to move in.
    pub(super) fn end_frame(&mut self) {
        self.order = std::mem::take(&mut self.next_order);
        self.ids = std::mem::take(&mut self.next_ids);
    }
}

impl Console {
    /// The keyboard, before anything is drawn: typing anywhere but in a
    /// text field starts "Find a game"; the arrow keys move between the
    /// game buttons; F1 opens the focused game's help; F11 toggles full
    /// screen; Enter in
    /// "Find a game" starts the game found when it is the only one. (Enter
    /// and Space start the focused game, as they click any focused button.)
    pub(super) fn keyboard(
        &mut self,
        ui: &mut egui::Ui,
        find_id: egui::Id,
        catalog: &Catalog,
        asks: &mut ConsoleAsks,
    ) {
        let ctx = ui.ctx().clone();
        if egui::Popup::is_any_open(&ctx) {
            return;
        }
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::F11)) {
            let full = ui.input(|i| i.viewport().fullscreen.unwrap_or(false));
            ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(!full));
        }
        let in_find = ctx.memory(|m| m.has_focus(find_id));
        if ctx.text_edit_focused() && !in_find {
            return;
        }
        if in_find && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            let found: Vec<&str> = catalog
                .game_sets_matching(&self.filter)
                .iter()
                .flat_map(|s| s.games.iter().map(|g| g.dir_name.as_str()))
                .collect();
            if let [only] = found[..] {
                asks.open = Some(only.to_owned());
            }
        }
        let focused_game = self.keys.focused(&ctx).map(|(_, dir)| dir.clone());
        if !in_find {
            let typed: String = ui.input(|i| {
                i.events
                    .iter()
                    .filter_map(|e| match e {
                        egui::Event::Text(text) => Some(text.as_str()),
                        _ => None,
                    })
                    .collect()
            });
            let help_key = ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::F1));
            if help_key && let Some(game) = focused_game.as_deref().and_then(|d| catalog.find(d)) {
                asks.help = if game.help.is_some() {
                    Some(HelpRequest::how_to_play(&game.dir_name, &game.name))
                } else if game.manual.is_some() {
                    Some(HelpRequest::manual(&game.dir_name))
                } else {
                    None
                };
            }
            let find: String = typed.chars().filter(|c| !c.is_control()).collect();
            // A space alone presses the focused button; it starts no search.
            if !find.trim().is_empty() {
                self.filter.push_str(find.trim_start());
                ui.memory_mut(|m| m.request_focus(find_id));
                ui.input_mut(|i| i.events.retain(|e| !matches!(e, egui::Event::Text(_))));
                return;
            }
        }
        let forward = ui.input_mut(|i| {
            i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowDown)
                || (!in_find && i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowRight))
        });
        let back = !in_find
            && ui.input_mut(|i| {
                i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp)
                    || i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowLeft)
            });
        if forward || back {
            // egui would move the focus by the key too, to the nearest
            // widget that way: the console's order is reading order.
            ui.memory_mut(|m| m.move_focus(egui::FocusDirection::None));
            self.keys.step(&ctx, if forward { 1 } else { -1 });
        }
    }
}
