//! Pointer moves over the canvas answered between egui's passes.
//!
//! A pointer resting over a board and moved a little is, in most games,
//! a move the game answers with nothing changed. A pass of egui for it
//! (the console's and the game window's, chrome and canvas) cost about
//! 0.9 ms of CPU, more than the original spends on a whole move (issue
//! 39). So eframe offers each move to the launcher first
//! (`eframe::App::pointer_moved_between_passes`): where the last pass
//! left the pointer over the uncovered canvas, with no button down and
//! nothing else waiting, the move goes to the game at once, and a pass
//! comes only if the game's answer changed something (a redraw, a
//! pointer shape, a request) or failed.
//!
//! Order is kept: eframe offers a move only while nothing but moves taken
//! this way waits for the pass, so a press queued first goes through the
//! pass before the move reaches the game. The last move taken still
//! reaches egui at the next pass, so egui knows where the pointer is; the
//! game is not told it twice (a move to where the last move took the
//! pointer is never sent, `GameWindow::send`).

use super::GameWindow;
use super::process::Life;
use crate::render::CanvasTransform;
use game_api::Event;
use launcher_core::running::GameError;

/// What the window keeps between passes for the moves it takes then.
#[derive(Default)]
pub(super) struct BetweenPasses {
    /// Where the last pass left a move to be taken: the canvas, unless
    /// something egui shows over it.
    quiet: Option<QuietCanvas>,
    /// The game's failure in answer to a move taken, for the next pass.
    error: Option<GameError>,
}

/// The canvas as the last pass left it, where a move can be answered
/// without egui.
struct QuietCanvas {
    transform: CanvasTransform,
    /// What egui shows over the canvas (menus, tooltips, windows): a
    /// move there is egui's.
    covered: Vec<egui::Rect>,
}

impl QuietCanvas {
    fn takes(&self, pos: egui::Pos2) -> bool {
        self.transform.screen_rect().contains(pos) && !self.covered.iter().any(|r| r.contains(pos))
    }
}

impl BetweenPasses {
    /// At the start of a pass: no move is taken until it ends; the
    /// failure of a move taken before it, to be handled now.
    pub(super) fn begin_pass(&mut self) -> Option<GameError> {
        self.quiet = None;
        self.error.take()
    }
}

impl GameWindow {
    /// At the end of a pass: whether the next pointer moves may be taken
    /// between passes, and where. Only while the pointer is over the
    /// canvas with no button down and no modal window open.
    pub(super) fn note_quiet_canvas(&mut self, ui: &egui::Ui) {
        let ctx = ui.ctx();
        let (Some(transform), Some(layer)) = (self.transform, self.canvas_layer) else {
            return;
        };
        let eligible = self.life == Life::Playing
            && self.hovered
            && self.capture.is_none()
            && !ui.input(|i| i.pointer.any_down())
            && ctx.memory(|m| m.top_modal_layer()).is_none();
        if !eligible {
            return;
        }
        let canvas = transform.screen_rect();
        let covered = ctx
            .memory(|m| m.areas().visible_layer_ids())
            .into_iter()
            .filter(|l| *l != layer && l.order >= layer.order)
            .filter_map(|l| egui::AreaState::load(ctx, l.id))
            .map(|area| area.rect())
            .filter(|rect| rect.intersects(canvas))
            .collect();
        self.between.quiet = Some(QuietCanvas { transform, covered });
    }

    /// A pointer move between passes (eframe's
    /// `App::pointer_moved_between_passes`): sent to the game now, if the
    /// last pass left the pointer over the canvas and the game is free,
    /// and a pass asked for if its answer changed anything. Returns
    /// whether the move was taken.
    pub fn pointer_moved_between_passes(&mut self, pos: egui::Pos2) -> bool {
        let Some(quiet) = self.between.quiet.as_ref().filter(|q| q.takes(pos)) else {
            return false;
        };
        let free = self.life == Life::Playing
            && self.can_call()
            && self.queued.is_empty()
            && !self.dirty
            && !self.resync
            && !self.signals.redraw.get()
            && self.between.error.is_none();
        if !free {
            return false;
        }
        let event = Event::PointerMove {
            pos: quiet.transform.to_canvas(pos),
        };
        if !self.news_for_game(&event) {
            return true;
        }
        let cursor = self.signals.cursor.get();
        self.watch.help_allowed = false;
        let response = self.game.game().handle_event(&event);
        // Whatever the game asked of its host with the move (a pointer
        // shape, a redraw, a log line) is the pass's to take.
        let asked = self
            .game
            .process()
            .is_some_and(|process| process.has_notifications());
        self.pump();
        match response {
            Ok(response) if response.redraw => self.signals.redraw.set(true),
            Ok(_) => {}
            Err(e) => self.between.error = Some(e),
        }
        if asked
            || self.signals.redraw.get()
            || self.signals.cursor.get() != cursor
            || self.between.error.is_some()
        {
            self.ctx.request_repaint();
        }
        true
    }
}
