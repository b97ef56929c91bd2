//! One running game: its instance, its cached drawing, and its window's UI
//! (menu, game controls, canvas, status line).

use crate::render::{CanvasTransform, EguiPainter};
use egui::{Sense, Vec2, ViewportBuilder, ViewportId};
use game_api::host::{CallError, CallErrorKind, GameInstance, GameLibrary, HostServices};
use game_api::{Action, ActionKind, Button, Event, RecordingPainter};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// Something a game asked of the launcher through its host table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostRequest {
    /// Show the game's text help.
    TextHelp {
        /// The game's directory name.
        game: String,
        /// The help window's title.
        title: String,
        /// Show the file as it is.
        verbatim: bool,
    },
    /// Show a section of the game's manual.
    ManualSection {
        /// The game's directory name.
        game: String,
        /// The section's tag.
        tag: String,
    },
}

/// The requests games made, shared between the games' host tables and the app.
pub type RequestQueue = Rc<RefCell<Vec<HostRequest>>>;

/// The launcher's [`HostServices`] for one game.
struct Services {
    game: String,
    queue: RequestQueue,
    ctx: egui::Context,
    /// Set when the game asks to be drawn again outside an event; the window
    /// re-reads and redraws the game on its next frame.
    redraw: Rc<Cell<bool>>,
}

impl HostServices for Services {
    fn show_text_help(&mut self, title: &str, verbatim: bool) {
        self.queue.borrow_mut().push(HostRequest::TextHelp {
            game: self.game.clone(),
            title: title.to_owned(),
            verbatim,
        });
        self.ctx.request_repaint();
    }
    fn show_manual_section(&mut self, tag: &str) {
        self.queue.borrow_mut().push(HostRequest::ManualSection {
            game: self.game.clone(),
            tag: tag.to_owned(),
        });
        self.ctx.request_repaint();
    }
    fn request_redraw(&mut self) {
        self.redraw.set(true);
        self.ctx.request_repaint();
    }
    fn log(&mut self, message: &str) {
        eprintln!("[{}] {message}", self.game);
    }
}

/// What happened to a game window this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Still running.
    Running,
    /// The player closed it.
    Closed,
    /// The game failed; its window closes with this error.
    Failed(CallError),
}

/// Height of the launcher's chrome around a game's canvas, in points: the
/// menu bar, one row of game controls, the status line and the central
/// panel's margins, as egui's default style lays them out (measured in a
/// real window). It sizes the window the game opens in; the real chrome is
/// then measured and the window fitted to it (see [`WindowFit`]).
const CHROME_HEIGHT: f32 = 91.0;

/// Width of the central panel's margins left and right of a game's canvas,
/// in points.
const CHROME_WIDTH: f32 = 16.0;

/// How many frames the launcher spends at most fitting a game's window to
/// its canvas, before leaving the window as the window manager keeps it.
const FIT_FRAMES: u8 = 20;

/// Fitting a game's window so that the canvas shows at its natural size:
/// when the game opens, and again whenever the game changes its canvas size
/// (a bigger board). The chrome (menu, controls that may wrap to several
/// rows, status lines) is measured on a frame whose layout has settled, the
/// window is asked for canvas plus chrome, and this repeats until the canvas
/// fits or [`FIT_FRAMES`] have passed. Once it fits, the player's own
/// resizing is left alone.
#[derive(Clone, Copy, Debug, Default)]
struct WindowFit {
    /// Whether the window still has to be fitted.
    pending: bool,
    /// Frames spent fitting so far.
    frames: u8,
    /// The window's inner size and the canvas area last frame.
    last_layout: Option<(Vec2, Vec2)>,
    /// The inner size last asked for, not to ask twice.
    asked: Option<Vec2>,
}

impl WindowFit {
    fn start() -> WindowFit {
        WindowFit {
            pending: true,
            ..WindowFit::default()
        }
    }

    /// A frame without the window's size: counts against [`FIT_FRAMES`].
    fn wait(&mut self) {
        self.frames += 1;
        self.pending = self.frames <= FIT_FRAMES;
    }

