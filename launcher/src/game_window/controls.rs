//! The game's controls in a row above its canvas (buttons, choices, text
//! fields with Copy and Go), as the game's actions describe them.

use super::GameWindow;
use game_api::ActionKind;

/// The width of a game's text field (Chat Noir's game ID), in points.
const TEXT_FIELD_WIDTH: f32 = 150.0;

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

impl GameWindow {
    /// Draws the game's controls; returns the action the player invoked,
    /// with its value, if any.
    pub(super) fn controls_ui(&mut self, ui: &mut egui::Ui) -> Option<(String, String)> {
        if self.actions.is_empty() {
            return None;
        }
        let mut invoked = None;
        egui::Panel::top("game-controls").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                // The width of each control, to measure the row unwrapped.
                let mut widths: Vec<f32> = Vec::new();
                for action in &self.actions {
                    ui.add_enabled_ui(action.enabled, |ui| match &action.kind {
                        ActionKind::Button => {
                            let button = ui.button(&action.label);
                            widths.push(button.rect.width());
                            if button.clicked() {
                                invoked = Some((action.id.clone(), String::new()));
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
                                            invoked = Some((action.id.clone(), option.clone()));
                                        }
                                    }
                                })
                                .response
                                .labelled_by(label.id);
                            widths.push(combo.rect.width());
                        }
                        ActionKind::Text { value } => {
                            let label = ui.label(&action.label);
                            let text = self.text_fields.entry(action.id.clone()).or_default();
                            let edit = ui
                                .add(
                                    egui::TextEdit::singleline(text)
                                        .desired_width(TEXT_FIELD_WIDTH)
                                        .id_salt(("action", &action.id)),
                                )
                                .labelled_by(label.id);
                            let entered =
                                edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
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
                                invoked = Some((action.id.clone(), text.clone()));
                            }
                        }
                    });
                }
                let gaps = widths.len().saturating_sub(1) as f32;
                self.controls_width =
                    widths.iter().sum::<f32>() + gaps * ui.spacing().item_spacing.x;
            });
        });
        invoked
    }
}
