//! The canvas: the game's frame drawn to the window's scale, the pointer
//! and wheel given to the game, and its regions as accessibility nodes.

use super::{GameWindow, input};
use crate::render::{CanvasTransform, EguiPainter};
use egui::{Sense, Vec2};
use game_api::Event;
use launcher_core::running::GameError;

impl GameWindow {
    pub(super) fn canvas_ui(&mut self, ui: &mut egui::Ui) -> Result<(), GameError> {
        let (area, _response) =
            ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
        self.area = Some(area.size());
        if self.signals.layout.get() {
            self.lay_out(area.size())?;
        } else {
            self.laid_out = None;
        }
        let zoom = self.zoom.filter(|_| !self.signals.layout.get());
        let transform = super::fit::zoomed(self.canvas, area, zoom);
        self.transform = Some(transform);
        let canvas_rect = transform.screen_rect();
        let layer = ui.layer_id();
        let ctx = ui.ctx().clone();
        let over_canvas =
            |pos: egui::Pos2| canvas_rect.contains(pos) && ctx.layer_id_at(pos) == Some(layer);

        self.canvas_layer = Some(layer);
        let events = ui.input(|i| i.events.clone());
        for event in events {
            match event {
                egui::Event::PointerMoved(pos) => {
                    if over_canvas(pos) {
                        let p = transform.to_canvas(pos);
                        if !self.hovered {
                            self.hovered = true;
                            self.send(&Event::PointerEnter { pos: p })?;
                        }
                        self.send(&Event::PointerMove { pos: p })?;
                    } else if self.capture.is_some() {
                        // A drag that began on the canvas: the game follows
                        // it outside (coordinates outside the canvas).
                        self.send(&Event::PointerMove {
                            pos: transform.to_canvas(pos),
                        })?;
                    } else if self.hovered {
                        self.hovered = false;
                        self.send(&Event::PointerLeave)?;
                    }
                }
                egui::Event::MouseWheel {
                    unit,
                    delta,
                    modifiers,
                    ..
                } if self.signals.input.get() & game_api::abi::INPUT_SCROLL != 0 => {
                    let Some(pos) = ctx.pointer_hover_pos().filter(|p| over_canvas(*p)) else {
                        continue;
                    };
                    // Lines and pages in points, as egui's scroll areas take them.
                    let points = match unit {
                        egui::MouseWheelUnit::Point => delta,
                        egui::MouseWheelUnit::Line => delta * 20.0,
                        egui::MouseWheelUnit::Page => delta * canvas_rect.height(),
                    } / transform.scale;
                    self.send(&Event::Scroll {
                        pos: transform.to_canvas(pos),
                        delta: game_api::Point::new(points.x, points.y),
                        modifiers: input::game_modifiers(modifiers),
                    })?;
                }
                egui::Event::PointerGone if self.hovered && self.capture.is_none() => {
                    self.hovered = false;
                    self.send(&Event::PointerLeave)?;
                }
                egui::Event::PointerButton {
                    pos: screen_pos,
                    button: egui_button,
                    pressed,
                    modifiers,
                } if over_canvas(screen_pos) || (!pressed && self.capture == Some(egui_button)) => {
                    let button = input::game_button(egui_button);
                    let pos = transform.to_canvas(screen_pos);
                    let modifiers = input::game_modifiers(modifiers);
                    if pressed {
                        if self.capture.is_none() {
                            self.capture = Some(egui_button);
                        }
                        self.send(&Event::PointerPress {
                            pos,
                            button,
                            modifiers,
                        })?;
                    } else {
                        if self.capture == Some(egui_button) {
                            self.capture = None;
                        }
                        self.send(&Event::PointerRelease {
                            pos,
                            button,
                            modifiers,
                        })?;
                        if self.capture.is_none() && self.hovered && !over_canvas(screen_pos) {
                            // The drag ended outside: the pointer has left.
                            self.hovered = false;
                            self.send(&Event::PointerLeave)?;
                        }
                    }
                }
                _ => {}
            }
        }

        self.regions_ui(ui, transform)?;
        if (self.hovered || self.capture.is_some())
            && let Some(icon) = cursor_icon(self.signals.cursor.get())
        {
            ui.ctx().set_cursor_icon(icon);
        }

        if self.signals.input.get() & game_api::abi::INPUT_DOUBLE_CLICK != 0 {
            for button in [
                egui::PointerButton::Primary,
                egui::PointerButton::Secondary,
                egui::PointerButton::Middle,
            ] {
                let (double, pos, modifiers) = ui.input(|i| {
                    (
                        i.pointer.button_double_clicked(button),
                        i.pointer.interact_pos(),
                        i.modifiers,
                    )
                });
                if double && let Some(pos) = pos.filter(|p| over_canvas(*p)) {
                    self.send(&Event::DoubleClick {
                        pos: transform.to_canvas(pos),
                        button: input::game_button(button),
                        modifiers: input::game_modifiers(modifiers),
                    })?;
                }
            }
        }
        self.redraw_if_dirty()?;
        let screen = crate::budget::Screen {
            scale: transform.scale,
            pixels_per_point: ui.ctx().pixels_per_point(),
            canvas: game_api::Point::new(self.canvas.x, self.canvas.y),
            atlas_side: ui.input(|i| i.max_texture_side),
        };
        if self
            .plan
            .as_ref()
            .is_none_or(|(planned, _)| *planned != screen)
        {
            let plan = crate::budget::FramePlan::new(&self.drawing.shapes, screen);
            self.plan = Some((screen, plan));
            self.compose_warning();
        }
        if let Some((_, plan)) = &self.plan {
            EguiPainter::new(ui.painter(), transform)
                .with_pictures(&mut self.pictures)
                .with_converted(&mut self.converted)
                .replay_planned(&self.drawing.shapes, plan);
            self.pictures.end_frame();
        }
        self.stage = super::FrameStage::Painted;
        // What the game draws is clipped to its canvas, and a change the
        // game makes after this pass asks for a frame (`refresh`): a frame
        // that changed only the canvas (a card dragged) needs no pass of
        // egui "to let things settle" after it.
        eframe::paints_itself(ui.ctx(), canvas_rect);
        if self.watch.greyed {
            // Not responding: the last frame, greyed.
            ui.painter().rect_filled(
                canvas_rect,
                0.0,
                ui.visuals().extreme_bg_color.gamma_multiply(0.7),
            );
        }
        // A picture file that cannot be shown is said once, beside the rest.
        if self.pictures.failures() != self.picture_problems.len() {
            self.picture_problems = self.pictures.problems();
            self.compose_warning();
        }
        Ok(())
    }