    /// The window size to ask for this frame, if any.
    fn next(
        &mut self,
        canvas: Vec2,
        min_width: f32,
        inner: Vec2,
        area: Vec2,
        monitor: Option<Vec2>,
    ) -> Option<Vec2> {
        if !self.pending {
            return None;
        }
        self.frames += 1;
        let steady = self.last_layout == Some((inner, area));
        self.last_layout = Some((inner, area));
        if self.frames > FIT_FRAMES {
            self.pending = false;
            return None;
        }
        if !steady {
            return None;
        }
        let chrome = inner - area;
        // Wide enough for the menu beside a small canvas, and for the
        // controls in one row unless that would make the window much wider
        // than its canvas (then they wrap, and the chrome measured says so).
        let controls = min_width.ceil().min(canvas.x.max(MAX_CONTROLS_WIDTH));
        let mut wanted = Vec2::new(
            canvas.x.max(MIN_CANVAS_WIDTH).max(controls) + chrome.x,
            canvas.y + chrome.y,
        );
        if let Some(monitor) = monitor.filter(|m| m.x > 0.0 && m.y > 0.0) {
            // Never bigger than the screen: the canvas scales down instead.
            wanted = wanted.min(monitor * 0.95);
        }
        let wanted = wanted.round();
        if (wanted - inner).abs().max_elem() <= 0.5 || self.asked == Some(wanted) {
            // It fits, or the window manager would not give us the size.
            self.pending = false;
            return None;
        }
        self.asked = Some(wanted);
        Some(wanted)
    }
}

/// The narrowest a game's window opens, in canvas points, so that its menu
/// and controls have room beside a small canvas.
const MIN_CANVAS_WIDTH: f32 = 320.0;

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

/// The widest, in points, that a game's window is made for its controls to
/// fit in one row when its canvas is narrower; more controls wrap.
const MAX_CONTROLS_WIDTH: f32 = 560.0;

/// A game the player opened.
pub struct OpenGame {
    /// The game's directory name, its identity.
    pub dir_name: String,
    /// The name on its console button, the fallback title.
    pub name: String,
    /// Whether it has text help / a manual (for its Help menu).
    pub has_help: bool,
    /// See `has_help`.
    pub has_manual: bool,
    /// Its native window.
    pub viewport_id: ViewportId,
    instance: GameInstance,
    canvas: Vec2,
    initial_size: Vec2,
    title: String,
    status: String,
    actions: Vec<Action>,
    text_fields: HashMap<String, String>,
    drawing: RecordingPainter,
    dirty: bool,
    redraw_requested: Rc<Cell<bool>>,
    hovered: bool,
    warning: Option<String>,
    /// The message of the last action the game refused, until the game
    /// changes.
    action_error: Option<String>,
    transform: Option<CanvasTransform>,
    /// What the launcher noted about the frame the game recorded (clamped
    /// texts, dropped shapes), before the cost budget.
    draw_warning: Option<String>,
    /// Which shapes of the recorded frame are drawn at the current scale,
    /// and what the budget skipped; made again when either changes.
    plan: Option<(crate::budget::Screen, crate::budget::FramePlan)>,
    /// The size of the canvas area last frame.
    area: Option<Vec2>,
    fit: WindowFit,
    /// The width the game's controls take in one row, measured last frame.
    controls_width: f32,
    /// Whether the game is shown in the root window (`--play`) rather
    /// than in a window of its own.
    in_root: bool,
    /// The icon of its window.
    icon: Option<std::sync::Arc<egui::IconData>>,
}

