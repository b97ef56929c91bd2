//! The launcher's side of a game's host table: what a game may ask of the
//! launcher while it runs (help, a redraw, a log line).

use game_api::host::HostServices;
use launcher_core::messages::HelpRequest;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// The requests games made, shared between the games' host tables and the app.
pub type RequestQueue = Rc<RefCell<Vec<HelpRequest>>>;

/// The launcher's [`HostServices`] for one game.
pub(super) struct Services {
    pub(super) game: String,
    pub(super) queue: RequestQueue,
    pub(super) ctx: egui::Context,
    /// Set when the game asks to be drawn again outside an event; the window
    /// re-reads and redraws the game on its next frame.
    pub(super) redraw: Rc<Cell<bool>>,
}

impl HostServices for Services {
    fn show_text_help(&mut self, title: &str, verbatim: bool) {
        self.queue.borrow_mut().push(HelpRequest::TextHelp {
            game: self.game.clone(),
            title: title.to_owned(),
            verbatim,
        });
        self.ctx.request_repaint();
    }
    fn show_manual_section(&mut self, tag: &str) {
        self.queue.borrow_mut().push(HelpRequest::ManualSection {
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
