//! The game's controls in a row above its canvas (buttons, choices, text
//! fields with Copy and Go), as the game's actions describe them.

use super::GameWindow;
use game_api::{Action, ActionKind};

/// The characters a game's text field has room for: a game ID of Chat
/// Noir's 11 × 11 board (at most 31) fits whole. A longer value scrolls
/// inside the field and is shown whole in its tooltip; the field never
/// grows, so that the tool bar never wraps (and the canvas never moves)
/// because a game ID grew.
const TEXT_FIELD_CHARS: usize = 32;

/// The width of a text field of [`TEXT_FIELD_CHARS`] characters in
/// monospace.
fn text_field_width(ui: &egui::Ui) -> f32 {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let text = ui.fonts_mut(|f| {
        f.layout_no_wrap("0".repeat(TEXT_FIELD_CHARS), font, egui::Color32::WHITE)
            .size()
            .x
    });
    // The field's inner margins, and room for the cursor.
    text + 2.0 * ui.spacing().button_padding.x + 4.0
}

/// The width of a choice's button: its widest option, plus the arrow.
fn choice_width(ui: &egui::Ui, options: &[String]) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let widest = options
        .iter()
        .map(|o| {
            ui.fonts_mut(|f| {
                f.layout_no_wrap(o.clone(), font.clone(), egui::Color32::WHITE)
                    .size()
                    .x
            })
        })
        .fold(0.0, f32::max);
    widest + ui.spacing().icon_width + 2.0 * ui.spacing().button_padding.x
}

/// How a game-api key name is shown to the player: a letter in upper
/// case and a punctuation key as its symbol, as printed on the key; other
/// names (Enter, F2, ArrowLeft) as they are.
pub(super) fn key_label(key: &str) -> String {
    use game_api::keys;
    let symbol = match key {
        keys::MINUS => "-",
        keys::PLUS => "+",
        keys::EQUALS => "=",
        keys::COMMA => ",",
        keys::PERIOD => ".",
        keys::SLASH => "/",
        keys::BACKSLASH => "\\",
        keys::SEMICOLON => ";",
        keys::QUOTE => "'",
        keys::BACKTICK => "`",
        keys::OPEN_BRACKET => "[",
        keys::CLOSE_BRACKET => "]",
        keys::QUESTION_MARK => "?",
        _ if key.chars().count() == 1 => return key.to_uppercase(),
        _ => key,
    };
    symbol.to_owned()
}

impl GameWindow {
    /// Draws the game's controls; returns the action the player invoked,
    /// with its value, if any.
    pub(super) fn controls_ui(&mut self, ui: &mut egui::Ui) -> Option<(String, String)> {
        if self.actions.is_empty() {
            return None;
        }
        let mut invoked = None;
        // Up to three rows: the launcher's commands (New game, Restart,
        // Undo, Redo), its Game ID field, then the game's own controls. Each
        // wraps only when the window is narrower than the row.
        let (host, game): (Vec<Action>, Vec<Action>) = self
            .actions
            .iter()
            .cloned()
            .partition(|a| super::midend_ui::is_host_action(&a.id));
        let (commands, fields): (Vec<Action>, Vec<Action>) =
            host.into_iter().partition(|a| a.kind == ActionKind::Button);
        let mut widest: f32 = 0.0;
        egui::Panel::top("game-controls").show(ui, |ui| {
            for row in [&commands, &fields, &game] {
                if row.is_empty() {
                    continue;
                }
                let width = self.controls_row_ui(ui, row, &mut invoked);
                widest = widest.max(width);
            }
        });
        self.controls_width = widest;
        invoked
    }