impl OpenGame {
    /// Starts a game from its library.
    pub fn start(
        library: GameLibrary,
        dir_name: &str,
        name: &str,
        queue: RequestQueue,
        ctx: &egui::Context,
    ) -> Result<OpenGame, CallError> {
        let redraw_requested = Rc::new(Cell::new(false));
        let services = Services {
            game: dir_name.to_owned(),
            queue,
            ctx: ctx.clone(),
            redraw: redraw_requested.clone(),
        };
        let mut instance = library.start(Box::new(services))?;
        let size = instance.canvas_size()?;
        let canvas = Vec2::new(size.x, size.y);
        let mut game = OpenGame {
            dir_name: dir_name.to_owned(),
            name: name.to_owned(),
            has_help: false,
            has_manual: false,
            viewport_id: ViewportId::from_hash_of(("game", dir_name)),
            instance,
            canvas,
            initial_size: Vec2::new(
                canvas.x.max(MIN_CANVAS_WIDTH) + CHROME_WIDTH,
                canvas.y + CHROME_HEIGHT,
            ),
            title: String::new(),
            status: String::new(),
            actions: Vec::new(),
            text_fields: HashMap::new(),
            drawing: RecordingPainter::new(),
            dirty: true,
            redraw_requested,
            hovered: false,
            warning: None,
            action_error: None,
            transform: None,
            draw_warning: None,
            plan: None,
            area: None,
            fit: WindowFit::start(),
            controls_width: 0.0,
            in_root: false,
            icon: None,
        };
        game.refresh()?;
        Ok(game)
    }

    /// The window title: the game's, or its console name if it gives none.
    pub fn title(&self) -> &str {
        if self.title.trim().is_empty() {
            &self.name
        } else {
            &self.title
        }
    }

    /// The status line.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// The game's current controls.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The message of the last action the game refused (shown under the
    /// status line until the game changes).
    pub fn action_error(&self) -> Option<&str> {
        self.action_error.as_deref()
    }

    /// What the launcher had to change in what the game returned or drew
    /// (text cut or not UTF-8, shapes dropped), shown under the status line.
    pub fn warning(&self) -> Option<&str> {
        self.warning.as_deref()
    }

    /// Ends the game, reporting a failure while closing (a panic in its
    /// `destroy`). Dropping an `OpenGame` ends it too, silently.
    pub fn close(self) -> Result<(), CallError> {
        self.instance.close()
    }

    /// Which shapes of the last frame are drawn at the window's current
    /// scale, and what the frame budget cut ([`crate::budget`]).
    pub fn frame_plan(&self) -> Option<&crate::budget::FramePlan> {
        self.plan.as_ref().map(|(_, plan)| plan)
    }

    /// The shapes of the last frame the game drew.
    pub fn drawing(&self) -> &RecordingPainter {
        &self.drawing
    }

    /// Where the canvas was shown last frame, to aim pointer events in tests
    /// and tools.
    pub fn canvas_transform(&self) -> Option<CanvasTransform> {
        self.transform
    }

    /// Shows the game in the root window (`--play`) instead of a window of
    /// its own: the root window is fitted to the game.
    pub fn show_in_root(&mut self) {
        self.in_root = true;
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
        match &self.icon {
            Some(icon) => builder.with_icon(icon.clone()),
            None => builder,
        }
    }

    /// Sets the icon of the game's window.
    pub fn set_icon(&mut self, icon: Option<std::sync::Arc<egui::IconData>>) {
        self.icon = icon;
    }

    /// Re-reads everything the game shows after something changed.
    fn refresh(&mut self) -> Result<(), CallError> {
        let size = self.instance.canvas_size()?;
        let canvas = Vec2::new(size.x, size.y);
        if canvas != self.canvas {
            // A new board size: the window follows it.
            self.fit = WindowFit::start();
        }
        self.canvas = canvas;
        self.title = self.instance.title()?;
        self.status = self.instance.status()?;
        let before = std::mem::replace(&mut self.actions, self.instance.actions()?);
        for action in &self.actions {
            if let ActionKind::Text { value } = &action.kind {
                // Keep what the player is typing unless the game's value changed.
                let old = before.iter().find(|a| a.id == action.id).map(|a| &a.kind);
                if !matches!(old, Some(ActionKind::Text { value: v }) if v == value) {
                    self.text_fields.insert(action.id.clone(), value.clone());
                }
            }
        }
        self.action_error = None;
        self.dirty = true;
        Ok(())
    }

    /// Delivers an event to the game; redraws if it says something changed.
    pub fn send(&mut self, event: &Event) -> Result<(), CallError> {
        if self.instance.handle_event(event)?.redraw {
            self.refresh()?;
        }
        Ok(())
    }