    /// Makes each of the game's labelled regions an accessibility node over
    /// its part of the canvas. A screen reader's (or a test's) "click" on
    /// one reaches the game as a primary click at the region's centre; a
    /// mouse click there is the canvas's, as anywhere on it.
    pub(super) fn regions_ui(
        &mut self,
        ui: &mut egui::Ui,
        transform: CanvasTransform,
    ) -> Result<(), GameError> {
        let mut activated = None;
        for (index, region) in self.regions.iter().enumerate() {
            let rect = egui::Rect::from_min_size(
                transform.to_screen(region.min),
                Vec2::new(region.size.x, region.size.y) * transform.scale,
            );
            let id = egui::Id::unique(("game region", &self.dir_name, index));
            // Hover only: a clickable widget would take the keyboard focus
            // from the game on a mouse click. Its node still offers Click.
            let response = ui.interact(rect, id, Sense::hover());
            response
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &region.label));
            ui.ctx().accesskit_node_builder(id, |node| {
                node.add_action(egui::accesskit::Action::Click);
            });
            let asked =
                ui.input(|i| i.has_accesskit_action_request(id, egui::accesskit::Action::Click));
            if asked {
                activated = Some(region.center());
            }
        }
        if let Some(pos) = activated {
            let modifiers = game_api::Modifiers::NONE;
            let button = game_api::Button::Primary;
            self.send(&Event::PointerPress {
                pos,
                button,
                modifiers,
            })?;
            self.send(&Event::PointerRelease {
                pos,
                button,
                modifiers,
            })?;
        }
        Ok(())
    }
}

/// The egui cursor of a game's `CURSOR_*` code; `None` for the default
/// arrow (egui's own choice stands).
pub(super) fn cursor_icon(code: u32) -> Option<egui::CursorIcon> {
    match game_api::Cursor::from_raw(code) {
        game_api::Cursor::PointingHand => Some(egui::CursorIcon::PointingHand),
        game_api::Cursor::Grab => Some(egui::CursorIcon::Grab),
        game_api::Cursor::Grabbing => Some(egui::CursorIcon::Grabbing),
        game_api::Cursor::NotAllowed => Some(egui::CursorIcon::NotAllowed),
        _ => None,
    }
}