    /// One row of controls; returns its width unwrapped.
    fn controls_row_ui(
        &mut self,
        ui: &mut egui::Ui,
        row: &[Action],
        invoked: &mut Option<(String, String)>,
    ) -> f32 {
        ui.horizontal_wrapped(|ui| {
            // The width of each control, to measure the row unwrapped.
            let mut widths: Vec<f32> = Vec::new();
            for (i, action) in row.iter().enumerate() {
                // A control is a group (a label and its box); wrap before a
                // group that no longer fits, as wide as it was last frame,
                // rather than squeeze it into what is left.
                let before = widths.len();
                let last_width = self.control_widths.get(&action.id).copied();
                if i > 0 && last_width.is_some_and(|w| w > ui.available_size_before_wrap().x) {
                    ui.end_row();
                }
                ui.add_enabled_ui(action.enabled, |ui| match &action.kind {
                    ActionKind::Button => {
                        // The game's own shortcut shows beside its label;
                        // the launcher's (Ctrl+Z…) when hovered.
                        let mut widget = egui::Button::new(&action.label);
                        if let Some(key) = &action.shortcut {
                            widget = widget.shortcut_text(key_label(key));
                        }
                        let mut button = ui.add(widget);
                        if action.shortcut.is_some() {
                            // Its name is its label; the key is shown, not named.
                            button.widget_info(|| {
                                egui::WidgetInfo::labeled(
                                    egui::Role::Button,
                                    ui.is_enabled(),
                                    &action.label,
                                )
                            });
                        }
                        if let Some(keys) = super::midend_ui::shortcut(&action.id) {
                            button = button.on_hover_text(keys);
                        }
                        // Its width with its label on one line, not as
                        // squeezed into what was left of the row: the next
                        // frame wraps before it rather than squeeze it
                        // into a column of letters again.
                        widths.push(button.rect.width().max(natural_button_width(
                            ui,
                            &action.label,
                            action.shortcut.as_deref().map(key_label).as_deref(),
                        )));
                        if button.clicked() {
                            *invoked = Some((action.id.clone(), String::new()));
                        }
                    }
                    ActionKind::Choice { options, selected } => {
                        // The label first, as it reads: "Size 11 ▾".
                        let label = ui.label(&action.label);
                        widths.push(label.rect.width());
                        let combo = egui::ComboBox::from_id_salt(("action", &action.id))
                            .selected_text(selected.as_str())
                            .width(choice_width(ui, options))
                            .show_ui(ui, |ui| {
                                for option in options {
                                    if ui.selectable_label(option == selected, option).clicked()
                                        && option != selected
                                    {
                                        *invoked = Some((action.id.clone(), option.clone()));
                                    }
                                }
                            })
                            .response
                            .labelled_by(label.id);
                        let combo = match &action.shortcut {
                            Some(key) => {
                                combo.on_hover_text(format!("{}: the next option", key_label(key)))
                            }
                            None => combo,
                        };
                        widths.push(combo.rect.width());
                    }
                    ActionKind::Text { value } => {
                        let label = ui.label(&action.label);
                        let edit_id = ui.make_persistent_id(("action", &action.id));
                        // The game's value shows unless the player is
                        // typing: a value that changes meanwhile (a
                        // computer's move in a record) would replace the
                        // text under the caret. It shows once the player
                        // leaves the field, or applies what was typed.
                        let editing = ui.memory(|m| m.has_focus(edit_id))
                            && !self.text_applied.contains(&action.id);
                        if !editing && self.text_synced.get(&action.id) != Some(value) {
                            self.text_fields.insert(action.id.clone(), value.clone());
                            self.text_synced.insert(action.id.clone(), value.clone());
                            self.text_applied.remove(&action.id);
                        }
                        let text = self.text_fields.entry(action.id.clone()).or_default();
                        let mut edit = ui
                            .add(
                                egui::TextEdit::singleline(text)
                                    .font(egui::TextStyle::Monospace)
                                    .desired_width(text_field_width(ui))
                                    .id(edit_id)
                                    // Enter applies the text and the field
                                    // keeps the keyboard, as any text
                                    // field; Escape or a click on the
                                    // board gives it back to the game.
                                    .return_key(None),
                            )
                            .labelled_by(label.id);
                        if edit.changed() {
                            self.text_applied.remove(&action.id);
                        }
                        if value.chars().count() > TEXT_FIELD_CHARS {
                            edit = edit.on_hover_text(value.as_str());
                        }
                        let entered =
                            edit.has_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                        let copy = ui
                            .button("Copy")
                            .on_hover_text(format!("Copy the {}", action.label));
                        copy.widget_info(|| {
                            egui::WidgetInfo::labeled(
                                egui::Role::Button,
                                ui.is_enabled(),
                                format!("Copy {}", action.label),
                            )
                        });
                        if copy.clicked() {
                            // What the game gives, not what is being typed.
                            ui.ctx().copy_text(value.clone());
                        }
                        let go = ui.button("Go");
                        widths.extend([&label, &edit, &copy, &go].map(|r| r.rect.width()));
                        if go.clicked() || entered {
                            let text = self
                                .text_fields
                                .get(&action.id)
                                .cloned()
                                .unwrap_or_default();
                            *invoked = Some((action.id.clone(), text));
                            self.text_applied.insert(action.id.clone());
                        }
                    }
                });
                let parts = &widths[before..];
                let gaps = parts.len().saturating_sub(1) as f32 * ui.spacing().item_spacing.x;
                let width = parts.iter().sum::<f32>() + gaps;
                let before = self.control_widths.insert(action.id.clone(), width);
                if before.is_none_or(|w| (w - width).abs() > 0.5) {
                    // The row is laid out by these widths next frame: have
                    // one, so that a control that no longer fits wraps now.
                    ui.ctx().request_repaint();
                }
            }
            let gaps = widths.len().saturating_sub(1) as f32;
            widths.iter().sum::<f32>() + gaps * ui.spacing().item_spacing.x
        })
        .inner
    }
}

/// How wide a button is with `label` (and its `shortcut` text) on one line.
fn natural_button_width(ui: &egui::Ui, label: &str, shortcut: Option<&str>) -> f32 {
    let one_line = |text: &str| {
        egui::WidgetText::from(text)
            .into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Button,
            )
            .size()
            .x
    };
    let mut width = one_line(label) + 2.0 * ui.spacing().button_padding.x;
    if let Some(shortcut) = shortcut {
        width += ui.spacing().item_spacing.x + one_line(shortcut);
    }
    width
}