    /// Runs one of the game's actions. An error the game returns (a game ID
    /// it cannot read, say) is not fatal: it is kept in
    /// [`OpenGame::action_error`] and shown in the window; only panics and
    /// misbehaviour end the game.
    pub fn invoke(&mut self, id: &str, value: &str) -> Result<(), CallError> {
        match self.instance.invoke_action(id, value) {
            Ok(response) => {
                if response.redraw {
                    self.refresh()?;
                }
                Ok(())
            }
            Err(e) if e.kind == CallErrorKind::Error => {
                self.action_error = Some(e.message);
                Ok(())
            }
            Err(e) => Err(e),
        }
    }

    fn redraw_if_dirty(&mut self) -> Result<(), CallError> {
        if self.dirty {
            self.drawing.shapes.clear();
            let report = self.instance.draw(&mut self.drawing)?;
            // What the launcher clamped or dropped, said in the window.
            let warnings: Vec<String> = self
                .instance
                .notes()
                .map(str::to_owned)
                .chain(report.describe())
                .map(|w| {
                    let mut chars = w.chars();
                    let first = chars.next().map(|c| c.to_uppercase().collect::<String>());
                    format!("{}{}.", first.unwrap_or_default(), chars.as_str())
                })
                .collect();
            self.draw_warning = (!warnings.is_empty()).then(|| warnings.join(" "));
            self.warning = self.draw_warning.clone();
            self.plan = None;
            self.dirty = false;
        }
        Ok(())
    }

    /// Shows the game's window contents. `help` is called with `true` for the
    /// text help and `false` for the manual when the player picks them.
    pub fn ui(&mut self, ui: &mut egui::Ui, help: &mut dyn FnMut(bool)) -> Outcome {
        match self.ui_inner(ui, help) {
            Ok(outcome) => outcome,
            Err(e) => Outcome::Failed(e),
        }
    }

    fn ui_inner(
        &mut self,
        ui: &mut egui::Ui,
        help: &mut dyn FnMut(bool),
    ) -> Result<Outcome, CallError> {
        if self.redraw_requested.replace(false) {
            self.refresh()?;
        }
        self.keys_to_game(ui)?;
        let mut outcome = Outcome::Running;
        let mut invoked: Option<(String, String)> = None;

        egui::Panel::top("game-menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("Game", |ui| {
                    for action in self.actions.iter().filter(|a| a.kind == ActionKind::Button) {
                        if ui
                            .add_enabled(action.enabled, egui::Button::new(&action.label))
                            .clicked()
                        {
                            invoked = Some((action.id.clone(), String::new()));
                        }
                    }
                    ui.separator();
                    if ui.button("Close window").clicked() {
                        outcome = Outcome::Closed;
                    }
                });
                if self.has_help || self.has_manual {
                    ui.menu_button("Help", |ui| {
                        if self.has_help && ui.button("How to play").clicked() {
                            help(true);
                        }
                        if self.has_manual && ui.button("Manual").clicked() {
                            help(false);
                        }
                    });
                }
            });
        });

        if !self.actions.is_empty() {
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
                                            if ui
                                                .selectable_label(option == selected, option)
                                                .clicked()
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
                                let entered = edit.lost_focus()
                                    && ui.input(|i| i.key_pressed(egui::Key::Enter));
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
        }

        egui::Panel::bottom("game-status").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(&self.status);
            });
            if let Some(error) = &self.action_error {
                ui.colored_label(ui.visuals().error_fg_color, error);
            }
            if let Some(warning) = &self.warning {
                ui.colored_label(ui.visuals().warn_fg_color, warning);
            }
        });

        if let Some((id, value)) = invoked {
            self.invoke(&id, &value)?;
        }

        egui::CentralPanel::default()
            .show(ui, |ui| self.canvas_ui(ui))
            .inner?;
        self.fit_window(ui.ctx());

        if crate::viewport::close_requested(ui) {
            outcome = Outcome::Closed;
        }
        Ok(outcome)
    }

    /// Sends this frame's keys to the game, before the window's widgets see
    /// them: whatever menu or control has the keyboard focus, the game's
    /// keys reach the game, except while the player types in a text field
    /// or has a menu or list open. With a control focused, Space and Enter
    /// are taken from it (they are the game's keys, and would otherwise
    /// click the control: Space on a focused "New game" would throw the
    /// game away), and the arrow keys stay with it instead of moving the
    /// focus.
    fn keys_to_game(&mut self, ui: &mut egui::Ui) -> Result<(), CallError> {
        let ctx = ui.ctx().clone();
        if ctx.text_edit_focused() || egui::Popup::is_any_open(&ctx) {
            return Ok(());
        }
        let keys: Vec<Event> = ui.input(|i| {
            i.events
                .iter()
                .filter_map(|event| match event {
                    egui::Event::Key {
                        key,
                        pressed,
                        repeat: false,
                        modifiers,
                        ..
                    } if !modifiers.command && !modifiers.alt => {
                        let key = key_name(*key);
                        Some(if *pressed {
                            Event::KeyPress { key }
                        } else {
                            Event::KeyRelease { key }
                        })
                    }
                    _ => None,
                })
                .collect()
        });
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
            self.send(&key)?;
        }
        Ok(())
    }

    /// Asks for the window size that shows the canvas at its natural size,
    /// while [`WindowFit`] says so. Not when viewports are embedded as egui
    /// windows (tests), whose size is not the window's.
    fn fit_window(&mut self, ctx: &egui::Context) {
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
                if let Some(size) = self.fit.next(self.canvas, controls, inner, area, monitor) {
                    ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(size));
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

    fn canvas_ui(&mut self, ui: &mut egui::Ui) -> Result<(), CallError> {
        let (area, _response) =
            ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
        self.area = Some(area.size());
        let transform = CanvasTransform::fit(self.canvas, area);
        self.transform = Some(transform);
        let canvas_rect = transform.screen_rect();
        let layer = ui.layer_id();
        let ctx = ui.ctx().clone();
        let over_canvas =
            |pos: egui::Pos2| canvas_rect.contains(pos) && ctx.layer_id_at(pos) == Some(layer);

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
                    } else if self.hovered {
                        self.hovered = false;
                        self.send(&Event::PointerLeave)?;
                    }
                }
                egui::Event::PointerGone if self.hovered => {
                    self.hovered = false;
                    self.send(&Event::PointerLeave)?;
                }
                egui::Event::PointerButton {
                    pos,
                    button,
                    pressed,
                    ..
                } if over_canvas(pos) => {
                    let button = match button {
                        egui::PointerButton::Secondary => Button::Secondary,
                        egui::PointerButton::Middle => Button::Middle,
                        _ => Button::Primary,
                    };
                    let pos = transform.to_canvas(pos);
                    self.send(&if pressed {
                        Event::PointerPress { pos, button }
                    } else {
                        Event::PointerRelease { pos, button }
                    })?;
                }
                _ => {}
            }
        }

        self.redraw_if_dirty()?;
        let screen = crate::budget::Screen {
            scale: transform.scale,
            pixels_per_point: ui.ctx().pixels_per_point(),
            canvas: self.canvas,
            atlas_side: ui.input(|i| i.max_texture_side),
        };
        if self
            .plan
            .as_ref()
            .is_none_or(|(planned, _)| *planned != screen)
        {
            let plan = crate::budget::FramePlan::new(&self.drawing.shapes, screen);
            // What the budget skipped is said beside what the host dropped.
            self.warning = match (&self.draw_warning, plan.describe()) {
                (Some(a), Some(b)) => Some(format!("{a} {}", capitalised(&b))),
                (None, Some(b)) => Some(capitalised(&b)),
                (a, None) => a.clone(),
            };
            self.plan = Some((screen, plan));
        }
        if let Some((_, plan)) = &self.plan {
            EguiPainter::new(ui.painter(), transform).replay_planned(&self.drawing.shapes, plan);
        }
        Ok(())
    }
}

/// A sentence with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The game API's name for a key: letters in lower case (`"h"`), other keys
/// by egui's name (`"Enter"`, `"ArrowLeft"`).
pub fn key_name(key: egui::Key) -> String {
    use egui::Key;
    // egui names the arrows "Left", "Up"…; the game API promises the
    // unambiguous web names.
    let name = match key {
        Key::ArrowLeft => "ArrowLeft",
        Key::ArrowRight => "ArrowRight",
        Key::ArrowUp => "ArrowUp",
        Key::ArrowDown => "ArrowDown",
        other => other.name(),
    };
    if name.len() == 1 {
        name.to_ascii_lowercase()
    } else {
        name.to_owned()
    }
}

impl std::fmt::Debug for OpenGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpenGame")
            .field("dir_name", &self.dir_name)
            .field("title", &self.title)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::key_name;
    use egui::Key;

    use super::{FIT_FRAMES, WindowFit};
    use egui::Vec2;

    /// Feeds frames (window inner size, canvas area) to a fit, returning what
    /// it asked for.
    fn fit_frames(canvas: Vec2, frames: &[(Vec2, Vec2)]) -> (Vec<Option<Vec2>>, bool) {
        let mut fit = WindowFit::start();
        let asked = frames
            .iter()
            .map(|&(inner, area)| {
                fit.next(canvas, 0.0, inner, area, Some(Vec2::new(1920.0, 1080.0)))
            })
            .collect();
        (asked, fit.pending)
    }

    #[test]
    fn a_window_is_fitted_to_its_canvas_once_the_layout_settles() {
        let canvas = Vec2::new(400.0, 300.0);
        // Opened too small: the controls wrapped to two rows, 120 points of
        // chrome, 16 of margins. Asked once the layout repeats; then it fits.
        let small = (Vec2::new(416.0, 391.0), Vec2::new(400.0, 271.0));
        let fitted = (Vec2::new(416.0, 420.0), Vec2::new(400.0, 300.0));
        let (asked, pending) = fit_frames(canvas, &[small, small, fitted, fitted]);
        assert_eq!(asked, [None, Some(Vec2::new(416.0, 420.0)), None, None]);
        assert!(!pending, "done once it fits");
    }

    #[test]
    fn a_small_canvas_keeps_room_for_the_controls_and_a_huge_one_the_screen() {
        let (asked, _) = fit_frames(
            Vec2::new(100.0, 50.0),
            &[(Vec2::new(336.0, 141.0), Vec2::new(320.0, 50.0)); 2],
        );
        assert_eq!(asked[1], None, "320 wide already: it fits");
        let (asked, _) = fit_frames(
            Vec2::new(5000.0, 4000.0),
            &[(Vec2::new(800.0, 600.0), Vec2::new(784.0, 509.0)); 2],
        );
        assert_eq!(
            asked[1],
            Some(Vec2::new(1824.0, 1026.0)),
            "95% of the screen"
        );
    }

    #[test]
    fn a_window_manager_that_refuses_the_size_is_not_pestered() {
        let canvas = Vec2::new(400.0, 300.0);
        let tiled = (Vec2::new(600.0, 300.0), Vec2::new(584.0, 209.0));
        let (asked, pending) = fit_frames(canvas, &[tiled; 5]);
        assert_eq!(asked.iter().flatten().count(), 1, "asked once: {asked:?}");
        assert!(!pending);
        // A layout that never settles stops after FIT_FRAMES.
        let frames: Vec<_> = (0..=FIT_FRAMES)
            .map(|i| {
                (
                    Vec2::new(416.0, 391.0 + f32::from(i)),
                    Vec2::new(400.0, 271.0),
                )
            })
            .collect();
        let (asked, pending) = fit_frames(canvas, &frames);
        assert!(asked.iter().all(Option::is_none));
        assert!(!pending);
    }

    #[test]
    fn key_names_follow_the_game_api() {
        assert_eq!(key_name(Key::H), "h");
        assert_eq!(key_name(Key::N), "n");
        assert_eq!(key_name(Key::ArrowLeft), "ArrowLeft");
        assert_eq!(key_name(Key::ArrowDown), "ArrowDown");
        assert_eq!(key_name(Key::Enter), "Enter");
        assert_eq!(key_name(Key::Space), "Space");
        assert_eq!(key_name(Key::Escape), "Escape");
    }
}
